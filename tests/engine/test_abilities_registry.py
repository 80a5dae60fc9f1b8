"""The effect registry: one implementation per vocabulary name, specials by name, one
registry per rule book; abilities compiled from content models and from plain data."""

from __future__ import annotations

import pytest
from abilities_kit import GIDEON, fig, position, shipped, spell_card

from arena.content.abilities import EFFECT_NAMES
from arena.engine import RuleBook, standard_rulebook
from arena.engine.abilities import EffectRegistry, registry
from arena.engine.abilities.params import DealDamage
from arena.engine.abilities.spec import abilities_of, spell_spec
from arena.engine.actions import PlaySpell
from arena.engine.testkit import planeswalker
from arena.hexgrid import Hex


def test_every_effect_name_has_an_implementation_with_its_yaml_form() -> None:
    reg = registry(standard_rulebook())
    assert set(EFFECT_NAMES) == set(reg.names())
    for name in EFFECT_NAMES:
        prim = reg.primitives[name]
        assert prim.name == name and callable(prim.run)
        assert "effect:" in prim.doc or "{effect" in prim.doc, f"{name} shows no YAML form"


def test_special_looks_up_a_registered_function_by_name() -> None:
    book = standard_rulebook()
    seen: list[str] = []
    registry(book).register_special("shout", lambda rt, effect: seen.append(rt.scope.label))
    shout = spell_card("shout", effects=[{"effect": "special", "function": "shout",
                                          "target": "controller"}])
    game = position([[planeswalker("gideon")], [planeswalker("jace")]],
                    {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)}, hands=[[shout]],
                    phase="pre_move", chosen="p1:gideon", rules=book)
    game.apply(PlaySpell("p1/shout"))
    assert seen == ["Shout"]
    assert "p1/shout" in game.state.players[1].graveyard


def test_an_unregistered_special_is_never_offered() -> None:
    odd = spell_card("odd", effects=[{"effect": "special", "function": "no-such-thing"}])
    game = position([[planeswalker("gideon")], [planeswalker("jace")]],
                    {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)}, hands=[[odd]],
                    phase="pre_move", chosen="p1:gideon")
    assert not any(isinstance(a, PlaySpell) for a in game.legal_actions())


def test_the_built_in_special_shuffles_the_library() -> None:
    reg = registry(standard_rulebook())
    assert "shuffle-library" in reg.specials


def test_registries_belong_to_their_rule_book() -> None:
    a = standard_rulebook()
    b = a.copy()
    registry(b).register_special("only-b", lambda rt, effect: None)
    assert "only-b" in registry(b).specials and "only-b" not in registry(a).specials
    assert isinstance(registry(standard_rulebook()), EffectRegistry)
    with pytest.raises(KeyError):
        registry(RuleBook())


def test_abilities_compile_from_content_models_and_from_plain_data() -> None:
    game = position([[shipped(GIDEON)], [planeswalker("jace")]],
                    {fig(1, GIDEON): Hex(0, 0), "p2.jace": Hex(0, 5)})
    static = game.state.static
    found = abilities_of(static, GIDEON)
    assert [a.id for a in found] == ["avatar-of-justice", "counter-strike"]
    assert found[0].modifier is not None and found[0].modifier.when == "attacking"
    assert found[1].event == "defended"
    assert found[1].effects[0].of(DealDamage).amount == "excess_shields"
    plain = planeswalker("x", abilities=(shipped(GIDEON).abilities[1].model_dump(by_alias=True),))
    game2 = position([[plain], [planeswalker("jace")]], {"p1.x": Hex(0, 0), "p2.jace": Hex(0, 5)})
    assert abilities_of(game2.state.static, "x") == found[1:]


def test_spells_without_effects_have_no_rules() -> None:
    from arena.engine.testkit import spell

    game = position([[planeswalker("gideon")], [planeswalker("jace")]],
                    {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5)}, hands=[[spell("plain")]],
                    phase="pre_move", chosen="p1:gideon")
    assert spell_spec(game.state.static, "plain") is None
    assert not any(isinstance(a, PlaySpell) for a in game.legal_actions())
