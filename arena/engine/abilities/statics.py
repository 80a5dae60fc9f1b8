"""Static abilities, auras and lasting stat changes, folded in at the query points.

One modifier provider (`card_modifiers`) answers every stat query (``attack_dice``,
``defense_dice``, ``move``, ``range``, ``life``) with ``(source, amount)`` pairs from:

1. **static abilities** of army cards in play with a figure on the battlefield. The vocabulary
   stat ``attack`` is the ``attack_dice`` query point, ``defense`` is ``defense_dice``; ``when``
   limits a modifier to attacking, defending or moving. ``applies_to`` is measured from the
   card's figures on the battlefield -- any of them, so a squad's aura of effect reaches from
   every figure -- and with ``relation: self`` each figure gets it itself (Battle Formation,
   Avatar of Justice). ``cumulative: false``: a figure gets the modifier once however many
   source figures (or copies of the card) reach it (Necrotic Stench: -2 near several Reavers,
   not -4); ``cumulative: true``: once per source figure that reaches it. Count amounts are
   measured from the source figure that reaches it (or the figure itself for ``self``);
2. **auras** (and flipped hidden enchantments that stay): their ``modify ... while_attached``
   effects on the card they are attached to (target ``enchanted``: its figures; ``each``: the
   selector measured from them);
3. **lasting changes** from ``modify`` effects (`arena.engine.abilities.lasting`).

Sources are named for the odds panel: ``Zombie Toughness (Liliana)``, an aura by its name.
The stat override (`switch_override`) swaps two stats after every modifier (Twisted Image,
guide "Twisted Image": "after all modifiers ... have been calculated"). ``height`` and
``deck_cost`` have no query point in the engine: modifiers to them are ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from arena.engine.abilities.amounts import evaluate
from arena.engine.abilities.params import EffectSpec, Modify, SelectorSpec, SwitchStats
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.selectors import (
    figure_matches,
    matching_origins,
    origins,
    select_figures,
)
from arena.engine.abilities.spec import AbilitySpec, SpellSpec, abilities_of, spell_spec
from arena.engine.state import GameState, Static
from arena.engine.stats import StatQuery, StatValue
from arena.engine.vocab import POINT_OF, PRINTED, Point

__all__ = [
    "card_label",
    "card_modifiers",
    "source_name",
    "static_index",
    "switch_override",
]

_WHEN = {"attacking": Point.ATTACK_DICE, "defending": Point.DEFENSE_DICE, "moving": Point.MOVE}
"""A modifier's ``when`` -> the only query point it applies at."""


def card_label(static: Static, card: str) -> str:
    """A short name for a card: a Planeswalker's first name, else the card's name."""
    d = static.card_def(card)
    return str(d.name).split()[0].rstrip(",") if d.kind == "planeswalker" else str(d.name)


def source_name(static: Static, card: str, ability: AbilitySpec) -> str:
    """``Zombie Toughness (Liliana)``."""
    return f"{ability.name} ({card_label(static, card)})"


def static_index(static: Static) -> dict[Point, list[tuple[str, AbilitySpec]]]:
    """Static abilities of every army card in the game by query point (cached per game)."""
    found: dict[Point, list[tuple[str, AbilitySpec]]] | None = static.memo.get("abl:statics")
    if found is None:
        found = {}
        for uid, info in static.cards.items():
            for ability in abilities_of(static, info.def_id):
                if ability.kind != "static" or ability.modifier is None:
                    continue
                point = POINT_OF.get(ability.modifier.stat)
                if point is not None:
                    found.setdefault(point, []).append((uid, ability))
        static.memo["abl:statics"] = found
    return found


def _card_scope(state: GameState, card: str, ability: AbilitySpec,
                selves: tuple[str, ...]) -> Scope:
    figs = state.figures_of_card(card, "battlefield")
    player = state.controller(figs[0]) if figs else state.static.cards[card].owner
    return Scope(player, source_name(state.static, card, ability), card=card,
                 ability=ability.id, selves=selves)


def _statics(state: GameState, query: StatQuery) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    once: set[tuple[str, str]] = set()
    for card, ability in static_index(state.static).get(query.point, ()):
        mod = ability.modifier
        assert mod is not None
        if mod.when != "always" and _WHEN.get(mod.when) != query.point:
            continue
        if state.cards[card].zone != "play":
            continue
        sources = tuple(state.figures_of_card(card, "battlefield"))
        if not sources:
            continue
        sel = mod.applies_to
        name = source_name(state.static, card, ability)
        if sel.relation == "self":
            if query.figure not in sources:
                continue
            scope = _card_scope(state, card, ability, (query.figure,))
            if not figure_matches(state, replace(sel, relation="any"), scope, query.figure):
                continue
            reached = [query.figure]
        else:
            scope = _card_scope(state, card, ability, sources)
            if sel.positional:
                reached = matching_origins(state, sel, scope, query.figure,
                                           origins(state, sel, scope))
            else:
                reached = [sources[0]] if figure_matches(state, sel, scope,
                                                         query.figure) else []
        if not reached:
            continue
        if not mod.cumulative:
            key = (state.static.cards[card].def_id, ability.id)
            if key in once:
                continue
            once.add(key)
            reached = reached[:1]
        for origin in reached:
            at = replace(scope, selves=(origin,)) if sel.relation != "self" else scope
            n = evaluate(state, mod.amount, at, query.figure)
            if n:
                out.append((name, n))
    return out


_Aura = tuple[str, str, SpellSpec, tuple[EffectSpec, ...]]
"""A continuous spell in play: the card it is attached to, the spell, its rules and its
continuous effects (`SpellSpec.continuous`, worked out once)."""


def _aura_specs(state: GameState) -> list[_Aura]:
    """The continuous spells in play (kept in the state's cache: every stat fold asks)."""
    found: list[_Aura] | None = state.cache.get("abl_aura_specs")
    if found is None:
        found = state.cache["abl_aura_specs"] = _find_aura_specs(state)
    return found


def _find_aura_specs(state: GameState) -> list[_Aura]:
    out = []
    for card, cs in state.cards.items():
        if cs.zone != "play" or not cs.enchantments:
            continue
        for a in cs.enchantments:
            if not a.face_up:
                continue
            def_id = state.static.spells[a.spell].def_id
            spec = spell_spec(state.static, def_id) if def_id is not None else None
            effects = spec.continuous if spec is not None else ()
            if spec is not None and effects:
                out.append((card, a.spell, spec, effects))
    return out


def _aura_subjects(state: GameState, card: str, spell: str, spec: SpellSpec,
                   target: str, select: object) -> tuple[Scope, list[str]]:
    owner = state.static.spells[spell].owner
    figs = tuple(state.figures_of_card(card, "battlefield"))
    scope = Scope(owner, spec.name, card=card, spell=spell, selves=figs)
    if target == "each" and select is not None:
        assert isinstance(select, SelectorSpec)
        return scope, select_figures(state, select, scope)
    return scope, list(figs)


def _aura_effect_subjects(state: GameState, card: str, spell: str, spec: SpellSpec,
                          number: int, effect: EffectSpec) -> tuple[Scope, list[str]]:
    """`_aura_subjects` of the ``number``-th continuous effect of a spell in play, kept in the
    state's cache: every stat folded asks it again, and it only changes with the state."""
    found: dict[tuple[str, str, int], tuple[Scope, list[str]]] = state.cache.setdefault(
        "abl_aura_subjects", {})
    key = (card, spell, number)
    subjects = found.get(key)
    if subjects is None:
        subjects = found[key] = _aura_subjects(state, card, spell, spec, effect.target,
                                               effect.select)
    return subjects


def _auras(state: GameState, query: StatQuery) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for card, spell, spec, effects in _aura_specs(state):
        for number, effect in enumerate(effects):
            if not isinstance(effect.params, Modify) or POINT_OF.get(
                    effect.params.stat) != query.point:
                continue
            scope, subjects = _aura_effect_subjects(state, card, spell, spec, number, effect)
            if query.figure in subjects:
                n = evaluate(state, effect.params.amount, scope, query.figure)
                if n:
                    out.append((spec.name, n))
    return out


def _lasting(state: GameState, query: StatQuery) -> list[tuple[str, int]]:
    out = []
    for c in state.lasting.changes:
        if c.figure == query.figure and POINT_OF.get(c.stat) == query.point:
            out.append((c.source, c.amount))
    return out


def card_modifiers(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
    """The modifier provider (see the module docstring); cached per state and query."""
    if state.figures[query.figure].zone != "battlefield":
        return ()
    cache: dict[StatQuery, list[tuple[str, int]]] = state.cache.setdefault("abl_mods", {})
    found = cache.get(query)
    if found is None:
        found = [*_statics(state, query), *_auras(state, query), *_lasting(state, query)]
        cache[query] = found
    return found


# --- switching -----------------------------------------------------------------------------


def _switches(state: GameState, figure: str) -> list[tuple[str, str, str]]:
    out = [(str(s.stats[0]), str(s.stats[1]), s.source)
           for s in state.lasting.switches if s.figure == figure]
    for card, spell, spec, effects in _aura_specs(state):
        for number, effect in enumerate(effects):
            if not isinstance(effect.params, SwitchStats):
                continue
            _, subjects = _aura_effect_subjects(state, card, spell, spec, number, effect)
            if figure in subjects:
                a, b = effect.params.stats
                out.append((str(a), str(b), spec.name))
    return out


def _raw(state: GameState, point: Point, figure: str, other: str | None) -> StatValue:
    """A fold without the stat overrides (what the switch reads)."""
    card = state.static.figure_def(figure)
    base = int(getattr(card, PRINTED[point]))
    query = StatQuery(point, figure, other)
    sources: list[tuple[str, int]] = []
    for provider in state.static.rules.modifier_providers:
        sources.extend(provider(state, query))
    floor = 1 if point == Point.LIFE else 0
    return StatValue(point, figure, base, tuple(sources),
                     max(floor, base + sum(n for _, n in sources)))


def switch_override(state: GameState, query: StatQuery, value: StatValue) -> StatValue:
    """The stat override: a switched figure's stat is the other stat's folded value."""
    if state.figures[query.figure].zone != "battlefield":
        return value
    # Kept in the state's cache per figure: every stat folded asks.
    known: dict[str, list[tuple[str, str, str]]] = state.cache.setdefault("abl_switches", {})
    switches = known.get(query.figure)
    if switches is None:
        switches = known[query.figure] = _switches(state, query.figure)
    for a, b, source in switches:
        pa, pb = POINT_OF.get(a), POINT_OF.get(b)
        if query.point not in (pa, pb) or pa is None or pb is None:
            continue
        partner = pb if query.point == pa else pa
        other = _raw(state, partner, query.figure, query.other)
        return StatValue(query.point, query.figure, other.base,
                         (*other.sources, (f"{source}: {a} and {b} switched", 0)), other.total)
    return value
