"""One surface of a hex column that has several: a bridge's deck and the ground under it.

A space of the battlefield is a surface a figure may stand on. Most columns have one, the top
of the column, and their space is written as the plain `Hex` ``q,r``, as it always was. A
column with a gap under a higher tile (a bridge, an overhang, a tunnel's roof) has one space
per solid run with air above it, and each is a `Storey`: the hex and the level of its surface,
written ``q,r@level``. A storey is a `Hex` (distance, direction and the plane mapping read its
``q`` and ``r``), never equal to the plain hex of its column nor to another storey of it.

Pure and stdlib-only, like the rest of `arena.hexgrid`; which columns have several surfaces is
the board's knowledge (`arena.engine.board.Board.spaces_at`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arena.hexgrid.coords import Hex

__all__ = ["Storey", "format_space", "parse_space", "space_at"]


@dataclass(frozen=True, slots=True)
class Storey(Hex):
    """A hex ``(q, r)`` and the level of the surface of its column meant: ``q,r@level``."""

    level: int

    @property
    def storey_level(self) -> int:  # type: ignore[override]
        """The sort key's third part (see `Hex`)."""
        return self.level

    @property
    def column(self) -> Hex:
        """The plain hex of this storey's column."""
        return Hex(self.q, self.r)


def space_at(q: int, r: int, level: int | None = None) -> Hex:
    """The space ``q,r`` (``level`` None) or ``q,r@level``."""
    return Hex(q, r) if level is None else Storey(q, r, level)


def format_space(space: Hex) -> str:
    """``q,r`` for a plain hex, ``q,r@level`` for a storey."""
    if isinstance(space, Storey):
        return f"{space.q},{space.r}@{space.level}"
    return f"{space.q},{space.r}"


_SPACE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:@\s*(\d+)\s*)?$")


def parse_space(text: str) -> Hex | None:
    """``q,r`` or ``q,r@level`` read back (None when the text is neither)."""
    m = _SPACE.match(text)
    if not m:
        return None
    level = m.group(3)
    return space_at(int(m.group(1)), int(m.group(2)), None if level is None else int(level))
