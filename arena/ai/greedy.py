"""The greedy AI: one ply. Every legal action is applied to a copy of the view and the result
evaluated (`arena.ai.evaluate`); chance is averaged exactly where the engine gives the odds
(an attack's damage distribution, a move's leaving-engagement attacks and falls:
`arena.ai.chance.outcomes`) and over a few seeded samples elsewhere (spells and abilities that
roll, face-down glyphs). A spell or ability that asks its player a question is answered by the
quick policy before the evaluation. The best value wins; with a temperature (the *easy*
level) the choice is a softmax over the values instead, so it makes human-like slips.

The work is bounded by the position (every legal action, a few samples each), never by the
clock: a seeded game is the same on a busy machine as on an idle one. Only a stop from the
runner (its per-decision time limit, the safety net) cuts a decision short.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from arena.ai.chance import apply_outcome, outcomes
from arena.ai.controller import AIController, StopToken, decision_seed
from arena.ai.evaluate import Evaluator
from arena.ai.snapshot import stat_deltas
from arena.ai.tactics import Tactics, action_bonus, spread
from arena.ai.weights import Weights
from arena.engine import (
    Accept,
    Action,
    Answer,
    Attack,
    Game,
    IllegalAction,
    MoveFigure,
    PlaySpell,
    UseAbility,
)

__all__ = ["GreedyController", "one_ply_values", "settle_own_decisions"]

_QUICK_KINDS = ("discard", "recall", "order_damage", "first_player")
ANSWERS = 12
"""Options of an effect's question compared by one ply (evenly spread when there are more)."""


def settle_own_decisions(tactics: Tactics, game: Game, me: int, limit: int = 12) -> None:
    """Answer ``me``'s pending decisions with the quick policy (so an effect that asks a
    question is evaluated after it resolved)."""
    for _ in range(limit):
        state = game.state
        if not state.pending or state.outcome is not None or game.to_act != me:
            return
        if state.pending[-1].kind == "summon":
            return  # being summoned counts in full already
        legal = game.legal_actions()
        if not legal:
            return
        game.apply(tactics.decide_pending(game, legal, me))


def dead_end(game: Game) -> bool:
    """Whether a game that is not over offers nobody an action (a summon that cannot be
    finished: placed figures can hide the remaining spaces from the Planeswalker)."""
    return game.outcome() is None and not game.legal_actions()


def one_ply_values(tactics: Tactics, view: Game, legal: Sequence[Action], me: int, seed: int,
                   samples: int = 2, stop: StopToken | None = None) -> list[float]:
    """The value of each action after one ply (see the module docstring); -inf for an action
    the view could not simulate."""
    ev = tactics.ev
    values: list[float] = []
    for i, action in enumerate(legal):
        if stop is not None and stop.stopped and values:
            values.extend([-math.inf] * (len(legal) - len(values)))
            break
        outs = outcomes(view, action, min_probability=0.01)
        if outs[0][1] is None:
            n = samples if isinstance(action, (PlaySpell, UseAbility, Answer, Accept)) else 1
            outs = [(1.0 / n, None)] * n
        total, weight = 0.0, 0.0
        for j, (p, script) in enumerate(outs):
            if stop is not None:
                stop.spend()
            try:
                clone = view.clone()
                apply_outcome(clone, action, script, seed + 7919 * i + j)
                settle_own_decisions(tactics, clone, me)
                total += p * ev.evaluate(clone.state, me)
                weight += p
            except IllegalAction:  # the view cannot play this one (a hidden card it lacks)
                continue
        values.append(total / weight + action_bonus(action) if weight > 0 else -math.inf)
    return values


class GreedyController(AIController):
    """One-ply greedy (``temperature`` 0) or its noisy *easy* variant."""

    def __init__(self, seed: int = 0, temperature: float = 0.0, name: str = "greedy",
                 weights: Weights | None = None, samples: int = 2) -> None:
        super().__init__(seed)
        self.name = name
        self.temperature = temperature
        self.samples = samples
        self.tactics = Tactics(Evaluator(weights))

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        me = view.to_act
        seed = decision_seed(self.seed, view, legal)
        state = view.state
        if state.pending and state.pending[-1].kind in _QUICK_KINDS:
            return self.tactics.decide_pending(view, legal, me)
        if state.pending and state.pending[-1].kind == "summon":
            # Summoning spaces by the move scores (placing is costly to simulate).
            return self.tactics.decide_pending(view, legal, me)
        if legal and isinstance(legal[0], Answer):
            legal = spread(legal, ANSWERS)
        self.tactics.ev.deltas = stat_deltas(state)
        try:
            values = one_ply_values(self.tactics, view, legal, me, seed & 0xFFFFFFFF,
                                    self.samples, stop)
        finally:
            self.tactics.ev.deltas = None
        return pick(legal, values, self.temperature, seed)


def pick(legal: Sequence[Action], values: Sequence[float], temperature: float,
         seed: int) -> Action:
    """The best action, or with a temperature a softmax draw (seeded)."""
    finite = [v for v in values if v > -math.inf]
    if not finite:
        return legal[0]
    best = max(finite)
    if temperature <= 0.0:
        return legal[values.index(best)]
    weights = [math.exp((v - best) / temperature) if v > -math.inf else 0.0 for v in values]
    rnd = random.Random(seed)
    return rnd.choices(list(legal), weights=weights, k=1)[0]


def is_chance(action: Action) -> bool:
    """Whether an action may roll dice (attacks; moves may provoke)."""
    return isinstance(action, (Attack, MoveFigure, PlaySpell, UseAbility))
