"""End to end on a virtual X server: the installed ``arena-editor`` in a real window, a small
battlefield built with real mouse clicks and key presses (xdotool): raise land, paint water,
place a glyph and two starting zones; Ctrl+S saves it. "Test play" starts the game straight
into a battle on that battlefield (no menus), which is closed again. Then an army and a
12-spell deck are
built by clicking in the builder, named by typing, and "Play with this army" saves both into
the player's folders and starts a test game with them on the battlefield being edited: the
game's window opens straight on the battle (no menus), and is closed again. Esc quits the
editor; the saved battlefield loads and validates, and the army and deck are playable user
files.

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver (same window size, same map, so the same camera). Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_kit import (  # noqa: E402
    find_window,
    press_closing_key,
    screenshot,
    wait_status,
    x_server,
    xdotool,
)

from arena.content.loader import load_file
from arena.content.userfiles import load_user_files
from arena.hexgrid import Hex
from editor import app as editor_app
from editor import model as m
from editor.builder import shipped_catalog
from editor.validation import validate

pytestmark = pytest.mark.xvfb

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts" / "editor"


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); screenshots are optional."""
    yield from x_server(tmp_path_factory, ("Xvfb", "xdotool"))


def test_build_save_reload_by_clicking(x_display: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "clicked-field.yaml"
    # Where things are: the same editor, headless, in this process.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    pygame.display.set_mode(editor_app.WINDOW_SIZE)
    try:
        model = editor_app.EditorApp(target, recover=False)
        proj = model.projection()

        def at(h: m.Coord, level: int = 1) -> tuple[int, int]:
            x, y = proj.to_screen(Hex(*h), float(level))
            return (round(x), round(y))

        tool = {k: b.rect.center for k, b in model.tool_buttons.items()}
        new_zone = model.buttons["new-zone"].rect.center
        armies = model.buttons["armies"].rect.center
        test_play = model.buttons["test-play"].rect.center
        model.open_builder()
        win = model.builder_window
        assert win is not None
        first_card = win.army_choices.item_list_container.elements[0].rect.center
        first_spell = win.spell_choices.item_list_container.elements[0].rect.center
        army_name = win.army_name.rect.center
        deck_name = win.deck_name.rect.center
        play = win.play.rect.center
    finally:
        pygame.quit()

    exe = Path(sys.executable).parent / "arena-editor"
    assert exe.exists(), "run `make setup`"
    status = tmp_path / "game-status.json"
    env = {**os.environ, "DISPLAY": x_display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(tmp_path / "data"),
           "ARENA_TEST_STATUS": str(status)}  # read by the game the editor starts
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "xvfb-editor.log").open("w") as log:
        program = subprocess.Popen([str(exe), "--no-recover", str(target)], env=env,
                                   stdout=log, stderr=log)
    try:
        window = find_window(x_display, lambda: (program.pid,), "Arena Editor")
        time.sleep(1.0)  # the first frames

        def click(pos: tuple[int, int]) -> None:
            xdotool(x_display, "mousemove", "--window", window, str(pos[0]), str(pos[1]))
            time.sleep(0.15)
            xdotool(x_display, "click", "1")
            time.sleep(0.3)

        click(tool["raise"])
        click(at((0, 0)))
        xdotool(x_display, "key", "--window", window, "2")  # brush: water
        time.sleep(0.3)
        click(tool["paint"])
        click(at((-3, 0)))
        click(tool["glyph"])
        click(at((1, 0)))
        click(new_zone)
        click(at((-1, -2)))
        click(new_zone)
        click(at((0, 2)))
        xdotool(x_display, "key", "--window", window, "ctrl+s")
        time.sleep(0.5)
        _screenshot(x_display, "xvfb-built.png")

        # Test play: the game opens straight on a battle on this battlefield.
        click(test_play)
        game = _game_window(x_display, status, program.pid)
        try:
            battle = wait_status(status, "the test play's battle",
                                 lambda s: s["top"] == "BattleScene", timeout=40.0)
            assert battle["scenes"] == ["BattleScene"]  # straight in, no menus
            setup = battle["setup"]
            assert setup["scenario"] == "test-play"  # "Test play: <name>" on this map
            assert [(seat["kind"], seat["difficulty"], seat["army"])
                    for seat in setup["seats"]] == [("human", "normal", "gideon-premade"),
                                                    ("ai", "normal", "jace-premade")]
            time.sleep(1.0)
            _screenshot(x_display, "xvfb-test-play.png")
        finally:
            _close_game(x_display, game)
        status.unlink()  # the next game writes its own

        # The army and deck builder: one army card, twelve spells, both named by typing.
        click(armies)
        time.sleep(1.5)  # the card catalogue loads
        click(first_card)
        for _ in range(12):
            click(first_spell)
        for entry, text in ((army_name, "Clicked Army"), (deck_name, "Clicked Deck")):
            click(entry)
            xdotool(x_display, "key", "--window", window, "ctrl+a", "BackSpace")
            xdotool(x_display, "type", "--window", window, "--delay", "40", text)
            time.sleep(0.4)
        _screenshot(x_display, "xvfb-builder.png")
        click(play)
        game = _game_window(x_display, status, program.pid)
        try:
            battle = wait_status(status, "the test game's battle",
                                 lambda s: s["top"] == "BattleScene", timeout=40.0)
            assert battle["scenes"] == ["BattleScene"]  # straight in, no menus
            me, them = battle["setup"]["seats"]
            assert (me["kind"], me["army"], me["deck"]) == ("human", "clicked-army",
                                                            "clicked-deck")
            assert them["kind"] == "ai" and battle["setup"]["scenario"] == "test-play"
            time.sleep(1.5)
            _screenshot(x_display, "xvfb-test-game.png")
        finally:
            _close_game(x_display, game)
        assert press_closing_key(x_display, window, "Escape",
                                 lambda: program.wait(timeout=10)) == 0
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()

    saved = m.Editor.open(target)
    doc = saved.doc
    assert load_file(target).id == "clicked-field"
    assert doc.top((0, 0)) == 2
    assert doc.terrain((-3, 0)) == "water"
    assert doc.glyphs[(1, 0)].glyph == "power"
    assert {z.id: z.spaces for z in doc.zones} == {"yellow": [(-1, -2)], "blue": [(0, 2)]}
    assert validate(doc).ok

    found = load_user_files(tmp_path / "data", shipped_catalog())
    assert found.skipped == []
    assert list(found.armies) == ["clicked-army"] and list(found.decks) == ["clicked-deck"]
    assert len(found.armies["clicked-army"].cards) == 1
    assert len(found.decks["clicked-deck"].spells) == 12


def _screenshot(display: str, name: str) -> None:
    if shutil.which("import"):
        screenshot(display, ARTIFACTS / name)


def _game_window(display: str, status: Path, editor_pid: int) -> str:
    """The window of the game the editor started: a child process of the editor, with a
    visible window titled "Arena"."""
    wait_status(status, "the game to start", lambda s: s["top"] is not None, timeout=40.0)
    children = Path(f"/proc/{editor_pid}/task/{editor_pid}/children")
    return find_window(display, lambda: children.read_text().split() if children.exists()
                       else (), "Arena")


def _close_game(display: str, window: str) -> None:
    """End the game the editor started (by its process id, found from its window)."""
    pid = int(xdotool(display, "getwindowpid", window))
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
