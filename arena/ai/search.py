"""The search AI: Monte Carlo search over the rest of the turn, with chance handled exactly
where the engine gives the odds and hidden information determinized.

At a decision on its own turn the AI:

1. builds **candidates** from the legal actions: the best few positions of each figure that
   may move (`Tactics.move_options`), the best attacks, every summon, card choice, spell,
   ability and step-ending action (spells and abilities with many target choices ranked by
   one ply), placements ranked like moves;
2. estimates each candidate by **rollouts**: on a determinized copy of the view
   (`arena.ai.chance.determinize`: my library shuffled, face-down glyphs and the opponents'
   hidden cards sampled from what is unknown, a fresh seeded generator), the candidate is
   applied -- an attack or a provoking move with each of its exact outcomes (forced dice,
   weighted by the engine's odds) when there are few, else an outcome drawn by a
   low-discrepancy sequence over the distribution -- and the quick policy
   (`arena.ai.rollout.rollout`) plays the rest of the turn; the position where the turn ends is
   evaluated (`arena.ai.evaluate`, whose tempo term prices the opponents' next turn).
   Every candidate sees the same determinizations (common random numbers);
3. spends its budget by **sequential halving**: a first pass samples every candidate once,
   which tells what a sample costs in this position, and the rounds after it are planned to
   fit what is left; a round gives every surviving candidate an equal share, then the worse
   half is dropped, until one remains or a budget runs out: the rollouts, or the work
   (``work``: every simulated action and every evaluated position, one-ply trials
   included, counted the same on every machine), or -- the safety net -- the wall clock, or
   a stop request. Each sample records its own work, check by check (`arena.ai.sample`),
   and a pass's samples are counted in candidate order as if taken one after another, so
   they may be taken side by side in helper processes (`arena.ai.helpers`, the game
   window's spare cores) to the same decision;
4. picks the best value: each finalist's rollout mean shrunk towards its one-ply value
   (``prior_weight`` pseudo-samples, after the shift common to the decision's rollouts), so
   a sample or two of dice cannot outvote what one ply knows, optionally with Gumbel noise
   (the *normal* level's slips).

Decisions outside its own turn (a question asked during another player's turn) and set-up
decisions are answered by one ply (`arena.ai.greedy`). The same seed and view always give
the same choice: every random number is drawn from a seed made of the controller's seed and
the view (`decision_seed`); the budgets count rollouts, simulated actions and evaluations,
never time, and the wall-clock safety net fires only on a machine far slower or busier than
the budget was sized for (each time it does, `arena sim` counts a budget overrun).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from arena.ai.chance import apply_outcome, determinize, outcomes
from arena.ai.controller import AIController, StopToken, decision_seed, log
from arena.ai.evaluate import Evaluator, strike_zones
from arena.ai.greedy import dead_end, one_ply_values, pick, settle_own_decisions
from arena.ai.rollout import RolloutStopped, rollout
from arena.ai.sample import Sample, SampleMeter
from arena.ai.snapshot import stat_deltas
from arena.ai.tactics import Tactics, action_bonus, is_my_turn, spread
from arena.ai.turn_budget import TurnBudget
from arena.ai.weights import Weights
from arena.engine import (
    Action,
    Answer,
    BeginSummon,
    ChooseCard,
    EndAttack,
    EndMove,
    EndTurn,
    Game,
    IllegalAction,
    MoveFigure,
    PlaceFigure,
    PlaySpell,
    UseAbility,
)

__all__ = ["SampleRunner", "SearchConfig", "SearchController", "SearchStats"]

_PHI = 0.6180339887498949
_QUICK_KINDS = ("discard", "recall", "order_damage", "first_player")


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """Budgets and noise of one level."""

    candidates: int = 10
    """At most this many candidates enter the rollouts."""
    moves_per_figure: int = 3
    attacks: int = 6
    rollouts: int = 48
    """Rollouts per decision (an exact chance node costs one per outcome)."""
    exact_outcomes: int = 6
    """Chance nodes with at most this many outcomes are averaged exactly."""
    work: int | None = None
    """The deterministic budget: work per decision, a unit for each simulated action (one-ply
    trials and rollout steps) and each evaluated position (`Evaluator.evaluations`); the
    search answers with the best it found when it is spent. None: only ``rollouts`` bounds
    it."""
    time_limit: float = 2.5
    """Wall-clock safety net (seconds): a search still running then stops and answers, and
    the decision counts as a budget overrun (the game may then differ from an idle
    machine's). Set well above the time the ``work`` budget takes."""
    noise: float = 0.0
    """Gumbel noise (army points) added to the final values: 0 plays the best found."""
    greedy_samples: int = 2
    turn: TurnBudget | None = None
    """A whole turn's work, shared out by each decision's stakes (`arena.ai.turn_budget`):
    it replaces ``work`` on the level's own turn. None: every decision gets ``work``."""
    reply: bool = True
    """Rollouts go on into the next player's turn: the quick policy chooses its card and moves
    its figures, and the evaluation prices the attacks it then has (the engine's attack
    options: sight lines, engagement), so threats a distance estimate misses are met."""
    placements: int = 4
    """Summoning spaces (best by the move scores) compared by one ply."""
    policy_moves: int = 2
    """Positions per figure the rollouts' quick policy compares by the evaluation
    (`Tactics.eval_moves`)."""
    answers: int = 8
    """Options of an effect's question compared by one ply (evenly spread)."""
    prior_weight: float = 2.0
    """How many rollout samples the one-ply value (the prior) is worth in the final choice:
    each candidate's value is its rollout mean shrunk towards its prior (moved by how far
    the decision's rollouts sit from their priors on average). With a sample or two the
    dice in a rollout say little, and the search then plays much as one ply would; with
    more, the rollouts decide."""


@dataclass
class SearchStats:
    """What the last decision did (for tests and tuning)."""

    candidates: int = 0
    rollouts: int = 0
    seconds: float = 0.0
    values: dict[str, float] = field(default_factory=dict)
    stopped_early: bool = False
    work: int = 0
    """Simulated actions spent (`SearchConfig.work`)."""
    budget: int | None = None
    """The work the decision was given (`SearchController.budget`)."""


@dataclass
class _Cand:
    action: Action
    prior: float
    total: float = 0.0
    count: float = 0.0
    dead: bool = False
    values: list[float] = field(default_factory=list)
    work: int = 0
    """The work its last sample took: what its next one is likely to cost (the search plans
    a pass by its candidates' own costs, which differ by a factor of several)."""

    chancy: bool = False
    """Whether any of its samples rolled dice (or drew a random number)."""

    @property
    def settled(self) -> bool:
        """Two samples with the same value and no dice rolled: nothing random in its line, so
        more samples would say the same (skip them)."""
        return (not self.chancy and len(self.values) >= 2
                and abs(self.values[0] - self.values[1]) < 1e-9)

    @property
    def mean(self) -> float:
        return self.total / self.count if self.count else -math.inf


class SampleRunner(Protocol):
    """Takes a pass's samples somewhere other than one after another in this thread
    (`arena.ai.helpers.Helpers`)."""

    def samples(self, controller: SearchController, view: Game, actions: list[Action],
                me: int, seed: int, index: int, limit: int | None, stop: StopToken
                ) -> list[Sample | None]:
        """Sample ``index`` of each action, in order; None where none was taken."""
        ...


class SearchController(AIController):
    """The search AI (see the module docstring)."""

    def __init__(self, seed: int = 0, config: SearchConfig | None = None, name: str = "hard",
                 weights: Weights | None = None, helpers: SampleRunner | None = None) -> None:
        super().__init__(seed)
        self.name = name
        self.config = config or SearchConfig()
        self.tactics = Tactics(Evaluator(weights), eval_moves=self.config.policy_moves)
        self.stats = SearchStats()
        self.helpers = helpers
        """Helper processes that take a share of each pass's samples (`arena.ai.helpers`):
        the same decisions, sooner, where a core is free. None: every sample here."""

    # --- the decision -----------------------------------------------------------------------

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        me = view.to_act
        seed = decision_seed(self.seed, view, legal)
        state = view.state
        started = time.perf_counter()
        self.stats = SearchStats()
        cap = started + self.config.time_limit
        stop.deadline = cap if stop.deadline is None else min(stop.deadline, cap)
        self.stats.budget = self.config.work
        stop.budget, stop.spent, stop.fired = self.config.work, 0, False
        if state.pending and state.pending[-1].kind in _QUICK_KINDS:
            return self.tactics.decide_pending(view, legal, me)
        summons = [a for a in legal if isinstance(a, BeginSummon)]
        if summons:  # summoning is always worth it: the most expensive squad first
            return max(summons, key=lambda a: float(state.static.card_def(a.card).cost))
        self.tactics.ev.deltas = stat_deltas(state)
        if is_my_turn(state, me):
            # The opponents stand still on my turn: their strike zones hold for the rollouts.
            self.tactics.ev.zones = strike_zones(view, [
                f for f in state.on_battlefield() if state.static.opposed(me, state.controller(f))])
        try:
            pending = state.pending[-1] if state.pending else None
            if pending is not None and pending.kind == "summon" and pending.player == me:
                return self._place(view, legal, me, seed, stop)
            answers = pending is not None and pending.kind not in ("summon", "optional")
            if not is_my_turn(state, me) or answers or (pending is not None and
                                                        pending.player != me):
                if legal and isinstance(legal[0], Answer):
                    legal = spread(legal, self.config.answers)
                values = one_ply_values(self.tactics, view, legal, me, seed & 0xFFFFFFFF,
                                        self.config.greedy_samples, stop)
                return pick(legal, values, 0.0, seed)
            return self._search(view, legal, me, seed, stop, started)
        finally:
            self.tactics.ev.deltas = None
            self.tactics.ev.zones = {}
            self.stats.work = stop.spent
            if stop.fired and not stop.cancelled:
                # The safety net cut the search (not the budget nor the runner's stop); a
                # decision that merely ended late, its budget spent, is not an overrun.
                self.overruns += 1
                log.info("%s: decision cut by its %g s safety net", self.name,
                         self.config.time_limit)

    def budget(self, view: Game, legal: list[Action]) -> int | None:
        """The work this decision may spend: its share of the turn's budget when the level
        has one (`SearchConfig.turn`), else the level's ``work``."""
        turn = self.config.turn
        if turn is None:
            return self.config.work
        return turn.for_decision(view.state, legal)

    def _place(self, view: Game, legal: list[Action], me: int, seed: int, stop: StopToken
               ) -> Action:
        """A summoned figure's space: the best by the move scores that leaves the rest of the
        squad room (placing is costly to simulate: no rollouts)."""
        return self.tactics.decide_pending(view, legal, me)

    # --- candidates ---------------------------------------------------------------------------

    def candidates(self, view: Game, legal: list[Action], me: int, seed: int,
                   stop: StopToken | None = None) -> list[_Cand]:
        """The actions worth rollouts, best first by one ply (the prior): each movable
        figure's best positions by the move scores, the attacks with the largest expected
        loss, the spells and abilities (spread when they have many targets) and the
        step-ending and card-choosing actions, valued by one ply; the best few go on."""
        cfg = self.config
        tactics = self.tactics
        legal_set = set(legal)
        pool: list[Action] = []
        moves = [a for a in legal if isinstance(a, MoveFigure)]
        if moves:
            figures = list(dict.fromkeys(a.figure for a in moves))
            for fid in figures:
                if stop is not None and stop.stopped and pool:
                    break
                _, options = tactics.move_options(view, fid, me)
                pool.extend([a for _, a in options if a in legal_set][:cfg.moves_per_figure])
        attacks = tactics.attack_scores(view, me)
        pool.extend([a for _, a in attacks if a in legal_set][:cfg.attacks])
        extensions = [a for a in legal if isinstance(a, (PlaySpell, UseAbility, Answer))]
        pool.extend(spread(extensions, cfg.answers))
        structural = (ChooseCard, EndMove, EndAttack, EndTurn)
        pool.extend(a for a in legal if isinstance(a, structural))
        pool = list(dict.fromkeys(pool)) or list(legal)
        values = one_ply_values(tactics, view, pool, me, seed & 0xFFFFFFFF, 1, stop)
        ranked = sorted(zip(values, range(len(pool)), pool, strict=True),
                        key=lambda x: (-x[0], x[1]))
        return [_Cand(a, v) for v, _, a in ranked[:cfg.candidates] if v > -math.inf] or [
            _Cand(ranked[0][2], 0.0)]

    # --- rollouts -----------------------------------------------------------------------------

    def sample(self, view: Game, action: Action, me: int, seed: int, j: int,
               meter: SampleMeter) -> Sample:
        """Rollout sample number ``j`` of a candidate action (``meter`` counts its work and
        may cut it: `SampleMeter`). What it finds depends on nothing but its arguments and
        this controller's evaluator (its deltas and zones), so it may run in a helper
        process (`arena.ai.helpers`) and come out the same."""
        try:
            return self._sampled(view, action, me, seed, j, meter)
        except RolloutStopped:
            return meter.result(-math.inf, 0, cut=True)
        except IllegalAction as exc:  # this line cannot be played in the view
            return meter.result(-math.inf, 0, illegal=str(exc))

    def _sampled(self, view: Game, action: Action, me: int, seed: int, j: int,
                 meter: SampleMeter) -> Sample:
        det_seed = (seed * 1_000_003 + j * 7919) & 0xFFFFFFFFFFFF
        base = determinize(view, me, det_seed)
        turn_of = (view.state.active, view.state.turn)
        outs = outcomes(base, action, min_probability=0.02)
        if outs[0][1] is not None and len(outs) <= self.config.exact_outcomes:
            chosen = outs
        else:
            u = (0.5 + j * _PHI) % 1.0
            acc, pickd = 0.0, outs[-1]
            total_p = sum(p for p, _ in outs)
            for o in outs:
                acc += o[0] / total_p
                if u <= acc:
                    pickd = o
                    break
            chosen = [(1.0, pickd[1])]
        total, weight, spent = 0.0, 0.0, 0
        for k, (p, script) in enumerate(chosen):
            game = base.clone() if len(chosen) > 1 else base
            apply_outcome(game, action, script, det_seed + 31 * k)
            if script:
                meter.rolled()
            rng_before = (game.state.rng.state, len(getattr(game.state.rng, "script", ())))
            if isinstance(action, PlaceFigure) and dead_end(game):
                return meter.result(-math.inf, 1, dead=True)
            settle_own_decisions(self.tactics, game, me)
            rnd = random.Random(det_seed + k)
            luck = (0.5 + j * _PHI) % 1.0
            credit = rollout(self.tactics, game, me, rnd, turn_of=turn_of, stop=meter.halt,
                             quantile=luck)
            if self.config.reply and game.outcome() is None and \
                    game.state.active != turn_of[0]:
                # The next player's turn, played by the quick policy for that player.
                nxt = game.state.active
                theirs = rollout(self.tactics, game, nxt, rnd, until_attack=True,
                                 stop=meter.halt, quantile=luck)
                static = game.state.static
                credit += theirs if static.team_of(nxt) == static.team_of(me) else -theirs
            rng_after = (game.state.rng.state, len(getattr(game.state.rng, "script", ())))
            if rng_after != rng_before:
                meter.rolled()
            total += p * self.tactics.ev.evaluate(game.state, me, credit)
            weight += p
            spent += 1
        return meter.result(total / weight + action_bonus(action), spent)

    def _search(self, view: Game, legal: list[Action], me: int, seed: int, stop: StopToken,
                started: float) -> Action:
        cfg = self.config
        # Only a decision searched on the level's own turn draws on the turn's budget: the
        # others (answers, questions on another player's turn) weigh every option by one
        # ply within the level's ``work``.
        stop.budget = self.stats.budget = self.budget(view, legal)
        # The one-ply values behind the candidates are work too (each evaluated position a
        # unit); the rollout samples count their own (`SampleMeter`).
        evaluated = self.tactics.ev.evaluations
        one_ply = stop.budget == 0  # a decision whose stakes one ply settles: no rollouts
        cands = self.candidates(view, legal, me, seed, None if one_ply else stop)
        stop.spend(self.tactics.ev.evaluations - evaluated)
        self.stats.candidates = len(cands)
        if len(cands) == 1 or one_ply:
            return cands[0].action
        # A first pass gives every candidate one sample: what a sample costs here (the work
        # it took) sets how many the budget affords, and sequential halving spends those.
        before = stop.spent
        alive = list(cands)
        spent, stopped = self._pass(view, alive, me, seed, 0, stop)

        def per_sample() -> float:
            """The work a sample has cost so far in this decision, on average."""
            return (stop.spent - before) / spent

        budget = cfg.rollouts
        work = stop.budget  # this decision's (`budget`): the level's, or its share of the turn
        if work is not None and spent:
            budget = min(budget, spent + int((work - stop.spent) / max(1.0, per_sample())))
        sample_index = 1
        alive = [c for c in alive if not c.dead]
        rounds = max(1, math.ceil(math.log2(max(1, len(alive)))))
        for r in range(rounds):
            if stopped or len(alive) <= 1:
                break
            if r > 0:  # the worse half goes (the first pass was round 0's first share)
                sampled = [c for c in cands if c.count > 0 and not c.dead]
                value = dict(zip(map(id, alive), _shrunk(alive, sampled, cfg.prior_weight),
                                 strict=True))
                alive.sort(key=lambda c: (-value[id(c)], -c.prior))
                alive = alive[:max(1, (len(alive) + 1) // 2)]
                if len(alive) <= 1:
                    break
            live = [c for c in alive if not c.settled]
            if budget - spent < len(live):
                break  # not a whole pass left: decide on what was sampled
            share = max(1, (budget - spent) // max(1, (rounds - r) * len(live)))
            for _ in range(share):
                if work is not None and spent and \
                        work - stop.spent < _pass_cost(live, per_sample()):
                    break  # the pass would not fit what is left of the budget
                cost, stopped = self._pass(view, alive, me, seed, sample_index, stop)
                spent += cost
                sample_index += 1
                if stopped or budget - spent < len(live):
                    break
            alive = [c for c in alive if not c.dead]
        self.stats.rollouts = spent
        self.stats.seconds = time.perf_counter() - started
        self.stats.stopped_early = stopped
        self.stats.values = {c.action.text(): c.mean for c in cands}
        scored = [c for c in cands if c.count > 0 and not c.dead]
        if not scored:
            best_prior = max(cands, key=lambda c: c.prior)
            return best_prior.action
        # The finalists have the most samples; compare those (ties: prior).
        most = max(c.count for c in scored if not c.settled) if any(
            not c.settled for c in scored) else 1
        final = [c for c in scored if c.count >= most * 0.5 or c.settled]
        means = _shrunk(final, scored, cfg.prior_weight)
        if cfg.noise > 0.0:
            rnd = random.Random(seed ^ 0x5EED)
            means = [m - cfg.noise * math.log(-math.log(max(1e-12, rnd.random())))
                     for m in means]
        best = max(range(len(final)), key=lambda i: (means[i], final[i].prior))
        return final[best].action

    def _pass(self, view: Game, alive: list[_Cand], me: int, seed: int, index: int,
              stop: StopToken) -> tuple[int, bool]:
        """One sample (number ``index``: the same determinization and luck for each) of every
        candidate still unsettled: (rollouts spent, whether the search must stop).

        The samples are taken first (here, or spread over the helper processes), then
        counted in candidate order as if taken one after another: each one's work is spent
        from the budget, and a sample that would have found the budget spent at one of its
        checks (`Sample.checks`) ends the search there, as a search that took them in turn
        would have. So the decision does not depend on where the samples ran."""
        live = [c for c in alive if not c.dead and not c.settled]
        if stop.stopped:
            return 0, True
        if not live:
            return 0, False
        limit = None if stop.budget is None else stop.budget - stop.spent
        samples = self._samples(view, [c.action for c in live], me, seed, index, limit, stop)
        spent = 0
        for cand, found in zip(live, samples, strict=True):
            if found is None or stop.stopped:
                return spent, True
            left = None if stop.budget is None else stop.budget - stop.spent
            cut = found.cut_at(left)
            if cut is not None:  # the budget runs out during this sample: the search ends
                if found.rolled_by(cut):
                    cand.chancy = True
                stop.spend(found.checks[cut])
                return spent, True
            stop.spend(found.work)
            cand.work = found.work
            if found.rolled is not None:
                cand.chancy = True
            if found.interrupted:
                return spent, True
            if found.illegal is not None:
                log.debug("rollout of %s failed: %s", cand.action, found.illegal)
                cand.dead = True
                continue
            if found.dead:
                cand.dead = True
                continue
            cand.total += found.value
            cand.count += 1
            cand.values.append(found.value)
            spent += found.cost
        return spent, False

    def _samples(self, view: Game, actions: list[Action], me: int, seed: int, index: int,
                 limit: int | None, stop: StopToken) -> list[Sample | None]:
        """Sample ``index`` of each action: spread over the helper processes when there are
        any (this process takes its share), else taken here one after another. None for a
        sample not taken: the decision was stopped first."""
        helpers = self.helpers
        if helpers is not None and len(actions) > 1:
            return helpers.samples(self, view, actions, me, seed, index, limit, stop)
        return self.take(view, actions, me, seed, index, limit, stop, in_turn=True)

    def take(self, view: Game, actions: list[Action], me: int, seed: int, index: int,
             limit: int | None, stop: StopToken | None = None, in_turn: bool = False
             ) -> list[Sample | None]:
        """Sample ``index`` of each action here, one after another, until one is cut (the
        ones after it would not count) or ``stop`` says so; None for those not taken.
        ``in_turn``: these are all the pass's samples, counted in this order, so each one's
        ``limit`` is what the ones before it left."""
        out: list[Sample | None] = []
        used = 0
        for action in actions:
            if stop is not None and stop.stopped:
                break
            found = self.sample(view, action, me, seed, index, SampleMeter(
                self.tactics.ev, None if limit is None else limit - used, stop))
            out.append(found)
            if in_turn:
                used += found.work
            if found.cut or found.interrupted:
                break
        out.extend([None] * (len(actions) - len(out)))
        return out


def _pass_cost(live: list[_Cand], average: float) -> float:
    """What a pass over ``live`` is likely to cost: each candidate's last sample again (the
    decision's average for one not sampled yet). An average over every candidate plans a
    pass of the costliest survivors too cheaply, and the budget then cuts its last sample
    off half-way."""
    return sum(c.work if c.work else average for c in live)


def _shrunk(final: list[_Cand], scored: list[_Cand], weight: float) -> list[float]:
    """The finalists' values: each rollout mean shrunk towards its prior by ``weight``
    pseudo-samples (`SearchConfig.prior_weight`). The priors are one-ply values and the
    rollouts look further, so the two differ by a shift common to the decision (the average
    of mean minus prior over every sampled candidate); the prior is moved by that shift
    first, so only the candidates' differences are blended. A settled candidate (no dice in
    its line) keeps its mean: more samples would say the same."""
    if weight <= 0.0:
        return [c.mean for c in final]
    finite = [c for c in scored if math.isfinite(c.prior) and math.isfinite(c.mean)]
    shift = sum(c.mean - c.prior for c in finite) / len(finite) if finite else 0.0
    out = []
    for c in final:
        if c.settled or not math.isfinite(c.prior):
            out.append(c.mean)
        else:
            out.append((c.total + weight * (c.prior + shift)) / (c.count + weight))
    return out


def _texts(actions: Sequence[Action]) -> list[str]:
    return [a.text() for a in actions]
