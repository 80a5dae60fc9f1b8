"""The twelve blue spells (cards/spells, blue premade deck) on the engine: each works, does
nothing when its condition fails, and its edge cases hold (blue: control and tricks; the known
spells keep their known effects -- cards.md, guide "Returning a squad to owner's reserve",
"Twisted Image", "Countering Spells", reference manual FAQ)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from abilities_kit import (  # noqa: E402
    BLANK,
    CHANDRA,
    GIDEON,
    JACE,
    LILIANA,
    army,
    events_of,
    fig,
    position,
    shipped,
    shipped_spell,
    spell_card,
)

from arena.engine import GlyphSpec  # noqa: E402
from arena.engine.actions import (  # noqa: E402
    Accept,
    Answer,
    Attack,
    ChooseCard,
    Pass,
    PlaySpell,
    UseAbility,
)
from arena.engine.state import FigureState  # noqa: E402
from arena.engine.testkit import squad  # noqa: E402
from arena.hexgrid import Hex  # noqa: E402

RHOX, KOR, ZOMBIES = "rhox-veterans", "kor-hookmasters", "restless-zombies"
PHANTOMS, PROJ = "leyline-phantoms", "illusionary-projections"
J, G = fig(1, JACE), fig(2, GIDEON)
P1, P2, PH1 = fig(1, PROJ, 1), fig(1, PROJ, 2), fig(1, PHANTOMS, 1)
R1, R2, R3, K1 = fig(2, RHOX, 1), fig(2, RHOX, 2), fig(2, RHOX, 3), fig(2, KOR, 1)
LIBRARY = [spell_card(f"card-{i}", effects=[{"effect": "draw"}]) for i in range(4)]


def blue_vs_white(placed: dict[str, Any], rolls: list[int] | None = None,
                  hands: tuple[list[str], list[str]] = ([], []), **kw: Any) -> Any:
    """Jace, Leyline Phantoms and Illusionary Projections (player 1) against Gideon, Rhox
    Veterans and Kor Hookmasters (player 2); hands name shipped spells."""
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{JACE}" if kw.get("active", 1) == 1 else f"p2:{GIDEON}")
    armies = kw.pop("armies", None) or [
        [shipped(JACE), shipped(PHANTOMS), shipped(PROJ)],
        [shipped(GIDEON), shipped(RHOX), shipped(KOR)]]
    return position(armies, placed, rolls or [],
                    hands=[[shipped_spell(s) for s in hand] for hand in hands], **kw)


def plays(game: Any, spell_id: str, seat: int = 1) -> list[str]:
    return sorted(a.text() for a in game.legal_actions()
                  if isinstance(a, PlaySpell) and a.spell == f"p{seat}/{spell_id}")


JACES_OWN = ("Illusionary Deception", "Mind Stealer")
"""Jace's optional abilities, declined where a test is about something else."""


def decline_jaces_own(game: Any) -> None:
    while game.pending.phase == "optional" and any(
            name in game.pending.description for name in JACES_OWN):
        game.apply(Pass())


def next_turn(game: Any, card: str) -> None:
    """End the turn; the next player chooses ``card`` (Jace's own offers declined)."""
    game.apply("end-turn")
    decline_jaces_own(game)
    game.apply(ChooseCard(card))
    decline_jaces_own(game)


def returned(events: Any) -> list[str]:
    return [e.figure for e in events_of(events, "FigureReturnedToReserve")]


def flipped(events: Any) -> list[str]:
    return [e.spell for e in events_of(events, "EnchantmentFlipped")]


# --- Unsummon ------------------------------------------------------------------------------


def unsummon_game() -> Any:
    """Player 2's Rhox Veterans carry their own Honor of the Pure and a face-down Riposte,
    and player 1's Oath of Peace; Rhox 1 is damaged, Rhox 3 destroyed."""
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(2, 0), R2: Hex(-2, 0),
                          fig(1, PROJ, 1): Hex(0, 3)},
                         hands=(["oath-of-peace", "unsummon"], ["honor-of-the-pure", "riposte"]),
                         damage={R1: 2}, active=2)
    game.apply(f"play p2/honor-of-the-pure p2:{RHOX}")
    game.apply(f"play p2/riposte p2:{RHOX}")
    next_turn(game, f"p1:{JACE}")
    game.apply(f"play p1/oath-of-peace p2:{RHOX}")
    return game


@pytest.mark.covers("unsummon")
def test_unsummon_returns_the_squads_figures_undamaged_and_discards_its_enchantments() -> None:
    game = unsummon_game()
    events = game.apply(f"play p1/unsummon p2:{RHOX}")
    assert returned(events) == [R1, R2]
    assert game.state.figures[R1] == FigureState("reserve")  # damage removed
    assert game.state.figures[R3].zone == "graveyard"  # only figures on the battlefield go
    card = game.state.cards[f"p2:{RHOX}"]
    assert card.zone == "reserve" and card.enchantments == ()
    # Every enchantment to its owner's graveyard, the face-down one too.
    assert game.state.players[2].graveyard == ("p2/honor-of-the-pure", "p2/riposte")
    assert game.state.players[1].graveyard == ("p1/oath-of-peace", "p1/unsummon")


@pytest.mark.covers("unsummon")
def test_unsummon_targets_opposing_squads_on_the_battlefield_only() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(2, 0), P1: Hex(0, 3)},
                         hands=(["unsummon"], []))
    # Not Gideon (a Planeswalker), not the Kor Hookmasters (in reserve), not your own squad.
    assert plays(game, "unsummon") == [f"play p1/unsummon p2:{RHOX}"]


@pytest.mark.covers("unsummon")
def test_an_unsummoned_squad_can_be_summoned_again() -> None:
    game = unsummon_game()
    game.apply(f"play p1/unsummon p2:{RHOX}")
    next_turn(game, f"p2:{GIDEON}")
    game.apply(f"summon p2:{RHOX}")
    game.apply("place 1,-7")
    game.apply("place -1,-7")
    assert game.state.cards[f"p2:{RHOX}"].zone == "play"
    assert game.state.figures[R1].damage == 0 and game.state.figures[R3].zone == "graveyard"
    assert game.stat("attack_dice", R1).total == 3  # no enchantment came back with it


# --- Recoil Snare and Dispersing Tide (the two hidden Unsummons) ---------------------------


def hidden_unsummon_game(placed: dict[str, Any], hidden: list[str], rolls: list[int]) -> Any:
    """Player 1 plays the hidden enchantments on Jace in order (the first stays on top)."""
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), **placed}, rolls, hands=(hidden, []))
    for spell_id in hidden:
        assert plays(game, spell_id) == [f"play p1/{spell_id} p1:{JACE}"]
        game.apply(f"play p1/{spell_id} p1:{JACE}")
    return game


@pytest.mark.covers("recoil-snare")
def test_recoil_snare_returns_the_adjacent_squad_that_attacked_your_planeswalker() -> None:
    game = hidden_unsummon_game({K1: Hex(1, 0), R1: Hex(4, 4)}, ["recoil-snare"], [BLANK] * 6)
    next_turn(game, f"p2:{KOR}")
    game.apply(Attack(K1, J))  # from the next space
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert flipped(events) == ["p1/recoil-snare"]
    assert returned(events) == [K1]
    assert game.state.cards[f"p2:{KOR}"].zone == "reserve"
    assert game.state.cards[f"p2:{RHOX}"].zone == "play"  # only the attacker's squad
    assert game.state.players[1].graveyard == ("p1/recoil-snare",)


@pytest.mark.covers("recoil-snare")
def test_recoil_snare_ignores_a_ranged_attacker() -> None:
    """Since 2026-11-29 it flips only for an adjacent attacker (the card's notes: flipping at
    any range made Jace's premade army win 64.5% of the premade Duels)."""
    game = hidden_unsummon_game({K1: Hex(0, 3), R1: Hex(4, 4)}, ["recoil-snare"], [BLANK] * 6)
    next_turn(game, f"p2:{KOR}")
    game.apply(Attack(K1, J))  # from 3 spaces away
    assert game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{JACE}"].enchantments[0].face_up
    assert game.state.cards[f"p2:{KOR}"].zone == "play"


@pytest.mark.covers("recoil-snare")
def test_recoil_snare_ignores_a_planeswalker_attacker() -> None:
    game = hidden_unsummon_game({G: Hex(1, 0)}, ["recoil-snare"], [BLANK] * 7)
    next_turn(game, f"p2:{GIDEON}")
    game.apply(Attack(G, J))
    assert game.pending.phase != "optional"
    assert not game.state.cards[f"p1:{JACE}"].enchantments[0].face_up


@pytest.mark.covers("dispersing-tide")
def test_dispersing_tide_returns_every_opposing_squad_next_to_your_planeswalker() -> None:
    placed = {R1: Hex(1, 0), R2: Hex(0, 5), K1: Hex(-1, 0), G: Hex(0, -1)}
    game = hidden_unsummon_game(placed, ["dispersing-tide"], [BLANK] * 6)
    next_turn(game, f"p2:{RHOX}")
    game.apply(Attack(R1, J))
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert flipped(events) == ["p1/dispersing-tide"]
    assert sorted(returned(events)) == sorted([R1, R2, K1])  # Rhox 2 with its squad
    assert game.state.figures[G].zone == "battlefield"  # never a Planeswalker


@pytest.mark.covers("dispersing-tide")
def test_dispersing_tide_needs_an_adjacent_squad_attacker() -> None:
    game = hidden_unsummon_game({K1: Hex(0, 3), R1: Hex(1, 0)}, ["dispersing-tide"],
                                [BLANK] * 6)
    next_turn(game, f"p2:{KOR}")
    game.apply(Attack(K1, J))  # a ranged attack: the Rhox next to Jace is not reason enough
    assert game.pending.phase != "optional"
    assert game.state.cards[f"p2:{RHOX}"].zone == "play"


@pytest.mark.covers("recoil-snare")
@pytest.mark.covers("dispersing-tide")
def test_the_hidden_unsummons_flip_topmost_first_recoil_snare_on_top() -> None:
    placed = {R1: Hex(1, 0), K1: Hex(-1, 0)}
    game = hidden_unsummon_game(placed, ["recoil-snare", "dispersing-tide"], [BLANK] * 6)
    pile = [a.spell for a in game.state.cards[f"p1:{JACE}"].enchantments]
    assert pile == ["p1/recoil-snare", "p1/dispersing-tide"]  # the later one goes under
    next_turn(game, f"p2:{RHOX}")
    game.apply(Attack(R1, J))
    events = game.apply(Accept())
    assert flipped(events) == ["p1/recoil-snare"] and returned(events) == [R1]
    assert game.pending.phase == "optional"  # then the one below
    events = game.apply(Accept())
    assert flipped(events) == ["p1/dispersing-tide"] and returned(events) == [K1]


@pytest.mark.covers("recoil-snare")
@pytest.mark.covers("dispersing-tide")
def test_the_hidden_unsummons_flip_topmost_first_dispersing_tide_on_top() -> None:
    placed = {R1: Hex(1, 0), K1: Hex(-1, 0)}
    game = hidden_unsummon_game(placed, ["dispersing-tide", "recoil-snare"], [BLANK] * 6)
    next_turn(game, f"p2:{RHOX}")
    game.apply(Attack(R1, J))
    events = game.apply(Accept())
    assert flipped(events) == ["p1/dispersing-tide"]
    assert sorted(returned(events)) == sorted([R1, K1])
    events = game.apply(Accept())  # Recoil Snare still flips, with nothing left to return
    assert flipped(events) == ["p1/recoil-snare"] and returned(events) == []
    assert game.state.players[1].graveyard == ("p1/dispersing-tide", "p1/recoil-snare")


# --- Scatter Arc ---------------------------------------------------------------------------


def lying_in_wait(hidden: str, p2_hand: list[str]) -> Any:
    """Player 1 (Jace) has ``hidden`` face down on Jace; player 2 (Gideon) is to play."""
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(2, -6), R2: Hex(-2, -5)},
                         hands=([hidden], p2_hand))
    game.apply(f"play p1/{hidden} p1:{JACE}")
    next_turn(game, f"p2:{GIDEON}")
    return game


@pytest.mark.covers("scatter-arc")
def test_scatter_arc_counters_a_face_down_hidden_enchantment() -> None:
    game = lying_in_wait("scatter-arc", ["guardians-vigil"])
    game.apply(f"play p2/guardians-vigil p2:{GIDEON}")  # played face down
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert flipped(events) == ["p1/scatter-arc"]
    assert events_of(events, "SpellCountered")[0].spell == "p2/guardians-vigil"
    assert events_of(events, "SpellResolved") == []
    assert game.state.cards[f"p2:{GIDEON}"].enchantments == ()
    assert game.state.players[2].graveyard == ("p2/guardians-vigil",)  # its owner's
    assert game.state.players[1].graveyard == ("p1/scatter-arc",)
    assert game.state.turn_state.spells_played == 1  # one of the three plays, all the same


@pytest.mark.covers("scatter-arc")
def test_scatter_arc_counters_an_aura_and_only_the_next_enchantment() -> None:
    game = lying_in_wait("scatter-arc", ["honor-of-the-pure", "oath-of-peace"])
    game.apply(f"play p2/honor-of-the-pure p2:{RHOX}")
    game.apply(Accept())
    assert game.state.cards[f"p2:{RHOX}"].enchantments == ()
    game.apply(f"play p2/oath-of-peace p2:{RHOX}")  # Scatter Arc is spent
    assert game.pending.phase != "optional"
    assert [a.spell for a in game.state.cards[f"p2:{RHOX}"].enchantments] == [
        "p2/oath-of-peace"]


@pytest.mark.covers("scatter-arc")
def test_scatter_arc_lets_sorceries_through_and_declined_goes_out_of_play() -> None:
    game = lying_in_wait("scatter-arc", ["battle-hymn", "honor-of-the-pure"])
    game.apply("play p2/battle-hymn")  # a sorcery: Scatter Arc does not stir
    assert game.pending.phase != "optional"
    assert game.stat("attack_dice", R1).total == 4
    game.apply(f"play p2/honor-of-the-pure p2:{RHOX}")
    game.apply(Pass())
    assert game.state.players[1].removed == ("p1/scatter-arc",)
    assert [a.spell for a in game.state.cards[f"p2:{RHOX}"].enchantments] == [
        "p2/honor-of-the-pure"]


# --- Psychic Rebuttal ----------------------------------------------------------------------


@pytest.mark.covers("psychic-rebuttal")
def test_psychic_rebuttal_counters_a_sorcery_which_goes_to_its_owners_graveyard() -> None:
    game = lying_in_wait("psychic-rebuttal", ["battle-hymn"])
    game.apply("play p2/battle-hymn")
    assert game.pending.phase == "optional" and game.to_act == 1
    events = game.apply(Accept())
    assert events_of(events, "SpellCountered")[0].spell == "p2/battle-hymn"
    assert events_of(events, "SpellResolved") == []
    assert game.stat("attack_dice", R1).total == 3  # no effect
    assert game.state.players[2].graveyard == ("p2/battle-hymn",)
    assert game.state.players[1].graveyard == ("p1/psychic-rebuttal",)


@pytest.mark.covers("psychic-rebuttal")
def test_psychic_rebuttal_counters_face_down_enchantments_too_then_is_spent() -> None:
    game = lying_in_wait("psychic-rebuttal", ["riposte", "shield-formation"])
    game.apply(f"play p2/riposte p2:{RHOX}")
    game.apply(Accept())
    assert game.state.cards[f"p2:{RHOX}"].enchantments == ()
    game.apply(f"play p2/shield-formation p2:{RHOX}")
    assert game.pending.phase != "optional"
    assert len(game.state.cards[f"p2:{RHOX}"].enchantments) == 1


def phoenix_game(rebuttal: bool) -> Any:
    """Chandra's Flamewing Phoenixes (one destroyed) against Jace, maybe with a Psychic
    Rebuttal waiting; Chandra plays a sorcery."""
    phoenix = "flamewing-phoenixes"
    study = shipped_spell("arcane-study")
    game = position([[shipped(JACE)], [shipped(CHANDRA), shipped(phoenix)]],
                    {J: Hex(0, 0), fig(2, CHANDRA): Hex(0, -7), fig(2, phoenix, 1): Hex(2, -6)},
                    hands=[[shipped_spell("psychic-rebuttal")] if rebuttal else [], [study]],
                    libraries=[[], LIBRARY[:3]], phase="pre_move", chosen=f"p1:{JACE}")
    if rebuttal:
        game.apply(f"play p1/psychic-rebuttal p1:{JACE}")
    next_turn(game, f"p2:{CHANDRA}")
    game.apply("play p2/arcane-study")
    return game


@pytest.mark.covers("psychic-rebuttal")
def test_a_spell_countered_by_psychic_rebuttal_counts_as_not_played() -> None:
    """Reference manual FAQ: Rebirth does not trigger for a countered sorcery."""
    game = phoenix_game(rebuttal=False)  # the control: an uncountered sorcery wakes Rebirth
    assert game.pending.phase == "optional" and "Rebirth" in game.pending.description
    game = phoenix_game(rebuttal=True)
    events = game.apply(Accept())
    assert events_of(events, "SpellCountered") and events_of(events, "AbilityTriggered") == []
    assert game.pending.phase != "optional"
    assert game.state.players[2].hand == ("p2/card-0",)  # the turn's draw; Study drew none
    assert game.state.players[2].graveyard == ("p2/arcane-study",)


# --- Twisted Image -------------------------------------------------------------------------


def twisted_game(hand: list[str]) -> Any:
    return blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), P1: Hex(3, 0), P2: Hex(-3, 3)},
                         hands=(hand, []), glyphs=[GlyphSpec(Hex(3, 0), "power")])


@pytest.mark.covers("twisted-image")
def test_twisted_image_switches_attack_and_defense_after_every_modifier() -> None:
    game = twisted_game(["honor-of-the-pure", "battle-hymn", "twisted-image"])
    game.apply(f"play p1/honor-of-the-pure p1:{PROJ}")
    game.apply("play p1/battle-hymn")
    # 3 + Honor + Battle Hymn + Glyph of Power = 6 attack; 2 + Honor = 3 defense.
    assert game.stat("attack_dice", P1).total == 6 and game.stat("defense_dice", P1).total == 3
    game.apply(f"play p1/twisted-image {P1}")
    assert game.stat("attack_dice", P1).total == 3
    assert game.stat("defense_dice", P1).total == 6
    assert any("switched" in s for s, _ in game.stat("defense_dice", P1).sources)
    assert game.stat("attack_dice", P2).total == 6  # only the figure chosen


@pytest.mark.covers("twisted-image")
def test_twisted_image_also_counts_modifiers_that_come_after_it() -> None:
    game = twisted_game(["twisted-image", "honor-of-the-pure"])
    game.apply(f"play p1/twisted-image {P2}")  # 3 + Glyph of Power (any of yours) / 2
    assert (game.stat("attack_dice", P2).total, game.stat("defense_dice", P2).total) == (2, 4)
    game.apply(f"play p1/honor-of-the-pure p1:{PROJ}")  # +1/+1 folded in, then switched
    assert (game.stat("attack_dice", P2).total, game.stat("defense_dice", P2).total) == (3, 5)


@pytest.mark.covers("twisted-image")
def test_twisted_image_on_any_figure_until_the_end_of_the_turn() -> None:
    game = twisted_game(["twisted-image"])
    assert f"play p1/twisted-image {G}" in plays(game, "twisted-image")  # a Planeswalker too
    game.apply(f"play p1/twisted-image {G}")
    assert (game.stat("attack_dice", G).total, game.stat("defense_dice", G).total) == (5, 3)
    game.apply("end-turn")
    assert (game.stat("attack_dice", G).total, game.stat("defense_dice", G).total) == (3, 5)


# --- Mind Control --------------------------------------------------------------------------

ZAP = {"id": "zap", "name": "Zap", "kind": "activated", "text": "t",
       "effects": [{"effect": "draw", "target": "controller"}]}


def mind_control_game() -> Any:
    """Player 1 (Gideon, playing Mind Control) against Jace's Projections, one of them next
    to Gideon; the Projections' card is given an activated ability."""
    proj = army(PROJ, abilities=[*shipped(PROJ).abilities, ZAP])
    pj1, pj2 = fig(2, PROJ, 1), fig(2, PROJ, 2)
    return position([[shipped(GIDEON), shipped(RHOX)], [shipped(JACE), proj]],
                    {fig(1, GIDEON): Hex(0, 0), fig(2, JACE): Hex(0, 7), pj1: Hex(1, 0),
                     pj2: Hex(-1, 0), fig(1, RHOX, 1): Hex(-4, 4)},
                    [BLANK] * 8, hands=[[shipped_spell("mind-control")], []],
                    libraries=[LIBRARY, LIBRARY], phase="pre_move",
                    chosen=f"p1:{GIDEON}"), pj1, pj2


@pytest.mark.covers("mind-control")
def test_mind_control_lets_you_move_and_attack_with_an_enemy_creature_this_turn() -> None:
    game, pj1, pj2 = mind_control_game()
    gideon = fig(1, GIDEON)
    game.apply(f"play p1/mind-control {pj1}")
    assert game.state.controller(pj1) == 1
    assert any(a.text().startswith(f"move {pj1}") for a in game.legal_actions())
    game.apply(f"move {pj1} 1,3")  # away from Gideon: friendly, so no engagement to leave
    game.apply("end-move")
    assert Attack(pj1, pj2) in game.legal_actions()  # its own squad-mate
    assert Attack(pj1, fig(2, JACE)) in game.legal_actions()
    game.apply(Attack(pj1, pj2))
    game.apply("end-turn")
    assert game.state.controller(pj1) == 2  # back to its owner
    assert game.state.figures[gideon].zone == "battlefield"


@pytest.mark.covers("mind-control")
def test_a_mind_controlled_creature_is_friendly_and_lends_no_activated_abilities() -> None:
    game, pj1, pj2 = mind_control_game()
    gideon = fig(1, GIDEON)
    before = next(o for o in game.attack_options(gideon) if o.target == pj1)
    assert ("Avatar of Justice (Gideon)", 2) in before.attack_sources
    game.apply(f"play p1/mind-control {pj1}")
    game.apply("end-move")
    targets = [o.target for o in game.attack_options(gideon)]
    assert pj1 not in targets  # friendly now: no target for Gideon ...
    option = next(o for o in game.attack_options(gideon) if o.target == pj2)
    assert ("Avatar of Justice (Gideon)", 1) in option.attack_sources  # ... nor counted
    assert [a for a in game.legal_actions() if isinstance(a, UseAbility)] == []
    assert f"p2:{PROJ}" not in str(game.legal_actions())


@pytest.mark.covers("mind-control")
def test_mind_control_takes_only_opposing_squad_or_hero_figures() -> None:
    game, pj1, pj2 = mind_control_game()
    assert plays(game, "mind-control") == [f"play p1/mind-control {pj1}",
                                            f"play p1/mind-control {pj2}"]


# --- Misdirection --------------------------------------------------------------------------


def team_game(p1_hand: list[str]) -> Any:
    """Jace (1) and Liliana (3) against Gideon (2) and Jace's twin seat (4)."""
    placed = {fig(1, JACE): Hex(0, 0), fig(1, PROJ, 1): Hex(2, 0),
              fig(2, GIDEON): Hex(0, -7), fig(2, RHOX, 1): Hex(3, -6),
              fig(3, LILIANA): Hex(-7, 7), fig(3, ZOMBIES, 1): Hex(-5, 5),
              fig(4, GIDEON): Hex(7, 0)}
    return position([[shipped(JACE), shipped(PROJ)], [shipped(GIDEON), shipped(RHOX)],
                     [shipped(LILIANA), shipped(ZOMBIES)], [shipped(GIDEON)]], placed,
                    hands=[[shipped_spell(s) for s in p1_hand], [], [], []], teams=[1, 2, 1, 2],
                    phase="pre_move", chosen=f"p1:{JACE}")


@pytest.mark.covers("misdirection")
def test_misdirection_moves_a_face_up_enchantment_to_a_teammates_army_card() -> None:
    game = team_game(["honor-of-the-pure", "recoil-snare", "misdirection"])
    game.apply(f"play p1/honor-of-the-pure p1:{PROJ}")
    game.apply(f"play p1/recoil-snare p1:{JACE}")  # face down: it cannot be moved
    assert plays(game, "misdirection") == [
        f"play p1/misdirection p1/honor-of-the-pure p2:{RHOX}",
        f"play p1/misdirection p1/honor-of-the-pure p3:{ZOMBIES}"]
    events = game.apply(f"play p1/misdirection p1/honor-of-the-pure p3:{ZOMBIES}")
    assert events_of(events, "EnchantmentMoved")
    assert [a.spell for a in game.state.cards[f"p3:{ZOMBIES}"].enchantments] == [
        "p1/honor-of-the-pure"]
    assert game.stat("attack_dice", fig(3, ZOMBIES, 1)).total == 4
    assert game.stat("attack_dice", fig(1, PROJ, 1)).total == 3
    assert game.state.players[1].graveyard == ("p1/misdirection",)


@pytest.mark.covers("misdirection")
def test_misdirection_can_take_an_opponents_aura_off_your_card() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), P1: Hex(2, 0), R1: Hex(3, -6)},
                         hands=(["misdirection"], ["oath-of-peace"]), active=2)
    game.apply(f"play p2/oath-of-peace p1:{PROJ}")
    assert game.stat("attack_dice", P1).total == 1
    next_turn(game, f"p1:{JACE}")
    game.apply(f"play p1/misdirection p2/oath-of-peace p2:{RHOX}")
    assert game.stat("attack_dice", P1).total == 3
    assert game.stat("attack_dice", R1).total == 1


@pytest.mark.covers("misdirection")
def test_misdirection_needs_a_face_up_enchantment() -> None:
    game = team_game(["recoil-snare", "misdirection"])
    game.apply(f"play p1/recoil-snare p1:{JACE}")
    assert plays(game, "misdirection") == []


# --- Binding Mists -------------------------------------------------------------------------


@pytest.mark.covers("binding-mists")
def test_binding_mists_takes_four_move_from_the_enchanted_squad() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(3, -3), PH1: Hex(-2, 0),
                          P1: Hex(2, 0)}, hands=(["binding-mists"], []))
    # Common squads of any player: not the unique Leyline Phantoms, not a Planeswalker.
    assert plays(game, "binding-mists") == [f"play p1/binding-mists p1:{PROJ}",
                                            f"play p1/binding-mists p2:{RHOX}"]
    game.apply(f"play p1/binding-mists p2:{RHOX}")
    next_turn(game, f"p2:{RHOX}")
    assert game.stat("move", R1).total == 1
    assert max(r.cost for r in game.reachable_spaces(R1).values()) <= 1


@pytest.mark.covers("binding-mists")
def test_binding_mists_never_takes_move_below_zero() -> None:
    slow = army(RHOX, move=3)
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(3, -3)},
                         hands=(["binding-mists"], []),
                         armies=[[shipped(JACE)], [shipped(GIDEON), slow]])
    game.apply(f"play p1/binding-mists p2:{RHOX}")
    assert game.stat("move", R1).total == 0
    assert not game.reachable_spaces(R1)


# --- Arcane Study --------------------------------------------------------------------------


@pytest.mark.covers("arcane-study")
def test_arcane_study_draws_a_spell_card() -> None:
    """One card since 2026-11-29 (two made Jace's premade army win 64.5%: the card's notes)."""
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7)}, hands=(["arcane-study"], []),
                         libraries=[LIBRARY[:3], []])
    game.apply("play p1/arcane-study")
    assert game.state.players[1].hand == ("p1/card-0",)
    assert game.state.players[1].library == ("p1/card-1", "p1/card-2")


@pytest.mark.covers("arcane-study")
def test_arcane_study_draws_nothing_from_an_empty_library() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7)}, hands=(["arcane-study"], []),
                         libraries=[[], []])
    events = game.apply("play p1/arcane-study")
    assert events_of(events, "CardDrawn") == []
    assert game.state.players[1].hand == ()


# --- Phantom Shift -------------------------------------------------------------------------


@pytest.mark.covers("phantom-shift")
def test_phantom_shift_swaps_two_of_your_figures_without_leaving_engagement_attacks() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), R1: Hex(1, 0), P1: Hex(0, 5)},
                         hands=(["phantom-shift"], []))
    assert plays(game, "phantom-shift") == sorted([f"play p1/phantom-shift {J} {P1}",
                                                   f"play p1/phantom-shift {P1} {J}"])
    events = game.apply(f"play p1/phantom-shift {J} {P1}")  # Jace leaves the Rhox: no dice
    assert events_of(events, "LeavingEngagementAttacked") == []
    assert game.state.figures[J].hexes == (Hex(0, 5),)
    assert game.state.figures[P1].hexes == (Hex(0, 0),)


@pytest.mark.covers("phantom-shift")
def test_phantom_shift_needs_two_figures_of_the_same_size() -> None:
    big = squad("big", base="double", figures=1, colours=("blue",))
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7), "p1.big": (Hex(3, 0), Hex(4, 0))},
                         hands=(["phantom-shift"], []),
                         armies=[[shipped(JACE), big], [shipped(GIDEON)]])
    assert plays(game, "phantom-shift") == []  # a double-space figure has no partner


# --- Glimpse the Unseen --------------------------------------------------------------------


@pytest.mark.covers("glimpse-the-unseen")
def test_glimpse_the_unseen_looks_at_three_cards_then_draws_one() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7)}, hands=(["glimpse-the-unseen"], []),
                         libraries=[LIBRARY, []])
    game.apply("play p1/glimpse-the-unseen")
    seen = []
    for answer in ("bottom", "top", "bottom"):
        seen.append(game.pending.decision.data["card"])
        assert game.view(2).pending.decision.data["card"] == "hidden"
        game.apply(Answer(answer))
    assert seen == ["p1/card-0", "p1/card-1", "p1/card-2"]
    assert game.state.players[1].hand == ("p1/card-1",)
    assert game.state.players[1].library == ("p1/card-3", "p1/card-0", "p1/card-2")


@pytest.mark.covers("glimpse-the-unseen")
def test_glimpse_the_unseen_with_one_card_left_still_shows_it_then_draws_it() -> None:
    game = blue_vs_white({J: Hex(0, 0), G: Hex(0, -7)}, hands=(["glimpse-the-unseen"], []),
                         libraries=[LIBRARY[:1], []])
    game.apply("play p1/glimpse-the-unseen")
    assert game.pending.decision.data["card"] == "p1/card-0"
    game.apply(Answer("bottom"))
    assert game.state.players[1].hand == ("p1/card-0",)
    assert game.state.players[1].library == ()
