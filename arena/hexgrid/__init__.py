"""Pure hex-grid geometry for Arena: axial coordinates, grid algorithms and the plane mapping.

A hex is addressed by axial coordinates ``Hex(q, r)`` with the implied cube coordinate
``s = -q - r`` (so ``q + r + s == 0``); distances, rotations and rounding work in cube space.
Hexes are laid out pointy-top in a plane with the centre of ``Hex(0, 0)`` at the origin, ``x`` to
the right and ``y`` *down* (screen coordinates), ``size`` = centre-to-corner distance (default
1.0).  The six directions are numbered counter-clockwise as seen on screen starting east --
0 E ``(+1, 0)``, 1 NE ``(+1, -1)``, 2 NW ``(0, -1)``, 3 W ``(-1, 0)``, 4 SW ``(-1, +1)``,
5 SE ``(0, +1)`` -- and a positive rotation step is 60 degrees counter-clockwise on screen.
:func:`line` settles edge ties by nudging both endpoints by ``(+1e-6, +2e-6, -3e-6)`` in cube
space (the hex lying E, SE or SW of the other wins; ``line(b, a) == line(a, b)[::-1]``), while
:func:`line_candidates` and :func:`hex_crossings` expose both sides of every tie for rules code.
Everything here is stdlib-only and deterministic.
"""

from arena.hexgrid.coords import (
    DIRECTIONS,
    LINE_NUDGE,
    ORIGIN,
    Axis,
    Direction,
    Hex,
    cube_round,
    direction_to,
    distance,
    line,
    line_candidates,
    neighbour,
    neighbours,
    reflect,
    ring,
    rotate,
    spiral,
    within,
)
from arena.hexgrid.plane import (
    CROSSING_TOLERANCE,
    SIZE,
    SQRT3,
    Crossing,
    Point,
    edge_midpoint,
    fractional_hex,
    hex_corners,
    hex_crossings,
    hex_edge,
    hex_polygon_coords,
    hex_to_point,
    hexes_crossed,
    point_to_hex,
)
from arena.hexgrid.storey import Storey, format_space, parse_space, space_at

__all__ = [
    "CROSSING_TOLERANCE",
    "DIRECTIONS",
    "LINE_NUDGE",
    "ORIGIN",
    "SIZE",
    "SQRT3",
    "Axis",
    "Storey",
    "Crossing",
    "Direction",
    "Hex",
    "Point",
    "cube_round",
    "direction_to",
    "distance",
    "edge_midpoint",
    "format_space",
    "fractional_hex",
    "hex_corners",
    "hex_crossings",
    "hex_edge",
    "hex_polygon_coords",
    "hex_to_point",
    "hexes_crossed",
    "line",
    "line_candidates",
    "neighbour",
    "neighbours",
    "parse_space",
    "point_to_hex",
    "reflect",
    "ring",
    "rotate",
    "space_at",
    "spiral",
    "within",
]
