"""The named controllers: ``random``, ``easy``, ``normal``, ``hard``, ``expert`` and ``greedy``.

| name | what | budget per decision | noise |
|---|---|---|---|
| random | uniform legal actions, turns ended now and then | none | all of it |
| easy | one ply (greedy) | every legal action once | softmax, temperature 25 points |
| greedy | one ply | every legal action once | none |
| normal | search (`arena.ai.search`) | 4 candidates, 10 rollouts, 300 work | Gumbel, 6 |
| hard | search | 6 candidates, 96 rollouts; a turn of 3,600 work shared by stakes | none |
| expert | search | 9 candidates, 288 rollouts; a turn of 10,800 work shared by stakes | none |

A search level may be given helper processes (`arena.ai.helpers`: the game window uses the
cores its frame loop leaves free); they take shares of its rollout samples, and the search
counts them as if it had taken them in turn, so its decisions are the same with or without.

The budgets count work, never time: a simulated action or an evaluated position is one unit
of work (`arena.ai.search`), so a seeded game is the same on a slow or busy machine as on a
fast one; only the slower answer differs. Hard and expert share a whole turn's work out by
what each decision is about (`arena.ai.turn_budget`): a sixth of it for each card choice,
move and closing spell (hard's 600 units, as every decision had before), and nothing for the
attacks and an optional effect's yes or no, which one ply settles (the search almost never
chose otherwise there): as many games won, with a third less thinking (README "AI
strength"). Expert is hard with three times its search (the turn's work, the rollouts, and
three more candidates), for players who accept longer turns. Hard's budget keeps its whole
turns within the time goals (median 4 s, p95 10 s on the reference machine; README "AI
strength"); its 96 rollouts bound only the decisions whose rollouts are short.
Each search level also has a wall-clock safety net (normal 20 s, hard 60 s, expert 80 s) far
above what its budget takes, even with other programs taking most of the CPU: when it fires
the decision is cut, logged and counted as a budget overrun (`arena sim --json`). The
README's "AI strength" section has what `scripts/ai_strength.py` measured.

The game window waits for a decision at most `window_time_limit` seconds: just above the
slowest level's own net, read from the levels themselves (`safety_net`), so a hung AI costs the
window that long once (it is then replaced for the rest of the battle), while a search on a
busy machine is still cut by its own net first and answers with the best it found.
"""

from __future__ import annotations

from arena.ai.controller import AIController, RandomController
from arena.ai.greedy import GreedyController
from arena.ai.search import SampleRunner, SearchConfig, SearchController
from arena.ai.turn_budget import Stakes, TurnBudget
from arena.ai.weights import SEARCH_WEIGHTS

__all__ = ["EXPERT", "HARD", "LEVELS", "NORMAL", "SEARCH_LEVELS", "WINDOW_MARGIN",
           "make_controller", "safety_net", "window_time_limit"]

NORMAL = SearchConfig(candidates=4, moves_per_figure=3, attacks=4, rollouts=10, work=300,
                      time_limit=20.0, noise=6.0)
TURN_SHARES = ((Stakes.CARD, 1 / 6), (Stakes.MOVE, 1 / 6), (Stakes.CLOSE, 1 / 6),
               (Stakes.ATTACK, 0.0), (Stakes.ANSWER, 0.0))
"""Each kind of decision's part of a search level's whole turn (`arena.ai.turn_budget`)."""
HARD = SearchConfig(candidates=6, moves_per_figure=6, attacks=6, rollouts=96, work=600,
                    time_limit=60.0, turn=TurnBudget(3600, TURN_SHARES))
EXPERT = SearchConfig(candidates=9, moves_per_figure=6, attacks=6, rollouts=288, work=1800,
                      time_limit=80.0, turn=TurnBudget(10800, TURN_SHARES))

LEVELS = ("random", "easy", "normal", "hard", "expert", "greedy")
"""Controller names a seat may take (difficulty levels easy / normal / hard / expert)."""

SEARCH_LEVELS = ("normal", "hard", "expert")
"""The levels that search (and so can use helper processes)."""


def make_controller(name: str, seed: int = 0, helpers: SampleRunner | None = None
                    ) -> AIController:
    """A controller by level name (see the module docstring). ``helpers``: processes that
    take a share of a search level's rollout samples (`arena.ai.helpers`; the game window
    passes its own) -- the same decisions, sooner; the other levels do not search."""
    key = name.strip().lower()
    if key == "random":
        return RandomController(seed)
    if key == "easy":
        return GreedyController(seed, temperature=25.0, name="easy")
    if key == "greedy":
        return GreedyController(seed, name="greedy")
    if key == "normal":
        return SearchController(seed, NORMAL, name="normal", weights=SEARCH_WEIGHTS,
                                helpers=helpers)
    if key == "hard":
        return SearchController(seed, HARD, name="hard", weights=SEARCH_WEIGHTS,
                                helpers=helpers)
    if key == "expert":
        return SearchController(seed, EXPERT, name="expert", weights=SEARCH_WEIGHTS,
                                helpers=helpers)
    raise ValueError(f"unknown controller {name!r} (choose from {', '.join(LEVELS)})")


WINDOW_MARGIN = 5.0
"""Seconds the game window's net sits above the slowest level's own safety net: room for a
search its own net cut to hand its best answer back."""


def safety_net(name: str) -> float | None:
    """A level's own wall-clock safety net in seconds (its search's ``time_limit``), read from
    the controller `make_controller` builds; None for a level without one."""
    config = getattr(make_controller(name), "config", None)
    limit = getattr(config, "time_limit", None)
    return float(limit) if isinstance(limit, (int, float)) else None


def window_time_limit() -> float:
    """Seconds the game window waits for one decision before it falls back: just above the
    slowest level's own net (`safety_net` over `LEVELS`, so a slower level raises it)."""
    nets = [net for net in (safety_net(level) for level in LEVELS) if net is not None]
    return max(nets, default=0.0) + WINDOW_MARGIN
