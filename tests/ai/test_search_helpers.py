"""The search's helper processes (`arena.ai.helpers`): a decision's rollout samples shared out
over other processes give the same decision -- action, work spent, rollouts and every
candidate's value -- as the samples taken one after another, also when the budget runs out
in the middle of a pass."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

import arena.ai.search as search_module
from arena.ai.bench import positions
from arena.ai.controller import StopToken
from arena.ai.helpers import Helpers, helper_count, shared_helpers
from arena.ai.levels import HARD
from arena.ai.sample import Sample
from arena.ai.search import SearchConfig, SearchController
from arena.client.controllers import ai_controller
from arena.engine import Action, Game, IllegalAction


@pytest.fixture(scope="module")
def helpers() -> Iterator[Helpers]:
    pool = Helpers(2)
    yield pool
    pool.close(wait=True)


def _decisions(config: SearchConfig, pool: Helpers | None, games: list[Game]
               ) -> list[tuple[str, int, int, bool, list[tuple[str, float]]]]:
    ai = SearchController(7, config, helpers=pool)
    out = []
    for game in games:
        action = ai.choose(game.view(game.to_act), game.legal_actions())
        s = ai.stats
        out.append((action.text(), s.work, s.rollouts, s.stopped_early,
                    sorted((k, round(v, 9)) for k, v in s.values.items())))
    return out


def _searched() -> list[Game]:
    """Bench positions where the hard level searches (not a summon nor a forced answer)."""
    return [g for i, g in enumerate(positions()) if i in (0, 3, 7)]


def test_helpers_give_the_decisions_of_one_process(helpers: Helpers) -> None:
    games = _searched()
    config = replace(HARD, turn=None, work=300)
    alone = _decisions(config, None, games)
    shared = _decisions(config, helpers, games)
    assert shared == alone
    assert all(rollouts > 0 for _, _, rollouts, _, _ in alone)  # the searches did sample


def test_a_budget_spent_in_mid_pass_ends_the_search_at_the_same_sample(
        helpers: Helpers) -> None:
    # A budget this small runs out inside a pass: the samples the helpers took beyond it
    # must not count, and the one it runs out in must end the search as it would alone.
    tight = replace(HARD, turn=None, work=150)
    games = _searched()
    alone = _decisions(tight, None, games)
    assert any(stopped for _, _, _, stopped, _ in alone)
    assert _decisions(tight, helpers, games) == alone


def test_a_sample_knows_where_a_budget_would_have_ended_it() -> None:
    found = Sample(value=1.0, cost=1, work=40, checks=(3, 9, 20, 31), rolled=2)
    assert found.cut_at(None) is None
    assert found.cut_at(41) is None  # enough left for all of it
    assert found.cut_at(20) == 2  # the third check finds 20 spent of 20
    assert found.cut_at(1) == 0
    assert not found.rolled_by(1) and found.rolled_by(2)  # dice came after the second check


def test_the_window_uses_the_cores_its_frame_loop_leaves() -> None:
    assert [helper_count(n) for n in (1, 2, 4, 16)] == [0, 1, 3, 3]
    hard = ai_controller("hard", 3)
    assert isinstance(hard, SearchController)
    if helper_count() == 0:
        assert hard.helpers is None
    else:
        assert hard.helpers is shared_helpers() and hard.helpers is not None
    easy = ai_controller("easy", 3)
    assert getattr(easy, "helpers", None) is None


def test_a_line_the_view_cannot_play_is_dropped_not_a_fault(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The engine's IllegalAction anywhere in a sample -- even determinizing the view or
    # working out the action's chances -- drops that candidate; the search answers another.
    game = _searched()[0]
    view, legal = game.view(game.to_act), game.legal_actions()
    first = SearchController(7, replace(HARD, turn=None, work=300)).choose(view, legal)
    real = search_module.outcomes

    def refusing(g: Game, action: Action, **kw: float) -> object:
        if action == first:
            raise IllegalAction(action, "not in this view")
        return real(g, action, **kw)

    monkeypatch.setattr(search_module, "outcomes", refusing)
    ai = SearchController(7, replace(HARD, turn=None, work=300))
    again = ai.decide(view, legal, StopToken())
    assert again != first and again in legal
