"""The named controllers: ``random``, ``easy``, ``normal``, ``hard`` and ``greedy``.

| name | what | budget per decision | noise |
|---|---|---|---|
| random | uniform legal actions, turns ended now and then | none | all of it |
| easy | one ply (greedy) | every legal action once | softmax, temperature 25 points |
| greedy | one ply | every legal action once | none |
| normal | search (`arena.ai.search`) | 4 candidates, 10 rollouts, cap 0.6 s | Gumbel, 6 points |
| hard | search | 10 candidates, 96 rollouts, cap 2.5 s | none |

The hard level's cap binds on long decisions (its median stays under a second). Its budget
was raised from 24 rollouts over 6 candidates (which beat greedy in 55% of 20 Duels) to the
figures above; the README's "AI strength" section has what `scripts/ai_strength.py` measured.
"""

from __future__ import annotations

from arena.ai.controller import AIController, RandomController
from arena.ai.greedy import GreedyController
from arena.ai.search import SearchConfig, SearchController

__all__ = ["LEVELS", "NORMAL", "HARD", "make_controller"]

NORMAL = SearchConfig(candidates=4, moves_per_figure=3, attacks=4, rollouts=10,
                      time_limit=0.6, noise=6.0)
HARD = SearchConfig(candidates=10, moves_per_figure=6, attacks=6, rollouts=96,
                    time_limit=2.5)

LEVELS = ("random", "easy", "normal", "hard", "greedy")
"""Controller names a seat may take (difficulty levels easy / normal / hard)."""


def make_controller(name: str, seed: int = 0) -> AIController:
    """A controller by level name (see the module docstring)."""
    key = name.strip().lower()
    if key == "random":
        return RandomController(seed)
    if key == "easy":
        return GreedyController(seed, temperature=25.0, name="easy")
    if key == "greedy":
        return GreedyController(seed, name="greedy")
    if key == "normal":
        return SearchController(seed, NORMAL, name="normal")
    if key == "hard":
        return SearchController(seed, HARD, name="hard")
    raise ValueError(f"unknown controller {name!r} (choose from {', '.join(LEVELS)})")
