"""Measure the AI quality bars (README "AI opponents"): seeded Duels over every Planeswalker
pairing of the shipped premade armies, in parallel, with a progress bar on stderr.

    .venv/bin/python scripts/ai_strength.py                 # the three bars, 200 games each
    .venv/bin/python scripts/ai_strength.py --games 40      # a quicker, rougher look
    .venv/bin/python scripts/ai_strength.py --only hard-greedy --json

| bar | seats | goal |
|---|---|---|
| hard-random | hard against random | hard wins >= 95% |
| hard-greedy | hard against greedy | hard wins >= 70% |
| normal-random | normal against random | normal wins >= 90% |

Each bar is one ``arena sim`` batch (`arena.ai.sim`): the same games as
``arena sim --scenario duel --seats hard,random --games 200 --seed 1``. The exit code is 1 when
a bar is missed (the win rate itself, not its confidence interval, is compared).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from arena.ai.sim import plan, run_batch, summarize
from arena.ai.sim_cli import Progress

BARS = (
    ("hard-random", ("hard", "random"), 0.95),
    ("hard-greedy", ("hard", "greedy"), 0.70),
    ("normal-random", ("normal", "random"), 0.90),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per bar (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--only", default=None, help="run one bar (hard-random, ...)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    rows = []
    for name, seats, goal in BARS:
        if args.only and args.only != name:
            continue
        specs = plan("duel", seats, args.games, args.seed)
        print(f"{name}: {' vs '.join(seats)}, {len(specs)} Duels", file=sys.stderr)
        progress = Progress(len(specs), sys.stderr, list(seats))
        started = time.perf_counter()
        reports = run_batch(specs, args.jobs, progress.update)
        summary = summarize(reports, args.seed, time.perf_counter() - started)
        ai = seats[0]
        rate = summary.win_rate[ai]
        lo, hi = summary.ci95[ai]
        rows.append({
            "bar": name, "seats": list(seats), "games": summary.games, "wins": summary.wins[ai],
            "win_rate": rate, "ci95": [lo, hi], "goal": goal, "met": rate >= goal,
            "draws": summary.draws, "times": summary.times, "faults": len(summary.faults),
            "seconds": summary.seconds,
        })
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print("| bar | games | wins | win rate | 95% CI (Wilson) | goal | met |")
        print("| --- | ---: | ---: | ---: | --- | ---: | --- |")
        for r in rows:
            lo, hi = r["ci95"]
            print(f"| {r['bar']} | {r['games']} | {r['wins']} | {r['win_rate']:.1%} | "
                  f"[{lo:.1%}, {hi:.1%}] | {r['goal']:.0%} | {'yes' if r['met'] else 'NO'} |")
        print()
        print("| controller (bar) | decisions | median | p95 | max |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for r in rows:
            for name, t in r["times"].items():
                print(f"| {name} ({r['bar']}) | {int(t['decisions'])} | {t['median']:.3f} s | "
                      f"{t['p95']:.3f} s | {t['max']:.3f} s |")
    return 0 if all(r["met"] for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
