"""The post-game review: each side's chance of winning over the game and the turns where
it swung most.

A finished game is replayed from its origin (its seed and actions); from the end of the
set-up, at the start of every player's turn each team's position is valued by the evaluation
the AI plays with (`Evaluator.evaluate`, on that team's own view: what it could know then),
and the value is read as a chance of winning the way the evaluation was fitted to games'
results
(`arena.ai.tuning`: ``sigmoid(scale * value)``; `WIN_SCALE` is the scale that fit found on
10,376 positions of 512 games, measurements/tuning/fit-weights.json). The teams' chances are
then shared out to sum to one, and the last point is the result itself. A **swing** is one
player's turn between two points; the largest gains of a team's chance are the turns where
the game was won or lost (`Review.swings`, the three largest, in turn order). The evaluation
is read without its tempo terms (`BOARD_WEIGHTS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from arena.ai.evaluate import Evaluator
from arena.ai.logistic import logistic
from arena.ai.weights import Weights
from arena.engine import Game
from arena.engine.vocab import SETUP_PHASES

__all__ = ["SWINGS", "WIN_SCALE", "ChancePoint", "Review", "Swing", "review_game",
           "team_chances"]

WIN_SCALE = 0.002893
"""Chance of winning = sigmoid(WIN_SCALE * value in army points): the scale the evaluation's
fit to game results found (measurements/tuning/fit-weights.json, "scale")."""

BOARD_WEIGHTS = replace(Weights(), tempo_now=0.0, tempo_next=0.0, tempo_later=0.0)
"""The AI's weights without tempo (what the players still to act before one's next turn can
do): the AI needs it to choose, but in a review it hands every player on turn an edge that
the next turn takes back, a zigzag that would hide the real swings. The review reads who is
ahead on the battlefield."""

SWINGS = 3
"""How many swing turns a review names."""


@dataclass(frozen=True)
class ChancePoint:
    """Each team's chance of winning after ``index`` actions: the start of turn ``turn`` of
    player ``active`` (the last point: the end of the game)."""

    index: int
    turn: int
    active: int
    chances: Mapping[int, float]


@dataclass(frozen=True)
class Swing:
    """One player's turn (actions ``start`` to ``end``) and how it moved the chances: the
    team that gained most (``team``) went from ``before`` to ``after``."""

    start: int
    end: int
    turn: int
    active: int
    team: int
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class Review:
    """A finished game's chances, point by point, and its swing turns."""

    points: tuple[ChancePoint, ...]
    swings: tuple[Swing, ...]


def team_chances(game: Game, evaluator: Evaluator | None = None) -> dict[int, float]:
    """Each team's chance of winning from here (see the module docstring); at the end, the
    result (a draw shares it)."""
    state = game.state
    static = state.static
    teams: dict[int, int] = {}
    for seat in static.seats:
        teams.setdefault(static.team_of(seat), seat)
    outcome = state.outcome
    if outcome is not None:
        won = {static.team_of(s) for s in outcome.winners}
        if not won:
            return {team: 1 / len(teams) for team in teams}
        return {team: (1 / len(won) if team in won else 0.0) for team in teams}
    ev = evaluator or Evaluator(BOARD_WEIGHTS)
    raw = {team: logistic(WIN_SCALE * ev.evaluate(game.view(seat).state, seat))
           for team, seat in teams.items()}
    total = sum(raw.values()) or 1.0
    return {team: value / total for team, value in raw.items()}


def review_game(data: Mapping[str, Any]) -> Review:
    """Replay a saved game (`Game.to_data`) and review it (see the module docstring).
    Raises what `Game.replay` raises for a save that cannot be replayed."""
    actions = tuple(str(a) for a in data.get("actions", []))
    game = Game.replay({**data, "actions": []})
    ev = Evaluator(BOARD_WEIGHTS)
    set_up = 0
    while set_up < len(actions) and game.phase in SETUP_PHASES:  # the set-up decides little
        game.apply(actions[set_up])
        set_up += 1
    points = [ChancePoint(set_up, game.turn, game.active, team_chances(game, ev))]
    for index, action in enumerate(actions[set_up:], start=set_up + 1):
        seen = (game.turn, game.active)
        game.apply(action)
        if (game.turn, game.active) != seen and index < len(actions):
            points.append(ChancePoint(index, game.turn, game.active, team_chances(game, ev)))
    end = ChancePoint(len(actions), game.turn, game.active, team_chances(game, ev))
    if points[-1].index != end.index:
        points.append(end)
    return Review(tuple(points), _swings(points))


def _swings(points: list[ChancePoint]) -> tuple[Swing, ...]:
    """The `SWINGS` turns that moved a team's chance up most, in the order played."""
    found: list[Swing] = []
    for a, b in zip(points, points[1:], strict=False):
        gains = {t: b.chances[t] - a.chances.get(t, 0.0) for t in b.chances}
        team = max(gains, key=lambda t: (gains[t], -t))  # the side the turn favoured
        found.append(Swing(a.index, b.index, a.turn, a.active, team,
                           a.chances.get(team, 0.0), b.chances[team]))
    largest = sorted(found, key=lambda s: (-s.change, s.start))[:SWINGS]
    return tuple(sorted(largest, key=lambda s: s.start))
