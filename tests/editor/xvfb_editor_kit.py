"""What the editor's real-window tests share: the installed ``arena-editor`` started on a
private Xvfb (`xvfb_kit`), and real clicks and key presses that each wait until the editor's
own status file (``ARENA_EDITOR_TEST_STATUS``) shows it handled them -- never a guessed sleep."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_kit import (  # noqa: E402
    START_TIMEOUT,
    STEP_TIMEOUT,
    find_window,
    press_closing_key,
    read_status,
    screenshot,
    wait_status,
    x_server,
    xdotool,
)

__all__ = ["START_TIMEOUT", "STEP_TIMEOUT", "EditorWindow", "editor_window", "press_closing_key",
           "read_status", "shot", "wait_status", "x_server"]

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts" / "editor"


@dataclass
class EditorWindow:
    """A running editor: its process, X display, window id and status file."""

    program: subprocess.Popen[bytes]
    display: str
    window: str
    status: Path

    def now(self) -> dict[str, Any]:
        """The editor's status now (written every frame or so once the window is up)."""
        return read_status(self.status) or wait_status(self.status, "the editor's status",
                                                       lambda s: True)

    def point(self, pos: tuple[int, int]) -> dict[str, Any]:
        """Move the pointer to `pos` and wait until the editor saw it there."""
        xdotool(self.display, "mousemove", "--window", self.window, str(pos[0]), str(pos[1]))
        return wait_status(self.status, f"the editor to see the pointer at {pos}",
                           lambda s: s["pointer"] == list(pos), STEP_TIMEOUT)

    def click(self, pos: tuple[int, int]) -> dict[str, Any]:
        """Point, wait until the editor saw the pointer there, click, wait until it handled
        the click; its status after the click."""
        xdotool(self.display, "mousemove", "--window", self.window, str(pos[0]), str(pos[1]))
        seen = wait_status(self.status, f"the editor to see the pointer at {pos}",
                           lambda s: s["pointer"] == list(pos), STEP_TIMEOUT)
        xdotool(self.display, "click", "1")
        return wait_status(self.status, f"the editor to handle a click at {pos}",
                           lambda s: s["clicks"] > seen["clicks"], STEP_TIMEOUT)

    def key(self, *keys: str) -> None:
        """Press keys in the editor and wait until it handled them."""
        before = self.now()["keys"]
        xdotool(self.display, "key", "--window", self.window, *keys)
        wait_status(self.status, f"the editor to handle {' '.join(keys)}",
                    lambda s: s["keys"] >= before + len(keys), STEP_TIMEOUT)

    def type(self, text: str) -> None:
        """Type text into the field that has the keyboard and wait until the editor handled
        every key (a capital's Shift counts as one more)."""
        before = self.now()["keys"]
        xdotool(self.display, "type", "--window", self.window, "--delay", "40", text)
        wait_status(self.status, f"the editor to handle typing {text!r}",
                    lambda s: s["keys"] >= before + len(text), STEP_TIMEOUT)


@contextmanager
def editor_window(display: str, tmp_path: Path, args: list[str], log: str,
                  env: Mapping[str, str] | None = None) -> Iterator[EditorWindow]:
    """Start ``arena-editor --no-recover ARGS`` on ``display`` (its user files in
    ``tmp_path``), wait for its window and first frames, and kill it at the end if the test
    did not close it. Its output goes to the artifacts folder as ``log``."""
    exe = Path(sys.executable).parent / "arena-editor"
    assert exe.exists(), "run `make setup`"
    status = tmp_path / "editor-status.json"
    full = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11",
            "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(tmp_path / "data"),
            "ARENA_EDITOR_TEST_STATUS": str(status), **(env or {})}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / log).open("w") as out:
        program = subprocess.Popen([str(exe), "--no-recover", *args], env=full,
                                   stdout=out, stderr=out)
    try:
        window = find_window(display, lambda: (program.pid,),
                             lambda shown: shown.startswith("Arena Editor"))
        wait_status(status, "the editor's first frames", lambda s: s["frames"] >= 2)
        yield EditorWindow(program, display, window, status)
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()


def shot(display: str, name: str) -> None:
    """A screenshot of the whole screen into the artifacts folder (when ImageMagick is
    there)."""
    if shutil.which("import"):
        screenshot(display, ARTIFACTS / name)
