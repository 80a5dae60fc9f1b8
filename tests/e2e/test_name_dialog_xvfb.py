"""Names with spaces typed into the real ``arena`` window's name box, by xdotool on a virtual X
server, as a player types them: Esc menu, Save game, "Hard AI duel", Enter; then Load game,
F2 on that slot, "Hard AI duel, the rematch", Enter.

The box once let Space press its focused OK button: the game was saved as "Hard" and the
rest of the name reached the battle as keys (Space ended the step, U took it back, other
letters turned and zoomed the camera). Here each name must arrive whole in the box and in the
save file, and the battle must be as it was: the game's digest and action count, the camera,
the selection and the log view, all read from the program's status file
(``ARENA_TEST_STATUS``), on which every wait is made. The name boxes' screenshots go to
tests/artifacts/e2e/ (``e2e_name_*.png``).
"""

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
    _game,
    _new_battle,
    _screenshot,
    _settled,
    _wait_for_exit,
    _widget,
)
from xvfb_kit import wait_status, x_server, xdotool

pytestmark = pytest.mark.xvfb

SAVED = "Hard AI duel"
RENAMED = "Hard AI duel, the rematch"


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def _battle_state(s: dict[str, Any]) -> dict[str, Any]:
    """What a key reaching the battle by mistake would change."""
    b = _battle(s)
    return {k: b[k] for k in ("digest", "actions", "camera", "selected", "full_log", "turn",
                              "phase")}


def _type_name(d: str, w: str, status: Path, name: str) -> None:
    """Type ``name`` into the open name box; fail at once if the box closes on the way."""
    xdotool(d, "type", "--window", w, "--delay", "60", name)
    s = wait_status(status, f"{name!r} typed", lambda s: s["top"] != "NameDialog"
                    or s.get("field") == name)
    assert s["top"] == "NameDialog", (
        f"the name box closed while {name!r} was typed; the screen is now {s['top']}, "
        f"toasts {s['toasts']}")


def _slot_names(data: Path) -> list[str]:
    return [json.loads(f.read_text(encoding="utf-8")).get("name")
            for f in sorted((data / "saves").glob("*.json")) if f.name != "autosave.json"]


def test_names_with_spaces_are_typed_whole_into_save_and_rename(
        x_display: str, tmp_path: Path) -> None:
    status, shots = tmp_path / "status.json", ARTIFACTS / "e2e"
    with _game(x_display, tmp_path, {"ai_pace": "instant", "animations": "off"}) as (
            program, window, _origin):
        d, w = x_display, window
        s = _new_battle(d, w, status)
        before = _battle_state(s)

        # Save game: the name with spaces, whole
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Save game")
        wait_status(status, "the name box", lambda s: s["top"] == "NameDialog")
        _type_name(d, w, status, SAVED)
        _screenshot(d, shots / "e2e_name_save.png")
        xdotool(d, "key", "--window", w, "Return")
        s = wait_status(status, "the save", lambda s: s["top"] == "BattleScene"
                        and any(SAVED in t for t in s["toasts"]) and _settled(s))
        assert _slot_names(tmp_path) == [SAVED]
        assert _battle_state(s) == before, "a key typed into the name box reached the battle"

        # Load game, F2 on the slot: the new name with spaces, whole
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Load game")
        s = wait_status(status, "the Load screen", lambda s: s["top"] == "LoadScene"
                        and any(x["name"] == SAVED for x in s["saves"]))
        index = next(i for i, x in enumerate(s["saves"]) if x["name"] == SAVED)
        if s["selected"] != index:  # a click on the selected row would load it
            listing = _widget(s, "saves")
            assert listing is not None
            x, y, _, _ = listing["rect"]
            _click(d, w, (x + 60, y + index * 56 + 28))  # the list's rows are 56 px high
        wait_status(status, "the slot selected", lambda s: s["selected"] == index and bool(
            (r := _widget(s, "rename")) and r["enabled"]))
        xdotool(d, "key", "--window", w, "F2")
        wait_status(status, "the rename box", lambda s: s["top"] == "NameDialog"
                    and s.get("field") == SAVED)
        _type_name(d, w, status, RENAMED)
        _screenshot(d, shots / "e2e_name_rename.png")
        xdotool(d, "key", "--window", w, "Return")
        s = wait_status(status, "the rename", lambda s: s["top"] != "NameDialog"
                        and any(RENAMED in t for t in s["toasts"]))
        assert s["top"] == "LoadScene", f"the rename left {s['top']} on top"
        assert [x["name"] for x in s["saves"] if x["file"] != "autosave.json"] == [RENAMED]
        assert _slot_names(tmp_path) == [RENAMED]

        # back to the battle (Esc twice): nothing of either name reached it
        xdotool(d, "key", "--window", w, "Escape")
        wait_status(status, "the pause menu", lambda s: s["top"] == "PauseMenu")
        xdotool(d, "key", "--window", w, "Escape")
        s = wait_status(status, "the battle", lambda s: s["scenes"] == ["BattleScene"]
                        and _settled(s))
        assert _battle_state(s) == before, "a key typed into the rename box reached the battle"

        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the pause menu")
