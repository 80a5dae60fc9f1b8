"""Cross-check the exact segment walk of arena.hexgrid.plane against Shapely polygons.

arena.hexgrid itself never imports Shapely; this test only uses it as an independent oracle.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from arena.hexgrid import (
    ORIGIN,
    Hex,
    Point,
    hex_crossings,
    hex_polygon_coords,
    hex_to_point,
    within,
)

geometry = pytest.importorskip("shapely.geometry")

PROPS = settings(max_examples=100, deadline=None)

SLACK = 1e-7
"""The oracle's tolerance: a hex touched within it may or may not be listed."""
INSIDE = 1e-10
"""Below the walk's own tolerance (`CROSSING_TOLERANCE`, 1e-9 in cube units, about 0.87e-9
in hex sizes): a hex the walk calls entered is entered by more than this. Checking that
against the polygons shrunk by `SLACK` instead failed where the segment enters a hex by
between the two (an end a hair past a corner)."""
CANDIDATES = sorted(within(ORIGIN, 9))
GROWN = {h: geometry.Polygon(hex_polygon_coords(h)).buffer(SLACK) for h in CANDIDATES}
SHRUNK = {h: geometry.Polygon(hex_polygon_coords(h, shrink=SLACK)) for h in CANDIDATES}
INNER = {h: geometry.Polygon(hex_polygon_coords(h, shrink=INSIDE)) for h in CANDIDATES}
DEEP = {h: geometry.Polygon(hex_polygon_coords(h, shrink=1e-4)) for h in CANDIDATES}

small = st.integers(min_value=-4, max_value=4)
hexes = st.builds(Hex, small, small)
jitter = st.floats(min_value=-1.0, max_value=1.0)


def check(p0: Point, p1: Point) -> None:
    segment = geometry.LineString([p0, p1]) if p0 != p1 else geometry.Point(p0)
    touched = {h for h in CANDIDATES if GROWN[h].intersects(segment)}
    entered = {h for h in CANDIDATES if SHRUNK[h].intersects(segment)}
    crossings = hex_crossings(p0, p1)
    listed = {c.hex for c in crossings}
    listed_interior = {c.hex for c in crossings if c.interior}
    assert entered <= listed <= touched
    assert listed_interior <= {h for h in CANDIDATES if INNER[h].intersects(segment)}
    # Hexes entered well beyond the tolerance are flagged as interior.
    assert {h for h in CANDIDATES if DEEP[h].intersects(segment)} <= listed_interior


@PROPS
@given(hexes, hexes)
def test_matches_shapely_between_centres(a: Hex, b: Hex) -> None:
    check(hex_to_point(a), hex_to_point(b))


@PROPS
@given(hexes, hexes, jitter, jitter, jitter, jitter)
@example(Hex(0, 0), Hex(0, 0), 0.0, 0.0, 1.19e-07, 1.0)  # ends a hair past a corner
def test_matches_shapely_between_points(
    a: Hex, b: Hex, ax: float, ay: float, bx: float, by: float
) -> None:
    (x0, y0), (x1, y1) = hex_to_point(a), hex_to_point(b)
    check((x0 + ax, y0 + ay), (x1 + bx, y1 + by))
