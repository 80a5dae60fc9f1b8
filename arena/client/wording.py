"""Engine text in a player's words: names for ids, places for positions, seats as "Player 3".

`plain_text` is the one door engine text (event lines, refusals, a damaged save's problems)
goes through on its way to a player: every figure, army card and spell id becomes its name,
every position the place a player sees there.

`place_words` is the one place that turns a hex into text a player reads.

The engine names spaces by axial coordinates (``-2,4``) and that is right for saves, replays
and tests; a player sees no coordinates on the board, so every line the client shows (the
log, the recap, the Undo label, refusals, the hover, line-of-sight notes) names a space by
what can be seen there: its level and water, the glyph on it, the starting zone it lies in,
the ruin or glyph it stands beside ("a level-3 space beside the ruin", "the Glyph of Power",
"a level-1 space in the Yellow starting zone"). `player_positions` rewrites every position
written in an engine text. Headless: no pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from arena.engine import Board
from arena.engine.defs import GLYPH_NAMES
from arena.engine.state import GlyphState, Static
from arena.hexgrid import Hex, space_at
from arena.hexgrid.coords import distance

__all__ = ["OFF_BOARD", "place_words", "plain_text", "player_positions", "storey_words"]

OFF_BOARD = "a space"
"""How a position the battlefield does not have is named (a damaged save's figure "stands
on a space, off the battlefield": the words around it say where it is not)."""

_POSITION = re.compile(r"(?<![\w.:/-])(-?\d+),(-?\d+)(?:@(\d+))?"
                       r"(?:/(-?\d+),(-?\d+)(?:@\d+)?)?(?![\w/@]|,-?\d)")
"""A position as the engine writes it: ``q,r``, a storey's ``q,r@level`` or a double space's
``q,r/q,r``."""

_NEAR = 3
"""How far (in spaces) a landmark is still named as the place's neighbour."""


def _glyph_name(static: Static, at: Hex, glyphs: Mapping[Hex, GlyphState] | None) -> str | None:
    """The glyph on ``at`` as a player sees it (None: no glyph there); a face-down glyph
    keeps its secret."""
    if glyphs is not None:
        state = glyphs.get(at)
        if state is None:
            return None
        if state.face_up and state.kind:
            return GLYPH_NAMES.get(state.kind, f"glyph of {state.kind}")
        return "a face-down glyph"
    spec = next((g for g in static.field.glyphs if g.at == at), None)
    if spec is None:
        return None
    return GLYPH_NAMES.get(spec.kind, f"glyph of {spec.kind}") if spec.face_up \
        else "a face-down glyph"


def _landmarks(static: Static, glyphs: Mapping[Hex, GlyphState] | None
               ) -> list[tuple[Hex, str]]:
    """Every thing a player names a place by, with the hexes it covers: glyphs first, then
    ruins and cryptoliths ("the ruin" when the battlefield has one, "a ruin" otherwise)."""
    found: list[tuple[Hex, str]] = []
    spaces = glyphs.keys() if glyphs is not None else [g.at for g in static.field.glyphs]
    for at in spaces:
        name = _glyph_name(static, at, glyphs)
        if name is not None:
            found.append((at, name if name.startswith("a ") else f"the {name}"))
    obstacles = static.field.board.obstacles.values()
    kinds = [o.kind for o in obstacles]
    for obstacle in obstacles:
        article = "the" if kinds.count(obstacle.kind) == 1 else "a"
        found.extend((h, f"{article} {obstacle.kind}") for h in obstacle.footprint)
    return found


def storey_words(board: Board, space: Hex) -> str:
    """Where a surface of a column with several lies, in plain words (empty for a column with
    one surface): under a roof, with the room a figure has there ("under a roof, 4 levels of
    room"), or over the air of a gap ("over a 5-level gap": a bridge's deck, a ledge)."""
    storeys = board.storeys.get(space.column)
    if not storeys or space not in storeys:
        return ""
    room = board.room(space)
    if room is not None:
        return f"under a roof, {room} level{'s' if room != 1 else ''} of room"
    gap = board.room(storeys[storeys.index(space) - 1])  # the air under this run
    return f"over a {gap}-level gap"


def place_words(static: Static, pos: Hex | tuple[Hex, Hex],
                glyphs: Mapping[Hex, GlyphState] | None = None) -> str:
    """A noun phrase naming ``pos`` as a player would: the glyph on it, else its level (and
    water) with the starting zone it lies in or the nearest glyph or ruin. ``glyphs``: the
    glyphs as they lie now (default: as the battlefield was set up, face-down ones hidden).
    A double space is named by its leading hex."""
    h = pos if isinstance(pos, Hex) else pos[0]
    board = static.field.board
    column = board.spaces.get(h) or board.columns.get(h)
    if column is None:
        return OFF_BOARD
    glyph = _glyph_name(static, h, glyphs)
    if glyph is not None:
        return glyph if glyph.startswith("a ") else f"the {glyph}"
    water = column.terrain == "water"
    space = f"a level-{column.top} {'water ' if water else ''}space"
    storey = storey_words(board, h)
    if storey:
        space = f"{space} {storey}"
    zone = next((z for z in static.field.zones if h in z.spaces), None)
    if zone is not None:
        return f"{space} in the {zone.name or zone.id} starting zone"
    near = sorted(((distance(h, at), name) for at, name in _landmarks(static, glyphs)
                   if at != h), key=lambda pair: pair[0])
    if not near or near[0][0] > _NEAR:
        return space
    steps, name = near[0]
    return f"{space} beside {name}" if steps == 1 else f"{space} {steps} spaces from {name}"


def player_positions(static: Static, text: str,
                     glyphs: Mapping[Hex, GlyphState] | None = None) -> str:
    """``text`` with every position the engine wrote in it (``-2,4``, ``0,1/1,1``) named
    by `place_words`."""
    def words(match: re.Match[str]) -> str:
        level = match.group(3)
        return place_words(static, space_at(int(match.group(1)), int(match.group(2)),
                                            None if level is None else int(level)), glyphs)
    return _POSITION.sub(words, text)


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.:/~_-]*[A-Za-z0-9]")
"""A word that may be an engine id (``p2:leyline-phantoms``, ``p1.rhox-veterans.2``)."""

_SEAT = re.compile(r"\bplayer (\d+)\b")
"""A seat as the engine's messages write it ("controlled by player 3")."""


def plain_text(static: Static, text: str, hidden: bool = False,
               glyphs: Mapping[Hex, GlyphState] | None = None) -> str:
    """``text`` with every figure, army card and spell id replaced by its name (``hidden``:
    a spell card is "a spell card", as a player who may not see it would say), every
    position by the place a player sees there (``glyphs``: as they lie now) and every seat
    by its label ("Player 3")."""
    def name(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in static.figures:
            return static.figure_name(word)
        if word in static.cards:
            return static.card_def(word).name
        if word in static.spells:
            return "a spell card" if hidden else static.spell_name(word)
        return word
    text = _SEAT.sub(lambda m: f"Player {m.group(1)}", text)
    return _TOKEN.sub(name, player_positions(static, text, glyphs))
