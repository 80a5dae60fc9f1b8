"""The boxed components the shipped battlefields are built from, and the tools that lay them
out, build them and measure them (used by ``scripts/build_battlefields.py``, which holds the
fields themselves and writes them).

Reconstruction of the core components
-------------------------------------
The guide's "Battlefield Key" lists 6 Shandalar sand-and-water terrain boards, two 3-hex and
two 1-hex sand tiles "for raising land" (linked and stacked on the boards), Shandalar ruins A
and B, and four glyphs (power, toughness, movement, knowledge). Their shapes are not given;
we model them as follows.

* **Terrain board** (:data:`BOARD_HEXES`): 24 hexes, in rows of 4-5-6-5-4 (an elongated
  hexagon, the shape of the 24-hex tiles of the Heroscape system the game is built on). In
  board-local axial coordinates the rows are ``r = -2..2`` with ``q`` running over
  ``-1..2, -2..2, -3..2, -3..1, -3..0``; the board is symmetric under a half-turn about the
  midpoint of the edge between ``[-1, 0]`` and ``[0, 0]``. All six boards are taken to be
  printed alike: sand everywhere but a three-hex pond (:data:`BOARD_WATER`: ``[-3, 0]``,
  ``[-2, 0]``, ``[-3, 1]``) at the west end. A board may be laid in any of six orientations
  (``turn`` = 60-degree steps, counter-clockwise on screen). Boards lie on level 1 and never
  overlap.
* **Sand tiles** (:data:`TILE_SIZES`): a 3-hex tile is three mutually adjacent hexes (a
  triangle), a 1-hex tile one hex. A tile adds one level of sand on top of dry land; all its
  hexes must be at the same height (a tile lies flat), and it may be stacked on another tile.
* **Ruins** (:data:`RUIN_A`, :data:`RUIN_B`): obstacles that block sight, each on two adjacent
  hexes and 6 levels high. The real pieces surely differ in art and perhaps in size; they are
  modelled alike because a half-turn-symmetric field can only use both ruins if they match.
* **Glyphs**: power, toughness, movement, knowledge (one of each).

Shadows over Innistrad (rules summary) adds road spaces, weirded ground, cryptoliths (toughness
4, life 3, height 9) and the Glyphs of Recall and Healing. :data:`SOI_BOX` models what the
Moonlit Crossroads needs from it: two cryptoliths, each on one hex and **9 levels** high (the
summary's "height 9" is in the same unit as a figure's height, which the army cards give in
levels, so a cryptolith's top is 9 levels above the ground it stands on), the two new glyphs,
and road and weirded-ground printing. The Innistrad boards themselves are unknown, so the
field is laid with four boards of the core shape (from the core set) and the road and weirded
spaces are modelled as printed on them where the layout says (:attr:`Layout.printed`).
Weirded ground does nothing of its own here (the rules summary: "Unless otherwise specified,
treat a weirded ground space like any empty space").
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from arena.content.battlefield import (
    Battlefield,
    Column,
    GlyphPlacement,
    Obstacle,
    PowerSpace,
    StartingZone,
    Terrain,
)
from arena.hexgrid import Hex, distance, neighbours, rotate

# --- the components ------------------------------------------------------------------------

BOARD_ROWS: dict[int, tuple[int, int]] = {-2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1),
                                          2: (-3, 0)}
"""Per board row ``r``: the first and last ``q`` (board-local axial coordinates)."""

BOARD_HEXES: tuple[Hex, ...] = tuple(
    Hex(q, r) for r, (first, last) in BOARD_ROWS.items() for q in range(first, last + 1))
"""The 24 hexes of a terrain board, board-local."""

BOARD_WATER: frozenset[Hex] = frozenset({Hex(-3, 0), Hex(-2, 0), Hex(-3, 1)})
"""The pond printed on every board (board-local)."""

TILE_SIZES: tuple[int, ...] = (3, 1)
"""Sizes of the raising tiles, in hexes."""


@dataclass(frozen=True)
class ObstaclePiece:
    """A physical obstacle: its id and name, kind, footprint size and height in levels."""

    id: str
    name: str
    kind: str
    hexes: int
    height: int


RUIN_A = ObstaclePiece("ruin-a", "Ruin A", "ruin", 2, 6)
RUIN_B = ObstaclePiece("ruin-b", "Ruin B", "ruin", 2, 6)
CRYPTOLITH_1 = ObstaclePiece("cryptolith-1", "Cryptolith", "cryptolith", 1, 9)
CRYPTOLITH_2 = ObstaclePiece("cryptolith-2", "Cryptolith", "cryptolith", 1, 9)


@dataclass(frozen=True)
class Box:
    """What one boxed set holds, for checking that a field can really be built from it."""

    name: str
    """How the set is named in descriptions ("one core set")."""
    boards: int
    tiles: tuple[tuple[int, int], ...]
    """(size, count) of each raising tile."""
    obstacles: tuple[ObstaclePiece, ...]
    glyphs: tuple[str, ...]
    printed: tuple[str, ...] = ()
    """Terrain printed on the boards besides sand and water (Shadows over Innistrad)."""


CORE_BOX = Box(
    name="one core set",
    boards=6,
    tiles=((3, 2), (1, 2)),
    obstacles=(RUIN_A, RUIN_B),
    glyphs=("power", "toughness", "movement", "knowledge"),
)
"""The core set (guide "Battlefield Key")."""

SOI_BOX = Box(
    name="the Shadows over Innistrad expansion",
    boards=0,
    tiles=(),
    obstacles=(CRYPTOLITH_1, CRYPTOLITH_2),
    glyphs=("recall", "healing"),
    printed=("road", "weirded"),
)
"""What the Moonlit Crossroads takes from Shadows over Innistrad (see the module docstring)."""


# --- symmetry --------------------------------------------------------------------------------

HALF_TURN_CENTRE2 = Hex(1, 0)
"""Twice the centre of the point-symmetric fields: the midpoint of ``[0, 0]`` and ``[1, 0]``."""

THIRD_TURN_CENTRE3 = Hex(2, -1)
"""Three times the centre of the Melee: the corner of ``[0, 0]``, ``[1, 0]``, ``[1, -1]``."""


def half_turn(h: Hex) -> Hex:
    """``h`` turned 180 degrees about the centre of the point-symmetric fields."""
    return HALF_TURN_CENTRE2 - h


def third_turn(h: Hex, times: int = 1) -> Hex:
    """``h`` turned ``times`` * 120 degrees (counter-clockwise) about the Melee's centre."""
    tripled = Hex(3 * h.q, 3 * h.r) - THIRD_TURN_CENTRE3
    turned = rotate(tripled, 2 * times) + THIRD_TURN_CENTRE3
    return Hex(turned.q // 3, turned.r // 3)


# --- layouts ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardAt:
    """A terrain board laid with its local ``[0, 0]`` at ``anchor``, turned ``turn`` * 60°."""

    anchor: Hex
    turn: int = 0

    def hexes(self) -> list[Hex]:
        return [self.anchor + rotate(h, self.turn) for h in BOARD_HEXES]

    def water(self) -> set[Hex]:
        return {self.anchor + rotate(h, self.turn) for h in BOARD_WATER}

    def flipped(self) -> BoardAt:
        """The same footprint with the board turned end for end (the pond at the other end)."""
        return BoardAt(self.anchor - rotate(Hex(1, 0), self.turn), (self.turn + 3) % 6)

    def moved(self, move: Callable[[Hex], Hex], turn: int) -> BoardAt:
        """This board carried by a rigid motion that turns by ``turn`` * 60°."""
        return BoardAt(move(self.anchor), (self.turn + turn) % 6)


@dataclass(frozen=True)
class Zone:
    id: str
    name: str
    colour: str
    spaces: tuple[Hex, ...]
    capacity: int = 1


@dataclass(frozen=True)
class Glyph:
    at: Hex
    kind: str
    side: str = "ability"


@dataclass
class Layout:
    """Everything placed on one field, in placement order."""

    boards: list[BoardAt] = field(default_factory=list)
    tiles: list[tuple[Hex, ...]] = field(default_factory=list)
    """Raising tiles in stacking order: each lies on the current top of its hexes."""
    printed: dict[Hex, Terrain] = field(default_factory=dict)
    """Level-1 hexes printed road or weirded instead of sand."""
    obstacles: list[tuple[ObstaclePiece, tuple[Hex, ...]]] = field(default_factory=list)
    glyphs: list[Glyph] = field(default_factory=list)
    glyph_spaces: list[Hex] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    power_spaces: list[tuple[Hex, Hex]] = field(default_factory=list)
    """(power space, its glyph)."""


def symmetric_boards(half: Iterable[BoardAt]) -> list[BoardAt]:
    """The boards given and their half-turn partners."""
    out: list[BoardAt] = []
    for board in half:
        out += [board, board.moved(half_turn, 3)]
    return out


def symmetric(items: Iterable[tuple[Hex, ...]]) -> list[tuple[Hex, ...]]:
    """Each group of hexes followed by its half-turn image."""
    out: list[tuple[Hex, ...]] = []
    for group in items:
        out += [group, tuple(half_turn(h) for h in group)]
    return out


@dataclass(frozen=True)
class Usage:
    """How many of each component a layout uses."""

    boards: int
    tiles: tuple[tuple[int, int], ...]
    obstacles: tuple[str, ...]
    glyphs: tuple[str, ...]
    printed: tuple[str, ...]

    def describe(self) -> str:
        """The components in words: "4 terrain boards, two 3-hex and two 1-hex sand tiles..."."""
        parts = [f"{self.boards} terrain boards"]
        tiles = [f"{_count(count)} {size}-hex" for size, count in self.tiles]
        if tiles:
            parts.append(f"{and_list(tiles)} sand tiles")
        names = Counter(self.obstacles)
        parts += [f"{_count(n)} {name.lower()}s" if n > 1 else name
                  for name, n in names.items()]
        if self.printed:
            printed = [{"weirded": "weirded-ground"}.get(p, p) for p in sorted(self.printed)]
            parts.append(f"{and_list(printed)} printing")
        glyphs = [kind.capitalize() for kind in self.glyphs]
        parts.append(f"the Glyph{'s' if len(glyphs) > 1 else ''} of {and_list(glyphs)}")
        return ", ".join(parts)


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n <= 6 else str(n)


def and_list(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def usage(layout: Layout) -> Usage:
    sizes = Counter(len(t) for t in layout.tiles)
    return Usage(
        boards=len(layout.boards),
        tiles=tuple((size, sizes[size]) for size in TILE_SIZES if sizes[size]),
        obstacles=tuple(piece.name for piece, _ in layout.obstacles),
        glyphs=tuple(g.kind for g in layout.glyphs),
        printed=tuple(sorted(set(layout.printed.values()))),
    )


def check_fits(use: Usage, boxes: Sequence[Box]) -> None:
    """Raise ``ValueError`` unless the boxes hold every component `use` needs."""
    boards = sum(box.boards for box in boxes)
    if use.boards > boards:
        raise ValueError(f"{use.boards} boards needed, the boxes hold {boards}")
    have = Counter[int]()
    for box in boxes:
        for size, count in box.tiles:
            have[size] += count
    for size, count in use.tiles:
        if count > have[size]:
            raise ValueError(f"{count} {size}-hex tiles needed, the boxes hold {have[size]}")
    pieces = Counter(piece.name for box in boxes for piece in box.obstacles)
    if any(count > pieces[name] for name, count in Counter(use.obstacles).items()):
        raise ValueError(f"obstacles not in the boxes: {use.obstacles}")
    glyphs = Counter(g for box in boxes for g in box.glyphs)
    if any(count > glyphs[kind] for kind, count in Counter(use.glyphs).items()):
        raise ValueError(f"glyphs not in the boxes: {use.glyphs}")
    printed = {p for box in boxes for p in box.printed}
    if not set(use.printed) <= printed:
        raise ValueError(f"printed terrain not in the boxes: {use.printed}")


# --- building -------------------------------------------------------------------------------


def coord(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


def build_columns(layout: Layout) -> dict[Hex, list[Terrain]]:
    """The levels of every column; raises ``ValueError`` if the pieces do not fit."""
    levels: dict[Hex, list[Terrain]] = {}
    for index, board in enumerate(layout.boards):
        water = board.water()
        for h in board.hexes():
            if h in levels:
                raise ValueError(f"board {index} overlaps another board at {coord(h)}")
            levels[h] = ["water" if h in water else "land"]
    for h, terrain in layout.printed.items():
        if levels.get(h) != ["land"]:
            raise ValueError(f"{terrain} printed on {coord(h)}, which is not bare sand")
        levels[h] = [terrain]
    for tile in layout.tiles:
        if len(tile) not in TILE_SIZES or len(set(tile)) != len(tile):
            raise ValueError(f"tile {tile} is not a 1- or 3-hex tile")
        if any(distance(a, b) != 1 for a in tile for b in tile if a != b):
            raise ValueError(f"tile {tile}: a 3-hex tile is three hexes that touch")
        tops = {len(levels[h]) if h in levels else 0 for h in tile}
        if len(tops) != 1 or 0 in tops:
            raise ValueError(f"tile {tile} does not lie flat on the field")
        if any(levels[h][-1] == "water" for h in tile):
            raise ValueError(f"tile {tile} would lie on water")
        for h in tile:
            levels[h].append("land")
    for piece, footprint in layout.obstacles:
        if len(footprint) != piece.hexes:
            raise ValueError(f"{piece.name} stands on {piece.hexes} hexes, not {len(footprint)}")
    return levels


def build_battlefield(bid: str, name: str, description: str, layout: Layout) -> Battlefield:
    levels = build_columns(layout)
    ordered = sorted(levels, key=lambda h: (h.r, h.q))
    return Battlefield(
        format="battlefield",
        id=bid,
        name=name,
        description=description,
        provenance="reconstructed",
        columns=[Column(at=coord(h), levels=list(levels[h])) for h in ordered],
        obstacles=[
            Obstacle(id=piece.id, kind=piece.kind, name=piece.name,  # type: ignore[arg-type]
                     footprint=[coord(h) for h in hexes], height=piece.height)
            for piece, hexes in layout.obstacles
        ],
        glyphs=[GlyphPlacement(at=coord(g.at), glyph=g.kind, side=g.side)  # type: ignore[arg-type]
                for g in layout.glyphs],
        glyph_spaces=[coord(h) for h in layout.glyph_spaces],
        starting_zones=[
            StartingZone(id=z.id, name=z.name, colour=z.colour,
                         spaces=[coord(h) for h in z.spaces], capacity=z.capacity)
            for z in layout.zones
        ],
        power_spaces=[PowerSpace(at=coord(at), glyph=coord(g)) for at, g in layout.power_spaces],
    )


# --- measuring ------------------------------------------------------------------------------


def tops(bf: Battlefield) -> dict[Hex, int]:
    return {Hex(*c.at): c.top for c in bf.column_map().values()}


def walk_costs(bf: Battlefield, sources: Iterable[Hex]) -> dict[Hex, int]:
    """The cheapest dry walking cost from any of `sources` to every hex it reaches.

    A step costs 1 plus one per level climbed (guide: "count the side of each higher level as
    1 space"); going down is free. Ruins and cryptoliths are walked around, and so is water
    (entering it ends a figure's move, so a player's route goes round a pond): this is the
    route a figure takes on foot, and on a symmetric field it is the same for every player.
    """
    height = tops(bf)
    dry = {Hex(*c.at) for c in bf.columns if c.top_terrain != "water"}
    blocked = {Hex(*h) for o in bf.obstacles for h in o.footprint}
    best: dict[Hex, int] = {}
    queue = [(0, h.q, h.r) for h in sources]
    heapq.heapify(queue)
    while queue:
        cost, q, r = heapq.heappop(queue)
        here = Hex(q, r)
        if here in best:
            continue
        best[here] = cost
        for nb in neighbours(here):
            if nb in dry and nb not in blocked and nb not in best:
                step = 1 + max(0, height[nb] - height[here])
                heapq.heappush(queue, (cost + step, nb.q, nb.r))
    return best


def hex_distance_to(targets: Iterable[Hex], h: Hex) -> int:
    return min(distance(h, t) for t in targets)


def zone_access(bf: Battlefield, at: Hex) -> dict[str, tuple[int, int]]:
    """Per starting zone: (hex distance, walking cost) from its nearest space to `at`."""
    out: dict[str, tuple[int, int]] = {}
    for zone in bf.starting_zones:
        spaces = [Hex(*s) for s in zone.spaces]
        out[zone.id] = (hex_distance_to(spaces, at), walk_costs(bf, spaces)[at])
    return out


def melee_starts(bf: Battlefield) -> dict[Hex, tuple[int, int]]:
    """Per starting space: (hex distance, walking cost) to the nearest power space."""
    powers = [Hex(*p.at) for p in bf.power_spaces]
    out: dict[Hex, tuple[int, int]] = {}
    for zone in bf.starting_zones:
        for space in zone.spaces:
            start = Hex(*space)
            costs = walk_costs(bf, [start])
            out[start] = (hex_distance_to(powers, start), min(costs[p] for p in powers))
    return out


def equidistant(bf: Battlefield, at: Hex) -> bool:
    """Whether `at` is as near (in hexes and in walking cost) to every starting zone."""
    return len(set(zone_access(bf, at).values())) == 1
