"""The real ``arena`` and ``arena-editor`` programs, in real windows on a virtual X server.

Why: the in-process tests use SDL's dummy driver, which never creates a window. These tests
start the installed console scripts as a player would, on Xvfb, find their windows, take a
screenshot (kept in tests/artifacts/ for people to look at), click the Quit button (the
game's main menu, the editor's splash) with xdotool and expect a clean exit.

Display allocation: each test module (so each pytest-xdist worker) starts its own Xvfb with
``-displayfd``, which makes the server pick a free display number itself (it claims the
number atomically through its /tmp/.X<n>-lock file) and write it back to us. Parallel
workers therefore never clash, and no number is guessed.

Outside CI the tests skip when Xvfb, xdotool or ImageMagick's ``import`` are missing; in CI
(``CI`` set) they fail instead, because ``make test`` installs them (``make system-deps``).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from arena.client.scenes.common import menu_button_rects
from arena.client.scenes.menu import MENU_ITEMS
from arena.client.splash import compute_layout

pytestmark = pytest.mark.xvfb

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}
SCREEN = "1280x800x24"
START_TIMEOUT = 20.0  # seconds for a server or window to appear (CI machines can be slow)
EXIT_TIMEOUT = 10.0  # seconds for a program to exit after Quit is clicked


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Start a private Xvfb on a display number it picks itself; yield ``":N"``."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        packages = " ".join(TOOLS[tool] for tool in missing)
        message = (
            f"missing {', '.join(missing)} (Debian packages: {packages}); "
            "`make test` installs them (via `make system-deps`)"
        )
        if os.environ.get("CI"):
            pytest.fail(f"real-window tests cannot run in CI: {message}")
        pytest.skip(message)

    log_path = tmp_path_factory.mktemp("xvfb") / "xvfb.log"
    read_fd, write_fd = os.pipe()
    with log_path.open("w") as log:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=(write_fd,),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
    os.close(write_fd)
    try:
        number = _read_line(read_fd, START_TIMEOUT)
        if not number.isdigit():
            pytest.fail(f"Xvfb did not report a display number:\n{log_path.read_text()}")
        yield f":{number}"
    finally:
        os.close(read_fd)
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _read_line(fd: int, timeout: float) -> str:
    """Read one line from a pipe, giving up (returning what came) after ``timeout`` s."""
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


def _xdotool(display: str, *args: str, timeout: float = 10.0) -> str:
    """Run one xdotool command on ``display``; fail the test with its stderr if it fails."""
    result = subprocess.run(
        ["xdotool", *args],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"xdotool {' '.join(args)} exited {result.returncode}: {result.stderr}")
    return result.stdout.strip()


def _find_window(display: str, pid: int, title: str) -> str:
    """The id of the process's visible window titled ``title``, waiting for it to map.

    Checking the title as well as the pid matters: while starting, SDL briefly creates and
    destroys a small "OpenGL test" window of its own, which ``--pid`` alone can find.
    (xdotool's own ``--name`` filter cannot read SDL's UTF-8 window names, so the title is
    compared here.)
    """
    env = {**os.environ, "DISPLAY": display}
    deadline = time.monotonic() + START_TIMEOUT
    while (remaining := deadline - time.monotonic()) > 0:
        try:
            found = subprocess.run(
                ["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)],
                env=env,
                capture_output=True,
                text=True,
                timeout=remaining,
                check=False,
            )
        except subprocess.TimeoutExpired:
            break
        for window in found.stdout.split():
            name = subprocess.run(
                ["xdotool", "getwindowname", window],
                env=env,
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            )
            if name.returncode == 0 and name.stdout.strip() == title:
                return window
        time.sleep(0.05)
    pytest.fail(f"no window {title!r} appeared for pid {pid} within {START_TIMEOUT:.0f} s")


def _window_geometry(display: str, window: str) -> dict[str, int]:
    out = _xdotool(display, "getwindowgeometry", "--shell", window)
    values = dict(line.split("=", 1) for line in out.splitlines() if "=" in line)
    return {
        key: int(value) for key, value in values.items() if key in ("X", "Y", "WIDTH", "HEIGHT")
    }


def _screenshot(display: str, path: Path) -> pygame.Surface:
    subprocess.run(
        ["import", "-window", "root", str(path)],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        timeout=30,
        check=True,
    )
    return pygame.image.load(str(path))


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
    """Where the Quit button is: the game's main menu, or the editor's splash."""
    if script == "arena":
        center: tuple[int, int] = menu_button_rects(size, MENU_ITEMS)["Quit"].center
        return center
    return compute_layout(size).quit_button.center


@contextmanager
def _running(
    display: str, script: str, title: str, data_dir: Path | None = None
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
        _xdotool(x_display, "mousemove", "--window", window, str(x), str(y), "click", "1")
        _wait_for_exit(program, script, "clicking Quit")


def test_escape_key_exits(x_display: str) -> None:
    with _running(x_display, "arena-editor", "Arena Editor") as (program, window):
        # Only the press: the program quits on it, and a release sent to a window that is
        # already gone would make xdotool fail with BadWindow.
        _xdotool(x_display, "keydown", "--window", window, "Escape")
        _wait_for_exit(program, "arena-editor", "pressing Esc")


def test_quit_button_follows_a_resize(x_display: str, tmp_path: Path) -> None:
    """The window is resizable and the layout, Quit button included, follows its size."""
    size = (900, 600)
    with _running(x_display, "arena", "Arena", tmp_path) as (program, window):
        _xdotool(x_display, "windowsize", window, *map(str, size))
        deadline = time.monotonic() + START_TIMEOUT
        while (g := _window_geometry(x_display, window))["WIDTH"] != size[0]:
            assert time.monotonic() < deadline, f"window never resized: {g}"
            time.sleep(0.1)
        assert (g["WIDTH"], g["HEIGHT"]) == size
        x, y = _quit_button("arena", size)
        # The button has moved from where it was at 1280x720, so only a relayout works.
        assert not menu_button_rects((1280, 720), MENU_ITEMS)["Quit"].collidepoint(x, y)
        _xdotool(x_display, "mousemove", "--window", window, str(x), str(y), "click", "1")
        _wait_for_exit(program, "arena", "clicking Quit after a resize")
