"""End to end on a virtual X server: in the installed ``arena-editor``'s army builder an army
card is clicked in, 4 games are typed and "Test strength" is clicked; the editor keeps
drawing frames while greedy AIs play the army against the premade armies in the background,
and when they are done the rating stands beside the points total and no worker process is
left. Every step waits on the editor's own status file (``ARENA_EDITOR_TEST_STATUS``), never
on a guessed sleep. Where to click is worked out by the same editor code run here on SDL's
dummy driver. Skips without Xvfb and xdotool. The screenshot is
tests/artifacts/editor/xvfb-strength.png."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_editor_kit import editor_window  # noqa: E402
from xvfb_kit import (  # noqa: E402
    SLOW,
    STEP_TIMEOUT,
    screenshot,
    wait_status,
    xdotool,
)

from editor import app as editor_app

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts" / "editor"
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"
GAMES_TIMEOUT = 600.0 * SLOW
"""Seconds for four Duels of greedy AIs on a loaded machine (the step ends when they end)."""


def _workers(pid: int) -> list[str]:
    """The editor's child processes that play games (multiprocessing's spawned workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = []
    for child in children.read_text().split() if children.exists() else ():
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if b"spawn_main" in command:
            found.append(child)
    return found


def test_test_strength_of_four_games_shows_the_rating(
        x_display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    pygame.display.set_mode(editor_app.WINDOW_SIZE)
    try:
        model = editor_app.EditorApp(DUEL, recover=False)
        armies = model.panels.buttons["armies"].rect.center
        model.armies.open()
        win = model.armies.window
        assert win is not None
        first_card = win.army_choices.item_list_container.elements[0].rect.center
        games = win.strength.games.rect.center
        test = win.strength.button.rect.center
        quiet = win.army_findings.rect.center
    finally:
        pygame.quit()

    with editor_window(x_display, tmp_path, [str(DUEL)], "xvfb-strength.log") as editor:
        program, window, mine = editor.program, editor.window, editor.status
        click, key = editor.click, editor.key

        click(armies)
        wait_status(mine, "the army and deck builder", lambda s: s["builder"] is not None)
        click(first_card)
        wait_status(mine, "a card in the army", lambda s: s["builder"]["cards"] == 1,
                    STEP_TIMEOUT)
        click(games)
        key("End", "BackSpace", "BackSpace", "4")
        click(test)
        started = wait_status(mine, "the games to start", lambda s:
                              s["builder"]["strength"]["state"] == "running", STEP_TIMEOUT)
        assert started["builder"]["strength"]["total"] == 4
        # The window goes on drawing while the games are played elsewhere.
        wait_status(mine, "frames drawn while the games are played",
                    lambda s: s["frames"] >= started["frames"] + 20, STEP_TIMEOUT)
        assert _workers(program.pid)
        done = wait_status(mine, "the four games", lambda s:
                           s["builder"]["strength"]["state"] != "running", GAMES_TIMEOUT)
        strength = done["builder"]["strength"]
        assert (strength["state"], strength["done"], strength["refused"]) == ("done", 4, "")
        assert strength["line"].startswith("Strength ") and "won " in strength["line"]
        assert strength["line"].endswith("/4")
        assert not _workers(program.pid)  # nothing is left playing
        # The pointer off the button (its tool tip would cover the rating), then the picture.
        xdotool(x_display, "mousemove", "--window", window, str(quiet[0]), str(quiet[1]))
        wait_status(mine, "the pointer off the button", lambda s: s["pointer"] == list(quiet),
                    STEP_TIMEOUT)
        frames = wait_status(mine, "the status", lambda s: True)["frames"]
        wait_status(mine, "frames with the rating", lambda s: s["frames"] > frames + 5)
        if shutil.which("import"):
            screenshot(x_display, ARTIFACTS / "xvfb-strength.png")
        key("Escape")  # the builder owns the keys: Esc closes it, and the games stay done
        wait_status(mine, "the builder closed", lambda s: s["builder"] is None, STEP_TIMEOUT)
        assert not _workers(program.pid)
