"""Fragments: part of a map lifted off relative to an anchor hex (copy), stamped back
elsewhere (`Paste`), or rotated and mirrored in place (`TransformSelection`) (headless).

`Paste` and `TransformSelection` are commands (`editor.core.commands.Command`) by their shape:
this module needs nothing of the commands' module.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from arena.content.battlefield import (
    GlyphPlacement,
    Obstacle,
)
from editor.core.mapdoc import (
    Coord,
    MapDoc,
    Position,
    column_of,
    mirror_axis,
    mirror_position,
    plane_xy,
    rotate60,
)

# --- fragments: copy, paste, rotate, mirror ---------------------------------------------------


@dataclass(frozen=True)
class Fragment:
    """Part of a map, relative to an anchor hex: what copy puts on the clipboard."""

    columns: tuple[tuple[Coord, tuple[str | None, ...]], ...]
    glyphs: tuple[GlyphPlacement, ...] = ()
    glyph_spaces: tuple[Position, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    surfaces: tuple[tuple[Coord, tuple[str | None, ...]], ...] = ()
    """The columns' looks (`MapDoc.surfaces`), so a copy looks like what was copied."""

    def hexes(self) -> list[Coord]:
        return [at for at, _ in self.columns]

    def moved(self, fn: Callable[[Coord], Coord]) -> Fragment:
        return Fragment(
            columns=tuple((fn(at), levels) for at, levels in self.columns),
            glyphs=tuple(g.model_copy(update={"at": mirror_position(g.at, fn)})
                         for g in self.glyphs),
            glyph_spaces=tuple(mirror_position(a, fn) for a in self.glyph_spaces),
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
        glyphs=tuple(g for at, g in doc.glyphs.items() if column_of(at) in inside),
        glyph_spaces=tuple(a for a in doc.glyph_spaces if column_of(a) in inside),
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
    for mark in frag.glyph_spaces:
        if mark not in doc.glyph_spaces:
            doc.glyph_spaces.append(mark)
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

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> Paste:
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
            glyphs=tuple(g for at, g in doc.glyphs.items() if column_of(at) in inside),
            glyph_spaces=tuple(a for a in doc.glyph_spaces if column_of(a) in inside),
            obstacles=tuple(o for o in doc.obstacles if set(o.footprint) <= inside),
            surfaces=_surfaces(doc, chosen),
        )
        for at in chosen:
            del doc.columns[at]
            doc.surfaces.pop(at, None)
        doc.glyphs = {at: g for at, g in doc.glyphs.items() if column_of(at) not in inside}
        doc.glyph_spaces = [a for a in doc.glyph_spaces if column_of(a) not in inside]
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

        def moved_mark(at: Position) -> Position:  # a mark on a moved column keeps its level
            return mirror_position(at, fn) if column_of(at) in inside else at

        doc.zones = [z.model_copy(update={"spaces": [moved_mark(s) for s in z.spaces]})
                     for z in doc.zones]
        doc.power_spaces = [p.model_copy(update={"at": moved_mark(p.at),
                                                 "glyph": moved_mark(p.glyph)})
                            for p in doc.power_spaces]

    def mirrored(self, mirror: Callable[[Coord], Coord]) -> None:
        return None  # the transform is of a selection: it has no mirror image
