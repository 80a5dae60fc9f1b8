"""An AI fault inside ``decide`` reaches the player in the window as a notice, as ``arena
sim`` reports it: the AI base class falls back on a safe move by itself, and the window used
to see only a legal answer (0 notices in 2 games)."""

from __future__ import annotations

import time

from test_client_battle_flow import SEATS
from test_client_watch import ai_to_attack

from arena.ai.async_controller import AsyncController
from arena.ai.controller import AIController, StopToken, safe_action
from arena.client.session import BattleSession
from arena.engine import Action, Attack, Game


class _Broken(AIController):
    """An AI whose thinking fails: an exception, or an answer that is not legal."""

    name = "broken"

    def __init__(self, illegal: bool = False) -> None:
        super().__init__(0)
        self.illegal = illegal

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        if self.illegal:
            return Attack("p9.nobody", "p9.nobody")
        raise ValueError("no idea")


def test_async_controller_reports_a_fault_the_ai_fell_back_on_by_itself() -> None:
    game = ai_to_attack()
    legal = game.legal_actions()
    for ai, words in ((_Broken(), "no idea"), (_Broken(illegal=True), "illegal")):
        task = AsyncController(ai, time_limit=10.0)
        task.start(game.view(game.to_act), legal)
        assert task.result() == safe_action(legal)
        assert task.fault is not None and words in task.fault


def test_the_window_shows_an_ai_fault_as_a_notice() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: _Broken()})
    deadline = time.monotonic() + 30
    while session.poll_ai(1.0) is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(session.notices) == 1, session.notices
    notice = session.notices[0]
    assert "Player 2" in notice and "safe move" in notice
    for jargon in ("ValueError", "Traceback", "no idea"):
        assert jargon not in notice, notice
