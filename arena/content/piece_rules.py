"""What Heroscape terrain pieces mean in Arena of the Planeswalkers, and the way back.

`RULES` is the one table (mirrored in docs/heroscape-maps.md) saying what each terrain
becomes: a level of land or water, a blocking obstacle, a glyph space, a starting zone, or
nothing with an AotP meaning. `expand` turns a list of placed pieces into the columns,
obstacles, glyph spaces and zones the engine plays on; `decompose` turns a battlefield back
into pieces. Both count every approximation in `Notes`, so an import or export can say
exactly what changed; nothing is dropped silently.

Why the approximations are what they are: a battlefield's columns keep their gaps (a bridge
over a river, an overhanging 24-hex tile, a tunnel under a hill: each run of tiles has a
standing surface on top, `arena.content.storeys`), so nothing is filled that no piece fills.
But water cannot carry a tile, so water directly under a higher tile is made land; and an
obstacle stands on the top of dry columns, so the water under one is made land, an obstacle
resting above the top of its column (over a gap) stands on that top, an obstacle under a
higher tile is left out, and an obstacle with nothing under it gets one land level to stand on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

from arena.content.base import MAX_COORD, MAX_LEVEL, Coord
from arena.content.battlefield import (
    SOLID,
    Battlefield,
    Column,
    GlyphKind,
    GlyphPlacement,
    Look,
    Obstacle,
    PiecePlacement,
    StartingZone,
    Surface,
    Terrain,
)
from arena.content.pieces import (
    PERSONAL_PREFIX,
    PIECES,
    START_ZONE_COLOURS,
    VS_START_ZONE,
    piece_hexes,
)
from arena.content.pieces import Terrain as PieceTerrain
from arena.content.storeys import Position, Spaces, column_of, position
from arena.hexgrid import Hex, neighbours


class Meaning(StrEnum):
    """What a piece is in the game Arena plays."""

    LAND = "land"
    WATER = "water"
    OBSTACLE = "blocking obstacle"
    GLYPH_SPACE = "glyph space"
    START_ZONE = "starting zone"
    NONE = "no AotP meaning"


@dataclass(frozen=True)
class Rule:
    """A terrain's meaning; `note` says what is lost (empty when it plays as in AotP)."""

    meaning: Meaning
    note: str = ""


_T = PieceTerrain
_M = Meaning
_HS_LAND = "Heroscape-only terrain, played as plain land (its special rules do not apply)"
_HS_FLUID = "Heroscape-only fluid, played as plain land (its special rules do not apply)"
_EDGE = "sits on hex edges or hangs on other pieces; no AotP meaning, kept for export only"
_OBSTACLE = "blocks like a ruin: no figure may enter its hexes, sight is blocked to its height"
RULES: dict[PieceTerrain, Rule] = {
    _T.GRASS: Rule(_M.LAND), _T.ROCK: Rule(_M.LAND), _T.SAND: Rule(_M.LAND),
    _T.ROAD: Rule(_M.LAND, "Heroscape road, played as plain land (Arena's `road` terrain "
                           "carries Shadows over Innistrad rules)"),
    _T.WOOD: Rule(_M.LAND, _HS_LAND), _T.SNOW: Rule(_M.LAND, _HS_LAND),
    _T.LAVA_FIELD: Rule(_M.LAND, _HS_LAND), _T.SWAMP: Rule(_M.LAND, _HS_LAND),
    _T.ASPHALT: Rule(_M.LAND, _HS_LAND), _T.CONCRETE: Rule(_M.LAND, _HS_LAND),
    _T.DUNGEON: Rule(_M.LAND, _HS_LAND), _T.TOXIC: Rule(_M.LAND, _HS_LAND),
    _T.ANCIENT: Rule(_M.LAND, _HS_LAND), _T.WALL_WALK: Rule(_M.LAND, _HS_LAND),
    _T.CASTLE_BASE: Rule(_M.LAND, "fortress wall base, played as one level of land"),
    _T.WATER: Rule(_M.WATER), _T.SWAMP_WATER: Rule(_M.WATER),
    _T.WELLSPRING_WATER: Rule(_M.WATER, "wellspring water, played as plain water"),
    _T.TOXIC_WATER: Rule(_M.WATER, "toxic water, played as plain water"),
    _T.LAVA: Rule(_M.LAND, _HS_FLUID), _T.ICE: Rule(_M.LAND, _HS_FLUID),
    _T.SHADOW: Rule(_M.LAND, _HS_FLUID),
    _T.TREE: Rule(_M.OBSTACLE, _OBSTACLE), _T.SNOW_TREE: Rule(_M.OBSTACLE, _OBSTACLE),
    _T.PALM: Rule(_M.OBSTACLE, _OBSTACLE), _T.BRUSH: Rule(_M.OBSTACLE, _OBSTACLE),
    _T.OUTCROP: Rule(_M.OBSTACLE, _OBSTACLE), _T.LAVA_ROCK_OUTCROP: Rule(_M.OBSTACLE, _OBSTACLE),
    _T.GLACIER: Rule(_M.OBSTACLE, _OBSTACLE), _T.HIVE: Rule(_M.OBSTACLE, _OBSTACLE),
    _T.SHROUDSHROOM: Rule(_M.OBSTACLE, _OBSTACLE), _T.LAUR_WALL: Rule(_M.OBSTACLE, _OBSTACLE),
    _T.CASTLE_WALL: Rule(_M.OBSTACLE, "fortress wall: " + _OBSTACLE),
    _T.RUIN: Rule(_M.OBSTACLE),
    _T.MARVEL_RUIN: Rule(_M.OBSTACLE, "warehouse ruin: its walled hexes block like a ruin; "
                                      "the upper floor is not played"),
    _T.LAUR_WALL_ADDON: Rule(_M.NONE, _EDGE), _T.ROAD_WALL: Rule(_M.NONE, _EDGE),
    _T.BATTLEMENT: Rule(_M.NONE, _EDGE), _T.LADDER: Rule(_M.NONE, _EDGE),
    _T.FORTIFIED_WALL: Rule(_M.NONE, _EDGE), _T.SHIP_WALL: Rule(_M.NONE, _EDGE),
    _T.SHIP_BOW: Rule(_M.NONE, _EDGE), _T.CANNON: Rule(_M.NONE, _EDGE),
    _T.ROPE_LADDER: Rule(_M.NONE, _EDGE),
    _T.GLYPH_POWER: Rule(_M.GLYPH_SPACE, "Heroscape power glyph: a glyph space holding AotP's "
                                         "Glyph of Power (Heroscape glyph powers have no AotP "
                                         "meaning)"),
    _T.GLYPH_TREASURE: Rule(_M.GLYPH_SPACE, "Heroscape treasure glyph: a glyph space holding "
                                            "AotP's Glyph of Knowledge"),
    _T.START_ZONE: Rule(_M.START_ZONE),
    _T.OBJECTIVE_MARKER: Rule(_M.NONE, "objective marker: no AotP meaning, kept for export "
                                       "only"),
}

SURFACES: dict[PieceTerrain, Surface] = {
    t: cast(Surface, t.value) for t, rule in RULES.items()
    if rule.meaning in (Meaning.LAND, Meaning.WATER)}
"""The look a land or water tile gives its level (`Column.surfaces`): its own terrain."""

LOOKS: dict[PieceTerrain, Look] = {
    t: cast(Look, t.value) for t, rule in RULES.items() if rule.meaning is Meaning.OBSTACLE}
"""The look an obstacle piece gives its obstacle (`Obstacle.look`): its own terrain."""

ZONES: dict[str, tuple[str, str]] = {
    "z1": ("red", "#d83a3a"), "z2": ("green", "#3aa655"), "z3": ("blue", "#3a6fd8"),
    "z4": ("yellow", "#e8c547"), "z5": ("violet", "#b04fd0"), "z6": ("cyan", "#3ac4d8"),
    "z7": ("orange", "#e8842c"), "z8": ("purple", "#7a3ad8"),
}
"""Start-zone pieces and the starting zone id and colour they become (VirtualScape's eight
start-area colours; yellow and orange are the Duel's zones)."""

GLYPH_PIECES: dict[str, GlyphKind] = {"y0": "power", "y1": "knowledge"}
"""The AotP glyph each Heroscape glyph piece puts on its glyph space, so a map built or
imported with glyph pieces plays them in every scenario (The Duel as placed, the Skirmish
shuffled): the power glyph is the Glyph of Power; the treasure glyph, a one-time pick-up, the
Glyph of Knowledge (taken when landed on). The editor's Glyph tool changes the kind."""

PROPOSED = ("z4", "z7")
"""The zones proposed for a map without any: yellow and orange, as the Duel names them."""
ZONE_SIZE = 24
"""Spaces in a proposed zone where the map allows (tournament maps' start zones; the proposal
itself is `arena.content.zone_proposal`)."""

LAND_SIZES: dict[Terrain, tuple[str, tuple[int, ...]]] = {
    "land": ("s", (24, 7, 3, 2, 1)), "weirded": ("g", (24, 7, 3, 2, 1)),
    "road": ("rd", (5, 2, 1)), "water": ("w", (3, 1)),
}
"""How `decompose` builds each Arena terrain from pieces: the code prefix and tile sizes
(land without a look of its own is sand, as Arena draws it)."""


class Notes(Counter[str]):
    """Approximations by description, with how often each happened."""

    def lines(self) -> list[str]:
        """One line per kind of approximation, most frequent first."""
        return [f"{text} (x{count})" if count > 1 else text
                for text, count in sorted(self.items(), key=lambda kv: (-kv[1], kv[0]))]


class PieceError(ValueError):
    """Pieces that cannot make a battlefield at all (too tall, too far out)."""


@dataclass
class Expansion:
    """What a list of pieces gives the engine."""

    columns: list[Column]
    obstacles: list[Obstacle]
    glyph_spaces: list[Position]
    zones: list[StartingZone]
    notes: Notes = field(default_factory=Notes)
    glyphs: list[GlyphPlacement] = field(default_factory=list)
    """The AotP glyph on each glyph space a glyph piece made (`GLYPH_PIECES`)."""


def expand(pieces: Sequence[PiecePlacement]) -> Expansion:
    """Columns, obstacles, glyph spaces and zones built from `pieces` (lowest first)."""
    notes = Notes()
    levels: dict[Coord, dict[int, Terrain]] = {}
    looks: dict[Coord, dict[int, Surface]] = {}
    parts: list[tuple[PiecePlacement, list[tuple[Coord, int]]]] = []
    markers: list[tuple[PiecePlacement, Coord]] = []
    for piece in pieces:
        spec = PIECES[piece.piece]
        rule = RULES[spec.terrain]
        if rule.note:
            notes[f"{spec.title}: {rule.note}"] += 1
        hexes = [(h.q, h.r) for h in piece_hexes(piece.piece, Hex(*piece.at), piece.rotation)]
        _check_bounds(piece, hexes)
        if rule.meaning in (Meaning.LAND, Meaning.WATER):
            level = piece.on_level + 1
            for at in hexes:
                column = levels.setdefault(at, {})
                if level in column:
                    notes["a tile overlapping an earlier piece: the earlier piece is kept"] += 1
                else:
                    column[level] = "water" if rule.meaning is Meaning.WATER else "land"
                    looks.setdefault(at, {})[level] = SURFACES[spec.terrain]
        elif rule.meaning is Meaning.OBSTACLE:
            core = spec.core if spec.core is not None else range(len(hexes))
            heights = spec.heights or (spec.height,) * len(hexes)
            parts.append((piece, [(hexes[i], heights[i]) for i in core]))
        elif rule.meaning in (Meaning.GLYPH_SPACE, Meaning.START_ZONE):
            markers.append((piece, hexes[0]))
    obstacles, bases = _obstacles(parts, levels, notes)
    _ground_obstacles(bases, levels, notes)
    _dry_under(levels, notes)
    columns = [_column(at, col, looks.get(at, {}))
               for at, col in sorted(levels.items(), key=lambda kv: (kv[0][1], kv[0][0]))
               if col]
    surfaces = Spaces.of(columns)
    blocked = {top for at in bases if (top := surfaces.top(at)) is not None}
    zones = _zones(markers, surfaces, blocked, notes)
    in_zone = {at for zone in zones for at in zone.spaces}
    spaces: list[Position] = []
    glyphs: list[GlyphPlacement] = []
    for piece, at in markers:
        if RULES[PIECES[piece.piece].terrain].meaning is not Meaning.GLYPH_SPACE:
            continue
        where, why = _marked(at, piece.on_level, surfaces, blocked)
        if where is not None and (where in in_zone or where in spaces):
            why = "in a starting zone" if where in in_zone else "on another glyph"
        if where is None or why:
            notes[f"glyph {why}: left out of play"] += 1
        else:
            spaces.append(where)
            glyphs.append(GlyphPlacement(at=where, glyph=GLYPH_PIECES[piece.piece]))
    return Expansion(columns, obstacles, spaces, zones, notes, glyphs)


def _column(at: Coord, col: dict[int, Terrain], looks: dict[int, Surface]) -> Column:
    """A column with its levels and, where its tiles gave them, their looks (a level made
    only to carry an obstacle has none)."""
    height = range(1, max(col) + 1)
    surfaces = [looks.get(n) if col.get(n) is not None else None for n in height]
    return Column(at=at, levels=[col.get(n) for n in height],
                  surfaces=surfaces if any(surfaces) else None)


def _check_bounds(piece: PiecePlacement, hexes: Iterable[Coord]) -> None:
    if piece.on_level + 1 > MAX_LEVEL:
        raise PieceError(f"piece {piece.piece} at {list(piece.at)} rests on level "
                         f"{piece.on_level}; Arena battlefields have at most {MAX_LEVEL} levels")
    for q, r in hexes:
        if max(abs(q), abs(r)) > MAX_COORD:
            raise PieceError(f"piece {piece.piece} reaches hex [{q}, {r}]; Arena battlefields "
                             f"keep q and r between -{MAX_COORD} and {MAX_COORD}")


def _obstacles(parts: list[tuple[PiecePlacement, list[tuple[Coord, int]]]],
               levels: dict[Coord, dict[int, Terrain]],
               notes: Notes) -> tuple[list[Obstacle], dict[Coord, int]]:
    """One obstacle per piece, height and level it stands on (split where its hexes do not
    touch), and the level each obstacle hex stands on: the top of its column, or where the
    piece rests when nothing is under it (`_ground_obstacles` lays the land there)."""
    out: list[Obstacle] = []
    bases: dict[Coord, int] = {}
    numbers: Counter[str] = Counter()
    for piece, cells in parts:
        spec = PIECES[piece.piece]
        by_height: dict[tuple[int, int], list[Coord]] = {}
        for at, height in cells:
            column = levels.get(at, {})
            if any(level > piece.on_level for level in column):
                notes["obstacle hex under a higher tile: left out (an obstacle stands on the "
                      "top of its column)"] += 1
                continue
            if at in bases:
                notes["obstacle overlapping an earlier obstacle: the earlier one is kept"] += 1
                continue
            top = max(column, default=0)
            if top == 0 and piece.on_level == 0:
                notes["obstacle standing on the bare table: one land level added under "
                      "it"] += 1
            elif top == 0:
                notes["obstacle hex with nothing under it: one land level added where it "
                      "rests"] += 1
            elif top < piece.on_level:
                notes["obstacle hex over a gap: stands on the top of its column, below "
                      "where the piece rests"] += 1
            bases[at] = top or max(piece.on_level, 1)
            by_height.setdefault((height, bases[at]), []).append(at)
        for (height, _), hexes in by_height.items():
            for group in _touching(hexes):
                for chunk in (group[i:i + 7] for i in range(0, len(group), 7)):
                    numbers[piece.piece] += 1
                    out.append(Obstacle(id=f"{piece.piece}-{numbers[piece.piece]}",
                                        kind="ruin", name=spec.title, footprint=chunk,
                                        height=min(height, 20), look=LOOKS[spec.terrain]))
    return out, bases


def _touching(hexes: list[Coord]) -> list[list[Coord]]:
    """`hexes` split into groups that touch edge to edge, in the order given."""
    left = list(hexes)
    groups: list[list[Coord]] = []
    while left:
        group = [left.pop(0)]
        grew = True
        while grew:
            grew = False
            for at in list(left):
                if any(_adjacent(at, other) for other in group):
                    group.append(at)
                    left.remove(at)
                    grew = True
        groups.append(group)
    return groups


def _adjacent(a: Coord, b: Coord) -> bool:
    return Hex(*b) in neighbours(Hex(*a))


def _ground_obstacles(bases: dict[Coord, int], levels: dict[Coord, dict[int, Terrain]],
                      notes: Notes) -> None:
    """Give every obstacle hex dry ground at the level it stands on (`_obstacles` noted the
    land laid where nothing was)."""
    for at, base in bases.items():
        column = levels.setdefault(at, {})
        if base not in column:
            column[base] = "land"
        elif column[base] == "water":
            column[base] = "land"
            notes["water under an obstacle: counted as land"] += 1


def _dry_under(levels: dict[Coord, dict[int, Terrain]], notes: Notes) -> None:
    """Water cannot carry a tile (`arena.content.geometry`): water directly under a higher
    tile becomes land. Water under a gap stays water, a surface under a bridge or overhang."""
    for column in levels.values():
        for level, terrain in column.items():
            if terrain == "water" and level + 1 in column:
                column[level] = "land"
                notes["water directly under a higher tile: counted as land"] += 1


def _marked(at: Coord, on_level: int, spaces: Spaces,
            blocked: set[Position]) -> tuple[Position | None, str]:
    """The space a marker resting on `on_level` in column `at` names, or None with why not:
    the surface of its column at that level (a column with several surfaces offers each)."""
    floors = spaces.floors(at)
    if not floors:
        return None, "on the bare table"
    floor = next((f for f in floors if f.top == on_level), None)
    if floor is None:
        return None, ("not on the top of its column" if len(floors) == 1 else
                      "not on a surface of its column")
    where = position(floor.hex)
    if floor.terrain not in SOLID:
        return None, f"on {floor.terrain}"
    if where in blocked:
        return None, "under an obstacle"
    return where, ""


def _zones(markers: list[tuple[PiecePlacement, Coord]], surfaces: Spaces,
           blocked: set[Position], notes: Notes) -> list[StartingZone]:
    spaces: dict[str, list[Position]] = {}
    taken: set[Position] = set()
    for piece, at in markers:
        if piece.piece not in ZONES:
            continue
        where, why = _marked(at, piece.on_level, surfaces, blocked)
        if where is not None and where in taken:
            why = "in two zones"
        if where is None or why:
            notes[f"start zone space {why}: left out"] += 1
            continue
        taken.add(where)
        spaces.setdefault(piece.piece, []).append(where)
    return [StartingZone(id=ZONES[code][0], name=ZONES[code][0].capitalize(),
                         colour=ZONES[code][1], spaces=hexes)
            for code, hexes in sorted(spaces.items())]


# --- battlefield -> pieces -------------------------------------------------------------------


def to_pieces(bf: Battlefield) -> tuple[list[PiecePlacement], Notes]:
    """The pieces to write for `bf`, and what was approximated: its stored pieces while they
    still build its columns, obstacles and glyph spaces (with its starting zones as they are
    now, if they were changed), else its columns decomposed (`decompose`). Proposed zones
    are a suggestion, not the map's, and are not written."""
    built = _rebuilt(bf)
    if built is None:
        pieces, notes = decompose(bf)
        if bf.pieces:
            notes["the battlefield was edited after import: pieces rebuilt from its "
                  "columns"] += 1
        return pieces, notes
    notes = Notes()
    own = [z for z in bf.starting_zones if not z.proposed]
    pieces = list(bf.pieces)
    if built.zones != own:
        pieces = [p for p in pieces if p.piece not in ZONES] + _zone_pieces(
            own, Spaces.of(bf.columns), notes)
        notes["starting zones changed after import: written as they are now"] += 1
    if len(own) < len(bf.starting_zones):
        notes["proposed starting zones are not exported (the map had none)"] += 1
    return pieces, notes


def _rebuilt(bf: Battlefield) -> Expansion | None:
    """What `bf`'s stored pieces build, if that is still its terrain."""
    if not bf.pieces:
        return None
    try:
        built = expand(bf.pieces)
    except PieceError:
        return None
    same = (built.columns == list(bf.columns) and built.obstacles == list(bf.obstacles)
            and built.glyph_spaces == list(bf.glyph_spaces))
    return built if same else None


def decompose(bf: Battlefield) -> tuple[list[PiecePlacement], Notes]:
    """Pieces that build `bf`: land and water greedily in the largest tiles that fit, ruins
    as Heroscape ruins, other obstacles as single-hex pieces of the nearest height, glyphs
    and starting zones as their markers."""
    notes = Notes()
    out: list[PiecePlacement] = []
    columns = bf.column_map()
    top = {at: c.top for at, c in columns.items()}
    by_layer: dict[tuple[int, Terrain, str], set[Coord]] = {}
    for at, column in columns.items():
        looks = list(column.surfaces or [])
        for index, terrain in enumerate(column.levels):
            if terrain is not None:
                family = _family(terrain, looks[index] if index < len(looks) else None)
                by_layer.setdefault((index + 1, terrain, family), set()).add(at)
    for (level, terrain, family), hexes in sorted(by_layer.items()):
        prefix, sizes = LAND_SIZES[terrain]
        codes = [f"{prefix}{size}" for size in sizes]
        if family:
            codes = _family_codes(family) + codes
        elif terrain == "weirded":
            notes["weirded ground exported as grass"] += len(hexes)
        elif terrain == "road":
            notes["road exported as Heroscape road (which imports as plain land)"] += len(hexes)
        out.extend(_tiles(hexes, level - 1, codes))
    for obstacle in bf.obstacles:
        out.extend(_obstacle_pieces(obstacle, top, notes))
    surfaces = Spaces.of(bf.columns)
    out.extend(_glyph_pieces(bf, surfaces, notes))
    if bf.power_spaces:
        notes["power spaces have no Heroscape piece: left out"] += len(bf.power_spaces)
    own = [z for z in bf.starting_zones if not z.proposed]
    if len(own) < len(bf.starting_zones):
        notes["proposed starting zones are not exported"] += 1
    out.extend(_zone_pieces(own, surfaces, notes))
    out.sort(key=lambda p: p.on_level)
    return out, notes


def _glyph_pieces(bf: Battlefield, spaces: Spaces, notes: Notes) -> list[PiecePlacement]:
    """One glyph piece per glyph and glyph space, resting on the surface it names: the piece
    the map was built with there, else the piece whose glyph it is (`GLYPH_PIECES`; the power
    glyph for any other kind)."""
    placed = {(p.at, p.on_level): p.piece for p in bf.pieces if p.piece in GLYPH_PIECES}
    by_kind = {kind: code for code, kind in GLYPH_PIECES.items()}
    out: list[PiecePlacement] = []
    for glyph in bf.glyphs:
        where = (column_of(glyph.at), spaces.level(glyph.at))
        code = placed.get(where) or by_kind.get(glyph.glyph, "y0")
        if GLYPH_PIECES[code] != glyph.glyph:
            notes[f"{glyph.glyph} glyph exported as a Heroscape {PIECES[code].title} (which, "
                  f"read alone, holds the {GLYPH_PIECES[code]} glyph)"] += 1
        out.append(PiecePlacement(piece=code, at=where[0], on_level=where[1]))
    held = {g.at for g in bf.glyphs}
    for at in bf.glyph_spaces:
        if at not in held:
            where = (column_of(at), spaces.level(at))
            out.append(PiecePlacement(piece=placed.get(where, "y0"), at=where[0],
                                      on_level=where[1]))
    return out


def _family(terrain: Terrain, surface: str | None) -> str:
    """The Heroscape terrain whose tiles rebuild a level: its look's when the look has tiles
    and plays as the level's terrain (water under a tile plays as land: grass then), else
    ``""`` (the terrain's default tiles, `LAND_SIZES`)."""
    if surface is None or surface not in PieceTerrain.__members__.values():
        return ""
    meaning = RULES[PieceTerrain(surface)].meaning
    wanted = Meaning.WATER if terrain == "water" else Meaning.LAND
    return surface if meaning is wanted and _family_codes(surface) else ""


def _family_codes(surface: str) -> list[str]:
    """A terrain's plain tiles, largest first (fortress bases and other odd pieces aside)."""
    found = [p for p in PIECES.values() if p.terrain.value == surface and p.heights is None
             and p.core is None and p.terrain is not PieceTerrain.CASTLE_BASE]
    return [p.code for p in sorted(found, key=lambda p: -p.size)]


def _tiles(hexes: set[Coord], on_level: int, codes: Sequence[str]) -> list[PiecePlacement]:
    """`hexes` covered greedily by `codes`' tiles, in order (the last must be one hex)."""
    left = set(hexes)
    out: list[PiecePlacement] = []
    for code in codes:
        for origin in sorted(left, key=lambda a: (a[1], a[0])):
            if origin not in left:
                continue
            for turn in range(6):
                cells = [(h.q, h.r) for h in piece_hexes(code, Hex(*origin), turn)]
                if all(c in left for c in cells):
                    left.difference_update(cells)
                    out.append(PiecePlacement(piece=code, at=origin, on_level=on_level,
                                              rotation=turn))
                    break
    return out


_SINGLE_OBSTACLES = ("o1", "tb9", "tr10", "tr11", "tr12", "lp13", "tp14", "tp15", "tp16")
"""One-hex obstacles by height, for obstacles no Heroscape piece matches."""


def _obstacle_pieces(obstacle: Obstacle, top: dict[Coord, int],
                     notes: Notes) -> list[PiecePlacement]:
    base = top.get(obstacle.footprint[0], 0)
    if obstacle.kind == "ruin" and len(obstacle.footprint) in (2, 3):
        code = "rs2" if len(obstacle.footprint) == 2 else "rs3"
        placed = _fit_core(code, obstacle.footprint, base)
        if placed is not None:
            if obstacle.height != PIECES[code].height:
                notes[f"ruin of height {obstacle.height} exported as {PIECES[code].title} "
                      f"(height {PIECES[code].height})"] += 1
            return [placed]
    own = tuple(p.code for p in PIECES.values()
                if p.terrain.value == obstacle.look and p.size == 1 and p.heights is None)
    nearest = min(own or _SINGLE_OBSTACLES,
                  key=lambda c: (abs(PIECES[c].height - obstacle.height), c))
    notes[f"{obstacle.kind} of height {obstacle.height} exported as "
          f"{PIECES[nearest].title} on each of its hexes"] += 1
    return [PiecePlacement(piece=nearest, at=at, on_level=top.get(at, 0))
            for at in obstacle.footprint]


def _fit_core(code: str, footprint: list[Coord], base: int) -> PiecePlacement | None:
    spec = PIECES[code]
    assert spec.core is not None
    want = set(footprint)
    for origin in footprint:
        for turn in range(6):
            cells = piece_hexes(code, Hex(*origin), turn)
            if {(cells[i].q, cells[i].r) for i in spec.core} == want:
                return PiecePlacement(piece=code, at=origin, on_level=base, rotation=turn)
    return None


def _zone_pieces(zones: list[StartingZone], spaces: Spaces,
                 notes: Notes) -> list[PiecePlacement]:
    """The start-zone markers of `zones`, each resting on the surface its space names."""
    by_name = {name: code for code, (name, _) in ZONES.items()}
    free = [code for code in ZONES if ZONES[code][0] not in {z.id for z in zones}]
    out: list[PiecePlacement] = []
    for zone in zones:
        code = by_name.get(zone.id)
        if code is None:
            if not free:
                notes["starting zones beyond VirtualScape's eight colours: left out"] += 1
                continue
            code = free.pop(0)
            notes[f"starting zone {zone.id!r} exported as the {ZONES[code][0]} zone"] += 1
        if zone.capacity != 1:
            notes[f"starting zone {zone.id!r}: its capacity ({zone.capacity}) is not kept"] += 1
        out.extend(PiecePlacement(piece=code, at=column_of(at), on_level=spaces.level(at))
                   for at in zone.spaces)
    return out


# --- the tables of docs/heroscape-maps.md ---------------------------------------------------


def rules_table() -> str:
    """`RULES` as the Markdown table docs/heroscape-maps.md shows (a test keeps them equal)."""
    rows = ["| terrain | pieces | in Arena | note |", "|---|---|---|---|"]
    for terrain, rule in RULES.items():
        codes = ", ".join(f"`{p.code}`" for p in PIECES.values() if p.terrain is terrain)
        rows.append(f"| {terrain.value} | {codes} | {rule.meaning.value} | {rule.note} |")
    return "\n".join(rows)


def pieces_table() -> str:
    """Every piece as the Markdown table docs/heroscape-maps.md shows."""
    rows = ["| code | piece | terrain | hexes | height | VirtualScape type |",
            "|---|---|---|---|---|---|"]
    for p in PIECES.values():
        heights = "/".join(map(str, p.heights)) if p.heights else str(p.height)
        if p.code in START_ZONE_COLOURS:
            vs = f"{VS_START_ZONE}, colour {START_ZONE_COLOURS[p.code]}"
        elif p.vs_type is not None:
            vs = str(p.vs_type)
        else:
            vs = f"personal tile `{PERSONAL_PREFIX}{p.code}`"
        rows.append(f"| `{p.code}` | {p.title} | {p.terrain.value} | {p.size} | {heights} "
                    f"| {vs} |")
    return "\n".join(rows)
