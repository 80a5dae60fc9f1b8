"""The static battlefield as the rules see it: columns, levels, terrain, obstacles.

Built from plain data (the content layer converts a battlefield file into `ColumnSpec` and
`ObstacleSpec`), so the engine never depends on YAML or on the content models. The board
answers the terrain questions every rule asks: where a figure's base stands, whether a space
is water, whether anything may stand there, and which solid spans fill a hex column (for line
of sight).

Heights are in levels. A column whose top level is N has its standing surface at height N; a
figure of height H standing there occupies the vertical band [N, N + H]. Obstacles stand on
top of their footprint: a ruin of height 6 on level 2 is solid from 2 to 8 in each of its
hexes. Guide p.11 "Height advantage": water spaces are lower than land spaces, so for height
comparisons a water surface counts half a level lower (`base_height`).

Cryptoliths (Shadows over Innistrad "Cryptoliths": "toughness 4, life 3, and height 9"): the
battlefield format stores an obstacle's height in levels above the top of its hex, and the
summary's height is read in the same unit as a figure's height (the army card's size number,
which is in levels: guide "Army cards ... overview"), so a cryptolith is an `ObstacleSpec` of
kind ``cryptolith`` and height 9 (`CRYPTOLITH_HEIGHT`) on one hex: solid from the column top N
to N + 9, with its top space -- where a figure may stand -- at level N + 9. Other heights are
accepted (house scenery); no rule depends on the number except through the levels.

Spaces above spaces: a column with a gap under a higher tile (a bridge, an overhang, a tunnel's
roof) has a standing surface on top of each run of tiles with air above it. Each such surface
is a space of its own, a `arena.hexgrid.Storey` (``q,r@level``), with its ceiling: the level
where the next tile above begins. A column with one surface keeps its plain `Hex` as its only
space, so a battlefield without such gaps has exactly the spaces it always had. Every question
below takes a space; a plain hex of a column with several surfaces is answered for its top
(what an obstacle stands on), but no figure can stand there (`can_stand`).

The board itself never changes: a cryptolith destroyed in play is recorded in the game state,
which plays on `Board.without` the destroyed obstacles (`arena.engine.state.GameState.board`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.hexgrid import Hex, Storey, neighbours

Terrain = str
"""One of ``land``, ``water``, ``road``, ``weirded`` (the content layer checks the names)."""

LAND_TERRAINS = frozenset({"land", "road", "weirded"})

CRYPTOLITH_HEIGHT = 9
"""Shadows over Innistrad "Cryptoliths": height 9, in levels (see the module docstring)."""

WATER_DEPTH = 0.5
"""How much lower a water surface counts than land at the same level (height advantage)."""


@dataclass(frozen=True, slots=True)
class ObstacleSpec:
    """A ruin or cryptolith: its hexes, its height above their top, and whether it blocks
    sight. Ruins cannot be stood in; a cryptolith's top can be stood on."""

    id: str
    kind: str
    footprint: tuple[Hex, ...]
    height: int
    blocks_sight: bool = True


@dataclass(frozen=True, slots=True)
class Column:
    """One hex column, or one surface of a column with several: its levels bottom to top
    (None = gap), the standing surface ``top`` with its terrain, and the ``ceiling`` above it
    (the level where the next tile begins; None = open sky)."""

    hex: Hex
    levels: tuple[Terrain | None, ...]
    top: int
    terrain: Terrain | None
    ceiling: int | None = None


def tile_runs(levels: Sequence[Terrain | None]) -> list[tuple[int, int]]:
    """The runs of tiles of a column, bottom first, as (the height where a run begins, the
    height of its top): what blocks sight (`Board.solid_spans`) and what a figure stands on
    (`surfaces_of`)."""
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for index, level in enumerate(levels):
        if level is not None and start is None:
            start = index
        if level is None and start is not None:
            runs.append((start, index))
            start = None
    if start is not None:
        runs.append((start, len(levels)))
    return runs


def surfaces_of(hex_: Hex, levels: tuple[Terrain | None, ...]) -> tuple[Column, ...]:
    """The standing surfaces of one column, bottom first: the top of each run of tiles, with
    the level where the next run begins as its ceiling. One surface keeps the plain hex."""
    runs = tile_runs(levels)
    if len(runs) <= 1:
        top = runs[0][1] if runs else 0
        return (Column(hex_, levels, top, levels[top - 1] if top else None),)
    out = []
    for index, (_, end) in enumerate(runs):
        ceiling = runs[index + 1][0] if index + 1 < len(runs) else None
        out.append(Column(Storey(hex_.q, hex_.r, end), levels, end, levels[end - 1], ceiling))
    return tuple(out)


@dataclass(frozen=True)
class Board:
    """The terrain of a battlefield, indexed by hex."""

    columns: Mapping[Hex, Column]
    obstacles: Mapping[str, ObstacleSpec] = field(default_factory=dict)
    obstacle_at: Mapping[Hex, ObstacleSpec] = field(default_factory=dict)
    spaces: Mapping[Hex, Column] = field(default_factory=dict)
    """Every standing surface by its space: the column itself where it has one surface, a
    `Storey` for each where it has several (see the module docstring)."""
    storeys: Mapping[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    """The storeys of each column with several surfaces, bottom first, by plain hex."""
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Tables derived from the terrain once per board (the movement search's step table):
    the board never changes, so they never go stale."""

    @classmethod
    def build(
        cls,
        columns: Mapping[Hex, Sequence[Terrain | None]],
        obstacles: Iterable[ObstacleSpec] = (),
    ) -> Board:
        """A board from each hex's levels (bottom first) and the obstacles standing on it."""
        built: dict[Hex, Column] = {}
        spaces: dict[Hex, Column] = {}
        storeys: dict[Hex, tuple[Hex, ...]] = {}
        for hex_, levels in columns.items():
            surfaces = surfaces_of(hex_, tuple(levels))
            top = surfaces[-1]
            built[hex_] = Column(hex_, top.levels, top.top, top.terrain)
            if len(surfaces) == 1:
                spaces[hex_] = built[hex_]
            else:
                storeys[hex_] = tuple(c.hex for c in surfaces)
                spaces.update((c.hex, c) for c in surfaces)
        by_id = {o.id: o for o in obstacles}
        return cls(built, by_id, _obstacle_at(by_id.values(), storeys), spaces, storeys)

    def without(self, obstacle_ids: Iterable[str]) -> Board:
        """The same terrain with the named obstacles gone (destroyed cryptoliths). Columns are
        shared; the result is a new board object (sight indexes boards by object)."""
        gone = set(obstacle_ids)
        if not gone & set(self.obstacles):
            return self
        kept = {k: o for k, o in self.obstacles.items() if k not in gone}
        return Board(self.columns, kept, _obstacle_at(kept.values(), self.storeys), self.spaces,
                     self.storeys)

    def content_key(self) -> str:
        """A fingerprint of the terrain and obstacles (equal boards, equal keys; kept in
        `memo`): caches of pure terrain facts are shared by every board with the same key."""
        found: str | None = self.memo.get("content_key")
        if found is None:
            columns = sorted((h.q, h.r, c.levels) for h, c in self.columns.items())
            obstacles = sorted((o.id, o.kind, tuple((h.q, h.r) for h in o.footprint), o.height,
                                o.blocks_sight) for o in self.obstacles.values())
            found = hashlib.sha1(repr((columns, obstacles)).encode()).hexdigest()
            self.memo["content_key"] = found
        return found

    def is_cryptolith(self, hex_: Hex) -> bool:
        """Whether a (standing) cryptolith fills this hex."""
        obstacle = self.obstacle_at.get(hex_)
        return obstacle is not None and obstacle.kind == "cryptolith"

    def __contains__(self, hex_: object) -> bool:
        return hex_ in self.spaces or hex_ in self.columns

    def _space(self, hex_: Hex) -> Column | None:
        """The surface a space names (a plain hex of a column with several: its top)."""
        found = self.spaces.get(hex_)
        return found if found is not None else self.columns.get(hex_.column)

    def top(self, hex_: Hex) -> int:
        """The level of the standing surface (0 where there is no column)."""
        column = self._space(hex_)
        return column.top if column else 0

    def ceiling(self, hex_: Hex) -> int | None:
        """The level where the tile above this space begins (None: open sky above it)."""
        column = self.spaces.get(hex_)
        return column.ceiling if column else None

    def room(self, hex_: Hex) -> int | None:
        """How many levels of air a figure standing here has above its base (None: no
        ceiling). A figure fits where its height is at most this."""
        column = self.spaces.get(hex_)
        if column is None or column.ceiling is None:
            return None
        return column.ceiling - self.surface(hex_)

    def fits(self, hex_: Hex, height: int) -> bool:
        """Whether a figure of ``height`` levels stands here under the ceiling."""
        room = self.room(hex_)
        return room is None or height <= room

    def spaces_at(self, hex_: Hex) -> tuple[Hex, ...]:
        """The spaces of a column, bottom first: its storeys, or the hex itself (also for a
        hex off the board, so the answer is never empty)."""
        return self.storeys.get(hex_.column, (hex_.column,))

    def around(self, hex_: Hex) -> tuple[Hex, ...]:
        """The spaces of the six neighbouring columns, in direction order and bottom first
        (a hex off the board included, as `arena.hexgrid.neighbours` lists it)."""
        memo: dict[Hex, tuple[Hex, ...]] | None = self.memo.get("around")
        if memo is None:
            memo = self.memo["around"] = {}
        found = memo.get(hex_)
        if found is None:
            storeys = self.storeys
            found = memo[hex_] = tuple(s for n in neighbours(hex_.column)
                                       for s in storeys.get(n, (n,)))
        return found

    def all_spaces(self) -> list[Hex]:
        """Every space of the board, in a stable order (storeys after their column's hex)."""
        return sorted(self.spaces)

    def terrain(self, hex_: Hex) -> Terrain | None:
        """The terrain of the standing surface, or None off the board."""
        column = self._space(hex_)
        return column.terrain if column else None

    def is_water(self, hex_: Hex) -> bool:
        """Guide p.8 "Water": entering water ends a move; leaving costs 1 extra."""
        return self.terrain(hex_) == "water"

    def is_road(self, hex_: Hex) -> bool:
        """Shadows over Innistrad road spaces."""
        return self.terrain(hex_) == "road"

    def surface(self, hex_: Hex) -> int:
        """Where a figure standing on this hex has its base: the column top, or the top of a
        cryptolith standing there."""
        obstacle = self.obstacle_at.get(hex_)
        top = self.top(hex_)
        if obstacle is not None and obstacle.kind == "cryptolith":
            return top + obstacle.height
        return top

    def can_stand(self, hex_: Hex) -> bool:
        """A figure's base fits here: a space of the board not filled by a ruin (whether the
        figure fits under a ceiling is `fits`)."""
        if hex_ not in self.spaces or self.top(hex_) == 0:
            return False
        obstacle = self.obstacle_at.get(hex_)
        return obstacle is None or obstacle.kind == "cryptolith"

    def base_height(self, hex_: Hex) -> float:
        """Height used for height advantage: the surface, water counting lower (kept per
        hex in `memo`: the AI asks it of every position it weighs, and it never changes)."""
        heights: dict[Hex, float] | None = self.memo.get("base_height")
        if heights is None:
            heights = self.memo["base_height"] = {}
        found = heights.get(hex_)
        if found is None:
            found = heights[hex_] = self._base_height(hex_)
        return found

    def _base_height(self, hex_: Hex) -> float:
        surface = float(self.surface(hex_))
        if self.is_water(hex_) and hex_ not in self.obstacle_at:
            surface -= WATER_DEPTH
        return surface

    def solid_spans(self, hex_: Hex) -> tuple[tuple[float, float], ...]:
        """The vertical bands of this column that block sight: its tiles and any
        sight-blocking obstacle standing on it."""
        column = self.columns.get(hex_.column)
        if column is None:
            return ()
        spans = [(float(bottom), float(top)) for bottom, top in tile_runs(column.levels)]
        obstacle = self.obstacle_at.get(hex_)
        if obstacle is not None and obstacle.blocks_sight:
            spans.append((float(column.top), float(column.top + obstacle.height)))
        return tuple(spans)

    def hexes(self) -> list[Hex]:
        """Every hex (column) of the board, in a stable order."""
        return sorted(self.columns)


def _obstacle_at(obstacles: Iterable[ObstacleSpec],
                 storeys: Mapping[Hex, tuple[Hex, ...]]) -> dict[Hex, ObstacleSpec]:
    """Each obstacle by the hexes of its footprint, and by the top storey of a footprint
    column with several surfaces (an obstacle stands on the top of its columns)."""
    at: dict[Hex, ObstacleSpec] = {}
    for obstacle in obstacles:
        for hex_ in obstacle.footprint:
            at[hex_] = obstacle
            if hex_ in storeys:
                at[storeys[hex_][-1]] = obstacle
    return at
