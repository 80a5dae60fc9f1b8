"""Axial hex coordinates and the integer geometry of the hex grid.

This module holds :class:`Hex` (an axial coordinate with its implied cube coordinate ``s``) and
everything that can be computed on the grid without reference to the continuous plane: the six
directions, neighbours, distance, rings, spirals, rotation, reflection, rounding of fractional
coordinates and line drawing between hex centres.  It is pure and stdlib-only so that the rules
engine, the AI and the editor all share one exact, deterministic geometry.

Conventions (shared with :mod:`arena.hexgrid.plane`, which lays hexes out pointy-top with ``x`` to
the right and ``y`` *down*, as on a screen):

* ``Hex(q, r)`` with the implied cube coordinate ``s = -q - r``.  ``q`` grows towards the east,
  ``r`` grows down the screen (towards the south-east / south-west).
* Directions are numbered 0..5 counter-clockwise *as seen on screen*, starting east:
  0 E ``(+1, 0)``, 1 NE ``(+1, -1)``, 2 NW ``(0, -1)``, 3 W ``(-1, 0)``, 4 SW ``(-1, +1)``,
  5 SE ``(0, +1)``.  Any int is accepted as a direction and taken modulo 6.
* A positive rotation step is 60 degrees counter-clockwise on screen, so rotating
  ``DIRECTIONS[i]`` by one step gives ``DIRECTIONS[i + 1]``.
* Rings start at the hex ``radius`` steps east of the centre and run counter-clockwise, so
  ``ring(c, 1) == neighbours(c)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar, Literal

__all__ = [
    "DIRECTIONS",
    "LINE_NUDGE",
    "ORIGIN",
    "Axis",
    "Direction",
    "Hex",
    "cube_round",
    "direction_to",
    "distance",
    "line",
    "line_candidates",
    "neighbour",
    "neighbours",
    "reflect",
    "ring",
    "rotate",
    "spiral",
    "within",
]


@dataclass(frozen=True, slots=True)
class Hex:
    """An axial hex coordinate ``(q, r)``; the cube coordinate ``s = -q - r`` is implied.

    Hexes are immutable, hashable and totally ordered by ``(q, r)`` so that sets of hexes can be
    iterated deterministically (``sorted(hexes)``).  They support ``+`` and ``-`` (as vectors),
    unary ``-`` and multiplication by an ``int``.

    A `arena.hexgrid.storey.Storey` (a hex and the level of one of several surfaces in its
    column) is a ``Hex`` too: it sorts right after the plain hex of its column, by level, and
    is never equal to it, so plain hexes and storeys share one order and one set.
    """

    q: int
    r: int

    storey_level: ClassVar[int] = -1
    """The sort key's third part: -1 for a plain hex, the level for a storey."""

    def __lt__(self, other: Hex) -> bool:
        # Written out rather than tuple-compared: sorting hexes is on the AI's hot path, and
        # ``sorted`` calls only this one.
        q, oq = self.q, other.q
        if q != oq:
            return q < oq
        r, o_r = self.r, other.r
        if r != o_r:
            return r < o_r
        return self.storey_level < other.storey_level

    # The order is total, so the other comparisons follow from ``<``.
    def __le__(self, other: Hex) -> bool:
        return not other.__lt__(self)

    def __gt__(self, other: Hex) -> bool:
        return other.__lt__(self)

    def __ge__(self, other: Hex) -> bool:
        return not self.__lt__(other)

    @property
    def column(self) -> Hex:
        """The plain hex of this space's column (itself for a plain hex)."""
        return self

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    @property
    def cube(self) -> tuple[int, int, int]:
        """The cube coordinates ``(q, r, s)``."""
        return (self.q, self.r, -self.q - self.r)

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def __mul__(self, k: int) -> Hex:
        if not isinstance(k, int):
            return NotImplemented
        return Hex(self.q * k, self.r * k)

    def __rmul__(self, k: int) -> Hex:
        return self.__mul__(k)


ORIGIN = Hex(0, 0)
"""The hex at axial ``(0, 0)``; its centre is the origin of the plane."""


class Direction(IntEnum):
    """Names for the six direction indices (counter-clockwise on screen, starting east)."""

    E = 0
    NE = 1
    NW = 2
    W = 3
    SW = 4
    SE = 5


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),  # 0 E
    Hex(1, -1),  # 1 NE
    Hex(0, -1),  # 2 NW
    Hex(-1, 0),  # 3 W
    Hex(-1, 1),  # 4 SW
    Hex(0, 1),  # 5 SE
)
"""The six unit vectors, indexed by direction (0 = east, then counter-clockwise on screen)."""

_DIRECTION_INDEX: dict[Hex, Direction] = {v: Direction(i) for i, v in enumerate(DIRECTIONS)}

Axis = Literal["q", "r", "s"]
"""Name of the cube coordinate kept fixed by :func:`reflect`."""


def neighbour(h: Hex, direction: int) -> Hex:
    """Return the hex adjacent to ``h`` in ``direction`` (taken modulo 6)."""
    return h + DIRECTIONS[direction % 6]


def neighbours(h: Hex) -> list[Hex]:
    """Return the six neighbours of ``h`` in direction order (E, NE, NW, W, SW, SE)."""
    return [h + d for d in DIRECTIONS]


def direction_to(a: Hex, b: Hex) -> Direction | None:
    """Return the direction from ``a`` to the adjacent hex ``b``, or ``None`` if not adjacent."""
    return _DIRECTION_INDEX.get(b - a)


def distance(a: Hex, b: Hex) -> int:
    """Return the number of steps between ``a`` and ``b`` on the grid."""
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Return the ``6 * radius`` hexes at exactly ``radius`` steps from ``center``.

    The ring starts at ``center + radius * DIRECTIONS[E]`` and runs counter-clockwise (on screen),
    so ``ring(c, 1) == neighbours(c)``.  ``ring(c, 0) == [c]``.  Raises ``ValueError`` for a
    negative radius.
    """
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    result: list[Hex] = []
    h = center + DIRECTIONS[Direction.E] * radius
    for side in range(6):
        step = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            result.append(h)
            h = h + step
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Return every hex within ``radius`` of ``center``: ``center`` first, then rings 1..radius.

    The result has ``1 + 3 * radius * (radius + 1)`` hexes.
    """
    if radius < 0:
        raise ValueError(f"spiral radius must be >= 0, got {radius}")
    result = [center]
    for k in range(1, radius + 1):
        result.extend(ring(center, k))
    return result


def within(center: Hex, radius: int) -> set[Hex]:
    """Return the set of hexes at distance ``<= radius`` from ``center`` (empty if negative)."""
    result: set[Hex] = set()
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            result.add(Hex(center.q + dq, center.r + dr))
    return result


def rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` about ``center`` by ``steps`` * 60 degrees.

    Positive steps turn counter-clockwise as seen on screen (E -> NE -> NW ...), negative steps
    clockwise; six steps are the identity.
    """
    q, r, s = (h - center).cube
    for _ in range(steps % 6):
        q, r, s = -s, -q, -r
    return Hex(q, r) + center


def reflect(h: Hex, axis: Axis, center: Hex = ORIGIN) -> Hex:
    """Mirror ``h`` about ``center``, keeping the cube coordinate ``axis`` and swapping the others.

    * ``"q"``: ``(q, r, s) -> (q, s, r)``; the mirror line through the centre rises 30 degrees
      above east on screen (through the corner between the E and NE edges).
    * ``"r"``: ``(q, r, s) -> (s, r, q)``; the mirror line is vertical on screen.
    * ``"s"``: ``(q, r, s) -> (r, q, s)``; the mirror line falls 30 degrees below east on screen
      (through the corner between the E and SE edges).

    Reflecting twice about the same axis is the identity.
    """
    q, r, s = (h - center).cube
    if axis == "q":
        out = Hex(q, s)
    elif axis == "r":
        out = Hex(s, r)
    elif axis == "s":
        out = Hex(r, q)
    else:
        raise ValueError(f"axis must be 'q', 'r' or 's', got {axis!r}")
    return out + center


def cube_round(fq: float, fr: float) -> Hex:
    """Return the hex whose centre is nearest the fractional axial coordinate ``(fq, fr)``.

    Each cube coordinate is rounded half up (``floor(x + 0.5)``, translation invariant, unlike
    Python's ``round``) and the one that moved furthest is recomputed from the other two.  Points
    exactly on a boundary between hexes get a deterministic but otherwise unspecified answer;
    :func:`line` avoids such ties with :data:`LINE_NUDGE`.
    """
    fs = -fq - fr
    q = math.floor(fq + 0.5)
    r = math.floor(fr + 0.5)
    s = math.floor(fs + 0.5)
    dq = abs(q - fq)
    dr = abs(r - fr)
    ds = abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


LINE_NUDGE: tuple[float, float, float] = (1e-6, 2e-6, -3e-6)
"""Cube-space offset ``(q, r, s)`` added to both endpoints by :func:`line` to settle ties."""


def _line_numerators(a: Hex, b: Hex) -> Iterator[tuple[int, int, int]]:
    """Yield ``(n, nq, nr)`` so that sample ``i`` of the exact line is ``(nq / n, nr / n)``."""
    n = distance(a, b)
    for i in range(n + 1):
        j = n - i
        yield n, a.q * j + b.q * i, a.r * j + b.r * i


def line(a: Hex, b: Hex) -> list[Hex]:
    """Return the hexes on the straight line from the centre of ``a`` to the centre of ``b``.

    The result has ``distance(a, b) + 1`` hexes, starts with ``a``, ends with ``b`` and each hex
    is adjacent to the next.  Sample ``i`` is the point ``i / n`` of the way from ``a`` to ``b``
    (``n = distance(a, b)``), rounded with :func:`cube_round`.

    Tie rule: where a sample falls exactly on the edge between two hexes (the line runs along hex
    edges), both endpoints are first shifted by :data:`LINE_NUDGE` ``(+1e-6, +2e-6, -3e-6)`` in
    cube space.  That shift is not parallel to any edge, so the tie always goes to the hex with the
    larger ``4*q + 5*r`` -- equivalently, of two tied neighbours the one lying E, SE or SW of the
    other (right / down on screen) wins.  Because both endpoints move by the same vector the rule
    does not depend on the direction of travel: ``line(b, a) == line(a, b)[::-1]`` always.  Exact
    for distances below 100 000.  Use :func:`line_candidates` to see both sides of every tie.

    Being a sampled line of exactly ``distance + 1`` hexes, it can skip a hex the exact segment
    merely clips near a corner between two samples; :func:`arena.hexgrid.plane.hex_crossings`
    lists every hex the exact segment touches (always a superset of this line).
    """
    nudge_q, nudge_r, _ = LINE_NUDGE
    if a == b:
        return [a]
    return [cube_round(nq / n + nudge_q, nr / n + nudge_r) for n, nq, nr in _line_numerators(a, b)]


def _in_closed_cell(nq: int, nr: int, n: int, h: Hex) -> bool:
    """Whether the point ``(nq / n, nr / n)`` lies in the closed cell of ``h`` (exact)."""
    dq = nq - n * h.q
    dr = nr - n * h.r
    ds = -dq - dr
    return abs(dq - dr) <= n and abs(dr - ds) <= n and abs(ds - dq) <= n


def line_candidates(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """For each sample of :func:`line`, return the hexes the exact (un-nudged) line touches there.

    Each entry is a sorted tuple of one hex, or of two adjacent hexes where the sample point lies
    exactly on their shared edge (the exact line either runs along that edge or crosses it right
    there).  A sample can never fall on a corner (one cube coordinate of every sample is an
    integer), so there are never three.  ``line(a, b)[i]`` is always one of
    ``line_candidates(a, b)[i]``; line-of-sight code can apply its own rule to the pairs.  Only
    the sample points are examined: hexes the segment touches between samples are reported by
    :func:`arena.hexgrid.plane.hex_crossings`.  Computed with exact integer arithmetic.
    """
    if a == b:
        return [(a,)]
    result: list[tuple[Hex, ...]] = []
    for n, nq, nr in _line_numerators(a, b):
        q_lo, q_rem = divmod(nq, n)
        r_lo, r_rem = divmod(nr, n)
        qs = (q_lo, q_lo + 1) if q_rem else (q_lo,)
        rs = (r_lo, r_lo + 1) if r_rem else (r_lo,)
        touched = sorted(
            h for h in (Hex(q, r) for q in qs for r in rs) if _in_closed_cell(nq, nr, n, h)
        )
        result.append(tuple(touched))
    return result
