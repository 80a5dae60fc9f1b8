"""Arena installs like any Python application: the wheel carries the shipped cards, scenarios
and assets, and the installed game plays and validates its own content from any folder.

The test builds the wheel from a copy of the sources (a build leaves ``build/`` and
``*.egg-info`` behind, which must not land in the checkout), installs it without its
dependencies into a fresh virtual environment in a temporary folder, and runs the installed
``arena`` command there with no path to the checkout. The dependencies come from this test
environment: a ``.pth`` file in the fresh environment names this environment's
site-packages folder. Python adds a plain path line of a ``.pth`` file to ``sys.path`` but
does not process the ``.pth`` files found in that folder, so the editable install's hook
that maps ``arena`` to the checkout stays inactive (the test checks that ``arena`` and
``editor`` are the installed copies). Nothing is downloaded and nothing is left behind.

That the installed game never reads the checkout is watched, not assumed: an audit hook
(installed in the fresh environment by a second ``.pth`` file) records every file or folder
opened or listed under the checkout's ``arena``, ``editor``, ``cards``, ``scenarios`` and
``assets`` folders, and the test requires that record to stay empty.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md",
           "arena", "editor", "cards", "scenarios", "assets")
"""What a wheel is built from (the rest of the checkout is not part of the application)."""
WATCHED = ("arena", "editor", "cards", "scenarios", "assets")
"""Folders of the checkout the installed game must never touch."""
TIMEOUT = 600
"""Seconds any one step may take on a loaded machine before the test gives up."""

AUDIT = '''
"""Records any file or folder the program opens or lists below the watched folders."""
import os
import sys

WATCHED = tuple(p for p in os.environ.get("ARENA_TEST_WATCHED", "").split(os.pathsep) if p)
LOG = os.environ.get("ARENA_TEST_AUDIT_LOG", "")
EVENTS = {"open", "os.listdir", "os.scandir", "os.chdir"}


def _hook(event, args):
    if event not in EVENTS or not args or not WATCHED or not LOG:
        return
    path = args[0]
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    if not isinstance(path, str):
        return
    path = os.path.abspath(path)
    if any(path == w or path.startswith(w + os.sep) for w in WATCHED):
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(f"{event} {path}\\n")


sys.addaudithook(_hook)
'''


@pytest.fixture(scope="module")
def installed() -> Iterator[tuple[Path, dict[str, str], Path]]:
    """A fresh virtual environment with the built wheel installed: its folder, the
    environment the commands run with, and the audit log."""
    with tempfile.TemporaryDirectory(prefix="arena-install-") as name:
        base = Path(name)
        wheel = _build_wheel(base)
        venv = base / "venv"
        _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], base)
        python = venv / "bin" / "python"
        site = Path(_run([str(python), "-c",
                          "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         base).strip())
        ours = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
        (site / "arena-test-dependencies.pth").write_text("".join(f"{p}\n" for p in ours))
        (site / "_arena_test_audit.py").write_text(AUDIT)
        (site / "arena-test-audit.pth").write_text("import _arena_test_audit\n")
        _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
              "--no-index", "--disable-pip-version-check", "--quiet", str(wheel)], base)
        log = base / "audit.log"
        env = {key: value for key, value in os.environ.items()
               if key not in ("PYTHONPATH", "PYTHONHOME", "ARENA_CONTENT", "VIRTUAL_ENV")}
        env.update({
            "PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
            "ARENA_DATA_DIR": str(base / "user"),
            "ARENA_TEST_WATCHED": os.pathsep.join(str(ROOT / w) for w in WATCHED),
            "ARENA_TEST_AUDIT_LOG": str(log),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        })
        yield venv, env, log


def _build_wheel(base: Path) -> Path:
    """Build the wheel from a copy of the sources, with this environment's setuptools."""
    source = base / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        else:
            source.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    out = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--no-index", "--disable-pip-version-check", "--quiet", "--wheel-dir", str(out),
          str(source)], base)
    (wheel,) = out.glob("arena-*.whl")
    return wheel


def _run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run a command; its output, or a failure that shows what it printed."""
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT, check=False)
    assert done.returncode == 0, (
        f"{' '.join(argv)} exited {done.returncode}\n--- stdout\n{done.stdout[-4000:]}"
        f"\n--- stderr\n{done.stderr[-4000:]}")
    return done.stdout


def test_the_installed_game_plays_and_validates_from_any_folder(
        installed: tuple[Path, dict[str, str], Path], tmp_path: Path) -> None:
    venv, env, log = installed
    elsewhere = tmp_path / "anywhere"
    elsewhere.mkdir()
    where = json.loads(_run([str(venv / "bin" / "python"), "-c", textwrap.dedent("""
        import json, arena, editor
        from arena.content.locations import asset, package_root
        print(json.dumps({"arena": arena.__file__, "editor": editor.__file__,
                          "data": str(package_root()),
                          "rules": str(asset("rules", "rules.md"))}))
        """)], elsewhere, env))
    for key in ("arena", "editor", "data", "rules"):
        assert Path(where[key]).is_relative_to(venv), (key, where[key])
    data = Path(where["data"])
    assert data.name == "shipped" and Path(where["rules"]).is_file()
    for folder in ("cards", "scenarios", "assets"):
        shipped = sorted(p.relative_to(ROOT / folder).as_posix()
                         for p in (ROOT / folder).rglob("*") if p.is_file())
        carried = sorted(p.relative_to(data / folder).as_posix()
                         for p in (data / folder).rglob("*") if p.is_file())
        assert carried == shipped, folder

    played = _run([str(venv / "bin" / "arena"), "sim", "--scenario", "the-duel", "--seats",
                   "random,random", "--games", "1", "--jobs", "1", "--quiet", "--json"],
                  elsewhere, env)
    report = json.loads(played)
    assert report["games"] == 1 and report["errors"] == 0 and report["faults"] == []
    assert report["scenario"] == "the-duel" and sum(report["turns"].values()) > 0

    checked = _run([str(venv / "bin" / "arena"), "validate", str(data / "cards"),
                    str(data / "scenarios")], elsewhere, env)
    count = sum(1 for folder in ("cards", "scenarios")
                for _ in (ROOT / folder).rglob("*.yaml"))
    assert f"{count} files checked: {count} valid, 0 invalid, 0 problems" in checked

    assert not log.exists(), f"the installed game read the checkout:\n{log.read_text()}"
    # The watch itself works: listing a watched folder is recorded.
    _run([str(venv / "bin" / "python"), "-c", f"import os; os.listdir({str(ROOT / 'cards')!r})"],
         elsewhere, env)
    assert log.read_text().split() == ["os.listdir", str(ROOT / "cards")]
