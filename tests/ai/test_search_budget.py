"""The search's budget tracks what a decision really costs, and its final choice weighs what
one ply already knows:

- every position evaluated counts as work beside every simulated action (a quick-policy step
  may weigh a dozen positions, and those, not the actions, take the time);
- a first pass samples each candidate once, and the rounds after it are planned to fit what
  is left, so the budget ends the search between passes rather than cutting a rollout off;
- a rollout weighs the spells and abilities of each step once;
- a rollout mean of a sample or two is shrunk towards the candidate's one-ply value.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest
from ai_kit import shipped_game

from arena.ai.bench import positions
from arena.ai.controller import RandomController
from arena.ai.evaluate import Evaluator
from arena.ai.levels import HARD
from arena.ai.rollout import rollout
from arena.ai.search import SearchController, _Cand, _shrunk
from arena.ai.tactics import Tactics, extension_actions
from arena.engine import EndTurn, Game
from arena.engine.vocab import Phase


def _searched(config: object = HARD) -> list[tuple[SearchController, int]]:
    """(controller after the decision, positions it evaluated) for each benchmark position
    where the hard level searches."""
    out = []
    for game in positions():
        hard = SearchController(3, config)  # type: ignore[arg-type]
        before = hard.tactics.ev.evaluations
        hard.choose(game.view(game.to_act), game.legal_actions())
        if hard.stats.rollouts:
            out.append((hard, hard.tactics.ev.evaluations - before))
    return out


@pytest.fixture(scope="module")
def searched() -> list[tuple[SearchController, int]]:
    return _searched()


def test_every_evaluation_counts_as_work(searched: list[tuple[SearchController, int]]
                                         ) -> None:
    assert len(searched) >= 5
    for hard, evaluations in searched:
        # The actions come on top of the evaluations.
        assert hard.stats.work > evaluations > 0


def test_the_budget_bounds_each_decision(searched: list[tuple[SearchController, int]]) -> None:
    """At most the decision's budget (its share of the turn's, `arena.ai.turn_budget`) plus
    one policy step's evaluations (the check comes before each action): the work, unlike the
    clock, is the same on any machine."""
    for hard, _ in searched:
        assert hard.stats.budget is not None
        assert hard.stats.work <= hard.stats.budget + 40


def test_the_rounds_are_planned_to_fit_the_budget(
        searched: list[tuple[SearchController, int]]) -> None:
    """The budget runs out between passes: the searches that spent it did not have a
    rollout cut off half-way."""
    spent = [hard for hard, _ in searched
             if hard.stats.work >= (hard.stats.budget or 0) * 0.8]
    assert spent, "no benchmark decision used its budget: pick a smaller one"
    cut = [hard for hard in spent if hard.stats.stopped_early]
    assert len(cut) <= len(spent) // 4


def _rollout_from_pre_move(seed: int) -> tuple[Game, int] | None:
    """A Duel at the start of a turn's move step, with spells or abilities to weigh."""
    game = shipped_game("the-duel", ["chandra-premade", "jace-premade"], seed)
    driver = RandomController(seed)
    tactics = Tactics()
    for _ in range(200):
        if game.outcome() is not None:
            return None
        state = game.state
        if state.phase == Phase.PRE_MOVE and not state.pending and state.turn >= 3 and \
                extension_actions(game):
            return game, state.active
        legal = game.legal_actions()
        if state.phase == Phase.CHOOSE:
            game.apply(tactics.choose_card(game, state.active))
            continue
        action = driver.choose(game.view(game.to_act), legal)
        game.apply(action)
    return None


def test_a_rollout_weighs_each_steps_spells_once(monkeypatch: pytest.MonkeyPatch) -> None:
    weighed: Counter[tuple[int, int, Phase]] = Counter()
    original = Tactics._best_extension

    def spy(self: Tactics, game: Game, player: int) -> object:
        state = game.state
        weighed[(player, state.turn, state.phase)] += 1
        return original(self, game, player)

    monkeypatch.setattr(Tactics, "_best_extension", spy)
    found = 0
    for seed in range(1, 12):
        start = _rollout_from_pre_move(seed)
        if start is None:
            continue
        game, me = start
        found += 1
        weighed.clear()
        rollout(Tactics(Evaluator()), game.clone(), me, random.Random(seed))
        assert weighed, "the rollout never weighed a spell"
        assert max(weighed.values()) == 1
    assert found >= 3


def test_one_lucky_sample_does_not_outvote_one_ply() -> None:
    """A's single rollout was lucky (+50 over its prior, where the decision's rollouts sit
    +20 over theirs on average); B is better by one ply and its sample unremarkable."""
    a = _Cand(EndTurn(), prior=100.0, total=150.0, count=1, values=[150.0], chancy=True)
    b = _Cand(EndTurn(), prior=140.0, total=130.0, count=1, values=[130.0], chancy=True)
    va, vb = _shrunk([a, b], [a, b], 2.0)
    assert a.mean > b.mean  # the raw means would pick A
    assert vb > va
    assert va == pytest.approx((150 + 2 * 120) / 3) and vb == pytest.approx((130 + 2 * 160) / 3)


def test_many_samples_outvote_one_ply() -> None:
    a = _Cand(EndTurn(), prior=100.0, total=150.0 * 40, count=40, chancy=True)
    b = _Cand(EndTurn(), prior=140.0, total=130.0 * 40, count=40, chancy=True)
    va, vb = _shrunk([a, b], [a, b], 2.0)
    assert va > vb


def test_a_settled_candidate_keeps_its_mean_and_no_weight_keeps_every_mean() -> None:
    settled = _Cand(EndTurn(), prior=0.0, total=20.0, count=2, values=[10.0, 10.0])
    other = _Cand(EndTurn(), prior=50.0, total=10.0, count=1, values=[10.0], chancy=True)
    assert settled.settled
    assert _shrunk([settled, other], [settled, other], 2.0)[0] == 10.0
    assert _shrunk([settled, other], [settled, other], 0.0) == [10.0, 10.0]
    unsampled = _Cand(EndTurn(), prior=-math.inf)
    assert _shrunk([unsampled], [other], 2.0) == [unsampled.mean]


def test_a_smaller_budget_spends_less() -> None:
    small = _searched(replace(HARD, turn=None, work=150))
    assert small and all(h.stats.work <= 150 + 40 for h, _ in small)
