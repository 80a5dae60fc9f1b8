"""Heroscape and Arena of the Planeswalkers terrain pieces: codes, terrains, shapes, heights.

Community battlefields are shared as Heroscape Map Editor JSON and VirtualScape ``.hsc`` files;
both name physical terrain pieces. This module is the one table of those pieces: every code
the Heroscape Map Editor defines (its short ids such as ``g24`` and VirtualScape's numeric
tile types such as ``1024``), the terrain each piece is made of, the hexes it covers, its
height in levels and how each of the six rotations places it. Arena of the Planeswalkers
uses the same system: its two 3-hex sand tiles are ``s3`` and its ruins are ``rs2``.

Coordinates: both formats address hexes with pointy-top axial (cube) coordinates whose ``r``
grows downwards on screen, exactly as `arena.hexgrid` does, so a piece at ``(q, r)`` in a file
is at ``Hex(q, r)`` in Arena. A rotation step in both formats turns a piece 60 degrees
*clockwise* on screen (east becomes south-east), which is a negative step for
`arena.hexgrid.rotate`. A piece placed at altitude ``a`` rests on level ``a`` (0 is the
table) and a land tile placed there fills level ``a + 1``.

VirtualScape stores a tile by a different origin hex than the Heroscape Map Editor for most
rotations (`VS_SHIFT`), and its x/y are "odd-r" offset coordinates (`to_odd_r`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from arena.hexgrid import Hex, rotate


class Terrain(StrEnum):
    """What a piece is made of, in the Heroscape Map Editor's own words."""

    # solid land
    GRASS = "grass"
    ROCK = "rock"
    SAND = "sand"
    ROAD = "road"
    WOOD = "wood"
    SNOW = "snow"
    LAVA_FIELD = "lavaField"
    SWAMP = "swamp"
    ASPHALT = "asphalt"
    CONCRETE = "concrete"
    DUNGEON = "dungeon"
    TOXIC = "toxic"
    ANCIENT = "ancientTerrain"
    WALL_WALK = "wallWalk"
    # fluids
    WATER = "water"
    SWAMP_WATER = "swampWater"
    WELLSPRING_WATER = "wellspringWater"
    TOXIC_WATER = "toxicWater"
    LAVA = "lava"
    ICE = "ice"
    SHADOW = "shadow"
    # obstacles on whole hexes
    TREE = "tree"
    SNOW_TREE = "snowTree"
    PALM = "palm"
    BRUSH = "brush"
    OUTCROP = "outcrop"
    LAVA_ROCK_OUTCROP = "lavaRockOutcrop"
    GLACIER = "glacier"
    HIVE = "hive"
    SHROUDSHROOM = "shroudshroom"
    LAUR_WALL = "laurWall"
    RUIN = "ruin"
    MARVEL_RUIN = "marvelRuin"
    CASTLE_WALL = "castleWall"
    CASTLE_BASE = "castleBase"
    # pieces that sit on hex edges or hang on other pieces
    LAUR_WALL_ADDON = "laurWallAddon"
    ROAD_WALL = "roadWall"
    BATTLEMENT = "battlement"
    LADDER = "ladder"
    FORTIFIED_WALL = "fortifiedWall"
    SHIP_WALL = "shipWall"
    SHIP_BOW = "shipBow"
    CANNON = "cannon"
    ROPE_LADDER = "ropeLadder"
    # markers
    GLYPH_POWER = "glyphPower"
    GLYPH_TREASURE = "glyphTreasure"
    START_ZONE = "startZone"
    OBJECTIVE_MARKER = "objectiveMarker"


Offset = tuple[int, int]
"""An axial (q, r) offset from a piece's origin hex."""

_E, _SE, _SW, _W, _NW = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)
_ROWS_24: tuple[Offset, ...] = (
    (1, 2), (-2, 3), (-1, 3), (0, 3), (1, 3), (2, 3), (-2, 4), (-1, 4), (0, 4), (1, 4),
    (2, 4), (-3, 5), (-2, 5), (-1, 5), (0, 5), (1, 5), (2, 5))
_T3 = ((0, 0), _E, _SE)
_T7 = (*_T3, _SW, (1, 1), (-1, 2), (0, 2))
_T6 = (*_T3, _SW, (2, 0), (1, 1))
_WALL_WALK_7 = (*_T3, (2, 0), (3, 0), (1, 1), (2, 1))

TEMPLATES: dict[str, tuple[Offset, ...]] = {
    "1": ((0, 0),),
    "2": ((0, 0), _E),
    "3": _T3,
    "4": (*_T3, (1, 1)),
    "5": ((0, 0), _E, (2, 0), (3, 0), (4, 0)),
    "6": _T6,
    "7": _T7,
    "24": (*_T7, *_ROWS_24),
    "straight3": ((0, 0), _E, (2, 0)),
    "straight4": ((0, 0), _E, (2, 0), (3, 0)),
    "ruins2": (*_T6, _NW, _W),
    "ruins3": (*_T6, (3, 0), (2, 1), _NW, _W),
    "marvel": ((0, 0), _SE, _SW, _W, (1, 1), (2, 1)),
    "wallWalk7": _WALL_WALK_7,
    "wallWalk9": (*_WALL_WALK_7, (4, 0), (3, 1)),
}
"""Each shape's hexes at rotation 0, origin first; the order matters for per-hex heights."""

_ZERO6: tuple[Offset, ...] = ((0, 0),) * 6
VS_SHIFT: dict[str, tuple[Offset, ...]] = {
    "2": ((0, 0), (0, 0), (0, 0), _E, _SE, _SW),
    "3": ((0, 0), (0, 0), _E, _SE, _SE, _SW),
    "4": ((0, 0), (0, 0), _E, (1, 1), (-1, 2), _SW),
    "5": ((0, 0), (0, 0), (0, 0), (4, 0), (0, 4), (-4, 4)),
    "6": ((0, 0), _E, _SE, (1, 1), (0, 2), (-2, 2)),
    "7": ((0, 0), _E, (1, 1), (0, 2), (-1, 2), _SW),
    "24": ((0, 0), _E, (2, 3), (2, 5), (-5, 7), (-5, 2)),
    "straight3": ((0, 0), (0, 0), (0, 0), (2, 0), (0, 2), (-2, 2)),
    "straight4": ((0, 0), (0, 0), (0, 0), (3, 0), (0, 3), (-3, 3)),
    "ruins2": ((0, 0), (0, 0), (0, 0), _E, _SE, _SW),
    "ruins3": ((0, 0), (0, 0), (0, 0), (2, 0), (0, 2), (-2, 2)),
    "marvel": (_E, _SE, _SE, (2, 1), (-1, 3), (-3, 2)),
    "wallWalk7": ((0, 0), (0, 0), _E, (2, 1), (0, 3), (-3, 3)),
    "wallWalk9": ((0, 0), (0, 0), _E, (3, 1), (0, 4), (-4, 4)),
}
"""Per shape and rotation: the Heroscape Map Editor's origin minus VirtualScape's origin.
Shapes not listed (single hexes) share one origin in both formats."""


@dataclass(frozen=True)
class PieceDef:
    """One kind of piece. `height` is in levels (0 for flat markers, 1 for a land tile);
    `heights` gives a height per template hex where the piece is not level on top;
    `core` lists the template hexes a figure cannot enter (ruin walls stand on edges: only
    their inner hexes are blocked); `vs_type` is VirtualScape's tile type, if it has one."""

    code: str
    title: str
    terrain: Terrain
    template: str
    height: int
    vs_type: int | None = None
    heights: tuple[int, ...] | None = None
    core: tuple[int, ...] | None = None

    @property
    def size(self) -> int:
        """How many hexes the piece covers."""
        return len(TEMPLATES[self.template])


def _land(prefix: str, name: str, terrain: Terrain, sizes: Sequence[int], vs_base: int | None,
          height: int = 1) -> list[PieceDef]:
    """A terrain's tiles: ``prefix + size`` (``g24``), VirtualScape type ``base * 1000 + size``."""
    return [PieceDef(f"{prefix}{size}", f"{size}-hex {name}", terrain, str(size), height,
                     vs_base * 1000 + size if vs_base is not None else None)
            for size in sizes]


def _one(code: str, title: str, terrain: Terrain, height: int, vs_type: int | None = None,
         template: str = "1", heights: tuple[int, ...] | None = None) -> PieceDef:
    return PieceDef(code, title, terrain, template, height, vs_type, heights)


_T = Terrain
_TABLE: list[PieceDef] = [
    # solid land: one level per tile
    *_land("g", "Grass", _T.GRASS, (1, 2, 3, 7, 24), 1),
    *_land("r", "Rock", _T.ROCK, (1, 2, 3, 7, 24), 2),
    *_land("s", "Sand", _T.SAND, (1, 2, 3, 7, 24), 3),
    *_land("d", "Dungeon", _T.DUNGEON, (1, 2, 3, 7, 24), 26),
    *_land("sw", "Swamp", _T.SWAMP, (1, 2, 3, 7, 24), 20),
    *_land("sn", "Snow", _T.SNOW, (1, 2, 3, 7, 24), 9),
    *_land("lf", "Lava Field", _T.LAVA_FIELD, (1, 2, 3, 7, 24), 7),
    *_land("a", "Asphalt", _T.ASPHALT, (1, 2, 7), 22),
    *_land("a", "Asphalt", _T.ASPHALT, (3, 24), None),
    *_land("c", "Concrete", _T.CONCRETE, (1, 2, 7), 21),
    *_land("c", "Concrete", _T.CONCRETE, (3, 24), None),
    PieceDef("c6", "6-hex Concrete (warehouse floor)", _T.CONCRETE, "marvel", 1),
    *_land("rd", "Road", _T.ROAD, (1, 2, 5), 8),
    *_land("x", "Toxic", _T.TOXIC, (1,), None),
    *_land("at", "Ancient Terrain", _T.ANCIENT, (1, 2, 3, 7, 24), None),
    *_land("wd", "Wood", _T.WOOD, (2,), None),
    _one("cg1", "1-hex Wall Walk", _T.WALL_WALK, 1, 16001),
    PieceDef("cg7", "7-hex Wall Walk", _T.WALL_WALK, "wallWalk7", 1, 16007),
    PieceDef("cg9", "9-hex Wall Walk", _T.WALL_WALK, "wallWalk9", 1, 16009),
    # fluids: thin tiles that still take their level
    *_land("w", "Water", _T.WATER, (1, 3), 4, height=0),
    *_land("ws", "Swamp Water", _T.SWAMP_WATER, (1, 3), 19, height=0),
    *_land("ws", "Swamp Water", _T.SWAMP_WATER, (6,), None, height=0),
    *_land("ww", "Wellspring Water", _T.WELLSPRING_WATER, (1,), None, height=0),
    *_land("xw", "Toxic Water", _T.TOXIC_WATER, (1,), None, height=0),
    *_land("l", "Lava", _T.LAVA, (1, 3), 6, height=0),
    *_land("i", "Ice", _T.ICE, (1, 3), 5, height=0),
    *_land("i", "Ice", _T.ICE, (4, 6), None, height=0),
    *_land("sh", "Shadow", _T.SHADOW, (1, 3), 25, height=0),
    # trees, jungle, outcrops, glaciers, pillars: obstacles on whole hexes
    _one("tr10", "Evergreen Tree (10)", _T.TREE, 10, 10011),
    _one("tr11", "Evergreen Tree (11)", _T.TREE, 11, 10012),
    _one("tr12", "Evergreen Tree (12)", _T.TREE, 12, 10013),
    _one("tr15", "Large Evergreen Tree (15)", _T.TREE, 15, 10004, template="4"),
    _one("str10", "Snow Covered Evergreen Tree (10)", _T.SNOW_TREE, 9),
    _one("str12", "Snow Covered Evergreen Tree (12)", _T.SNOW_TREE, 11),
    _one("tp14", "Ticalla Jungle Palm (14)", _T.PALM, 14, 24014),
    _one("tp15", "Ticalla Jungle Palm (15)", _T.PALM, 15, 24015),
    _one("tp16", "Ticalla Jungle Palm (16)", _T.PALM, 16, 24016),
    _one("tb9", "Ticalla Underbrush", _T.BRUSH, 9, 24002),
    _one("sb10", "Swamp Underbrush", _T.BRUSH, 10),
    _one("lp13", "Laur Jungle Tree (13)", _T.PALM, 13),
    _one("lp14", "Laur Jungle Tree (14)", _T.PALM, 14),
    _one("lp15", "Laur Jungle Tree (15)", _T.PALM, 15),
    _one("lb10", "Laur Underbrush", _T.BRUSH, 10),
    _one("o1", "Rock Outcrop (1)", _T.OUTCROP, 7, 27001),
    _one("o3", "Rock Outcrop (3)", _T.OUTCROP, 9, 27003, template="3", heights=(5, 9, 7)),
    _one("ol1", "Lava Rock Outcrop (1)", _T.LAVA_ROCK_OUTCROP, 7),
    _one("ol3", "Lava Rock Outcrop (3)", _T.LAVA_ROCK_OUTCROP, 9, template="3",
         heights=(5, 9, 7)),
    _one("og1", "Glacier (1)", _T.GLACIER, 7, 13001),
    _one("og3", "Glacier (3)", _T.GLACIER, 9, 13003, template="3", heights=(5, 9, 7)),
    _one("og4", "Glacier (4)", _T.GLACIER, 8, 13004, template="4", heights=(7, 11, 11, 9)),
    _one("og6", "Glacier (6)", _T.GLACIER, 17, 13006, template="6",
         heights=(17, 17, 17, 9, 9, 17)),
    _one("h", "Marro Hive", _T.HIVE, 17, 23006, template="6"),
    _one("m7", "Shroudshroom (7)", _T.SHROUDSHROOM, 7),
    _one("m10", "Shroudshroom (10)", _T.SHROUDSHROOM, 10),
    _one("m13", "Shroudshroom (13)", _T.SHROUDSHROOM, 13, template="3"),
    _one("lwp", "Laur Pillar", _T.LAUR_WALL, 12),
    _one("lwp2", "Laur Pillar (Stackable)", _T.LAUR_WALL, 12),
    _one("lwt", "Laur Triangle Pillar", _T.LAUR_WALL, 12),
    # ruins: walls on hex edges around two or three inner hexes
    PieceDef("rs2", "Ruins (2)", _T.RUIN, "ruins2", 5, 11002, core=(0, 1)),
    PieceDef("rs3", "Ruins (3)", _T.RUIN, "ruins3", 5, 11003, core=(0, 1, 4)),
    PieceDef("rm", "Warehouse Ruin", _T.MARVEL_RUIN, "marvel", 9, 11006, core=(1, 2, 4, 5)),
    PieceDef("rmb", "Warehouse Ruin - No Wall", _T.MARVEL_RUIN, "marvel", 9, 11007,
             core=(2, 5)),
    PieceDef("rmn", "Warehouse Ruin - No Upper Floor", _T.MARVEL_RUIN, "marvel", 9,
             core=(1, 2, 4, 5)),
    PieceDef("rmnb", "Warehouse Ruin - No Upper Floor / No Wall", _T.MARVEL_RUIN, "marvel", 9,
             core=(2, 5)),
    # castle
    _one("cbc", "Fortress Wall Base (Corner)", _T.CASTLE_BASE, 1, 16101),
    _one("cbs", "Fortress Wall Base (Straight)", _T.CASTLE_BASE, 1, 16102),
    _one("cbe", "Fortress Wall Base (End)", _T.CASTLE_BASE, 1, 16103),
    _one("cwc", "Fortress Wall (Corner)", _T.CASTLE_WALL, 9, 16201),
    _one("cws", "Fortress Wall (Straight)", _T.CASTLE_WALL, 9, 16202),
    _one("cwe", "Fortress Wall (End)", _T.CASTLE_WALL, 9, 16203),
    _one("ca", "Fortress Doorway", _T.CASTLE_WALL, 9, 16401, template="straight3"),
    _one("cab", "Fortress Doorway (No door)", _T.CASTLE_WALL, 9, 16404, template="straight3"),
    # edge pieces and add-ons
    _one("lws", "Laur Wall (Short)", _T.LAUR_WALL_ADDON, 12),
    _one("lws2", "Laur Wall (Short) (Stackable)", _T.LAUR_WALL_ADDON, 12),
    _one("lwl", "Laur Wall (Long)", _T.LAUR_WALL_ADDON, 12),
    _one("lwl2", "Laur Wall (Long) (Stackable)", _T.LAUR_WALL_ADDON, 12),
    _one("lwa", "Laur Wall Arch", _T.LAUR_WALL_ADDON, 12),
    _one("lwr", "Laur Wall Ruin", _T.LAUR_WALL_ADDON, 10),
    _one("lwr2", "Laur Wall Ruin (style 2)", _T.LAUR_WALL_ADDON, 12),
    _one("lwr3", "Laur Wall Ruin (style 3)", _T.LAUR_WALL_ADDON, 12),
    _one("rw", "Stone Wall", _T.ROAD_WALL, 3, 12004, template="straight4"),
    _one("bt", "Battlement", _T.BATTLEMENT, 5, 16301),
    _one("ld", "Ladder", _T.LADDER, 2, 16402),
    _one("fw", "Fortified Wall", _T.FORTIFIED_WALL, 5),
    _one("sl", "Ship Wall", _T.SHIP_WALL, 3),
    _one("sb", "Ship Bow", _T.SHIP_BOW, 3),
    _one("cn", "Cannon", _T.CANNON, 1),
    _one("rl", "Rope Ladder", _T.ROPE_LADDER, 2),
    # markers
    _one("y0", "Power Glyph", _T.GLYPH_POWER, 0, 14063),
    _one("y1", "Treasure Glyph", _T.GLYPH_TREASURE, 0),
    *[_one(f"z{n}", f"Start Zone: Player {n}", _T.START_ZONE, 0) for n in range(1, 9)],
    *[_one(f"om{kind}{n}", f"Objective Marker {kind}.{n}", _T.OBJECTIVE_MARKER, 0)
      for kind in (1, 2) for n in (1, 2)],
]

PIECES: dict[str, PieceDef] = {piece.code: piece for piece in _TABLE}
"""Every piece by its Heroscape Map Editor code."""

BY_VS_TYPE: dict[int, PieceDef] = {p.vs_type: p for p in _TABLE if p.vs_type is not None}
"""Pieces by VirtualScape tile type (start zones and glyphs are handled by the reader)."""

VS_ALIASES: dict[int, str] = {
    17001: "ww1", 17101: "lwp", **{15001 + n: f"z{n}" for n in range(1, 9)}}
"""Type numbers the Heroscape Map Editor gives pieces VirtualScape itself has no type for
(wellspring water, Laur pillar, one start zone per player); read, never written."""

VS_START_ZONE = 15001
"""VirtualScape's one start-area type; its colour tells the players apart."""
VS_GLYPHS = range(14000, 14100)
"""VirtualScape's glyph types (one per named glyph; all become a power glyph, ``y0``)."""
VS_PERSONAL = 17000
"""A VirtualScape "personal" tile: a custom piece described by a name and textures."""
PERSONAL_PREFIX = "arena:"
"""A VirtualScape personal tile named ``arena:CODE`` stands for the piece ``CODE``: how
pieces VirtualScape has no tile type for are written to ``.hsc`` and read back."""
VS_FIGURE_FAMILY = 18
"""VirtualScape figure tiles (``18xxx``): miniatures placed on the map, not terrain."""

START_ZONE_COLOURS: dict[str, tuple[int, int, int]] = {
    "z1": (255, 0, 0), "z2": (0, 255, 0), "z3": (0, 0, 255), "z4": (255, 255, 0),
    "z5": (255, 0, 255), "z6": (0, 255, 255), "z7": (255, 128, 0), "z8": (128, 0, 255),
}
"""VirtualScape's start-area colour (red, green, blue, yellow, violet, cyan, orange, purple)."""

SHIFTED_ROTATION_VS: frozenset[str] = frozenset({"ld", "bt"})
"""Pieces VirtualScape turns one step further than the Heroscape Map Editor (edge add-ons
hung from the far side of their hex)."""

SHIFTED_ALTITUDE_VS: frozenset[str] = frozenset({"rm", "rmb", "rmn", "rmnb"})
"""Pieces VirtualScape places one level lower (warehouse ruins carry their own floor)."""


def is_whole_rotation(rotation: float) -> bool:
    """Whether `rotation` is one of the six whole steps (edge add-ons may sit half-way)."""
    return float(rotation).is_integer() and 0 <= rotation < 6


def piece_hexes(code: str, at: Hex, rotation: float) -> list[Hex]:
    """The hexes piece `code` covers with its origin at `at`, in template order.

    Rotation steps are clockwise on screen, so they turn the template by ``-rotation`` in
    `arena.hexgrid` terms; a half step (edge add-ons) turns like the whole step below it.
    """
    steps = -int(rotation)
    return [rotate(Hex(dq, dr), steps) + at for dq, dr in TEMPLATES[PIECES[code].template]]


def vs_origin_shift(code: str, rotation: int) -> Hex:
    """The Heroscape Map Editor origin minus the VirtualScape origin of `code` at `rotation`."""
    shifts = VS_SHIFT.get(PIECES[code].template, _ZERO6)
    dq, dr = shifts[rotation % 6]
    return Hex(dq, dr)


def to_odd_r(h: Hex) -> tuple[int, int]:
    """VirtualScape's (x, y) "odd-r" offset coordinates of an axial hex (odd rows shifted
    right by half a hex)."""
    return h.q + (h.r - (h.r & 1)) // 2, h.r


def from_odd_r(x: int, y: int) -> Hex:
    """The axial hex at VirtualScape's odd-r offset coordinates (x, y)."""
    return Hex(x - (y - (y & 1)) // 2, y)
