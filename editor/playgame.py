"""Open the game straight into a battle with the builder's army and deck.

``python -m editor.playgame --scenario ID --army ID [--deck ID] [--opponent ID]`` runs the
game client exactly as ``arena`` does, except that its first screen is the battle set up by
these options (player 1: a human with the army and deck, player 2: a normal computer player
with a premade army of another Planeswalker) instead of the main menu. The builder's "Play
with this army" starts it in its own process (see `editor.testplay.launch_battle`), with
``ARENA_CONTENT`` pointing at the test-play content, so the battle can be on the battlefield
being edited. If the battle cannot be set up (a file changed since it was saved), the game
opens on its main menu and prints why.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any


def parse_args(argv: Sequence[str] | None) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(prog="python -m editor.playgame",
                                     description="Open the game on a battle with these "
                                                 "files; other options go to the game.")
    parser.add_argument("--scenario", required=True, help="scenario id")
    parser.add_argument("--army", required=True, help="player 1's army id (shipped or own)")
    parser.add_argument("--deck", default="", help="player 1's spell deck id")
    parser.add_argument("--opponent", default="", help="player 2's army id (default: a "
                        "premade army of another Planeswalker)")
    parser.add_argument("--seed", type=int, default=None)
    return parser.parse_known_args(None if argv is None else list(argv))


def opponent_for(army_id: str, catalog: Any, user_armies: dict[str, Any]) -> str:
    """A shipped army led by a Planeswalker other than `army_id`'s (the first by id)."""
    mine = catalog.armies.get(army_id) or user_armies.get(army_id)
    walker = getattr(mine, "planeswalker", "")
    others = sorted(str(a.id) for a in catalog.armies.values() if a.planeswalker != walker)
    return others[0] if others else str(sorted(catalog.armies)[0])


def battle_scene(app: Any, args: argparse.Namespace) -> Any:
    """The battle the options describe, or the main menu (with the reason printed)."""
    from arena.client import content
    from arena.client.content import GameSetup, SeatSetup
    from arena.client.scenes.battle import BattleScene
    from arena.client.scenes.menu import MainMenu

    try:
        scenario = content.catalog().scenarios.get(args.scenario)
        found = content.user_files(scenario)
        opponent = args.opponent or opponent_for(args.army, content.catalog(), found.armies)
        setup = GameSetup(scenario=args.scenario, seed=args.seed or random.randrange(1, 10**6),
                          seats=(SeatSetup("human", army=args.army, deck=args.deck),
                                 SeatSetup("ai", "normal", army=opponent)))
        return BattleScene(app, content.new_game(setup), setup.seats, setup=setup)
    except Exception as exc:  # noqa: BLE001 - the game still opens, on its menu
        print(f"Could not start the battle: {exc}", file=sys.stderr)
        return MainMenu(app)


def main(argv: Sequence[str] | None = None) -> int:
    args, rest = parse_args(argv)
    from arena.client import app as client

    client.first_scene = lambda app, quick: battle_scene(app, args)
    return client.run(rest)


if __name__ == "__main__":
    raise SystemExit(main())
