"""Build the shipped battlefields and their scenarios from a model of the boxed components.

Run ``.venv/bin/python scripts/build_battlefields.py`` from the project root: it writes
``scenarios/battlefields/<id>.yaml`` and ``scenarios/<id>.yaml`` for The Duel, The Skirmish, The
Melee and Moonlit Crossroads (a Shadows over Innistrad field) through
:func:`arena.content.save_model` (canonical layout, atomic write), so running it twice gives
identical files. ``--preview`` prints each field with :mod:`arena.content.show` and its fairness
figures instead of writing; ``--out DIR`` writes under another root (the tests build into a
temporary folder and compare with the committed files).

The guide's battlefield diagrams are not available, so every layout here is a
*reconstruction* (``provenance: reconstructed``), built only from what one box holds and made
fair by construction (symmetry) and by measurement (the figures in each description).

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

Fairness
--------
* The Duel, The Skirmish and the Crossroads are point-symmetric: a half-turn about the
  midpoint of ``[0, 0]`` and ``[1, 0]`` (``[q, r] -> [1 - q, -r]``, :func:`half_turn`) maps
  every column with its levels, every tile, obstacle and glyph space onto one of the same kind
  and swaps the two starting zones. (The centre is an edge midpoint: the hex at the centre of
  a hex-centred half-turn would lie on a board that the half-turn maps onto itself, and a board
  symmetric about one of its own hexes has an odd number of hexes, not 24.) A half-turn about an
  edge midpoint fixes no hex, so three distinct glyphs (the Duel's M, P, T) cannot be placed
  symmetrically; instead every glyph stands on a hex *equidistant* from the two zones, both in
  hexes and in dry walking cost (:func:`walk_costs`), so neither side is nearer any glyph.
  The Skirmish's glyph spaces are placed the same way.
* The Melee is three-fold symmetric: a third-turn about the corner shared by ``[0, 0]``,
  ``[1, 0]`` and ``[1, -1]`` (:func:`third_turn`) maps the field, the glyphs and their power
  spaces onto themselves. Five starting spaces cannot be three-fold symmetric; they were
  chosen by a search (:data:`MELEE_STARTS`) and all lie at the same distance from the nearest
  power space (min = max, in hexes and in walking cost, computed into the description).

Everything is checked when built (overlaps, tiles lying flat, the box's contents) and the
written files pass ``arena validate``.
"""

from __future__ import annotations

import argparse
import heapq
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from arena.content import save_model
from arena.content.battlefield import (
    Battlefield,
    Column,
    GlyphPlacement,
    Obstacle,
    PowerSpace,
    StartingZone,
    Terrain,
)
from arena.content.scenario import PlayerRange, Scenario, ZoneRules
from arena.hexgrid import Hex, distance, neighbours, rotate

ROOT = Path(__file__).resolve().parents[1]

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
            parts.append(f"{_and(tiles)} sand tiles")
        names = Counter(self.obstacles)
        parts += [f"{_count(n)} {name.lower()}s" if n > 1 else name
                  for name, n in names.items()]
        if self.printed:
            printed = [{"weirded": "weirded-ground"}.get(p, p) for p in sorted(self.printed)]
            parts.append(f"{_and(printed)} printing")
        glyphs = [kind.capitalize() for kind in self.glyphs]
        parts.append(f"the Glyph{'s' if len(glyphs) > 1 else ''} of {_and(glyphs)}")
        return ", ".join(parts)


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n <= 6 else str(n)


def _and(words: Sequence[str]) -> str:
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


def _c(h: Hex) -> tuple[int, int]:
    return (h.q, h.r)


def build_columns(layout: Layout) -> dict[Hex, list[Terrain]]:
    """The levels of every column; raises ``ValueError`` if the pieces do not fit."""
    levels: dict[Hex, list[Terrain]] = {}
    for index, board in enumerate(layout.boards):
        water = board.water()
        for h in board.hexes():
            if h in levels:
                raise ValueError(f"board {index} overlaps another board at {_c(h)}")
            levels[h] = ["water" if h in water else "land"]
    for h, terrain in layout.printed.items():
        if levels.get(h) != ["land"]:
            raise ValueError(f"{terrain} printed on {_c(h)}, which is not bare sand")
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
        columns=[Column(at=_c(h), levels=list(levels[h])) for h in ordered],
        obstacles=[
            Obstacle(id=piece.id, kind=piece.kind, name=piece.name,  # type: ignore[arg-type]
                     footprint=[_c(h) for h in hexes], height=piece.height)
            for piece, hexes in layout.obstacles
        ],
        glyphs=[GlyphPlacement(at=_c(g.at), glyph=g.kind, side=g.side)  # type: ignore[arg-type]
                for g in layout.glyphs],
        glyph_spaces=[_c(h) for h in layout.glyph_spaces],
        starting_zones=[
            StartingZone(id=z.id, name=z.name, colour=z.colour,
                         spaces=[_c(h) for h in z.spaces], capacity=z.capacity)
            for z in layout.zones
        ],
        power_spaces=[PowerSpace(at=_c(at), glyph=_c(g)) for at, g in layout.power_spaces],
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


# --- the fields -------------------------------------------------------------------------------

YELLOW = "#e8c547"
ORANGE = "#e8842c"


def two_zones(yellow: Iterable[Hex], capacity: int = 1) -> list[Zone]:
    """Yellow as given, orange its half-turn image."""
    spaces = tuple(yellow)
    return [Zone("yellow", "Yellow", YELLOW, spaces, capacity),
            Zone("orange", "Orange", ORANGE, tuple(half_turn(h) for h in spaces), capacity)]


def row(r: int, first: int, last: int) -> list[Hex]:
    return [Hex(q, r) for q in range(first, last + 1)]


DUEL_BOARDS = [BoardAt(Hex(-2, 1), 1), BoardAt(Hex(1, -4), 0)]
"""One board of each half-turn pair of the Duel; the Skirmish adds a pair at the ends."""


def duel_layout() -> Layout:
    """The Duel: four boards in a tight 2 x 2 block, 13 rows from end to end.

    Yellow starts at the north end, orange at the south end. Each side has a hill by its zone
    (a 3-hex tile with a 1-hex tile on it: levels 2 and 3) and a ruin in its half of the
    middle (west for yellow, east for orange); four ponds guard the corners of the middle.
    Power stands at the centre and movement and toughness on the flanks, all three on hexes
    exactly as near to both zones.
    """
    layout = Layout()
    layout.boards = symmetric_boards(DUEL_BOARDS)
    layout.tiles = symmetric([(Hex(3, -4), Hex(4, -4), Hex(3, -3)), (Hex(3, -4),)])
    ruin_a, ruin_b = symmetric([(Hex(-1, -2), Hex(-1, -1))])
    layout.obstacles = [(RUIN_A, ruin_a), (RUIN_B, ruin_b)]
    layout.glyphs = [Glyph(Hex(-3, 1), "movement"), Glyph(Hex(0, 0), "power"),
                     Glyph(Hex(4, -1), "toughness")]
    layout.zones = two_zones(row(-6, 0, 3) + row(-5, 0, 2))
    return layout


def skirmish_layout() -> Layout:
    """The Skirmish: the Duel's four boards and a pair more at the west and east ends.

    Yellow's team starts at the west end, orange's at the east end (zones of 7 spaces for 2
    Planeswalkers each). The four glyph spaces lie on the north-south line through the centre
    (two by the centre, two out on the north and south bulges), each exactly as near to both
    zones; the glyphs are shuffled onto them face down at set-up. Each team has a hill and a
    ruin in front of its zone.
    """
    layout = Layout()
    layout.boards = symmetric_boards([*DUEL_BOARDS, BoardAt(Hex(-5, -1), 1).flipped()])
    layout.tiles = symmetric([(Hex(-4, 1), Hex(-3, 1), Hex(-4, 2)), (Hex(-4, 1),)])
    ruin_a, ruin_b = symmetric([(Hex(-3, -1), Hex(-2, -1))])
    layout.obstacles = [(RUIN_A, ruin_a), (RUIN_B, ruin_b)]
    spaces = [Hex(1, -1), Hex(0, 1), Hex(3, -5), Hex(-2, 5)]
    kinds = ["power", "toughness", "movement", "knowledge"]
    layout.glyphs = [Glyph(h, kind, "planeswalker") for h, kind in zip(spaces, kinds, strict=True)]
    layout.glyph_spaces = list(spaces)
    layout.zones = two_zones([Hex(-7, -1), Hex(-6, -1), Hex(-8, 0), Hex(-7, 0), Hex(-6, 0),
                              Hex(-8, 1), Hex(-7, 1)], capacity=2)
    return layout


def third_turns(board: BoardAt) -> list[BoardAt]:
    """A board and its images under a third and two thirds of a turn about the Melee centre."""
    return [board, board.moved(third_turn, 2), board.moved(lambda h: third_turn(h, 2), 4)]


MELEE_CENTRE = (Hex(0, 0), Hex(1, 0), Hex(1, -1))
"""The three hexes round the Melee's centre of symmetry (a 3-hex tile fits them exactly)."""

MELEE_GLYPH = Hex(-3, -1)
"""Where the Glyph of Power stands; toughness and movement stand on its third-turn images."""

MELEE_POWER_DIRECTIONS = (0, 2, 4)
"""The power spaces of a Melee glyph: its neighbours east, north-west and south-west."""

MELEE_STARTS = (Hex(9, -8), Hex(1, -5), Hex(-7, -1), Hex(-4, 4), Hex(5, 0))
"""The five orange starting spaces, counter-clockwise from the north-east tip.

Chosen by search (all dry hexes; see ``--preview``): of all five-space sets whose distance to
the nearest power space (in hexes and in dry walking cost) varies by at most one, these are
the furthest apart (8 hexes at least between any two), and their distances turn out equal.
"""


def melee_layout() -> Layout:
    """The Melee: six boards in a three-armed pinwheel about a central mesa.

    Three inner boards turn about the centre, three outer boards make the arms. The two 3-hex
    tiles stack on the three centre hexes (a mesa at level 3). The three permanent glyphs stand
    where the arms meet the core, a third of a turn apart, each with three purple power spaces
    (every other neighbour); five orange starting spaces ring the field.
    """
    layout = Layout()
    layout.boards = [*third_turns(BoardAt(Hex(-2, 2), 2)), *third_turns(BoardAt(Hex(-5, 0), 5))]
    layout.tiles = [MELEE_CENTRE, MELEE_CENTRE]
    for times, kind in enumerate(("power", "toughness", "movement")):
        glyph = third_turn(MELEE_GLYPH, times)
        layout.glyphs.append(Glyph(glyph, kind))
        for direction in MELEE_POWER_DIRECTIONS:
            space = third_turn(neighbours(MELEE_GLYPH)[direction], times)
            layout.power_spaces.append((space, glyph))
    layout.zones = [Zone("orange", "Orange", ORANGE, MELEE_STARTS, capacity=5)]
    return layout


CROSSROADS_BOARDS = [BoardAt(Hex(-2, 1), 1), BoardAt(Hex(0, 4), 1).flipped()]


def crossroads_layout() -> Layout:
    """Moonlit Crossroads: four boards in a long north-south strip, roads crossing at the centre.

    A road runs from each starting zone to the centre and on to the other zone, and a second
    road crosses the field from west to east through the centre. A cryptolith stands by the
    crossroads on each side, with weirded ground beside it; a hill (a 3-hex tile with a 1-hex
    tile on it) stands beside each zone.
    """
    layout = Layout()
    layout.boards = symmetric_boards(CROSSROADS_BOARDS)
    north_road = [Hex(2, -5), Hex(2, -4), Hex(2, -3), Hex(1, -2), Hex(1, -1), Hex(0, 0)]
    west_road = [Hex(-3, 0), Hex(-2, 0), Hex(-1, 0)]
    weirded = [Hex(4, -3), Hex(4, -2), Hex(3, -1)]
    for group, terrain in ((north_road + west_road, "road"), (weirded, "weirded")):
        for h in group:
            layout.printed[h] = terrain  # type: ignore[assignment]
            layout.printed[half_turn(h)] = terrain  # type: ignore[assignment]
    layout.tiles = symmetric([(Hex(3, -4), Hex(4, -4), Hex(3, -3)), (Hex(4, -4),)])
    first, second = symmetric([(Hex(3, -2),)])
    layout.obstacles = [(CRYPTOLITH_1, first), (CRYPTOLITH_2, second)]
    layout.glyphs = [Glyph(Hex(-3, 0), "recall"), Glyph(Hex(0, 0), "power"),
                     Glyph(Hex(4, 0), "healing")]
    layout.zones = two_zones(row(-7, 2, 4) + row(-6, 1, 4))
    return layout


# --- fairness figures ---------------------------------------------------------------------


def glyph_fairness(bf: Battlefield) -> str:
    """How near each glyph (or glyph space) is to the two zones; raises if not the same."""
    spots = [Hex(*h) for h in bf.glyph_spaces] or [Hex(*g.at) for g in bf.glyphs]
    figures: list[tuple[int, int]] = []
    for spot in spots:
        access = zone_access(bf, spot)
        if len(set(access.values())) != 1:
            raise ValueError(f"{bf.id}: {_c(spot)} is nearer one zone: {access}")
        figures.append(next(iter(access.values())))
    what = "glyph space" if bf.glyph_spaces else "glyph"
    parts = ", ".join(f"[{s.q}, {s.r}] {d} hexes / walk {w}"
                      for s, (d, w) in zip(spots, figures, strict=True))
    return (f"Point-symmetric: a half-turn about the centre maps the field onto itself and "
            f"swaps the starting zones. Every {what} is exactly as near to both zones (nearest "
            f"zone space, in hexes / dry walking cost: {parts}).")


def melee_fairness(bf: Battlefield) -> str:
    """Each start's distance to the nearest power space, with the spread, and their spacing."""
    starts = melee_starts(bf)
    hexes = [d for d, _ in starts.values()]
    walks = [w for _, w in starts.values()]
    apart = min(distance(a, b) for a in starts for b in starts if a != b)
    return (f"Three-fold symmetric about the central mesa (glyphs and power spaces included). "
            f"Distance from each orange starting space to the nearest power space: min "
            f"{min(hexes)}, max {max(hexes)} hexes (dry walking cost: min {min(walks)}, max "
            f"{max(walks)}); any two starting spaces are at least {apart} hexes apart.")


# --- the catalogue of fields --------------------------------------------------------------


@dataclass(frozen=True)
class FieldSpec:
    """One shipped battlefield and the scenario played on it."""

    battlefield_id: str
    battlefield_name: str
    scenario_id: str
    scenario_name: str
    layout: Callable[[], Layout]
    boxes: tuple[Box, ...]
    summary: str
    fairness: Callable[[Battlefield], str]
    scenario_description: str
    rules: dict[str, object]


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "duel", "The Duel", "the-duel", "The Duel", duel_layout, (CORE_BOX,),
        summary=("Two Planeswalkers, yellow at the north end and orange at the south end. A hill "
                 "(levels 2 and 3) by each zone, a ruin in each half of the middle, four ponds; "
                 "Glyphs of Movement, Power and Toughness ability-side up across the middle."),
        fairness=glyph_fairness,
        scenario_description=(
            "Battlefield 1 (guide): Planeswalker against Planeswalker. Destroy your opponent's "
            "Planeswalker; if the battle reaches the end of turn 30, the player with the most "
            "cost points on the battlefield wins."),
        rules={"players": PlayerRange(min=2, max=2),
               "zones": ZoneRules(mode="one_player_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"2": 30},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "skirmish", "The Skirmish", "the-skirmish", "The Skirmish", skirmish_layout,
        (CORE_BOX,),
        summary=("Two teams of two: yellow's team at the west end, orange's at the east end "
                 "(zones for two Planeswalkers each). All four glyphs lie Planeswalker-side up "
                 "on the four glyph spaces, shuffled at set-up; a hill and a ruin per side."),
        fairness=glyph_fairness,
        scenario_description=(
            "Battlefield 2 (guide): two allied Planeswalkers against two. Glyphs are turned "
            "Planeswalker-side up, shuffled and placed at random on the glyph spaces. Destroy "
            "the opposing team's Planeswalkers; if the battle reaches the end of turn 60, the "
            "team with the most cost points on the battlefield wins."),
        rules={"players": PlayerRange(min=4, max=4), "teams": [[1, 2], [3, 4]],
               "zones": ZoneRules(mode="one_team_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "shuffle_onto_glyph_spaces", "turn_limit": {"4": 60},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "melee", "The Melee", "the-melee", "The Melee", melee_layout, (CORE_BOX,),
        summary=("Three to five Planeswalkers, each starting on any free orange starting space. "
                 "A three-armed field round a mesa (levels 2 and 3); the Glyphs of Power, "
                 "Toughness and Movement stand ability-side up where the arms meet, each with "
                 "three purple power spaces. The 1-hex tiles and the ruins stay in the box: "
                 "they cannot be placed three-fold symmetrically."),
        fairness=melee_fairness,
        scenario_description=(
            "Battlefield 3 (guide): every Planeswalker for itself. The game ends after turn 36 "
            "(3 players), 48 (4) or 60 (5); the player with the most cost points on the purple "
            "power spaces wins."),
        rules={"players": PlayerRange(min=3, max=5),
               "zones": ZoneRules(mode="any_free_space", order=["orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"3": 36, "4": 48, "5": 60},
               "victory": "score_at_turn_limit", "scoring": "power_spaces",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "crossroads", "Innistrad Crossroads", "moonlit-crossroads", "Moonlit Crossroads",
        crossroads_layout, (CORE_BOX, SOI_BOX),
        summary=("A Shadows over Innistrad duel on a long north-south field: roads run from "
                 "each starting zone to a crossroads at the centre and across the field west "
                 "to east; two cryptoliths (9 levels high) stand by the crossroads, each with "
                 "weirded ground beside it (no effect of its own unless the scenario gives one); a "
                 "hill by each zone. Glyphs of Recall, Power and Healing ability-side up on the "
                 "west-east road."),
        fairness=glyph_fairness,
        scenario_description=(
            "A Shadows over Innistrad duel by the crossroads. Destroy your opponent's "
            "Planeswalker; if the battle reaches the end of turn 30, the player with the most "
            "cost points on the battlefield wins. A figure whose whole move is on road spaces "
            "may move 3 more road spaces; weirded ground is ordinary ground here."),
        rules={"players": PlayerRange(min=2, max=2),
               "zones": ZoneRules(mode="one_player_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"2": 30},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
)


def field_usage(spec: FieldSpec) -> Usage:
    """The components `spec`'s layout uses (checked against its boxes)."""
    use = usage(spec.layout())
    check_fits(use, spec.boxes)
    return use


def build_field(spec: FieldSpec) -> tuple[Battlefield, Scenario]:
    """The battlefield and scenario of one field, checked."""
    from arena.content.checks import check_scenario
    from arena.content.geometry import check_battlefield
    from arena.content.yamlio import Document

    layout = spec.layout()
    use = field_usage(spec)
    boxes = _and([box.name for box in spec.boxes])
    draft = build_battlefield(spec.battlefield_id, spec.battlefield_name, "", layout)
    description = (
        f"{spec.summary} Built from {use.describe()}, all from {boxes}. Reconstructed: the "
        f"guide's diagram is not available, so this layout is ours "
        f"(scripts/build_battlefields.py). {spec.fairness(draft)}")
    bf = draft.model_copy(update={"description": description})
    problems, _ = check_battlefield(bf, Document(bf.id, None, {}))
    scenario = Scenario(
        format="scenario", id=spec.scenario_id, name=spec.scenario_name,
        description=spec.scenario_description, battlefield=bf.id,
        army_budget=500, provenance="reconstructed",
        **spec.rules,  # type: ignore[arg-type]
    )
    findings = check_scenario(scenario, {bf.id: bf})
    if problems or findings:
        raise ValueError(f"{bf.id}: {[str(p) for p in problems]} {findings}")
    return bf, scenario


def build_all() -> dict[str, tuple[Battlefield, Scenario]]:
    """Every shipped field, by battlefield id."""
    return {spec.battlefield_id: build_field(spec) for spec in FIELDS}


def paths(root: Path, bf: Battlefield, scenario: Scenario) -> tuple[Path, Path]:
    return (root / "scenarios" / "battlefields" / f"{bf.id}.yaml",
            root / "scenarios" / f"{scenario.id}.yaml")


def write_all(root: Path) -> list[Path]:
    """Write every field's battlefield and scenario under `root`; return the files written."""
    written: list[Path] = []
    for bf, scenario in build_all().values():
        bf_path, sc_path = paths(root, bf, scenario)
        bf_path.parent.mkdir(parents=True, exist_ok=True)
        save_model(bf, bf_path)
        save_model(scenario, sc_path)
        written += [bf_path, sc_path]
    return written


def preview() -> str:
    from arena.content.show import render_battlefield

    out = []
    for spec in FIELDS:
        bf, scenario = build_field(spec)
        out.append(render_battlefield(bf, scenario))
        out.append(f"components: {field_usage(spec).describe()}\n")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="project root to write under (default: this project)")
    parser.add_argument("--preview", action="store_true",
                        help="print the fields and their fairness figures; write nothing")
    args = parser.parse_args(argv)
    if args.preview:
        sys.stdout.write(preview())
        return 0
    for path in write_all(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
