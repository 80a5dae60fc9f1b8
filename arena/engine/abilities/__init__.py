"""Card mechanics: abilities and spells written in the content vocabulary, plugged into the
rule book.

`install(book)` registers everything on a `RuleBook` (`standard_rulebook()` calls it, so
every game plays its cards): the effect registry (`registry(book)`), one modifier provider and
one stat override, an attack allowance, acting figures and a choice filter, the trigger
handler, the two action sources, the ``ability_choice`` decision kind, the optional-trigger
resolvers and a view filter. The engine reads the content objects structurally
(`arena.engine.defs.SpellRulesDef`, abilities as plain data); nothing here imports
`arena.content`.

Modules:

- `spec`: abilities and spell effects compiled into frozen records (cached per game);
- `scope`: what a resolution is for (player, source, self figures, event figures, numbers);
- `selectors`, `amounts`: which figures/cards/players, how much;
- `registry`: the effect registry (`EffectRegistry`, `Primitive`) and specials;
- `primitives`: one implementation per effect name (each docstring shows its YAML);
- `runtime`: jobs (resolutions as plain data), choices, targets;
- `statics`: static abilities, auras and lasting changes at the query points; the switch;
- `triggers`: events -> triggers, the queue, optional triggers, hidden enchantment flips;
- `casting`: spells as they resolve (counters, sorceries, auras, hidden enchantments);
- `actions`: the `UseAbility` and `PlaySpell` sources;
- `lasting`: what effects leave behind in the state, and when it ends;
- `events`: the events card mechanics add; `viewing`: the view filter.

Example::

    from arena.engine.abilities import registry
    reg = registry(game.state.static.rules)      # every effect primitive by name
    game.apply("use p1:liliana-vess-necromancer snuff-out p2.rhox-veterans.1")
    game.apply("play p2/unsummon p1:rhox-veterans")
"""

from __future__ import annotations

from arena.engine.abilities import casting, lasting, primitives, statics, triggers, viewing
from arena.engine.abilities.actions import ActivatedAbilities, Spells
from arena.engine.abilities.params import EffectSpec
from arena.engine.abilities.registry import EffectRegistry, Primitive, registry
from arena.engine.abilities.runtime import CHOICE, Runtime, choice_apply, choice_legal
from arena.engine.abilities.scope import Scope
from arena.engine.rulebook import DecisionKind, RuleBook

__all__ = [
    "CHOICE",
    "EffectRegistry",
    "EffectSpec",
    "Primitive",
    "Runtime",
    "Scope",
    "install",
    "registry",
]


def install(book: RuleBook) -> EffectRegistry:
    """Register the card mechanics on a rule book; returns its effect registry."""
    reg = EffectRegistry()
    primitives.register_standard(reg)
    reg.register_finisher("spell", casting.finish_spell)
    reg.register_finisher("flip", casting.finish_flip)
    book.extensions["abilities"] = reg
    book.register_modifier_provider(statics.card_modifiers)
    book.register_stat_override(statics.switch_override)
    book.register_attack_allowance(lasting.attack_allowance)
    book.register_acting_figures(lasting.acting_figures)
    book.register_choice_filter(lasting.choice_allowed)
    book.register_trigger_handler(triggers.on_event)
    book.register_action_source(ActivatedAbilities())
    book.register_action_source(Spells())
    book.register_decision_kind(CHOICE, DecisionKind(choice_legal, choice_apply))
    book.register_optional_resolver(triggers.TRIGGER, triggers.trigger_resolver)
    book.register_optional_resolver(triggers.FLIP, triggers.flip_resolver)
    book.register_view_filter(viewing.view_filter)
    return reg
