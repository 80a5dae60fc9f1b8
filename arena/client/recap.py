"""The turn recap: what the computer players did since the person at the screen last
played, in the log's plain words, each line with the figure it names (to show it on the
board). Headless: the battle screen draws it (`arena.client.scenes.recap_panel`).

The session records every computer action as a `TurnStep` (its events and their log
lines) in a `TurnRecord`. The record is *ready* once a computer player's turn has ended (an
action of its started another turn); the screen then takes it as a `Recap` when a person is
to act. A person ending their own turn starts a fresh record, so a recap never repeats what
came before that person's last turn.

The record also keeps a copy of the game from before its first action and every action since
(a person's answer in the middle of a computer's turn too): taking the recap keeps them as a
`TurnTape`, from which "Replay last turn" plays the turn again (`arena.client.turn_replay`);
the engine is deterministic, so the copy rolls the same dice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from arena.engine import Action, Event, Game
from arena.engine.abilities.events import SpellResolved
from arena.engine.actions import pos_hexes
from arena.engine.events import (
    AbilityUsed,
    AttackDeclared,
    AttackResolved,
    CardDrawn,
    DamageDealt,
    DecisionAnswered,
    DiceRolled,
    EndOfTurnReached,
    FigureDestroyed,
    FigureFell,
    FigureMoved,
    FigureSummoned,
    FirstPlayerRolled,
    GameStarted,
    HandDealt,
    LeavingEngagementAttacked,
    LibraryShuffled,
    PlaneswalkerPlaced,
    SpellDiscarded,
    SpellPlayed,
    StepEnded,
    SummonBegun,
    TurnEnded,
    TurnMarkerAdvanced,
    TurnStarted,
)
from arena.hexgrid import Hex

__all__ = ["Recap", "RecapLine", "TurnRecord", "TurnStep", "TurnTape", "figure_of", "recap_of"]


@dataclass(frozen=True)
class TurnStep:
    """One computer action: who took it, its events and their log lines (one per event)."""

    seat: int
    events: tuple[Event, ...]
    lines: tuple[str, ...]

    @property
    def ends_turn(self) -> bool:
        """Whether this action ended its player's turn (another turn began)."""
        return any(isinstance(e, TurnStarted) for e in self.events)


@dataclass(frozen=True)
class RecapLine:
    """A line of the recap: its words, the player it is about, and the figure it names
    with where to look for it (empty for a line that names none, such as a card choice)."""

    text: str
    seat: int
    figure: str | None = None
    hexes: tuple[Hex, ...] = ()
    header: bool = False
    """A player's heading ("Player 2 (computer, easy)"), when the recap covers several."""

    @property
    def shows(self) -> bool:
        """Whether clicking the line can show something on the board."""
        return bool(self.hexes)


@dataclass(frozen=True)
class Recap:
    """What the computer players did, for the recap panel."""

    title: str
    lines: tuple[RecapLine, ...]


def figure_of(event: Event) -> tuple[str | None, tuple[Hex, ...]]:
    """The figure an event is about (the mover, the attacker, the figure placed, hit,
    damaged or destroyed, an attack's target for its outcome, a spell's or an ability's
    first target) and where the event places it."""
    match event:
        case FigureMoved(figure=figure, end=end):
            return figure, pos_hexes(end)
        case FigureSummoned(figure=figure, position=position) | PlaneswalkerPlaced(
                figure=figure, position=position):
            return figure, pos_hexes(position)
        case AttackDeclared(attacker=attacker):
            return attacker, ()
        case AttackResolved(target=target):
            return target, ()
        case DamageDealt(figure=figure) | LeavingEngagementAttacked(figure=figure) | \
                FigureFell(figure=figure):
            return figure, ()
        case FigureDestroyed(figure=figure, hexes=hexes):
            return figure, tuple(hexes)
        case SpellPlayed(targets=targets) | AbilityUsed(targets=targets) if targets:
            return targets[0], ()
    return None, ()


BOOKKEEPING: tuple[type[Event], ...] = (
    GameStarted, FirstPlayerRolled, LibraryShuffled, HandDealt, TurnStarted, SummonBegun,
    DecisionAnswered, SpellResolved, StepEnded, EndOfTurnReached, TurnEnded,
    TurnMarkerAdvanced)
"""Events the log keeps for the record but a recap leaves out: what follows from the rules
by itself (a turn's start and end, the marker, a step ended, a summon announced before its
figures arrive, a spell resolving after it was played, the computer's answer to its own
question) tells a player nothing the next lines do not."""

_SPELL_DONE = ("resolved", "its effect resolved")
"""A spell's reasons for the graveyard that only say it resolved (it was played: told)."""


def worth_telling(event: Event, seat: int) -> bool:
    """Whether a recap of ``seat``'s actions lists ``event``: not bookkeeping (`BOOKKEEPING`,
    a resolved spell put into the graveyard), and no other player's draw (the first
    placement deals every hand)."""
    if isinstance(event, BOOKKEEPING):
        return False
    if isinstance(event, SpellDiscarded):
        return event.reason not in _SPELL_DONE
    if isinstance(event, CardDrawn):
        return event.player == seat
    return True


def recap_of(game: Game, steps: list[TurnStep], seat_label: Callable[[int], str]) -> Recap:
    """The recap of ``steps``: the log lines `worth_telling`, each with the figure it names,
    placed where it stands now (or, for one no longer on the battlefield, where the event
    last saw it); a heading
    goes before each player's lines when more than one computer player acted. A roll
    names the figure of the line before it (the attacker whose attack it is)."""
    state = game.state
    static = state.static
    seats = list(dict.fromkeys(step.seat for step in steps))
    lines: list[RecapLine] = []
    current = 0
    for step in steps:
        if len(seats) > 1 and step.seat != current:
            lines.append(RecapLine(seat_label(step.seat), step.seat, header=True))
        current = step.seat
        previous: tuple[str | None, tuple[Hex, ...]] = (None, ())
        for event, text in zip(step.events, step.lines, strict=False):
            if not worth_telling(event, step.seat):
                continue
            figure, hexes = previous if isinstance(event, DiceRolled) else figure_of(event)
            previous = (figure, hexes)
            if figure is not None and figure not in static.figures:
                figure, hexes = None, ()
            if figure is not None:
                now = state.figures.get(figure)
                if now is not None and now.zone == "battlefield" and now.hexes:
                    hexes = tuple(now.hexes)
            lines.append(RecapLine(text, step.seat, figure, hexes))
    title = (f"What {seat_label(seats[0])} did" if len(seats) == 1
             else "What the computer players did")
    return Recap(title, tuple(lines))


@dataclass(frozen=True)
class TurnTape:
    """What a recap covered, to play it again: the game before its first action (a copy
    nobody plays on), the log's length then, every action since by seat, and the recorded
    steps (what the computer's actions did)."""

    start: Game
    start_log: int
    actions: tuple[tuple[int, Action], ...]
    steps: tuple[TurnStep, ...]


@dataclass
class TurnRecord:
    """The computer actions since the last recap (see the module docstring)."""

    steps: list[TurnStep] = field(default_factory=list)
    start: tuple[Game, int] | None = None
    """A copy of the game before the first recorded action, and the log's length then."""
    actions: list[tuple[int, Action]] = field(default_factory=list)
    """Every action since `start`, by seat."""
    last: TurnTape | None = None
    """What the last recap taken covered (None before the first)."""

    def starting(self, game: Game, log_len: int) -> None:
        """A computer player is about to act: copy the game when this starts the record."""
        if self.start is None:
            self.start = (game.clone(), log_len)

    def add(self, seat: int, events: list[Event], lines: list[str],
            action: Action | None = None) -> None:
        """A computer player's action and the log lines of its events."""
        self.steps.append(TurnStep(seat, tuple(events), tuple(lines)))
        if action is not None and self.start is not None:
            self.actions.append((seat, action))

    def person_acted(self, events: list[Event], seat: int = 0,
                     action: Action | None = None) -> None:
        """A person's action: ending their turn starts a fresh record; another one (an answer
        in the computer's turn) is part of what a replay plays again."""
        if any(isinstance(e, TurnStarted) for e in events):
            self.steps.clear()
            self.actions.clear()
            self.start = None
        elif action is not None and self.start is not None:
            self.actions.append((seat, action))

    def taken_back(self, seat: int) -> None:
        """A person took back their last action: it is no longer part of the record."""
        if self.actions and self.actions[-1][0] == seat:
            self.actions.pop()

    @property
    def ready(self) -> bool:
        """Whether a computer player's turn has ended since the last recap."""
        return any(step.ends_turn for step in self.steps)

    def take(self, game: Game, seat_label: Callable[[int], str]) -> Recap | None:
        """The recap of what was recorded (None when nothing was), and a fresh record; what it
        covers is kept as the `last` tape."""
        steps, self.steps = self.steps, []
        actions, self.actions = self.actions, []
        start, self.start = self.start, None
        if start is not None and actions:
            self.last = TurnTape(start[0], start[1], tuple(actions), tuple(steps))
        return recap_of(game, steps, seat_label) if steps else None
