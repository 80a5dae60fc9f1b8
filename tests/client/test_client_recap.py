"""The turn recap: what a computer player did in its turn, in the log's words, each line
with the figure it names (headless: `arena.client.recap` and the session), and the panel on
the battle screen (click a line: the camera centres on the figure and marks it; Esc or OK
closes it) under the dummy driver."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_battle_flow import SEATS
from test_client_watch import PHANTOM, RHOX, Aggressor, ai_to_attack

from arena.client import content
from arena.client.recap import Recap, RecapLine, TurnRecord, recap_of
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.recap_panel import RecapPanel, RecapRow, Side
from arena.client.scenes.standard import standard_app
from arena.client.session import BattleSession
from arena.client.settings import Settings
from arena.engine.events import TurnStarted


def play_ai_turn(session: BattleSession) -> None:
    """Let the computer player (seat 2) play until the person is to act."""
    for _ in range(60):
        if session.human_to_act:
            return
        session.poll_ai(1.0)
        if session.task is not None:
            assert session.task.wait(10)
    raise AssertionError(session.log[-4:])


def test_the_recap_lists_the_computer_turn_with_the_figures_named() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: Aggressor()})
    start = len(session.log)
    session.poll_ai(1.0)
    assert session.task is not None and session.task.wait(10)
    assert session.poll_ai(1.0) is not None  # the card choice: the turn goes on
    assert session.take_recap() is None, "no recap in the middle of the computer's turn"
    play_ai_turn(session)
    assert session.game.to_act == 1

    recap = session.take_recap()
    assert recap is not None
    assert recap.title == "What Player 2 (computer, normal) did"
    texts = [line.text for line in recap.lines]
    # the log lines of its turn, in order, but not its bookkeeping (the turn's start and
    # end, steps ended: `test_client_recap_lines`)
    turn_log = session.log[start:]
    assert texts == [t for t in turn_log if not any(
        word in t for word in ("turn began", "finished", "ended", "end of turn", "marker"))]
    assert texts[0] == "Player 2 chose Leyline Phantoms."
    assert not any("Player 1's turn began" in t for t in texts)
    chose = recap.lines[0]
    assert chose.figure is None and not chose.shows
    attack = next(line for line in recap.lines if "attacked" in line.text)
    assert attack.figure == PHANTOM
    assert attack.hexes == session.game.state.figures[PHANTOM].hexes and attack.shows
    damage = next(line for line in recap.lines if "took" in line.text)
    assert damage.figure == RHOX
    roll = next(line for line in recap.lines if "rolled 3 attack dice" in line.text)
    assert roll.figure == PHANTOM, "a roll shows the attack it is part of"
    outcome = next(line for line in recap.lines if "hits against" in line.text)
    assert outcome.figure == RHOX
    assert all("p2." not in t and "p1." not in t for t in texts), "names, never ids"
    assert session.take_recap() is None, "taken once"


def test_a_person_ending_their_turn_starts_a_fresh_record() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: Aggressor()})
    play_ai_turn(session)
    steps = list(session.record.steps)
    assert session.record.ready and steps
    record = TurnRecord(list(steps))
    record.person_acted([])  # a person's action inside the turn: kept
    assert record.steps == steps
    record.person_acted([TurnStarted(player=2, turn=4)])
    assert record.steps == [] and not record.ready
    assert record.take(session.game, session.seat_label) is None


def test_several_computer_players_get_a_heading_each() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: Aggressor()})
    play_ai_turn(session)
    steps = session.record.steps
    other = [type(step)(3, step.events, step.lines) for step in steps]
    recap = recap_of(session.game, steps + other, lambda seat: f"Player {seat}")
    headers = [line for line in recap.lines if line.header]
    assert [h.text for h in headers] == ["Player 2", "Player 3"]
    assert recap.title == "What the computer players did"
    assert not any(h.shows for h in headers)


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="quick"))


def watch_turn(app: App, screen: pygame.Surface, scene: BattleScene) -> None:
    deadline = time.monotonic() + 60
    while scene.recap is None:
        assert time.monotonic() < deadline, scene.session.log[-4:]
        frames(app, screen)
    frames(app, screen, 2)


def test_the_recap_panel_shows_a_line_on_the_board_and_closes(
        app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    watch_turn(app, screen, scene)
    assert scene.session.human_to_act and app.top is scene
    panel = scene.recap
    assert panel is not None
    assert panel.rect.width > 0 and scene.layout.view.contains(panel.rect)
    rows = [w for w in scene.form.widgets if isinstance(w, RecapRow)]
    assert len(rows) == len(panel.recap.lines), "a short turn fits without scrolling"
    save_artifact(screen, "recap-panel.png")

    # a line naming no figure does nothing; one naming the attacker centres and marks it
    pan = scene.camera.pan
    click(scene, rows[0].rect.center)
    assert scene.camera.pan == pan
    row = next(w for w in rows if w.line is not None and "attacked" in w.line.text)
    line = row.line
    assert line is not None
    click(scene, row.rect.center)
    assert scene.camera.pan != pan
    frames(app, screen, 2)
    phantom_at = scene.game.state.figures[PHANTOM].hexes[0]
    assert any(m.hex == phantom_at and m.style == "chosen" for m in scene.dynamic_markers())
    # the figure is now in the middle of the board left free by the panel
    x, y = scene.projection().to_screen(phantom_at, scene.renderer.stand_level(
        scene.game.state.board, phantom_at))
    view = scene.layout.view
    free = (view.x + panel.rect.x) / 2 if panel.side == Side.RIGHT \
        else (panel.rect.right + view.right) / 2
    assert abs(x - free) < 2 and abs(y - view.centery) < 2
    assert line.figure == PHANTOM
    save_artifact(screen, "recap-shown.png")
    # the mark fades after a while
    frames(app, screen, 4, dt=1.0)
    assert not any(m.style == "chosen" for m in scene.dynamic_markers())

    # a click on the panel's background is not a click on the board
    assert scene.input.over_panel(panel.rect.center)

    # Esc closes the recap (not the pause menu); the next Esc opens the menu
    key(scene, pygame.K_ESCAPE)
    assert scene.recap is None and app.top is scene
    key(scene, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)


def test_ok_closes_the_recap(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    watch_turn(app, screen, scene)
    ok = next(w for w in scene.form.widgets if w.name == "recap:ok")
    assert scene.layout.view.contains(ok.rect)
    click(scene, ok.rect.center)
    assert scene.recap is None
    assert not any(w.name.startswith("recap:") for w in scene.form.widgets)


def test_a_long_recap_scrolls_inside_the_board(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    at = scene.game.state.figures[PHANTOM].hexes
    lines = tuple(RecapLine(f"Line {i}: Leyline Phantoms 1 moved a long way round the "
                            "ruins and stopped by the water.", 2, PHANTOM, at)
                  for i in range(40))
    scene.recap = RecapPanel(Recap("What Player 2 (computer, normal) did", lines))
    scene._rebuild()
    frames(app, screen)
    panel = scene.recap
    assert 0 < panel.rows < 40
    assert panel.rect.bottom < scene.layout.camera.top and \
        scene.layout.view.contains(panel.rect)
    first = next(w for w in scene.form.widgets if w.name.startswith("recap:"))
    assert first.name == "recap:0"
    save_artifact(screen, "recap-long.png")
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.rect.center,
                                          rel=(0, 0), buttons=(0, 0, 0)))
    zoom = scene.camera.zoom
    for _ in range(50):  # the wheel over the panel scrolls it, never the board's zoom
        scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.camera.zoom == zoom
    assert panel.offset == 40 - panel.rows
    names = [w.name for w in scene.form.widgets if w.name.startswith("recap:")]
    assert names[-2] == "recap:39" and names[-1] == "recap:ok"
    frames(app, screen)
    save_artifact(screen, "recap-long-end.png")


def test_the_recap_closes_when_the_player_acts(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    watch_turn(app, screen, scene)
    card = next(w for w in scene.form.widgets if w.name == "card:p1:rhox-veterans")
    click(scene, card.rect.center)
    assert scene.game.state.turn_state.chosen == "p1:rhox-veterans"
    assert scene.recap is None, "the panel must not keep covering the board"
