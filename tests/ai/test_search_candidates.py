"""The search's candidates always include what one ply (the greedy AI) would play: the
rollouts can only improve on the greedy choice, never miss it because a heuristic left it out
(a spell's best target among many, a space the move scores rank low)."""

from __future__ import annotations

from ai_kit import shipped_game

from arena.ai.greedy import one_ply_values
from arena.ai.levels import make_controller
from arena.ai.search import SearchConfig, SearchController, _Cand
from arena.ai.tactics import is_my_turn, spread
from arena.engine import Answer, EndTurn

CONFIG = SearchConfig(candidates=6, moves_per_figure=2, attacks=2, rollouts=6,
                      time_limit=60.0)


def test_the_one_ply_choice_is_always_a_candidate() -> None:
    game = shipped_game("the-duel", ["jace-premade", "chandra-premade"], seed=5)
    greedy = {1: make_controller("greedy", 1), 2: make_controller("greedy", 2)}
    search = SearchController(7, CONFIG)
    checked = 0
    for _ in range(120):
        if game.outcome() is not None:
            break
        seat = game.to_act
        legal = game.legal_actions()
        view = game.view(seat)
        state = view.state
        own_choice = is_my_turn(state, seat) and not state.pending and len(legal) > 1
        if own_choice:
            answers = [a for a in legal if isinstance(a, Answer)]
            pool = [a for a in legal if not isinstance(a, Answer)] + spread(answers, 8)
            values = one_ply_values(search.tactics, view, pool, seat, 99, 1)
            best = max(values)
            ties = {a for a, v in zip(pool, values, strict=True) if v == best}
            cands = {c.action for c in search.candidates(view, legal, seat, 99)}
            assert ties & cands, f"turn {game.turn}: one ply's {sorted(ties)} left out"
            checked += 1
        game.apply(greedy[seat].choose(view, legal))
    assert checked >= 30


def _cand(values: list[float], chancy: bool = True) -> _Cand:
    c = _Cand(EndTurn(), 0.0, total=sum(values), count=len(values), values=list(values))
    c.chancy = chancy
    return c


def test_the_search_leaves_the_one_ply_choice_only_when_the_rollouts_are_sure() -> None:
    search = SearchController(1, CONFIG)
    anchor = _cand([0.0, 1.0, 0.0, 2.0, 1.0])
    steady = _cand([10.0, 12.0, 11.0, 9.0, 10.0])
    lucky = _cand([100.0, -90.0, 50.0, -40.0, 5.0])  # a better mean, all from the dice
    worse = _cand([-5.0, -4.0, -6.0, -5.0, -5.0])
    assert search._confident(steady, anchor)
    assert lucky.mean > anchor.mean and not search._confident(lucky, anchor)
    assert not search._confident(worse, anchor)
    # Lines without dice give their value exactly: any gain is certain.
    assert search._confident(_cand([5.0, 5.0], chancy=False), _cand([3.0, 3.0], chancy=False))
    assert not search._confident(_cand([3.0, 3.0], chancy=False),
                                 _cand([3.0, 3.0], chancy=False))
    # One sample each says nothing about the noise.
    assert not search._confident(_cand([9.0]), _cand([1.0]))
