"""Line of sight and clear sight on tiny battlefields (arena.engine.sight).

Every battlefield here is a patch of level-1 land (figures stand at base 1) with a few taller
columns, ruins or figures placed to make one point. Distances are along a hex row unless said.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine.board import Board, ObstacleSpec
from arena.engine.bodies import Body, is_adjacent
from arena.engine.sight import (
    Blocker,
    clear_sight_to_figure,
    clear_sight_to_space,
    line_of_sight,
    trace_ray,
)
from arena.hexgrid import Hex, hex_to_point, neighbours, spiral

RADIUS = 6


def board(
    raised: Mapping[Hex, int] | None = None,
    obstacles: Sequence[ObstacleSpec] = (),
    radius: int = RADIUS,
) -> Board:
    """Level-1 land around the origin, with ``raised`` hexes built up to the given top."""
    columns: dict[Hex, list[str | None]] = {h: ["land"] for h in spiral(Hex(0, 0), radius)}
    for hex_, top in (raised or {}).items():
        columns[hex_] = ["land"] * top
    return Board.build(columns, obstacles)


def fig(
    b: Board,
    figure_id: str,
    *hexes: Hex,
    height: int = 2,
    target_point: float | None = None,
    hit_zone: tuple[float, float] | None = None,
) -> Body:
    """A figure standing on ``hexes``; target point half a level below its top and hit zone
    from half a level up to the target point unless given."""
    tp = height - 0.5 if target_point is None else target_point
    hz = (0.5, tp) if hit_zone is None else hit_zone
    return Body.standing(b, figure_id, hexes, height, tp, hz)


def others_without(bodies: Sequence[Body], *skip: Body) -> list[Body]:
    ids = {s.figure_id for s in skip}
    return [body for body in bodies if body.figure_id not in ids]


def assert_ruler_consistent(
    b: Board, viewer: Body, target: Body, others: Sequence[Body], clear: bool
) -> None:
    """The reported ruler ray is itself clear (when sight is) or stopped by the reported
    blocker (when it is not), so the client can draw it honestly."""
    s = line_of_sight(b, viewer, target, others)
    assert s.clear is clear
    hit = trace_ray(b, s.from_point, s.to_point, others_without(others, viewer, target))
    if clear:
        assert hit is None
    else:
        assert hit is not None and s.blocker is not None
        assert (hit.kind, hit.hex, hit.id) == (s.blocker.kind, s.blocker.hex, s.blocker.id)
        assert hit.height == pytest.approx(s.blocker.height)


# --- bodies ----------------------------------------------------------------------------------


def test_body_reads_its_base_from_the_board_and_knows_its_top() -> None:
    b = board({Hex(1, 0): 3})
    body = fig(b, "x", Hex(1, 0), Hex(0, 0), height=4)
    assert body.base == 3.0  # straddling two levels: rests on the higher
    assert body.top == 7.0
    assert body.occupies(Hex(0, 0)) and not body.occupies(Hex(2, 0))


@pytest.mark.parametrize(
    ("hexes", "height", "hit_zone"),
    [
        ((), 2, (0.5, 1.5)),
        ((Hex(0, 0), Hex(2, 0)), 2, (0.5, 1.5)),
        ((Hex(0, 0),), 0, (0.0, 0.0)),
        ((Hex(0, 0),), 2, (1.5, 0.5)),
    ],
)
def test_impossible_bodies_are_rejected(
    hexes: tuple[Hex, ...], height: int, hit_zone: tuple[float, float]
) -> None:
    with pytest.raises(ValueError):
        Body("x", hexes, 1.0, height, 0.5, hit_zone)


def test_is_adjacent_counts_either_hex_of_a_double_space_figure() -> None:
    b = board()
    dragon = fig(b, "dragon", Hex(0, 0), Hex(1, 0))
    assert is_adjacent(dragon, fig(b, "a", Hex(2, 0)))
    assert is_adjacent(fig(b, "a", Hex(-1, 0)), dragon)
    assert not is_adjacent(dragon, fig(b, "a", Hex(3, 0)))


# --- open ground and terrain ------------------------------------------------------------------


def test_open_ground_is_clear_and_the_ruler_starts_at_the_target_point() -> None:
    b = board()
    viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(5, 0))
    s = line_of_sight(b, viewer, target)
    assert s.clear and s.blocker is None
    assert s.from_point == (0.0, 0.0, 1.0 + 1.5)
    assert s.to_point[:2] == hex_to_point(Hex(5, 0))
    assert 1.5 <= s.to_point[2] <= 2.5


def test_a_three_level_wall_blocks_two_low_figures() -> None:
    b = board({Hex(2, 0): 4})
    viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(4, 0))
    s = line_of_sight(b, viewer, target)
    assert not s.clear
    assert s.blocker is not None
    assert (s.blocker.kind, s.blocker.hex, s.blocker.id) == ("terrain", Hex(2, 0), None)
    assert 1.0 < s.blocker.height < 4.0
    assert_ruler_consistent(b, viewer, target, [], clear=False)
    # And the same from the other side.
    back = line_of_sight(b, target, viewer)
    assert not back.clear and back.blocker is not None and back.blocker.hex == Hex(2, 0)


def test_a_tall_figure_sees_over_the_wall() -> None:
    b = board({Hex(2, 0): 4})
    giant, target = fig(b, "giant", Hex(0, 0), height=8), fig(b, "t", Hex(4, 0))
    assert line_of_sight(b, giant, target).clear
    assert_ruler_consistent(b, giant, target, [], clear=True)
    # Sight is mutual here: the giant's upper body rises well above the wall.
    assert line_of_sight(b, target, giant).clear


def test_a_viewer_on_a_hill_sees_over_the_wall() -> None:
    low = board({Hex(2, 0): 4})
    hill = board({Hex(2, 0): 4, Hex(0, 0): 6})
    for b, clear in ((low, False), (hill, True)):
        viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(4, 0))
        assert line_of_sight(b, viewer, target).clear is clear
        assert_ruler_consistent(b, viewer, target, [], clear=clear)


def test_a_target_behind_the_brow_of_a_hill_is_hidden_by_the_hill_itself() -> None:
    # Viewer at the foot, target standing back on a plateau: the plateau's edge hides it.
    plateau = {h: 5 for h in spiral(Hex(4, 0), 1)}
    b = board(plateau)
    viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(5, 0))
    s = line_of_sight(b, viewer, target)
    assert not s.clear and s.blocker is not None and s.blocker.kind == "terrain"
    # A tall target on the plateau shows its upper body.
    tall = fig(b, "t", Hex(5, 0), height=6)
    assert line_of_sight(b, viewer, tall).clear


# --- obstacles ---------------------------------------------------------------------------------


def test_a_ruin_blocks_and_is_named() -> None:
    ruin = ObstacleSpec("ruin-2", "ruin", (Hex(2, 0), Hex(2, -1)), height=5)
    b = board(obstacles=[ruin])
    viewer, target = fig(b, "v", Hex(0, 0), height=4), fig(b, "t", Hex(4, 0), height=4)
    s = line_of_sight(b, viewer, target)
    assert not s.clear and s.blocker is not None
    assert (s.blocker.kind, s.blocker.hex, s.blocker.id) == ("obstacle", Hex(2, 0), "ruin-2")
    assert_ruler_consistent(b, viewer, target, [], clear=False)


def test_a_ruin_lower_than_the_line_or_not_blocking_sight_does_not_block() -> None:
    low = board(obstacles=[ObstacleSpec("ruin", "ruin", (Hex(2, 0),), height=1)])
    see_through = board(
        obstacles=[ObstacleSpec("arch", "ruin", (Hex(2, 0),), height=9, blocks_sight=False)]
    )
    for b in (low, see_through):
        viewer, target = fig(b, "v", Hex(0, 0), height=4), fig(b, "t", Hex(4, 0), height=4)
        assert line_of_sight(b, viewer, target).clear


# --- figures in the way (Example 13) -----------------------------------------------------------


def test_example_13_a_figure_in_the_way_hides_a_short_target_not_a_tall_one() -> None:
    b = board()
    elf = fig(b, "elf", Hex(0, 0), height=3)  # target point 3.5 in the air
    phoenix = fig(b, "phoenix", Hex(2, 0), height=3)  # solid from 1 to 4
    short = fig(b, "short", Hex(5, 0), height=2)  # hit zone 1.5..2.5
    chandra = fig(b, "chandra", Hex(5, 0), height=5, hit_zone=(1.0, 4.5))  # 2..5.5
    s = line_of_sight(b, elf, short, [phoenix])
    assert not s.clear and s.blocker is not None
    assert (s.blocker.kind, s.blocker.hex, s.blocker.id) == ("figure", Hex(2, 0), "phoenix")
    seen = line_of_sight(b, elf, chandra, [phoenix])
    assert seen.clear
    assert seen.to_point[2] > 5.0  # only the top of Chandra's hit zone shows over the phoenix
    assert_ruler_consistent(b, elf, chandra, [phoenix], clear=True)
    assert_ruler_consistent(b, elf, short, [phoenix], clear=False)
    # Without the phoenix the short target is in plain sight.
    assert line_of_sight(b, elf, short).clear


def test_example_13_part_of_the_hit_zone_seen_past_the_side_of_a_figure() -> None:
    # Chandra is five spaces from the Elf; a towering phoenix stands on the straight line
    # between the hex centres, but the Elf still sees the side of Chandra's hit zone.
    b = board()
    elf = fig(b, "elf", Hex(0, 0), height=2)
    chandra = fig(b, "chandra", Hex(3, 2), height=4, hit_zone=(1.0, 3.5))
    phoenix = fig(b, "phoenix", Hex(2, 2), height=9)
    centre_ray = trace_ray(b, (0.0, 0.0, 2.5), (*hex_to_point(Hex(3, 2)), 3.0), [phoenix])
    assert centre_ray is not None and centre_ray.id == "phoenix"
    s = line_of_sight(b, elf, chandra, [phoenix])
    assert s.clear
    assert s.to_point[:2] != hex_to_point(Hex(3, 2))  # seen off-centre
    assert_ruler_consistent(b, elf, chandra, [phoenix], clear=True)


def test_the_viewer_and_target_never_block_themselves_even_if_listed_in_others() -> None:
    b = board()
    viewer, target = fig(b, "v", Hex(0, 0), height=9), fig(b, "t", Hex(3, 0), height=9)
    assert line_of_sight(b, viewer, target, [viewer, target]).clear


def test_a_figure_in_the_way_is_solid_over_its_whole_hex_from_base_to_top() -> None:
    b = board()
    viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(4, 0))
    for height, clear in ((1, True), (2, False)):
        blocker = fig(b, "w", Hex(2, 0), height=height)
        assert line_of_sight(b, viewer, target, [blocker]).clear is clear


# --- double-space figures ---------------------------------------------------------------------


def test_a_double_space_viewer_sees_from_its_other_hex() -> None:
    b = board({Hex(1, 0): 8, Hex(2, 0): 8})
    target = fig(b, "t", Hex(3, -1))
    single = fig(b, "v", Hex(0, 0))
    assert not line_of_sight(b, single, target).clear
    double = fig(b, "v", Hex(0, 0), Hex(0, -1))
    s = line_of_sight(b, double, target)
    assert s.clear
    assert s.from_point[:2] == hex_to_point(Hex(0, -1))
    assert_ruler_consistent(b, double, target, [], clear=True)


def test_a_double_space_target_is_seen_through_either_hex() -> None:
    b = board({Hex(2, 0): 8})
    viewer = fig(b, "v", Hex(0, 0))
    assert not line_of_sight(b, viewer, fig(b, "t", Hex(4, 0))).clear
    s = line_of_sight(b, viewer, fig(b, "t", Hex(4, 0), Hex(4, -1)))
    assert s.clear
    assert s.to_point[1] < 0.0  # the ruler goes to the north hex


# --- the edge rule ----------------------------------------------------------------------------

# Hex(1, -2) lies straight up the screen from Hex(0, 0): the segment between their centres runs
# exactly along the edge shared by Hex(0, -1) and Hex(1, -1).
WEST, EAST = Hex(0, -1), Hex(1, -1)
UP_START = (0.0, 0.0, 2.5)
UP_END = (*hex_to_point(Hex(1, -2)), 2.5)


def test_the_centre_line_between_the_two_hexes_really_runs_along_their_edge() -> None:
    assert hex_to_point(Hex(1, -2))[0] == 0.0
    assert set(neighbours(WEST)) & set(neighbours(EAST)) == {Hex(0, 0), Hex(1, -2)}


def test_a_ray_grazing_an_edge_is_not_blocked_by_one_side() -> None:
    for wall in (WEST, EAST):
        b = board({wall: 9})
        assert trace_ray(b, UP_START, UP_END) is None
        viewer, target = fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(1, -2))
        s = line_of_sight(b, viewer, target)
        assert s.clear
        assert s.from_point[0] == s.to_point[0] == 0.0  # the grazing centre ray itself


def test_a_ray_grazing_an_edge_is_blocked_when_both_sides_block() -> None:
    b = board({WEST: 9, EAST: 9})
    assert trace_ray(b, UP_START, UP_END) == Blocker("terrain", WEST, None, 2.5)
    s = line_of_sight(b, fig(b, "v", Hex(0, 0)), fig(b, "t", Hex(1, -2)))
    assert not s.clear and s.blocker is not None
    assert (s.blocker.kind, s.blocker.hex) == ("terrain", WEST)


def test_both_sides_must_block_at_the_same_height() -> None:
    # West is solid up to level 5; east is an overhang solid only from level 6 up: at height
    # 2.5 the ray slips between them.
    columns: dict[Hex, list[str | None]] = {h: ["land"] for h in spiral(Hex(0, 0), 3)}
    columns[WEST] = ["land"] * 5
    columns[EAST] = ["land", None, None, None, None, None, "land", "land"]
    b = Board.build(columns)
    assert trace_ray(b, UP_START, UP_END) is None
    # A figure on the east side at the ray's height closes the gap.
    standing = Body("f", (EAST,), 1.0, 3, 2.5, (0.5, 2.5))
    hit = trace_ray(b, UP_START, UP_END, [standing])
    assert hit is not None and hit.hex == WEST


def test_a_ray_through_a_corner_is_not_blocked_by_the_hex_it_only_touches() -> None:
    # From just west of Hex(0, 0)'s centre through its top corner (0, -1) into Hex(1, -1):
    # Hex(0, -1) is touched at that corner only.
    b = board({WEST: 9})
    assert trace_ray(b, (-0.3, 0.0, 2.5), (0.3, -2.0, 2.5)) is None
    b = board({EAST: 9})
    hit = trace_ray(b, (-0.3, 0.0, 2.5), (0.3, -2.0, 2.5))
    assert hit is not None and hit.hex == EAST


# --- clear sight -------------------------------------------------------------------------------


def test_clear_sight_to_a_space_behind_a_hill_is_blocked_in_front_clear() -> None:
    b = board({Hex(2, 0): 4})
    viewer = fig(b, "nissa", Hex(0, 0), height=4)
    behind = clear_sight_to_space(b, viewer, Hex(3, 0))
    assert not behind.clear and behind.blocker is not None
    assert behind.blocker.hex == Hex(2, 0)
    assert clear_sight_to_space(b, viewer, Hex(1, 0)).clear
    assert clear_sight_to_space(b, viewer, Hex(2, 0)).clear  # the hilltop itself
    assert clear_sight_to_space(b, viewer, Hex(0, 0)).clear  # where it stands


def test_clear_sight_to_a_space_is_not_hidden_by_a_figure_standing_on_it() -> None:
    b = board()
    viewer = fig(b, "nissa", Hex(0, 0), height=4)
    giant = fig(b, "giant", Hex(3, 0), height=9)
    assert clear_sight_to_space(b, viewer, Hex(3, 0), [giant]).clear
    assert not clear_sight_to_space(b, viewer, Hex(4, 0), [giant]).clear


def test_clear_sight_to_a_figure_sees_any_part_not_only_the_hit_zone() -> None:
    # The wall's top is at level 4. From a low viewer only the target's head, above its hit
    # zone, shows over the wall: no attack, but Nissa-style clear sight.
    b = board({Hex(2, 0): 4})
    viewer = fig(b, "nissa", Hex(0, 0), height=3)  # eye at 3.5
    target = fig(b, "t", Hex(4, 0), height=6, hit_zone=(0.5, 2.0))  # hit zone 1.5..3, top 7
    assert not line_of_sight(b, viewer, target).clear
    assert clear_sight_to_figure(b, viewer, target).clear


# --- properties --------------------------------------------------------------------------------

SMALL = 4
FLAT = board(radius=SMALL)
SPACES = sorted(spiral(Hex(0, 0), SMALL))


@st.composite
def bodies(draw: st.DrawFn, figure_id: str, on: Board = FLAT) -> Body:
    """Any figure (one or two hexes, any height, any marks) standing on ``on``."""
    first = draw(st.sampled_from(SPACES))
    hexes = [first]
    if draw(st.booleans()):
        second = draw(st.sampled_from(neighbours(first)))
        if second in on:
            hexes.append(second)
    height = draw(st.integers(1, 9))
    tp = draw(st.floats(0.1, float(height)))
    bottom = draw(st.floats(0.0, float(height)))
    top = draw(st.floats(bottom, float(height)))
    return Body.standing(on, figure_id, hexes, height, tp, (bottom, top))


@settings(max_examples=150, deadline=None)
@given(bodies("v"), bodies("t"))
def test_on_a_flat_board_with_nobody_else_sight_is_always_clear(viewer: Body, target: Body) -> None:
    if set(viewer.hexes) & set(target.hexes):
        return
    assert line_of_sight(FLAT, viewer, target).clear
    assert clear_sight_to_figure(FLAT, viewer, target).clear
    for h in target.hexes:
        assert clear_sight_to_space(FLAT, viewer, h).clear


WALLED = board({Hex(0, 0): 3, Hex(1, -1): 2}, [ObstacleSpec("r", "ruin", (Hex(-1, 1),), 3)], 4)


@settings(max_examples=60, deadline=None)
@given(bodies("v", WALLED), bodies("t", WALLED), st.lists(bodies("o", WALLED), max_size=4))
def test_sight_never_depends_on_the_order_of_others(
    viewer: Body, target: Body, crowd: list[Body]
) -> None:
    others = [
        Body(f"o{i}", o.hexes, o.base, o.height, o.target_point, o.hit_zone)
        for i, o in enumerate(crowd)
    ]
    expected = line_of_sight(WALLED, viewer, target, others)
    for perm in itertools.islice(itertools.permutations(others), 6):
        assert line_of_sight(WALLED, viewer, target, list(perm)) == expected
        assert clear_sight_to_figure(WALLED, viewer, target, list(perm)) == (
            clear_sight_to_figure(WALLED, viewer, target, others)
        )
