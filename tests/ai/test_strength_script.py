"""`scripts/ai_strength.py`: the bars advance together, partial runs keep their figures, and
the coverage bar reads exactly the first 100 hard-greedy games, and a run goes on from the
games it kept."""

from __future__ import annotations

import json

import pytest
from ai_kit import load_script

from arena.ai.sim import GameReport, plan


@pytest.fixture(scope="module")
def strength():  # type: ignore[no-untyped-def]
    return load_script("ai_strength")


def _report(spec, hard_wins: bool, spells: dict[str, int] | None = None) -> GameReport:  # type: ignore[no-untyped-def]
    hard_seat = spec.controllers.index("hard") + 1 if "hard" in spec.controllers else 1
    winner = hard_seat if hard_wins else 3 - hard_seat
    return GameReport(spec, (winner,), "planeswalkers_destroyed", 8, 80, 1.0,
                      {1: [0.1, 0.2], 2: [0.01]}, [],
                      {hard_seat: spells or {}}, {},
                      {hard_seat: ["fireball", "unsummon"]}, {})


def test_bars_are_interleaved_game_by_game(strength) -> None:  # type: ignore[no-untyped-def]
    a = plan("duel", ("hard", "random"), 3, 1)
    b = plan("duel", ("hard", "greedy"), 2, 1)
    mixed = strength.interleave([a, b])
    assert [s.controllers[0:2] for s in mixed[:2]] == [a[0].controllers, b[0].controllers]
    assert mixed == [a[0], b[0], a[1], b[1], a[2]]
    assert len({strength._key(s) for s in mixed}) == 5


def test_a_partial_bar_is_reported_incomplete_and_missed(strength) -> None:  # type: ignore[no-untyped-def]
    specs = plan("duel", ("hard", "greedy"), 4, 1)
    reports = [_report(s, i != 0) for i, s in enumerate(specs[:3])]
    bar = strength.Bar("hard-greedy", "duel", ("hard", "greedy"), 0.70)
    row = strength.bar_row(bar, 4, reports, 1, 1.0)
    assert (row["games"], row["wins"], row["complete"]) == (3, 2, False)
    assert row["met"] is False  # 2 of 3 is under 70%
    empty = strength.bar_row(bar, 4, [], 1, 0.0)
    assert empty["games"] == 0 and not empty["met"]


def test_coverage_waits_for_the_first_hundred_games(strength) -> None:  # type: ignore[no-untyped-def]
    assert strength.COVERAGE_BAR == "hard-greedy"  # an opponent that fields its squads
    specs = plan("duel", ("hard", "greedy"), 101, 1)
    reports = [_report(s, True, {"fireball": 1}) for s in specs[:99]]
    assert strength.coverage_of(reports, 1) is None
    reports.append(_report(specs[100], True, {"unsummon": 1}))  # game 100 is not in the batch
    assert strength.coverage_of(reports, 1) is None
    reports.append(_report(specs[99], True))
    cov = strength.coverage_of(reports, 1)
    assert cov is not None and cov["games"] == 100
    assert cov["spells_never_cast"] == ["unsummon"] and cov["met"] is False
    bar = strength.Bar("hard-greedy", "duel", ("hard", "greedy"), 0.70)
    text = strength.render([strength.bar_row(bar, 101, reports, 1, 1.0)], cov)
    assert "| hard-greedy | 101 | 101 | 100.0% |" in text and "never cast: unsummon" in text
    assert "first 100 hard-greedy games" in text
    json.dumps(cov)


def test_the_bars_are_the_issues_goals(strength) -> None:  # type: ignore[no-untyped-def]
    """Hard against greedy at 80% with the interval's lower bound at 75%, expert at 85% and
    80%, hard against normal 70%, normal against greedy 60%, hard in a 3-player Melee 50%,
    the hard team in the Skirmish 80%, hard in mirror matches 80%."""
    bars = {b.name: b for b in strength.BARS}
    assert {n: (b.scenario, b.seats, b.goal, b.lowest, b.players, b.mirror)
            for n, b in bars.items()} == {
        "hard-greedy": ("duel", ("hard", "greedy"), 0.80, 0.75, None, False),
        "expert-greedy": ("duel", ("expert", "greedy"), 0.85, 0.80, None, False),
        "hard-normal": ("duel", ("hard", "normal"), 0.70, 0.0, None, False),
        "normal-greedy": ("duel", ("normal", "greedy"), 0.60, 0.0, None, False),
        "hard-melee": ("melee", ("hard", "greedy", "greedy"), 0.50, 0.0, 3, False),
        "hard-skirmish": ("skirmish", ("hard", "greedy"), 0.80, 0.0, None, False),
        "hard-mirror": ("duel", ("hard", "greedy"), 0.80, 0.0, None, True),
    }
    melee = bars["hard-melee"].plan(15, 1)  # five army rotations, then the seats turn
    assert all(len(s.controllers) == 3 and s.controllers.count("hard") == 1 for s in melee)
    assert len({s.controllers for s in melee}) == 3  # hard takes every seat in turn
    skirmish = bars["hard-skirmish"].plan(2, 1)
    for s in skirmish:  # a controller per team: hard+hard against greedy+greedy
        assert sorted(s.controllers) == ["greedy", "greedy", "hard", "hard"]
    duel = bars["hard-greedy"].plan(1, 1)
    keys = {strength._key(s) for s in (*melee, *skirmish, *duel)}
    assert len(keys) == 18  # the same game numbers of three bars: told apart


def test_a_bar_needs_its_lower_bound_too(strength) -> None:  # type: ignore[no-untyped-def]
    """81 of 100 clears 80%, but its interval's lower bound (about 72%) does not clear 75%."""
    bar = next(b for b in strength.BARS if b.name == "hard-greedy")
    specs = bar.plan(100, 1)
    reports = [_report(s, i < 81) for i, s in enumerate(specs)]
    row = strength.bar_row(bar, 100, reports, 1, 1.0)
    assert row["win_rate"] == 0.81 and row["ci95"][0] < 0.75
    assert row["met"] is False
    reports = [_report(s, i < 86) for i, s in enumerate(specs)]
    assert strength.bar_row(bar, 100, reports, 1, 1.0)["met"] is True


def test_a_short_bar_is_only_above_or_below_its_goal_so_far(strength) -> None:  # type: ignore[no-untyped-def]
    """A bar of 19 games of its 200 is not met however well it went: the table says so."""
    bar = next(b for b in strength.BARS if b.name == "normal-greedy")
    specs = bar.plan(19, 1)
    above = strength.bar_row(bar, 200, [_report(s, True) for s in specs], 1, 1.0)
    below = strength.bar_row(bar, 200, [_report(s, False) for s in specs], 1, 1.0)
    text = strength.render([above, below], None)
    assert "| so far above (19 of 200) |" in text and "| so far below (19 of 200) |" in text
    assert "| yes |" not in text and "| NO |" not in text
    whole = strength.bar_row(bar, 19, [_report(s, True) for s in specs], 1, 1.0)
    assert "| yes |" in strength.render([whole], None)


def test_a_report_survives_the_json_round_trip() -> None:
    from arena.ai.sim import report_from_data, report_to_data

    spec = plan("duel", ("hard", "greedy"), 2, 1)[1]
    report = _report(spec, True, {"fireball": 2})
    back = report_from_data(json.loads(json.dumps(report_to_data(report))))
    assert back == report


def _fake_batch(played: list):  # type: ignore[no-untyped-def]
    """A run_batch that 'plays' every game as a hard win and records which it was given."""

    def run(specs, jobs=None, on_result=None, **_):  # type: ignore[no-untyped-def]
        out = []
        for spec in specs:
            played.append(spec)
            report = _report(spec, True)
            out.append(report)
            if on_result is not None:
                on_result(report)
        return out

    return run


def test_resume_plays_only_the_missing_games(strength, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "strength.json"
    first: list = []
    monkeypatch.setattr(strength, "run_batch", _fake_batch(first))
    strength.main(["--games", "2", "--only", "hard-greedy", "--out", str(out)])
    assert len(first) == 2
    kept = json.loads(out.read_text())
    assert kept["fingerprint"] == strength.fingerprint() and len(kept["games"]) == 2
    second: list = []
    monkeypatch.setattr(strength, "run_batch", _fake_batch(second))
    strength.main(["--games", "5", "--only", "hard-greedy", "--out", str(out), "--resume"])
    assert [s.index for s in second] == [2, 3, 4]  # games 0 and 1 were kept
    row = json.loads(out.read_text())["bars"][0]
    assert (row["games"], row["wins"], row["complete"]) == (5, 5, True)


def test_resume_refuses_games_of_other_code(strength, tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "strength.json"
    monkeypatch.setattr(strength, "run_batch", _fake_batch([]))
    strength.main(["--games", "1", "--only", "hard-greedy", "--out", str(out)])
    data = json.loads(out.read_text())
    data["fingerprint"] = "0" * 16
    out.write_text(json.dumps(data))
    before = out.read_text()
    played: list = []
    monkeypatch.setattr(strength, "run_batch", _fake_batch(played))
    code = strength.main(["--games", "2", "--only", "hard-greedy", "--out", str(out),
                          "--resume"])
    assert code == 2 and played == [] and out.read_text() == before
    assert "other code or content" in capsys.readouterr().err
    out.write_text("{not json")
    assert strength.main(["--only", "hard-greedy", "--out", str(out), "--resume"]) == 2
    assert "not a run file" in capsys.readouterr().err


def test_resume_replays_the_games_cut_short(strength, tmp_path, monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    # A batch starved of CPU (beside a test suite, say) trips its AIs' wall-clock nets: those
    # games are not the ones the code plays, so they are not kept as measurements.
    out = tmp_path / "strength.json"
    monkeypatch.setattr(strength, "run_batch", _fake_batch([]))
    strength.main(["--games", "3", "--only", "hard-greedy", "--out", str(out)])
    data = json.loads(out.read_text())
    data["games"][0]["overruns"] = {"1": 2, "2": 0}
    data["games"][2]["faults"] = ["seat 2 (greedy), turn 5: time-out after 90 s"]
    out.write_text(json.dumps(data))
    capsys.readouterr()
    again: list = []
    monkeypatch.setattr(strength, "run_batch", _fake_batch(again))
    strength.main(["--games", "3", "--only", "hard-greedy", "--out", str(out), "--resume"])
    assert [s.index for s in again] == [0, 2]
    assert "2 of them cut short by a safety net" in capsys.readouterr().err
    games = json.loads(out.read_text())["games"]
    assert sorted(g["spec"]["index"] for g in games) == [0, 1, 2]
    assert not any(g["faults"] or any(g["overruns"].values()) for g in games)


def test_the_mirror_bar_plays_each_army_against_itself(strength) -> None:  # type: ignore[no-untyped-def]
    mirror = next(b for b in strength.BARS if b.name == "hard-mirror")
    specs = mirror.plan(20, 1)
    assert [s.index for s in specs] == list(range(20))
    assert all(s.armies[0] == s.armies[1] for s in specs)
    assert len({s.armies[0] for s in specs}) == 5
    assert {s.controllers for s in specs} == {("hard", "greedy"), ("greedy", "hard")}
    plain = next(b for b in strength.BARS if b.name == "hard-greedy").plan(20, 1)
    keys = {strength._key(s) for s in plain}
    assert not keys & {strength._key(s) for s in specs}
    assert not {s.seed for s in plain} & {s.seed for s in specs}
