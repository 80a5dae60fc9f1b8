"""Compare two AI strength runs game by game (README "AI strength").

Two files kept by ``scripts/ai_strength.py --out`` hold the same planned games (same batch
seed: the same armies, seats and game seeds), played by two versions of the code. Paired by
game, the games both versions won or both lost say nothing about the difference; the games
only one of them won do, and an exact sign test on those tells a real change from the dice
(two hundred Duels differ by about six points from luck alone). Only the games both files
hold are compared, so a partial run can be read early. Two levels pair up the same way when
their bars plan the same games: ``--old-level hard`` reads the old file's games as the ones
hard played where the new file's measured side (expert, say) sits.

    .venv/bin/python scripts/ai_paired.py OLD.json NEW.json [--bar hard-greedy]
    .venv/bin/python scripts/ai_paired.py HARD.json EXPERT.json --old-level hard
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from arena.ai.sim import sign_test

Bars = dict[frozenset[str], tuple[str, str]]
"""A strength file's bars by their seats: (bar name, the side it measures)."""


def _key(game: dict[str, Any], side: str | None = None, level: str | None = None
         ) -> tuple[tuple[str, ...], int, int]:
    """A game's plan: its seats, index and dice seed (with ``side``'s seats read as
    ``level``)."""
    spec = game["spec"]
    seats = tuple(level if level is not None and c == side else c for c in spec["controllers"])
    return seats, int(spec["index"]), int(spec["seed"])


def bars_of(data: dict[str, Any]) -> Bars:
    """The bars a strength file measured, as its own rows name them (the first seat of a
    bar is the side it measures: ``scripts/ai_strength.py`` BARS)."""
    return {frozenset(row["seats"]): (str(row["bar"]), str(row["seats"][0]))
            for row in data.get("bars", [])}


def measured_won(game: dict[str, Any], side: str) -> bool:
    """Whether the measured side won the game."""
    return game["spec"]["controllers"].index(side) + 1 in game["winners"]


def compare(old: dict[str, Any], new: dict[str, Any], old_level: str | None = None
            ) -> dict[str, dict[str, Any]]:
    """Per bar: the games both files hold, wins of each, the paired split and its p-value,
    and the wins of each by the army the measured side played. ``old_level``: the level the
    old file's measured side played (default: the same as the new file's)."""
    before = {_key(g): g for g in old["games"]}
    bars = bars_of(new)
    out: dict[str, dict[str, Any]] = {}
    for game in new["games"]:
        spec = game["spec"]
        bar = bars.get(frozenset(spec["controllers"]))
        if bar is None:
            continue
        name, side = bar
        twin = before.get(_key(game, side, old_level))
        if twin is None:
            continue
        row = out.setdefault(name, {
            "games": 0, "old": 0, "new": 0, "only_old": 0, "only_new": 0,
            "armies": {}})
        a, b = measured_won(twin, old_level or side), measured_won(game, side)
        row["games"] += 1
        row["old"] += a
        row["new"] += b
        row["only_old"] += a and not b
        row["only_new"] += b and not a
        seat = spec["controllers"].index(side)
        army = str(spec["armies"][seat]).removesuffix("-premade")
        tally = row["armies"].setdefault(army, Counter())
        tally["games"] += 1
        tally["old"] += a
        tally["new"] += b
    for row in out.values():
        row["p"] = sign_test(row["only_old"], row["only_new"])
        row["armies"] = {k: dict(v) for k, v in sorted(row["armies"].items())}
    return out


def render(rows: dict[str, dict[str, Any]]) -> str:
    """The comparison as text."""
    if not rows:
        return "No game is in both files (another seed or plan?)."
    lines = []
    for bar, row in sorted(rows.items()):
        lines.append(
            f"{bar}: {row['games']} games in both; won {row['old']} before, {row['new']} now; "
            f"only before {row['only_old']}, only now {row['only_new']} "
            f"(sign test p = {row['p']:.3f})")
        lines.append("  by army: " + ", ".join(
            f"{army} {t['old']}->{t['new']}/{t['games']}" for army, t in row["armies"].items()))
    return "\n".join(lines)


def _load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise SystemExit(f"{path}: not a strength file ({exc}); write one with "
                         "scripts/ai_strength.py --out") from exc
    if not isinstance(data, dict) or not isinstance(data.get("games"), list):
        raise SystemExit(f"{path}: no kept games; write one with scripts/ai_strength.py --out")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path, help="the earlier run's file")
    parser.add_argument("new", type=Path, help="the later run's file")
    parser.add_argument("--bar", default=None, help="one bar only (hard-greedy, ...)")
    parser.add_argument("--old-level", default=None, metavar="LEVEL",
                        help="the level the old file's measured side played, to pair two "
                             "levels' games on the same plans (expert's with hard's)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    old, new = _load(args.old), _load(args.new)
    if old.get("seed") != new.get("seed"):
        print(f"warning: batch seeds differ ({old.get('seed')} and {new.get('seed')}): "
              "no game pairs up", file=sys.stderr)
    rows = compare(old, new, args.old_level)
    if args.bar is not None:
        rows = {k: v for k, v in rows.items() if k == args.bar}
    print(json.dumps(rows, indent=2) if args.json else render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
