"""Abilities and spell effects compiled into small frozen records the rules read.

The engine never imports `arena.content`: a card's abilities and a spell card's effects come
as the content layer's pydantic models, or as plain dicts (saves loaded with the engine's own
cards, tests). Both are turned into plain data first (`arena.engine.defs.plain_data`) and
compiled once per game into the records here, cached in `Static.memo` by card definition;
every reader past this point (rules, AI, client) reads these typed records only.
The keys are those of the content vocabulary
(`arena.content.abilities`, rendered in docs/content-formats.md): ``from`` for a selector's
origin, ``with`` for a swap's second figure, ``then`` for a d20 roll's effects.

Each effect's parameters are a typed record (`arena.engine.abilities.params`, where their
defaults are written once) read by the primitive through `EffectSpec.of`; selectors, amounts
and nested effects are compiled. A key left out takes the record's default: the compiler
passes on only the keys a card gives.
An effect is found again by its *path*: ``["army", def id, ability id, "effects", 0, "then",
1]`` or ``["spell", def id, "effects", 2]`` (`effects_at`), so a resolution waiting on a
decision stores plain data only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from arena.engine.abilities.params import (
    ANY,
    DEFAULT_LIMIT,
    PARAMS_OF,
    TRIGGER_LIMIT,
    Amount,
    CountSpec,
    EffectName,
    EffectSpec,
    Limit,
    ModifierWhen,
    Modify,
    SelectorSpec,
)
from arena.engine.defs import plain_data
from arena.engine.state import Static
from arena.engine.vocab import Stat

__all__ = [
    "AbilitySpec",
    "ConditionSpec",
    "ModifierSpec",
    "SpellSpec",
    "abilities_of",
    "is_continuous",
    "effects_at",
    "spell_spec",
]


@dataclass(frozen=True, slots=True)
class ModifierSpec:
    """A static ability's modifier."""

    stat: Stat
    amount: Amount
    applies_to: SelectorSpec = ANY
    when: ModifierWhen = "always"
    cumulative: bool = True


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """What must hold for a trigger (or an activated ability) to do anything."""

    attacker: SelectorSpec | None = None
    target: SelectorSpec | None = None
    chosen_card: SelectorSpec | None = None
    spell_type: str | None = None
    spell_colour: str | None = None
    all_figures_in_graveyard: bool = False
    countered: bool = False


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    """One ability of an army card."""

    id: str
    name: str
    kind: str
    text: str = ""
    keyword: str | None = None
    modifier: ModifierSpec | None = None
    event: str | None = None
    condition: ConditionSpec | None = None
    optional: bool = False
    limit: Limit = TRIGGER_LIMIT
    effects: tuple[EffectSpec, ...] = ()
    cost: tuple[EffectSpec, ...] = ()
    in_addition_to_attack: bool = True

    @property
    def counters(self) -> bool:
        """Whether this trigger counters spells (it answers a spell as it is played)."""
        return any(e.name == "counter_spell" for e in self.effects)


@dataclass(frozen=True, slots=True)
class SpellSpec:
    """A spell card's rules: type, the kinds it enchants, a hidden enchantment's trigger
    (event and condition), its effects."""

    id: str
    name: str
    colour: str
    type: str
    enchants: tuple[str, ...] = ()
    event: str | None = None
    condition: ConditionSpec | None = None
    effects: tuple[EffectSpec, ...] = ()

    @property
    def counters(self) -> bool:
        """Whether the spell's effects counter spells (a counter hidden enchantment)."""
        return any(e.name == "counter_spell" for e in self.effects)

    @property
    def continuous(self) -> tuple[EffectSpec, ...]:
        """The effects that last while the card is attached (an aura's or a flipped hidden
        enchantment's ``modify ... while_attached`` and ``switch_stats``)."""
        if self.type == "sorcery":
            return ()
        return tuple(e for e in self.effects if is_continuous(e))

    @property
    def one_shot(self) -> tuple[EffectSpec, ...]:
        """The effects that resolve once (as the spell is played or the card flips)."""
        if self.type == "sorcery":
            return self.effects
        return tuple(e for e in self.effects if not is_continuous(e))


def is_continuous(effect: EffectSpec) -> bool:
    """Whether an aura's or a flipped hidden enchantment's effect lasts while the card is
    attached (``modify ... while_attached``, ``switch_stats``) rather than resolving once."""
    if isinstance(effect.params, Modify):
        return effect.params.duration == "while_attached"
    return effect.name == EffectName.SWITCH_STATS


# --- compiling -----------------------------------------------------------------------------


def _given(data: Mapping[str, Any], record: type[Any], aliases: Mapping[str, str] | None = None,
           convert: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The fields of ``record`` that ``data`` gives (a null is left out), converted where
    ``convert`` says; the rest keep the record's defaults. ``aliases`` maps a field to the
    key the vocabulary writes (``origin`` is ``from``)."""
    aliases, convert = aliases or {}, convert or {}
    out: dict[str, Any] = {}
    for f in fields(record):
        key = aliases.get(f.name, f.name)
        value = data.get(key, data.get(f.name))
        if value is None:
            continue
        fix = convert.get(f.name)
        out[f.name] = fix(value) if fix is not None else value
    return out


def _tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


def _selector(data: Any) -> SelectorSpec | None:
    if data is None:
        return None
    return SelectorSpec(**_given(dict(data), SelectorSpec, {"origin": "from"},
                                 {"card_kind": _tuple}))


def _amount(data: Any) -> Amount:
    if isinstance(data, Mapping):
        select = _selector(data["count"])
        assert select is not None
        return CountSpec(select, **_given(data, CountSpec))
    if isinstance(data, str):
        return data
    return int(data)


def _condition(data: Any) -> ConditionSpec | None:
    if data is None:
        return None
    return ConditionSpec(**_given(dict(data), ConditionSpec, convert={
        "attacker": _selector, "target": _selector, "chosen_card": _selector}))


_COMMON = frozenset({"effect", "target", "select", "around"})


def _effect(data: Any) -> EffectSpec:
    d = dict(data)
    name = EffectName(str(d["effect"]))
    record = PARAMS_OF[name]
    known = {f.name for f in fields(record)} | {"with"} | _COMMON
    unknown = sorted(k for k in d if k not in known)
    if unknown:
        raise ValueError(f"effect {name} has no parameter {', '.join(unknown)}")
    params = record(**_given(d, record, {"with_": "with"}, {
        "with_": _selector, "then": _effects, "amount": _amount_or_all, "stat": Stat,
        "stats": lambda v: tuple(Stat(s) for s in v)}))
    return EffectSpec(**_given(d, EffectSpec, {"name": "effect"}, {
        "name": EffectName, "select": _selector, "around": _selector}), params=params)


def _amount_or_all(data: Any) -> Amount:
    """An amount, or ``all`` (remove_damage)."""
    return "all" if data == "all" else _amount(data)


def _effects(data: Any) -> tuple[EffectSpec, ...]:
    return tuple(_effect(e) for e in (data or ()))


def _ability(data: Mapping[str, Any], index: int = 0) -> AbilitySpec:
    """One ability (lenient with hand-written test data: a missing id or name is made up)."""
    kind = str(data["kind"])
    modifier = None
    if data.get("modifier") is not None:
        m = dict(data["modifier"])
        modifier = ModifierSpec(**_given(m, ModifierSpec, convert={
            "stat": Stat, "amount": _amount, "applies_to": _selector}))
    ident = str(data.get("id") or data.get("keyword") or f"ability-{index + 1}")
    given = _given(data, AbilitySpec, convert={
        "condition": _condition, "effects": _effects, "cost": _effects})
    given.pop("modifier", None)
    return AbilitySpec(**{
        "limit": DEFAULT_LIMIT.get(kind, TRIGGER_LIMIT), **given,
        "id": ident, "name": str(data.get("name") or ident), "kind": kind,
        "modifier": modifier})


def abilities_of(static: Static, def_id: str) -> tuple[AbilitySpec, ...]:
    """The compiled abilities of an army card definition (cached per game)."""
    key = f"abl:army:{def_id}"
    found: tuple[AbilitySpec, ...] | None = static.memo.get(key)
    if found is None:
        card = static.army_defs[def_id]
        found = tuple(_ability(plain_data(a), i)
                      for i, a in enumerate(getattr(card, "abilities", ()) or ()))
        static.memo[key] = found
    return found


def spell_spec(static: Static, def_id: str) -> SpellSpec | None:
    """The compiled rules of a spell card definition (None: it has no effects)."""
    key = f"abl:spell:{def_id}"
    if key in static.memo:
        cached: SpellSpec | None = static.memo[key]
        return cached
    card = static.spell_defs.get(def_id)
    spec: SpellSpec | None = None
    if card is not None:
        effects = _effects(plain_data(getattr(card, "effects", None) or ()))
        if effects:
            trigger = plain_data(getattr(card, "trigger", None))
            enchants = getattr(card, "enchants", None) or ()
            spec = SpellSpec(
                id=str(card.id), name=str(card.name), colour=str(card.colour),
                type=str(card.type), enchants=tuple(str(k) for k in enchants),
                event=None if not trigger else str(trigger["event"]),
                condition=None if not trigger else _condition(trigger.get("condition")),
                effects=effects,
            )
    static.memo[key] = spec
    return spec


def effects_at(static: Static, path: Sequence[Any]) -> tuple[EffectSpec, ...]:
    """The effect list a path names (see the module docstring)."""
    head = path[0]
    if head == "army":
        ability = next(a for a in abilities_of(static, str(path[1])) if a.id == path[2])
        effects = ability.cost if path[3] == "cost" else ability.effects
        rest = path[4:]
    elif head == "spell":
        spec = spell_spec(static, str(path[1]))
        assert spec is not None
        effects = spec.effects
        rest = path[3:]
    else:
        raise ValueError(f"not an effect path: {path!r}")
    while rest:
        index, key = int(rest[0]), str(rest[1])
        effects = getattr(effects[index].params, key)
        rest = rest[2:]
    return effects
