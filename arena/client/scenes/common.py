"""Pieces the menu-like screens share: the backdrop, screen titles, modal dialogs.

The backdrop is a small battlefield built in code (hills, a pond, a ruin, a glyph, a few
miniatures) and drawn by the real renderer, so the menus show the game's own look without
loading any content file (the main menu must be up in well under a second).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import pygame

from arena.client import text
from arena.client.figures import FigureLook
from arena.client.palette import DEFAULT_PLAYERS, UI, Color, palette, shade
from arena.client.render import BattlefieldRenderer, FigurePlacement, render_preview
from arena.client.scenes.base import App, Scene
from arena.client.ui import Button, Form, ListBox, TextField, draw_panel
from arena.engine import Board, FieldSetup, Game, GlyphSpec, ObstacleSpec, ZoneSpec
from arena.hexgrid import Hex, distance, spiral

__all__ = ["ChoiceDialog", "Dialog", "backdrop", "draw_title", "menu_button_rects", "team_colour",
           "team_label"]

_backdrops: dict[tuple[int, int], pygame.Surface] = {}


def _team_seats(game: Game, team: int) -> list[int]:
    static = game.state.static
    return [s for s in static.seats if static.team_of(s) == team] or [team]


def team_label(game: Game, team: int) -> str:
    """"Player 2", or "Player 1 & Player 3" for a team of two (the results' and the
    review's charts)."""
    return " & ".join(f"Player {s}" for s in _team_seats(game, team))


def team_colour(game: Game, team: int, colour_blind: bool) -> Color:
    """A team's colour on a chart: its first seat's."""
    return palette(colour_blind).player(_team_seats(game, team)[0])


def _backdrop_field() -> tuple[FieldSetup, list[tuple[str, FigurePlacement]]]:
    columns: dict[Hex, list[str | None]] = {}
    hill, pond = Hex(2, -2), Hex(-2, 2)
    for h in spiral(Hex(0, 0), 5):
        if distance(h, Hex(0, 0)) == 5 and (h.q * 7 + h.r * 3) % 4 == 0:
            continue
        if distance(h, pond) <= 1:
            columns[h] = ["water"]
            continue
        height = max(1, 4 - distance(h, hill))
        terrain = "road" if h.r == 0 and h.q < 0 else "land"
        columns[h] = [*(["land"] * (height - 1)), terrain]
    ruin = ObstacleSpec("ruin", "ruin", (Hex(-1, -2), Hex(0, -3)), 6)
    field_setup = FieldSetup(
        board=Board.build(columns, [ruin]),
        glyphs=(GlyphSpec(Hex(0, 1), "power"),),
        zones=(ZoneSpec("orange", (Hex(1, 3), Hex(2, 3), Hex(0, 4), Hex(1, 4))),),
    )
    figures = [
        ("a", FigurePlacement(FigureLook("a", "gideon", "planeswalker", "white", 5,
                                         DEFAULT_PLAYERS[0]), (Hex(2, -2),))),
        ("b", FigurePlacement(FigureLook("b", "rhox-veterans", "squad", "white", 5,
                                         DEFAULT_PLAYERS[0]), (Hex(1, -1),))),
        ("c", FigurePlacement(FigureLook("c", "leyline", "squad", "blue", 4,
                                         DEFAULT_PLAYERS[1]), (Hex(-1, 1),))),
        ("d", FigurePlacement(FigureLook("d", "jace", "planeswalker", "blue", 4,
                                         DEFAULT_PLAYERS[1]), (Hex(-2, 0),))),
    ]
    return field_setup, figures


def backdrop(size: tuple[int, int], dim: bool = False) -> pygame.Surface:
    """The menus' backdrop for a window size (cached); ``dim``: the sky alone, darkened,
    for the screens that put their own content over it (the preview board showed through
    New game's and Load's panels)."""
    if dim:  # the sky alone: a board behind a screen's own panels shows through them
        found = _backdrops.get((-size[0], -size[1]))
        if found is None:
            found = BattlefieldRenderer(_backdrop_field()[0]).background(size).copy()
            shadow = pygame.Surface(size, pygame.SRCALPHA)
            shadow.fill((8, 9, 16, 150))
            found.blit(shadow, (0, 0))
            _backdrops[(-size[0], -size[1])] = found
        return found
    found = _backdrops.get(size)
    if found is not None:
        return found
    field_setup, figures = _backdrop_field()
    w, h = size
    image = pygame.Surface(size)
    renderer = BattlefieldRenderer(field_setup)
    image.blit(renderer.background(size), (0, 0))
    pic_w, pic_h = int(w * 0.62), int(h * 0.86)
    picture = render_preview(field_setup, (pic_w, pic_h), figures=figures)
    image.blit(picture, (w - pic_w - int(w * 0.02), int(h * 0.1)))
    shade_left = pygame.Surface((int(w * 0.45), h), pygame.SRCALPHA)
    for x in range(shade_left.get_width()):
        alpha = int(170 * (1 - x / shade_left.get_width()) ** 1.5)
        shade_left.fill((10, 12, 20, alpha), pygame.Rect(x, 0, 1, h))
    image.blit(shade_left, (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert()
    _backdrops.clear()
    _backdrops[size] = image
    return image


def draw_title(surface: pygame.Surface, title: str, subtitle: str = "") -> int:
    """A screen's heading at the top left; returns the y below it."""
    w, h = surface.get_size()
    unit = min(w / 16.0, h / 9.0)
    px = max(28, int(unit * 0.9))
    x, y = int(unit * 0.6), int(unit * 0.45)
    rect = text.blit(surface, title, px, UI["accent"], (x, y), shadow=True)
    bottom = rect.bottom
    if subtitle:
        sub = text.blit(surface, subtitle, max(16, int(px * 0.45)), UI["muted"],
                        (x + 2, rect.bottom + 2))
        bottom = sub.bottom
    return bottom + int(unit * 0.25)


def menu_button_rects(size: tuple[int, int], names: Sequence[str]) -> dict[str, pygame.Rect]:
    """Where the main menu's buttons go for a window size (tests click them too)."""
    w, h = size
    unit = min(w / 16.0, h / 9.0)
    n = len(names)
    top = int(h * 0.33)
    bottom = h - max(34, int(unit * 0.8))
    gap = max(6, int(unit * 0.12))
    bh = max(26, min(int(unit * 0.62), (bottom - top - (n - 1) * gap) // max(n, 1)))
    bw = max(200, int(unit * 4.2))
    x = int(unit * 0.8)
    total = n * bh + (n - 1) * gap
    y = max(8, min(top, bottom - total))
    return {name: pygame.Rect(x, y + i * (bh + gap), bw, bh) for i, name in enumerate(names)}


_Item = TypeVar("_Item")


class SearchListScene(Scene, Generic[_Item]):
    """A scene with a search field over a list (the card browser, the rules reference): the
    matches it shows, the selection kept across searches, and the keys both share -- Esc
    clears the search (then leaves), typing goes to the field, the arrows move the list
    wherever the focus is."""

    shown: Sequence[_Item]
    field: TextField
    list: ListBox
    form: Form

    @property
    def selected(self) -> _Item | None:
        if not self.shown:
            return None
        return self.shown[max(0, min(self.list.selected, len(self.shown) - 1))]

    def show(self, matches: Sequence[_Item], rows: Sequence[str], empty: str) -> None:
        """Show ``matches`` (their ``rows``), keeping the selected item when it still
        matches, else selecting the first; ``empty`` is the row when nothing matches."""
        current = self.selected
        self.shown = matches
        self.list.rows = list(rows) or [empty]
        index = matches.index(current) if current in matches else 0
        self.list.selected = index
        self.list.scroll = 0
        self.list.select(index)

    def search_key(self, event: pygame.event.Event) -> bool:
        """Handle the shared keys; True when ``event`` was used."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.field.value:
                self.field.clear()
            else:
                self.app.pop()
            return True
        if self.field.type_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and \
                self.form.focused is not self.list:
            self.list.key(event)
            return True
        return False


class Dialog(Scene):
    """A modal message with buttons over the screen beneath: the last button is the default
    (focused at first), Esc cancels (or, with a single button, presses it)."""

    opaque = False
    dims_below = True

    def __init__(self, app: App, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None] | None]] = (("OK", None),),
                 error: bool = False) -> None:
        super().__init__(app)
        self.title_text = title
        self.message = message
        self.error = error
        self.choices = list(buttons)
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def _choose(self, action: Callable[[], None] | None) -> None:
        if self.app.top is self:
            self.app.pop()
        if action is not None:
            action()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(640, w - 60)
        lines = text.wrap(self.message, 22, bw - 48)
        bh = 130 + len(lines) * 24
        self.box = pygame.Rect(0, 0, bw, bh)
        self.box.center = (w // 2, h // 2)
        buttons = []
        n = len(self.choices)
        width = min(200, (bw - 40 - (n - 1) * 12) // max(n, 1))
        x = self.box.right - 20 - n * width - (n - 1) * 12
        for i, (label, action) in enumerate(self.choices):
            rect = pygame.Rect(x + i * (width + 12), self.box.bottom - 56, width, 38)
            buttons.append(Button(rect=rect, label=label, name=label, style="primary"
                                  if i == n - 1 else "normal",
                                  action=lambda a=action: self._choose(a)))  # type: ignore
        self.form.set(buttons)  # keeps the focus on the same button across a resize
        if self.form.focus is None and buttons:
            self.form.focus = len(buttons) - 1  # the last button is the default

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc cancels (picks the only button of a message); Enter presses the focused
        button, so Tab to another one and Enter chooses that (`Form`)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._choose(self.choices[-1][1] if len(self.choices) == 1 else None)
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        inner = draw_panel(surface, self.box, fill=UI["panel"])
        color = UI["bad"] if self.error else UI["accent"]
        text.blit(surface, self.title_text, 30, color, (inner.x + 4, inner.y + 2), bold=True)
        for i, line in enumerate(text.wrap(self.message, 22, self.box.width - 48)):
            text.blit(surface, line, 22, UI["text"], (inner.x + 4, inner.y + 44 + i * 24))
        pygame.draw.line(surface, shade(UI["border"], 0.8),
                         (self.box.x + 12, self.box.bottom - 68),
                         (self.box.right - 12, self.box.bottom - 68))
        self.form.draw(surface)


class ChoiceDialog(Scene):
    """A modal list of choices (Up/Down, Enter or a click; Esc cancels)."""

    opaque = False
    dims_below = True

    def __init__(self, app: App, title: str,
                 choices: Sequence[tuple[str, Callable[[], object]]]) -> None:
        super().__init__(app)
        self.title_text = title
        self.choices = list(choices)
        self.list = ListBox(name="choices", rows=[c[0] for c in self.choices], row_h=34,
                            px=20, on_activate=self._pick)
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def _pick(self, index: int) -> None:
        if self.app.top is self:
            self.app.pop()
        if 0 <= index < len(self.choices):
            self.choices[index][1]()

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        rows = min(len(self.choices), 12)
        self.box = pygame.Rect(0, 0, min(620, w - 40), 150 + rows * 34)
        self.box.center = (w // 2, h // 2)
        self.list.rect = pygame.Rect(self.box.x + 20, self.box.y + 56, self.box.width - 40,
                                     rows * 34 + 6)
        ok = Button(rect=pygame.Rect(self.box.right - 190, self.box.bottom - 56, 170, 38),
                    label="Choose", name="ok", hint="Enter", style="primary",
                    action=lambda: self._pick(self.list.selected))
        cancel = Button(rect=pygame.Rect(self.box.right - 372, self.box.bottom - 56, 170, 38),
                        label="Cancel", name="cancel", hint="Esc", action=self.app.pop)
        self.form.set([self.list, cancel, ok])
        self.form.focus = 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and not isinstance(self.form.focused, Button)):
            self._pick(self.list.selected)
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        inner = draw_panel(surface, self.box)
        text.blit(surface, self.title_text, 26, UI["accent"], (inner.x + 4, inner.y + 2),
                  bold=True, width=inner.width)
        self.form.draw(surface)
