"""The post-game review in the real ``arena`` window, on a virtual X server: New game with
both seats played by the easy computer -> the battle plays itself out -> the results'
Review: the chart and the three swing turns -> "Show me" on the first: the board at that
turn's start with the move played and, once the hard computer has thought, the one it
preferred -> Esc back to the review, Esc to the results. Every wait is on the program's
status file (``ARENA_TEST_STATUS``); screenshots go to tests/artifacts/e2e/
(``e2e_review*.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_window_xvfb import (
    ARTIFACTS,
    _click,
    _click_widget,
    _distinct_colors,
    _game,
    _screenshot,
    _wait_for_exit,
    _widget,
)
from xvfb_kit import SLOW, wait_status, x_server, xdotool

pytestmark = pytest.mark.xvfb


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def test_review_of_a_finished_battle_and_show_me(x_display: str, tmp_path: Path) -> None:
    status = tmp_path / "status.json"
    shots = ARTIFACTS / "e2e"
    with _game(x_display, tmp_path, {"ai_pace": "instant", "animations": "off"}) as (
            program, window, origin):
        d, w = x_display, window
        _click_widget(d, w, status, "MainMenu", "New game")
        s = wait_status(status, "the seats", lambda s: s["top"] == "NewGameScene"
                        and _widget(s, "who0") is not None)
        who0, who1 = _widget(s, "who0"), _widget(s, "who1")
        assert who0 is not None and who1 is not None
        x, y, width, height = who0["rect"]
        _click(d, w, (x + width - 6, y + height // 2))  # Human -> AI (easy)
        x, y, width, height = who1["rect"]
        _click(d, w, (x + 6, y + height // 2))  # AI (normal) -> AI (easy)
        wait_status(status, "two easy computers", lambda s: [
            (seat["kind"], seat["difficulty"]) for seat in s["setup"]["seats"]]
            == [("ai", "easy"), ("ai", "easy")])
        _click_widget(d, w, status, "NewGameScene", "start")
        wait_status(status, "the results", lambda s: s["top"] == "ResultsScene",
                    timeout=240 * SLOW)

        _click_widget(d, w, status, "ResultsScene", "review")
        s = wait_status(status, "the review", lambda s: s["top"] == "ReviewScene")
        names = [wd["name"] for wd in s["widgets"]]
        assert [n for n in names if n.startswith("show:")] == ["show:1", "show:2", "show:3"]
        image = _screenshot(d, shots / "e2e_review.png")
        assert _distinct_colors(image, pygame.Rect(origin, (1280, 720))) >= 6

        _click_widget(d, w, status, "ReviewScene", "show:1")
        s = wait_status(status, "the hard computer's choice", lambda s: s["top"] == "SwingScene"
                        and len(s.get("notes", [])) >= 2
                        and s["notes"][1].startswith("The hard computer: "),
                        timeout=90 * SLOW)
        assert s["notes"][0].startswith("Played: ")
        assert "p1." not in " ".join(s["notes"]) and "p2." not in " ".join(s["notes"])
        _screenshot(d, shots / "e2e_review_show_me.png")
        xdotool(d, "key", "--window", w, "Escape")
        wait_status(status, "back to the review", lambda s: s["top"] == "ReviewScene")
        xdotool(d, "key", "--window", w, "Escape")
        wait_status(status, "back to the results", lambda s: s["top"] == "ResultsScene")
        _click_widget(d, w, status, "ResultsScene", "menu")
        s = wait_status(status, "the main menu", lambda s: s["top"] == "MainMenu")
        _click_widget(d, w, status, "MainMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the main menu")
