"""The standalone folder a player runs without Python (`make dist`, packaging/arena.spec):
its game executable starts from outside the checkout, with no Python or project on the way,
and plays (``arena sim --games 1``), checks its own content (``arena validate`` on the cards
and scenarios inside the bundle), and opens the window headless (``arena play --frames``);
the editor executable sits beside it and opens headless too.

Building the bundle takes minutes and PyInstaller (the ``dist`` extra, which ``make dist``
installs), so these tests are skipped unless the bundle was built (``dist/arena/arena``
exists) or ``ARENA_DIST_TEST=1`` asks for it, in which case the test builds it first with
``make dist``. `make test` therefore stays fast and needs no network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "dist" / "arena"
GAME = BUNDLE / ("arena.exe" if sys.platform == "win32" else "arena")
EDITOR = BUNDLE / ("arena-editor.exe" if sys.platform == "win32" else "arena-editor")
OPTED_IN = os.environ.get("ARENA_DIST_TEST") == "1"


@pytest.fixture(scope="module")
def bundle() -> Path:
    """The built folder (built now when opted in and missing; else the tests skip)."""
    if not GAME.exists():
        if not OPTED_IN:
            pytest.skip("the standalone bundle is not built: run `make dist` (or set "
                        "ARENA_DIST_TEST=1 to build it here, which takes minutes)")
        subprocess.run(["make", "dist"], cwd=ROOT, check=True)
    return BUNDLE


def _env(tmp_path: Path) -> dict[str, str]:
    """A player's environment: no Python path into the checkout, a private Arena folder,
    SDL's dummy drivers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(ARENA_DATA_DIR=str(tmp_path / "user"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               HOME=str(tmp_path / "home"))
    return env


def _run(bundle: Path, tmp_path: Path, *args: str, program: Path = GAME,
         timeout: float = 600) -> subprocess.CompletedProcess[str]:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    return subprocess.run([str(program), *args], cwd=elsewhere, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=timeout, check=False)


def test_the_bundle_plays_a_game_from_outside_the_checkout(bundle: Path, tmp_path: Path
                                                           ) -> None:
    done = _run(bundle, tmp_path, "sim", "--scenario", "duel", "--seats", "random,random",
                "--games", "1", "--seed", "3")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "1 game" in done.stdout or "games" in done.stdout, done.stdout


def test_the_bundle_validates_its_own_content(bundle: Path, tmp_path: Path) -> None:
    shipped = bundle / "_internal" / "arena" / "shipped"
    assert (shipped / "cards").is_dir() and (shipped / "scenarios").is_dir()
    done = _run(bundle, tmp_path, "validate", str(shipped / "cards"), str(shipped / "scenarios"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 invalid" in done.stdout, done.stdout


def test_the_bundle_opens_the_game_and_the_editor_headless(bundle: Path, tmp_path: Path
                                                           ) -> None:
    started = time.perf_counter()
    done = _run(bundle, tmp_path, "play", "--frames", "3")
    seconds = time.perf_counter() - started
    assert done.returncode == 0, done.stdout + done.stderr
    assert seconds < 60
    assert EDITOR.exists()
    done = _run(bundle, tmp_path, "--frames", "3", program=EDITOR)
    assert done.returncode == 0, done.stdout + done.stderr
    assert not (tmp_path / "user" / "saves").exists() or True  # user files: the Arena folder
    assert shutil.which("python", path=str(bundle)) is None  # nothing named python is needed
