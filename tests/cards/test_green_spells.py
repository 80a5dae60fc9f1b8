"""The twelve green spells on the engine, each played in a small position: it does what its
text says, does nothing (or cannot be played) when its condition fails, and keeps its edge
cases. Nissa (player 1) against Liliana and her Zombies (player 2) unless a test says."""

from __future__ import annotations

import pytest
from redgreen_kit import (
    BLANK,
    ELVES,
    HIT,
    LILIANA,
    NISSA,
    PUMMELROOTS,
    REAVERS,
    SHIELD,
    ZOMBIES,
    answers,
    damage,
    events_of,
    fig,
    of_type,
    plays,
    position,
    where,
    zone,
)

from arena.engine.actions import Accept, Answer, Attack, ChooseCard, Pass
from arena.engine.state import Attachment
from arena.hexgrid import Hex

N, L = fig(1, NISSA), fig(2, LILIANA)
ELF1, ELF2 = fig(1, ELVES, 1), fig(1, ELVES, 2)
ROOT1, ROOT2 = fig(1, PUMMELROOTS, 1), fig(1, PUMMELROOTS, 2)
Z1, Z2 = fig(2, ZOMBIES, 1), fig(2, ZOMBIES, 2)
R1 = fig(2, REAVERS, 1)



def duel(placed: dict[str, object], hand: list[str], rolls: list[int] | None = None,
         **kw: object):  # type: ignore[no-untyped-def]
    """Nissa at 0,0 to play ``hand`` before moving; Liliana seven spaces away."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{NISSA}")
    placed = {N: Hex(0, 0), L: Hex(0, 7), **placed}
    return position([[NISSA, ELVES, PUMMELROOTS], [LILIANA, ZOMBIES, REAVERS]], placed,
                    rolls or [], hands=[hand], **kw)


def end_turn(game) -> None:  # type: ignore[no-untyped-def]
    """End the turn, declining Nissa's Sprint if it is offered."""
    game.apply("end-turn")
    if game.pending.phase == "optional" and "Sprint" in game.pending.description:
        game.apply(Pass())


def opponents_turn(game, card_id: str = ZOMBIES) -> None:  # type: ignore[no-untyped-def]
    """End player 1's turn; player 2 chooses ``card_id`` and skips to attacking."""
    end_turn(game)
    game.apply(ChooseCard(f"p2:{card_id}"))
    game.apply("end-move")


# --- Giant Growth ---------------------------------------------------------------------------


@pytest.mark.covers("giant-growth")
def test_giant_growth_gives_one_of_your_figures_two_attack_dice_this_turn() -> None:
    game = duel({ROOT1: Hex(2, 0), ROOT2: Hex(-2, 0), Z1: Hex(3, 0)}, ["giant-growth"],
                chosen=f"p1:{PUMMELROOTS}")
    assert f"play p1/giant-growth {Z1}" not in plays(game)  # your own figures only
    game.apply(f"play p1/giant-growth {ROOT1}")
    assert game.stat("attack_dice", ROOT1).total == 6
    assert game.stat("attack_dice", ROOT2).total == 4
    assert game.stat("defense_dice", ROOT1).total == 3
    game.apply("end-turn")
    assert game.stat("attack_dice", ROOT1).total == 4  # this turn only


# --- Nature's Remedy ------------------------------------------------------------------------


@pytest.mark.covers("natures-remedy")
def test_natures_remedy_removes_two_damage_markers_from_a_damaged_figure_of_yours() -> None:
    game = duel({ROOT1: Hex(2, 0), ROOT2: Hex(-2, 0), Z1: Hex(3, 0)}, ["natures-remedy"],
                damage={ROOT1: 2, N: 3, Z1: 0})
    assert plays(game) == [f"play p1/natures-remedy {N}", f"play p1/natures-remedy {ROOT1}"]
    game.apply(f"play p1/natures-remedy {N}")
    assert damage(game, N) == 1 and damage(game, ROOT1) == 2


@pytest.mark.covers("natures-remedy")
def test_natures_remedy_removes_up_to_two_and_needs_a_damaged_figure() -> None:
    game = duel({ROOT1: Hex(2, 0)}, ["natures-remedy"], damage={ROOT1: 1})
    game.apply(f"play p1/natures-remedy {ROOT1}")
    assert damage(game, ROOT1) == 0
    game = duel({ROOT1: Hex(2, 0), Z1: Hex(3, 0)}, ["natures-remedy"], damage={Z1: 0})
    assert plays(game) == []  # nobody of yours is damaged


# --- Overrun --------------------------------------------------------------------------------


@pytest.mark.covers("overrun")
def test_overrun_gives_every_squad_figure_of_yours_an_attack_die_and_a_space() -> None:
    game = duel({ROOT1: Hex(2, 0), ELF1: Hex(-2, 0), Z1: Hex(3, 0)}, ["overrun"],
                chosen=f"p1:{PUMMELROOTS}")
    game.apply("play p1/overrun")
    assert game.stat("attack_dice", ROOT1).total == 5 and game.stat("move", ROOT1).total == 6
    assert game.stat("attack_dice", ELF1).total == 4 and game.stat("move", ELF1).total == 6
    assert game.stat("attack_dice", N).total == 3 and game.stat("move", N).total == 5
    assert game.stat("attack_dice", Z1).total == 3
    game.apply("end-turn")
    assert game.stat("attack_dice", ROOT1).total == 4 and game.stat("move", ROOT1).total == 5


@pytest.mark.covers("overrun")
def test_overrun_reaches_only_figures_on_the_battlefield() -> None:
    game = duel({ROOT1: Hex(2, 0)}, ["overrun"], phase="pre_move")
    game.apply("play p1/overrun")
    game.apply(f"summon p1:{ELVES}")
    for at in ("-1,0", "-1,1", "0,-1"):
        game.apply(f"place {at}")
    assert game.stat("attack_dice", ELF1).total == 3  # summoned after it resolved


# --- Wild Leap ------------------------------------------------------------------------------


@pytest.mark.covers("wild-leap")
def test_wild_leap_moves_one_of_your_figures_up_to_three_spaces() -> None:
    game = duel({ROOT1: Hex(2, 0), Z1: Hex(0, 5)}, ["wild-leap"], phase="post_attack")
    assert plays(game) == [f"play p1/wild-leap {N}", f"play p1/wild-leap {ROOT1}"]
    game.apply(f"play p1/wild-leap {ROOT1}")
    options = answers(game)
    assert "stay" in options and "5,0" in options and "6,0" not in options
    game.apply(Answer("5,0"))
    assert where(game, ROOT1) == (Hex(5, 0),)


@pytest.mark.covers("wild-leap")
def test_wild_leap_still_draws_leaving_engagement_attacks() -> None:
    game = duel({ROOT1: Hex(2, 0), Z1: Hex(3, 0)}, ["wild-leap"], [HIT],
                phase="post_attack")
    game.apply(f"play p1/wild-leap {ROOT1}")
    events = game.apply(Answer("2,-3"))
    assert [e.attacker for e in events_of(events, "LeavingEngagementAttacked")] == [Z1]
    assert damage(game, ROOT1) == 1 and where(game, ROOT1) == (Hex(2, -3),)


# --- Strength of the Wild, Barkskin ---------------------------------------------------------


@pytest.mark.covers("strength-of-the-wild")
def test_strength_of_the_wild_puts_a_power_counter_on_a_squad_of_yours() -> None:
    game = duel({ROOT1: Hex(2, 0), ROOT2: Hex(-2, 0), ELF1: Hex(0, 2)},
                ["strength-of-the-wild"])
    assert plays(game) == [f"play p1/strength-of-the-wild p1:{ELVES}",
                           f"play p1/strength-of-the-wild p1:{PUMMELROOTS}"]
    game.apply(f"play p1/strength-of-the-wild p1:{PUMMELROOTS}")
    assert dict(game.state.cards[f"p1:{PUMMELROOTS}"].counters) == {"power": 1}
    assert game.stat("attack_dice", ROOT2).total == 5 and game.stat("attack_dice", ELF1).total == 3
    game.apply("end-turn")
    assert game.stat("attack_dice", ROOT1).total == 5  # it stays


@pytest.mark.covers("strength-of-the-wild")
def test_strength_of_the_wild_needs_a_squad_of_yours_in_play() -> None:
    game = duel({Z1: Hex(3, 0)}, ["strength-of-the-wild"])
    assert plays(game) == []  # no Planeswalker, no opponent's squad, none in reserve


@pytest.mark.covers("barkskin")
def test_barkskin_puts_a_toughness_counter_on_a_squad_of_yours() -> None:
    game = duel({ROOT1: Hex(2, 0), ELF1: Hex(0, 2), Z1: Hex(3, 0)}, ["barkskin"])
    assert f"play p1/barkskin p2:{ZOMBIES}" not in plays(game)
    game.apply(f"play p1/barkskin p1:{ELVES}")
    assert dict(game.state.cards[f"p1:{ELVES}"].counters) == {"toughness": 1}
    assert game.stat("defense_dice", ELF1).total == 3
    assert game.stat("defense_dice", ROOT1).total == 3 and game.stat("attack_dice", ELF1).total == 3


@pytest.mark.covers("barkskin")
def test_barkskin_counters_leave_with_the_card() -> None:
    game = duel({ELF1: Hex(0, 2), Z1: Hex(0, 3)}, ["barkskin"], [HIT, HIT, HIT, BLANK, BLANK,
                                                                BLANK])
    game.apply(f"play p1/barkskin p1:{ELVES}")
    opponents_turn(game)
    game.apply(Attack(Z1, ELF1))  # 3 hits, 3 blanks: the last Elf falls
    assert game.state.cards[f"p1:{ELVES}"].zone == "graveyard"
    assert dict(game.state.cards[f"p1:{ELVES}"].counters) == {}


# --- Ironbark Hide, Wild Vigor, Verdant Stride ----------------------------------------------


@pytest.mark.covers("ironbark-hide")
def test_ironbark_hide_gives_the_enchanted_squad_a_defense_die() -> None:
    game = duel({ROOT1: Hex(2, 0), ELF1: Hex(0, 2)}, ["ironbark-hide"])
    assert f"play p1/ironbark-hide p1:{NISSA}" not in plays(game)  # squads only
    game.apply(f"play p1/ironbark-hide p1:{PUMMELROOTS}")
    value = game.stat("defense_dice", ROOT1)
    assert value.total == 4 and ("Ironbark Hide", 1) in value.sources
    assert game.stat("defense_dice", ELF1).total == 2 and game.stat("attack_dice", ROOT1).total == 4


@pytest.mark.covers("wild-vigor")
def test_wild_vigor_gives_the_enchanted_squad_a_life() -> None:
    game = duel({ROOT1: Hex(2, 0), Z1: Hex(3, 0)}, ["wild-vigor"], [HIT, HIT, HIT, BLANK,
                                                                   BLANK, BLANK, BLANK],
                damage={ROOT1: 1})
    assert f"play p1/wild-vigor p1:{NISSA}" not in plays(game)
    game.apply(f"play p1/wild-vigor p1:{PUMMELROOTS}")
    assert game.stat("life", ROOT1).total == 4
    opponents_turn(game)
    game.apply(Attack(Z1, ROOT1))  # 3 hits, no shield: 4 damage on 4 life
    assert zone(game, ROOT1) == "graveyard"


@pytest.mark.covers("wild-vigor")
def test_wild_vigor_gone_a_figure_with_damage_equal_to_its_life_is_destroyed() -> None:
    game = duel({ROOT1: Hex(2, 0), ROOT2: Hex(-2, 0)}, ["wild-vigor"], damage={ROOT1: 3})
    game.apply(f"play p1/wild-vigor p1:{PUMMELROOTS}")
    assert zone(game, ROOT1) == "battlefield"  # 3 damage, 4 life
    cs = game.state.cards[f"p1:{PUMMELROOTS}"]
    game.state.set_card(f"p1:{PUMMELROOTS}", type(cs)(zone=cs.zone, enchantments=()))
    game.apply("end-turn")  # the aura is gone (as an Unsummon or a Misdirection would do)
    assert zone(game, ROOT1) == "graveyard" and zone(game, ROOT2) == "battlefield"


@pytest.mark.covers("verdant-stride")
def test_verdant_stride_gives_the_enchanted_planeswalker_two_more_move() -> None:
    game = duel({ROOT1: Hex(2, 0)}, ["verdant-stride"])
    assert plays(game) == [f"play p1/verdant-stride p1:{NISSA}",
                           f"play p1/verdant-stride p2:{LILIANA}"]  # Planeswalkers only
    game.apply(f"play p1/verdant-stride p1:{NISSA}")
    assert game.stat("move", N).total == 7 and game.stat("move", ROOT1).total == 5
    assert game.reachable_spaces(N)[Hex(-7, 0)].cost == 7


# --- Melt into the Woods --------------------------------------------------------------------


def melting(rolls: list[int], hidden_on: str = ELVES, **placed: object):  # type: ignore[no-untyped-def]
    game = duel({ELF1: Hex(2, 0), Z1: Hex(3, 0), Z2: Hex(2, 1), **placed},
                ["melt-into-the-woods"], rolls)
    game.apply(f"play p1/melt-into-the-woods p1:{hidden_on}")
    opponents_turn(game)
    return game


@pytest.mark.covers("melt-into-the-woods")
def test_melt_into_the_woods_moves_the_attacked_figure_away_without_attacks() -> None:
    game = melting([HIT, BLANK, BLANK, BLANK, BLANK])
    game.apply(Attack(Z1, ELF1))
    assert damage(game, ELF1) == 1 and game.to_act == 1 and game.pending.phase == "optional"
    game.apply(Accept())
    options = answers(game)
    assert "stay" in options and "2,-3" in options and "2,-4" not in options
    events = game.apply(Answer("2,-3"))  # leaves two engaged Zombies: no dice scripted
    assert events_of(events, "LeavingEngagementAttacked") == []
    assert where(game, ELF1) == (Hex(2, -3),)
    assert game.state.players[1].graveyard == ("p1/melt-into-the-woods",)


@pytest.mark.covers("melt-into-the-woods")
def test_melt_into_the_woods_is_for_the_figures_of_its_own_card() -> None:
    game = melting([HIT, BLANK, BLANK, BLANK, BLANK], hidden_on=PUMMELROOTS,
                   **{ROOT1: Hex(-3, 0)})
    game.apply(Attack(Z1, ELF1))
    assert game.pending.phase == "attack"  # an Elf was attacked, the card is on the Roots
    assert game.state.cards[f"p1:{PUMMELROOTS}"].enchantments == (
        Attachment("p1/melt-into-the-woods", False),)


@pytest.mark.covers("melt-into-the-woods")
def test_melt_into_the_woods_does_not_flip_when_the_figure_attacked_is_destroyed() -> None:
    game = melting([HIT, HIT, BLANK, BLANK, BLANK], **{ELF2: Hex(-3, 0)})
    game.apply(Attack(Z1, ELF1))  # 2 damage: the Elf is destroyed
    assert zone(game, ELF1) == "graveyard" and game.pending.phase == "attack"
    assert game.state.cards[f"p1:{ELVES}"].enchantments == (
        Attachment("p1/melt-into-the-woods", False),)  # kept for the next attack


# --- Savage Growth --------------------------------------------------------------------------


def savage(rolls: list[int]):  # type: ignore[no-untyped-def]
    game = duel({ROOT1: Hex(2, 0), Z1: Hex(3, 0), R1: Hex(2, 1)}, ["savage-growth"], rolls,
                chosen=f"p1:{PUMMELROOTS}")
    game.apply(f"play p1/savage-growth p1:{PUMMELROOTS}")
    game.apply("end-move")
    return game


@pytest.mark.covers("savage-growth")
def test_savage_growth_puts_a_power_counter_on_the_card_after_a_kill() -> None:
    game = savage([HIT, BLANK, BLANK, BLANK, BLANK])
    game.apply(Attack(ROOT1, Z1))
    assert zone(game, Z1) == "graveyard" and game.pending.phase == "optional"
    game.apply(Accept())
    assert dict(game.state.cards[f"p1:{PUMMELROOTS}"].counters) == {"power": 1}
    assert game.stat("attack_dice", ROOT1).total == 5
    assert game.state.players[1].graveyard == ("p1/savage-growth",)


@pytest.mark.covers("savage-growth")
def test_savage_growth_waits_for_a_kill() -> None:
    game = savage([HIT, BLANK, BLANK, BLANK, SHIELD, BLANK, BLANK])
    game.apply(Attack(ROOT1, R1))
    assert damage(game, R1) == 0 and game.pending.phase == "attack"
    assert dict(game.state.cards[f"p1:{PUMMELROOTS}"].counters) == {}


# --- Rejuvenating Sap -----------------------------------------------------------------------


def sap(**kw: object):  # type: ignore[no-untyped-def]
    game = duel({ROOT1: Hex(2, 0), ROOT2: Hex(-2, 0), ELF1: Hex(0, 3)}, ["rejuvenating-sap"],
                damage={ROOT1: 2, ELF1: 1}, **kw)
    game.apply(f"play p1/rejuvenating-sap p1:{PUMMELROOTS}")
    end_turn(game)
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    game.apply("end-turn")
    return game


@pytest.mark.covers("rejuvenating-sap")
def test_rejuvenating_sap_heals_each_figure_of_the_card_when_you_choose_it() -> None:
    game = sap()
    game.apply(ChooseCard(f"p1:{PUMMELROOTS}"))
    assert game.pending.phase == "optional"
    game.apply(Accept())
    assert (damage(game, ROOT1), damage(game, ROOT2), damage(game, ELF1)) == (1, 0, 1)
    assert game.state.players[1].graveyard == ("p1/rejuvenating-sap",)


@pytest.mark.covers("rejuvenating-sap")
def test_rejuvenating_sap_waits_for_its_own_card_to_be_chosen() -> None:
    game = sap()
    game.apply(ChooseCard(f"p1:{ELVES}"))
    assert game.pending.phase == "pre_move" and damage(game, ROOT1) == 2
    end_turn(game)
    game.apply(ChooseCard(f"p2:{LILIANA}"))
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{PUMMELROOTS}"))
    game.apply(Pass())  # forgotten: out of play, nothing healed
    assert damage(game, ROOT1) == 2 and game.state.players[1].removed == (
        "p1/rejuvenating-sap",)
    assert of_type(game, "Attack") == []
