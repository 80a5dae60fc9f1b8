"""The hard level's decisions on the benchmark positions (`arena.ai.bench.positions`), as
the search made them before it was made faster: the same action, the same work, the same
rollouts and the same value for every candidate, to the last bit. Speed work must leave the
search's results alone (a seeded game is the same on every version that claims to be the
same AI); a change meant to alter the decisions records the file again on purpose:
``hard_decisions.json`` holds, per position, what `record` returns, recorded with the
search as it was before the speed work (commit 23eb906) on the positions of the Duel as
shipped since its zones were evened (commit b701e92: that search, this field), and again on
purpose when the search came to plan a pass by its candidates' own sample costs
(`arena.ai.search._pass_cost`): 2 of the 15 decisions then spent their budget otherwise
(the work and the rollouts of their last pass), with the same actions; and when a whole
turn's budget came to settle the attack step by one ply (`arena.ai.turn_budget`): the 2
decisions of that step kept their actions, with no rollouts."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.ai.bench import positions
from arena.ai.levels import HARD
from arena.ai.search import SearchController
from arena.ai.weights import SEARCH_WEIGHTS

RECORDED = Path(__file__).with_name("hard_decisions.json")


def untimed_hard(seed: int = 1) -> SearchController:
    """The hard level without its wall-clock safety net (`SearchConfig.time_limit`): on a
    busy machine the net could cut a search short, and the budget of work alone must decide
    what is compared."""
    return SearchController(seed, replace(HARD, time_limit=math.inf), name="hard",
                            weights=SEARCH_WEIGHTS)


def record() -> list[dict[str, Any]]:
    """What one hard controller decides on each benchmark position, in order."""
    out: list[dict[str, Any]] = []
    controller = untimed_hard()
    for game in positions():
        legal = game.legal_actions()
        action = controller.choose(game.view(game.to_act), legal)
        stats = controller.stats
        out.append({"index": legal.index(action), "action": repr(action),
                    "work": int(stats.work), "rollouts": stats.rollouts,
                    "candidates": stats.candidates,
                    "values": {k: repr(v) for k, v in sorted(stats.values.items())},
                    "legal": len(legal)})
    return out


def test_hard_decisions_are_as_recorded() -> None:
    expected = json.loads(RECORDED.read_text())
    found = record()
    assert len(found) == len(expected)
    for number, (got, want) in enumerate(zip(found, expected, strict=True)):
        assert got == want, f"position {number}"
