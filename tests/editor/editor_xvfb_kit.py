"""Driving the installed editor in a real window (the Xvfb tests): a click or key press is
sent with xdotool and waited for on the editor's own status file (``ARENA_EDITOR_TEST_STATUS``:
the pointer it saw, the clicks and keys it handled), never on a guessed sleep."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_kit import (  # noqa: E402
    STEP_TIMEOUT,
    find_window,
    read_status,
    wait_status,
    xdotool,
)


def launch(display: str, args: list[str], status: Path, data: Path, log: Path,
           **env: str) -> subprocess.Popen[bytes]:
    """Start the installed ``arena-editor`` with `args` on `display`: its status in `status`,
    the player's files in `data`, its output in `log`, and `env` besides."""
    exe = Path(sys.executable).parent / "arena-editor"
    assert exe.exists(), "run `make setup`"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        return subprocess.Popen(
            [str(exe), *args], stdout=out, stderr=out,
            env={**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
                 "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(data),
                 "ARENA_EDITOR_TEST_STATUS": str(status), **env})


@dataclass(frozen=True)
class EditorDriver:
    """The editor's window `window` on `display`, and its status file."""

    display: str
    window: str
    status: Path

    def click(self, pos: tuple[int, int]) -> dict[str, Any]:
        """Point, wait until the editor saw the pointer there, click, wait until it
        handled the click; its status after the click."""
        xdotool(self.display, "mousemove", "--window", self.window, str(pos[0]), str(pos[1]))
        seen = wait_status(self.status, f"the editor to see the pointer at {pos}",
                           lambda s: s["pointer"] == list(pos), STEP_TIMEOUT)
        xdotool(self.display, "click", "1")
        return wait_status(self.status, f"the editor to handle a click at {pos}",
                           lambda s: s["clicks"] > seen["clicks"], STEP_TIMEOUT)

    def key(self, *keys: str) -> None:
        """Press keys in the editor and wait until it handled them."""
        before = (read_status(self.status) or
                  wait_status(self.status, "the editor's status", lambda s: True))["keys"]
        xdotool(self.display, "key", "--window", self.window, *keys)
        wait_status(self.status, f"the editor to handle {' '.join(keys)}",
                    lambda s: s["keys"] >= before + len(keys), STEP_TIMEOUT)


def attach(display: str, program: subprocess.Popen[bytes], status: Path) -> EditorDriver:
    """The driver of a launched editor, once its window is up and drawing."""
    window = find_window(display, lambda: (program.pid,), "Arena Editor")
    wait_status(status, "the editor's first frames", lambda s: s["frames"] >= 2)
    return EditorDriver(display, window, status)
