"""Triggered abilities: the engine's events mapped to the vocabulary's, conditions, optional
triggers (accept, decline), once per turn, and the order of triggers that happen together
(active player's first, then by player number)."""

from __future__ import annotations

from typing import Any

from abilities_kit import events_of, position, spell_card

from arena.engine.actions import Accept, Attack, ChooseCard, Pass, PlaySpell
from arena.engine.testkit import planeswalker, squad
from arena.hexgrid import Hex

HIT, BLANK = 1, 6


def trigger(event: str, effects: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"id": f"on-{event.replace('_', '-')}", "name": f"On {event}", "kind": "trigger",
            "text": "t", "event": event, "effects": effects, **extra}


DRAW = [{"effect": "draw", "target": "controller"}]
LIB = [spell_card(f"c{i}", effects=[{"effect": "draw"}]) for i in range(4)]


def duel(p1: list[Any], p2: list[Any], placed: dict[str, Hex], **kw: Any):  # type: ignore
    kw.setdefault("libraries", [LIB, LIB])
    return position([[planeswalker("gideon"), *p1], [planeswalker("jace"), *p2]],
                    {"p1.gideon": Hex(0, -7), "p2.jace": Hex(0, 7), **placed}, **kw)


def drawn_by(events: list[Any]) -> list[int]:
    return [e.player for e in events_of(events, "CardDrawn")]


def test_simultaneous_triggers_resolve_active_player_first() -> None:
    watcher = squad("watcher", abilities=(trigger("figure_moved", DRAW),))
    placed = {"p1.watcher.1": Hex(0, 0), "p2.watcher.1": Hex(3, 0)}
    game = duel([watcher], [watcher], placed, phase="pre_move", chosen="p1:watcher")
    events = game.apply("move p1.watcher.1 -1,0")
    assert drawn_by(events) == [1, 2]
    game = duel([watcher], [watcher], placed, phase="pre_move", chosen="p2:watcher", active=2)
    events = game.apply("move p2.watcher.1 4,0")
    assert drawn_by(events) == [2, 1]


def test_other_players_trigger_in_player_number_order() -> None:
    watcher = squad("watcher", abilities=(trigger("figure_moved", DRAW),))
    game = position([[planeswalker("a"), watcher], [planeswalker("b"), watcher],
                     [planeswalker("c"), watcher]],
                    {"p1.a": Hex(0, -7), "p2.b": Hex(0, 7), "p3.c": Hex(7, 0),
                     "p1.watcher.1": Hex(0, 0), "p2.watcher.1": Hex(3, 0),
                     "p3.watcher.1": Hex(-3, 0)},
                    libraries=[LIB, LIB, LIB], teams=[1, 2, 1], phase="pre_move",
                    chosen="p2:watcher", active=2)
    events = game.apply("move p2.watcher.1 4,0")
    assert drawn_by(events) == [2, 1, 3]


def test_once_per_turn_limits_a_trigger() -> None:
    watcher = squad("watcher", abilities=(trigger("figure_moved", DRAW, limit="once_per_turn"),))
    game = duel([watcher], [], {"p1.watcher.1": Hex(0, 0), "p1.watcher.2": Hex(2, 0)},
                phase="pre_move", chosen="p1:watcher")
    assert drawn_by(game.apply("move p1.watcher.1 -1,0")) == [1]
    assert drawn_by(game.apply("move p1.watcher.2 3,0")) == []


def test_an_optional_trigger_may_be_declined_and_is_offered_again() -> None:
    watcher = squad("watcher", abilities=(trigger("figure_moved", DRAW, optional=True,
                                                  limit="once_per_turn"),))
    game = duel([watcher], [], {"p1.watcher.1": Hex(0, 0), "p1.watcher.2": Hex(2, 0)},
                phase="pre_move", chosen="p1:watcher")
    game.apply("move p1.watcher.1 -1,0")
    assert game.pending.phase == "optional" and game.legal_actions() == [Accept(), Pass()]
    assert drawn_by(game.apply(Pass())) == []
    game.apply("move p1.watcher.2 3,0")
    assert drawn_by(game.apply(Accept())) == [1]  # declining did not use it up


def test_turn_started_and_destroyed_triggers() -> None:
    keeper = squad("keeper", life=1, abilities=(trigger("turn_started", DRAW),
                                                trigger("destroyed", DRAW)))
    game = duel([], [keeper], {"p2.keeper.1": Hex(1, 0), "p1.gideon": Hex(0, 0)},
                rolls=[HIT, BLANK, BLANK, BLANK, BLANK], phase="post_move", chosen="p1:gideon")
    events = game.apply(Attack("p1.gideon", "p2.keeper.1"))
    assert drawn_by(events) == [2]  # destroyed: its controller draws
    events = game.apply("end-turn")
    # Player 2's turn: the action-1 draw; the card is in the graveyard, so no start-of-turn
    # trigger.
    assert drawn_by(events) == [2]


def test_a_trigger_with_nothing_to_do_does_not_happen() -> None:
    hitter = squad("hitter", abilities=(trigger("figure_moved", [
        {"effect": "deal_damage", "select": {"relation": "opposing", "within": 1}}]),))
    game = duel([hitter], [], {"p1.hitter.1": Hex(0, 0)}, phase="pre_move",
                chosen="p1:hitter")
    events = game.apply("move p1.hitter.1 -1,0")
    assert events_of(events, "AbilityTriggered") == []


def test_chosen_card_condition() -> None:
    herald = squad("herald", abilities=(trigger(
        "card_chosen", DRAW, condition={"chosen_card": {"card_kind": ["planeswalker"]}}),))
    game = duel([herald], [], {"p1.herald.1": Hex(0, 0)}, phase="choose")
    assert drawn_by(game.apply(ChooseCard("p1:gideon"))) == [1]
    game = duel([herald], [], {"p1.herald.1": Hex(0, 0)}, phase="choose")
    assert drawn_by(game.apply(ChooseCard("p1:herald"))) == []


def test_spell_played_triggers_on_a_resolved_spell_of_the_type_named() -> None:
    phoenix = squad("phoenix", life=1, abilities=(trigger(
        "spell_played", [{"effect": "return_from_graveyard",
                          "select": {"relation": "this_card"}, "within": 3}],
        condition={"spell_type": "sorcery"}),))
    bolt = spell_card("bolt", effects=[{"effect": "draw", "target": "controller"}])
    ward = spell_card("ward", type="aura", enchants=["planeswalker"], effects=[
        {"effect": "modify", "target": "enchanted", "stat": "defense", "amount": 1,
         "duration": "while_attached"}])
    game = duel([phoenix], [], {"p1.phoenix.1": Hex(0, 0), "p1.gideon": Hex(0, -3)},
                hands=[[ward, bolt]], phase="pre_move", chosen="p1:gideon")
    from arena.engine.state import FigureState

    for n in (2, 3):
        assert game.state.figures[f"p1.phoenix.{n}"].zone == "graveyard"
    game.state.set_figure("p1.phoenix.1", FigureState("graveyard"))
    game.apply(PlaySpell("p1/ward", ("p1:gideon",)))
    assert game.pending.phase == "pre_move"  # an aura is no sorcery
    game.apply(PlaySpell("p1/bolt"))
    assert game.pending.decision is not None  # which phoenix returns
    assert game.pending.decision.data["options"] == ["p1.phoenix.1", "p1.phoenix.2",
                                                     "p1.phoenix.3"]


def test_a_game_waiting_in_the_middle_of_a_resolution_saves_and_loads() -> None:
    import json

    from arena.content.to_engine import card_factory
    from arena.engine import Game
    from arena.engine.actions import Answer

    swap = squad("mirror", abilities=(trigger("figure_moved", [
        {"effect": "swap_figures", "select": {"relation": "own", "card_kind": ["planeswalker"]},
         "with": {"relation": "own", "card": "mirror"}}], optional=True,
        limit="once_per_turn"),))
    game = duel([swap], [], {"p1.mirror.1": Hex(0, 0), "p1.mirror.2": Hex(3, 0)},
                phase="pre_move", chosen="p1:mirror")
    game.apply("move p1.mirror.1 -1,0")
    game.apply(Accept())
    assert game.pending.phase == "ability_choice"
    save = json.loads(json.dumps(game.to_data()))
    loaded = Game.from_data(save, card_factory=card_factory)
    assert loaded.state_digest() == game.state_digest()
    assert loaded.legal_actions() == game.legal_actions()
    for g in (game, loaded):
        g.apply(Answer("p1.mirror.2"))
    assert loaded.state_digest() == game.state_digest()
    assert game.state.figures["p1.gideon"].hexes == (Hex(3, 0),)
