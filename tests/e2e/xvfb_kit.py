"""What the real-window tests share (the game's in tests/e2e, the editor's in tests/editor):
a private Xvfb server, xdotool, finding a program's window by its title, screenshots and
waiting on a program's status file (ARENA_TEST_STATUS).

Display allocation: each test module (so each pytest-xdist worker) starts its own Xvfb with
``-displayfd``, which makes the server pick a free display number itself (it claims the
number atomically through its /tmp/.X<n>-lock file) and write it back to us. Parallel
workers therefore never clash, and no number is guessed. The server runs with ``-noreset``:
by default an X server resets each time its last client disconnects (a screenshot, an xdotool
call, a program closing), so whether state such as a held key survives into the next test
would depend on timing, and a program that opens the display during a reset may be refused.
Tests that leave state behind clean it up themselves (`press_closing_key`).

Outside CI the tests skip when a tool is missing; in CI (``CI`` set) they fail instead,
because ``make test`` installs them (``make system-deps``).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

PACKAGES = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}
"""The Debian package of each tool the real-window tests run."""
T = TypeVar("T")
SCREEN = "1280x800x24"
SLOW = 6.0
"""How many times longer than on an idle machine every wait may take. The suite runs with
two workers, often beside another run on the same two cores, and the program under test
competes with both: a step that takes 5 s idle may take 30 s then. Every wait below is a
multiple of this, and each one ends as soon as the program signals, so a large factor costs
nothing when things go well."""
START_TIMEOUT = 10.0 * SLOW
"""Seconds for a server, a window or a program's first status to appear."""
STEP_TIMEOUT = 5.0 * SLOW
"""Seconds for a program to show that it handled one input (a click, a key)."""


def x_server(tmp_path_factory: pytest.TempPathFactory, tools: Iterable[str] = tuple(PACKAGES),
             screen: str = SCREEN) -> Iterator[str]:
    """Start a private Xvfb on a display number it picks itself, its screen ``screen``
    (width x height x depth: large enough for the biggest window a module opens); yield
    ``":N"`` (the body of a module-scoped ``x_display`` fixture). Skips (fails in CI) when
    a tool is missing."""
    missing = [tool for tool in tools if shutil.which(tool) is None]
    if missing:
        packages = " ".join(PACKAGES.get(tool, tool) for tool in missing)
        message = (f"missing {', '.join(missing)} (Debian packages: {packages}); "
                   "`make test` installs them (via `make system-deps`)")
        if os.environ.get("CI"):
            pytest.fail(f"real-window tests cannot run in CI: {message}")
        pytest.skip(message)
    log_path = tmp_path_factory.mktemp("xvfb") / "xvfb.log"
    read_fd, write_fd = os.pipe()
    with log_path.open("w") as log:
        server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen, "-nolisten", "tcp",
             "-noreset"],
            pass_fds=(write_fd,), stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    os.close(write_fd)
    try:
        number = read_line(read_fd, START_TIMEOUT)
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


def read_line(fd: int, timeout: float) -> str:
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


def xdotool(display: str, *args: str, timeout: float = STEP_TIMEOUT) -> str:
    """Run one xdotool command on ``display``; fail the test with its stderr if it fails."""
    result = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                            capture_output=True, text=True, timeout=timeout, check=False)
    if result.returncode != 0:
        pytest.fail(f"xdotool {' '.join(args)} exited {result.returncode}: {result.stderr}")
    return result.stdout.strip()


def press_closing_key(display: str, window: str, key: str, closed: Callable[[], T]) -> T:
    """Press ``key`` in ``window``, whose program quits on it; wait with ``closed()`` and
    return what it returns. The key is released afterwards, to whatever has the focus: sent
    to the closed window, xdotool would fail with BadWindow, and a key left down would
    repeat into the next test's program (the server keeps its state between tests)."""
    xdotool(display, "keydown", "--window", window, key)
    result = closed()
    xdotool(display, "keyup", key)
    return result


def find_window(display: str, pids: Callable[[], Iterable[int | str]],
                title: str | Callable[[str], bool], timeout: float = START_TIMEOUT) -> str:
    """The id of a visible window titled ``title`` (or whose title ``title`` accepts: a
    window whose title changes, as the editor's does with its file and unsaved mark) of one
    of the processes ``pids()`` names (asked again while waiting: a child process may not
    exist yet), waiting for it to map.

    Checking the title as well as the pid matters: while starting, SDL briefly creates and
    destroys a small "OpenGL test" window of its own, which ``--pid`` alone can find.
    (xdotool's own ``--name`` filter cannot read SDL's UTF-8 window names, so the title is
    compared here.)
    """
    env = {**os.environ, "DISPLAY": display}
    deadline = time.monotonic() + timeout
    seen: list[str] = []
    while (remaining := deadline - time.monotonic()) > 0:
        seen = []
        for pid in pids():
            try:
                found = subprocess.run(
                    ["xdotool", "search", "--onlyvisible", "--pid", str(pid)], env=env,
                    capture_output=True, text=True, timeout=remaining, check=False)
            except subprocess.TimeoutExpired:
                break
            for window in found.stdout.split():
                name = subprocess.run(["xdotool", "getwindowname", window], env=env,
                                      capture_output=True, text=True, timeout=STEP_TIMEOUT,
                                      check=False)
                shown = name.stdout.strip()
                if name.returncode == 0 and (title(shown) if callable(title) else
                                             shown == title):
                    return window
                seen.append(f"{pid}: {name.stdout.strip()!r}")
        time.sleep(0.05)
    pytest.fail(f"timed out after {timeout:.0f} s waiting for a visible window titled {title!r}"
                f" of process {', '.join(map(str, pids())) or '(none yet)'}; last seen: "
                f"{', '.join(seen) or 'no visible window of theirs'}")


def screenshot(display: str, path: Path) -> bytes:
    """The whole screen of ``display`` as a PNG at ``path`` (ImageMagick's ``import``); its
    bytes are returned. Taken into a file of this process's own and then moved into place in
    one step, so a test run beside this one (same checkout, same artifact names) never makes
    a test read its picture, or half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    own = path.with_name(f".{path.stem}.{os.getpid()}{path.suffix}")
    subprocess.run(["import", "-window", "root", str(own)],
                   env={**os.environ, "DISPLAY": display}, capture_output=True,
                   timeout=STEP_TIMEOUT, check=True)
    data = own.read_bytes()
    os.replace(own, path)
    return data


def read_status(path: Path) -> dict[str, Any] | None:
    """A program's status file (ARENA_TEST_STATUS), or None while it is missing or half
    written."""
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data


def wait_status(path: Path, what: str, predicate: Callable[[dict[str, Any]], Any],
                timeout: float = START_TIMEOUT) -> dict[str, Any]:
    """Wait until the status file satisfies ``predicate`` (no sleeps to guess); fail the
    test naming ``what`` and the last status seen (widgets left out) when it never does."""
    deadline = time.monotonic() + timeout
    last: dict[str, Any] | None = None
    while time.monotonic() < deadline:
        data = read_status(path)
        if data is not None:
            last = data
            try:
                if predicate(data):
                    return data
            except (KeyError, TypeError, IndexError):
                pass
        time.sleep(0.05)
    brief = {k: v for k, v in (last or {}).items() if k != "widgets"}
    seen = json.dumps(brief)[:1500] if last is not None else f"none ({path} never written)"
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}; last status: {seen}")
