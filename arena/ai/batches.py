"""Where a batch's games are played: the one place that decides local cores or a Dask cluster.

Every measurement of the AI or of a battlefield is a batch of seeded games, and a game is a
pure function of its spec (scenario, battlefield, armies, controllers, seed, code): it does
not matter which process or machine plays it. So every batch tool (``arena sim``, ``arena
balance``, the army strength report, ``scripts/ai_strength.py``, ``scripts/ai_tune.py``)
hands its games to an `Executor` made by `executor`, and none of them knows which it got:

- `LocalExecutor`: processes on this machine (forked where the platform has fork, so the
  loaded content is shared), or this process alone for one job;
- `ClusterExecutor`: a Dask ``distributed`` cluster (the optional extra ``arena[cluster]``;
  docs/cluster.md). Games are submitted as tasks and come back as they finish
  (``as_completed``), into the same ``on_result`` callback (run files, progress bars) as
  local games, so ``--resume`` goes on from a file whichever played it. A worker that dies
  loses only the game it was playing: the scheduler plays it again elsewhere (and a game
  that outlived its retries is submitted once more). A worker running other code or content
  would play other games: every worker's fingerprint (`arena.ai.runfile.fingerprint`) is
  compared with this machine's before the batch starts, and every game brings back the
  fingerprint it was played with, so a worker that joins later with other code is caught
  too; either refuses the batch with a plain message (`Refused`).

Files a batch's specs name (a battlefield file, an army or deck file: `arena.ai.sim.files_of`)
may not exist on another machine: the cluster sends their bytes with each game, and a worker
reads them from there (`provide_file`, `local_path`).

`Background` plays a batch in fresh worker processes while a windowed program goes on
drawing (the editor's "Check balance" and "Test strength"): it is polled, and cancelled at
once. This module imports no YAML and no Dask until a cluster is asked for.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing
import os
import tempfile
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from arena.ai.fingerprint import fingerprint

__all__ = [
    "SCHEDULER_ENV",
    "Background",
    "ClusterExecutor",
    "Executor",
    "LocalExecutor",
    "Refused",
    "add_scheduler_option",
    "executor",
    "local_path",
    "provide_file",
    "worker_code",
]

T = TypeVar("T")
R = TypeVar("R")

SCHEDULER_ENV = "ARENA_SCHEDULER"
"""The environment variable naming a Dask scheduler (``tcp://host:8786``) every batch tool
sends its games to when no ``--scheduler`` is given."""
RESUBMITS = 3
"""Times a game is submitted again after the scheduler gave up on it (its workers died)."""
CONNECT_TIMEOUT = 30.0
"""Seconds to reach the scheduler and to wait for a first worker."""


class Refused(Exception):
    """A batch that cannot be played where it was sent (the message says why and what to
    do): the cluster extra is not installed, the scheduler cannot be reached, it has no
    worker, or a worker runs other code or content."""


class Executor(Protocol):
    """Plays a batch's games somewhere and hands each result back as it finishes."""

    where: str
    """Where the games are played, for a progress line ("2 local processes", "the cluster
    at tcp://...")."""

    def run(self, fn: Callable[[T], R], items: Sequence[T],
            on_result: Callable[[R], None] | None = None, files: Sequence[str] = (),
            cancelled: Callable[[], bool] | None = None) -> list[R]:
        """``fn(item)`` for every item, in the order they finish, calling ``on_result``
        after each; ``files``: local files the games read (sent to a cluster);
        ``cancelled()`` true after a result stops the batch there (the results so far)."""
        ...


def executor(jobs: int | None = None, scheduler: str | None = None,
             fork: bool = True) -> Executor:
    """The executor a batch tool uses: the cluster at ``scheduler`` when one is named (the
    caller reads ``--scheduler`` or `SCHEDULER_ENV`: `add_scheduler_option`), else ``jobs``
    local processes (default one per core; ``fork=False`` starts fresh ones)."""
    if scheduler:
        return ClusterExecutor(scheduler)
    return LocalExecutor(jobs, fork)


def add_scheduler_option(parser: argparse.ArgumentParser) -> None:
    """The ``--scheduler ADDRESS`` option every batch tool takes, its default read from
    `SCHEDULER_ENV` (one wording, one place)."""
    parser.add_argument(
        "--scheduler", default=os.environ.get(SCHEDULER_ENV) or None, metavar="ADDRESS",
        help="play the games on the Dask cluster of this scheduler (tcp://host:8786; "
             f"default ${SCHEDULER_ENV} when set, else local processes); needs "
             "`pip install arena[cluster]` here and on every worker (docs/cluster.md)")


class LocalExecutor:
    """Processes on this machine (`executor`)."""

    def __init__(self, jobs: int | None = None, fork: bool = True) -> None:
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.fork = fork
        self.where = f"{self.jobs} local process{'es' if self.jobs != 1 else ''}"

    def run(self, fn: Callable[[T], R], items: Sequence[T],
            on_result: Callable[[R], None] | None = None, files: Sequence[str] = (),
            cancelled: Callable[[], bool] | None = None) -> list[R]:
        results: list[R] = []
        if self.jobs == 1 or len(items) <= 1:
            for item in items:
                if _take(fn(item), results, on_result, cancelled):
                    break
            return results
        methods = multiprocessing.get_all_start_methods()
        method = "fork" if self.fork and "fork" in methods else "spawn"
        with multiprocessing.get_context(method).Pool(min(self.jobs, len(items))) as pool:
            for result in pool.imap_unordered(fn, items):
                if _take(result, results, on_result, cancelled):
                    pool.terminate()
                    break
        return results


def _take(result: R, results: list[R], on_result: Callable[[R], None] | None,
          cancelled: Callable[[], bool] | None) -> bool:
    """Keep a result and tell the caller; True when the caller wants no more."""
    results.append(result)
    if on_result is not None:
        on_result(result)
    return cancelled is not None and cancelled()


@lru_cache(maxsize=1)
def worker_code() -> str:
    """This process's fingerprint of the code and content that decide games (computed once:
    a cluster worker answers it for every game it plays)."""
    return fingerprint()


_PROVIDED: dict[str, Path] = {}
"""On a cluster worker: the local copy of each file a batch names (`provide_file`)."""


def provide_file(path: str, data: bytes) -> None:
    """On a cluster worker: the bytes of a file a batch names, as the machine that planned
    the batch read them. They are kept under a name of their own digest and read from there
    (never from ``path``: on this machine it may not exist, or hold other bytes), so a
    long-lived worker never plays an edited file's old version."""
    digest = hashlib.sha256(data).hexdigest()[:20]
    local = Path(tempfile.gettempdir()) / "arena-batch-files" / digest / Path(path).name
    if not local.is_file():
        local.parent.mkdir(parents=True, exist_ok=True)
        part = local.with_name(f"{local.name}.{os.getpid()}.part")
        part.write_bytes(data)
        part.replace(local)
    _PROVIDED[path] = local


def local_path(path: str) -> str:
    """Where this process reads a file a batch names: its copy on a cluster worker
    (`provide_file`), else the path itself."""
    return str(_PROVIDED.get(path, path))


def _distributed() -> Any:
    """Dask's ``distributed``, imported only when a cluster is used (an optional extra)."""
    try:
        import distributed  # here, not at the top: the extra arena[cluster] is optional
    except ImportError as exc:
        raise Refused("a cluster needs the cluster extra: `pip install arena[cluster]` "
                      "(or `make setup`), here and on every worker") from exc
    return distributed


def _worker_address() -> str:
    try:
        return str(_distributed().get_worker().address)
    except (Refused, ValueError):
        return "?"


def play_task(fn: Callable[[T], R], item: T, files: dict[str, bytes]
              ) -> tuple[str, str, R]:
    """One game on a cluster worker: the worker's fingerprint, its address and the result."""
    for path, data in files.items():
        provide_file(path, data)
    return worker_code(), _worker_address(), fn(item)


def _refuse_other_code(address: str, theirs: str, ours: str) -> Refused:
    return Refused(
        f"the worker at {address} runs other code or content (fingerprint {theirs}, here "
        f"{ours}): its games would not be this batch's games. Install the same Arena "
        "there (the same checkout or version, the same cards and scenarios) and restart "
        "it, or stop it; nothing was played on it")


class ClusterExecutor:
    """A Dask cluster (`executor`; the module docstring says what it guarantees)."""

    def __init__(self, address: str, code: str | None = None) -> None:
        self.address = address
        self.code = code
        self.where = f"the cluster at {address}"

    def _client(self) -> Any:
        dd = _distributed()
        try:
            client = dd.Client(self.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise Refused(f"cannot reach the Dask scheduler at {self.address} ({exc}); is "
                          "`dask scheduler` running there, and is its port open?") from exc
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            client.close()
            raise Refused(f"the scheduler at {self.address} has no worker: start one with "
                          f"`dask worker {self.address}`") from exc
        return client

    def check_workers(self, client: Any) -> None:
        """Refuse the batch if any worker connected now runs other code or content."""
        ours = self.code or worker_code()
        try:
            codes: dict[str, str] = client.run(worker_code)
        except Exception as exc:  # noqa: BLE001 - whatever the worker raised, said plainly
            raise Refused(f"a worker of {self.address} cannot run Arena ({type(exc).__name__}: "
                          f"{exc}): install the same Arena with the cluster extra on every "
                          "worker (docs/cluster.md)") from exc
        for address, theirs in sorted(codes.items()):
            if theirs != ours:
                raise _refuse_other_code(address, theirs, ours)

    def run(self, fn: Callable[[T], R], items: Sequence[T],
            on_result: Callable[[R], None] | None = None, files: Sequence[str] = (),
            cancelled: Callable[[], bool] | None = None) -> list[R]:
        if not items:
            return []
        dd = _distributed()
        ours = self.code or worker_code()
        payload = {path: Path(path).read_bytes() for path in files}
        client = self._client()
        results: list[R] = []
        pending: dict[Any, tuple[T, int]] = {}
        try:
            self.check_workers(client)
            for item in items:
                future = client.submit(play_task, fn, item, payload, pure=False)
                pending[future] = (item, 0)
            finished = dd.as_completed(list(pending), loop=client.loop)
            for future in finished:
                item, tries = pending.pop(future)
                try:
                    code, address, result = future.result()
                except dd.KilledWorker as exc:
                    if tries >= RESUBMITS:
                        raise Refused(f"a game's workers kept dying ({exc}); is a worker "
                                      "short of memory?") from exc
                    again = client.submit(play_task, fn, item, payload, pure=False)
                    pending[again] = (item, tries + 1)
                    finished.add(again)
                    continue
                except Exception as exc:  # noqa: BLE001 - a game catches its own errors: this
                    # is the cluster's (a worker that cannot import or unpickle the game)
                    raise Refused(f"the cluster could not play a game ({type(exc).__name__}: "
                                  f"{exc}); is the same Arena installed on every worker?"
                                  ) from exc
                if code != ours:
                    raise _refuse_other_code(address, code, ours)
                if _take(result, results, on_result, cancelled):
                    break
        finally:
            client.cancel(list(pending))
            client.close()
        return results


class BackgroundBatch(Protocol):
    """What `Background` plays: the games not played yet, how one is played (a module-level
    function, so a fresh process can import it), and where a result goes."""

    @property
    def task(self) -> Callable[[Any], Any]: ...

    def todo(self) -> list[Any]: ...

    def add(self, result: Any) -> None: ...


class Background:
    """A batch played by worker processes while the caller goes on (the editor's windows):
    `poll` takes the games finished since the last poll, `cancel` stops the workers at once
    (mid-game; nothing is left running). Fresh processes (spawn): the caller may be a
    windowed program, whose process is not safe to fork."""

    def __init__(self, batch: BackgroundBatch, jobs: int = 1) -> None:
        self.batch = batch
        todo = batch.todo()
        ctx = multiprocessing.get_context("spawn")
        self._pool: Any = ctx.Pool(max(1, min(jobs, len(todo) or 1)))
        self._results: Any = self._pool.imap_unordered(batch.task, todo)
        self.error: str | None = None
        """Why the workers stopped early (a game that raised), or None."""
        self.running = bool(todo)
        if not todo:
            self._stop()

    def poll(self, wait: float = 0.0) -> bool:
        """Take the games finished so far, waiting up to `wait` seconds for the first of them
        when none has; True while games are still being played."""
        while self.running:
            try:
                self.batch.add(self._results.next(timeout=wait))
                wait = 0.0
            except multiprocessing.TimeoutError:
                break
            except StopIteration:
                self._stop()
            except Exception as exc:  # noqa: BLE001 - a worker's failure is reported
                self.error = f"a game failed: {type(exc).__name__}: {exc}"
                self._stop()
        return self.running

    def cancel(self) -> None:
        """Stop now: the workers are ended and waited for; the games played so far stay."""
        self.poll()
        if self.running:
            self._stop()

    def _stop(self) -> None:
        self.running = False
        self._pool.terminate()
        self._pool.join()


def unplayed(specs: Iterable[Any], played: Iterable[Any]) -> list[Any]:
    """The specs whose index no played game has (what a `BackgroundBatch` has left)."""
    done = {g.index for g in played}
    return [s for s in specs if s.index not in done]
