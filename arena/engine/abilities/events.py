"""The events card mechanics add (typed, past tense, like `arena.engine.events`).

Hidden information stays out of ``describe(hidden=True)``: a hidden enchantment played or
attached face down is "a hidden enchantment" to everyone but its owner, and a look at a
library never names the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.engine.actions import Pos, format_pos
from arena.engine.events import Event

__all__ = [
    "AbilityTriggered",
    "ControlChanged",
    "EffectApplied",
    "EnchantmentAttached",
    "EnchantmentFlipped",
    "EnchantmentLost",
    "EnchantmentMoved",
    "FigureReturned",
    "FigureReturnedToReserve",
    "FiguresSwapped",
    "LibraryLooked",
    "SpellCountered",
    "SpellResolved",
    "TurnTakenWith",
]


def _p(seat: int) -> str:
    return f"Player {seat}"


@dataclass(frozen=True, slots=True)
class AbilityTriggered(Event):
    """A triggered ability took effect (an optional one: its player accepted)."""

    player: int
    card: str
    ability: str
    name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name} took effect."


@dataclass(frozen=True, slots=True)
class SpellResolved(Event):
    """A spell was played and not countered (what ``spell_played`` triggers answer)."""

    player: int
    spell: str
    name: str
    type: str
    colour: str
    hidden: bool = False

    def describe(self, hidden: bool = False) -> str:
        if self.hidden and hidden:
            return f"{_p(self.player)} played a hidden enchantment."
        return f"{_p(self.player)}'s {self.name} resolved."


@dataclass(frozen=True, slots=True)
class SpellCountered(Event):
    """A spell was countered: no effect, into its owner's graveyard, not played."""

    player: int
    spell: str
    name: str
    by: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)}'s {self.name} was countered by {self.by}."


@dataclass(frozen=True, slots=True)
class EnchantmentAttached(Event):
    player: int
    spell: str
    name: str
    card: str
    card_name: str
    face_up: bool

    def describe(self, hidden: bool = False) -> str:
        if not self.face_up:
            what = "a hidden enchantment" if hidden else f"{self.name} (hidden)"
            return f"{_p(self.player)} put {what} face down on {self.card_name}."
        return f"{self.name} was attached to {self.card_name}."


@dataclass(frozen=True, slots=True)
class EnchantmentFlipped(Event):
    """A hidden enchantment was turned face up (it triggers now)."""

    player: int
    spell: str
    name: str
    card: str
    card_name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} flipped {self.name} on {self.card_name}."


@dataclass(frozen=True, slots=True)
class EnchantmentLost(Event):
    """A hidden enchantment was not triggered when it could be: placed out of play."""

    player: int
    spell: str
    name: str
    card: str
    card_name: str

    def describe(self, hidden: bool = False) -> str:
        return (f"{_p(self.player)} did not trigger {self.name} on {self.card_name}: it is "
                "out of play.")


@dataclass(frozen=True, slots=True)
class EnchantmentMoved(Event):
    spell: str
    name: str
    from_card: str
    to_card: str
    to_name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name} was moved to {self.to_name}."


@dataclass(frozen=True, slots=True)
class FigureReturnedToReserve(Event):
    figure: str
    name: str
    owner: int
    source: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name} returned to its owner's reserve ({self.source})."


@dataclass(frozen=True, slots=True)
class FigureReturned(Event):
    """A figure came back from the figure graveyard onto the battlefield."""

    player: int
    figure: str
    name: str
    position: Pos
    source: str

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.name} returned from the graveyard to {format_pos(self.position)} "
                f"({self.source}).")


@dataclass(frozen=True, slots=True)
class FiguresSwapped(Event):
    first: str
    first_name: str
    second: str
    second_name: str
    source: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.first_name} and {self.second_name} swapped places ({self.source})."


@dataclass(frozen=True, slots=True)
class ControlChanged(Event):
    figure: str
    name: str
    player: int
    source: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} controls {self.name} now ({self.source})."


@dataclass(frozen=True, slots=True)
class TurnTakenWith(Event):
    """A player takes a turn with another player's Planeswalker (Mind Stealer)."""

    player: int
    figure: str
    name: str
    source: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} takes a turn with {self.name} ({self.source})."


@dataclass(frozen=True, slots=True)
class LibraryLooked(Event):
    player: int
    looked: int
    to_bottom: int
    source: str

    def describe(self, hidden: bool = False) -> str:
        return (f"{_p(self.player)} looked at the top {self.looked} card(s) of their library "
                f"and put {self.to_bottom} on the bottom ({self.source}).")


@dataclass(frozen=True, slots=True)
class EffectApplied(Event):
    """Any other effect, in a sentence (stat changes, extra attacks, detained cards ...)."""

    source: str
    effect: str
    subjects: tuple[str, ...]
    text: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.text} ({self.source})."
