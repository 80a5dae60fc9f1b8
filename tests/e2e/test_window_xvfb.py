"""The real ``arena`` and ``arena-editor`` programs, in real windows on a virtual X server.

Why: the in-process tests use SDL's dummy driver, which never creates a window. These tests
start the installed console scripts as a player would, on Xvfb, find their windows, take a
screenshot (kept in tests/artifacts/ for people to look at), click the Quit button (the
game's main menu, the editor's top bar) with xdotool and expect a clean exit.

The server, xdotool, windows, screenshots and status files: `xvfb_kit` (shared with the
editor's window test). Outside CI the tests skip when Xvfb, xdotool or ImageMagick's
``import`` are missing; in CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame
import pytest
from xvfb_kit import (
    SLOW,
    START_TIMEOUT,
    STEP_TIMEOUT,
    find_window,
    press_closing_key,
    screenshot,
    wait_status,
    x_server,
    xdotool,
)

from arena.client.scenes.common import menu_button_rects
from arena.client.scenes.menu import MENU_ITEMS
from editor.map.panels import quit_button_rect

pytestmark = pytest.mark.xvfb

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
EXIT_TIMEOUT = STEP_TIMEOUT  # seconds for a program to exit after Quit is clicked


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for this module (`xvfb_kit.x_server`); yields ``":N"``."""
    yield from x_server(tmp_path_factory)


def _find_window(display: str, pid: int, title: str) -> str:
    """The process's visible window titled ``title``, waiting for it to map."""
    return find_window(display, lambda: (pid,), title)


def _window_geometry(display: str, window: str) -> dict[str, int]:
    out = xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return {
        key: int(value) for key, value in values.items() if key in ("X", "Y", "WIDTH", "HEIGHT")
    }


def _screenshot(display: str, path: Path) -> pygame.Surface:
    return pygame.image.load(io.BytesIO(screenshot(display, path)), path.name)


def _distinct_colors(image: pygame.Surface, area: pygame.Rect, samples: int = 24) -> int:
    """How many different colours a ``samples`` x ``samples`` grid over ``area`` finds."""
    colors = set()
    for i in range(samples):
        for j in range(samples):
            x = area.x + (i * 2 + 1) * area.width // (samples * 2)
            y = area.y + (j * 2 + 1) * area.height // (samples * 2)
            r, g, b, _ = image.get_at((x, y))
            colors.add((r, g, b))
    return len(colors)


def _quit_button(script: str, size: tuple[int, int]) -> tuple[int, int]:
    """Where the Quit button is: the game's main menu, or the editor's top bar."""
    if script == "arena":
        center: tuple[int, int] = menu_button_rects(size, MENU_ITEMS)["Quit"].center
        return center
    editor_quit: tuple[int, int] = quit_button_rect(size).center
    return editor_quit


@contextmanager
def _running(
    display: str, script: str, title: str, data_dir: Path | None = None,
    extra_env: dict[str, str] | None = None,
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Start an installed console script on ``display``; yield it and its window id.

    The process is killed on the way out if it is still running, so a failing test never
    leaves a window (or a worker) behind.
    """
    executable = Path(sys.executable).parent / script
    assert executable.exists(), f"{executable} is not installed; run `make setup`"
    # x11 explicitly: the Makefile's "dummy" would hide the window, and a developer's
    # Wayland session must not steal it from the Xvfb display.
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    if data_dir is not None:  # keep saves and settings out of the user's home
        env["ARENA_DATA_DIR"] = str(data_dir)
    env.update(extra_env or {})
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / f"{script}.log").open("w") as log:
        program = subprocess.Popen([str(executable)], env=env, stdout=log, stderr=log)
    try:
        yield program, _find_window(display, program.pid, title)
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()


def _wait_for_exit(program: subprocess.Popen[bytes], script: str, action: str) -> None:
    try:
        code = program.wait(timeout=EXIT_TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{script} did not exit within {EXIT_TIMEOUT:.0f} s of {action}")
    log = (ARTIFACTS / f"{script}.log").read_text()
    assert code == 0, f"{script} exited {code} after {action}; its output:\n{log}"


@pytest.mark.parametrize(
    ("script", "title"),
    [("arena", "Arena"), ("arena-editor", "Arena Editor")],
)
def test_window_shows_and_quit_button_exits(
    x_display: str, script: str, title: str, tmp_path: Path
) -> None:
    with _running(x_display, script, title, tmp_path) as (program, window):
        geometry = _window_geometry(x_display, window)
        area = pygame.Rect(geometry["X"], geometry["Y"], geometry["WIDTH"], geometry["HEIGHT"])
        assert area.size == (1280, 720)

        # The window maps before its first frame is drawn: retry until the picture shows.
        shot = ARTIFACTS / f"{script}.png"
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            colors = _distinct_colors(_screenshot(x_display, shot), area)
            if colors >= 10 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert colors >= 10, f"screenshot {shot} looks blank ({colors} colours)"

        x, y = _quit_button(script, area.size)
        xdotool(x_display, "mousemove", "--window", window, str(x), str(y), "click", "1")
        _wait_for_exit(program, script, "clicking Quit")


def test_ctrl_q_exits_the_editor(x_display: str) -> None:
    """Ctrl+Q quits the editor (Esc only lets go of a selection or a tool: it never quits)."""
    with _running(x_display, "arena-editor", "Arena Editor") as (program, window):
        press_closing_key(x_display, window, "ctrl+q",
                          lambda: _wait_for_exit(program, "arena-editor", "pressing Ctrl+Q"))


def test_quit_button_follows_a_resize(x_display: str, tmp_path: Path) -> None:
    """The window is resizable and the layout, Quit button included, follows its size."""
    size = (900, 600)
    status = tmp_path / "status.json"
    with _running(x_display, "arena", "Arena", tmp_path,
                  {"ARENA_TEST_STATUS": str(status)}) as (program, window):
        xdotool(x_display, "windowsize", window, *map(str, size))
        deadline = time.monotonic() + START_TIMEOUT
        while (g := _window_geometry(x_display, window))["WIDTH"] != size[0]:
            assert time.monotonic() < deadline, f"window never resized: {g}"
            time.sleep(0.1)
        assert (g["WIDTH"], g["HEIGHT"]) == size
        x, y = _quit_button("arena", size)
        # The button has moved from where it was at 1280x720, so only a relayout works.
        assert not menu_button_rects((1280, 720), MENU_ITEMS)["Quit"].collidepoint(x, y)
        # wait until the game has laid its menu out for the new size (no guessing sleeps)
        expected = list(menu_button_rects(size, MENU_ITEMS)["Quit"])
        wait_status(status, "the relayout", lambda s: (q := _widget(s, "Quit")) is not None
                    and q["rect"] == expected)
        xdotool(x_display, "mousemove", "--window", window, str(x), str(y), "click", "1")
        _wait_for_exit(program, "arena", "clicking Quit after a resize")


# --- a whole duel through the real window ------------------------------------------------------


def _widget(data: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((w for w in data["widgets"] if w["name"] == name and w["visible"]), None)


def _centre(widget: dict[str, Any]) -> tuple[int, int]:
    x, y, w, h = widget["rect"]
    return (x + w // 2, y + h // 2)


def _click(display: str, window: str, pos: Sequence[int]) -> None:
    xdotool(display, "mousemove", "--window", window, str(pos[0]), str(pos[1]), "click", "1")


def _click_widget(display: str, window: str, path: Path, scene: str, name: str) -> None:
    data = wait_status(path, f"{name} on {scene}", lambda d: d["top"] == scene and bool(
        (w := _widget(d, name)) and w["enabled"]))
    widget = _widget(data, name)
    assert widget is not None
    _click(display, window, _centre(widget))


def _battle(d: dict[str, Any]) -> dict[str, Any]:
    battle: dict[str, Any] = d["battle"]
    return battle


def _settled(d: dict[str, Any]) -> bool:
    return d["top"] == "BattleScene" and not _battle(d)["anims"]


def _new_battle(display: str, window: str, status: Path) -> dict[str, Any]:
    """New game from the main menu with its defaults; the status at the player's first
    decision (the battle settled, nobody thinking)."""
    _click_widget(display, window, status, "MainMenu", "New game")
    _click_widget(display, window, status, "NewGameScene", "start")
    return wait_status(status, "our first decision", lambda s: s["top"] == "BattleScene"
                       and _settled(s) and _battle(s)["human_to_act"]
                       and not _battle(s)["thinking"], timeout=15 * SLOW)


def _panel_colours(image: pygame.Surface, rect: Sequence[int],
                   origin: tuple[int, int]) -> int:
    """Colours in a panel of the window (``rect`` window-relative; the shot is the root)."""
    return _distinct_colors(image, pygame.Rect(*rect).move(origin), samples=16)


DUEL_SEED = 4
"""The seed typed into New game, chosen so that every step of the duel below is certain:

* Player 1 (you) wins the roll for the first turn, so you choose ("Player 1 goes first") and
  take turn 1 before the computer has done anything but place its Planeswalker;
* your opening hand holds Divine Blessing (`DUEL_SPELL`), which targets one of your own
  figures, so it can be played on turn 1 with Gideon alone on the battlefield;
* Gideon walking each turn to the lit space nearest the enemy that neither provokes a
  leaving-engagement attack nor falls reaches an enemy by your third turn, whatever the
  normal computer player does (checked headlessly against many computer seeds: its search
  has a time cap, so it need not repeat itself on a loaded machine), so an attack is offered
  by then. `DUEL_TURNS` allows one turn more.
"""
DUEL_SPELL = "p1/divine-blessing"
DUEL_WALKER = "p1:gideon-jura-combat-mage"
DUEL_TURNS = 4
AI_TURN_TIMEOUT = 300.0  # the computer thinks with a time cap, but the machine may be busy


def _answer_decisions(d: str, w: str, status: Path, s: dict[str, Any]) -> dict[str, Any]:
    """Answer a decision put to us outside our own actions (a choice list, or an optional
    ability asked in the turn panel) with its first option; the status after."""
    if s["top"] == "ChoiceDialog":
        ok = _widget(s, "ok")
        assert ok is not None
        _click(d, w, _centre(ok))
        return wait_status(status, "the choice", lambda s: s["top"] != "ChoiceDialog")
    b = _battle(s)
    options = [x for x in s["widgets"] if x["name"].startswith("opt:") and x["enabled"]
               and x["visible"] and x["name"] != "opt:more"]
    if b["pending"] and b["human_to_act"] and options:
        version = b["version"]
        _click(d, w, _centre(options[0]))
        return wait_status(status, "the answer", lambda s, v=version: s["top"] != "BattleScene"
                           or _battle(s)["version"] != v)
    return s


def _our_turn(d: str, w: str, status: Path, what: str, timeout: float,
              ready: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Wait for `ready` while the computer plays, answering any decision put to us."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        assert left > 0, f"timed out waiting for {what}"
        s = wait_status(status, what, lambda s: s["top"] == "ChoiceDialog" or ready(s) or (
            _settled(s) and _battle(s)["pending"] and _battle(s)["human_to_act"]),
            timeout=left)
        if s["top"] == "BattleScene" and ready(s):
            return s
        _answer_decisions(d, w, status, s)


def _play_spell(d: str, w: str, status: Path, s: dict[str, Any]) -> dict[str, Any]:
    """Play `DUEL_SPELL` from the hand, clicking its lit target; the status after."""
    b = _battle(s)
    assert DUEL_SPELL in b["hand"], f"seed {DUEL_SEED} no longer deals {DUEL_SPELL}: {b['hand']}"
    spell = _widget(s, f"spell:{DUEL_SPELL}")
    assert spell is not None and spell["enabled"], f"{DUEL_SPELL} cannot be played"
    played = b["spells_played"]
    _click(d, w, _centre(spell))
    s = wait_status(status, "the spell", lambda s: _battle(s)["spells_played"] > played
                    or _battle(s)["picking"])
    for _ in range(3):  # a target (or two) lit on the board or the cards
        if not _battle(s)["picking"]:
            break
        if s["top"] != "BattleScene":  # a target off the board: a choice list
            ok = _widget(s, "ok")
            assert ok is not None, s["top"]
            _click(d, w, _centre(ok))
            s = wait_status(status, "the battle", lambda s: s["top"] == "BattleScene")
            continue
        targets = [x for x in s["widgets"] if x["badge"] == "Target"]
        lit = _battle(s)["pick"]
        pos = lit[0] if lit else _centre(targets[0])
        version = _battle(s)["version"]
        _click(d, w, pos)
        s = wait_status(status, "the spell's target",
                        lambda s, v=version, lit=lit: s["top"] != "BattleScene"
                        or _battle(s)["version"] != v or _battle(s)["pick"] != lit)
    s = wait_status(status, "the spell played", lambda s: _battle(s)["spells_played"] > played
                    and DUEL_SPELL not in _battle(s)["hand"])
    assert any("divine blessing" in line.lower() for line in _battle(s)["log"]), \
        _battle(s)["log"]
    return s


def _walk_toward_the_enemy(d: str, w: str, status: Path, figure: str) -> dict[str, Any]:
    """Select `figure` and move it to the safe lit space nearest an enemy (when that is
    nearer than where it stands). Another space when a click misses: a figure or a ruin
    may stand in front of the space on screen."""
    tried: list[list[int]] = []
    s = wait_status(status, "the battle", _settled)
    for _attempt in range(4):
        if _battle(s)["selected"] != figure:
            _click(d, w, _battle(s)["figures"][figure])
        s = wait_status(status, "the figure selected with its moves",
                        lambda s: _battle(s)["selected"] == figure and _settled(s)
                        and (bool(_battle(s)["moves"]) or bool(_battle(s)["attacks"])))
        b = _battle(s)
        if b["attacks"]:
            return s  # already in reach
        safe = [m for m in b["moves"] if not m["provokes"] and not m["falls"]
                and m["at"] not in tried]
        assert safe, f"no safe move for {figure}: {b['moves']}"
        goal = min(safe, key=lambda m: (m["near"], m["cost"]))
        tried.append(goal["at"])
        _screenshot(d, ARTIFACTS / "e2e" / "e2e_selected.png")
        version = b["version"]
        _click(d, w, goal["at"])
        s = wait_status(status, "the move", lambda s, v=version: _settled(s) and (
            _battle(s)["version"] != v or _battle(s)["selected"] != figure))
        if _battle(s)["version"] != version:
            assert any("moved" in line.lower() for line in _battle(s)["log"]), \
                _battle(s)["log"]
            s = wait_status(status, "the figure after its move", _settled)
            if figure in _battle(s)["actors"] and _battle(s)["selected"] != figure:
                _click(d, w, _battle(s)["figures"][figure])  # select it again for its attacks
                s = wait_status(status, "the figure selected after its move",
                                lambda s: _battle(s)["selected"] == figure and _settled(s))
            return s
    pytest.fail(f"four clicks on lit spaces did not move {figure}")


def _set_up_duel(d: str, w: str, status: Path) -> dict[str, Any]:
    """The set-up of a `DUEL_SEED` Duel just started: we choose who goes first (ourselves),
    place Gideon, the computer places; the status once our first turn's choice is up."""
    chose_first = False
    deadline = time.monotonic() + 15 * SLOW
    while True:
        assert time.monotonic() < deadline, "the set-up never reached our turn"
        s = wait_status(status, "our move", lambda s: s["top"] == "ChoiceDialog" or (
            _settled(s) and _battle(s)["human_to_act"] and not _battle(s)["thinking"]),
            timeout=15 * SLOW)
        if s["top"] == "ChoiceDialog":
            _answer_decisions(d, w, status, s)
            continue
        b = _battle(s)
        if b["phase"] == "choose":
            break
        version = b["version"]
        if (first := _widget(s, "opt:first p1")) is not None:
            chose_first = True
            _click(d, w, _centre(first))
        elif b["place"]:
            _click(d, w, b["place"][0])
        else:
            pytest.fail(f"an unexpected set-up step: {json.dumps(b)[:600]}")
        wait_status(status, "the set-up step", lambda s, v=version: _battle(s)["version"] != v)
    assert chose_first, f"seed {DUEL_SEED} no longer lets Player 1 choose who goes first"
    return s


def _save_to_slot(d: str, w: str, status: Path, data: Path, name: str) -> None:
    """Esc menu, Save game, type ``name``, Enter: the battle is back with the save's notice
    and the saves folder (in ``data``) holds one slot, named ``name``, with a picture."""
    _click_widget(d, w, status, "BattleScene", "menu")
    _click_widget(d, w, status, "PauseMenu", "Save game")
    wait_status(status, "the name box", lambda s: s["top"] == "NameDialog")
    xdotool(d, "type", "--window", w, "--delay", "60", name)
    wait_status(status, "the name typed", lambda s: s.get("field") == name)
    xdotool(d, "key", "--window", w, "Return")
    wait_status(status, "the save", lambda s: s["top"] == "BattleScene"
                and any(name in t for t in s["toasts"]))
    slots = [json.loads(f.read_text(encoding="utf-8"))
             for f in (data / "saves").glob("*.json") if f.name != "autosave.json"]
    assert [r.get("name") for r in slots] == [name], slots
    assert slots[0]["thumbnail"] and slots[0]["players"]


def _load_slot(d: str, w: str, status: Path, name: str, shot: Path) -> pygame.Surface:
    """Esc menu, Main menu, Load game: the slot ``name`` is listed without a problem; select
    it, take a screenshot of the Load screen to ``shot`` (returned), then Load."""
    _click_widget(d, w, status, "BattleScene", "menu")
    _click_widget(d, w, status, "PauseMenu", "Main menu")
    _click_widget(d, w, status, "MainMenu", "Load game")
    s = wait_status(status, "the Load screen", lambda s: s["top"] == "LoadScene"
                    and any(x["name"] == name for x in s["saves"]))
    index = next(i for i, x in enumerate(s["saves"]) if x["name"] == name)
    assert not s["saves"][index]["problem"]
    listing = _widget(s, "saves")
    assert listing is not None
    x, y, _, _ = listing["rect"]
    if s["selected"] != index:  # a click on the selected row would load it at once
        _click(d, w, (x + 60, y + index * 56 + 28))  # the list's rows are 56 px high
        wait_status(status, "the slot selected", lambda s: s["selected"] == index)
    image = _screenshot(d, shot)
    _click_widget(d, w, status, "LoadScene", "load")
    return image


@contextmanager
def _game(display: str, data: Path, settings: dict[str, Any]
          ) -> Iterator[tuple[subprocess.Popen[bytes], str, tuple[int, int]]]:
    """The game in a window with ``settings``, its data and status file (``status.json``)
    in ``data``; yields the program, its window and the window's origin on the screen."""
    (data / "settings.json").write_text(json.dumps(settings))
    (ARTIFACTS / "e2e").mkdir(parents=True, exist_ok=True)
    with _running(display, "arena", "Arena", data,
                  {"ARENA_TEST_STATUS": str(data / "status.json")}) as (program, window):
        geometry = _window_geometry(display, window)
        yield program, window, (geometry["X"], geometry["Y"])


def test_a_duel_against_the_computer_through_the_window(x_display: str, tmp_path: Path) -> None:
    """New game (seed typed in) -> Duel against the normal computer -> set up -> choose
    Gideon, play a spell, select and move him, attack -> end the turn -> watch the
    computer's turn -> save -> load; every step is asserted (see `DUEL_SEED` for why each
    is certain) and the screenshots are checked for the battlefield and panels."""
    status, shots = tmp_path / "status.json", ARTIFACTS / "e2e"
    with _game(x_display, tmp_path, {"ai_pace": "quick", "animations": "fast"}) as (
            program, window, origin):
        d, w = x_display, window
        _click_widget(d, w, status, "MainMenu", "New game")
        _click_widget(d, w, status, "NewGameScene", "seed")
        xdotool(d, "type", "--window", w, "--delay", "60", str(DUEL_SEED))
        s = wait_status(status, "the seed typed", lambda s: s["setup"]["seed"] == DUEL_SEED)
        assert s["setup"]["scenario"] == "the-duel"
        assert [(p["kind"], p["difficulty"], p["army"], p["deck"])
                for p in s["setup"]["seats"]][:2] == [
            ("human", "normal", "gideon-premade", "white-premade"),
            ("ai", "normal", "jace-premade", "blue-premade")]
        _screenshot(d, shots / "e2e_new_game.png")
        _click_widget(d, w, status, "NewGameScene", "start")
        s = wait_status(status, "the battle", lambda s: s["top"] == "BattleScene")
        assert s["setup"]["seed"] == DUEL_SEED

        s = _set_up_duel(d, w, status)
        b = _battle(s)
        assert (b["turn"], b["to_act"], b["viewer"]) == (1, 1, 1)

        image = _screenshot(d, shots / "e2e_battle_start.png")
        for panel in ("left", "turn", "log", "hand", "view"):
            assert _panel_colours(image, b["layout"][panel], origin) >= 4, f"{panel} looks empty"
        walker = DUEL_WALKER.replace(":", ".", 1)
        assert walker in b["figures"], b["figures"]

        attacked = spelled = watched = False
        for our_turn in range(1, DUEL_TURNS + 1):
            s = wait_status(status, "the battle", _settled)
            _click_widget(d, w, status, "BattleScene", f"card:{DUEL_WALKER}")
            s = _our_turn(d, w, status, "Gideon to act", 5 * SLOW,
                          lambda s: _settled(s) and walker in _battle(s)["actors"])
            if our_turn == 1:
                s = _play_spell(d, w, status, s)
                spelled = True
                _screenshot(d, shots / "e2e_spell.png")
            s = _walk_toward_the_enemy(d, w, status, walker)
            if _battle(s)["attacks"]:
                version = _battle(s)["version"]
                target = next(iter(_battle(s)["attacks"].values()))
                _click(d, w, target)
                s = _our_turn(d, w, status, "the attack", 10 * SLOW,
                              lambda s, v=version: _settled(s) and _battle(s)["version"] != v
                              and not _battle(s)["pending"])
                log = " ".join(_battle(s)["log"]).lower()
                assert "attack" in log, _battle(s)["log"]
                attacked = True
                _screenshot(d, shots / "e2e_attack.png")
                if _battle(s)["over"]:
                    break

            # end the turn (confirming when something is left undone); watch the computer
            s = wait_status(status, "the battle", _settled)
            turn = _battle(s)["turn"]
            _click_widget(d, w, status, "BattleScene", "end-turn")
            s = wait_status(status, "the end of our turn", lambda s: s["top"] == "EndTurnDialog"
                            or not _battle(s)["human_to_act"])
            if s["top"] == "EndTurnDialog":
                _click_widget(d, w, status, "EndTurnDialog", "End turn")
            s = wait_status(status, "the computer's turn", lambda s: s["top"] == "BattleScene"
                            and (_battle(s)["to_act"] == 2 or _battle(s)["over"]))
            before = _battle(s)["actions"]
            if not watched:
                image = _screenshot(d, shots / "e2e_ai_turn.png")
                assert _panel_colours(image, _battle(s)["layout"]["view"], origin) >= 8
            s = _our_turn(d, w, status, "our next turn", AI_TURN_TIMEOUT,
                          lambda s, turn=turn: _settled(s) and (_battle(s)["over"] or (
                              _battle(s)["human_to_act"] and _battle(s)["turn"] > turn
                              and _battle(s)["phase"] == "choose"
                              and not _battle(s)["thinking"])))
            if not watched:
                watched = True
                image = _screenshot(d, shots / "e2e_after_ai.png")
                assert _panel_colours(image, _battle(s)["layout"]["view"], origin) >= 8
                assert _battle(s)["actions"] > before, "the computer did nothing in its turn"
            if attacked or _battle(s)["over"]:
                break
        assert spelled, "the spell was not played"
        assert watched, "the computer's turn was not watched"
        assert attacked, f"no attack was offered in {DUEL_TURNS} turns"

        # save from the pause menu, then load it back: the same game
        s = wait_status(status, "the battle", _settled)
        saved, digest = _battle(s)["actions"], _battle(s)["digest"]
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Save game")
        _click_widget(d, w, status, "NameDialog", "ok")  # the name offered: scenario, turn
        wait_status(status, "the save", lambda s: s["top"] == "BattleScene"
                    and any("Saved" in t for t in s["toasts"]))
        files = [f for f in (tmp_path / "saves").glob("*.json") if f.name != "autosave.json"]
        assert len(files) == 1, f"expected one save file, found {files}"
        record = json.loads(files[0].read_text(encoding="utf-8"))
        from arena.client.status import game_digest

        assert game_digest(record["game"]) == digest, "the save holds another game"
        assert record["seats"][0]["deck"] == "white-premade"
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Load game")
        _click_widget(d, w, status, "LoadScene", "load")
        s = wait_status(status, "the loaded battle", lambda s: s["scenes"] == ["BattleScene"]
                        and _battle(s)["actions"] == saved and _settled(s))
        assert _battle(s)["digest"] == digest, "the loaded game differs from the saved one"
        image = _screenshot(d, shots / "e2e_loaded.png")
        for panel in ("left", "turn", "hand", "view"):
            assert _panel_colours(image, _battle(s)["layout"][panel], origin) >= 4

        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the pause menu")


def test_a_named_slot_saved_from_the_pause_menu_loads_from_the_main_menu(
        x_display: str, tmp_path: Path) -> None:
    """New game -> the battle: L opens and closes the full log -> Esc menu, Save game, type a
    name, Enter -> Main menu -> Load game: the slot is listed with its name and picture ->
    select it, Load: the same game. Every step waits on the status file; the screenshots of
    the full log and the Load screen are checked for content."""
    status, shots = tmp_path / "status.json", ARTIFACTS / "e2e"
    with _game(x_display, tmp_path, {"ai_pace": "instant", "animations": "off"}) as (
            program, window, origin):
        d, w = x_display, window
        s = _new_battle(d, w, status)

        # the full log: L opens it over the battlefield, L closes it
        xdotool(d, "key", "--window", w, "l")
        s = wait_status(status, "the full log", lambda s: _battle(s)["full_log"])
        image = _screenshot(d, shots / "e2e_full_log.png")
        assert _panel_colours(image, _battle(s)["layout"]["view"], origin) >= 4
        xdotool(d, "key", "--window", w, "l")
        s = wait_status(status, "the full log closed", lambda s: not _battle(s)["full_log"])
        digest, actions = _battle(s)["digest"], _battle(s)["actions"]

        _save_to_slot(d, w, status, tmp_path, "Bridge")
        image = _load_slot(d, w, status, "Bridge", shots / "e2e_load_slots.png")
        assert _distinct_colors(image, pygame.Rect(origin, (1280, 720))) >= 12
        s = wait_status(status, "the loaded battle", lambda s: s["scenes"] == ["BattleScene"]
                        and _settled(s))
        assert (_battle(s)["digest"], _battle(s)["actions"]) == (digest, actions), \
            "the loaded game differs from the saved one"
        _click_widget(d, w, status, "BattleScene", "menu")
        _click_widget(d, w, status, "PauseMenu", "Quit")
        _wait_for_exit(program, "arena", "Quit from the pause menu")
