"""The ability and effect vocabulary that card files are written in.

An ability is data (design note "Card abilities: data plus registered effects"): a `kind`
(keyword, static, trigger, activated) plus parameters drawn from a fixed vocabulary of
selectors, amounts, query points, events and effect primitives. The schema checks every name
and parameter when content loads; the rules engine registers one implementation per effect
name and a test checks that every name here has one. A unique effect is written
``effect: special`` with the ``function`` the engine registers under that name.

Example (Gideon's Avatar of Justice)::

    - id: avatar-of-justice
      name: Avatar of Justice
      kind: static
      text: Gideon rolls 1 extra attack die for each opposing figure within 2 clear-sight spaces.
      modifier:
        stat: attack
        when: attacking
        applies_to: {relation: self}
        amount: {count: {relation: opposing, within: 2, clear_sight: true}}
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, Strict, Tag, model_validator

from arena.content.base import Colour, Model, Name, Slug, Text
from arena.engine.abilities import params as p
from arena.engine.abilities.params import (
    ACTIVATED_LIMIT,
    TRIGGER_LIMIT,
    ControlDuration,
    CounterKind,
    CountSpec,
    EffectName,
    EffectSpec,
    ModifierWhen,
    ModifyDuration,
    Origin,
    Relation,
    SelectorSpec,
    SpellFilter,
    Target,
    default_of,
)
from arena.engine.abilities.spec import AbilitySpec, ConditionSpec, ModifierSpec
from arena.engine.vocab import Stat

CardKind = Literal["planeswalker", "unique_squad", "common_squad", "squad", "hero"]

StatName = Annotated[Stat, Strict(False)]
"""A stat a static modifier or a `modify` effect can change, written as its name (the
engine's `Stat`; lax, so the strict models take the YAML text and give the member)."""

Keyword = Literal[
    "flying",  # climbs for free, passes over figures and obstacles, water does not stop it
    "phantom_walk",  # moves through occupied spaces, never takes leaving-engagement attacks
    "double_space",  # figure on a two-hex base (also given by the card's `base`)
    "unblockable",
]

Event = Literal[
    "card_chosen",  # its controller chose an army card (filtered by `condition.chosen_card`)
    "summoned",  # this card's figures were just placed on the battlefield
    "turn_started",  # start of its controller's turn (before action 1)
    "turn_ended",  # end of a turn on which this card was the chosen army card
    "attacked",  # a figure of this card finished an attack
    "attack_destroyed_target",  # a figure of this card destroyed its defender
    "defended",  # a figure of this card rolled defense dice
    "destroyed",  # a figure of this card was destroyed
    "spell_played",  # its controller played a spell (filtered by `condition.spell_type`);
    # for a trigger that counters (`counter_spell`): an opponent is playing a spell
    "enchantment_played",  # an opponent played an enchantment (for counter spells)
    "figure_moved",  # a figure moved (filtered by selector)
]


MAX_EFFECT = 40
"""The largest count, distance or amount an effect may name: far beyond any card's (draw 2,
within 6 spaces), and small enough that a crafted card cannot stall a game (drawing 10**30
cards, or walking the spaces within 10**9 of a figure)."""
EffectCount = Annotated[int, Field(ge=1, le=MAX_EFFECT)]

class Selector(Model):
    """Which figures or army cards something applies to.

    Distances are in spaces from the ability's source figure (`from_`), optionally needing
    clear sight; every other field narrows the set further.
    """

    relation: Relation = default_of(SelectorSpec, "relation")
    within: EffectCount | None = default_of(SelectorSpec, "within")
    clear_sight: bool = default_of(SelectorSpec, "clear_sight")
    adjacent: bool = default_of(SelectorSpec, "adjacent")
    from_: Origin = Field(default_of(SelectorSpec, "origin"), alias="from")
    creature_type: Name | None = default_of(SelectorSpec, "creature_type")
    not_creature_type: Name | None = default_of(SelectorSpec, "not_creature_type")
    colour: Colour | None = default_of(SelectorSpec, "colour")
    card_kind: list[CardKind] | None = default_of(SelectorSpec, "card_kind")
    card: Slug | None = default_of(SelectorSpec, "card")
    min_range: EffectCount | None = default_of(SelectorSpec, "min_range")
    damaged: bool | None = default_of(SelectorSpec, "damaged")
    exclude_self: bool = default_of(SelectorSpec, "exclude_self")

    model_config = Model.model_config | {"populate_by_name": True}


class Count(Model):
    """An amount that counts the figures a selector picks out."""

    count: Selector
    times: Annotated[int, Field(ge=-20, le=20)] = default_of(CountSpec, "times")


def _amount_kind(value: Any) -> str:
    if isinstance(value, dict):
        return "Count"
    if isinstance(value, str):
        return "Named"
    return "Number"


Amount = Annotated[
    Annotated[Annotated[int, Field(ge=-20, le=20)], Tag("Number")]
    | Annotated[Count, Tag("Count")]
    | Annotated[Literal["excess_shields", "excess_damage", "damage_markers"], Tag("Named")],
    Discriminator(_amount_kind),
]
"""A whole number, a count of figures (``{count: {...}}``) or a named quantity."""


class Modifier(Model):
    """A change to one stat at its query point, while the ability is active."""

    stat: StatName
    amount: Amount
    applies_to: Selector
    when: ModifierWhen = default_of(ModifierSpec, "when")
    cumulative: bool = default_of(ModifierSpec, "cumulative")


class Condition(Model):
    """What must be true for a trigger or activated ability to do anything."""

    attacker: Selector | None = default_of(ConditionSpec, "attacker")
    target: Selector | None = default_of(ConditionSpec, "target")
    chosen_card: Selector | None = default_of(ConditionSpec, "chosen_card")
    spell_type: Literal["sorcery", "aura", "hidden_enchantment", "enchantment"] | None = (
        default_of(ConditionSpec, "spell_type"))
    spell_colour: Colour | None = default_of(ConditionSpec, "spell_colour")
    all_figures_in_graveyard: bool = default_of(ConditionSpec, "all_figures_in_graveyard")
    countered: bool = default_of(ConditionSpec, "countered")


class _Effect(Model):
    target: Target = default_of(EffectSpec, "target")
    select: Selector | None = default_of(EffectSpec, "select")
    around: Selector | None = default_of(EffectSpec, "around")
    """The figure that ``from: target`` in `select` is measured from, chosen as the spell or
    ability is played (Killing Wave: every creature adjacent to a target Planeswalker)."""


class DealDamage(_Effect):
    """Deal damage directly (no dice). ``{effect: deal_damage, amount: 1, select: {...}}``"""

    effect: Literal["deal_damage"]
    amount: Amount = default_of(p.DealDamage, "amount")
    order_by_active_player: bool = default_of(p.DealDamage, "order_by_active_player")


class Destroy(_Effect):
    """Destroy a figure outright. ``{effect: destroy, select: {damaged: true}}``"""

    effect: Literal["destroy"]


class Draw(_Effect):
    """Draw spell cards. ``{effect: draw, count: 1}``"""

    effect: Literal["draw"]
    count: EffectCount = default_of(p.Draw, "count")


class LookAtLibrary(_Effect):
    """Look at the top cards of the library; may put them on the bottom."""

    effect: Literal["look_at_library"]
    count: EffectCount = default_of(p.LookAtLibrary, "count")
    may_put_on_bottom: bool = default_of(p.LookAtLibrary, "may_put_on_bottom")


class MoveFigure(_Effect):
    """Move a figure up to `distance` spaces by the normal movement rules."""

    effect: Literal["move_figure"]
    distance: EffectCount
    leaving_engagement_attacks: bool = default_of(p.MoveFigure, "leaving_engagement_attacks")


class SwapFigures(_Effect):
    """Swap the places of two figures (no leaving-engagement attacks)."""

    effect: Literal["swap_figures"]
    with_: Selector = Field(alias="with")

    model_config = _Effect.model_config | {"populate_by_name": True}


class ReturnToReserve(_Effect):
    """Return a squad to its owner's reserve: damage removed, enchantments discarded."""

    effect: Literal["return_to_reserve"]


class ReturnFromGraveyard(_Effect):
    """Put figures from the figure graveyard back onto empty spaces."""

    effect: Literal["return_from_graveyard"]
    count: EffectCount | Literal["all"] = default_of(p.ReturnFromGraveyard, "count")
    within: EffectCount = default_of(p.ReturnFromGraveyard, "within")
    clear_sight: bool = default_of(p.ReturnFromGraveyard, "clear_sight")
    restore_card: bool = default_of(p.ReturnFromGraveyard, "restore_card")


class CounterSpell(_Effect):
    """Counter a spell as it is played (it counts as not played)."""

    effect: Literal["counter_spell"]
    spell_type: SpellFilter = default_of(p.CounterSpell, "spell_type")


class GainControl(_Effect):
    """Take control of a figure for this turn's move and attack (no activated abilities)."""

    effect: Literal["gain_control"]
    duration: ControlDuration = default_of(p.GainControl, "duration")


class Modify(_Effect):
    """A stat change for a duration. ``{effect: modify, stat: attack, amount: 2}``"""

    effect: Literal["modify"]
    stat: StatName
    amount: Amount
    duration: ModifyDuration = default_of(p.Modify, "duration")


def _as_tuple(value: Any) -> Any:
    """A YAML (or JSON) list read as a tuple (strict models accept no list for a tuple)."""
    return tuple(value) if isinstance(value, list) else value


class SwitchStats(_Effect):
    """Swap two stats after every other modifier (Twisted Image)."""

    effect: Literal["switch_stats"]
    stats: Annotated[tuple[StatName, StatName], BeforeValidator(_as_tuple)] = default_of(
        p.SwitchStats, "stats")
    """The two stats, written as a YAML list ``[attack, defense]``."""


class MoveEnchantment(_Effect):
    """Move a face-up enchantment from one army card to another."""

    effect: Literal["move_enchantment"]


class ExtraAttack(_Effect):
    """Let a figure attack again this turn."""

    effect: Literal["extra_attack"]
    count: EffectCount = default_of(p.ExtraAttack, "count")


class Forbid(_Effect):
    """Forbid choosing a squad (and squads of the same name) on its owner's next turn."""

    effect: Literal["forbid_choice"]
    same_name: bool = default_of(p.ForbidChoice, "same_name")


class TakeTurn(_Effect):
    """Take a turn with another player's figure now (Mind Stealer)."""

    effect: Literal["take_turn_with"]


class RollD20(_Effect):
    """Roll the d20; on `at_least` or more, run `then`."""

    effect: Literal["roll_d20"]
    at_least: Annotated[int, Field(ge=1, le=20)]
    then: list[Effect]


class Discard(_Effect):
    """Discard a spell card from hand (as a cost, usually)."""

    effect: Literal["discard"]
    colour: Colour | None = default_of(p.Discard, "colour")
    count: EffectCount = default_of(p.Discard, "count")


class AddCounter(_Effect):
    """Put power, toughness or charge counters on an army card."""

    effect: Literal["add_counter"]
    counter: CounterKind
    count: EffectCount = default_of(p.AddCounter, "count")


class RemoveDamage(_Effect):
    """Remove damage markers."""

    effect: Literal["remove_damage"]
    amount: EffectCount | Literal["all"] = default_of(p.RemoveDamage, "amount")


class Special(_Effect):
    """A truly unique effect: a function the engine registers under `function`."""

    effect: Literal["special"]
    function: Slug


Effect = Annotated[
    DealDamage | Destroy | Draw | LookAtLibrary | MoveFigure | SwapFigures | ReturnToReserve
    | ReturnFromGraveyard | CounterSpell | GainControl | Modify | SwitchStats | MoveEnchantment
    | ExtraAttack | Forbid | TakeTurn | RollD20 | Discard | AddCounter | RemoveDamage | Special,
    Field(discriminator="effect"),
]

EFFECT_NAMES: tuple[str, ...] = tuple(n.value for n in EffectName)
"""Every effect primitive name (the engine's `EffectName`); the engine registers one
implementation for each."""

RollD20.model_rebuild()


class _Ability(Model):
    id: Slug
    name: Name
    text: Text


class KeywordAbility(_Ability):
    """An engine-known flag such as ``flying``."""

    kind: Literal["keyword"]
    keyword: Keyword


class StaticAbility(_Ability):
    """A modifier folded in at a query point while its condition holds."""

    kind: Literal["static"]
    modifier: Modifier


class TriggeredAbility(_Ability):
    """Effects run when an event happens (optionally: the controller may decline)."""

    kind: Literal["trigger"]
    event: Event
    condition: Condition | None = None
    optional: bool = default_of(AbilitySpec, "optional")
    limit: Literal["once_per_turn", "unlimited"] = TRIGGER_LIMIT
    effects: list[Effect] = Field(min_length=1)


class ActivatedAbility(_Ability):
    """An action offered on turns its army card is chosen, between move and attack steps."""

    kind: Literal["activated"]
    limit: Literal["once_per_turn", "once_per_figure", "unlimited"] = ACTIVATED_LIMIT
    cost: list[Effect] = Field(default_factory=list)
    condition: Condition | None = None
    effects: list[Effect] = Field(min_length=1)
    in_addition_to_attack: bool = default_of(AbilitySpec, "in_addition_to_attack")

    @model_validator(mode="after")
    def _costs_are_discards(self) -> ActivatedAbility:
        for effect in self.cost:
            if effect.effect != "discard":
                raise ValueError("an activated ability's cost may only be `discard` effects")
        return self


Ability = Annotated[
    KeywordAbility | StaticAbility | TriggeredAbility | ActivatedAbility,
    Field(discriminator="kind"),
]
