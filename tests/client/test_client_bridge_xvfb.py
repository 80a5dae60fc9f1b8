"""Under a bridge in the real ``arena`` window, on a virtual X server: the River Bridge
battlefield (`bridge_kit`: a river under a high bridge) with one of player 1's figures on the
water under the deck. The pointer on that figure hovers its storey (``0,0@1``; the hover box
says it is under a roof and how much room there is) with the deck over it cut away; a click
chooses its card with the figure selected. Every wait is on the program's status file
(``ARENA_TEST_STATUS``); screenshots go to tests/artifacts/client/ (``xvfb-bridge-*.png``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from bridge_kit import UNDER, write_battlefield

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from xvfb_kit import (  # noqa: E402
    STEP_TIMEOUT,
    find_window,
    screenshot,
    wait_status,
    x_server,
    xdotool,
)

pytestmark = pytest.mark.xvfb

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts" / "client"
KIT = Path(__file__).resolve().parent / "bridge_kit.py"


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def test_a_figure_under_a_bridge_is_hovered_and_selected(x_display: str,
                                                         tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text('{"ai_pace": "instant", "animations": "off"}')
    field = write_battlefield(tmp_path)
    env = {**os.environ, "DISPLAY": x_display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(data),
           "ARENA_TEST_STATUS": str(status)}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "xvfb-bridge.log"
    with log.open("w") as out:
        program = subprocess.Popen([sys.executable, str(KIT), str(field), "--",
                                    "--size", "1280x720"], env=env, stdout=out, stderr=out)
    try:
        window = find_window(x_display, lambda: (program.pid,), "Arena")
        d, w = x_display, window
        s = wait_status(status, "the hand-off", lambda s: s["top"] is not None)
        if s["top"] != "BattleScene":  # two players at one screen: the hand-off first
            xdotool(d, "key", "--window", w, "Return")
        s = wait_status(status, "the battle, the camera at rest",
                        lambda s: s["top"] == "BattleScene" and s["battle"]["figures"]
                        and s["battle"]["anims"] == 0)
        under = log.read_text().split()[0]
        spot = s["battle"]["figures"][under]
        xdotool(d, "mousemove", "--window", w, str(spot[0]), str(spot[1]))
        s = wait_status(status, "the hover on the figure under the bridge",
                        lambda s: s["battle"]["hover"]["figure"] == under, STEP_TIMEOUT)
        hover = s["battle"]["hover"]
        assert hover["space"] == "{},{}@{}".format(*UNDER)
        assert hover["lines"][0].startswith("Level 1") and "water" in hover["lines"][0]
        assert hover["lines"][1].startswith("Under a roof, 6 levels of room")
        assert hover["roof"] > 0, "the deck over it is cut away"
        screenshot(d, ARTIFACTS / "xvfb-bridge-hover.png")
        xdotool(d, "click", "--window", w, "1")
        s = wait_status(status, "the figure under the bridge selected",
                        lambda s: s["battle"]["selected"] == under, STEP_TIMEOUT)
        screenshot(d, ARTIFACTS / "xvfb-bridge-selected.png")
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()
