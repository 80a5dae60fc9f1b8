"""Abilities and spell effects compiled into small frozen records the rules read.

The engine never imports `arena.content`: a card's abilities and a spell card's effects come
as the content layer's pydantic models, or as plain dicts (saves loaded with the engine's own
cards, tests). Both are turned into plain data first (`to_plain`: a ``model_dump`` by alias,
or the dicts as they are) and compiled once per game into the records here, cached in
`Static.memo` by card definition. The keys are those of the content vocabulary
(`arena.content.abilities`, rendered in docs/content-formats.md): ``from`` for a selector's
origin, ``with`` for a swap's second figure, ``then`` for a d20 roll's effects.

Effects keep their parameters as plain data in `EffectSpec.params` (each primitive reads its
own, with the vocabulary's defaults); selectors, amounts and nested effects are compiled.
An effect is found again by its *path*: ``["army", def id, ability id, "effects", 0, "then",
1]`` or ``["spell", def id, "effects", 2]`` (`effects_at`), so a resolution waiting on a
decision stores plain data only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from arena.engine.state import Static

__all__ = [
    "ANY",
    "AbilitySpec",
    "Amount",
    "ConditionSpec",
    "CountSpec",
    "EffectSpec",
    "ModifierSpec",
    "SelectorSpec",
    "SpellSpec",
    "abilities_of",
    "effects_at",
    "spell_spec",
    "to_plain",
]


def to_plain(value: Any) -> Any:
    """Plain data (dicts, lists, scalars) from a pydantic model, a dataclass-free mapping or a
    sequence; a model is dumped by alias (``from``, ``with``), unset defaults included."""
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        try:
            return to_plain(dump(mode="json", by_alias=True, warnings=False))
        except TypeError:  # pragma: no cover - older pydantic
            return to_plain(dump(mode="json", by_alias=True))
    return value


@dataclass(frozen=True, slots=True)
class SelectorSpec:
    """Which figures or army cards (vocabulary ``Selector``); ``origin`` is ``from``."""

    relation: str = "any"
    within: int | None = None
    clear_sight: bool = False
    adjacent: bool = False
    origin: str = "self"
    creature_type: str | None = None
    not_creature_type: str | None = None
    colour: str | None = None
    card_kind: tuple[str, ...] | None = None
    card: str | None = None
    min_range: int | None = None
    damaged: bool | None = None
    exclude_self: bool = False

    @property
    def positional(self) -> bool:
        """Whether the selector measures from an origin figure (within, adjacent, sight)."""
        return self.within is not None or self.adjacent or self.clear_sight


ANY = SelectorSpec()
"""Every figure (the selector of an effect that names none)."""


@dataclass(frozen=True, slots=True)
class CountSpec:
    """An amount counting the figures a selector picks out, ``times`` each."""

    select: SelectorSpec
    times: int = 1


Amount = int | CountSpec | str
"""A whole number, a count, or a named quantity (``excess_shields``, ``excess_damage``,
``damage_markers``)."""


@dataclass(frozen=True, slots=True)
class ModifierSpec:
    """A static ability's modifier."""

    stat: str
    amount: Amount
    applies_to: SelectorSpec
    when: str = "always"
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
class EffectSpec:
    """One effect: the primitive's name, its target and selector, the optional ``around``
    figure selector, and the rest of its parameters (compiled where they are selectors,
    amounts or effects)."""

    name: str
    target: str = "chosen"
    select: SelectorSpec | None = None
    around: SelectorSpec | None = None
    params: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def get(self, key: str, default: Any = None) -> Any:
        """A parameter, or ``default`` when the card leaves it out."""
        value = self.params.get(key, default)
        return default if value is None else value


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    """One ability of an army card."""

    id: str
    name: str
    kind: str
    keyword: str | None = None
    modifier: ModifierSpec | None = None
    event: str | None = None
    condition: ConditionSpec | None = None
    optional: bool = False
    limit: str = "unlimited"
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
        return tuple(e for e in self.effects if _is_continuous(e))

    @property
    def one_shot(self) -> tuple[EffectSpec, ...]:
        """The effects that resolve once (as the spell is played or the card flips)."""
        if self.type == "sorcery":
            return self.effects
        return tuple(e for e in self.effects if not _is_continuous(e))


def _is_continuous(effect: EffectSpec) -> bool:
    if effect.name == "modify":
        return bool(effect.get("duration") == "while_attached")
    return effect.name == "switch_stats"


# --- compiling -----------------------------------------------------------------------------


def _selector(data: Any) -> SelectorSpec | None:
    if data is None:
        return None
    d = dict(data)
    kinds = d.get("card_kind")
    return SelectorSpec(
        relation=str(d.get("relation") or "any"),
        within=None if d.get("within") is None else int(d["within"]),
        clear_sight=bool(d.get("clear_sight", False)),
        adjacent=bool(d.get("adjacent", False)),
        origin=str(d.get("from") or d.get("from_") or "self"),
        creature_type=d.get("creature_type"),
        not_creature_type=d.get("not_creature_type"),
        colour=d.get("colour"),
        card_kind=None if kinds is None else tuple(str(k) for k in kinds),
        card=d.get("card"),
        min_range=None if d.get("min_range") is None else int(d["min_range"]),
        damaged=None if d.get("damaged") is None else bool(d["damaged"]),
        exclude_self=bool(d.get("exclude_self", False)),
    )


def _amount(data: Any) -> Amount:
    if isinstance(data, Mapping):
        select = _selector(data["count"])
        assert select is not None
        return CountSpec(select, int(data.get("times", 1)))
    if isinstance(data, str):
        return data
    return int(data)


def _condition(data: Any) -> ConditionSpec | None:
    if data is None:
        return None
    d = dict(data)
    return ConditionSpec(
        attacker=_selector(d.get("attacker")),
        target=_selector(d.get("target")),
        chosen_card=_selector(d.get("chosen_card")),
        spell_type=d.get("spell_type"),
        spell_colour=d.get("spell_colour"),
        all_figures_in_graveyard=bool(d.get("all_figures_in_graveyard", False)),
        countered=bool(d.get("countered", False)),
    )


_COMMON = ("effect", "target", "select", "around")


def _effect(data: Any) -> EffectSpec:
    d = dict(data)
    params: dict[str, Any] = {}
    for key, value in d.items():
        if key in _COMMON:
            continue
        if key in ("with", "with_"):
            params["with"] = _selector(value)
        elif key == "amount" and not (isinstance(value, str) and value == "all"):
            params[key] = _amount(value)
        elif key == "then":
            params[key] = tuple(_effect(e) for e in value)
        elif isinstance(value, list):
            params[key] = tuple(value)
        else:
            params[key] = value
    return EffectSpec(
        name=str(d["effect"]),
        target=str(d.get("target") or "chosen"),
        select=_selector(d.get("select")),
        around=_selector(d.get("around")),
        params=MappingProxyType(params),
    )


def _effects(data: Any) -> tuple[EffectSpec, ...]:
    return tuple(_effect(e) for e in (data or ()))


def _ability(data: Mapping[str, Any], index: int = 0) -> AbilitySpec:
    """One ability (lenient with hand-written test data: a missing id or name is made up)."""
    modifier = None
    if data.get("modifier") is not None:
        m = dict(data["modifier"])
        applies = _selector(m.get("applies_to")) or ANY
        modifier = ModifierSpec(str(m["stat"]), _amount(m["amount"]), applies,
                                str(m.get("when") or "always"), bool(m.get("cumulative", True)))
    ident = str(data.get("id") or data.get("keyword") or f"ability-{index + 1}")
    return AbilitySpec(
        id=ident,
        name=str(data.get("name") or ident),
        kind=str(data["kind"]),
        keyword=data.get("keyword"),
        modifier=modifier,
        event=data.get("event"),
        condition=_condition(data.get("condition")),
        optional=bool(data.get("optional", False)),
        limit=str(data.get("limit") or ("once_per_turn" if data["kind"] == "activated"
                                        else "unlimited")),
        effects=_effects(data.get("effects")),
        cost=_effects(data.get("cost")),
        in_addition_to_attack=bool(data.get("in_addition_to_attack", True)),
    )


def abilities_of(static: Static, def_id: str) -> tuple[AbilitySpec, ...]:
    """The compiled abilities of an army card definition (cached per game)."""
    key = f"abl:army:{def_id}"
    found: tuple[AbilitySpec, ...] | None = static.memo.get(key)
    if found is None:
        card = static.army_defs[def_id]
        found = tuple(_ability(to_plain(a), i)
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
        effects = _effects(to_plain(getattr(card, "effects", None) or ()))
        if effects:
            trigger = to_plain(getattr(card, "trigger", None))
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
        effects = effects[index].params[key]
        rest = rest[2:]
    return effects
