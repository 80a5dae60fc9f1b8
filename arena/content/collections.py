"""The player's collection: the terrain pieces they own, and whether a battlefield can be built
from them.

Players build battlefields from the boxes they own: the Arena of the Planeswalkers core box,
Heroscape master sets and terrain expansions, and loose pieces. A `Collection` says how many
of each boxed set (`SETS`) the player has, plus any custom pieces (a piece code and a count);
`check_build` says whether a battlefield can be built from it and lists what is missing, and
`available_codes` is what a piece palette offers.

The sets' contents are the Heroscape Map Editor's inventories (``src/data/inventories.ts``
and ``terrainSets.ts`` of ``Dissolutio/heroscape-map-editor``), in Arena's piece codes
(`arena.content.pieces`). The AotP core box (the guide's "Battlefield Key") holds six printed
terrain boards, which are not Heroscape pieces (`BOARD`), two 3-hex and two 1-hex raising
tiles (``s3``, ``s1``) and two ruins (``rs2``).

The file is ``collection.yaml`` in the player's Arena folder (`collection_path`)::

    format: collection
    sets: {aotp-core: 1, rise-of-the-valkyrie: 2}
    pieces: {g1: 6, tr10: 1}

It is written atomically by the content writer and read with the content loader's checks,
so a damaged or hand-edited file gives a message naming the file, the line and the fix.
"""

from __future__ import annotations

import difflib
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from arena.content import yamlio
from arena.content.base import Model, Slug
from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.errors import ContentError, broken_rules
from arena.content.loader import load_as
from arena.content.locations import user_root
from arena.content.piece_rules import RULES, Meaning, PieceError, decompose, expand
from arena.content.pieces import PIECES, Terrain, piece_hexes
from arena.content.writer import save_model
from arena.hexgrid import Hex

Coord = tuple[int, int]

FILE_NAME = "collection.yaml"
BOARD = "aotp-board"
"""An AotP terrain board: 24 printed hexes of ground (three of them a pond). Not a Heroscape
piece; a battlefield made in Arena lays its ground level on boards."""
BOARD_HEXES = 24
MAX_COUNT = 999
"""The most of one set or piece a collection may list (a typing slip, not a collection)."""


@dataclass(frozen=True)
class PieceSet:
    """A boxed set: its id (as the collection file names it), title and pieces by code."""

    id: str
    title: str
    pieces: Mapping[str, int]
    boards: int = 0
    """AotP terrain boards in the box (`BOARD`)."""

    def counts(self) -> Counter[str]:
        """The set's pieces, boards under `BOARD`."""
        out = Counter(dict(self.pieces))
        if self.boards:
            out[BOARD] = self.boards
        return out


def _set(set_id: str, title: str, boards: int = 0, **pieces: int) -> PieceSet:
    return PieceSet(set_id, title, pieces, boards)


_SETS: tuple[PieceSet, ...] = (
    _set("aotp-core", "Arena of the Planeswalkers core box", boards=6, s3=2, s1=2, rs2=2),
    # Heroscape master sets and battle boxes
    _set("rise-of-the-valkyrie", "Rise of the Valkyrie Master Set", g1=16, g2=5, g3=5, g7=5,
         g24=6, r1=6, r2=3, r3=3, r7=3, r24=2, s1=4, s2=2, s3=2, s7=2, w1=21, rs2=1, rs3=1),
    _set("swarm-of-the-marro", "Swarm of the Marro Master Set", w1=8, ws1=34, ws6=1, h=1,
         sw1=2, sw2=2, sw3=2, sw7=10, sw24=2, r1=1, r2=1, r3=1, r7=1, s1=1, s2=1, s3=2, s7=5),
    _set("battle-for-the-underdark", "Battle for the Underdark Master Set", g1=1, g2=1, g3=1,
         d1=2, d2=2, d3=2, d7=3, d24=2, r1=1, r2=1, r3=2, r7=3, s1=1, s2=1, s7=3, w1=12,
         sh1=8, sh3=1, o1=3, o3=1),
    _set("age-of-annihilation", "Age of Annihilation Master Set", g1=10, g2=6, g3=2, g7=4,
         g24=6, r1=4, r2=5, r3=1, r7=2, r24=2, s1=4, s2=5, s3=1, s7=2, w1=20, lwp=8, lws=4,
         lwr=2, lwl=1),
    _set("battle-for-the-wellspring", "Battle for the Wellspring Battle Box", lp15=1, lp14=1,
         g1=4, g3=3, g7=3, g24=2, r1=2, r3=2, r7=2, w1=6, ww1=7),
    # Heroscape terrain expansions
    _set("road-to-the-forgotten-forest", "Road to the Forgotten Forest", rd1=8, rd2=8, rd5=1,
         rw=2, tr15=1, tr10=1, tr11=2, tr12=1),
    _set("volcarren-wasteland", "Volcarren Wasteland", l1=11, lf1=5, lf2=5, lf7=4),
    _set("thaelenk-tundra", "Thaelenk Tundra", og1=1, og3=1, og4=1, og6=1, sn1=12, sn2=12,
         i1=21, i3=1, i4=1, i6=1),
    _set("fortress-of-the-archkyrie", "Fortress of the Archkyrie", cbc=10, cbs=7, cbe=4,
         cwc=10, cws=7, cwe=4, ca=1, bt=50, ld=22, cg1=21, cg7=1, cg9=1),
    _set("ticalla-jungle", "Ticalla Jungle", tp14=1, tp15=1, tp16=1, tb9=6),
    _set("marvel-the-conflict-begins", "Marvel: The Conflict Begins", c1=4, c2=7, c7=3, a1=3,
         a2=8, a7=3, g2=8, g1=2, rm=1, c6=1),
    _set("lands-of-valhalla", "Lands of Valhalla Terrain Expansion", g1=10, g2=7, g3=3, g7=5,
         g24=2, r1=5, r2=6, r3=2, r7=3, r24=2, s1=5, s2=6, s3=2, s7=3, s24=2),
    _set("waters-of-valhalla", "Waters of Valhalla Terrain Expansion", w1=24, w3=5, ww1=6),
    _set("grove-at-laurs-edge", "The Grove at Laur's Edge Terrain Expansion", lp13=1, lp14=1,
         lp15=1, lb10=6),
    _set("ruins-at-laurs-edge", "Ruins at Laur's Edge Terrain Expansion", lwt=4, lwp2=6,
         lws2=5, lwr2=2, lwr3=2, lwa=1, lwl2=5),
    _set("snow-fields-of-valhalla", "Snow Fields of Valhalla Terrain Expansion", sn1=2, sn2=2,
         sn3=2, sn7=5, sn24=2, str10=1, str12=1, i1=20, i3=3),
    _set("swamps-of-valhalla", "Swamps of Valhalla Terrain Expansion", sw1=2, sw2=2, sw3=2,
         sw7=5, sw24=2, sb10=2, ws1=20, ws3=3),
    _set("lava-fields-of-valhalla", "Lava Fields of Valhalla Terrain Expansion", lf1=2, lf2=2,
         lf3=2, lf7=5, lf24=2, ol1=3, ol3=1, l1=20, l3=20),
    _set("roads-of-valhalla", "Roads of Valhalla Terrain Expansion", rd1=16, rd5=2, rw=4),
    _set("caverns-of-valhalla", "Caverns of Valhalla Terrain Expansion", d1=7, d2=2, d3=2,
         d7=5, d24=2, sh1=14, o1=3, o3=1),
    _set("forests-of-valhalla", "Forests of Valhalla Terrain Expansion", tr10=2, tr12=2,
         tr15=2),
    _set("max-shared-terrain-kit", "Max Shared Terrain Kit", g1=10, g2=5, g3=2, g7=4, g24=3,
         r1=4, r2=3, r3=1, r7=2, r24=2, s1=4, s2=2, s3=1, s7=2, w1=12),
    _set("tournament-organizer-terrain-kit", "Tournament Organizer Terrain Kit", g1=64, g2=24,
         g3=24, g7=28, g24=12, r1=20, r2=12, r3=12, r7=20, r24=8, s1=20, s2=12, s3=12, s7=20,
         w1=48, lwp=8, lwl=4, lb10=12),
)

SETS: dict[str, PieceSet] = {s.id: s for s in _SETS}
"""Every boxed set a collection may list, by id, in the order the editor shows them."""

MARKERS: frozenset[Terrain] = frozenset({
    Terrain.START_ZONE, Terrain.GLYPH_POWER, Terrain.GLYPH_TREASURE, Terrain.OBJECTIVE_MARKER})
"""Pieces that mark the map rather than build it (start zones, glyphs, objective markers):
the boxes do not count them as terrain, so the check leaves them out."""

PLAIN_LAND: frozenset[Terrain] = frozenset(
    t for t, rule in RULES.items() if rule.meaning is Meaning.LAND and not rule.note)
"""Terrains that play as plain AotP land with nothing lost (grass, rock, sand): a
battlefield made in Arena may use any of them where its decomposition names a land tile."""


def _known_sets(value: dict[str, int]) -> dict[str, int]:
    unknown = [k for k in value if k not in SETS]
    if unknown:
        near = difflib.get_close_matches(unknown[0], SETS, n=1)
        fix = f"did you mean {near[0]}?" if near else f"use one of: {', '.join(SETS)}"
        raise broken_rules([(f"{unknown[0]!r} is not a set Arena knows", fix)])
    return value


def _known_pieces(value: dict[str, int]) -> dict[str, int]:
    unknown = [k for k in value if k not in PIECES and k != BOARD]
    if unknown:
        raise broken_rules([(f"{unknown[0]!r} is not a piece code", "use a Heroscape Map "
                             f"Editor code (g24, w1, rs2, ... docs/heroscape-maps.md) or "
                             f"{BOARD}")])
    return value


Count = Annotated[int, Field(ge=1, le=MAX_COUNT)]


class Collection(Model):
    """What the player owns: how many of each boxed set, and loose pieces by code."""

    format: Literal["collection"]
    sets: Annotated[dict[Slug, Count], AfterValidator(_known_sets)] = Field(
        default_factory=dict)
    pieces: Annotated[dict[str, Count], AfterValidator(_known_pieces)] = Field(
        default_factory=dict)
    """Custom pieces: pieces owned besides the sets (a piece code and how many)."""

    def owned(self) -> Counter[str]:
        """Every piece the collection has, by code (AotP boards under `BOARD`)."""
        out: Counter[str] = Counter()
        for set_id, times in self.sets.items():
            for code, n in SETS[set_id].counts().items():
                out[code] += n * times
        out.update(self.pieces)
        return out


def empty() -> Collection:
    """A collection with nothing in it (before the player says what they own)."""
    return Collection(format="collection")


def available_codes(collection: Collection) -> frozenset[str]:
    """The piece codes the collection has at least one of (what a piece palette offers);
    AotP boards are not pieces and are left out."""
    return frozenset(code for code, n in collection.owned().items() if n > 0 and code in PIECES)


# --- the file ------------------------------------------------------------------------------


def collection_path() -> Path:
    """The collection file in the player's Arena folder."""
    return user_root() / FILE_NAME


def load_collection(path: Path | None = None) -> Collection:
    """The player's collection (`collection_path` by default); an empty one when there is no
    file yet. A bad file raises `ContentError` naming the file, the place and the fix."""
    path = path or collection_path()
    if not path.exists():
        return empty()
    doc = yamlio.load(path)
    if not isinstance(doc.data, dict) or doc.data.get("format") != "collection":
        raise ContentError([doc.problem(
            ("format",) if isinstance(doc.data, dict) and "format" in doc.data else (),
            "is not a piece collection (it needs `format: collection`)",
            "choose the collection file, or delete it and save the collection again from "
            "the editor")])
    return load_as(doc, Collection)


def save_collection(collection: Collection, path: Path | None = None) -> Path:
    """Write the collection atomically (an existing file keeps its permissions); returns
    where it went."""
    path = path or collection_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_model(collection, path)
    return path


# --- can this battlefield be built? ---------------------------------------------------------


@dataclass(frozen=True)
class Shortfall:
    """A piece the battlefield needs more of than the collection has."""

    code: str
    needed: int
    owned: int

    @property
    def title(self) -> str:
        if self.code == BOARD:
            return "AotP terrain board"
        return PIECES[self.code].title

    def line(self) -> str:
        return f"{self.code} ({self.title}): needs {self.needed}, owns {self.owned}"


@dataclass(frozen=True)
class BuildCheck:
    """Whether a battlefield can be built from a collection, and what is missing."""

    needed: Counter[str]
    missing: tuple[Shortfall, ...]
    decomposed: bool
    """The battlefield has no pieces of its own: its columns were split into pieces."""
    notes: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        return not self.missing

    def headline(self) -> str:
        if self.ok:
            return "can be built from your collection"
        short = sum(s.needed - s.owned for s in self.missing)
        kinds = len(self.missing)
        return (f"cannot be built from your collection: {short} "
                f"{'piece' if short == 1 else 'pieces'} missing "
                f"({kinds} {'kind' if kinds == 1 else 'kinds'})")

    def lines(self) -> list[str]:
        """The verdict, then each missing piece (code, needed, owned)."""
        return [self.headline(), *(s.line() for s in self.missing), *self.notes]


def needed_pieces(bf: Battlefield) -> tuple[list[PiecePlacement], list[PiecePlacement]]:
    """The pieces `bf` is built from: its own pieces, and the rest of it (what no piece of its
    own builds: all of a battlefield without pieces, the New map's board and hexes raised by
    hand on one with some) decomposed as ``arena export-map`` does (`piece_rules.decompose`).
    Both are needed on the table, so both are counted."""
    if not bf.pieces:
        return [], decompose(bf)[0]
    rest = _not_from_pieces(bf)
    return list(bf.pieces), (decompose(rest)[0] if rest is not None else [])


def _not_from_pieces(bf: Battlefield) -> Battlefield | None:
    """`bf` less every level a land or water piece lays and every obstacle an obstacle piece
    stands as (markers left out: they are not counted), or None when its pieces build it
    all. A partial battlefield, never validated: only `decompose` reads it.

    A map its pieces build exactly (`expand` gives its columns and obstacles: an imported
    map, one built with pieces only) needs nothing more, not even the land the importer puts
    under an obstacle on the bare table (an approximation of the table, not a piece to
    own)."""
    try:
        built = expand(bf.pieces)
    except PieceError:
        built = None
    if built is not None and built.columns == list(bf.columns) \
            and built.obstacles == list(bf.obstacles):
        return None
    laid: set[tuple[Coord, int]] = set()
    blocked: set[Coord] = set()
    for piece in bf.pieces:
        meaning = RULES[PIECES[piece.piece].terrain].meaning
        hexes = [(h.q, h.r) for h in piece_hexes(piece.piece, Hex(*piece.at), piece.rotation)]
        if meaning in (Meaning.LAND, Meaning.WATER):
            laid.update((at, piece.on_level) for at in hexes)
        elif meaning is Meaning.OBSTACLE:
            blocked.update(hexes)
    columns = []
    for column in bf.columns:
        levels = [None if (column.at, index) in laid else terrain
                  for index, terrain in enumerate(column.levels)]
        if any(t is not None for t in levels):
            columns.append(column.model_copy(update={"levels": levels}))
    obstacles = [o for o in bf.obstacles if not set(o.footprint) <= blocked]
    if not columns and not obstacles:
        return None
    return bf.model_copy(update={"columns": columns, "obstacles": obstacles, "glyphs": [],
                                 "glyph_spaces": [], "power_spaces": [], "starting_zones": [],
                                 "pieces": []})


def check_build(bf: Battlefield, collection: Collection) -> BuildCheck:
    """Whether `bf` can be built from `collection`, and which pieces are missing.

    Markers (start zones, glyphs, objective markers) are not counted. What the battlefield's
    own pieces do not build (all of a battlefield made in Arena, the board and hand-raised
    hexes of one built partly with pieces) is decomposed: its ground level is laid with AotP
    boards when the collection has any (counted by hexes, as the editor's component count
    does), and any plain-land tile of the right shape (grass, rock or sand) will do where the
    decomposition names a land tile; the battlefield's own pieces are needed as they are."""
    own, made = needed_pieces(bf)
    have = collection.owned()
    own = [p for p in own if PIECES[p.piece].terrain not in MARKERS]
    made = [p for p in made if PIECES[p.piece].terrain not in MARKERS]
    notes: list[str] = []
    need = Counter(p.piece for p in own)
    if made and have[BOARD]:
        ground = [p for p in made if p.on_level == 0
                  and RULES[PIECES[p.piece].terrain].meaning in (Meaning.LAND, Meaning.WATER)]
        hexes = sum(PIECES[p.piece].size for p in ground)
        made = [p for p in made if p not in ground]
        if hexes:
            need[BOARD] = math.ceil(hexes / BOARD_HEXES)
            notes.append(f"ground level ({hexes} hexes) laid on AotP terrain boards")
    standing_in = Counter(p.piece for p in made)
    need.update(standing_in)
    spare = Counter(have)
    missing: list[Shortfall] = []
    for code in sorted(need, key=lambda c: (c == BOARD, c)):
        wanted = need[code]
        got = min(wanted, spare[code])
        spare[code] -= got
        short = min(wanted - got, standing_in[code])  # only decomposed tiles may stand in
        if short and code in PIECES and PIECES[code].terrain in PLAIN_LAND:
            got += _substitute(code, short, spare)
        if got < wanted:
            missing.append(Shortfall(code, wanted, got))
    return BuildCheck(need, tuple(missing), not bf.pieces, tuple(notes))


def _substitute(code: str, short: int, spare: Counter[str]) -> int:
    """Take up to `short` plain-land tiles of `code`'s shape from `spare`; how many."""
    template = PIECES[code].template
    took = 0
    for other in sorted(spare):
        piece = PIECES.get(other)
        if piece is None or piece.template != template or piece.terrain not in PLAIN_LAND:
            continue
        use = min(short - took, spare[other])
        spare[other] -= use
        took += use
        if took == short:
            break
    return took
