"""The rule book: the explicit registries through which abilities and spells plug in.

A `RuleBook` belongs to a game (shared by its copies), never to the module: two games in one
process, or two tests, never see each other's registrations. It holds the registries only and
knows nothing of what is registered: `arena.engine.standard.standard_rulebook()` wires the
core rules into them -- and the core uses these same registries for its own rules, so they are
exercised by every game:

- **Modifier providers** (`register_modifier_provider`): at each stat query point
  (``attack_dice``, ``defense_dice``, ``move``, ``range``, ``life``) the engine folds the
  card's printed number with every provider's ``(source name, amount)`` pairs, in registration
  order: height advantage, then the permanent glyphs, then counters on army cards and weirded
  ground (Shadows over Innistrad), then whatever the abilities module adds (static abilities,
  auras). The sources are shown in the odds panel.
- **Stat overrides** (`register_stat_override`): run after every modifier, for effects that
  replace a value (Twisted Image switches power and toughness "after all modifiers").
- **Trigger handlers** (`register_trigger_handler`): called with every event once the action
  that caused it has been applied; they may change the state through the `Ctx` and push
  decisions (an optional trigger becomes a decision whose options are `Accept` and `Pass`).
- **Action sources** (`register_action_source`): contribute legal `PlaySpell` / `UseAbility`
  actions (the core keeps only those allowed now: the spell window, the ability windows) and
  apply them.
- **Decision kinds** (`register_decision_kind`): the legal options and the applier of each
  kind of pending decision. The core's own decisions (first player, Planeswalker placement,
  summoning, hand limit, damage order, Glyph of Recall, optional triggers) are registered the
  same way.
- **Keyword providers** and **attack allowances**: movement flags (flying, phantom walk) and
  extra attacks for a figure this turn.
- **Acting figures** (`register_acting_figures`): figures that move and attack this turn
  besides the chosen army card's (a figure taken over by Mind Control).
- **Choice filters** (`register_choice_filter`): army cards that may not be chosen now
  (Detain).
- **View filters** (`register_view_filter`): hide what an extension keeps (spell cards in its
  plain data, a face-down card being played) from a player's view.
- **Extensions** (`extensions`): an extension's own per-game tables by name (the abilities
  module's effect registry); `copy` copies each value.

`standard_rulebook()` installs the card mechanics (`arena.engine.abilities.install`), so every
game -- new, from a position, loaded or replayed -- plays its cards' abilities and spells.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from arena.engine.actions import Action
from arena.engine.events import Event
from arena.engine.state import Decision, GameState

if TYPE_CHECKING:
    from arena.engine.context import Ctx
    from arena.engine.stats import StatQuery, StatValue

__all__ = [
    "ActingFigures",
    "ActionSource",
    "AttackAllowance",
    "ChoiceFilter",
    "DecisionKind",
    "KeywordProvider",
    "ModifierProvider",
    "OptionalResolver",
    "RuleBook",
    "StatOverride",
    "TriggerHandler",
    "ViewFilter",
]

ModifierProvider = Callable[[GameState, "StatQuery"], Iterable[tuple[str, int]]]
"""Returns (source name, amount) pairs for a stat query (nothing when it does not apply)."""

StatOverride = Callable[[GameState, "StatQuery", "StatValue"], "StatValue"]
"""Replaces a folded value after every modifier (returns it unchanged when not concerned)."""

TriggerHandler = Callable[["Ctx", Event], None]
"""Sees every event after the action that caused it; may change state and push decisions."""

KeywordProvider = Callable[[GameState, str], Iterable[str]]
"""Keyword flags (``flying``, ``phantom_walk`` ...) a figure has now."""

AttackAllowance = Callable[[GameState, str], int]
"""Extra attacks a figure may make this turn (0 when none)."""

OptionalResolver = Callable[["Ctx", Decision, bool], None]
"""Resolves an optional trigger once its player accepted (True) or passed (False)."""

ActingFigures = Callable[[GameState], Iterable[str]]
"""Figures that may move and attack this turn besides those of the chosen army card."""

ChoiceFilter = Callable[[GameState, int, str], bool]
"""Whether a seat may choose an army card now (False: forbidden)."""

ViewFilter = Callable[[GameState, GameState, int, Callable[[int], str]], None]
"""Changes a player view in place: ``(real state, view, seat, hide)``; ``hide(owner)`` makes
a placeholder spell id for a card the seat may not identify."""


class ActionSource(Protocol):
    """Contributes actions (PlaySpell, UseAbility ...) and applies them."""

    def legal(self, state: GameState, player: int) -> Iterable[Action]:
        """Actions this source offers the player now."""
        ...

    def apply(self, ctx: Ctx, action: Action) -> bool:
        """Apply an action this source offered; False if it is not this source's."""
        ...


@dataclass(frozen=True)
class DecisionKind:
    """How a kind of pending decision is answered: its options and its applier. The applier
    pops or replaces the decision itself (some decisions take several answers)."""

    legal: Callable[[GameState, Decision], list[Action]]
    apply: Callable[[Ctx, Decision, Action], None]


class RuleBook:
    """The registries of one game (see the module docstring)."""

    def __init__(self) -> None:
        self.modifier_providers: list[ModifierProvider] = []
        self.stat_overrides: list[StatOverride] = []
        self.trigger_handlers: list[TriggerHandler] = []
        self.action_sources: list[ActionSource] = []
        self.decision_kinds: dict[str, DecisionKind] = {}
        self.keyword_providers: list[KeywordProvider] = []
        self.attack_allowances: list[AttackAllowance] = []
        self.optional_resolvers: dict[str, OptionalResolver] = {}
        self.acting_figures: list[ActingFigures] = []
        self.choice_filters: list[ChoiceFilter] = []
        self.view_filters: list[ViewFilter] = []
        self.extensions: dict[str, Any] = {}

    def copy(self) -> RuleBook:
        """An independent rule book with the same registrations."""
        other = RuleBook()
        other.modifier_providers = list(self.modifier_providers)
        other.stat_overrides = list(self.stat_overrides)
        other.trigger_handlers = list(self.trigger_handlers)
        other.action_sources = list(self.action_sources)
        other.decision_kinds = dict(self.decision_kinds)
        other.keyword_providers = list(self.keyword_providers)
        other.attack_allowances = list(self.attack_allowances)
        other.optional_resolvers = dict(self.optional_resolvers)
        other.acting_figures = list(self.acting_figures)
        other.choice_filters = list(self.choice_filters)
        other.view_filters = list(self.view_filters)
        other.extensions = {k: _copy.copy(v) for k, v in self.extensions.items()}
        return other

    def register_modifier_provider(self, fn: ModifierProvider) -> ModifierProvider:
        """Add a modifier provider (folded after those already registered)."""
        self.modifier_providers.append(fn)
        return fn

    def register_stat_override(self, fn: StatOverride) -> StatOverride:
        """Add a stat override (run after every modifier)."""
        self.stat_overrides.append(fn)
        return fn

    def register_trigger_handler(self, fn: TriggerHandler) -> TriggerHandler:
        """Add a trigger handler."""
        self.trigger_handlers.append(fn)
        return fn

    def register_action_source(self, source: ActionSource) -> ActionSource:
        """Add an action source."""
        self.action_sources.append(source)
        return source

    def register_decision_kind(self, kind: str, handler: DecisionKind) -> None:
        """Add (or replace) how decisions of a kind are answered."""
        self.decision_kinds[kind] = handler

    def register_keyword_provider(self, fn: KeywordProvider) -> KeywordProvider:
        """Add a keyword provider."""
        self.keyword_providers.append(fn)
        return fn

    def register_attack_allowance(self, fn: AttackAllowance) -> AttackAllowance:
        """Add a source of extra attacks."""
        self.attack_allowances.append(fn)
        return fn

    def register_optional_resolver(self, name: str, fn: OptionalResolver) -> None:
        """Name the resolver of an optional trigger (`decisions.offer_optional`)."""
        self.optional_resolvers[name] = fn

    def register_acting_figures(self, fn: ActingFigures) -> ActingFigures:
        """Add a source of figures that act this turn besides the chosen card's."""
        self.acting_figures.append(fn)
        return fn

    def register_choice_filter(self, fn: ChoiceFilter) -> ChoiceFilter:
        """Add a rule forbidding the choice of some army cards."""
        self.choice_filters.append(fn)
        return fn

    def register_view_filter(self, fn: ViewFilter) -> ViewFilter:
        """Add a filter run on every player view."""
        self.view_filters.append(fn)
        return fn
