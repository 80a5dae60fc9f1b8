"""Computer opponents: controllers that answer ``choose(view, legal_actions)`` from a player's
view only (`arena.engine.Game.view`), a headless match runner, and batch simulations.

Levels (`make_controller(name, seed)`; `LEVELS`): ``random`` (seeded baseline), ``easy``
(one ply with softmax noise), ``normal`` (search, small budget, a little noise), ``hard``
(search) and ``greedy`` (one ply, no noise). See `arena.ai.levels` for the budgets.

Modules:

- `controller`: the `Controller` protocol, `AIController` (fault fallback, stop tokens),
  `RandomController`, `ScriptedController`, `CallbackController`, `HumanController`,
  `safe_action`;
- `evaluate`: the position evaluation (army points: material, stats, cards, position, tempo),
  with its numbers in `weights` and what it reads of a state (each figure's folded stats and
  value) in `snapshot`;
- `chance`: exact chance outcomes (forced dice), determinization of hidden information;
- `tactics`: fast move, placement and attack scores; the quick policy and its rollouts;
- `greedy`: the one-ply AI; `search`: the search AI (rollouts, sequential halving);
- `sample`: a rollout sample as a record of its value and work; `helpers`: helper processes
  that take shares of a search's samples (the game window's spare cores), same decisions;
- `levels`: the named levels; `match`: the match runner (`Match`, `run_match`);
- `async_controller`: `AsyncController` (decisions off the frame loop, cancellable);
- `sim`, `sim_cli`: batches of matches (``arena sim``); `bench`: benchmark rows.

Nothing here imports pygame or YAML (content is loaded lazily by `sim`).
"""

from arena.ai.async_controller import AsyncController
from arena.ai.controller import (
    AIController,
    CallbackController,
    Controller,
    HumanController,
    RandomController,
    ScriptedController,
    StopToken,
    safe_action,
)
from arena.ai.greedy import GreedyController
from arena.ai.levels import LEVELS, make_controller
from arena.ai.match import DecisionRecord, Match, MatchResult, run_match
from arena.ai.search import SearchConfig, SearchController

__all__ = [
    "LEVELS", "AIController", "AsyncController", "CallbackController", "Controller",
    "DecisionRecord", "GreedyController", "HumanController", "Match", "MatchResult",
    "RandomController", "ScriptedController", "SearchConfig", "SearchController", "StopToken",
    "make_controller", "run_match", "safe_action",
]
