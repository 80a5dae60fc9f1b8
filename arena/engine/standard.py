"""The standard rule book: the composition root that wires the rules into the registries.

`RuleBook` (in `rulebook`) only holds registries and knows nothing of what is registered;
this module is the one place that knows what a standard game plays with. It imports the
modules that implement the rules and registers their functions, in the order the stats fold
them (`rulebook`'s docstring): height advantage, the permanent glyphs, counters on army
cards and weirded ground (Shadows over Innistrad), then the card mechanics
(`arena.engine.abilities.install`: static abilities, auras, triggers, spells). It sits just
below `game`, which builds every game -- new, from a position, loaded or replayed -- on
`standard_rulebook()` unless given another book; nothing else in the engine imports it.
"""

from __future__ import annotations

from arena.engine import abilities, counters, effects, glyphs, setup, stats, summon, turn, weirded
from arena.engine.decisions import optional_apply, optional_legal
from arena.engine.rulebook import DecisionKind, RuleBook

__all__ = ["register_core_decisions", "standard_rulebook"]


def standard_rulebook() -> RuleBook:
    """The core rules: height advantage and glyph modifiers, card keywords, and the core
    decisions; Shadows over Innistrad counters on army cards and weirded ground; the card
    mechanics (abilities and spells)."""
    book = RuleBook()
    book.register_modifier_provider(stats.height_advantage)
    book.register_modifier_provider(stats.glyph_modifiers)
    book.register_modifier_provider(counters.counter_modifiers)
    book.register_modifier_provider(weirded.weirded_modifiers)
    book.register_trigger_handler(counters.clear_off_play)
    book.register_keyword_provider(stats.card_keywords)
    register_core_decisions(book)
    abilities.install(book)
    return book


def register_core_decisions(book: RuleBook) -> None:
    """Register every core decision kind (`decisions` lists them)."""
    book.register_decision_kind(
        "first_player", DecisionKind(setup.first_player_legal, setup.first_player_apply))
    book.register_decision_kind(
        "place_planeswalker", DecisionKind(setup.place_legal, setup.place_apply))
    book.register_decision_kind("summon", DecisionKind(summon.place_legal, summon.place_apply))
    book.register_decision_kind("discard", DecisionKind(turn.discard_legal, turn.discard_apply))
    book.register_decision_kind(
        "order_damage", DecisionKind(effects.order_damage_legal, effects.order_damage_apply))
    book.register_decision_kind("recall", DecisionKind(glyphs.recall_legal, glyphs.recall_apply))
    book.register_decision_kind("optional", DecisionKind(optional_legal, optional_apply))
