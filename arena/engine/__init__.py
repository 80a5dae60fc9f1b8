"""Arena's rules engine: headless, deterministic, no pygame and no I/O.

This package grows into the full question-and-answer surface (legal actions, apply, outcome,
per-player views, queries). Present today: `arena.engine.board`, the static battlefield the
rules read terrain from.
"""

from arena.engine.board import Board, Column, ObstacleSpec

__all__ = ["Board", "Column", "ObstacleSpec"]
