"""``arena balance``: play AI games on a battlefield and report each starting zone's win rate.

Example::

    arena balance scenarios/battlefields/duel.yaml --games 20 --json

See `arena.ai.balance` for what is measured. Exit code 0 (the report says whether the map is
balanced), or 2 for a bad option or a battlefield that cannot be played as the scenario.
"""

from __future__ import annotations

import argparse
import json
import sys

from arena.ai.balance import DEFAULT_GAMES, BalanceReport, check
from arena.ai.levels import LEVELS
from arena.ai.sim import resolve_scenario
from arena.ai.sim_cli import parse

__all__ = ["main", "render"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena balance",
        description="Play AI-against-AI games on a battlefield and report whether one "
                    "starting zone wins more than the others.")
    parser.add_argument("battlefield", metavar="BATTLEFIELD", help="a battlefield YAML file")
    parser.add_argument("--scenario", default="duel",
                        help="scenario id or short name played on it (default duel)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games to play (default {DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--seats", default="greedy,greedy",
                        help=f"controllers, comma-separated ({', '.join(LEVELS)}); "
                             "default greedy,greedy")
    parser.add_argument("--jobs", type=int, default=None,
                        help="parallel processes (default: one per core)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def render(report: BalanceReport) -> str:
    """The text report."""
    lines = [f"{report.battlefield} as {report.scenario}: {report.games} games, "
             f"{' vs '.join(report.controllers)}", "",
             f"{'zone':<12} {'games':>5} {'wins':>5} {'win rate':>9}   95% CI (Wilson)"]
    for zone, games in report.zone_games.items():
        lo, hi = report.ci95[zone]
        lines.append(f"{zone:<12} {games:>5} {report.zone_wins[zone]:>5} "
                     f"{report.win_rate[zone]:>8.1%}   [{lo:.1%}, {hi:.1%}]")
    lines += [f"{'draws':<12} {report.draws:>5}", "",
              f"average game length: {report.turns_mean:.1f} turns", "",
              "glyph landings (space: by starting zone):"]
    lines += [f"  {space} ({report.glyph_kinds.get(space, '?')}): "
              + ", ".join(f"{z} {n}" for z, n in by.items())
              for space, by in report.glyphs.items()] or ["  none"]
    lines += ["", "spaces where most figures were destroyed:"]
    lines += [f"  {space}: {n}" for space, n in report.deaths] or ["  none"]
    lines += ["", report.verdict]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point (``arena balance``); returns the exit code."""
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    if args.games < 1:
        print("arena balance: --games must be at least 1", file=sys.stderr)
        return 2
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        scenario = resolve_scenario(args.scenario)

        def progress(done: int, total: int) -> None:
            if sys.stderr.isatty():
                print(f"\r{done}/{total} games", end="" if done < total else "\n",
                      file=sys.stderr, flush=True)
            else:
                print(f"{done}/{total} games", file=sys.stderr, flush=True)

        report = check(args.battlefield, scenario, args.games, args.seed, seats, args.jobs,
                       on_game=None if args.json else progress)
    except (ValueError, KeyError) as exc:
        print(f"arena balance: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_data(), indent=2, sort_keys=True))
    else:
        print(render(report))
    return 0
