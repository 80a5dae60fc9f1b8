"""Shared builders for the AI tests: small budgets, shipped games, tiny positions."""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from arena.ai.controller import AIController
from arena.ai.levels import make_controller
from arena.ai.search import SearchConfig, SearchController
from arena.engine import Game

QUICK = SearchConfig(candidates=4, moves_per_figure=2, attacks=3, rollouts=6, time_limit=30.0)
"""A small search budget: the tests check behaviour, not strength. The budget, not the clock,
bounds these searches (the time cap is far away), so a loaded machine gives the same choices."""

LEVELS = ("random", "easy", "greedy", "normal", "hard")


def quick_controller(name: str, seed: int = 0) -> AIController:
    """A controller of a level, with a small budget for the search levels."""
    if name in ("normal", "hard"):
        config = QUICK if name == "hard" else SearchConfig(
            candidates=3, moves_per_figure=1, attacks=2, rollouts=3, time_limit=30.0, noise=6.0)
        return SearchController(seed, config, name=name)
    return make_controller(name, seed)


@lru_cache(maxsize=1)
def catalog() -> Any:
    from arena.ai.sim import catalog as shipped

    return shipped()


def shipped_game(scenario: str, armies: list[str], seed: int, decks: bool = True) -> Game:
    """A new game of a shipped scenario with shipped premade armies (and their decks)."""
    from arena.content.to_engine import game_from_content

    cat = catalog()
    sc = cat.scenarios[scenario]
    bf = cat.battlefields[sc.battlefield]
    deck_models: list[Any] = []
    for a in armies:
        walker = cat.armies[a].planeswalker
        found = sorted(d for d, deck in cat.decks.items() if deck.planeswalker == walker)
        deck_models.append(cat.decks[found[0]] if decks and found else [])
    seats = [list(t) for t in sc.teams] if sc.teams else None
    return game_from_content(sc, bf, [cat.armies[a] for a in armies], deck_models, seats,
                             seed, catalog=cat)


def load_script(name: str) -> ModuleType:
    """A script of ``scripts/`` loaded as a module (the scripts are not a package)."""
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # a dataclass defined in the script looks its module up
    spec.loader.exec_module(module)
    return module
