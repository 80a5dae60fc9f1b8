"""How even a battlefield's starting zones are: their size, the mean level of their spaces, and
how far their spaces lie, on average, from the centre of the field and from each glyph.

The nearest space alone hides an uneven field: on a map whose two zones each have a space 5
hexes from the power glyph, one zone's seven spaces may average 5.57 hexes from it and the
other's 5.86, and the first zone's figures reach it sooner. So every measure here is a mean
over all of a zone's spaces, and two zones are *even* in a measure when their means differ by
no more than its `TOLERANCE`.

`arena show` lists the measures and calls out every uneven one, the editor's Check balance
report does the same beside the glyph landings, the importer chooses proposed zones by them
(`arena.content.zone_proposal`), and ``scripts/build_battlefields.py`` refuses to write a
shipped field whose zones are not even. Pure geometry: no pygame, no files.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from arena.content.battlefield import Battlefield, Column, StartingZone
from arena.content.storeys import Position, Spaces, named
from arena.hexgrid import Hex, distance

__all__ = ["TOLERANCE", "Gap", "Measure", "ZoneReach", "centre", "gaps", "glyph_spots",
           "point", "reach", "reach_lines", "space_name", "tops_of"]

Coord = Position
"""A glyph's or a zone space's position (`arena.content.storeys`): measures read its column,
and its level from the surface it names."""
Point = tuple[float, float]


class Measure(StrEnum):
    """What two zones are compared by."""

    SIZE = "spaces"
    HEIGHT = "mean level"
    CENTRE = "mean distance to the centre"
    GLYPH = "mean distance"


TOLERANCE: dict[Measure, float] = {
    Measure.SIZE: 0.0, Measure.HEIGHT: 0.25, Measure.CENTRE: 0.25, Measure.GLYPH: 0.25}
"""The largest difference between two zones' means that still counts as even: the same number
of spaces, and a quarter of a level or of a hex on average (a seven-space zone one hex nearer
a glyph at two of its spaces is 0.29 hexes nearer on average: uneven)."""


@dataclass(frozen=True)
class ZoneReach:
    """One zone's measures."""

    zone: str
    spaces: int
    height: float
    """The mean level its spaces stand on (the surface each names: the top of a column with
    one)."""
    centre: float
    """The mean distance, in hexes, from its spaces to the centre of the field (`centre`)."""
    glyphs: dict[Coord, float]
    """Per glyph (or glyph space): the mean hex distance from its spaces."""

    def value(self, measure: Measure, spot: Coord | None = None) -> float:
        """The zone's figure for `measure` (for `Measure.GLYPH`, the glyph at `spot`)."""
        if measure is Measure.SIZE:
            return float(self.spaces)
        if measure is Measure.HEIGHT:
            return self.height
        if measure is Measure.CENTRE:
            return self.centre
        assert spot is not None
        return self.glyphs[spot]


@dataclass(frozen=True)
class Gap:
    """An uneven measure: what it is and each zone's figure."""

    measure: Measure
    subject: str
    """What was measured ("the power glyph at [0, 0]"), empty for size, level and centre."""
    values: dict[str, float]

    @property
    def difference(self) -> float:
        return max(self.values.values()) - min(self.values.values())

    def line(self) -> str:
        """In words: which zone is nearer (higher, larger) and by how much."""
        best = min(self.values, key=lambda z: self.values[z])
        figures = ", ".join(f"{z} {_figure(self.measure, v)}" for z, v in self.values.items())
        if self.measure is Measure.GLYPH:
            return (f"{self.subject} is nearer {best} ({Measure.GLYPH.value} from the zone's "
                    f"spaces: {figures} hexes; even within {TOLERANCE[self.measure]:g})")
        if self.measure is Measure.SIZE:
            return f"the zones differ in size ({figures} spaces)"
        unit = "levels" if self.measure is Measure.HEIGHT else "hexes"
        return (f"the zones differ in {self.measure.value} ({figures} {unit}; even within "
                f"{TOLERANCE[self.measure]:g})")


def _figure(measure: Measure, value: float) -> str:
    return f"{value:.0f}" if measure is Measure.SIZE else f"{value:.2f}"


def point(at: Coord) -> Point:
    """A hex centre in units of one hex spacing (pointy-top axial coordinates; a storey's is
    its column's)."""
    q, r = at[0], at[1]
    return (q + r / 2, r * math.sqrt(3) / 2)


def centre(columns: Iterable[Column | Coord]) -> Point:
    """The centre of the field: the mean of its hexes' centres (the centre of symmetry of a
    symmetric field), in hex spacings."""
    points = [point(c.at if isinstance(c, Column) else c) for c in columns]
    if not points:
        return (0.0, 0.0)
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def glyph_spots(bf: Battlefield) -> dict[Coord, str]:
    """Each glyph and glyph space by its hex, named ("the power glyph at [0, 0]")."""
    spots: dict[Coord, str] = {}
    for glyph in bf.glyphs:
        spots[glyph.at] = f"the {glyph.glyph} glyph at {named(glyph.at)}"
    for at in bf.glyph_spaces:
        spots.setdefault(at, space_name(at))
    return spots


def space_name(at: Coord) -> str:
    """A glyph space with no glyph named ("the glyph space at [2, -1]", "... at 2,-1@3")."""
    return f"the glyph space at {named(at)}"


def measure_zone(zone_id: str, spaces: Sequence[Coord], tops: dict[Coord, int], middle: Point,
                 spots: Iterable[Coord]) -> ZoneReach:
    """One zone's measures (`tops`: the level of each space, `tops_of`)."""
    n = len(spaces) or 1
    height = sum(tops.get(s, 0) for s in spaces) / n
    away = sum(math.dist(point(s), middle) for s in spaces) / n
    glyphs = {spot: sum(distance(Hex(s[0], s[1]), Hex(spot[0], spot[1])) for s in spaces) / n
              for spot in spots}
    return ZoneReach(zone_id, len(spaces), height, away, glyphs)


def reach(bf: Battlefield, zones: Sequence[StartingZone] | None = None) -> list[ZoneReach]:
    """The measures of `zones` (the battlefield's own by default)."""
    tops = tops_of(bf.columns)
    middle = centre(bf.columns)
    spots = list(glyph_spots(bf))
    return [measure_zone(z.id, z.spaces, tops, middle, spots)
            for z in (bf.starting_zones if zones is None else zones)]


def tops_of(columns: Iterable[Column]) -> dict[Coord, int]:
    """The level of every space of `columns`, by position: a column's top where it has one
    surface (as always), each surface's level where it has several."""
    spaces = Spaces.of(columns)
    return {at: spaces.level(at) for at in spaces.positions()}


def gaps(reaches: Sequence[ZoneReach], subjects: dict[Coord, str] | None = None,
         tolerance: dict[Measure, float] | None = None) -> list[Gap]:
    """Every measure in which the zones are uneven (their means differ by more than the
    tolerance), in the order size, level, centre, glyphs. `subjects` names the glyphs."""
    if len(reaches) < 2:
        return []
    limit = TOLERANCE if tolerance is None else tolerance
    out: list[Gap] = []
    names = subjects or {}
    checks: list[tuple[Measure, Coord | None]] = [
        (Measure.SIZE, None), (Measure.HEIGHT, None), (Measure.CENTRE, None)]
    checks += [(Measure.GLYPH, spot) for spot in reaches[0].glyphs]
    for measure, spot in checks:
        values = {r.zone: r.value(measure, spot) for r in reaches}
        if max(values.values()) - min(values.values()) > limit[measure] + 1e-9:
            subject = names.get(spot, f"the glyph at {spot}") if spot is not None else ""
            out.append(Gap(measure, subject, values))
    return out


def reach_lines(bf: Battlefield) -> list[str]:
    """The zones' measures and every uneven one called out (`arena show`, Check balance)."""
    reaches = reach(bf)
    if len(reaches) < 2:
        return []
    spots = glyph_spots(bf)
    lines = ["Zone balance (means over each zone's spaces; even within "
             f"{TOLERANCE[Measure.HEIGHT]:g} level, {TOLERANCE[Measure.GLYPH]:g} hex):"]
    for r in reaches:
        near = "; ".join(f"{spots[at].removeprefix('the ')} {d:.2f}"
                         for at, d in r.glyphs.items())
        plural = "s" if r.spaces != 1 else ""
        lines.append(f"  {r.zone}: {r.spaces} space{plural}, level {r.height:.2f}, "
                     f"{r.centre:.2f} hexes from the centre" + (f"; {near}" if near else ""))
    found = gaps(reaches, spots)
    if not found:
        lines.append("  even: no zone is nearer a glyph, higher or nearer the centre")
    lines += [f"  UNEVEN: {gap.line()}" for gap in found]
    return lines
