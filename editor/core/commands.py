"""The editor's commands: each tool's edit as a small value that changes a `MapDoc` in place
and can name its mirror image (headless: no pygame).

A command knows nothing of undo or symmetry: `editor.core.model.Editor` runs it, keeps the undo
step and applies the mirrored command in the same step. Copying, pasting and turning a
selection are `editor.core.fragments`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from arena.content.battlefield import (
    GlyphPlacement,
    Obstacle,
    PowerSpace,
    StartingZone,
)
from editor.core.mapdoc import (
    MAX_LEVELS,
    Coord,
    MapDoc,
    Position,
    column_of,
    drop_column_extras,
    mirror_position,
    plane_xy,
    rotate60,
)

# --- commands ---------------------------------------------------------------------------------


class Command(Protocol):
    """One edit. `apply` changes the document in place; `mirrored` is the same edit at the
    mirrored hexes (None: the command has no hexes to mirror)."""

    @property
    def label(self) -> str: ...

    def apply(self, doc: MapDoc) -> None: ...

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None: ...


_Cmd = TypeVar("_Cmd", bound="_OnHex")
_Mark = TypeVar("_Mark", bound="_OnSpace")


class _OnHex:
    """A command on one hex (its ``at`` field): its mirror image is the same command on the
    mirrored hex (the symmetry helper)."""

    at: Coord

    def mirrored(self: _Cmd, mirror: Callable[[Coord], Coord]) -> _Cmd:
        return replace(self, at=mirror(self.at))  # type: ignore[type-var]


class _OnSpace:
    """A command on one surface (its ``at`` field, a `Position`): its mirror image is the
    same command on the same level of the mirrored column (`mirror_position`)."""

    at: Position

    def mirrored(self: _Mark, mirror: Callable[[Coord], Coord]) -> _Mark:
        return replace(self, at=mirror_position(self.at, mirror))  # type: ignore[type-var]


@dataclass(frozen=True)
class Raise(_OnHex):
    """Add one level of `terrain` on top of the column at `at` (a new column if none)."""

    at: Coord
    terrain: str = "land"
    label: str = "Raise land"

    def apply(self, doc: MapDoc) -> None:
        levels = doc.columns.setdefault(self.at, [])
        top = doc.top(self.at)
        if top >= MAX_LEVELS:
            return
        del levels[top:]
        levels.append(self.terrain)
        doc.forget_surface(self.at, top + 1)


@dataclass(frozen=True)
class Lower(_OnHex):
    """Remove the top level at `at`; the column goes when its last level does."""

    at: Coord
    label: str = "Lower land"

    def apply(self, doc: MapDoc) -> None:
        top = doc.top(self.at)
        if not top:
            return
        levels = doc.columns[self.at]
        del levels[top - 1:]
        if doc.top(self.at) == 0:
            del doc.columns[self.at]
            drop_column_extras(doc, self.at)


@dataclass(frozen=True)
class Paint(_OnHex):
    """Set the terrain of the top level at `at` (a level-1 column where there is none)."""

    at: Coord
    terrain: str
    label: str = "Paint terrain"

    def apply(self, doc: MapDoc) -> None:
        top = doc.top(self.at)
        if not top:
            doc.columns[self.at] = [self.terrain]
            doc.forget_surface(self.at, 1)
        else:
            doc.columns[self.at][top - 1] = self.terrain
            doc.forget_surface(self.at, top)  # painted by hand: no longer the tile it was


@dataclass(frozen=True)
class SetHeight(_OnHex):
    """Make the column at `at` exactly `level` levels of its top terrain (0 removes it)."""

    at: Coord
    level: int
    terrain: str = "land"
    label: str = "Set height"

    def apply(self, doc: MapDoc) -> None:
        level = max(0, min(MAX_LEVELS, self.level))
        if level == 0:
            if self.at in doc.columns:
                del doc.columns[self.at]
                drop_column_extras(doc, self.at)
            return
        levels = doc.columns.setdefault(self.at, [])
        fill = doc.terrain(self.at) or self.terrain
        top = doc.top(self.at)
        del levels[min(top, level):]
        doc.forget_surface(self.at, min(top, level) + 1)
        while len(levels) < level:
            levels.append(fill)


@dataclass(frozen=True)
class PlaceObstacle:
    """Put a ruin or cryptolith on `footprint` (replacing obstacles it overlaps)."""

    kind: str
    footprint: tuple[Coord, ...]
    height: int
    name: str | None = None
    label: str = "Place obstacle"

    def apply(self, doc: MapDoc) -> None:
        doc.obstacles = [o for o in doc.obstacles if not set(o.footprint) & set(self.footprint)]
        doc.obstacles.append(Obstacle(
            id=doc.next_obstacle_id(self.kind), kind=self.kind,  # type: ignore[arg-type]
            name=self.name, footprint=list(self.footprint), height=self.height))

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command:
        return replace(self, footprint=tuple(mirror(a) for a in self.footprint))


OBSTACLE_SHAPES: dict[str, tuple[Coord, ...]] = {
    "1 hex": ((0, 0),),
    "2 hexes": ((0, 0), (1, 0)),
    "3 in a row": ((-1, 0), (0, 0), (1, 0)),
    "3 triangle": ((0, 0), (1, 0), (0, 1)),
    "4 diamond": ((0, 0), (1, 0), (0, 1), (1, -1)),
    "7 round": ((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)),
}
"""Footprints a ruin can have, relative to the hex under the mouse (the core box's ruins
stand on two hexes; a cryptolith always stands on one)."""


def obstacle_footprint(kind: str, shape: str, at: Coord, turns: int = 0) -> tuple[Coord, ...]:
    """The hexes an obstacle of `shape` covers with its anchor at `at`, turned by
    ``turns`` x 60 degrees about the anchor. Cryptoliths ignore the shape (one hex)."""
    offsets = OBSTACLE_SHAPES["1 hex"] if kind == "cryptolith" else OBSTACLE_SHAPES[shape]
    return tuple((q + at[0], r + at[1])
                 for q, r in (rotate60(o, (0, 0), turns) for o in offsets))


@dataclass(frozen=True)
class RemoveObstacle(_OnHex):
    at: Coord
    label: str = "Remove obstacle"

    def apply(self, doc: MapDoc) -> None:
        doc.obstacles = [o for o in doc.obstacles if self.at not in o.footprint]


@dataclass(frozen=True)
class PlaceGlyph(_OnSpace):
    """Put a glyph (kind, side up) on the surface `at`, replacing any glyph there."""

    at: Position
    glyph: str
    side: str = "ability"
    label: str = "Place glyph"

    def apply(self, doc: MapDoc) -> None:
        at = doc.named(self.at)
        doc.glyphs = {g: glyph for g, glyph in doc.glyphs.items() if not doc.same(g, at)}
        glyph = GlyphPlacement(at=at, glyph=self.glyph, side=self.side)  # type: ignore[arg-type]
        doc.glyphs[at] = glyph


@dataclass(frozen=True)
class RemoveGlyph(_OnSpace):
    at: Position
    label: str = "Remove glyph"

    def apply(self, doc: MapDoc) -> None:
        doc.glyphs = {g: glyph for g, glyph in doc.glyphs.items() if not doc.same(g, self.at)}


@dataclass(frozen=True)
class MarkGlyphSpace(_OnSpace):
    """Mark (or with ``on=False`` unmark) the surface `at` as a glyph space."""

    at: Position
    on: bool = True
    label: str = "Mark glyph space"

    def apply(self, doc: MapDoc) -> None:
        at = doc.named(self.at)
        marked = any(doc.same(g, at) for g in doc.glyph_spaces)
        if self.on and not marked:
            doc.glyph_spaces.append(at)
        elif not self.on:
            doc.glyph_spaces = [g for g in doc.glyph_spaces if not doc.same(g, at)]


@dataclass(frozen=True)
class AddZone:
    """A new (empty until painted) starting zone; it is listed once a space is painted."""

    zone_id: str
    name: str
    colour: str
    capacity: int = 1
    label: str = "Add starting zone"

    def apply(self, doc: MapDoc) -> None:
        if any(z.id == self.zone_id for z in doc.zones):
            return
        doc.zones.append(StartingZone.model_construct(
            id=self.zone_id, name=self.name, colour=self.colour, spaces=[],
            capacity=self.capacity))

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        return None


@dataclass(frozen=True)
class EditZone:
    """Change a starting zone's id, name, colour or capacity (None leaves a field as it is).
    Scenarios name zones by id (``zones.order``), so a new id is what makes a zone the
    scenario's "orange"; the name is only shown. A zone the import proposed is the map
    maker's once edited: it is no longer `proposed` (export writes it, the editor stops
    asking for a review)."""

    zone_id: str
    name: str | None = None
    colour: str | None = None
    capacity: int | None = None
    label: str = "Edit starting zone"
    new_id: str | None = None

    def apply(self, doc: MapDoc) -> None:
        changes: dict[str, object] = {
            key: value for key in ("name", "colour", "capacity")
            if (value := getattr(self, key)) is not None}
        changes["proposed"] = False
        if self.new_id is not None:
            changes["id"] = self.new_id
        doc.zones = [z.model_copy(update=changes) if z.id == self.zone_id else z
                     for z in doc.zones]

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        return None


@dataclass(frozen=True)
class RemoveZone:
    """Delete a starting zone and its spaces."""

    zone_id: str
    label: str = "Delete starting zone"

    def apply(self, doc: MapDoc) -> None:
        doc.zones = [z for z in doc.zones if z.id != self.zone_id]

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        return None


@dataclass(frozen=True)
class PaintZone:
    """Add the surface `at` to the starting zone `zone_id` (taking it out of any other zone).
    Mirrored, it paints `partner` (the other side's zone), or nothing without one."""

    at: Position
    zone_id: str
    partner: str | None = None
    label: str = "Paint starting zone"

    def apply(self, doc: MapDoc) -> None:
        if column_of(self.at) not in doc.columns:  # no space there (a mirrored hex off the map)
            return
        at = doc.named(self.at)
        zones = []
        for zone in doc.zones:
            spaces = [s for s in zone.spaces if not doc.same(s, at)]
            if zone.id == self.zone_id:
                spaces.append(at)
            zones.append(zone.model_copy(update={"spaces": spaces}))
        doc.zones = zones

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        if self.partner is None:
            return None
        return PaintZone(mirror_position(self.at, mirror), self.partner, self.zone_id,
                         self.label)


@dataclass(frozen=True)
class EraseZone(_OnSpace):
    at: Position
    label: str = "Erase starting zone"

    def apply(self, doc: MapDoc) -> None:
        doc.zones = [z.model_copy(update={"spaces": [s for s in z.spaces
                                                     if not doc.same(s, self.at)]})
                     for z in doc.zones]


@dataclass(frozen=True)
class PaintPower:
    """Mark the surface `at` as a power space belonging to the glyph at `glyph`
    (``glyph=None``: the nearest glyph; ``on=False`` unmarks)."""

    at: Position
    glyph: Position | None = None
    on: bool = True
    label: str = "Paint power space"

    def apply(self, doc: MapDoc) -> None:
        at = doc.named(self.at)
        doc.power_spaces = [p for p in doc.power_spaces if not doc.same(p.at, at)]
        if not self.on:
            return
        target = self.glyph
        if target is None:
            if not doc.glyphs:
                return
            x, y = plane_xy(column_of(at))
            target = min(doc.glyphs, key=lambda g: (math.dist((x, y), plane_xy(column_of(g))),
                                                    abs(doc.level_of(g) - doc.level_of(at))))
        doc.power_spaces.append(PowerSpace(at=at, glyph=target))

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command:
        glyph = mirror_position(self.glyph, mirror) if self.glyph is not None else None
        return replace(self, at=mirror_position(self.at, mirror), glyph=glyph)


@dataclass(frozen=True)
class SetInfo:
    """Change the battlefield's id, name, description or provenance."""

    id: str | None = None
    name: str | None = None
    description: str | None = None
    provenance: str | None = None
    label: str = "Edit battlefield info"

    def apply(self, doc: MapDoc) -> None:
        for key in ("id", "name", "description", "provenance"):
            value = getattr(self, key)
            if value is not None:
                setattr(doc, key, value)

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        return None



@dataclass(frozen=True)
class Batch:
    """Several commands as one undo step (a brush stroke, a symmetric edit)."""

    commands: tuple[Command, ...]
    label: str = "Edit"

    def apply(self, doc: MapDoc) -> None:
        for command in self.commands:
            command.apply(doc)

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        parts = [m for c in self.commands if (m := c.mirrored(mirror)) is not None]
        return Batch(tuple(parts), self.label) if parts else None
