"""Arena's rules engine: headless, deterministic, no pygame and no I/O.

This package grows into the full question-and-answer surface (legal actions, apply, outcome,
per-player views). Present today, each a pure module the game state will call:

- `arena.engine.board`: the static battlefield the rules read terrain from.
- `arena.engine.bodies`: a figure's volume (hexes, base, height, target point, hit zone).
- `arena.engine.sight`: exact 3D line of sight and clear-sight spaces, with the first blocker.
- `arena.engine.engagement`: which opposing figures are engaged.
- `arena.engine.movement`: reachable spaces with cost, path, falls and the leaving-engagement
  attacks a path provokes; validation of an explicit path.
"""

from arena.engine.board import Board, Column, ObstacleSpec
from arena.engine.bodies import Body, is_adjacent
from arena.engine.engagement import engaged_with, is_engaged, obstacle_between
from arena.engine.movement import (
    EngagedAt,
    MoveRequest,
    Occupant,
    Position,
    Reach,
    engagement_lookup,
    no_engagement,
    path_cost,
    reachable,
)
from arena.engine.sight import (
    Blocker,
    Point3,
    Sight,
    clear_sight_to_figure,
    clear_sight_to_space,
    line_of_sight,
    trace_ray,
)

__all__ = [
    "Blocker", "Board", "Body", "Column", "EngagedAt", "MoveRequest", "ObstacleSpec", "Occupant",
    "Point3", "Position", "Reach", "Sight", "clear_sight_to_figure", "clear_sight_to_space",
    "engaged_with", "engagement_lookup", "is_adjacent", "is_engaged", "line_of_sight",
    "no_engagement", "obstacle_between", "path_cost", "reachable", "trace_ray",
]
