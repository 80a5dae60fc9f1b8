"""The projection: (hex, level) <-> pixels, the six rotations, picking, depth order.

Known answers are computed by hand from the layout (pointy-top, size 1, y down; a camera
step turns the plane 60 degrees counter-clockwise on screen, so at angle k a hex is drawn
where the hex ``rotate(h, k)`` is drawn at angle 0). The depth-order property test paints
columns back to front as the renderer does and checks that picking agrees with the paint.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.client.projection import (
    LEVEL_HEIGHT,
    SQUASH,
    Camera,
    Projection,
    draw_sequence,
)
from arena.hexgrid import Hex, distance, neighbours, rotate, spiral

ORIGIN = (400.0, 300.0)
ZOOM = 40.0
R3 = math.sqrt(3.0)


def proj(angle: float = 0.0, zoom: float = ZOOM) -> Projection:
    return Projection(angle=angle, zoom=zoom, origin=ORIGIN)


def flat(radius: int = 4, level: float = 1.0) -> dict[Hex, float]:
    return {h: level for h in spiral(Hex(0, 0), radius)}


# --- mapping -----------------------------------------------------------------------------------


def test_known_screen_positions_at_rest() -> None:
    p = proj()
    assert p.to_screen(Hex(0, 0)) == pytest.approx(ORIGIN)
    assert p.to_screen(Hex(1, 0)) == pytest.approx((400 + ZOOM * R3, 300))
    assert p.to_screen(Hex(0, 1)) == pytest.approx((400 + ZOOM * R3 / 2, 300 + ZOOM * SQUASH
                                                    * 1.5))
    # each level lifts the point straight up the screen
    assert p.to_screen(Hex(0, 0), 2) == pytest.approx((400, 300 - 2 * ZOOM * LEVEL_HEIGHT))


@pytest.mark.parametrize("k", range(6))
def test_rotation_k_draws_h_where_angle_zero_draws_rotate_h_k(k: int) -> None:
    p0, pk = proj(0), proj(k)
    for h in spiral(Hex(0, 0), 3):
        assert pk.to_screen(h, 1.5) == pytest.approx(p0.to_screen(rotate(h, k), 1.5))


@given(st.floats(-600, 600), st.floats(-600, 600), st.floats(-3, 12),
       st.floats(0, 6), st.floats(10, 150))
def test_screen_plane_round_trip(x: float, y: float, level: float, angle: float,
                                 zoom: float) -> None:
    p = Projection(angle=angle, zoom=zoom, origin=ORIGIN, pivot=(1.3, -0.7))
    sx, sy = p.plane_to_screen(x, y, level)
    bx, by = p.screen_to_plane(sx, sy, level)
    assert (bx, by) == pytest.approx((x, y), abs=1e-6)


@given(st.integers(-8, 8), st.integers(-8, 8), st.integers(0, 9), st.integers(0, 5))
def test_hex_at_round_trips_every_hex_centre(q: int, r: int, level: int, k: int) -> None:
    p = proj(k)
    h = Hex(q, r)
    assert p.hex_at(p.to_screen(h, level), level) == h


def test_top_face_corners_are_a_squashed_hexagon() -> None:
    corners = proj().top_face(Hex(0, 0), 0)
    assert corners[2] == pytest.approx((400, 300 - ZOOM * SQUASH))  # the top corner
    assert corners[5] == pytest.approx((400, 300 + ZOOM * SQUASH))  # the bottom corner
    assert corners[0] == pytest.approx((400 + ZOOM * R3 / 2, 300 + ZOOM * SQUASH / 2))


@pytest.mark.parametrize("k", range(6))
def test_two_side_faces_face_the_viewer_at_rest_and_left_is_lighter(k: int) -> None:
    p = proj(k)
    faces = p.side_faces(Hex(0, 0), 0, 2)
    assert len(faces) == 2
    left, right = faces
    assert left.light > right.light
    assert sum(c[0] for c in left.corners) < sum(c[0] for c in right.corners)


def test_three_side_faces_show_mid_rotation() -> None:
    assert len(proj(0.5).visible_directions()) == 3


# --- picking tables ------------------------------------------------------------------------------

HEXES = [Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(2, -3), Hex(-3, 2), Hex(3, 0)]


@pytest.mark.parametrize("k", range(6))
def test_picking_table_on_flat_ground(k: int) -> None:
    """Known screen points (where angle 0 draws ``rotate(h, k)``) pick ``h`` at angle k."""
    p0, pk = proj(0), proj(k)
    heights = flat(5)
    for h in HEXES:
        sx, sy = p0.to_screen(rotate(h, k), 1.0)
        for dx, dy in ((0, 0), (7.3, 3.1), (-9.7, -2.9), (0.4, 11.2)):
            assert pk.hex_under((sx + dx, sy + dy), heights) == h, (k, h, dx, dy)


def test_picking_table_by_hand_at_angle_zero() -> None:
    p = proj()
    heights = flat(3, 0.0)
    assert p.hex_under((400, 300), heights) == Hex(0, 0)
    assert p.hex_under((469, 300), heights) == Hex(1, 0)
    assert p.hex_under((435, 334), heights) == Hex(0, 1)
    assert p.hex_under((365, 266), heights) == Hex(0, -1)
    assert p.hex_under((1200, 300), heights) is None  # off the board


def test_picking_table_by_hand_at_angle_one() -> None:
    p = proj(1)
    heights = flat(3, 0.0)
    # Hex(1, 0) turned one step counter-clockwise lands where Hex(1, -1) is drawn at rest.
    assert p.hex_under((434.6, 266.4), heights) == Hex(1, 0)
    # and the hex turned onto the east neighbour's place is the south-east one, Hex(0, 1)
    assert p.hex_under((469.3, 300), heights) == Hex(0, 1)


@pytest.mark.parametrize("k", range(6))
def test_a_tall_column_hides_the_hex_behind_it(k: int) -> None:
    p = proj(k)
    heights = flat(4)
    back = Hex(0, 0)
    # the neighbour nearest the viewer at this rotation
    front = max(neighbours(back), key=p.depth)
    heights[front] = 7.0
    behind = p.to_screen(back, 1.0)
    assert p.hex_under(behind, heights) == front  # its side face covers the top behind
    assert p.hex_under(p.to_screen(front, 7.0), heights) == front  # its own top
    heights[front] = 1.0
    assert p.hex_under(behind, heights) == back  # cut down, the hex behind shows again


@pytest.mark.parametrize("k", range(6))
def test_a_tall_column_behind_does_not_steal_the_front_hex(k: int) -> None:
    p = proj(k)
    heights = flat(4)
    front = Hex(0, 0)
    back = min(neighbours(front), key=p.depth)
    heights[back] = 7.0
    assert p.hex_under(p.to_screen(front, 1.0), heights) == front


def test_the_highest_visible_top_wins_over_lower_tops_at_the_same_point() -> None:
    p = proj()
    heights = flat(4)
    hill = Hex(1, 1)
    heights[hill] = 3.0
    # a point on the hill's top also lies over lower hexes further back
    assert p.hex_under(p.to_screen(hill, 3.0), heights) == hill


# --- depth order ---------------------------------------------------------------------------------


def _inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    x, y = point
    found = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            found = not found
    return found


def _painted(p: Projection, heights: dict[Hex, float], point: tuple[float, float]
             ) -> Hex | None:
    """What painting back to front leaves visible at ``point``."""
    last = None
    for step in draw_sequence(p, heights):
        h = step.hex
        if step.kind == "sides":
            shapes = [list(f.corners) for f in p.side_faces(h, 0.0, heights[h])]
        else:
            shapes = [p.top_face(h, heights[h])]
        if any(_inside(point, s) for s in shapes):
            last = h
    return last


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 0.5]))
def test_picking_agrees_with_painting_back_to_front(seed: int, angle: float) -> None:
    rng = random.Random(seed)
    heights = {h: float(rng.choice((0.7, 1, 1, 2, 3, 5))) for h in spiral(Hex(0, 0), 3)}
    p = proj(angle)
    for _ in range(60):
        point = (400 + rng.uniform(-260, 260) + 0.123, 300 + rng.uniform(-200, 150) + 0.321)
        assert p.hex_under(point, heights) == _painted(p, heights, point), point


@pytest.mark.parametrize("k", range(6))
def test_overlapping_neighbours_draw_the_nearer_one_later(k: int) -> None:
    p = proj(k)
    order = {h: i for i, h in enumerate(p.depth_order(spiral(Hex(0, 0), 3)))}
    for a in order:
        for b in neighbours(a):
            if b in order and p.depth(b)[0] > p.depth(a)[0]:
                assert order[b] > order[a]


def test_draw_sequence_sides_then_top_then_what_stands_there() -> None:
    p = proj()
    hexes = list(spiral(Hex(0, 0), 2))
    steps = draw_sequence(p, hexes, {"walker": [Hex(0, 0)], "beast": [Hex(1, 0), Hex(1, 1)]})
    kinds = [(s.kind, s.hex, s.item) for s in steps]
    i_sides = kinds.index(("sides", Hex(0, 0), None))
    i_top = kinds.index(("top", Hex(0, 0), None))
    i_walker = kinds.index(("item", Hex(0, 0), "walker"))
    assert i_sides < i_top < i_walker
    # the double-space figure comes after both its hexes' tops, with the nearer one
    i_beast = next(i for i, s in enumerate(steps) if s.item == "beast")
    assert steps[i_beast].hex == Hex(1, 1)
    assert i_beast > kinds.index(("top", Hex(1, 0), None))
    assert i_beast > kinds.index(("top", Hex(1, 1), None))
    # and before every hex nearer the viewer
    for i, s in enumerate(steps):
        if s.kind == "top" and p.depth(s.hex) > p.depth(Hex(1, 1)):
            assert i > i_beast


# --- the camera ----------------------------------------------------------------------------------


def test_camera_rotation_is_animated_and_ends_on_the_step() -> None:
    cam = Camera(viewport=(0, 0, 800, 600))
    cam.rotate(1)
    assert cam.animating and cam.t == 0.0
    angles = []
    while cam.update(0.05):
        angles.append(cam.angle)
    assert not cam.animating and cam.rotation == 1 and cam.angle == 1.0
    assert angles == sorted(angles) and 0 < angles[0] < 1
    assert cam.projection().at_rest


def test_camera_rotation_wraps_and_reverses_smoothly() -> None:
    cam = Camera()
    cam.rotate(-1)
    assert cam.rotation == 5
    cam.update(0.1)
    mid = cam.angle
    assert -1 < mid < 0
    cam.rotate(1)  # change of mind mid-turn: go back from where it is now
    assert cam.angle == pytest.approx(mid)
    cam.finish()
    assert cam.rotation == 0 and cam.angle == 0.0


def test_zoom_keeps_the_point_under_the_mouse_still() -> None:
    cam = Camera(pivot=(0.0, 0.0), viewport=(0, 0, 800, 600), zoom=40)
    mouse = (620.0, 210.0)
    before = cam.projection().screen_to_plane(*mouse)
    cam.zoom_by(1.5, mouse)
    after = cam.projection().screen_to_plane(*mouse)
    assert after == pytest.approx(before)
    cam.zoom_by(1000)
    assert cam.zoom == Camera.MAX_ZOOM


def test_pan_moves_everything_by_the_same_pixels() -> None:
    cam = Camera(viewport=(0, 0, 800, 600))
    a = cam.projection().to_screen(Hex(2, -1), 2)
    cam.pan_by(13, -7)
    b = cam.projection().to_screen(Hex(2, -1), 2)
    assert (b[0] - a[0], b[1] - a[1]) == pytest.approx((13, -7))


def test_projection_rejects_a_zero_zoom() -> None:
    with pytest.raises(ValueError):
        Projection(zoom=0)


def test_far_hexes_fall_outside_the_table() -> None:
    assert distance(Hex(0, 0), Hex(9, 0)) == 9
    assert proj().hex_under((5000, 5000), flat(3)) is None
