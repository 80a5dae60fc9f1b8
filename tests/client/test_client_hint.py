"""Hint: the hard computer's suggestion for the human's next action, in the player's words,
thought out off the frame loop and dropped when the position moves on; the button, the H key,
the marked spaces, the turn panel's line and the Settings switch.

The words and marks are checked on small kit positions (`test_client_battle_aids.kit_game`)
against the engine's own odds; the advisor with a scripted controller (what the hard level
picks is the AI's business, tested there), and once with the hard level itself."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from client_kit import frames, key, save_artifact
from test_client_battle_aids import kit_game, open_battle

from arena.client.content import SeatSetup
from arena.client.hint import HintAdvisor, HintState, hint_hexes, hint_words
from arena.client.scenes.base import App
from arena.client.scenes.hint_coach import HINT_MARK
from arena.client.scenes.standard import standard_app
from arena.client.session import BattleSession
from arena.client.settings import Settings
from arena.engine import Action, Attack, Game, MoveFigure
from arena.hexgrid import Hex

SEATS = (SeatSetup("human"), SeatSetup("ai"))


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def attack_position() -> Game:
    """Player 1's Rhox Veteran beside Jace, in the attack step."""
    return kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(1, 0)},
                    phase="attack", rolls=(6,) * 12)


class Scripted:
    """A controller that answers with the first legal action ``pick`` accepts, after
    ``delay`` seconds (the frame loop must not wait for it)."""

    name = "scripted"

    def __init__(self, pick: Any, delay: float = 0.0) -> None:
        self.pick, self.delay, self.asked = pick, delay, 0

    def choose(self, view: Game, legal: list[Action]) -> Action:
        self.asked += 1
        time.sleep(self.delay)
        return next(a for a in legal if self.pick(a))


def names(scene: Any) -> list[str]:
    return [w.name for w in scene.form.widgets]


def wait_ready(advisor: HintAdvisor, session: BattleSession) -> None:
    deadline = time.monotonic() + 60
    while advisor.state(session) is HintState.THINKING:
        advisor.poll(session)
        assert time.monotonic() < deadline, "the hint never came"
        time.sleep(0.01)


def test_an_attack_hint_gives_the_engines_odds_in_words() -> None:
    game = attack_position()
    attack = Attack("p1.rhox.1", "p2.jace")
    assert attack in game.legal_actions()
    odds = game.damage_odds("p1.rhox.1", "p2.jace")
    words = hint_words(game, attack)
    assert words.startswith("Attack Jace with Rhox")
    assert "p2.jace" not in words
    assert f"{round(float(odds.destroy) * 100)}% to destroy" in words
    assert f"{float(odds.expected):.1f} wounds expected" in words
    assert hint_hexes(game, attack) == (Hex(0, 0), Hex(1, 0))


def test_a_move_hint_says_what_the_figure_could_attack_from_there() -> None:
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(3, 0)})
    moves = [a for a in game.legal_actions() if isinstance(a, MoveFigure)
             and a.figure == "p1.rhox.1" and a.to == Hex(2, 0)]
    assert moves, "the Rhox Veteran can step beside Jace"
    words = hint_words(game, moves[0])
    assert "from there it can attack" in words and "% to destroy" in words
    assert hint_hexes(game, moves[0]) == (Hex(0, 0), Hex(2, 0))


def test_the_advisor_thinks_off_the_loop_and_drops_a_hint_the_game_moved_past() -> None:
    game = attack_position()
    session = BattleSession(game, SEATS, [])
    slow = Scripted(lambda a: isinstance(a, Attack), delay=0.3)
    advisor = HintAdvisor(seed=1, make=lambda level, seed: slow)
    started = time.monotonic()
    assert advisor.ask(session)
    assert time.monotonic() - started < 0.2, "asking waited for the search"
    assert advisor.state(session) is HintState.THINKING
    wait_ready(advisor, session)
    hint = advisor.current(session)
    assert hint is not None and hint.action == Attack("p1.rhox.1", "p2.jace")
    assert advisor.ask(session) and slow.asked == 1, "a ready hint is not thought out again"
    # the player acts: the hint no longer answers the position on the board
    session.apply(hint.action)
    assert advisor.poll(session)
    assert advisor.current(session) is None and advisor.state(session) is HintState.NONE


def test_no_hint_for_the_computers_turn() -> None:
    game = attack_position()
    session = BattleSession(game, (SeatSetup("ai"), SeatSetup("human")), [])
    advisor = HintAdvisor(seed=1, make=lambda level, seed: Scripted(lambda a: True))
    assert not advisor.ask(session)
    assert advisor.state(session) is HintState.NONE


def test_h_shows_the_hard_levels_hint_on_the_board_and_in_the_turn_panel(
        app: App, screen: pygame.Surface) -> None:
    scene = open_battle(app, screen, attack_position())
    assert "hint" in names(scene), "the turn panel offers Hint"
    key(scene, pygame.K_h)
    frames(app, screen, 1)
    # asked: thinking, or already answered (an attack step is settled by one ply at once)
    assert scene.coach.state() in (HintState.THINKING, HintState.READY)
    deadline = time.monotonic() + 120
    while scene.coach.state() is HintState.THINKING:
        assert time.monotonic() < deadline, "the hard level never answered"
        frames(app, screen, 1)
        time.sleep(0.02)
    hint = scene.coach.advisor.current(scene.session)
    assert hint is not None and hint.action in scene.session.options.legal
    assert [m.hex for m in scene.canvas.dynamic_markers() if m.style == HINT_MARK] == \
        list(hint.hexes)
    frames(app, screen, 2)
    assert f"Hint: {hint.words}" in [line for line, _ in scene.coach.lines()]
    save_artifact(screen, "battle-hint.png")


def test_with_hints_off_the_button_is_gone_and_h_says_why(screen: pygame.Surface) -> None:
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant",
                                                   hints=False))
    scene = open_battle(app, screen, attack_position())
    assert "hint" not in names(scene)
    key(scene, pygame.K_h)
    assert scene.coach.state() is HintState.NONE
    assert any("Hints are off" in t for t in app.toasts)
