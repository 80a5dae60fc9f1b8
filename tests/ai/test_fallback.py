"""A failure inside an AI never ends the game: an exception, an illegal answer or a time-out
makes the runner (or the AI itself, or `AsyncController`) fall back on a safe legal action and
record the fault; the game goes on."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence

import pytest
from ai_kit import quick_controller, shipped_game

from arena.ai.async_controller import AsyncController
from arena.ai.controller import (
    AIController,
    CallbackController,
    RandomController,
    StopToken,
    safe_action,
)
from arena.ai.match import Match, run_match
from arena.engine import Action, EndTurn, Game


def _raise(view: Game, legal: Sequence[Action]) -> Action:
    raise RuntimeError("boom")


def _sleep(view: Game, legal: Sequence[Action]) -> Action:
    time.sleep(0.5)
    return legal[0]


def _illegal(view: Game, legal: Sequence[Action]) -> Action:
    return EndTurn() if not any(isinstance(a, EndTurn) for a in legal) else _not_offered()


def _not_offered() -> Action:
    from arena.engine import Attack

    return Attack("p9.nobody", "p9.nobody")


def test_an_exception_falls_back_and_the_game_goes_on(caplog: pytest.LogCaptureFixture
                                                      ) -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 1)
    controllers = {1: CallbackController(_raise, "broken"), 2: RandomController(1)}
    with caplog.at_level(logging.WARNING, logger="arena.ai"):
        result = run_match(game, controllers, time_limit=2.0, max_actions=120)
    assert result.actions >= 40 or result.outcome is not None
    faults = [d for d in result.decisions if d.seat == 1 and d.fault]
    assert faults and all("RuntimeError: boom" in d.fault for d in faults if d.fault)
    assert any("boom" in r.message for r in caplog.records)


def test_an_illegal_answer_falls_back() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 2)
    result = run_match(game, {1: CallbackController(_illegal, "liar"), 2: RandomController(2)},
                       time_limit=None, max_actions=60)
    assert any(d.fault and "illegal" in d.fault for d in result.decisions)
    assert result.actions > 10


def test_a_time_out_falls_back() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 3)
    match = Match(game, {1: CallbackController(_sleep, "slow"), 2: RandomController(3)},
                  time_limit=0.1, max_actions=8)
    result = match.run()
    slow = [d for d in result.decisions if d.seat == 1 and not d.forced]
    assert slow and all(d.fault == "time-out after 0.1 s" for d in slow)
    assert all(d.seconds < 0.4 for d in slow)
    assert result.faults


class _Exploding(AIController):
    name = "exploding"

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        raise ValueError("no idea")


def test_an_ai_controller_falls_back_by_itself() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 4)
    legal = game.legal_actions()
    ai = _Exploding()
    assert ai.choose(game.view(game.to_act), legal) == safe_action(legal)
    assert ai.faults == ["ValueError: no idea"]


def test_a_stopped_search_still_answers_legally() -> None:
    game = shipped_game("the-duel", ["liliana-premade", "nissa-premade"], 5)
    hard = quick_controller("hard", 5)
    driver = RandomController(5)
    for _ in range(30):  # get into a turn with moves to search
        if game.outcome() is not None:
            break
        legal = game.legal_actions()
        if game.to_act == 1 and len(legal) > 5:
            stop = StopToken(deadline=time.perf_counter())  # already over
            action = hard.choose(game.view(1), legal, stop)
            assert action in legal
            assert hard.stats.rollouts == 0  # it answered without searching
        game.apply(driver.choose(game.view(game.to_act), legal))


def test_async_controller_polls_without_blocking() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 6)
    legal = game.legal_actions()
    task = AsyncController(CallbackController(lambda v, a: (time.sleep(0.2), a[-1])[1], "slow"))
    task.start(game.view(game.to_act), legal)
    assert task.poll() is None and task.busy  # the decision (0.2 s) is still running
    while (action := task.poll()) is None:
        time.sleep(0.01)
    assert action == legal[-1] and task.fault is None and not task.busy


def test_async_controller_times_out_and_cancels() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 7)
    legal = game.legal_actions()
    task = AsyncController(CallbackController(_sleep, "slow"), time_limit=0.05)
    task.start(game.view(game.to_act), legal)
    time.sleep(0.1)
    assert task.poll() == safe_action(legal)
    assert task.fault is not None and "time-out" in task.fault
    task.start(game.view(game.to_act), legal)
    task.cancel()
    assert task.poll() is None and not task.busy


def test_async_controller_runs_a_search() -> None:
    game = shipped_game("the-duel", ["chandra-premade", "gideon-premade"], 8)
    driver = RandomController(8)
    while game.to_act != 1 or len(game.legal_actions()) < 3:
        game.apply(driver.choose(game.view(game.to_act), game.legal_actions()))
    task = AsyncController(quick_controller("hard", 8), time_limit=3.0)
    legal = game.legal_actions()
    task.start(game.view(1), legal)
    assert task.result() in legal and task.fault is None


class _RunsToItsCap(AIController):
    """A search that sets itself a short cap (as the hard and normal levels do), works
    past it, then answers with the best it found."""

    name = "capped"

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        stop.deadline = time.perf_counter() + 0.01
        while not stop.stopped:
            time.sleep(0.005)
        time.sleep(0.02)
        return legal[-1]


def test_async_controller_keeps_an_answer_given_at_the_ais_own_time_cap() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 9)
    legal = game.legal_actions()
    task = AsyncController(_RunsToItsCap(), time_limit=3.0)
    task.start(game.view(game.to_act), legal)
    assert task.result() == legal[-1] and task.fault is None


# --- an engine bug inside the AI's own simulations surfaces as a fault -----------------------


def _engine_bug(*args: object, **kwargs: object) -> None:
    raise RuntimeError("engine bug")


def _a_turn_with_choices(seed: int) -> Game:
    """A Duel played on (random) until the player to act has several actions to weigh."""
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], seed)
    rnd = RandomController(seed)
    while len(game.legal_actions()) < 4 or game.state.pending:
        game.apply(rnd.choose(game.view(game.to_act), game.legal_actions()))
    return game


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_an_engine_error_in_a_simulated_line_is_a_fault_not_a_weaker_move(
        level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the engine's `IllegalAction` means "this line cannot be played in the view"; any
    other exception is a bug, and the runner must count it (it used to be swallowed inside
    the search, which then answered with a worse move and no fault)."""
    import arena.ai.greedy as greedy
    import arena.ai.search as search

    monkeypatch.setattr(greedy, "apply_outcome", _engine_bug)
    monkeypatch.setattr(search, "apply_outcome", _engine_bug)
    game = _a_turn_with_choices(5)
    ai = quick_controller(level, seed=5)
    legal = game.legal_actions()
    action = ai.choose(game.view(game.to_act), legal)
    assert action in legal
    assert ai.faults and "RuntimeError: engine bug" in ai.faults[0]
