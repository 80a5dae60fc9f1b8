"""Mapping between hexes and the continuous plane (pointy-top layout, y down).

This module holds the conversion between :class:`~arena.hexgrid.coords.Hex` coordinates and plane
points -- centres, corners, edges, polygons for Shapely, nearest-hex lookup -- and the exact walk
of a straight segment across the grid (:func:`hex_crossings` / :func:`hexes_crossed`) that
line-of-sight and the later projection build on.  It is stdlib-only; callers build Shapely
geometry from the coordinate lists themselves.

Layout conventions:

* Pointy-top hexes (a corner points straight up and one straight down; the E and W edges are
  vertical).  ``size`` is the centre-to-corner distance, default :data:`SIZE` = 1.0; the
  centre-to-edge distance is ``size * sqrt(3) / 2`` and neighbouring centres are
  ``size * sqrt(3)`` apart.
* The centre of ``Hex(0, 0)`` is the origin, ``x`` grows to the right and ``y`` grows *down*
  (screen coordinates).  So ``Hex(1, 0)`` (east) is at ``(sqrt(3), 0)`` and ``Hex(0, 1)``
  (south-east) at ``(sqrt(3) / 2, 1.5)`` for ``size = 1``.
* "Counter-clockwise" always means as seen on screen, matching the direction order of
  :mod:`arena.hexgrid.coords`.  Note that with ``y`` down a counter-clockwise-on-screen ring
  has a negative shoelace area; Shapely does not care.
* Corner ``i`` (0..5) is at ``60 * i - 30`` degrees counter-clockwise from east: corner 0 is
  lower-right, 1 upper-right, 2 top, 3 upper-left, 4 lower-left, 5 bottom.  The edge facing
  direction ``d`` (shared with ``neighbour(h, d)``) runs from corner ``d`` to corner ``d + 1``.
"""

from __future__ import annotations

import math
from collections import deque
from typing import NamedTuple

from arena.hexgrid.coords import DIRECTIONS, Hex, cube_round, neighbours

__all__ = [
    "CROSSING_TOLERANCE",
    "SIZE",
    "SQRT3",
    "Crossing",
    "Point",
    "edge_midpoint",
    "fractional_hex",
    "hex_corners",
    "hex_crossings",
    "hex_edge",
    "hex_polygon_coords",
    "hex_to_point",
    "hexes_crossed",
    "point_to_hex",
]

Point = tuple[float, float]
"""A point ``(x, y)`` in the plane (``y`` down)."""

SIZE = 1.0
"""Default hex size: the distance from a hex centre to each of its corners."""

SQRT3 = math.sqrt(3.0)

CROSSING_TOLERANCE = 1e-9
"""Slack, in hex sizes, within which a segment counts as touching a hex's boundary."""

_POINT_CONTACT = 1000.0 * CROSSING_TOLERANCE
"""Boundary contacts shorter than this (in hex sizes) are reported as single points."""

_H = SQRT3 / 2.0
_CORNER_OFFSETS: tuple[Point, ...] = (
    (_H, 0.5),  # 0 lower-right (-30 degrees)
    (_H, -0.5),  # 1 upper-right (30 degrees)
    (0.0, -1.0),  # 2 top (90 degrees)
    (-_H, -0.5),  # 3 upper-left (150 degrees)
    (-_H, 0.5),  # 4 lower-left (210 degrees)
    (0.0, 1.0),  # 5 bottom (270 degrees)
)


def hex_to_point(h: Hex, size: float = SIZE) -> Point:
    """Return the plane coordinates of the centre of ``h``."""
    return (size * SQRT3 * (h.q + h.r / 2.0), size * 1.5 * h.r)


def fractional_hex(x: float, y: float, size: float = SIZE) -> tuple[float, float]:
    """Return the fractional axial coordinates ``(q, r)`` of the plane point ``(x, y)``.

    This is the exact inverse of :func:`hex_to_point` extended linearly to every point.
    """
    return ((SQRT3 / 3.0 * x - y / 3.0) / size, (2.0 / 3.0 * y) / size)


def point_to_hex(x: float, y: float, size: float = SIZE) -> Hex:
    """Return the hex containing the plane point ``(x, y)`` (the one with the nearest centre).

    ``point_to_hex(*hex_to_point(h, size), size) == h`` for every hex.  Points exactly on a
    boundary get a deterministic answer (see :func:`~arena.hexgrid.coords.cube_round`).
    """
    fq, fr = fractional_hex(x, y, size)
    return cube_round(fq, fr)


def hex_corners(h: Hex, size: float = SIZE) -> list[Point]:
    """Return the six corners of ``h``: corner ``i`` at ``60 * i - 30`` degrees, counter-clockwise
    on screen starting lower-right (see the module docstring)."""
    cx, cy = hex_to_point(h, size)
    return [(cx + size * ox, cy + size * oy) for ox, oy in _CORNER_OFFSETS]


def hex_edge(h: Hex, direction: int, size: float = SIZE) -> tuple[Point, Point]:
    """Return the two corners (``direction``, ``direction + 1``) of the edge of ``h`` that it
    shares with ``neighbour(h, direction)``."""
    corners = hex_corners(h, size)
    d = direction % 6
    return corners[d], corners[(d + 1) % 6]


def edge_midpoint(h: Hex, direction: int, size: float = SIZE) -> Point:
    """Return the midpoint of the edge of ``h`` facing ``direction`` (halfway to that
    neighbour's centre)."""
    cx, cy = hex_to_point(h, size)
    dx, dy = hex_to_point(DIRECTIONS[direction % 6], size)
    return (cx + dx / 2.0, cy + dy / 2.0)


def hex_polygon_coords(h: Hex, size: float = SIZE, shrink: float = 0.0) -> list[Point]:
    """Return the outline of ``h`` as a closed ring (7 points, last == first) for Shapely.

    Corners are in :func:`hex_corners` order.  ``shrink`` moves every edge inwards by that
    distance (plane units), so two neighbours built with the same ``shrink`` are ``2 * shrink``
    apart; it must satisfy ``0 <= shrink < size * sqrt(3) / 2``.
    """
    inradius = size * _H
    if not 0.0 <= shrink < inradius:
        raise ValueError(f"shrink must be in [0, {inradius}), got {shrink}")
    cx, cy = hex_to_point(h, size)
    radius = size * (inradius - shrink) / inradius
    ring = [(cx + radius * ox, cy + radius * oy) for ox, oy in _CORNER_OFFSETS]
    ring.append(ring[0])
    return ring


class Crossing(NamedTuple):
    """One hex touched by a segment, as reported by :func:`hex_crossings`.

    ``t_in`` / ``t_out`` are the first and last segment parameters (0 at ``p0``, 1 at ``p1``)
    at which the segment touches the closed hex.  ``interior`` is ``False`` when the segment only
    touches the hex's boundary -- it passes through one of its corners or runs along one of its
    edges -- without entering it.  A hex touched at a single point (a corner, or an endpoint
    lying on its boundary) has ``t_in == t_out`` exactly; an edge run has ``t_in < t_out``.
    """

    hex: Hex
    t_in: float
    t_out: float
    interior: bool


def _uvw(fq: float, fr: float) -> tuple[float, float, float]:
    """Cube coordinate differences ``(q - r, r - s, s - q)`` of a fractional axial point."""
    fs = -fq - fr
    return (fq - fr, fr - fs, fs - fq)


def _touch_interval(
    start: tuple[float, float, float],
    delta: tuple[float, float, float],
    h: Hex,
    slack: float,
) -> tuple[float, float] | None:
    """Parameter range in ``[0, 1]`` where the segment lies in the cell of ``h`` grown by
    ``slack`` (shrunk if negative), or ``None`` if there is none.

    The closed cell of ``h`` is ``|u - u_h| <= 1``, ``|v - v_h| <= 1``, ``|w - w_h| <= 1`` with
    ``(u, v, w) = (q - r, r - s, s - q)``.
    """
    lo, hi = 0.0, 1.0
    fq, fr = float(h.q), float(h.r)
    fs = -fq - fr
    # The three axes (u, v, w) in turn, as `_uvw` orders them (written out: the ray walk of
    # line of sight calls this for every hex it meets).
    for c0, dc, ch in ((start[0], delta[0], fq - fr), (start[1], delta[1], fr - fs),
                       (start[2], delta[2], fs - fq)):
        lower = ch - 1.0 - slack
        upper = ch + 1.0 + slack
        if dc == 0.0:
            if not lower <= c0 <= upper:
                return None
            continue
        t1 = (lower - c0) / dc
        t2 = (upper - c0) / dc
        if t1 > t2:
            t1, t2 = t2, t1
        if t1 > lo:
            lo = t1
        if t2 < hi:
            hi = t2
        if lo > hi:
            return None
    return lo, hi


def hex_crossings(p0: Point, p1: Point, size: float = SIZE) -> list[Crossing]:
    """Return every hex the closed segment ``p0``-``p1`` touches, in order from ``p0`` to ``p1``.

    This is an exact walk, not sampling: starting from the hex of ``p0`` it steps to each
    neighbour whose closed cell the segment meets (an interval test against the six edges),
    until no new hex is touched.

    Supercover rule: a hex is included if the segment passes through its interior *or* merely
    touches it -- where the segment runs exactly along an edge both hexes sharing that edge are
    included, and where it passes exactly through a corner all three hexes sharing the corner
    are included (``interior=False`` for the ones it does not enter).  "Exactly" means within
    :data:`CROSSING_TOLERANCE` hex sizes, so segments between centres computed in floating point
    behave as on paper.

    Order: by the middle of each hex's ``[t_in, t_out]`` interval, so a hex grazed at a corner
    comes between the hex the segment leaves and the one it enters; hexes tied within the
    tolerance (both sides of an edge run) are ordered by ``Hex`` ordering.  Consecutive hexes are
    always adjacent.  The first hex contains ``p0`` and the last contains ``p1``; when an endpoint
    is not on a hex boundary that is ``point_to_hex`` of it (so between two hex centres the list
    runs from the first hex to the second).  An endpoint exactly on an edge or corner is shared by
    two or three hexes, all listed, and the first/last may be any of them.
    """
    if size <= 0.0:
        raise ValueError(f"size must be positive, got {size}")
    q0, r0 = fractional_hex(p0[0], p0[1], size)
    q1, r1 = fractional_hex(p1[0], p1[1], size)
    start = _uvw(q0, r0)
    end = _uvw(q1, r1)
    delta = (end[0] - start[0], end[1] - start[1], end[2] - start[2])

    first = cube_round(q0, r0)
    found: dict[Hex, tuple[float, float]] = {}
    iv = _touch_interval(start, delta, first, CROSSING_TOLERANCE)
    found[first] = iv if iv is not None else (0.0, 0.0)
    seen = {first}
    queue = deque([first])
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n in seen:
                continue
            seen.add(n)
            iv = _touch_interval(start, delta, n, CROSSING_TOLERANCE)
            if iv is not None:
                found[n] = iv
                queue.append(n)

    # Contacts shorter than this (in t) are single points widened only by the tolerance.
    length = math.hypot(p1[0] - p0[0], p1[1] - p0[1]) / size
    point_contact = _POINT_CONTACT / length if length > 0.0 else math.inf

    def crossing(h: Hex) -> Crossing:
        t_in, t_out = found[h]
        interior = _touch_interval(start, delta, h, -CROSSING_TOLERANCE) is not None
        if not interior and t_out - t_in <= point_contact:
            t_in = t_out = 0.0 if t_in == 0.0 else 1.0 if t_out == 1.0 else (t_in + t_out) / 2.0
        return Crossing(h, t_in, t_out, interior)

    middle = sorted(((t_in + t_out) / 2.0, h) for h, (t_in, t_out) in found.items())
    # Hexes whose middles agree within the tolerance (both sides of an edge run) go by Hex order.
    span = max(abs(delta[0]), abs(delta[1]), abs(delta[2]))
    tie = CROSSING_TOLERANCE * max(1.0, 4.0 / span) if span > 0.0 else math.inf
    result: list[Crossing] = []
    group: list[Hex] = []
    prev_mid = -math.inf
    for mid, h in middle:
        if mid - prev_mid > tie and group:
            result.extend(crossing(g) for g in sorted(group))
            group = []
        group.append(h)
        prev_mid = mid
    result.extend(crossing(g) for g in sorted(group))
    return result


def hexes_crossed(p0: Point, p1: Point, size: float = SIZE) -> list[Hex]:
    """Return the hexes of :func:`hex_crossings` (the supercover of the segment), in order."""
    return [c.hex for c in hex_crossings(p0, p1, size)]
