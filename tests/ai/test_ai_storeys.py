"""The AI moves on a battlefield with spaces above spaces (issue #33) as it does elsewhere:
greedy and hard play a whole game on the bridge field (`arena.engine.testkit.bridge_field`)
against greedy without a fault, and go under or over a deck; greedy plays a whole Duel on
each shipped community map whose columns have several surfaces, as ``arena import-map``
writes it and ``arena sim --battlefield`` plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.ai.levels import make_controller
from arena.ai.match import Match
from arena.ai.sim import plan, play_safely
from arena.content import load_catalog, shipped_content_paths
from arena.content.community import shipped_maps
from arena.content.storeys import Spaces
from arena.content.writer import dump_model
from arena.engine import ScenarioRules, new_game
from arena.engine.testkit import bridge_field


def premade(army_id: str) -> list[object]:
    cat = load_catalog(shipped_content_paths())
    army = cat.armies[army_id]
    return [cat.army_cards[army.planeswalker], *(cat.army_cards[c] for c in army.cards)]


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_the_ai_plays_a_game_on_bridges(level: str) -> None:
    rules = ScenarioRules(id="bridges", name="Bridges", turn_limit=((2, 16),))
    game = new_game(rules, bridge_field(), [premade("gideon-premade"), premade("jace-premade")],
                    [[], []], seed=3)
    result = Match(game, {1: make_controller(level, 1), 2: make_controller("greedy", 2)}).run()
    assert result.faults == [] and result.outcome is not None
    assert any("@" in word for action in game.actions for word in action.split())


STOREYED = sorted(m.path.name for m in shipped_maps()
                  if Spaces.of(m.battlefield.columns).storeyed() and m.battlefield.starting_zones)


def test_the_community_maps_with_several_surfaces_are_the_expected_ones() -> None:
    """Welcome has one too, but too few free spaces for starting zones of its own."""
    assert STOREYED == ["AoA_3_The_Howling_Pass.json", "Web_1_The_Regenerated_River.json",
                        "Web_2_Uncharted_Isle.json"]


@pytest.mark.parametrize("name", STOREYED)
def test_greedy_plays_a_duel_on_a_community_map_with_several_surfaces(name: str,
                                                                     tmp_path: Path) -> None:
    imported = next(m for m in shipped_maps() if m.path.name == name)
    target = tmp_path / f"{imported.battlefield.id}.yaml"
    target.write_text(dump_model(imported.battlefield))
    spec = plan("the-duel", ["greedy", "greedy"], 1, 1, battlefield=str(target))[0]
    report = play_safely(spec)
    assert report.faults == [] and report.reason != "error"
