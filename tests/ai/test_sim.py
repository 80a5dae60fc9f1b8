"""`arena sim`: planning batches, statistics and the command line (tiny batches)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from arena.ai import sim
from arena.ai.sim_cli import main


def test_scenario_and_army_names() -> None:
    assert sim.resolve_scenario("duel") == "the-duel"
    assert sim.resolve_scenario("the-duel") == "the-duel"
    assert sim.resolve_scenario("melee") == "the-melee"
    assert sim.resolve_scenario("crossroads") == "moonlit-crossroads"
    assert sim.resolve_army("gideon") == "gideon-premade"
    with pytest.raises(ValueError, match="unknown scenario"):
        sim.resolve_scenario("nowhere")


def test_wilson_interval() -> None:
    lo, hi = sim.wilson(95, 100)
    assert 0.887 < lo < 0.889 and 0.978 < hi < 0.979
    assert sim.wilson(0, 10)[0] == 0.0
    assert sim.wilson(10, 10)[1] == 1.0


def test_plan_rotates_pairings_and_seats() -> None:
    armies = ["gideon-premade", "jace-premade", "liliana-premade"]
    specs = sim.plan("duel", ["hard", "random"], 18, 1, armies)
    pairings = Counter(s.armies for s in specs)
    assert len(pairings) == 9 and set(pairings.values()) == {2}
    # Each controller sits in each seat equally often, with every pairing.
    for pairing in pairings:
        seats = {s.controllers for s in specs if s.armies == pairing}
        assert seats == {("hard", "random"), ("random", "hard")}
    assert len({s.seed for s in specs}) == 18


def test_plan_teams_and_free_for_all() -> None:
    skirmish = sim.plan("skirmish", ["normal", "random"], 4, 1)
    for spec in skirmish:
        c = spec.controllers
        assert len(c) == 4 and c[0] == c[1] and c[2] == c[3] and c[0] != c[2]
    melee = sim.plan("melee", ["hard", "easy", "random"], 3, 1, players=5)
    assert all(len(s.controllers) == 5 for s in melee)


def test_cli_json_report() -> None:
    out: list[str] = []
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["--scenario", "duel", "--seats", "random,random", "--games", "2",
                     "--jobs", "1", "--json", "--quiet", "--coverage"])
    out.append(buffer.getvalue())
    assert code == 0
    data = json.loads(out[0])
    assert data["games"] == 2 and data["scenario"] == "the-duel"
    assert set(data["win_rate"]) == {"random"}
    assert {"median", "p95", "max", "decisions"} <= set(data["times"]["random"])
    assert "spells_cast" in data["coverage"]["random"]


def test_cli_text_report_and_progress(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--scenario", "practice", "--seats", "easy,random", "--games", "2",
                 "--jobs", "2", "--coverage", "--armies", "gideon,jace"])
    assert code == 0
    captured = capsys.readouterr()
    assert "95% CI" in captured.out and "decision times" in captured.out
    assert "card coverage" in captured.out
    assert "2/2 games" in captured.err  # the progress bar


def test_cli_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seats", "hard,wizard", "--games", "1"]) == 2
    assert "unknown controller" in capsys.readouterr().err
    assert main(["--scenario", "nowhere"]) == 2


def test_a_whole_turn_is_timed_for_each_seat() -> None:
    """What a player waits for is the computer's whole turn: each own turn's decisions added
    up, forced ones included, none from the set-up or another player's turn."""
    spec = sim.plan("duel", ("greedy", "random"), 1, 4)[0]
    report = sim.play(spec)
    for seat in (1, 2):
        turns = report.turn_times[seat]
        # a seat acts on about every other turn marker of the game
        assert report.turns // 2 - 1 <= len(turns) <= report.turns // 2 + 2
        assert sum(turns) >= sum(report.times[seat]) * 0.5
        assert all(t >= 0.0 for t in turns)
    summary = sim.summarize([report])
    for name in ("greedy", "random"):
        row = summary.turn_times[name]
        assert row["turns"] > 0 and row["max"] >= row["median"] >= 0.0
    assert sim.report_from_data(json.loads(json.dumps(sim.report_to_data(report)))) == report


def test_a_deck_that_does_not_fit_its_army_is_refused(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Decks go by seat while the armies rotate over every pairing: a deck given for a seat
    must fit each army that seat plays (the game's own deck check), or nothing is played:
    before, Liliana played the batch below with Chandra's red spells."""
    specs = sim.plan("duel", ["random"], 2, 1, ["liliana"], ["black-premade"])
    assert {s.decks for s in specs} == {("black-premade", "black-premade")}
    assert main(["--armies", "liliana,chandra", "--decks", "black-premade,red-premade",
                 "--seats", "random,random", "--games", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "the deck red-premade does not fit liliana-premade" in err
    assert "seat 2 of game 1" in err and "--decks auto" in err and "Traceback" not in err
