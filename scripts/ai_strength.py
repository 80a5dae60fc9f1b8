"""Measure the AI strength bars (README "AI strength"): seeded batches over the shipped
premade armies, seats rotated, in parallel, with a progress bar on stderr.

    .venv/bin/python scripts/ai_strength.py                 # every bar, 200 games each
    .venv/bin/python scripts/ai_strength.py --games 40      # a quicker, rougher look
    .venv/bin/python scripts/ai_strength.py --only hard-greedy --json
    .venv/bin/python scripts/ai_strength.py --out strength.json   # keeps rows as games finish
    .venv/bin/python scripts/ai_strength.py --seed 101      # the second batch seed

| bar | scenario | seats | goal |
|---|---|---|---|
| hard-greedy | The Duel | hard against greedy | hard wins >= 80%, Wilson lower bound >= 75% |
| expert-greedy | The Duel | expert against greedy | expert wins >= 85%, lower bound >= 80% |
| hard-normal | The Duel | hard against normal | hard wins >= 70% |
| normal-greedy | The Duel | normal against greedy | normal wins >= 60% |
| hard-melee | The Melee, 3 players | hard against two greedy | hard wins >= 50% (chance 33%) |
| hard-skirmish | The Skirmish | hard+hard against greedy+greedy | the hard team wins >= 80% |
| hard-mirror | The Duel, both sides the same army | hard against greedy | hard wins >= 80% |

Each bar is one ``arena sim`` batch (`arena.ai.sim`): the hard-greedy bar plays the same
games as ``arena sim --scenario duel --seats hard,greedy --games 200 --seed 1``, the Melee
bar those of ``arena sim --scenario melee --players 3 --seats hard,greedy,greedy``, the
Skirmish bar those of ``arena sim --scenario skirmish --seats hard,greedy`` (a controller per
team). A bar holds when it holds on two batch seeds (``--seed``), one of them never used
while tuning. The bars' games are played interleaved (game 0 of every bar, then game 1, ...),
so a run stopped early has measured every bar over about as many games, and ``--out``
rewrites its JSON after every game (atomically), so nothing measured is lost. The exit code
is 1 when a bar is missed (the win rate itself, and for hard-greedy the interval's lower
bound, are compared) or a bar is incomplete.

The card-coverage bar (every spell cast and every activated ability used by the hard AI in a
100-game batch) is read from the first 100 games of the hard-greedy bar: a batch's games do
not depend on its length, so they are exactly the games of
``arena sim --seats hard,greedy --games 100 --seed 1 --coverage``. Against greedy, not random:
some spells need the opponent to play its cards (Stand Down bars an opposing squad within six
spaces of the caster's Planeswalker, and a random player seldom brings one there).

A full run takes hours on a small machine, so ``--out`` also keeps every game played, with a
fingerprint of the code and content that decide the games; ``--resume`` then goes on from
that file, playing only the games it lacks, and again those a safety net cut short (a budget
overrun or a fault: the clock, not the code, decided part of them). It refuses a file
measured with other code (the games would not be the same games) or another seed.

    .venv/bin/python scripts/ai_strength.py --out strength.json --resume

``--scheduler ADDRESS`` (or ``ARENA_SCHEDULER``) plays the games on a Dask cluster instead of
local processes (`arena.ai.batches`, docs/cluster.md): the same games and rows, kept in the
same ``--out`` file, so a run begun on one machine goes on on a cluster and back.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from itertools import zip_longest
from pathlib import Path
from typing import Any

from arena.ai.batches import Refused, add_scheduler_option
from arena.ai.runfile import ResumeError, fingerprint, kept_games, run_data
from arena.ai.sim import (
    GameReport,
    GameSpec,
    catalog,
    plan,
    report_to_data,
    run_batch,
    summarize,
)
from arena.ai.sim_cli import Progress
from arena.content.atomic import atomic_write

COVERAGE_GAMES = 100
"""Games of the `COVERAGE_BAR` the coverage bar reads (the issue's 100-game batch)."""
COVERAGE_BAR = "hard-greedy"


@dataclass(frozen=True)
class Bar:
    """One strength bar: a batch of games and the share the first seat's controller must
    win."""

    name: str
    scenario: str
    seats: tuple[str, ...]
    """Controllers by seat, or by team where there are as many as teams (`arena.ai.sim.plan`);
    the first is the one measured."""
    goal: float
    lowest: float = 0.0
    """The least the Wilson 95% interval's lower bound may be."""
    players: int | None = None
    mirror: bool = False
    """Both sides play the same army (every premade army in turn), so neither is favoured
    by its army: what the level is worth when the armies are even."""

    def plan(self, games: int, seed: int) -> list[GameSpec]:
        """The bar's games."""
        if not self.mirror:
            return plan(self.scenario, self.seats, games, seed, players=self.players)
        armies = sorted(catalog().armies)
        per = -(-games // len(armies))
        # Their own game seeds (the batch seed's mirror stream), so no mirror game is also
        # a game of another bar with the same controllers.
        each = [plan(self.scenario, self.seats, per, MIRROR_SEEDS + seed * len(armies) + k,
                     armies=[army], players=self.players) for k, army in enumerate(armies)]
        return [replace(each[i % len(armies)][i // len(armies)], index=i)
                for i in range(games)]


MIRROR_SEEDS = 1_000_000
"""Where the mirror bar's batch seeds start (`Bar.plan`)."""

BARS = (
    Bar("hard-greedy", "duel", ("hard", "greedy"), 0.80, lowest=0.75),
    Bar("expert-greedy", "duel", ("expert", "greedy"), 0.85, lowest=0.80),
    Bar("hard-normal", "duel", ("hard", "normal"), 0.70),
    Bar("normal-greedy", "duel", ("normal", "greedy"), 0.60),
    Bar("hard-melee", "melee", ("hard", "greedy", "greedy"), 0.50, players=3),
    Bar("hard-skirmish", "skirmish", ("hard", "greedy"), 0.80),
    Bar("hard-mirror", "duel", ("hard", "greedy"), 0.80, mirror=True),
)


def _key(spec: GameSpec) -> tuple[str, frozenset[str], int, int]:
    """Which bar and game a report belongs to (bars differ in their scenario, their
    controllers or, the mirror bar, their game seeds)."""
    return (spec.scenario, frozenset(spec.controllers), spec.index,
            int(spec.seed >= MIRROR_SEEDS * 100_003))


def interleave(batches: list[list[GameSpec]]) -> list[GameSpec]:
    """Game 0 of every batch, then game 1, ... (so every bar advances together)."""
    return [s for group in zip_longest(*batches) for s in group if s is not None]


def bar_row(bar: Bar, planned: int, reports: list[GameReport], seed: int, seconds: float
            ) -> dict[str, Any]:
    """One bar's figures from the games played so far."""
    ai = bar.seats[0]
    head = {"bar": bar.name, "scenario": bar.scenario, "seats": list(bar.seats),
            "planned": planned, "goal": bar.goal, "lowest": bar.lowest}
    if not reports:
        return {**head, "games": 0, "met": False, "complete": False}
    summary = summarize(reports, seed, seconds)
    rate = summary.win_rate[ai]
    lo, hi = summary.ci95[ai]
    return {
        **head, "games": summary.games, "complete": summary.games >= planned,
        "wins": summary.wins[ai], "win_rate": rate, "ci95": [lo, hi],
        "met": rate >= bar.goal and lo >= bar.lowest, "draws": summary.draws,
        "times": summary.times, "turn_times": summary.turn_times,
        "faults": len(summary.faults),
        "budget_overruns": summary.budget_overruns, "seconds": summary.seconds,
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
    add_scheduler_option(parser)
    args = parser.parse_args(argv)
    if args.resume and args.out is None:
        parser.error("--resume needs --out (the file to go on from)")
    wanted = [n.strip() for n in args.only.split(",")] if args.only else []
    bars = [b for b in BARS if not wanted or b.name in wanted]
    unknown = [n for n in wanted if n not in {b.name for b in BARS}]
    if unknown or not bars:
        parser.error(f"--only: no bar {', '.join(map(repr, unknown))} (choose from "
                     f"{', '.join(b.name for b in BARS)})")
    batches = [bar.plan(args.games, args.seed) for bar in bars]
    owner = {_key(s): i for i, batch in enumerate(batches) for s in batch}
    played: list[list[GameReport]] = [[] for _ in bars]
    code = fingerprint()
    try:
        kept, before, again = kept_games(args.out, args.resume, args.seed, code)
    except ResumeError as exc:
        print(f"ai_strength: {exc}", file=sys.stderr)
        return 2
    planned = {_key(s): s for batch in batches for s in batch}
    for report in kept:  # games of bars or lengths not asked for now are kept, not counted
        if planned.get(_key(report.spec)) == report.spec:
            played[owner[_key(report.spec)]].append(report)
    done = {_key(r.spec) for bar in played for r in bar}
    todo = [s for s in interleave(batches) if _key(s) not in done]
    names = list(dict.fromkeys(n for bar in bars for n in bar.seats))
    progress = Progress(len(todo), sys.stderr, names)
    started = time.perf_counter()
    state: dict[str, Any] = {"rows": [], "coverage": None}
    games = [report_to_data(r) for r in kept]  # every game, each converted once

    def refresh() -> None:
        seconds = before + time.perf_counter() - started
        state["rows"] = [bar_row(bar, len(batches[i]), played[i], args.seed, seconds)
                         for i, bar in enumerate(bars)]
        for i, bar in enumerate(bars):
            if bar.name == COVERAGE_BAR and state["coverage"] is None:
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

    print(", ".join(f"{bar.name}: {' vs '.join(bar.seats)}" for bar in bars)
          + f"; {args.games} games each, seed {args.seed}"
          + (f" ({len(done)} kept from {args.out}, {len(todo)} to play"
             + (f", {again} of them cut short by a safety net before" if again else "") + ")"
             if args.resume else ""),
          file=sys.stderr)
    if todo:
        try:
            run_batch(todo, args.jobs, on_result, scheduler=args.scheduler)
        except Refused as exc:
            print(f"\nai_strength: {exc}", file=sys.stderr)
            return 2
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


def _verdict(row: dict[str, Any]) -> str:
    """Met or not; a bar short of its games is only above or below its goal so far."""
    if not row["complete"]:
        return f"so far {'above' if row['met'] else 'below'} ({row['games']} of {row['planned']})"
    return "yes" if row["met"] else "NO"


def render(rows: list[dict[str, Any]], coverage: dict[str, Any] | None) -> str:
    """The README's tables (Markdown)."""
    lines = ["| bar | games | wins | win rate | 95% CI (Wilson) | goal | met |",
             "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    for r in rows:
        if not r["games"]:
            continue
        lo, hi = r["ci95"]
        goal = f"{r['goal']:.0%}" + (f", lower bound {r['lowest']:.0%}" if r["lowest"] else "")
        lines.append(f"| {r['bar']} | {r['games']} | {r['wins']} | {r['win_rate']:.1%} | "
                     f"[{lo:.1%}, {hi:.1%}] | {goal} | {_verdict(r)} |")
    lines += ["", "| controller (bar) | decisions | median | p95 | max | budget overruns |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        overruns = r.get("budget_overruns", {})
        for name, t in r.get("times", {}).items():
            lines.append(f"| {name} ({r['bar']}) | {int(t['decisions'])} | "
                         f"{t['median']:.3f} s | {t['p95']:.3f} s | {t['max']:.3f} s | "
                         f"{overruns.get(name, 0)} |")
    lines += ["", "| controller (bar) | own turns | turn time, median | p95 | max |",
              "| --- | ---: | ---: | ---: | ---: |"]
    for r in rows:
        for name, t in r.get("turn_times", {}).items():
            lines.append(f"| {name} ({r['bar']}) | {int(t['turns'])} | {t['median']:.2f} s | "
                         f"{t['p95']:.2f} s | {t['max']:.2f} s |")
    if coverage is not None:
        lines += ["", f"hard AI card coverage, first {coverage['games']} {COVERAGE_BAR} games: "
                  f"{len(coverage['spells_cast'])} spells cast, "
                  f"{len(coverage['abilities_used'])} abilities used; never cast: "
                  f"{', '.join(coverage['spells_never_cast']) or 'none'}; never used: "
                  f"{', '.join(coverage['abilities_never_used']) or 'none'}"]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
