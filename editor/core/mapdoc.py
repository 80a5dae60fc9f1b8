"""The battlefield as the editor holds it while it is changed (headless: no pygame).

`MapDoc` holds columns by coordinate (in file order, so an unchanged map saves back byte for
byte), obstacles, glyphs, glyph spaces, starting zones and power spaces; it is converted from
and to the content `Battlefield` model and may be invalid while being edited (the validation
panel says how). A coordinate is the content's ``(q, r)`` pair (`Coord`); every turn, mirror
and plane position of one is `arena.hexgrid`'s. The commands that change a document are
`editor.core.model`; the selection tools' queries (a box, the same terrain) are here.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable
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
from arena.hexgrid import Hex, hex_to_point, neighbours, reflect, rotate
from editor.core import piece_model

Coord = tuple[int, int]
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
    glyphs: dict[Coord, GlyphPlacement] = field(default_factory=dict)
    glyph_spaces: list[Coord] = field(default_factory=list)
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
        levels = self.columns.get(at, [])
        return [i + 1 for i, t in enumerate(levels)
                if t is not None and (i + 1 == len(levels) or levels[i + 1] is None)]

    def terrain(self, at: Coord) -> str | None:
        top = self.top(at)
        return self.columns[at][top - 1] if top else None

    def zone_at(self, at: Coord) -> StartingZone | None:
        return next((z for z in self.zones if at in z.spaces), None)

    def obstacle_at(self, at: Coord) -> Obstacle | None:
        return next((o for o in self.obstacles if at in o.footprint), None)

    def power_at(self, at: Coord) -> PowerSpace | None:
        return next((p for p in self.power_spaces if p.at == at), None)

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
        doc.glyph_spaces = [(int(a[0]), int(a[1])) for a in data.get("glyph_spaces") or []]
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
    """Remove what stood on a column that no longer exists."""
    doc.surfaces.pop(at, None)
    doc.glyphs.pop(at, None)
    doc.glyph_spaces = [g for g in doc.glyph_spaces if g != at]
    doc.power_spaces = [p for p in doc.power_spaces if p.at != at]
    # Zones stay even when empty (the map maker defined them; validation says they are).
    doc.zones = [z.model_copy(update={"spaces": [s for s in z.spaces if s != at]})
                 for z in doc.zones]
    doc.obstacles = [o for o in doc.obstacles if at not in o.footprint]


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
