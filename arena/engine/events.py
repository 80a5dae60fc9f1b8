"""Events: what happened, typed and in the past tense.

`Game.apply` returns the events an action caused, in order; they drive the client's animation
and game log, replays and test assertions, and registered trigger handlers (the abilities
module) receive each of them. Every event has `describe()`, a plain sentence for the game log,
and `to_data()`, plain data for logs. Events carry display names as well as ids so that a log
line needs no lookup. Dice faces are given as rolled (``hit``, ``shield``, ``blank``); a log
line reads them as the roll counts them (`arena.engine.dice.read_faces`).

Events are not hidden information filters: `CardDrawn` names the card drawn, and a client that
shows the log to another player describes it without the card (`describe(hidden=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from arena.engine.actions import Pos, format_pos
from arena.engine.dice import RollPurpose, read_faces
from arena.hexgrid import Hex

__all__ = [
    "AbilityUsed", "ArmyCardChosen", "ArmyCardDestroyed", "AttackDeclared", "AttackResolved",
    "CardDrawn", "CountersPlaced", "CountersRemoved", "CryptolithDamaged",
    "CryptolithDestroyed", "D20Rolled", "DamageDealt", "DamageRemoved", "DecisionAnswered",
    "DiceRolled",
    "EndOfTurnReached", "Event", "FigureDestroyed", "FigureFell", "FigureMoved",
    "FigureSummoned", "FirstPlayerChosen", "FirstPlayerRolled", "GameEnded", "GameStarted",
    "GlyphFlipped", "GlyphTaken", "HandDealt", "LeavingEngagementAttacked", "LibraryShuffled",
    "PlaneswalkerPlaced", "PlayerSkipped", "SpellDiscarded", "SpellPlayed", "SpellRecalled",
    "StepEnded", "SummonBegun", "TurnEnded", "TurnMarkerAdvanced", "TurnStarted",
]


def _plain(value: Any) -> Any:
    if isinstance(value, Hex):
        return format_pos(value)
    if isinstance(value, tuple):
        if len(value) == 2 and all(isinstance(v, Hex) for v in value):
            return format_pos((value[0], value[1]))
        return [_plain(v) for v in value]
    return value


class Event:
    """Base class: `describe()` for the log, `to_data()` for plain data."""

    def describe(self, hidden: bool = False) -> str:
        """A plain-language line for the game log (``hidden``: leave out what only the
        player concerned may know, such as the card drawn)."""
        raise NotImplementedError

    def to_data(self) -> dict[str, Any]:
        """``{"event": class name, field: value ...}`` with positions as text."""
        out: dict[str, Any] = {"event": type(self).__name__}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def __str__(self) -> str:
        return self.describe()


def _p(seat: int) -> str:
    return f"Player {seat}"


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    players: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...]
    scenario: str

    def describe(self, hidden: bool = False) -> str:
        return f"A game of {self.scenario} began with {len(self.players)} players."


@dataclass(frozen=True, slots=True)
class FirstPlayerRolled(Event):
    """One round of the d20 roll for first player (labels are players or teams)."""

    rolls: tuple[tuple[str, int], ...]
    winner: str | None

    def describe(self, hidden: bool = False) -> str:
        rolled = ", ".join(f"{who} rolled {value}" for who, value in self.rolls)
        tail = f"; {self.winner} rolled highest." if self.winner else "; a tie, roll again."
        return rolled + tail


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Event):
    """Who goes first and places first; ``order``: every seat in the order play passes from
    them (guide "Play passes to the left"), named in the log when more than two play."""

    player: int
    chosen_by: int
    order: tuple[int, ...] = ()

    def describe(self, hidden: bool = False) -> str:
        first = f"{_p(self.player)} goes first and places first"
        if len(self.order) <= 2:
            return first + "."
        return f"{first}; play passes to the left: {', '.join(_p(s) for s in self.order)}."


@dataclass(frozen=True, slots=True)
class PlaneswalkerPlaced(Event):
    player: int
    figure: str
    name: str
    position: Pos
    zone: str

    def describe(self, hidden: bool = False) -> str:
        return (f"{_p(self.player)} placed {self.name} at {format_pos(self.position)} "
                f"({self.zone} starting zone).")


@dataclass(frozen=True, slots=True)
class LibraryShuffled(Event):
    player: int
    cards: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} shuffled a library of {self.cards} spell cards."


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    player: int
    cards: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} drew an opening hand of {self.cards} spell cards."


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    player: int
    spell: str
    name: str
    reason: str

    def describe(self, hidden: bool = False) -> str:
        what = "a spell card" if hidden else self.name
        return f"{_p(self.player)} drew {what} ({self.reason})."


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    player: int
    turn: int

    def describe(self, hidden: bool = False) -> str:
        return f"Turn {self.turn}: {_p(self.player)}'s turn began."


@dataclass(frozen=True, slots=True)
class PlayerSkipped(Event):
    player: int
    reason: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} was skipped: {self.reason}."


@dataclass(frozen=True, slots=True)
class ArmyCardChosen(Event):
    player: int
    card: str
    name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} chose {self.name}."


@dataclass(frozen=True, slots=True)
class SummonBegun(Event):
    player: int
    card: str
    name: str
    figures: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} began summoning {self.name} ({self.figures} figures)."


@dataclass(frozen=True, slots=True)
class FigureSummoned(Event):
    player: int
    figure: str
    name: str
    position: Pos

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name} was summoned to {format_pos(self.position)}."


@dataclass(frozen=True, slots=True)
class FigureMoved(Event):
    player: int
    figure: str
    name: str
    start: Pos
    end: Pos
    path: tuple[Pos, ...]
    cost: int

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.name} moved from {format_pos(self.start)} to {format_pos(self.end)} "
                f"({self.cost} spaces).")


@dataclass(frozen=True, slots=True)
class LeavingEngagementAttacked(Event):
    attacker: str
    attacker_name: str
    figure: str
    name: str
    face: str
    damage: int
    step: int = 0
    """Index in the `FigureMoved` path of the position the mover had stepped onto."""

    def describe(self, hidden: bool = False) -> str:
        face = read_faces((self.face,), RollPurpose.LEAVING_ENGAGEMENT)[0]
        result = "a hit: 1 damage" if self.damage else f"{face}: no damage"
        return (f"{self.attacker_name} made a leaving-engagement attack on {self.name} "
                f"({result}).")


@dataclass(frozen=True, slots=True)
class FigureFell(Event):
    figure: str
    name: str
    levels: int
    face: str
    damage: int
    step: int = 0

    def describe(self, hidden: bool = False) -> str:
        face = read_faces((self.face,), RollPurpose.FALL)[0]
        result = "a hit: 1 damage" if self.damage else f"{face}: no damage"
        return f"{self.name} fell {self.levels} levels ({result})."


@dataclass(frozen=True, slots=True)
class GlyphFlipped(Event):
    at: Hex
    kind: str
    name: str

    def describe(self, hidden: bool = False) -> str:
        return f"The glyph at {format_pos(self.at)} was turned up: {self.name}."


@dataclass(frozen=True, slots=True)
class GlyphTaken(Event):
    """A temporary glyph took effect and was removed from the game."""

    player: int
    figure: str
    at: Hex
    kind: str
    name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} used the {self.name} and removed it from the game."


@dataclass(frozen=True, slots=True)
class SpellRecalled(Event):
    player: int
    spell: str
    name: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} returned {self.name} from the graveyard to hand."


@dataclass(frozen=True, slots=True)
class DamageRemoved(Event):
    figure: str
    name: str
    amount: int
    source: str

    def describe(self, hidden: bool = False) -> str:
        return f"{self.source} removed {self.amount} damage from {self.name}."


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    attacker: str
    attacker_name: str
    target: str
    target_name: str
    attack_dice: int
    defense_dice: int
    attack_sources: tuple[tuple[str, int], ...]
    defense_sources: tuple[tuple[str, int], ...]

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.attacker_name} attacked {self.target_name}: {self.attack_dice} attack "
                f"dice against {self.defense_dice} defense dice.")


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    player: int
    purpose: str
    faces: tuple[str, ...]

    def describe(self, hidden: bool = False) -> str:
        faces = read_faces(self.faces, self.purpose)
        shown = ", ".join(faces) if faces else "no dice"
        return f"{_p(self.player)} rolled {len(self.faces)} {self.purpose} dice: {shown}."


@dataclass(frozen=True, slots=True)
class D20Rolled(Event):
    player: int
    purpose: str
    value: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} rolled the d20 for {self.purpose}: {self.value}."


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    attacker: str
    target: str
    hits: int
    shields: int
    damage: int

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.hits} hits against {self.shields} shields: {self.damage} damage.")


@dataclass(frozen=True, slots=True)
class DamageDealt(Event):
    figure: str
    name: str
    amount: int
    source: str
    total: int
    life: int
    on_card: bool

    def describe(self, hidden: bool = False) -> str:
        where = "army card" if self.on_card else "figure"
        return (f"{self.name} took {self.amount} damage from {self.source} "
                f"({self.total}/{self.life} on its {where}).")


@dataclass(frozen=True, slots=True)
class FigureDestroyed(Event):
    figure: str
    name: str
    owner: int
    source: str
    hexes: tuple[Hex, ...] = ()
    """The spaces it stood on (abilities measure from where a destroyed figure was)."""

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name} was destroyed ({self.source})."


@dataclass(frozen=True, slots=True)
class ArmyCardDestroyed(Event):
    card: str
    name: str
    owner: int
    enchantments: tuple[str, ...]

    def describe(self, hidden: bool = False) -> str:
        return f"{self.name}'s last figure fell: the army card went to the graveyard."


@dataclass(frozen=True, slots=True)
class SpellPlayed(Event):
    player: int
    spell: str
    name: str
    targets: tuple[str, ...]
    hidden: bool = False
    """A hidden enchantment played face down: other players see only that."""

    def describe(self, hidden: bool = False) -> str:
        if hidden and self.hidden:
            return f"{_p(self.player)} played a hidden enchantment face down."
        return f"{_p(self.player)} played {self.name}."


@dataclass(frozen=True, slots=True)
class SpellDiscarded(Event):
    player: int
    spell: str
    name: str
    reason: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} put {self.name} into the graveyard ({self.reason})."


@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    player: int
    card: str
    ability: str
    targets: tuple[str, ...]

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} used {self.ability} of {self.card}."


@dataclass(frozen=True, slots=True)
class DecisionAnswered(Event):
    """An optional or extension decision was answered (accept, pass, answer ...)."""

    player: int
    kind: str
    answer: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} answered {self.kind}: {self.answer}."


@dataclass(frozen=True, slots=True)
class StepEnded(Event):
    """Moving (action 3) or attacking (action 4) is over for this turn."""

    player: int
    step: str

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} finished {self.step}."


@dataclass(frozen=True, slots=True)
class EndOfTurnReached(Event):
    player: int
    turn: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)} reached the end of turn {self.turn}."


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    player: int
    turn: int

    def describe(self, hidden: bool = False) -> str:
        return f"{_p(self.player)}'s turn {self.turn} ended."


@dataclass(frozen=True, slots=True)
class TurnMarkerAdvanced(Event):
    turn: int

    def describe(self, hidden: bool = False) -> str:
        return f"The turn marker moved to {self.turn}."


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: tuple[int, ...]
    reason: str
    description: str

    def describe(self, hidden: bool = False) -> str:
        return self.description


# --- Shadows over Innistrad: cryptoliths and counters ---------------------------------------


@dataclass(frozen=True, slots=True)
class CryptolithDamaged(Event):
    """Damage markers were placed on a cryptolith (``total`` of ``life``)."""

    obstacle: str
    name: str
    amount: int
    source: str
    total: int
    life: int

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.name} took {self.amount} damage from {self.source} "
                f"({self.total}/{self.life}).")


@dataclass(frozen=True, slots=True)
class CryptolithDestroyed(Event):
    """A cryptolith was destroyed and removed from the game; ``dropped`` names the figure that
    stood on its top (placed on the space below), if any."""

    obstacle: str
    name: str
    at: Hex
    dropped: str | None = None

    def describe(self, hidden: bool = False) -> str:
        tail = f"; {self.dropped} dropped to the space below" if self.dropped else ""
        return f"{self.name} at {format_pos(self.at)} was destroyed{tail}."


@dataclass(frozen=True, slots=True)
class CountersPlaced(Event):
    """Counters of one kind were placed on an army card (``total`` now on it)."""

    card: str
    name: str
    kind: str
    amount: int
    total: int

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.amount} {self.kind} counter(s) placed on {self.name} "
                f"({self.total} now).")


@dataclass(frozen=True, slots=True)
class CountersRemoved(Event):
    """Counters of one kind came off an army card (``total`` left; 0 when the card left play).
    """

    card: str
    name: str
    kind: str
    amount: int
    total: int
    reason: str

    def describe(self, hidden: bool = False) -> str:
        return (f"{self.amount} {self.kind} counter(s) removed from {self.name} "
                f"({self.reason}).")
