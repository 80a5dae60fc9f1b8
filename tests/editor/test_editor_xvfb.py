"""End to end on a virtual X server: the installed ``arena-editor`` in a real window, a small
battlefield built with real mouse clicks and key presses (xdotool): raise land, paint water,
place a glyph and two starting zones. New, with that work unsaved, asks Save / Discard /
Cancel, and Cancel keeps the work (the map, its undo history and its unsaved mark); then
Ctrl+S saves it. "Test play" starts the game straight
into a battle on that battlefield (no menus), which is closed again. Then an army and a
12-spell deck are
built by clicking in the builder, named by typing, and "Play with this army" saves both into
the player's folders and starts a test game with them on the battlefield being edited: the
game's window opens straight on the battle (no menus), and is closed again. Esc quits the
editor; the saved battlefield loads and validates, and the army and deck are playable user
files.

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver (same window size, same map, so the same camera). Every step waits on the programs'
own status files (the editor's ``ARENA_EDITOR_TEST_STATUS``, the game's ``ARENA_TEST_STATUS``)
or on the files they write, never on a guessed sleep. Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_editor_kit import editor_window  # noqa: E402
from xvfb_kit import (  # noqa: E402
    STEP_TIMEOUT,
    find_window,
    press_closing_key,
    screenshot,
    wait_status,
    xdotool,
)

from arena.content.loader import load_file
from arena.content.userfiles import load_user_files
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m
from editor.core.builder import shipped_catalog
from editor.core.validation import validate

pytestmark = pytest.mark.xvfb

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts" / "editor"



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

        tool = {k: b.rect.center for k, b in model.panels.tool_buttons.items()}
        new_zone = model.panels.buttons["new-zone"].rect.center
        armies = model.panels.buttons["armies"].rect.center
        test_play = model.panels.buttons["test-play"].rect.center
        new = model.panels.buttons["new"].rect.center
        model.run_command(m.Raise((0, 0)))
        model.docs.request_new()
        assert model.docs.prompt is not None
        cancel = model.docs.prompt.buttons["cancel"].rect.center
        model.docs.answer("cancel")
        model.docs.prompt.window.kill()
        model.armies.open()
        win = model.armies.window
        assert win is not None
        first_card = win.army_choices.item_list_container.elements[0].rect.center
        first_spell = win.spell_choices.item_list_container.elements[0].rect.center
        army_name = win.army_name.rect.center
        deck_name = win.deck_name.rect.center
        play = win.play.rect.center
        findings = win.army_findings.rect.center
    finally:
        pygame.quit()

    status = tmp_path / "game-status.json"
    with editor_window(x_display, tmp_path, [str(target)], "xvfb-editor.log",
                       {"ARENA_TEST_STATUS": str(status)}) as editor:  # for the game it starts
        program, window, mine = editor.program, editor.window, editor.status
        click, key = editor.click, editor.key

        click(tool["raise"])
        click(at((0, 0)))
        key("2")  # brush: water
        click(tool["paint"])
        click(at((-3, 0)))
        click(tool["glyph"])
        click(at((1, 0)))
        click(new_zone)
        click(at((-1, -2)))
        click(new_zone)
        click(at((0, 2)))

        def title() -> str:
            """The window's title as the window manager sees it (the editor sets it in the
            frame before it writes the status waited on)."""
            return xdotool(x_display, "getwindowname", window)

        # New with unsaved work asks first; Cancel keeps everything.
        built = wait_status(mine, "the unsaved map", lambda s: s["dirty"], STEP_TIMEOUT)
        assert title() == f"{editor_app.TITLE} - {target.name} *"  # unsaved: marked
        click(new)
        wait_status(mine, "the Save / Discard / Cancel question", lambda s: s["question"],
                    STEP_TIMEOUT)
        _screenshot(x_display, "xvfb-new-prompt.png")
        click(cancel)
        kept = wait_status(mine, "the question to close", lambda s: not s["question"],
                           STEP_TIMEOUT)
        assert kept["dirty"] and kept["revision"] == built["revision"]
        assert kept["message"].startswith("Still editing")
        key("ctrl+s")
        saved = wait_status(mine, "the battlefield saved", lambda s: target.exists()
                            and s["message"].startswith("Saved"), STEP_TIMEOUT)
        assert title() == f"{editor_app.TITLE} - {target.name}"  # saved: the mark goes
        key("ctrl+z")
        undone = wait_status(mine, "the undo", lambda s: s["dirty"], STEP_TIMEOUT)
        assert title().endswith(" *")
        key("ctrl+y")  # back at the saved state: clean again
        redone = wait_status(mine, "the redo", lambda s: not s["dirty"], STEP_TIMEOUT)
        assert not saved["dirty"] and undone["revision"] != redone["revision"]
        assert title() == f"{editor_app.TITLE} - {target.name}"
        _screenshot(x_display, "xvfb-built.png")

        # Test play: the game opens straight on a battle on this battlefield.
        click(test_play)
        game = _game_window(x_display, status, program.pid)
        try:
            battle = wait_status(status, "the test play's battle",
                                 lambda s: s["top"] == "BattleScene")
            assert battle["scenes"] == ["BattleScene"]  # straight in, no menus
            setup = battle["setup"]
            assert setup["scenario"] == "test-play"  # "Test play: <name>" on this map
            assert [(seat["kind"], seat["difficulty"], seat["army"])
                    for seat in setup["seats"]] == [("human", "normal", "gideon-premade"),
                                                    ("ai", "normal", "jace-premade")]
            _settled(status)
            _screenshot(x_display, "xvfb-test-play.png")
        finally:
            _close_game(x_display, game)
        status.unlink()  # the next game writes its own

        # The army and deck builder: one army card, twelve spells, both named by typing.
        click(armies)
        wait_status(mine, "the army and deck builder", lambda s: s["builder"] is not None)
        click(first_card)
        for n in range(12):
            click(first_spell)
            wait_status(mine, f"spell {n + 1} in the deck",
                        lambda s, n=n: s["builder"]["spells"] == n + 1, STEP_TIMEOUT)
        for entry, field, text in ((army_name, "army_name", "Clicked Army"),
                                   (deck_name, "deck_name", "Clicked Deck")):
            click(entry)
            key("ctrl+a", "BackSpace")
            xdotool(x_display, "type", "--window", window, "--delay", "40", text)
            wait_status(mine, f"the {field} typed", lambda s, f=field, t=text:
                        s["builder"][f] == t, STEP_TIMEOUT)
        _screenshot(x_display, "xvfb-builder.png")

        # The wheel over the builder's rule messages is the builder's: the map behind it
        # keeps its zoom (it used to zoom the hidden map).
        xdotool(x_display, "mousemove", "--window", window, str(findings[0]), str(findings[1]))
        seen = wait_status(mine, "the pointer over the builder's messages", lambda s:
                           s["pointer"] == list(findings) and s["modal"], STEP_TIMEOUT)
        xdotool(x_display, "click", "--repeat", "4", "5")
        wheeled = wait_status(mine, "the editor to handle the wheel",
                              lambda s: s["clicks"] >= seen["clicks"] + 4, STEP_TIMEOUT)
        assert wheeled["zoom"] == seen["zoom"]
        click(play)
        game = _game_window(x_display, status, program.pid)
        try:
            battle = wait_status(status, "the test game's battle",
                                 lambda s: s["top"] == "BattleScene")
            assert battle["scenes"] == ["BattleScene"]  # straight in, no menus
            me, them = battle["setup"]["seats"]
            assert (me["kind"], me["army"], me["deck"]) == ("human", "clicked-army",
                                                            "clicked-deck")
            assert them["kind"] == "ai" and battle["setup"]["scenario"] == "test-play"
            _settled(status)
            _screenshot(x_display, "xvfb-test-game.png")
        finally:
            _close_game(x_display, game)
        key("Escape")  # the builder owns the keys: Esc closes it, not the editor
        wait_status(mine, "the builder closed", lambda s: s["builder"] is None and
                    not s["modal"], STEP_TIMEOUT)
        assert program.poll() is None
        assert press_closing_key(x_display, window, "ctrl+q",
                                 lambda: program.wait(timeout=STEP_TIMEOUT)) == 0

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


def _settled(status: Path) -> None:
    """Wait until the game's battle has no animation running (for a steady screenshot)."""
    wait_status(status, "the battle's animations to end",
                lambda s: s["battle"]["anims"] == 0, STEP_TIMEOUT)


def _game_window(display: str, status: Path, editor_pid: int) -> str:
    """The window of the game the editor started: a child process of the editor, with a
    visible window titled "Arena"."""
    wait_status(status, "the game to start", lambda s: s["top"] is not None)
    children = Path(f"/proc/{editor_pid}/task/{editor_pid}/children")
    return find_window(display, lambda: children.read_text().split() if children.exists()
                       else (), "Arena")


def _close_game(display: str, window: str) -> None:
    """End the game the editor started (by its process id, found from its window)."""
    pid = int(xdotool(display, "getwindowpid", window))
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STEP_TIMEOUT
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
