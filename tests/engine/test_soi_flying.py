"""A flier may walk instead of flying (cards.md "Flying": leaving-engagement attacks apply when
it takes off; on foot it moves as any figure)."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import Game, IllegalAction, MoveFigure, PlayerSetup, parse_action
from arena.engine.events import LeavingEngagementAttacked
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
BIRDS = squad("birds", height=3, move=4, abilities=({"kind": "keyword", "keyword": "flying"},))
RHOX = squad("rhox")


def game_with(placed: dict[str, Any], rolls: list[int] = (),  # type: ignore[assignment]
              **kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:birds")
    return Game.from_position(hex_field(radius=6, cells=kw.pop("cells", None)),
                              [PlayerSetup([GIDEON, BIRDS, RHOX]), PlayerSetup([JACE])], placed,
                              turn=3, rng=ScriptedRng(list(rolls)), **kw)


PLACED = {"p1.gideon": Hex(-5, 0), "p1.birds.1": Hex(0, 0), "p2.jace": Hex(1, 0)}


def test_taking_off_provokes_but_walking_alongside_does_not() -> None:
    """Flying: taking off leaves every engagement (one attack per engaged figure); walking to a
    space still next to the enemy leaves none."""
    game = game_with(PLACED, [HIT])
    fly = game.reachable_spaces("p1.birds.1")[Hex(1, -1)]
    assert fly.provokes == ("p2.jace",)
    moves = [a for a in game.legal_actions() if isinstance(a, MoveFigure)]
    walks = {a.to for a in moves if a.walk}
    assert Hex(1, -1) in walks and Hex(0, 1) in walks  # still next to Jace: no attack
    assert Hex(-2, 0) not in walks  # walking away provokes as flying does: not listed
    assert all(a.figure == "p1.birds.1" for a in moves if a.walk)
    events = game.clone().apply("move p1.birds.1 1,-1 walk")
    assert not any(isinstance(e, LeavingEngagementAttacked) for e in events)
    events = game.apply("move p1.birds.1 1,-1")
    assert [e.damage for e in events if isinstance(e, LeavingEngagementAttacked)] == [1]


def test_walking_moves_on_foot() -> None:
    """On foot the flier climbs (height limit), and water stops it; flying it passes over."""
    cells: dict[Hex, int | str] = {Hex(-1, 0): 4, Hex(0, -1): "w1"}
    game = game_with({"p1.gideon": Hex(-5, 0), "p1.birds.1": Hex(0, 0), "p2.jace": Hex(0, 5)},
                     cells=cells)
    assert Hex(-1, 0) in game.reachable_spaces("p1.birds.1")  # flies up 3 levels
    walking = game.reachable_spaces("p1.birds.1", walk=True)
    assert Hex(-1, 0) not in walking  # a rise of 3 needs height 4
    assert walking[Hex(0, -1)].ends_in_water
    assert game.reachable_spaces("p1.birds.1")[Hex(0, -1)].ends_in_water  # it may land there
    with pytest.raises(IllegalAction, match="cannot reach"):
        game.clone().apply("move p1.birds.1 -1,0 walk")
    game.apply("move p1.birds.1 0,-2 via 0,0 0,-1 0,-2")  # flying over the water
    assert game.state.figures["p1.birds.1"].hexes == (Hex(0, -2),)


def test_walk_text_round_trips_and_only_fliers_walk() -> None:
    action = MoveFigure("p1.birds.1", Hex(1, -1), walk=True)
    assert action.text() == "move p1.birds.1 1,-1 walk"
    assert parse_action(action.text()) == action
    with_path = MoveFigure("p1.birds.1", Hex(1, -1), (Hex(0, 0), Hex(1, -1)), walk=True)
    assert with_path.text() == "move p1.birds.1 1,-1 walk via 0,0 1,-1"
    assert parse_action(with_path.text()) == with_path
    game = game_with({**PLACED, "p1.rhox.1": Hex(-2, 2)}, chosen="p1:rhox")
    with pytest.raises(IllegalAction, match="only a flying figure"):
        game.apply("move p1.rhox.1 -2,3 walk")
    walking = game_with(PLACED)
    walking.apply("move p1.birds.1 0,1 walk via 0,0 0,1")
    assert walking.state.figures["p1.birds.1"].hexes == (Hex(0, 1),)
