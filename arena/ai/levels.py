"""The named controllers: ``random``, ``easy``, ``normal``, ``hard`` and ``greedy``.

| name | what | budget per decision | noise |
|---|---|---|---|
| random | uniform legal actions, turns ended now and then | none | all of it |
| easy | one ply (greedy) | every legal action once | softmax, temperature 25 points |
| greedy | one ply | every legal action once | none |
| normal | search (`arena.ai.search`) | 6 candidates, 12 rollouts, cap 0.6 s | Gumbel, 6 points |
| hard | search | 10 candidates, 32 rollouts, cap 1.4 s | none |
"""

from __future__ import annotations

from arena.ai.controller import AIController, RandomController
from arena.ai.greedy import GreedyController
from arena.ai.search import SearchConfig, SearchController

__all__ = ["LEVELS", "NORMAL", "HARD", "make_controller"]

NORMAL = SearchConfig(candidates=4, moves_per_figure=3, attacks=4, rollouts=10,
                      time_limit=0.6, noise=6.0)
HARD = SearchConfig(candidates=6, moves_per_figure=6, attacks=6, rollouts=24,
                    time_limit=1.4)

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
