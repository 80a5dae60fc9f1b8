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

The board itself never changes: a cryptolith destroyed in play is recorded in the game state,
which plays on `Board.without` the destroyed obstacles (`arena.engine.state.GameState.board`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.hexgrid import Hex

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
    """One hex column: its levels bottom to top (None = gap) and the derived top."""

    hex: Hex
    levels: tuple[Terrain | None, ...]
    top: int
    terrain: Terrain | None


@dataclass(frozen=True)
class Board:
    """The terrain of a battlefield, indexed by hex."""

    columns: Mapping[Hex, Column]
    obstacles: Mapping[str, ObstacleSpec] = field(default_factory=dict)
    obstacle_at: Mapping[Hex, ObstacleSpec] = field(default_factory=dict)
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
        for hex_, levels in columns.items():
            top = 0
            for index in range(len(levels) - 1, -1, -1):
                if levels[index] is not None:
                    top = index + 1
                    break
            terrain = levels[top - 1] if top else None
            built[hex_] = Column(hex_, tuple(levels), top, terrain)
        by_id = {o.id: o for o in obstacles}
        at = {h: o for o in by_id.values() for h in o.footprint}
        return cls(built, by_id, at)

    def without(self, obstacle_ids: Iterable[str]) -> Board:
        """The same terrain with the named obstacles gone (destroyed cryptoliths). Columns are
        shared; the result is a new board object (sight indexes boards by object)."""
        gone = set(obstacle_ids)
        if not gone & set(self.obstacles):
            return self
        kept = {k: o for k, o in self.obstacles.items() if k not in gone}
        at = {h: o for h, o in self.obstacle_at.items() if o.id not in gone}
        return Board(self.columns, kept, at)

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
        return hex_ in self.columns

    def top(self, hex_: Hex) -> int:
        """The level of the standing surface (0 where there is no column)."""
        column = self.columns.get(hex_)
        return column.top if column else 0

    def terrain(self, hex_: Hex) -> Terrain | None:
        """The terrain of the top level, or None off the board."""
        column = self.columns.get(hex_)
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
        """A figure's base fits here: an existing column not filled by a ruin."""
        if hex_ not in self.columns or self.top(hex_) == 0:
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
        column = self.columns.get(hex_)
        if column is None:
            return ()
        spans: list[tuple[float, float]] = []
        start: int | None = None
        for index, level in enumerate(column.levels):
            if level is not None and start is None:
                start = index
            if level is None and start is not None:
                spans.append((float(start), float(index)))
                start = None
        if start is not None:
            spans.append((float(start), float(len(column.levels))))
        obstacle = self.obstacle_at.get(hex_)
        if obstacle is not None and obstacle.blocks_sight:
            spans.append((float(column.top), float(column.top + obstacle.height)))
        return tuple(spans)

    def hexes(self) -> list[Hex]:
        """Every hex of the board, in a stable order."""
        return sorted(self.columns)
