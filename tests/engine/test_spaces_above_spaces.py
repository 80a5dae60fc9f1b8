"""Spaces above spaces (issue #33): a bridge, an overhang and a tunnel on a small field.

The field is flat land at level 1 with a bridge whose deck is level 7 over the hexes
(-1,0), (0,0) and (1,0): each of those columns is ground at level 1, five levels of air, then
the deck (`BRIDGE`), so it has two spaces, ``q,0@1`` under the bridge (room for a figure 5
levels tall) and ``q,0@7`` on it. Stairs of 3, 5 and 7 levels lead up to each end of the deck.
Gideon and the Rhox are 5 levels tall (the testkit's cards), so they fit under the bridge; a
figure 6 levels tall does not.
"""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import Game, PlayerSetup
from arena.engine.bodies import is_adjacent
from arena.engine.defs import HitZoneData
from arena.engine.errors import SetupError
from arena.engine.events import FigureFell
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import Cell, hex_field, planeswalker, squad
from arena.hexgrid import Hex, Storey

HIT, BLANK = 1, 6
BRIDGE: list[str | None] = ["land", None, None, None, None, None, "land"]
CELLS: dict[Hex, Cell] = {
    Hex(-1, 0): BRIDGE, Hex(0, 0): BRIDGE, Hex(1, 0): BRIDGE,
    Hex(-2, 0): 7, Hex(-3, 0): 5, Hex(-4, 0): 3,
    Hex(2, 0): 7, Hex(3, 0): 5, Hex(4, 0): 3,
    Hex(0, 3): 3,  # a hill in the open, south of the bridge
}
UNDER, ON = Storey(0, 0, 1), Storey(0, 0, 7)
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4, target_point=3.5,
                    hit_zone=HitZoneData(1.0, 3.5))
RHOX = squad("rhox")
GIANT = squad("giant", figures=1, height=6)
BIRDS = squad("birds", height=3, move=4, abilities=({"kind": "keyword", "keyword": "flying"},))


def game_with(placed: dict[str, Any], rolls: list[int] = (), **kw: Any) -> Game:  # type: ignore
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    return Game.from_position(hex_field(radius=7, cells=CELLS),
                              [PlayerSetup([GIDEON, RHOX, GIANT, BIRDS]), PlayerSetup([JACE])],
                              placed, turn=3, rng=ScriptedRng(list(rolls)), **kw)


def test_the_bridge_columns_have_a_space_under_and_a_space_on_the_deck() -> None:
    board = game_with({"p1.gideon": Hex(0, 2), "p2.jace": Hex(0, -6)}).state.board
    assert board.spaces_at(Hex(0, 0)) == (UNDER, ON)
    assert board.room(UNDER) == 5 and board.room(ON) is None
    assert board.surface(UNDER) == 1 and board.surface(ON) == 7
    assert not board.can_stand(Hex(0, 0))  # the column's plain hex is no space of its own


def test_walk_under_the_bridge_and_through_it() -> None:
    """A figure that fits walks under the deck at ground level, one space a step, and out
    the other side; the deck above is out of reach (a climb of 6 under a roof)."""
    game = game_with({"p1.gideon": Hex(0, 1), "p2.jace": Hex(0, -6)})
    reach = game.reachable_spaces("p1.gideon")
    assert reach[UNDER].cost == 1 and reach[Storey(-1, 0, 1)].cost == 2
    assert reach[Hex(0, -1)].path == (Hex(0, 1), UNDER, Hex(0, -1))
    assert ON not in reach
    game.apply("move p1.gideon 0,0@1")
    assert game.state.figures["p1.gideon"].hexes == (UNDER,)
    assert game.state.board.surface(UNDER) == 1


def test_walk_over_the_bridge() -> None:
    """From the top of the stairs the deck is level ground: one space a step, and the
    ground under it is not a step away (the deck is in the way)."""
    game = game_with({"p1.gideon": Hex(-2, 0), "p2.jace": Hex(0, -6)})
    reach = game.reachable_spaces("p1.gideon")
    assert reach[Storey(-1, 0, 7)].cost == 1 and reach[ON].cost == 2
    assert reach[Hex(2, 0)].cost == 4 and reach[Hex(2, 0)].path[1:4] == (
        Storey(-1, 0, 7), ON, Storey(1, 0, 7))
    assert Storey(-1, 0, 1) not in reach or reach[Storey(-1, 0, 1)].cost > 1
    game.apply("move p1.gideon 1,0@7")
    assert game.state.figures["p1.gideon"].hexes == (Storey(1, 0, 7),)


def test_fall_from_the_bridge() -> None:
    """Guide "Falling": a drop of the figure's height or more rolls a die; stepping off the
    deck (level 7) onto the ground beside it (level 1) drops 6 levels, Gideon is 5 tall."""
    game = game_with({"p1.gideon": ON, "p2.jace": Hex(0, -6)}, [HIT])
    events = game.apply("move p1.gideon 0,1 via 0,0@7 0,1")
    assert any(isinstance(e, FigureFell) for e in events)
    assert game.state.figures["p1.gideon"].damage == 1


def test_a_figure_too_tall_for_the_space_under_the_bridge_cannot_enter_it() -> None:
    """Five levels of air: the Rhox (5 tall) walks in, the giant (6 tall) cannot, nor be
    placed there."""
    game = game_with({"p1.gideon": Hex(0, 4), "p1.rhox.1": Hex(1, 1), "p1.giant": Hex(-1, 1),
                      "p2.jace": Hex(0, -6)}, chosen="p1:giant")
    assert Storey(-1, 0, 1) not in game.reachable_spaces("p1.giant")
    assert UNDER not in game.reachable_spaces("p1.giant")
    assert Storey(1, 0, 1) in game.reachable_spaces("p1.rhox.1")
    with pytest.raises(SetupError, match="cannot stand on 0,0@1"):
        game_with({"p1.gideon": Hex(0, 4), "p1.giant": UNDER, "p2.jace": Hex(0, -6)})


def test_attack_from_under_the_bridge() -> None:
    """Jace under the deck sees out sideways: Gideon on the open hill (level 3) is in sight
    and has height advantage (an extra defense die: base 3 against 1). The Rhox on the deck
    right above Jace is neither adjacent (same column) nor in sight (the deck is between)."""
    game = game_with({"p1.gideon": Hex(0, 3), "p1.rhox.1": ON, "p2.jace": UNDER},
                     phase="pre_move", chosen="p2:jace", active=2)
    options = {o.target: o for o in game.attack_options("p2.jace")}
    to_gideon = options["p1.gideon"]
    assert to_gideon.possible, to_gideon.reason
    assert to_gideon.defense_sources == (("height advantage", 1),)
    assert to_gideon.defense_dice == 5 + 1
    to_rhox = options["p1.rhox.1"]
    assert to_rhox.reason == "no clear sight: blocked by terrain at [0, 0]"
    assert not game.sight("p2.jace", "p1.rhox.1").clear


def test_engagement_between_the_deck_and_the_ground() -> None:
    """Guide "Becoming engaged": not adjacent when one base is as high as the other figure is
    tall. The Rhox on the deck (level 7) and Jace on the ground beside the bridge (level 1,
    4 tall) do not touch; Jace under the bridge and Gideon beside it on the ground do (a
    ledge at the same level)."""
    game = game_with({"p1.gideon": Hex(1, -1), "p1.rhox.1": ON, "p2.jace": Hex(0, 1)})
    state = game.state
    assert not is_adjacent(state.body("p1.rhox.1"), state.body("p2.jace"))
    assert "p1.rhox.1" not in game.engaged_with("p2.jace")
    game = game_with({"p1.gideon": Hex(1, -1), "p1.rhox.1": Hex(3, -3), "p2.jace": UNDER})
    assert game.engaged_with("p2.jace") == {"p1.gideon"}


def test_positions_on_storeys_are_written_with_their_level_and_saved() -> None:
    """One position vocabulary: ``q,r@level`` in actions, saves and replays."""
    game = game_with({"p1.gideon": Hex(0, 1), "p2.jace": Hex(0, -6)})
    move = next(a for a in game.legal_actions() if getattr(a, "to", None) == UNDER)
    assert str(move) == "move p1.gideon 0,0@1"
    game.apply(move)
    data = game.to_data()
    again = Game.from_data(data)
    assert again.state_digest() == game.state_digest()
    assert again.state.figures["p1.gideon"].hexes == (UNDER,)


def test_the_deck_stops_flight_above_it() -> None:
    """A ceiling stops flight above it: a flier under the deck flies out sideways, and reaches
    the deck's top only from the open side (two steps, not one)."""
    game = game_with({"p1.gideon": Hex(0, 4), "p1.birds.1": UNDER, "p2.jace": Hex(0, -6)},
                     chosen="p1:birds")
    reach = game.reachable_spaces("p1.birds.1")
    assert reach[Hex(1, -1)].cost == 1
    assert reach[Storey(1, 0, 7)].cost == 2
    assert reach[Storey(1, 0, 7)].path[1].storey_level < 0  # out into the open first
