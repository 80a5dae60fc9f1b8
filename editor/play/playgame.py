"""The game process the editor starts, straight into a battle (``arena play`` options).

"Test play" and the builder's "Play with this army" both run the game as its own process
(the editor stays open and responsive), with the game's direct-start options
(`arena.client.direct`): the battle begins at once, no menus. ``ARENA_CONTENT`` lays the
test-play content folder (`editor.play.testplay.prepare`) over the game's content, so the scenario
"Test play: <name>" on the battlefield being edited is there for the first battle and, for
more games, under New game. A value the game cannot start with is reported on the game's
stderr (exit code 2); the editor checks what it can before starting it, and watches the
process (`GameProcess`): a game that stops with an error has its message shown in the
editor's status line, with the file holding its whole report.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

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


class WatchedGame(Protocol):
    """What the editor watches of a game it started (`GameProcess`, or a test's stand-in)."""

    reported: bool
    """Set once the game has stopped and whatever there was to tell was told."""

    def poll(self) -> str | None:
        """Once, after the game stopped with an error: what to tell the map maker."""
        ...


@dataclass
class GameProcess:
    """A game the editor started, and the file its error output goes to (the game reports
    what stopped it there; the editor's own window is where the map maker is looking)."""

    process: subprocess.Popen[bytes]
    log: Path
    reported: bool = False

    def poll(self) -> str | None:
        """Once, after the game stopped with an error: what to tell the map maker (the
        game's last report line and where the whole report is). None while it runs, after
        a clean exit (whose report file, with nothing to tell, is removed), or once told."""
        code = self.process.poll()
        if code is None or self.reported:
            return None
        self.reported = True
        if code == 0:
            self.log.unlink(missing_ok=True)
            return None
        try:
            lines = [line.strip() for line in self.log.read_text(errors="replace").splitlines()]
        except OSError:
            lines = []
        last = next((line for line in reversed(lines) if line), "no message")
        return f"The game stopped with an error (exit {code}): {last} (report: {self.log})"


def launch(content_root: Path, argv: Sequence[str]) -> GameProcess:
    """Start the game process `argv` on the content under `content_root`, its error output
    kept in a report file in the system's temporary folder."""
    env = {**os.environ, "ARENA_CONTENT": str(content_root)}
    fd, name = tempfile.mkstemp(prefix="arena-game-", suffix=".log")
    with os.fdopen(fd, "wb") as log:
        process = subprocess.Popen(list(argv), env=env, stderr=log)
    return GameProcess(process, Path(name))
