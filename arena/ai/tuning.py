"""Fitting the evaluation's weights (`arena.ai.weights`) to the outcomes of games.

The hand-set weights were guesses. Here they are fitted the way chess engines tune their
evaluations from game outcomes: positions are recorded from many cheap self-play games, each
labelled with the result of its game for the player whose view it is, and the weights are
chosen so that the evaluation, read as a probability of winning, predicts those results
(logistic loss).

**Why the evaluation can be fitted as a line.** A live position's value
(`Evaluator.live_value`) is a sum of terms, each a weight times something the position has
(hand cards, height, a figure's share of its price, ...), so at the current weights ``w0``

    value(w) ~= base + sum_i w_i * grad_i,   grad_i = d value / d w_i  (at w0)

where ``base`` is what no fitted weight scales (the figures' prices). The terms where a
weight also scales another (a wound's value inside a threat) make this a linearization, exact
for most weights and close for the rest. Each recorded position keeps ``base`` and the
gradient (`features`), and the fit looks for the weights and one scale ``s`` that make
``sigmoid(s * value(w))`` predict the result, with a pull towards the hand-set weights
(``strength``: a weight moves only as far as the data insist) and no weight below zero. The
pull is chosen by the held-out games (every fifth game is held out, never fitted).

**The data recipe** (`DataRecipe`): seeded games over every pairing of the premade armies on
the shipped two-player scenarios, between one-ply players (greedy, and easy for variety, since
its noise takes the games into positions greedy never plays), sampled at the start of every
turn from both players' views. A game is its spec, its winners, its actions (so it can be
replayed) and its samples; a data file holds one game a line (`read_data`), written as each
game ends, so a long run can be stopped and resumed.
"""

from __future__ import annotations

import gzip
import json
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from arena.ai.evaluate import Evaluator
from arena.ai.greedy import GreedyController
from arena.ai.levels import EXPERT, HARD, NORMAL, make_controller
from arena.ai.match import Match
from arena.ai.search import SearchController
from arena.ai.weights import Weights
from arena.engine.game import Game
from arena.engine.vocab import Phase

__all__ = [
    "FITTED",
    "DataRecipe",
    "Fit",
    "Sample",
    "TunedGame",
    "controller_with",
    "features",
    "fit",
    "card_params",
    "param_value",
    "play_pair",
    "play_sampled",
    "replay_sampled",
    "with_params",
    "read_data",
    "weights_module",
]

FITTED: tuple[str, ...] = (
    "pw_life", "pw_alive", "pw_extra", "wound", "reserve", "hand_card", "enchantment",
    "stat_attack", "stat_defense", "stat_move", "stat_range", "height", "approach",
    "pw_approach", "unknown_glyph", "healing_glyph", "power_space", "tempo_now",
    "tempo_next", "tempo_later",
)
"""The weights the fit may move: every one that scales a term of a live position's value.
The others shape the value rather than scale it (`win` and the live limits bound it, `focus`
and `choice_spread` fold a player's options) and stay as they are."""

CARD = "card:"
"""The prefix of a card's parameter: ``card:restless-zombies`` is what that army card's
figures are worth as a share of their price (`Weights.card_values`)."""

_STEP = 0.1
"""A weight's step for its gradient, as a share of its size (terms are linear in most)."""


def card_params(cards: Iterable[str]) -> tuple[str, ...]:
    """`FITTED` and a value parameter for each of ``cards`` (army card ids)."""
    return FITTED + tuple(f"{CARD}{c}" for c in sorted(set(cards)))


def param_value(weights: Weights, name: str) -> float:
    """A parameter's value in ``weights`` (a card not valued there is worth its price: 1)."""
    if name.startswith(CARD):
        return dict(weights.card_values).get(name[len(CARD):], 1.0)
    return float(getattr(weights, name))


def with_params(weights: Weights, values: dict[str, float]) -> Weights:
    """``weights`` with some parameters set (cards worth exactly their price left out)."""
    scalars = {n: v for n, v in values.items() if not n.startswith(CARD)}
    cards = dict(weights.card_values)
    cards.update({n[len(CARD):]: v for n, v in values.items() if n.startswith(CARD)})
    table = tuple(sorted((c, v) for c, v in cards.items() if v != 1.0))
    return replace(weights, card_values=table, **scalars)


@dataclass(frozen=True, slots=True)
class Sample:
    """One position from one player's view: its turn, the result for that player (1 won,
    0 lost, 0.5 a draw) and the evaluation as a line in the fitted weights (`features`)."""

    game: int
    seat: int
    turn: int
    label: float
    base: float
    grads: tuple[float, ...]
    army: str = ""
    """The player's army, and (a two-player game) its opponent's: what the fit's army terms
    read (`fit`)."""
    opponent: str = ""


@dataclass
class TunedGame:
    """A recorded self-play game."""

    spec: dict[str, Any]
    winners: list[int]
    actions: list[str]
    samples: list[dict[str, Any]] = field(default_factory=list)
    """Per sample: seat, turn, base, grads (`Sample` less the label, which the winners give)."""

    def labelled(self) -> list[Sample]:
        """The game's samples with their labels."""
        index = int(self.spec["index"])
        armies = [str(a) for a in self.spec.get("armies", ())]
        out = []
        for s in self.samples:
            seat = int(s["seat"])
            label = 0.5 if not self.winners else (1.0 if seat in self.winners else 0.0)
            army = armies[seat - 1] if len(armies) >= seat else ""
            opponent = armies[2 - seat] if len(armies) == 2 else ""
            out.append(Sample(index, seat, int(s["turn"]), label, float(s["base"]),
                              tuple(float(g) for g in s["grads"]), army, opponent))
        return out


def features(state: Any, me: int, weights: Weights, params: Sequence[str] = FITTED
             ) -> tuple[float, tuple[float, ...]]:
    """The live value of ``state`` for ``me`` as ``base + sum(p_i * grad_i)`` over
    ``params`` at ``weights`` (forward differences of `Evaluator.live_value`)."""
    v0 = Evaluator(weights).live_value(state, me)
    grads = []
    for name in params:
        w0 = param_value(weights, name)
        h = max(abs(w0) * _STEP, 1e-3)
        moved = Evaluator(with_params(weights, {name: w0 + h})).live_value(state, me)
        grads.append((moved - v0) / h)
    base = v0 - sum(param_value(weights, n) * g for n, g in zip(params, grads, strict=True))
    return base, tuple(grads)


def _turn_start(game: Game) -> bool:
    state = game.state
    return (state.outcome is None and state.phase == Phase.CHOOSE
            and state.turn_state.chosen is None and not state.pending)


def _sample(game: Game, record: TunedGame, weights: Weights, params: Sequence[str],
            last: tuple[int, int] | None) -> tuple[int, int] | None:
    """At a turn start not sampled yet, every player's view of it; the turn sampled last."""
    if not _turn_start(game) or (game.turn, game.active) == last:
        return last
    for seat in game.state.static.seats:
        if game.state.is_eliminated(seat):
            continue
        base, grads = features(game.view(seat).state, seat, weights, params)
        record.samples.append({"seat": seat, "turn": game.turn, "base": round(base, 4),
                               "grads": [round(g, 5) for g in grads]})
    return (game.turn, game.active)


def play_sampled(game: Game, controllers: dict[int, str], seed: int, spec: dict[str, Any],
                 weights: Weights | None = None, params: Sequence[str] = FITTED,
                 max_actions: int = 5000) -> TunedGame:
    """Play one self-play game, sampling every turn start from every player's view."""
    weights = weights or Weights()
    match = Match(game, {seat: make_controller(name, seed * 10 + seat)
                         for seat, name in controllers.items()},
                  time_limit=None, max_actions=max_actions)
    record = TunedGame(spec, [], [])
    last: tuple[int, int] | None = None
    while True:
        last = _sample(game, record, weights, params, last)
        step = match.step()
        if step is None:
            break
        record.actions.append(step.action)
    outcome = game.outcome()
    record.winners = list(outcome.winners) if outcome is not None else []
    if outcome is None:
        record.samples.clear()  # unfinished: no result to learn from
    return record


def replay_sampled(game: Game, played: TunedGame, weights: Weights,
                   params: Sequence[str]) -> TunedGame:
    """A recorded game played again from its actions, its positions sampled anew (other
    weights, other parameters): the same positions as when it was recorded."""
    record = TunedGame(played.spec, list(played.winners), list(played.actions))
    last: tuple[int, int] | None = None
    for action in played.actions:
        last = _sample(game, record, weights, params, last)
        game.apply(action)
    if game.outcome() is None:
        record.samples.clear()
    return record


def read_data(path: Path) -> tuple[dict[str, Any], list[TunedGame]]:
    """A data file's header and games (a last line cut short by a stopped run is skipped:
    that game is played again on resume); a file ending in ``.gz`` is read through gzip (how
    the measured data is kept in ``measurements/``)."""
    header: dict[str, Any] = {}
    games: list[TunedGame] = []
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                continue
            if n == 0 and "recipe" in data:
                header = data
                continue
            games.append(TunedGame(data["spec"], list(data["winners"]), list(data["actions"]),
                                   list(data["samples"])))
    return header, games


def game_line(game: TunedGame) -> str:
    """One game as a data file's line."""
    return json.dumps(asdict(game), separators=(",", ":")) + "\n"


@dataclass(frozen=True)
class DataRecipe:
    """How the self-play data is made (written at the head of the data file)."""

    seed: int = 7
    games: int = 600
    scenarios: tuple[str, ...] = ("the-duel", "moonlit-crossroads", "practice")
    pairs: tuple[tuple[str, str], ...] = (("greedy", "greedy"), ("easy", "greedy"),
                                          ("greedy", "easy"))


# --- the fit ---------------------------------------------------------------------------------


@dataclass
class Fit:
    """A fitted set of weights and how well it predicts games it never saw."""

    weights: Weights
    scale: float
    strength: float
    train_samples: int
    held_out_samples: int
    train_games: int
    held_out_games: int
    held_out_loss: float
    held_out_accuracy: float
    start_loss: float
    start_accuracy: float
    """The hand-set weights' held-out figures (with their own best scale)."""
    trials: list[dict[str, float]] = field(default_factory=list)
    army_terms: dict[str, float] = field(default_factory=dict)
    """Per army, in army points: how much better its games went than its positions' values
    say, measured from the armies' mean (the fit's army terms; not part of the evaluation,
    where they would cancel: both sides of a game keep their armies)."""


def _split(samples: Sequence[Sample]) -> tuple[list[Sample], list[Sample]]:
    train = [s for s in samples if s.game % 5 != 4]
    held = [s for s in samples if s.game % 5 == 4]
    return train, held


def _arrays(samples: Sequence[Sample], width: int, armies: Sequence[str] = ()
            ) -> tuple[Any, Any, Any]:
    """The samples' base values, their gradients (then one column per army of ``armies``:
    +1 for the player's army, -1 for its opponent's) and their labels."""
    import numpy as np  # the optional `tune` extra: importing arena.ai must not need it

    base = np.array([s.base for s in samples], dtype=float)
    grads = np.array([s.grads for s in samples], dtype=float).reshape(len(samples), width)
    if armies:
        terms = np.array([[(s.army == a) - (s.opponent == a) for a in armies]
                          for s in samples], dtype=float).reshape(len(samples), len(armies))
        grads = np.hstack([grads, terms])
    labels = np.array([s.label for s in samples], dtype=float)
    return base, grads, labels


def _loss_accuracy(base: Any, grads: Any, labels: Any, w: Any, scale: float
                   ) -> tuple[float, float]:
    import numpy as np  # the optional `tune` extra: importing arena.ai must not need it

    z = scale * (base + grads @ w)
    loss = float(np.mean(np.logaddexp(0.0, z) - labels * z))
    decided = labels != 0.5
    right = ((z > 0) == (labels > 0.5))[decided]
    return loss, float(np.mean(right)) if right.size else 0.0


def _scale_only(base: Any, grads: Any, labels: Any, w: Any) -> float:
    """The scale that makes fixed weights predict best (the hand-set weights' own)."""
    # numpy and scipy are the optional `tune` extra: importing arena.ai must not need them.
    import numpy as np
    from scipy.optimize import minimize_scalar

    v = base + grads @ w

    def loss(s: float) -> float:
        return float(np.mean(np.logaddexp(0.0, s * v) - labels * s * v))

    return float(minimize_scalar(loss, bounds=(1e-7, 0.1), method="bounded").x)


def _solve(base: Any, grads: Any, labels: Any, w0: Any, size: Any, strength: float,
           free: int = 0) -> tuple[Any, float]:
    """Minimise the mean logistic loss plus ``strength`` times the mean squared move of the
    parameters from ``w0`` (each in units of its ``size``), every one kept at zero or
    above but the last ``free`` (the army terms)."""
    # numpy and scipy are the optional `tune` extra: importing arena.ai must not need them.
    import numpy as np
    from scipy.optimize import minimize

    n = len(labels)
    # The scale is fitted in units of 1/1000 army points, so every variable is about 1.
    x0 = np.concatenate([[1000.0 * _scale_only(base, grads, labels, w0)], w0])

    def objective(x: Any) -> tuple[float, Any]:
        s = x[0] / 1000.0
        w = x[1:]
        v = base + grads @ w
        z = s * v
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -50, 50)))
        loss = float(np.sum(np.logaddexp(0.0, z) - labels * z)) / n
        r = (w - w0) / size
        loss += strength * float(np.sum(r * r)) / len(w0)
        err = (p - labels) / n
        g_s = float(err @ v) / 1000.0
        g_w = s * (grads.T @ err) + strength * 2.0 * r / size / len(w0)
        return loss, np.concatenate([[g_s], g_w])

    bounds = [(1e-6, None)] + [(0.0, None)] * (len(w0) - free) + [(None, None)] * free
    result = minimize(objective, x0, jac=True, method="L-BFGS-B", bounds=bounds,
                      options={"maxiter": 1000})
    return result.x[1:], float(result.x[0]) / 1000.0


ARMY_TERM = 100.0
"""The size of an army term's pull (army points): an army's games may go this much better
or worse than its positions' values say before the pull is felt."""


def fit(samples: Sequence[Sample], start: Weights | None = None,
        strengths: Iterable[float] = (3.0, 1.0, 0.3, 0.1, 0.03, 0.01),
        params: Sequence[str] = FITTED) -> Fit:
    """Fit ``params`` to ``samples`` (see the module docstring); the pull towards the
    hand-set weights is the one of ``strengths`` that predicts the held-out games best.

    Beside the parameters, each army of a two-player game gets a term of its own -- how much
    better its games went than its positions' values -- so that an army that wins or loses
    more than its figures' worth (the players' skill with it, its cards' synergy) does not
    push the value of one of its cards instead: a card's value is then fitted to what
    changes within a game (figures lost and kept), which is what a decision trades."""
    import numpy as np  # the optional `tune` extra: importing arena.ai must not need it

    start = start or Weights()
    train, held = _split(samples)
    if not train or not held:
        raise ValueError("too few games to fit: every fifth game is held out, so give at "
                         "least five games with samples")
    armies = sorted({a for x in samples for a in (x.army, x.opponent) if x.opponent})
    w0 = np.array([param_value(start, n) for n in params] + [0.0] * len(armies))
    size = np.array([1.0 if n.startswith(CARD) else max(abs(v), 1e-3)
                     for n, v in zip(params, w0, strict=False)] + [ARMY_TERM] * len(armies))
    tb, tg, tl = _arrays(train, len(params), armies)
    hb, hg, hl = _arrays(held, len(params), armies)
    s0 = _scale_only(tb, tg, tl, w0)
    start_loss, start_acc = _loss_accuracy(hb, hg, hl, w0, s0)
    best: tuple[float, float, Any, float] | None = None
    trials = []
    for strength in strengths:
        w, s = _solve(tb, tg, tl, w0, size, strength, free=len(armies))
        loss, acc = _loss_accuracy(hb, hg, hl, w, s)
        trials.append({"strength": strength, "held_out_loss": loss, "held_out_accuracy": acc})
        if best is None or loss < best[0]:
            best = (loss, strength, w, s)
    assert best is not None
    loss, strength, w, s = best
    _, acc = _loss_accuracy(hb, hg, hl, w, s)
    fitted = with_params(start, {n: round(float(v), 5)
                                 for n, v in zip(params, w, strict=False)})
    terms = {a: round(float(v), 2) for a, v in zip(armies, w[len(params):], strict=True)}
    return Fit(fitted, s, strength, len(train), len(held),
               len({x.game for x in train}), len({x.game for x in held}),
               loss, acc, start_loss, start_acc, trials, terms)


def weights_module(result: Fit, recipe: dict[str, Any], code: str) -> str:
    """The text of `arena/ai/fitted_weights.py` for a fit: the weights and how they were
    found (dataset, held-out figures), so the numbers carry their provenance."""
    changed: dict[str, Any] = {n: getattr(result.weights, n) for n in FITTED}
    if result.weights.card_values:
        changed["card_values"] = result.weights.card_values
    lines = [
        '"""The evaluation\'s weights fitted to self-play outcomes (`arena.ai.tuning`): written',
        "by ``scripts/ai_tune.py fit``; do not edit by hand.",
        "",
        f"Data: {result.train_games + result.held_out_games} games "
        f"({result.train_samples + result.held_out_samples} positions; code {code}), "
        f"recipe {json.dumps(recipe, sort_keys=True)}.",
        f"Held out: {result.held_out_games} games, {result.held_out_samples} positions: "
        f"log loss {result.held_out_loss:.4f}, accuracy {result.held_out_accuracy:.1%}",
        f"(the hand-set weights: {result.start_loss:.4f}, {result.start_accuracy:.1%}). "
        f"Pull towards the hand-set weights: {result.strength:g}.",
        '"""',
        "",
        "from arena.ai.weights import Weights",
        "",
        "FITTED_WEIGHTS = Weights(",
    ]
    lines += [f"    {n}={v!r}," for n, v in changed.items()]
    lines += [")", ""]
    return "\n".join(lines)


def play_spec_sampled(spec: Any, new_game: Callable[[Any], Game],
                      weights: Weights | None = None, params: Sequence[str] = FITTED
                      ) -> TunedGame:
    """`play_sampled` for a batch's `arena.ai.sim.GameSpec`."""
    controllers = dict(enumerate(spec.controllers, start=1))
    return play_sampled(new_game(spec), controllers, spec.seed, asdict(spec), weights,
                        params)


def samples_of(games: Iterable[TunedGame]) -> Iterator[Sample]:
    """Every labelled sample of the games."""
    for g in games:
        yield from g.labelled()


def logistic(x: float) -> float:
    """The logistic function (a value times the fitted scale -> a chance of winning)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


# --- checking a fitted set against the hand-set one -----------------------------------------


def controller_with(level: str, seed: int, weights: Weights) -> Any:
    """A level's controller evaluating with ``weights`` (``greedy``, or a search level)."""
    configs = {"normal": NORMAL, "hard": HARD, "expert": EXPERT}
    if level == "greedy":
        return GreedyController(seed, weights=weights)
    if level in configs:
        return SearchController(seed, configs[level], name=level, weights=weights)
    raise ValueError(f"cannot check with {level!r} (choose greedy, normal, hard or expert)")


def play_pair(game: Game, seed: int, level: str, candidate: Weights, start: Weights,
              candidate_seat: int) -> list[int]:
    """One game of a paired check: ``candidate`` plays ``candidate_seat``, ``start`` the
    other seat, both at ``level``; the winners."""
    controllers = {seat: controller_with(level, seed * 10 + seat,
                                         candidate if seat == candidate_seat else start)
                   for seat in game.state.static.seats}
    result = Match(game, controllers, time_limit=None).run()
    return list(result.winners)
