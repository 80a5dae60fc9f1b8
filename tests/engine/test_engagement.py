"""Engagement between opposing figures (arena.engine.engagement), guide pp.9-10."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from arena.engine.board import Board, ObstacleSpec
from arena.engine.bodies import Body
from arena.engine.engagement import engaged_with, is_engaged, obstacle_between
from arena.hexgrid import Hex, spiral


def board(raised: Mapping[Hex, int] | None = None, obstacles: Sequence[ObstacleSpec] = ()) -> Board:
    """Level-1 land around the origin, with ``raised`` hexes built up to the given top."""
    columns: dict[Hex, list[str | None]] = {h: ["land"] for h in spiral(Hex(0, 0), 4)}
    for hex_, top in (raised or {}).items():
        columns[hex_] = ["land"] * top
    return Board.build(columns, obstacles)


def fig(b: Board, figure_id: str, *hexes: Hex, height: int = 4) -> Body:
    return Body.standing(b, figure_id, hexes, height, height - 0.5, (1.0, height - 0.5))


def test_adjacent_on_level_ground_are_engaged_both_ways() -> None:
    b = board()
    chandra, elf = fig(b, "chandra", Hex(0, 0)), fig(b, "elf", Hex(1, 0), height=2)
    assert is_engaged(b, chandra, elf) and is_engaged(b, elf, chandra)


def test_not_adjacent_means_not_engaged() -> None:
    b = board()
    assert not is_engaged(b, fig(b, "a", Hex(0, 0)), fig(b, "b", Hex(2, 0)))


def test_a_figure_is_never_engaged_with_itself() -> None:
    b = board()
    assert not is_engaged(b, fig(b, "a", Hex(0, 0)), fig(b, "a", Hex(1, 0)))


@pytest.mark.parametrize(("ledge", "engaged"), [(3, True), (4, False), (6, False)])
def test_example_11_a_ledge_as_high_as_the_lower_figure_is_tall_is_not_adjacent(
    ledge: int, engaged: bool
) -> None:
    # Chandra (height 4) at the foot; the Pummelroot Elemental on a ledge `ledge` levels up.
    b = board({Hex(1, 0): 1 + ledge})
    chandra, pummelroot = fig(b, "chandra", Hex(0, 0)), fig(b, "pummelroot", Hex(1, 0), height=5)
    assert pummelroot.base - chandra.base == ledge
    assert is_engaged(b, chandra, pummelroot) is engaged
    assert is_engaged(b, pummelroot, chandra) is engaged


def test_the_ledge_is_measured_against_the_lower_figure_not_the_higher() -> None:
    # A 2-level ledge cuts off a height-2 figure at its foot, whatever the height of the
    # figure above it.
    b = board({Hex(1, 0): 3})
    assert not is_engaged(b, fig(b, "low", Hex(0, 0), height=2), fig(b, "up", Hex(1, 0)))
    # Both on the same high plateau: the absolute level does not matter.
    plateau = board({Hex(0, 0): 6, Hex(1, 0): 6})
    assert is_engaged(plateau, fig(plateau, "a", Hex(0, 0)), fig(plateau, "b", Hex(1, 0)))


# Hex(0, 0) and Hex(1, 0) share an edge flanked by Hex(1, -1) (north) and Hex(0, 1) (south).
@pytest.mark.parametrize(
    ("ruin_height", "heights", "engaged"),
    [
        (2, (4, 3), True),  # both figures taller than the ruin
        (4, (4, 4), False),  # as tall as the figures: "must be higher"
        (5, (4, 3), False),  # taller than both
        (3, (4, 3), False),  # only one figure's height is lower (or equal)
        (3, (5, 4), True),
    ],
)
def test_a_ruin_between_two_figures_must_be_lower_than_both(
    ruin_height: int, heights: tuple[int, int], engaged: bool
) -> None:
    b = board(obstacles=[ObstacleSpec("ruin", "ruin", (Hex(1, -1), Hex(2, -2)), ruin_height)])
    a = fig(b, "a", Hex(0, 0), height=heights[0])
    c = fig(b, "c", Hex(1, 0), height=heights[1])
    assert obstacle_between(b, Hex(0, 0), Hex(1, 0), a, c) is not engaged
    assert is_engaged(b, a, c) is engaged
    assert is_engaged(b, c, a) is engaged


def test_a_ruin_not_flanking_the_seam_is_not_between() -> None:
    # The ruin touches Hex(0, 0) but not Hex(1, 0): it stands beside, not between.
    b = board(obstacles=[ObstacleSpec("ruin", "ruin", (Hex(-1, 0),), 9)])
    assert is_engaged(b, fig(b, "a", Hex(0, 0)), fig(b, "c", Hex(1, 0)))


def test_heights_are_compared_in_the_air_when_the_ruin_stands_lower() -> None:
    # A 3-tall ruin on ground level beside two figures on a 3-level plateau: its top (4) is
    # below both figures' tops (8), so they reach each other over it.
    raised = {Hex(0, 0): 4, Hex(1, 0): 4}
    b = board(raised, [ObstacleSpec("ruin", "ruin", (Hex(1, -1),), 3)])
    assert is_engaged(b, fig(b, "a", Hex(0, 0)), fig(b, "c", Hex(1, 0)))


def test_a_double_space_figure_engages_across_an_open_seam() -> None:
    # The dragon on Hex(0, 0)+Hex(0, 1); the enemy on Hex(1, 0) touches both. The seam with
    # Hex(0, 0) is walled by a tall ruin at Hex(1, -1); the seam with Hex(0, 1) is open.
    ruin = ObstacleSpec("ruin", "ruin", (Hex(1, -1),), 9)
    b = board(obstacles=[ruin])
    dragon, enemy = fig(b, "dragon", Hex(0, 0), Hex(0, 1)), fig(b, "enemy", Hex(1, 0))
    assert obstacle_between(b, Hex(0, 0), Hex(1, 0), dragon, enemy)
    assert not obstacle_between(b, Hex(0, 1), Hex(1, 0), dragon, enemy)
    assert is_engaged(b, dragon, enemy)
    # A single-space figure on Hex(0, 0) alone is cut off.
    assert not is_engaged(b, fig(b, "solo", Hex(0, 0)), enemy)


def test_engaged_with_lists_the_engaged_enemies_in_order() -> None:
    b = board({Hex(-1, 0): 6})
    hero = fig(b, "hero", Hex(0, 0))
    enemies = [
        fig(b, "z-adjacent", Hex(1, 0)),
        fig(b, "a-adjacent", Hex(0, 1)),
        fig(b, "far", Hex(3, 0)),
        fig(b, "on-ledge", Hex(-1, 0)),  # five levels up, hero is 4 tall
    ]
    assert engaged_with(b, hero, enemies) == ["a-adjacent", "z-adjacent"]
    assert engaged_with(b, hero, []) == []
