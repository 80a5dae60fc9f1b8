"""The doors every change of a figure's life or a spell card's zone goes through.

Core rules (attacks, leaving-engagement attacks, falls, glyphs, the hand limit) and, later,
spell and ability effects call these: damage and its consequences (destruction, the army card
to its graveyard with its enchantments), removing damage, drawing, discarding, and the
simultaneous-damage decision. Each emits its events on the `Ctx`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from arena.engine.actions import Action, OrderDamage
from arena.engine.context import Ctx
from arena.engine.events import (
    ArmyCardDestroyed,
    CardDrawn,
    DamageDealt,
    DamageRemoved,
    FigureDestroyed,
    SpellDiscarded,
)
from arena.engine.state import CardState, Decision, FigureState, GameState
from arena.engine.stats import stat
from arena.engine.vocab import Point

__all__ = [
    "deal_damage",
    "deal_simultaneous_damage",
    "destroy_figure",
    "discard_spell",
    "draw_card",
    "is_damage_on_card",
    "order_damage_apply",
    "order_damage_legal",
    "remove_damage",
]


def is_damage_on_card(state: GameState, figure: str) -> bool:
    """Guide "Attack" step 3: a unique figure's markers go on its army card, a common
    figure's on its base (see `arena.engine.state` for unique squads)."""
    return bool(state.static.figure_def(figure).unique)


def deal_damage(ctx: Ctx, figure: str, amount: int, source: str) -> bool:
    """Deal damage to a figure on the battlefield; destroy it at its life (guide "Using the
    Life Number"). Returns whether it was destroyed."""
    state = ctx.state
    fs = state.figures[figure]
    if amount <= 0 or fs.zone != "battlefield":
        return False
    fs = replace(fs, damage=fs.damage + amount)
    state.set_figure(figure, fs)
    life = stat(state, Point.LIFE, figure)
    ctx.emit(DamageDealt(figure, state.static.figure_name(figure), amount, source, fs.damage,
                         life, is_damage_on_card(state, figure)))
    if fs.damage >= life:
        destroy_figure(ctx, figure, source)
        return True
    return False


def destroy_figure(ctx: Ctx, figure: str, source: str) -> None:
    """Put a figure in its owner's figure graveyard; when the last figure of its army card is
    gone, the card goes to the army-card graveyard and its enchantments to their owners'
    graveyards (guide "Using the Life Number"; reference manual "Enchantments on dead
    units")."""
    state = ctx.state
    info = state.static.figures[figure]
    hexes = state.figures[figure].hexes
    state.set_figure(figure, FigureState(zone="graveyard"))
    ctx.emit(FigureDestroyed(figure, state.static.figure_name(figure), info.owner, source,
                             hexes))
    card = info.card
    if all(state.figures[f].zone == "graveyard" for f in state.static.cards[card].figures):
        cs = state.cards[card]
        for attachment in cs.enchantments:
            owner = state.static.spells[attachment.spell].owner
            p = state.players[owner]
            state.set_player(owner, replace(p, graveyard=(*p.graveyard, attachment.spell)))
            ctx.emit(SpellDiscarded(owner, attachment.spell,
                                    state.static.spell_name(attachment.spell),
                                    "its army card was destroyed"))
        state.set_card(card, CardState(zone="graveyard", counters=()))
        ctx.emit(ArmyCardDestroyed(card, state.static.card_def(card).name, info.owner,
                                   tuple(a.spell for a in cs.enchantments)))


def remove_damage(ctx: Ctx, figure: str, amount: int, source: str) -> int:
    """Remove up to ``amount`` damage markers from a figure; returns how many came off."""
    state = ctx.state
    fs = state.figures[figure]
    taken = min(amount, fs.damage)
    if taken > 0:
        state.set_figure(figure, replace(fs, damage=fs.damage - taken))
        ctx.emit(DamageRemoved(figure, state.static.figure_name(figure), taken, source))
    return taken


def draw_card(ctx: Ctx, seat: int, reason: str) -> str | None:
    """Draw the top spell card of a library. Guide "Planeswalker rules": with your
    Planeswalker destroyed you cannot draw; "You draw your last card": an empty library
    draws nothing and is never refilled from the graveyard."""
    state = ctx.state
    if not state.has_planeswalker(seat):
        return None
    p = state.players[seat]
    if not p.library:
        return None
    top = p.library[0]
    state.set_player(seat, replace(p, library=p.library[1:], hand=(*p.hand, top)))
    ctx.emit(CardDrawn(seat, top, state.static.spell_name(top), reason))
    ctx.commit()  # a draw reveals a card to its player: undo cannot take it back
    return top


def discard_spell(ctx: Ctx, seat: int, spell: str, reason: str) -> None:
    """Move a spell card from a hand to its owner's graveyard."""
    state = ctx.state
    p = state.players[seat]
    hand = list(p.hand)
    hand.remove(spell)
    state.set_player(seat, replace(p, hand=tuple(hand)))
    owner = state.static.spells[spell].owner
    q = state.players[owner]
    state.set_player(owner, replace(q, graveyard=(*q.graveyard, spell)))
    ctx.emit(SpellDiscarded(seat, spell, state.static.spell_name(spell), reason))


# --- simultaneous damage -------------------------------------------------------------------


def deal_simultaneous_damage(ctx: Ctx, items: Sequence[tuple[str, int, str]]) -> None:
    """Deal damage to several figures "at the same time" (guide "Simultaneous Damage"): the
    active player orders it. With more than one figure to damage, this pushes an
    ``order_damage`` decision (options: `OrderDamage` for each figure left); with one, the
    damage is dealt at once."""
    live = [(f, n, s) for f, n, s in items if n > 0 and ctx.state.figures[f].zone == "battlefield"]
    if len({f for f, _, _ in live}) <= 1:
        for f, n, s in live:
            deal_damage(ctx, f, n, s)
        return
    ctx.push(Decision(
        "order_damage", ctx.state.active,
        "Choose the order in which the figures are dealt damage",
        {"items": [[f, n, s] for f, n, s in live]},
    ))


def order_damage_legal(state: GameState, decision: Decision) -> list[Action]:
    """One `OrderDamage` per figure still to be dealt damage."""
    seen: list[str] = []
    for f, _, _ in decision.data["items"]:
        if f not in seen and state.figures[f].zone == "battlefield":
            seen.append(f)
    return [OrderDamage(f) for f in seen]


def order_damage_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Deal the chosen figure its damage; continue with the rest (the last one automatically).
    """
    assert isinstance(action, OrderDamage)
    items = [tuple(i) for i in decision.data["items"]]
    rest = []
    ctx.pop()
    for f, n, s in items:
        if f == action.figure:
            deal_damage(ctx, str(f), int(n), str(s))
        else:
            rest.append((str(f), int(n), str(s)))
    deal_simultaneous_damage(ctx, rest)
