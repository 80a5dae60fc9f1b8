"""The "Check balance" window under SDL's dummy driver: it takes the number of games, shows the
progress game by game, then the report, and draws the heat map over the map (the Heat button
takes it off and puts it back; another map has none). Closing the window cancels the games,
a rebuild of the editor's widgets keeps them, and a map that cannot be checked says why.

The games here are played by a stand-in for `editor.core.balance_check.BalanceCheck` that the test
finishes one at a time (the real batch is tested headless in test_balance_check.py and in a
real window in test_balance_xvfb.py). Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, key, press, pump, shot

from arena.ai.balance import BalanceGame, BalanceReport, summarize
from arena.ai.sim import catalog
from arena.content.fits import fit
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m
from editor.windows import balance_window

pytestmark = pytest.mark.usefixtures("headless")

DEADLY = (0, 0)
"""The hex of the Duel map where the stand-in's games destroy most figures."""


@dataclass
class FakeCheck:
    """Games the test finishes one by one (`finish`)."""

    doc: m.MapDoc
    total: int
    label: str = ""
    done: int = 0
    cancelled: bool = False
    error: str | None = None
    stopped: bool = False

    @property
    def running(self) -> bool:
        return not self.stopped and self.done < self.total

    def finish(self, games: int = 1) -> None:
        self.done = min(self.total, self.done + games)

    def poll(self, wait: float = 0.0) -> bool:
        return self.running

    def cancel(self) -> None:
        if self.running:
            self.cancelled = True
        self.stopped = True

    def report(self) -> BalanceReport:
        games = [BalanceGame(i, {1: "yellow", 2: "orange"}, (1,), 8, [("2,-1", "yellow")],
                             ["0,0", "0,0", "1,1"], {"2,-1": "power"})
                 for i in range(self.done)]
        return summarize(games, self.label, "the-duel", ["greedy"])


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[FakeCheck]:
    made: list[FakeCheck] = []

    def start(doc: m.MapDoc, games: int, *, label: str = "") -> FakeCheck:
        made.append(FakeCheck(doc, games, label))
        return made[-1]

    monkeypatch.setattr(balance_window, "BalanceCheck", start)
    return made


def type_games(app: editor_app.EditorApp, text: str) -> None:
    entry = app.balance.games
    entry.set_text(text)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text,
                                         ui_element=entry))
    pump(app)


def view(app: editor_app.EditorApp, screen: pygame.Surface) -> pygame.Surface:
    """The map view as the editor draws it now, without its windows over it."""
    app.draw_map(screen, app.view_rect)
    app.balance.draw_heat(screen)
    return screen.subsurface(app.view_rect).copy()


def test_a_check_shows_progress_then_the_report_and_the_heat_map(
        headless: pygame.Surface, checks: list[FakeCheck]) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["balance"])
    panel = app.balance
    assert panel.alive() and panel.games.get_text() == "40"
    assert panel.status()["state"] == "idle"
    type_games(app, "4")
    press(app, panel.start_button)
    assert len(checks) == 1 and checks[0].total == 4 and checks[0].label == str(DUEL)
    assert checks[0].doc is app.editor.doc
    pump(app)
    assert panel.status() | {"open": True} == {
        "state": "running", "open": True, "done": 0, "total": 4, "report": False,
        "heat": 0, "refused": ""}
    assert panel.progress.progress_percentage == 0
    checks[0].finish()
    pump(app)
    assert panel.progress.progress_percentage == pytest.approx(0.25)
    assert panel.progress.status_text() == "1 of 4 games"
    assert panel.state_label.text == "Playing: 1 of 4 games"
    assert "So far" in panel.shown_html and panel.heat() == {}  # no heat map mid-way
    checks[0].finish(3)
    pump(app)
    assert panel.status()["state"] == "done" and panel.status()["report"]
    assert panel.state_label.text == "Done: 4 of 4 games"
    assert "Yellow: 4 of 4 won" in panel.shown_html  # the zone's name on the map
    assert "power glyph at [2, -1]: Yellow 4" in panel.shown_html
    assert "[0, 0] 8, [1, 1] 4" in panel.shown_html
    assert panel.heat() == {DEADLY: (8, 1.0), (1, 1): (4, 0.5)}
    shot(app, headless, "balance-report.png")

    heated = view(app, headless)
    press(app, panel.heat_button)
    assert panel.heat() == {} and panel.heat_button.text == "Heat off"
    plain = view(app, headless)
    centre = app.projection().to_screen(Hex(*DEADLY), float(app.editor.doc.top(DEADLY)))
    x, y = round(centre[0] - app.view_rect.x), round(centre[1] - app.view_rect.y)
    around = [(x + dx, y + dy) for dx in range(-14, 15, 2) for dy in range(-6, 7, 2)]
    changed = [p for p in around if heated.get_at(p) != plain.get_at(p)]
    assert len(changed) > len(around) // 2  # the deadliest hex is covered
    assert sum(heated.get_at(p).r - heated.get_at(p).b for p in changed) > \
        sum(plain.get_at(p).r - plain.get_at(p).b for p in changed)  # and redder
    press(app, panel.heat_button)
    again = view(app, headless)
    assert panel.heat() and [again.get_at(p) for p in changed] == \
        [heated.get_at(p) for p in changed]

    press(app, panel.window.close_window_button)  # the report's heat map goes with it
    assert not panel.alive() and panel.heat() == {}
    press(app, app.panels.buttons["balance"])  # back, as it was: the heat map is one click away
    assert "Win rate" in panel.shown_html and panel.heat_button.text == "Heat off"
    press(app, panel.heat_button)
    assert panel.heat()

    app.docs.request_new()  # nothing unsaved: a new map at once, and no heat map over it
    pump(app)
    assert app.editor.doc.name == "New battlefield" and panel.heat() == {}


def test_closing_the_window_cancels_the_games(headless: pygame.Surface,
                                              checks: list[FakeCheck]) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["balance"])
    press(app, app.balance.start_button)
    key(app, pygame.K_2)  # a brush key rebuilds the editor's widgets: the check goes on
    pump(app)
    assert app.balance.alive() and checks[0].running
    assert app.balance.status()["state"] == "running"
    press(app, app.balance.window.close_window_button)
    assert not app.balance.alive()
    assert checks[0].cancelled and not checks[0].running
    assert app.balance.status()["state"] == "cancelled"
    assert "cancelled after 0 of 40 games" in app.message


def test_cancel_keeps_the_games_played(headless: pygame.Surface,
                                       checks: list[FakeCheck]) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["balance"])
    press(app, app.balance.start_button)
    assert app.balance.cancel_button.is_enabled
    checks[0].finish(3)
    pump(app)
    press(app, app.balance.cancel_button)
    assert checks[0].cancelled and app.balance.status()["state"] == "cancelled"
    assert not app.balance.cancel_button.is_enabled
    assert app.balance.state_label.text == "Cancelled: 3 of 40 games"
    assert "Win rate" in app.balance.shown_html


def test_a_map_that_cannot_be_checked_says_why(headless: pygame.Surface) -> None:
    """The game's own reason (`arena.content.fits.fit`): a new map has no starting zones."""
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["balance"])
    press(app, app.balance.start_button)
    assert app.balance.status()["state"] == "refused"
    verdict = fit(catalog().scenarios["the-duel"], app.editor.doc.to_battlefield())
    assert app.balance.shown_html == f"Cannot check this map: {verdict.refusal()}"
    assert "has no starting zones" in app.balance.shown_html
    type_games(app, "0")
    press(app, app.balance.start_button)
    assert app.balance.shown_html.startswith("Games: a whole number from 1 to")
    shot(app, headless, "balance-refused.png")
