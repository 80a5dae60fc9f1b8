"""Victory and scoring (guide "Ending the game", "Scoring", "The Battlefields"; scenario
data: victory, scoring, tie_break, turn_limit, teams)."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import Game, IllegalAction, PlayerSetup, ScenarioRules
from arena.engine.context import Ctx
from arena.engine.effects import destroy_figure
from arena.engine.events import GameEnded
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon", cost=350, price_per_figure=350)
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4, cost=340,
                    price_per_figure=340)
LILIANA = planeswalker("liliana", life=7, cost=325, price_per_figure=325)
NISSA = planeswalker("nissa", life=7, cost=330, price_per_figure=330)
RHOX = squad("rhox", price_per_figure=30)
PROJ = squad("proj", life=2, price_per_figure=21)


def duel(placed: dict[str, Any], rolls: list[int] = (), **kw: Any) -> Game:  # type: ignore
    kw.setdefault("phase", "post_move")
    kw.setdefault("chosen", "p1:gideon")
    kw.setdefault("turn", 3)
    return Game.from_position(kw.pop("field", hex_field(radius=8)),
                              [PlayerSetup([GIDEON, RHOX]), PlayerSetup([JACE, PROJ])],
                              placed, rng=ScriptedRng(list(rolls)), **kw)


def test_destroying_the_opposing_planeswalker_wins() -> None:
    """Guide "Battlefield 1: The Duel": the first player to destroy the other player's
    Planeswalker wins."""
    game = duel({"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}, [HIT, HIT, HIT, BLANK, BLANK,
                                                                  BLANK], damage={"p2.jace": 4})
    events = game.apply("attack p1.gideon p2.jace")
    assert isinstance(events[-1], GameEnded)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "planeswalkers_destroyed"
    assert game.legal_actions() == [] and game.pending.phase == "over"
    with pytest.raises(IllegalAction, match="over"):
        game.apply("end-turn")


def limit_game(placed: dict[str, Any], tie_break: str = "most_figures_then_planeswalker_life",
               scoring: str = "battlefield", **kw: Any) -> Game:
    sc = ScenarioRules(turn_limit=((2, 12),), tie_break=tie_break, scoring=scoring)
    return duel(placed, scenario=sc, turn=12, phase="choose", chosen=None, **kw)


def test_turn_limit_compares_price_per_figure_with_a_breakdown() -> None:
    """Guide "Scoring": at the end of the last turn, total the price per figure of each
    player's figures on the battlefield."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(2, 0), "p2.jace": Hex(0, 5),
              "p2.proj.1": Hex(3, 3)}
    game = limit_game(placed)
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "turn_limit" and outcome.winners == (1,)
    lines = {line.team: line for line in outcome.scores}
    assert lines[1].points == 380 and lines[1].items == (("p1.gideon", 350), ("p1.rhox.1", 30))
    assert lines[2].points == 361 and lines[2].figures == 2
    assert outcome.turn == 12


def test_tie_broken_by_figures_then_planeswalker_life() -> None:
    """Scenario tie_break most_figures_then_planeswalker_life (our rule: the guide has none)."""
    sc_same = ScenarioRules(turn_limit=((2, 12),))
    twin = planeswalker("twin", cost=350, price_per_figure=350, life=6)
    game = Game.from_position(hex_field(radius=8), [PlayerSetup([GIDEON]), PlayerSetup([twin])],
                              {"p1.gideon": Hex(0, 0), "p2.twin": Hex(0, 5)}, scenario=sc_same,
                              turn=12, damage={"p1.gideon": 2})
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (2,)
    assert "tie-break" in outcome.description


def test_tie_rule_draw() -> None:
    """Scenario tie_break draw: tied points are a draw."""
    twin = planeswalker("twin", cost=350, price_per_figure=350)
    sc = ScenarioRules(turn_limit=((2, 12),), tie_break="draw")
    game = Game.from_position(hex_field(radius=8), [PlayerSetup([GIDEON]), PlayerSetup([twin])],
                              {"p1.gideon": Hex(0, 0), "p2.twin": Hex(0, 5)}, scenario=sc,
                              turn=12, damage={"p1.gideon": 2})
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.is_draw


def test_power_spaces_scoring_counts_only_figures_on_them() -> None:
    """Guide "Battlefield 3: The Melee": points only for figures on the purple spaces."""
    field = hex_field(radius=8, power_spaces=[Hex(2, 0)])
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(2, 0), "p2.jace": Hex(0, 5)}
    game = limit_game(placed, scoring="power_spaces", field=field)
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert [line.points for line in outcome.scores] == [30, 0]


def four_players(placed: dict[str, Any], **kw: Any) -> Game:
    players = [PlayerSetup([GIDEON], team=1), PlayerSetup([JACE], team=1),
               PlayerSetup([LILIANA], team=2), PlayerSetup([NISSA], team=2)]
    return Game.from_position(hex_field(radius=8), players, placed, turn=5, **kw)


def test_team_victory_needs_both_opposing_planeswalkers() -> None:
    """Guide "Battlefield 2: The Skirmish": destroy your opponents' Planeswalkers (both)."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0), "p3.liliana": Hex(0, 5),
              "p4.nissa": Hex(3, 3)}
    game = four_players(placed)
    ctx = Ctx(game.state)
    destroy_figure(ctx, "p3.liliana", "test")
    game.apply("end-turn")  # play passes to the left, across the table: Player 4
    assert game.outcome() is None and game.active == 4
    destroy_figure(Ctx(game.state), "p4.nissa", "test")
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1, 2)


def test_last_team_standing_wins_a_scoring_game() -> None:
    """Multiplayer: when every opponent has nothing left, the game is over (last standing)."""
    players = [PlayerSetup([GIDEON]), PlayerSetup([JACE]), PlayerSetup([LILIANA])]
    sc = ScenarioRules(victory="score_at_turn_limit", scoring="power_spaces")
    game = Game.from_position(hex_field(radius=8), players,
                              {"p1.gideon": Hex(0, 0), "p3.liliana": Hex(0, 5)}, scenario=sc,
                              turn=5, phase="post_move", chosen="p1:gideon",
                              rng=ScriptedRng([HIT] * 3 + [BLANK] * 3))
    assert game.outcome() is None
    destroy_figure(Ctx(game.state), "p3.liliana", "test")
    game.apply("end-turn")
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.reason == "last_standing"
