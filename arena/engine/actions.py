"""Actions: small frozen values with a text form that round-trips (python-chess's `Move.uci`).

Every choice a player makes is one of these, whether a turn action (choose an army card, move a
figure, attack) or the answer to a pending decision (place a Planeswalker, order damage,
discard down to seven). `Action.text()` gives the one-line form used by logs, replays and test
fixtures, and `parse_action(text)` reads it back: ``parse_action(a.text()) == a`` for every
action. Ids in the text:

- players ``p1`` .. ``p5`` (seat numbers);
- army cards ``p1:rhox-veterans`` (owner and card id; a second copy of a common card is
  ``p1:rhox-veterans~2``);
- figures ``p1.rhox-veterans.2`` (the card's id and the figure's number; a single-figure card
  has no number: ``p1.gideon-jura-combat-mage``);
- spell cards ``p1/unsummon`` (owner and spell id);
- positions ``3,-1`` (axial q,r), or ``3,-1/4,-1`` for a double-space figure (leading hex first).

Examples: ``choose p1:rhox-veterans``, ``summon p1:kor-hookmasters``, ``place 2,-4``,
``move p1.rhox-veterans.2 3,-1``, ``move p1.rhox-veterans.2 3,-1 via 1,0 2,-1 3,-1``,
``move p1.flamewing-phoenixes.1 3,-1 walk`` (a flier walking instead of flying),
``end-move``, ``attack p1.gideon-jura-combat-mage p2.jace-beleren-mindmage``, ``end-attack``,
``end-turn``, ``discard p1/unsummon``, ``play p1/unsummon p2.leyline-phantoms.1``,
``use p1:liliana-vess-necromancer snuff-out p2.rhox-veterans.1``, ``pass``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import ClassVar, TypeAlias

from arena.engine.errors import ParseError
from arena.hexgrid import Hex, format_space, space_at

__all__ = [
    "Accept",
    "Action",
    "Answer",
    "Attack",
    "BeginSummon",
    "ChooseCard",
    "ChooseFirstPlayer",
    "Discard",
    "EndAttack",
    "EndMove",
    "EndTurn",
    "MoveFigure",
    "OrderDamage",
    "Pass",
    "PlaceFigure",
    "PlacePlaneswalker",
    "PlaySpell",
    "Pos",
    "RecallSpell",
    "UseAbility",
    "format_pos",
    "parse_action",
    "parse_pos",
]

Pos: TypeAlias = Hex | tuple[Hex, Hex]
"""A figure's position: one hex, or (leading hex, trailing hex) for a double-space figure."""

_HEX = re.compile(r"^(-?\d+),(-?\d+)(?:@(\d+))?$")


def format_hex(h: Hex) -> str:
    """``q,r``, or ``q,r@level`` for one of several surfaces of a column (`Storey`)."""
    return format_space(h)


def format_pos(pos: Pos) -> str:
    """``q,r`` or ``q,r/q,r``."""
    if isinstance(pos, Hex):
        return format_hex(pos)
    return f"{format_hex(pos[0])}/{format_hex(pos[1])}"


def parse_hex(text: str) -> Hex:
    """Read ``q,r`` or ``q,r@level``."""
    m = _HEX.match(text)
    if not m:
        raise ParseError(f"not a space: {text!r} (expected q,r or q,r@level)")
    level = m.group(3)
    return space_at(int(m.group(1)), int(m.group(2)), None if level is None else int(level))


def parse_pos(text: str) -> Pos:
    """Read ``q,r`` or ``q,r/q,r``."""
    parts = text.split("/")
    if len(parts) == 1:
        return parse_hex(parts[0])
    if len(parts) == 2:
        return (parse_hex(parts[0]), parse_hex(parts[1]))
    raise ParseError(f"not a position: {text!r}")


def _words(value: object) -> list[str]:
    """A field's words in the text form."""
    if isinstance(value, Hex) or (isinstance(value, tuple) and len(value) == 2
                                  and all(isinstance(v, Hex) for v in value)):
        return [format_pos(value)]
    if isinstance(value, tuple):
        return [str(v) for v in value]
    return [str(value)]


def pos_hexes(pos: Pos) -> tuple[Hex, ...]:
    """The hexes of a position, leading first."""
    return (pos,) if isinstance(pos, Hex) else pos


class Action:
    """Base class of every action; `verb` is the first word of the text form."""

    verb: ClassVar[str] = ""

    def text(self) -> str:
        """The one-line text form (see the module docstring): the verb, then each field in
        declaration order (positions as ``q,r``, tuples of targets spread out)."""
        words = [self.verb]
        for field in fields(self):  # type: ignore[arg-type]
            words.extend(_words(getattr(self, field.name)))
        return " ".join(words)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class ChooseFirstPlayer(Action):
    """Set-up, two players: the high roller chooses who goes first and places first."""

    verb: ClassVar[str] = "first"
    seat: int

    def text(self) -> str:
        return f"first p{self.seat}"


@dataclass(frozen=True, slots=True)
class PlacePlaneswalker(Action):
    """Set-up: place your Planeswalker in a starting zone."""

    verb: ClassVar[str] = "place-pw"
    position: Pos



@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """Action 2: choose the army card whose figures act this turn."""

    verb: ClassVar[str] = "choose"
    card: str



@dataclass(frozen=True, slots=True)
class BeginSummon(Action):
    """Planeswalker rules: start summoning a squad or hero from reserve (then `PlaceFigure`
    once per figure; a begun summon must be finished)."""

    verb: ClassVar[str] = "summon"
    card: str



@dataclass(frozen=True, slots=True)
class PlaceFigure(Action):
    """Place the next figure of the squad being summoned (or returned to the battlefield by an
    effect that uses the same decision)."""

    verb: ClassVar[str] = "place"
    position: Pos



@dataclass(frozen=True, slots=True)
class MoveFigure(Action):
    """Action 3: move one figure of the chosen card. Without `path` the engine takes the best
    path `reachable` found (fewest leaving-engagement attacks, then falls, then spaces); with
    one, the path (start first) is checked and walked as given. `walk`: a flying figure moves
    on foot this time (climbing, water, glyphs and engagement as for any figure)."""

    verb: ClassVar[str] = "move"
    figure: str
    to: Pos
    path: tuple[Pos, ...] | None = None
    walk: bool = False

    def text(self) -> str:
        out = f"move {self.figure} {format_pos(self.to)}"
        if self.walk:
            out += " walk"
        if self.path is not None:
            out += " via " + " ".join(format_pos(p) for p in self.path)
        return out


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """Action 3 is over (attacking, or the next step, may begin)."""

    verb: ClassVar[str] = "end-move"



@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Action 4: one figure of the chosen card attacks one opposing figure."""

    verb: ClassVar[str] = "attack"
    attacker: str
    target: str



@dataclass(frozen=True, slots=True)
class EndAttack(Action):
    """Action 4 is over (spells and activated abilities may follow)."""

    verb: ClassVar[str] = "end-attack"



@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn (action 5: end-of-turn steps, hand limit, turn marker)."""

    verb: ClassVar[str] = "end-turn"



@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a spell card from hand (the hand limit decision)."""

    verb: ClassVar[str] = "discard"
    spell: str



@dataclass(frozen=True, slots=True)
class OrderDamage(Action):
    """Simultaneous damage: the active player picks the figure dealt its damage next."""

    verb: ClassVar[str] = "order-damage"
    figure: str



@dataclass(frozen=True, slots=True)
class RecallSpell(Action):
    """Glyph of Recall: return this spell card from your graveyard to your hand."""

    verb: ClassVar[str] = "recall"
    spell: str



@dataclass(frozen=True, slots=True)
class PlaySpell(Action):
    """Play a spell card from hand with its targets (ids or positions as text). Legal only
    where a registered action source offers it (the spells module)."""

    verb: ClassVar[str] = "play"
    spell: str
    targets: tuple[str, ...] = ()



@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use an activated ability of the chosen army card. Legal only where a registered action
    source offers it (the abilities module)."""

    verb: ClassVar[str] = "use"
    card: str
    ability: str
    targets: tuple[str, ...] = ()



@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the pending optional decision (an optional trigger)."""

    verb: ClassVar[str] = "accept"



@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the pending optional decision."""

    verb: ClassVar[str] = "pass"



@dataclass(frozen=True, slots=True)
class Answer(Action):
    """A generic answer to an extension's decision: one option token (an id, a position,
    a word the decision defines)."""

    verb: ClassVar[str] = "answer"
    option: str



_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.:/~_-]*$")


def _ident(text: str) -> str:
    if not _ID.match(text):
        raise ParseError(f"not an id: {text!r}")
    return text


_TOKEN = re.compile(r"^[A-Za-z0-9-][A-Za-z0-9.:/~_,+-]*$")


def _token(text: str) -> str:
    """A target or answer: an id, a position or a word (no spaces)."""
    if not _TOKEN.match(text):
        raise ParseError(f"not a target: {text!r}")
    return text


def _seat(text: str) -> int:
    if not re.match(r"^p[1-9]\d*$", text):
        raise ParseError(f"not a player: {text!r} (expected p1, p2 ...)")
    return int(text[1:])


def _parse_move(words: list[str]) -> MoveFigure:
    if len(words) < 2:
        raise ParseError("move needs a figure and a position")
    figure, to = _ident(words[0]), parse_pos(words[1])
    rest = words[2:]
    walk = bool(rest) and rest[0] == "walk"
    if walk:
        rest = rest[1:]
    if not rest:
        return MoveFigure(figure, to, walk=walk)
    if rest[0] != "via" or len(rest) < 2:
        raise ParseError("after the position, a move takes `walk` and/or `via` and the path")
    return MoveFigure(figure, to, tuple(parse_pos(w) for w in rest[1:]), walk)


def _exactly(n: int, words: list[str], verb: str) -> list[str]:
    if len(words) != n:
        raise ParseError(f"{verb} takes {n} argument(s), got {len(words)}")
    return words


_PARSERS: dict[str, Callable[[list[str]], Action]] = {
    "first": lambda w: ChooseFirstPlayer(_seat(_exactly(1, w, "first")[0])),
    "place-pw": lambda w: PlacePlaneswalker(parse_pos(_exactly(1, w, "place-pw")[0])),
    "choose": lambda w: ChooseCard(_ident(_exactly(1, w, "choose")[0])),
    "summon": lambda w: BeginSummon(_ident(_exactly(1, w, "summon")[0])),
    "place": lambda w: PlaceFigure(parse_pos(_exactly(1, w, "place")[0])),
    "move": _parse_move,
    "end-move": lambda w: (_exactly(0, w, "end-move"), EndMove())[1],
    "attack": lambda w: Attack(*(_ident(x) for x in _exactly(2, w, "attack"))),
    "end-attack": lambda w: (_exactly(0, w, "end-attack"), EndAttack())[1],
    "end-turn": lambda w: (_exactly(0, w, "end-turn"), EndTurn())[1],
    "discard": lambda w: Discard(_ident(_exactly(1, w, "discard")[0])),
    "order-damage": lambda w: OrderDamage(_ident(_exactly(1, w, "order-damage")[0])),
    "recall": lambda w: RecallSpell(_ident(_exactly(1, w, "recall")[0])),
    "play": lambda w: PlaySpell(_ident(w[0]), tuple(_token(x) for x in w[1:]))
    if w
    else _fail("play needs a spell"),
    "use": lambda w: UseAbility(_ident(w[0]), _ident(w[1]), tuple(_token(x) for x in w[2:]))
    if len(w) >= 2
    else _fail("use needs a card and an ability"),
    "accept": lambda w: (_exactly(0, w, "accept"), Accept())[1],
    "pass": lambda w: (_exactly(0, w, "pass"), Pass())[1],
    "answer": lambda w: Answer(_token(_exactly(1, w, "answer")[0])),
}


def _fail(message: str) -> Action:
    raise ParseError(message)


def parse_action(text: str) -> Action:
    """Read an action's text form (raises `ParseError`)."""
    words = text.split()
    if not words:
        raise ParseError("empty action")
    parser = _PARSERS.get(words[0])
    if parser is None:
        raise ParseError(f"unknown action {words[0]!r}")
    return parser(words[1:])
