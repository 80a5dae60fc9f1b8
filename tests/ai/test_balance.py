"""``arena balance``: AI games on a battlefield, reported by starting zone, with a flag when
one zone wins more than chance explains; refused plainly when the scenario cannot be played
on the battlefield (the same check the game makes)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from arena.ai.balance import BalanceBatch, BalanceGame, summarize
from arena.ai.balance_cli import main, render
from arena.ai.match import DEFAULT_TIME_LIMIT

REPO = Path(__file__).resolve().parents[2]
PRACTICE = REPO / "scenarios" / "battlefields" / "practice-field.yaml"


def _games(yellow_wins: int, orange_wins: int) -> list[BalanceGame]:
    games = []
    for i in range(yellow_wins + orange_wins):
        seat_one_yellow = i % 2 == 0
        zones = {1: "yellow", 2: "orange"} if seat_one_yellow else {1: "orange", 2: "yellow"}
        winner = next(s for s, z in zones.items() if z == ("yellow" if i < yellow_wins
                                                           else "orange"))
        games.append(BalanceGame(i, zones, (winner,), 10 + i % 3,
                                 [("0,0", zones[winner])], ["1,1", "2,2", "1,1"]))
    return games


def test_a_zone_that_wins_far_more_is_flagged() -> None:
    report = summarize(_games(20, 0), "field.yaml", "the-duel", ["greedy"])
    assert report.zone_games == {"orange": 20, "yellow": 20}
    assert report.zone_wins == {"orange": 0, "yellow": 20}
    assert report.unbalanced and "yellow" in report.verdict
    assert report.glyphs == {"0,0": {"yellow": 20}}
    assert report.deaths[0] == ("1,1", 40)


def test_zones_that_win_alike_are_not_flagged() -> None:
    report = summarize(_games(11, 9), "field.yaml", "the-duel", ["greedy"])
    assert not report.unbalanced and "overlap" in report.verdict
    lo, hi = report.ci95["yellow"]
    assert lo < report.win_rate["yellow"] < hi
    assert report.turns_mean == pytest.approx(sum(10 + i % 3 for i in range(20)) / 20)


def test_the_command_plays_the_games_and_prints_zone_win_rates(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main([str(PRACTICE), "--scenario", "practice", "--games", "2", "--jobs", "1",
                 "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2
    assert set(data["zone_games"]) == {"yellow", "orange"}
    assert all(data["zone_games"][z] == 2 for z in data["zone_games"])
    assert sum(data["zone_wins"].values()) + data["draws"] == 2
    assert set(data["win_rate"]) == set(data["ci95"]) == {"yellow", "orange"}


def test_a_battlefield_the_scenario_cannot_use_is_refused(tmp_path: Path) -> None:
    text = PRACTICE.read_text()
    one_zone = tmp_path / "practice-field.yaml"
    one_zone.write_text(text[:text.index("  - id: orange")])
    done = subprocess.run([sys.executable, "-m", "arena", "balance", str(one_zone),
                           "--scenario", "practice", "--games", "2"], capture_output=True,
                          text=True, timeout=300, check=False, cwd=tmp_path)
    assert done.returncode == 2
    assert "cannot be played on" in done.stderr and "Traceback" not in done.stderr
    broken = REPO / "tests" / "content" / "broken" / "battlefield-huge-coordinate.yaml"
    done = subprocess.run([sys.executable, "-m", "arena", "balance", str(broken)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 2
    assert "battlefield-huge-coordinate.yaml:9" in done.stderr
    assert "Traceback" not in done.stderr


def test_sim_plays_a_scenario_on_another_battlefield(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from arena.ai.sim_cli import main as sim_main

    moved = REPO / "scenarios" / "battlefields" / "practice-field.yaml"
    assert sim_main(["--scenario", "duel", "--battlefield", str(moved), "--seats",
                     "random,random", "--games", "1", "--jobs", "1", "--json", "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0
    assert sim_main(["--scenario", "melee", "--battlefield", str(moved), "--seats",
                     "random,random,random", "--games", "1", "--quiet"]) == 2
    assert "cannot be played on" in capsys.readouterr().err


def test_zones_are_reported_by_the_battlefields_own_names(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    # Another map than the scenario's own (whose zone ids must be the scenario's): its own
    # zones stand in, and are reported by their names.
    blue = tmp_path / "practice-blue.yaml"
    blue.write_text(PRACTICE.read_text().replace("id: orange", "id: blue")
                    .replace("id: practice-field", "id: practice-blue"))
    assert main([str(blue), "--scenario", "practice", "--games", "1", "--jobs", "1",
                 "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["zone_games"]) == {"yellow", "blue"}


def test_clock_free_batches_play_without_the_wall_clock_cap() -> None:
    """Seen: on a busy machine greedy decisions were cut by the 5 s safety net ("time-out
    after 5 s"), so the same seed gave other games. Greedy's work is bounded by the position:
    a batch of greedy players has no cap; a searching AI keeps its safety net."""
    greedy = BalanceBatch(str(PRACTICE), "practice", 3)
    assert [s.time_limit for s in greedy.specs] == [None, None, None]
    mixed = BalanceBatch(str(PRACTICE), "practice", 2, controllers=("greedy", "hard"))
    assert all(s.time_limit == DEFAULT_TIME_LIMIT for s in mixed.specs)


def test_the_text_report_names_each_glyph_taken() -> None:
    games = _games(3, 2)
    games = [replace(g, glyph_kinds={"0,0": "power"}) for g in games[:4]] + \
        [replace(games[4], glyph_kinds={"0,0": "move"})]
    report = summarize(games, "field.yaml", "the-duel", ["greedy"])
    assert report.glyph_kinds == {"0,0": "shuffled"}
    assert summarize(games[:4], "f", "the-duel", ["greedy"]).glyph_kinds == {"0,0": "power"}
    assert "  0,0 (shuffled): orange 2, yellow 3" in render(report)


def test_a_team_or_seat_that_wins_far_more_is_flagged() -> None:
    # The Skirmish: one zone per team, the teams swap zones game by game; team 1+2 wins all.
    games = [BalanceGame(i, {1: a, 2: a, 3: b, 4: b}, (1, 2), 30, [], [], {}, 4)
             for i, (a, b) in enumerate([("yellow", "orange"), ("orange", "yellow")] * 10)]
    report = summarize(games, "skirmish.yaml", "the-skirmish", ["greedy"], [(1, 2), (3, 4)])
    assert report.zone_games == {"orange": 20, "yellow": 20}
    assert report.team_games == {"1+2": 20, "3+4": 20}
    assert report.team_wins == {"1+2": 20, "3+4": 0}
    assert report.seat_wins == {"1": 20, "2": 20, "3": 0, "4": 0}
    assert report.unbalanced and report.verdict.startswith("unbalanced: team 1+2 wins 100%")
    # The Melee: every player starts in the one zone; seat 3 never wins.
    melee = [BalanceGame(i, {1: "orange", 2: "orange", 3: "orange"}, (1 + i % 2,), 36, [],
                         [], {}, 3) for i in range(30)]
    report = summarize(melee, "melee.yaml", "the-melee", ["greedy"])
    assert report.seat_games == {"1": 30, "2": 30, "3": 30} and not report.team_games
    assert report.seat_wins["3"] == 0
    assert report.unbalanced and "seat 3 0%" in report.verdict
    even = summarize(melee[:2], "melee.yaml", "the-melee", ["greedy"])
    assert not even.unbalanced and "the seats' 95% intervals overlap" in even.verdict


def test_the_skirmish_and_the_melee_are_reported_by_team_and_seat(
        capsys: pytest.CaptureFixture[str]) -> None:
    skirmish = REPO / "scenarios" / "battlefields" / "skirmish.yaml"
    assert main([str(skirmish), "--scenario", "skirmish", "--games", "2", "--seats", "random",
                 "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["team_games"] == {"1+2": 2, "3+4": 2}
    assert data["seat_games"] == {"1": 2, "2": 2, "3": 2, "4": 2}
    assert sum(data["team_wins"].values()) + data["draws"] == 2
    melee = REPO / "scenarios" / "battlefields" / "melee.yaml"
    assert main([str(melee), "--scenario", "melee", "--players", "4", "--games", "2",
                 "--seats", "random", "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "seat" in text and "\n4 " in text and "the-melee: 2 games" in text
