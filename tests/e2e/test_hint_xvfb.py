"""Hint in the real ``arena`` window, on a virtual X server, as a player asks for one: New
game -> the battle -> the turn panel's Hint button: the panel says it is thinking while the
window still answers keys (L opens and closes the full log meanwhile), then the hard level's
suggestion is in the turn panel and marked on the board, the game unchanged by asking; the
player's next action drops it. Every wait is on the program's status file
(``ARENA_TEST_STATUS``); the screenshot goes to tests/artifacts/e2e/e2e_hint.png."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_window_xvfb import (
    ARTIFACTS,
    _battle,
    _click,
    _click_widget,
    _game,
    _new_battle,
    _panel_colours,
    _screenshot,
    _wait_for_exit,
)
from xvfb_kit import SLOW, wait_status, x_server, xdotool

pytestmark = pytest.mark.xvfb


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def test_the_hint_button_shows_the_hard_levels_suggestion(x_display: str,
                                                          tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    with _game(x_display, tmp_path, {"ai_pace": "instant", "animations": "off"}) as (
            program, window, origin):
        d, w = x_display, window
        s = _new_battle(d, w, status)
        digest, actions = _battle(s)["digest"], _battle(s)["actions"]
        assert _battle(s)["hint"]["state"] == "none"

        _click_widget(d, w, status, "BattleScene", "hint")
        s = wait_status(status, "a hint asked for",
                        lambda s: _battle(s)["hint"]["state"] != "none")
        if _battle(s)["hint"]["state"] == "thinking":  # the window answers keys meanwhile
            xdotool(d, "key", "--window", w, "l")
            wait_status(status, "the full log while thinking", lambda s: _battle(s)["full_log"])
            xdotool(d, "key", "--window", w, "l")
            wait_status(status, "the full log closed", lambda s: not _battle(s)["full_log"])
        s = wait_status(status, "the hint", lambda s: _battle(s)["hint"]["state"] == "ready",
                        timeout=90 * SLOW)
        hint = _battle(s)["hint"]
        assert hint["words"], "the hint says what to do"
        assert "p1." not in hint["words"] and "p2." not in hint["words"], hint["words"]
        assert (_battle(s)["digest"], _battle(s)["actions"]) == (digest, actions), \
            "asking for a hint changed the game"
        image = _screenshot(d, ARTIFACTS / "e2e" / "e2e_hint.png")
        assert _panel_colours(image, _battle(s)["layout"]["turn"], origin) >= 4

        # the player acts (places the Planeswalker on the first lit space, or takes the
        # first numbered answer, as who goes first): the hint, which answered the position
        # before, is dropped
        if _battle(s)["place"]:
            _click(d, w, _battle(s)["place"][0])
        else:
            xdotool(d, "key", "--window", w, "1")
        s = wait_status(status, "the game moved on", lambda s: _battle(s)["actions"] != actions
                        or _battle(s)["digest"] != digest, timeout=30 * SLOW)
        assert _battle(s)["hint"]["state"] == "none", "a hint for a past position stayed"
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the pause menu")
