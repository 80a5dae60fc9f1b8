"""Summoning through the engine (guide "Planeswalker rules"; Terms "Summoning a
double-space figure"; reference manual "Partial summons")."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import (
    BeginSummon,
    FieldSetup,
    Game,
    IllegalAction,
    ObstacleSpec,
    PlaceFigure,
    PlayerSetup,
)
from arena.engine.sight import clear_sight_to_space
from arena.engine.state import FigureState
from arena.engine.testkit import board, hex_field, planeswalker, squad
from arena.hexgrid import Hex, distance

GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", height=4)
RHOX = squad("rhox")
KOR = squad("kor", height=4, range=3)
ZOMBIES = squad("zombies", height=4, life=1)
CATS = squad("cats", base="double", figures=2, height=3, target_point=2.5)
DUO = squad("duo", figures=2)


def game_with(army: list[Any], placed: dict[str, Any] | None = None, **kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    return Game.from_position(
        kw.pop("field", hex_field(radius=8)), [PlayerSetup([GIDEON, *army]), PlayerSetup([JACE])],
        placed or {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 7)}, turn=3, **kw)


def summon_all(game: Game, card: str) -> None:
    game.apply(BeginSummon(card))
    while game.pending.phase == "summon":
        game.apply(game.legal_actions()[0])


def test_figures_go_within_five_clear_sight_spaces() -> None:
    """Guide "Planeswalker rules": empty spaces within 5 clear-sight spaces."""
    wall = ObstacleSpec("wall", "ruin", (Hex(2, -2), Hex(2, -1), Hex(2, 0), Hex(2, 1)), 8)
    game = game_with([RHOX], field=hex_field(radius=8, obstacles=[wall]))
    game.apply("summon p1:rhox")
    assert game.pending.phase == "summon"
    spaces = {a.position for a in game.legal_actions() if isinstance(a, PlaceFigure)}
    board = game.state.static.field.board
    pw = game.state.body("p1.gideon")
    for h in spaces:
        assert isinstance(h, Hex) and 1 <= distance(h, Hex(0, 0)) <= 5
        assert clear_sight_to_space(board, pw, h, game.state.bodies(("p1.gideon",))).clear
    assert Hex(1, 0) in spaces and Hex(-5, 0) in spaces
    assert Hex(4, -1) not in spaces  # behind the wall
    assert Hex(-6, 0) not in spaces  # too far
    assert Hex(0, 7) not in spaces


def test_a_begun_squad_comes_whole() -> None:
    """Guide "Planeswalker rules": a squad is summoned with all its figures; nothing else
    happens until they are placed."""
    game = game_with([RHOX])
    game.apply("summon p1:rhox")
    with pytest.raises(IllegalAction):
        game.apply("end-turn")
    for i in range(3):
        assert game.to_act == 1
        game.apply(game.legal_actions()[i])
    state = game.state
    assert [state.figures[f"p1.rhox.{i}"].zone for i in (1, 2, 3)] == ["battlefield"] * 3
    assert state.cards["p1:rhox"].zone == "play"
    assert game.pending.phase == "pre_move"


def test_up_to_two_squads_a_turn_only_before_moving() -> None:
    """Guide "Planeswalker rules": up to two squads or heroes, before action 3."""
    game = game_with([RHOX, KOR, ZOMBIES])
    assert {a.card for a in game.legal_actions() if isinstance(a, BeginSummon)} == {
        "p1:rhox", "p1:kor", "p1:zombies"}
    summon_all(game, "p1:rhox")
    summon_all(game, "p1:kor")
    assert not any(isinstance(a, BeginSummon) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="two"):
        game.apply("summon p1:zombies")


def test_summoning_needs_the_planeswalker_chosen() -> None:
    """Guide "Planeswalker rules": only on your Planeswalker's turn."""
    placed = {"p1.gideon": Hex(0, 0), "p1.kor.1": Hex(3, 0), "p2.jace": Hex(0, 7)}
    game = game_with([KOR, RHOX], placed, chosen="p1:kor")
    assert not any(isinstance(a, BeginSummon) for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="Planeswalker's army card"):
        game.apply("summon p1:rhox")


def test_no_summoning_after_moving() -> None:
    """Guide "Planeswalker rules": "Before Action 3"."""
    game = game_with([RHOX])
    game.apply("move p1.gideon 1,0")
    with pytest.raises(IllegalAction, match="before moving"):
        game.apply("summon p1:rhox")


def test_a_squad_that_cannot_fit_whole_is_not_offered() -> None:
    """Guide "Planeswalker rules" with the no-dead-end rule: a squad is offered only if all
    its figures fit."""
    cells = {Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(9, 0), Hex(8, 0)}
    field = FieldSetup(board({h: 1 for h in cells}))
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(9, 0)}
    game = game_with([RHOX, DUO], placed, field=field)
    assert [a.card for a in game.legal_actions() if isinstance(a, BeginSummon)] == ["p1:duo"]


def test_partial_squad_summons_its_survivors() -> None:
    """Reference manual "Partial summons": only figures still in reserve come."""
    game = game_with([RHOX])
    game.state.set_figure("p1.rhox.2", FigureState("graveyard"))
    summon_all(game, "p1:rhox")
    zones = [game.state.figures[f"p1.rhox.{i}"].zone for i in (1, 2, 3)]
    assert zones == ["battlefield", "graveyard", "battlefield"]


def test_double_space_figure_needs_one_hex_in_range() -> None:
    """Terms "Summoning a double-space figure": one hex of the base within the 5 clear-sight
    spaces is enough."""
    game = game_with([CATS])
    game.apply("summon p1:cats")
    spaces = [a.position for a in game.legal_actions() if isinstance(a, PlaceFigure)]
    assert all(isinstance(p, tuple) for p in spaces)
    assert (Hex(5, 0), Hex(6, 0)) in spaces and (Hex(6, 0), Hex(5, 0)) in spaces
    assert not any(min(distance(h, Hex(0, 0)) for h in p) > 5 for p in spaces)  # type: ignore
    game.apply(PlaceFigure((Hex(5, 0), Hex(6, 0))))
    assert game.state.figures["p1.cats.1"].hexes == (Hex(5, 0), Hex(6, 0))
    later = [a.position for a in game.legal_actions() if isinstance(a, PlaceFigure)]
    assert all(Hex(5, 0) not in p and Hex(6, 0) not in p for p in later)  # type: ignore


def test_the_offer_matches_the_placement_spaces_cached_or_not() -> None:
    """`summonable_cards` stops counting spaces in sight once a squad fits; its answer is
    the one the full placement spaces give, before and after they are cached: behind a wall,
    on a crowded little field, and where a squad does not fit."""
    from arena.engine.summon import SUMMON_RANGE, _fits, summon_spaces, summonable_cards

    wall = ObstacleSpec("wall", "ruin", tuple(Hex(1, r) for r in range(-6, 6)), 8)
    line = FieldSetup(board({h: 1 for h in (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(9, 0))}))
    cases = [
        (hex_field(radius=8, obstacles=[wall]), Hex(0, 7), ["p1:rhox", "p1:duo", "p1:cats"]),
        (hex_field(radius=1), Hex(-1, 0), ["p1:rhox", "p1:duo", "p1:cats"]),
        (line, Hex(9, 0), ["p1:duo"]),
    ]
    for field, jace, offered in cases:
        game = game_with([RHOX, DUO, CATS], {"p1.gideon": Hex(0, 0), "p2.jace": jace},
                         field=field)
        state = game.state

        def full(state: Any = state) -> list[str]:
            out = []
            for card in ("p1:rhox", "p1:duo", "p1:cats"):
                figs = state.figures_of_card(card, "reserve")
                spaces = summon_spaces(state, figs[0], "p1.gideon", SUMMON_RANGE)
                if _fits(spaces, len(figs)):
                    out.append(card)
            return out

        fresh = summonable_cards(state)
        state.cache.clear()
        assert fresh == full() == summonable_cards(state) == offered
