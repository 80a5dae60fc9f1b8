"""Spaces above spaces as the renderer draws them: depth tiers and the roof cut away.

A column with several surfaces (`arena.engine.board.Board.storeys`: a bridge's deck and the
ground under it, a tunnel's floor and its roof) is drawn as one run of tiles per surface, each
run in its own *tier*: tier 0 is the bottom run (and every column with one surface), tier 1
the run above the first gap, and so on. The renderer's depth keys put a tier's terrain after
everything of the lower tiers in the same screen row, so a bridge's deck hides the top of a
figure standing under it and a figure on the deck stands in front of the deck; a board without
gaps has tier 0 only and is drawn exactly as before.

The roof over the pointer: when the space under the pointer is a surface with a ceiling (the
ground under a bridge, a tunnel's floor), the runs above that ceiling in its column and in the
columns around it (`ROOF_REACH`) are drawn faded, figures on them too, so what stands under the
roof can be seen and clicked. No pygame here: plain arithmetic on the board.
"""

from __future__ import annotations

from collections.abc import Mapping

from arena.engine import Board
from arena.hexgrid import Hex, Storey, distance

__all__ = [
    "ROOF_ALPHA",
    "ROOF_REACH",
    "TIER_STEP",
    "Roof",
    "faded",
    "roof_over",
    "run_bottoms",
    "storey_bottoms",
    "tier_of",
    "under_roof",
]

TIER_STEP = 10.0
"""How far apart two tiers' depth layers lie (the renderer's layers of one tier -- terrain,
markers, labels, figures -- all fit below it)."""

ROOF_REACH = 2
"""How many hexes around the pointer's column a roof is cut away: a figure under a bridge is
hidden by the deck over it and by the deck of the hex in front of it, two rows in front at
most at the camera's tilt."""

ROOF_ALPHA = 0.22
"""How opaque a cut-away roof (and a figure on it) is still drawn: enough to see where the
bridge runs, little enough to see what stands under it."""

Roof = frozenset[tuple[Hex, int]]
"""The cut-away runs: (plain hex of a column, tier)."""


def tier_of(board: Board, space: Hex) -> int:
    """The tier a space's surface is drawn in: its place among its column's storeys, bottom
    first (0 for a column with one surface; a plain hex of a column with several names its
    top, as it does for the rules)."""
    storeys = board.storeys.get(space.column)
    if not storeys:
        return 0
    if isinstance(space, Storey):
        try:
            return storeys.index(space)
        except ValueError:
            return 0
    return len(storeys) - 1


def run_bottoms(board: Board) -> dict[Hex, float]:
    """Where each storey's run of tiles begins (the ceiling of the surface below it), for
    the storeys above the bottom one: picking follows the view ray through the gap."""
    bottoms: dict[Hex, float] = {}
    for storeys in board.storeys.values():
        for below, space in zip(storeys, storeys[1:], strict=False):
            ceiling = board.ceiling(below)
            if ceiling is not None:
                bottoms[space] = float(ceiling)
    return bottoms


def roof_over(board: Board, space: Hex | None, reach: int = ROOF_REACH) -> Roof:
    """The runs drawn faded while the pointer is on ``space``: every run beginning at or above
    its ceiling, in the columns within ``reach`` of its own (none when it has open sky)."""
    if space is None:
        return frozenset()
    ceiling = board.ceiling(space)
    if ceiling is None:
        return frozenset()
    here = space.column
    bottoms = storey_bottoms(board)
    cut: set[tuple[Hex, int]] = set()
    for column, storeys in board.storeys.items():
        if distance(here, column) > reach:
            continue
        for index, storey in enumerate(storeys):
            if index and bottoms.get(storey, 0.0) >= ceiling:
                cut.add((column, index))
    return frozenset(cut)


def under_roof(board: Board, spaces: tuple[Hex, ...]) -> bool:
    """Whether something standing on ``spaces`` has a roof over it (the renderer draws such a
    figure seen through the terrain in front of it)."""
    return any(board.ceiling(s) is not None for s in spaces)


def faded(board: Board, roof: Roof, spaces: tuple[Hex, ...]) -> bool:
    """Whether something standing on ``spaces`` stands on a cut-away roof."""
    return any((s.column, tier_of(board, s)) in roof for s in spaces)


def storey_bottoms(board: Board) -> Mapping[Hex, float]:
    """`run_bottoms`, kept per board (the terrain never changes during a battle)."""
    found: Mapping[Hex, float] | None = board.memo.get("client_run_bottoms")
    if found is None:
        found = board.memo["client_run_bottoms"] = run_bottoms(board)
    return found
