"""Measure the AI quality bars (README "AI opponents"): seeded Duels over every Planeswalker
pairing of the shipped premade armies, in parallel, with a progress bar on stderr.

    .venv/bin/python scripts/ai_strength.py                 # the three bars, 200 games each
    .venv/bin/python scripts/ai_strength.py --games 40      # a quicker, rougher look
    .venv/bin/python scripts/ai_strength.py --only hard-greedy --json
    .venv/bin/python scripts/ai_strength.py --out strength.json   # keeps rows as games finish

| bar | seats | goal |
|---|---|---|
| hard-random | hard against random | hard wins >= 95% |
| hard-greedy | hard against greedy | hard wins >= 70% |
| normal-random | normal against random | normal wins >= 90% |

Each bar is one ``arena sim`` batch (`arena.ai.sim`): the same games as
``arena sim --scenario duel --seats hard,random --games 200 --seed 1``. The bars' games are
played interleaved (game 0 of every bar, then game 1, ...), so a run stopped early has
measured every bar over about as many games, and ``--out`` rewrites its JSON after every game
(atomically), so nothing measured is lost. The exit code is 1 when a bar is missed (the win
rate itself, not its confidence interval, is compared) or a bar is incomplete.

The card-coverage bar (every spell cast and every activated ability used by the hard AI in a
100-game batch) is read from the first 100 games of the hard-greedy bar: a batch's games do
not depend on its length, so they are exactly the games of
``arena sim --seats hard,greedy --games 100 --seed 1 --coverage``. Against greedy, not random:
some spells need the opponent to play its cards (Stand Down bars an opposing squad within six
spaces of the caster's Planeswalker, and a random player seldom brings one there).

A full run takes hours on a small machine, so ``--out`` also keeps every game played, with a
fingerprint of the code and content that decide the games; ``--resume`` then goes on from
that file, playing only the games it lacks. It refuses a file measured with other code (the
games would not be the same games) or another seed.

    .venv/bin/python scripts/ai_strength.py --out strength.json --resume
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import zip_longest
from pathlib import Path
from typing import Any

from arena.ai.runfile import ResumeError, fingerprint, kept_games, run_data
from arena.ai.sim import (
    GameReport,
    GameSpec,
    plan,
    report_to_data,
    run_batch,
    summarize,
)
from arena.ai.sim_cli import Progress
from arena.content.yamlio import atomic_write

COVERAGE_GAMES = 100
"""Games of the `COVERAGE_BAR` the coverage bar reads (the issue's 100-game batch)."""
COVERAGE_BAR = "hard-greedy"

BARS = (
    ("hard-random", ("hard", "random"), 0.95),
    ("hard-greedy", ("hard", "greedy"), 0.70),
    ("normal-random", ("normal", "random"), 0.90),
)


def _key(spec: GameSpec) -> tuple[frozenset[str], int]:
    """Which bar and game a report belongs to (bars differ in their controllers)."""
    return (frozenset(spec.controllers), spec.index)


def interleave(batches: list[list[GameSpec]]) -> list[GameSpec]:
    """Game 0 of every batch, then game 1, ... (so every bar advances together)."""
    return [s for group in zip_longest(*batches) for s in group if s is not None]


def bar_row(name: str, seats: tuple[str, ...], goal: float, planned: int,
            reports: list[GameReport], seed: int, seconds: float) -> dict[str, Any]:
    """One bar's figures from the games played so far."""
    ai = seats[0]
    if not reports:
        return {"bar": name, "seats": list(seats), "games": 0, "planned": planned,
                "goal": goal, "met": False, "complete": False}
    summary = summarize(reports, seed, seconds)
    rate = summary.win_rate[ai]
    lo, hi = summary.ci95[ai]
    return {
        "bar": name, "seats": list(seats), "games": summary.games, "planned": planned,
        "complete": summary.games >= planned, "wins": summary.wins[ai], "win_rate": rate,
        "ci95": [lo, hi], "goal": goal, "met": rate >= goal, "draws": summary.draws,
        "times": summary.times, "faults": len(summary.faults), "seconds": summary.seconds,
        "pairings": summary.pairings,
    }


def coverage_of(reports: list[GameReport], seed: int) -> dict[str, Any] | None:
    """The hard AI's card coverage over the first `COVERAGE_GAMES` games of a bar (None until
    they are all played)."""
    first = sorted(reports, key=lambda r: r.spec.index)[:COVERAGE_GAMES]
    if [r.spec.index for r in first] != list(range(COVERAGE_GAMES)):
        return None
    c = summarize(first, seed).coverage["hard"]
    return {"games": COVERAGE_GAMES, **c,
            "met": not c["spells_never_cast"] and not c["abilities_never_used"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per bar (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--only", default=None, help="run one bar (hard-random, ...)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--out", type=Path, default=None,
                        help="keep the rows and games in this JSON file, rewritten after "
                             "every game")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the games kept in --out (same code and seed)")
    args = parser.parse_args(argv)
    if args.resume and args.out is None:
        parser.error("--resume needs --out (the file to go on from)")
    bars = [b for b in BARS if not args.only or args.only == b[0]]
    if not bars:
        parser.error(f"--only: no bar {args.only!r} (choose from "
                     f"{', '.join(b[0] for b in BARS)})")
    batches = [plan("duel", seats, args.games, args.seed) for _, seats, _ in bars]
    owner = {_key(s): i for i, batch in enumerate(batches) for s in batch}
    played: list[list[GameReport]] = [[] for _ in bars]
    code = fingerprint()
    try:
        kept, before = kept_games(args.out, args.resume, args.seed, code)
    except ResumeError as exc:
        print(f"ai_strength: {exc}", file=sys.stderr)
        return 2
    planned = {_key(s): s for batch in batches for s in batch}
    for report in kept:  # games of bars or lengths not asked for now are kept, not counted
        if planned.get(_key(report.spec)) == report.spec:
            played[owner[_key(report.spec)]].append(report)
    done = {_key(r.spec) for bar in played for r in bar}
    todo = [s for s in interleave(batches) if _key(s) not in done]
    names = list(dict.fromkeys(n for _, seats, _ in bars for n in seats))
    progress = Progress(len(todo), sys.stderr, names)
    started = time.perf_counter()
    state: dict[str, Any] = {"rows": [], "coverage": None}
    games = [report_to_data(r) for r in kept]  # every game, each converted once

    def refresh() -> None:
        seconds = before + time.perf_counter() - started
        state["rows"] = [bar_row(name, seats, goal, len(batches[i]), played[i], args.seed,
                                 seconds) for i, (name, seats, goal) in enumerate(bars)]
        for i, (name, _, _) in enumerate(bars):
            if name == COVERAGE_BAR and state["coverage"] is None:
                state["coverage"] = coverage_of(played[i], args.seed)
        if args.out is not None:
            atomic_write(args.out, json.dumps(run_data(
                games, args.seed, code, seconds, bars=state["rows"],
                coverage=state["coverage"]), indent=1) + "\n")

    def on_result(report: GameReport) -> None:
        played[owner[_key(report.spec)]].append(report)
        games.append(report_to_data(report))
        progress.update(report)
        refresh()

    print(", ".join(f"{name}: {' vs '.join(seats)}" for name, seats, _ in bars)
          + f"; {args.games} Duels each"
          + (f" ({len(done)} kept from {args.out}, {len(todo)} to play)" if args.resume else ""),
          file=sys.stderr)
    if todo:
        run_batch(todo, args.jobs, on_result)
    refresh()
    rows: list[dict[str, Any]] = state["rows"]
    coverage: dict[str, Any] | None = state["coverage"]
    if args.json:
        print(json.dumps({"bars": rows, "coverage": coverage}, indent=2))
    else:
        print(render(rows, coverage))
    met = all(r["met"] and r["complete"] for r in rows) and (
        coverage is None or bool(coverage["met"]))
    return 0 if met else 1


def render(rows: list[dict[str, Any]], coverage: dict[str, Any] | None) -> str:
    """The README's tables (Markdown)."""
    lines = ["| bar | games | wins | win rate | 95% CI (Wilson) | goal | met |",
             "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    for r in rows:
        if not r["games"]:
            continue
        lo, hi = r["ci95"]
        lines.append(f"| {r['bar']} | {r['games']} | {r['wins']} | {r['win_rate']:.1%} | "
                     f"[{lo:.1%}, {hi:.1%}] | {r['goal']:.0%} | "
                     f"{'yes' if r['met'] else 'NO'} |")
    lines += ["", "| controller (bar) | decisions | median | p95 | max |",
              "| --- | ---: | ---: | ---: | ---: |"]
    for r in rows:
        for name, t in r.get("times", {}).items():
            lines.append(f"| {name} ({r['bar']}) | {int(t['decisions'])} | "
                         f"{t['median']:.3f} s | {t['p95']:.3f} s | {t['max']:.3f} s |")
    if coverage is not None:
        lines += ["", f"hard AI card coverage, first {coverage['games']} {COVERAGE_BAR} games: "
                  f"{len(coverage['spells_cast'])} spells cast, "
                  f"{len(coverage['abilities_used'])} abilities used; never cast: "
                  f"{', '.join(coverage['spells_never_cast']) or 'none'}; never used: "
                  f"{', '.join(coverage['abilities_never_used']) or 'none'}"]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
