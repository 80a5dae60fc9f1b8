"""The "Learn to play" lesson in the real ``arena`` window on a virtual X server: the main
menu's item opens it, and its first three steps (the draw, choosing Gideon, summoning the
Rhox Veterans) advance on the player's clicks as the engine applies them; then the lesson is
left from the pause menu with its step kept. Every wait is on the program's status file
(``ARENA_TEST_STATUS``); the screenshots go to tests/artifacts/e2e/."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_window_xvfb import (
    ARTIFACTS,
    _battle,
    _click,
    _click_widget,
    _panel_colours,
    _running,
    _screenshot,
    _settled,
    _wait_for_exit,
    _widget,
    _window_geometry,
)
from xvfb_kit import wait_status, x_server, xdotool

from arena.client.tutorial import GIDEON_CARD, LESSON, RHOX_CARD

pytestmark = pytest.mark.xvfb


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def _step(s: dict[str, Any]) -> str | None:
    tutorial = _battle(s)["tutorial"]
    return tutorial["step"] if tutorial else None


def _at_step(step: str) -> Any:
    return lambda s: s["top"] == "BattleScene" and _settled(s) and _step(s) == step


def _clear_of_figures(spaces: list[list[int]], figures: Any) -> list[int]:
    """A lit space no figure's picture stands over (a figure's picture rises above its base,
    and a click on it picks the figure), the front-most of them (nothing stands in front of
    it to cover it either)."""
    points = list(figures)
    clear = [p for p in spaces
             if not any(abs(x - p[0]) < 32 and -24 < y - p[1] < 96 for x, y in points)]
    return max(clear or spaces, key=lambda p: p[1])


SETTINGS = {"ai_pace": "quick", "animations": "fast"}
"""The opponent's turn goes by quickly, and every step is still drawn."""


def test_the_first_three_steps_of_the_lesson_through_the_window(
        x_display: str, tmp_path: Path) -> None:
    shots = ARTIFACTS / "e2e"
    shots.mkdir(parents=True, exist_ok=True)
    (tmp_path / "settings.json").write_text(json.dumps(SETTINGS))
    status = tmp_path / "status.json"
    env = {"ARENA_TEST_STATUS": str(status)}
    with _running(x_display, "arena", "Arena", tmp_path, env) as (program, w):
        d = x_display
        corner = _window_geometry(d, w)
        origin = (corner["X"], corner["Y"])
        _click_widget(d, w, status, "MainMenu", "Learn to play")

        # step 1: the scripted opponent ends its turn, the player's draw does what the step
        # teaches, and the step waits to be read: Go on
        wait_status(status, "the draw to read", lambda s: _at_step("draw")(s)
                    and _battle(s)["human_to_act"])
        _screenshot(d, shots / "e2e_tutorial_draw.png")
        _click_widget(d, w, status, "BattleScene", "lesson:go-on")
        s = wait_status(status, "the lesson's second step", _at_step("choose"))
        b = _battle(s)
        assert b["hand"] == ["p1/divine-blessing"]
        assert b["tutorial"]["index"] == 1 and b["human_to_act"]
        image = _screenshot(d, shots / "e2e_tutorial_choose.png")
        assert _panel_colours(image, b["tutorial"]["box"], origin) >= 4, "no lesson panel"
        for panel in ("left", "turn", "hand", "view"):
            assert _panel_colours(image, b["layout"][panel], origin) >= 4, f"{panel} empty"

        # step 2: choose Gideon's army card
        _click_widget(d, w, status, "BattleScene", f"card:{GIDEON_CARD}")
        s = wait_status(status, "the summon step", _at_step("summon"))
        assert _battle(s)["tutorial"]["hint"] == ""
        _screenshot(d, shots / "e2e_tutorial_summon.png")

        # step 3: summon the Rhox Veterans, each figure on a lit placement space
        _click_widget(d, w, status, "BattleScene", f"card:{RHOX_CARD}")
        for placed in range(3):
            s = wait_status(status, f"placement {placed + 1}",
                            lambda s: _settled(s) and bool(_battle(s)["place"]))
            b = _battle(s)
            version = b["version"]
            _click(d, w, _clear_of_figures(b["place"], b["figures"].values()))
            s = wait_status(status, f"figure {placed + 1} placed",
                            lambda s, v=version: _battle(s)["version"] != v)
        s = wait_status(status, "the climbing step", _at_step("climb"))
        b = _battle(s)
        assert sum(f.startswith("p1.rhox-veterans") for f in b["figures"]) == 3
        assert b["tutorial"]["index"] == 3 and b["tutorial"]["hint"] == ""
        image = _screenshot(d, shots / "e2e_tutorial_climb.png")
        assert _panel_colours(image, b["tutorial"]["box"], origin) >= 4

        # leave the lesson from the pause menu: the step reached is kept for next time
        xdotool(d, "key", "--window", w, "Escape")
        s = wait_status(status, "Esc handled", lambda s: s["top"] == "PauseMenu" or (
            s["top"] == "BattleScene" and _battle(s)["selected"] is None))
        if s["top"] == "BattleScene":  # the first Esc cleared the selection
            xdotool(d, "key", "--window", w, "Escape")
        s = wait_status(status, "the pause menu", lambda s: s["top"] == "PauseMenu")
        assert _widget(s, "Leave tutorial") is not None
        _click_widget(d, w, status, "PauseMenu", "Leave tutorial")
        wait_status(status, "the main menu", lambda s: s["top"] == "MainMenu")
        saved = json.loads((tmp_path / "tutorial.json").read_text(encoding="utf-8"))
        assert saved == {"step": LESSON[3].id}
        _click_widget(d, w, status, "MainMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit")

