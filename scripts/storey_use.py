"""Count how many games of an ``arena sim`` batch stand a figure on a storey (a space written
``q,r@level``: one of several surfaces of a column, under or on a bridge or an overhang) at
least once: the batch's games replayed from its plan, 20 random and 4 greedy Duels by
default, as `measurements/community-storeys/README.md` ran them.

    .venv/bin/python scripts/storey_use.py BATTLEFIELD.yaml [...]
"""

from __future__ import annotations

import sys

from arena.ai.levels import make_controller
from arena.ai.match import Match
from arena.ai.sim import new_game, plan

BATCHES = (("random", 20), ("greedy", 4))


def games_on_storeys(path: str, seats: str, games: int, seed: int = 1) -> int:
    """How many of the batch's games had an action naming a storey."""
    used = 0
    for spec in plan("the-duel", [seats, seats], games, seed, battlefield=path):
        game = new_game(spec)
        controllers = {seat: make_controller(name, spec.seed * 10 + seat)
                       for seat, name in enumerate(spec.controllers, start=1)}
        Match(game, controllers, time_limit=spec.time_limit).run()
        used += any("@" in word for action in game.actions for word in action.split())
    return used


def main(argv: list[str]) -> int:
    for path in argv:
        for seats, games in BATCHES:
            print(f"{path}: {seats}, {games_on_storeys(path, seats, games)} of {games} games "
                  "stood a figure on a storey")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
