"""The editable battlefield's commands and their undo stack (headless: no pygame).

The document they change, `MapDoc` (a battlefield as the editor holds it while it is being
changed, converted from and to the content `Battlefield` model), and the hex helpers are
`editor.mapdoc`; its names are this module's too, so ``model.MapDoc`` is the one class.

Every tool is a `Command`: a small value that changes a document in place. `Editor` runs
commands, keeps one undo step per command (a snapshot of the document before it: maps are
small, so this is simple and exact), and redoes them. With a symmetry centre set, every
hex-targeted command is also applied at the point-mirrored hexes in the same undo step.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import ValidationError

from arena.content import writer
from arena.content.battlefield import (
    Battlefield,
    GlyphPlacement,
    Obstacle,
    PowerSpace,
    StartingZone,
)
from arena.content.loader import load_file
from arena.content.locations import save_path
from editor.mapdoc import GLYPHS as GLYPHS
from editor.mapdoc import (
    MAX_LEVELS,
    drop_column_extras,
    mirror_axis,
    plane_xy,
    point_mirror,
    rotate60,
)
from editor.mapdoc import SLUG as SLUG
from editor.mapdoc import TERRAINS as TERRAINS
from editor.mapdoc import Coord as Coord
from editor.mapdoc import MapDoc as MapDoc
from editor.mapdoc import select_box as select_box
from editor.mapdoc import select_same as select_same

# --- commands ---------------------------------------------------------------------------------


class Command(Protocol):
    """One edit. `apply` changes the document in place; `mirrored` is the same edit at the
    mirrored hexes (None: the command has no hexes to mirror)."""

    @property
    def label(self) -> str: ...

    def apply(self, doc: MapDoc) -> None: ...

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None: ...


_Cmd = TypeVar("_Cmd", bound="_OnHex")


class _OnHex:
    """A command on one hex (its ``at`` field): its mirror image is the same command on the
    mirrored hex (the symmetry helper)."""

    at: Coord

    def mirrored(self: _Cmd, mirror: Callable[[Coord], Coord]) -> _Cmd:
        return replace(self, at=mirror(self.at))  # type: ignore[type-var]


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
class PlaceGlyph(_OnHex):
    """Put a glyph (kind, side up) on `at`, replacing any glyph there."""

    at: Coord
    glyph: str
    side: str = "ability"
    label: str = "Place glyph"

    def apply(self, doc: MapDoc) -> None:
        doc.glyphs[self.at] = GlyphPlacement(
            at=self.at, glyph=self.glyph, side=self.side)  # type: ignore[arg-type]


@dataclass(frozen=True)
class RemoveGlyph(_OnHex):
    at: Coord
    label: str = "Remove glyph"

    def apply(self, doc: MapDoc) -> None:
        doc.glyphs.pop(self.at, None)


@dataclass(frozen=True)
class MarkGlyphSpace(_OnHex):
    """Mark (or with ``on=False`` unmark) `at` as a glyph space."""

    at: Coord
    on: bool = True
    label: str = "Mark glyph space"

    def apply(self, doc: MapDoc) -> None:
        if self.on and self.at not in doc.glyph_spaces:
            doc.glyph_spaces.append(self.at)
        elif not self.on:
            doc.glyph_spaces = [g for g in doc.glyph_spaces if g != self.at]


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
    """Add `at` to the starting zone `zone_id` (taking it out of any other zone).
    Mirrored, it paints `partner` (the other side's zone), or nothing without one."""

    at: Coord
    zone_id: str
    partner: str | None = None
    label: str = "Paint starting zone"

    def apply(self, doc: MapDoc) -> None:
        zones = []
        for zone in doc.zones:
            spaces = [s for s in zone.spaces if s != self.at]
            if zone.id == self.zone_id:
                spaces.append(self.at)
            zones.append(zone.model_copy(update={"spaces": spaces}))
        doc.zones = zones

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command | None:
        if self.partner is None:
            return None
        return PaintZone(mirror(self.at), self.partner, self.zone_id, self.label)


@dataclass(frozen=True)
class EraseZone(_OnHex):
    at: Coord
    label: str = "Erase starting zone"

    def apply(self, doc: MapDoc) -> None:
        doc.zones = [z.model_copy(update={"spaces": [s for s in z.spaces if s != self.at]})
                     for z in doc.zones]


@dataclass(frozen=True)
class PaintPower:
    """Mark `at` as a power space belonging to the glyph at `glyph`
    (``glyph=None``: the nearest glyph; ``on=False`` unmarks)."""

    at: Coord
    glyph: Coord | None = None
    on: bool = True
    label: str = "Paint power space"

    def apply(self, doc: MapDoc) -> None:
        doc.power_spaces = [p for p in doc.power_spaces if p.at != self.at]
        if not self.on:
            return
        target = self.glyph
        if target is None:
            if not doc.glyphs:
                return
            x, y = plane_xy(self.at)
            target = min(doc.glyphs, key=lambda g: math.dist((x, y), plane_xy(g)))
        doc.power_spaces.append(PowerSpace(at=self.at, glyph=target))

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command:
        glyph = mirror(self.glyph) if self.glyph is not None else None
        return replace(self, at=mirror(self.at), glyph=glyph)


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


# --- fragments: copy, paste, rotate, mirror ---------------------------------------------------


@dataclass(frozen=True)
class Fragment:
    """Part of a map, relative to an anchor hex: what copy puts on the clipboard."""

    columns: tuple[tuple[Coord, tuple[str | None, ...]], ...]
    glyphs: tuple[GlyphPlacement, ...] = ()
    glyph_spaces: tuple[Coord, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    surfaces: tuple[tuple[Coord, tuple[str | None, ...]], ...] = ()
    """The columns' looks (`MapDoc.surfaces`), so a copy looks like what was copied."""

    def hexes(self) -> list[Coord]:
        return [at for at, _ in self.columns]

    def moved(self, fn: Callable[[Coord], Coord]) -> Fragment:
        return Fragment(
            columns=tuple((fn(at), levels) for at, levels in self.columns),
            glyphs=tuple(g.model_copy(update={"at": fn(g.at)}) for g in self.glyphs),
            glyph_spaces=tuple(fn(a) for a in self.glyph_spaces),
            obstacles=tuple(o.model_copy(update={"footprint": [fn(a) for a in o.footprint]})
                            for o in self.obstacles),
            surfaces=tuple((fn(at), looks) for at, looks in self.surfaces),
        )


def centre_hex(hexes: Iterable[Coord]) -> Coord:
    """The hex nearest the middle of `hexes` (the pivot for rotating or mirroring them)."""
    items = sorted(hexes)
    if not items:
        return (0, 0)
    x = sum(plane_xy(a)[0] for a in items) / len(items)
    y = sum(plane_xy(a)[1] for a in items) / len(items)
    return min(items, key=lambda a: (math.dist((x, y), plane_xy(a)), a))


def copy_fragment(doc: MapDoc, selection: Iterable[Coord]) -> Fragment:
    """The selected columns (and the glyphs, glyph spaces and obstacles wholly on them),
    relative to the selection's centre hex."""
    chosen = [at for at in doc.columns if at in set(selection)]
    anchor = centre_hex(chosen)
    inside = set(chosen)
    frag = Fragment(
        columns=tuple((at, tuple(doc.columns[at])) for at in chosen),
        glyphs=tuple(g for at, g in doc.glyphs.items() if at in inside),
        glyph_spaces=tuple(a for a in doc.glyph_spaces if a in inside),
        obstacles=tuple(o for o in doc.obstacles if set(o.footprint) <= inside),
        surfaces=_surfaces(doc, chosen),
    )
    return frag.moved(lambda a: (a[0] - anchor[0], a[1] - anchor[1]))


def _surfaces(doc: MapDoc, chosen: Iterable[Coord]) -> tuple[tuple[Coord, tuple[str | None, ...]],
                                                              ...]:
    return tuple((at, tuple(doc.surfaces[at])) for at in chosen if at in doc.surfaces)


def _stamp(doc: MapDoc, frag: Fragment) -> None:
    """Write a fragment (absolute coordinates) over the document."""
    for at, levels in frag.columns:
        doc.columns[at] = list(levels)
        doc.surfaces.pop(at, None)
    doc.surfaces.update((at, list(looks)) for at, looks in frag.surfaces)
    for glyph in frag.glyphs:
        doc.glyphs[glyph.at] = glyph
    for at in frag.glyph_spaces:
        if at not in doc.glyph_spaces:
            doc.glyph_spaces.append(at)
    covered = {a for o in frag.obstacles for a in o.footprint}
    doc.obstacles = [o for o in doc.obstacles if not set(o.footprint) & covered]
    for obstacle in frag.obstacles:
        doc.obstacles.append(obstacle.model_copy(update={"id": doc.next_obstacle_id(
            obstacle.kind)}))


@dataclass(frozen=True)
class Paste:
    """Write a copied fragment with its anchor at `at`."""

    fragment: Fragment
    at: Coord
    label: str = "Paste"

    def apply(self, doc: MapDoc) -> None:
        _stamp(doc, self.fragment.moved(lambda a: (a[0] + self.at[0], a[1] + self.at[1])))

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Command:
        # Point symmetry = a half-turn: the mirrored paste is the fragment turned by 180.
        turned = self.fragment.moved(lambda a: rotate60(a, (0, 0), 3))
        return Paste(turned, mirror(self.at), self.label)


@dataclass(frozen=True)
class TransformSelection:
    """Move the selected part of the map through `kind` ("rotate": 60 degrees clockwise,
    "mirror": top-bottom) about the selection's centre hex."""

    selection: frozenset[Coord]
    kind: str = "rotate"
    label: str = "Transform selection"

    def target(self, doc: MapDoc) -> Callable[[Coord], Coord]:
        pivot = centre_hex(a for a in doc.columns if a in self.selection)
        if self.kind == "rotate":
            return lambda a: rotate60(a, pivot)
        return lambda a: mirror_axis(a, pivot)

    def apply(self, doc: MapDoc) -> None:
        fn = self.target(doc)
        chosen = [at for at in doc.columns if at in self.selection]
        inside = set(chosen)
        frag = Fragment(
            columns=tuple((at, tuple(doc.columns[at])) for at in chosen),
            glyphs=tuple(g for at, g in doc.glyphs.items() if at in inside),
            glyph_spaces=tuple(a for a in doc.glyph_spaces if a in inside),
            obstacles=tuple(o for o in doc.obstacles if set(o.footprint) <= inside),
            surfaces=_surfaces(doc, chosen),
        )
        for at in chosen:
            del doc.columns[at]
            doc.glyphs.pop(at, None)
            doc.surfaces.pop(at, None)
        doc.glyph_spaces = [a for a in doc.glyph_spaces if a not in inside]
        doc.obstacles = [o for o in doc.obstacles if not set(o.footprint) <= inside]
        moved = frag.moved(fn)
        for at, levels in moved.columns:
            doc.columns[at] = list(levels)
            doc.surfaces.pop(at, None)
        doc.surfaces.update((at, list(looks)) for at, looks in moved.surfaces)
        for glyph in moved.glyphs:
            doc.glyphs[glyph.at] = glyph
        doc.glyph_spaces.extend(a for a in moved.glyph_spaces if a not in doc.glyph_spaces)
        doc.obstacles.extend(moved.obstacles)
        doc.zones = [z.model_copy(update={"spaces": [fn(s) if s in inside else s
                                                     for s in z.spaces]}) for z in doc.zones]
        doc.power_spaces = [p.model_copy(update={
            "at": fn(p.at) if p.at in inside else p.at,
            "glyph": fn(p.glyph) if p.glyph in inside else p.glyph}) for p in doc.power_spaces]

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


# --- the editor: command stack, symmetry, files -----------------------------------------------


class SaveError(Exception):
    """A save failed; the message says why (the old file is untouched)."""


@dataclass
class Step:
    label: str
    before: MapDoc
    after: MapDoc


class Editor:
    """A document with unlimited undo and redo, a symmetry helper and its file."""

    def __init__(self, doc: MapDoc | None = None, path: Path | None = None) -> None:
        self.doc = doc if doc is not None else MapDoc()
        self.path = path
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []
        self.symmetry: Coord | None = None
        """Centre of point symmetry in doubled coordinates (``2 * hex``), or None."""
        self.revision = 0
        """Grows with every change (undo and redo too): watchers re-validate on it."""
        self.clean_depth: int | None = 0
        """How many undo steps lead to the state last saved (or opened); None when that state
        is no longer on the stack. Undoing or redoing back to it makes the map clean again."""
        self.clipboard: Fragment | None = None

    # symmetry -----------------------------------------------------------------------------

    def set_symmetry(self, centre: Coord | None, half: bool = False) -> None:
        """Mirror every edit through `centre` (a hex; with ``half=True`` the given doubled
        coordinates, e.g. the midpoint of an edge). None turns symmetry off."""
        if centre is None:
            self.symmetry = None
        else:
            self.symmetry = centre if half else (2 * centre[0], 2 * centre[1])

    def mirror(self, at: Coord) -> Coord:
        assert self.symmetry is not None
        return point_mirror(at, self.symmetry)

    # commands -----------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        """Whether the map differs from its file: it follows the undo stack, so undoing back
        to the saved state is clean and redoing away from it is dirty again."""
        return len(self.undo_stack) != self.clean_depth

    def mark_unsaved(self) -> None:
        """Make the map dirty whatever its stack says (recovered work is not in any file)."""
        self.clean_depth = None

    def execute(self, command: Command, merge: bool = False) -> bool:
        """Run a command (and its mirror image, with symmetry on) as one undo step.
        Returns False (and records nothing) when it changed nothing. With ``merge`` the
        change joins the last step (the hexes of one brush stroke undo together)."""
        before = self.doc.copy()
        command.apply(self.doc)
        if self.symmetry is not None:
            other = command.mirrored(self.mirror)
            if other is not None:
                other.apply(self.doc)
        if self.doc == before:
            return False
        depth = len(self.undo_stack)
        if self.clean_depth is not None and (
                self.clean_depth > depth  # the saved state was undone: its redo is dropped
                or (merge and depth and self.clean_depth == depth)):  # its step changes
            self.clean_depth = None
        if merge and self.undo_stack:
            self.undo_stack[-1].after = self.doc.copy()
        else:
            self.undo_stack.append(Step(command.label, before, self.doc.copy()))
        self.redo_stack.clear()
        self.revision += 1
        return True

    def undo(self) -> str | None:
        if not self.undo_stack:
            return None
        step = self.undo_stack.pop()
        self.redo_stack.append(step)
        self.doc = step.before.copy()
        self.revision += 1
        return step.label

    def redo(self) -> str | None:
        if not self.redo_stack:
            return None
        step = self.redo_stack.pop()
        self.undo_stack.append(step)
        self.doc = step.after.copy()
        self.revision += 1
        return step.label

    # eyedropper, clipboard ----------------------------------------------------------------

    def sample(self, at: Coord) -> tuple[str | None, int]:
        """The eyedropper: the terrain and level of the hex at `at` (None, 0: no column)."""
        return self.doc.terrain(at), self.doc.top(at)

    def copy_selection(self, selection: Iterable[Coord]) -> Fragment:
        self.clipboard = copy_fragment(self.doc, selection)
        return self.clipboard

    def paste(self, at: Coord) -> bool:
        return self.clipboard is not None and self.execute(Paste(self.clipboard, at))

    # files --------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str) -> Editor:
        """Load a battlefield file (or a scenario's battlefield is not handled here)."""
        path = Path(path)
        bf = load_file(path, expect=Battlefield)
        assert isinstance(bf, Battlefield)
        return cls(MapDoc.from_battlefield(bf), path)

    def save(self, path: Path | str | None = None) -> Path:
        """Save canonical YAML atomically; the id follows the file name; an edit of a shipped
        battlefield goes to the player's folder (`arena.content.locations.user_copy`), where
        it replaces the shipped one. Raises `SaveError` (the old file kept) when the map is
        not a valid battlefield or the write fails."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise SaveError("choose a file name first (Save as)")
        doc = self.doc.copy()
        rename = target.stem != doc.id and bool(SLUG.match(target.stem))
        if rename:
            doc.id = target.stem
        try:
            bf = doc.to_battlefield()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise SaveError(f"not saved: {where}: {first['msg']}") from exc
        try:
            target = save_path(target)
            writer.save_model(bf, target)
        except OSError as exc:
            raise SaveError(f"not saved: {exc.strerror or exc}") from exc
        if rename:
            self.execute(SetInfo(id=target.stem, label="Rename to match the file"))
        self.path = target
        self.clean_depth = len(self.undo_stack)
        return target
