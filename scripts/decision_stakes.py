"""Where a search level's thinking changes what it plays: hard against greedy over seeded
Duels, and for each decision hard searched on its own turn, its stakes (`arena.ai.turn_budget`),
the work it spent and whether the search chose another action than its best one-ply
candidate. The figures behind the turn budget's shares (README "AI strength").

    .venv/bin/python scripts/decision_stakes.py --games 20 --seed 9
    .venv/bin/python scripts/decision_stakes.py --games 20 --seed 9 --per-decision

``--per-decision`` plays hard as it was before the turn budget: every decision 600 units of
work (`SearchConfig.work`). The table goes to standard output, the decisions to ``--out``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from arena.ai.controller import AIController, StopToken
from arena.ai.fingerprint import fingerprint
from arena.ai.levels import HARD, make_controller
from arena.ai.match import Match
from arena.ai.search import SearchConfig, SearchController, _Cand
from arena.ai.sim import new_game, plan
from arena.ai.turn_budget import stakes
from arena.ai.weights import SEARCH_WEIGHTS
from arena.engine import Action, Game


class _Watched(SearchController):
    """Hard, noting for each decision it searches its stakes, its work and whether it chose
    another action than its best one-ply candidate."""

    def __init__(self, seed: int, config: SearchConfig, game: int) -> None:
        super().__init__(seed, config, name="hard", weights=SEARCH_WEIGHTS)
        self.game = game
        self.rows: list[dict[str, Any]] = []
        self._best: Action | None = None

    def candidates(self, view: Game, legal: list[Action], me: int, seed: int,
                   stop: StopToken | None = None) -> list[_Cand]:
        found = super().candidates(view, legal, me, seed, stop)
        self._best = found[0].action if found else None
        return found

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        self._best = None  # set again only if this decision is searched
        action = super().decide(view, legal, stop)
        if self._best is not None:
            self.rows.append({"game": self.game, "turn": view.state.turn,
                              "stakes": str(stakes(view.state, legal)),
                              "work": self.stats.work, "changed": action != self._best})
        return action


def play(index: int, spec: Any, per_decision: bool) -> list[dict[str, Any]]:
    """The decisions hard searched in one game, played by the project's match runner."""
    config = replace(HARD, turn=None) if per_decision else HARD
    seats: dict[int, AIController] = {
        seat: (_Watched(spec.seed * 10 + seat, config, index) if name == "hard"
               else make_controller(name, spec.seed * 10 + seat))
        for seat, name in enumerate(spec.controllers, start=1)}
    Match(new_game(spec), seats, time_limit=spec.time_limit).run()
    return [row for c in seats.values() if isinstance(c, _Watched) for row in c.rows]


def table(rows: list[dict[str, Any]]) -> str:
    """Decisions, work and changed choices by stakes."""
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        entry = by[row["stakes"]]
        entry[0] += 1
        entry[1] += row["work"]
        entry[2] += int(row["changed"])
    total = sum(e[1] for e in by.values()) or 1
    turns = len({(r["game"], r["turn"]) for r in rows}) or 1
    lines = ["| stakes | decisions | work per decision | share of the work | search changed "
             "one ply's choice |", "| --- | ---: | ---: | ---: | ---: |"]
    for kind, (n, work, changed) in sorted(by.items(), key=lambda kv: -kv[1][1]):
        lines.append(f"| {kind} | {n} | {work / n:.0f} | {work / total:.1%} | "
                     f"{changed / n:.0%} |")
    lines.append(f"\n{turns} turns, {total / turns:.0f} units of work per turn")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--per-decision", action="store_true",
                        help="hard as before the turn budget (600 work every decision)")
    parser.add_argument("--out", type=Path, help="keep the decisions in this JSON file")
    args = parser.parse_args(argv)
    rows: list[dict[str, Any]] = []
    for index, spec in enumerate(plan("duel", ["hard", "greedy"], args.games, args.seed)):
        rows += play(index, spec, args.per_decision)
        print(f"game {index + 1}/{args.games}", file=sys.stderr, flush=True)
    print(table(rows))
    if args.out is not None:
        args.out.write_text(json.dumps({"fingerprint": fingerprint(), "seed": args.seed,
                                        "games": args.games,
                                        "per_decision": args.per_decision,
                                        "decisions": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
