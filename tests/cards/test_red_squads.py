"""Chandra's two squads on the engine: Blazing Firecats (double-space, Haste, Intense Strike)
and Flamewing Phoenixes (Flying, Rebirth) -- each ability works, does nothing when its
condition fails, and keeps its edge cases (guide examples 8, 9 and 13; cards.md)."""

from __future__ import annotations

import pytest
from redgreen_kit import (
    BLANK,
    CHANDRA,
    FIRECATS,
    HIT,
    JACE,
    LILIANA,
    PHOENIXES,
    REAVERS,
    REBUTTAL,
    ZOMBIES,
    answers,
    card,
    damage,
    damage_dealt,
    destroyed,
    events_of,
    fig,
    hide,
    of_type,
    position,
    texts,
    where,
    zone,
)

from arena.engine import IllegalAction
from arena.engine.actions import Accept, Answer, Attack, Pass
from arena.engine.testkit import hex_field
from arena.hexgrid import Hex, spiral

C, L, J = fig(1, CHANDRA), fig(2, LILIANA), fig(2, JACE)
CAT1, CAT2 = fig(1, FIRECATS, 1), fig(1, FIRECATS, 2)
BIRD1, BIRD2 = fig(1, PHOENIXES, 1), fig(1, PHOENIXES, 2)
REAVER1, REAVER2 = fig(2, REAVERS, 1), fig(2, REAVERS, 2)
ZOMBIE1, ZOMBIE2 = fig(2, ZOMBIES, 1), fig(2, ZOMBIES, 2)


def red_vs_black(placed: dict[str, object], rolls: list[int] | None = None, **kw: object):  # type: ignore[no-untyped-def]
    """Chandra and her squads against Liliana and hers (Liliana far away unless placed)."""
    placed = {C: Hex(0, 0), L: Hex(0, 7), **placed}
    return position([[CHANDRA, FIRECATS, PHOENIXES], [LILIANA, ZOMBIES, REAVERS]], placed,
                    rolls or [], **kw)


def test_the_red_squads_fit_chandras_500_point_army_and_six_spaces() -> None:
    cats, birds = card(FIRECATS), card(PHOENIXES)
    assert card(CHANDRA).cost + cats.cost + birds.cost == 500
    assert cats.base == "double" and cats.move == 5
    assert cats.figures * 2 + birds.figures == 6  # six spaces of squad figures per colour
    assert (cats.provenance, birds.provenance) == ("reconstructed", "reconstructed")


# --- Blazing Firecats: double-space movement (guide examples 8 and 9) ----------------------


def ledges() -> object:
    """Flat level 1, a band of level 2 at q = 1 and a plateau of level 3 from q = 2 on."""
    cells: dict[Hex, int | str] = {}
    for h in spiral(Hex(0, 0), 8):
        if h.q == 1:
            cells[h] = 2
        elif h.q >= 2:
            cells[h] = 3
    return hex_field(radius=8, cells=cells)


def test_a_firecat_moves_five_spaces_up_the_ledges_and_ends_on_two_level_spaces() -> None:
    """Example 8: right side first, the left side trailing on the same spaces; counting the
    sides of the ledges, five spaces bring it to the top, on two same-level spaces."""
    game = red_vs_black({CAT1: (Hex(0, 0), Hex(-1, 0)), C: Hex(-4, 0), L: Hex(0, -7)},
                        field=ledges(), phase="pre_move", chosen=f"p1:{FIRECATS}")
    reach = game.reachable_spaces(CAT1)
    top = (Hex(3, 0), Hex(2, 0))
    assert top in reach and reach[top].cost == 5  # 2 (one side up) + 2 (one side up) + 1
    assert (Hex(4, 0), Hex(3, 0)) not in reach  # a sixth space
    # Half on the ledge, half below: never an end.
    assert (Hex(2, 0), Hex(1, 0)) not in reach and (Hex(1, 0), Hex(0, 0)) not in reach
    game.apply(f"move {CAT1} 3,0/2,0")
    assert where(game, CAT1) == (Hex(3, 0), Hex(2, 0))


def test_a_firecat_flips_for_free_without_leaving_engagement_attacks() -> None:
    """Example 9: the flip keeps the same two spaces, costs nothing, provokes nothing."""
    game = red_vs_black({CAT1: (Hex(0, 0), Hex(-1, 0)), REAVER1: Hex(1, 0), C: Hex(-4, 0)},
                        phase="pre_move", chosen=f"p1:{FIRECATS}")
    reach = game.reachable_spaces(CAT1)
    assert reach[(Hex(-1, 0), Hex(0, 0))].cost == 0
    events = game.apply(f"move {CAT1} -1,0/0,0")  # no dice scripted: none may be rolled
    assert events_of(events, "LeavingEngagementAttacked") == []
    assert where(game, CAT1) == (Hex(-1, 0), Hex(0, 0))


# --- Blazing Firecats: Haste ----------------------------------------------------------------


def summon_firecats(game, first: str, second: str) -> list[object]:  # type: ignore[no-untyped-def]
    game.apply(f"summon p1:{FIRECATS}")
    game.apply(f"place {first}")
    return game.apply(f"place {second}")


@pytest.mark.covers("blazing-firecats/haste")
def test_haste_moves_a_summoned_firecat_and_pounces_for_one_damage() -> None:
    game = red_vs_black({REAVER1: Hex(4, 0)}, phase="pre_move", chosen=f"p1:{CHANDRA}")
    summon_firecats(game, "1,0/1,-1", "-1,0/-1,1")
    assert game.pending.phase == "optional" and "Haste" in game.pending.description
    game.apply(Accept())
    assert answers(game) == [CAT1, CAT2]
    game.apply(Answer(CAT1))
    options = answers(game)
    assert "stay" in options and "3,0/2,0" in options
    assert "5,0/4,0" not in options  # on the Reaver's space
    events = game.apply(Answer("3,0/2,0"))  # next to the Reaver: it is the only target
    assert damage_dealt(events) == [(REAVER1, 1)]
    assert where(game, CAT1) == (Hex(3, 0), Hex(2, 0))
    # Still Chandra's turn: the pounce is the Firecats' only attack now.
    assert not any(a.attacker == CAT1 for a in of_type(game, "Attack"))  # type: ignore[attr-defined]


@pytest.mark.covers("blazing-firecats/haste")
def test_haste_deals_no_damage_without_an_opposing_figure_next_to_a_firecat() -> None:
    game = red_vs_black({REAVER1: Hex(7, -7)}, phase="pre_move", chosen=f"p1:{CHANDRA}")
    summon_firecats(game, "1,0/1,-1", "-1,0/-1,1")
    game.apply(Accept())
    game.apply(Answer(CAT2))
    events = game.apply(Answer("stay"))
    assert damage_dealt(events) == [] and damage(game, REAVER1) == 0
    assert game.pending.phase == "pre_move"


@pytest.mark.covers("blazing-firecats/haste")
def test_haste_may_be_declined_and_waits_for_the_last_firecat_placed() -> None:
    game = red_vs_black({REAVER1: Hex(2, 0)}, phase="pre_move", chosen=f"p1:{CHANDRA}")
    game.apply(f"summon p1:{FIRECATS}")
    game.apply("place 1,-1/1,-2")
    assert game.pending.phase == "summon"  # not before the whole squad is placed
    game.apply("place -1,0/-1,1")
    game.apply(Pass())
    assert damage(game, REAVER1) == 0 and where(game, CAT1) == (Hex(1, -1), Hex(1, -2))


@pytest.mark.covers("blazing-firecats/haste")
def test_haste_only_when_summoned_not_when_the_firecats_are_chosen() -> None:
    game = red_vs_black({CAT1: (Hex(1, 0), Hex(1, -1)), REAVER1: Hex(2, 0)}, phase="choose")
    game.apply(f"choose p1:{FIRECATS}")
    assert game.pending.phase == "pre_move" and damage(game, REAVER1) == 0


# --- Blazing Firecats: Intense Strike -------------------------------------------------------

ZOMBIE_KILL = [HIT, BLANK, BLANK, BLANK, BLANK]
"""A Firecat's 4 attack dice (1 hit) and a Restless Zombie's 1 defense die (blank)."""


@pytest.mark.covers("blazing-firecats/intense-strike")
def test_intense_strike_gives_a_firecat_that_destroys_its_target_another_attack() -> None:
    game = red_vs_black({CAT1: (Hex(1, 0), Hex(2, 0)), ZOMBIE1: Hex(3, 0),
                         REAVER1: Hex(2, 1)},
                        ZOMBIE_KILL + [HIT, HIT, BLANK, BLANK, BLANK, BLANK, BLANK],
                        phase="post_move", chosen=f"p1:{FIRECATS}")
    game.apply(Attack(CAT1, ZOMBIE1))  # 1 hit against 1 blank: the zombie is destroyed
    assert zone(game, ZOMBIE1) == "graveyard"
    assert game.pending.phase == "optional" and "Intense Strike" in game.pending.description
    game.apply(Accept())
    assert Attack(CAT1, REAVER1) in game.legal_actions()
    game.apply(Attack(CAT1, REAVER1))  # 2 hits against 3 blanks
    assert damage(game, REAVER1) == 2
    assert game.pending.phase == "attack"  # the Reaver survived: no further attack
    assert not of_type(game, "Attack")


@pytest.mark.covers("blazing-firecats/intense-strike")
def test_intense_strike_needs_the_target_destroyed() -> None:
    game = red_vs_black({CAT1: (Hex(1, 0), Hex(2, 0)), REAVER1: Hex(3, 0)},
                        [HIT, BLANK, BLANK, BLANK, BLANK, BLANK, BLANK],
                        phase="post_move", chosen=f"p1:{FIRECATS}")
    game.apply(Attack(CAT1, REAVER1))
    assert damage(game, REAVER1) == 1 and game.pending.phase == "attack"
    with pytest.raises(IllegalAction):
        game.apply(Attack(CAT1, REAVER1))


@pytest.mark.covers("blazing-firecats/intense-strike")
def test_intense_strike_is_once_per_turn_for_the_squad() -> None:
    game = red_vs_black({CAT1: (Hex(1, 0), Hex(2, 0)), CAT2: (Hex(1, 2), Hex(2, 2)),
                         ZOMBIE1: Hex(3, 0), ZOMBIE2: Hex(3, 1), REAVER1: Hex(2, 1)},
                        ZOMBIE_KILL * 2 + [BLANK] * 7,
                        phase="post_move", chosen=f"p1:{FIRECATS}")
    game.apply(Attack(CAT1, ZOMBIE1))
    game.apply(Pass())  # declined: it is not used up
    game.apply(Attack(CAT2, ZOMBIE2))
    assert "Intense Strike" in game.pending.description
    game.apply(Accept())
    game.apply(Attack(CAT2, REAVER1))
    assert not of_type(game, "Attack")


@pytest.mark.covers("blazing-firecats/intense-strike")
def test_intense_strike_used_once_is_not_offered_to_the_other_firecat() -> None:
    game = red_vs_black({CAT1: (Hex(1, 0), Hex(2, 0)), CAT2: (Hex(1, 2), Hex(2, 2)),
                         ZOMBIE1: Hex(3, 0), ZOMBIE2: Hex(3, 1), REAVER1: Hex(2, -1)},
                        ZOMBIE_KILL + [BLANK] * 7 + ZOMBIE_KILL,
                        phase="post_move", chosen=f"p1:{FIRECATS}")
    game.apply(Attack(CAT1, ZOMBIE1))
    game.apply(Accept())
    game.apply(Attack(CAT1, REAVER1))  # its extra attack, all blanks
    game.apply(Attack(CAT2, ZOMBIE2))  # destroys: once per turn, so no offer
    assert zone(game, ZOMBIE2) == "graveyard"
    assert game.pending.phase == "attack" and not of_type(game, "Attack")


# --- Flamewing Phoenixes: Flying ------------------------------------------------------------


def moat() -> object:
    """A flat field with a line of water at q = 2 (every row)."""
    cells: dict[Hex, int | str] = {h: "w1" for h in spiral(Hex(0, 0), 8) if h.q == 2}
    return hex_field(radius=8, cells=cells)


@pytest.mark.covers("flamewing-phoenixes/flying")
def test_a_phoenix_flies_over_water_and_figures() -> None:
    placed = {BIRD1: Hex(0, 0), C: Hex(-3, 0), L: Hex(-7, 7), ZOMBIE1: Hex(1, 0),
              REAVER1: Hex(3, 0)}
    game = red_vs_black(placed, field=moat(), phase="pre_move", chosen=f"p1:{PHOENIXES}")
    flying = game.reachable_spaces(BIRD1)
    assert Hex(4, 0) in flying and flying[Hex(4, 0)].cost == 4  # over zombie, water, Reaver
    assert Hex(6, 0) in flying and Hex(7, 0) not in flying  # move 6, every step 1
    walking = game.reachable_spaces(BIRD1, walk=True)
    assert Hex(4, 0) not in walking  # on foot the water stops it
    assert Hex(2, 1) in walking and Hex(3, 1) not in walking


@pytest.mark.covers("flamewing-phoenixes/flying")
def test_a_phoenix_climbs_for_free_when_flying() -> None:
    cells: dict[Hex, int | str] = {Hex(1, 0): 6, Hex(2, 0): 6}
    game = red_vs_black({BIRD1: Hex(0, 0), C: Hex(-3, 0)}, field=hex_field(8, cells=cells),
                        phase="pre_move", chosen=f"p1:{PHOENIXES}")
    assert game.reachable_spaces(BIRD1)[Hex(2, 0)].cost == 2
    assert Hex(1, 0) not in game.reachable_spaces(BIRD1, walk=True)  # 5 levels: height 3


@pytest.mark.covers("flamewing-phoenixes/flying")
def test_a_phoenix_taking_off_still_gets_leaving_engagement_attacks() -> None:
    game = red_vs_black({BIRD1: Hex(0, 0), C: Hex(-3, 0), ZOMBIE1: Hex(1, 0)}, [HIT],
                        phase="pre_move", chosen=f"p1:{PHOENIXES}")
    events = game.apply(f"move {BIRD1} 0,3")
    attacks = events_of(events, "LeavingEngagementAttacked")
    assert [a.attacker for a in attacks] == [ZOMBIE1]
    assert damage(game, BIRD1) == 1


def test_example_13_an_elf_sees_chandra_over_a_phoenix() -> None:
    """Guide example 13: five spaces away, a Flamewing Phoenix in the way, the Elf still sees
    part of Chandra's hit zone. (The Phoenix is low enough not to hide her.)"""
    from redgreen_kit import ELVES, NISSA

    elf = fig(2, ELVES, 1)
    game = position([[CHANDRA, PHOENIXES], [NISSA, ELVES]],
                    {C: Hex(5, 0), BIRD1: Hex(2, 0), elf: Hex(0, 0), fig(2, NISSA): Hex(0, -8)},
                    active=2, phase="post_move", chosen=f"p2:{ELVES}")
    assert Attack(elf, C) in game.legal_actions()
    assert game.sight(elf, C).clear


# --- Flamewing Phoenixes: Rebirth -----------------------------------------------------------


def rebirth_game(hand: list[object], **kw: object):  # type: ignore[no-untyped-def]
    """Phoenix 1 on the battlefield, Phoenix 2 destroyed; Chandra to play spells."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{CHANDRA}")
    placed = {BIRD1: Hex(5, -5), ZOMBIE1: Hex(0, 5), **kw.pop("placed", {})}  # type: ignore[dict-item]
    return red_vs_black(placed, hands=[hand], **kw)


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_returns_a_destroyed_phoenix_when_you_play_a_sorcery() -> None:
    game = rebirth_game(["reckless-charge"])
    assert zone(game, BIRD2) == "graveyard"
    game.apply("play p1/reckless-charge")
    assert game.pending.phase == "optional" and "Rebirth" in game.pending.description
    game.apply(Accept())
    spaces = answers(game)
    assert "1,0" in spaces and "0,4" in spaces  # within 4 spaces of Chandra
    assert "0,5" not in spaces and "5,-4" not in spaces  # too far (next to the other Phoenix)
    events = game.apply(Answer("1,0"))
    assert events_of(events, "FigureReturned")[0].figure == BIRD2
    assert zone(game, BIRD2) == "battlefield" and where(game, BIRD2) == (Hex(1, 0),)
    assert damage(game, BIRD2) == 0


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_needs_a_sorcery_not_an_aura_or_a_hidden_enchantment() -> None:
    game = rebirth_game(["fervor", "flame-ward"])
    game.apply(f"play p1/fervor p1:{PHOENIXES}")
    game.apply(f"play p1/flame-ward p1:{CHANDRA}")
    assert game.pending.phase == "pre_move" and zone(game, BIRD2) == "graveyard"


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_is_not_triggered_by_a_countered_sorcery() -> None:
    game = position([[CHANDRA, PHOENIXES], [JACE]],
                    {C: Hex(0, 0), J: Hex(0, -7), BIRD1: Hex(5, -5)},
                    hands=[["reckless-charge"], [REBUTTAL]], phase="pre_move",
                    chosen=f"p1:{CHANDRA}")
    hide(game, f"p2:{JACE}", "p2/test-rebuttal")
    game.apply("play p1/reckless-charge")
    assert game.to_act == 2 and game.pending.phase == "optional"
    events = game.apply(Accept())  # Jace's player flips the counter
    assert events_of(events, "SpellCountered")
    assert events_of(events, "AbilityTriggered") == []
    assert game.pending.phase == "pre_move" and zone(game, BIRD2) == "graveyard"


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_does_nothing_without_a_destroyed_phoenix_or_on_an_opponents_sorcery() -> None:
    game = rebirth_game(["reckless-charge"], placed={BIRD2: Hex(5, -4)})
    game.apply("play p1/reckless-charge")
    assert game.pending.phase == "pre_move"  # nothing to return: not offered
    # The opponent's sorcery does not wake your Phoenix.
    game = position([[CHANDRA, PHOENIXES], [LILIANA, ZOMBIES]],
                    {C: Hex(0, 0), L: Hex(0, 7), BIRD1: Hex(5, -5), ZOMBIE1: Hex(0, 5)},
                    hands=[[], ["reckless-charge"]], active=2, phase="pre_move",
                    chosen=f"p2:{LILIANA}")
    game.apply("play p2/reckless-charge")
    assert game.pending.phase == "pre_move" and zone(game, BIRD2) == "graveyard"


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_is_gone_with_the_last_phoenix() -> None:
    """Its army card is in the army-card graveyard: no ability of it works."""
    game = rebirth_game(["reckless-charge"])
    destroyed(game, BIRD1)
    game.apply("play p1/reckless-charge")
    assert game.pending.phase == "pre_move"
    assert zone(game, BIRD1) == zone(game, BIRD2) == "graveyard"


@pytest.mark.covers("flamewing-phoenixes/rebirth")
def test_rebirth_may_be_declined() -> None:
    game = rebirth_game(["reckless-charge"])
    game.apply("play p1/reckless-charge")
    game.apply(Pass())
    assert zone(game, BIRD2) == "graveyard" and "end-turn" in texts(game)
