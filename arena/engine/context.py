"""The apply context: the state being changed, the events it caused, and the dice.

Every rule that changes the state takes a `Ctx`: it records events in order (`emit`), pushes
and pops pending decisions, rolls dice through the state's one RNG (each roll becomes an event
and makes the action a commit point, which undo cannot cross). Trigger handlers and action
sources registered by the abilities and spells modules get the same `Ctx`, so their effects
go through the same doors.
"""

from __future__ import annotations

from arena.engine.dice import CombatRoll, RollPurpose, roll_combat, roll_d20
from arena.engine.events import D20Rolled, DiceRolled, Event
from arena.engine.rulebook import RuleBook
from arena.engine.state import Decision, GameState

__all__ = ["Ctx"]


class Ctx:
    """One apply step: the state it changes and the events it emits."""

    __slots__ = ("committed", "events", "state")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []
        self.committed = False

    @property
    def rules(self) -> RuleBook:
        """The game's rule book (registries)."""
        return self.state.static.rules

    def emit(self, event: Event) -> None:
        """Record an event (trigger handlers see it once the step settles)."""
        self.events.append(event)

    def commit(self) -> None:
        """Mark this action as a commit point (undo stops here): dice, draws, reveals."""
        self.committed = True

    def push(self, decision: Decision) -> None:
        """Make a decision pending (on top of any already pending)."""
        self.state.pending.append(decision)
        self.state.cache.clear()

    def pop(self) -> Decision:
        """Remove the top pending decision."""
        self.state.cache.clear()
        return self.state.pending.pop()

    def replace_top(self, decision: Decision) -> None:
        """Replace the top pending decision (a decision that goes on with new data)."""
        self.state.pending[-1] = decision
        self.state.cache.clear()

    def roll(self, player: int, dice: int, purpose: RollPurpose) -> CombatRoll:
        """Roll combat dice for a player (an event; a commit point)."""
        result = roll_combat(self.state.rng, dice)
        self.emit(DiceRolled(player, purpose, result.faces))
        self.commit()
        return result

    def roll_d20(self, player: int, purpose: str) -> int:
        """Roll the d20 for a player (an event; a commit point)."""
        value = roll_d20(self.state.rng)
        self.emit(D20Rolled(player, purpose, value))
        self.commit()
        return value
