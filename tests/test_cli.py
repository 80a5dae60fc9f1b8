"""The `arena` command line: dispatch, version, and the lazy `validate` hand-off."""

from __future__ import annotations

import io
import subprocess
import sys
import types
from importlib import metadata
from typing import TextIO

import pytest

import arena
from arena import cli


def test_version_matches_the_installed_distribution() -> None:
    assert arena.__version__ == metadata.version("arena")


def test_version_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"arena {arena.__version__}"


def test_python_dash_m_arena() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "arena", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"arena {arena.__version__}"


def test_validate_hands_paths_and_stdout_to_the_content_validator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[list[str], TextIO, int]] = []

    def fake_run(paths: list[str], out: TextIO, budget: int) -> int:
        calls.append((paths, out, budget))
        return 7

    fake = types.ModuleType("arena.content.validate_cli")
    fake.run = fake_run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "arena.content.validate_cli", fake)
    assert cli.main(["validate", "cards", "scenarios/a.yaml"]) == 7
    assert calls == [(["cards", "scenarios/a.yaml"], sys.stdout, 500)]


def test_validate_explains_a_missing_validator(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A None entry in sys.modules makes the import raise ImportError.
    monkeypatch.setitem(sys.modules, "arena.content.validate_cli", None)
    assert cli.main(["validate", "cards"]) == 2
    assert "content validator is not available" in capsys.readouterr().err


def test_validate_needs_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate"]) == 2
    assert "PATH" in capsys.readouterr().err


def test_unknown_options_of_validate_are_rejected(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", "cards", "--frames", "3"]) == 2
    assert "unrecognized arguments" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [[], ["play"], ["--frames", "2"], ["play", "--frames", "2"]],
)
def test_no_command_or_play_opens_the_game(
    monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    seen: list[list[str]] = []

    def fake_run(options: list[str]) -> int:
        seen.append(options)
        return 0

    fake = types.ModuleType("arena.client.app")
    fake.run = fake_run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "arena.client.app", fake)
    assert cli.main(argv) == 0
    assert seen == [[a for a in argv if a != "play"]]


def test_play_help_is_the_clients_own(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    assert "arena play" in out and "--screenshot" in out


def test_play_runs_the_real_window_headless(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert cli.main(["play", "--frames", "2"]) == 0


def test_help_lists_the_commands() -> None:
    out = io.StringIO()
    cli._build_parser().print_help(out)
    assert "play" in out.getvalue() and "validate" in out.getvalue()


def test_validate_checks_armies_against_the_budget_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["validate", "cards/armies/gideon-premade.yaml"]) == 0
    assert cli.main(["validate", "--budget", "450", "cards/armies/gideon-premade.yaml"]) == 1
    out = capsys.readouterr().out
    assert "the army costs 500 points, more than the budget of 450" in out


def test_validate_into_a_closed_pipe_exits_quietly() -> None:
    proc = subprocess.run(
        f"{sys.executable} -m arena validate cards scenarios | head -1",
        shell=True, capture_output=True, text=True, check=False)
    assert proc.stdout.startswith("ok  ")
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr
