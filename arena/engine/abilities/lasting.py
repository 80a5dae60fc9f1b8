"""Lasting effects: what an effect leaves behind in the state, and when it ends.

They are typed frozen records (`arena.engine.lasting_records`) held together in one frozen
`Lasting` value, ``GameState.lasting`` (saved, cloned and digested with the state; every change
replaces the value through `GameState.set_lasting`, nothing is changed in place):

- ``changes``: `StatChange` from `modify`, ``until`` `Until.TURN` (the end of this turn),
  `Until.ATTACK` (the figure's next attack, or the end of the turn) or `Until.PERMANENT`
  (while the figure stays on the battlefield);
- ``switches``: `StatSwitch` from `switch_stats`, for this turn;
- ``extra_attacks``: extra attacks this turn per figure (`extra_attack`; -1 for a figure whose
  card used an ability "instead of attacking");
- ``control``: `ControlGrant` from `gain_control`, ``until`` `Until.TURN` or `Until.NEXT_TURN`
  (the end of the new controller's next turn);
- ``detentions``: `Detention` from `forbid_choice`, active during the seat's next turn;
- ``stolen``: the `StolenTurn` being taken with another player's Planeswalker
  (`take_turn_with`);
- ``queue``, ``suspended``: triggers waiting to resolve and jobs waiting on a decision
  (`arena.engine.abilities.triggers`, `arena.engine.abilities.runtime`);
- ``countered``: `CounteredSpell` -- spells on the stack that a counter answered
  (`arena.engine.abilities.casting`).

The functions below add and remove records; `turn_started`, `turn_ended`, `attack_done` and
`figure_left` keep them up to date (called by the trigger handler on `TurnStarted`,
`TurnEnded`, `AttackResolved`, `FigureDestroyed` and when a figure returns to reserve); the
rule-book hooks at the bottom read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from arena.engine.abilities.events import ControlChanged
from arena.engine.context import Ctx
from arena.engine.lasting_records import (
    ControlGrant,
    CounteredSpell,
    Detention,
    Job,
    QueueItem,
    StatChange,
    StatSwitch,
    StolenTurn,
    SuspendedJob,
    Until,
)
from arena.engine.state import GameState

__all__ = [
    "acting_figures",
    "add_attacks",
    "add_change",
    "add_control",
    "add_countered",
    "add_detention",
    "add_switch",
    "attack_allowance",
    "attack_done",
    "choice_allowed",
    "countered_by",
    "drop_countered",
    "enqueue",
    "figure_left",
    "next_queued",
    "resume_suspended",
    "set_stolen",
    "suspend",
    "turn_ended",
    "turn_started",
]


def add_change(state: GameState, change: StatChange) -> None:
    """A stat change starts."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, changes=(*lasting.changes, change)))


def add_switch(state: GameState, switch: StatSwitch) -> None:
    """A switch of two stats starts (for this turn)."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, switches=(*lasting.switches, switch)))


def add_control(state: GameState, grant: ControlGrant) -> None:
    """Control of a figure passes to another player for a while."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, control=(*lasting.control, grant)))


def add_detention(state: GameState, detention: Detention) -> None:
    """Army cards are detained for their owner's next turn."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, detentions=(*lasting.detentions, detention)))


def set_stolen(state: GameState, stolen: StolenTurn | None) -> None:
    """A turn taken with another player's Planeswalker begins (or, None, is over)."""
    state.set_lasting(replace(state.lasting, stolen=stolen))


def add_countered(state: GameState, countered: CounteredSpell) -> None:
    """A spell on the stack was countered."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, countered=(*lasting.countered, countered)))


def countered_by(state: GameState, spell: str) -> str | None:
    """The source that countered ``spell`` (None: not countered)."""
    return next((c.by for c in state.lasting.countered if c.spell == spell), None)


def drop_countered(state: GameState, spell: str) -> None:
    """A countered spell has left the stack: its record ends."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, countered=tuple(
        c for c in lasting.countered if c.spell != spell)))


def enqueue(state: GameState, items: Iterable[QueueItem], front: bool = False) -> None:
    """Add items to the trigger queue (at the back, or at the front for a spell's counters
    and its resolution)."""
    lasting = state.lasting
    queue = (*items, *lasting.queue) if front else (*lasting.queue, *items)
    state.set_lasting(replace(lasting, queue=queue))


def next_queued(state: GameState) -> QueueItem | None:
    """Take the first item off the trigger queue (None: it is empty)."""
    lasting = state.lasting
    if not lasting.queue:
        return None
    state.set_lasting(replace(lasting, queue=lasting.queue[1:]))
    return lasting.queue[0]


def suspend(state: GameState, job: dict[str, Any]) -> None:
    """A job waits until a decision it caused is answered (a frozen copy is kept)."""
    lasting = state.lasting
    state.set_lasting(replace(lasting, suspended=(*lasting.suspended,
                                                   SuspendedJob(Job.from_plain(job)))))


def resume_suspended(state: GameState) -> dict[str, Any] | None:
    """Take the last suspended job, as the runtime's dictionary (None: there is none)."""
    lasting = state.lasting
    if not lasting.suspended:
        return None
    state.set_lasting(replace(lasting, suspended=lasting.suspended[:-1]))
    return lasting.suspended[-1].job.thaw()


def add_attacks(state: GameState, figure: str, count: int) -> None:
    """Grant (or, negative, take away) attacks this turn."""
    lasting = state.lasting
    found = dict(lasting.extra_attacks)
    found[figure] = found.get(figure, 0) + count
    state.set_lasting(replace(lasting, extra_attacks=tuple(found.items())))


def _end_control(ctx: Ctx, grant: ControlGrant) -> None:
    state = ctx.state
    figure = grant.figure
    fs = state.figures[figure]
    if fs.zone == "battlefield" and fs.controller == grant.player:
        state.set_figure(figure, replace(fs, controller=0))
        owner = state.static.figures[figure].owner
        ctx.emit(ControlChanged(figure, state.static.figure_name(figure), owner,
                                "control returned to its owner"))


def turn_started(ctx: Ctx, seat: int) -> None:
    """A seat's turn began: its detained cards are forbidden this turn."""
    lasting = ctx.state.lasting
    if any(d.seat == seat for d in lasting.detentions):
        ctx.state.set_lasting(replace(lasting, detentions=tuple(
            replace(d, active=True) if d.seat == seat else d for d in lasting.detentions)))


def turn_ended(ctx: Ctx, seat: int, turn: int) -> None:
    """A turn ended: this turn's stat changes, switches and extra attacks end; control that
    lasted this turn (or to the end of the controller's next turn) returns; a detention that
    was active ends."""
    state = ctx.state
    lasting = state.lasting
    kept: list[ControlGrant] = []
    ended: list[ControlGrant] = []
    for grant in lasting.control:
        over = grant.until is Until.TURN or (grant.player == seat and turn > grant.turn)
        (ended if over else kept).append(grant)
    state.set_lasting(replace(
        lasting,
        changes=tuple(c for c in lasting.changes if c.until is Until.PERMANENT),
        switches=(), extra_attacks=(), control=tuple(kept),
        detentions=tuple(d for d in lasting.detentions if not (d.active and d.seat == seat))))
    for grant in ended:
        _end_control(ctx, grant)


def attack_done(state: GameState, figures: Iterable[str]) -> None:
    """An attack was resolved: changes that lasted for it end."""
    lasting = state.lasting
    if not lasting.changes:
        return
    gone = set(figures)
    state.set_lasting(replace(lasting, changes=tuple(
        c for c in lasting.changes if not (c.until is Until.ATTACK and c.figure in gone))))


def figure_left(state: GameState, figure: str) -> None:
    """A figure left the battlefield: whatever lasted on it ends."""
    lasting = state.lasting
    left = replace(
        lasting,
        changes=tuple(c for c in lasting.changes if c.figure != figure),
        switches=tuple(s for s in lasting.switches if s.figure != figure),
        control=tuple(g for g in lasting.control if g.figure != figure),
        extra_attacks=tuple((f, n) for f, n in lasting.extra_attacks if f != figure))
    if left != lasting:
        state.set_lasting(left)


# --- rule-book hooks -----------------------------------------------------------------------


def attack_allowance(state: GameState, figure: str) -> int:
    """Extra attacks this turn (`extra_attack`)."""
    return state.lasting.attacks_of(figure)


def acting_figures(state: GameState) -> Iterable[str]:
    """Figures the active player controls through `gain_control`: they move and attack this
    turn besides the chosen card's figures."""
    return [g.figure for g in state.lasting.control
            if g.player == state.active
            and state.figures[g.figure].zone == "battlefield"
            and state.controller(g.figure) == state.active]


def choice_allowed(state: GameState, seat: int, card: str) -> bool:
    """Detain: a detained card (or a squad of the same name) cannot be chosen this turn."""
    return not any(d.active and d.seat == seat and card in d.cards
                   for d in state.lasting.detentions)
