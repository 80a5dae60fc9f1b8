"""End to end on a virtual X server: the installed ``arena-editor`` opens the Duel battlefield,
"Check balance" is clicked, 4 games are typed and started with Enter; the editor keeps drawing
frames while the games are played in the background, and when they are done the window shows
the report and the heat map is on the board, and no worker process is left. Every step waits
on the editor's own status file (``ARENA_EDITOR_TEST_STATUS``), never on a guessed sleep.
Where to click is worked out by the same editor code run here on SDL's dummy driver. Skips
without Xvfb and xdotool. The screenshot is tests/artifacts/editor/xvfb-balance.png."""

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
    press_closing_key,
    screenshot,
    wait_status,
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


def test_a_balance_check_of_four_games_shows_its_report(
        x_display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    pygame.display.set_mode(editor_app.WINDOW_SIZE)
    try:
        model = editor_app.EditorApp(DUEL, recover=False)
        balance = model.panels.buttons["balance"].rect.center
        model.balance.open()
        games = model.balance.games.rect.center
    finally:
        pygame.quit()

    with editor_window(x_display, tmp_path, [str(DUEL)], "xvfb-balance.log") as editor:
        program, window, mine = editor.program, editor.window, editor.status
        click, key = editor.click, editor.key

        click(balance)
        wait_status(mine, "the balance window", lambda s: s["balance"]["open"])
        click(games)
        key("End", "BackSpace", "BackSpace", "4", "Return")
        started = wait_status(mine, "the games to start",
                              lambda s: s["balance"]["state"] == "running", STEP_TIMEOUT)
        assert started["balance"]["total"] == 4
        # The window goes on drawing while the games are played elsewhere.
        wait_status(mine, "frames drawn while the games are played",
                    lambda s: s["frames"] >= started["frames"] + 20 and
                    s["balance"]["state"] in ("running", "done"), STEP_TIMEOUT)
        assert _workers(program.pid)
        done = wait_status(mine, "the four games", lambda s: s["balance"]["state"] != "running",
                           GAMES_TIMEOUT)
        assert done["balance"] | {"heat": 1} == {
            "state": "done", "open": True, "done": 4, "total": 4, "report": True,
            "heat": 1, "refused": ""}
        assert done["balance"]["heat"] >= 1  # hexes on the board's heat map
        assert "Check balance: 4 games played" in done["message"]
        assert not _workers(program.pid)  # nothing is left playing
        frames = done["frames"]
        wait_status(mine, "a frame with the report", lambda s: s["frames"] > frames + 2)
        if shutil.which("import"):
            screenshot(x_display, ARTIFACTS / "xvfb-balance.png")
        assert press_closing_key(x_display, window, "ctrl+q",
                                 lambda: program.wait(timeout=STEP_TIMEOUT)) == 0
