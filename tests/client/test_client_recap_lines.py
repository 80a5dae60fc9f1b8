"""What the turn recap lists (issue #31): what the computer did that a player wants to know
(its card, moves, spells, attacks, dice, damage), not the log's bookkeeping: a resolved
spell's trip to the graveyard next to "Twisted Image resolved", steps ended, the turn's end
and marker, its own turn beginning, answers to its own optional triggers; nor, after its
first placement, the *other* player's shuffle and draw under "What Player 2 did"."""

from __future__ import annotations

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.recap import TurnStep, recap_of
from arena.engine.abilities.events import SpellResolved
from arena.engine.events import (
    ArmyCardChosen,
    CardDrawn,
    DecisionAnswered,
    EndOfTurnReached,
    Event,
    FigureMoved,
    HandDealt,
    LibraryShuffled,
    PlaneswalkerPlaced,
    SpellDiscarded,
    SpellPlayed,
    StepEnded,
    TurnEnded,
    TurnMarkerAdvanced,
    TurnStarted,
)
from arena.hexgrid import Hex

JACE = "p2.jace-beleren-mindmage"


def step(seat: int, *events: Event) -> TurnStep:
    return TurnStep(seat, events, tuple(e.describe() for e in events))


def texts(*steps: TurnStep) -> list[str]:
    content.catalog()
    game, _setup = duel_all_summoned()
    return [line.text for line in recap_of(game, list(steps), lambda s: f"Player {s}").lines]


def test_a_turn_is_told_without_its_bookkeeping() -> None:
    spell = "p2/twisted-image"
    told = texts(step(2, TurnStarted(2, 9), CardDrawn(2, spell, "Twisted Image", "action 1")),
                 step(2, SpellPlayed(2, spell, "Twisted Image", (JACE,)),
                      SpellDiscarded(2, spell, "Twisted Image", "resolved"),
                      SpellResolved(2, spell, "Twisted Image", "sorcery", "blue")),
                 step(2, ArmyCardChosen(2, "p2:jace-beleren-mindmage", "Jace Beleren"),
                      DecisionAnswered(2, "optional", "pass")),
                 step(2, FigureMoved(2, JACE, "Jace Beleren", Hex(0, 5), Hex(0, 3), (), 2),
                      StepEnded(2, "moving")),
                 step(2, StepEnded(2, "attacking"), EndOfTurnReached(2, 9), TurnEnded(2, 9),
                      TurnMarkerAdvanced(10), TurnStarted(1, 10)))
    assert len(told) == 4, told
    assert told[0].startswith("Player 2 drew ")
    assert told[1].startswith("Player 2 played Twisted Image")
    assert told[2] == "Player 2 chose Jace Beleren."
    assert told[3].startswith("Jace Beleren moved from ")
    assert not any("graveyard" in t or "resolved" in t or "ended" in t or "marker" in t
                   or "finished" in t or "answered" in t for t in told), told


def test_the_first_placement_tells_nothing_of_the_other_players_cards() -> None:
    told = texts(step(2, PlaneswalkerPlaced(2, JACE, "Jace Beleren", Hex(0, 5), "orange"),
                      LibraryShuffled(1, 30), HandDealt(1, 0), CardDrawn(1, "p1/x", "X", "start"),
                      LibraryShuffled(2, 30)))
    assert len(told) == 1 and told[0].startswith("Player 2 placed Jace Beleren"), told
