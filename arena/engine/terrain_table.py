"""The movement search's view of a board: hexes numbered, terrain answers read once.

`arena.engine.pathfinding` asks the same terrain questions thousands of times per search
(is this space water, road, a cryptolith top, can a base stand here, what is its surface,
which spaces neighbour it, what does climbing from one to the other cost a figure of this
height). The board never changes during a game (a destroyed cryptolith gives a new board:
`Board.without`), so the answers are computed once per board and kept with it
(`Board.memo`), and the search works on small ints instead of `Hex` objects: an int is
hashed and compared in C, a `Hex` through Python code on every dictionary lookup.

The numbering is an implementation detail: nothing the search returns or orders by depends
on it (paths are ordered by their hexes' coordinates, `TerrainTable.flat`).
"""

from __future__ import annotations

import threading
from typing import Any

from arena.engine.board import Board
from arena.hexgrid import Hex

__all__ = ["CRYPTOLITH_SCALE_COST", "WATER_EXIT_COST", "Climb", "TerrainTable", "terrain_table"]

CRYPTOLITH_SCALE_COST = 4
"""Shadows over Innistrad "Cryptoliths": scaling up to, or down from, the top counts 4 spaces."""

WATER_EXIT_COST = 1
"""Guide "Moving from water to land": moving out of a water space costs one more."""

Climb = tuple[tuple[int, int], ...] | str
"""The ways to pay for a step on foot, as (cost, levels dropped in a fall check or 0), or why
the step cannot be made."""


class TerrainTable:
    """One board's terrain, indexed by hex number (see the module docstring).

    Every column of the board is numbered when the table is built; a hex off the board gets a
    number the first time it is asked about (`id`), with the board's answers for it (nothing
    stands there). ``water`` and ``road`` are the movement rules' readings: a cryptolith
    standing in water or on road has a dry, plain top."""

    __slots__ = ("_climbs", "_neighbours", "board", "ceiling", "crypt", "flat", "hexes",
                 "index", "on_board", "road", "stand", "steps", "surface", "water")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.index: dict[Hex, int] = {}
        self.hexes: list[Hex] = []
        self.flat: list[tuple[int, ...]] = []
        self.on_board: list[bool] = []
        self.surface: list[int] = []
        self.water: list[bool] = []
        self.road: list[bool] = []
        self.crypt: list[bool] = []
        self.stand: list[bool] = []
        self.ceiling: list[int | None] = []
        """Where the tile above a space begins (None: open sky): spaces above spaces."""
        self._neighbours: list[tuple[int, ...] | None] = []
        self._climbs: dict[int, dict[tuple[int, int], Climb]] = {}
        self.steps: dict[tuple[int, bool], dict[Any, Any]] = {}
        """The movement search's steps between spaces with no figure and no glyph, by the
        mover's height and whether it flies (`arena.engine.pathfinding` owns their form)."""
        for hex_ in board.spaces:
            self._add(hex_)

    def id(self, hex_: Hex) -> int:
        """The number of a hex (numbering it if it is new: one off the board)."""
        found = self.index.get(hex_)
        if found is None:
            # Tables are shared by games searched on other threads (an AI thinking while
            # the client asks): numbering is the one change that must not interleave.
            with _LOCK:
                found = self.index.get(hex_)
                if found is None:
                    found = self._add(hex_)
        return found

    def _add(self, hex_: Hex) -> int:
        board = self.board
        number = len(self.hexes)
        self.index[hex_] = number
        self.hexes.append(hex_)
        # A storey orders after its column's plain hex, by level (`arena.hexgrid.Hex`).
        self.flat.append((hex_.q, hex_.r) if hex_.storey_level < 0
                         else (hex_.q, hex_.r, hex_.storey_level))
        self.on_board.append(hex_ in board.spaces)
        self.surface.append(board.surface(hex_))
        self.water.append(board.is_water(hex_) and hex_ not in board.obstacle_at)
        self.road.append(board.is_road(hex_) and hex_ not in board.obstacle_at)
        self.crypt.append(board.is_cryptolith(hex_))
        self.stand.append(board.can_stand(hex_))
        self.ceiling.append(board.ceiling(hex_))
        self._neighbours.append(None)
        return number

    def neighbours(self, number: int) -> tuple[int, ...]:
        """The neighbouring spaces on the board, in direction order (E, NE, NW, W, SW, SE),
        the surfaces of one column bottom first."""
        found = self._neighbours[number]
        if found is None:
            spaces = self.board.spaces
            found = tuple(self.index[h] for h in self.board.around(self.hexes[number])
                          if h in spaces)
            self._neighbours[number] = found
        return found

    def passage(self, height: int, here: int, there: int) -> str | None:
        """Why a figure of ``height`` cannot pass between two neighbouring spaces under their
        ceilings, or None when it can (always, where neither has a ceiling).

        Spaces above spaces (a bridge, an overhang, a tunnel's roof): the guide's figures
        stand in the open, so the step is read as the figure crossing the seam between the
        two columns standing on the higher of the two surfaces: it needs the air of both
        columns open from there for its whole height. So a figure too tall for a tunnel
        cannot enter it, nor leave a space under a roof for a surface above that roof, and a
        ceiling stops flight above it as it stops a climb."""
        ceilings = self.ceiling
        above, beyond = ceilings[here], ceilings[there]
        if above is None and beyond is None:
            return None
        floor = max(self.surface[here], self.surface[there])
        roof = min(c for c in (above, beyond) if c is not None)
        if roof - floor >= height:
            return None
        if roof <= floor:
            return "a roof is in the way"
        return f"the figure is {height} levels tall, with {roof - floor} under the roof there"

    def climb(self, height: int, here: int, there: int) -> Climb:
        """The ways for a figure of ``height`` to pay for its leading side stepping from
        ``here`` to ``there`` on foot (cached per height)."""
        table = self._climbs.get(height)
        if table is None:
            table = self._climbs[height] = {}
        found = table.get((here, there))
        if found is None:
            found = table[(here, there)] = self._climb(height, here, there)
        return found

    def _climb(self, height: int, here: int, there: int) -> Climb:
        blocked = self.passage(height, here, there)
        if blocked is not None:
            return blocked
        rise = self.surface[there] - self.surface[here]
        options: list[tuple[int, int]] = []
        problem = ""
        if rise > 0:
            # Guide "Height limit": not a rise equal to or higher than the figure's height.
            if rise >= height:
                problem = f"climbing {rise} levels needs height {rise + 1}+"
            else:
                # Guide "Moving up": each level of side plus the space landed on.
                options.append((rise + 1, 0))
        else:
            # Guide "Moving down" is free; "Falling": a drop of the figure's height or more
            # is a fall check, except into water. Falling does not stop the move.
            drop = -rise
            falls = drop >= height and not self.water[there]
            options.append((1, drop if falls else 0))
        # Shadows over Innistrad "Cryptoliths": scale up to or down from the top for 4.
        crypt_here, crypt_there = self.crypt[here], self.crypt[there]
        if crypt_there != crypt_here and (
            (rise > 0 and crypt_there) or (rise < 0 and crypt_here)
        ):
            options.append((CRYPTOLITH_SCALE_COST, 0))
        if not options:
            return problem
        # Guide "Moving from water to land": add one to move out of the water space.
        extra = WATER_EXIT_COST if self.water[here] else 0
        return tuple(sorted({(cost + extra, drop) for cost, drop in options}))


_LOCK = threading.Lock()

_SHARED_SIZE = 32
_shared: dict[str, TerrainTable] = {}
"""Tables by `Board.content_key`: every game on one battlefield (a replay, a clone's fresh
board, the next game of a batch) shares one table and the steps worked out on it."""


def terrain_table(board: Board) -> TerrainTable:
    """The board's table (built on first use, kept with the board and shared with every
    board of the same terrain)."""
    found: TerrainTable | None = board.memo.get("terrain_table")
    if found is None:
        key = board.content_key()
        with _LOCK:
            found = _shared.get(key)
            if found is None:
                if len(_shared) >= _SHARED_SIZE:
                    del _shared[next(iter(_shared))]
                found = _shared[key] = TerrainTable(board)
        board.memo["terrain_table"] = found
    return found
