"""The action sources: activated abilities (`UseAbility`) and spells (`PlaySpell`).

**Activated abilities** (guide Action 2: "You can only use activated abilities from the army
card you chose"; reference manual: before moving, after moving and before attacking, after
attacking -- never in the middle of a move or an attack). The core keeps the windows and the
chosen card; this source offers one `UseAbility` per ability of the chosen card and per legal
choice of its targets: the cost first (Super Heated: the red spell card discarded), then one
token group per effect that chooses (``use p1:liliana-vess-necromancer snuff-out
p2.rhox-veterans.1``). An ability is offered only when it could do something (a target, a
card in the library ...), its condition holds, its limit allows (``once_per_turn``;
``once_per_figure``: as many times a turn as the card has figures on the battlefield), some
figure of the card is controlled by its player, and -- for ``in_addition_to_attack: false`` --
no figure of the card has attacked (using it then takes the figures' attacks). Figures taken
over with ``gain_control`` never lend their card's activated abilities: only the chosen card's
are offered, and a player chooses only their own cards (a Planeswalker taken with
``take_turn_with`` is that turn's chosen card, so its abilities are usable).

**Spells** (guide Action 1, "More on using spell cards"): only on your turn, in the spell
windows (after action 1 and before action 3, after action 4 and before action 5), three a
turn, and not while your Planeswalker is destroyed -- the core's `can_play_spell_now`. A
spell card is offered when it has effects; its `PlaySpell` targets are, for an aura or a
hidden enchantment, first the army card it goes on, then one token group per effect that
chooses (a sorcery's, an aura's one-shot effects). The play goes through
`arena.engine.abilities.casting` (counters, resolution, where the card goes).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from arena.engine.abilities import casting, lasting, triggers
from arena.engine.abilities.params import EffectSpec
from arena.engine.abilities.runtime import (
    Runtime,
    effect_options,
    effect_viable,
    new_job,
    path_key,
    run_job,
)
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.spec import AbilitySpec, abilities_of
from arena.engine.abilities.statics import source_name
from arena.engine.actions import Action, PlaySpell, UseAbility
from arena.engine.context import Ctx
from arena.engine.lasting_records import QueuedCast, freeze
from arena.engine.state import GameState
from arena.engine.turn import can_play_spell_now, can_use_ability_now

__all__ = ["ActivatedAbilities", "Spells"]

MAX_OPTIONS = 4000
"""A cap on the target combinations listed for one ability or spell (never reached by the
shipped cards; it keeps a pathological card from flooding the legal actions)."""

Slot = tuple[list[Any], EffectSpec]


def _options(ctx: Ctx, job: dict[str, Any], slots: list[Slot], viable: bool = True
             ) -> list[tuple[tuple[str, ...], dict[str, list[str]]]]:
    """Every combination of the slots' choices, with the preset it gives each path; none
    when a slot has no legal choice (or, with ``viable``, could do nothing)."""
    per: list[list[tuple[str, ...]]] = []
    for path, effect in slots:
        rt = Runtime(ctx, job, path)
        opts = effect_options(rt, effect)
        if not opts or (viable and not effect_viable(rt, effect)):
            return []
        per.append(opts)
    out = []
    for combo in product(*per):
        tokens: list[str] = []
        preset: dict[str, list[str]] = {}
        for (path, _), chosen in zip(slots, combo, strict=True):
            tokens.extend(chosen)
            preset[path_key(path)] = list(chosen)
        out.append((tuple(tokens), preset))
        if len(out) >= MAX_OPTIONS:
            break
    return out


# --- activated abilities -------------------------------------------------------------------


def _used_key(card: str, ability: AbilitySpec) -> str:
    return f"ability:{card}/{ability.id}"


def _usable(state: GameState, card: str, ability: AbilitySpec, figures: list[str]) -> bool:
    ts = state.turn_state
    key = _used_key(card, ability)
    uses = sum(1 for k in ts.used if k == key)
    if ability.limit == "once_per_turn" and uses:
        return False
    if ability.limit == "once_per_figure" and uses >= len(figures):
        return False
    return ability.in_addition_to_attack or not any(ts.attacks_by(f) for f in figures)


def _ability_slots(state: GameState, card: str, ability: AbilitySpec) -> list[Slot]:
    def_id = state.static.cards[card].def_id
    slots: list[Slot] = [(["army", def_id, ability.id, "cost", i], e)
                         for i, e in enumerate(ability.cost)]
    slots.extend((["army", def_id, ability.id, "effects", i], e)
                 for i, e in enumerate(ability.effects))
    return slots


class ActivatedAbilities:
    """The `UseAbility` source (see the module docstring)."""

    def _figures(self, state: GameState, card: str, player: int) -> list[str]:
        return [f for f in state.figures_of_card(card, "battlefield")
                if state.controller(f) == player]

    def _scope(self, state: GameState, card: str, ability: AbilitySpec, player: int) -> Scope:
        figures = tuple(self._figures(state, card, player))
        return Scope(player, source_name(state.static, card, ability), card=card,
                     ability=ability.id, selves=figures)

    def _choices(self, state: GameState, card: str, ability: AbilitySpec, player: int
                 ) -> list[tuple[tuple[str, ...], dict[str, list[str]]]]:
        figures = self._figures(state, card, player)
        if not figures or not _usable(state, card, ability, figures):
            return []
        scope = self._scope(state, card, ability, player)
        if not triggers.condition_holds(state, ability.condition, scope):
            return []
        ctx = Ctx(state)
        job = new_job(scope, [])
        return _options(ctx, job, _ability_slots(state, card, ability))

    def legal(self, state: GameState, player: int) -> Iterable[Action]:
        """One `UseAbility` per usable ability of the chosen card and choice of targets."""
        card = state.turn_state.chosen
        if card is None or not can_use_ability_now(state, player):
            return []
        stolen = state.lasting.stolen is not None and state.lasting.stolen.card == card
        if state.cards[card].zone != "play" or (
                state.static.cards[card].owner != player and not stolen):
            return []
        out: list[Action] = []
        for ability in abilities_of(state.static, state.static.cards[card].def_id):
            if ability.kind != "activated":
                continue
            for tokens, _ in self._choices(state, card, ability, player):
                out.append(UseAbility(card, ability.id, tokens))
        return out

    def apply(self, ctx: Ctx, action: Action) -> bool:
        """Pay the cost and resolve the ability with the targets the action names."""
        if not isinstance(action, UseAbility):
            return False
        state = ctx.state
        player = state.active
        card = action.card
        if card not in state.static.cards:
            return False
        ability = next((a for a in abilities_of(state.static, state.static.cards[card].def_id)
                        if a.id == action.ability and a.kind == "activated"), None)
        if ability is None:
            return False  # another source's action
        preset = next((p for t, p in self._choices(state, card, ability, player)
                       if t == action.targets), None)
        if preset is None:
            return False
        figures = self._figures(state, card, player)
        state.set_turn(used=(*state.turn_state.used, _used_key(card, ability)))
        if not ability.in_addition_to_attack:
            for f in figures:
                lasting.add_attacks(state, f, -1)
        def_id = state.static.cards[card].def_id
        job = new_job(self._scope(state, card, ability, player),
                      ["army", def_id, ability.id, "effects"], preset)
        if ability.cost:
            job["frames"].append([["army", def_id, ability.id, "cost"], 0])
        run_job(ctx, job)
        return True


# --- spells --------------------------------------------------------------------------------


class Spells:
    """The `PlaySpell` source (see the module docstring)."""

    def _choices(self, state: GameState, player: int, spell: str
                 ) -> list[tuple[tuple[str, ...], dict[str, list[str]], str | None]]:
        spec = casting.spec_of(state, spell)
        if spec is None:
            return []
        ctx = Ctx(state)
        indexed = list(enumerate(spec.effects))
        if spec.type == "sorcery":
            scope = casting.spell_scope(state, player, spell)
            slots: list[Slot] = [(["spell", spec.id, "effects", i], e) for i, e in indexed]
            return [(t, p, None) for t, p in _options(ctx, new_job(scope, []), slots, False)]
        out: list[tuple[tuple[str, ...], dict[str, list[str]], str | None]] = []
        one_shot = set(map(id, spec.one_shot)) if spec.type == "aura" else set()
        for card in casting.attachable(state, player, spec):
            scope = casting.spell_scope(state, player, spell, card)
            slots = [(["spell", spec.id, "effects", i], e) for i, e in indexed
                     if id(e) in one_shot]
            for tokens, preset in _options(ctx, new_job(scope, []), slots, False) if slots else [
                    ((), {})]:
                out.append(((card, *tokens), preset, card))
        return out

    def legal(self, state: GameState, player: int) -> Iterable[Action]:
        """One `PlaySpell` per spell card in hand with effects and choice of targets."""
        if not can_play_spell_now(state, player):
            return []
        out: list[Action] = []
        for spell in dict.fromkeys(state.players[player].hand):
            for tokens, _, _ in self._choices(state, player, spell):
                out.append(PlaySpell(spell, tokens))
        return out

    def apply(self, ctx: Ctx, action: Action) -> bool:
        """The spell is on the stack: offer the counters, then resolve it."""
        if not isinstance(action, PlaySpell):
            return False
        state = ctx.state
        player = state.active
        if action.spell not in state.stack:  # the core moves the card from hand to stack
            return False
        # The core checked the action against `legal` with the card still in hand; no choice
        # listed in an action depends on the hand (a discard a spell asks for is asked as
        # it resolves), so the same choices are found now.
        choices = self._choices(state, player, action.spell)
        found = next(((p, c) for t, p, c in choices if t == action.targets), None)
        if found is None:
            return False
        preset, card = found
        item = QueuedCast(action.spell, player, freeze(preset), card)
        lasting.enqueue(state, [*triggers.counter_items(ctx, action.spell, player), item],
                        front=True)
        triggers.pump(ctx)
        return True
