"""How strong is an army? Its games against a field of armies, and a rating on one scale.

The army builders of other hex-miniature games add up points; points are what an army costs,
not what it wins (in 470 greedy-against-greedy Duels Liliana's premade won 27%, Nissa's 64%,
all five at 500 points). `StrengthBatch` plans AI-against-AI games of each army tested
against every army of a field (every premade army by default, the army itself left out: a
mirror tells nothing of it), each pairing played twice with the same seed and the seats and
sides swapped, so neither the first turn, the starting zone nor the dice favour one army;
the same controller (greedy by default) plays both seats, so only the armies differ.

`StrengthReport` gives, per army tested: the games, wins, draws and losses against the field
and per opponent and per seat, the win rate with a 95% Wilson interval, the spells cast and
abilities used (from the game's events) and how its games ended; and a rating for every
army of the batch on one scale: a Bradley-Terry model fitted to every game (a draw is half a
win to each side), centred on the field's average, with a 95% interval from the fit's
curvature, and the same as Elo-like points (400 / ln 10 points per unit: an army 100 points
above another is expected to win 64% of their games). A weak prior (one drawn game of each
army against an average army) keeps an army that won or lost every game at a finite rating.

The games are `arena.ai.sim` games (`arena.ai.sim.play`), so they run where every batch runs
(`arena.ai.batches`: local processes or a Dask cluster) and the report of a seed is the same
wherever it was played. ``arena balance --armies`` prints it (`arena.ai.balance_cli`); the
editor's army builder runs it in the background ("Test strength"). Armies may be ids or army
files (the builder's army as it is being built), with their decks.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from arena.ai.balance import CLOCK_FREE
from arena.ai.batches import unplayed, worker_code
from arena.ai.logistic import logistic
from arena.ai.match import DEFAULT_TIME_LIMIT
from arena.ai.sim import (
    GameReport,
    GameSpec,
    catalog,
    deck_for,
    fitting_deck,
    play_safely,
    resolve_army,
    resolve_scenario,
    run_batch,
    wilson,
)

__all__ = ["DEFAULT_GAMES", "ELO_PER_UNIT", "PREMADE", "ArmyStrength", "StrengthBatch",
           "StrengthReport", "bradley_terry", "measure", "premade_armies"]

DEFAULT_GAMES = 40
"""Games per army tested unless told otherwise (20 pairs of seats swapped)."""
PREMADE = "premade"
"""The name of the field of every shipped premade army (``--opponents premade``)."""
ELO_PER_UNIT = 400 / math.log(10)
"""Elo-like points per unit of the Bradley-Terry rating (the logistic scale Elo uses)."""
PRIOR_GAMES = 1.0
"""Drawn games of each army against an average army added to the fit (the weak prior)."""
Z95 = 1.96


def premade_armies() -> list[str]:
    """Every shipped premade army's id."""
    return sorted(a for a in catalog().armies if a.endswith("-premade"))


def _armies(names: Sequence[str]) -> list[str]:
    found: list[str] = []
    for name in names:
        if name.strip().lower() == PREMADE:
            found += premade_armies()
        elif name.strip():
            found.append(resolve_army(name))
    return list(dict.fromkeys(found))


@dataclass
class ArmyStrength:
    """One tested army's record against the field (see the module docstring)."""

    army: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    win_rate: float = 0.0
    ci95: tuple[float, float] = (0.0, 1.0)
    rating: float = 0.0
    rating_ci95: tuple[float, float] = (0.0, 0.0)
    elo: float = 0.0
    by_opponent: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per opponent: games, wins, draws."""
    by_seat: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per seat it sat in ("1": it had the first seat): games, wins, draws."""
    ended: dict[str, int] = field(default_factory=dict)
    """How its games ended: "won: planeswalkers_destroyed", "lost: turn_limit", ..."""
    spells: dict[str, int] = field(default_factory=dict)
    """Spells it cast (times), over all its games."""
    abilities: dict[str, int] = field(default_factory=dict)
    """Activated abilities it used (card/ability: times)."""


@dataclass
class StrengthReport:
    """A batch's verdict: each tested army's record, and every army's rating."""

    scenario: str
    games: int
    controllers: list[str]
    opponents: list[str]
    """The field every tested army played."""
    seed: int
    armies: dict[str, ArmyStrength] = field(default_factory=dict)
    ratings: list[dict[str, Any]] = field(default_factory=list)
    """Every army of the batch (tested or field), strongest first: army, rating, its 95%
    interval, Elo-like points and games."""
    errors: int = 0
    decks: dict[str, str] = field(default_factory=dict)
    """The spell deck each tested army played with (an id or file; "none": the army
    alone)."""
    fingerprint: str = ""
    """The code and content that played the games (`arena.ai.fingerprint`)."""

    def to_data(self) -> dict[str, Any]:
        """JSON-able data."""
        data = asdict(self)
        for army in data["armies"].values():
            army["ci95"] = list(army["ci95"])
            army["rating_ci95"] = list(army["rating_ci95"])
        return data


class StrengthBatch:
    """The games of a strength report, those played so far, and the report.

    ``armies``: the armies tested (ids, short names, army files, or ``premade``);
    ``opponents``: the field (default every premade army); ``games``: per army tested;
    ``decks``: a deck per army (id or deck file) where the Planeswalker's premade deck is
    not wanted; ``deckless``: no spell deck on either side, so the armies alone are rated
    (the spells take no part). Raises ValueError (plainly worded) for an army, deck or
    scenario that cannot be played. `task`, `todo` and `add` are what
    `arena.ai.batches.Background` plays."""

    def __init__(self, armies: Sequence[str], opponents: Sequence[str] = (PREMADE,),
                 scenario: str = "duel", games: int = DEFAULT_GAMES, seed: int = 1,
                 controllers: Sequence[str] = ("greedy",),
                 decks: Mapping[str, str] | None = None, deckless: bool = False) -> None:
        tested = _armies(armies)
        field_ = _armies(opponents)
        if not tested:
            raise ValueError("name at least one army to test (--armies)")
        if games < 1:
            raise ValueError("--games must be at least 1")
        sid = resolve_scenario(scenario)
        sc = catalog().scenarios[sid]
        if not int(sc.players.min) <= 2 <= int(sc.players.max) or sc.teams:
            raise ValueError(f"{sid} is not a two-player battle: army strength plays armies "
                             "head to head (duel, crossroads, practice)")
        names = [c.strip().lower() for c in controllers if c.strip()] or ["greedy"]
        self.controllers = list(dict.fromkeys(names))
        clock = None if set(names) <= CLOCK_FREE else DEFAULT_TIME_LIMIT
        chosen = {army: fitting_deck(army, d)
                  for army, d in ((resolve_army(a), d) for a, d in (decks or {}).items())}
        self.scenario, self.seed, self.tested, self.field = sid, seed, tested, field_
        self.specs: list[GameSpec] = []
        self.owner: dict[int, str] = {}
        """The tested army of each game (by index)."""
        for a, army in enumerate(tested):
            others = [o for o in field_ if o != army]
            if not others:
                raise ValueError(f"no opponent for {army}: name a field other than the army "
                                 "itself (--opponents)")
            for k in range(games):
                other = others[(k // 2) % len(others)]
                pairing = (army, other) if k % 2 == 0 else (other, army)
                seats = (names[(k // 2) % len(names)], names[(k // 2 + 1) % len(names)])
                deck_ids = tuple(None if deckless else chosen[x] if x in chosen
                                 else deck_for(x, "auto") for x in pairing)
                self.owner[len(self.specs)] = army
                self.specs.append(GameSpec(
                    len(self.specs), sid, pairing, deck_ids, seats,
                    seed * 100_003 + a * 10_007 + k // 2, clock))
        self.played: list[GameReport] = []

    @property
    def task(self) -> Callable[[GameSpec], GameReport]:
        """How one game is played (a module-level function: worker processes import it)."""
        return play_safely

    @property
    def total(self) -> int:
        return len(self.specs)

    @property
    def done(self) -> int:
        return len(self.played)

    def todo(self) -> list[GameSpec]:
        """The games not played yet."""
        return unplayed(self.specs, (r.spec for r in self.played))

    def add(self, report: GameReport) -> None:
        """Count a game played (in any order: the report sorts them)."""
        self.played.append(report)

    def report(self) -> StrengthReport:
        """The report of the games played so far."""
        return summarize(sorted(self.played, key=lambda r: r.spec.index), self)


def summarize(played: Sequence[GameReport], batch: StrengthBatch) -> StrengthReport:
    """The report of the games played (see the module docstring)."""
    report = StrengthReport(batch.scenario, len(played), batch.controllers, batch.field,
                            batch.seed, fingerprint=worker_code())
    good = [r for r in played if r.reason != "error"]
    report.errors = len(played) - len(good)
    for army in batch.tested:
        mine = [r for r in good if batch.owner.get(r.spec.index) == army]
        report.decks[army] = next(
            (spec.decks[spec.armies.index(army)] or "none" for spec in batch.specs
             if batch.owner.get(spec.index) == army), "none")
        s = ArmyStrength(army)
        opponents: dict[str, Counter[str]] = {}
        seats: dict[str, Counter[str]] = {}
        ended: Counter[str] = Counter()
        spells: Counter[str] = Counter()
        abilities: Counter[str] = Counter()
        for r in mine:
            seat = 1 if r.spec.armies[0] == army else 2  # the plan makes no mirror
            other = r.spec.armies[2 - seat]
            result = "won" if seat in r.winners else ("draw" if not r.winners else "lost")
            for tally in (opponents.setdefault(other, Counter()),
                          seats.setdefault(str(seat), Counter())):
                tally["games"] += 1
                tally["wins"] += result == "won"
                tally["draws"] += result == "draw"
            ended[f"{result}: {r.reason}"] += 1
            spells.update(r.spells.get(seat, {}))
            abilities.update(r.abilities.get(seat, {}))
        s.games = len(mine)
        s.wins = sum(c["wins"] for c in opponents.values())
        s.draws = sum(c["draws"] for c in opponents.values())
        s.losses = s.games - s.wins - s.draws
        s.win_rate = s.wins / s.games if s.games else 0.0
        s.ci95 = wilson(s.wins, s.games)
        s.by_opponent = {o: _plain(c) for o, c in sorted(opponents.items())}
        s.by_seat = {k: _plain(c) for k, c in sorted(seats.items())}
        s.ended = dict(sorted(ended.items()))
        s.spells = dict(sorted(spells.items()))
        s.abilities = dict(sorted(abilities.items()))
        report.armies[army] = s
    everyone = list(dict.fromkeys([*batch.tested, *batch.field]))
    results = [(r.spec.armies[0], r.spec.armies[1],
                1.0 if 1 in r.winners else 0.0 if 2 in r.winners else 0.5) for r in good]
    ratings, errors = bradley_terry(everyone, results, centre=batch.field)
    games = Counter(a for r in good for a in set(r.spec.armies))
    for army in sorted(everyone, key=lambda x: -ratings[x]):
        value, error = ratings[army], errors[army]
        report.ratings.append({"army": army, "rating": value,
                               "ci95": [value - Z95 * error, value + Z95 * error],
                               "elo": value * ELO_PER_UNIT, "games": games[army]})
    for army, s in report.armies.items():
        s.rating, s.elo = ratings[army], ratings[army] * ELO_PER_UNIT
        s.rating_ci95 = (ratings[army] - Z95 * errors[army], ratings[army] + Z95 * errors[army])
    return report


def _plain(counter: Counter[str]) -> dict[str, int]:
    return {"games": counter["games"], "wins": counter["wins"], "draws": counter["draws"]}


def bradley_terry(armies: Sequence[str], results: Sequence[tuple[str, str, float]],
                  centre: Sequence[str] | None = None, prior: float = PRIOR_GAMES,
                  rounds: int = 200) -> tuple[dict[str, float], dict[str, float]]:
    """Bradley-Terry ratings (natural log of strength) fitted to ``results`` (first army,
    second army, the first's score: 1, 0.5 or 0), with ``prior`` drawn games of each army
    against an average army, measured from the average of the ``centre`` armies (default
    all), and each rating's standard error as so measured (from the inverse of the fit's
    curvature). Newton's method on the penalised log-likelihood: a handful of armies, so the
    small linear systems are solved directly."""
    index = {a: i for i, a in enumerate(armies)}
    n = len(armies)
    r = [0.0] * n
    hessian: list[list[float]] = [[0.0] * n for _ in range(n)]
    for _ in range(rounds):
        grad = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for i in range(n):  # the prior: games against an average army
            p = logistic(r[i])
            grad[i] += prior * (0.5 - p)
            hessian[i][i] += prior * p * (1 - p)
        for first, second, score in results:
            i, j = index[first], index[second]
            p = logistic(r[i] - r[j])
            w = p * (1 - p)
            grad[i] += score - p
            grad[j] -= score - p
            hessian[i][i] += w
            hessian[j][j] += w
            hessian[i][j] -= w
            hessian[j][i] -= w
        step = _solve(hessian, grad)
        r = [x + d for x, d in zip(r, step, strict=True)]
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    cov = _inverse(hessian)
    ref = [index[a] for a in (centre if centre else armies)]
    mean = sum(r[f] for f in ref) / len(ref)
    between = sum(cov[f][g] for f in ref for g in ref) / len(ref) ** 2

    def variance(i: int) -> float:
        # Var(r_i - mean of the centre's ratings), from the covariance of the fit.
        return cov[i][i] - 2 * sum(cov[i][f] for f in ref) / len(ref) + between

    return ({a: r[i] - mean for a, i in index.items()},
            {a: math.sqrt(max(0.0, variance(i))) for a, i in index.items()})


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is positive definite)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda k: abs(a[k][c]))
        a[c], a[pivot] = a[pivot], a[c]
        for k in range(c + 1, n):
            f = a[k][c] / a[c][c]
            for m in range(c, n + 1):
                a[k][m] -= f * a[c][m]
    x = [0.0] * n
    for c in reversed(range(n)):
        x[c] = (a[c][n] - sum(a[c][m] * x[m] for m in range(c + 1, n))) / a[c][c]
    return x


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if k == c else 0.0 for k in range(n)]) for c in range(n)]
    return [[columns[c][k] for c in range(n)] for k in range(n)]


def measure(armies: Sequence[str], opponents: Sequence[str] = (PREMADE,),
            scenario: str = "duel", games: int = DEFAULT_GAMES, seed: int = 1,
            controllers: Sequence[str] = ("greedy",), jobs: int | None = None,
            scheduler: str | None = None,
            on_game: Callable[[int, int], None] | None = None,
            decks: Mapping[str, str] | None = None, deckless: bool = False
            ) -> StrengthReport:
    """Plan, play (local processes, or the cluster of ``scheduler``) and report
    (``on_game(done, total)`` after each game); ``decks``, ``deckless``: `StrengthBatch`."""
    batch = StrengthBatch(armies, opponents, scenario, games, seed, controllers, decks,
                          deckless)

    def count(report: GameReport) -> None:
        batch.add(report)
        if on_game is not None:
            on_game(batch.done, batch.total)

    run_batch(batch.specs, jobs, count, scheduler=scheduler)
    return batch.report()
