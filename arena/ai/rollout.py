"""Rollouts: the quick policy (`arena.ai.tactics.Tactics.policy_action`) played to the end of a
turn, on a copy the search owns, with the summons it skips credited and the dice of its
attacks and provoking moves taken at a chosen point of their exact distribution (common
random numbers across candidates). Only plays and counts; every choice is the tactics'.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from arena.ai.chance import apply_outcome, at_quantile, outcomes
from arena.ai.tactics import Tactics, figure_price
from arena.engine import (
    Attack,
    EndAttack,
    EndMove,
    EndTurn,
    Game,
    IllegalAction,
    MoveFigure,
)
from arena.engine.summon import summonable_cards
from arena.engine.vocab import Phase

__all__ = ["RolloutStopped", "rollout", "summon_credit"]

_PHI2 = 0.7548776662466927
"""The plastic number's reciprocal: a second low-discrepancy step, independent of the golden
ratio the search steps its samples with."""


class RolloutStopped(Exception):
    """A rollout was told to stop half-way (its result would be meaningless)."""


def summon_credit(tactics: Tactics, game: Game) -> float:
    """What summoning would add now (the most expensive summonable cards, as many as may
    still be summoned this turn), for rollouts that do not place the figures."""
    state = game.state
    cards = summonable_cards(state)
    if not cards:
        return 0.0
    left = 2 - len(state.turn_state.summoned)
    prices = sorted((sum(figure_price(state, f) for f in state.figures_of_card(c, "reserve"))
                     for c in cards), reverse=True)
    return sum(prices[:max(0, left)]) * (1.0 - tactics.ev.w.reserve)


def rollout(tactics: Tactics, game: Game, me: int, rnd: random.Random,
            max_steps: int = 80, summon: bool = False,
            turn_of: tuple[int, int] | None = None, until_attack: bool = False,
            stop: Callable[[], bool] | None = None, quantile: float | None = None) -> float:
    """Play the quick policy until the turn ``turn_of`` (active seat, turn marker; default the
    current one) is over, or the game. ``me`` decides what counts as friendly. Summons are
    not placed (unless ``summon``): the value they would add is returned as a credit to add
    to the final evaluation (placing figures is the slowest thing a turn does).
    ``until_attack``: stop once the figures have moved, before any attack (or the end of the
    turn): the evaluation then prices the attacks exactly, with no dice rolled. ``stop``:
    checked before every action; when it says so, `RolloutStopped` is raised. ``quantile``:
    attacks and provoking moves take the outcome at this point of their exact distribution
    (moved along a low-discrepancy sequence for each further one), so rollouts of different
    candidates with the same sample index meet the same luck (common random numbers)."""
    state = game.state
    active, turn = turn_of if turn_of is not None else (state.active, state.turn)
    steps = 0
    credit = 0.0
    credited = summon
    stay: set[str] = set()
    weighed: set[tuple[int, int, Phase]] = set()
    chance_steps = 0
    while steps < max_steps:
        state = game.state
        if state.outcome is not None or state.active != active or state.turn != turn:
            break
        if not credited and state.phase == Phase.PRE_MOVE and not state.pending and \
                state.turn_state.chosen == state.static.players[state.active].planeswalker:
            credited = True
            value = summon_credit(tactics, game)
            friendly = state.static.team_of(state.active) == state.static.team_of(me)
            credit += value if friendly else -value
        if stop is not None and stop():
            raise RolloutStopped
        action = tactics.policy_action(game, me, rnd, summon=summon, stay=stay,
                                       weighed=weighed)
        if until_attack and isinstance(action, (Attack, EndMove, EndAttack, EndTurn)):
            break
        try:
            if quantile is not None and isinstance(action, (Attack, MoveFigure)):
                outs = outcomes(game, action)
                script = at_quantile(outs, (quantile + chance_steps * _PHI2) % 1.0)
                chance_steps += 1
                apply_outcome(game, action, script, int(quantile * 1e9) + chance_steps)
            else:
                game.apply(action)
        except IllegalAction:  # a policy slip: end the turn instead
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(next((a for a in legal if isinstance(a, EndTurn)), legal[0]))
        steps += 1
    return credit
