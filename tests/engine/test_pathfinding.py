"""Tests for the movement rules (arena.engine.pathfinding) on tiny battlefields.

Boards are written as {hex: spec}: an int is that many land levels, "w<n>" is n levels with
water on top, "r<n>" road on top, and obstacles are passed separately. Most rules are checked
on a straight row of hexes (q = 0, 1, 2 ... on r = 0), where the only way forward is along the
row, so costs can be read off by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine.board import Board, ObstacleSpec
from arena.engine.bodies import Body
from arena.engine.pathfinding import (
    EngagedAt,
    EngagementLookup,
    MoveRequest,
    Occupant,
    Position,
    Reach,
    engagement_lookup,
    path_cost,
    reachable,
)
from arena.hexgrid import Hex, distance, neighbours, spiral

Spec = int | str


def levels(spec: Spec) -> list[str | None]:
    if isinstance(spec, int):
        return ["land"] * spec
    kind = {"w": "water", "r": "road"}[spec[0]]
    count = int(spec[1:])
    return [*(["land"] * (count - 1)), kind]


def make_board(cells: Mapping[Hex, Spec], obstacles: Iterable[ObstacleSpec] = ()) -> Board:
    return Board.build({h: levels(s) for h, s in cells.items()}, obstacles)


def row(*specs: Spec) -> Board:
    """A single row of hexes Hex(0, 0), Hex(1, 0), ... with the given columns."""
    return make_board({Hex(q, 0): s for q, s in enumerate(specs)})


def H(q: int, r: int = 0) -> Hex:  # noqa: N802 - reads like the coordinate it builds
    return Hex(q, r)


def adjacency(enemies: Mapping[str, Hex]) -> EngagedAt:
    """Plain adjacency as the engagement rule (no height exceptions)."""

    def engaged_at(position: Position) -> frozenset[str]:
        hexes = (position,) if isinstance(position, Hex) else position
        return frozenset(
            name for name, at in enemies.items() if any(distance(at, h) == 1 for h in hexes)
        )

    return engaged_at


def request(
    *hexes: Hex,
    move: int = 5,
    height: int = 4,
    enemies: Mapping[str, Hex] | None = None,
    friends: Mapping[str, Hex] | None = None,
    engaged_friends: Iterable[str] = (),
    glyphs: Iterable[Hex] = (),
    flying: bool = False,
    phantom_walk: bool = False,
) -> MoveRequest:
    enemies = dict(enemies or {})
    friends = dict(friends or {})
    engaged = set(engaged_friends)
    occupancy = {h: Occupant(name, False) for name, h in enemies.items()}
    occupancy.update({h: Occupant(name, True, name in engaged) for name, h in friends.items()})
    for h in hexes:
        occupancy[h] = Occupant("mover", True)
    return MoveRequest(
        figure_id="mover",
        hexes=tuple(hexes),
        height=height,
        move=move,
        flying=flying,
        phantom_walk=phantom_walk,
        occupancy=occupancy,
        glyphs=frozenset(glyphs),
        engaged_at=adjacency(enemies),
    )


def costs(result: Mapping[Position, Reach]) -> dict[Position, int]:
    return {p: r.cost for p, r in result.items()}


# --- counting spaces -----------------------------------------------------------------------


def test_flat_move_counts_one_per_space() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 4)})
    result = reachable(board, request(H(0), move=2))
    assert set(result) == set(spiral(H(0), 2)) - {H(0)}
    assert all(r.cost == distance(H(0), p) for p, r in result.items() if isinstance(p, Hex))
    assert len(reachable(board, request(H(0), move=3))) == 36
    assert reachable(board, request(H(0), move=0)) == {}


def test_climbing_counts_each_side_plus_the_landing() -> None:
    # Guide Example 2: one level up costs 2, two levels up costs 3.
    board = row(1, 2, 4)
    result = reachable(board, request(H(0), height=3, move=5))
    assert costs(result) == {H(1): 2, H(2): 5}
    assert result[H(2)].path == (H(0), H(1), H(2))
    assert reachable(board, request(H(0), height=3, move=4)).keys() == {H(1)}


def test_a_rise_equal_to_height_blocks_that_figure_but_not_a_taller_one() -> None:
    # Guide Example 3: Chandra (height 4) cannot climb 4 levels at once.
    board = row(1, 5)
    assert reachable(board, request(H(0), height=4, move=9)) == {}
    assert path_cost(board, request(H(0), height=4, move=9), [H(0), H(1)]) == (
        "climbing 4 levels needs height 5+"
    )
    assert costs(reachable(board, request(H(0), height=5, move=9))) == {H(1): 5}
    # Climbing 3 levels with height 3 fails too (equal is not enough).
    assert path_cost(board := row(1, 4), request(H(0), height=3), [H(0), H(1)]) == (
        "climbing 3 levels needs height 4+"
    )
    assert isinstance(path_cost(board, request(H(0), height=4), [H(0), H(1)]), Reach)


def test_descending_is_free() -> None:
    result = reachable(row(5, 2, 1), request(H(0), height=4, move=2))
    assert costs(result) == {H(1): 1, H(2): 2}
    assert all(r.falls == () for r in result.values())


def test_a_drop_of_height_or_more_is_a_fall_and_movement_continues() -> None:
    # Guide Example 5: a four-level cliff is a fall for Chandra (height 4).
    result = reachable(row(5, 1, 1), request(H(0), height=4, move=3))
    assert result[H(1)].falls == ((H(1), 4),)
    assert result[H(1)].fall_steps == (1,)
    assert result[H(2)].falls == ((H(1), 4),)
    assert result[H(2)].cost == 2
    # A drop of 3 is no fall for height 4, but is for height 3.
    assert reachable(row(4, 1), request(H(0), height=4))[H(1)].falls == ()
    assert reachable(row(4, 1), request(H(0), height=3))[H(1)].falls == ((H(1), 3),)


def test_a_drop_into_water_is_no_fall() -> None:
    result = reachable(row(8, "w1"), request(H(0), height=2))
    assert result[H(1)].falls == ()
    assert result[H(1)].ends_in_water


# --- water, glyphs, figures, ruins --------------------------------------------------------


def test_entering_water_ends_the_move() -> None:
    board = row(1, "w1", 1)
    result = reachable(board, request(H(0), move=5))
    assert set(result) == {H(1)}
    assert result[H(1)].ends_in_water
    assert path_cost(board, request(H(0)), [H(0), H(1), H(2)]) == "water ends the move"


def test_entering_water_from_water_ends_the_move() -> None:
    result = reachable(row("w1", "w1", "w1"), request(H(0), move=5))
    assert costs(result) == {H(1): 2}


def test_leaving_water_costs_one_extra() -> None:
    # Guide Example 7: two spaces to leave the water, then four more: six in all.
    board = row("w1", 1, 1, 1, 1, 1)
    result = reachable(board, request(H(0), move=6))
    assert costs(result) == {H(1): 2, H(2): 3, H(3): 4, H(4): 5, H(5): 6}
    # Out of water and up a level: the side, the landing and the extra one.
    assert costs(reachable(row("w1", 2), request(H(0)))) == {H(1): 3}


def test_friendly_figures_can_be_passed_but_not_ended_on() -> None:
    board = row(1, 1, 1)
    result = reachable(board, request(H(0), move=2, friends={"ally": H(1)}))
    assert costs(result) == {H(2): 2}
    req = request(H(0), move=2, friends={"ally": H(1)})
    assert path_cost(board, req, [H(0), H(1)]) == "that space is occupied"


def test_engaged_friendly_figures_block() -> None:
    board = row(1, 1, 1)
    req = request(H(0), move=2, friends={"ally": H(1)}, engaged_friends=["ally"])
    assert reachable(board, req) == {}
    assert (
        path_cost(board, req, [H(0), H(1), H(2)]) == "an engaged friendly figure blocks that space"
    )


def test_enemies_block() -> None:
    board = row(1, 1, 1)
    req = request(H(0), move=5, enemies={"foe": H(1)})
    assert reachable(board, req) == {}
    assert path_cost(board, req, [H(0), H(1), H(2)]) == "an enemy figure blocks that space"


def test_a_glyph_stops_the_move() -> None:
    board = row(1, 1, 1)
    result = reachable(board, request(H(0), glyphs=[H(1)]))
    assert set(result) == {H(1)}
    assert result[H(1)].stopped_by_glyph
    assert path_cost(board, request(H(0), glyphs=[H(1)]), [H(0), H(1), H(2)]) == (
        "a glyph ends the move"
    )
    # A glyph under a friend cannot be passed: the mover would stop on an occupied space.
    assert reachable(board, request(H(0), glyphs=[H(1)], friends={"ally": H(1)})) == {}


def test_glyphs_add_no_height() -> None:
    # Guide "Moving up": the glyph's space costs what its level costs.
    assert costs(reachable(row(1, 2), request(H(0), glyphs=[H(1)]))) == {H(1): 2}


def test_ruins_cannot_be_entered() -> None:
    ruin = ObstacleSpec("ruin", "ruin", (H(1),), 6)
    board = make_board({H(0): 1, H(1): 1, H(2): 1}, [ruin])
    assert reachable(board, request(H(0))) == {}
    assert path_cost(board, request(H(0)), [H(0), H(1)]) == (
        "the figure's base does not fit on that space"
    )
    assert path_cost(board, request(H(0)), [H(0), H(2)]) == "each step must go to an adjacent space"
    assert path_cost(board, request(H(0)), [H(0), H(5)]) == "each step must go to an adjacent space"


def test_off_the_battlefield_is_refused() -> None:
    board = make_board({H(0): 1, H(1): 1})
    assert path_cost(board, request(H(0)), [H(0), H(0, 1)]) == "that space is off the battlefield"


# --- flying and phantom walk ----------------------------------------------------------------


def test_flying_ignores_climbs_height_limits_and_water() -> None:
    board = row(1, 9, "w1", "w1", 3)
    result = reachable(board, request(H(0), height=2, move=4, flying=True))
    assert costs(result) == {H(1): 1, H(2): 2, H(3): 3, H(4): 4}
    assert result[H(3)].ends_in_water
    assert all(r.falls == () for r in result.values())


def test_flying_out_of_water_costs_nothing_extra() -> None:
    assert costs(reachable(row("w1", 3, 1), request(H(0), move=2, flying=True))) == {
        H(1): 1,
        H(2): 2,
    }


def test_flying_passes_over_enemies_and_ruins_but_does_not_end_on_them() -> None:
    ruin = ObstacleSpec("ruin", "ruin", (H(2),), 6)
    board = make_board({H(q): 1 for q in range(5)}, [ruin])
    req = request(H(0), move=4, flying=True, enemies={"foe": H(1)})
    result = reachable(board, req)
    assert set(result) == {H(3), H(4)}
    # Taking off next to the foe gives it its leaving-engagement attack.
    assert result[H(3)].provokes == ("foe",)
    assert result[H(3)].provoke_steps == (1,)
    assert path_cost(board, req, [H(0), H(1)]) == "that space is occupied"


def test_flying_takes_leaving_engagement_attacks_once_on_take_off() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 3)})
    req = request(H(0), move=3, flying=True, enemies={"foe": H(1)})
    result = reachable(board, req)
    # Even landing next to the foe again: it left the engagement when it took off.
    assert result[H(1, -1)].provokes == ("foe",)
    assert result[H(-3)].provokes == ("foe",)
    # Flying past another figure engages nothing in the air.
    req = request(H(-2), move=4, flying=True, enemies={"foe": H(0)})
    assert reachable(board, req)[H(2)].provokes == ()


def test_flying_lands_on_a_glyph_only_where_it_ends() -> None:
    board = row(1, 1, 1)
    result = reachable(board, request(H(0), flying=True, glyphs=[H(1)]))
    assert set(result) == {H(1), H(2)}
    assert result[H(1)].stopped_by_glyph
    assert not result[H(2)].stopped_by_glyph


def test_phantom_walk_passes_through_enemies_and_provokes_nothing() -> None:
    board = row(1, 1, 1, 1)
    req = request(H(0), move=3, phantom_walk=True, enemies={"foe": H(1)})
    result = reachable(board, req)
    assert set(result) == {H(2), H(3)}
    assert result[H(3)].provokes == ()
    # Phantom Walk does not lift climbing or water rules.
    assert reachable(row(1, 5), request(H(0), phantom_walk=True)) == {}


# --- leaving engagement ---------------------------------------------------------------------


def test_moving_away_from_an_engaged_enemy_provokes_an_attack() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 3)})
    req = request(H(0), move=3, enemies={"foe": H(1)})
    result = reachable(board, req)
    assert result[H(-1)].provokes == ("foe",)
    assert result[H(-1)].provoke_steps == (1,)
    # Moving to another space still adjacent to the foe provokes nothing.
    assert result[H(1, -1)].provokes == ()
    assert result[H(1, -1)].cost == 1
    # Moving around the foe and then away provokes once, when leaving.
    assert result[H(2, -2)].provokes == ("foe",)


def test_leaving_again_after_re_engaging_provokes_again() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 3)})
    req = request(H(1), move=3, enemies={"foe": H(0)})
    reach = path_cost(board, req, [H(1), H(2), H(1), H(2)])
    assert isinstance(reach, Reach)
    assert (reach.provokes, reach.provoke_steps) == (("foe", "foe"), (1, 3))


def test_multiple_engagements_each_attack() -> None:
    # Guide Example 12: leaving two engaged figures gives two attacks.
    board = make_board({h: 1 for h in spiral(H(0), 3)})
    req = request(H(0), move=3, enemies={"b": H(1), "a": H(0, 1)})
    assert reachable(board, req)[H(-2)].provokes == ("a", "b")


def test_the_best_path_avoids_a_leaving_engagement_attack_when_it_fits() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 3)})
    enemies = {"foe": H(0)}
    short = reachable(board, request(H(-2), move=5, enemies=enemies))[H(2)]
    assert short.cost == 5  # the foe stands on the straight line
    assert short.provokes == ("foe",)
    # With one more space the figure can go around, two spaces clear of the foe.
    around = reachable(board, request(H(-2), move=6, enemies=enemies))[H(2)]
    assert around.cost == 6
    assert around.provokes == ()
    assert all(distance(H(0), p) >= 2 for p in around.path if isinstance(p, Hex))


def test_the_best_path_avoids_a_fall_when_it_fits() -> None:
    # Straight down the cliff is a fall; the stairs beside it are not.
    board = make_board({H(0): 5, H(1): 1, H(0, 1): 3, H(1, 1): 1, H(2): 1})
    short = reachable(board, request(H(0), height=4, move=2))[H(2)]
    assert (short.cost, short.falls) == (2, ((H(1), 4),))
    stairs = reachable(board, request(H(0), height=4, move=3))[H(2)]
    assert (stairs.cost, stairs.falls) == (3, ())
    assert stairs.path == (H(0), H(0, 1), H(1), H(2))


def test_engagement_lookup_builds_the_callback_from_bodies() -> None:
    board = row(1, 1, 1, 1)
    mover = Body("mover", (H(0),), 1.0, 4, 3.5, (1.0, 3.0))
    foe = Body("foe", (H(1),), 1.0, 4, 3.5, (1.0, 3.0))

    def adjacent(board: Board, a: Body, b: Body) -> bool:
        return any(distance(x, y) == 1 for x in a.hexes for y in b.hexes)

    engaged_at = engagement_lookup(board, mover, [foe], adjacent)
    assert engaged_at(H(0)) == frozenset({"foe"})
    assert engaged_at(H(3)) == frozenset()
    assert engaged_at((H(2), H(3))) == frozenset({"foe"})


def test_engagement_lookup_uses_the_engagement_rule() -> None:
    # Guide Example 11: a foe on a ledge as high as the mover is tall is not engaged with it,
    # so walking away from it provokes nothing; on level ground it does.
    board = make_board({H(0): 1, H(-1): 1, H(-2): 1, H(1): 5, H(0, 1): 1})
    mover = Body.standing(board, "mover", [H(0)], 4, 3.5, (1.0, 3.0))
    for foe_at, provokes in ((H(1), ()), (H(0, 1), ("foe",))):
        foe = Body.standing(board, "foe", [foe_at], 4, 3.5, (1.0, 3.0))
        req = replace(
            request(H(0), move=2, enemies={"foe": foe_at}),
            engaged_at=engagement_lookup(board, mover, [foe]),
        )
        assert reachable(board, req)[H(-2)].provokes == provokes


def test_the_search_asks_the_engagement_rule_only_beside_a_foe() -> None:
    # The guide's rule engages only adjacent figures, so the lookup names the spaces beside
    # the foes (`EngagementLookup.zone`) and the search asks about no position elsewhere --
    # with the same answer as a search that asks about every position.
    board = make_board({h: 1 for h in spiral(H(0), 4)})
    mover = Body.standing(board, "mover", [H(-3)], 4, 3.5, (1.0, 3.0))
    foe = Body.standing(board, "foe", [H(2)], 4, 3.5, (1.0, 3.0))
    lookup = EngagementLookup(board, mover, [foe])
    assert lookup.zone == frozenset(neighbours(H(2)))
    asked: list[Position] = []

    class Counting:
        zone = lookup.zone

        def __call__(self, position: Position) -> frozenset[str]:
            asked.append(position)
            return lookup(position)

    for start in (H(-3), H(1)):  # far from the foe, and engaged with it
        lookup.mover = replace(mover, hexes=(start,))
        base = request(start, move=6, enemies={"foe": H(2)})
        asked.clear()
        zoned = reachable(board, replace(base, engaged_at=Counting()))
        everywhere = reachable(board, replace(base, engaged_at=lambda p: lookup(p)))
        assert list(zoned.items()) == list(everywhere.items())
        assert asked and all(p in lookup.zone for p in asked)
    assert zoned[H(-3)].provokes == ("foe",)  # walked away from it: left the engagement
    # Another engagement rule names no zone: every position is asked about.
    assert EngagementLookup(board, mover, [foe], lambda b, x, y: True).zone is None


# --- road -----------------------------------------------------------------------------------


def test_a_move_wholly_on_road_gets_three_extra_spaces() -> None:
    cells: dict[Hex, Spec] = {H(q): "r1" for q in range(9)}
    cells[H(2, 1)] = 1  # a land space beside the road
    cells[H(3, 1)] = 1
    board = make_board(cells)
    result = reachable(board, request(H(0), move=4))
    assert max(r.cost for p, r in result.items()) == 7
    assert result[H(7)].road and result[H(7)].cost == 7
    assert H(8) not in result
    # Leaving the road loses the bonus: the land spaces are only reachable within the move.
    assert result[H(2, 1)].cost == 3 and not result[H(2, 1)].road
    assert result[H(3, 1)].cost == 4
    assert (
        path_cost(board, request(H(0), move=4), [H(0), H(1), H(2), H(2, 1), H(3, 1)])
        == (result[H(3, 1)])
    )
    # Starting off the road gives no bonus even if the rest is road.
    assert H(7) not in reachable(board, request(H(2, 1), move=4))


# --- double-space figures -------------------------------------------------------------------


def test_double_space_flip_in_place_is_free_and_provokes_nothing() -> None:
    board = make_board({h: 1 for h in spiral(H(0), 2)})
    req = request(H(0), H(-1), move=0, enemies={"foe": H(1)})
    result = reachable(board, req)
    assert set(result) == {(H(-1), H(0))}
    flipped = result[(H(-1), H(0))]
    assert flipped.cost == 0 and flipped.provokes == ()
    assert flipped.path == ((H(0), H(-1)), (H(-1), H(0)))


def test_double_space_trailing_side_follows_the_leading_side() -> None:
    # Guide Example 8: the cost follows the leading side up the ledges.
    board = row(1, 1, 2, 2, 3, 3)
    result = reachable(board, request(H(1), H(0), height=3, move=5))
    assert costs(result) == {(H(0), H(1)): 0, (H(3), H(2)): 3, (H(2), H(3)): 3}
    assert result[(H(3), H(2))].path == ((H(1), H(0)), (H(2), H(1)), (H(3), H(2)))
    six = reachable(board, request(H(1), H(0), height=3, move=6))
    assert six[(H(5), H(4))].cost == 6
    req = request(H(1), H(0), height=3)
    assert path_cost(board, req, [(H(1), H(0)), (H(2), H(0))]) == (
        "the trailing side must follow the leading side"
    )
    assert path_cost(board, req, [(H(1), H(0)), (H(2), H(1))]) == (
        "a double-space figure must end on two spaces of the same level"
    )
    assert (
        path_cost(board, req, [H(1)])
        == "this figure's path is made of (leading hex, trailing hex) pairs"
    )


def test_double_space_crosses_one_water_space_without_stopping() -> None:
    # Guide Example 6: one water space between land is crossed; the leading side pays to
    # climb out of it.
    board = row(1, 1, "w1", 1, 1)
    result = reachable(board, request(H(1), H(0), move=5))
    assert costs(result) == {(H(0), H(1)): 0, (H(4), H(3)): 4, (H(3), H(4)): 4}
    # Half in water, half on land is never an end: water counts as a lower level.
    assert (H(2), H(1)) not in result
    assert path_cost(board, request(H(1), H(0)), [(H(1), H(0)), (H(2), H(1))]) == (
        "a double-space figure must end on two spaces of the same level"
    )


def test_double_space_stops_on_two_water_spaces() -> None:
    board = row(1, 1, "w1", "w1", 1, 1)
    result = reachable(board, request(H(1), H(0), move=9))
    assert set(result) == {(H(0), H(1)), (H(3), H(2)), (H(2), H(3))}
    assert result[(H(3), H(2))].ends_in_water
    assert result[(H(2), H(3))].ends_in_water


def test_double_space_stops_when_its_leading_side_lands_on_a_glyph() -> None:
    board = row(1, 1, 1, 1, 1)
    result = reachable(board, request(H(1), H(0), glyphs=[H(2)]))
    assert set(result) == {(H(0), H(1)), (H(2), H(1)), (H(1), H(2))}
    assert result[(H(2), H(1))].stopped_by_glyph
    # A glyph under the starting trailing side does not stop it when it moves off.
    ahead = reachable(board, request(H(1), H(0), glyphs=[H(0)]))
    assert (H(4), H(3)) in ahead


# --- cryptoliths ----------------------------------------------------------------------------


def test_a_cryptolith_is_scaled_for_four_spaces() -> None:
    crypt = ObstacleSpec("c1", "cryptolith", (H(1),), 9)
    board = make_board({H(0): 1, H(1): 1, H(2): 1}, [crypt])
    up = reachable(board, request(H(0), height=4, move=4))
    assert costs(up) == {H(1): 4}
    # Down the other side: scaling costs 4 with no fall, jumping costs 1 and is a fall.
    jump = reachable(board, request(H(0), height=4, move=5))[H(2)]
    assert (jump.cost, jump.falls) == (5, ((H(2), 9),))
    climb = reachable(board, request(H(0), height=4, move=8))[H(2)]
    assert (climb.cost, climb.falls) == (8, ())
    assert path_cost(board, request(H(0), height=4, move=8), [H(0), H(1), H(2)]) == climb
    assert path_cost(board, request(H(0), height=4, move=5), [H(0), H(1), H(2)]) == jump


# --- path_cost agrees with reachable --------------------------------------------------------


def test_path_cost_reports_moves_beyond_the_move_number() -> None:
    board = row(1, 1, 1, 1)
    assert path_cost(board, request(H(0), move=2), [H(0), H(1), H(2), H(3)]) == (
        "that path needs 3 spaces; the move is 2"
    )
    assert path_cost(board, request(H(0), move=2), [H(1)]) == (
        "the path must start where the figure stands"
    )
    assert (
        path_cost(board, request(H(0), move=2), []) == "a path needs at least the starting position"
    )
    assert path_cost(board, request(H(0), move=2), [H(0)]) == Reach(cost=0, path=(H(0),))


# --- perft: reachable counts on a fixed battlefield -----------------------------------------

FIELD = """
1  1  2  3  3  1
1  w1 2  4  2  1
r1 r1 r1 r1 w1 w1
1  2  X  1  1  2
5  1  1  w1 1  1
"""
"""A 30-hex battlefield: rows r = 0..4, columns q = 0..5 (a parallelogram). X is a ruin on
level 1; w1 water, r1 road."""


def perft_board() -> Board:
    cells: dict[Hex, Spec] = {}
    ruins: list[ObstacleSpec] = []
    for r, line in enumerate(FIELD.strip().splitlines()):
        for q, cell in enumerate(line.split()):
            if cell == "X":
                cells[H(q, r)] = 1
                ruins.append(ObstacleSpec(f"ruin{q}{r}", "ruin", (H(q, r),), 4))
            else:
                cells[H(q, r)] = int(cell) if cell.isdigit() else cell
    return make_board(cells, ruins)


PERFT_FIGURES = {"ally": H(1, 3), "foe": H(4, 0)}


def perft_request(name: str) -> MoveRequest:
    enemies = {"foe": PERFT_FIGURES["foe"]}
    friends = {"ally": PERFT_FIGURES["ally"]}
    movers: dict[str, MoveRequest] = {
        "hero": request(H(0, 0), height=4, move=5, enemies=enemies, friends=friends),
        "small": request(H(3, 3), height=2, move=2, enemies=enemies, friends=friends),
        "squad": request(H(3, 3), height=2, move=4, enemies=enemies, friends=friends),
        "road": request(H(0, 2), height=3, move=2, enemies=enemies, friends=friends),
        "flier": request(H(5, 4), height=4, move=4, enemies=enemies, friends=friends, flying=True),
        "phantom": request(
            H(5, 0), height=3, move=4, enemies=enemies, friends=friends, phantom_walk=True
        ),
        "firecat": request(H(4, 3), H(3, 3), height=3, move=5, enemies=enemies, friends=friends),
    }
    return movers[name]


PERFT = {
    "firecat": 29,
    "flier": 13,
    "hero": 11,
    "phantom": 8,
    "road": 8,
    "small": 9,
    "squad": 19,
}
"""Frozen counts of reachable positions; the small, road and phantom ones are checked by hand
below. A change here means a movement rule changed: check it against the guide."""


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_reachable_counts(name: str) -> None:
    board = perft_board()
    req = perft_request(name)
    result = reachable(board, req)
    assert len(result) == PERFT[name]
    for end, reach in result.items():
        assert reach.end == end
        assert path_cost(board, req, reach.path) == reach


def test_perft_small_by_hand() -> None:
    # From (3, 3), level 1, height 2, move 2. Its neighbours: (4,3) and (3,2) and (2,4) level
    # 1, (4,2) and (3,4) water (the move ends there), (2,3) a ruin. One step further for 1
    # more: (4,4), (2,2), (1,4) and the water at (5,2); (5,3) and (4,1) are a level up (2 more).
    result = reachable(perft_board(), perft_request("small"))
    assert costs(result) == {
        H(4, 3): 1,
        H(3, 2): 1,
        H(2, 4): 1,
        H(4, 2): 1,
        H(3, 4): 1,
        H(4, 4): 2,
        H(2, 2): 2,
        H(1, 4): 2,
        H(5, 2): 2,
    }
    assert {p for p, r in result.items() if r.ends_in_water} == {H(4, 2), H(3, 4), H(5, 2)}


def test_perft_road_by_hand() -> None:
    # From the road at (0, 2), move 2: the road runs to (3, 2), so it is reached for 3 with the
    # road bonus; the land beside the road is reached only within the move number.
    result = reachable(perft_board(), perft_request("road"))
    assert costs(result) == {
        H(0, 1): 1,
        H(0, 3): 1,
        H(1, 1): 1,
        H(1, 2): 1,
        H(0, 0): 2,
        H(1, 0): 2,
        H(2, 2): 2,
        H(3, 2): 3,
    }
    assert [p for p, r in sorted(result.items()) if r.road] == [H(1, 2), H(2, 2), H(3, 2)]


def test_perft_phantom_by_hand() -> None:
    # From (5, 0), height 3, move 4, next to the foe on level 3 at (4, 0): Phantom Walk goes
    # through the foe (3 to climb 2 levels) to (3, 0) for 4, and provokes nothing.
    result = reachable(perft_board(), perft_request("phantom"))
    assert costs(result) == {
        H(5, 1): 1,
        H(4, 1): 2,
        H(5, 2): 2,
        H(4, 2): 2,
        H(3, 2): 3,
        H(3, 0): 4,
        H(2, 2): 4,
        H(3, 3): 4,
    }
    assert result[H(3, 0)].path == (H(5, 0), H(4, 0), H(3, 0))
    assert all(r.provokes == () for r in result.values())


# --- properties -----------------------------------------------------------------------------


def walks(board: Board, req: MoveRequest, steps: int) -> Iterable[tuple[Position, ...]]:
    """Every sequence of positions from the start with at most `steps` leading-side steps
    (double-space figures may flip between steps), legal or not."""
    start: Position = req.hexes[0] if len(req.hexes) == 1 else (req.hexes[0], req.hexes[1])

    def extend(
        path: tuple[Position, ...], left: int, flipped: bool
    ) -> Iterable[tuple[Position, ...]]:
        yield path
        here = path[-1]
        if isinstance(here, Hex):
            if left:
                for n in neighbours(here):
                    if n in board.columns:
                        yield from extend((*path, n), left - 1, False)
            return
        lead, trail = here
        if not flipped:
            yield from extend((*path, (trail, lead)), left, True)
        if left:
            for n in neighbours(lead):
                if n in board.columns and n != trail:
                    yield from extend((*path, (n, lead)), left - 1, False)

    yield from extend((start,), steps, False)


def best_by_brute_force(board: Board, req: MoveRequest) -> dict[Position, tuple[int, int, int]]:
    best: dict[Position, tuple[int, int, int]] = {}
    road = all(board.is_road(h) for h in req.hexes)
    for path in walks(board, req, req.move + (3 if road else 0)):
        if len(path) == 1:
            continue
        reach = path_cost(board, req, path)
        if isinstance(reach, str) or reach.end == path[0]:
            continue
        key = (len(reach.provokes), len(reach.falls), reach.cost)
        if reach.end not in best or key < best[reach.end]:
            best[reach.end] = key
    return best


SMALL = spiral(H(0), 2)
TERRAIN: st.SearchStrategy[Spec] = st.sampled_from([1, 1, 2, 3, 4, 5, "w1", "w2", "r1", "r1"])
RARELY = st.sampled_from([False, False, False, True])


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Board, MoveRequest]:
    cells = {h: draw(TERRAIN) for h in SMALL}
    board = make_board(cells)
    double = draw(st.booleans())
    start = draw(st.sampled_from(SMALL))
    hexes = [start]
    if double:
        options = [n for n in neighbours(start) if n in cells]
        hexes.append(draw(st.sampled_from(options)))
    free = [h for h in SMALL if h not in hexes]
    others = draw(st.lists(st.sampled_from(free), max_size=5, unique=True))
    enemies = {f"e{i}": h for i, h in enumerate(others) if draw(st.booleans())}
    friends = {f"f{i}": h for i, h in enumerate(others) if h not in enemies.values()}
    engaged = [name for name in friends if draw(st.booleans())]
    glyphs = draw(st.lists(st.sampled_from(SMALL), max_size=2, unique=True))
    # Keep the brute force small: a road start adds 3 to the move.
    road = all(board.is_road(h) for h in hexes)
    most = (1 if double else 2) if road else (2 if double else 3)
    req = request(
        *hexes,
        move=draw(st.integers(1, most)),
        height=draw(st.integers(1, 4)),
        enemies=enemies,
        friends=friends,
        engaged_friends=engaged,
        glyphs=glyphs,
        flying=draw(RARELY),
        phantom_walk=draw(RARELY),
    )
    return board, req


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_reachable_matches_brute_force_over_every_walk(scene: tuple[Board, MoveRequest]) -> None:
    board, req = scene
    result = reachable(board, req)
    expected = best_by_brute_force(board, req)
    start: Position = req.start
    expected.pop(start, None)
    got = {p: (len(r.provokes), len(r.falls), r.cost) for p, r in result.items()}
    assert got == expected
    for reach in result.values():
        assert path_cost(board, req, reach.path) == reach


@settings(max_examples=40, deadline=None)
@given(scenes())
def test_more_move_reaches_at_least_as_far(scene: tuple[Board, MoveRequest]) -> None:
    board, req = scene
    fewer = reachable(board, req)
    more = reachable(board, replace(req, move=req.move + 1))
    assert set(fewer) <= set(more)
