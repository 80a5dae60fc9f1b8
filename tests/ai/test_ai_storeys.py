"""The AI moves on a battlefield with spaces above spaces (issue #33) as it does elsewhere:
greedy and hard play a whole game on the bridge field (`arena.engine.testkit.bridge_field`)
against greedy without a fault, and go under or over a deck."""

from __future__ import annotations

import pytest

from arena.ai.levels import make_controller
from arena.ai.match import Match
from arena.content import load_catalog, shipped_content_paths
from arena.content.to_engine import card_factory
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
    assert card_factory  # the cards came through the content layer, as in a real game
