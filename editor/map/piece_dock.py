"""The piece palette's panel, docked between the tool column and the map while the Piece tool
is chosen: the map view moves over to make room (`MapView.viewport`), so the palette never
covers the map and a click on the map is never a click on a piece.

From the top: a search box (words of a piece's name or its code, e.g. "large tree" or "r7";
a click in it takes the whole search, so typing replaces it; Enter takes the first piece
found), a drop-down of groups to show (every piece, the
collection's, one kind, or one boxed set's), the Turn button, the piece chosen (or pointed at)
named in full on as many lines as it needs, a row of the pieces chosen last (always in view,
one click away), then every piece shown as a picture the game's
renderer draws (`editor.map.piece_pictures`) under its group's title, with its code and, for
a piece of the collection, how many are left (owned less those on the map). The collection's
pieces come first; the wheel scrolls the pictures; a click on one chooses that piece.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from arena.client.text import wrap_words
from arena.content.collections import SETS
from arena.content.pieces import PIECES
from editor.core.mapdoc import MapDoc
from editor.map.piece_pictures import picture

WIDTH = 244
"""The docked palette's width in pixels (the map view is this much narrower beside it)."""
ALL = "All pieces"
MINE = "Your collection"
SET_PREFIX = "Set: "
COLUMNS = 5
"""A land terrain's five tile sizes (1, 2, 3, 7, 24 hexes) make one row."""
CELL = ((WIDTH - 14) // COLUMNS, 56)
PICTURE = (CELL[0] - 4, 38)
HEADER = 22
INFO_TOP = 70
INFO_LINES = 3
RECENT_TOP = INFO_TOP + INFO_LINES * 17 + 2
"""Where the row of the pieces chosen last is, below the dock's top: always in view."""
RECENT = COLUMNS
GRID_TOP = RECENT_TOP + CELL[1] + 4
"""Where the list of pictures starts below the dock's top (search, groups, the piece's
name, the pieces chosen last)."""

PANEL = (30, 34, 48)
TEXT = (222, 224, 232)
DIM = (150, 156, 176)
CHOSEN = (47, 127, 120)
HOVER = (92, 206, 255)
SHORT = (255, 120, 100)
LEFT_COUNT = (250, 214, 120)


@dataclass(frozen=True)
class Cell:
    """One drawn thing of the list: a group's title (`code` None) or a piece's picture, at
    `rect` in list coordinates (0 at the list's top, before scrolling)."""

    rect: pygame.Rect
    group: str
    code: str | None


def matches(code: str, words: list[str], group: str) -> bool:
    """Whether every word of a search is in the piece's code, name or group (any case)."""
    text = f"{code} {PIECES[code].title} {group}".lower()
    return all(word in text for word in words)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines no wider than `width` in the dock's own font (a word longer than a
    line is split: `arena.client.text.wrap_words`)."""
    return wrap_words(text.split(), lambda line: font.size(line)[0] <= width, split_long=True)


class PieceDock:
    """The docked panel: its widgets, what it shows and where, and the clicks on it.

    `groups` gives the groups and pieces offered (`PiecePalette.items`); `chosen` the piece
    chosen; `choose` makes a piece the chosen one and says so; `turn` turns it."""

    def __init__(self, groups: Callable[[], list[tuple[str, list[str]]]],
                 chosen: Callable[[], tuple[str, int]], choose: Callable[[str], str],
                 turn: Callable[[], str]) -> None:
        self.groups = groups
        self.chosen = chosen
        self._choose = choose
        self.turn = turn
        self.search = ""
        self.group = ALL
        self.scroll = 0
        self.rect: pygame.Rect | None = None
        """Where the dock is while it is shown (None: hidden)."""
        self.ui: pygame_gui.UIManager | None = None
        self.search_box: UITextEntryLine | None = None
        self.group_menu: UIDropDownMenu | None = None
        self.turn_button: UIButton | None = None
        self.pointer: tuple[int, int] | None = None
        self.owned: Counter[str] | None = None
        """The collection's pieces by code (None: no collection)."""
        self.recent: list[str] = []
        """The pieces chosen last, newest first (a row always in view)."""
        self._cells: list[Cell] | None = None
        self._font: pygame.font.Font | None = None
        self._small: pygame.font.Font | None = None

    def choose(self, code: str) -> str:
        """Choose piece `code` (it goes first in the row of the pieces chosen last)."""
        self.recent = [code, *(c for c in self.recent if c != code)][:RECENT]
        return self._choose(code)

    # --- shown or not --------------------------------------------------------------------

    def is_open(self) -> bool:
        return self.rect is not None

    def open(self, ui: pygame_gui.UIManager, rect: pygame.Rect) -> None:
        """Show the dock at `rect` (its widgets are made anew)."""
        self.close()
        self.ui = ui
        self.rect = rect
        x, y = self.rect.topleft
        self.search_box = UITextEntryLine(pygame.Rect(x + 4, y + 4, WIDTH - 8, 30), ui,
                                          object_id="#piece_search",
                                          initial_text=self.search or None,
                                          placeholder_text="Search: name or code")
        self.search_box.set_text_length_limit(40)
        options: list[str | tuple[str, str]] = list(self.group_names())
        if self.group not in options:
            self.group = ALL
        self.group_menu = UIDropDownMenu(options, self.group,
                                         pygame.Rect(x + 4, y + 38, WIDTH - 74, 28), ui,
                                         expansion_height_limit=max(200, self.rect.height - 80))
        self.turn_button = UIButton(pygame.Rect(x + WIDTH - 66, y + 38, 62, 28), "Turn", ui,
                                    tool_tip_text="turn the piece by 60\u00b0 (R, Shift+wheel)")
        self.refresh()

    def close(self) -> None:
        for element in (self.search_box, self.group_menu, self.turn_button):
            if element is not None:
                element.kill()  # type: ignore[no-untyped-call]
        self.search_box = self.group_menu = self.turn_button = None
        self.rect = None
        self.pointer = None

    # --- what is shown -------------------------------------------------------------------

    def group_names(self) -> list[str]:
        """The drop-down's choices: every piece, each group offered, each boxed set."""
        names = [ALL, *(name for name, _ in self.groups())]
        return names + [SET_PREFIX + s.title for s in SETS.values()]

    def shown_groups(self) -> list[tuple[str, list[str]]]:
        """The groups and pieces shown: those of the group chosen that match the search."""
        words = self.search.lower().split()
        offered = self.groups()
        if self.group.startswith(SET_PREFIX):
            title = self.group[len(SET_PREFIX):]
            in_set = next((set(s.pieces) for s in SETS.values() if s.title == title), set())
            seen: set[str] = set()
            chosen: list[tuple[str, list[str]]] = []
            for name, codes in offered:  # the set's pieces once each, by kind
                picked = [c for c in codes if c in in_set and c not in seen]
                seen.update(picked)
                chosen.append((name, picked))
            offered = chosen
        elif self.group != ALL:
            offered = [(n, c) for n, c in offered if n == self.group]
        out = []
        for name, codes in offered:
            found = [c for c in codes if matches(c, words, name)]
            if found:
                out.append((name, found))
        return out

    def shown_codes(self) -> list[str]:
        """Every piece shown, once each, in order."""
        return list(dict.fromkeys(c for _, codes in self.shown_groups() for c in codes))

    def set_search(self, text: str) -> str:
        """Show the pieces matching `text`; what was found, in words."""
        self.search = text
        if self.search_box is not None and self.search_box.get_text() != text:
            self.search_box.set_text(text)
        self.refresh()
        found = self.shown_codes()
        if not text.strip():
            return f"All {len(found)} pieces shown"
        return f"{len(found)} piece{'s' if len(found) != 1 else ''} found for \u201c{text}\u201d"

    def choose_group(self, name: str) -> str:
        """Show one group (or every piece: `ALL`); what is shown, in words."""
        self.group = name if name in self.group_names() else ALL
        self.refresh()
        return f"Pieces: {self.group} ({len(self.shown_codes())} shown)"

    def refresh(self) -> None:
        """Lay the list out again (the search, the group or the pieces offered changed)."""
        self._cells = None
        self.scroll = 0

    def cells(self) -> list[Cell]:
        """The list's titles and pictures, laid out (list coordinates)."""
        if self._cells is None:
            cells: list[Cell] = []
            y = 0
            for name, codes in self.shown_groups():
                cells.append(Cell(pygame.Rect(0, y, WIDTH - 8, HEADER), name, None))
                y += HEADER
                for i, code in enumerate(codes):
                    col, row = i % COLUMNS, i // COLUMNS
                    cells.append(Cell(pygame.Rect(4 + col * CELL[0], y + row * CELL[1],
                                                  CELL[0] - 2, CELL[1] - 2), name, code))
                y += -(-len(codes) // COLUMNS) * CELL[1] + 4
            self._cells = cells
        return self._cells

    def grid(self) -> pygame.Rect:
        """Where the pictures are on the screen."""
        assert self.rect is not None
        return pygame.Rect(self.rect.x, self.rect.y + GRID_TOP, WIDTH,
                           self.rect.height - GRID_TOP)

    def _content_height(self) -> int:
        cells = self.cells()
        return max((c.rect.bottom for c in cells), default=0) + 4

    def scroll_by(self, pixels: int) -> None:
        if self.rect is None:
            return
        most = max(0, self._content_height() - self.grid().height)
        self.scroll = max(0, min(most, self.scroll + pixels))

    def on_screen(self, cell: Cell) -> pygame.Rect:
        grid = self.grid()
        return cell.rect.move(grid.x, grid.y - self.scroll)

    def recent_cells(self) -> list[tuple[pygame.Rect, str]]:
        """The row of the pieces chosen last, on the screen."""
        if self.rect is None:
            return []
        y = self.rect.y + RECENT_TOP
        return [(pygame.Rect(self.rect.x + 4 + i * CELL[0], y, CELL[0] - 2, CELL[1] - 2), code)
                for i, code in enumerate(self.recent)]

    def cell_at(self, pos: tuple[int, int]) -> str | None:
        """The piece whose picture is under a screen point (None: none)."""
        for rect, code in self.recent_cells():
            if rect.collidepoint(pos):
                return code
        if self.rect is None or not self.grid().collidepoint(pos):
            return None
        for cell in self.cells():
            if cell.code is not None and self.on_screen(cell).collidepoint(pos):
                return cell.code
        return None

    def cell_centre(self, code: str) -> tuple[int, int] | None:
        """Where the (first) picture of `code` is on the screen, if it is in view; the list
        scrolls to it when it is not."""
        if self.rect is None:
            return None
        found = next((c for c in self.cells() if c.code == code), None)
        if found is None:
            return None
        grid = self.grid()
        shown = self.on_screen(found)
        if not grid.contains(shown):
            self.scroll_by(shown.y - grid.y - 4)
            shown = self.on_screen(found)
        return shown.center

    def visible_cells(self) -> dict[str, tuple[int, int]]:
        """The centre of each picture wholly in view (the real-window tests click them)."""
        if self.rect is None:
            return {}
        grid = self.grid()
        out: dict[str, tuple[int, int]] = {}
        for cell in self.cells():
            shown = self.on_screen(cell)
            if cell.code is not None and cell.code not in out and grid.contains(shown):
                out[cell.code] = shown.center
        for rect, code in self.recent_cells():
            out.setdefault(code, rect.center)
        return out

    # --- counts and words ------------------------------------------------------------------

    def left(self, code: str, doc: MapDoc) -> int | None:
        """How many of `code` the collection has left with the map's pieces taken out (None:
        not a piece of the collection)."""
        if self.owned is None or self.owned[code] <= 0:
            return None
        used = sum(1 for p in doc.pieces if p.piece == code)
        return self.owned[code] - used

    def font(self) -> pygame.font.Font:
        if self._font is None:
            self._font = pygame.font.Font(None, 19)
        return self._font

    def small(self) -> pygame.font.Font:
        if self._small is None:
            self._small = pygame.font.Font(None, 16)
        return self._small

    def info_lines(self, doc: MapDoc | None = None) -> list[str]:
        """The piece pointed at (else the piece chosen) named in full, on lines that fit."""
        pointed = self.cell_at(self.pointer) if self.pointer is not None else None
        code, rotation = self.chosen()
        if pointed is not None:
            code = pointed
        spec = PIECES[code]
        text = f"{code} {spec.title}"
        extra = f"{spec.size} hex{'es' if spec.size != 1 else ''}"
        if pointed is None:
            extra += f", turned {rotation * 60}\u00b0"
        count = self.left(code, doc) if doc is not None else None
        if count is not None:
            extra += f", {count} left"
        lines = wrap(self.font(), text, WIDTH - 10)
        return [*lines[:INFO_LINES - 1], extra] if len(lines) >= INFO_LINES else [*lines, extra]

    # --- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> str | None:
        """Use an event meant for the dock; what to say, or None if it is not the dock's."""
        if self.rect is None:
            return None
        kind = event.type
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search_box:
            return self.set_search(event.text)
        if kind == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.search_box:
            found = self.shown_codes()
            return self.choose(found[0]) if found else self.set_search(event.text)
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.group_menu:
            return self.choose_group(event.text)
        if kind == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.turn_button:
            return self.turn()
        box = self.search_box
        if kind == pygame.MOUSEBUTTONUP and box is not None and box.is_focused and \
                box.rect.collidepoint(event.pos) and box.select_range[0] == box.select_range[1]:
            # A click in the box takes the whole search: what is typed next replaces it.
            box.select_range = [0, len(box.get_text())]
            box.edit_position = len(box.get_text())
            return None
        if kind == pygame.MOUSEMOTION:
            self.pointer = event.pos if self.rect.collidepoint(event.pos) else None
            return None
        if kind == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.grid().collidepoint(pos) and not self._covered():
                self.scroll_by(-event.y * CELL[1])  # a row of pictures a notch
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self._covered():
            code = self.cell_at(event.pos)
            if code is not None:
                return self.choose(code)
        return None

    def _covered(self) -> bool:
        """Whether a widget (an open drop-down, a window) is under the pointer."""
        return self.ui is not None and bool(self.ui.get_hovering_any_element())

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, doc: MapDoc) -> None:
        """The dock's background, the piece's name and the pictures (the widgets are drawn
        by the window's UI manager)."""
        if self.rect is None:
            return
        pygame.draw.rect(surface, PANEL, self.rect)
        pygame.draw.line(surface, (60, 66, 90), self.rect.topright, self.rect.bottomright)
        font, small = self.font(), self.small()
        y = self.rect.y + INFO_TOP
        for line in self.info_lines(doc):
            surface.blit(font.render(line, True, TEXT), (self.rect.x + 6, y))
            y += 17
        code, _ = self.chosen()
        pointed = self.cell_at(self.pointer) if self.pointer is not None else None
        if not self.recent:
            surface.blit(small.render("The pieces you choose stay in this row", True, DIM),
                         (self.rect.x + 6, self.rect.y + RECENT_TOP + 20))
        for rect, recent in self.recent_cells():
            self._draw_cell(surface, rect, recent, code, pointed, doc)
        grid = self.grid()
        pygame.draw.line(surface, (60, 66, 90), (grid.x + 4, grid.y - 2),
                         (grid.right - 4, grid.y - 2))
        clip = surface.get_clip()
        surface.set_clip(grid)
        for cell in self.cells():
            shown = self.on_screen(cell)
            if shown.bottom < grid.top or shown.top > grid.bottom:
                continue
            if cell.code is None:
                name = f"{cell.group} (yellow: how many left)" if \
                    cell.group == MINE else cell.group
                title = wrap(small, name, WIDTH - 12)[0]
                surface.blit(small.render(title, True, DIM), (shown.x + 4, shown.y + 5))
            else:
                self._draw_cell(surface, shown, cell.code, code, pointed, doc)
        surface.set_clip(clip)
        total = self._content_height()
        if total > grid.height:  # where the view is in the list
            bar = max(20, grid.height * grid.height // total)
            top = grid.y + (grid.height - bar) * self.scroll // max(1, total - grid.height)
            pygame.draw.rect(surface, (90, 98, 130), (grid.right - 5, top, 4, bar),
                             border_radius=2)

    def _draw_cell(self, surface: pygame.Surface, shown: pygame.Rect, code: str, chosen: str,
                   pointed: str | None, doc: MapDoc) -> None:
        """One piece: its picture, its code and, for a piece of the collection, how many are
        left (red: more on the map than owned)."""
        small = self.small()
        if code == chosen:
            pygame.draw.rect(surface, CHOSEN, shown, border_radius=4)
        elif code == pointed:
            pygame.draw.rect(surface, HOVER, shown, 1, border_radius=4)
        surface.blit(picture(code, PICTURE), (shown.x + 2, shown.y + 2))
        surface.blit(small.render(code, True, TEXT), (shown.x + 3, shown.bottom - 15))
        count = self.left(code, doc)
        if count is not None:
            badge = small.render(str(count), True, LEFT_COUNT if count > 0 else SHORT)
            box = badge.get_rect(topright=(shown.right - 1, shown.y + 1)).inflate(4, 0)
            pygame.draw.rect(surface, PANEL, box, border_radius=3)
            surface.blit(badge, badge.get_rect(center=box.center))
