"""Nissa's two squads on the engine: Cylian Elves (attack 3, range 5, Squad Sprint) and
Pummelroot Elementals (tall, Trample) -- each ability works, does nothing when its condition
fails, and keeps its edge cases (guide examples 2, 11, 12, 13 and 14; cards.md)."""

from __future__ import annotations

import pytest
from redgreen_kit import (
    BLANK,
    CHANDRA,
    ELVES,
    HIT,
    LILIANA,
    NISSA,
    PUMMELROOTS,
    REAVERS,
    SHIELD,
    ZOMBIES,
    answers,
    card,
    damage,
    damage_dealt,
    events_of,
    fig,
    of_type,
    position,
    where,
    zone,
)

from arena.engine.actions import Accept, Answer, Attack, Pass
from arena.engine.testkit import hex_field
from arena.hexgrid import Hex

N, C, L = fig(1, NISSA), fig(2, CHANDRA), fig(2, LILIANA)
ELF1, ELF2, ELF3 = (fig(1, ELVES, n) for n in (1, 2, 3))
ROOT1, ROOT2, ROOT3 = (fig(1, PUMMELROOTS, n) for n in (1, 2, 3))
ZOMBIE1, ZOMBIE2, REAVER1 = fig(2, ZOMBIES, 1), fig(2, ZOMBIES, 2), fig(2, REAVERS, 1)


def green_vs_black(placed: dict[str, object], rolls: list[int] | None = None, **kw: object):  # type: ignore[no-untyped-def]
    placed = {N: Hex(0, 0), L: Hex(0, 7), **placed}
    return position([[NISSA, ELVES, PUMMELROOTS], [LILIANA, ZOMBIES, REAVERS]], placed,
                    rolls or [], **kw)


def green_vs_red(placed: dict[str, object], rolls: list[int] | None = None, **kw: object):  # type: ignore[no-untyped-def]
    placed = {N: Hex(0, -8), **placed}
    return position([[NISSA, ELVES, PUMMELROOTS], [CHANDRA]], placed, rolls or [], **kw)


def test_the_green_squads_fit_nissas_500_point_army_and_six_spaces() -> None:
    elves, roots = card(ELVES), card(PUMMELROOTS)
    assert card(NISSA).cost + elves.cost + roots.cost == 500
    assert (elves.attack, elves.range) == (3, 5)
    assert elves.figures + roots.figures == 6 and roots.base == elves.base == "single"
    assert roots.height >= 5  # climbs a 4-level ledge in one go (example 2)


# --- Cylian Elves: attack 3, range 5 (examples 13 and 14) -----------------------------------


def test_example_14_an_elf_attacks_chandra_on_higher_ground() -> None:
    """Three attack dice; Chandra has height advantage: 4 + 1 = 5 defense dice."""
    field = hex_field(radius=8, cells={Hex(5, 0): 2})
    game = green_vs_red({ELF1: Hex(0, 0), C: Hex(5, 0)}, field=field, phase="post_move",
                        chosen=f"p1:{ELVES}")
    option = next(o for o in game.attack_options(ELF1) if o.target == C)
    assert option.possible and (option.attack_dice, option.defense_dice) == (3, 5)
    game = green_vs_red({ELF1: Hex(0, 0), C: Hex(6, 0)}, field=field, phase="post_move",
                        chosen=f"p1:{ELVES}")  # six spaces: out of range
    assert not next(o for o in game.attack_options(ELF1) if o.target == C).possible


def test_keen_sight_stretches_the_elves_range_to_seven_near_nissa() -> None:
    game = green_vs_black({ELF1: Hex(0, 3), ELF2: Hex(0, -6)})
    assert game.stat("range", ELF1).total == 7
    assert game.stat("range", ELF2).total == 5  # six spaces from Nissa


# --- Cylian Elves: Squad Sprint --------------------------------------------------------------


@pytest.mark.covers("cylian-elves/squad-sprint")
def test_squad_sprint_moves_an_elf_up_to_three_more_spaces_at_the_end_of_the_turn() -> None:
    game = green_vs_black({ELF1: Hex(3, 0), ELF2: Hex(-3, 0)}, phase="post_attack",
                          chosen=f"p1:{ELVES}")
    game.apply("end-turn")
    assert game.pending.phase == "optional" and "Squad Sprint" in game.pending.description
    game.apply(Accept())
    assert answers(game) == [ELF1, ELF2]
    game.apply(Answer(ELF1))
    options = answers(game)
    assert "stay" in options and "6,0" in options and "7,0" not in options
    game.apply(Answer("6,0"))
    assert where(game, ELF1) == (Hex(6, 0),) and where(game, ELF2) == (Hex(-3, 0),)
    assert game.active == 2


@pytest.mark.covers("cylian-elves/squad-sprint")
def test_squad_sprint_only_at_the_end_of_a_turn_the_elves_were_chosen() -> None:
    game = green_vs_black({ELF1: Hex(3, 0)}, phase="pre_move", chosen=f"p1:{ELVES}")
    game.apply(f"move {ELF1} 5,0")
    game.apply("end-move")
    assert game.pending.phase != "optional"  # not after moving: at the end of the turn
    game.apply("end-turn")
    assert "Squad Sprint" in game.pending.description
    game = green_vs_black({ELF1: Hex(3, 0)}, phase="post_attack", chosen=f"p1:{NISSA}")
    game.apply("end-turn")
    assert "Squad Sprint" not in game.pending.description  # Nissa's Sprint instead
    game.apply(Pass())
    assert game.active == 2 and where(game, ELF1) == (Hex(3, 0),)


@pytest.mark.covers("cylian-elves/squad-sprint")
def test_squad_sprint_declined_or_staying_moves_nothing() -> None:
    game = green_vs_black({ELF1: Hex(3, 0)}, phase="post_attack", chosen=f"p1:{ELVES}")
    game.apply("end-turn")
    game.apply(Pass())
    assert game.active == 2 and where(game, ELF1) == (Hex(3, 0),)
    game = green_vs_black({ELF1: Hex(3, 0)}, phase="post_attack", chosen=f"p1:{ELVES}")
    game.apply("end-turn")
    game.apply(Accept())  # the only Elf: chosen at once
    game.apply(Answer("stay"))
    assert game.active == 2 and where(game, ELF1) == (Hex(3, 0),)


@pytest.mark.covers("cylian-elves/squad-sprint")
def test_squad_sprint_leaving_an_engagement_draws_an_attack() -> None:
    game = green_vs_black({ELF1: Hex(3, 0), ZOMBIE1: Hex(4, 0)}, [HIT],
                          phase="post_attack", chosen=f"p1:{ELVES}")
    game.apply("end-turn")
    game.apply(Accept())
    events = game.apply(Answer("0,1"))
    assert [e.attacker for e in events_of(events, "LeavingEngagementAttacked")] == [ZOMBIE1]
    assert damage(game, ELF1) == 1 and where(game, ELF1) == (Hex(0, 1),)


# --- Pummelroot Elementals: tall (examples 2, 11, 12) -----------------------------------------


def test_example_2_a_pummelroot_climbs_a_four_level_ledge_for_five_spaces() -> None:
    field = hex_field(radius=8, cells={Hex(1, 0): 5, Hex(2, 0): 5})
    game = green_vs_black({ROOT1: Hex(0, 0), N: Hex(-1, 0), ELF1: Hex(0, 1)}, field=field,
                          phase="pre_move", chosen=f"p1:{PUMMELROOTS}")
    reach = game.reachable_spaces(ROOT1)
    assert reach[Hex(1, 0)].cost == 5 and Hex(2, 0) not in reach
    game = green_vs_black({ROOT1: Hex(0, 0), N: Hex(-1, 0), ELF1: Hex(0, 1)}, field=field,
                          phase="pre_move", chosen=f"p1:{ELVES}")
    assert Hex(1, 0) not in game.reachable_spaces(ELF1)  # height 4: four levels is too many


def test_example_11_a_pummelroot_on_a_four_level_ledge_is_not_adjacent_to_chandra() -> None:
    field = hex_field(radius=8, cells={Hex(1, 0): 5, Hex(1, -1): 4})
    game = green_vs_red({ROOT1: Hex(1, 0), ROOT2: Hex(1, -1), C: Hex(0, 0)}, field=field)
    assert game.engaged_with(C) == frozenset({ROOT2})  # 3 levels up: still engaged


def test_example_12_two_pummelroots_each_attack_chandra_as_she_leaves() -> None:
    game = green_vs_red({ROOT1: Hex(1, 0), ROOT2: Hex(-1, 0), C: Hex(0, 0)}, [HIT, HIT],
                        active=2, phase="pre_move", chosen=f"p2:{CHANDRA}")
    events = game.apply(f"move {C} 0,-3")
    assert sorted(e.attacker for e in events_of(events, "LeavingEngagementAttacked")) == [
        ROOT1, ROOT2]
    assert damage(game, C) == 2


# --- Pummelroot Elementals: Trample ----------------------------------------------------------


@pytest.mark.covers("pummelroot-elementals/trample")
def test_trample_deals_the_leftover_damage_to_a_figure_next_to_the_destroyed_one() -> None:
    placed = {ROOT1: Hex(0, 1), ZOMBIE1: Hex(1, 1), ZOMBIE2: Hex(2, 1), REAVER1: Hex(1, 2)}
    game = green_vs_black(placed, [HIT, HIT, HIT, BLANK, BLANK], phase="post_move",
                          chosen=f"p1:{PUMMELROOTS}")
    game.apply(Attack(ROOT1, ZOMBIE1))  # 3 hits on a 1-life zombie: 2 left over
    assert zone(game, ZOMBIE1) == "graveyard"
    assert "Trample" in game.pending.description
    game.apply(Accept())
    assert sorted(answers(game)) == sorted([ROOT1, ZOMBIE2, REAVER1])  # next to the zombie
    events = game.apply(Answer(REAVER1))
    assert damage_dealt(events) == [(REAVER1, 2)]


@pytest.mark.covers("pummelroot-elementals/trample")
def test_trample_is_not_offered_without_leftover_damage_or_a_kill() -> None:
    placed = {ROOT1: Hex(0, 1), ZOMBIE1: Hex(1, 1), ZOMBIE2: Hex(2, 1), REAVER1: Hex(1, 2)}
    game = green_vs_black(placed, [HIT, BLANK, BLANK, BLANK, BLANK], phase="post_move",
                          chosen=f"p1:{PUMMELROOTS}")
    game.apply(Attack(ROOT1, ZOMBIE1))  # exactly enough
    assert zone(game, ZOMBIE1) == "graveyard" and game.pending.phase == "attack"
    game = green_vs_black({ROOT1: Hex(0, 1), REAVER1: Hex(1, 0), ZOMBIE2: Hex(2, 0)},
                          [HIT, HIT, BLANK, BLANK, SHIELD, BLANK, BLANK],
                          phase="post_move", chosen=f"p1:{PUMMELROOTS}")
    game.apply(Attack(ROOT1, REAVER1))  # 2 hits, 1 blocked: the Reaver survives
    assert damage(game, REAVER1) == 1 and game.pending.phase == "attack"


@pytest.mark.covers("pummelroot-elementals/trample")
def test_trample_reaches_only_figures_next_to_the_destroyed_one_and_may_be_declined() -> None:
    placed = {ROOT1: Hex(0, 1), ZOMBIE1: Hex(1, 1), REAVER1: Hex(3, 1)}
    game = green_vs_black(placed, [HIT, HIT, HIT, BLANK, BLANK], phase="post_move",
                          chosen=f"p1:{PUMMELROOTS}")
    game.apply(Attack(ROOT1, ZOMBIE1))
    game.apply(Accept())  # only the Pummelroot itself is next to where the zombie stood
    assert damage(game, REAVER1) == 0 and damage(game, ROOT1) == 2  # any figure: yours too
    game = green_vs_black({**placed, REAVER1: Hex(2, 1)}, [HIT, HIT, HIT, BLANK, BLANK],
                          phase="post_move", chosen=f"p1:{PUMMELROOTS}")
    game.apply(Attack(ROOT1, ZOMBIE1))
    game.apply(Pass())
    assert damage(game, REAVER1) == 0 and of_type(game, "Attack") == []
