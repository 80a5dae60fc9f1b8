"""A small battlefield with a bridge over a river, and a game on it with a figure standing on
the water under the bridge, for the client's tests of spaces above spaces (headless and in a
real window). Imported by name: pytest puts this folder on ``sys.path``; the real-window test
also runs it as a program (``python bridge_kit.py FILE.yaml -- ARENA OPTIONS``), which starts
the game's window on that position.

The figure is put under the bridge by hand (its position replaced after set-up): the rules
place figures in starting zones, and this battlefield's zones are on open ground."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arena.client.content import GameSetup
    from arena.engine import Game

RADIUS = 5
DECK = 8
"""The deck's level: the river (level 1) has 6 levels of air under the deck (levels 2-7)."""
UNDER = (0, 0, 1)
"""The water under the bridge's middle: ``0,0@1``."""
ON = (0, 0, DECK)
"""The deck over it: ``0,0@8``."""


def _hexes() -> list[tuple[int, int]]:
    return [(q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1)
            if abs(q + r) <= RADIUS]


def levels_at(q: int, r: int) -> list[str | None]:
    """A river along r = 0 under a bridge along q = 0 from r = -2 to 2 (its ends on the
    banks: piers of land with the deck on top)."""
    ground: list[str | None] = ["water"] if r == 0 else ["land"]
    if q == 0 and -2 <= r <= 2:
        return [*ground, *([None] * (DECK - 2)), "land"]
    return ground


def battlefield_yaml() -> str:
    """The battlefield as a file (null levels are the gaps)."""
    rows = []
    for q, r in _hexes():
        levels = ", ".join("null" if t is None else t for t in levels_at(q, r))
        rows.append(f"  - {{at: [{q}, {r}], levels: [{levels}]}}")
    north = [(q, -RADIUS) for q in range(0, RADIUS + 1)][:6]
    south = [(q, RADIUS) for q in range(-RADIUS, 1)][:6]

    def zone(spaces: list[tuple[int, int]]) -> str:
        return "[" + ", ".join(f"[{q}, {r}]" for q, r in spaces) + "]"

    return "\n".join([
        "format: battlefield",
        "id: river-bridge",
        "name: River Bridge",
        "description: A river with a high bridge across it.",
        "provenance: reconstructed",
        "columns:",
        *rows,
        "starting_zones:",
        "  - id: yellow",
        "    name: Yellow",
        "    colour: '#e8c547'",
        f"    spaces: {zone(north)}",
        "  - id: orange",
        "    name: Orange",
        "    colour: '#e8842c'",
        f"    spaces: {zone(south)}",
        "",
    ])


def write_battlefield(folder: Path) -> Path:
    path = folder / "river-bridge.yaml"
    path.write_text(battlefield_yaml(), encoding="utf-8")
    return path


def bridge_game(path: Path, seed: int = 5) -> tuple[Game, GameSetup, str]:
    """Two human seats on the bridge battlefield after set-up, every figure summoned, player
    1 to choose a card; one of player 1's figures moved onto the water under the bridge
    (returned by id)."""
    from arena.client import direct
    from arena.client.battle_request import BattleRequest
    from arena.client.bench import summon_everything
    from arena.hexgrid import Storey

    game, setup = direct.start(BattleRequest(battlefield=str(path), seats=("human", "human"),
                                      seed=seed))
    summon_everything(game, seed, player=1)
    static = game.state.static
    state = game.state
    mine = sorted(f for f in state.on_battlefield() if state.controller(f) == 1
                  and static.card_def(static.figures[f].card).base != "double"
                  and static.card_def(static.figures[f].card).kind != "planeswalker")
    under = mine[0]
    state.figures[under] = replace(state.figures[under], hexes=(Storey(*UNDER),))
    return game, setup, under


def main(argv: list[str]) -> int:
    """``bridge_kit.py FILE.yaml -- ARENA OPTIONS``: the game window on the bridge position
    (the figure under the bridge named on stdout)."""
    from arena.client import app

    split = argv.index("--")
    game, setup, under = bridge_game(Path(argv[split - 1]))
    print(under, flush=True)
    app.start_battle = lambda options: (game, setup)  # type: ignore[assignment]
    return app.run(argv[split + 1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
