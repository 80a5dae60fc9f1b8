"""Team games: the turn and placing order follow the guide's seating (issue #36).

Guide "Team rules": "If you're playing a team game, teammates should sit next to each other
on one side of the table, facing their opponents. Each team rolls once to see which team goes
first. The high-rolling team goes first and places first. [...] The player who goes first and
places first is always the player sitting farthest to the left. [...] Play passes to the
left." With the first team's leftmost player at the left end of its side, play passing to the
left goes across to the opposing side, along it, and back to the first player's teammate:
the first player, an opponent, the other opponent, the teammate (the first team does not
open with two turns).

"Numbered teammates. Teammates are always numbered 1 and 2. If two teammates have hidden
enchantments that would trigger at the same time, they are triggered in player number order,
starting with 1." A team's numbers are its seats in order (seats 1 and 2, seats 3 and 4):
the order of play never renumbers them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.content import load_catalog, shipped_content_paths
from arena.content.to_engine import game_from_content
from arena.engine import Game, ScenarioRules, SetupError, ZoneSpec, new_game
from arena.engine.events import FirstPlayerChosen
from arena.engine.integrity import problems
from arena.engine.rng import ScriptedRng
from arena.engine.setup import seating_order, turn_order
from arena.engine.testkit import hex_field, planeswalker, spell
from arena.hexgrid import Hex, spiral

WALKERS = [planeswalker("gideon"), planeswalker("jace"), planeswalker("liliana"),
           planeswalker("nissa")]
DECK = [spell(f"s{i}") for i in range(6)]
TEAMS = [[1, 2], [3, 4]]
OLD_SAVE = Path(__file__).parent / "fixtures" / "team-save-v1.json"
"""A team game saved by version 1, before the fix: these four Planeswalkers, each with a
Rhox squad, on `team_game`'s field, seed 5, 26 random actions to turn 7 (seat 3 won the roll
and turns went 3, 4, 1, 2 in seat order)."""
OLD_DIGEST = "29f1ab3718a8159ffed2f57203c6711beb16c17fbfb0b2a2b84f96b3ec87d4d7"
"""Its state digest when it was saved."""


def team_game(rolls: list[int], teams: list[list[int]] | None = None) -> Game:
    """Four Planeswalkers in two teams of two (the Skirmish's seats) on a field with a zone
    of two spaces per team; ``rolls`` are the teams' d20s."""
    top = tuple(spiral(Hex(0, -5), 1))
    bottom = tuple(spiral(Hex(0, 5), 1))
    field = hex_field(zones=(ZoneSpec("yellow", top, 2), ZoneSpec("orange", bottom, 2)))
    sc = ScenarioRules(zone_mode="one_team_per_zone", teams=((1, 2), (3, 4)))
    return new_game(sc, field, [[w] for w in WALKERS], [DECK] * 4, teams,
                    rng=ScriptedRng(rolls))


def play_order(game: Game, turns: int) -> tuple[list[int], list[int]]:
    """Who places, in order, then whose turns follow (each player ends the turn at once)."""
    placed = []
    while game.pending.phase == "place_planeswalker":
        placed.append(game.to_act)
        game.apply(game.legal_actions()[0])
    turns_of = []
    for _ in range(turns):
        turns_of.append(game.state.active)
        game.apply("end-turn")
    return placed, turns_of


@pytest.mark.parametrize(("rolls", "order"), [
    ([18, 4], [1, 4, 3, 2]),   # team 1 wins: seat 1 (its leftmost) first, then across
    ([4, 18], [3, 2, 1, 4]),   # team 2 wins: seat 3 (its leftmost) first, then across
    ([9, 9, 2, 20], [3, 2, 1, 4]),  # a tie rolls again
])
def test_play_passes_to_the_left_across_the_table(rolls: list[int], order: list[int]) -> None:
    """Guide "Team rules" (module docstring): the high team's leftmost player goes first
    and places first, play passes to the left: an opponent, the other opponent, then the
    first player's teammate, for either team winning the roll."""
    game = team_game(rolls, TEAMS)
    chosen = [e for e in game.initial_events if isinstance(e, FirstPlayerChosen)]
    assert [e.player for e in chosen] == [order[0]]
    placed, turns = play_order(game, 8)
    assert placed == order
    assert turns == order * 2
    static = game.state.static
    assert static.opposed(turns[1], turns[0])  # the first team never opens with two turns


def test_the_shipped_skirmish_seed_1_gives_the_second_turn_to_an_opponent() -> None:
    """The issue's case: The Skirmish, seats [[1, 2], [3, 4]], seed 1: after the set-up the
    first player ends the turn and an opponent, not the teammate, is active; the teammate
    plays fourth."""
    cat = load_catalog(shipped_content_paths())
    sc = cat.scenarios["the-skirmish"]
    armies = [[cat.army_cards[cat.armies[n].planeswalker],
               *(cat.army_cards[c] for c in cat.armies[n].cards)]
              for n in ("gideon-premade", "jace-premade", "liliana-premade", "nissa-premade")]
    game = game_from_content(sc, cat.battlefields[sc.battlefield], armies, seats=TEAMS,
                             seed=1)
    first = game.to_act
    placed, turns = play_order(game, 4)
    assert placed == turns and turns[0] == first
    static = game.state.static
    assert static.opposed(turns[1], first) and static.opposed(turns[2], first)
    assert not static.opposed(turns[3], first) and turns[3] != first


@pytest.mark.parametrize(("teams", "order"), [
    ([[1], [2], [3]], (1, 2, 3)),               # alone: the seats' own order, as always
    ([[1], [2], [3], [4], [5]], (1, 2, 3, 4, 5)),
    ([[1, 2], [3, 4]], (1, 4, 3, 2)),           # The Skirmish
    ([[2, 1], [4, 3]], (1, 4, 3, 2)),           # a team sits in seat-number order
    ([[1, 2], [3, 4, 5]], (1, 5, 4, 3, 2)),     # sides of two and three
    ([[1, 3], [2], [4]], (1, 2, 4, 3)),         # the New game screen's teams in a Melee
])
def test_the_table_order_for_any_seating(teams: list[list[int]],
                                         order: tuple[int, ...]) -> None:
    """`seating_order`: a side's players from its right end to its left, then across to
    the next side; from any first player the turns follow the same circle."""
    assert seating_order(teams) == order
    field = hex_field(zones=(ZoneSpec("middle", tuple(spiral(Hex(0, 0), 2)), 5),))
    game = new_game(ScenarioRules(zone_mode="any_free_space"), field,
                    [[planeswalker(f"w{i}")] for i in range(len(order))], None, teams,
                    seed=3)
    static = game.state.static
    assert static.play_order == order
    for first in order:
        at = order.index(first)
        assert turn_order(static, first) == order[at:] + order[:at]


def test_teammates_keep_their_numbers() -> None:
    """Guide "Numbered teammates" (module docstring): the seats, and so the teammates'
    numbers, are the same whichever team goes first; only the order of turns changes."""
    for rolls in ([18, 4], [4, 18]):
        static = team_game(rolls, TEAMS).state.static
        assert static.seats == (1, 2, 3, 4)
        assert [[s for s in static.seats if static.team_of(s) == t] for t in (1, 2)] == TEAMS


def test_the_log_names_the_order_of_play() -> None:
    """The log's set-up line says who goes first and how play passes."""
    game = team_game([4, 18], TEAMS)
    lines = [e.describe() for e in game.initial_events if isinstance(e, FirstPlayerChosen)]
    assert lines == ["Player 3 goes first and places first; play passes to the left: "
                     "Player 3, Player 2, Player 1, Player 4."]


def test_a_team_game_saved_before_the_fix_keeps_its_order_and_its_digest() -> None:
    """A version 1 save recorded no order of play: its turns went in seat order. It loads and
    replays to the digest it was saved with, plays on in the order it was played in, and a
    new save of it records that order (version 2), so it keeps it from then on."""
    data = json.loads(OLD_SAVE.read_text())
    assert data["version"] == 1 and "play_order" not in data["static"]
    loaded = Game.from_data(data)
    replayed = Game.replay(data)
    assert loaded.state_digest() == replayed.state_digest() == OLD_DIGEST
    assert not problems(loaded)
    for game in (loaded, replayed):
        assert game.state.static.play_order == (1, 2, 3, 4)
        assert game.state.active == 1
        game.apply("end-turn")
        assert game.state.active == 2  # seat order, as the game was played
    resaved = json.loads(json.dumps(loaded.to_data()))
    assert resaved["version"] == 2 and resaved["static"]["play_order"] == [1, 2, 3, 4]
    again = Game.replay(resaved)
    assert again.state_digest() == loaded.state_digest()


def test_a_save_records_the_order_and_refuses_a_broken_one() -> None:
    """Version 2 saves carry the table's order; one that does not list each seat once is
    refused with a plain message."""
    game = team_game([18, 4], TEAMS)
    play_order(game, 5)
    data = json.loads(json.dumps(game.to_data()))
    assert data["static"]["play_order"] == [1, 4, 3, 2]
    assert Game.replay(data).state_digest() == Game.from_data(data).state_digest() \
        == game.state_digest()
    data["static"]["play_order"] = [1, 4, 4, 2]
    with pytest.raises(SetupError, match="order of play"):
        Game.from_data(data)
    del data["static"]["play_order"]
    with pytest.raises(SetupError, match="order of play"):
        Game.from_data(data)
