"""Replays and score histories from a game's saved origin and action list (no drawing).

`ReplayCursor` steps a game through its actions from the origin (``Game.replay`` of the save
with no actions, then one ``apply`` per action), keeping a clone at the start of every turn
so going back (or to turn N) replays only from the nearest checkpoint. `score_history`
records each side's points on the battlefield at the start of every turn and at the end.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from arena.engine import Event, Game
from arena.engine.victory import scores

__all__ = ["ReplayCursor", "ScorePoint", "score_history", "team_points"]


@dataclass(frozen=True)
class ScorePoint:
    """Each team's points on the battlefield at one moment (``turn``: the turn marker)."""

    turn: int
    points: dict[int, int]


def team_points(game: Game) -> dict[int, int]:
    """Each team's points now (the engine's scoring, whatever the game's scenario)."""
    return {line.team: line.points for line in scores(game.state)}


@dataclass
class ReplayCursor:
    """A game stepped through its saved actions (see the module docstring)."""

    data: Mapping[str, Any]
    game: Game = field(init=False)
    actions: list[str] = field(init=False)
    index: int = 0
    events: list[Event] = field(default_factory=list)
    _origin: Game = field(init=False)
    _checkpoints: dict[int, Game] = field(default_factory=dict)
    """Action index -> a clone at that point (turn starts)."""
    _turns: dict[int, int] = field(default_factory=dict)
    """Turn number -> the action index where it began (as far as seen)."""

    def __post_init__(self) -> None:
        self.actions = [str(a) for a in self.data.get("actions", [])]
        self._origin = Game.replay({**self.data, "actions": []})
        self.game = self._origin.clone()
        self._checkpoints[0] = self._origin.clone()
        self._turns.setdefault(self.game.turn, 0)
        while not self.at_end:  # one pass to find every turn start (cheap)
            self.step()
        self.seek(0)

    @property
    def at_end(self) -> bool:
        return self.index >= len(self.actions)

    @property
    def next_action(self) -> str | None:
        return None if self.at_end else self.actions[self.index]

    def step(self) -> list[Event]:
        """Apply the next action; its events (empty at the end)."""
        if self.at_end:
            return []
        turn = self.game.turn
        self.events = list(self.game.apply(self.actions[self.index]))
        self.index += 1
        if self.game.turn != turn:
            self._turns.setdefault(self.game.turn, self.index)
            self._checkpoints.setdefault(self.index, self.game.clone())
        return self.events

    def seek(self, index: int) -> None:
        """Go to just after ``index`` actions (from the nearest checkpoint before)."""
        index = max(0, min(len(self.actions), index))
        start = max(i for i in self._checkpoints if i <= index)
        if not (start <= self.index <= index):
            self.game = self._checkpoints[start].clone()
            self.index = start
        self.events = []
        while self.index < index:
            self.step()

    def back(self) -> None:
        self.seek(self.index - 1)

    def seek_turn(self, turn: int) -> None:
        """Go to the start of turn ``turn`` (stepping forward to find it if needed)."""
        while turn not in self._turns and not self.at_end and self.game.turn < turn:
            self.step()
        if turn in self._turns:
            self.seek(self._turns[turn])

    def turns(self) -> list[int]:
        """The turns seen so far, in order."""
        return sorted(self._turns)


def score_history(data: Mapping[str, Any]) -> list[ScorePoint]:
    """Each team's points at the start of every turn and at the end, by replaying the save.
    Empty when the save cannot be replayed (no origin)."""
    try:
        game = Game.replay({**data, "actions": []})
    except Exception:  # noqa: BLE001 - a chart must never stop the results screen
        return []
    history = [ScorePoint(game.turn, team_points(game))]
    for action in data.get("actions", []):
        turn = game.turn
        game.apply(str(action))
        if game.turn != turn:
            history.append(ScorePoint(game.turn, team_points(game)))
    end = ScorePoint(game.turn, team_points(game))
    if history[-1] != end:
        history.append(end)
    return history
