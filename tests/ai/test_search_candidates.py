"""The search's candidates always include what one ply (the greedy AI) would play: the
rollouts can only improve on the greedy choice, never miss it because a heuristic left it out
(a spell's best target among many, a space the move scores rank low)."""

from __future__ import annotations

from ai_kit import shipped_game

from arena.ai.greedy import one_ply_values
from arena.ai.levels import make_controller
from arena.ai.search import SearchConfig, SearchController
from arena.ai.tactics import is_my_turn, spread
from arena.engine import Answer

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
