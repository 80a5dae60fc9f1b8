"""Known answers and properties for the integer hex-grid geometry in arena.hexgrid.coords."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.hexgrid import (
    DIRECTIONS,
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

PROPS = settings(max_examples=200, deadline=None)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
radii = st.integers(min_value=0, max_value=8)
steps = st.integers(min_value=-20, max_value=20)
axes: st.SearchStrategy[Axis] = st.sampled_from(("q", "r", "s"))


# --- known answers ---------------------------------------------------------------------------


def test_hex_basics() -> None:
    h = Hex(2, -5)
    assert h.s == 3
    assert h.cube == (2, -5, 3)
    assert h + Hex(1, 1) == Hex(3, -4)
    assert h - Hex(1, 1) == Hex(1, -6)
    assert -h == Hex(-2, 5)
    assert h * 3 == Hex(6, -15)
    assert 3 * h == Hex(6, -15)
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    assert len({Hex(1, 2), Hex(1, 2)}) == 1
    with pytest.raises(AttributeError):
        h.q = 7  # type: ignore[misc]


def test_directions_order() -> None:
    expected = [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert list(DIRECTIONS) == expected
    assert [int(d) for d in Direction] == [0, 1, 2, 3, 4, 5]
    assert DIRECTIONS[Direction.SE] == Hex(0, 1)


def test_neighbours_order() -> None:
    assert neighbours(Hex(2, 3)) == [
        Hex(3, 3),
        Hex(3, 2),
        Hex(2, 2),
        Hex(1, 3),
        Hex(1, 4),
        Hex(2, 4),
    ]
    assert neighbour(Hex(2, 3), Direction.NW) == Hex(2, 2)
    assert neighbour(Hex(2, 3), 6) == Hex(3, 3)  # taken modulo 6
    assert neighbour(Hex(2, 3), -1) == Hex(2, 4)


def test_direction_to() -> None:
    assert direction_to(Hex(2, 3), Hex(1, 4)) == Direction.SW
    assert direction_to(Hex(2, 3), Hex(2, 3)) is None
    assert direction_to(Hex(0, 0), Hex(2, 0)) is None


def test_distance_known() -> None:
    assert distance(Hex(0, 0), Hex(3, -1)) == 3
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(0, 0), Hex(2, -1)) == 2
    assert distance(Hex(-2, 3), Hex(4, -1)) == 6
    assert distance(Hex(1, 1), Hex(-1, -1)) == 4


def test_ring_known() -> None:
    assert ring(ORIGIN, 0) == [ORIGIN]
    assert ring(ORIGIN, 1) == [Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]
    assert ring(ORIGIN, 2) == [
        Hex(2, 0),
        Hex(2, -1),
        Hex(2, -2),
        Hex(1, -2),
        Hex(0, -2),
        Hex(-1, -1),
        Hex(-2, 0),
        Hex(-2, 1),
        Hex(-2, 2),
        Hex(-1, 2),
        Hex(0, 2),
        Hex(1, 1),
    ]
    with pytest.raises(ValueError):
        ring(ORIGIN, -1)


def test_spiral_and_within_known() -> None:
    assert spiral(Hex(1, 1), 0) == [Hex(1, 1)]
    assert spiral(ORIGIN, 1) == [ORIGIN, *neighbours(ORIGIN)]
    assert within(ORIGIN, 1) == {ORIGIN, *neighbours(ORIGIN)}
    assert within(ORIGIN, -1) == set()


def test_rotate_known() -> None:
    assert rotate(Hex(1, 0), 1) == Hex(1, -1)  # E -> NE: counter-clockwise on screen
    assert rotate(Hex(1, 0), -1) == Hex(0, 1)  # E -> SE
    assert rotate(Hex(2, -1), 1) == Hex(1, -2)
    assert rotate(Hex(2, -1), 3) == Hex(-2, 1)
    assert rotate(Hex(3, 0), 3, center=Hex(2, 0)) == Hex(1, 0)
    assert [rotate(DIRECTIONS[0], k) for k in range(6)] == list(DIRECTIONS)


def test_reflect_known() -> None:
    assert reflect(Hex(1, -3), "q") == Hex(1, 2)
    assert reflect(Hex(1, -3), "r") == Hex(2, -3)
    assert reflect(Hex(1, -3), "s") == Hex(-3, 1)
    assert reflect(Hex(3, 0), "r", center=Hex(2, 0)) == Hex(1, 0)
    # The "r" mirror is vertical on screen: E and W swap.
    assert reflect(Hex(1, 0), "r") == Hex(-1, 0)
    with pytest.raises(ValueError):
        reflect(Hex(1, 0), "x")  # type: ignore[arg-type]


def test_cube_round_known() -> None:
    assert cube_round(0.0, 0.0) == ORIGIN
    assert cube_round(0.9, 0.05) == Hex(1, 0)
    assert cube_round(1.4, -0.9) == Hex(1, -1)
    assert cube_round(-2.2, 3.1) == Hex(-2, 3)


def test_line_known() -> None:
    assert line(Hex(0, 0), Hex(3, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1), Hex(3, -1)]
    assert line(Hex(2, 2), Hex(2, 2)) == [Hex(2, 2)]
    assert line(Hex(0, 0), Hex(0, 3)) == [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)]


def test_line_tie_rule_known() -> None:
    # (0,0) -> (2,-1) runs along the edge between (1,-1) and (1,0); the east one wins.
    assert line(Hex(0, 0), Hex(2, -1)) == [Hex(0, 0), Hex(1, 0), Hex(2, -1)]
    assert line_candidates(Hex(0, 0), Hex(2, -1)) == [
        (Hex(0, 0),),
        (Hex(1, -1), Hex(1, 0)),
        (Hex(2, -1),),
    ]
    # (0,0) -> (1,1): tie between (1,0) and (0,1); (0,1) lies SW of (1,0) and wins.
    assert line(Hex(0, 0), Hex(1, 1)) == [Hex(0, 0), Hex(0, 1), Hex(1, 1)]
    assert line_candidates(Hex(0, 0), Hex(1, 1))[1] == (Hex(0, 1), Hex(1, 0))
    # Same result travelling the other way.
    assert line(Hex(1, 1), Hex(0, 0)) == [Hex(1, 1), Hex(0, 1), Hex(0, 0)]


def test_line_candidates_without_ties() -> None:
    assert line_candidates(Hex(0, 0), Hex(3, -1)) == [
        (Hex(0, 0),),
        (Hex(1, 0),),
        (Hex(2, -1),),
        (Hex(3, -1),),
    ]
    assert line_candidates(Hex(4, 4), Hex(4, 4)) == [(Hex(4, 4),)]


# --- properties ------------------------------------------------------------------------------


@PROPS
@given(hexes, hexes)
def test_distance_symmetric_and_zero(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, b) == distance(a - b, ORIGIN)


@PROPS
@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@PROPS
@given(hexes)
def test_neighbours_at_distance_one(h: Hex) -> None:
    ns = neighbours(h)
    assert len(set(ns)) == 6
    for i, n in enumerate(ns):
        assert distance(h, n) == 1
        assert n == neighbour(h, i)
        assert direction_to(h, n) == i
        assert neighbour(n, i + 3) == h


@PROPS
@given(hexes, st.integers(min_value=1, max_value=10))
def test_ring_size_and_distance(center: Hex, radius: int) -> None:
    r = ring(center, radius)
    assert len(r) == 6 * radius
    assert len(set(r)) == 6 * radius
    assert all(distance(center, h) == radius for h in r)
    # Consecutive ring hexes (cyclically) are adjacent.
    assert all(distance(x, y) == 1 for x, y in zip(r, r[1:] + r[:1], strict=True))


@PROPS
@given(hexes, radii)
def test_spiral_and_within(center: Hex, radius: int) -> None:
    sp = spiral(center, radius)
    assert len(sp) == 1 + 3 * radius * (radius + 1)
    assert sp[0] == center
    assert set(sp) == within(center, radius)
    assert len(set(sp)) == len(sp)
    assert [distance(center, h) for h in sp] == sorted(distance(center, h) for h in sp)


@PROPS
@given(hexes, hexes, steps)
def test_rotate_properties(h: Hex, center: Hex, k: int) -> None:
    assert rotate(h, 6, center) == h
    assert rotate(rotate(h, k, center), -k, center) == h
    assert rotate(h, k, center) == rotate(h, k % 6, center)
    assert distance(rotate(h, k, center), center) == distance(h, center)


@PROPS
@given(hexes, hexes, steps)
def test_rotate_preserves_distance_between_hexes(a: Hex, b: Hex, k: int) -> None:
    assert distance(rotate(a, k), rotate(b, k)) == distance(a, b)


@PROPS
@given(hexes, hexes, hexes, axes)
def test_reflect_properties(a: Hex, b: Hex, center: Hex, axis: Axis) -> None:
    assert reflect(reflect(a, axis, center), axis, center) == a
    assert reflect(center, axis, center) == center
    assert distance(reflect(a, axis, center), reflect(b, axis, center)) == distance(a, b)


@PROPS
@given(hexes, st.floats(-0.49, 0.49), st.floats(-0.49, 0.49))
def test_cube_round_near_centre(h: Hex, dq: float, dr: float) -> None:
    # Inside the inscribed region (|dq|, |dr|, |dq + dr| < 0.5) rounding gives the hex back.
    if abs(dq + dr) < 0.49:
        assert cube_round(h.q + dq, h.r + dr) == h


@PROPS
@given(hexes, hexes)
def test_line_shape(a: Hex, b: Hex) -> None:
    ln = line(a, b)
    assert len(ln) == distance(a, b) + 1
    assert ln[0] == a
    assert ln[-1] == b
    assert all(distance(x, y) == 1 for x, y in zip(ln, ln[1:], strict=False))
    assert [distance(a, h) for h in ln] == list(range(len(ln)))


@PROPS
@given(hexes, hexes)
def test_line_is_symmetric(a: Hex, b: Hex) -> None:
    # Both endpoints are nudged by the same vector, so the tie rule ignores travel direction.
    assert line(b, a) == line(a, b)[::-1]
    assert line_candidates(b, a) == line_candidates(a, b)[::-1]


@PROPS
@given(hexes, hexes)
def test_line_picks_from_candidates_by_tie_rule(a: Hex, b: Hex) -> None:
    ln = line(a, b)
    cands = line_candidates(a, b)
    assert len(cands) == len(ln)
    for picked, options in zip(ln, cands, strict=True):
        assert picked in options
        assert 1 <= len(options) <= 2
        assert list(options) == sorted(options)
        if len(options) == 2:
            x, y = options
            assert distance(x, y) == 1
            assert picked == max(options, key=lambda h: 4 * h.q + 5 * h.r)
            assert direction_to(picked, x if picked == y else y) in (
                Direction.NE,
                Direction.NW,
                Direction.W,
            )


@PROPS
@given(hexes, st.sampled_from(range(6)), st.integers(min_value=1, max_value=20))
def test_line_along_edges_always_ties(a: Hex, d: int, k: int) -> None:
    # Lines in the six "diagonal" directions run along hex edges: every odd sample is a tie.
    b = a + (DIRECTIONS[d] + DIRECTIONS[(d + 1) % 6]) * k
    cands = line_candidates(a, b)
    assert [len(c) for c in cands] == [2 if i % 2 else 1 for i in range(2 * k + 1)]
