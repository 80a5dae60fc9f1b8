"""Shadows over Innistrad terrain through the engine: road spaces (+3 for a move wholly on road)
and weirded ground (a scenario-named effect; none by default)."""

from __future__ import annotations

from typing import Any

import pytest

from arena.content.scenario import Scenario
from arena.engine import Game, IllegalAction, PlayerSetup, ScenarioRules
from arena.engine.defs import scenario_rules
from arena.engine.events import DamageDealt, DiceRolled, FigureMoved
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")  # move 6
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
CATS = squad("cats", base="double", figures=1, height=3, target_point=2.5, move=5)


def game_with(placed: dict[str, Any], cells: dict[Hex, int | str],
              rolls: list[int] = (), **kw: Any) -> Game:  # type: ignore[assignment]
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    return Game.from_position(hex_field(radius=7, cells=cells),
                              [PlayerSetup([GIDEON, CATS]), PlayerSetup([JACE])], placed,
                              turn=3, rng=ScriptedRng(list(rolls)), **kw)


ROAD: dict[Hex, int | str] = {Hex(q, 0): "r1" for q in range(-7, 8)}


# --- road spaces ---------------------------------------------------------------------------


def test_a_move_wholly_on_road_gets_three_more_spaces_through_the_engine() -> None:
    """Summary "Road spaces": "if your figure's entire move consists of road spaces, including
    the starting space, you may add an additional 3 spaces"."""
    game = game_with({"p1.gideon": Hex(-6, 0), "p2.jace": Hex(0, 6)}, ROAD)
    reach = game.reachable_spaces("p1.gideon")[Hex(3, 0)]
    assert (reach.cost, reach.road) == (9, True)
    assert Hex(4, 0) not in game.reachable_spaces("p1.gideon")
    events = game.apply("move p1.gideon 3,0")
    moved = next(e for e in events if isinstance(e, FigureMoved))
    assert moved.cost == 9 and game.state.figures["p1.gideon"].hexes == (Hex(3, 0),)


def test_the_extra_spaces_must_be_on_road_and_the_start_must_be_road() -> None:
    """Summary: "These extra must also be on road spaces"; "including the starting space"."""
    game = game_with({"p1.gideon": Hex(-6, 0), "p2.jace": Hex(0, 6)}, ROAD)
    reaches = game.reachable_spaces("p1.gideon")
    assert Hex(0, 1) not in reaches  # 6 road spaces and a step off: 7 spaces, no bonus
    off = {h: r for h, r in reaches.items() if h.r != 0}
    assert off and all(r.cost <= 6 and not r.road for r in off.values())
    with pytest.raises(IllegalAction, match="the move is 6"):
        game.clone().apply("move p1.gideon 2,1 via -6,0 -5,0 -4,0 -3,0 -2,0 -1,0 0,0 1,0 2,0 "
                           "2,1")
    beside = game_with({"p1.gideon": Hex(-6, 1), "p2.jace": Hex(0, 6)}, ROAD)
    assert max(r.cost for r in beside.reachable_spaces("p1.gideon").values()) == 6
    assert Hex(1, 0) not in beside.reachable_spaces("p1.gideon")


def test_a_double_space_figure_needs_both_spaces_on_road() -> None:
    """The whole move is on road only when every space the figure covers is."""
    placed = {"p1.gideon": Hex(-6, 3), "p1.cats": (Hex(-5, 0), Hex(-6, 0)), "p2.jace": Hex(0, 6)}
    game = game_with(placed, ROAD, chosen="p1:cats")
    reaches = game.reachable_spaces("p1.cats")
    assert reaches[(Hex(3, 0), Hex(2, 0))].cost == 8 and reaches[(Hex(3, 0), Hex(2, 0))].road
    game.apply("move p1.cats 3,0/2,0")
    assert game.state.figures["p1.cats"].hexes == (Hex(3, 0), Hex(2, 0))


# --- weirded ground ------------------------------------------------------------------------

WEIRD: dict[Hex, int | str] = {Hex(2, 0): "x1", Hex(-2, 0): "x1"}


def test_weirded_ground_is_an_ordinary_space_by_default() -> None:
    """Summary: "Unless otherwise specified, treat a weirded ground space like any empty
    space" (an empty dice script: any roll would fail the test)."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, WEIRD)
    assert game.reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 2
    events = game.apply("move p1.gideon 2,0")
    assert not any(isinstance(e, DiceRolled) for e in events)
    assert game.stat("defense_dice", "p1.gideon", "p2.jace").sources == ()


def test_hazard_weirded_ground_rolls_for_a_figure_ending_its_move_there() -> None:
    """Scenario ``weirded: {effect: hazard}``: a figure ending its move on weirded ground rolls
    one combat die; a hit deals 1 damage. Passing over it does nothing."""
    sc = ScenarioRules(weirded="hazard")
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, WEIRD, [HIT], scenario=sc)
    events = game.apply("move p1.gideon 2,0")
    rolled = [e for e in events if isinstance(e, DiceRolled)]
    assert [r.purpose for r in rolled] == ["weirded ground"]
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert [(d.amount, d.source) for d in dealt] == [(1, "weirded ground")]
    through = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, WEIRD, [], scenario=sc)
    through.apply("move p1.gideon 3,0 via 0,0 1,0 2,0 3,0")
    assert through.state.figures["p1.gideon"].damage == 0
    miss = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, WEIRD, [SHIELD],
                     scenario=ScenarioRules(weirded="hazard", weirded_amount=1))
    miss.apply("move p1.gideon -2,0")
    assert miss.state.figures["p1.gideon"].damage == 0


def test_defense_weirded_ground_adds_defense_dice() -> None:
    """Scenario ``weirded: {effect: defense, amount: 2}``: +2 defense dice on weirded ground."""
    sc = ScenarioRules(weirded="defense", weirded_amount=2)
    game = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(3, 0)}, WEIRD, scenario=sc)
    value = game.stat("defense_dice", "p1.gideon", "p2.jace")
    assert ("weirded ground", 2) in value.sources and value.total == 5 + 2
    assert game.stat("defense_dice", "p2.jace", "p1.gideon").sources == ()


def test_the_scenario_file_names_the_effect() -> None:
    """The content model's optional ``weirded`` reaches the engine; saves keep it."""
    data: dict[str, Any] = dict(
        format="scenario", id="weird", name="Weird", battlefield="practice-field",
        players={"min": 2, "max": 2}, zones={"mode": "one_player_per_zone"},
        turn_limit={"2": 30}, victory="destroy_planeswalkers", scoring="battlefield",
        provenance="reconstructed", weirded={"effect": "hazard", "amount": 2},
        glyph_amounts={"movement": 1},
    )
    rules = scenario_rules(Scenario.model_validate(data))
    assert (rules.weirded, rules.weirded_amount) == ("hazard", 2)
    assert rules.glyph_amounts == (("movement", 1),)
    assert ScenarioRules.from_data(rules.to_data()) == rules
    del data["weirded"], data["glyph_amounts"]
    plain = scenario_rules(Scenario.model_validate(data))
    assert (plain.weirded, plain.glyph_amounts) == ("none", ())
    old = rules.to_data()
    del old["weirded"], old["weirded_amount"], old["glyph_amounts"]  # an older save
    assert ScenarioRules.from_data(old).weirded == "none"
