"""A search level's whole turn has a budget of work, shared out by what each decision is about
(`arena.ai.turn_budget`): the card choice and the moves get the most, the attacks (whose dice
one ply prices exactly) and an optional effect's yes or no are settled by one ply, and the
budget is read from the view, so the same position always gets the same work."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from ai_kit import load_script, shipped_game

from arena.ai.levels import EXPERT, HARD, make_controller
from arena.ai.search import SearchController
from arena.ai.tactics import is_my_turn
from arena.ai.turn_budget import Stakes, TurnBudget, stakes
from arena.engine import Game
from arena.engine.state import TurnState

_SHARES = ((Stakes.CARD, 0.4), (Stakes.MOVE, 0.25), (Stakes.CLOSE, 0.1),
           (Stakes.ATTACK, 0.0), (Stakes.ANSWER, 0.0))


class _State:
    """What `TurnBudget.drawn` reads of a state: the turn so far."""

    def __init__(self, turn: TurnState) -> None:
        self.turn_state = turn


def test_the_steps_taken_draw_their_shares_of_the_turn() -> None:
    budget = TurnBudget(1000, _SHARES)
    assert budget.share(Stakes.CARD) == 400
    assert budget.drawn(_State(TurnState())) == 0  # type: ignore[arg-type]
    chosen = TurnState(chosen="p1:card")
    assert budget.drawn(_State(chosen)) == 400  # type: ignore[arg-type]
    moved = TurnState(chosen="p1:card", moved=("a", "b"), spells_played=1,
                      attacks=(("a", 1),))
    # The card, two moves, a spell (at the largest share) and an attack (nothing).
    assert budget.drawn(_State(moved)) == 400 + 2 * 250 + 400 + 0  # type: ignore[arg-type]


def _walk(game: Game, controller: SearchController, me: int, turns: int
          ) -> list[tuple[Stakes, int, int | None, int, int]]:
    """Play ``turns`` of ``me``'s turns with ``controller`` (the other seat by greedy):
    (stakes, turn, budget, work, rollouts) for each decision ``me`` searched."""
    other = make_controller("greedy", 5)
    seen: list[tuple[Stakes, int, int | None, int, int]] = []
    mine = 0
    last_turn = None
    while game.outcome() is None and mine <= turns:
        seat = game.to_act
        legal = game.legal_actions()
        view = game.view(seat)
        if seat == me and is_my_turn(game.state, me) and len(legal) > 1:
            if game.state.turn != last_turn:
                mine, last_turn = mine + 1, game.state.turn
            kind = stakes(game.state, legal)
            action = controller.choose(view, legal)
            stats = controller.stats
            seen.append((kind, game.state.turn, stats.budget, stats.work, stats.rollouts))
        else:
            action = (controller if seat == me else other).choose(view, legal)
        game.apply(action)
    return seen


@pytest.fixture(scope="module")
def walked() -> list[tuple[Stakes, int, int | None, int, int]]:
    game = shipped_game("the-duel", ["gideon-premade", "nissa-premade"], 11)
    return _walk(game, SearchController(3, HARD, name="hard"), 1, 4)


def test_each_kind_of_decision_gets_its_share(
        walked: list[tuple[Stakes, int, int | None, int, int]]) -> None:
    turn = HARD.turn
    assert turn is not None
    kinds = {kind for kind, *_ in walked}
    assert {Stakes.CARD, Stakes.MOVE, Stakes.ATTACK} <= kinds, kinds
    for kind, _, budget, work, rollouts in walked:
        share = turn.share(kind)
        if kind is Stakes.CARD:
            assert budget == share > 0  # the turn's first decision: nothing drawn yet
        if share == 0:
            # Settled by one ply: the candidates' one-ply values, no rollouts.
            assert budget == 0 and rollouts == 0, (kind, work)
        else:
            assert round(share * turn.floor) <= (budget or 0) <= share
            assert work <= (budget or 0) + 40  # a policy step's evaluations past the check


def test_a_whole_turn_stays_within_its_budget(
        walked: list[tuple[Stakes, int, int | None, int, int]]) -> None:
    """The turn's work is its budget, plus a floor for each decision taken after the budget
    was drawn (a squad's last figures still move by search), plus the decision that ends the
    move (it takes no step, so draws nothing)."""
    turn = HARD.turn
    assert turn is not None
    per_turn: dict[int, int] = defaultdict(int)
    floors: dict[int, int] = defaultdict(int)
    for kind, number, budget, work, _ in walked:
        per_turn[number] += work
        if budget == round(turn.share(kind) * turn.floor) and budget:
            floors[number] += budget
    assert len(per_turn) >= 3
    for number, work in per_turn.items():
        assert work <= turn.work + floors[number] + turn.share(Stakes.MOVE) + 40, (number, work)


def test_the_budget_is_read_from_the_view_alone() -> None:
    """A fresh controller (a game loaded half-way through the turn) gives a decision the same
    budget, and so the same answer, as the one that played the turn so far."""
    game = shipped_game("the-duel", ["jace-premade", "chandra-premade"], 4)
    hard = SearchController(3, HARD, name="hard")
    walked = _walk(game, hard, 1, 1)
    assert walked
    seat = game.to_act
    legal = game.legal_actions()
    assert is_my_turn(game.state, seat) and len(legal) > 1, "the walk ended off a decision"
    assert HARD.turn is not None and HARD.turn.drawn(game.state) > 0  # half-way through
    first = SearchController(3, HARD, name="hard")
    again = SearchController(3, HARD, name="hard")
    view = game.view(seat)
    assert first.budget(view, legal) == again.budget(game.view(seat), legal)
    assert first.choose(view, legal) == again.choose(game.view(seat), legal)


def test_expert_has_three_times_hards_turn() -> None:
    assert HARD.turn is not None and EXPERT.turn is not None
    assert EXPERT.turn.work == 3 * HARD.turn.work
    assert EXPERT.turn.shares == HARD.turn.shares


def test_questions_outside_a_searched_decision_weigh_every_option() -> None:
    """A question the level answers by one ply (on another player's turn, or an effect's
    choice) keeps the level's whole ``work``: a turn's share of 0 there would let one ply
    weigh only the first option and take it."""
    game = shipped_game("the-duel", ["jace-premade", "gideon-premade"], 2)
    hard = SearchController(3, HARD, name="hard")
    other = make_controller("greedy", 5)
    asked = []
    steps = 0
    while game.outcome() is None and steps < 400 and len(asked) < 3:
        steps += 1
        seat, legal = game.to_act, game.legal_actions()
        pending = game.state.pending[-1] if game.state.pending else None
        question = seat == 1 and len(legal) > 1 and pending is not None and \
            pending.kind in ("optional", "ability_choice") and not is_my_turn(game.state, 1)
        action = (hard if seat == 1 else other).choose(game.view(seat), legal)
        if question:
            asked.append((pending.kind, hard.stats.budget))
        game.apply(action)
    assert asked, "no question came to the hard seat off its turn: pick another seed"
    assert all(budget == HARD.work for _, budget in asked), asked


def test_the_stakes_script_counts_a_game(tmp_path: Path) -> None:
    """`scripts/decision_stakes.py`, the count behind the shares, runs end to end: every
    decision hard searched, by stakes, and none of the attack step's changed one ply's
    choice (one ply settles it)."""
    out = tmp_path / "stakes.json"
    assert load_script("decision_stakes").main(["--games", "1", "--seed", "9",
                                                "--out", str(out)]) == 0
    rows = json.loads(out.read_text())["decisions"]
    kinds = {row["stakes"] for row in rows}
    assert {"card", "move"} <= kinds <= {str(k) for k in Stakes}
    assert not any(row["changed"] for row in rows if row["stakes"] == "attack")
