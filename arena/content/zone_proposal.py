"""Starting zones proposed for a community map that has none: two zones chosen to be even.

A Heroscape Map Editor file has no starting zones, so the importer proposes two (`propose`)
for the map maker to review. Two zones on opposite edges are not enough: on a map with a high
end, the zone there starts on level 19 and the other on level 2; on an island with cliffs to
the west, one zone stands on the cliffs. So every pair of candidate zones is measured as
`arena.content.zone_reach` measures a shipped field (size, mean level, mean distance to the
centre and to each glyph space), and the pair kept is the one with the fewest measures beyond
`zone_reach.TOLERANCE`, then the smallest excess, then (of even pairs) the farthest apart. An
uneven best pair is then evened out a space at a time (`_polish`).

A candidate zone is the `size` free dry spaces nearest one anchor hex, grown across dry
neighbours (compact, never split by water or an obstacle), or those at the anchor's level
first; every free dry hex is an anchor. Two zones must not touch, and lie at least `APART` of
the field's width apart, so each side has room to advance. Zones of `ZONE_SIZE` spaces are
tried first (a quarter of the free dry spaces on a small map), then three quarters, half and a
quarter of that (never under `MIN_SIZE`): the largest size with an even pair wins, else the
most even pair of any size. A map too small for two zones of `MIN_SIZE` spaces gets none, and
the report says so. Pure geometry: no files.

Spaces above spaces: a column with several surfaces (a bridge over a river, a hall under a
roof) offers each of its dry surfaces with `MIN_ROOM` levels of air or open sky above it as a
space of its own (``[q, r, level]``); zones grow across neighbouring columns, so a zone may
take the deck of a bridge or the ground under it. On a battlefield whose columns have one
surface each (every shipped one) the spaces, and so the proposal, are the columns' tops.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.content.battlefield import SOLID, Column, StartingZone
from arena.content.piece_rules import PROPOSED, ZONE_SIZE, ZONES
from arena.content.storeys import Position, Spaces, column_of, order
from arena.content.zone_reach import (
    TOLERANCE,
    Measure,
    ZoneReach,
    centre,
    gaps,
    measure_zone,
    point,
    space_name,
)
from arena.hexgrid import DIRECTIONS, Hex, distance

__all__ = ["APART", "MIN_ROOM", "MIN_SIZE", "Proposal", "propose"]

Coord = Position
"""A proposed zone's space: ``[q, r]``, or ``[q, r, level]`` on a column with several
surfaces (`arena.content.storeys`)."""

MIN_SIZE = 7
"""The fewest spaces a proposed zone has (the Duel's zones): a map with fewer than four times
as many free dry spaces gets no proposal; its maker paints zones by hand."""
APART = 0.5
"""How far apart two proposed zones' centres lie at least, as a share of the field's width
(the largest distance between two free dry spaces)."""
MIN_ROOM = 4
"""The fewest levels of air a surface under a ceiling needs to be proposed as a starting space:
a Planeswalker starts there, and the shortest Planeswalkers stand 4 levels tall (Chandra,
Jace, Liliana and Nissa; the engine refuses a figure taller than the room under a ceiling
when it places it). A surface under the open sky always has room."""
_DIRS: tuple[tuple[int, int], ...] = tuple((d.q, d.r) for d in DIRECTIONS)


@dataclass(frozen=True)
class Proposal:
    """The zones proposed (none when the map is too small) and how even they are."""

    zones: list[StartingZone]
    reaches: list[ZoneReach]
    uneven: list[str]
    """Each measure beyond its tolerance, in words (empty: even in every measure)."""
    reason: str = ""
    """Why no zones were proposed (empty when they were)."""


def _columns_around(spaces: Iterable[Coord]) -> set[tuple[int, int]]:
    """Every column beside the column of one of `spaces` (and perhaps some of theirs)."""
    return {(a[0] + d[0], a[1] + d[1]) for a in spaces for d in _DIRS}


def _columns(spaces: Iterable[Coord]) -> set[tuple[int, int]]:
    return {column_of(a) for a in spaces}


@dataclass(frozen=True)
class _Free:
    """The free dry spaces a zone may take, and which of them each column holds."""

    spaces: frozenset[Coord]
    by_column: dict[tuple[int, int], tuple[Coord, ...]]

    @classmethod
    def of(cls, spaces: Iterable[Coord]) -> _Free:
        by_column: dict[tuple[int, int], list[Coord]] = {}
        for at in sorted(spaces, key=order):
            by_column.setdefault(column_of(at), []).append(at)
        return cls(frozenset(a for group in by_column.values() for a in group),
                   {k: tuple(v) for k, v in by_column.items()})

    def __contains__(self, at: object) -> bool:
        return at in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def around(self, spaces: Iterable[Coord]) -> set[Coord]:
        """Every free space in a column beside one of `spaces`' columns."""
        return {a for c in _columns_around(spaces) for a in self.by_column.get(c, ())}


def _hex(at: Coord) -> Hex:
    return Hex(at[0], at[1])


def _grow(anchor: Coord, free: _Free, size: int, tops: dict[Coord, int],
          flat: bool) -> tuple[Coord, ...] | None:
    """The `size` free spaces nearest `anchor` across free neighbours (by hex distance, then
    position; with `flat`, spaces at the anchor's level first, but no farther from it than one
    hex beyond a compact zone's radius), or None when fewer are connected to it."""
    zone = {anchor}
    level = tops[anchor]
    reach = next(r for r in range(size + 1) if 1 + 3 * r * (r + 1) >= size) + 1
    centre_hex = _hex(anchor)
    while len(zone) < size:
        ring = {h for h in free.around(zone) if h not in zone
                and (not flat or distance(_hex(h), centre_hex) <= reach)}
        if not ring:
            return None
        zone.add(min(ring, key=lambda h: (abs(tops[h] - level) if flat else 0,
                                          distance(_hex(h), centre_hex), *order(h))))
    return tuple(sorted(zone, key=order))


def _excess(a: ZoneReach, b: ZoneReach) -> tuple[int, float]:
    """How uneven two zones are: the measures beyond tolerance and by how much in all (each
    difference less its tolerance); (0, 0.0) for an even pair."""
    diffs = [(Measure.HEIGHT, abs(a.height - b.height)),
             (Measure.CENTRE, abs(a.centre - b.centre))]
    diffs += [(Measure.GLYPH, abs(a.glyphs[s] - b.glyphs[s])) for s in a.glyphs]
    over = [d - TOLERANCE[m] for m, d in diffs if d > TOLERANCE[m] + 1e-9]
    return len(over), round(sum(over), 2)


def propose(columns: Sequence[Column], blocked: Iterable[Coord],
            glyph_spots: Sequence[Coord] = ()) -> Proposal:
    """Two even starting zones for a map without any (see the module docstring), marked
    ``proposed``. `blocked`: obstacles (the top surface of their columns) and glyph spaces,
    where no zone space may be."""
    skip = set(blocked)
    spaces = Spaces.of(columns)
    free = _Free.of(
        at for at in spaces.positions() if at not in skip
        and (floor := spaces.at(at)) is not None and floor.terrain in SOLID
        and (floor.ceiling is None or floor.ceiling - floor.top >= MIN_ROOM))
    size = min(ZONE_SIZE, len(free) // 4)
    if size < MIN_SIZE:
        return Proposal([], [], [], f"too few free dry spaces ({len(free)}) for two zones of "
                        f"{MIN_SIZE}: paint the starting zones by hand")
    tops = {at: spaces.level(at) for at in free.spaces}
    middle = centre(columns)
    points = {point(a) for a in free.spaces}
    width = max((math.dist(a, b) for a in points for b in points), default=0.0)
    found: tuple[int, tuple[Coord, ...], tuple[Coord, ...]] | None = None
    for tried in sorted({max(MIN_SIZE, size * k // 4) for k in (4, 3, 2, 1)}, reverse=True):
        pair = _best_pair(free, tried, tops, middle, width, glyph_spots)
        if pair is not None and (found is None or pair[0] < found[0]):
            found = pair
        if found is not None and found[0] == 0:
            break  # even at this size: the largest even zones win
    if found is None:
        return Proposal([], [], [], f"no two zones of {MIN_SIZE} or more spaces fit far "
                        "enough apart: paint the starting zones by hand")
    _, first, second = found
    centres = {first: centre(first), second: centre(second)}
    # Yellow takes the zone nearer the top of the map (then the west), as the Duel has it.
    ordered = sorted((first, second), key=lambda z: (centres[z][1], centres[z][0]))
    made = [StartingZone(id=ZONES[code][0], name=ZONES[code][0].capitalize(),
                         colour=ZONES[code][1], spaces=list(z), proposed=True)
            for code, z in zip(PROPOSED, ordered, strict=True)]
    reaches = [measure_zone(z.id, z.spaces, tops, middle, glyph_spots) for z in made]
    names = {at: space_name(at) for at in glyph_spots}
    return Proposal(made, reaches, [g.line() for g in gaps(reaches, names)])


def _best_pair(free: _Free, size: int, tops: dict[Coord, int],
               middle: tuple[float, float], width: float, glyph_spots: Sequence[Coord]
               ) -> tuple[int, tuple[Coord, ...], tuple[Coord, ...]] | None:
    """The most even pair of zones of `size` spaces far enough apart, with the number of
    measures in which it is uneven (None when no pair is far enough apart)."""
    grown: dict[tuple[Coord, ...], ZoneReach] = {}
    for anchor in sorted(free.spaces, key=order):
        for flat in (False, True):
            zone = _grow(anchor, free, size, tops, flat)
            if zone is not None and zone not in grown:
                grown[zone] = measure_zone("", zone, tops, middle, glyph_spots)
    centres = {z: centre(z) for z in grown}
    best: tuple[int, float, float, tuple[Coord, ...], tuple[Coord, ...]] | None = None
    zones = sorted(grown)
    for i, first in enumerate(zones):
        near_first = _columns_around(first) | _columns(first)
        for second in zones[i + 1:]:
            apart = math.dist(centres[first], centres[second])
            if apart < APART * width or not near_first.isdisjoint(_columns(second)):
                continue
            count, excess = _excess(grown[first], grown[second])
            key = (count, excess, -round(apart, 6), first, second)
            if best is None or key < best:
                best = key
    if best is None:
        return None
    count, _, _, first, second = best
    if count:
        return _polish(first, second, free, tops, middle, glyph_spots)
    return count, first, second


def _polish(first: tuple[Coord, ...], second: tuple[Coord, ...], free: _Free,
            tops: dict[Coord, int], middle: tuple[float, float], glyph_spots: Sequence[Coord],
            rounds: int = 24) -> tuple[int, tuple[Coord, ...], tuple[Coord, ...]]:
    """An uneven pair made more even a space at a time: a zone gives up one space for a free
    neighbouring one while that lowers the excess (the zone stays in one piece and off the
    other's neighbours)."""
    pair = [first, second]

    def score(a: Sequence[Coord], b: Sequence[Coord]) -> tuple[int, float]:
        return _excess(measure_zone("", a, tops, middle, glyph_spots),
                       measure_zone("", b, tops, middle, glyph_spots))

    current = score(*pair)
    for _ in range(rounds):
        if current[0] == 0:
            break
        found: tuple[tuple[int, float], int, tuple[Coord, ...]] | None = None
        for i in (0, 1):
            mine, other = set(pair[i]), set(pair[1 - i])
            near_other = _columns_around(other) | _columns(other)
            options = sorted((h for h in free.around(mine) if h not in mine
                              and column_of(h) not in near_other), key=_plain_order)
            for out in sorted(mine, key=_plain_order):
                for into in options:
                    zone = tuple(sorted(mine - {out} | {into}, key=order))
                    if not _connected(zone):
                        continue
                    trial = score(zone, pair[1]) if i == 0 else score(pair[0], zone)
                    if trial < current and (found is None or trial < found[0]):
                        found = (trial, i, zone)
        if found is None:
            break
        current, index, zone = found
        pair[index] = zone
    return current[0], pair[0], pair[1]


def _plain_order(at: Coord) -> tuple[int, int, int]:
    """Column, then row, then level: the order tuples of hexes sort in (`sorted` of plain
    ``(q, r)`` pairs), kept so the shipped maps' proposals stay as they were."""
    return (at[0], at[1], at[2] if len(at) == 3 else 0)


def _connected(zone: Sequence[Coord]) -> bool:
    """Whether the zone is one piece: each space in a column beside another's."""
    by_column: dict[tuple[int, int], list[Coord]] = {}
    for at in zone:
        by_column.setdefault(column_of(at), []).append(at)
    seen = {zone[0]}
    todo = [zone[0]]
    while todo:
        a = todo.pop()
        for d in _DIRS:
            for h in by_column.get((a[0] + d[0], a[1] + d[1]), ()):
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
    return len(seen) == len(zone)
