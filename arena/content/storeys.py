"""Positions on surfaces: the spaces a battlefield's columns offer, and how a position names one.

A column's standing surfaces are the top of each run of its tiles (a gap, ``null`` in its
`levels`, ends a run: a bridge over a river, an overhang, a tunnel's roof). They are read by
the engine's own `arena.engine.board.surfaces_of`, so the checks, the importer and the game
never disagree about which surfaces a column has. A position in a battlefield file names one:

* ``[q, r]`` on a column with one surface (every column of the shipped battlefields), as it
  always did;
* ``[q, r, level]`` on a column with several, ``level`` being the level of the surface's top
  tile: the engine's `arena.hexgrid.Storey`, written ``q,r@level`` in messages.

`Spaces` answers which surface a position names, and says what is wrong with one that names
none (`Spaces.misnamed`), in words a map maker can act on.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from arena.content.battlefield import Column
from arena.engine.board import Column as Floor
from arena.engine.board import surfaces_of, tile_runs
from arena.hexgrid import Hex, Storey, space_at

__all__ = ["Coord", "Floor", "Position", "Spaces", "column_of", "level_in", "named",
           "order", "position", "space", "surface_levels", "written"]

Coord = tuple[int, int]
Position = tuple[int, int] | tuple[int, int, int]


def column_of(at: Position) -> Coord:
    """The column a position stands in."""
    return (at[0], at[1])


def level_in(at: Position) -> int | None:
    """The level a position names (None for ``[q, r]``: the column's only surface)."""
    return at[2] if len(at) == 3 else None


def space(at: Position) -> Hex:
    """The engine's space: a plain `Hex` for ``[q, r]``, a `Storey` for ``[q, r, level]``."""
    return space_at(at[0], at[1], level_in(at))


def position(where: Hex) -> Position:
    """A space written as a battlefield file writes it."""
    if isinstance(where, Storey):
        return (where.q, where.r, where.level)
    return (where.q, where.r)


def surface_levels(levels: Sequence[str | None]) -> list[int]:
    """The level of each standing surface of a column's levels, bottom first (the top of
    each run of tiles: the engine's own reading, `arena.engine.board.tile_runs`)."""
    return [top for _, top in tile_runs(levels)]


def named(at: Position) -> str:
    """A position in a message: ``[q, r]`` as before for a plain hex, ``q,r@level`` for a
    storey (the name the game gives it: `arena.hexgrid.format_space`)."""
    level = level_in(at)
    return f"[{at[0]}, {at[1]}]" if level is None else f"{at[0]},{at[1]}@{level}"


def written(at: Position) -> str:
    """A position as the file writes it: ``[q, r]`` or ``[q, r, level]``."""
    return "[" + ", ".join(str(v) for v in at) + "]"


def order(at: Position) -> tuple[int, int, int]:
    """Row, then column, then level (a plain hex first): the order spaces are listed in."""
    return (at[1], at[0], level_in(at) or 0)


def _levels(floors: Sequence[Floor]) -> str:
    tops = [str(f.top) for f in floors]
    return ", ".join(tops[:-1]) + " and " + tops[-1] if len(tops) > 1 else tops[0]


@dataclass(frozen=True)
class Spaces:
    """The standing surfaces of a battlefield's columns, bottom first, by column (a column
    with no tile has none)."""

    by_column: Mapping[Coord, tuple[Floor, ...]]

    @classmethod
    def of(cls, columns: Iterable[Column]) -> Spaces:
        """The surfaces of `columns` (the first column listed at a coordinate counts, as in
        the checks)."""
        out: dict[Coord, tuple[Floor, ...]] = {}
        for column in columns:
            if column.at not in out:
                floors = surfaces_of(Hex(*column.at), tuple(column.levels))
                out[column.at] = tuple(f for f in floors if f.top > 0)
        return cls(out)

    def floors(self, at: Position | Coord) -> tuple[Floor, ...]:
        """The surfaces of the column `at` stands in (none off the battlefield)."""
        return self.by_column.get(column_of(at), ())

    def several(self, at: Position | Coord) -> bool:
        """Whether the column `at` stands in has several surfaces."""
        return len(self.floors(at)) > 1

    def positions(self) -> list[Position]:
        """Every space, column by column (in the order the columns are given), bottom first."""
        return [position(f.hex) for floors in self.by_column.values() for f in floors]

    def at(self, at: Position) -> Floor | None:
        """The surface `at` names, or None (no such column, or a position `misnamed`)."""
        floors = self.floors(at)
        level = level_in(at)
        if level is None:
            return floors[0] if len(floors) == 1 else None
        if len(floors) < 2:
            return None
        return next((f for f in floors if f.top == level), None)

    def top(self, at: Position | Coord) -> Position | None:
        """The position of the top surface of the column `at` stands in (where an obstacle
        stands, and a figure on a single-surface column), or None when it has no tile."""
        floors = self.floors(at)
        return position(floors[-1].hex) if floors else None

    def level(self, at: Position) -> int:
        """The level of the surface `at` names (0 when it names none)."""
        floor = self.at(at)
        return floor.top if floor is not None else 0

    def misnamed(self, at: Position) -> tuple[str, str] | None:
        """What is wrong with how `at` names a surface of its column, and the fix; None when it
        names one (or its column has no tile at all: the callers' own message says so)."""
        floors = self.floors(at)
        if not floors or self.at(at) is not None:
            return None
        q, r = column_of(at)
        level = level_in(at)
        options = " or ".join(written(position(f.hex)) for f in floors)
        if level is None:
            return (f"the column at {q},{r} has surfaces at levels {_levels(floors)}",
                    f"write {options}")
        if len(floors) == 1:
            return (f"the column at {q},{r} has one surface (level {floors[0].top}): a level "
                    "is written only where a column has several", f"write [{q}, {r}]")
        return (f"level {level} is not a surface of the column at {q},{r} (it has surfaces at "
                f"levels {_levels(floors)})", f"write {options}")

    def storeyed(self) -> int:
        """How many columns have several surfaces."""
        return sum(1 for floors in self.by_column.values() if len(floors) > 1)
