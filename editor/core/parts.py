"""What a battlefield is built from, level by level (headless: no pygame).

A map is built on the table from the bottom up: terrain boards on the ground (level 1), then
raising tiles stacked level by level, then ruins, cryptoliths and glyphs. `parts_list` works
that out from a `MapDoc`: for every level, the hexes on it and a split of them into tiles,
which the build sheet draws and counts, and which the validation panel's component count
compares with one core box.

The core box's raising tiles are three-hex triangles (three mutually adjacent hexes) and
single hexes, and a tile lies flat (all its hexes on one level; see
``scripts/build_battlefields.py``). So each level's hexes of one terrain are split into as many
triangles as fit (an exact search on small patches, a greedy one on big ones), the rest into
single hexes.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from arena.content.battlefield import GlyphPlacement, Obstacle
from arena.hexgrid import DIRECTIONS
from editor.core.mapdoc import Coord, MapDoc, Position, column_of

BOARD_HEXES = 24
"""Hexes on one terrain board (level 1 is laid with boards)."""
EXACT_LIMIT = 20_000
"""Search steps spent on one patch before falling back to the greedy split."""
_DIRS: tuple[Coord, ...] = tuple((d.q, d.r) for d in DIRECTIONS)


@dataclass(frozen=True)
class Tile:
    """One raising tile: its level, terrain and hexes (one or three)."""

    level: int
    terrain: str
    hexes: tuple[Coord, ...]

    @property
    def size(self) -> int:
        return len(self.hexes)


@dataclass(frozen=True)
class LevelParts:
    """One level of the map: its hexes (with their terrain) and what stands on it."""

    level: int
    hexes: dict[Coord, str]
    tiles: tuple[Tile, ...]
    """Level 2 and up: the raising tiles. Level 1 is terrain boards (`boards`)."""
    boards: int
    obstacles: tuple[Obstacle, ...]
    glyphs: tuple[GlyphPlacement, ...]
    glyph_spaces: tuple[Position, ...]

    def tile_counts(self) -> Counter[tuple[int, str]]:
        """How many tiles of each (size, terrain)."""
        return Counter((t.size, t.terrain) for t in self.tiles)

    def lines(self) -> list[str]:
        """The parts for this level, in words (largest pieces first)."""
        out: list[str] = []
        terrains = Counter(self.hexes.values())
        mix = ", ".join(f"{n} {t}" for t, n in sorted(terrains.items(), key=lambda i: -i[1]))
        if self.level == 1:
            out.append(f"{self.boards} terrain board{'s' if self.boards != 1 else ''} "
                       f"({len(self.hexes)} hexes: {mix})")
        else:
            for (size, terrain), n in sorted(self.tile_counts().items(),
                                             key=lambda i: (-i[0][0], i[0][1])):
                out.append(f"{n} x {size}-hex {terrain} tile{'s' if n != 1 else ''}")
        for kind in ("ruin", "cryptolith"):
            found = [o for o in self.obstacles if o.kind == kind]
            if found:
                kinds = Counter((len(o.footprint), o.height) for o in found)
                sizes = "; ".join(f"{f'{n} x ' if n > 1 else ''}{size}-hex, height {height}"
                                  for (size, height), n in sorted(kinds.items()))
                out.append(f"{len(found)} {kind}{'s' if len(found) != 1 else ''} ({sizes})")
        if self.glyphs:
            names = ", ".join(sorted(g.glyph for g in self.glyphs))
            out.append(f"{len(self.glyphs)} glyph{'s' if len(self.glyphs) != 1 else ''}: "
                       f"{names}")
        if self.glyph_spaces:
            n = len(self.glyph_spaces)
            out.append(f"{n} glyph space{'s' if n != 1 else ''} (glyphs placed at random)")
        return out


@dataclass(frozen=True)
class PartsList:
    """The whole map's parts, level 1 first."""

    levels: tuple[LevelParts, ...]

    @property
    def boards(self) -> int:
        return self.levels[0].boards if self.levels else 0

    def tile_counts(self) -> Counter[tuple[int, str]]:
        total: Counter[tuple[int, str]] = Counter()
        for level in self.levels:
            total.update(level.tile_counts())
        return total

    def tiles_of_size(self, size: int) -> int:
        return sum(n for (s, _), n in self.tile_counts().items() if s == size)

    def obstacles(self) -> list[Obstacle]:
        return [o for level in self.levels for o in level.obstacles]

    def glyphs(self) -> list[GlyphPlacement]:
        return [g for level in self.levels for g in level.glyphs]

    def lines(self) -> list[str]:
        """The totals for the whole map, in words."""
        out = [f"{self.boards} terrain board{'s' if self.boards != 1 else ''} (24 hexes each)"]
        for (size, terrain), n in sorted(self.tile_counts().items(),
                                         key=lambda i: (-i[0][0], i[0][1])):
            out.append(f"{n} x {size}-hex {terrain} tile{'s' if n != 1 else ''}")
        ruins = sum(1 for o in self.obstacles() if o.kind == "ruin")
        crypts = sum(1 for o in self.obstacles() if o.kind == "cryptolith")
        out.append(f"{ruins} ruin{'s' if ruins != 1 else ''}, "
                   f"{crypts} cryptolith{'s' if crypts != 1 else ''}")
        glyphs = Counter(g.glyph for g in self.glyphs())
        named = ", ".join(f"{k}" + (f" x{n}" if n > 1 else "") for k, n in sorted(glyphs.items()))
        n = sum(glyphs.values())
        out.append(f"{n} glyph{'s' if n != 1 else ''}" + (f": {named}" if named else ""))
        spaces = sum(len(level.glyph_spaces) for level in self.levels)
        if spaces:
            out.append(f"{spaces} glyph spaces for random glyphs")
        return out


def level_hexes(doc: MapDoc, level: int) -> dict[Coord, str]:
    """The hexes that have a level-`level` piece, with its terrain (gaps left out)."""
    out: dict[Coord, str] = {}
    for at, levels in doc.columns.items():
        if len(levels) >= level and levels[level - 1] is not None:
            out[at] = str(levels[level - 1])
    return out


def top_level(doc: MapDoc) -> int:
    return max((doc.top(at) for at in doc.columns), default=0)


def _on(doc: MapDoc, at: Position, hexes: dict[Coord, str], level: int) -> bool:
    """Whether the mark at `at` lies on a surface of `level` (among its `hexes`)."""
    return column_of(at) in hexes and doc.level_of(at) == level


def parts_list(doc: MapDoc) -> PartsList:
    """Every level of the map with its pieces (see the module docstring)."""
    levels = []
    for level in range(1, top_level(doc) + 1):
        hexes = level_hexes(doc, level)
        tiles: list[Tile] = []
        if level > 1:
            for terrain in sorted(set(hexes.values())):
                same = {at for at, t in hexes.items() if t == terrain}
                tiles += [Tile(level, terrain, group) for group in split_tiles(same)]
        obstacles = tuple(o for o in doc.obstacles
                          if max(doc.top(a) for a in o.footprint) == level)
        # a mark is on the page of the level of its surface (under a bridge: the ground's)
        glyphs = tuple(g for at, g in doc.glyphs.items() if _on(doc, at, hexes, level))
        spaces = tuple(a for a in doc.glyph_spaces if _on(doc, a, hexes, level))
        boards = math.ceil(len(hexes) / BOARD_HEXES) if level == 1 else 0
        levels.append(LevelParts(level, hexes, tuple(tiles), boards, obstacles, glyphs,
                                 spaces))
    return PartsList(tuple(levels))


# --- splitting a patch into tiles -------------------------------------------------------------


def _triangles(at: Coord, free: set[Coord]) -> list[tuple[Coord, Coord, Coord]]:
    """The triangles of mutually adjacent free hexes that contain `at`."""
    out = []
    for i in range(6):
        a, b = _DIRS[i], _DIRS[(i + 1) % 6]
        p, q = (at[0] + a[0], at[1] + a[1]), (at[0] + b[0], at[1] + b[1])
        if p in free and q in free:
            out.append(tuple(sorted((at, p, q))))
    return out  # type: ignore[return-value]


def _patches(hexes: set[Coord]) -> list[set[Coord]]:
    """Connected patches of `hexes` (a tile never joins two patches)."""
    left, out = set(hexes), []
    while left:
        start = min(left)
        patch, todo = {start}, [start]
        left.discard(start)
        while todo:
            q, r = todo.pop()
            for dq, dr in _DIRS:
                nb = (q + dq, r + dr)
                if nb in left:
                    left.discard(nb)
                    patch.add(nb)
                    todo.append(nb)
        out.append(patch)
    return out


def _exact(free: set[Coord], budget: list[int]) -> list[tuple[Coord, ...]] | None:
    """The most triangles that fit in `free` (None when the search budget runs out)."""
    best: list[tuple[Coord, ...]] = []

    def search(left: frozenset[Coord], chosen: list[tuple[Coord, ...]]) -> bool:
        nonlocal best
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if len(chosen) + len(left) // 3 <= len(best):
            return True
        if not left:
            best = list(chosen)
            return True
        at = min(left)
        rest = set(left)
        for tri in _triangles(at, rest):
            if not search(left - set(tri), [*chosen, tri]):
                return False
        if len(chosen) > len(best):
            best = list(chosen)
        return search(left - {at}, chosen)

    return best if search(frozenset(free), []) else None


def _greedy(free: set[Coord]) -> list[tuple[Coord, ...]]:
    """Triangles taken at the most constrained hex first (fast, nearly as good)."""
    free = set(free)
    out: list[tuple[Coord, ...]] = []
    while True:
        options = {at: _triangles(at, free) for at in free}
        options = {at: tris for at, tris in options.items() if tris}
        if not options:
            return out
        at = min(options, key=lambda a: (len(options[a]), a))
        tri = min(options[at], key=lambda t: (sum(len(_triangles(h, free)) for h in t), t))
        out.append(tri)
        free -= set(tri)


def split_tiles(hexes: set[Coord]) -> list[tuple[Coord, ...]]:
    """Split same-level, same-terrain hexes into three-hex triangles and single hexes,
    as many triangles as possible; triangles first, each sorted, in a stable order."""
    groups: list[tuple[Coord, ...]] = []
    singles: list[tuple[Coord, ...]] = []
    for patch in _patches(hexes):
        triangles = _exact(patch, [EXACT_LIMIT]) if len(patch) >= 3 else []
        if triangles is None:
            triangles = _greedy(patch)
        used = {h for t in triangles for h in t}
        groups += sorted(triangles)
        singles += [(h,) for h in sorted(patch - used)]
    return groups + singles
