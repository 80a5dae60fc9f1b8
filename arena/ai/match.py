"""The headless match runner: a game and a controller per seat, played to the end.

Each decision goes to the controller of the player to act, with that player's view
(`Game.view`) and legal actions. The runner times every decision and enforces a per-decision
time limit: the controller runs on a worker thread, and one that raises, answers with an
illegal action or runs out of time is replaced for that decision by `safe_action` (its search
is told to stop) and the fault is logged and recorded -- an AI failure never ends a game.

`Match` plays step by step (`step`) or to the end (`run`); `run_match` is the one-call form.
The result (`MatchResult`) keeps the outcome, the number of turns and actions, every
decision's timing, the faults, and the spells cast and activated abilities used per seat
(read from the events, for the card-coverage report).
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from arena.ai.controller import (
    AIController,
    Controller,
    StopToken,
    describe_fault,
    is_ai_fault,
    safe_action,
)
from arena.engine import Action, Game, Outcome
from arena.engine.events import AbilityUsed, Event, SpellPlayed
from arena.engine.vocab import SETUP_PHASES

__all__ = ["DecisionRecord", "Match", "MatchResult", "run_match"]

log = logging.getLogger("arena.ai")

DEFAULT_TIME_LIMIT = 90.0
"""Seconds a controller may take for one decision before the runner falls back: a net for a
hung controller, above every level's own safety net (`arena.ai.levels`), so on a busy
machine a search is cut by its own net (counted as a budget overrun, answering with the best
it found) before the runner answers for it. (The game window waits less:
`arena.ai.levels.window_time_limit`.)"""


@dataclass(frozen=True, slots=True)
class DecisionRecord:
    """One decision: who, how long, what, and whether the fallback had to answer."""

    seat: int
    controller: str
    seconds: float
    action: str
    turn: int
    fault: str | None = None
    forced: bool = False
    """Only one legal action: nothing was decided (left out of timing statistics)."""
    overrun: bool = False
    """The AI's own wall-clock cap cut this decision short of its budget."""
    own_turn: int | None = None
    """The turn marker when the decision was asked, if it was on the deciding player's own
    turn (None: a question answered on another player's turn): what a player waits for
    while the computer takes a whole turn (`MatchResult.turn_times`)."""


@dataclass
class MatchResult:
    """How a match went."""

    outcome: Outcome | None
    seats: dict[int, str]
    turns: int
    actions: int
    decisions: list[DecisionRecord] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    spells: dict[int, Counter[str]] = field(default_factory=dict)
    abilities: dict[int, Counter[str]] = field(default_factory=dict)

    @property
    def overruns(self) -> dict[int, int]:
        """Per seat, the decisions its AI's wall-clock cap cut short (see `DecisionRecord`)."""
        counts = dict.fromkeys(self.seats, 0)
        for d in self.decisions:
            counts[d.seat] += d.overrun
        return counts

    @property
    def winners(self) -> tuple[int, ...]:
        """Winning seats (empty: a draw or an unfinished game)."""
        return self.outcome.winners if self.outcome is not None else ()

    def times(self, seat: int | None = None, forced: bool = False) -> list[float]:
        """Decision times in seconds (of one seat, or all; forced decisions -- a single
        legal action -- only if asked)."""
        return [d.seconds for d in self.decisions
                if (seat is None or d.seat == seat) and (forced or not d.forced)]

    def turn_times(self, seat: int) -> list[float]:
        """Seconds each of the seat's own turns took it to decide, forced decisions
        included (a whole computer turn, as the other players wait for it)."""
        totals: dict[int, float] = {}
        for d in self.decisions:
            if d.seat == seat and d.own_turn is not None:
                totals[d.own_turn] = totals.get(d.own_turn, 0.0) + d.seconds
        return list(totals.values())

    def to_data(self) -> dict[str, Any]:
        """Plain data (JSON-able) for reports."""
        return {
            "winners": list(self.winners),
            "reason": self.outcome.reason if self.outcome else None,
            "seats": {str(k): v for k, v in self.seats.items()},
            "turns": self.turns,
            "actions": self.actions,
            "faults": list(self.faults),
            "budget_overruns": {str(k): v for k, v in self.overruns.items()},
            "spells": {str(k): dict(v) for k, v in self.spells.items()},
            "abilities": {str(k): dict(v) for k, v in self.abilities.items()},
        }


class Match:
    """A game between controllers (see the module docstring)."""

    def __init__(self, game: Game, controllers: Mapping[int, Controller], *,
                 time_limit: float | None = DEFAULT_TIME_LIMIT, max_actions: int = 20000,
                 on_events: Callable[[list[Event]], None] | None = None) -> None:
        missing = [s for s in game.state.static.seats if s not in controllers]
        if missing:
            raise ValueError(f"no controller for seat(s) {missing}")
        self.game = game
        self.controllers = dict(controllers)
        self.time_limit = time_limit
        self.max_actions = max_actions
        self.on_events = on_events
        self.result = MatchResult(None, {s: c.name for s, c in self.controllers.items()}, 0, 0)
        self._stuck = False
        self._record_events(game.initial_events)

    # --- playing ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game has ended (or the action cap was reached)."""
        return (self.game.outcome() is not None or self.result.actions >= self.max_actions
                or self._stuck)

    def step(self) -> DecisionRecord | None:
        """Ask the player to act for one action and apply it (None once the game is over)."""
        game = self.game
        if self.over:
            return None
        seat = game.to_act
        legal = game.legal_actions()
        if not legal:  # an engine dead end: nothing anyone can do
            self._stuck = True
            message = f"seat {seat}, turn {game.turn}: no legal action ({game.pending.description})"
            self.result.faults.append(message)
            log.error("the game cannot go on: %s", message)
            return None
        controller = self.controllers[seat]
        own_turn = game.turn if seat == game.active and game.phase not in SETUP_PHASES else None
        view = game.view(seat)
        overruns = controller.overruns if isinstance(controller, AIController) else 0
        start = time.perf_counter()
        action, fault = self._ask(controller, view, legal)
        seconds = time.perf_counter() - start
        overrun = isinstance(controller, AIController) and controller.overruns > overruns
        if action not in legal:
            fault = fault or f"illegal action {action}"
            action = safe_action(legal)
        if fault is not None:
            message = f"seat {seat} ({controller.name}), turn {game.turn}: {fault}"
            self.result.faults.append(message)
            log.warning("AI fault, fell back to %s: %s", action, message)
        events = game.apply(action)
        self._record_events(events)
        if self.on_events is not None:
            self.on_events(events)
        record = DecisionRecord(seat, controller.name, seconds, action.text(), game.turn, fault,
                                len(legal) == 1, overrun, own_turn)
        self.result.decisions.append(record)
        self.result.actions += 1
        return record

    def run(self) -> MatchResult:
        """Play to the end; returns the result."""
        try:
            while self.step() is not None:
                pass
        finally:
            self.close()
        self.result.outcome = self.game.outcome()
        self.result.turns = self.game.turn
        return self.result

    def close(self) -> None:
        """Nothing to release: a decision's worker is a daemon thread that ends with it (kept
        so callers can close a match they stop early)."""

    # --- internals ---------------------------------------------------------------------------

    def _ask(self, controller: Controller, view: Game, legal: list[Action]
             ) -> tuple[Action, str | None]:
        if len(legal) == 1 and isinstance(controller, AIController):
            return legal[0], None
        before = len(controller.faults) if isinstance(controller, AIController) else 0
        action, fault = self._call(controller, view, legal)
        if fault is None and isinstance(controller, AIController):
            caught = controller.faults[before:]
            if caught:  # it fell back by itself: still a fault of this decision
                fault = "; ".join(caught)
        return action, fault

    def _call(self, controller: Controller, view: Game, legal: list[Action]
              ) -> tuple[Action, str | None]:
        if self.time_limit is None:
            try:
                return controller.choose(view, legal), None
            except BaseException as exc:  # the AI's fault, unless it is the user's Ctrl-C
                if not is_ai_fault(exc):
                    raise
                return safe_action(legal), describe_fault(exc)
        stop = StopToken()
        answer: list[Action] = []
        failure: list[BaseException] = []

        def work() -> None:
            try:
                if isinstance(controller, AIController):
                    answer.append(controller.choose(view, legal, stop))
                else:
                    answer.append(controller.choose(view, legal))
            except BaseException as exc:  # noqa: BLE001 - reported as the decision's fault
                # Off the main thread even SystemExit and KeyboardInterrupt are the AI's own
                # doing (`is_ai_fault`): the user's Ctrl-C lands in the waiting main thread.
                failure.append(exc)

        worker = threading.Thread(target=work, name=f"arena-ai-{controller.name}", daemon=True)
        worker.start()
        worker.join(self.time_limit)
        if worker.is_alive():
            stop.stop()  # a search that listens ends soon; one that hangs is left behind
            return safe_action(legal), f"time-out after {self.time_limit:g} s"
        if failure:
            return safe_action(legal), describe_fault(failure[0])
        if not answer:  # cannot happen since every exception is caught; never an IndexError
            return safe_action(legal), "the AI stopped without an answer"
        return answer[0], None

    def _record_events(self, events: list[Event]) -> None:
        static = self.game.state.static
        for e in events:
            if isinstance(e, SpellPlayed):
                d = static.spell_def(e.spell) if e.spell in static.spells else None
                name = d.id if d is not None else e.name
                self.result.spells.setdefault(e.player, Counter())[name] += 1
            elif isinstance(e, AbilityUsed):
                card = static.cards[e.card].def_id if e.card in static.cards else e.card
                self.result.abilities.setdefault(e.player, Counter())[
                    f"{card}/{e.ability}"] += 1


def run_match(game: Game, controllers: Mapping[int, Controller], **options: Any
              ) -> MatchResult:
    """Play ``game`` to the end with a controller per seat (`Match` options)."""
    return Match(game, controllers, **options).run()
