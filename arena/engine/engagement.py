"""Engagement between two opposing figures: adjacency with the level and obstacle exceptions.

Guide, Action 3 "Becoming engaged" (pp.9-10): "A figure becomes engaged when it moves adjacent
to an opponent's figure. An exception is when one figure's base is on a level equal to or
higher than the height of the other figure. In this case, they are not adjacent and therefore
are not engaged (see Example 11)." and "If an obstacle such as a ruin is between two figures,
both figures' heights must be higher than the obstacle to be engaged. If both figures' heights
are lower than the obstacle, or only one figure's height is lower, they are not engaged."

How those sentences are read on the hex grid (pure geometry; the caller decides who opposes
whom, and whether a figure is on the battlefield at all):

* **Level exception.** It is part of what "adjacent" means (`arena.engine.bodies.is_adjacent`,
  Example 11: "Chandra is not adjacent to the Pummelroot Elemental"), so figures it separates
  are neither adjacent nor engaged, for every rule that says either word.
* **Obstacle between.** Two adjacent spaces share one edge; the obstacle "between" them is one
  standing in either of the two spaces that flank that edge (the hexes adjacent to both). A
  ruin there walls off the seam between the two figures; nothing else can be between two
  neighbouring spaces on a hex grid, because a ruin cannot share a space with a figure. Heights
  are compared as levels in the air, so figures and obstacle on different ground compare
  fairly: the pair is cut off when the obstacle's top is at or above either figure's top
  ("both figures' heights must be higher"). Any obstacle counts (ruin or cryptolith), whether
  or not it blocks sight, because the rule is about reaching, not seeing.
* **Double-space figures** are engaged if any hex of one neighbours any hex of the other across
  a seam that no such obstacle walls off.
"""

from __future__ import annotations

from collections.abc import Iterable

from arena.engine.board import Board
from arena.engine.bodies import Body, is_adjacent
from arena.hexgrid import Hex, distance, neighbours

__all__ = ["engaged_with", "is_engaged", "obstacle_between"]


def is_engaged(board: Board, a: Body, b: Body) -> bool:
    """Whether two opposing figures are engaged with each other (guide pp.9-10)."""
    # Adjacency includes the level exception (Example 11: "not adjacent").
    if a.figure_id == b.figure_id or not is_adjacent(a, b):
        return False
    # The seams depend on the terrain, the spaces and the lower top alone; each board keeps
    # the answers (the AI asks them of every position it tries).
    memo: dict[tuple[tuple[Hex, ...], tuple[Hex, ...], float], bool] | None = \
        board.memo.get("engaged_seams")
    if memo is None or len(memo) >= _SEAMS_KEPT:
        memo = board.memo["engaged_seams"] = {}
    key = (a.hexes, b.hexes, min(a.top, b.top))
    found = memo.get(key)
    if found is None:
        found = memo[key] = any(
            not obstacle_between(board, ha, hb, a, b)
            for ha in a.hexes
            for hb in b.hexes
            if distance(ha, hb) == 1
        )
    return found


_SEAMS_KEPT = 16384
"""Answers of `is_engaged` a board keeps before it starts afresh (a bound on memory)."""


def engaged_with(board: Board, body: Body, enemies: Iterable[Body]) -> list[str]:
    """The ids of the ``enemies`` that ``body`` is engaged with, sorted for determinism."""
    return sorted(e.figure_id for e in enemies if is_engaged(board, body, e))


def obstacle_between(board: Board, ha: Hex, hb: Hex, a: Body, b: Body) -> bool:
    """Whether an obstacle flanking the seam between neighbouring spaces ``ha`` (of ``a``) and
    ``hb`` (of ``b``) is at least as tall as either figure, cutting the engagement there."""
    lowest_top = min(a.top, b.top)
    flanking = set(neighbours(ha)) & set(neighbours(hb))
    for hex_ in sorted(flanking):
        obstacle = board.obstacle_at.get(hex_)
        if obstacle is not None and board.top(hex_) + obstacle.height >= lowest_top:
            return True
    return False
