"""Scoring on power spaces with double-space figures, and the Melee's turn limits (guide
"Battlefield 3: The Melee": "For three players, the game ends after 36 turns. For four
players, ... 48 turns. For five players, ... 60 turns")."""

from __future__ import annotations

from typing import Any

import pytest

from arena.content.scenario import Scenario
from arena.engine import Game, PlayerSetup, ScenarioRules
from arena.engine.defs import scenario_rules
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

GIDEON = planeswalker("gideon", cost=350, price_per_figure=350)
JACE = planeswalker("jace", life=7, cost=340, price_per_figure=340)
LILIANA = planeswalker("liliana", life=7, cost=325, price_per_figure=325)
NISSA = planeswalker("nissa", life=7, cost=330, price_per_figure=330)
CHANDRA = planeswalker("chandra", life=7, cost=320, price_per_figure=320)
CATS = squad("cats", base="double", figures=1, height=3, price_per_figure=45)
MELEE = ScenarioRules(victory="score_at_turn_limit", scoring="power_spaces",
                      zone_mode="any_free_space")
WALKERS = [GIDEON, JACE, LILIANA, NISSA, CHANDRA]
SPOTS = [Hex(0, -5), Hex(5, -5), Hex(5, 0), Hex(-5, 5), Hex(-5, 0)]


def melee(players: int, turn: int, placed: dict[str, Any] | None = None,
          power: list[Hex] = ()) -> Game:  # type: ignore[assignment]
    setups = [PlayerSetup([w, CATS] if i == 0 else [w]) for i, w in enumerate(WALKERS[:players])]
    where = {f"p{i + 1}.{w.id}": SPOTS[i] for i, w in enumerate(WALKERS[:players])}
    where.update(placed or {})
    return Game.from_position(hex_field(radius=8, power_spaces=power), setups, where,
                              scenario=MELEE, turn=turn, phase="choose")


def test_a_double_space_figure_scores_once_with_one_or_both_spaces_on_power_spaces() -> None:
    """Guide "The Melee": points for figures on the purple spaces; a double-space figure on
    one (or two) of them counts once, at its price per figure."""
    power = [Hex(0, 0), Hex(1, 0)]
    one = melee(3, 36, {"p1.cats": (Hex(0, 0), Hex(-1, 0))}, power)
    both = melee(3, 36, {"p1.cats": (Hex(0, 0), Hex(1, 0))}, power)
    off = melee(3, 36, {"p1.cats": (Hex(3, 0), Hex(4, 0))}, power)
    assert [line.items for line in one.scores()][0] == (("p1.cats", 45),)
    assert [line.items for line in both.scores()][0] == (("p1.cats", 45),)
    assert [line.points for line in both.scores()] == [45, 0, 0]
    assert [line.points for line in off.scores()] == [0, 0, 0]
    both.apply("end-turn")
    outcome = both.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores[0].points == 45


@pytest.mark.parametrize(("players", "last"), [(3, 36), (4, 48), (5, 60)])
def test_the_melee_ends_after_36_48_or_60_turns(players: int, last: int) -> None:
    game = melee(players, last - 1)
    assert game.state.static.turn_limit == last
    game.apply("end-turn")
    assert game.outcome() is None and game.turn == last
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "turn_limit" and outcome.turn == last
    assert outcome.is_draw  # no points; the tie-break leaves the 7-life Planeswalkers tied


def test_a_melee_scenario_file_gives_the_same_limits() -> None:
    sc = Scenario.model_validate(dict(
        format="scenario", id="the-melee", name="The Melee", battlefield="melee",
        players={"min": 3, "max": 5}, zones={"mode": "any_free_space"},
        turn_limit={"3": 36, "4": 48, "5": 60}, victory="score_at_turn_limit",
        scoring="power_spaces", provenance="reconstructed"))
    rules = scenario_rules(sc)
    assert [rules.limit_for(n) for n in (3, 4, 5)] == [36, 48, 60]
