"""Run files: ``arena sim --out FILE`` keeps every game as it is played and ``--resume``
plays only the missing ones; the fingerprint follows only the code and content that decide
games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.ai import sim_cli
from arena.ai.runfile import DECIDING, fingerprint
from arena.ai.sim import GameReport, GameSpec, play


def test_the_fingerprint_follows_the_code_and_content_that_decide_games(tmp_path: Path
                                                                        ) -> None:
    package = tmp_path / "arena"
    for name in (*DECIDING, "client"):
        (package / name).mkdir(parents=True)
    rules = package / "engine" / "rules.py"
    rules.write_text("A = 1\n")
    screen = package / "client" / "screen.py"
    screen.write_text("B = 1\n")
    cards = tmp_path / "cards"
    cards.mkdir()
    card = cards / "x.yaml"
    card.write_text("id: x\n")
    first = fingerprint(package, [cards])
    screen.write_text("B = 2\n")
    assert fingerprint(package, [cards]) == first  # the client decides no game
    rules.write_text("A = 2\n")
    second = fingerprint(package, [cards])
    assert second != first
    card.write_text("id: y\n")
    assert fingerprint(package, [cards]) != second


def _recording(played: list[GameSpec]):  # type: ignore[no-untyped-def]
    def run_batch(specs, jobs=None, on_result=None, **_):  # type: ignore[no-untyped-def]
        reports: list[GameReport] = []
        for spec in specs:
            played.append(spec)
            report = play(spec)
            reports.append(report)
            if on_result is not None:
                on_result(report)
        return reports
    return run_batch


def _two_games_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                    ) -> tuple[Path, list[GameSpec]]:
    """A run file of two games played with ``--out``, and the list the later runs record
    their games in."""
    out = tmp_path / "run.json"
    played: list[GameSpec] = []
    monkeypatch.setattr(sim_cli, "run_batch", _recording(played))
    assert sim_cli.main([*ARGS, "--games", "2", "--out", str(out)]) == 0
    return out, played


ARGS = ["--scenario", "practice", "--seats", "random,random", "--armies", "gideon,jace",
        "--jobs", "1", "--quiet", "--json"]


def test_sim_keeps_its_games_and_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out, played = _two_games_kept(tmp_path, monkeypatch)
    kept = json.loads(out.read_text())
    assert len(kept["games"]) == 2 and kept["fingerprint"] == fingerprint()
    capsys.readouterr()
    # Without --resume an existing run file is never overwritten.
    assert sim_cli.main([*ARGS, "--games", "3", "--out", str(out)]) == 2
    assert "--resume" in capsys.readouterr().err
    assert json.loads(out.read_text()) == kept
    played.clear()
    assert sim_cli.main([*ARGS, "--games", "3", "--out", str(out), "--resume"]) == 0
    assert [s.index for s in played] == [2]  # games 0 and 1 came from the file
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and report["budget_overruns"] == {"random": 0}
    assert len(json.loads(out.read_text())["games"]) == 3


def test_sim_refuses_a_run_file_it_cannot_go_on_from(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    out = tmp_path / "run.json"
    out.write_text("[" * 100_000)
    assert sim_cli.main([*ARGS, "--games", "1", "--out", str(out), "--resume"]) == 2
    err = capsys.readouterr().err
    assert "not a run file" in err and "Traceback" not in err
    assert out.read_text() == "[" * 100_000
    assert sim_cli.main([*ARGS, "--games", "1", "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err


def test_sim_plays_again_a_kept_game_a_safety_net_cut_short(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out, played = _two_games_kept(tmp_path, monkeypatch)
    data = json.loads(out.read_text())
    data["games"][1]["overruns"] = {"1": 0, "2": 1}  # the clock ended one of seat 2's turns
    out.write_text(json.dumps(data))
    capsys.readouterr()
    played.clear()
    assert sim_cli.main([*ARGS, "--games", "2", "--out", str(out), "--resume"]) == 0
    assert [s.index for s in played] == [1]
    assert "cut short by a safety net" in capsys.readouterr().err
    games = json.loads(out.read_text())["games"]
    assert [g["spec"]["index"] for g in games] == [0, 1]
    assert not any(any(g["overruns"].values()) for g in games)
