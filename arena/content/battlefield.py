"""Battlefields: stacked hex columns, obstacles, glyphs, starting zones and power spaces.

Heights are counted in levels: a column's levels are listed bottom (level 1) to top, each with
its terrain; ``null`` leaves a gap. A gap under a tile is a bridge, an overhang or a tunnel:
the column then has a standing surface on top of each run of tiles (`arena.content.storeys`).
Glyphs, zones and power spaces name a surface: ``[q, r]`` where the column has one (its top),
``[q, r, level]`` where it has several (the level of the surface's top tile). Obstacles stand
on the top of the columns of their footprint.

Example (``scenarios/battlefields/tiny.yaml``)::

    format: battlefield
    id: tiny
    name: A tiny field
    provenance: reconstructed
    columns:
      - {at: [0, 0], levels: [land]}
      - {at: [1, 0], levels: [land, land]}
      - {at: [0, 1], levels: [water]}
    obstacles:
      - {id: ruin-a, kind: ruin, footprint: [[1, 0]], height: 6, blocks_sight: true}
    glyphs:
      - {at: [0, 0], glyph: power, side: ability}
    glyph_spaces: []
    starting_zones:
      - {id: yellow, name: Yellow, colour: "#e8c547", spaces: [[0, 0]], capacity: 1}
    power_spaces: []
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from arena.content.base import (
    MAX_LEVEL,
    Coord,
    Model,
    Name,
    PosInt,
    Position,
    Provenance,
    Slug,
)
from arena.content.pieces import PIECES

Terrain = Literal["land", "water", "road", "weirded"]
"""`land` is sand or grass; `road` and `weirded` are land with Shadows over Innistrad rules."""

WALKABLE: frozenset[str] = frozenset({"land", "road", "weirded", "water"})
"""Terrain a figure may stand on (water too: entering it ends the move)."""

SOLID: frozenset[str] = frozenset({"land", "road", "weirded"})
"""Terrain another level may be stacked on."""

Surface = Literal[
    "grass", "rock", "sand", "road", "wood", "snow", "lavaField", "swamp", "asphalt", "concrete",
    "dungeon", "toxic", "ancientTerrain", "wallWalk", "castleBase", "water", "swampWater",
    "wellspringWater", "toxicWater", "lava", "ice", "shadow", "dirt",
]
"""What a level looks like (the Heroscape tile it came from): cosmetic only, drawn by the
client; the rules read the level's `Terrain` alone (docs/heroscape-maps.md). The Heroscape
tile terrains are `arena.content.piece_rules.RULES`'s land and water ones (a test keeps them
equal); `dirt` is for maps made in Arena."""

Look = Literal[
    "tree", "snowTree", "palm", "brush", "outcrop", "lavaRockOutcrop", "glacier", "hive",
    "shroudshroom", "laurWall", "ruin", "marvelRuin", "castleWall",
]
"""What an obstacle looks like (the Heroscape piece it came from): cosmetic only; its rules
are its `kind`'s (a test keeps these equal to `RULES`'s obstacle terrains)."""

GlyphKind = Literal["power", "toughness", "movement", "knowledge", "recall", "healing"]
HexColour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]


class Column(Model):
    """One hex column: its levels from level 1 upward (``null`` = no tile at that level)."""

    at: Coord
    levels: list[Terrain | None] = Field(min_length=1, max_length=MAX_LEVEL)
    surfaces: list[Surface | None] | None = None
    """Optional look of each level, parallel to `levels` (``null`` where a level has none):
    the Heroscape tile an imported map put there. Cosmetic: the rules read `levels` only."""

    @model_validator(mode="after")
    def _surfaces(self) -> Column:
        if self.surfaces is None:
            return self
        if len(self.surfaces) != len(self.levels):
            raise ValueError(f"`surfaces` lists {len(self.surfaces)} looks for "
                             f"{len(self.levels)} levels: give one per level (null for none)")
        if any(s is not None and t is None for s, t in zip(self.surfaces, self.levels,
                                                             strict=True)):
            raise ValueError("`surfaces` gives a look to an empty level (null in `levels`): "
                             "make it null too")
        return self

    @property
    def top(self) -> int:
        """The level of the top surface: the highest level with a tile (a column with a gap
        under a higher tile has more surfaces below it: `arena.content.storeys`)."""
        for index in range(len(self.levels) - 1, -1, -1):
            if self.levels[index] is not None:
                return index + 1
        return 0

    @property
    def top_terrain(self) -> Terrain | None:
        """The terrain of the top level."""
        top = self.top
        return self.levels[top - 1] if top else None


class Obstacle(Model):
    """A ruin or cryptolith standing on top of the columns in its footprint (an imported
    tree, outcrop or wall is a ruin with its own `look`).

    `height` is in levels above the footprint's top. Cryptoliths (Shadows over Innistrad) are
    attackable (toughness 4, life 3) and have a standable top; ruins are walls figures cannot
    stand in.
    """

    id: Slug
    kind: Literal["ruin", "cryptolith"]
    name: Name | None = None
    footprint: list[Coord] = Field(min_length=1, max_length=7)
    height: Annotated[int, Field(ge=1, le=20)]
    blocks_sight: bool = True
    look: Look | None = None
    """Optional look (a tree, an outcrop, a glacier...: the Heroscape piece an imported map
    put there). Cosmetic: it blocks as its `kind` says."""

    @model_validator(mode="after")
    def _shape(self) -> Obstacle:
        if len(set(self.footprint)) != len(self.footprint):
            raise ValueError("`footprint` lists a hex twice")
        if self.kind == "cryptolith" and len(self.footprint) != 1:
            raise ValueError("`footprint`: a cryptolith stands on exactly one hex")
        return self


class GlyphPlacement(Model):
    """A glyph token on a surface. Side `planeswalker` is face down (flips when landed on).
    `amount`: what a permanent glyph adds (absent: the scenario's `glyph_amounts`, else the
    core numbers: Power +1, Toughness +1, Movement +2)."""

    at: Position
    glyph: GlyphKind
    side: Literal["ability", "planeswalker"] = "ability"
    amount: PosInt | None = None


class StartingZone(Model):
    """A named starting zone; `capacity` is how many Planeswalkers may start in it."""

    id: Slug
    name: Name
    colour: HexColour
    spaces: list[Position] = Field(min_length=1)
    capacity: PosInt = 1
    proposed: bool = False
    """True for a zone `arena import-map` proposed for a map that had none: a suggestion to
    review, not the map maker's."""


class PowerSpace(Model):
    """A purple power space of the Melee, next to the glyph it belongs to."""

    at: Position
    glyph: Position


def _known_piece(code: str) -> str:
    if code not in PIECES:
        raise ValueError(f"{code!r} is not a Heroscape Map Editor piece code (g24, w1, rs2, "
                         "... see docs/heroscape-maps.md)")
    return code


def _rotation(turn: int | float) -> int | float:
    if not (0 <= turn < 6 and float(turn * 2).is_integer()):
        raise ValueError("rotation is a number of clockwise steps from 0 to 5 (half steps "
                         "only for pieces hung on hex edges)")
    return turn


class PiecePlacement(Model):
    """A Heroscape or AotP terrain piece the battlefield is built from
    (`arena.content.pieces`): its code, origin hex, the level it rests on (0 = the table; a
    land tile placed on level n fills level n + 1) and its clockwise rotation. Written by
    `arena import-map` so `arena export-map` gives back the same pieces; the columns,
    obstacles and zones are what the game plays on."""

    piece: Annotated[str, AfterValidator(_known_piece)]
    at: Coord
    on_level: Annotated[int, Field(ge=0, le=MAX_LEVEL)] = 0
    rotation: Annotated[int | float, AfterValidator(_rotation)] = 0


class Battlefield(Model):
    """A whole battlefield as the editor saves it and the engine plays on it."""

    format: Literal["battlefield"]
    id: Slug
    name: Name
    description: str = ""
    provenance: Provenance
    columns: list[Column] = Field(min_length=1)
    obstacles: list[Obstacle] = Field(default_factory=list)
    glyphs: list[GlyphPlacement] = Field(default_factory=list)
    glyph_spaces: list[Position] = Field(default_factory=list)
    starting_zones: list[StartingZone] = Field(default_factory=list)
    power_spaces: list[PowerSpace] = Field(default_factory=list)
    pieces: list[PiecePlacement] = Field(default_factory=list)

    def column_map(self) -> dict[tuple[int, int], Column]:
        """Columns by coordinate (duplicates are reported by the checks; the first one counts,
        as in the checks' messages)."""
        out: dict[tuple[int, int], Column] = {}
        for column in self.columns:
            out.setdefault(column.at, column)
        return out
