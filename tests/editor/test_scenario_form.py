"""The scenario settings form: shipped scenarios round-trip through it; bad fields give the
content loader's messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content import writer
from editor.core.scenario_form import ScenarioForm, load_scenario, save_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_shipped_scenarios_round_trip_through_the_form(path: Path, tmp_path: Path) -> None:
    sc = load_scenario(path)
    form = ScenarioForm.from_scenario(sc)
    built, problems = form.build(sc.battlefield)
    assert problems == [] and built is not None
    assert writer.dump_model(built) == writer.dump_model(sc)
    save_scenario(built, tmp_path / path.name)
    assert load_scenario(tmp_path / path.name) == sc


def test_a_new_scenario_for_a_map() -> None:
    form = ScenarioForm.for_zones("hills", ["yellow", "blue"])
    sc, problems = form.build("hills")
    assert problems == [] and sc is not None
    assert sc.zones.order == ["yellow", "blue"] and sc.turn_limit_for(2) == 30


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"players_max": "4"}, "the turn limit has no entry for 3 players"),
        ({"players_min": "3"}, "the fewest players is more than the most players"),
        ({"army_budget": "lots"}, "the army budget"),
        ({"id": "Bad Id"}, "id"),
        ({"zone_mode": "one_team_per_zone"}, "needs teams"),
    ],
)
def test_bad_fields_are_explained(changes: dict[str, str], expected: str) -> None:
    form = ScenarioForm.for_zones("hills", ["yellow", "blue"])
    for key, value in changes.items():
        setattr(form, key, value)
    sc, problems = form.build("hills")
    assert sc is None
    assert any(expected in p for p in problems), problems


def test_every_problem_at_once_named_by_its_field_with_a_fix() -> None:
    """Seen: the Scenario window showed one problem at a time, without a fix."""
    form = ScenarioForm.for_zones("hills", ["yellow", "blue"])
    form.players_max = "4"
    form.zone_mode = "one_team_per_zone"
    sc, problems = form.build("hills")
    assert sc is None
    assert problems == [
        'Zones: the Zones choice "One team per zone" needs teams. Fix: add teams '
        "([[1, 2], [3, 4]]) or choose another zone mode",
        "Turn limit (players: turns): the turn limit has no entry for 3 players. Fix: add the "
        "last turn of a 3-player game to the turn limit ('3': 30), or change players",
        "Turn limit (players: turns): the turn limit has no entry for 4 players. Fix: add the "
        "last turn of a 4-player game to the turn limit ('4': 30), or change players",
    ]
