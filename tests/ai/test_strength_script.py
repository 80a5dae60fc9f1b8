"""`scripts/ai_strength.py`: the bars advance together, partial runs keep their figures, and
the coverage bar reads exactly the first 100 hard-random games."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from arena.ai.sim import GameReport, plan

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ai_strength.py"


@pytest.fixture(scope="module")
def strength():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("ai_strength", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    row = strength.bar_row("hard-greedy", ("hard", "greedy"), 0.70, 4, reports, 1, 1.0)
    assert (row["games"], row["wins"], row["complete"]) == (3, 2, False)
    assert row["met"] is False  # 2 of 3 is under 70%
    empty = strength.bar_row("hard-greedy", ("hard", "greedy"), 0.70, 4, [], 1, 0.0)
    assert empty["games"] == 0 and not empty["met"]


def test_coverage_waits_for_the_first_hundred_games(strength) -> None:  # type: ignore[no-untyped-def]
    specs = plan("duel", ("hard", "random"), 101, 1)
    reports = [_report(s, True, {"fireball": 1}) for s in specs[:99]]
    assert strength.coverage_of(reports, 1) is None
    reports.append(_report(specs[100], True, {"unsummon": 1}))  # game 100 is not in the batch
    assert strength.coverage_of(reports, 1) is None
    reports.append(_report(specs[99], True))
    cov = strength.coverage_of(reports, 1)
    assert cov is not None and cov["games"] == 100
    assert cov["spells_never_cast"] == ["unsummon"] and cov["met"] is False
    text = strength.render([strength.bar_row("hard-random", ("hard", "random"), 0.95, 101,
                                             reports, 1, 1.0)], cov)
    assert "| hard-random | 101 | 101 | 100.0% |" in text and "never cast: unsummon" in text
    json.dumps(cov)
