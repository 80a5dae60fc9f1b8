"""Benchmark rows for ``make bench`` (scripts/bench.py): AI decision times per level.

`register(benchmark)` adds, for each of ``easy``, ``normal`` and ``hard``, the median and the
maximum wall time of one decision over a fixed set of positions: decision points of seeded
Duels on the shipped battlefield with the shipped premade armies and decks (Chandra against
Jace, Liliana against Nissa, Gideon against Chandra), played by the greedy AI, keeping the
turn decisions (no question pending) with at least three options -- the expensive kind, so
the figures are on the pessimistic side of what a whole game shows (``arena sim`` reports
those). The positions and each level's timings are computed once and shared by its rows.
The hard level is timed twice: alone, as ``arena sim`` runs it (a game per core), and as the
game window runs it, with a helper process on each core the window leaves
(`arena.ai.helpers`: the same decisions, sooner).
Goals: hard median 0.4 s, p95 1.2 s, maximum 2 s on the 2-core reference machine (an
opponent that answers quickly); normal and easy less. One more row reads the same hard
decisions as work units per second (`search_throughput`): how much search a second buys.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from arena.ai.helpers import Helpers, helper_count
from arena.ai.levels import make_controller
from arena.ai.sim import GameSpec, deck_for, new_game

__all__ = ["GOALS", "decision_times", "decisions", "positions", "register",
           "search_throughput"]

GOALS = {"easy": (250.0, 1000.0, 1500.0), "normal": (400.0, 1200.0, 1500.0),
         "hard": (400.0, 1200.0, 2000.0)}
"""Per level: (median, p95, maximum) goals in milliseconds."""

FIRST_THROUGHPUT = 1324.0
"""Work units per second of hard's search over the benchmark positions, as first measured
(2026-11-27, reference machine, one core, the other busy: the median of three runs of 1,249,
1,324 and 1,411)."""
THROUGHPUT_GOAL = 2 * FIRST_THROUGHPUT
"""The AI issue's goal for `search_throughput`: twice the first figure measured."""

_GAMES = (("chandra-premade", "jace-premade", 3), ("liliana-premade", "nissa-premade", 5),
          ("gideon-premade", "chandra-premade", 8))
_PER_GAME = 5


@lru_cache(maxsize=1)
def positions() -> tuple[Any, ...]:
    """The benchmark positions (games to decide in), fixed by seed."""
    out: list[Any] = []
    for a, b, seed in _GAMES:
        spec = GameSpec(0, "the-duel", (a, b), (deck_for(a, "auto"), deck_for(b, "auto")),
                        ("greedy", "greedy"), seed)
        game = new_game(spec)
        driver = make_controller("greedy", seed)
        taken = 0
        steps = 0
        while game.outcome() is None and taken < _PER_GAME and steps < 400:
            legal = game.legal_actions()
            if len(legal) > 2 and game.turn >= 2 and steps % 2 == 0 and not game.state.pending:
                out.append(game.clone())
                taken += 1
            game.apply(driver.choose(game.view(game.to_act), legal))
            steps += 1
    return tuple(out)


def decision_times(level: str, window: bool = False) -> tuple[float, ...]:
    """Milliseconds per decision of a level over `positions`; ``window``: as in the game
    window, with a helper process for each core it leaves (`arena.ai.helpers`; started and
    loaded by an untimed decision first)."""
    return tuple(ms for ms, _ in decisions(level, window))


def search_throughput(level: str = "hard") -> float:
    """Work units a level's search gets through per second over `positions` (alone, one
    process): simulated actions and evaluated positions (`arena.ai.search`), so a faster
    engine or a cheaper evaluation shows here as more search in the same time."""
    runs = decisions(level, False)
    return sum(work for _, work in runs) / (sum(ms for ms, _ in runs) / 1000.0)


@cache
def decisions(level: str, window: bool = False) -> tuple[tuple[float, int], ...]:
    """Per position of `positions`: a level's decision time in milliseconds and the work
    its search spent (0 for the levels that do not search); see `decision_times`."""
    count = helper_count() if window else 0
    helpers = Helpers(count) if count else None
    controller = make_controller(level, 1, helpers=helpers)
    games = positions()
    try:
        if helpers is not None:
            controller.choose(games[0].view(games[0].to_act), games[0].legal_actions())
        times = []
        for game in games:
            view = game.view(game.to_act)
            legal = game.legal_actions()
            started = time.perf_counter()
            controller.choose(view, legal)
            stats = getattr(controller, "stats", None)
            times.append(((time.perf_counter() - started) * 1000,
                          int(stats.work) if stats is not None else 0))
    finally:
        if helpers is not None:
            helpers.close()
    return tuple(times)


def register(benchmark: Callable[..., Callable[[Callable[[], float]], Callable[[], float]]]
             ) -> None:
    """Add the AI rows to the ``make bench`` table (its ``@benchmark`` decorator)."""
    rows = [(level, False, f"AI {level}") for level in ("easy", "normal", "hard")]
    count = helper_count()
    rows.append(("hard", True, f"AI hard in the game window ({count} helper "
                               f"process{'' if count == 1 else 'es'})"))
    for level, window, title in rows:
        median_goal, p95_goal, max_goal = GOALS[level]

        def median(level: str = level, window: bool = window) -> float:
            return statistics.median(decision_times(level, window))

        def p95(level: str = level, window: bool = window) -> float:
            return statistics.quantiles(decision_times(level, window), n=20,
                                        method="inclusive")[-1]

        def maximum(level: str = level, window: bool = window) -> float:
            return max(decision_times(level, window))

        benchmark(f"{title}: decision time, median", "ms", goal=median_goal)(median)
        benchmark(f"{title}: decision time, p95", "ms", goal=p95_goal)(p95)
        benchmark(f"{title}: decision time, max", "ms", goal=max_goal)(maximum)
    benchmark("AI hard: search throughput", "work/s",
              goal=THROUGHPUT_GOAL, lower_is_better=False)(search_throughput)
