"""The content vocabulary as typed frozen records: selectors, amounts, and each effect with its
own parameters, their defaults written once.

A card file names an effect (``effect: draw``) and gives some of its parameters; the rest take
the defaults declared here. The content layer's schema (`arena.content.abilities`) takes its
defaults and its closed vocabularies from this module (`default_of`), so the game and the
card checker can never disagree on what a left-out parameter means; the compiler
(`arena.engine.abilities.spec`) fills a record from a card's plain data, and each primitive
reads its record's typed fields (`EffectSpec.of`).

The parameter names are those of the YAML vocabulary (docs/content-formats.md), except
``with`` (a Python keyword), held as ``with_``.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from enum import StrEnum
from typing import Any, Literal, TypeVar

from arena.engine.vocab import Stat

_P = TypeVar("_P")

__all__ = [
    "ANY",
    "Amount",
    "CountSpec",
    "EffectSpec",
    "SelectorSpec",
    "ACTIVATED_LIMIT",
    "DEFAULT_LIMIT",
    "PARAMS_OF",
    "TRIGGER_LIMIT",
    "Limit",
    "AddCounter",
    "ControlDuration",
    "CounterKind",
    "CounterSpell",
    "DealDamage",
    "Discard",
    "Draw",
    "EffectName",
    "EffectParams",
    "ExtraAttack",
    "ForbidChoice",
    "GainControl",
    "LookAtLibrary",
    "Modify",
    "ModifierWhen",
    "ModifyDuration",
    "MoveFigure",
    "NoParams",
    "Origin",
    "Relation",
    "RemoveDamage",
    "ReturnFromGraveyard",
    "RollD20",
    "Special",
    "SpellFilter",
    "SwapFigures",
    "SwitchStats",
    "Target",
    "default_of",
]


class EffectName(StrEnum):
    """Every effect primitive; the engine registers one implementation for each."""

    DEAL_DAMAGE = "deal_damage"
    DESTROY = "destroy"
    DRAW = "draw"
    LOOK_AT_LIBRARY = "look_at_library"
    MOVE_FIGURE = "move_figure"
    SWAP_FIGURES = "swap_figures"
    RETURN_TO_RESERVE = "return_to_reserve"
    RETURN_FROM_GRAVEYARD = "return_from_graveyard"
    COUNTER_SPELL = "counter_spell"
    GAIN_CONTROL = "gain_control"
    MODIFY = "modify"
    SWITCH_STATS = "switch_stats"
    MOVE_ENCHANTMENT = "move_enchantment"
    EXTRA_ATTACK = "extra_attack"
    FORBID_CHOICE = "forbid_choice"
    TAKE_TURN_WITH = "take_turn_with"
    ROLL_D20 = "roll_d20"
    DISCARD = "discard"
    ADD_COUNTER = "add_counter"
    REMOVE_DAMAGE = "remove_damage"
    SPECIAL = "special"


Relation = Literal["self", "this_card", "own", "friendly", "opposing", "any"]
"""Whose figures a selector picks: `own` -- figures you control; `friendly` -- yours and
your teammates'."""

Origin = Literal["self", "planeswalker", "target"]
"""The figure a selector's distances are measured from (``from``)."""

Target = Literal["self", "attacker", "defender", "chosen", "each", "controller", "opponent",
                 "enchanted"]
"""What an effect applies to (`arena.engine.abilities.primitives`)."""

ModifierWhen = Literal["always", "attacking", "defending", "moving"]
"""The query points a static modifier applies at."""

ModifyDuration = Literal["this_turn", "this_attack", "while_attached", "permanent"]
ControlDuration = Literal["this_turn", "until_end_of_next_turn"]
CounterKind = Literal["power", "toughness", "charge"]
SpellFilter = Literal["any", "sorcery", "enchantment"]

Limit = Literal["once_per_turn", "once_per_figure", "unlimited"]
"""How often an ability may be used."""

ACTIVATED_LIMIT: Literal["once_per_turn"] = "once_per_turn"
TRIGGER_LIMIT: Literal["unlimited"] = "unlimited"
DEFAULT_LIMIT: dict[str, Limit] = {"activated": ACTIVATED_LIMIT, "trigger": TRIGGER_LIMIT}
"""How often an ability may be used when its card does not say, by ability kind."""


@dataclass(frozen=True, slots=True)
class SelectorSpec:
    """Which figures or army cards (vocabulary ``Selector``); ``origin`` is ``from``."""

    relation: Relation = "any"
    within: int | None = None
    clear_sight: bool = False
    adjacent: bool = False
    origin: Origin = "self"
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


@dataclass(frozen=True, slots=True, kw_only=True)
class NoParams:
    """An effect with no parameters of its own (destroy, return_to_reserve,
    move_enchantment, take_turn_with)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealDamage:
    """``deal_damage``: damage without dice; several figures at once in the active player's
    order (also for one figure with ``order_by_active_player``)."""

    amount: Amount = 1
    order_by_active_player: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Draw:
    """``draw``: draw spell cards."""

    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class LookAtLibrary:
    """``look_at_library``: look at the top cards, one at a time."""

    count: int = 1
    may_put_on_bottom: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveFigure:
    """``move_figure``: move up to ``distance`` spaces by the movement rules."""

    distance: int
    leaving_engagement_attacks: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SwapFigures:
    """``swap_figures``: the second figure is picked out by ``with``."""

    with_: SelectorSpec


@dataclass(frozen=True, slots=True, kw_only=True)
class ReturnFromGraveyard:
    """``return_from_graveyard``: ``count`` figures (or ``all``) onto empty spaces within
    ``within`` (in clear sight unless switched off); ``restore_card: false`` returns only
    figures whose card is still in play."""

    count: int | Literal["all"] = 1
    within: int = 4
    clear_sight: bool = True
    restore_card: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class CounterSpell:
    """``counter_spell``: the kind of spell it counters."""

    spell_type: SpellFilter = "any"


@dataclass(frozen=True, slots=True, kw_only=True)
class GainControl:
    """``gain_control``: for this turn, or to the end of the new controller's next turn."""

    duration: ControlDuration = "this_turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class Modify:
    """``modify``: a stat change for a duration."""

    stat: Stat
    amount: Amount
    duration: ModifyDuration = "this_turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class SwitchStats:
    """``switch_stats``: the two stats switched after every other modifier."""

    stats: tuple[Stat, Stat] = (Stat.ATTACK, Stat.DEFENSE)


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraAttack:
    """``extra_attack``: attacks granted this turn."""

    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class ForbidChoice:
    """``forbid_choice``: with ``same_name``, squads of the same name are detained too."""

    same_name: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class RollD20:
    """``roll_d20``: on ``at_least`` or more, ``then`` resolves."""

    at_least: int
    then: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Discard:
    """``discard``: ``count`` spell cards (of ``colour``, if given)."""

    colour: str | None = None
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCounter:
    """``add_counter``: counters put on an army card."""

    counter: CounterKind
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveDamage:
    """``remove_damage``: wound markers removed (``all``: every one)."""

    amount: int | Literal["all"] = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Special:
    """``special``: the registered function that resolves it."""

    function: str


EffectParams = (NoParams | DealDamage | Draw | LookAtLibrary | MoveFigure | SwapFigures
                | ReturnFromGraveyard | CounterSpell | GainControl | Modify | SwitchStats
                | ExtraAttack | ForbidChoice | RollD20 | Discard | AddCounter | RemoveDamage
                | Special)
"""The parameters of any effect."""


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One effect: the primitive's name, its target and selector, the optional ``around``
    figure selector, and its own parameters (a record of `arena.engine.abilities.params`)."""

    name: EffectName
    target: Target = "chosen"
    select: SelectorSpec | None = None
    around: SelectorSpec | None = None
    params: EffectParams = NoParams()

    def of(self, kind: type[_P]) -> _P:
        """The parameters as the record a primitive expects (a mismatch is a wiring error:
        the registry pairs each name with its primitive)."""
        if not isinstance(self.params, kind):
            raise TypeError(f"effect {self.name} has {type(self.params).__name__} parameters, "
                            f"not {kind.__name__}")
        return self.params

PARAMS_OF: dict[EffectName, type[EffectParams]] = {
    EffectName.DEAL_DAMAGE: DealDamage,
    EffectName.DESTROY: NoParams,
    EffectName.DRAW: Draw,
    EffectName.LOOK_AT_LIBRARY: LookAtLibrary,
    EffectName.MOVE_FIGURE: MoveFigure,
    EffectName.SWAP_FIGURES: SwapFigures,
    EffectName.RETURN_TO_RESERVE: NoParams,
    EffectName.RETURN_FROM_GRAVEYARD: ReturnFromGraveyard,
    EffectName.COUNTER_SPELL: CounterSpell,
    EffectName.GAIN_CONTROL: GainControl,
    EffectName.MODIFY: Modify,
    EffectName.SWITCH_STATS: SwitchStats,
    EffectName.MOVE_ENCHANTMENT: NoParams,
    EffectName.EXTRA_ATTACK: ExtraAttack,
    EffectName.FORBID_CHOICE: ForbidChoice,
    EffectName.TAKE_TURN_WITH: NoParams,
    EffectName.ROLL_D20: RollD20,
    EffectName.DISCARD: Discard,
    EffectName.ADD_COUNTER: AddCounter,
    EffectName.REMOVE_DAMAGE: RemoveDamage,
    EffectName.SPECIAL: Special,
}
"""The parameter record of each effect."""


def default_of(record: type[Any], name: str) -> Any:
    """The default a record declares for one of its fields (the schema's default for the
    same key); a field without one is an error in the caller's declaration."""
    for f in fields(record):
        if f.name == name:
            if f.default is not MISSING:
                return f.default
            if f.default_factory is not MISSING:
                return f.default_factory()
            raise LookupError(f"{record.__name__}.{name} has no default: the key is required")
    raise LookupError(f"{record.__name__} has no field {name!r}")
