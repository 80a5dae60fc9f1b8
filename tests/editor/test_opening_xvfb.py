"""Opening maps and the scenario window in the installed ``arena-editor`` on a virtual X
server, with real clicks and the wheel (xdotool):

* a community map opened from Open's recent files shows the busy mark while it is imported,
  built and checked (seen: nothing for 3 to 11 s), then its import report;
* ``arena-editor MAP.json`` shows the import report (seen: none);
* the wheel over the scenario window's problems does not zoom the map behind it (seen: the
  zoom went from 39.6 to 19.7, the status file said ``modal: false``).

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver. Every step waits on the editor's own status file. Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from editor_kit import SHARED
from xvfb_editor_kit import STEP_TIMEOUT, editor_window, shot, wait_status
from xvfb_kit import xdotool

from editor import app as editor_app
from editor.files import recent

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
DUEL_SCENARIO = ROOT / "scenarios" / "the-duel.yaml"
RIVER = SHARED / "Web_1_The_Regenerated_River.json"


def test_a_community_map_opens_under_a_busy_mark(x_display: str, tmp_path: Path,
                                                 headless_app: None) -> None:
    recent.remember(RIVER)
    model = editor_app.EditorApp(DUEL_SCENARIO, recover=False)
    open_button = model.panels.buttons["open"].rect.center
    model.files.open_menu()
    assert model.files.open_choice is not None
    index = model.files.recent_files.index(RIVER)  # the Duel, opened since, comes first
    river = model.files.open_choice.buttons[f"recent-{index}"].rect.center
    pygame.quit()
    os.environ.pop("SDL_VIDEODRIVER", None)

    with editor_window(x_display, tmp_path, [str(DUEL_SCENARIO)], "xvfb-open-busy.log") as ed:
        ed.click(open_button)
        wait_status(ed.status, "the recent files", lambda s: s["modal"], STEP_TIMEOUT)
        ed.click(river)
        # The mark is on the screen while the map is imported, built and checked.
        busy = wait_status(ed.status, "the busy mark", lambda s: s["busy"]["now"] != "",
                           STEP_TIMEOUT)
        shot(x_display, "xvfb-busy-mark.png")
        assert busy["busy"]["now"] == f"Opening {RIVER.name}\u2026"
        done = wait_status(ed.status, "the map open, its report shown",
                           lambda s: s["busy"]["now"] == "" and s["question"], STEP_TIMEOUT)
        assert done["busy"]["shown"] == [f"Opening {DUEL_SCENARIO.name}\u2026",
                                         f"Opening {RIVER.name}\u2026"]
        shot(x_display, "xvfb-busy-mark-done.png")


def test_the_command_line_map_shows_its_import_report(x_display: str, tmp_path: Path) -> None:
    with editor_window(x_display, tmp_path, [str(SHARED / "Welcome.json")],
                       "xvfb-open-report.log") as ed:
        seen = wait_status(ed.status, "the import report", lambda s: s["question"],
                           STEP_TIMEOUT)
        assert seen["modal"] and "Imported Welcome.json" in seen["message"]
        shot(x_display, "xvfb-command-line-report.png")


def test_the_wheel_over_the_scenario_window_keeps_the_map_still(
        x_display: str, tmp_path: Path, headless_app: None) -> None:
    model = editor_app.EditorApp(DUEL_SCENARIO, recover=False)
    scenario = model.panels.buttons["scenario"].rect.center
    model.scenario.open()
    assert model.scenario.scenario_problems is not None
    problems = model.scenario.scenario_problems.rect.center
    pygame.quit()
    os.environ.pop("SDL_VIDEODRIVER", None)

    with editor_window(x_display, tmp_path, [str(DUEL_SCENARIO)], "xvfb-scenario.log") as ed:
        ed.click(scenario)
        before = wait_status(ed.status, "the scenario window", lambda s: s["modal"],
                             STEP_TIMEOUT)
        xdotool(ed.display, "mousemove", "--window", ed.window, *map(str, problems))
        for _ in range(3):
            xdotool(ed.display, "click", "5")  # the wheel, down: zoom out
        after = wait_status(ed.status, "the wheel handled",
                            lambda s: s["clicks"] >= before["clicks"] + 3, STEP_TIMEOUT)
        assert after["modal"] and after["zoom"] == before["zoom"]
        shot(x_display, "xvfb-scenario-wheel.png")
