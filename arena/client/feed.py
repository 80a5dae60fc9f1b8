"""The event feed: what the battle screen makes of the engine's events, without a window.

Each engine event is matched by its type (``match event: case DiceRolled(...)``), never by
its class name as a string, so a renamed or reshaped event fails here at once, in a test,
instead of quietly showing nothing:

- `DiceShow`: the dice panel's last roll(s), grown event by event (`dice_after`);
- `sound_of`: the sound an event makes (a hit and a destruction wait for their effect when
  animations are on: `arena.client.effects` plays them then);
- `MoveAnimation`: a figure sliding along its path (the screen builds it from `FigureMoved`
  with the heights its renderer knows).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arena.engine.events import (
    AttackDeclared,
    AttackResolved,
    DamageDealt,
    DiceRolled,
    Event,
    FigureDestroyed,
    FigureFell,
    LeavingEngagementAttacked,
)

__all__ = ["DiceShow", "MoveAnimation", "dice_after", "sound_of"]


@dataclass
class MoveAnimation:
    """A figure sliding along its path, one space per step, hopping a little."""

    figure: str
    points: list[tuple[float, float, float]]
    start: float
    step: float

    def at(self, now: float) -> tuple[float, float, float] | None:
        """Where the base is at ``now`` (None once arrived)."""
        if len(self.points) < 2 or self.step <= 0:
            return None
        t = (now - self.start) / self.step
        if t >= len(self.points) - 1:
            return None
        t = max(0.0, t)
        i = int(t)
        f = t - i
        (x0, y0, l0), (x1, y1, l1) = self.points[i], self.points[i + 1]
        hop = 0.6 * 4 * f * (1 - f)
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, l0 + (l1 - l0) * f + hop)

    @property
    def end(self) -> float:
        """When the figure arrives."""
        return self.start + self.step * (len(self.points) - 1)


@dataclass
class DiceShow:
    """The last roll(s), for the dice panel; ``serial`` tells a new roll from the last."""

    title: str
    rows: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    result: str = ""
    start: float = 0.0
    serial: int = 0


def dice_after(dice: DiceShow | None, event: Event, now: float,
               last_serial: int) -> DiceShow | None:
    """The dice panel after ``event``: an attack opens a new show (numbered after
    ``last_serial``), each roll adds a row (a roll after a finished show opens one of its
    own), and the outcome of the attack, of a leaving-engagement attack or of a fall, and a
    destruction, become its result line."""
    serial = last_serial
    match event:
        case AttackDeclared(attacker_name=attacker, target_name=target):
            return DiceShow(f"{attacker} attacks {target}", start=now, serial=serial + 1)
        case DiceRolled(purpose=purpose, faces=faces):
            label = str(purpose).replace("-", " ").capitalize()
            if dice is None or dice.result:
                dice = DiceShow(f"{label} roll", start=now, serial=serial + 1)
            dice.rows.append((label, tuple(faces)))
        case AttackResolved(hits=hits, shields=shields, damage=damage) if dice is not None:
            dice.result = f"{hits} hits against {shields} shields: {damage} damage"
        case LeavingEngagementAttacked() | FigureFell() if dice is not None:
            dice.result = event.describe()
        case FigureDestroyed(name=name) if dice is not None:
            dice.result = (dice.result + " · " if dice.result else "") + f"{name} destroyed"
    return dice


def sound_of(event: Event, animated: bool) -> str | None:
    """The sound an event makes now: dice at once; a hit that did damage and a destruction
    at once only when nothing is animated (else with their effect)."""
    match event:
        case DiceRolled():
            return "dice"
        case DamageDealt(amount=amount) if not animated and amount > 0:
            return "hit"
        case FigureDestroyed() if not animated:
            return "destroyed"
    return None
