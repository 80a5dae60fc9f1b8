"""`arena sim --scheduler`: a batch played on a Dask cluster gives what a local batch gives.

Every cluster here is a `LocalCluster` bound to 127.0.0.1 that the test starts (no network):
the same JSON as a local run, a run file that ``--resume`` goes on from locally, a worker
killed mid-batch (its game is played again and the report is the same), and a worker running
other code refused with a plain message; the tuning script's games played there are the
games it plays here. Games are Practice games of random players (about a second each), but
for two tuning Duels."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ai_kit import load_script

from arena.ai import batches
from arena.ai.balance_cli import main as balance_main
from arena.ai.sim_cli import main

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["--scenario", "practice", "--seats", "random,random", "--seed", "3", "--quiet",
        "--json"]
TIMING = ("seconds", "times", "turn_times")
"""What a report measures of the machine, not of the games: left out of the comparisons."""
DEADLINE = 300.0


def _games(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


def _sim(*argv: str) -> tuple[int, dict[str, Any] | None, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*ARGS, *argv])
    return code, (json.loads(out.getvalue()) if code == 0 else None), err.getvalue()


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two single-thread worker processes (with nannies, which restart a killed worker)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  silence_logs=logging.ERROR) as found:
        yield found


@pytest.fixture(scope="module")
def local_six() -> dict[str, Any]:
    code, data, _ = _sim("--games", "6", "--jobs", "1")
    assert code == 0 and data is not None
    return data


def test_a_cluster_batch_reports_what_a_local_batch_reports(
        cluster: Any, local_six: dict[str, Any], tmp_path: Path) -> None:
    code, remote, _ = _sim("--games", "6", "--scheduler", cluster.scheduler_address)
    assert code == 0 and remote is not None
    assert _games(remote) == _games(local_six)
    # A run file begun on the cluster is gone on from locally, and the other way round.
    out = tmp_path / "run.json"
    assert _sim("--games", "3", "--out", str(out), "--scheduler",
                cluster.scheduler_address)[0] == 0
    code, resumed, _ = _sim("--games", "6", "--out", str(out), "--resume", "--jobs", "1")
    assert code == 0 and resumed is not None and _games(resumed) == _games(local_six)
    assert len(json.loads(out.read_text())["games"]) == 6


def test_the_environment_names_the_scheduler(
        cluster: Any, local_six: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(batches.SCHEDULER_ENV, cluster.scheduler_address)
    code, remote, _ = _sim("--games", "2")
    assert code == 0 and remote is not None
    games = {k: v for k, v in _games(remote).items() if k != "games"}
    assert remote["games"] == 2 and games.keys() == _games(local_six).keys() - {"games"}


def test_a_worker_killed_mid_batch_loses_only_its_game(
        cluster: Any, local_six: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "run.json"
    with distributed.Client(cluster.scheduler_address) as client:
        pids: dict[str, int] = client.run(os.getpid)
        program = subprocess.Popen(
            [sys.executable, "-m", "arena", "sim", *ARGS, "--games", "6", "--out", str(out),
             "--scheduler", cluster.scheduler_address],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + DEADLINE
            busy: list[str] = []
            while not busy:  # the program's own run file says a game is done
                assert program.poll() is None and time.monotonic() < deadline
                if out.exists() and json.loads(out.read_text())["games"]:
                    busy = [w for w, keys in client.processing().items() if keys]
                time.sleep(0.02)
            os.kill(pids[busy[0]], signal.SIGKILL)  # mid-game: it had a game to play
            stdout, stderr = program.communicate(timeout=DEADLINE)
        finally:
            if program.poll() is None:
                program.kill()
                program.wait()
    assert program.returncode == 0, stderr
    assert _games(json.loads(stdout)) == _games(local_six)
    assert len(json.loads(out.read_text())["games"]) == 6


def _other_code(tmp_path: Path) -> Path:
    """A copy of this checkout's `arena` (beside its cards and scenarios) with one engine
    file changed: what a worker with an older or newer Arena has."""
    copy = tmp_path / "other"
    shutil.copytree(ROOT / "arena", copy / "arena",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for folder in ("cards", "scenarios", "assets"):
        (copy / folder).symlink_to(ROOT / folder)
    with (copy / "arena" / "engine" / "__init__.py").open("a") as changed:
        changed.write("\n# another version of the rules\n")
    return copy


def test_a_worker_with_other_code_is_refused(tmp_path: Path) -> None:
    with distributed.LocalCluster(n_workers=0, host="127.0.0.1", dashboard_address=None,
                                  silence_logs=logging.ERROR) as empty, \
            distributed.Client(empty.scheduler_address) as client:
        other = _other_code(tmp_path)
        env = {**os.environ, "PYTHONPATH": str(other)}
        worker = subprocess.Popen(
            [str(Path(sys.executable).parent / "dask"), "worker", empty.scheduler_address,
             "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard"],
            cwd=other, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            client.wait_for_workers(1, timeout=DEADLINE)
            where = client.run(lambda: __import__("arena").__file__)
            assert all(str(other) in path for path in where.values())
            code, _, err = _sim("--games", "2", "--scheduler", empty.scheduler_address)
        finally:
            worker.terminate()
            worker.wait(timeout=60)
    assert code == 2
    assert "runs other code or content" in err and "Install the same Arena" in err
    assert err.startswith("arena sim: the worker at tcp://127.0.0.1:")


def test_a_scheduler_nobody_runs_is_a_plain_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batches, "CONNECT_TIMEOUT", 2.0)
    code, _, err = _sim("--games", "1", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err


def test_the_tuning_games_are_the_same_on_a_cluster(cluster: Any, tmp_path: Path) -> None:
    tune = load_script("ai_tune")
    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    assert tune.main(["generate", "--out", str(here), "--games", "2", "--seed", "5"]) == 0
    assert tune.main(["generate", "--out", str(there), "--games", "2", "--seed", "5",
                      "--scheduler", cluster.scheduler_address]) == 0

    def games(path: Path) -> list[str]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return sorted(lines[1:])

    assert games(here) == games(there) and len(games(here)) == 2


def test_the_strength_script_sends_its_games_where_it_is_told(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    strength = load_script("ai_strength")
    told: list[str | None] = []

    def refuse(specs: Any, jobs: Any = None, on_result: Any = None,
               scheduler: str | None = None) -> Any:
        told.append(scheduler)
        raise batches.Refused("the scheduler at tcp://127.0.0.1:1 has no worker")

    monkeypatch.setattr(strength, "run_batch", refuse)
    monkeypatch.setenv(batches.SCHEDULER_ENV, "tcp://127.0.0.1:1")
    assert strength.main(["--games", "1", "--only", "hard-greedy"]) == 2
    assert told == ["tcp://127.0.0.1:1"]
    assert "ai_strength: the scheduler at tcp://127.0.0.1:1 has no worker" in \
        capsys.readouterr().err


def _balance(*argv: str) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert balance_main([*argv, "--seats", "random,random", "--json"]) == 0
    data: dict[str, Any] = json.loads(out.getvalue())
    return data


def test_balance_and_army_strength_report_the_same_on_a_cluster(
        cluster: Any, tmp_path: Path) -> None:
    # The files a batch names travel with its games (a worker elsewhere has no such path).
    field = tmp_path / "practice-field.yaml"
    shutil.copy(ROOT / "scenarios" / "battlefields" / "practice-field.yaml", field)
    zones = [str(field), "--scenario", "practice", "--games", "2"]
    assert _balance(*zones, "--jobs", "1") == \
        _balance(*zones, "--scheduler", cluster.scheduler_address)
    army = tmp_path / "my-army.yaml"
    army.write_text("format: army\nid: my-army\nname: Mine\n"
                    "planeswalker: jace-beleren-mindmage\ncards: [leyline-phantoms]\n")
    armies = ["--armies", str(army), "--opponents", "nissa", "--games", "2"]
    local = _balance(*armies, "--jobs", "1")
    assert local["armies"][str(army)]["games"] == 2
    assert local == _balance(*armies, "--scheduler", cluster.scheduler_address)
