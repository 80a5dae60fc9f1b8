"""Each effect's parameters are declared once: the engine's typed records
(`arena.engine.abilities.params`) hold the defaults, the content schema takes them from there,
and the rules read typed fields only."""

from __future__ import annotations

import ast
from dataclasses import MISSING, fields
from pathlib import Path
from typing import get_args

import pytest
from pydantic import BaseModel, TypeAdapter

from arena.content import abilities as schema
from arena.engine.abilities import params
from arena.engine.abilities.params import (
    PARAMS_OF,
    EffectName,
    EffectSpec,
    SelectorSpec,
    default_of,
)
from arena.engine.abilities.spec import AbilitySpec, ConditionSpec, ModifierSpec, _ability, _effect
from arena.engine.vocab import Stat

ROOT = Path(__file__).resolve().parents[2]

_COMMON = {"effect", "target", "select", "around"}


def _effect_models() -> dict[str, type[BaseModel]]:
    union = get_args(get_args(schema.Effect)[0])
    out = {}
    for model in union:
        name = get_args(model.model_fields["effect"].annotation)[0]
        out[name] = model
    return out


def _keys(model: type[BaseModel]) -> dict[str, str]:
    """Field name -> the key a card file writes."""
    return {name: (f.alias or name) for name, f in model.model_fields.items()}


def test_every_effect_name_has_one_record_and_one_schema_model() -> None:
    assert set(PARAMS_OF) == set(EffectName)
    assert set(_effect_models()) == {str(n) for n in EffectName}
    assert set(schema.EFFECT_NAMES) == {str(n) for n in EffectName}
    assert all(type(n) is str for n in schema.EFFECT_NAMES)  # written to YAML as they are


@pytest.mark.parametrize("name", list(EffectName))
def test_the_schema_declares_exactly_the_records_parameters_with_its_defaults(
        name: EffectName) -> None:
    model = _effect_models()[str(name)]
    record = PARAMS_OF[name]
    written = {key: field for field, key in _keys(model).items() if key not in _COMMON}
    declared = {("with" if f.name == "with_" else f.name): f for f in fields(record)}
    assert set(written) == set(declared), f"{name}: schema and engine record differ"
    for key, f in declared.items():
        info = model.model_fields[written[key]]
        if f.default is MISSING and f.default_factory is MISSING:
            assert info.is_required(), f"{name}.{key} is required by the engine"
        else:
            assert not info.is_required(), f"{name}.{key} has an engine default"
            assert info.default == default_of(record, f.name), f"{name}.{key}"


@pytest.mark.parametrize(("record", "model"), [
    (SelectorSpec, schema.Selector), (ConditionSpec, schema.Condition),
    (ModifierSpec, schema.Modifier), (EffectSpec, schema.Destroy),
])
def test_selectors_conditions_and_modifiers_take_the_engines_defaults(
        record: type, model: type[BaseModel]) -> None:
    keys = {(f.alias or name): f for name, f in model.model_fields.items()}
    for f in fields(record):
        key = {"origin": "from"}.get(f.name, f.name)
        if key not in keys or (f.default is MISSING and f.default_factory is MISSING):
            continue
        default = keys[key].default
        if f.name == "card_kind" or f.name == "applies_to":
            continue  # a list in the schema, a tuple in the record / required in the schema
        assert default == default_of(record, f.name), f"{record.__name__}.{f.name}"


def test_a_left_out_parameter_takes_the_records_default() -> None:
    assert _effect({"effect": "draw"}).params == params.Draw()
    assert _effect({"effect": "draw"}).of(params.Draw).count == default_of(params.Draw, "count")
    found = _effect({"effect": "return_from_graveyard", "count": "all"})
    assert found.of(params.ReturnFromGraveyard) == params.ReturnFromGraveyard(count="all")
    assert found.target == default_of(EffectSpec, "target")
    swap = _effect({"effect": "swap_figures", "with": {"relation": "own"}})
    assert swap.of(params.SwapFigures).with_ == SelectorSpec(relation="own")


def test_parameters_are_typed_values_not_plain_data() -> None:
    effect = _effect({"effect": "modify", "stat": "attack", "amount": 2,
                      "select": {"relation": "own", "card_kind": ["squad"]}})
    modify = effect.of(params.Modify)
    assert modify.stat is Stat.ATTACK and modify.duration == "this_turn"
    assert effect.select is not None and effect.select.card_kind == ("squad",)
    nested = _effect({"effect": "roll_d20", "at_least": 16,
                      "then": [{"effect": "take_turn_with"}]})
    assert nested.of(params.RollD20).then == (EffectSpec(EffectName.TAKE_TURN_WITH),)
    with pytest.raises(TypeError, match="not Draw"):
        effect.of(params.Draw)


def test_a_parameter_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(ValueError, match="no parameter moove"):
        _effect({"effect": "move_figure", "distance": 2, "moove": 3})
    with pytest.raises(TypeError):
        _effect({"effect": "move_figure"})  # distance is required: no made-up default


def test_an_ability_limit_defaults_by_kind_as_the_schema_says() -> None:
    for kind, model in (("activated", schema.ActivatedAbility),
                        ("trigger", schema.TriggeredAbility)):
        data = {"kind": kind, "effects": [{"effect": "destroy"}]}
        assert _ability(data).limit == model.model_fields["limit"].default
    assert _ability({"kind": "keyword", "keyword": "flying"}) == AbilitySpec(
        id="flying", name="flying", kind="keyword", keyword="flying")


def test_abilities_from_a_content_model_and_from_plain_data_compile_alike() -> None:
    data = {
        "id": "sprint", "name": "Sprint", "kind": "activated", "text": "Move 3.",
        "effects": [{"effect": "move_figure", "target": "self", "distance": 3}],
    }
    model = TypeAdapter(schema.Ability).validate_python(data, strict=False)
    from_model = _ability(model.model_dump(mode="json", by_alias=True))
    assert from_model == _ability(data)
    assert from_model.text == "Move 3."
    assert from_model.effects[0].of(params.MoveFigure).leaving_engagement_attacks is True


def test_no_rule_reads_an_effect_parameter_by_key() -> None:
    """`EffectSpec` has no ``get``: a parameter read by key with a restated default (the old
    ``effect.get("amount", 1)``) cannot come back, nor can an ability read "as an object or
    a dict" past the compiler (`arena.engine.abilities.spec`)."""
    assert not hasattr(EffectSpec, "get")
    readers = [p for d in ("arena/engine/abilities", "arena/ai", "arena/client", "editor")
               for p in (ROOT / d).rglob("*.py") if p.name != "spec.py"]
    assert len(readers) > 50
    for path in readers:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "get" and isinstance(node.func.value, ast.Name)
                    and node.func.value.id in {"effect", "ability"}):
                pytest.fail(f"{path.relative_to(ROOT)}:{node.lineno} reads "
                            f"{node.func.value.id}.get(...)")
