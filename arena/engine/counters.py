"""Counters on army cards (Shadows over Innistrad "Counters").

"If a spell or ability requires you to place a counter on an army card, place the appropriate
counter": Power +1, Toughness +1, or a Charge counter. They are kept on the card's record
(`CardState.counters`: ``(kind, how many)`` pairs, sorted by kind), so saves, clones and
player views carry them (counters are open information: every view shows them).

- ``power``: each counter is +1 attack die for every figure of the card; ``toughness``: +1
  defense die (`counter_modifiers`, a modifier provider of the standard rule book; sources
  read ``Power counter ×2`` and ``Toughness counter ×1``);
- ``charge``: no effect of its own; abilities count and spend them (`count`,
  `remove_counter`).

Spells and abilities call `add_counter` / `remove_counter`, which emit `CountersPlaced` /
`CountersRemoved`. Counters are placed only on an army card in play, and they leave with it:
whatever takes a card out of play (its last figure destroyed, an effect returning it), the
trigger handler `clear_off_play` removes the counters of every card no longer in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from arena.engine.context import Ctx
from arena.engine.events import CountersPlaced, CountersRemoved, Event
from arena.engine.state import GameState
from arena.engine.stats import StatQuery
from arena.engine.vocab import Point

__all__ = [
    "KINDS",
    "STAT_COUNTERS",
    "add_counter",
    "clear_off_play",
    "count",
    "counter_modifiers",
    "counters_on",
    "remove_counter",
]

KINDS = ("power", "toughness", "charge")
"""The counter kinds of Shadows over Innistrad."""

STAT_COUNTERS: Mapping[Point, tuple[str, str]] = {
    Point.ATTACK_DICE: ("power", "Power counter"),
    Point.DEFENSE_DICE: ("toughness", "Toughness counter"),
}
"""Which counter kind raises which query point, and its source name."""


def counters_on(state: GameState, card: str) -> dict[str, int]:
    """The counters on an army card, by kind (kinds with none left out)."""
    return dict(state.cards[card].counters)


def count(state: GameState, card: str, kind: str) -> int:
    """How many counters of a kind are on an army card."""
    for k, n in state.cards[card].counters:
        if k == kind:
            return n
    return 0


def _store(state: GameState, card: str, kind: str, total: int) -> None:
    found = dict(state.cards[card].counters)
    if total > 0:
        found[kind] = total
    else:
        found.pop(kind, None)
    state.set_card(card, replace(state.cards[card], counters=tuple(sorted(found.items()))))


def add_counter(ctx: Ctx, card: str, kind: str, amount: int = 1) -> int:
    """Place ``amount`` counters of ``kind`` on an army card in play; returns how many are on
    it now (nothing happens to a card not in play)."""
    if kind not in KINDS:
        raise ValueError(f"unknown counter kind {kind!r} (one of {', '.join(KINDS)})")
    state = ctx.state
    if amount <= 0 or state.cards[card].zone != "play":
        return count(state, card, kind)
    total = count(state, card, kind) + amount
    _store(state, card, kind, total)
    ctx.emit(CountersPlaced(card, state.static.card_def(card).name, kind, amount, total))
    return total


def remove_counter(ctx: Ctx, card: str, kind: str, amount: int = 1,
                   reason: str = "spent") -> int:
    """Remove up to ``amount`` counters of ``kind`` from an army card; returns how many came
    off."""
    state = ctx.state
    have = count(state, card, kind)
    taken = min(have, max(0, amount))
    if taken:
        _store(state, card, kind, have - taken)
        ctx.emit(CountersRemoved(card, state.static.card_def(card).name, kind, taken,
                                 have - taken, reason))
    return taken


def clear_off_play(ctx: Ctx, event: Event) -> None:
    """Trigger handler: counters leave with their card (any card not in play loses them)."""
    state = ctx.state
    for card, cs in list(state.cards.items()):
        if cs.counters and cs.zone != "play":
            for kind, n in cs.counters:
                ctx.emit(CountersRemoved(card, state.static.card_def(card).name, kind, n, 0,
                                         "its army card left play"))
            state.set_card(card, replace(cs, counters=()))


def counter_modifiers(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
    """Power counters: +1 attack die each; toughness counters: +1 defense die each, for every
    figure of the card (modifier provider)."""
    wanted = STAT_COUNTERS.get(query.point)
    if wanted is None:
        return ()
    card = state.static.figures[query.figure].card
    cs = state.cards[card]
    if not cs.counters or cs.zone != "play":
        return ()
    kind, source = wanted
    n = count(state, card, kind)
    return ((f"{source} ×{n}", n),) if n else ()
