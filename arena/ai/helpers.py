"""Helper processes for the search AI: a pass's rollout samples spread over the free cores.

The search takes its samples in passes, one per live candidate (`arena.ai.search`). Each
sample depends only on the view, the candidate, the sample number and the evaluator's
per-decision facts (deltas and zones), and records its own work (`arena.ai.sample`). So a
pass can be shared out: this process takes every (n+1)-th sample and each of the n helpers
its own share, and the search then counts the samples in candidate order exactly as if it
had taken them one after another. The decisions -- and so the games -- are the same with
helpers or without, on any number of cores; only the waiting is shorter.

The game window uses the cores its frame loop leaves idle (`shared_helpers`: one fewer than
the machine has, at most `MAX_HELPERS`). ``arena sim`` and the strength script already play
a game per core, so they use none. Helpers are started with ``spawn`` (never ``fork``: the
window's threads and SDL must not be copied) and lazily, on the first pass that can use them;
each keeps the last decision's view, so a decision's view is sent to a helper once.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import multiprocessing
import os
import pickle
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import wait as wait_for
from typing import TYPE_CHECKING, Any

from arena.ai.sample import Sample
from arena.ai.search import SearchController

if TYPE_CHECKING:
    from arena.ai.controller import StopToken
    from arena.engine import Action, Game

__all__ = ["MAX_HELPERS", "Helpers", "close_shared_helpers", "helper_count", "shared_helpers"]

MAX_HELPERS = 3
"""At most this many helper processes (a pass rarely has more than a handful of samples)."""

_POLL = 0.05
"""Seconds between looks at the decision's stop while the helpers work."""


class Helpers:
    """A pool of helper processes taking shares of the search's passes (module docstring)."""

    def __init__(self, processes: int = 1) -> None:
        if processes < 1:
            raise ValueError(f"helpers need at least one process, not {processes}")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        """Closed for good (`close`): a search still thinking takes every sample itself."""
        self._lock = threading.Lock()
        self._last: tuple[tuple[Any, ...], bytes, bytes] | None = None
        """The last decision's parts (compared by identity), key and pickled context."""

    def _executor(self) -> ProcessPoolExecutor | None:
        """The pool, started on first use; None once closed (no helpers any more: the window
        is closing, and starting processes then would outlive it)."""
        with self._lock:
            if self._closed:
                return None
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.processes, mp_context=multiprocessing.get_context("spawn"))
            return self._pool

    def samples(self, controller: SearchController, view: Game, actions: list[Action],
                me: int, seed: int, index: int, limit: int | None, stop: StopToken
                ) -> list[Sample | None]:
        """Sample ``index`` of each action, in order (`arena.ai.search.SampleRunner`): the
        helpers' shares sent off, this process's share taken meanwhile. A share still out
        when the decision's stop or safety net fires is left unused (None)."""
        n = self.processes + 1
        key, context = self._context(controller, view, me)
        futures = self._send(key, context, [(k, actions[k::n]) for k in range(1, n)],
                             seed, index, limit)
        if futures is None:  # a closed pool means no helpers: every sample here, in turn
            return controller.take(view, actions, me, seed, index, limit, stop, in_turn=True)
        out: list[Sample | None] = [None] * len(actions)
        out[0::n] = controller.take(view, actions[0::n], me, seed, index, limit, stop)
        while True:  # the helpers' shares, unless the decision is stopped meanwhile
            _, pending = wait_for(futures.values(), timeout=_POLL)
            if not pending:
                break
            if stop.cancelled:
                break
            if stop.timed_out:
                stop.fired = True  # the safety net fired while a helper was still at work
                break
        for k, future in futures.items():
            if not future.done():
                continue
            if future.cancelled() or future.exception() is not None:
                # The pool closed under the pass (the window is closing) or a helper died:
                # its share is taken here, the same samples it would have taken.
                theirs = controller.take(view, actions[k::n], me, seed, index, limit, stop)
            else:
                theirs = future.result()
            for j, sample in enumerate(theirs):
                out[k + j * n] = sample
        return out

    def _send(self, key: bytes, context: bytes, shares: list[tuple[int, list[Action]]],
              seed: int, index: int, limit: int | None
              ) -> dict[int, Future[list[Sample | None]]] | None:
        """The helpers' shares submitted, by their first sample's place; None when there are
        no helpers any more: the pool is closed, or was shut down between its look-up and
        a submit (the window closing while the search thinks, which is no fault)."""
        pool = self._executor()
        if pool is None:
            return None
        futures: dict[int, Future[list[Sample | None]]] = {}
        try:
            for k, share in shares:
                if share:
                    futures[k] = pool.submit(_share, key, context, share, seed, index, limit)
        except RuntimeError:  # "cannot schedule new futures after shutdown"
            for future in futures.values():
                future.cancel()
            return None
        return futures

    def _context(self, controller: SearchController, view: Game, me: int
                 ) -> tuple[bytes, bytes]:
        """What a helper needs for this decision, pickled once a decision (its passes share
        it), with a key naming it."""
        ev = controller.tactics.ev
        parts = (controller.config, ev.w, ev.deltas, ev.zones, view, me)
        last = self._last
        if last is not None and all(a is b for a, b in zip(last[0], parts, strict=True)):
            return last[1], last[2]
        context = pickle.dumps(parts, protocol=pickle.HIGHEST_PROTOCOL)
        key = hashlib.blake2b(context, digest_size=16).digest()
        self._last = (parts, key, context)
        return key, context

    def warm(self) -> None:
        """Start the helper processes now (each loads the search), so the first decision
        does not wait for them."""
        pool = self._executor()
        if pool is None:
            return
        with contextlib.suppress(RuntimeError):  # closed meanwhile: nothing to warm
            for _ in range(self.processes):
                pool.submit(_ready)

    def close(self, wait: bool = False) -> None:
        """Stop the helper processes for good (samples under way are abandoned, and a search
        still thinking takes its samples itself); ``wait``: until they have exited."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=wait, cancel_futures=True)


_context: tuple[bytes, Any, Any, int] | None = None
"""In a helper: the last decision's key, controller, view and seat (a decision's passes
reuse them)."""


def _share(key: bytes, context: bytes, actions: list[Action], seed: int, index: int,
           limit: int | None) -> list[Sample | None]:
    """In a helper: sample ``index`` of each action (`SearchController.take`)."""
    global _context
    if _context is None or _context[0] != key:
        config, weights, deltas, zones, view, me = pickle.loads(context)  # noqa: S301 - our own
        controller = SearchController(0, config, weights=weights)
        controller.tactics.ev.deltas = deltas
        controller.tactics.ev.zones = zones
        _context = (key, controller, view, me)
    _, controller, view, me = _context
    taken: list[Sample | None] = controller.take(view, actions, me, seed, index, limit)
    return taken


def _ready() -> None:
    """In a helper: nothing; calling it loads this module and so the search (what the first
    share would otherwise wait for)."""


def helper_count(cores: int | None = None) -> int:
    """How many helpers a game window uses: the cores its own thread leaves, at most
    `MAX_HELPERS` (0 on one core)."""
    cores = cores if cores is not None else (os.cpu_count() or 1)
    return max(0, min(MAX_HELPERS, cores - 1))


_shared: Helpers | None = None
_shared_lock = threading.Lock()


def shared_helpers() -> Helpers | None:
    """The game window's helpers, one pool for every AI seat (started on first use, closed
    at exit); None on a machine with one core."""
    global _shared
    count = helper_count()
    if count == 0:
        return None
    with _shared_lock:
        if _shared is None:
            _shared = Helpers(count)
            atexit.register(_shared.close)
        return _shared


def close_shared_helpers() -> None:
    """Stop the shared helpers, if started (a later `shared_helpers` starts new ones): for a
    program -- or a test -- that wants no child processes left behind."""
    global _shared
    with _shared_lock:
        helpers, _shared = _shared, None
    if helpers is not None:
        atexit.unregister(helpers.close)
        helpers.close(wait=True)
