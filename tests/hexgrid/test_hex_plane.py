"""Known answers and properties for the plane mapping in arena.hexgrid.plane."""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arena.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    SQRT3,
    Direction,
    Hex,
    Point,
    distance,
    edge_midpoint,
    fractional_hex,
    hex_corners,
    hex_crossings,
    hex_edge,
    hex_polygon_coords,
    hex_to_point,
    hexes_crossed,
    line,
    line_candidates,
    neighbour,
    neighbours,
    point_to_hex,
)

PROPS = settings(max_examples=200, deadline=None)

coords = st.integers(min_value=-40, max_value=40)
hexes = st.builds(Hex, coords, coords)
small_hexes = st.builds(Hex, st.integers(-12, 12), st.integers(-12, 12))
sizes = st.floats(min_value=0.1, max_value=100.0)
unit = st.floats(min_value=0.0, max_value=1.0)
plane = st.floats(min_value=-30.0, max_value=30.0, allow_nan=False, allow_infinity=False)
points = st.tuples(plane, plane)
directions = st.integers(min_value=0, max_value=5)

H = SQRT3 / 2


def close(p: Point, q: Point, tol: float = 1e-9) -> bool:
    return math.isclose(p[0], q[0], abs_tol=tol) and math.isclose(p[1], q[1], abs_tol=tol)


def dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return dist(p, (a[0] + t * dx, a[1] + t * dy))


# --- known answers ---------------------------------------------------------------------------


def test_hex_to_point_known() -> None:
    assert hex_to_point(ORIGIN) == (0.0, 0.0)
    assert hex_to_point(Hex(1, 0)) == (math.sqrt(3), 0.0)
    assert close(hex_to_point(Hex(0, 1)), (H, 1.5))  # SE is down-right: y grows down
    assert close(hex_to_point(Hex(0, -1)), (-H, -1.5))  # NW is up-left
    assert close(hex_to_point(Hex(1, -1)), (H, -1.5))  # NE is up-right
    assert close(hex_to_point(Hex(1, 0), size=2.0), (2 * SQRT3, 0.0))
    assert close(hex_to_point(Hex(2, -4), size=0.5), (0.0, -3.0))


def test_fractional_hex_known() -> None:
    fq, fr = fractional_hex(SQRT3, 0.0)
    assert math.isclose(fq, 1.0) and abs(fr) < 1e-12
    fq, fr = fractional_hex(H / 2, 0.75)  # halfway to SE
    assert math.isclose(fq, 0.0, abs_tol=1e-12) and math.isclose(fr, 0.5)


def test_point_to_hex_known() -> None:
    assert point_to_hex(0.0, 0.0) == ORIGIN
    assert point_to_hex(H - 0.01, 0.0) == ORIGIN
    assert point_to_hex(H + 0.01, 0.0) == Hex(1, 0)
    assert point_to_hex(0.0, 0.99) == ORIGIN
    assert point_to_hex(0.01, 1.01) == Hex(0, 1)
    assert point_to_hex(-0.01, 1.01) == Hex(-1, 1)
    assert point_to_hex(0.0, -1.2) == Hex(1, -1) or point_to_hex(0.0, -1.2) == Hex(0, -1)
    assert point_to_hex(0.1, -1.2) == Hex(1, -1)
    assert point_to_hex(2 * SQRT3, 0.0, size=2.0) == Hex(1, 0)


def test_hex_corners_of_origin() -> None:
    expected = [(H, 0.5), (H, -0.5), (0.0, -1.0), (-H, -0.5), (-H, 0.5), (0.0, 1.0)]
    corners = hex_corners(ORIGIN)
    assert len(corners) == 6
    assert all(close(c, e) for c, e in zip(corners, expected, strict=True))
    scaled = hex_corners(Hex(1, 0), size=2.0)
    assert close(scaled[0], (2 * SQRT3 + 2 * H, 1.0))


def test_hex_edge_and_midpoint_known() -> None:
    a, b = hex_edge(ORIGIN, Direction.E)
    assert close(a, (H, 0.5)) and close(b, (H, -0.5))
    a, b = hex_edge(ORIGIN, Direction.SE)
    assert close(a, (0.0, 1.0)) and close(b, (H, 0.5))
    assert close(edge_midpoint(ORIGIN, Direction.E), (H, 0.0))
    assert close(edge_midpoint(ORIGIN, Direction.NW), (-H / 2, -0.75))


def test_hex_polygon_coords() -> None:
    ring = hex_polygon_coords(ORIGIN)
    assert len(ring) == 7
    assert ring[0] == ring[-1]
    assert all(close(p, c) for p, c in zip(ring, hex_corners(ORIGIN), strict=False))
    shrunk = hex_polygon_coords(Hex(2, 1), size=2.0, shrink=0.25)
    centre = hex_to_point(Hex(2, 1), size=2.0)
    mid = ((shrunk[0][0] + shrunk[1][0]) / 2, (shrunk[0][1] + shrunk[1][1]) / 2)
    assert math.isclose(dist(centre, mid), 2.0 * H - 0.25)
    with pytest.raises(ValueError):
        hex_polygon_coords(ORIGIN, shrink=-0.1)
    with pytest.raises(ValueError):
        hex_polygon_coords(ORIGIN, shrink=H)


def test_hexes_crossed_known_centres() -> None:
    a, b = hex_to_point(ORIGIN), hex_to_point(Hex(3, -1))
    assert hexes_crossed(a, b) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1)]
    assert hexes_crossed(b, a) == [Hex(3, -1), Hex(2, -1), Hex(1, 0), Hex(0, 0)]


def test_hexes_crossed_corner_grazes() -> None:
    # (0,0) -> (5,-1) passes exactly through two corners between samples of line().
    crossings = hex_crossings(hex_to_point(ORIGIN), hex_to_point(Hex(5, -1)))
    assert [c.hex for c in crossings] == [
        Hex(0, 0),
        Hex(1, 0),
        Hex(2, -1),
        Hex(2, 0),
        Hex(3, -1),
        Hex(3, 0),
        Hex(4, -1),
        Hex(5, -1),
    ]
    grazed = {c.hex for c in crossings if not c.interior}
    assert grazed == {Hex(2, -1), Hex(3, 0)}
    # Corner touches are reported as single points.
    assert [(c.t_in, c.t_out) for c in crossings if not c.interior] == [
        (crossings[2].t_in, crossings[2].t_in),
        (crossings[5].t_in, crossings[5].t_in),
    ]
    assert math.isclose(crossings[2].t_in, 1 / 3) and math.isclose(crossings[5].t_in, 2 / 3)
    assert set(line(ORIGIN, Hex(5, -1))) == {c.hex for c in crossings if c.interior}


def test_hexes_crossed_along_edge() -> None:
    # (0,0) -> (2,-1) runs along the edge shared by (1,-1) and (1,0): both are listed.
    crossings = hex_crossings(hex_to_point(ORIGIN), hex_to_point(Hex(2, -1)))
    assert [c.hex for c in crossings] == [Hex(0, 0), Hex(1, -1), Hex(1, 0), Hex(2, -1)]
    assert [c.interior for c in crossings] == [True, False, False, True]
    assert math.isclose(crossings[1].t_in, 1 / 3, abs_tol=1e-6)
    assert math.isclose(crossings[1].t_out, 2 / 3, abs_tol=1e-6)


def test_hexes_crossed_through_corner() -> None:
    # Horizontal segment through the origin's upper-right corner: from (0,0) into (1,0),
    # touching (1,-1) only at that corner.
    crossings = hex_crossings((0.0, -0.5), (SQRT3, -0.5))
    assert [c.hex for c in crossings] == [Hex(0, 0), Hex(1, -1), Hex(1, 0)]
    assert [c.interior for c in crossings] == [True, False, True]
    assert crossings[1].t_in == crossings[1].t_out
    assert math.isclose(crossings[1].t_in, 0.5)


def test_hexes_crossed_endpoint_touch() -> None:
    # Starting on the origin's east edge and heading west: (1,0) is touched only at t = 0.
    crossings = hex_crossings((H, 0.2), (-0.5, 0.0))
    by_hex = {c.hex: c for c in crossings}
    assert set(by_hex) == {Hex(0, 0), Hex(1, 0)}
    assert (by_hex[Hex(1, 0)].t_in, by_hex[Hex(1, 0)].t_out) == (0.0, 0.0)
    assert not by_hex[Hex(1, 0)].interior


def test_hexes_crossed_degenerate() -> None:
    assert hexes_crossed((0.3, 0.2), (0.3, 0.2)) == [ORIGIN]
    assert hexes_crossed((0.1, 0.1), (0.2, -0.3)) == [ORIGIN]
    with pytest.raises(ValueError):
        hexes_crossed((0.0, 0.0), (1.0, 1.0), size=0.0)


# --- properties ------------------------------------------------------------------------------


@PROPS
@given(hexes, sizes)
def test_point_round_trip(h: Hex, size: float) -> None:
    assert point_to_hex(*hex_to_point(h, size), size=size) == h
    fq, fr = fractional_hex(*hex_to_point(h, size), size=size)
    assert math.isclose(fq, h.q, abs_tol=1e-9) and math.isclose(fr, h.r, abs_tol=1e-9)


@PROPS
@given(hexes, sizes, directions, unit, unit)
def test_points_inside_polygon_map_back(
    h: Hex, size: float, corner: int, u: float, v: float
) -> None:
    if u + v > 1.0:
        u, v = 1.0 - u, 1.0 - v
    ring = hex_polygon_coords(h, size, shrink=1e-6 * size)
    cx, cy = hex_to_point(h, size)
    (ax, ay), (bx, by) = ring[corner], ring[corner + 1]
    p = (cx + u * (ax - cx) + v * (bx - cx), cy + u * (ay - cy) + v * (by - cy))
    assert point_to_hex(*p, size=size) == h


@PROPS
@given(points, sizes)
def test_point_to_hex_is_nearest_centre(p: Point, size: float) -> None:
    h = point_to_hex(*p, size=size)
    d = dist(p, hex_to_point(h, size))
    assert d <= size * (1 + 1e-9)
    for n in neighbours(h):
        assert d <= dist(p, hex_to_point(n, size)) + 1e-9 * size


@PROPS
@given(hexes, sizes, directions)
def test_corners_and_edges_geometry(h: Hex, size: float, d: int) -> None:
    centre = hex_to_point(h, size)
    corners = hex_corners(h, size)
    tol = 1e-9 * max(1.0, size) * 100
    for i, c in enumerate(corners):
        assert math.isclose(dist(c, centre), size, rel_tol=1e-9)
        assert math.isclose(dist(c, corners[(i + 1) % 6]), size, rel_tol=1e-9)
    # The edge facing d is shared with that neighbour (traversed the other way round).
    a, b = hex_edge(h, d, size)
    na, nb = hex_edge(neighbour(h, d), d + 3, size)
    assert close(a, nb, tol) and close(b, na, tol)
    mid = edge_midpoint(h, d, size)
    assert close(mid, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), tol)
    assert close(mid, edge_midpoint(neighbour(h, d), d + 3, size), tol)


@PROPS
@given(small_hexes, small_hexes)
def test_hexes_crossed_between_centres_contains_line(a: Hex, b: Hex) -> None:
    crossed = hexes_crossed(hex_to_point(a), hex_to_point(b))
    assert crossed[0] == a
    assert crossed[-1] == b
    assert len(set(crossed)) == len(crossed)
    assert set(line(a, b)) <= set(crossed)
    assert {h for options in line_candidates(a, b) for h in options} <= set(crossed)
    assert all(distance(x, y) == 1 for x, y in zip(crossed, crossed[1:], strict=False))


@PROPS
@given(small_hexes, st.sampled_from(range(6)), st.integers(min_value=1, max_value=8), hexes)
def test_edge_runs_come_in_pairs(a: Hex, d: int, k: int, other: Hex) -> None:
    # Between centres in a "diagonal" direction the segment runs along k edges; also try a
    # random second centre.
    diagonal = a + diagonal_vector(d) * k
    for b in (diagonal, other):
        crossings = hex_crossings(hex_to_point(a), hex_to_point(b))
        runs = [c for c in crossings if not c.interior and c.t_in < c.t_out]
        for c in runs:
            partners = [
                o
                for o in runs
                if o.hex != c.hex
                and distance(o.hex, c.hex) == 1
                and math.isclose(o.t_in, c.t_in, abs_tol=1e-6)
                and math.isclose(o.t_out, c.t_out, abs_tol=1e-6)
            ]
            assert len(partners) == 1
        if b == diagonal:
            assert len(runs) == 2 * k


@PROPS
@given(small_hexes, small_hexes, st.floats(min_value=0.2, max_value=50.0))
def test_hexes_crossed_scales_with_size(a: Hex, b: Hex, size: float) -> None:
    unit_size = hexes_crossed(hex_to_point(a), hex_to_point(b))
    assert hexes_crossed(hex_to_point(a, size), hex_to_point(b, size), size) == unit_size


def diagonal_vector(d: int) -> Hex:
    """The "diagonal" vector between directions d and d + 1 (e.g. (2, -1) for d = 0)."""
    return DIRECTIONS[d] + DIRECTIONS[(d + 1) % 6]


def margin_inside(p: Point) -> float:
    """How much nearer ``p`` is to its hex's centre than to any other centre (0 on a boundary)."""
    h = point_to_hex(*p)
    own = dist(p, hex_to_point(h))
    return min(dist(p, hex_to_point(n)) for n in neighbours(h)) - own


def contains(h: Hex, p: Point) -> bool:
    """Whether the closed hex ``h`` contains ``p`` (within a small tolerance)."""
    return dist(p, hex_to_point(h)) <= dist(p, hex_to_point(point_to_hex(*p))) + 1e-6


@PROPS
@given(points, points)
def test_hexes_crossed_walk_properties(p0: Point, p1: Point) -> None:
    crossings = hex_crossings(p0, p1)
    crossed = [c.hex for c in crossings]
    assert contains(crossed[0], p0)
    assert contains(crossed[-1], p1)
    if margin_inside(p0) > 1e-6:
        assert crossed[0] == point_to_hex(*p0)
    if margin_inside(p1) > 1e-6:
        assert crossed[-1] == point_to_hex(*p1)
    assert len(set(crossed)) == len(crossed)
    # Consecutive hexes are adjacent (on a hex grid, sharing a corner implies sharing an edge).
    assert all(distance(x, y) == 1 for x, y in zip(crossed, crossed[1:], strict=False))
    # Ordered along the segment; every listed hex really is close to the segment.
    for prev, cur in zip(crossings, crossings[1:], strict=False):
        assert cur.t_in >= prev.t_in - 1e-6
    for c in crossings:
        assert 0.0 <= c.t_in <= c.t_out <= 1.0
        assert point_segment_distance(hex_to_point(c.hex), p0, p1) <= 1.0 + 1e-9


@PROPS
@given(
    small_hexes,
    st.sampled_from(range(6)),
    st.sampled_from(range(6)),
    st.sampled_from([True, False]),
    points,
)
def test_hexes_crossed_endpoint_on_corner_or_edge(
    h: Hex, corner: int, d: int, use_corner: bool, other: Point
) -> None:
    p0 = hex_corners(h)[corner] if use_corner else edge_midpoint(h, d)
    crossed = hexes_crossed(p0, other)
    # Every hex sharing the corner / edge is listed, and the walk still starts at one of them.
    sharing = {g for g in [h, *neighbours(h)] if contains(g, p0)}
    assert len(sharing) == (3 if use_corner else 2)
    assert sharing <= set(crossed)
    assert crossed[0] in sharing
    assert all(distance(x, y) == 1 for x, y in zip(crossed, crossed[1:], strict=False))


@PROPS
@given(points, points, st.lists(unit, min_size=1, max_size=20))
def test_hexes_crossed_covers_the_segment(p0: Point, p1: Point, ts: list[float]) -> None:
    crossed = set(hexes_crossed(p0, p1))
    for t in ts:
        p = (p0[0] + t * (p1[0] - p0[0]), p0[1] + t * (p1[1] - p0[1]))
        assert point_to_hex(*p) in crossed


@PROPS
@given(points, points)
def test_hexes_crossed_reverse_is_same_set(p0: Point, p1: Point) -> None:
    assume(p0 != p1)
    assert set(hexes_crossed(p1, p0)) == set(hexes_crossed(p0, p1))


@PROPS
@given(small_hexes, small_hexes)
def test_hexes_crossed_between_centres_reverse(a: Hex, b: Hex) -> None:
    forward = hex_crossings(hex_to_point(a), hex_to_point(b))
    backward = hex_crossings(hex_to_point(b), hex_to_point(a))
    assert {(c.hex, c.interior) for c in forward} == {(c.hex, c.interior) for c in backward}
