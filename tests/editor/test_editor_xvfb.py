"""End to end on a virtual X server: the installed ``arena-editor`` in a real window, a small
battlefield built with real mouse clicks and key presses (xdotool): raise land, paint water,
place a glyph and two starting zones; Ctrl+S saves it, Esc quits, and the saved file loads
and validates.

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver (same window size, same map, so the same camera). Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from arena.content.loader import load_file
from arena.hexgrid import Hex
from editor import app as editor_app
from editor import model as m
from editor.validation import validate

pytestmark = pytest.mark.xvfb

ARTIFACTS = Path(__file__).resolve().parents[2] / "tests" / "artifacts" / "editor"
TIMEOUT = 20.0


def _read_line(fd: int, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    data = b""
    while not data.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            break
        chunk = os.read(fd, 64)
        if not chunk:
            break
        data += chunk
    return data.decode().strip()


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    missing = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"missing {', '.join(missing)}")
        pytest.skip(f"missing {', '.join(missing)}")
    log = tmp_path_factory.mktemp("xvfb") / "xvfb.log"
    read_fd, write_fd = os.pipe()
    with log.open("w") as out:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24",
             "-nolisten", "tcp"], pass_fds=(write_fd,), stdin=subprocess.DEVNULL,
            stdout=out, stderr=out)
    os.close(write_fd)
    try:
        number = _read_line(read_fd, TIMEOUT)
        if not number.isdigit():
            pytest.fail(f"Xvfb did not start: {log.read_text()}")
        yield f":{number}"
    finally:
        os.close(read_fd)
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _xdotool(display: str, *args: str) -> str:
    result = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                            capture_output=True, text=True, timeout=10, check=False)
    if result.returncode != 0:
        pytest.fail(f"xdotool {' '.join(args)}: {result.stderr}")
    return result.stdout.strip()


def _find_window(display: str, pid: int) -> str:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
            env={**os.environ, "DISPLAY": display}, capture_output=True, text=True,
            timeout=10, check=False)
        for window in found.stdout.split():
            name = subprocess.run(["xdotool", "getwindowname", window],
                                  env={**os.environ, "DISPLAY": display},
                                  capture_output=True, text=True, timeout=10, check=False)
            if name.stdout.strip() == "Arena Editor":
                return window
        time.sleep(0.1)
    pytest.fail("the editor window did not appear")


def test_build_save_reload_by_clicking(x_display: str, tmp_path: Path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "clicked-field.yaml"
    # Where things are: the same editor, headless, in this process.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    pygame.display.set_mode(editor_app.WINDOW_SIZE)
    try:
        model = editor_app.EditorApp(target, recover=False)
        proj = model.projection()

        def at(h: m.Coord, level: int = 1) -> tuple[int, int]:
            x, y = proj.to_screen(Hex(*h), float(level))
            return (round(x), round(y))

        tool = {k: b.rect.center for k, b in model.tool_buttons.items()}
        new_zone = model.buttons["new-zone"].rect.center
    finally:
        pygame.quit()

    exe = Path(sys.executable).parent / "arena-editor"
    assert exe.exists(), "run `make setup`"
    env = {**os.environ, "DISPLAY": x_display, "SDL_VIDEODRIVER": "x11",
           "SDL_AUDIODRIVER": "dummy", "ARENA_DATA_DIR": str(tmp_path / "data")}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with (ARTIFACTS / "xvfb-editor.log").open("w") as log:
        program = subprocess.Popen([str(exe), "--no-recover", str(target)], env=env,
                                   stdout=log, stderr=log)
    try:
        window = _find_window(x_display, program.pid)
        time.sleep(1.0)  # the first frames

        def click(pos: tuple[int, int]) -> None:
            _xdotool(x_display, "mousemove", "--window", window, str(pos[0]), str(pos[1]))
            time.sleep(0.15)
            _xdotool(x_display, "click", "1")
            time.sleep(0.3)

        click(tool["raise"])
        click(at((0, 0)))
        _xdotool(x_display, "key", "--window", window, "2")  # brush: water
        time.sleep(0.3)
        click(tool["paint"])
        click(at((-3, 0)))
        click(tool["glyph"])
        click(at((1, 0)))
        click(new_zone)
        click(at((-1, -2)))
        click(new_zone)
        click(at((0, 2)))
        _xdotool(x_display, "key", "--window", window, "ctrl+s")
        time.sleep(0.5)
        if shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(ARTIFACTS / "xvfb-built.png")],
                           env={**os.environ, "DISPLAY": x_display}, timeout=30, check=False,
                           capture_output=True)
        _xdotool(x_display, "keydown", "--window", window, "Escape")
        assert program.wait(timeout=10) == 0
    finally:
        if program.poll() is None:
            program.kill()
            program.wait()

    saved = m.Editor.open(target)
    doc = saved.doc
    assert load_file(target).id == "clicked-field"
    assert doc.top((0, 0)) == 2
    assert doc.terrain((-3, 0)) == "water"
    assert doc.glyphs[(1, 0)].glyph == "power"
    assert {z.id: z.spaces for z in doc.zones} == {"yellow": [(-1, -2)], "blue": [(0, 2)]}
    assert validate(doc).ok
