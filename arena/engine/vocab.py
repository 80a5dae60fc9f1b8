"""The closed vocabularies every layer speaks: phases of the turn, stats and query points.

Each is a `StrEnum`, so a member *is* its text: it compares equal to the string, hashes like
it and ``json.dumps`` writes the bare value, which keeps saves, replays and the state digest
byte for byte what they were when these names were plain strings. Code compares members
(``state.phase is Phase.CHOOSE`` reads as intent and a misspelt member fails at import, a
misspelt string never fails); data read from files is turned into members at the border
(`Phase(text)`), which rejects an unknown name there.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

__all__ = [
    "ABILITY_PHASES",
    "ATTACK_PHASES",
    "MOVE_PHASES",
    "PLAYER_PHASES",
    "POINT_OF",
    "PRINTED",
    "QUERY_POINTS",
    "SETUP_PHASES",
    "SPELL_PHASES",
    "Phase",
    "Point",
    "Stat",
]


class Phase(StrEnum):
    """Where the game stands (``GameState.phase``); `arena.engine.turn` describes each step.

    Guide "On your turn": 1 draw, 2 choose an army card, 3 move, 4 attack, 5 move the turn
    marker. The automatic steps run without a player's action; the player phases wait for one.
    """

    SETUP = "setup"
    """Before the first-player roll (`arena.engine.setup`)."""
    SETUP_FIRST = "setup_first"
    """The roll's winner names who goes first (two-player game)."""
    SETUP_PLACE = "setup_place"
    """Planeswalkers are placed in turn order."""
    TURN_START = "turn_start"
    DRAW = "draw"
    CHOOSE = "choose"
    PRE_MOVE = "pre_move"
    MOVE = "move"
    POST_MOVE = "post_move"
    ATTACK = "attack"
    POST_ATTACK = "post_attack"
    END = "end"
    HAND_LIMIT = "hand_limit"
    END_MARKER = "end_marker"
    OVER = "over"
    """The game has an outcome."""


SETUP_PHASES: frozenset[Phase] = frozenset(
    {Phase.SETUP, Phase.SETUP_FIRST, Phase.SETUP_PLACE})
"""Before the first turn: no triggers fire and no victory is checked."""

PLAYER_PHASES: tuple[Phase, ...] = (
    Phase.CHOOSE, Phase.PRE_MOVE, Phase.MOVE, Phase.POST_MOVE, Phase.ATTACK, Phase.POST_ATTACK)
"""The steps that wait for the active player (`EndTurn` is legal in each)."""

SPELL_PHASES: tuple[Phase, ...] = (
    Phase.CHOOSE, Phase.PRE_MOVE, Phase.ATTACK, Phase.POST_ATTACK)
"""Guide Action 1: spells after action 1 and before action 3, or after action 4."""

ABILITY_PHASES: tuple[Phase, ...] = (
    Phase.PRE_MOVE, Phase.MOVE, Phase.POST_MOVE, Phase.ATTACK, Phase.POST_ATTACK)
"""Guide Action 2: activated abilities before moving, between moving and attacking, or after."""

MOVE_PHASES: tuple[Phase, ...] = (Phase.PRE_MOVE, Phase.MOVE)
"""Action 3 may start or is under way."""

ATTACK_PHASES: tuple[Phase, ...] = (
    Phase.PRE_MOVE, Phase.MOVE, Phase.POST_MOVE, Phase.ATTACK)
"""An attack may start (skipping or ending the move) or action 4 is under way."""


# --- stats and query points ----------------------------------------------------------------


class Stat(StrEnum):
    """A number printed on an army card that an ability may change (the content vocabulary's
    ``stat``). ``attack`` and ``defense`` are the dice printed on the card; ``height`` and
    ``deck_cost`` have no query point in the engine, so modifiers to them change nothing."""

    ATTACK = "attack"
    DEFENSE = "defense"
    MOVE = "move"
    RANGE = "range"
    LIFE = "life"
    HEIGHT = "height"
    DECK_COST = "deck_cost"

    @property
    def label(self) -> str:
        """The name as a sentence says it (``deck cost``)."""
        return self.value.replace("_", " ")


class Point(StrEnum):
    """A query point: where the engine folds a stat with its modifiers (`arena.engine.stats`).
    ``attack_dice`` and ``defense_dice`` are asked for one attack, so the opposing figure is
    part of the query."""

    ATTACK_DICE = "attack_dice"
    DEFENSE_DICE = "defense_dice"
    MOVE = "move"
    RANGE = "range"
    LIFE = "life"


QUERY_POINTS: tuple[Point, ...] = tuple(Point)
"""Every query point, in the order above."""

PRINTED: Mapping[Point, Stat] = MappingProxyType({
    Point.ATTACK_DICE: Stat.ATTACK,
    Point.DEFENSE_DICE: Stat.DEFENSE,
    Point.MOVE: Stat.MOVE,
    Point.RANGE: Stat.RANGE,
    Point.LIFE: Stat.LIFE,
})
"""The printed stat a query point's fold starts from (the army card's field of that name)."""

POINT_OF: Mapping[str, Point] = MappingProxyType({s: p for p, s in PRINTED.items()})
"""A vocabulary stat -> its query point; ``height`` and ``deck_cost`` have none. Keyed by
text as well as member (a `StrEnum` hashes as its value), so effect data read from a save
looks up alike."""
