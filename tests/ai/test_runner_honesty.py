"""The match runner tells the truth about its AIs: a fault inside an AI's own `decide` is
counted, a greedy decision is bounded by its work and not by the clock (so a seeded game is
the same on a busy machine), and a hung AI cannot keep a batch from exiting."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator

import pytest
from ai_kit import shipped_game

from arena.ai.controller import AIController, RandomController, StopToken
from arena.ai.levels import make_controller
from arena.ai.match import run_match
from arena.engine import Action, Game


class _Exploding(AIController):
    name = "exploding"

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        raise ValueError("no idea")


def test_a_fault_inside_an_ais_decide_is_recorded_by_the_runner() -> None:
    for time_limit in (None, 5.0):
        game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 4)
        result = run_match(game, {1: _Exploding(), 2: RandomController(4)},
                           time_limit=time_limit, max_actions=40)
        faulty = [d for d in result.decisions if d.seat == 1 and not d.forced]
        assert faulty and all(d.fault == "ValueError: no idea" for d in faulty)
        assert len(result.faults) == len(faulty)
        assert all("exploding" in f and "no idea" in f for f in result.faults)


def _greedy_game(seed: int) -> list[str]:
    game = shipped_game("the-duel", ["nissa-premade", "gideon-premade"], seed)
    controllers = {1: make_controller("greedy", seed), 2: make_controller("greedy", seed + 1)}
    result = run_match(game, controllers, time_limit=None, max_actions=60)
    assert result.faults == []
    return [d.action for d in result.decisions]


def test_a_seeded_greedy_game_does_not_depend_on_the_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    idle = _greedy_game(11)
    real = time.perf_counter

    def busy_clock() -> Iterator[float]:
        # A machine so loaded that every reading of the clock is ten seconds after the last.
        t = real()
        while True:
            t += 10.0
            yield t

    ticks = busy_clock()
    monkeypatch.setattr(time, "perf_counter", lambda: next(ticks))
    assert _greedy_game(11) == idle


HUNG = textwrap.dedent("""
    import sys, threading
    sys.path.insert(0, {tests!r})
    from ai_kit import shipped_game
    from arena.ai.controller import CallbackController, RandomController
    from arena.ai.match import run_match

    def hang(view, legal):
        threading.Event().wait()

    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 1)
    result = run_match(game, {{1: CallbackController(hang, "hung"), 2: RandomController(1)}},
                       time_limit=0.2, max_actions=6)
    print("faults", len(result.faults), flush=True)
""")


def test_a_hung_ai_does_not_keep_the_process_from_exiting() -> None:
    from pathlib import Path

    tests = str(Path(__file__).resolve().parent)
    try:
        done = subprocess.run([sys.executable, "-c", HUNG.format(tests=tests)],
                              capture_output=True, text=True, timeout=120, check=False)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"the process did not exit after its match ended: {exc.stdout!r}")
    assert done.returncode == 0, done.stderr
    assert "faults" in done.stdout and "faults 0" not in done.stdout


def test_a_search_cut_by_its_own_clock_is_counted_as_a_budget_overrun() -> None:
    from arena.ai.search import SearchConfig, SearchController

    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 5)
    rushed = SearchController(5, SearchConfig(candidates=8, rollouts=10_000, time_limit=0.0),
                              name="rushed")
    result = run_match(game, {1: rushed, 2: RandomController(5)}, time_limit=None,
                       max_actions=80)
    cut = [d for d in result.decisions if d.overrun]
    assert cut and all(d.seat == 1 for d in cut)
    assert result.overruns == {1: len(cut), 2: 0} == {1: rushed.overruns, 2: 0}
    assert result.to_data()["budget_overruns"] == {"1": len(cut), "2": 0}


def test_the_work_budget_stops_a_decision_without_counting_an_overrun() -> None:
    """A budget of simulated actions ends a search at the same point on any machine; only
    the wall-clock net firing is an overrun, not a decision that ran late by itself."""
    from arena.ai.controller import StopToken

    token = StopToken(budget=3)
    token.spend(2)
    assert not token.stopped
    token.spend()
    assert token.stopped and token.exhausted and not token.fired
    late = StopToken(deadline=0.0)  # long past
    assert late.timed_out and not late.fired  # not asked yet: nothing was cut
    assert late.stopped and late.fired
