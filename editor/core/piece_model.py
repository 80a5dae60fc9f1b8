"""Building with terrain pieces in the editor: place, turn and remove whole pieces (headless).

A map's `MapDoc.pieces` lists the Heroscape and AotP pieces (`arena.content.pieces`) it was
built from, as `arena import-map` wrote them or as the piece tool placed them. The columns,
obstacles, glyph spaces and zones stay what the game plays on; the pieces say how to build
them. How the two stay consistent:

* While the pieces build the whole map exactly (`in_sync`: an imported map, or one built with
  pieces only), placing or removing a piece re-expands every piece with the importer's own
  `arena.content.piece_rules.expand`, so the map is exactly what `arena export-map` writes
  and `arena import-map` reads back.
* Single-hex edits (raise, lower, paint, obstacles, ...) change the columns alone. A piece
  whose hexes they changed no longer *stands* (`stands`): it is left out of the build sheet's
  piece list and of the saved file (`MapDoc.to_data` writes `standing` pieces only), while its
  remaining hexes stay on the map as columns; nothing on the map moves. A piece placed on such
  a map is written into the columns as the importer would build it (`PlacePiece`).
* `arena export-map` writes the stored pieces while they still build the whole map, else it
  decomposes the columns (as for any edited map), so export works either way.

`PlacePiece` and `RemovePiece` are commands of `editor.core.model`'s stack: frozen values, one undo
step each, mirrored through the symmetry centre as the same piece turned half a turn.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.content.base import MAX_COORD, MAX_LEVEL
from arena.content.battlefield import GlyphPlacement, Obstacle, PiecePlacement, StartingZone
from arena.content.piece_rules import (
    GLYPH_PIECES,
    LOOKS,
    RULES,
    SURFACES,
    ZONES,
    Meaning,
    PieceError,
    expand,
)
from arena.content.pieces import PIECES, piece_hexes
from arena.content.storeys import Position, column_of
from arena.hexgrid import Hex, hex_to_point

if TYPE_CHECKING:
    from editor.core.mapdoc import MapDoc

Coord = tuple[int, int]

TILE_MEANINGS = (Meaning.LAND, Meaning.WATER)
"""Pieces that are a level of a column (land and fluid tiles)."""


def meaning(code: str) -> Meaning:
    """What piece `code` is in the game (`arena.content.piece_rules.RULES`)."""
    return RULES[PIECES[code].terrain].meaning


def covers(piece: PiecePlacement) -> list[Coord]:
    """The hexes `piece` covers, in its template's order."""
    return [(h.q, h.r) for h in piece_hexes(piece.piece, Hex(*piece.at), piece.rotation)]


def core(piece: PiecePlacement) -> list[tuple[Coord, int]]:
    """An obstacle piece's blocked hexes with their heights (ruin walls stand on edges:
    only their inner hexes block)."""
    spec = PIECES[piece.piece]
    hexes = covers(piece)
    heights = spec.heights or (spec.height,) * len(hexes)
    chosen = spec.core if spec.core is not None else range(len(hexes))
    return [(hexes[i], heights[i]) for i in chosen]


def piece_level(piece: PiecePlacement) -> int:
    """The build sheet's level of a piece: the level a tile fills (``on_level + 1``), or the
    level whose top an obstacle or marker stands on (1 for the bare table, where the importer
    grounds it)."""
    if meaning(piece.piece) in TILE_MEANINGS:
        return piece.on_level + 1
    return max(1, piece.on_level)


def centre_offset(code: str, rotation: float = 0) -> Coord:
    """The hex of piece `code` (turned by `rotation`) nearest the middle of its hexes, as an
    offset from its origin: the hex that follows the pointer, so a tile is held by its centre
    rather than hung from its first hex (the first such hex in template order on a tie)."""
    hexes = [(h.q, h.r) for h in piece_hexes(code, Hex(0, 0), rotation)]
    points = [hex_to_point(Hex(*a)) for a in hexes]
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    best = min(range(len(hexes)),
               key=lambda i: (round(math.dist((mx, my), points[i]), 6), i))
    return hexes[best]


def centred_origin(code: str, at: Coord, rotation: float = 0) -> Coord:
    """The origin that puts the centre hex of piece `code` (`centre_offset`) on `at`."""
    dq, dr = centre_offset(code, rotation)
    return (at[0] - dq, at[1] - dr)


# --- consistency -------------------------------------------------------------------------


def in_sync(doc: MapDoc) -> bool:
    """Whether `doc`'s pieces build its columns, obstacles and glyph spaces exactly."""
    try:
        built = expand(doc.pieces)
    except PieceError:
        return False
    return ({c.at: c.levels for c in built.columns} == doc.columns
            and built.obstacles == doc.obstacles and built.glyph_spaces == doc.glyph_spaces)


def stands(doc: MapDoc, piece: PiecePlacement) -> bool:
    """Whether `piece` is still on the map as placed (single-hex edits may have changed it)."""
    kind = meaning(piece.piece)
    level = piece.on_level + 1
    if kind in TILE_MEANINGS:
        for at in covers(piece):
            levels = doc.columns.get(at, [])
            found = levels[level - 1] if len(levels) >= level else None
            # Water under a higher tile or an obstacle is played as land (the importer's rule).
            covered = doc.top(at) > level or doc.obstacle_at(at) is not None
            ok = {"water", "land"} if kind is Meaning.WATER and covered else \
                {"water" if kind is Meaning.WATER else "land"}
            if found not in ok:
                return False
        return True
    if kind is Meaning.OBSTACLE:
        ground = max(1, piece.on_level)
        return all(doc.obstacle_at(at) is not None and doc.top(at) == ground
                   for at, _ in core(piece))
    mark = marked(doc, piece)
    if kind is Meaning.GLYPH_SPACE:
        return any(doc.same(g, mark) for g in doc.glyph_spaces)
    if kind is Meaning.START_ZONE:
        zone = next((z for z in doc.zones if any(doc.same(s, mark) for s in z.spaces)), None)
        return zone is not None and zone.id == ZONES[piece.piece][0]
    return True  # no AotP meaning: kept for export, nothing on the map to check


def marked(doc: MapDoc, piece: PiecePlacement) -> Position:
    """The surface a marker piece (a glyph, a start zone) names: the one its level rests on
    (a column with several surfaces offers each, as `arena.content.piece_rules` reads it)."""
    return doc.space(covers(piece)[0], piece.on_level)


def standing(doc: MapDoc) -> list[PiecePlacement]:
    """The pieces still on the map as placed (all of them while `in_sync`)."""
    if not doc.pieces or in_sync(doc):
        return list(doc.pieces)
    return [p for p in doc.pieces if stands(doc, p)]


def piece_at(doc: MapDoc, at: Coord) -> PiecePlacement | None:
    """The topmost standing piece covering `at` (what a click with the remove tool takes)."""
    found = [p for p in standing(doc) if at in covers(p)]
    return max(found, key=lambda p: (piece_level(p), meaning(p.piece) not in TILE_MEANINGS),
               default=None)


# --- where a piece can go ------------------------------------------------------------------


def fit(doc: MapDoc, piece: PiecePlacement) -> list[tuple[Coord, bool]]:
    """Each hex `piece` would cover, with whether it can go there: inside Arena's bounds, and
    for a tile, the level it fills empty (above the column, or a gap under a higher tile: a
    bridge's pier, a ledge under an overhang) and no obstacle; for an obstacle or marker, a
    column whose top is the level it rests on and no obstacle (a tile or obstacle on the bare
    table needs no column)."""
    kind = meaning(piece.piece)
    out: list[tuple[Coord, bool]] = []
    hexes = covers(piece)
    needs = {at for at, _ in core(piece)} if kind is Meaning.OBSTACLE else set(hexes)
    for at in hexes:
        ok = max(abs(at[0]), abs(at[1])) <= MAX_COORD and piece.on_level < MAX_LEVEL
        if ok and at in needs:
            top = doc.top(at)
            if kind in TILE_MEANINGS:
                levels = doc.columns.get(at, [])
                empty = piece.on_level >= len(levels) or levels[piece.on_level] is None
                ok = empty and doc.obstacle_at(at) is None
            elif kind is Meaning.OBSTACLE:
                ok = top == piece.on_level and doc.obstacle_at(at) is None
            elif kind in (Meaning.GLYPH_SPACE, Meaning.START_ZONE):  # on any surface
                ok = piece.on_level in doc.surface_levels(at) and doc.obstacle_at(at) is None
        out.append((at, ok))
    return out


def fits(doc: MapDoc, piece: PiecePlacement) -> bool:
    """Whether every hex of `piece` can go where it is (`fit`)."""
    return all(ok for _, ok in fit(doc, piece))


def mirrored(piece: PiecePlacement, mirror: Callable[[Coord], Coord]) -> PiecePlacement:
    """`piece` through the symmetry centre: point symmetry is a half turn, so the same piece
    turned three steps with its origin at the mirrored hex covers the mirrored hexes."""
    return piece.model_copy(update={"at": mirror(piece.at),
                                    "rotation": (piece.rotation + 3) % 6})


# --- the commands --------------------------------------------------------------------------


def _sorted_columns(doc: MapDoc) -> bool:
    """Whether the columns are in the importer's order (row by row), which new ones keep."""
    keys = list(doc.columns)
    return keys == sorted(keys, key=lambda a: (a[1], a[0]))


def _rebuild(doc: MapDoc, pieces: Sequence[PiecePlacement]) -> None:
    """Make `doc` exactly what `pieces` build (the importer's expansion). A zone whose colour
    has start-zone pieces (before or after) has the spaces those pieces give, and is no longer
    a proposal; the map's other zones stay, less any hex that is gone. A glyph piece's glyph
    (`GLYPH_PIECES`) joins the map unless a glyph is there already (the kind the Glyph tool
    chose stays); the glyph of a glyph piece taken away goes with it."""
    built = expand(pieces)
    old = doc.copy()
    # a glyph piece's glyph by the surface it rests on: its column and level
    before = {(p.at, p.on_level) for p in doc.pieces if p.piece in GLYPH_PIECES}
    gone = set(doc.columns) - {c.at for c in built.columns}
    by_pieces = {ZONES[p.piece][0] for p in (*doc.pieces, *pieces) if p.piece in ZONES}
    doc.pieces = list(pieces)
    doc.columns = {c.at: list(c.levels) for c in built.columns}
    doc.surfaces = {c.at: list(c.surfaces) for c in built.columns if c.surfaces}
    doc.obstacles = list(built.obstacles)
    doc.settle(old)  # the marks kept are named on the columns as they are now
    after = {(column_of(g.at), doc.level_of(g.at)): g for g in built.glyphs}
    doc.glyphs = {at: g for at, g in doc.glyphs.items()
                  if (column_of(at), doc.level_of(at)) not in before - set(after)
                  and column_of(at) not in gone}
    for glyph in after.values():
        if not any(doc.same(at, glyph.at) for at in doc.glyphs):
            doc.glyphs[glyph.at] = glyph
    doc.glyph_spaces = list(built.glyph_spaces)
    doc.power_spaces = [p for p in doc.power_spaces if column_of(p.at) not in gone]
    by_id = {z.id: z for z in built.zones}
    zones = []
    for zone in doc.zones:
        if zone.id in by_pieces:
            made = by_id.pop(zone.id, None)
            zone = zone.model_copy(update={"spaces": list(made.spaces) if made else [],
                                           "proposed": False})
        else:
            zone = zone.model_copy(update={"spaces": [s for s in zone.spaces
                                                      if column_of(s) not in gone]})
        zones.append(zone)
    doc.zones = zones + [z for z in built.zones if z.id in by_id]


def _put(doc: MapDoc, piece: PiecePlacement) -> None:
    """Write `piece` into a map its pieces do not build (hand-edited columns), as the
    importer builds it: a tile fills its level -- and that level only: the empty levels under
    it stay empty (a bridge's deck, an overhang keep the air under them) and the levels over it
    stay; water right under it becomes land (a tile rests on it) --, an obstacle blocks its
    core hexes, a glyph marks a glyph space and puts its glyph there (unless one is there
    already), a start zone a space."""
    kind = meaning(piece.piece)
    spec = PIECES[piece.piece]
    keep_order = _sorted_columns(doc)
    if kind in TILE_MEANINGS:
        terrain = "water" if kind is Meaning.WATER else "land"
        level = piece.on_level
        for at in covers(piece):
            levels = doc.columns.setdefault(at, [])
            levels.extend([None] * (level + 1 - len(levels)))
            levels[level] = terrain
            if level and levels[level - 1] == "water":
                levels[level - 1] = "land"
            looks = doc.surfaces.setdefault(at, [])
            looks.extend([None] * (level + 1 - len(looks)))
            looks[level] = SURFACES[spec.terrain]  # the tile's own look
    elif kind is Meaning.OBSTACLE:
        numbers = [int(o.id.rsplit("-", 1)[1]) for o in doc.obstacles
                   if o.id.rsplit("-", 1)[0] == piece.piece and o.id.rsplit("-", 1)[1].isdigit()]
        n = max(numbers, default=0)
        for height in dict.fromkeys(h for _, h in core(piece)):
            hexes = [at for at, h in core(piece) if h == height]
            for at in hexes:
                levels = doc.columns.setdefault(at, [])
                if not levels:
                    levels.append("land")  # grounded on the bare table, as the importer does
                elif levels[-1] == "water":
                    levels[-1] = "land"
            n += 1
            doc.obstacles.append(Obstacle(id=f"{piece.piece}-{n}", kind="ruin", name=spec.title,
                                          footprint=hexes, height=min(height, 20),
                                          look=LOOKS[spec.terrain]))
    elif kind is Meaning.GLYPH_SPACE:
        mark = marked(doc, piece)
        if not any(doc.same(g, mark) for g in doc.glyph_spaces):
            doc.glyph_spaces.append(mark)
        if not any(doc.same(g, mark) for g in doc.glyphs):
            doc.glyphs[mark] = GlyphPlacement(at=mark, glyph=GLYPH_PIECES[piece.piece])
    elif kind is Meaning.START_ZONE:
        mark = marked(doc, piece)
        zone_id, colour = ZONES[piece.piece]
        zones = [z.model_copy(update={"spaces": [
            *[s for s in z.spaces if not doc.same(s, mark)],
            *([mark] if z.id == zone_id else [])]}) for z in doc.zones]
        if not any(z.id == zone_id for z in zones):
            zones.append(StartingZone(id=zone_id, name=zone_id.capitalize(), colour=colour,
                                      spaces=[mark]))
        doc.zones = zones
    if keep_order:
        doc.columns = dict(sorted(doc.columns.items(), key=lambda kv: (kv[0][1], kv[0][0])))
    doc.pieces.append(piece)


def _take(doc: MapDoc, piece: PiecePlacement) -> None:
    """Take `piece` off a map its pieces do not build: its level, obstacles or marks go
    (levels stacked over a tile stay: the column keeps a gap the checks report)."""
    kind = meaning(piece.piece)
    if kind in TILE_MEANINGS:
        for at in covers(piece):
            levels = doc.columns.get(at)
            if levels is None or len(levels) <= piece.on_level:
                continue
            levels[piece.on_level] = None
            looks = doc.surfaces.get(at, [])
            if len(looks) > piece.on_level:
                looks[piece.on_level] = None
            while levels and levels[-1] is None:
                levels.pop()
            if not levels:
                doc.remove_column(at)
    elif kind is Meaning.OBSTACLE:
        hexes = {at for at, _ in core(piece)}
        doc.obstacles = [o for o in doc.obstacles if not set(o.footprint) <= hexes]
    elif kind is Meaning.GLYPH_SPACE:
        mark = marked(doc, piece)
        doc.glyph_spaces = [g for g in doc.glyph_spaces if not doc.same(g, mark)]
        doc.glyphs = {g: glyph for g, glyph in doc.glyphs.items() if not doc.same(g, mark)}
    elif kind is Meaning.START_ZONE:
        mark, zone_id = marked(doc, piece), ZONES[piece.piece][0]
        doc.zones = [z.model_copy(update={"spaces": [s for s in z.spaces
                                                     if not doc.same(s, mark)]})
                     if z.id == zone_id else z for z in doc.zones]
    doc.pieces.remove(piece)


@dataclass(frozen=True)
class PlacePiece:
    """Put one piece on the map (nothing happens where it does not fit: `fit`)."""

    piece: PiecePlacement
    label: str = "Place piece"

    def apply(self, doc: MapDoc) -> None:
        if not fits(doc, self.piece):
            return
        if in_sync(doc):
            _rebuild(doc, [*doc.pieces, self.piece])
        else:
            _put(doc, self.piece)

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> PlacePiece:
        return PlacePiece(mirrored(self.piece, mirror), self.label)


@dataclass(frozen=True)
class RemovePiece:
    """Take one whole piece off the map (nothing happens if it is not there)."""

    piece: PiecePlacement
    label: str = "Remove piece"

    def apply(self, doc: MapDoc) -> None:
        if self.piece not in doc.pieces:
            return
        if in_sync(doc):
            _rebuild(doc, [p for p in doc.pieces if p != self.piece])
        else:
            _take(doc, self.piece)

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> RemovePiece:
        return RemovePiece(mirrored(self.piece, mirror), self.label)


# --- the build sheet's piece list -----------------------------------------------------------


@dataclass(frozen=True)
class LevelPieces:
    """The standing pieces of one build-sheet level (`piece_level`)."""

    level: int
    counts: Counter[str]
    """How many of each piece code."""
    outline: dict[Coord, int]
    """Each hex of this level a tile piece fills, with the piece's number (for outlines)."""
    marks: frozenset[Coord]
    """Hexes an obstacle or marker piece of this level stands on."""

    def lines(self, hexes: Iterable[Coord] = (), obstacles: Iterable[Obstacle] = ()) -> list[str]:
        """The level's pieces as a VirtualScape print-out lists them (count, code, name,
        largest first), then what of `hexes` and `obstacles` was not built with pieces."""
        out = [f"{n} x {code}: {PIECES[code].title}" for code, n in
               sorted(self.counts.items(), key=lambda kv: _order(kv[0]))]
        loose = [at for at in hexes if at not in self.outline]
        if loose:
            out.append(f"{len(loose)} hex{'es' if len(loose) != 1 else ''} not from a piece "
                       "(raised by hand, or filled in under a higher piece)")
        by_hand = [o for o in obstacles if not set(o.footprint) <= self.marks]
        if by_hand:
            out.append(f"{len(by_hand)} obstacle{'s' if len(by_hand) != 1 else ''} placed by "
                       "hand (see the plan)")
        return out


def _order(code: str) -> tuple[bool, int, str]:
    """Tiles first, largest first, then obstacles and markers; by code within."""
    return (meaning(code) not in TILE_MEANINGS, -PIECES[code].size, code)


def sheet_pieces(doc: MapDoc) -> dict[int, LevelPieces]:
    """The standing pieces by build-sheet level, with their outlines (levels without any
    piece are left out)."""
    counts: dict[int, Counter[str]] = {}
    outline: dict[int, dict[Coord, int]] = {}
    marks: dict[int, set[Coord]] = {}
    for number, piece in enumerate(standing(doc)):
        level = piece_level(piece)
        counts.setdefault(level, Counter())[piece.piece] += 1
        if meaning(piece.piece) in TILE_MEANINGS:
            outline.setdefault(level, {}).update(dict.fromkeys(covers(piece), number))
        else:
            marks.setdefault(level, set()).update(covers(piece))
    return {level: LevelPieces(level, counts[level], outline.get(level, {}),
                               frozenset(marks.get(level, set())))
            for level in sorted(counts)}


def total_line(levels: Iterable[LevelPieces]) -> str | None:
    """Every standing piece of the map counted by code, in one line (None: no pieces)."""
    total: Counter[str] = Counter()
    for level in levels:
        total.update(level.counts)
    if not total:
        return None
    parts = ", ".join(f"{n} x {code}" for code, n in
                      sorted(total.items(), key=lambda kv: _order(kv[0])))
    return f"{sum(total.values())} pieces: {parts}"
