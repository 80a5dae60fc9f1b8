"""Lasting effects: what an effect leaves behind in the state, and when it ends.

Everything is plain data in `GameState.extra` under ``abl.*`` keys (saved, cloned, digested
with the state; values are replaced, never changed in place):

- ``abl.mods``: stat changes from `modify` -- ``{figure, stat, amount, source, until, turn}``
  with ``until`` ``turn`` (the end of this turn), ``attack`` (the figure's next attack, or the
  end of the turn) or ``permanent`` (while the figure stays on the battlefield);
- ``abl.switch``: `switch_stats` for this turn -- ``{figure, stats, source}``;
- ``abl.attacks``: extra attacks this turn per figure (`extra_attack`; -1 for a figure whose
  card used an ability "instead of attacking");
- ``abl.control``: `gain_control` -- ``{figure, player, until, turn}``, ``until`` ``turn`` or
  ``next_turn`` (the end of the new controller's next turn);
- ``abl.detain``: `forbid_choice` -- ``{seat, cards, active}``, active during the seat's next
  turn;
- ``abl.stolen``: the turn being taken with another player's Planeswalker (`take_turn_with`).

`turn_started`, `turn_ended`, `attack_done` and `figure_left` keep them up to date (called by
the trigger handler on `TurnStarted`, `TurnEnded`, `AttackResolved`, `FigureDestroyed` and when
a figure returns to reserve); the rule-book hooks at the bottom read them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from arena.engine.abilities.events import ControlChanged
from arena.engine.context import Ctx
from arena.engine.state import GameState

__all__ = [
    "ATTACKS",
    "CONTROL",
    "COUNTERED",
    "DETAIN",
    "MODS",
    "QUEUE",
    "STOLEN",
    "SUSPENDED",
    "SWITCH",
    "acting_figures",
    "add_entry",
    "attack_allowance",
    "attack_done",
    "choice_allowed",
    "entries",
    "figure_left",
    "turn_ended",
    "turn_started",
]

MODS = "abl.mods"
SWITCH = "abl.switch"
ATTACKS = "abl.attacks"
CONTROL = "abl.control"
DETAIN = "abl.detain"
STOLEN = "abl.stolen"
QUEUE = "abl.queue"
SUSPENDED = "abl.suspended"
COUNTERED = "abl.countered"


def entries(state: GameState, key: str) -> list[dict[str, Any]]:
    """The list kept under ``key`` (a fresh list: change it, then `put` it back)."""
    return [dict(e) for e in state.extra.get(key, ())]


def put(state: GameState, key: str, items: list[dict[str, Any]]) -> None:
    """Store a list under ``key`` (an empty list removes the key)."""
    state.set_extra(key, [dict(e) for e in items] or None)


def add_entry(state: GameState, key: str, entry: dict[str, Any]) -> None:
    """Append one entry to the list under ``key``."""
    put(state, key, [*entries(state, key), entry])


def extra_attacks(state: GameState) -> dict[str, int]:
    """Extra attacks granted this turn, by figure."""
    return {str(k): int(v) for k, v in dict(state.extra.get(ATTACKS, {})).items()}


def add_attacks(state: GameState, figure: str, count: int) -> None:
    """Grant (or, negative, take away) attacks this turn."""
    found = extra_attacks(state)
    found[figure] = found.get(figure, 0) + count
    state.set_extra(ATTACKS, found)


def _end_control(ctx: Ctx, entry: dict[str, Any]) -> None:
    state = ctx.state
    figure = str(entry["figure"])
    fs = state.figures[figure]
    if fs.zone == "battlefield" and fs.controller == int(entry["player"]):
        state.set_figure(figure, replace(fs, controller=0))
        owner = state.static.figures[figure].owner
        ctx.emit(ControlChanged(figure, state.static.figure_name(figure), owner,
                                "control returned to its owner"))


def turn_started(ctx: Ctx, seat: int) -> None:
    """A seat's turn began: its detained cards are forbidden this turn."""
    found = entries(ctx.state, DETAIN)
    if any(int(e["seat"]) == seat for e in found):
        put(ctx.state, DETAIN, [{**e, "active": e["active"] or int(e["seat"]) == seat}
                                for e in found])


def turn_ended(ctx: Ctx, seat: int, turn: int) -> None:
    """A turn ended: this turn's stat changes, switches and extra attacks end; control that
    lasted this turn (or to the end of the controller's next turn) returns; a detention that
    was active ends."""
    state = ctx.state
    if MODS in state.extra:
        put(state, MODS, [e for e in entries(state, MODS) if e["until"] == "permanent"])
    state.set_extra(SWITCH, None)
    state.set_extra(ATTACKS, None)
    if CONTROL in state.extra:
        kept = []
        for e in entries(state, CONTROL):
            over = (e["until"] == "turn" or
                    (int(e["player"]) == seat and turn > int(e["turn"])))
            if over:
                _end_control(ctx, e)
            else:
                kept.append(e)
        put(state, CONTROL, kept)
    if DETAIN in state.extra:
        put(state, DETAIN, [e for e in entries(state, DETAIN)
                            if not (e["active"] and int(e["seat"]) == seat)])


def attack_done(state: GameState, figures: Iterable[str]) -> None:
    """An attack was resolved: changes that lasted for it end."""
    if MODS not in state.extra:
        return
    gone = set(figures)
    put(state, MODS, [e for e in entries(state, MODS)
                      if not (e["until"] == "attack" and e["figure"] in gone)])


def figure_left(state: GameState, figure: str) -> None:
    """A figure left the battlefield: whatever lasted on it ends."""
    for key in (MODS, SWITCH, CONTROL):
        if key in state.extra:
            put(state, key, [e for e in entries(state, key) if e["figure"] != figure])
    attacks = extra_attacks(state)
    if figure in attacks:
        del attacks[figure]
        state.set_extra(ATTACKS, attacks or None)


# --- rule-book hooks -----------------------------------------------------------------------


def attack_allowance(state: GameState, figure: str) -> int:
    """Extra attacks this turn (`extra_attack`)."""
    if ATTACKS not in state.extra:
        return 0
    return extra_attacks(state).get(figure, 0)


def acting_figures(state: GameState) -> Iterable[str]:
    """Figures the active player controls through `gain_control`: they move and attack this
    turn besides the chosen card's figures."""
    if CONTROL not in state.extra:
        return ()
    return [str(e["figure"]) for e in state.extra[CONTROL]
            if int(e["player"]) == state.active
            and state.figures[str(e["figure"])].zone == "battlefield"
            and state.controller(str(e["figure"])) == state.active]


def choice_allowed(state: GameState, seat: int, card: str) -> bool:
    """Detain: a detained card (or a squad of the same name) cannot be chosen this turn."""
    if DETAIN not in state.extra:
        return True
    return not any(e["active"] and int(e["seat"]) == seat and card in e["cards"]
                   for e in state.extra[DETAIN])
