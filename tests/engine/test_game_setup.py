"""Set-up through the engine: first-player roll, placement zones, hands (guide "Get ready to
play", "Playing the multiplayer game", "Team rules")."""

from __future__ import annotations

import pytest

from arena.engine import (
    ChooseFirstPlayer,
    IllegalAction,
    PlacePlaneswalker,
    ScenarioRules,
    SetupError,
    ZoneSpec,
    new_game,
)
from arena.engine.events import D20Rolled, FirstPlayerRolled, HandDealt, LibraryShuffled
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, spell, squad
from arena.hexgrid import Hex, spiral

GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
LILIANA = planeswalker("liliana", life=7, range=6, attack=4, defense=3, height=4)
RHOX = squad("rhox")
DECK = [spell(f"s{i}") for i in range(6)]


def duel(rolls: list[int], decks: bool = True):  # type: ignore[no-untyped-def]
    return new_game(None, hex_field(), [[GIDEON, RHOX], [JACE]],
                    [DECK, DECK] if decks else None, rng=ScriptedRng(rolls))


def test_two_player_roll_reroll_tie_and_high_roller_chooses() -> None:
    """Guide "Get ready to play" 1: each rolls the d20, ties roll again, the high roller may go
    first or let the opponent go first."""
    game = duel([12, 12, 5, 17])
    rounds = [e for e in game.initial_events if isinstance(e, FirstPlayerRolled)]
    assert [r.winner for r in rounds] == [None, "Player 2"]
    assert game.pending.phase == "first_player" and game.to_act == 2
    assert game.legal_actions() == [ChooseFirstPlayer(1), ChooseFirstPlayer(2)]
    game.apply("first p1")
    assert game.pending.phase == "place_planeswalker" and game.to_act == 1


def test_placement_in_turn_order_never_in_an_occupied_zone() -> None:
    """Guide "Get ready to play" 1: place in a starting zone, never one occupied by your
    opponent; players place in turn order."""
    game = duel([20, 1])
    game.apply("first p2")
    field = game.state.static.field
    yellow, orange = field.zones
    spaces = {a.position for a in game.legal_actions() if isinstance(a, PlacePlaneswalker)}
    assert spaces == set(yellow.spaces) | set(orange.spaces)
    game.apply(PlacePlaneswalker(yellow.spaces[0]))
    assert game.to_act == 1
    spaces = {a.position for a in game.legal_actions() if isinstance(a, PlacePlaneswalker)}
    assert spaces == set(orange.spaces)
    with pytest.raises(IllegalAction):
        game.apply(PlacePlaneswalker(yellow.spaces[1]))


def test_hands_of_three_cards_in_play_and_reserve_first_player_skips_draw() -> None:
    """Guide "Get ready to play" 2-3: the Planeswalker card in play, the rest in reserve;
    shuffle, draw three; the first player does not draw on the first turn (two players)."""
    game = duel([20, 1])
    game.apply("first p1")
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    state = game.state
    assert state.phase == "choose" and state.active == 1 and state.turn == 1
    for seat in (1, 2):
        p = state.players[seat]
        assert len(p.hand) == 3 and len(p.library) == 3
        assert sorted((*p.hand, *p.library)) == sorted(f"p{seat}/s{i}" for i in range(6))
    assert state.cards["p1:gideon"].zone == "play"
    assert state.cards["p1:rhox"].zone == "reserve"
    assert all(state.figures[f].zone == "reserve" for f in ("p1.rhox.1", "p1.rhox.2"))
    game.apply("end-turn")
    assert game.state.active == 2 and len(game.state.players[2].hand) == 4


def test_library_is_shuffled_through_the_game_rng() -> None:
    """Guide "Get ready to play" 3: libraries are shuffled (deterministically by seed)."""
    orders = set()
    for seed in range(6):
        game = new_game(None, hex_field(), [[GIDEON], [JACE]], [DECK, DECK], seed=seed)
        game.apply(game.legal_actions()[0])
        game.apply(game.legal_actions()[0])
        events = game.apply(game.legal_actions()[0])
        assert any(isinstance(e, LibraryShuffled) for e in events)
        assert sum(e.cards for e in events if isinstance(e, HandDealt)) == 6
        p = game.state.players[1]
        orders.add((*p.hand, *p.library))
    assert len(orders) > 1


def test_multiplayer_high_roller_goes_first_and_draws() -> None:
    """Guide "Playing the multiplayer game": high roller goes first and places first, play
    passes left, and the first player draws on the first turn."""
    zones = tuple(ZoneSpec(f"z{i}", (h,), 1) for i, h in enumerate(
        [Hex(0, -5), Hex(5, -5), Hex(5, 0)]))
    field = hex_field(zones=zones)
    game = new_game(ScenarioRules(zone_mode="one_player_per_zone"), field,
                    [[GIDEON], [JACE], [LILIANA]], [DECK, DECK, DECK],
                    rng=ScriptedRng([3, 15, 9]))
    assert game.to_act == 2 and game.pending.phase == "place_planeswalker"
    game.apply(game.legal_actions()[0])
    assert game.to_act == 3
    game.apply(game.legal_actions()[0])
    assert game.to_act == 1
    assert len(game.legal_actions()) == 1
    game.apply(game.legal_actions()[0])
    assert game.state.active == 2 and game.state.phase == "choose"
    assert len(game.state.players[2].hand) == 4


def test_teams_roll_once_leftmost_first_and_teammates_share_a_zone() -> None:
    """Guide "Team rules": each team rolls once; the high team's leftmost player goes first
    and places first; play passes to the left, across to the opposing side first
    (`tests/engine/test_team_turn_order.py`); teammates may share a starting zone (scenario
    zone mode), never one an opponent occupies."""
    top = tuple(h for h in spiral(Hex(0, -5), 1) if abs(h.q) + abs(h.r) <= 12)
    bottom = tuple(h for h in spiral(Hex(0, 5), 1))
    field = hex_field(zones=(ZoneSpec("yellow", top, 2), ZoneSpec("orange", bottom, 2)))
    sc = ScenarioRules(zone_mode="one_team_per_zone", teams=((1, 2), (3, 4)))
    game = new_game(sc, field, [[GIDEON], [JACE], [LILIANA], [planeswalker("nissa")]],
                    [DECK] * 4, rng=ScriptedRng([4, 18]))
    rolls = [e for e in game.initial_events if isinstance(e, D20Rolled)]
    assert [(r.player, r.value) for r in rolls] == [(1, 4), (3, 18)]
    assert game.to_act == 3
    game.apply(PlacePlaneswalker(Hex(0, 5)))
    assert game.to_act == 2
    allowed = {a.position for a in game.legal_actions() if isinstance(a, PlacePlaneswalker)}
    assert allowed == set(top)  # the opposing team's zone is closed
    game.apply(PlacePlaneswalker(top[0]))
    assert game.to_act == 1
    allowed = {a.position for a in game.legal_actions() if isinstance(a, PlacePlaneswalker)}
    assert allowed == set(top) - {top[0]}  # teammate may join
    game.apply(PlacePlaneswalker(top[1]))
    assert game.to_act == 4
    allowed = {a.position for a in game.legal_actions() if isinstance(a, PlacePlaneswalker)}
    assert allowed == set(bottom) - {Hex(0, 5)}
    game.apply(game.legal_actions()[0])
    assert game.state.active == 3 and len(game.state.players[3].hand) == 4


def test_zone_capacity_is_respected() -> None:
    """Battlefield data: a zone takes at most `capacity` Planeswalkers (any_free_space)."""
    zones = (ZoneSpec("orange", (Hex(0, 0), Hex(1, 0), Hex(2, 0)), 2),
             ZoneSpec("yellow", (Hex(0, 3),), 1))
    game = new_game(ScenarioRules(zone_mode="any_free_space"), hex_field(zones=zones),
                    [[GIDEON], [JACE], [LILIANA]], rng=ScriptedRng([20, 2, 1]))
    game.apply(PlacePlaneswalker(Hex(0, 0)))
    assert {a.position for a in game.legal_actions()  # type: ignore[attr-defined]
            } == {Hex(1, 0), Hex(2, 0), Hex(0, 3)}
    game.apply(PlacePlaneswalker(Hex(1, 0)))
    assert game.legal_actions() == [PlacePlaneswalker(Hex(0, 3))]
    with pytest.raises(SetupError, match="cannot take 3"):
        new_game(ScenarioRules(zone_mode="any_free_space"), hex_field(zones=zones[:1]),
                 [[GIDEON], [JACE], [LILIANA]], seed=1)
