"""``arena sim``: play batches of headless matches between controllers and report.

Examples::

    arena sim --scenario duel --seats hard,random --games 200 --seed 1
    arena sim --scenario duel --seats hard,greedy --armies gideon-premade,jace-premade
    arena sim --scenario skirmish --seats normal,random --games 20 --json
    arena sim --scenario melee --players 5 --seats hard,normal,easy,greedy,random --coverage
    arena sim --scenario duel --battlefield my-map.yaml --seats greedy,random --games 2

``--battlefield PATH`` plays the scenario on a battlefield file instead of its own (an imported
community map, say); when the file lacks the scenario's starting zone ids but has enough
zones, its zones stand in for the scenario's in their order (said on stderr).

Games run in parallel (one process per core; ``--jobs``) with a progress bar on stderr; the
report (stdout) gives win rates with 95% Wilson intervals, draws, game lengths and decision
times (median, p95, max per controller), faults, a per-pairing table, and with ``--coverage``
the spells cast and activated abilities used per controller. ``--json`` prints the same as
JSON, with ``budget_overruns``: per controller, the decisions its wall-clock cap cut short.

``--out FILE`` keeps every game in FILE as it is played (`arena.ai.runfile`), and
``--resume`` plays only the games FILE does not hold yet: a long measurement survives being
stopped. ``--scheduler ADDRESS`` (or ``ARENA_SCHEDULER``) plays the games on a Dask cluster
instead of local processes (`arena.ai.batches`): the same games, the same report, the same
run file. Exit code 0, or 2 for a bad option, a run file that cannot be gone on from or a
cluster that cannot be used (unreachable, or a worker with other code or content).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from arena.ai.batches import Refused, add_scheduler_option
from arena.ai.levels import LEVELS
from arena.ai.match import DEFAULT_TIME_LIMIT
from arena.ai.runfile import ResumeError, fingerprint, kept_games, run_data
from arena.ai.sim import (
    GameReport,
    Summary,
    check_fits,
    plan,
    report_to_data,
    resolve_scenario,
    run_batch,
    summarize,
)
from arena.content.atomic import atomic_write

__all__ = ["main", "parse"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena sim",
        description="Play headless matches between AI levels and report win rates.",
    )
    parser.add_argument("--scenario", default="duel",
                        help="scenario id or short name (duel, skirmish, melee, crossroads, "
                             "practice); default duel")
    parser.add_argument("--battlefield", default=None, metavar="PATH",
                        help="a battlefield YAML file to play the scenario on instead of its "
                             "own (checked as the game checks it before a battle)")
    parser.add_argument("--seats", default="hard,random",
                        help=f"controllers by seat (or by team), comma-separated: "
                             f"{', '.join(LEVELS)}; default hard,random")
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--armies", default=None,
                        help="army ids (or short names) to rotate over, comma-separated; "
                             "default every shipped army (all pairings)")
    parser.add_argument("--decks", default="auto",
                        help="'auto' (a deck for each army's Planeswalker when one exists), "
                             "'none', or deck ids by seat, comma-separated")
    parser.add_argument("--players", type=int, default=None,
                        help="players (for scenarios that allow several counts)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="parallel processes (default: one per core)")
    parser.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                        help="seconds per decision before the runner falls back (a net for a "
                             f"hung AI; default {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--coverage", action="store_true",
                        help="report spells cast and abilities used per controller")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--out", type=Path, default=None,
                        help="keep every game in this JSON file, rewritten after each game")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the games kept in --out (same code, content, seed)")
    add_scheduler_option(parser)
    return parser


class Progress:
    """A progress bar on a stream (redrawn in place on a terminal, else a line per 10%)."""

    def __init__(self, total: int, stream: TextIO, names: list[str]) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.names = names
        self.wins = dict.fromkeys(names, 0)
        self.draws = 0
        self.started = time.perf_counter()
        self.tty = stream.isatty()
        self._last_decile = -1

    def update(self, report: GameReport) -> None:
        self.done += 1
        for name in {report.spec.controllers[w - 1] for w in report.winners}:
            self.wins[name] = self.wins.get(name, 0) + 1
        if not report.winners:
            self.draws += 1
        self.draw()

    def draw(self) -> None:
        elapsed = time.perf_counter() - self.started
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        width = 30
        filled = int(width * self.done / max(1, self.total))
        tally = "  ".join(f"{n} {self.wins.get(n, 0)}" for n in self.names)
        line = (f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games  "
                f"{tally}  draws {self.draws}  {_clock(elapsed)} elapsed, ETA {_clock(eta)}")
        if self.tty:
            self.stream.write("\r" + line + "\x1b[K")
            if self.done >= self.total:
                self.stream.write("\n")
        else:
            decile = self.done * 10 // max(1, self.total)
            if decile != self._last_decile or self.done >= self.total:
                self._last_decile = decile
                self.stream.write(line + "\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s"


def render(summary: Summary, coverage: bool) -> str:
    """The text report."""
    lines = [
        f"{summary.scenario}: {summary.games} games, seats {' vs '.join(summary.controllers)}, "
        f"armies {', '.join(summary.armies)}, seed {summary.seed} "
        f"({summary.seconds:.0f} s)",
        "",
        f"{'controller':<10} {'wins':>5} {'win rate':>9}   95% CI (Wilson)",
    ]
    for name in summary.controllers:
        lo, hi = summary.ci95[name]
        lines.append(f"{name:<10} {summary.wins[name]:>5} {summary.win_rate[name]:>8.1%}   "
                     f"[{lo:.1%}, {hi:.1%}]")
    lines.append(f"{'draws':<10} {summary.draws:>5}")
    if summary.errors:
        lines.append(f"{'errors':<10} {summary.errors:>5}")
    t, a = summary.turns, summary.actions
    lines += [
        "",
        f"game length: turns median {t['median']:g} (mean {t['mean']:.1f}, min {t['min']:g}, "
        f"max {t['max']:g}); actions median {a['median']:g} (mean {a['mean']:.1f})",
        "",
        f"{'decision times':<14} {'decisions':>9} {'median':>9} {'p95':>9} {'max':>9}",
    ]
    for name in summary.controllers:
        x = summary.times[name]
        lines.append(f"{name:<14} {int(x['decisions']):>9} {x['median']:>8.3f}s "
                     f"{x['p95']:>8.3f}s {x['max']:>8.3f}s")
    lines += ["", f"{'turn times':<14} {'turns':>9} {'median':>9} {'p95':>9} {'max':>9}"]
    for name in summary.controllers:
        x = summary.turn_times[name]
        lines.append(f"{name:<14} {int(x['turns']):>9} {x['median']:>8.3f}s "
                     f"{x['p95']:>8.3f}s {x['max']:>8.3f}s")
    lines += ["", "pairings (controller:army, wins / games):"]
    for entry in summary.pairings:
        wins = ", ".join(f"{k} {v}" for k, v in entry["wins"].items())
        lines.append(f"  {' vs '.join(entry['seats'])}: {wins}, draws {entry['draws']} "
                     f"/ {entry['games']}")
    lines.append("")
    overruns = ", ".join(f"{k} {v}" for k, v in summary.budget_overruns.items())
    lines.append(f"budget overruns (decisions cut by the wall clock): {overruns}")
    lines.append(f"faults: {len(summary.faults)}")
    lines.extend(f"  {f}" for f in summary.faults[:10])
    if len(summary.faults) > 10:
        lines.append(f"  ... and {len(summary.faults) - 10} more")
    if coverage:
        lines += ["", "card coverage (from the events):"]
        for name in summary.controllers:
            c = summary.coverage[name]
            lines.append(f"  {name}:")
            cast = ", ".join(f"{k} x{v}" for k, v in c["spells_cast"].items()) or "none"
            used = ", ".join(f"{k} x{v}" for k, v in c["abilities_used"].items()) or "none"
            lines.append(f"    spells cast: {cast}")
            if c["spells_never_cast"]:
                lines.append(f"    spells never cast: {', '.join(c['spells_never_cast'])}")
            lines.append(f"    abilities used: {used}")
            if c["abilities_never_used"]:
                lines.append(f"    abilities never used: {', '.join(c['abilities_never_used'])}")
    return "\n".join(lines)


def parse(parser: argparse.ArgumentParser, argv: list[str] | None
          ) -> argparse.Namespace | int:
    """The options, or the exit code when argparse ends the command (``--help``: 0, a bad
    option: 2) -- the batch commands return codes instead of raising ``SystemExit``."""
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else 2


def main(argv: list[str] | None = None) -> int:
    """Entry point (``arena sim``); returns the exit code."""
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    seats = [s for s in args.seats.split(",") if s.strip()]
    armies = [a for a in args.armies.split(",") if a.strip()] if args.armies else None
    decks: str | list[str] = args.decks
    if args.decks not in ("auto", "none"):
        decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    if args.games < 1:
        print("arena sim: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        if args.battlefield is not None:
            renamed = check_fits(resolve_scenario(args.scenario), args.battlefield)
            if renamed:
                print(f"arena sim: the battlefield's zones {', '.join(renamed)} play as "
                      f"{', '.join(renamed.values())}", file=sys.stderr)
        specs = plan(args.scenario, seats, args.games, args.seed, armies, decks, args.players,
                     args.time_limit, args.battlefield)
    except (ValueError, KeyError) as exc:
        print(f"arena sim: {exc}", file=sys.stderr)
        return 2
    if args.resume and args.out is None:
        print("arena sim: --resume needs --out (the file to go on from)", file=sys.stderr)
        return 2
    if args.out is not None and not args.resume and args.out.exists():
        print(f"arena sim: {args.out} exists; add --resume to go on from its games, or give "
              "another --out (nothing was changed)", file=sys.stderr)
        return 2
    code = fingerprint() if args.out is not None else ""
    try:
        kept, before, again = kept_games(args.out, args.resume, args.seed, code)
    except ResumeError as exc:
        print(f"arena sim: {exc}", file=sys.stderr)
        return 2
    if again:
        print(f"arena sim: {again} game(s) in {args.out} were cut short by a safety net (a budget "
              "overrun or a fault); they are played again", file=sys.stderr)
    planned = {s.index: s for s in specs}
    kept = [r for r in kept if planned.get(r.spec.index) == r.spec]
    done = {r.spec.index for r in kept}
    todo = [s for s in specs if s.index not in done]
    names = list(dict.fromkeys(n for s in specs for n in s.controllers))
    progress = None if args.quiet else Progress(len(todo), sys.stderr, names)
    started = time.perf_counter()
    games = [report_to_data(r) for r in kept]

    def on_result(report: GameReport) -> None:
        games.append(report_to_data(report))
        if args.out is not None:
            seconds = before + time.perf_counter() - started
            try:
                atomic_write(args.out, json.dumps(run_data(games, args.seed, code, seconds),
                                                  indent=1) + "\n")
            except OSError as exc:  # the games go on; the report still prints
                print(f"arena sim: could not write {args.out}: {exc.strerror}",
                      file=sys.stderr)
        if progress is not None:
            progress.update(report)

    try:
        reports = kept + (run_batch(todo, args.jobs, on_result, scheduler=args.scheduler)
                          if todo else [])
    except Refused as exc:
        if progress is not None and progress.tty and progress.done:
            print(file=sys.stderr)
        print(f"arena sim: {exc}", file=sys.stderr)
        return 2
    reports.sort(key=lambda r: r.spec.index)
    summary = summarize(reports, args.seed, before + time.perf_counter() - started)
    if args.json:
        print(json.dumps(summary.to_data(), indent=2, sort_keys=True))
    else:
        print(render(summary, args.coverage))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
