"""The battle screen's walk-through in the real ``arena`` window on a virtual X server, as a
player lives it: a Duel against the easy computer at the default pace (normal) and
animation speed, in which

* a move is taken back with U: exactly one action (the move), not the turn: the army card
  chosen before it stays chosen, and the game is the one from before the move (its digest);
* Shift+U redoes it: the game is the one after the move again;
* the window grows from 1280×720 to 1920×1080 and the battle lays itself out again;
* the computer's turn is watched at the normal pace: its actions are shown one at a time (the
  status file sees the game between them), and afterwards the turn recap lists what it did;
* the game is saved to a named slot and loaded from the main menu's Load screen: the same
  game.

Screenshots at both sizes go to tests/artifacts/e2e/ (``e2e_walk_*.png``) and are checked:
not blank, and every panel the program reports (army cards, turn, log, hand, battlefield,
recap) holds a picture. Every wait is on the program's status file (``ARENA_TEST_STATUS``).
The lesson's first three steps have their own walk-through: test_tutorial_xvfb.py; the
full Duel with a spell and an attack: test_window_xvfb.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from test_window_xvfb import (
    AI_TURN_TIMEOUT,
    ARTIFACTS,
    DUEL_SEED,
    DUEL_WALKER,
    _answer_decisions,
    _battle,
    _click,
    _click_widget,
    _distinct_colors,
    _game,
    _load_slot,
    _our_turn,
    _panel_colours,
    _save_to_slot,
    _screenshot,
    _set_up_duel,
    _settled,
    _wait_for_exit,
    _walk_toward_the_enemy,
    _widget,
    _window_geometry,
)
from xvfb_kit import SLOW, STEP_TIMEOUT, wait_status, x_server, xdotool

pytestmark = pytest.mark.xvfb

BIG = (1920, 1080)
PANELS = ("left", "turn", "log", "hand", "view")


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb whose screen holds a 1920×1080 window (`xvfb_kit.x_server`)."""
    yield from x_server(tmp_path_factory, screen=f"{BIG[0]}x{BIG[1]}x24")


def _check_panels(image: pygame.Surface, s: dict[str, Any], origin: tuple[int, int],
                  size: tuple[int, int], name: str) -> None:
    """The window's picture is not blank and each panel the program reports shows
    something (a panel left empty is drawn in one or two colours)."""
    assert _distinct_colors(image, pygame.Rect(origin, size)) >= 12, f"{name} looks blank"
    layout = _battle(s)["layout"]
    for panel in PANELS:
        x, y, w, h = layout[panel]
        assert w > 0 and h > 0 and x + w <= size[0] and y + h <= size[1], (panel, layout)
        assert _panel_colours(image, layout[panel], origin) >= 4, f"{panel} empty in {name}"


def _key(d: str, w: str, status: Path, key: str, what: str, done: Any) -> dict[str, Any]:
    """Press ``key``; the battle's status once ``done`` holds and the screen is settled."""
    xdotool(d, "key", "--window", w, key)
    return _battle(wait_status(status, what, lambda s: _settled(s) and done(_battle(s)),
                               timeout=STEP_TIMEOUT))


def test_undo_redo_a_watched_computer_turn_and_a_named_slot(
        x_display: str, tmp_path: Path) -> None:
    status, shots = tmp_path / "status.json", ARTIFACTS / "e2e"
    settings = {"ai_pace": "normal", "animations": "normal", "window_size": "1280x720"}
    with _game(x_display, tmp_path, settings) as (program, w, origin):
        d = x_display
        _click_widget(d, w, status, "MainMenu", "New game")
        _click_widget(d, w, status, "NewGameScene", "seed")
        xdotool(d, "type", "--window", w, "--delay", "60", str(DUEL_SEED))
        wait_status(status, "the seed typed", lambda s: s["setup"]["seed"] == DUEL_SEED)
        # the second seat from the normal to the easy computer: its ◀ arrow
        who = wait_status(status, "the seats", lambda s: _widget(s, "who1") is not None)
        x, y, _, h = _widget(who, "who1")["rect"]  # type: ignore[index]
        _click(d, w, (x + 6, y + h // 2))
        wait_status(status, "the easy computer", lambda s: (
            s["setup"]["seats"][1]["kind"], s["setup"]["seats"][1]["difficulty"])
            == ("ai", "easy"))
        _click_widget(d, w, status, "NewGameScene", "start")
        wait_status(status, "the battle", lambda s: s["top"] == "BattleScene")
        s = _set_up_duel(d, w, status)
        walker = DUEL_WALKER.replace(":", ".", 1)

        # 1280×720: every panel drawn
        image = _screenshot(d, shots / "e2e_walk_1280.png")
        _check_panels(image, s, origin, (1280, 720), "the 1280×720 battle")

        # choose Gideon's card, then move him: two actions of this turn
        _click_widget(d, w, status, "BattleScene", f"card:{DUEL_WALKER}")
        s = _our_turn(d, w, status, "Gideon to act", 5 * SLOW,
                      lambda s: _settled(s) and walker in _battle(s)["actors"])
        chosen = _battle(s)
        before, before_digest = chosen["actions"], chosen["digest"]
        assert chosen["phase"] != "choose" and chosen["can_undo"]
        s = _walk_toward_the_enemy(d, w, status, walker)
        s = wait_status(status, "the move settled", _settled)
        moved = _battle(s)
        assert moved["actions"] == before + 1, "the move was not one action"
        after_digest, moved_to = moved["digest"], moved["figures"][walker]
        assert moved_to != chosen["figures"][walker]
        assert moved["can_undo"] and not moved["can_redo"]

        # U: exactly the move is taken back, the chosen card stays chosen
        b = _key(d, w, status, "u", "the move undone",
                 lambda b: b["actions"] != before + 1)
        assert b["actions"] == before, f"undo took back {before + 1 - b['actions']} actions"
        assert b["digest"] == before_digest, "undo did not restore the game before the move"
        assert b["phase"] == chosen["phase"] and b["turn"] == chosen["turn"]
        assert b["figures"][walker] == chosen["figures"][walker]
        assert b["can_redo"]
        _screenshot(d, shots / "e2e_walk_undone.png")

        # Shift+U: the move again
        b = _key(d, w, status, "shift+u", "the move redone",
                 lambda b: b["actions"] == before + 1)
        assert b["digest"] == after_digest, "redo did not make the same move"
        assert b["figures"][walker] == moved_to and not b["can_redo"]

        # 1920×1080: the battle lays itself out for the bigger window
        xdotool(d, "windowmove", w, "0", "0")  # the screen is exactly as big
        xdotool(d, "windowsize", w, *map(str, BIG))
        s = wait_status(status, "the 1920×1080 layout", lambda s: _settled(s) and (
            _battle(s)["layout"]["view"][0] + _battle(s)["layout"]["view"][2] > 1280))
        g = _window_geometry(d, w)
        assert (g["WIDTH"], g["HEIGHT"]) == BIG, g
        origin = (g["X"], g["Y"])
        image = _screenshot(d, shots / "e2e_walk_1920.png")
        _check_panels(image, s, origin, BIG, "the 1920×1080 battle")

        # end the turn and watch the computer's, one action at a time
        turn = _battle(s)["turn"]
        _click_widget(d, w, status, "BattleScene", "end-turn")
        s = wait_status(status, "the end of our turn", lambda s: s["top"] == "EndTurnDialog"
                        or not _battle(s)["human_to_act"])
        if s["top"] == "EndTurnDialog":
            _click_widget(d, w, status, "EndTurnDialog", "End turn")
        s = wait_status(status, "the computer's turn", lambda s: s["top"] == "BattleScene"
                        and _battle(s)["to_act"] == 2)
        seen: set[int] = set()

        def shown(s: dict[str, Any]) -> bool:
            """Notes each count of actions the screen shows during the computer's turn."""
            if s["top"] == "BattleScene" and _battle(s)["to_act"] == 2:
                seen.add(_battle(s)["actions"])
            return False

        def back_to_us(s: dict[str, Any]) -> bool:
            shown(s)
            b = _battle(s)
            return _settled(s) and b["human_to_act"] and b["turn"] > turn \
                and not b["thinking"] and bool(b["recap"])

        s = _our_turn(d, w, status, "our next turn with the recap", AI_TURN_TIMEOUT,
                      back_to_us)
        s = _answer_decisions(d, w, status, s)
        assert len(seen) >= 2, f"the computer's actions were not shown one by one: {seen}"
        b = _battle(s)
        assert b["recap"] and b["recap_box"], "no recap after the computer's turn"
        image = _screenshot(d, shots / "e2e_walk_recap.png")
        _check_panels(image, s, origin, BIG, "the battle with the recap")
        assert _panel_colours(image, b["recap_box"], origin) >= 4, "the recap looks empty"

        # save to a named slot, load it from the main menu: the same game
        s = wait_status(status, "the battle", _settled)
        digest, actions = _battle(s)["digest"], _battle(s)["actions"]
        _save_to_slot(d, w, status, tmp_path, "Walk")
        image = _load_slot(d, w, status, "Walk", shots / "e2e_walk_load.png")
        assert _distinct_colors(image, pygame.Rect(origin, BIG)) >= 12, "Load screen blank"
        s = wait_status(status, "the loaded battle", lambda s: s["scenes"] == ["BattleScene"]
                        and _settled(s))
        assert (_battle(s)["digest"], _battle(s)["actions"]) == (digest, actions), \
            "the loaded game differs from the saved one"
        image = _screenshot(d, shots / "e2e_walk_loaded.png")
        _check_panels(image, s, origin, BIG, "the loaded battle")

        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the pause menu")
