"""Activated abilities: only of the chosen card, only in the windows (before moving, between
moving and attacking, after attacking), limits, costs, "instead of attacking" (guide Action 2;
reference manual "Activated abilities")."""

from __future__ import annotations

from typing import Any

import pytest
from abilities_kit import BLANK, HIT, position, spell_card

from arena.engine import IllegalAction
from arena.engine.actions import Attack, ChooseCard, UseAbility
from arena.engine.testkit import planeswalker, squad
from arena.hexgrid import Hex


def zap(**extra: Any) -> dict[str, Any]:
    return {"id": "zap", "name": "Zap", "kind": "activated", "text": "t",
            "effects": [{"effect": "deal_damage",
                         "select": {"relation": "opposing", "within": 3}}], **extra}


def game_with(abilities: tuple[dict[str, Any], ...], rolls: list[int] = (), **kw: Any):  # type: ignore
    mage = squad("mage", abilities=abilities, life=2)
    return position([[planeswalker("gideon"), mage], [planeswalker("jace"), squad("foe", life=3)]],
                    {"p1.gideon": Hex(0, -7), "p2.jace": Hex(0, 7), "p1.mage.1": Hex(0, 0),
                     "p1.mage.2": Hex(-4, 0), "p2.foe.1": Hex(1, 0), **kw.pop("extra", {})},
                    rolls, **kw)


USE = UseAbility("p1:mage", "zap", ("p2.foe.1",))


@pytest.mark.parametrize("phase", ["pre_move", "move", "post_move", "attack", "post_attack"])
def test_offered_in_every_window_of_the_chosen_cards_turn(phase: str) -> None:
    game = game_with((zap(),), phase=phase, chosen="p1:mage")
    assert USE in game.legal_actions()
    game.apply(USE)
    assert game.state.figures["p2.foe.1"].damage == 1
    if phase in ("move", "attack"):  # using it between moves (attacks) ends that step
        assert game.phase == {"move": "post_move", "attack": "post_attack"}[phase]


def test_not_offered_for_another_card_or_before_a_card_is_chosen() -> None:
    game = game_with((zap(),), phase="post_move", chosen="p1:gideon")
    assert USE not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply(USE)
    game = game_with((zap(),), phase="choose")
    assert USE not in game.legal_actions()
    game.apply(ChooseCard("p1:mage"))
    assert USE in game.legal_actions()


def test_once_per_turn_by_default_and_again_next_turn() -> None:
    game = game_with((zap(),), phase="pre_move", chosen="p1:mage")
    game.apply(USE)
    assert USE not in game.legal_actions()
    game.apply("end-turn")
    game.apply("choose p2:jace")
    game.apply("end-turn")
    game.apply("choose p1:mage")
    assert USE in game.legal_actions()


def test_once_per_figure_and_unlimited() -> None:
    game = game_with((zap(limit="once_per_figure"),), phase="pre_move", chosen="p1:mage",
                     extra={"p2.foe.2": Hex(-3, 0)})
    uses = [a for a in game.legal_actions() if isinstance(a, UseAbility)]
    assert len(uses) == 2  # a target near each mage
    game.apply(uses[0])
    game.apply([a for a in game.legal_actions() if isinstance(a, UseAbility)][0])
    assert not [a for a in game.legal_actions() if isinstance(a, UseAbility)]
    game = game_with((zap(limit="unlimited"),), phase="pre_move", chosen="p1:mage")
    for _ in range(2):
        game.apply(USE)
    assert USE in game.legal_actions()  # the foe (life 3) still stands
    game.apply(USE)
    assert game.state.figures["p2.foe.1"].zone == "graveyard"


def test_a_cost_is_named_in_the_action_and_paid() -> None:
    red = spell_card("ember", colour="red", effects=[{"effect": "draw"}])
    red2 = spell_card("cinder", colour="red", effects=[{"effect": "draw"}])
    costly = zap(cost=[{"effect": "discard", "target": "controller", "colour": "red"}])
    game = game_with((costly,), hands=[[red, red2]], phase="pre_move", chosen="p1:mage")
    uses = sorted(a.text() for a in game.legal_actions() if isinstance(a, UseAbility))
    assert uses == ["use p1:mage zap p1/cinder p2.foe.1", "use p1:mage zap p1/ember p2.foe.1"]
    game.apply("use p1:mage zap p1/ember p2.foe.1")
    assert game.state.players[1].hand == ("p1/cinder",)
    assert game.state.players[1].graveyard == ("p1/ember",)
    game = game_with((costly,), phase="pre_move", chosen="p1:mage")
    assert not [a for a in game.legal_actions() if isinstance(a, UseAbility)]


def test_instead_of_attacking() -> None:
    slow = zap(in_addition_to_attack=False)
    game = game_with((slow,), phase="post_move", chosen="p1:mage")
    game.apply(USE)
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]
    game = game_with((slow,), [HIT, BLANK, BLANK, BLANK, BLANK], phase="post_move",
                     chosen="p1:mage")
    game.apply(Attack("p1.mage.1", "p2.foe.1"))
    assert USE not in game.legal_actions()


def test_not_offered_without_a_legal_target() -> None:
    game = game_with((zap(),), phase="pre_move", chosen="p1:mage",
                     extra={"p2.foe.1": Hex(6, -6)})
    assert not [a for a in game.legal_actions() if isinstance(a, UseAbility)]
