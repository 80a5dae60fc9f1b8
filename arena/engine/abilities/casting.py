"""Spells as they resolve: counters first, then the spell, then where the card goes.

Guide Action 1 and "More on using spell cards"; reference manual "Spells" and FAQ:

- A spell played goes on the stack (`GameState.stack`; the core's `turn` module puts it there
  and counts it as one of the three plays of the turn). Before it resolves, every opponent's
  face-down hidden enchantment (and army-card trigger) that counters spells and whose trigger
  matches -- ``spell_played`` (any spell) or ``enchantment_played`` (an aura or a hidden
  enchantment, even one played face down: Scatter Arc) -- is offered to its owner in turn
  (active player's side first, then seat order; topmost hidden enchantment first). Flipping it
  resolves its effects; a ``counter_spell`` among them counters the spell. Declining a
  hidden enchantment puts it out of play (guide: "If you forget to trigger a hidden enchant
  card, it is placed out of play").
- A countered spell has no effect, goes to its owner's graveyard and counts as not played
  (`SpellCountered`, no `SpellResolved`, so no ``spell_played`` triggers -- Rebirth); it
  still used one of the three plays of the turn (Shadows over Innistrad rules summary: "A
  countered spell counts as played" for that count).
- Otherwise it resolves (`SpellResolved`): a sorcery does what it says (its chosen targets
  were named in the `PlaySpell` action and are checked again) and goes to the graveyard; an
  aura is attached face up to the army card named first in its targets (any owner's card in
  play of a kind it enchants), its one-shot effects resolve and its ``while_attached``
  effects last while it stays there; a hidden enchantment goes face down on its owner's army
  card, *under* those already there (the topmost flips first).
- A hidden enchantment flips when its trigger happens (`arena.engine.abilities.triggers`):
  its effects resolve, then it goes to its owner's graveyard -- unless it has lasting
  (``while_attached``) effects, in which case it stays face up like an aura.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arena.engine.abilities import lasting
from arena.engine.abilities.events import (
    EnchantmentAttached,
    SpellCountered,
    SpellResolved,
)
from arena.engine.abilities.runtime import new_job, run_job
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.selectors import card_kinds
from arena.engine.abilities.spec import SpellSpec, spell_spec
from arena.engine.context import Ctx
from arena.engine.events import SpellDiscarded
from arena.engine.lasting_records import QueuedCast, thaw
from arena.engine.state import Attachment, GameState

__all__ = [
    "attach",
    "attachable",
    "cast_step",
    "finish_flip",
    "finish_spell",
    "spec_of",
    "spell_scope",
    "to_graveyard",
]


def spec_of(state: GameState, spell: str) -> SpellSpec | None:
    """The compiled rules of a spell card in the game (None: hidden from this view -- a
    placeholder, or ``hidden`` in a view's plain data -- or without effects)."""
    info = state.static.spells.get(spell)
    def_id = None if info is None else info.def_id
    return None if def_id is None else spell_spec(state.static, def_id)


def spell_scope(state: GameState, player: int, spell: str, card: str | None = None) -> Scope:
    """A spell's scope: its player, the caster's Planeswalker as ``self`` (distances in a
    spell are counted from it), the card it enchants."""
    pw = state.planeswalker_figure(player)
    selves = (pw,) if state.figures[pw].zone == "battlefield" else ()
    return Scope(player, state.static.spell_name(spell), card=card, spell=spell, selves=selves)


def attachable(state: GameState, player: int, spec: SpellSpec) -> list[str]:
    """Army cards in play an aura (any owner's) or a hidden enchantment (its player's own)
    may go on: of a kind it enchants."""
    kinds = set(spec.enchants)
    out = []
    for card, info in state.static.cards.items():
        if state.cards[card].zone != "play":
            continue
        if spec.type == "hidden_enchantment" and info.owner != player:
            continue
        if kinds & card_kinds(state.static.card_def(card)):
            out.append(card)
    return out


def to_graveyard(ctx: Ctx, spell: str, reason: str) -> None:
    """Put a spell card from the stack or an army card into its owner's graveyard."""
    state = ctx.state
    _detach(state, spell)
    owner = state.static.spells[spell].owner
    p = state.players[owner]
    state.set_player(owner, replace(p, graveyard=(*p.graveyard, spell)))
    ctx.emit(SpellDiscarded(owner, spell, state.static.spell_name(spell), reason))


def _detach(state: GameState, spell: str) -> None:
    if spell in state.stack:
        state.stack = tuple(s for s in state.stack if s != spell)
        state.cache.clear()
    for card, cs in list(state.cards.items()):
        if any(a.spell == spell for a in cs.enchantments):
            state.set_card(card, replace(cs, enchantments=tuple(
                a for a in cs.enchantments if a.spell != spell)))


def attach(ctx: Ctx, spell: str, card: str, face_up: bool) -> None:
    """Move a spell card from the stack onto an army card (at the bottom of its pile)."""
    state = ctx.state
    _detach(state, spell)
    cs = state.cards[card]
    state.set_card(card, replace(cs, enchantments=(*cs.enchantments, Attachment(spell, face_up))))
    owner = state.static.spells[spell].owner
    ctx.emit(EnchantmentAttached(owner, spell, state.static.spell_name(spell), card,
                                 state.static.card_def(card).name, face_up))


def _resolved(ctx: Ctx, spell: str, player: int, spec: SpellSpec) -> None:
    ctx.emit(SpellResolved(player, spell, spec.name, spec.type, spec.colour,
                           spec.type == "hidden_enchantment"))


def cast_step(ctx: Ctx, item: QueuedCast) -> None:
    """Resolve a spell once the counters have been offered (see the module docstring)."""
    state = ctx.state
    spell, player = item.spell, item.player
    if spell not in state.stack:
        return
    spec = spec_of(state, spell)
    by = lasting.countered_by(state, spell)
    if by is not None or spec is None:
        lasting.drop_countered(state, spell)
        to_graveyard(ctx, spell, "countered")
        ctx.emit(SpellCountered(player, spell, state.static.spell_name(spell), by or "?"))
        return
    target = item.attach
    if spec.type == "sorcery":
        scope = spell_scope(state, player, spell)
    else:
        if target is None or state.cards[str(target)].zone != "play":
            to_graveyard(ctx, spell, "the army card it was played on left play")
            return
        scope = spell_scope(state, player, spell, str(target))
        attach(ctx, spell, str(target), spec.type == "aura")
        if spec.type == "hidden_enchantment":
            _resolved(ctx, spell, player, spec)
            return
    job = new_job(scope, ["spell", spec.id, "effects"], thaw(item.preset),
                  {"kind": "spell", "spell": spell, "player": player})
    run_job(ctx, job)


def finish_spell(ctx: Ctx, done: dict[str, Any]) -> None:
    """A spell's effects are done: a sorcery goes to the graveyard; it resolved."""
    state = ctx.state
    spell = str(done["spell"])
    spec = spec_of(state, spell)
    if spell in state.stack:
        to_graveyard(ctx, spell, "resolved")
    if spec is not None:
        _resolved(ctx, spell, int(done["player"]), spec)


def finish_flip(ctx: Ctx, done: dict[str, Any]) -> None:
    """A flipped hidden enchantment's effects are done: it goes to the graveyard unless it
    has lasting effects (then it stays face up)."""
    state = ctx.state
    spell = str(done["spell"])
    spec = spec_of(state, spell)
    attached = any(a.spell == spell for cs in state.cards.values() for a in cs.enchantments)
    if attached and (spec is None or not spec.continuous):
        to_graveyard(ctx, spell, "its effect resolved")
