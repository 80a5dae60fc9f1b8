"""Controllers: whatever answers ``choose(view, legal_actions)`` for a seat.

A controller is given the game as its player may see it (`Game.view(seat)`, hidden hands and
libraries replaced by placeholders) and the legal actions of that player, and returns one of
those actions. Humans and AIs are interchangeable seats (`arena.ai.match`).

- `Controller`: the protocol (a ``name`` and ``choose``);
- `AIController`: base class of the AIs: ``choose`` takes an optional `StopToken` the match
  runner or `arena.ai.async_controller.AsyncController` sets to cancel a search, and any fault
  inside falls back to `safe_action`;
- `RandomController` (seeded baseline), `ScriptedController` (plays given actions: tests,
  replays), `CallbackController` (wraps a function), `HumanController` (waits for the actions
  a user interface submits).
"""

from __future__ import annotations

import hashlib
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, runtime_checkable

from arena.engine import (
    Action,
    EndAttack,
    EndMove,
    EndTurn,
    Game,
    Pass,
    parse_action,
)

__all__ = [
    "AIController",
    "CallbackController",
    "Controller",
    "HumanController",
    "RandomController",
    "ScriptedController",
    "StopToken",
    "decision_seed",
    "describe_fault",
    "is_ai_fault",
    "safe_action",
]

log = logging.getLogger("arena.ai")


@runtime_checkable
class Controller(Protocol):
    """Answers for one seat: ``choose(view, legal_actions)`` returns one of the actions."""

    @property
    def name(self) -> str:
        """A short label (``hard``, ``random``, ``human``) for logs and statistics."""
        ...

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions`` for the player to act in ``view``."""
        ...


class StopToken:
    """Ends a running decision: ``stop()`` from any thread; ``budget`` (units of work:
    simulated actions and evaluated positions, counted by `spend`) ends a search
    deterministically, at the same point on any machine; ``deadline`` (a
    `time.perf_counter` value) is the safety net that ends a search that runs late by itself
    (when it fires, the game may differ from an idle machine's)."""

    def __init__(self, deadline: float | None = None, budget: int | None = None) -> None:
        self._event = threading.Event()
        self.deadline = deadline
        self.budget = budget
        self.spent = 0
        """Simulated actions so far (`spend`)."""
        self.fired = False
        """Whether the deadline is what stopped the decision (it said `stopped` because
        of the time): the safety net fired, and the decision counts as a budget overrun."""

    def stop(self) -> None:
        """Ask the decision to end now."""
        self._event.set()

    def spend(self, actions: int = 1) -> None:
        """Count units of work (simulated actions, evaluated positions) against the budget."""
        self.spent += actions

    @property
    def exhausted(self) -> bool:
        """Whether the budget of work is spent."""
        return self.budget is not None and self.spent >= self.budget

    @property
    def timed_out(self) -> bool:
        """Whether the wall-clock deadline (the safety net) has passed."""
        return self.deadline is not None and time.perf_counter() >= self.deadline

    @property
    def stopped(self) -> bool:
        """Whether ``stop`` was called, the budget is spent or the deadline has passed."""
        if self._event.is_set() or self.exhausted:
            return True
        if self.timed_out:
            self.fired = True
            return True
        return False

    @property
    def cancelled(self) -> bool:
        """Whether ``stop`` was called: the answer is no longer wanted. (A decision that
        ran to its budget or deadline answered in time, with the best it found.)"""
        return self._event.is_set()


def is_ai_fault(error: BaseException) -> bool:
    """Whether ``error``, raised while an AI was deciding, is the AI's own fault (to fall back
    on `safe_action` and report) rather than a request to stop the program.

    Any `Exception`, and `SystemExit` too: nothing but the AI's code raises it while it
    thinks. A `KeyboardInterrupt` is the AI's fault only off the main thread: Python delivers
    the user's Ctrl-C to the main thread alone, so one raised in a worker thread came from the
    AI itself, while one in the main thread must still stop ``arena sim``."""
    if isinstance(error, KeyboardInterrupt):
        return threading.current_thread() is not threading.main_thread()
    return isinstance(error, (Exception, SystemExit))


def describe_fault(error: BaseException) -> str:
    """A fault's record: the exception's kind and its message (``SystemExit: 3``)."""
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def safe_action(legal_actions: Sequence[Action]) -> Action:
    """A legal action that is always safe to take when an AI fails: decline an optional
    decision, else end the current step or turn, else the first option."""
    if not legal_actions:
        raise ValueError("no legal action to fall back on")
    for kind in (Pass, EndMove, EndAttack, EndTurn):
        for action in legal_actions:
            if isinstance(action, kind):
                return action
    return legal_actions[0]


def decision_seed(seed: int, view: Game, legal_actions: Sequence[Action]) -> int:
    """A seed for one decision from the controller's seed and what the view shows (its
    visible action log and position), so the same view always gets the same answer and
    nothing hidden can change it."""
    h = hashlib.blake2b(digest_size=8)
    h.update(str(seed).encode())
    h.update(view.state_digest().encode())
    h.update(str(len(view.actions)).encode())
    for a in legal_actions[:64]:
        h.update(a.text().encode())
    return int.from_bytes(h.digest(), "big")


class AIController:
    """Base of the AIs: subclasses implement `decide`; `choose` adds the fault fallback."""

    name = "ai"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.faults: list[str] = []
        self.overruns = 0
        """Decisions its own wall-clock cap cut short before the budget was spent: the clock
        is a safety net, and each time it fires the game may differ from an idle machine's."""

    def choose(self, view: Game, legal_actions: Sequence[Action],
               stop: StopToken | None = None) -> Action:
        """`decide`, or `safe_action` if it raises or returns something not legal."""
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        try:
            action = self.decide(view, legal, stop or StopToken())
        except BaseException as exc:  # an AI fault never ends the game (`is_ai_fault`)
            if not is_ai_fault(exc):
                raise
            self.faults.append(describe_fault(exc))
            log.exception("%s failed on %r; falling back", self.name, view.pending.description)
            return safe_action(legal)
        if action not in legal:
            self.faults.append(f"illegal choice {action}")
            log.error("%s chose %s, not a legal action; falling back", self.name, action)
            return safe_action(legal)
        return action

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        """Choose (subclasses)."""
        raise NotImplementedError


class RandomController(AIController):
    """Uniform among the legal actions, ending the turn only now and then (so random games
    move, summon and attack): the seeded baseline."""

    name = "random"

    def __init__(self, seed: int = 0, end_turn_weight: float = 0.1) -> None:
        super().__init__(seed)
        self.end_turn_weight = end_turn_weight

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        rnd = random.Random(decision_seed(self.seed, view, legal))
        others = [a for a in legal if not isinstance(a, EndTurn)]
        if not others or rnd.random() < self.end_turn_weight:
            return legal[rnd.randrange(len(legal))]
        return others[rnd.randrange(len(others))]


class ScriptedController:
    """Plays the given actions in order (texts or actions), then `safe_action`."""

    def __init__(self, actions: Iterable[Action | str], name: str = "scripted") -> None:
        self._actions = [parse_action(a) if isinstance(a, str) else a for a in actions]
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        if self._actions:
            return self._actions.pop(0)
        return safe_action(legal_actions)


class CallbackController:
    """A function ``(view, legal_actions) -> action`` as a controller."""

    def __init__(self, fn: Callable[[Game, Sequence[Action]], Action],
                 name: str = "callback") -> None:
        self._fn = fn
        self._name = name

    @property
    def name(self) -> str:
        return self._name

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        return self._fn(view, legal_actions)


class HumanController:
    """A human seat for a headless runner: ``choose`` waits until a user interface calls
    `submit` with an action (a game window using the frame loop drives `arena.ai.match.Match`
    step by step instead and never blocks). ``pending`` holds what the seat is asked."""

    def __init__(self, name: str = "human", timeout: float | None = None) -> None:
        self._name = name
        self._queue: queue.Queue[Action] = queue.Queue()
        self.timeout = timeout
        self.pending: tuple[Game, list[Action]] | None = None

    @property
    def name(self) -> str:
        return self._name

    def submit(self, action: Action | str) -> None:
        """The user's answer (text or action)."""
        self._queue.put(parse_action(action) if isinstance(action, str) else action)

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        self.pending = (view, list(legal_actions))
        try:
            while True:
                action = self._queue.get(timeout=self.timeout)
                if action in legal_actions:
                    return action
                log.warning("%s submitted %s, which is not legal now", self._name, action)
        finally:
            self.pending = None
