"""The battlefield as the editor holds it while it is changed (headless: no pygame).

`MapDoc` holds columns by coordinate (in file order, so an unchanged map saves back byte for
byte), obstacles, glyphs, glyph spaces, starting zones and power spaces; it is converted from
and to the content `Battlefield` model and may be invalid while being edited (the validation
panel says how). A column's coordinate is the content's ``(q, r)`` pair (`Coord`); every turn,
mirror and plane position of one is `arena.hexgrid`'s. What stands on a surface -- a glyph, a
glyph space, a zone's space, a power space -- is at a `Position` (`arena.content.storeys`):
``(q, r)`` on a column with one surface, ``(q, r, level)`` on one with several (a bridge's
deck and the ground under it). The commands that change a document are
`editor.core.model`; the selection tools' queries (a box, the same terrain) are here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from arena.content import writer, yamlio
from arena.content.battlefield import (
    Battlefield,
    Column,
    GlyphPlacement,
    Obstacle,
    PiecePlacement,
    PowerSpace,
    StartingZone,
)
from arena.content.storeys import Coord, Position, column_of, position, surface_levels
from arena.hexgrid import Hex, hex_to_point, neighbours, reflect, rotate, space_at
from editor.core import piece_model

__all__ = ["Coord", "MapDoc", "Position", "column_of", "mirror_position"]
TERRAINS: tuple[str, ...] = ("land", "water", "road", "weirded")
GLYPHS: tuple[str, ...] = ("power", "toughness", "movement", "knowledge", "recall", "healing")
MAX_LEVELS = 40
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


# --- hex helpers: the document's (q, r) pairs through `arena.hexgrid` ------------------------


def rotate60(at: Coord, centre: Coord = (0, 0), steps: int = 1) -> Coord:
    """`at` turned by ``steps`` x 60 degrees (clockwise on a y-down screen) about `centre`
    (`arena.hexgrid.rotate` counts counter-clockwise turns)."""
    turned = rotate(Hex(*at), -steps, Hex(*centre))
    return (turned.q, turned.r)


def mirror_axis(at: Coord, centre: Coord = (0, 0)) -> Coord:
    """`at` reflected across the horizontal hex row through `centre` (top <-> bottom): the
    mirror about the vertical line (`arena.hexgrid.reflect`, axis ``"r"``) turned half round."""
    pivot = Hex(*centre)
    mirrored = rotate(reflect(Hex(*at), "r", pivot), 3, pivot)
    return (mirrored.q, mirrored.r)


def point_mirror(at: Coord, centre2: Coord) -> Coord:
    """`at` mirrored through a point given in doubled coordinates (``2 * centre``), so the
    centre may be a hex or the midpoint of an edge between two hexes."""
    mirrored = Hex(*centre2) - Hex(*at)
    return (mirrored.q, mirrored.r)


def mirror_position(at: Position, mirror: Callable[[Coord], Coord]) -> Position:
    """A mark's position through a mirror of columns: its column mirrored, its level kept
    (`MapDoc.named` fits it to the surfaces found there)."""
    q, r = mirror(column_of(at))
    return (q, r, at[2]) if len(at) == 3 else (q, r)


def plane_xy(at: Coord) -> tuple[float, float]:
    """Centre of a hex on the flat plane (`arena.hexgrid.hex_to_point`: pointy-top, size 1,
    y down)."""
    return hex_to_point(Hex(*at))


# --- the document -----------------------------------------------------------------------------


DEFAULT_ID = "new-battlefield"
DEFAULT_NAME = "New battlefield"
"""A new map's id and name until the map maker names it (New and Save as ask)."""


@dataclass
class MapDoc:
    """An editable battlefield. Plain, mutable data; copied whole for undo."""

    id: str = DEFAULT_ID
    name: str = DEFAULT_NAME
    description: str = ""
    provenance: str = "reconstructed"
    columns: dict[Coord, list[str | None]] = field(default_factory=dict)
    obstacles: list[Obstacle] = field(default_factory=list)
    glyphs: dict[Position, GlyphPlacement] = field(default_factory=dict)
    """The glyphs by the surface they lie on (a bridge's deck and the ground under it may
    each have one)."""
    glyph_spaces: list[Position] = field(default_factory=list)
    zones: list[StartingZone] = field(default_factory=list)
    power_spaces: list[PowerSpace] = field(default_factory=list)
    pieces: list[PiecePlacement] = field(default_factory=list)
    """The terrain pieces the map is built from (`editor.core.piece_model` keeps them and the
    columns consistent)."""
    surfaces: dict[Coord, list[str | None]] = field(default_factory=dict)
    """Each column's look per level (`Column.surfaces`: an imported map's tiles), cosmetic.
    May run past a column's levels while it is edited: `to_data` writes the part that
    fits, and an edit that puts a new level somewhere forgets the look stored there."""

    def copy(self) -> MapDoc:
        return copy.deepcopy(self)

    # reading ------------------------------------------------------------------------------

    def top(self, at: Coord) -> int:
        """The top level at `at` (0: no column)."""
        levels = self.columns.get(at, [])
        for index in range(len(levels) - 1, -1, -1):
            if levels[index] is not None:
                return index + 1
        return 0

    def surface_levels(self, at: Coord) -> list[int]:
        """The level of each standing surface at `at`, bottom first: the top of each run of
        tiles (one for a plain column; a bridge's column has the ground and the deck)."""
        return surface_levels(self.columns.get(at, []))

    def spaces_of(self, at: Coord) -> list[Position]:
        """The positions of the surfaces of the column at `at`, bottom first: ``[(q, r)]``
        where it has one (or none yet), ``(q, r, level)`` for each where it has several (the
        file's own naming, `arena.content.storeys`)."""
        levels = self.surface_levels(at)
        if len(levels) < 2:
            return [at]
        return [(at[0], at[1], level) for level in levels]

    def space(self, at: Coord, under: int | None = None) -> Position:
        """The surface a mark put on the column at `at` goes on: its top surface, or with
        ``under`` (the view's level slice) the highest one at or under that level (the
        ground under a bridge once the deck is sliced away); the bottom one when none is."""
        spaces = self.spaces_of(at)
        if under is not None:
            shown = [s for s in spaces if len(s) < 3 or s[2] <= under]
            return shown[-1] if shown else spaces[0]
        return spaces[-1]

    def space_of(self, where: Hex, under: int | None = None) -> Position:
        """The position of an engine space the 3D view picked (a plain hex of a column with
        several surfaces names its top at or under ``under``, as `space`)."""
        found = position(where)
        return found if len(found) == 3 else self.space(column_of(found), under)

    def named(self, at: Position) -> Position:
        """`at` naming a surface of its column as the file must (`arena.content.storeys`):
        ``(q, r)`` where the column has one surface, else the surface `at` names, or for a
        level that is none (a mark mirrored onto another column, a bare hex) the highest
        surface under it (the top for a bare hex, as the rules read one)."""
        column = column_of(at)
        if column not in self.columns:
            return at
        return self.space(column, at[2] if len(at) == 3 else None)

    def same(self, a: Position, b: Position) -> bool:
        """Whether `a` and `b` are on the same surface (a mark written bare on a column with
        several surfaces is on its top, as the rules read it: an eraser there takes it)."""
        return a == b or (column_of(a) == column_of(b) and self.named(a) == self.named(b))

    def settle(self, before: MapDoc) -> None:
        """After an edit: every mark on a column whose surfaces the edit changed is named
        anew so it stays on its surface (a zone space under a deck just placed becomes
        ``(q, r, 1)``; a glyph on a deck raised one level follows it; a bridge taken away
        leaves ``(q, r)``), as the file must name it (`named`)."""
        changed = {}
        for at in {column_of(p) for p in self._marks()}:
            old, new = before.surface_levels(at), self.surface_levels(at)
            if old != new and at in self.columns:
                changed[at] = (old, new)
        if not changed:
            return

        def moved(p: Position) -> Position:
            found = changed.get(column_of(p))
            if found is None:
                return p
            old, new = found
            level = p[2] if len(p) == 3 else (old[-1] if old else None)
            if level is not None and level not in new and len(old) == len(new) and \
                    level in old:  # the same surfaces, one moved (raised, lowered)
                level = new[old.index(level)]
            return self.space(column_of(p), level)

        self.glyphs = {moved(at): g.model_copy(update={"at": moved(at)})
                       for at, g in self.glyphs.items()}
        self.glyph_spaces = list(dict.fromkeys(moved(a) for a in self.glyph_spaces))
        self.zones = [z.model_copy(update={"spaces": list(dict.fromkeys(
            moved(s) for s in z.spaces))}) for z in self.zones]
        self.power_spaces = [p.model_copy(update={"at": moved(p.at), "glyph": moved(p.glyph)})
                             for p in self.power_spaces]

    def _marks(self) -> list[Position]:
        """Every position a zone, glyph, glyph space or power space names."""
        return [*(s for z in self.zones for s in z.spaces), *self.glyphs, *self.glyph_spaces,
                *(p.at for p in self.power_spaces), *(p.glyph for p in self.power_spaces)]

    def level_of(self, at: Position) -> int:
        """The level of the surface `at` stands on: the level it names, or the column's top
        (0: no column)."""
        return at[2] if len(at) == 3 else self.top(column_of(at))

    def terrain(self, at: Coord) -> str | None:
        top = self.top(at)
        return self.columns[at][top - 1] if top else None

    def zone_at(self, at: Position) -> StartingZone | None:
        """The zone the surface `at` belongs to."""
        return next((z for z in self.zones if at in z.spaces), None)

    def zones_on(self, at: Coord) -> list[StartingZone]:
        """The zones with a space on one of the surfaces of the column `at`, bottom first."""
        found = (self.zone_at(s) for s in self._marked(at))
        return list({z.id: z for z in found if z is not None}.values())

    def obstacle_at(self, at: Coord) -> Obstacle | None:
        return next((o for o in self.obstacles if at in o.footprint), None)

    def power_at(self, at: Position) -> PowerSpace | None:
        return next((p for p in self.power_spaces if p.at == at), None)

    def on_column(self, at: Coord, marks: Iterable[Position]) -> list[Position]:
        """Those of `marks` that stand on a surface of the column `at`."""
        return [m for m in marks if column_of(m) == at]

    def _marked(self, at: Coord) -> list[Position]:
        """Every position in the column `at` a mark names, bottom first."""
        return sorted(set(self.on_column(at, self._marks())), key=self.level_of)

    def remove_column(self, at: Coord) -> None:
        """Take the column at `at` off the map, with what stood on it."""
        del self.columns[at]
        drop_column_extras(self, at)

    def forget_surface(self, at: Coord, level: int) -> None:
        """Drop the look of level `level` at `at` and of any level above it (a level there
        was changed by hand: it is no longer the tile the look named)."""
        looks = self.surfaces.get(at)
        if looks is None:
            return
        del looks[max(0, level - 1):]
        if not any(looks):
            del self.surfaces[at]

    def next_obstacle_id(self, kind: str) -> str:
        used = {o.id for o in self.obstacles}
        n = 1
        while f"{kind}-{n}" in used:
            n += 1
        return f"{kind}-{n}"

    # conversion ---------------------------------------------------------------------------

    @classmethod
    def from_battlefield(cls, bf: Battlefield) -> MapDoc:
        return cls.from_data(writer.to_data(bf))

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> MapDoc:
        """A document from plain battlefield data. Lenient about the whole (an empty or
        half-finished map is fine) but every part is validated by its content model."""
        doc = cls(
            id=str(data.get("id", DEFAULT_ID)),
            name=str(data.get("name", DEFAULT_NAME)),
            description=str(data.get("description", "")),
            provenance=str(data.get("provenance", "reconstructed")),
        )
        for raw in data.get("columns") or []:
            column = Column.model_validate(_coords(raw, ("at",)), strict=False)
            doc.columns.setdefault(column.at, list(column.levels))
            if column.surfaces and column.at not in doc.surfaces:
                doc.surfaces[column.at] = list(column.surfaces)
        doc.obstacles = [Obstacle.model_validate(_coords(o, ("footprint",)), strict=False)
                         for o in data.get("obstacles") or []]
        for raw in data.get("glyphs") or []:
            glyph = GlyphPlacement.model_validate(_coords(raw, ("at",)), strict=False)
            doc.glyphs.setdefault(glyph.at, glyph)
        doc.glyph_spaces = [_position(a) for a in data.get("glyph_spaces") or []]
        doc.zones = [StartingZone.model_validate(_coords(z, ("spaces",)), strict=False)
                     for z in data.get("starting_zones") or []]
        doc.power_spaces = [PowerSpace.model_validate(_coords(p, ("at", "glyph")), strict=False)
                            for p in data.get("power_spaces") or []]
        doc.pieces = [PiecePlacement.model_validate(_coords(p, ("at",)), strict=False)
                      for p in data.get("pieces") or []]
        return doc

    def to_data(self) -> dict[str, Any]:
        """Plain data in the canonical key order (defaults left out), valid or not."""
        data: dict[str, Any] = {"format": "battlefield", "id": self.id, "name": self.name}
        if self.description:
            data["description"] = self.description
        data["provenance"] = self.provenance
        data["columns"] = [self._column_data(at, levels) for at, levels in self.columns.items()]
        parts: list[tuple[str, list[Any]]] = [
            ("obstacles", [writer.to_data(o) for o in self.obstacles]),
            ("glyphs", [writer.to_data(g) for g in self.glyphs.values()]),
            ("glyph_spaces", [list(at) for at in self.glyph_spaces]),
            ("starting_zones", [writer.to_data(z) for z in self.zones]),
            ("power_spaces", [writer.to_data(p) for p in self.power_spaces]),
            ("pieces", [writer.to_data(p) for p in piece_model.standing(self)]),
        ]
        for key, value in parts:
            if value:
                data[key] = value
        return data

    def _column_data(self, at: Coord, levels: list[str | None]) -> dict[str, Any]:
        out: dict[str, Any] = {"at": list(at), "levels": list(levels)}
        looks = self.surfaces.get(at) or []
        fitted = [looks[i] if i < len(looks) and levels[i] is not None else None
                  for i in range(len(levels))]
        if any(fitted):
            out["surfaces"] = fitted
        return out

    def to_battlefield(self) -> Battlefield:
        """The content model (raises pydantic's `ValidationError` if the map is not one)."""
        return Battlefield.model_validate(self.to_data(), strict=False)

    def to_yaml(self) -> str:
        return yamlio.dump(self.to_data())


def drop_column_extras(doc: MapDoc, at: Coord) -> None:
    """Remove what stood on a column that no longer exists (on any of its surfaces)."""
    doc.surfaces.pop(at, None)
    doc.glyphs = {g: glyph for g, glyph in doc.glyphs.items() if column_of(g) != at}
    doc.glyph_spaces = [g for g in doc.glyph_spaces if column_of(g) != at]
    doc.power_spaces = [p for p in doc.power_spaces if column_of(p.at) != at]
    # Zones stay even when empty (the map maker defined them; validation says they are).
    doc.zones = [z.model_copy(update={"spaces": [s for s in z.spaces if column_of(s) != at]})
                 for z in doc.zones]
    doc.obstacles = [o for o in doc.obstacles if at not in o.footprint]


def _position(raw: Iterable[Any]) -> Position:
    """A position read from plain data: ``[q, r]`` or ``[q, r, level]``."""
    values = tuple(int(v) for v in raw)
    return position(space_at(values[0], values[1], values[2] if len(values) > 2 else None))


def _coords(raw: dict[str, Any], keys: Iterable[str]) -> dict[str, Any]:
    """`raw` with coordinate lists (YAML) turned into tuples for the strict models."""
    out = dict(raw)
    for key in keys:
        value = out.get(key)
        if isinstance(value, list) and value and isinstance(value[0], list):
            out[key] = [tuple(v) for v in value]
        elif isinstance(value, list):
            out[key] = tuple(value)
    return out


# --- selection --------------------------------------------------------------------------------


def select_box(doc: MapDoc, a: Coord, b: Coord) -> set[Coord]:
    """Columns whose centres lie in the flat (top-down) rectangle spanned by hexes a and b."""
    (ax, ay), (bx, by) = plane_xy(a), plane_xy(b)
    x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    eps = 1e-6
    return {at for at in doc.columns
            if x0 - eps <= plane_xy(at)[0] <= x1 + eps and y0 - eps <= plane_xy(at)[1] <= y1 + eps}


def select_same(doc: MapDoc, at: Coord, contiguous: bool = False) -> set[Coord]:
    """Columns with the same top terrain and level as `at` (all of them, or only the
    connected patch around it with ``contiguous``)."""
    key = (doc.terrain(at), doc.top(at))
    if key[0] is None:
        return set()
    same = {c for c in doc.columns if (doc.terrain(c), doc.top(c)) == key}
    if not contiguous:
        return same
    patch, todo = {at}, [at]
    while todo:
        for hex_ in neighbours(Hex(*todo.pop())):
            nb = (hex_.q, hex_.r)
            if nb in same and nb not in patch:
                patch.add(nb)
                todo.append(nb)
    return patch
