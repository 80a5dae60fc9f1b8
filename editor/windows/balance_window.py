"""The "Check balance" window: play AI games on the map being edited and show who wins.

The window takes the number of games (default 40), plays them in the background
(`editor.core.balance_check`) with a progress bar and a Cancel button, and then shows each
starting zone's win rate with its 95% interval (flagged when the zones differ by more than
chance explains), the average game length, the glyphs taken by each zone and the hexes
where most figures were destroyed, which it also draws on the board as a heat map (the
"Heat" button hides and shows it, closing the window takes it off; it belongs to the map
that was checked, so it goes when another map is opened).

The window is not modal: the map stays usable while the games are played (the check plays
the map as it was when it started). Closing it while games are played cancels them.
`BalancePanel` keeps the check when the window is gone (the editor rebuilds its widgets on a
resize), and `update` puts the window back while a check runs.
"""

from __future__ import annotations

import html
from typing import Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIProgressBar,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from arena.ai.balance import BalanceReport
from arena.client.projection import Projection
from arena.hexgrid import Hex, hex_corners, hex_to_point
from editor.core import model as m
from editor.core.balance_check import (
    DEFAULT_GAMES,
    BalanceCheck,
    BalanceRefused,
    heat,
    parse_games,
    report_html,
)

HEAT_LOW = (176, 80, 236)
HEAT_HIGH = (240, 32, 32)
"""The heat map's colours, from one destroyed figure to the most on any hex (violet to red:
apart from the yellow and orange of the starting zones and the sand of the land)."""


class GamesBar(UIProgressBar):
    """A progress bar that reads "3 of 40 games" (pygame_gui's reads "7.5/100.0")."""

    text = "no games played"
    """(Not empty when the bar is made: pygame_gui loads the bar's font only for a text.)"""

    def status_text(self) -> str:
        return self.text


class Host(Protocol):
    """What the panel needs of the editor window."""

    ui: pygame_gui.UIManager
    size: tuple[int, int]
    message: str

    @property
    def flat(self) -> bool: ...

    @property
    def editor(self) -> m.Editor: ...

    def projection(self) -> Projection: ...

    def flat_to_screen(self, x: float, y: float) -> tuple[float, float]: ...


class BalancePanel:
    """The check, its window and its heat map."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.check: BalanceCheck | None = None
        self.checked: m.Editor | None = None
        """The map the last check played (its heat map is drawn only over it)."""
        self.refused = ""
        self.show_heat = True
        self.window: UIWindow | None = None
        self._font: pygame.font.Font | None = None
        self._report: tuple[BalanceCheck, int, BalanceReport] | None = None
        self._shown: tuple[int, bool] | None = None
        """The games done and whether they were being played, as the widgets show them."""

    # --- the window -------------------------------------------------------------------------

    def alive(self) -> bool:
        return self.window is not None and bool(self.window.alive())  # type: ignore[no-untyped-call]

    def open(self) -> None:
        """Show the window (again: to the front, as it was)."""
        if self.alive():
            assert self.window is not None
            self.window.show()
            return
        ui = self.host.ui
        w, h = self.host.size
        self.window = UIWindow(pygame.Rect(w - 470, 50, 440, min(560, h - 80)), ui,
                               window_display_title="Check balance")
        c = self.window
        c.on_close_window_button_pressed = self.close_window  # type: ignore[method-assign]
        UILabel(pygame.Rect(8, 8, 54, 28), "Games", ui, container=c)
        self.games = UITextEntryLine(pygame.Rect(64, 8, 64, 28), ui, container=c)
        self.games.set_text(str(self.check.total if self.check else DEFAULT_GAMES))
        self.start_button = UIButton(pygame.Rect(136, 8, 130, 28), "Play the games", ui,
                                     container=c, tool_tip_text=(
                                         "greedy AI against greedy AI on this map, every "
                                         "pairing of the premade armies, seats swapped"))
        self.cancel_button = UIButton(pygame.Rect(272, 8, 70, 28), "Cancel", ui, container=c)
        self.heat_button = UIButton(pygame.Rect(348, 8, 56, 28), "Heat", ui, container=c,
                                    tool_tip_text="show or hide the heat map of the hexes "
                                                  "where figures were destroyed")
        self.progress = GamesBar(pygame.Rect(8, 42, 396, 24), ui, container=c)
        self.state_label = UILabel(pygame.Rect(8, 70, 396, 24), "", ui, container=c)
        height = c.get_container().get_rect().height
        self.text = UITextBox("", pygame.Rect(8, 98, 396, height - 106), ui, container=c)
        self.shown_html = ""
        self.refresh()

    def handle(self, event: pygame.event.Event) -> bool:
        """Act on the window's buttons and Enter in the games field."""
        if not self.alive():
            return False
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.start_button:
                self.start()
            elif element is self.cancel_button:
                self.cancel()
            elif element is self.heat_button:
                self.show_heat = not self.show_heat
                self.refresh()
            else:
                return False
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.games:
            self.start()
            return True
        return False

    def close_window(self) -> None:
        """The window's close button: nothing goes on playing behind a closed window, and
        its heat map leaves the board (a window a widget rebuild took is opened again
        instead: `update`)."""
        self.cancel()
        self.show_heat = False
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
        self.window = None

    # --- the check --------------------------------------------------------------------------

    def start(self) -> None:
        """Start a check of the map as it is now (a running one is cancelled first)."""
        games = parse_games(self.games.get_text() if self.alive() else str(DEFAULT_GAMES))
        self.cancel()
        self.check, self.refused = None, ""
        if isinstance(games, str):
            self.refused = games
        else:
            editor = self.host.editor
            label = str(editor.path) if editor.path is not None else editor.doc.name
            try:
                self.check = BalanceCheck(editor.doc, games, label=label)
            except BalanceRefused as exc:
                self.refused = f"Cannot check this map: {exc}"
            else:
                self.checked = editor
        self.refresh()

    def cancel(self) -> None:
        if self.check is not None and self.check.running:
            self.check.cancel()
            self.host.message = (f"Check balance cancelled after {self.check.done} of "
                                 f"{self.check.total} games")
            self.refresh()

    def close(self) -> None:
        """The editor is closing: stop the games."""
        if self.check is not None:
            self.check.cancel()

    def update(self) -> None:
        """Per frame: take the games finished, and show the progress (the window comes back
        if a widget rebuild took it while games are played)."""
        check = self.check
        if check is None:
            return
        if check.running and not check.poll():
            done = f"{check.done} games played" if check.error is None else check.error
            self.host.message = f"Check balance: {done}"
        if check.running and not self.alive():
            self.open()
        if self._shown != (check.done, check.running):
            self.refresh()

    def state(self) -> str:
        """idle, running, done, cancelled or refused."""
        if self.refused:
            return "refused"
        if self.check is None:
            return "idle"
        if self.check.running:
            return "running"
        return "cancelled" if self.check.cancelled else "done"

    def status(self) -> dict[str, Any]:
        """For the real-window tests' status file."""
        check = self.check
        return {"state": self.state(), "open": self.alive(),
                "done": check.done if check else 0, "total": check.total if check else 0,
                "report": bool(self.alive() and "Win rate" in self.shown_html),
                "heat": len(self.heat()), "refused": self.refused}

    def heat(self) -> dict[m.Position, tuple[int, float]]:
        """The heat map drawn now (empty when hidden, before a report, or on another map)."""
        check = self.check
        if not self.show_heat or check is None or check.running or check.done == 0 or \
                self.checked is not self.host.editor:
            return {}
        return heat(self.report(check))

    def report(self, check: BalanceCheck) -> BalanceReport:
        """The check's report so far (made again only when another game has finished)."""
        if self._report is None or self._report[0] is not check or \
                self._report[1] != check.done:
            self._report = (check, check.done, check.report())
        return self._report[2]

    def refresh(self) -> None:
        """Put the check's state into the widgets."""
        if not self.alive():
            return
        check = self.check
        running = check is not None and check.running
        self._shown = (check.done, running) if check is not None else None
        if running:
            self.cancel_button.enable()  # type: ignore[no-untyped-call]
        else:
            self.cancel_button.disable()  # type: ignore[no-untyped-call]
        self.heat_button.set_text("Heat" if self.show_heat else "Heat off")
        self.progress.text = f"{check.done} of {check.total} games" if check else \
            "no games played"
        self.progress.set_current_progress(100.0 * check.done / check.total if check else 0.0)
        state = self.state()
        label = {"idle": "Plays greedy AI against greedy AI, seats swapped",
                 "refused": "Not checked", "running": "Playing",
                 "cancelled": "Cancelled", "done": "Done"}[state]
        if check is not None:
            label += f": {check.done} of {check.total} games"
        self.state_label.set_text(label)
        if self.refused:
            body = html.escape(self.refused, quote=False)
        elif check is None or check.done == 0:
            body = "Games are being played..." if running else \
                "How often does each starting zone win? Play the games to see."
        else:
            names = {z.id: z.name for z in (self.checked.doc.zones if self.checked else [])}
            body = report_html(self.report(check), names)
            if running:
                body = "So far:<br>" + body
            elif check.error:
                body = f"{check.error}<br><br>{body}"
        if body != self.shown_html:
            self.shown_html = body
            self.text.set_text(body)

    # --- the heat map -------------------------------------------------------------------------

    def draw_heat(self, surface: pygame.Surface) -> None:
        """The heat map over the map view: each hex where figures were destroyed, redder the
        more, with its count."""
        spots = self.heat()
        if not spots:
            return
        host = self.host
        doc = host.editor.doc
        proj = None if host.flat else host.projection()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        labels = []
        for at, (count, share) in spots.items():
            h = Hex(*m.column_of(at))  # drawn on the surface the figures fell on
            if proj is None:
                cx, cy = hex_to_point(h)
                points = [host.flat_to_screen(cx + (x - cx) * 0.85, cy + (y - cy) * 0.85)
                          for x, y in hex_corners(h)]
            else:
                points = proj.top_face(h, float(doc.level_of(at)), 0.85)
            colour = tuple(round(lo + (hi - lo) * share)
                           for lo, hi in zip(HEAT_LOW, HEAT_HIGH, strict=True))
            pygame.draw.polygon(shade, (*colour, round(90 + 120 * share)), points)
            pygame.draw.polygon(shade, (*colour, 255), points, 2)
            cx = sum(p[0] for p in points) / len(points)
            cy = sum(p[1] for p in points) / len(points)
            labels.append((str(count), (cx, cy)))
        surface.blit(shade, (0, 0))
        font = self._font or pygame.font.Font(None, 20)
        self._font = font
        for text, centre in labels:
            image = font.render(text, True, (255, 255, 255))
            box = image.get_rect(center=(round(centre[0]), round(centre[1])))
            pygame.draw.rect(surface, (20, 16, 28), box.inflate(6, 2), border_radius=4)
            surface.blit(image, box)
