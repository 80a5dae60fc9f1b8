"""Who decides for a computer-played seat, and how it thinks without freezing the window.

`Controller` is the interface the AI package offers: ``choose(view, legal_actions)`` gets the
seat's `Game.view` (never the hidden state) and the legal actions, and returns one of them.
`ai_controller` asks `arena.ai` for a controller of a difficulty when it provides one
(``arena.ai.make_controller(difficulty, seed=...)``) and otherwise falls back to
`RandomController`, a seeded opponent that picks among the legal actions (``easy``: any of
them; ``normal``/``hard``: weighted towards attacking, summoning and moving so that a game
moves on). ``arena.ai.levels.make_controller`` is tried too while the package does not
export it; any failure to import or build the AI falls back to the random opponent.

A search level gets the window's helper processes (`arena.ai.helpers`), so it thinks on
the cores the frame loop leaves idle, to the same decisions.

`ThinkingTask` runs one ``choose`` on a worker thread; the battle screen polls it every frame
and shows "thinking" meanwhile, so the frame loop never waits for the AI.
"""

from __future__ import annotations

import importlib
import random
import threading
import time
from collections.abc import Sequence
from typing import Any, Protocol

from arena.ai.helpers import Helpers, shared_helpers
from arena.ai.levels import SEARCH_LEVELS, window_time_limit
from arena.engine import Action, Game

__all__ = ["Controller", "RandomController", "ThinkingTask", "ai_controller", "stand_in"]


class Controller(Protocol):
    """Chooses an action for a seat from its view of the game."""

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action: ...


_WEIGHTS = {
    "Attack": 12.0,
    "PlaceFigure": 6.0,
    "PlacePlaneswalker": 6.0,
    "BeginSummon": 8.0,
    "MoveFigure": 3.0,
    "ChooseCard": 6.0,
    "ChooseFirstPlayer": 1.0,
    "Accept": 2.0,
    "Pass": 1.0,
    "EndMove": 0.6,
    "EndAttack": 0.6,
    "EndTurn": 0.15,
}


class RandomController:
    """A seeded random opponent (see the module docstring)."""

    def __init__(self, seed: int = 0, weighted: bool = True, delay: float = 0.0) -> None:
        self.name = "random" if not weighted else "random-weighted"
        self.rng = random.Random(seed)
        self.weighted = weighted
        self.delay = delay
        """Seconds to sleep per choice (tests use it to see the thinking indicator)."""

    def choose(self, view: Game, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if self.delay:
            time.sleep(self.delay)
        actions = list(legal_actions)
        if not self.weighted:
            return self.rng.choice(actions)
        weights = [_WEIGHTS.get(type(a).__name__, 1.0) for a in actions]
        return self.rng.choices(actions, weights)[0]


def ai_controller(difficulty: str, seed: int) -> Controller:
    """A controller for an AI seat of this difficulty (see the module docstring)."""
    for module in ("arena.ai", "arena.ai.levels"):
        try:
            package = importlib.import_module(module)
        except Exception:  # noqa: BLE001 - an AI package mid-change must not stop the game
            continue
        factory = getattr(package, "make_controller", None)
        if callable(factory):
            try:
                helpers = _helpers() if difficulty.strip().lower() in SEARCH_LEVELS else None
                found: Controller = factory(difficulty, seed=seed, helpers=helpers)
                return found
            except Exception:  # noqa: BLE001 - unknown level, broken AI: play on
                break
    return RandomController(seed, weighted=difficulty != "easy")


def stand_in(difficulty: str, seed: int) -> tuple[Controller, str]:
    """Who plays a seat for the rest of a battle once its AI ran out of time, and its name
    for the notice: the easy level (one ply, no search) for a searching level, else the
    seeded random opponent, which only picks among the legal actions and cannot hang."""
    if difficulty.strip().lower() in SEARCH_LEVELS:
        return ai_controller("easy", seed), "the easy level"
    return RandomController(seed), "a random player"


def _helpers() -> Helpers | None:
    """The AI's helper processes for this window (`arena.ai.helpers.shared_helpers`: the
    searches use the cores the frame loop leaves idle), started now so they are ready by the
    first decision; None where there is no core to spare."""
    helpers = shared_helpers()
    if helpers is not None:
        helpers.warm()
    return helpers


class ThinkingTask:
    """One ``choose`` running off the frame loop; poll `done`, then read `result`.

    Uses `arena.ai.AsyncController` when the AI package offers it (stop tokens for its
    searches, a time limit, a safe fallback action on any fault, reported in `fault`), else a
    plain worker thread of its own (a fault is then left in `error`). Its time limit is the
    window's (`arena.ai.levels.window_time_limit`, unless given), just above the levels' own
    safety nets: a search on a busy machine answers with the best it found rather than the
    safe action, and a hung AI costs that long once (`timed_out`)."""

    def __init__(self, controller: Controller, view: Game, legal: Sequence[Action],
                 time_limit: float | None = None) -> None:
        if time_limit is None:
            time_limit = window_time_limit()
        self.time_limit = time_limit
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.fault: str | None = None
        self.timed_out = False
        """Whether the AI ran past the time limit (the fallback answered for it)."""
        self.started = time.monotonic()
        self._done = threading.Event()
        self._async: Any = None
        factory = _async_factory() if hasattr(controller, "name") else None
        if factory is not None:
            self._async = factory(controller, time_limit=time_limit)
            self._async.start(view, list(legal))
            return
        self._thread = threading.Thread(
            target=self._run, args=(controller, view, list(legal)), name="arena-ai",
            daemon=True)
        self._thread.start()

    def _run(self, controller: Controller, view: Game, legal: list[Action]) -> None:
        try:
            self.result = controller.choose(view, legal)
        except BaseException as exc:  # noqa: BLE001 - reported to the battle screen
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        if self._async is not None and not self._done.is_set():
            action = self._async.poll()
            if action is not None:
                self.result = action
                self.fault = self._async.fault
                self.timed_out = bool(getattr(self._async, "timed_out", False))
                self._done.set()
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done (tests only); True when finished."""
        deadline = time.monotonic() + (timeout if timeout is not None else 3600.0)
        while not self.done:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def cancel(self) -> None:
        """Stop thinking (the player left the battle); the result is dropped."""
        if self._async is not None:
            self._async.cancel()
        self._done.set()

    def describe(self) -> dict[str, Any]:
        return {"done": self.done, "seconds": time.monotonic() - self.started}


def _async_factory() -> Any:
    """`arena.ai.AsyncController` if the AI package provides it, else None."""
    try:
        package = importlib.import_module("arena.ai")
    except Exception:  # noqa: BLE001 - an AI package mid-change must not stop the game
        return None
    factory = getattr(package, "AsyncController", None)
    return factory if callable(factory) else None
