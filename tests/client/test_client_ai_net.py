"""A hung computer player costs the window one safety net, not one per decision: the window's
net sits just above the slowest shipped level's own safety net (worked out from the levels,
so a slower level added later raises it), and an AI that ran out of time once is replaced for
the rest of the battle, with a notice."""

from __future__ import annotations

import time

import pytest
from test_client_battle_flow import SEATS
from test_client_watch import ai_to_attack

import arena.ai.levels as levels
from arena.ai.controller import AIController, StopToken, safe_action
from arena.ai.match import DEFAULT_TIME_LIMIT
from arena.ai.search import SearchConfig, SearchController
from arena.client.session import BattleSession
from arena.engine import Action, Game


def _nets() -> list[float]:
    return [n for n in (levels.safety_net(name) for name in levels.LEVELS) if n is not None]


def test_the_window_net_sits_just_above_the_slowest_levels_own_net() -> None:
    slowest = max(_nets())
    assert slowest == levels.EXPERT.time_limit  # the slowest shipped level
    assert slowest < levels.window_time_limit() <= slowest + 10
    assert levels.window_time_limit() < DEFAULT_TIME_LIMIT  # not the headless runner's 90 s


def test_a_slower_level_added_later_raises_the_window_net(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    real = levels.make_controller
    expert = SearchConfig(time_limit=80.0)

    def with_expert(name: str, seed: int = 0, helpers: object = None) -> AIController:
        if name == "expert":
            return SearchController(seed, expert, name="expert")
        return real(name, seed)

    monkeypatch.setattr(levels, "LEVELS", (*levels.LEVELS, "expert"))
    monkeypatch.setattr(levels, "make_controller", with_expert)
    assert 80 < levels.window_time_limit() <= 90


class _Hangs(AIController):
    """Thinks until it is told to stop (a search that never ends by itself)."""

    name = "hangs"

    def __init__(self) -> None:
        super().__init__(0)
        self.calls = 0

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        self.calls += 1
        while not stop.cancelled:
            time.sleep(0.01)
        return legal[0]


def test_a_battle_uses_the_window_net() -> None:
    session = BattleSession(ai_to_attack(), SEATS)
    assert session.time_limit == levels.window_time_limit()


def test_an_ai_that_timed_out_is_replaced_for_the_rest_of_the_battle() -> None:
    hung = _Hangs()
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: hung})
    session.time_limit = 0.3
    started = time.monotonic()
    ai_moves = 0
    while ai_moves < 4 and time.monotonic() - started < 30 and not session.over:
        if session.human_to_act:  # the person plays safe moves until the computer's turn
            session.apply(safe_action(session.options.legal))
            continue
        if session.poll_ai(1.0) is not None:
            ai_moves += 1
            session.time_limit = 30.0  # the hung AI met a short net; its stand-in a real one
        time.sleep(0.01)
    assert ai_moves == 4, session.log[-4:]
    assert hung.calls == 1  # it was asked once, and never again
    assert session.controllers[2] is not hung
    assert sum("took too long" in n for n in session.notices) == 1, session.notices
    assert hung.calls == 1 and time.monotonic() - started < 30
