"""The game process the editor starts, straight into a battle (``arena play`` options).

"Test play" and the builder's "Play with this army" both run the game as its own process
(the editor stays open and responsive), with the game's direct-start options
(`arena.client.direct`): the battle begins at once, no menus. ``ARENA_CONTENT`` points the
game at the test-play content root (`editor.testplay.prepare`), so the scenario
"Test play: <name>" on the battlefield being edited is there for the first battle and, for
more games, under New game. A value the game cannot start with is reported on the game's
stderr (exit code 2); the editor checks what it can before starting it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

DEFAULT_SEATS = ("human", "normal")
"""A test game: the player against the computer at normal difficulty."""


def command(scenario: str, army: str = "", deck: str = "",
            seats: Sequence[str] = DEFAULT_SEATS) -> list[str]:
    """The command line that starts the game in a battle on `scenario`: seat 1 plays `army`
    with `deck` when given (ids or paths), the other seats premade armies and decks."""
    argv = [sys.executable, "-m", "arena", "play", "--scenario", scenario,
            "--seats", ",".join(seats)]
    if army:
        argv += ["--army", army]
    if deck:
        argv += ["--deck", deck]
    return argv


def launch(content_root: Path, argv: Sequence[str]) -> subprocess.Popen[bytes]:
    """Start the game process `argv` on the content under `content_root`."""
    env = {**os.environ, "ARENA_CONTENT": str(content_root)}
    return subprocess.Popen(list(argv), env=env)
