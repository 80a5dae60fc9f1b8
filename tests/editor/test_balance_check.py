"""Check balance, headless: the editor's batch runs in worker processes with its progress
counted game by game, Cancel ends the workers at once, the report is the command line's for
the same seed and number of games, and a map the scenario cannot use gets the game's own
reason. (No pygame here: `editor.core.balance_check` is the window's headless part.)"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest

from arena.ai.balance import BalanceGame, BalanceReport, check, favoured_lines, summarize
from arena.ai.sim import catalog
from arena.content.fits import fit
from editor.core import model as m
from editor.core.balance_check import (
    MAX_GAMES,
    BalanceCheck,
    BalanceRefused,
    heat,
    parse_games,
    report_html,
    scenario_for,
)

ROOT = Path(__file__).resolve().parents[2]
PRACTICE = ROOT / "scenarios" / "battlefields" / "practice-field.yaml"
"""The smallest shipped battlefield and scenario: the quickest games to play."""


def _no_workers() -> bool:
    return not multiprocessing.active_children()


def test_the_batch_counts_its_games_and_reports_as_the_command_line() -> None:
    doc = m.Editor.open(PRACTICE).doc
    running = BalanceCheck(doc, 2, label=str(PRACTICE), scenario="practice", jobs=1)
    folder = running.folder
    assert folder is not None and folder.is_dir() and running.total == 2
    seen = [running.done]
    while running.poll(wait=5.0):
        seen.append(running.done)
    seen.append(running.done)
    assert seen[0] == 0 and seen[-1] == 2
    assert seen == sorted(seen)  # counted up game by game
    assert not running.running and not running.cancelled and running.error is None
    assert not folder.exists()  # the temporary battlefield goes once the games stop
    assert _no_workers()
    cli = check(str(PRACTICE), "practice", 2, seed=1, jobs=1)
    assert running.report().to_data() == cli.to_data()


def test_cancel_stops_at_once_and_leaves_nothing_running() -> None:
    doc = m.Editor.open(PRACTICE).doc
    running = BalanceCheck(doc, 6, scenario="practice", jobs=1)
    folder = running.folder
    assert running.running and multiprocessing.active_children()
    running.cancel()  # long before a game of the six could end
    assert not running.running and running.cancelled
    assert running.done == 0  # the game being played was not waited for
    assert _no_workers()
    assert folder is not None and not folder.exists()
    assert not running.poll()


def test_a_map_the_scenario_cannot_use_gets_the_games_reason() -> None:
    doc = m.Editor.open(PRACTICE).doc
    doc.zones = [z for z in doc.zones if z.id == "yellow"]
    with pytest.raises(BalanceRefused) as refused:
        BalanceCheck(doc, 4)
    verdict = fit(catalog().scenarios["the-duel"], doc.to_battlefield())
    assert not verdict.ok
    assert str(refused.value) == verdict.refusal()
    assert _no_workers()


def test_a_map_with_problems_is_refused_with_the_first_one() -> None:
    with pytest.raises(BalanceRefused, match="fix the map's 1 problem first: the "
                                             "battlefield has no hexes"):
        BalanceCheck(m.MapDoc(), 4)


def test_games_typed() -> None:
    assert parse_games(" 40 ") == 40
    for bad in ("", "0", "-3", "four", str(MAX_GAMES + 1)):
        assert isinstance(parse_games(bad), str)


def _report() -> BalanceReport:
    games = [BalanceGame(i, {1: "yellow", 2: "blue"} if i % 2 else {1: "blue", 2: "yellow"},
                         (1 if i < 15 else 2,), 9, [("0,0", "yellow")], ["1,-1", "1,-1", "2,0"],
                         {"0,0": "power"}) for i in range(20)]
    return summarize(games, "field", "the-duel", ["greedy"])


def test_the_heat_map_and_the_text() -> None:
    report = _report()
    assert heat(report) == {(1, -1): (40, 1.0), (2, 0): (20, 0.5)}
    text = report_html(report, {"yellow": "Sunny", "blue": "Sea & sky"})
    assert "Sunny: " in text and "Sea &amp; sky: " in text
    assert "power glyph at [0, 0]: Sunny 20" in text
    assert "[1, -1] 40, [2, 0] 20" in text
    assert "Average game length</b>: 9.0 turns" in text
    assert "20 games of The Duel, greedy, seats swapped" in text


def test_the_skirmish_and_melee_maps_play_their_scenarios_with_teams_and_seats() -> None:
    root = ROOT / "scenarios" / "battlefields"
    assert scenario_for(m.Editor.open(root / "skirmish.yaml").doc) == "the-skirmish"
    assert scenario_for(m.Editor.open(root / "melee.yaml").doc) == "the-melee"
    assert scenario_for(m.Editor.open(root / "duel.yaml").doc) == "the-duel"
    assert scenario_for(m.MapDoc()) == "the-duel"  # a map of the player's own
    games = [BalanceGame(i, {1: "yellow", 2: "yellow", 3: "orange", 4: "orange"}, (3, 4), 30,
                         [], [], {}, 4) for i in range(4)]
    text = report_html(summarize(games, "skirmish.yaml", "the-skirmish", ["greedy"],
                                 [(1, 2), (3, 4)]), {})
    assert "<b>Win rate by team</b>" in text and "Seats 3 and 4: 4 of 4 won (100%" in text
    assert "<b>Win rate by seat</b>" in text and "Seat 1: 0 of 4 won (0%" in text


def test_a_glyph_one_zone_lands_on_more_than_chance_explains_is_called_out() -> None:
    """The shipped Duel's Check balance once showed yellow landing on the power glyph 24
    times to orange's 9, and the report listed the counts without a word."""
    games = [BalanceGame(i, {1: "yellow", 2: "orange"}, (1,), 9,
                         [("0,0", "yellow")] * (3 if i < 4 else 2) + [("0,0", "orange")]
                         * (1 if i < 9 else 0) + [("4,-1", "orange")] * (i % 2)
                         + [("4,-1", "yellow")] * ((i + 1) % 2), [], {"0,0": "power",
                                                                   "4,-1": "toughness"})
             for i in range(10)]
    report = summarize(games, "field", "the-duel", ["greedy"])
    assert report.glyphs["0,0"] == {"orange": 9, "yellow": 24}
    assert report.glyph_favoured == {"0,0": "yellow"}  # toughness: 5 to 5
    assert favoured_lines(report) == ["the power glyph at [0, 0] was landed on more from "
                                      "yellow than chance explains (yellow 24 to orange 9)"]
    text = report_html(report, {"yellow": "Sunny", "orange": "Dusk"})
    assert ("power glyph at [0, 0]: Sunny 24 to Dusk 9, more from Sunny than chance "
            "explains") in text
    # The first player placed first in yellow in every game: said, as the wins and landings
    # by zone are then the first player's too (on the Duel, most of the power glyph's lead).
    assert report.first_zone == {"yellow": 10}
    assert "The first player started in yellow in all 10 games" in text


def test_the_report_calls_out_a_glyph_nearer_one_zone(tmp_path: Path) -> None:
    """Beside the landings, the report measures the field: the Duel as it once shipped (its
    zones one hex off the centre line) has the power glyph nearer yellow on average."""
    from arena.content import writer
    from arena.content.battlefield import Battlefield
    from arena.content.loader import load_file

    duel = load_file(ROOT / "scenarios" / "battlefields" / "duel.yaml", expect=Battlefield)
    assert isinstance(duel, Battlefield)
    former = [(0, -6), (1, -6), (2, -6), (3, -6), (0, -5), (1, -5), (2, -5)]
    yellow, orange = duel.starting_zones
    field = duel.model_copy(update={"id": "former-duel", "starting_zones": [
        yellow.model_copy(update={"spaces": former}),
        orange.model_copy(update={"spaces": [(1 - q, -r) for q, r in former]})]})
    path = tmp_path / "former-duel.yaml"
    writer.save_model(field, path)
    doc = m.Editor.open(path).doc
    running = BalanceCheck(doc, 1, scenario="the-duel", jobs=1)
    running.cancel()
    report = running.report()
    assert any("UNEVEN: the power glyph at [0, 0] is nearer yellow" in line
               for line in report.reach), report.reach
    assert "the power glyph at [0, 0] is nearer yellow" in report_html(report, {})
