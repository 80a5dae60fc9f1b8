"""Pieces the menu-like screens share: the backdrop, screen titles, modal dialogs.

The backdrop is the dusk sky, with the main menu's preview board on it once the warm-up has
loaded the renderer (`arena.client.backdrop_board`, `arena.client.warmup`): this module imports
neither the renderer nor the engine, so the main menu is on screen within moments of launch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from arena.client import text, warmup
from arena.client.palette import UI, Color, palette, shade
from arena.client.scenes.base import App, Scene
from arena.client.sky import sky
from arena.client.ui import Button, Form, ListBox, TextField, draw_panel

if TYPE_CHECKING:
    from arena.engine import Game

__all__ = ["ChoiceDialog", "Dialog", "backdrop", "draw_title", "menu_button_rects", "team_colour",
           "team_label"]

_backdrops: dict[tuple[tuple[int, int], bool, bool], pygame.Surface] = {}


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


def backdrop(size: tuple[int, int], dim: bool = False) -> pygame.Surface:
    """The menus' backdrop for a window size (cached); ``dim``: the sky alone, darkened,
    for the screens that put their own content over it (the preview board showed through
    New game's and Load's panels). The main menu's preview board is drawn once the renderer
    and the engine are loaded behind the first frame (`arena.client.warmup`); until then the
    menu stands on the sky alone."""
    board = not dim and warmup.ready()
    key = (size, dim, board)
    found = _backdrops.get(key)
    if found is not None:
        return found
    if board:
        from arena.client.backdrop_board import board_backdrop  # loaded by the warm-up

        image = board_backdrop(size)
    else:
        image = sky(size)
        shadow = pygame.Surface(size, pygame.SRCALPHA)
        shadow.fill((8, 9, 16, 150) if dim else (8, 9, 16, 60))
        image.blit(shadow, (0, 0))
    if len(_backdrops) > 8:
        _backdrops.clear()
    _backdrops[key] = image
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
