"""The twelve black spells (cards/spells, black premade deck) on the engine: each works, does
nothing when its condition fails, and its edge cases hold (black: death and return; Killing
Wave and Rise of the Dark Realms keep their known effects -- cards.md, guide "Simultaneous
Damage")."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from abilities_kit import (  # noqa: E402
    BLANK,
    GIDEON,
    HIT,
    LILIANA,
    answers,
    army,
    events_of,
    fig,
    position,
    shipped,
    shipped_spell,
    spell_card,
)

from arena.engine.actions import Accept, Answer, Attack, ChooseCard, PlaySpell  # noqa: E402
from arena.engine.testkit import hex_field  # noqa: E402
from arena.hexgrid import Hex, distance  # noqa: E402

ZOMBIES, REAVERS, RHOX, KOR = ("restless-zombies", "blighted-reavers", "rhox-veterans",
                               "kor-hookmasters")
L, G = fig(1, LILIANA), fig(2, GIDEON)
Z1, Z2, Z3 = (fig(1, ZOMBIES, n) for n in (1, 2, 3))
RV1, RV2, RV3 = (fig(1, REAVERS, n) for n in (1, 2, 3))
R1, R2, R3, K1 = fig(2, RHOX, 1), fig(2, RHOX, 2), fig(2, RHOX, 3), fig(2, KOR, 1)
LIBRARY = [spell_card(f"card-{i}", effects=[{"effect": "draw"}]) for i in range(4)]


def black_vs_white(placed: dict[str, Any], rolls: list[int] | None = None,
                   hands: tuple[list[str], list[str]] = ([], []), **kw: Any) -> Any:
    """Liliana, Restless Zombies and Blighted Reavers (player 1) against Gideon, Rhox Veterans
    and Kor Hookmasters (player 2); hands name shipped spells."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{LILIANA}")
    armies = kw.pop("armies", None) or [
        [shipped(LILIANA), shipped(ZOMBIES), shipped(REAVERS)],
        [shipped(GIDEON), shipped(RHOX), shipped(KOR)]]
    hand_cards = [[shipped_spell(s) if isinstance(s, str) else s for s in hand] for hand in hands]
    return position(armies, placed, rolls or [], hands=hand_cards, **kw)


def plays(game: Any, spell_id: str) -> list[str]:
    return sorted(a.text() for a in game.legal_actions()
                  if isinstance(a, PlaySpell) and a.spell == f"p1/{spell_id}")


def next_turn(game: Any, card: str) -> None:
    game.apply("end-turn")
    game.apply(ChooseCard(card))


def zone(game: Any, figure: str) -> str:
    return str(game.state.figures[figure].zone)


def place_all(game: Any) -> list[str]:
    """Answer every placement question with its first space; the figures asked about."""
    asked = []
    while game.pending.decision is not None and game.pending.phase != "optional":
        asked.append(game.pending.description)
        game.apply(Answer(answers(game)[0]))
    return asked


# --- Killing Wave --------------------------------------------------------------------------


@pytest.mark.covers("killing-wave")
def test_killing_wave_hits_every_non_zombie_creature_next_to_the_planeswalker() -> None:
    placed = {L: Hex(0, 7), G: Hex(0, 0), R1: Hex(1, 0), K1: Hex(-1, 0), R2: Hex(3, 0),
              Z1: Hex(0, -1), RV1: Hex(1, -1)}
    game = black_vs_white(placed, hands=(["killing-wave"], []))
    assert plays(game, "killing-wave") == sorted([f"play p1/killing-wave {G}",
                                                  f"play p1/killing-wave {L}"])  # either one
    game.apply(f"play p1/killing-wave {G}")
    # Two creatures hit at once: the player whose turn it is orders the damage.
    assert game.pending.phase == "order_damage" and game.to_act == 1
    assert sorted(a.text() for a in game.legal_actions()) == [
        f"order-damage {K1}", f"order-damage {R1}"]
    events = game.apply(f"order-damage {K1}")
    assert [(d.figure, d.amount) for d in events_of(events, "DamageDealt")] == [(K1, 3), (R1, 3)]
    assert zone(game, K1) == zone(game, R1) == "graveyard"
    assert zone(game, R2) == "battlefield" and game.state.figures[R2].damage == 0  # not adjacent
    assert game.state.figures[Z1].damage == 0 and game.state.figures[RV1].damage == 0  # Zombies
    assert game.state.figures[G].damage == 0  # the Planeswalker is no creature
    assert game.state.players[1].graveyard == ("p1/killing-wave",)


@pytest.mark.covers("killing-wave")
def test_killing_wave_around_your_own_planeswalker_hits_your_creatures_too() -> None:
    human = army(REAVERS, creature_type="Human Soldier")  # a non-Zombie creature of yours
    placed = {L: Hex(0, 0), G: Hex(0, -7), RV1: Hex(1, 0), Z1: Hex(-1, 0), R1: Hex(0, 1)}
    game = black_vs_white(placed, [], hands=(["killing-wave"], []),
                          armies=[[shipped(LILIANA), shipped(ZOMBIES), human],
                                  [shipped(GIDEON), shipped(RHOX)]])
    game.apply(f"play p1/killing-wave {L}")
    game.apply(f"order-damage {R1}")
    assert zone(game, RV1) == "graveyard" and zone(game, R1) == "graveyard"  # 3 damage each
    assert game.state.figures[Z1].damage == 0 and game.state.figures[L].damage == 0


@pytest.mark.covers("killing-wave")
def test_killing_wave_with_nobody_adjacent_does_nothing() -> None:
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), R1: Hex(2, 0)},
                          hands=(["killing-wave"], []))
    events = game.apply(f"play p1/killing-wave {G}")
    assert events_of(events, "DamageDealt") == []
    assert game.pending.phase == "pre_move"


# --- Rise of the Dark Realms ---------------------------------------------------------------


def fallen_zombies(hand: list[str], **kw: Any) -> Any:
    """Player 1's Restless Zombies carried Unholy Fortitude when Gideon destroyed the last of
    them (their card is in the army-card graveyard); two Blighted Reavers and Rhox 2 and 3
    are in the figure graveyard too. Player 1 then chooses Liliana (Darkness Arises fails)."""
    placed = {L: Hex(0, 5), G: Hex(0, 0), Z1: Hex(0, -1), RV1: Hex(3, 3), R1: Hex(-3, 0),
              **kw.pop("placed", {})}
    rolls = [HIT, HIT, BLANK, BLANK, BLANK, 5]  # Gideon: 4 dice; Zombie: 1; then the d20
    game = black_vs_white(placed, rolls, hands=(["unholy-fortitude", *hand], []), **kw)
    game.apply(f"play p1/unholy-fortitude p1:{ZOMBIES}")
    next_turn(game, f"p2:{GIDEON}")
    game.apply(Attack(G, Z1))  # 2 damage against 2 life (1 + Unholy Fortitude)
    assert game.state.cards[f"p1:{ZOMBIES}"].zone == "graveyard"
    assert "p1/unholy-fortitude" in game.state.players[1].graveyard
    next_turn(game, f"p1:{LILIANA}")
    assert game.pending.phase == "pre_move"  # Darkness Arises rolled 5
    return game


@pytest.mark.covers("rise-of-the-dark-realms")
def test_rise_of_the_dark_realms_returns_all_your_squad_figures() -> None:
    game = fallen_zombies(["rise-of-the-dark-realms"])
    game.apply("play p1/rise-of-the-dark-realms")
    asked = place_all(game)
    assert len(asked) == 5  # three Zombies and two Reavers, one by one
    for figure in (Z1, Z2, Z3, RV2, RV3):
        assert zone(game, figure) == "battlefield"
        assert distance(game.state.figures[figure].hexes[0], Hex(0, 5)) <= 5
    assert zone(game, R2) == zone(game, R3) == "graveyard"  # not the opponent's
    assert zone(game, G) == "battlefield"


@pytest.mark.covers("rise-of-the-dark-realms")
def test_rise_of_the_dark_realms_brings_the_army_card_back_without_its_enchantments() -> None:
    game = fallen_zombies(["rise-of-the-dark-realms"])
    game.apply("play p1/rise-of-the-dark-realms")
    place_all(game)
    card = game.state.cards[f"p1:{ZOMBIES}"]
    assert card.zone == "play" and card.enchantments == ()
    assert "p1/unholy-fortitude" in game.state.players[1].graveyard
    assert game.stat("life", Z1).total == 1  # the aura's +1 life did not come back
    assert game.state.figures[Z1].damage == 0


@pytest.mark.covers("rise-of-the-dark-realms")
def test_rise_of_the_dark_realms_places_only_as_many_as_fit_within_five_spaces() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(1, 0), R1: Hex(-1, 0)},
                          hands=(["rise-of-the-dark-realms"], []),
                          field=hex_field(radius=1, zones=()),
                          armies=[[shipped(LILIANA), shipped(ZOMBIES), shipped(REAVERS)],
                                  [shipped(GIDEON), shipped(RHOX)]])
    from arena.engine.state import CardState, FigureState

    for figure in (Z1, Z2, Z3, RV1, RV2):
        game.state.set_figure(figure, FigureState("graveyard"))
    for card in (ZOMBIES, REAVERS):
        game.state.set_card(f"p1:{card}", CardState("graveyard"))
    game.apply("play p1/rise-of-the-dark-realms")
    place_all(game)  # (the last space is taken without asking: it is the only one)
    back = [f for f in (Z1, Z2, Z3, RV1, RV2) if zone(game, f) == "battlefield"]
    assert len(back) == 4  # four empty spaces on this tiny field; the fifth stays
    assert game.pending.phase == "pre_move"


# --- Call of the Grave ---------------------------------------------------------------------


@pytest.mark.covers("call-of-the-grave")
def test_call_of_the_grave_returns_one_of_your_squad_figures_near_the_planeswalker() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7), Z1: Hex(3, 0), R1: Hex(-3, 0)},
                          hands=(["call-of-the-grave"], []))
    game.apply("play p1/call-of-the-grave")
    # Yours only (not Rhox 2 and 3); every destroyed Reaver or Zombie of yours may be chosen.
    assert sorted(answers(game)) == sorted([Z2, Z3])
    game.apply(Answer(Z3))
    spaces = answers(game)
    assert "0,4" in spaces and "0,5" not in spaces  # within 4 clear-sight spaces
    game.apply(Answer("0,4"))
    assert zone(game, Z3) == "battlefield" and zone(game, Z2) == "graveyard"
    assert game.state.figures[Z3].hexes == (Hex(0, 4),)


@pytest.mark.covers("call-of-the-grave")
def test_call_of_the_grave_restores_a_destroyed_army_card() -> None:
    game = fallen_zombies(["call-of-the-grave"])
    game.apply("play p1/call-of-the-grave")
    game.apply(Answer(Z1))
    place_all(game)
    assert game.state.cards[f"p1:{ZOMBIES}"].zone == "play"
    assert game.state.cards[f"p1:{ZOMBIES}"].enchantments == ()


@pytest.mark.covers("call-of-the-grave")
def test_call_of_the_grave_with_an_empty_graveyard_does_nothing() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)}, hands=(["call-of-the-grave"], []))
    events = game.apply("play p1/call-of-the-grave")
    assert events_of(events, "FigureReturned") == []
    assert game.state.players[1].graveyard == ("p1/call-of-the-grave",)


# --- Blood Bargain -------------------------------------------------------------------------


@pytest.mark.covers("blood-bargain")
def test_blood_bargain_costs_one_damage_and_draws_two() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)}, hands=(["blood-bargain"], []),
                          libraries=[LIBRARY[:3], []])
    game.apply("play p1/blood-bargain")
    assert game.state.figures[L].damage == 1
    assert game.state.players[1].hand == ("p1/card-0", "p1/card-1")


@pytest.mark.covers("blood-bargain")
def test_blood_bargain_draws_nothing_if_it_destroys_your_planeswalker() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)}, hands=(["blood-bargain"], []),
                          libraries=[LIBRARY[:3], []], damage={L: 6})
    game.apply("play p1/blood-bargain")
    assert zone(game, L) == "graveyard"
    assert game.state.players[1].hand == ()


# --- Whispers of Despair -------------------------------------------------------------------


@pytest.mark.covers("whispers-of-despair")
def test_whispers_of_despair_makes_each_opponent_discard_two_of_their_choice() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)},
                          hands=(["whispers-of-despair"], LIBRARY[:3]))
    game.apply("play p1/whispers-of-despair")
    assert game.to_act == 2 and sorted(answers(game)) == ["p2/card-0", "p2/card-1",
                                                          "p2/card-2"]
    game.apply(Answer("p2/card-1"))
    assert sorted(answers(game)) == ["p2/card-0", "p2/card-2"]
    game.apply(Answer("p2/card-2"))
    assert game.state.players[2].hand == ("p2/card-0",)
    assert game.state.players[2].graveyard == ("p2/card-1", "p2/card-2")


@pytest.mark.covers("whispers-of-despair")
def test_whispers_of_despair_takes_what_little_there_is() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)},
                          hands=(["whispers-of-despair"], LIBRARY[:1]))
    game.apply("play p1/whispers-of-despair")  # one card: no choice to make
    assert game.state.players[2].hand == () and game.state.players[2].graveyard == (
        "p2/card-0",)
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7)}, hands=(["whispers-of-despair"], []))
    events = game.apply("play p1/whispers-of-despair")
    assert [e.spell for e in events_of(events, "SpellDiscarded")] == ["p1/whispers-of-despair"]


# --- Life Siphon ---------------------------------------------------------------------------


@pytest.mark.covers("life-siphon")
def test_life_siphon_deals_two_and_heals_your_planeswalker_by_two() -> None:
    placed = {L: Hex(0, 0), G: Hex(0, 3), R1: Hex(0, -5), R2: Hex(6, 0), Z1: Hex(1, 0)}
    game = black_vs_white(placed, hands=(["life-siphon"], []), damage={L: 3})
    # Opposing creatures within 5 clear-sight spaces: not Gideon, not Rhox 2 (6 away).
    assert plays(game, "life-siphon") == [f"play p1/life-siphon {R1}"]
    game.apply(f"play p1/life-siphon {R1}")
    assert game.state.figures[R1].damage == 2
    assert game.state.figures[L].damage == 1


@pytest.mark.covers("life-siphon")
def test_life_siphon_removes_only_the_damage_there_is() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7), R1: Hex(0, 4)},
                          hands=(["life-siphon"], []), damage={L: 1, R1: 1})
    game.apply(f"play p1/life-siphon {R1}")
    assert zone(game, R1) == "graveyard" and game.state.figures[L].damage == 0
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -7), R1: Hex(0, 6)},
                          hands=(["life-siphon"], []))
    assert plays(game, "life-siphon") == []  # nobody in range


# --- Unholy Fortitude ----------------------------------------------------------------------


@pytest.mark.covers("unholy-fortitude")
def test_unholy_fortitude_lets_a_zombie_survive_a_hit() -> None:
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), Z1: Hex(0, -1), R1: Hex(-4, 0)},
                          [HIT, BLANK, BLANK, BLANK, BLANK],
                          hands=(["unholy-fortitude"], []))
    assert plays(game, "unholy-fortitude") == [f"play p1/unholy-fortitude p1:{ZOMBIES}",
                                               f"play p1/unholy-fortitude p2:{RHOX}"]
    game.apply(f"play p1/unholy-fortitude p1:{ZOMBIES}")
    assert game.stat("life", Z1).total == 2
    next_turn(game, f"p2:{GIDEON}")
    game.apply(Attack(G, Z1))
    assert zone(game, Z1) == "battlefield" and game.state.figures[Z1].damage == 1


@pytest.mark.covers("unholy-fortitude")
def test_when_unholy_fortitude_leaves_a_figure_at_its_life_is_destroyed() -> None:
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), Z1: Hex(0, -1), RV1: Hex(4, 4),
                           R1: Hex(-4, 0)}, [HIT, BLANK, BLANK, BLANK, BLANK, 5],
                          hands=(["unholy-fortitude", "misdirection"], []))
    game.apply(f"play p1/unholy-fortitude p1:{ZOMBIES}")
    next_turn(game, f"p2:{GIDEON}")
    game.apply(Attack(G, Z1))
    next_turn(game, f"p1:{REAVERS}")
    events = game.apply(f"play p1/misdirection p1/unholy-fortitude p1:{REAVERS}")
    assert [e.figure for e in events_of(events, "FigureDestroyed")] == [Z1]
    assert game.stat("life", RV1).total == 4


# --- Curse of Decay ------------------------------------------------------------------------


@pytest.mark.covers("curse-of-decay")
def test_curse_of_decay_takes_one_attack_and_one_defense() -> None:
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), R1: Hex(-4, 0), R2: Hex(4, 0)},
                          hands=(["curse-of-decay"], []))
    game.apply(f"play p1/curse-of-decay p2:{RHOX}")
    for rhox in (R1, R2):
        assert game.stat("attack_dice", rhox).total == 2
        assert game.stat("defense_dice", rhox).total == 1
    assert ("Curse of Decay", -1) in game.stat("defense_dice", R1).sources
    assert game.stat("attack_dice", G).total == 3  # only the enchanted squad


@pytest.mark.covers("curse-of-decay")
def test_curse_of_decay_never_goes_below_zero_and_skips_planeswalkers() -> None:
    frail = army(RHOX, defense=0)
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), R1: Hex(-4, 0)},
                          hands=(["curse-of-decay"], []),
                          armies=[[shipped(LILIANA)], [shipped(GIDEON), frail]])
    assert plays(game, "curse-of-decay") == [f"play p1/curse-of-decay p2:{RHOX}"]
    game.apply(f"play p1/curse-of-decay p2:{RHOX}")
    assert game.stat("defense_dice", R1).total == 0


# --- Unquiet Grave -------------------------------------------------------------------------


def grave_game(placed: dict[str, Any]) -> Any:
    game = black_vs_white({L: Hex(0, 7), G: Hex(0, 0), Z1: Hex(0, -1), **placed},
                          [HIT, BLANK, BLANK, BLANK, BLANK], hands=(["unquiet-grave"], []))
    # Your common squads in play only (the Reavers are in reserve, Rhox is not yours).
    assert plays(game, "unquiet-grave") == [f"play p1/unquiet-grave p1:{ZOMBIES}"]
    game.apply(f"play p1/unquiet-grave p1:{ZOMBIES}")
    next_turn(game, f"p2:{GIDEON}")
    game.apply(Attack(G, Z1))
    return game


@pytest.mark.covers("unquiet-grave")
def test_unquiet_grave_returns_a_destroyed_figure_while_the_squad_stands() -> None:
    game = grave_game({Z2: Hex(5, 0)})
    assert zone(game, Z1) == "graveyard"
    assert game.pending.phase == "optional" and game.to_act == 1
    game.apply(Accept())
    assert sorted(answers(game)) == sorted([Z1, Z3])  # any destroyed figure of the squad
    game.apply(Answer(Z1))
    spaces = answers(game)
    assert "0,3" in spaces and "0,2" not in spaces  # within 4 clear-sight spaces of Liliana
    game.apply(Answer("0,3"))
    assert zone(game, Z1) == "battlefield" and game.state.figures[Z1].hexes == (Hex(0, 3),)
    assert game.state.players[1].graveyard == ("p1/unquiet-grave",)


@pytest.mark.covers("unquiet-grave")
def test_unquiet_grave_cannot_save_the_last_figure() -> None:
    game = grave_game({})
    assert game.state.cards[f"p1:{ZOMBIES}"].zone == "graveyard"
    assert game.pending.phase != "optional"
    assert game.state.players[1].graveyard == ("p1/unquiet-grave",)  # fell with the card


# --- Lingering Venom -----------------------------------------------------------------------


def venom_game(rolls: list[int], target: str = R1) -> Any:
    placed = {L: Hex(0, 7), G: Hex(0, -7), RV1: Hex(0, 0), R1: Hex(1, 0), R2: Hex(5, -5)}
    if target == G:
        placed[G] = Hex(1, 0)
        del placed[R1]
    game = black_vs_white(placed, rolls, hands=(["lingering-venom"], []),
                          chosen=f"p1:{REAVERS}")
    game.apply(f"play p1/lingering-venom p1:{REAVERS}")
    game.apply(Attack(RV1, target))
    return game


@pytest.mark.covers("lingering-venom")
def test_lingering_venom_destroys_a_creature_the_attack_left_damaged() -> None:
    game = venom_game([HIT, BLANK, BLANK])  # Rhox: 2 defense - Necrotic Stench = 0 dice
    assert game.state.figures[R1].damage == 1
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert [e.figure for e in events_of(events, "FigureDestroyed")] == [R1]
    assert game.state.players[1].graveyard == ("p1/lingering-venom",)


@pytest.mark.covers("lingering-venom")
def test_lingering_venom_waits_if_the_defender_is_unhurt_destroyed_or_a_planeswalker(
) -> None:
    game = venom_game([BLANK, BLANK, BLANK])
    assert game.pending.phase != "optional"
    game = venom_game([HIT, HIT, HIT])
    assert zone(game, R1) == "graveyard" and game.pending.phase != "optional"
    game = venom_game([HIT, BLANK, BLANK] + [BLANK] * 5, target=G)
    assert game.state.figures[G].damage == 1 and game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{REAVERS}"].enchantments[0].face_up


# --- Deathly Retort ------------------------------------------------------------------------


def retort_game(attacker: str, at: Hex, card: str) -> Any:
    placed = {L: Hex(0, 0), G: Hex(0, -7), R1: Hex(5, -5), K1: Hex(6, -6), attacker: at}
    game = black_vs_white(placed, [BLANK] * 10, hands=(["deathly-retort"], []))
    assert plays(game, "deathly-retort") == [f"play p1/deathly-retort p1:{LILIANA}"]
    game.apply(f"play p1/deathly-retort p1:{LILIANA}")
    next_turn(game, card)
    game.apply(Attack(attacker, L))
    return game


@pytest.mark.covers("deathly-retort")
def test_deathly_retort_deals_two_to_a_creature_attacking_your_planeswalker() -> None:
    for attacker, at, card in ((K1, Hex(0, -3), f"p2:{KOR}"), (R1, Hex(1, 0), f"p2:{RHOX}")):
        game = retort_game(attacker, at, card)  # at range, or adjacent
        assert game.pending.phase == "optional" and game.to_act == 1
        events = game.apply(Accept())
        assert [(d.figure, d.amount) for d in events_of(events, "DamageDealt")] == [
            (attacker, 2)]
        assert game.state.players[1].graveyard == ("p1/deathly-retort",)


@pytest.mark.covers("deathly-retort")
def test_deathly_retort_ignores_a_planeswalker_attacker() -> None:
    game = retort_game(G, Hex(1, 0), f"p2:{GIDEON}")
    assert game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{LILIANA}"].enchantments[0].face_up


# --- Hunger of the Horde -------------------------------------------------------------------


@pytest.mark.covers("hunger-of-the-horde")
def test_hunger_of_the_horde_spurs_your_zombies_near_liliana() -> None:
    placed = {L: Hex(0, 0), G: Hex(0, -7), Z1: Hex(4, 0), Z2: Hex(5, 0), RV1: Hex(-2, 0),
              R1: Hex(0, 3)}
    game = black_vs_white(placed, hands=(["hunger-of-the-horde"], []))
    game.apply("play p1/hunger-of-the-horde")
    for zombie in (Z1, RV1):  # Blighted Reavers are Zombies too
        assert game.stat("attack_dice", zombie).total == 4
        assert game.stat("move", zombie).total == 6
    assert game.stat("attack_dice", Z2).total == 3  # 5 spaces away
    assert game.stat("attack_dice", R1).total == 3  # not yours, not a Zombie
    assert game.stat("attack_dice", L).total == 4  # Liliana is no Zombie
    game.apply("end-turn")
    assert game.stat("attack_dice", Z1).total == 3 and game.stat("move", Z1).total == 5
