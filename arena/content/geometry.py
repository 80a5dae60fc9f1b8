"""Geometric checks of a battlefield: is it a board that can actually be built and played on?

The schema (:mod:`arena.content.battlefield`) only checks each entry on its own: a coordinate is
two whole numbers, a terrain is one of four words. Whether the pieces fit together is a question
of geometry, and a map maker who gets it wrong should hear about it when the file is loaded, not
when a figure walks off the edge of the world mid-game. :func:`check_battlefield` answers it:

* **Columns** are given once each, and every column has at least one tile.
* **Nothing rests on water**: a tile directly above another stands on land, road or weirded
  ground (water cannot carry a tile). A gap under a tile is allowed: it is a bridge, an
  overhang or a tunnel, and the column has a standing surface on top of each run of tiles
  (`arena.content.storeys`).
* **The land is one piece**: the outline of all columns (the union of their hex polygons, built
  with Shapely) is a single connected area. A lake of missing hexes inside it is allowed; an
  island cut off from the rest is not, since no figure could ever walk there.
* **Obstacles** stand on existing, dry columns, their footprint is one contiguous piece sitting
  flat (every hex at the same top level), ids are unique and no two obstacles overlap.
* **Positions** (zone spaces, glyphs, glyph spaces, power spaces) name a surface: ``[q, r]``
  where the column has one, ``[q, r, level]`` where it has several; anything else is reported
  with the positions that would be right.
* **Starting zones** lie on dry, walkable land not covered by an obstacle (which covers the top
  surface of its columns), no two zones share a space, ids are unique and each zone has at
  least as many usable spaces as its ``capacity`` of (single-space) Planeswalkers.
* **Glyphs** (and glyph spaces) lie on dry, walkable land, not under an obstacle, not in a
  starting zone, one per space.
* **Power spaces** lie on dry, walkable land, not under an obstacle, next to (distance 1) the
  glyph they belong to, and that hex really holds a glyph or a glyph space.

Every problem names the hexes involved as ``[q, r]`` (a storey as ``q,r@level``; and the level
where it matters), says how
to fix it, and is located at the most specific key path (``columns[3].levels[1]``,
``starting_zones[0].spaces[2]`` ...), so the file and line come out right. All problems are
reported, not just the first.

Shapely note: hex corners computed from different hexes differ in the last bits, and a raw
union of such polygons leaves slivers, or two hexes that merely touch at a point. So corners are
rounded, and each hex is grown by a hair (:data:`GROW`, far less than the one-hex-edge gap
between non-adjacent hexes) before the union and the union shrunk back by the same amount after
it: adjacent hexes then always merge, non-adjacent ones never do, and the area is exact.

Alongside the problems comes a :class:`BattlefieldSummary` (hex and tile counts, the outline's
area in hexes, its components and holes) for the loader and the editor to print.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import shapely
from shapely.geometry.base import BaseGeometry

from arena.content.battlefield import SOLID, Battlefield, Column
from arena.content.errors import Problem
from arena.content.storeys import Position, Spaces, column_of, named
from arena.content.yamlio import Document, KeyPath
from arena.hexgrid import Hex, distance, hex_corners, neighbours

__all__ = ["GROW", "BattlefieldSummary", "check_battlefield"]

Coord = tuple[int, int]

DECIMALS = 9
"""Hex corners are rounded to this many decimals (hex size 1) before the union."""

GROW = 1e-6
"""How far each hex is grown (mitred) before the union; shrunk back after it."""

_MAX_LISTED = 8
"""At most this many hexes are spelled out in one message ("... and 12 more")."""

_TERRAIN_ORDER = ("land", "road", "weirded", "water")


# --- summary -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BattlefieldSummary:
    """Counts and outline measures of a battlefield, for printing after a check."""

    hexes: int
    """Distinct columns (coordinates) on the battlefield."""
    terrain: tuple[tuple[str, int], ...]
    """Columns per top terrain, e.g. ``(("land", 40), ("water", 6))``; ``"empty"`` = no tile."""
    tiles: int
    """Tiles (non-null levels) in all columns."""
    max_level: int
    """The highest top level of any column."""
    area: float
    """Area of the outline (union of all columns with a tile), in hexes (one hex = 1.0)."""
    components: int
    """Separate pieces of the outline (1 for a proper battlefield)."""
    holes: int
    """Holes in the outline (lakes of missing hexes; allowed)."""
    storeyed: int = 0
    """Columns with several standing surfaces (a bridge over a river, an overhang)."""

    def terrain_count(self, terrain: str) -> int:
        """How many columns have `terrain` on top (``"empty"``: columns with no tile)."""
        return dict(self.terrain).get(terrain, 0)

    def lines(self) -> list[str]:
        """Human-readable lines, one fact per line."""
        kinds = ", ".join(f"{name} {count}" for name, count in self.terrain) or "none"
        storeyed = ([f"spaces above spaces: {_plural(self.storeyed, 'column')} with several "
                     "surfaces"] if self.storeyed else [])
        return [
            f"hexes: {self.hexes} ({kinds})",
            f"tiles: {self.tiles}, highest level {self.max_level}",
            *storeyed,
            f"outline: area {self.area:.2f} hexes, {_plural(self.components, 'component')}, "
            f"{_plural(self.holes, 'hole')}",
        ]


# --- entry point ---------------------------------------------------------------------------


def check_battlefield(bf: Battlefield, doc: Document) -> tuple[list[Problem], BattlefieldSummary]:
    """Check the geometry of `bf` (loaded from `doc`); return every problem and a summary."""
    checker = _Checker(bf, doc)
    checker.check_columns()
    summary = checker.check_outline()
    checker.check_obstacles()
    checker.check_zones()
    checker.check_glyphs()
    checker.check_power_spaces()
    return checker.problems, summary


# --- helpers -------------------------------------------------------------------------------


def _fmt(at: Position) -> str:
    return named(at)


def _fmt_many(hexes: Iterable[Coord]) -> str:
    ordered = list(hexes)
    shown = ", ".join(_fmt(h) for h in ordered[:_MAX_LISTED])
    more = len(ordered) - _MAX_LISTED
    return f"{shown} and {more} more" if more > 0 else shown


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith(("x", "s")) else f"{n} {word}s"


def _neighbours(at: Coord) -> list[Coord]:
    return [(h.q, h.r) for h in neighbours(Hex(at[0], at[1]))]


def _pieces(hexes: Sequence[Coord]) -> list[list[Coord]]:
    """Split `hexes` into groups connected by adjacency, in order of first appearance."""
    remaining = set(hexes)
    groups: list[list[Coord]] = []
    for start in hexes:
        if start not in remaining:
            continue
        remaining.discard(start)
        group = [start]
        index = 0
        while index < len(group):
            for nb in _neighbours(group[index]):
                if nb in remaining:
                    remaining.discard(nb)
                    group.append(nb)
            index += 1
        groups.append(group)
    return groups


class _Checker:
    """One run of the checks over one battlefield; collects problems as it goes."""

    def __init__(self, bf: Battlefield, doc: Document) -> None:
        self.bf = bf
        self.doc = doc
        self.problems: list[Problem] = []
        self.index: dict[Coord, int] = {}
        """Index in ``columns`` of the first column at each coordinate."""
        for i, column in enumerate(bf.columns):
            self.index.setdefault(column.at, i)
        self.columns: dict[Coord, Column] = {at: bf.columns[i] for at, i in self.index.items()}
        self.spaces = Spaces.of(bf.columns)
        self.under: dict[Position, str] = {}
        """Obstacle id covering each space: the top surface of each footprint column (the
        first obstacle listed, if they overlap)."""
        for obstacle in bf.obstacles:
            for at in obstacle.footprint:
                top = self.spaces.top(at)
                if top is not None:
                    self.under.setdefault(top, obstacle.id)
        self.zone_of: dict[Position, str] = {}
        """Starting zone id of each zone space (the first zone listed, if they overlap)."""
        for zone in bf.starting_zones:
            for space in zone.spaces:
                self.zone_of.setdefault(space, zone.id)

    def report(self, path: KeyPath, message: str, fix: str) -> None:
        self.problems.append(self.doc.problem(path, message, fix))

    # columns -------------------------------------------------------------------------------

    def check_columns(self) -> None:
        """Duplicate columns, empty columns and tiles resting on water (a gap under a tile
        is a bridge, an overhang or a tunnel: allowed)."""
        for i, column in enumerate(self.bf.columns):
            at = column.at
            first = self.index[at]
            if first != i:
                self.report(
                    ("columns", i),
                    f"column {_fmt(at)} is given twice (also columns[{first}])",
                    f"merge the two entries for {_fmt(at)} into one",
                )
            if column.top == 0:
                self.report(
                    ("columns", i, "levels"),
                    f"column {_fmt(at)} has no tile at any level",
                    f"give {_fmt(at)} at least one tile (e.g. levels: [land]) or remove it",
                )
                continue
            for n in range(2, len(column.levels) + 1):
                if column.levels[n - 1] is None:
                    continue
                below = column.levels[n - 2]
                if below is None or below in SOLID:
                    continue
                self.report(
                    ("columns", i, "levels", n - 1),
                    f"level {n} of {_fmt(at)} floats: level {n - 1} below it is {below}, "
                    "which cannot carry a tile",
                    f"make level {n - 1} of {_fmt(at)} land (or road/weirded), leave it "
                    f"empty (a gap under a bridge), or remove level {n}",
                )

    # outline -------------------------------------------------------------------------------

    def check_outline(self) -> BattlefieldSummary:
        """Union the hexes with Shapely; report pieces cut off from the main area."""
        placed = [at for at, column in self.columns.items() if column.top > 0]
        unit = _hex_area()
        area = 0.0
        pieces: list[BaseGeometry] = []
        holes = 0
        if placed:
            rings = [
                [(round(x, DECIMALS), round(y, DECIMALS)) for x, y in hex_corners(Hex(q, r))]
                for q, r in placed
            ]
            polygons = shapely.polygons(rings)
            grown = shapely.buffer(polygons, GROW, join_style="mitre")
            union = shapely.union_all(grown)
            pieces = list(shapely.get_parts(union))
            outline = shapely.buffer(union, -GROW, join_style="mitre")
            area = float(outline.area) / unit
            holes = sum(int(shapely.get_num_interior_rings(p)) for p in pieces)
        if len(pieces) > 1:
            self._report_islands(placed, pieces)
        terrain: Counter[str] = Counter(
            column.top_terrain or "empty" for column in self.columns.values()
        )
        order = [*_TERRAIN_ORDER, "empty"]
        return BattlefieldSummary(
            hexes=len(self.columns),
            terrain=tuple((name, terrain[name]) for name in order if terrain[name]),
            tiles=sum(
                sum(level is not None for level in c.levels) for c in self.columns.values()
            ),
            max_level=max((c.top for c in self.columns.values()), default=0),
            area=area,
            components=len(pieces),
            holes=holes,
            storeyed=self.spaces.storeyed(),
        )

    def _report_islands(self, placed: list[Coord], pieces: list[BaseGeometry]) -> None:
        centres = [_centre(at) for at in placed]
        xs = [x for x, _ in centres]
        ys = [y for _, y in centres]
        members: list[list[Coord]] = []
        for piece in pieces:
            shapely.prepare(piece)
            inside = shapely.contains_xy(piece, xs, ys)
            group = [at for at, hit in zip(placed, inside, strict=True) if hit]
            group.sort(key=lambda at: self.index[at])
            members.append(group)
        members.sort(key=lambda g: (-len(g), self.index[g[0]] if g else 0))
        main = members[0]
        for group in members[1:]:
            if not group:  # pragma: no cover - every piece holds at least one centre
                continue
            self.report(
                ("columns", self.index[group[0]]),
                f"{_plural(len(group), 'hex')} {_fmt_many(group)} "
                f"{'is' if len(group) == 1 else 'are'} cut off from the main area of "
                f"{_plural(len(main), 'hex')} (around {_fmt(main[0])}): no edge joins them",
                "add columns to link them to the rest of the battlefield, or remove them",
            )

    # obstacles -----------------------------------------------------------------------------

    def check_obstacles(self) -> None:
        """Ids, footprints on existing dry columns, contiguity, flatness, overlaps."""
        seen_ids: dict[str, int] = {}
        owner: dict[Coord, int] = {}
        for i, obstacle in enumerate(self.bf.obstacles):
            name = f"obstacle {obstacle.id!r}"
            if obstacle.id in seen_ids:
                self.report(
                    ("obstacles", i, "id"),
                    f"{name} is given twice (also obstacles[{seen_ids[obstacle.id]}])",
                    "give each obstacle its own id",
                )
            seen_ids.setdefault(obstacle.id, i)
            levels: dict[Coord, int] = {}
            for j, at in enumerate(obstacle.footprint):
                path: KeyPath = ("obstacles", i, "footprint", j)
                column = self.columns.get(at)
                other = owner.setdefault(at, i)
                if other != i:
                    self.report(
                        path,
                        f"{name} overlaps obstacle {self.bf.obstacles[other].id!r} "
                        f"(obstacles[{other}]) at {_fmt(at)}",
                        "move one of them: two obstacles cannot stand on the same hex",
                    )
                if column is None or column.top == 0:
                    what = "no column" if column is None else "no tile"
                    self.report(
                        path,
                        f"{name} stands on {_fmt(at)}, which has {what}",
                        f"add a column at {_fmt(at)} or move the obstacle",
                    )
                    continue
                if column.top_terrain not in SOLID:
                    self.report(
                        path,
                        f"{name} stands in {column.top_terrain} at {_fmt(at)} "
                        f"(level {column.top})",
                        "obstacles stand on land: move it or change the terrain there",
                    )
                levels[at] = column.top
            groups = _pieces(obstacle.footprint)
            if len(groups) > 1:
                split = " | ".join(_fmt_many(g) for g in groups)
                self.report(
                    ("obstacles", i, "footprint"),
                    f"{name}'s footprint is not in one piece: {split}",
                    "list hexes that touch each other (one piece per obstacle)",
                )
            if len(set(levels.values())) > 1:
                found = ", ".join(f"{_fmt(at)} at level {n}" for at, n in levels.items())
                self.report(
                    ("obstacles", i, "footprint"),
                    f"{name} does not sit flat: {found}",
                    "make the columns under it the same height, or move it",
                )

    # starting zones ------------------------------------------------------------------------

    def _standable(self, at: Position) -> tuple[str, str | None] | None:
        """Why a zone space, glyph or power space cannot be at `at`, with the fix when it is
        not the caller's own (a position naming no surface of its column), or None if it
        can be there."""
        column = self.columns.get(column_of(at))
        if column is None:
            return "is not on the battlefield (no column there)", None
        if column.top == 0:
            return "has no tile", None
        wrong = self.spaces.misnamed(at)
        if wrong is not None:
            return f"names no surface: {wrong[0]}", wrong[1]
        floor = self.spaces.at(at)
        assert floor is not None  # the column has tiles and `at` names one of its surfaces
        if floor.terrain not in SOLID:
            return f"is {floor.terrain} (level {floor.top}), not land", None
        if at in self.under:
            return f"is under obstacle {self.under[at]!r}", None
        return None

    def check_zones(self) -> None:
        """Ids, spaces on usable land, disjointness and capacity."""
        seen_ids: dict[str, int] = {}
        zone_at: dict[Position, str] = {}
        for i, zone in enumerate(self.bf.starting_zones):
            name = f"starting zone {zone.id!r}"
            if zone.id in seen_ids:
                self.report(
                    ("starting_zones", i, "id"),
                    f"{name} is given twice (also starting_zones[{seen_ids[zone.id]}])",
                    "give each starting zone its own id",
                )
            seen_ids.setdefault(zone.id, i)
            usable: set[Position] = set()
            listed: set[Position] = set()
            for j, at in enumerate(zone.spaces):
                path: KeyPath = ("starting_zones", i, "spaces", j)
                if at in listed:
                    self.report(path, f"{name} lists {_fmt(at)} twice", "list each space once")
                    continue
                listed.add(at)
                if at in zone_at:
                    self.report(
                        path,
                        f"{_fmt(at)} is in both {name} and starting zone {zone_at[at]!r}",
                        "starting zones must not overlap: remove it from one of them",
                    )
                    continue
                zone_at[at] = zone.id
                why = self._standable(at)
                if why is not None:
                    self.report(
                        path,
                        f"{name} space {_fmt(at)} {why[0]}",
                        why[1] or "Planeswalkers start on dry land: move the space or remove it",
                    )
                    continue
                usable.add(at)
            if len(usable) < zone.capacity:
                self.report(
                    ("starting_zones", i, "capacity"),
                    f"{name} has room for {_plural(len(usable), 'Planeswalker')} "
                    f"({_plural(len(usable), 'usable space')}) but its capacity is "
                    f"{zone.capacity}",
                    f"add spaces to the zone or lower its capacity to {len(usable)}"
                    if usable
                    else "give the zone spaces on dry land",
                )

    # glyphs --------------------------------------------------------------------------------

    def check_glyphs(self) -> None:
        """Glyphs and glyph spaces on usable land, outside zones, one per hex."""
        held: dict[Position, int] = {}
        for i, glyph in enumerate(self.bf.glyphs):
            name = f"glyph {glyph.glyph!r} at"
            self._check_glyph_hex(("glyphs", i, "at"), i, name, glyph.at, held, "glyphs")
        spaces: dict[Position, int] = {}
        for i, at in enumerate(self.bf.glyph_spaces):
            self._check_glyph_hex(
                ("glyph_spaces", i), i, "glyph space", at, spaces, "glyph_spaces"
            )

    def _check_glyph_hex(
        self, path: KeyPath, index: int, name: str, at: Position, held: dict[Position, int],
        key: str
    ) -> None:
        if at in held:
            self.report(
                path,
                f"{name} {_fmt(at)} is on the same hex as {key}[{held[at]}]",
                "one glyph per hex: move or remove one of them",
            )
            return
        held[at] = index
        why = self._standable(at)
        if why is not None:
            self.report(path, f"{name} {_fmt(at)} {why[0]}", why[1] or "move it onto dry land")
        elif at in self.zone_of:
            self.report(
                path,
                f"{name} {_fmt(at)} is in starting zone {self.zone_of[at]!r}",
                "move it out of the starting zone (or take the space out of the zone)",
            )

    # power spaces --------------------------------------------------------------------------

    def check_power_spaces(self) -> None:
        """Power spaces on usable land, next to a hex that holds a glyph."""
        glyph_hexes = {g.at for g in self.bf.glyphs} | set(self.bf.glyph_spaces)
        seen: dict[Position, int] = {}
        for i, power in enumerate(self.bf.power_spaces):
            at, glyph = power.at, power.glyph
            name = f"power space {_fmt(at)}"
            if at in seen:
                self.report(
                    ("power_spaces", i, "at"),
                    f"{name} is given twice (also power_spaces[{seen[at]}])",
                    "list each power space once",
                )
                continue
            seen[at] = i
            why = self._standable(at)
            if why is not None:
                self.report(("power_spaces", i, "at"), f"{name} {why[0]}",
                            why[1] or "move it onto dry land")
            steps = distance(Hex(at[0], at[1]), Hex(glyph[0], glyph[1]))
            if steps != 1:
                self.report(
                    ("power_spaces", i),
                    f"{name} is {_plural(steps, 'hex')} from its glyph {_fmt(glyph)}; "
                    "it must be next to it",
                    f"move it to a hex next to {_fmt(glyph)}: "
                    f"{_fmt_many(_neighbours(column_of(glyph)))}",
                )
            if glyph not in glyph_hexes:
                self.report(
                    ("power_spaces", i, "glyph"),
                    f"{name} belongs to a glyph at {_fmt(glyph)}, but no glyph is there",
                    "point it at a space listed in glyphs or glyph_spaces",
                )


def _centre(at: Coord) -> tuple[float, float]:
    corners = hex_corners(Hex(at[0], at[1]))
    return (
        sum(x for x, _ in corners) / len(corners),
        sum(y for _, y in corners) / len(corners),
    )


def _hex_area() -> float:
    return float(shapely.Polygon(hex_corners(Hex(0, 0))).area)
