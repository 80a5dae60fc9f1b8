"""What the engine remembers between questions must never change an answer.

A search's answer makes each `Reach` only when it is read (`arena.engine.reaches`); the
movement search keeps a table per terrain (`arena.engine.terrain_table`) that every board
of the same terrain shares, with the steps between empty spaces worked out once; a summoning
Planeswalker's sight to many spaces shares one index of the other figures
(`arena.engine.sight.space_sight`). Each answer here is compared with the one asked cold.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from arena.engine import reaches, terrain_table
from arena.engine.actions import MoveFigure
from arena.engine.bench import duel_field, duel_game
from arena.engine.board import Board, ObstacleSpec
from arena.engine.bodies import Body
from arena.engine.move_action import clear_caches
from arena.engine.pathfinding import MoveRequest, Occupant, Reach, engagement_lookup, reachable
from arena.engine.sight import clear_sight_to_space, space_sight
from arena.engine.testkit import random_policy
from arena.hexgrid import Hex, spiral


def _board() -> Board:
    """Hills, water, a ruin and a cryptolith on a small round field."""
    cells: dict[Hex, list[str | None]] = {h: ["land"] for h in spiral(Hex(0, 0), 4)}
    cells.update({Hex(1, 0): ["land"] * 3, Hex(1, -1): ["land"] * 2, Hex(-1, 1): ["water"],
                  Hex(-2, 1): ["land", "water"], Hex(2, 1): ["land"] * 4})
    return Board.build(cells, [ObstacleSpec("ruin", "ruin", (Hex(0, 2),), 5),
                               ObstacleSpec("crypt", "cryptolith", (Hex(-1, -1),), 9)])


def _request(board: Board, at: Hex, *, crowded: bool, flying: bool = False) -> MoveRequest:
    """A mover at ``at``; ``crowded``: a friend, an engaged friend, a foe and two glyphs near."""
    occupancy = {at: Occupant("mover", True)}
    foes: list[Body] = []
    glyphs: frozenset[Hex] = frozenset()
    if crowded:
        occupancy.update({Hex(1, 1): Occupant("friend", True),
                          Hex(-1, 2): Occupant("stuck", True, True),
                          Hex(2, -1): Occupant("foe", False)})
        foes = [Body.standing(board, "foe", (Hex(2, -1),), 4, 3.0, (1.0, 4.0))]
        glyphs = frozenset({Hex(0, -1), Hex(-2, 2)})
    mover = Body.standing(board, "mover", (at,), 4, 3.0, (1.0, 4.0))
    return MoveRequest("mover", (at,), 4, 4, flying=flying, occupancy=occupancy,
                       glyphs=glyphs, engaged_at=engagement_lookup(board, mover, foes))


def _answers(board: Board, requests: list[MoveRequest]) -> list[list[tuple[Any, Reach]]]:
    return [list(reachable(board, r).items()) for r in requests]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Count the `Reach` records made from here on."""
    made: list[object] = []
    real = reaches.reach_of

    def counted(*args: Any) -> Reach:
        made.append(args[0])
        return real(*args)

    monkeypatch.setattr(reaches, "reach_of", counted)
    return made


def test_a_reach_is_made_when_first_read_and_is_the_one_made_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board = _board()
    asked = _request(board, Hex(0, 0), crowded=True)
    at_once = dict(reachable(board, asked).items())
    made = _counting(monkeypatch)
    lazy = reachable(board, asked)
    # The ends, in the search's order, with nothing made yet.
    assert list(lazy) == list(at_once) and len(lazy) == len(at_once) > 10
    assert not made
    end = list(lazy)[7]
    assert end in lazy and lazy[end] == at_once[end] and lazy[end] is lazy[end]
    assert len(made) == 1  # made once, then kept
    off = Hex(9, 9)
    assert off not in lazy and lazy.get(off) is None
    with pytest.raises(KeyError):
        lazy[off]
    assert lazy == at_once and dict(lazy.items()) == at_once
    copy = pickle.loads(pickle.dumps(lazy))
    assert type(copy) is dict and list(copy.items()) == list(at_once.items())


def test_listing_the_legal_moves_makes_no_reach_and_a_move_makes_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = duel_game(3)
    choose = random_policy(random.Random(3))
    while not any(isinstance(a, MoveFigure) for a in game.legal_actions()):
        game.apply(choose(game.legal_actions()))
    clear_caches()
    game = game.clone()  # cold: nothing searched in this state yet
    made = _counting(monkeypatch)
    moves = [a for a in game.legal_actions() if isinstance(a, MoveFigure)]
    assert len(moves) > 10 and not made
    game.apply(moves[len(moves) // 2])
    assert len(made) == 1


def test_boards_of_one_terrain_share_a_table_and_a_changed_terrain_does_not() -> None:
    a, b = _board(), _board()
    assert a is not b and terrain_table.terrain_table(a) is terrain_table.terrain_table(b)
    assert terrain_table.terrain_table(a.without(["crypt"])) is not terrain_table.terrain_table(a)


def test_a_search_answers_the_same_whatever_was_searched_before_on_that_terrain() -> None:
    # Cold: each request on a fresh table (the shared tables forgotten first).
    requests = [(Hex(0, 0), True, False), (Hex(0, 0), False, False), (Hex(-2, 0), True, True),
                (Hex(1, 1), False, True), (Hex(0, 1), True, False)]
    cold = []
    for at, crowded, flying in requests:
        terrain_table._shared.clear()
        board = _board()
        cold.extend(_answers(board, [_request(board, at, crowded=crowded, flying=flying)]))
    # Warm: the same requests one after another, then in reverse, on boards sharing a table.
    terrain_table._shared.clear()
    board = _board()
    warm = _answers(board, [_request(board, at, crowded=c, flying=f) for at, c, f in requests])
    again = _board()
    backwards = _answers(again, [_request(again, at, crowded=c, flying=f)
                                 for at, c, f in reversed(requests)])
    assert warm == cold
    assert backwards[::-1] == cold
    # The crowded searches did differ from the empty ones: the test compares real answers.
    assert cold[0] != cold[1]
    # And the figures and glyphs near a walker count in every answer, warm or cold: nobody
    # walks through the foe or the engaged friend, and a glyph ends a walk.
    for answer, (_, crowded, flying) in zip(warm, requests, strict=True):
        if not crowded or flying:
            continue
        for _, reach in answer:
            assert not {Hex(2, -1), Hex(-1, 2)} & set(reach.path)
            assert not {Hex(0, -1), Hex(-2, 2)} & set(reach.path[1:-1])


def test_sight_to_many_spaces_answers_as_each_space_asked_alone() -> None:
    board = duel_field().board
    viewer = Body.standing(board, "walker", (Hex(0, 0),), 5, 4.5, (1.0, 4.5))
    others = [Body.standing(board, f"f{i}", (h,), 4, 3.0, (1.0, 4.0))
              for i, h in enumerate((Hex(2, 0), Hex(-1, 3), Hex(0, -3), Hex(3, -3)))]
    sees = space_sight(board, viewer, others)
    spaces = [h for h in spiral(Hex(0, 0), 6) if h in board.columns]
    answers = [sees(h) for h in spaces]
    assert answers == [clear_sight_to_space(board, viewer, h, others) for h in spaces]
    # Both kinds of answer occur, and a space with a figure on it is among those asked.
    assert {a.clear for a in answers} == {True, False}
    assert Hex(2, 0) in spaces
