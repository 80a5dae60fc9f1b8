"""The twelve red spells on the engine, each played in a small position: it does what its
text says, does nothing (or cannot be played) when its condition fails, and keeps its edge
cases. Chandra (player 1) against Liliana and her Zombies (player 2) unless a test says."""

from __future__ import annotations

import pytest
from redgreen_kit import (
    BLANK,
    CHANDRA,
    FIRECATS,
    HIT,
    JACE,
    LILIANA,
    PHANTOMS,
    PHOENIXES,
    REAVERS,
    SHIELD,
    ZOMBIES,
    answers,
    damage,
    damage_dealt,
    destroyed,
    events_of,
    fig,
    of_type,
    plays,
    position,
    zone,
)

from arena.engine import ObstacleSpec
from arena.engine.actions import Accept, Answer, Attack, ChooseCard, OrderDamage, Pass
from arena.engine.testkit import hex_field
from arena.hexgrid import Hex

C, L = fig(1, CHANDRA), fig(2, LILIANA)
CAT1, CAT2 = fig(1, FIRECATS, 1), fig(1, FIRECATS, 2)
BIRD1, BIRD2 = fig(1, PHOENIXES, 1), fig(1, PHOENIXES, 2)
Z1, Z2, Z3 = (fig(2, ZOMBIES, n) for n in (1, 2, 3))
R1, R2 = fig(2, REAVERS, 1), fig(2, REAVERS, 2)



def duel(placed: dict[str, object], hand: list[str], rolls: list[int] | None = None,
         **kw: object):  # type: ignore[no-untyped-def]
    """Chandra at 0,0 to play ``hand`` before moving; Liliana seven spaces away."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{CHANDRA}")
    placed = {C: Hex(0, 0), L: Hex(0, 7), **placed}
    return position([[CHANDRA, FIRECATS, PHOENIXES], [LILIANA, ZOMBIES, REAVERS]], placed,
                    rolls or [], hands=[hand], **kw)


def opponents_turn(game, card_id: str = ZOMBIES) -> None:  # type: ignore[no-untyped-def]
    """End player 1's turn; player 2 chooses ``card_id`` and skips to attacking."""
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{card_id}"))
    game.apply("end-move")


# --- Searing Bolt ---------------------------------------------------------------------------


@pytest.mark.covers("searing-bolt")
def test_searing_bolt_deals_two_damage_to_an_opposing_creature_in_clear_sight() -> None:
    game = duel({R1: Hex(0, 6), Z1: Hex(3, 0), CAT1: (Hex(-1, 0), Hex(-2, 0))},
                ["searing-bolt"])
    assert plays(game) == [f"play p1/searing-bolt {R1}", f"play p1/searing-bolt {Z1}"]
    events = game.apply(f"play p1/searing-bolt {R1}")
    assert damage_dealt(events) == [(R1, 2)]
    assert game.state.players[1].graveyard == ("p1/searing-bolt",)


@pytest.mark.covers("searing-bolt")
def test_searing_bolt_needs_clear_sight_six_spaces_and_a_creature() -> None:
    wall = ObstacleSpec("ruin", "ruin", (Hex(1, 0),), 8)
    game = duel({R1: Hex(0, -7), Z1: Hex(2, 0), L: Hex(0, 4)}, ["searing-bolt"],
                field=hex_field(radius=8, obstacles=[wall]))
    # The Reaver is 7 away, the Zombie hides behind the ruin, Liliana is no creature.
    assert plays(game) == []


# --- Flame Burst ----------------------------------------------------------------------------


@pytest.mark.covers("flame-burst")
def test_flame_burst_hits_the_chosen_creature_and_every_creature_next_to_it() -> None:
    placed = {Z1: Hex(3, 0), R1: Hex(4, 0), BIRD1: Hex(3, 1), BIRD2: Hex(-5, 5), L: Hex(3, -1),
              Z2: Hex(5, 0)}
    game = duel(placed, ["flame-burst"])
    assert f"play p1/flame-burst {Z1}" in plays(game)
    assert f"play p1/flame-burst {BIRD1}" not in plays(game)  # the centre is an opponent's
    assert f"play p1/flame-burst {L}" not in plays(game)  # a creature, not a Planeswalker
    game.apply(f"play p1/flame-burst {Z1}")
    # Several figures at once: the active player orders the damage.
    assert sorted(a.figure for a in of_type(game, "OrderDamage")) == sorted(  # type: ignore[attr-defined]
        [Z1, R1, BIRD1])
    game.apply(OrderDamage(R1))
    game.apply(OrderDamage(BIRD1))
    assert (damage(game, R1), damage(game, BIRD1)) == (1, 1)  # your own Phoenix too
    assert zone(game, Z1) == "graveyard"
    assert damage(game, L) == 0 and damage(game, Z2) == 0  # no creature / two spaces away


@pytest.mark.covers("flame-burst")
def test_flame_burst_needs_an_opposing_creature_within_five_clear_sight_spaces() -> None:
    game = duel({Z1: Hex(0, -6), R1: Hex(6, 0)}, ["flame-burst"])
    assert plays(game) == []


# --- Reckless Charge ------------------------------------------------------------------------


@pytest.mark.covers("reckless-charge")
def test_reckless_charge_gives_your_squad_figures_two_more_move_this_turn() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), BIRD1: Hex(-2, 0), BIRD2: Hex(-5, 5),
                 Z1: Hex(0, 5)}, ["reckless-charge"], chosen=f"p1:{PHOENIXES}")
    game.apply("play p1/reckless-charge")
    assert game.stat("move", BIRD1).total == 8 and game.stat("move", CAT1).total == 7
    assert game.stat("move", C).total == 6 and game.stat("move", Z1).total == 5
    assert game.reachable_spaces(BIRD1)[Hex(6, -8)].cost == 8
    game.apply("end-turn")
    assert game.stat("move", BIRD1).total == 6  # this turn only


# --- Battle Fury ----------------------------------------------------------------------------


@pytest.mark.covers("battle-fury")
def test_battle_fury_lets_a_figure_of_the_chosen_card_attack_twice() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), Z1: Hex(4, 0), R1: Hex(3, 1)},
                ["battle-fury"], [BLANK] * 5 + [BLANK] * 7, chosen=f"p1:{FIRECATS}")
    assert f"play p1/battle-fury {CAT1}" in plays(game)
    assert not any(Z1 in p for p in plays(game))  # only your own figures
    game.apply(f"play p1/battle-fury {CAT1}")
    game.apply("end-move")
    game.apply(Attack(CAT1, Z1))
    assert Attack(CAT1, R1) in game.legal_actions()
    game.apply(Attack(CAT1, R1))
    assert not of_type(game, "Attack")


@pytest.mark.covers("battle-fury")
def test_battle_fury_on_a_figure_of_another_card_gives_no_attack() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), BIRD1: Hex(4, 1), BIRD2: Hex(-5, 5),
                 Z1: Hex(4, 0)}, ["battle-fury"], [BLANK] * 5, chosen=f"p1:{FIRECATS}")
    game.apply(f"play p1/battle-fury {BIRD1}")
    game.apply("end-move")
    assert not any(a.attacker == BIRD1 for a in of_type(game, "Attack"))  # type: ignore[attr-defined]
    game.apply(Attack(CAT1, Z1))
    assert not of_type(game, "Attack")  # the Firecat got no extra attack


# --- Flamecaller's Gamble -------------------------------------------------------------------


@pytest.mark.covers("flamecallers-gamble")
def test_flamecallers_gamble_deals_three_damage_on_eleven_or_more() -> None:
    game = duel({R1: Hex(0, 5), Z1: Hex(-7, 0)}, ["flamecallers-gamble"], [11])
    assert plays(game) == ["play p1/flamecallers-gamble"]
    events = game.apply("play p1/flamecallers-gamble")  # the only target: chosen at once
    assert events_of(events, "D20Rolled")[0].value == 11
    assert zone(game, R1) == "graveyard"


@pytest.mark.covers("flamecallers-gamble")
def test_flamecallers_gamble_chooses_before_rolling_and_fails_below_eleven() -> None:
    game = duel({R1: Hex(0, 5), Z1: Hex(2, 0)}, ["flamecallers-gamble"], [10])
    game.apply("play p1/flamecallers-gamble")
    assert sorted(answers(game)) == sorted([R1, Z1])  # Liliana is no creature
    events = game.apply(Answer(Z1))
    assert events_of(events, "D20Rolled")[0].value == 10
    assert damage(game, Z1) == 0 and zone(game, Z1) == "battlefield"
    assert game.state.players[1].graveyard == ("p1/flamecallers-gamble",)


@pytest.mark.covers("flamecallers-gamble")
def test_flamecallers_gamble_rolls_nothing_without_a_target() -> None:
    game = duel({Z1: Hex(-7, 0)}, ["flamecallers-gamble"])  # no dice scripted
    events = game.apply("play p1/flamecallers-gamble")
    assert events_of(events, "D20Rolled") == [] and damage(game, Z1) == 0


# --- Firebreathing --------------------------------------------------------------------------


@pytest.mark.covers("firebreathing")
def test_firebreathing_gives_the_enchanted_squad_an_extra_attack_die() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), Z1: Hex(4, 0), BIRD1: Hex(-3, 0)},
                ["firebreathing"], chosen=f"p1:{FIRECATS}")
    assert f"play p1/firebreathing p1:{FIRECATS}" in plays(game)
    assert f"play p1/firebreathing p1:{CHANDRA}" not in plays(game)  # squads only
    game.apply(f"play p1/firebreathing p1:{FIRECATS}")
    game.apply("end-move")
    option = next(o for o in game.attack_options(CAT1) if o.target == Z1)
    assert option.attack_dice == 5 and ("Firebreathing", 1) in option.attack_sources
    assert game.stat("attack_dice", BIRD1).total == 3  # another squad: nothing
    assert game.stat("defense_dice", CAT1).total == 2  # attack only


@pytest.mark.covers("firebreathing")
def test_firebreathing_lasts_while_attached_and_leaves_with_the_squad() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0))}, ["firebreathing"], chosen=f"p1:{FIRECATS}")
    game.apply(f"play p1/firebreathing p1:{FIRECATS}")
    game.apply("end-turn")
    assert game.stat("attack_dice", CAT1).total == 5  # the next turn too
    destroyed(game, CAT1)
    game.apply(ChooseCard(f"p2:{LILIANA}"))  # the card left play: so did its aura
    assert game.state.cards[f"p1:{FIRECATS}"].zone == "graveyard"


# --- Inferno Mantle -------------------------------------------------------------------------


@pytest.mark.covers("inferno-mantle")
def test_inferno_mantle_gives_the_planeswalker_an_attack_die_and_a_space_of_range() -> None:
    game = duel({Z1: Hex(0, 6), CAT1: (Hex(2, 0), Hex(3, 0))}, ["inferno-mantle"])
    assert plays(game) == [f"play p1/inferno-mantle p1:{CHANDRA}",
                           f"play p1/inferno-mantle p2:{LILIANA}"]  # any Planeswalker
    game.apply(f"play p1/inferno-mantle p1:{CHANDRA}")
    assert game.stat("range", C).total == 6 and game.stat("attack_dice", C).total == 4
    assert game.stat("attack_dice", CAT1).total == 4  # the Planeswalker only
    game.apply("end-move")
    assert Attack(C, Z1) in game.legal_actions()  # six spaces away: in range now


# --- Burning Brand --------------------------------------------------------------------------


@pytest.mark.covers("burning-brand")
def test_burning_brand_takes_a_defense_die_from_an_opposing_common_squad() -> None:
    game = duel({Z1: Hex(2, 0), R1: Hex(3, 0), R2: Hex(-3, 3)}, ["burning-brand"])
    game.apply(f"play p1/burning-brand p2:{REAVERS}")
    assert game.stat("defense_dice", R1).total == 2 and game.stat("defense_dice", R2).total == 2
    assert game.stat("defense_dice", Z1).total == 1
    assert game.state.cards[f"p2:{REAVERS}"].enchantments[0].spell == "p1/burning-brand"


@pytest.mark.covers("burning-brand")
def test_burning_brand_only_on_common_squads() -> None:
    game = position([[CHANDRA, FIRECATS], [JACE, PHANTOMS]],
                    {C: Hex(0, 0), fig(2, JACE): Hex(0, 7), fig(2, PHANTOMS, 1): Hex(2, 0),
                     CAT1: (Hex(-2, 0), Hex(-3, 0))},
                    hands=[["burning-brand"]], phase="pre_move", chosen=f"p1:{CHANDRA}")
    assert plays(game) == [f"play p1/burning-brand p1:{FIRECATS}"]  # no unique squad, no PW
    game = duel({Z1: Hex(2, 0)}, ["burning-brand"])
    game.apply(f"play p1/burning-brand p2:{ZOMBIES}")
    assert game.stat("defense_dice", Z1).total == 0  # never below none


# --- Fervor ---------------------------------------------------------------------------------


@pytest.mark.covers("fervor")
def test_fervor_gives_the_enchanted_squad_two_more_move() -> None:
    game = duel({BIRD1: Hex(-2, 0), CAT1: (Hex(2, 0), Hex(3, 0))}, ["fervor"],
                chosen=f"p1:{PHOENIXES}")
    assert f"play p1/fervor p1:{CHANDRA}" not in plays(game)
    game.apply(f"play p1/fervor p1:{PHOENIXES}")
    assert game.stat("move", BIRD1).total == 8 and game.stat("move", CAT1).total == 5
    game.apply("end-turn")
    assert game.stat("move", BIRD1).total == 8  # while attached, not this turn only


# --- Flame Ward -----------------------------------------------------------------------------


def warded(rolls: list[int], attacker_at: Hex, **placed: object):  # type: ignore[no-untyped-def]
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), Z1: attacker_at, **placed}, ["flame-ward"],
                rolls, chosen=f"p1:{FIRECATS}")
    game.apply(f"play p1/flame-ward p1:{FIRECATS}")
    cs = game.state.cards[f"p1:{FIRECATS}"]
    assert [(a.spell, a.face_up) for a in cs.enchantments] == [("p1/flame-ward", False)]
    opponents_turn(game)
    return game


@pytest.mark.covers("flame-ward")
def test_flame_ward_burns_an_adjacent_attacker_for_two() -> None:
    game = warded([HIT, BLANK, BLANK, BLANK, BLANK], Hex(4, 0))
    game.apply(Attack(Z1, CAT1))
    assert game.to_act == 1 and game.pending.phase == "optional"  # the owner flips it
    events = game.apply(Accept())
    assert (Z1, 2) in damage_dealt(events) and zone(game, Z1) == "graveyard"
    assert damage(game, CAT1) == 1
    assert game.state.players[1].graveyard == ("p1/flame-ward",)


@pytest.mark.covers("flame-ward")
def test_flame_ward_ignores_attackers_that_are_not_adjacent() -> None:
    game = position([[CHANDRA, FIRECATS], [LILIANA, REAVERS]],
                    {C: Hex(0, 0), L: Hex(2, 5), CAT1: (Hex(2, 0), Hex(3, 0)), R1: Hex(5, 0)},
                    [BLANK] * 8, hands=[["flame-ward"]], phase="pre_move",
                    chosen=f"p1:{CHANDRA}")
    game.apply(f"play p1/flame-ward p1:{FIRECATS}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    game.apply("end-move")
    game.apply(Attack(L, CAT1))  # Liliana, range 6, from afar: no flip offered
    assert game.pending.phase == "attack"
    assert game.state.cards[f"p1:{FIRECATS}"].enchantments[0].face_up is False


@pytest.mark.covers("flame-ward")
def test_flame_ward_does_not_flip_when_the_figure_attacked_is_destroyed() -> None:
    game = warded([HIT, HIT, HIT, BLANK, BLANK], Hex(4, 0), **{CAT2: (Hex(-3, 0), Hex(-4, 0))})
    game.apply(Attack(Z1, CAT1))
    assert zone(game, CAT1) == "graveyard" and game.pending.phase == "attack"
    assert damage(game, Z1) == 0


@pytest.mark.covers("flame-ward")
def test_flame_ward_not_flipped_goes_out_of_play() -> None:
    game = warded([HIT, BLANK, BLANK, BLANK, SHIELD], Hex(4, 0))
    game.apply(Attack(Z1, CAT1))
    game.apply(Pass())
    assert damage(game, Z1) == 0 and game.state.players[1].removed == ("p1/flame-ward",)


# --- Relentless Assault ---------------------------------------------------------------------


@pytest.mark.covers("relentless-assault")
def test_relentless_assault_gives_the_attacker_one_more_attack() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), Z1: Hex(4, 0), R1: Hex(3, 1)},
                ["relentless-assault"], [BLANK] * 5 + [BLANK] * 7, chosen=f"p1:{FIRECATS}")
    game.apply(f"play p1/relentless-assault p1:{FIRECATS}")
    game.apply("end-move")
    game.apply(Attack(CAT1, Z1))
    assert game.pending.phase == "optional"
    game.apply(Accept())
    assert game.state.players[1].graveyard == ("p1/relentless-assault",)  # a one-shot
    game.apply(Attack(CAT1, R1))
    assert game.pending.phase == "attack" and not of_type(game, "Attack")  # no third


@pytest.mark.covers("relentless-assault")
def test_relentless_assault_waits_for_its_own_cards_attack() -> None:
    game = duel({CAT1: (Hex(2, 0), Hex(3, 0)), Z1: Hex(0, 4)},
                ["relentless-assault"], [BLANK] * 5, chosen=f"p1:{CHANDRA}")
    game.apply(f"play p1/relentless-assault p1:{FIRECATS}")
    game.apply("end-move")
    game.apply(Attack(C, Z1))  # Chandra's attack: her Double Attack, not the hidden card
    assert "Double Attack" in game.pending.description
    game.apply(Pass())
    assert game.state.cards[f"p1:{FIRECATS}"].enchantments[0].face_up is False


# --- Dying Embers ---------------------------------------------------------------------------


def embers(rolls: list[int], **placed: object):  # type: ignore[no-untyped-def]
    game = duel({BIRD1: Hex(2, 0), BIRD2: Hex(-3, 0), Z1: Hex(3, 0), Z2: Hex(2, 1),
                 R1: Hex(5, 0), **placed}, ["dying-embers"], rolls, chosen=f"p1:{PHOENIXES}")
    game.apply(f"play p1/dying-embers p1:{PHOENIXES}")
    opponents_turn(game)
    return game


@pytest.mark.covers("dying-embers")
def test_dying_embers_burns_the_opposing_figures_next_to_a_destroyed_figure() -> None:
    game = embers([HIT, HIT, HIT, BLANK, BLANK], **{CAT1: (Hex(1, 1), Hex(0, 1))})
    game.apply(Attack(Z1, BIRD1))
    assert zone(game, BIRD1) == "graveyard" and "Flip" in game.pending.description
    game.apply(Accept())
    game.apply(OrderDamage(Z1))
    assert zone(game, Z1) == zone(game, Z2) == "graveyard"  # both stood next to it
    assert damage(game, R1) == 0 and damage(game, CAT1) == 0  # too far / yours


@pytest.mark.covers("dying-embers")
def test_dying_embers_does_not_flip_for_the_squads_last_figure() -> None:
    game = embers([HIT, HIT, HIT, BLANK, BLANK])
    destroyed(game, BIRD2)
    game.apply(Attack(Z1, BIRD1))
    assert game.state.cards[f"p1:{PHOENIXES}"].zone == "graveyard"
    assert game.pending.phase == "attack" and zone(game, Z1) == "battlefield"


@pytest.mark.covers("dying-embers")
def test_dying_embers_waits_while_no_figure_is_destroyed() -> None:
    game = embers([HIT, BLANK, BLANK, SHIELD, BLANK])
    game.apply(Attack(Z1, BIRD1))
    assert damage(game, BIRD1) == 0 and game.pending.phase == "attack"
    assert game.state.cards[f"p1:{PHOENIXES}"].enchantments[0].face_up is False
