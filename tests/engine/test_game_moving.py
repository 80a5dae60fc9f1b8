"""Movement through the engine: reachable spaces from the real state, leaving-engagement
attacks and falls rolled as they happen, water, glyphs (guide Action 3, "Glyphs")."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import Game, GlyphSpec, IllegalAction, MoveFigure, PlayerSetup
from arena.engine.events import (
    CardDrawn,
    DamageDealt,
    DamageRemoved,
    FigureDestroyed,
    FigureFell,
    FigureMoved,
    GlyphFlipped,
    GlyphTaken,
    LeavingEngagementAttacked,
)
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, spell, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")
PROJ = squad("proj", life=2, range=6, height=4)
CATS = squad("cats", base="double", figures=1, height=3, target_point=2.5)


def game_with(placed: dict[str, Any], rolls: list[int] = (), **kw: Any) -> Game:  # type: ignore
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    p1 = kw.pop("p1", PlayerSetup([GIDEON, RHOX, CATS]))
    return Game.from_position(kw.pop("field", hex_field(radius=7)), [p1, PlayerSetup([JACE, PROJ])],
                              placed, turn=3, rng=ScriptedRng(list(rolls)), **kw)


def kinds(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_moves_are_the_reachable_spaces_and_each_figure_moves_once() -> None:
    """Guide Action 3: move figures of the chosen card one at a time, up to the move number."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)})
    ends = {a.to for a in game.legal_actions() if isinstance(a, MoveFigure)}
    assert ends == set(game.reachable_spaces("p1.gideon"))
    assert Hex(6, 0) in ends and Hex(7, 0) not in ends
    events = game.apply("move p1.gideon 3,0")
    assert kinds(events) == ["FigureMoved"] and game.state.figures["p1.gideon"].hexes == (
        Hex(3, 0),)
    assert game.phase == "move"
    with pytest.raises(IllegalAction, match="once"):
        game.apply("move p1.gideon 4,0")
    assert game.can_undo
    game.undo()
    assert game.state.figures["p1.gideon"].hexes == (Hex(0, 0),) and game.phase == "pre_move"


def test_explicit_path_is_checked() -> None:
    """Guide Action 3: a path the player draws is checked step by step."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)})
    with pytest.raises(IllegalAction, match="adjacent"):
        game.apply("move p1.gideon 2,0 via 0,0 2,0")
    events = game.apply("move p1.gideon 2,0 via 0,0 0,1 1,1 2,0")
    moved = events[0]
    assert isinstance(moved, FigureMoved) and moved.cost == 3


def test_leaving_engagement_attack_is_rolled_and_damages() -> None:
    """Guide p.10 "Leaving an engagement": one die, a hit deals 1 damage, no defense."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}, [HIT])
    assert game.engaged_with("p1.gideon") == {"p2.jace"}
    reach = game.reachable_spaces("p1.gideon")[Hex(-2, 0)]
    assert reach.provokes == ("p2.jace",)
    events = game.apply("move p1.gideon -2,0")
    assert kinds(events) == ["FigureMoved", "DiceRolled", "LeavingEngagementAttacked",
                             "DamageDealt"]
    lea = events[2]
    assert isinstance(lea, LeavingEngagementAttacked) and lea.damage == 1 and lea.step == 1
    assert game.state.figures["p1.gideon"].damage == 1
    assert not game.can_undo  # a die roll commits


def test_leaving_engagement_attack_can_miss() -> None:
    """Guide p.10: only a crossed-weapons face deals damage."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}, [SHIELD])
    game.apply("move p1.gideon -2,0")
    assert game.state.figures["p1.gideon"].damage == 0


def test_each_engagement_left_gets_an_attack_and_destruction_stops_the_move() -> None:
    """Guide Example 12: one attack per engaged figure left; a destroyed figure stops."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0), "p2.proj.1": Hex(0, 1)}
    game = game_with(placed, [HIT, HIT], damage={"p1.gideon": 5})
    events = game.apply("move p1.gideon -3,0")
    names = kinds(events)
    assert names.count("LeavingEngagementAttacked") == 1  # destroyed by the first
    assert "FigureDestroyed" in names and game.state.figures["p1.gideon"].zone == "graveyard"
    moved = events[0]
    assert isinstance(moved, FigureMoved) and moved.end == moved.path[1]
    assert game.outcome() is not None and game.outcome().winners == (2,)  # type: ignore


def test_falls_are_rolled_and_water_breaks_them() -> None:
    """Guide "Falling": a drop of the figure's height or more: one die, a hit is 1 damage;
    never into water."""
    cells: dict[Hex, int | str] = {Hex(0, 0): 6, Hex(1, 0): 1, Hex(-1, 0): "w1"}
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, [HIT],
                     field=hex_field(radius=7, cells=cells))
    events = game.apply("move p1.gideon 2,0 via 0,0 1,0 2,0")
    fell = [e for e in events if isinstance(e, FigureFell)]
    assert len(fell) == 1 and fell[0].levels == 5 and fell[0].damage == 1
    assert game.state.figures["p1.gideon"].hexes == (Hex(2, 0),)  # the fall does not stop it
    game2 = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, [],
                      field=hex_field(radius=7, cells=cells))
    events = game2.apply("move p1.gideon -1,0")
    assert not any(isinstance(e, FigureFell) for e in events)


def test_water_ends_the_move() -> None:
    """Guide "Moving onto water": entering water ends the move; "Moving from water to land":
    leaving costs one more."""
    cells: dict[Hex, int | str] = {Hex(1, 0): "w1"}
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)},
                     field=hex_field(radius=7, cells=cells))
    reaches = game.reachable_spaces("p1.gideon")
    assert not any(Hex(1, 0) in r.path[:-1] for r in reaches.values())
    assert reaches[Hex(1, 0)].ends_in_water
    game.apply("move p1.gideon 1,0")
    game.state.set_turn(moved=())
    assert game.reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 2


def test_glyph_flips_when_landed_on() -> None:
    """Guide "Glyphs": landing on a Planeswalker-side-up glyph turns it ability side up (a
    reveal: undo stops there)."""
    glyphs = [GlyphSpec(Hex(2, 0), "power", face_up=False)]
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, glyphs=glyphs)
    assert Hex(3, 0) not in {r.end for r in game.reachable_spaces("p1.gideon").values()
                             if Hex(2, 0) in r.path[:-1]}
    events = game.apply("move p1.gideon 2,0")
    assert any(isinstance(e, GlyphFlipped) for e in events)
    assert game.state.glyphs[Hex(2, 0)].face_up and not game.can_undo


@pytest.mark.parametrize(("kind", "point", "amount"), [
    ("power", "attack_dice", 1), ("toughness", "defense_dice", 1), ("movement", "move", 2)])
def test_permanent_glyphs_help_every_figure_of_the_holder(kind: str, point: str,
                                                          amount: int) -> None:
    """Guide "Permanent Glyphs": all figures you control get the bonus while one of yours
    stands on the glyph; the opponent's do not."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(2, 0), "p1.rhox.2": Hex(-3, 0),
              "p2.jace": Hex(0, 6), "p2.proj.1": Hex(3, 3)}
    game = game_with(placed, glyphs=[GlyphSpec(Hex(2, 0), kind)])
    name = f"Glyph of {kind.title()}"
    other = "p2.proj.1" if point != "move" else None
    for fid in ("p1.gideon", "p1.rhox.2"):
        value = game.stat(point, fid, other)
        assert (name, amount) in value.sources
    assert (name, amount) not in game.stat(point, "p2.jace", "p1.gideon").sources
    assert game.stat("move", "p1.gideon").total == 6 + (2 if kind == "movement" else 0)


def test_glyph_amount_is_data() -> None:
    """cards.md "Glyphs": Movement +1 in Shadows over Innistrad, so the amount is data."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(2, 0), "p2.jace": Hex(0, 6)}
    game = game_with(placed, glyphs=[GlyphSpec(Hex(2, 0), "movement", amount=1)])
    assert game.stat("move", "p1.gideon").total == 7


def test_glyph_of_knowledge_draws_and_leaves() -> None:
    """Guide "Temporary glyph": Glyph of Knowledge: draw a spell card, then remove it."""
    p1 = PlayerSetup([GIDEON, RHOX], library=[spell("a"), spell("b")])
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, p1=p1,
                     glyphs=[GlyphSpec(Hex(2, 0), "knowledge")])
    events = game.apply("move p1.gideon 2,0")
    assert any(isinstance(e, CardDrawn) for e in events)
    assert any(isinstance(e, GlyphTaken) for e in events)
    assert game.state.players[1].hand == ("p1/a",) and Hex(2, 0) not in game.state.glyphs


def test_glyph_of_recall_returns_a_chosen_spell() -> None:
    """Shadows over Innistrad "Glyph of Recall": return any spell from your graveyard."""
    p1 = PlayerSetup([GIDEON, RHOX], graveyard=[spell("a"), spell("b")])
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 6)}, p1=p1,
                     glyphs=[GlyphSpec(Hex(2, 0), "recall")])
    game.apply("move p1.gideon 2,0")
    assert game.pending.phase == "recall"
    assert [a.text() for a in game.legal_actions()] == ["recall p1/a", "recall p1/b"]
    game.apply("recall p1/b")
    assert game.state.players[1].hand == ("p1/b",) and game.state.players[1].graveyard == (
        "p1/a",)
    assert Hex(2, 0) not in game.state.glyphs


def test_glyph_of_healing_heals_at_the_start_of_its_controllers_turn() -> None:
    """Shadows over Innistrad "Glyph of Healing": remove 1 damage at the start of the turn."""
    placed = {"p1.gideon": Hex(2, 0), "p2.jace": Hex(0, 6)}
    game = game_with(placed, phase="turn_start", chosen=None, damage={"p1.gideon": 2},
                     glyphs=[GlyphSpec(Hex(2, 0), "healing")])
    assert any(isinstance(e, DamageRemoved) for e in game.initial_events)
    assert game.state.figures["p1.gideon"].damage == 1


def test_moving_ends_when_attacking_starts() -> None:
    """Guide: action 3 then action 4; no moving after the first attack."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(3, 3), "p2.jace": Hex(1, 0)}
    game = game_with(placed, [BLANK] * 8, chosen="p1:rhox")
    game.apply("move p1.rhox.1 1,1")
    game.apply("attack p1.rhox.1 p2.jace")
    assert game.phase == "attack"
    assert not any(isinstance(a, MoveFigure) for a in game.legal_actions())


def test_double_space_figure_may_flip_in_place() -> None:
    """Guide "Flipping a double-space figure": free, no leaving-engagement attacks."""
    placed = {"p1.gideon": Hex(-4, 0), "p1.cats": (Hex(0, 0), Hex(1, 0)), "p2.jace": Hex(0, 1)}
    game = game_with(placed, chosen="p1:cats")
    reach = game.reachable_spaces("p1.cats")[(Hex(1, 0), Hex(0, 0))]
    assert reach.cost == 0 and reach.provokes == ()
    game.apply("move p1.cats 1,0/0,0")
    assert game.state.figures["p1.cats"].hexes == (Hex(1, 0), Hex(0, 0))


def test_damage_event_names_the_source() -> None:
    """Guide p.10: the damage comes from the engaged figure's attack."""
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}, [HIT])
    events = game.apply("move p1.gideon -2,0")
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert "Jace" in dealt[0].source and not any(isinstance(e, FigureDestroyed) for e in events)
