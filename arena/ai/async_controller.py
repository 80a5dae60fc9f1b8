"""`AsyncController`: run a controller's decision off the caller's thread, so a game window's
frame loop never blocks.

    task = AsyncController(make_controller("hard", seed=3), time_limit=3.0)
    task.start(game.view(seat), game.legal_actions())
    ...                      # every frame:
    action = task.poll()     # None while thinking; then the action (or the fallback)
    ...
    task.cancel()            # e.g. the player left the game: the search stops soon

The decision runs on a daemon thread. `poll` returns None until it is done; then the action.
If the controller raises, answers with an action that is not legal, or runs past
``time_limit`` seconds, `poll` returns `safe_action` instead and ``fault`` says why (the AI's
search is told to stop; a controller that ignores that is left to finish on its own). An AI
that fell back by itself (`AIController.choose` catches its own faults) answers with its
fallback, and ``fault`` says what it caught. One
`AsyncController` handles one decision at a time; `start` again for the next.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

from arena.ai.controller import (
    AIController,
    Controller,
    StopToken,
    describe_fault,
    log,
    safe_action,
)
from arena.engine import Action, Game

__all__ = ["AsyncController"]


class AsyncController:
    """A controller's decisions on a worker thread (see the module docstring)."""

    def __init__(self, controller: Controller, time_limit: float | None = None) -> None:
        self.controller = controller
        self.time_limit = time_limit
        self.fault: str | None = None
        self.timed_out = False
        """Whether the last decision ran past ``time_limit`` (its fault is the time-out)."""
        self.seconds = 0.0
        self._thread: threading.Thread | None = None
        self._stop: StopToken | None = None
        self._legal: list[Action] = []
        self._result: Action | None = None
        self._error: str | None = None
        self._started = 0.0
        self._done = threading.Event()
        self._final: Action | None = None

    @property
    def name(self) -> str:
        """The wrapped controller's name."""
        return self.controller.name

    @property
    def busy(self) -> bool:
        """Whether a decision is under way (started, not yet collected)."""
        return self._thread is not None and self._final is None

    def start(self, view: Game, legal_actions: Sequence[Action]) -> None:
        """Begin deciding for ``view`` (the seat's `Game.view`) among ``legal_actions``."""
        if self.busy:
            raise RuntimeError("a decision is already under way: poll() it or cancel() it")
        self._legal = list(legal_actions)
        if not self._legal:
            raise ValueError("no legal action to choose from")
        self.fault = None
        self.timed_out = False
        self._result = None
        self._error = None
        self._final = None
        self._done = threading.Event()
        self._stop = StopToken()
        self._started = time.perf_counter()
        done, stop, legal = self._done, self._stop, self._legal

        def work() -> None:
            try:
                if isinstance(self.controller, AIController):
                    before = len(self.controller.faults)
                    result = self.controller.choose(view, legal, stop)
                    caught = self.controller.faults[before:]
                    if caught and not stop.cancelled:
                        # It fell back by itself (`AIController.choose`): still this
                        # decision's fault, as `arena.ai.match.Match` counts it.
                        self._error = "; ".join(caught)
                else:
                    result = self.controller.choose(view, legal)
                if not stop.cancelled:
                    self._result = result
            except BaseException as exc:  # noqa: BLE001 - reported through poll()
                # On this worker thread even SystemExit and KeyboardInterrupt are the AI's
                # own doing (`arena.ai.controller.is_ai_fault`), never the user's Ctrl-C.
                self._error = describe_fault(exc)
            finally:
                done.set()

        self._thread = threading.Thread(target=work, name=f"arena-ai-{self.name}", daemon=True)
        self._thread.start()

    def poll(self) -> Action | None:
        """The action once decided (or the fallback after a fault or time-out), else None."""
        if self._final is not None:
            return self._final
        if self._thread is None:
            return None
        elapsed = time.perf_counter() - self._started
        if not self._done.is_set():
            if self.time_limit is not None and elapsed > self.time_limit:
                self.timed_out = True
                self._finish(None, f"time-out after {self.time_limit:g} s")
                return self._final
            return None
        if self._error is not None and self._result in self._legal:
            self._finish(self._result, self._error)  # the AI's own fallback answered
        elif self._error is not None:
            self._finish(None, self._error)
        elif self._result is None or self._result not in self._legal:
            self._finish(None, f"illegal action {self._result}")
        else:
            self._finish(self._result, None)
        return self._final

    def result(self, timeout: float | None = None) -> Action:
        """Wait for the decision (at most ``timeout`` seconds, then the fallback)."""
        if self._thread is None:
            raise RuntimeError("start() a decision first")
        limit = timeout if timeout is not None else self.time_limit
        self._done.wait(limit)
        action = self.poll()
        if action is None:
            self.timed_out = True
            self._finish(None, f"time-out after {limit:g} s")
            action = self._final
        assert action is not None
        return action

    def cancel(self) -> None:
        """Stop the decision under way (its result, if any, is dropped)."""
        if self._stop is not None:
            self._stop.stop()
        self._thread = None
        self._final = None

    def _finish(self, action: Action | None, fault: str | None) -> None:
        """End the decision with ``action``; a ``fault`` is recorded, and without an action
        (a failure, a time-out) the safe action answers."""
        self.seconds = time.perf_counter() - self._started
        if fault is not None:
            if self._stop is not None:
                self._stop.stop()
            self.fault = fault
            if action is None:
                log.warning("%s: %s; falling back to a safe action", self.name, fault)
                action = safe_action(self._legal)
        self._final = action
