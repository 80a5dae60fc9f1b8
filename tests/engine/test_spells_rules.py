"""Spell cards: when they may be played, sorceries, auras, hidden enchantments, countering,
returning to reserve, Mind Control, and what other players see (guide Action 1, "More on
using spell cards", "Countering spells", "Returning a squad to owner's reserve"; reference
manual FAQ)."""

from __future__ import annotations

from typing import Any

import pytest
from abilities_kit import BLANK, GIDEON, HIT, JACE, SHIELD, events_of, fig, position, shipped
from abilities_kit import spell_card as card

from arena.engine import IllegalAction
from arena.engine.actions import Accept, Attack, ChooseCard, Pass, PlaySpell
from arena.engine.state import FigureState
from arena.hexgrid import Hex

RHOX, PHANTOMS, PROJ = "rhox-veterans", "leyline-phantoms", "illusionary-projections"
G, J = fig(1, GIDEON), fig(2, JACE)

BOLT = card("bolt", colour="white", effects=[
    {"effect": "deal_damage", "amount": 2, "select": {"relation": "opposing", "within": 6}}])
CALL = card("call", colour="white", effects=[{"effect": "draw", "target": "controller"}])
HONOR = card("honor", type="aura", colour="white", enchants=["common_squad"], effects=[
    {"effect": "modify", "target": "enchanted", "stat": "defense", "amount": 1,
     "duration": "while_attached"}])
CROWN = card("crown", type="aura", colour="white", enchants=["planeswalker"], effects=[
    {"effect": "modify", "target": "enchanted", "stat": "attack", "amount": 1,
     "duration": "while_attached"}])
TRAP = card("trap", type="hidden_enchantment", colour="white", enchants=["common_squad"],
            trigger={"event": "defended"},
            effects=[{"effect": "deal_damage", "target": "attacker", "amount": 1}])
SNARE = card("snare", type="hidden_enchantment", colour="white", enchants=["common_squad"],
             trigger={"event": "defended"},
             effects=[{"effect": "deal_damage", "target": "attacker", "amount": 2}])
SCATTER = card("scatter-arc", type="hidden_enchantment", enchants=["planeswalker"],
               trigger={"event": "enchantment_played"},
               effects=[{"effect": "counter_spell", "spell_type": "enchantment"}])
REBUTTAL = card("psychic-rebuttal", type="hidden_enchantment", enchants=["planeswalker"],
                trigger={"event": "spell_played"}, effects=[{"effect": "counter_spell"}])
UNSUMMON = card("unsummon", effects=[
    {"effect": "return_to_reserve", "select": {"relation": "opposing", "card_kind": ["squad"]}}])
MIND_CONTROL = card("mind-control", effects=[
    {"effect": "gain_control", "select": {"relation": "opposing", "card_kind": ["squad"],
                                          "within": 6}}])


def duel(placed: dict[str, Hex], rolls: list[int] = (), hands: Any = ((), ()),  # type: ignore
         **kw: Any):
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", f"p1:{GIDEON}")
    return position([[shipped(GIDEON), shipped(RHOX)],
                     [shipped(JACE), shipped(PHANTOMS), shipped(PROJ)]],
                    {G: Hex(0, 0), J: Hex(0, 5), **placed}, rolls, hands=hands, **kw)


def plays(game: Any) -> list[str]:
    return sorted(a.text() for a in game.legal_actions() if isinstance(a, PlaySpell))


# --- when ----------------------------------------------------------------------------------


def test_spells_are_played_before_moving_and_after_attacking_only() -> None:
    for phase, chosen, ok in [("choose", None, True), ("pre_move", f"p1:{GIDEON}", True),
                              ("move", f"p1:{GIDEON}", False),
                              ("post_move", f"p1:{GIDEON}", False),
                              ("attack", f"p1:{GIDEON}", True),
                              ("post_attack", f"p1:{GIDEON}", True)]:
        game = duel({}, hands=[[CALL], []], phase=phase, chosen=chosen)
        assert (plays(game) == ["play p1/call"]) == ok, phase


def test_three_spells_a_turn_and_none_without_the_planeswalker() -> None:
    calls = [card(f"call-{i}", effects=[{"effect": "draw", "target": "controller"}])
             for i in range(4)]
    game = duel({}, hands=[calls, []])
    for i in range(3):
        game.apply(f"play p1/call-{i}")
    assert plays(game) == []
    with pytest.raises(IllegalAction, match="three a turn"):
        game.apply("play p1/call-3")
    game = duel({fig(1, RHOX, 1): Hex(2, 0)}, hands=[[CALL], []], chosen=f"p1:{RHOX}")
    game.state.set_figure(G, FigureState("graveyard"))
    assert plays(game) == []


def test_no_spell_on_another_players_turn() -> None:
    game = duel({fig(1, RHOX, 1): Hex(1, 4)}, [HIT, BLANK, BLANK, BLANK, BLANK, BLANK],
                hands=[[], [CALL]], active=2, chosen=f"p2:{JACE}", phase="pre_move")
    assert plays(game) == ["play p2/call"]
    game.apply("end-turn")
    assert game.active == 1 and plays(game) == []
    assert "play p2/call" not in [a.text() for a in game.legal_actions()]


# --- sorceries -----------------------------------------------------------------------------


def test_a_sorcery_resolves_then_goes_to_the_graveyard() -> None:
    game = duel({fig(2, PROJ, 1): Hex(2, 0), fig(2, PROJ, 2): Hex(7, -7)}, hands=[[BOLT], []])
    assert plays(game) == ["play p1/bolt p2.illusionary-projections.1", "play p1/bolt p2.jace-"
                                                                        "beleren-mindmage"]
    events = game.apply(f"play p1/bolt {fig(2, PROJ, 1)}")
    assert events_of(events, "FigureDestroyed")[0].figure == fig(2, PROJ, 1)
    assert game.state.players[1].graveyard == ("p1/bolt",) and game.state.stack == ()
    assert events_of(events, "SpellResolved")[0].name == "Bolt"


def test_a_sorcery_whose_target_is_gone_does_nothing() -> None:
    from arena.engine.abilities.runtime import new_job, run_job
    from arena.engine.abilities.scope import Scope
    from arena.engine.context import Ctx

    game = duel({fig(2, PROJ, 1): Hex(2, 0)}, hands=[[BOLT], []])
    job = new_job(Scope(1, "Bolt", selves=(G,)), ["spell", "bolt", "effects"],
                  {"spell/bolt/effects/0": [fig(2, PROJ, 3)]})  # not on the battlefield
    ctx = Ctx(game.state)
    assert run_job(ctx, job)
    assert ctx.events == []


# --- auras ---------------------------------------------------------------------------------


def test_an_aura_goes_on_an_army_card_of_the_kind_it_enchants_and_applies_while_there() -> None:
    placed = {fig(1, RHOX, 1): Hex(1, 0), fig(2, PHANTOMS, 1): Hex(3, 0),
              fig(2, PROJ, 1): Hex(-3, 0)}
    game = duel(placed, hands=[[HONOR, CROWN], []])
    assert [p for p in plays(game) if "honor" in p] == [
        f"play p1/honor p1:{RHOX}", f"play p1/honor p2:{PROJ}"]  # common squads, any owner
    assert [p for p in plays(game) if "crown" in p] == [
        f"play p1/crown p1:{GIDEON}", f"play p1/crown p2:{JACE}"]
    game.apply(f"play p1/honor p2:{PROJ}")
    assert game.state.cards[f"p2:{PROJ}"].enchantments[0].spell == "p1/honor"
    assert ("Honor", 1) in game.stat("defense_dice", fig(2, PROJ, 1)).sources
    assert game.stat("defense_dice", fig(2, PROJ, 1)).total == 3


def test_an_aura_falls_off_to_its_owners_graveyard_when_its_card_is_destroyed() -> None:
    placed = {fig(2, PROJ, 1): Hex(1, 0)}
    game = duel(placed, [HIT, HIT, HIT, HIT, BLANK, BLANK, BLANK], hands=[[HONOR], []])
    game.apply(f"play p1/honor p2:{PROJ}")  # Avatar of Justice: 4 dice; Honor: 3
    game.apply(Attack(G, fig(2, PROJ, 1)))
    assert game.state.cards[f"p2:{PROJ}"].zone == "graveyard"
    assert "p1/honor" in game.state.players[1].graveyard  # its owner's, not the card's


# --- hidden enchantments -------------------------------------------------------------------


def hidden_game(rolls: list[int] = ()) -> Any:  # type: ignore[assignment]
    placed = {fig(1, RHOX, 1): Hex(1, 0), fig(2, PROJ, 1): Hex(2, 0)}
    return duel(placed, rolls, hands=[[TRAP, SNARE], []])


def test_a_hidden_enchantment_goes_face_down_on_your_own_card_under_earlier_ones() -> None:
    game = hidden_game()
    assert [p for p in plays(game) if "trap" in p] == [f"play p1/trap p1:{RHOX}"]
    events = game.apply(f"play p1/trap p1:{RHOX}")
    game.apply(f"play p1/snare p1:{RHOX}")
    pile = game.state.cards[f"p1:{RHOX}"].enchantments
    assert [(a.spell, a.face_up) for a in pile] == [("p1/trap", False), ("p1/snare", False)]
    assert "a hidden enchantment" in events_of(events, "SpellPlayed")[0].describe(hidden=True)
    assert "Trap" not in " ".join(e.describe(hidden=True) for e in events)
    view = game.view(2)
    backs = view.state.cards[f"p1:{RHOX}"].enchantments
    assert all(not a.face_up and "hidden" in a.spell for a in backs)
    assert all("trap" not in a and "snare" not in a for a in view.actions)
    assert any("trap" in a for a in game.view(1).actions)


def test_hidden_enchantments_flip_topmost_first_and_a_declined_one_goes_out_of_play() -> None:
    game = hidden_game([BLANK, BLANK, BLANK, SHIELD, SHIELD])
    game.apply(f"play p1/trap p1:{RHOX}")
    game.apply(f"play p1/snare p1:{RHOX}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{PROJ}"))
    game.apply(Attack(fig(2, PROJ, 1), fig(1, RHOX, 1)))
    assert game.to_act == 1 and "Flip your hidden enchantment on Rhox" in game.pending.description
    events = game.apply(Pass())  # the topmost (Trap) first: declined
    assert events_of(events, "EnchantmentLost")[0].spell == "p1/trap"
    assert game.state.players[1].removed == ("p1/trap",)
    events = game.apply(Accept())  # then Snare
    assert events_of(events, "EnchantmentFlipped")[0].spell == "p1/snare"
    assert [(d.figure, d.amount) for d in events_of(events, "DamageDealt")] == [
        (fig(2, PROJ, 1), 2)]
    assert game.state.cards[f"p1:{RHOX}"].enchantments == ()
    assert game.state.players[1].graveyard == ("p1/snare",)


def test_hidden_enchantments_still_trigger_without_the_planeswalker() -> None:
    """Guide "Planeswalker rules": "If your Planeswalker is destroyed ... Hidden enchant cards
    can still be triggered" (three players, so the game goes on)."""
    placed = {G: Hex(0, 0), J: Hex(0, 5), fig(1, RHOX, 1): Hex(1, 0),
              fig(2, PROJ, 1): Hex(2, 0), "p3.nissa-revane-animist": Hex(-6, 6)}
    game = position([[shipped(GIDEON), shipped(RHOX)], [shipped(JACE), shipped(PROJ)],
                     [shipped("nissa-revane-animist")]], placed,
                    [BLANK, BLANK, BLANK, SHIELD, SHIELD], hands=[[TRAP], [], []],
                    phase="pre_move", chosen=f"p1:{GIDEON}")
    game.apply(f"play p1/trap p1:{RHOX}")
    game.apply("end-turn")
    game.state.set_figure(G, FigureState("graveyard"))
    game.apply(ChooseCard(f"p2:{PROJ}"))
    game.apply(Attack(fig(2, PROJ, 1), fig(1, RHOX, 1)))
    assert game.pending.phase == "optional" and game.to_act == 1


# --- countering ----------------------------------------------------------------------------


def counter_game(hidden: Any, p1_hand: list[Any]) -> Any:
    """Player 2 has ``hidden`` face down on Jace; player 1 to play."""
    placed = {fig(1, RHOX, 1): Hex(1, 0), fig(2, PROJ, 1): Hex(2, 0)}
    game = duel(placed, hands=[p1_hand, [hidden]], active=2, chosen=f"p2:{JACE}")
    game.apply(f"play p2/{hidden.id} p2:{JACE}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    return game


def test_a_counter_hidden_enchantment_counters_an_enchantment_even_face_down() -> None:
    game = counter_game(SCATTER, [TRAP, HONOR])
    events = game.apply(f"play p1/trap p1:{RHOX}")
    assert game.to_act == 2 and game.pending.phase == "optional"
    assert game.state.stack == ("p1/trap",)
    view = game.view(2)  # player 2 decides without learning what is being played
    assert view.state.stack != ("p1/trap",) and "trap" not in str(view.state.lasting)
    events = game.apply(Accept())
    countered = events_of(events, "SpellCountered")
    assert countered and countered[0].spell == "p1/trap"
    assert events_of(events, "SpellResolved") == []
    assert game.state.players[1].graveyard == ("p1/trap",)  # its owner's graveyard
    assert game.state.players[2].graveyard == ("p2/scatter-arc",)
    assert game.state.cards[f"p1:{RHOX}"].enchantments == ()
    assert game.state.turn_state.spells_played == 1  # it still used one of the three plays
    game.apply(f"play p1/honor p1:{RHOX}")  # Scatter Arc is spent: this one resolves
    assert game.state.cards[f"p1:{RHOX}"].enchantments[0].spell == "p1/honor"


def test_a_sorcery_is_not_an_enchantment_for_scatter_arc() -> None:
    game = counter_game(SCATTER, [CALL])
    game.apply("play p1/call")
    assert game.pending.phase == "pre_move"
    assert game.state.players[1].graveyard == ("p1/call",)


def test_declining_a_counter_puts_it_out_of_play_and_the_spell_resolves() -> None:
    game = counter_game(REBUTTAL, [BOLT])
    game.apply(f"play p1/bolt {fig(2, PROJ, 1)}")
    events = game.apply(Pass())
    assert events_of(events, "EnchantmentLost")[0].spell == "p2/psychic-rebuttal"
    assert game.state.players[2].removed == ("p2/psychic-rebuttal",)
    assert game.state.figures[fig(2, PROJ, 1)].zone == "graveyard"


def test_a_countered_spell_triggers_nothing_that_waits_for_a_played_spell() -> None:
    rebirth = {"id": "rebirth", "name": "Rebirth", "kind": "trigger", "text": "t",
               "event": "spell_played", "condition": {"spell_type": "sorcery"},
               "effects": [{"effect": "draw", "target": "controller"}]}
    from abilities_kit import army

    phoenix_pw = army(GIDEON, abilities=[rebirth])
    game = position([[phoenix_pw], [shipped(JACE)]], {G: Hex(0, 0), J: Hex(0, 5)},
                    hands=[[CALL], [REBUTTAL]], libraries=[[BOLT, HONOR], []], active=2,
                    phase="pre_move", chosen=f"p2:{JACE}")
    game.apply(f"play p2/psychic-rebuttal p2:{JACE}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p1:{GIDEON}"))
    assert game.state.players[1].hand == ("p1/call", "p1/bolt")
    game.apply("play p1/call")
    events = game.apply(Accept())
    assert events_of(events, "SpellCountered") and events_of(events, "AbilityTriggered") == []
    assert game.state.players[1].hand == ("p1/bolt",)  # no draw from Call, none from Rebirth


# --- returning to reserve, control ---------------------------------------------------------


def test_returning_a_squad_to_reserve_removes_its_damage_and_enchantments() -> None:
    placed = {fig(1, RHOX, 1): Hex(1, 0), fig(1, RHOX, 2): Hex(-1, 0)}
    game = duel(placed, hands=[[HONOR, TRAP], [UNSUMMON]], damage={fig(1, RHOX, 1): 2})
    game.apply(f"play p1/honor p1:{RHOX}")
    game.apply(f"play p1/trap p1:{RHOX}")
    game.apply("end-turn")
    game.apply(ChooseCard(f"p2:{JACE}"))
    assert "play p2/unsummon p1:rhox-veterans" in plays(game)
    assert not any(GIDEON in p for p in plays(game))  # never a Planeswalker
    events = game.apply(f"play p2/unsummon p1:{RHOX}")
    assert [e.figure for e in events_of(events, "FigureReturnedToReserve")] == [
        fig(1, RHOX, 1), fig(1, RHOX, 2)]
    assert game.state.figures[fig(1, RHOX, 1)] == FigureState("reserve")
    assert game.state.figures[fig(1, RHOX, 3)].zone == "graveyard"  # stays there
    assert game.state.cards[f"p1:{RHOX}"].zone == "reserve"
    assert game.state.cards[f"p1:{RHOX}"].enchantments == ()
    assert game.state.players[1].graveyard == ("p1/honor", "p1/trap")
    assert game.state.players[2].graveyard == ("p2/unsummon",)


def test_mind_control_makes_a_figure_move_and_attack_for_its_new_controller() -> None:
    placed = {fig(2, PROJ, 1): Hex(0, 3), fig(2, PROJ, 2): Hex(3, 3)}
    game = duel(placed, [HIT, HIT, HIT, BLANK, BLANK], hands=[[MIND_CONTROL], []])
    game.apply(f"play p1/mind-control {fig(2, PROJ, 1)}")
    taken = fig(2, PROJ, 1)
    assert game.state.controller(taken) == 1
    assert any(a.text().startswith(f"move {taken}") for a in game.legal_actions())
    assert f"p2:{PROJ}" not in [getattr(a, "card", "") for a in game.legal_actions()]
    game.apply("end-move")
    assert Attack(taken, fig(2, PROJ, 2)) in game.legal_actions()  # its own squad-mate
    game.apply(Attack(taken, fig(2, PROJ, 2)))
    assert game.state.figures[fig(2, PROJ, 2)].zone == "graveyard"
    game.apply("end-turn")
    assert game.state.controller(taken) == 2


def test_a_controlled_figures_activated_abilities_cannot_be_used() -> None:
    from abilities_kit import army

    zap = {"id": "zap", "name": "Zap", "kind": "activated", "text": "t",
           "effects": [{"effect": "draw", "target": "controller"}]}
    proj = army(PROJ, abilities=[zap])
    game = position([[shipped(GIDEON)], [shipped(JACE), proj]],
                    {G: Hex(0, 0), J: Hex(0, 5), fig(2, PROJ, 1): Hex(0, 3)},
                    hands=[[MIND_CONTROL], []], libraries=[[CALL], [CALL]],
                    phase="pre_move", chosen=f"p1:{GIDEON}")
    game.apply(f"play p1/mind-control {fig(2, PROJ, 1)}")
    assert not [a for a in game.legal_actions() if a.text().startswith("use")]


def test_counter_offer_answers_are_hidden_from_the_player_whose_spell_waits() -> None:
    game = counter_game(SCATTER, [HONOR])
    game.apply(f"play p1/honor p1:{RHOX}")
    view = game.view(1)
    assert "scatter" not in str(view.state.lasting) and "scatter" not in str(
        [d.data for d in view.state.pending])
    assert [a.text() for a in game.legal_actions()] == ["accept", "pass"]
