"""Count the CPU instructions of fixed engine and AI workloads (``python scripts/instructions.py``).

Why instruction counts: wall-clock figures (``make bench``) move with whatever else the
machine runs, by tens of percent on a busy 2-core machine, which hides the effect of most
single changes. The number of instructions a fixed, seeded workload executes does not depend
on load, so two revisions compare to a fraction of a percent. Valgrind's callgrind counts
them; only the workload itself is counted (a tiny C shim, compiled on first use with the
machine's C compiler from valgrind's own ``callgrind.h``, turns the counting on right before
the workload and off right after it, so imports and the setup of the positions are left out).

Workloads (each seeded, so every run executes the same games):

- ``duel``: two random-play games of `arena.engine.bench.duel_game` (seeds 0 and 1);
- ``legal``: the legal actions of each position of `arena.engine.bench.bench_legal_actions`
  (158: its ``_positions(240)``), every cache cleared first (cold caches);
- ``search``: three hard decisions on `arena.ai.bench.positions` (numbers 0, 3 and 7, each
  with a new controller, without the wall-clock safety net; about 1,800 work units in all).

Each line also prints what the workload produced (a digest of the final games, the actions
chosen and the work spent): two revisions that agree on it played the same games.

Usage::

    python scripts/instructions.py                      # every workload, this checkout
    python scripts/instructions.py --workloads search   # one workload
    python scripts/instructions.py --source /tmp/old    # another checkout (its ``arena``)
    python scripts/instructions.py --against 9b05870    # a commit too, and the ratios
    python scripts/instructions.py --at HEAD --against 9b05870   # two commits (not the
                                                        # checkout, which may be mid-edit)
    python scripts/instructions.py --against 9b05870 --wall 5   # paired wall-clock times

Needs valgrind (``apt-get install -y valgrind``) and a C compiler. On a shared machine,
run it on a free core: ``taskset -c 1 nice -n 5 .venv/bin/python scripts/instructions.py``.
"""

from __future__ import annotations

import argparse
import ctypes
import dataclasses
import hashlib
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

WORKLOADS = ("duel", "legal", "search")
SEARCH_POSITIONS = (0, 3, 7)

_SHIM_C = r"""
#include <valgrind/callgrind.h>
void counting_on(void) { CALLGRIND_START_INSTRUMENTATION; CALLGRIND_ZERO_STATS; }
void counting_off(void) { CALLGRIND_DUMP_STATS_AT("workload"); CALLGRIND_STOP_INSTRUMENTATION; }
"""


def _shim(folder: Path) -> ctypes.CDLL:
    """The counting switch: a shared library whose two functions issue callgrind's client
    requests (Python cannot issue them itself)."""
    source, library = folder / "shim.c", folder / "shim.so"
    if not library.exists():
        source.write_text(_SHIM_C)
        subprocess.run(["cc", "-O1", "-shared", "-fPIC", "-o", str(library), str(source)],
                       check=True)
    return ctypes.CDLL(str(library))


def _prepare(workload: str) -> Callable[[], str]:
    """Set up a workload (not counted) and return the counted part, which returns a summary
    of what it produced."""
    if workload == "duel":
        from arena.engine.bench import duel_game
        from arena.engine.testkit import play_random

        games = [duel_game(seed) for seed in (0, 1)]

        def duel() -> str:
            counts = [play_random(game, seed) for seed, game in enumerate(games)]
            digest = hashlib.sha256("".join(g.state_digest() for g in games).encode())
            return f"actions {counts} digest {digest.hexdigest()[:16]}"
        return duel
    if workload == "legal":
        from arena.engine.bench import _positions
        from arena.engine.move_action import clear_caches

        clones = [g.clone() for g in _positions(240)]
        for clone in clones:  # cold: no state cache either (a copy may start with one)
            clone.state.cache.clear()
        clear_caches()

        def legal() -> str:
            found = [g.legal_actions() for g in clones]
            digest = hashlib.sha256(repr(found).encode())
            return f"positions {len(clones)} digest {digest.hexdigest()[:16]}"
        return legal
    if workload == "search":
        from arena.ai.bench import positions
        from arena.ai.levels import HARD
        from arena.ai.search import SearchController
        from arena.ai.weights import SEARCH_WEIGHTS

        # Without the wall-clock safety net: under valgrind a search runs some fifty times
        # slower and the net would cut it short (the work budget alone must decide).
        untimed = dataclasses.replace(HARD, time_limit=math.inf)
        chosen = [positions()[i] for i in SEARCH_POSITIONS]
        controllers = [SearchController(1, untimed, name="hard", weights=SEARCH_WEIGHTS)
                       for _ in chosen]
        views = [(g.view(g.to_act), g.legal_actions()) for g in chosen]

        def search() -> str:
            picks = []
            for controller, (view, legal) in zip(controllers, views, strict=True):
                action = controller.choose(view, legal)
                picks.append(f"{legal.index(action)}/{controller.stats.work}")
            return "choice/work " + " ".join(picks)
        return search
    raise SystemExit(f"unknown workload {workload!r}")


def _inner(workload: str, folder: Path, timed: bool = False) -> None:
    """Run inside valgrind: set up, count the workload only, print its summary (``timed``:
    run without valgrind and print the workload's wall-clock seconds instead)."""
    work = _prepare(workload)
    if timed:
        started = time.perf_counter()
        work()
        print(time.perf_counter() - started)
        return
    shim = _shim(folder)
    shim.counting_on()
    summary = work()
    shim.counting_off()
    print(summary)


def wall(workload: str, sources: tuple[Path | None, Path | None], rounds: int,
         folder: Path) -> tuple[float, float]:
    """Median wall-clock seconds of a workload for two sources, run in turns (this, that,
    this, that ...) so that the machine's load falls on both alike."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for side, source in enumerate(sources):
            env = dict(os.environ, PYTHONHASHSEED="0")
            if source is not None:
                env["PYTHONPATH"] = str(source)
            done = subprocess.run(
                [sys.executable, str(Path(__file__).resolve()), "--inner", workload,
                 "--folder", str(folder), "--timed"],
                env=env, cwd=folder, capture_output=True, text=True, check=True)
            times[side].append(float(done.stdout.strip().splitlines()[-1]))
    return statistics.median(times[0]), statistics.median(times[1])


def count(workload: str, source: Path | None, folder: Path) -> tuple[int, str]:
    """Instructions of one workload (and its summary), run under callgrind in a new process
    with a fixed hash seed (the same dictionaries, the same order, every run)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    if source is not None:
        env["PYTHONPATH"] = str(source)
    out = folder / f"callgrind.{workload}"
    for old in folder.glob(f"callgrind.{workload}*"):
        old.unlink()
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
         sys.executable, str(Path(__file__).resolve()), "--inner", workload,
         "--folder", str(folder)],
        env=env, cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{workload} failed:\n{done.stderr[-3000:]}")
    dumps = [p for p in folder.glob(f"callgrind.{workload}*") if p.name.endswith(".1")]
    text = dumps[0].read_text() if dumps else ""
    found = re.search(r"^(?:summary|totals): (\d+)", text, re.MULTILINE)
    if found is None:
        raise SystemExit(f"no count for {workload}:\n{done.stderr[-2000:]}")
    return int(found.group(1)), done.stdout.strip().splitlines()[-1]


def export(revision: str, folder: Path) -> Path:
    """A commit's package and shipped content (what the workloads load), unpacked."""
    root = Path(__file__).resolve().parent.parent
    target = folder / f"at-{revision}"
    target.mkdir()
    archive = subprocess.run(["git", "-C", str(root), "archive", revision, "arena", "cards",
                              "scenarios", "assets", "pyproject.toml"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def main() -> None:
    """Print one line per workload: instructions and what the workload produced (and, with
    ``--against``, the same for a commit and the ratio of the two counts)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--source", type=Path, help="folder holding the arena package to measure")
    parser.add_argument("--at", help="a commit to measure instead of the checkout")
    parser.add_argument("--against", help="a commit to measure too (ratio: this / that)")
    parser.add_argument("--wall", type=int, metavar="ROUNDS",
                        help="with --against: paired wall-clock timings instead of counts")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        _inner(args.inner, args.folder, args.timed)
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        other = export(args.against, folder) if args.against else None
        source = export(args.at, folder) if args.at else args.source
        if args.wall:
            for workload in args.workloads.split(","):
                new, old = wall(workload, (source, other), args.wall, folder)
                print(f"{workload:<7} {new:8.3f} s against {old:8.3f} s (median of "
                      f"{args.wall}, in turns): x{old / new:.2f} faster", flush=True)
            return
        for workload in args.workloads.split(","):
            instructions, summary = count(workload, source, folder)
            print(f"{workload:<7} {instructions:>16,} instructions   {summary}", flush=True)
            if other is not None:
                before, said = count(workload, other, folder)
                same = "same results" if said == summary else f"DIFFERENT: {said}"
                print(f"{'':<7} {before:>16,} at {args.against}   ratio "
                      f"{instructions / before:.3f} (x{before / instructions:.2f} fewer), "
                      f"{same}", flush=True)


if __name__ == "__main__":
    main()
