"""Triggered abilities and hidden enchantments: the engine's events mapped to the
vocabulary's, the trigger queue, optional triggers, flips, and the pump that resolves them.

Events (vocabulary -> engine):

- ``card_chosen``: `ArmyCardChosen` -- every army card of the choosing player (filter with
  ``condition.chosen_card``; a card in the army-card graveyard too when the condition asks
  ``all_figures_in_graveyard``: Darkness Arises);
- ``turn_started``: `TurnStarted` -- every card of the player whose turn it is;
- ``turn_ended``: `EndOfTurnReached` -- the card chosen this turn (Sprint, Mind Stealer);
- ``summoned``: `FigureSummoned` of a card's last figure to come from reserve;
- ``attacked``, ``defended``: `AttackResolved` -- the attacker's card, the defender's card
  (``excess_shields``: shields beyond the hits); ``attack_destroyed_target``: the attacker's
  card when that attack destroyed the defender (``excess_damage``: damage beyond its life
  left; its last spaces are kept for ``from: target``);
- ``destroyed``: `FigureDestroyed` -- the figure's card;
- ``spell_played``: `SpellResolved` (a spell played and not countered) -- the player's cards;
  with ``condition.countered: true``, `SpellCountered` instead; ``enchantment_played``: an
  aura or hidden enchantment resolved -- the opponents' cards. Triggers that counter
  (``counter_spell``) answer the play itself, before it resolves (`arena.engine.abilities.
  casting`);
- ``figure_moved``: `FigureMoved` -- every card in play (filter with ``condition.target``).

A hidden enchantment's trigger is read the same way with the card it is on.

Several triggers from one event resolve in a fixed order: the active player's first, then the
other players by seat number (teammates in player-number order); on one side army abilities
(card order, then ability order) before hidden enchantments (topmost first). They wait in a
queue (``GameState.lasting.queue``) and resolve once the action's events are all seen; the
queue is pumped whenever no decision is pending. A mandatory trigger resolves; an optional one
becomes an ``optional`` decision (`Accept` / `Pass`), offered only when it could do something;
a hidden enchantment is offered to its owner (`Accept` flips it; `Pass` puts it out of play).
``limit: once_per_turn`` is counted when the trigger takes effect.

Conditions: ``attacker`` and ``target`` (selectors measured from the triggering figure),
``chosen_card``, ``spell_type`` (``enchantment``: aura or hidden), ``spell_colour``,
``all_figures_in_graveyard`` (every figure of the card), ``countered``.

Also here: the bookkeeping of lasting effects on turn and attack events, and figures whose
damage reaches their life after a life bonus ends (destroyed at once).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arena.engine.abilities import casting, lasting
from arena.engine.abilities.events import (
    AbilityTriggered,
    EnchantmentFlipped,
    EnchantmentLost,
    SpellCountered,
    SpellResolved,
)
from arena.engine.abilities.lasting_primitives import end_stolen_turn
from arena.engine.abilities.params import EffectSpec, SelectorSpec
from arena.engine.abilities.runtime import (
    Runtime,
    effect_viable,
    new_job,
    run_job,
)
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.selectors import card_matches, figure_matches, select_figures
from arena.engine.abilities.spec import AbilitySpec, ConditionSpec, abilities_of
from arena.engine.abilities.statics import source_name
from arena.engine.context import Ctx
from arena.engine.decisions import offer_optional
from arena.engine.effects import destroy_figure
from arena.engine.events import (
    ArmyCardChosen,
    AttackResolved,
    DamageDealt,
    EndOfTurnReached,
    Event,
    FigureDestroyed,
    FigureMoved,
    FigureSummoned,
    TurnEnded,
    TurnStarted,
)
from arena.engine.lasting_records import QueuedFlip, QueuedTrigger, QueueItem, freeze, thaw
from arena.engine.state import Decision, GameState
from arena.engine.stats import stat
from arena.engine.vocab import SETUP_PHASES, Point
from arena.hexgrid import Hex

__all__ = [
    "FLIP",
    "TRIGGER",
    "condition_holds",
    "counter_items",
    "flip_resolver",
    "on_event",
    "pump",
    "trigger_resolver",
]

TRIGGER = "abilities.trigger"
"""The optional-decision resolver of an optional triggered ability."""

FLIP = "abilities.flip"
"""The optional-decision resolver of a hidden enchantment offered to flip."""


# --- occasions -----------------------------------------------------------------------------


class _Occasion:
    """One vocabulary event for one army card, with what the event tells."""

    __slots__ = ("card", "chosen", "countered", "event", "info")

    def __init__(self, event: str, card: str, info: dict[str, Any] | None = None,
                 chosen: str | None = None, countered: bool = False) -> None:
        self.event = event
        self.card = card
        self.info = info or {}
        self.chosen = chosen
        self.countered = countered


def _figure_card(state: GameState, figure: str) -> str | None:
    info = state.static.figures.get(figure)
    return None if info is None else info.card


def _occasions(ctx: Ctx, event: Event) -> list[_Occasion]:
    state = ctx.state
    static = state.static
    out: list[_Occasion] = []
    if isinstance(event, ArmyCardChosen):
        for c in static.players[event.player].cards:
            out.append(_Occasion("card_chosen", c, chosen=event.card))
    elif isinstance(event, TurnStarted):
        out.extend(_Occasion("turn_started", c) for c in static.players[event.player].cards)
    elif isinstance(event, EndOfTurnReached):
        chosen = state.turn_state.chosen
        if chosen is not None and static.cards[chosen].owner == event.player:
            out.append(_Occasion("turn_ended", chosen))
    elif isinstance(event, FigureSummoned):
        card = _figure_card(state, event.figure)
        if card is not None and not state.figures_of_card(card, "reserve"):
            out.append(_Occasion("summoned", card))
    elif isinstance(event, AttackResolved):
        out.extend(_attack_occasions(ctx, event))
    elif isinstance(event, FigureDestroyed):
        card = _figure_card(state, event.figure)
        if card is not None:
            hexes = tuple(getattr(event, "hexes", ()) or ())
            out.append(_Occasion("destroyed", card, {"self": event.figure,
                                                     "target": event.figure,
                                                     "target_hexes": hexes}))
    elif isinstance(event, (SpellResolved, SpellCountered)):
        countered = isinstance(event, SpellCountered)
        spell_info = {"spell": event.spell}
        for c in static.players[event.player].cards:
            out.append(_Occasion("spell_played", c, dict(spell_info), countered=countered))
        d = static.spell_def(event.spell)
        if not countered and d is not None and d.type in ("aura", "hidden_enchantment"):
            for seat in static.seats:
                if static.opposed(seat, event.player):
                    out.extend(_Occasion("enchantment_played", c, dict(spell_info))
                               for c in static.players[seat].cards)
    elif isinstance(event, FigureMoved):
        for c in static.cards:
            if state.cards[c].zone == "play":
                out.append(_Occasion("figure_moved", c, {"target": event.figure}))
    return out


def _attack_occasions(ctx: Ctx, event: AttackResolved) -> list[_Occasion]:
    state = ctx.state
    attacker, target = event.attacker, event.target
    if attacker not in state.figures or target not in state.figures:
        return []  # a cryptolith was attacked
    base = {"attacker": attacker, "defender": target, "target": target}
    out = [
        _Occasion("attacked", state.static.figures[attacker].card, {**base, "self": attacker}),
        _Occasion("defended", state.static.figures[target].card,
                  {**base, "self": target,
                   "numbers": {"excess_shields": max(0, event.shields - event.hits)}}),
    ]
    # Look ahead at this attack's own damage: did it destroy the defender, and by how much?
    events = ctx.events
    start = next((i for i, e in enumerate(events) if e is event), len(events))
    excess = None
    hexes: tuple[Hex, ...] = ()
    for later in events[start + 1:]:
        if isinstance(later, DamageDealt) and later.figure == target:
            excess = later.total - later.life
        elif isinstance(later, FigureDestroyed) and later.figure == target:
            hexes = tuple(getattr(later, "hexes", ()) or ())
            out.append(_Occasion("attack_destroyed_target", state.static.figures[attacker].card,
                                 {**base, "self": attacker, "target_hexes": hexes,
                                  "numbers": {"excess_damage": max(0, excess or 0)}}))
            break
        elif isinstance(later, AttackResolved):
            break
    return out


def _player_of(state: GameState, card: str) -> int:
    figs = state.figures_of_card(card, "battlefield")
    return state.controller(figs[0]) if figs else state.static.cards[card].owner


def _scope(state: GameState, occ: _Occasion, label: str, player: int,
           ability: str | None = None, spell: str | None = None) -> Scope:
    info = occ.info
    selves: tuple[str, ...]
    if "self" in info:
        selves = (str(info["self"]),)
    else:
        selves = tuple(state.figures_of_card(occ.card, "battlefield"))
    return Scope(player, label, card=occ.card, ability=ability, spell=spell, selves=selves,
                 attacker=info.get("attacker"), defender=info.get("defender"),
                 target=info.get("target"), target_hexes=tuple(info.get("target_hexes", ())),
                 numbers=dict(info.get("numbers", {})))


def _sel_ok(state: GameState, sel: SelectorSpec, scope: Scope, figure: str | None) -> bool:
    """A condition's selector on the event's figure (one off the battlefield passes only a
    selector that measures nothing)."""
    if figure is None or figure not in state.figures:
        return False
    if state.figures[figure].zone == "battlefield":
        return figure_matches(state, sel, scope, figure)
    return not sel.positional and bool(select_figures(state, sel, scope, [figure]))


def condition_holds(state: GameState, cond: ConditionSpec | None, scope: Scope,
                    occ: _Occasion | None = None) -> bool:
    """Whether a trigger's (or an activated ability's) condition holds."""
    if cond is None:
        return True
    if cond.attacker is not None and not _sel_ok(state, cond.attacker, scope, scope.attacker):
        return False
    if cond.target is not None and not _sel_ok(state, cond.target, scope, scope.target):
        return False
    if cond.chosen_card is not None:
        chosen = occ.chosen if occ is not None else state.turn_state.chosen
        if chosen is None or not card_matches(state, cond.chosen_card, scope, chosen):
            return False
    spell = None if occ is None else occ.info.get("spell")
    if cond.spell_type is not None or cond.spell_colour is not None:
        d = None if spell is None else state.static.spell_def(str(spell))
        if d is None:
            return False
        if cond.spell_type == "enchantment":
            if d.type not in ("aura", "hidden_enchantment"):
                return False
        elif cond.spell_type is not None and d.type != cond.spell_type:
            return False
        if cond.spell_colour is not None and d.colour != cond.spell_colour:
            return False
    if cond.all_figures_in_graveyard and (scope.card is None or any(
            state.figures[f].zone != "graveyard"
            for f in state.static.cards[scope.card].figures)):
        return False
    countered = occ.countered if occ is not None else False
    return countered == cond.countered


def _live(state: GameState, occ: _Occasion, cond: ConditionSpec | None) -> bool:
    zone = state.cards[occ.card].zone
    if zone == "play" or occ.event == "destroyed":
        return True
    return zone == "graveyard" and cond is not None and cond.all_figures_in_graveyard


_Item = QueuedTrigger | QueuedFlip


def _trigger_items(ctx: Ctx, occ: _Occasion, counters: bool = False) -> list[_Item]:
    """Queue items for one occasion: the card's triggered abilities, then its face-down
    hidden enchantments (topmost first). ``counters``: only those that counter spells."""
    state = ctx.state
    static = state.static
    items: list[_Item] = []
    def_id = static.cards[occ.card].def_id
    for ability in abilities_of(static, def_id):
        if ability.kind != "trigger" or ability.event != occ.event:
            continue
        if ability.counters != counters:
            continue
        if not _live(state, occ, ability.condition):
            continue
        scope = _scope(state, occ, source_name(static, occ.card, ability),
                       _player_of(state, occ.card), ability=ability.id)
        if not condition_holds(state, ability.condition, scope, occ):
            continue
        items.append(QueuedTrigger(occ.card, ability.id, freeze(scope.to_data())))
    if state.cards[occ.card].zone != "play":
        return items
    for a in state.cards[occ.card].enchantments:
        if a.face_up:
            continue
        spec = casting.spec_of(state, a.spell)
        if spec is None or spec.event != occ.event or spec.counters != counters:
            continue
        owner = static.spells[a.spell].owner
        scope = _scope(state, occ, spec.name, owner, spell=a.spell)
        if not condition_holds(state, spec.condition, scope, occ):
            continue
        items.append(QueuedFlip(occ.card, a.spell, freeze(scope.to_data())))
    return items


def _order(state: GameState, item: _Item) -> tuple[int, int]:
    seat = Scope.from_data(item.scope).player
    return (0 if seat == state.active else 1, seat)


def _collect(ctx: Ctx, event: Event) -> list[_Item]:
    items: list[_Item] = []
    for occ in _occasions(ctx, event):
        items.extend(_trigger_items(ctx, occ))
    items.sort(key=lambda i: _order(ctx.state, i))  # stable: card and pile order kept
    return items


def counter_items(ctx: Ctx, spell: str, player: int) -> list[_Item]:
    """Queue items offering every counter that answers ``player`` playing ``spell``."""
    state = ctx.state
    static = state.static
    d = static.spell_def(spell)
    if d is None:
        return []
    events = ["spell_played"]
    if d.type in ("aura", "hidden_enchantment"):
        events.append("enchantment_played")
    items: list[_Item] = []
    for seat in static.seats:
        if not static.opposed(seat, player):
            continue
        for card in static.players[seat].cards:
            for event in events:
                occ = _Occasion(event, card, {"spell": spell})
                for item in _trigger_items(ctx, occ, counters=True):
                    items.append(replace(item, scope=freeze({**item.scope,
                                                             "countering": spell})))
    items.sort(key=lambda i: _order(state, i))
    return items


# --- resolving -----------------------------------------------------------------------------


def _ability(state: GameState, card: str, ability: str) -> AbilitySpec:
    def_id = state.static.cards[card].def_id
    return next(a for a in abilities_of(state.static, def_id) if a.id == ability)


def _viable(ctx: Ctx, job: dict[str, Any], effects: tuple[EffectSpec, ...]) -> bool:
    rt = Runtime(ctx, job, [])
    return any(effect_viable(rt, e) for e in effects)


def _stale_counter(state: GameState, scope: Scope) -> bool:
    spell = scope.countering
    if spell is None:
        return False
    if spell not in state.stack:
        return True
    return lasting.countered_by(state, spell) is not None


def _step_trigger(ctx: Ctx, item: QueuedTrigger) -> None:
    state = ctx.state
    card = item.card
    ability = _ability(state, card, item.ability)
    scope = Scope.from_data(item.scope)
    if _stale_counter(state, scope):
        return
    key = f"trigger:{card}/{ability.id}"
    if ability.limit == "once_per_turn" and key in state.turn_state.used:
        return
    def_id = state.static.cards[card].def_id
    job = new_job(scope, ["army", def_id, ability.id, "effects"])
    if not _viable(ctx, job, ability.effects):
        return
    if ability.optional:
        offer_optional(ctx, scope.player, TRIGGER, f"{scope.label}: use it?",
                       {"job": job, "key": key, "card": card, "ability": ability.id})
        return
    _take_effect(ctx, scope.player, card, ability.id, key, scope.label)
    run_job(ctx, job)


def _take_effect(ctx: Ctx, player: int, card: str, ability: str, key: str, label: str) -> None:
    state = ctx.state
    if key not in state.turn_state.used:
        state.set_turn(used=(*state.turn_state.used, key))
    ctx.emit(AbilityTriggered(player, card, ability, label))


def trigger_resolver(ctx: Ctx, decision: Decision, accepted: bool) -> None:
    """An optional triggered ability was accepted (it takes effect) or passed."""
    if not accepted:
        return
    payload = decision.data["payload"]
    job = thaw(payload["job"])
    scope = Scope.from_data(job["scope"])
    _take_effect(ctx, scope.player, str(payload["card"]), str(payload["ability"]),
                 str(payload["key"]), scope.label)
    run_job(ctx, job)


def _step_hidden(ctx: Ctx, item: QueuedFlip) -> None:
    state = ctx.state
    card, spell = item.card, item.spell
    if _stale_counter(state, Scope.from_data(item.scope)):
        return
    if not any(a.spell == spell and not a.face_up for a in state.cards[card].enchantments):
        return
    owner = state.static.spells[spell].owner
    name = state.static.card_def(card).name
    offer_optional(ctx, owner, FLIP,
                   f"Flip your hidden enchantment on {name}? (If not, it goes out of play.)",
                   {"card": card, "spell": spell, "scope": thaw(item.scope)})


def flip_resolver(ctx: Ctx, decision: Decision, accepted: bool) -> None:
    """A hidden enchantment offered to flip: flipped and resolved, or out of play."""
    state = ctx.state
    payload = decision.data["payload"]
    card, spell = str(payload["card"]), str(payload["spell"])
    cs = state.cards[card]
    if not any(a.spell == spell for a in cs.enchantments):
        return
    owner = state.static.spells[spell].owner
    name, card_name = state.static.spell_name(spell), state.static.card_def(card).name
    if not accepted:
        state.set_card(card, replace(cs, enchantments=tuple(
            a for a in cs.enchantments if a.spell != spell)))
        p = state.players[owner]
        state.set_player(owner, replace(p, removed=(*p.removed, spell)))
        ctx.emit(EnchantmentLost(owner, spell, name, card, card_name))
        ctx.commit()
        return
    state.set_card(card, replace(cs, enchantments=tuple(
        replace(a, face_up=True) if a.spell == spell else a for a in cs.enchantments)))
    ctx.emit(EnchantmentFlipped(owner, spell, name, card, card_name))
    ctx.commit()
    spec = casting.spec_of(state, spell)
    assert spec is not None
    scope = Scope.from_data(payload["scope"])
    job = new_job(scope, ["spell", spec.id, "effects"], None,
                  {"kind": "flip", "spell": spell, "card": card})
    run_job(ctx, job)


def _step(ctx: Ctx, item: QueueItem) -> None:
    if isinstance(item, QueuedTrigger):
        _step_trigger(ctx, item)
    elif isinstance(item, QueuedFlip):
        _step_hidden(ctx, item)
    else:
        casting.cast_step(ctx, item)


def pump(ctx: Ctx) -> None:
    """Resolve suspended jobs, then queued items, until a decision is pending or nothing is
    left."""
    state = ctx.state
    while not state.pending and state.outcome is None:
        job = lasting.resume_suspended(state)
        if job is not None:
            run_job(ctx, job)
            continue
        item = lasting.next_queued(state)
        if item is None:
            return
        _step(ctx, item)


# --- the handler ---------------------------------------------------------------------------


def _lethal(ctx: Ctx) -> None:
    """Figures whose damage reached their life (a life bonus ended) are destroyed."""
    state = ctx.state
    for f in state.on_battlefield():
        if state.figures[f].damage and state.figures[f].damage >= stat(state, Point.LIFE, f):
            destroy_figure(ctx, f, "its life fell to its damage")


def on_event(ctx: Ctx, event: Event) -> None:
    """The trigger handler: bookkeeping, triggers into the queue, and -- after the last event
    seen so far -- the queue resolved (see the module docstring)."""
    state = ctx.state
    if state.outcome is not None or state.phase in SETUP_PHASES:
        return
    skip = False
    if isinstance(event, TurnStarted):
        lasting.turn_started(ctx, event.player)
    elif isinstance(event, TurnEnded):
        lasting.turn_ended(ctx, event.player, event.turn)
    elif isinstance(event, AttackResolved):
        lasting.attack_done(state, (event.attacker, event.target))
    elif isinstance(event, FigureDestroyed):
        lasting.figure_left(state, event.figure)
    elif isinstance(event, EndOfTurnReached) and state.lasting.stolen is not None:
        end_stolen_turn(ctx)
        skip = True
    if not skip:
        items = _collect(ctx, event)
        if items:
            lasting.enqueue(state, items)
    if ctx.events and ctx.events[-1] is event:
        _lethal(ctx)
        if not state.pending:
            pump(ctx)

