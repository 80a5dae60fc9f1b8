"""The validation panel and naming a new map in the installed ``arena-editor`` on a virtual X
server, with real clicks and keys (xdotool):

* a hex raised away from The Duel's land is a problem whose line wraps inside the panel; a
  click on it outlines the hex; Ctrl+Z fixes it, and the outline goes with it (seen: a stale
  red outline), the summary taking the whole column (seen: two empty boxes);
* New asks the new map's name, and the status line carries it (seen: "New battlefield").

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver. Every step waits on the editor's own status file. Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from xvfb_editor_kit import STEP_TIMEOUT, editor_window, shot, wait_status

from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"


def lonely_hex(app: editor_app.EditorApp) -> tuple[m.Coord, tuple[int, int]]:
    """A hex two steps from the map's land, in view, and where to click to raise it."""
    doc = app.editor.doc
    near = {(q + dq, r + dr) for q, r in doc.columns
            for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))}
    for q in range(-12, 13):
        for r in range(-12, 13):
            at = (q, r)
            if at in doc.columns or at in near:
                continue
            x, y = app.projection().to_screen(Hex(q, r), 0.0)
            pos = (round(x), round(y))
            if app.view_rect.inflate(-60, -60).collidepoint(pos) and app.view.hex_at(pos) == at:
                return at, pos
    raise AssertionError("no hex beside the map in view")


def test_a_problem_wraps_is_outlined_and_its_outline_goes_when_fixed(
        x_display: str, tmp_path: Path, headless_app: None) -> None:
    model = editor_app.EditorApp(DUEL, recover=False)
    at, pos = lonely_hex(model)
    raise_tool = model.panels.tool_buttons["raise"].rect.center
    first_line = (model.panels.problem_list.rect.left + 60,
                  model.panels.problem_list.rect.top + 20)
    pygame.quit()
    os.environ.pop("SDL_VIDEODRIVER", None)

    with editor_window(x_display, tmp_path, [str(DUEL)], "xvfb-panel.log") as ed:
        ed.click(raise_tool)
        ed.click(pos)
        seen = wait_status(ed.status, "the raised hex's problem",
                           lambda s: any("cut off" in p for p in s["problems"]), STEP_TIMEOUT)
        assert len(seen["problems"]) == 1
        ed.click(first_line)
        outlined = wait_status(ed.status, "the problem's hex outlined",
                               lambda s: list(at) in s["focus"], STEP_TIMEOUT)
        assert outlined["problems"]
        shot(x_display, "xvfb-problem-wrapped-outlined.png")
        ed.key("ctrl+z")
        fixed = wait_status(ed.status, "the problem fixed, its outline gone",
                            lambda s: not s["problems"] and not s["focus"], STEP_TIMEOUT)
        assert fixed["revision"] >= 0
        shot(x_display, "xvfb-problem-fixed.png")


def test_new_asks_the_maps_name(x_display: str, tmp_path: Path, headless_app: None) -> None:
    model = editor_app.EditorApp(DUEL, recover=False)
    new = model.panels.buttons["new"].rect.center
    pygame.quit()
    os.environ.pop("SDL_VIDEODRIVER", None)

    with editor_window(x_display, tmp_path, [str(DUEL)], "xvfb-name.log") as ed:
        ed.click(new)
        wait_status(ed.status, "the name asked", lambda s: s["modal"] and
                    s["name"] == "New battlefield", STEP_TIMEOUT)
        ed.type("Hill Fort")
        shot(x_display, "xvfb-new-name.png")
        ed.key("Return")
        named = wait_status(ed.status, "the map named and checked", lambda s: s["name"] ==
                            "Hill Fort" and not s["modal"] and not s["checking"],
                            STEP_TIMEOUT)
        assert "Hill Fort" in named["message"] and not named["dirty"]
        shot(x_display, "xvfb-new-named.png")
