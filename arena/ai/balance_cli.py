"""``arena balance``: is a battlefield fair, and how strong is an army?

Examples::

    arena balance scenarios/battlefields/duel.yaml --games 20 --json
    arena balance scenarios/battlefields/skirmish.yaml --scenario skirmish --games 8
    arena balance --armies chandra-premade,liliana-premade --games 20 --json
    arena balance --armies my-army.yaml --opponents premade --scenario duel --games 40
    arena balance --armies liliana --decks none --games 40     # the army alone, no spells

With a BATTLEFIELD: each starting zone's win rate, and per team and per seat in the Skirmish
and the Melee (`arena.ai.balance`). With ``--armies``: each army's win rate against a field
(every premade army by default) and a rating on one scale (`arena.ai.army_strength`). Both
play where every batch plays (``--jobs``, ``--scheduler``: `arena.ai.batches`). Exit code 0
(the report says what it found), or 2 for a bad option, a battlefield the scenario cannot be
played on, or a cluster that cannot be used.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from arena.ai.army_strength import PREMADE, StrengthReport, measure
from arena.ai.balance import (
    DEFAULT_GAMES,
    BalanceReport,
    check,
    favoured_lines,
    first_player_line,
)
from arena.ai.batches import Refused, add_scheduler_option
from arena.ai.levels import LEVELS
from arena.ai.sim import resolve_scenario
from arena.ai.sim_cli import parse

__all__ = ["deck_choice", "main", "render", "render_strength"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="arena balance",
        description="Play AI-against-AI games on a battlefield and report whether one "
                    "starting zone (team, seat) wins more than the others; or, with "
                    "--armies, play armies against a field and rate them.")
    parser.add_argument("battlefield", metavar="BATTLEFIELD", nargs="?", default=None,
                        help="a battlefield YAML file (not with --armies)")
    parser.add_argument("--armies", default=None, metavar="A,B,...",
                        help="rate these armies (ids, short names, army files, or 'premade' "
                             "for every premade army) against the --opponents")
    parser.add_argument("--opponents", default=PREMADE, metavar="A,B,...",
                        help="with --armies: the field each army plays (default 'premade': "
                             "every premade army; the army itself is left out)")
    parser.add_argument("--decks", default="auto", metavar="auto|none|D,...",
                        help="with --armies: 'auto' (each Planeswalker's premade deck), "
                             "'none' (no spell decks on either side: the armies alone), or "
                             "a deck (id or deck file) for each army tested, in order")
    parser.add_argument("--scenario", default="duel",
                        help="scenario id or short name played on it (default duel)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES,
                        help=f"games to play; with --armies, per army (default "
                             f"{DEFAULT_GAMES})")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--seats", default="greedy,greedy",
                        help=f"controllers, comma-separated ({', '.join(LEVELS)}); "
                             "default greedy,greedy")
    parser.add_argument("--players", type=int, default=None,
                        help="players, for a scenario of several counts (the Melee: 3-5; "
                             "default its fewest)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="parallel processes (default: one per core)")
    add_scheduler_option(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def deck_choice(decks: str, armies: Sequence[str]) -> tuple[dict[str, str], bool]:
    """``--decks`` read for the tested ``armies``: the deck named for each army and whether
    every game is played without decks. Raises ValueError, in words, for what cannot be
    read so."""
    key = decks.strip().lower()
    if key == "auto":
        return {}, False
    if not armies:  # a battlefield check plays each side's own deck
        raise ValueError("--decks goes with --armies (the decks of the armies tested)")
    if key == "none":
        return {}, True
    named = [d.strip() for d in decks.split(",") if d.strip()]
    if PREMADE in (a.lower() for a in armies):
        raise ValueError(f"--decks names decks army by army: name the armies one by one "
                         f"with --armies instead of '{PREMADE}'")
    if len(named) != len(armies):
        raise ValueError(f"--decks names {len(named)} deck(s) for {len(armies)} army(ies): "
                         "give one deck for each army tested, in the order of --armies (or "
                         "'auto', 'none')")
    return dict(zip(armies, named, strict=True)), False


def render(report: BalanceReport) -> str:
    """The text report."""
    lines = [f"{report.battlefield} as {report.scenario}: {report.games} games, "
             f"{' vs '.join(report.controllers)}", "",
             f"{'zone':<12} {'games':>5} {'wins':>5} {'win rate':>9}   95% CI (Wilson)"]
    for zone, games in report.zone_games.items():
        lo, hi = report.ci95[zone]
        lines.append(f"{zone:<12} {games:>5} {report.zone_wins[zone]:>5} "
                     f"{report.win_rate[zone]:>8.1%}   [{lo:.1%}, {hi:.1%}]")
    for title, games_by, wins_by, rate_by, ci_by in (
            ("team", report.team_games, report.team_wins, report.team_rate, report.team_ci95),
            ("seat", report.seat_games, report.seat_wins, report.seat_rate, report.seat_ci95)):
        if len(games_by) < 2:
            continue
        lines += ["", f"{title:<12} {'games':>5} {'wins':>5} {'win rate':>9}   95% CI (Wilson)"]
        for key, games in games_by.items():
            lo, hi = ci_by[key]
            lines.append(f"{key:<12} {games:>5} {wins_by[key]:>5} {rate_by[key]:>8.1%}   "
                         f"[{lo:.1%}, {hi:.1%}]")
    lines += [f"{'draws':<12} {report.draws:>5}", "",
              f"average game length: {report.turns_mean:.1f} turns", "",
              "glyph landings (space: by starting zone):"]
    lines += [f"  {space} ({report.glyph_kinds.get(space, '?')}): "
              + ", ".join(f"{z} {n}" for z, n in by.items())
              for space, by in report.glyphs.items()] or ["  none"]
    lines += [f"  UNEVEN: {line}" for line in favoured_lines(report)]
    if first_player_line(report):
        lines += ["", f"note: {first_player_line(report)}"]
    if report.reach:
        lines += ["", *report.reach]
    lines += ["", "spaces where most figures were destroyed:"]
    lines += [f"  {space}: {n}" for space, n in report.deaths] or ["  none"]
    lines += ["", report.verdict]
    return "\n".join(lines)


def render_strength(report: StrengthReport) -> str:
    """The army strength report as text."""
    lines = [f"{report.scenario}: {report.games} games, {' vs '.join(report.controllers)} "
             f"on both sides, seats swapped, against {', '.join(report.opponents)} "
             f"(seed {report.seed})",
             "decks: " + ", ".join(f"{_short(a)} {_short(d)}" for a, d in report.decks.items())
             + ("" if any(d != "none" for d in report.decks.values())
                else " (every game without spell decks: the armies alone)"), "",
             f"{'army':<20} {'games':>5} {'wins':>5} {'draws':>5} {'win rate':>9}   "
             "95% CI (Wilson)"]
    for army, s in report.armies.items():
        lo, hi = s.ci95
        lines.append(f"{_short(army):<20} {s.games:>5} {s.wins:>5} {s.draws:>5} "
                     f"{s.win_rate:>8.1%}   [{lo:.1%}, {hi:.1%}]")
    lines += ["", "rating (Bradley-Terry over every game; 0 = the field's average):",
              f"{'army':<20} {'rating':>7} {'95% CI':>17} {'Elo-like':>9} {'games':>6}"]
    for r in report.ratings:
        lo, hi = r["ci95"]
        interval = f"[{lo:+.2f}, {hi:+.2f}]"
        lines.append(f"{_short(r['army']):<20} {r['rating']:>+7.2f} {interval:>17} "
                     f"{r['elo']:>+9.0f} {r['games']:>6}")
    for army, s in report.armies.items():
        lines += ["", f"{_short(army)}:"]
        lines.append("  against: " + ", ".join(
            f"{_short(o)} {c['wins']}/{c['games']}" for o, c in s.by_opponent.items()))
        lines.append("  by seat: " + ", ".join(
            f"seat {k} {c['wins']}/{c['games']}" for k, c in s.by_seat.items()))
        lines.append("  games ended: " + (", ".join(f"{k} {n}" for k, n in s.ended.items())
                                          or "none"))
        lines.append("  spells cast: " + (", ".join(f"{k} x{n}" for k, n in s.spells.items())
                                          or "none"))
        lines.append("  abilities used: " + (", ".join(
            f"{k} x{n}" for k, n in s.abilities.items()) or "none"))
    if report.errors:
        lines += ["", f"games that failed: {report.errors}"]
    return "\n".join(lines)


def _short(army: str) -> str:
    """An army as the tables name it (a file by its name, an id as it is)."""
    return army.rsplit("/", 1)[-1]


def _progress(done: int, total: int) -> None:
    if sys.stderr.isatty():
        print(f"\r{done}/{total} games", end="" if done < total else "\n",
              file=sys.stderr, flush=True)
    else:
        print(f"{done}/{total} games", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    """Entry point (``arena balance``); returns the exit code."""
    args = parse(_parser(), argv)
    if isinstance(args, int):
        return args
    if args.games < 1:
        print("arena balance: --games must be at least 1", file=sys.stderr)
        return 2
    if (args.battlefield is None) == (args.armies is None):
        print("arena balance: give a BATTLEFIELD file, or --armies to rate armies (not both)",
              file=sys.stderr)
        return 2
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    progress = None if args.json else _progress
    report: BalanceReport | StrengthReport
    armies = [a.strip() for a in (args.armies or "").split(",") if a.strip()]
    try:
        named, deckless = deck_choice(args.decks, armies)
        if args.armies is not None:
            report = measure(armies, args.opponents.split(","), args.scenario, args.games,
                             args.seed, seats, args.jobs, args.scheduler, on_game=progress,
                             decks=named, deckless=deckless)
        else:
            report = check(args.battlefield, resolve_scenario(args.scenario), args.games,
                           args.seed, seats, args.jobs, on_game=progress,
                           scheduler=args.scheduler, players=args.players)
    except (ValueError, KeyError, Refused) as exc:
        print(f"arena balance: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_data(), indent=2, sort_keys=True))
    elif isinstance(report, StrengthReport):
        print(render_strength(report))
    else:
        print(render(report))
    return 0
