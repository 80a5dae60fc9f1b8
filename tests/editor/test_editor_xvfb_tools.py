"""The editor's tools end to end on a virtual X server, with real clicks, typing and keys
(xdotool) in the installed ``arena-editor``:

* the Sight check picks two spaces of The Duel on either side of a ruin and says the ruin
  blocks the line of sight (the status line, as the editor's status file reports it);
* a starting zone's id is changed in the zone window (a map's "blue" zone becomes "orange"),
  the map saved, and ``arena play --battlefield FILE`` starts The Duel on it, the renamed
  zone playing as the Duel's own orange.

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver (same window size, same map, so the same camera). Every step waits on the programs'
own status files, never on a guessed sleep. Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from xvfb_editor_kit import (
    START_TIMEOUT,
    STEP_TIMEOUT,
    editor_window,
    press_closing_key,
    read_status,
    shot,
    wait_status,
)

from arena.content.fits import fit
from arena.content.loader import load_file
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"
DUEL_SCENARIO = ROOT / "scenarios" / "the-duel.yaml"
A, B = (-1, -4), (-1, 0)
"""Two spaces of The Duel on either side of its ruin on (-1, -2) and (-1, -1)."""



def on_screen(app: editor_app.EditorApp, at: m.Coord) -> tuple[int, int]:
    """Where to click to pick the column at ``at`` (checked: the editor picks that hex)."""
    x, y = app.projection().to_screen(Hex(*at), float(app.editor.doc.top(at)))
    pos = (round(x), round(y))
    assert app.view.hex_at(pos) == at, f"{at} is hidden at {pos}"
    return pos


def test_sight_check_across_a_ruin(x_display: str, tmp_path: Path,
                                   headless_app: None) -> None:
    model = editor_app.EditorApp(DUEL, recover=False)
    tool = model.panels.tool_buttons["sight"].rect.center
    a, b = on_screen(model, A), on_screen(model, B)
    pygame.quit()

    with editor_window(x_display, tmp_path, [str(DUEL)], "xvfb-sight-check.log") as editor:
        editor.click(tool)
        wait_status(editor.status, "the Sight check tool", lambda s: s["tool"] == "sight",
                    STEP_TIMEOUT)
        editor.click(a)
        wait_status(editor.status, "space A picked", lambda s:
                    s["message"] == "Sight check: A at [-1, -4]; now click space B",
                    STEP_TIMEOUT)
        editor.click(b)
        said = wait_status(editor.status, "the answer", lambda s:
                           s["message"].startswith("Sight check: A to B"), STEP_TIMEOUT)
        assert said["message"].startswith(
            "Sight check: A to B blocked by ruin at -1,-2, B to A blocked by ruin at -1,-1;")
        assert said["revision"] == 0 and not said["dirty"]  # checking edits nothing
        shot(x_display, "xvfb-sight-check.png")
        assert press_closing_key(x_display, editor.window, "ctrl+q",
                                 lambda: editor.program.wait(timeout=STEP_TIMEOUT)) == 0


def test_a_renamed_zone_plays_as_the_duels_zone(x_display: str, tmp_path: Path,
                                                headless_app: None) -> None:
    # A copy of The Duel whose orange zone is called blue and listed first (so the zone
    # brush, and the zone window, start on it).
    target = tmp_path / "two-zones.yaml"
    start = m.Editor.open(DUEL)
    start.execute(m.EditZone("orange", name="Blue", new_id="blue"))
    start.doc.zones.reverse()
    start.save(target)
    duel = load_file(DUEL_SCENARIO)
    assert fit(duel, load_file(target)).stand_ins == {"blue": "orange"}

    model = editor_app.EditorApp(target, recover=False)
    assert model.tools.brush.zone == "blue"
    edit_zone = model.panels.buttons["edit-zone"].rect.center
    model.zones.open()
    win = model.zones.window
    assert win is not None
    ident, name, apply = win.ident.rect.center, win.name.rect.center, win.apply.rect.center
    pygame.quit()

    with editor_window(x_display, tmp_path, [str(target)], "xvfb-zone-rename.log") as editor:
        seen = editor.click(edit_zone)
        wait_status(editor.status, "the zone window", lambda s: s["frames"] >= seen["frames"] + 2,
                    STEP_TIMEOUT)  # the button's press is handled the frame after the click
        for field, text in ((ident, "orange"), (name, "Orange")):
            editor.click(field)
            editor.key("ctrl+a", "BackSpace")
            editor.type(text)
        editor.click(apply)
        wait_status(editor.status, "the zone renamed", lambda s: s["message"].startswith(
            "Starting zone orange: Orange") and s["dirty"], STEP_TIMEOUT)
        shot(x_display, "xvfb-zone-rename.png")
        editor.key("ctrl+s")
        wait_status(editor.status, "the battlefield saved", lambda s:
                    s["message"].startswith("Saved") and not s["dirty"], STEP_TIMEOUT)
        assert press_closing_key(x_display, editor.window, "ctrl+q",
                                 lambda: editor.program.wait(timeout=STEP_TIMEOUT)) == 0

    saved = load_file(target)
    assert [(z.id, z.name) for z in saved.starting_zones] == [("orange", "Orange"),
                                                               ("yellow", "Yellow")]
    verdict = fit(duel, saved)
    assert verdict.ok and verdict.stand_ins == {}  # the zone is the Duel's own orange now
    assert [(wanted, zone.id if zone else None) for wanted, zone in verdict.sides] == \
        [("yellow", "yellow"), ("orange", "orange")]

    # The game starts The Duel on the saved map, straight into the battle.
    status = tmp_path / "game-status.json"
    game = subprocess.run(
        [str(Path(sys.executable).parent / "arena"), "play", "--battlefield", str(target),
         "--frames", "3"],
        env={**os.environ, "DISPLAY": x_display, "SDL_VIDEODRIVER": "x11",
             "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(tmp_path / "data"),
             "ARENA_TEST_STATUS": str(status)},
        capture_output=True, text=True, timeout=START_TIMEOUT, check=False)
    assert game.returncode == 0, game.stderr
    played = read_status(status)
    assert played is not None and played["scenes"] == ["BattleScene"]
    assert played["setup"]["scenario"] == "the-duel-on-two-zones"
