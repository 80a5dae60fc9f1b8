"""The expert level (hard's search, three times over) is offered wherever a level is chosen,
and in a free-for-all the evaluation weighs the leading opponent, not the average one
(`arena.ai.evaluate.rival_total`): a win means finishing ahead of the best of them."""

from __future__ import annotations

import math

from ai_kit import shipped_game

from arena.ai.evaluate import Evaluator, rival_total
from arena.ai.greedy import GreedyController
from arena.ai.levels import EXPERT, HARD, LEVELS, SEARCH_LEVELS, make_controller
from arena.ai.search import SearchController
from arena.ai.sim import plan
from arena.ai.weights import SEARCH_WEIGHTS, Weights
from arena.client.direct import seat_kinds
from arena.client.scenes.newgame import WHO


def test_expert_is_hard_with_three_times_the_search() -> None:
    expert = make_controller("expert", 3)
    assert isinstance(expert, SearchController) and expert.name == "expert"
    assert expert.config == EXPERT
    assert (EXPERT.work, EXPERT.rollouts) == (3 * HARD.work, 3 * HARD.rollouts)  # type: ignore[operator]
    assert EXPERT.candidates == HARD.candidates + 3
    assert EXPERT.time_limit > HARD.time_limit


def test_expert_is_offered_everywhere_a_level_is_chosen() -> None:
    assert "expert" in LEVELS and "expert" in SEARCH_LEVELS  # the window gives it helpers
    assert plan("duel", ("expert", "greedy"), 2, 1)[0].controllers == ("expert", "greedy")
    assert seat_kinds("human,expert") == ("human", "expert")
    assert ("ai:expert", "AI (expert)") in WHO


def test_one_opposing_team_counts_whole() -> None:
    assert rival_total([420.0], 150.0) == 420.0
    assert rival_total([], 150.0) == 0.0
    assert rival_total([300.0, 100.0], math.inf) == 200.0  # the hand-set mean


def test_the_leading_opponent_counts_most() -> None:
    weighed = rival_total([1000.0, 0.0], 150.0)
    assert 890.0 < weighed < 1000.0  # the mean would be 500
    close = rival_total([520.0, 480.0], 150.0)
    assert 500.0 < close < 505.0  # close rivals: nearly their mean
    # every opponent's loss is still my gain, the trailing one's least
    assert rival_total([1000.0, -100.0], 150.0) < weighed


class _Totals(Evaluator):
    """An evaluator whose team totals are given (the tempo term is the real one)."""

    def __init__(self, totals: dict[int, float], weights: Weights = SEARCH_WEIGHTS) -> None:
        super().__init__(weights)
        self.totals = totals

    def team_total(self, snap, team):  # type: ignore[no-untyped-def]
        return self.totals[team]


def test_in_the_melee_hurting_the_leader_is_worth_more() -> None:
    game = shipped_game("the-melee", ["gideon-premade", "jace-premade", "nissa-premade"], 2)
    players = {s: GreedyController(s) for s in (1, 2, 3)}
    while game.turn < 2:  # the Planeswalkers placed
        game.apply(players[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
    state = game.view(1).state
    start = {1: 600.0, 2: 900.0, 3: 300.0}
    base = _Totals(start).live_value(state, 1)
    leader_hurt = _Totals({**start, 2: 800.0}).live_value(state, 1)
    trailer_hurt = _Totals({**start, 3: 200.0}).live_value(state, 1)
    assert leader_hurt - base > 2 * (trailer_hurt - base) > 0.0
    # the old mean counted both the same (50 each), and greedy, the yardstick, still does
    assert leader_hurt - base > 90.0
    hand_set = Weights()
    assert math.isinf(hand_set.rival_spread)
    mean_base = _Totals(start, hand_set).live_value(state, 1)
    assert _Totals({**start, 2: 800.0}, hand_set).live_value(state, 1) - mean_base == \
        _Totals({**start, 3: 200.0}, hand_set).live_value(state, 1) - mean_base
    assert make_controller("hard").tactics.ev.w is SEARCH_WEIGHTS  # type: ignore[attr-defined]
    assert make_controller("greedy").tactics.ev.w == hand_set  # type: ignore[attr-defined]
