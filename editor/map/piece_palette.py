"""The piece tools of the editor: a palette of terrain pieces, their preview and their clicks.

"Piece" places the piece chosen in the palette (docked beside the map, never over it:
`editor.map.piece_dock`), held by its centre over the hex under the mouse, resting on that
hex's top level, turned by R or Shift + wheel. The preview shows the hexes it will cover,
green where it can go and red where it cannot (`editor.core.piece_model.fit`), with its mirror
image when symmetry is on. Shift + click with it, or a click with "Remove piece", takes off
the whole piece on that hex. The edits themselves are `editor.core.piece_model`'s commands.

With a collection (`set_collection`), its pieces come first, each with how many are left.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from arena.client.projection import Projection
from arena.content.battlefield import PiecePlacement
from arena.content.collections import Collection
from arena.content.piece_rules import Meaning
from arena.content.pieces import PIECES, Terrain
from arena.hexgrid import Hex, hex_to_point
from editor.core.piece_model import (
    TILE_MEANINGS,
    Coord,
    PlacePiece,
    RemovePiece,
    centred_origin,
    covers,
    fit,
    meaning,
    mirrored,
    piece_at,
)
from editor.map.frame import LEFT
from editor.map.piece_dock import MINE, PieceDock
from editor.map.piece_dock import WIDTH as DOCK_WIDTH

if TYPE_CHECKING:
    from editor.core.commands import Command
    from editor.core.mapdoc import MapDoc

PLACE, REMOVE = "piece", "unpiece"
PIECE_TOOLS: tuple[tuple[str, str], ...] = ((PLACE, "Piece"), (REMOVE, "Remove piece"))
"""The tool palette's entries for pieces."""
PIECE_HINTS = {
    PLACE: "click: place the palette's piece on the hex's top (R or Shift+wheel turns it; "
           "Shift+click removes a piece)",
    REMOVE: "click: remove the whole piece on that hex",
}
OK = (120, 230, 150)
BAD = (255, 84, 72)
GONE = (255, 200, 70)

Preview = tuple[PiecePlacement, list[tuple[Coord, bool]], bool]
"""A piece under the mouse: its hexes with whether each can go there, and whether it is a
piece a click would remove."""

_OBSTACLE_GROUPS: dict[str, tuple[Terrain, ...]] = {
    "Trees and jungle": (Terrain.TREE, Terrain.SNOW_TREE, Terrain.PALM, Terrain.BRUSH),
    "Ruins": (Terrain.RUIN, Terrain.MARVEL_RUIN),
    "Rocks, glaciers and other obstacles": (
        Terrain.OUTCROP, Terrain.LAVA_ROCK_OUTCROP, Terrain.GLACIER, Terrain.HIVE,
        Terrain.SHROUDSHROOM, Terrain.LAUR_WALL),
    "Glyphs": (Terrain.GLYPH_POWER, Terrain.GLYPH_TREASURE),
    "Start zones": (Terrain.START_ZONE,),
    "Fortress": (Terrain.CASTLE_BASE, Terrain.CASTLE_WALL),
    "Walls, ladders and edge pieces": (
        Terrain.LAUR_WALL_ADDON, Terrain.ROAD_WALL, Terrain.BATTLEMENT, Terrain.LADDER,
        Terrain.FORTIFIED_WALL, Terrain.SHIP_WALL, Terrain.SHIP_BOW, Terrain.CANNON,
        Terrain.ROPE_LADDER),
    "Markers": (Terrain.OBJECTIVE_MARKER,),
}
"""The obstacle and marker groups, most used first; the rarer ones after the rarer lands."""
COMMON_LAND = 3
"""Land groups before the water, trees, ruins, rocks, glyphs and zones: grass, rock and sand,
the tiles of the Rise of the Valkyrie box; the other terrains follow them."""
COMMON_KINDS = 5
"""Obstacle and marker groups shown straight after the common land and the water."""


def _groups() -> list[tuple[str, list[str]]]:
    """Every piece code in palette order, most used first: grass, rock and sand tiles (1, 2,
    3, 7, 24 hexes), the fluids, trees, ruins, rocks, glyphs and start zones; then the other
    land terrains, the fortress, edge pieces and objective markers."""
    placed = {t for ts in _OBSTACLE_GROUPS.values() for t in ts}
    land: dict[str, list[str]] = {}
    fluids: list[str] = []
    for piece in PIECES.values():
        if piece.terrain in placed:
            continue
        if meaning(piece.code) is Meaning.WATER or piece.height == 0:
            fluids.append(piece.code)
        else:
            name = piece.title.split(" ", 1)[1].split(" (")[0] if piece.title[0].isdigit() \
                else piece.title
            land.setdefault(f"Land: {name}", []).append(piece.code)
    lands = [(name, sorted(codes, key=lambda c: PIECES[c].size)) for name, codes in land.items()]
    kinds = [(name, [p.code for p in PIECES.values() if p.terrain in terrains])
             for name, terrains in _OBSTACLE_GROUPS.items()]
    return [*lands[:COMMON_LAND], ("Water and other fluids", fluids), *kinds[:COMMON_KINDS],
            *lands[COMMON_LAND:], *kinds[COMMON_KINDS:]]


GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (name, tuple(codes)) for name, codes in _groups())
"""The palette's groups and their pieces (every code of `arena.content.pieces.PIECES`)."""


def item_text(code: str) -> str:
    """A palette line: the code and the piece's name."""
    return f"{code}  {PIECES[code].title}"


def ghost_block(ghost: pygame.Surface, proj: Projection, at: Coord, base: float, height: float,
                colour: tuple[int, int, int]) -> None:
    """A see-through block on hex `at` from level `base` up `height` levels (what a piece or
    obstacle about to be placed will fill), drawn on a transparent `ghost` layer."""
    low = proj.top_face(Hex(*at), base, 0.92)
    high = proj.top_face(Hex(*at), base + height, 0.92)
    pygame.draw.polygon(ghost, (*colour, 90), low)
    for a, b in zip(low, high, strict=True):
        pygame.draw.line(ghost, (*colour, 150), a, b, 1)
    pygame.draw.polygon(ghost, (*colour, 70), high)
    pygame.draw.polygon(ghost, (*colour, 240), high, 2)


def flat_hexes(surface: pygame.Surface, to_screen: Any, zoom: float,
               hexes: Iterable[tuple[Coord, tuple[int, int, int]]]) -> None:
    """See-through hexes on the flat plan (`to_screen`: plane point to screen; `zoom`: hex
    size), each in its colour: what a piece or a paste is about to cover."""
    corners = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30)))
               for i in range(6)]
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for at, colour in hexes:
        sx, sy = to_screen(*hex_to_point(Hex(*at)))
        points = [(sx + cx * zoom * 0.92, sy + cy * zoom * 0.92) for cx, cy in corners]
        pygame.draw.polygon(shade, (*colour, 110), points)
        pygame.draw.polygon(shade, (*colour, 255), points, 2)
    surface.blit(shade, (0, 0))


class PiecePalette:
    """The palette's state (the piece chosen, its turn, the collection), its docked panel
    (`editor.map.piece_dock.PieceDock`) and the piece tools' drawing."""

    def __init__(self, available: frozenset[str] | None = None) -> None:
        self.available: frozenset[str] | None = None
        self.owned: Counter[str] | None = None
        """The collection's pieces by code (None: no collection chosen)."""
        self.code = "g7"
        self.rotation = 0
        self.dock = PieceDock(self.items, lambda: (self.code, self.rotation), self.pick,
                              lambda: self.turn(1))
        self.taken: tuple[tuple[int | None, Coord] | None, PiecePlacement | None] = (None, None)
        """The last (revision, hex) the piece to remove was looked up for, and that piece."""
        self.shown: list[Preview] = []
        """The preview last worked out (what the real-window tests read)."""
        self.set_available(available)

    def is_open(self) -> bool:
        """Whether the palette is shown (docked beside the map)."""
        return self.dock.is_open()

    def width(self, tool: str) -> int:
        """How much of the map's width the palette takes with `tool` chosen (it is docked
        beside the map only with the Piece tool)."""
        return DOCK_WIDTH if tool == PLACE else 0

    # --- what is offered --------------------------------------------------------------------

    def set_available(self, available: frozenset[str] | None) -> None:
        """Offer the pieces of `available` first (None: no collection); the chosen piece
        becomes the first of them when it is not among them."""
        self.available = available
        if available and self.code not in available:
            self.code = next(c for _, codes in GROUPS for c in codes if c in available)
        self.dock.refresh()

    def set_collection(self, collection: Collection | None) -> None:
        """The map maker's collection: its pieces come first, with how many are left."""
        owned = collection.owned() if collection is not None else Counter()
        self.owned = Counter({c: n for c, n in owned.items() if n > 0 and c in PIECES}) or None
        self.dock.owned = self.owned
        self.set_available(frozenset(self.owned) if self.owned else None)

    def items(self) -> list[tuple[str, list[str]]]:
        """The groups and codes offered: the collection's pieces first (when there is one),
        then every other piece by kind (groups left empty are left out)."""
        out: list[tuple[str, list[str]]] = []
        mine = self.available or frozenset()
        if mine:
            out.append((MINE, [c for _, codes in GROUPS for c in codes if c in mine]))
        for name, codes in GROUPS:
            chosen = [c for c in codes if c not in mine]
            if chosen:
                out.append((name, chosen))
        return out

    def show(self, ui: pygame_gui.UIManager, tool: str, rect: pygame.Rect) -> None:
        """Dock the palette beside the map (`rect`: the map view) while the Piece tool is
        chosen; take it away otherwise."""
        wanted = tool == PLACE
        if not wanted:
            self.dock.close()
            return
        box = self.dock.search_box
        gone = box is None or not box.alive()  # type: ignore[no-untyped-call]
        if gone or self.dock.ui is not ui or \
                self.dock.rect != pygame.Rect(LEFT, rect.y, DOCK_WIDTH, rect.height):
            self.dock.open(ui, pygame.Rect(LEFT, rect.y, DOCK_WIDTH, rect.height))

    def dock_rect(self) -> pygame.Rect | None:
        """Where the palette is while it is shown."""
        return self.dock.rect

    def pick(self, code: str) -> str:
        """Choose piece `code`; what to say."""
        self.code = code
        return f"Piece: {item_text(code)} (turned {self.rotation * 60}\u00b0)"

    def handle(self, event: pygame.event.Event) -> str | None:
        """Use an event meant for the palette; returns what to say, or None if not ours."""
        return self.dock.handle(event)

    def turn(self, steps: int) -> str:
        """Turn the piece by 60 degrees per step (clockwise on screen)."""
        self.rotation = (self.rotation + steps) % 6
        return f"Piece turned to {self.rotation * 60}\u00b0"

    def draw(self, surface: pygame.Surface, doc: MapDoc) -> None:
        """The docked palette (nothing while it is not shown)."""
        self.dock.draw(surface, doc)

    # --- placing ----------------------------------------------------------------------------

    def placement(self, doc: MapDoc, at: Coord) -> PiecePlacement:
        """The chosen piece held by its centre (`centred_origin`) over hex `at`, resting on
        that hex's top level."""
        return PiecePlacement(piece=self.code, at=centred_origin(self.code, at, self.rotation),
                              on_level=doc.top(at), rotation=self.rotation)

    def command(self, doc: MapDoc, tool: str, at: Coord,
                remove: bool = False) -> tuple[Command | None, str]:
        """The command a click at `at` gives (None: nothing to do) and what to say."""
        if tool == REMOVE or remove:
            piece = piece_at(doc, at)
            if piece is None:
                return None, f"No piece on [{at[0]}, {at[1]}] (hexes raised one by one are " \
                             "not pieces: Lower removes them)"
            return RemovePiece(piece), f"Removed {item_text(piece.piece)}"
        piece = self.placement(doc, at)
        bad = [h for h, ok in fit(doc, piece) if not ok]
        if bad:
            return None, (f"The {item_text(piece.piece)} cannot go there: something stands at "
                          f"[{bad[0][0]}, {bad[0][1]}] (turn it with R or move it)")
        return PlacePiece(piece), f"Placed {item_text(piece.piece)}"

    def previews(self, doc: MapDoc, tool: str, hover: Coord | None, symmetry: Any,
                 revision: int | None = None) -> list[Preview]:
        """(piece, its hexes with whether each can go, whether it is a piece to remove) for
        the mouse at `hover`, and the mirror image with symmetry on (`symmetry`: the mirror
        function, or None). With the map's `revision` given, the piece to remove is looked up
        once per hex and edit, not every frame (it checks every piece of the map)."""
        if hover is None or tool not in (PLACE, REMOVE):
            return []
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT) if pygame.get_init() else False
        if tool == REMOVE or shift:
            key = (revision, hover)
            if revision is None or self.taken[0] != key:
                self.taken = (key, piece_at(doc, hover))
            found = self.taken[1]
            pieces = [found] if found is not None else []
            removing = True
        else:
            pieces = [self.placement(doc, hover)]
            removing = False
        if pieces and symmetry is not None:
            pieces.append(mirrored(pieces[0], symmetry))
        out: list[Preview] = []
        for piece in pieces:
            hexes = [(h, True) for h in covers(piece)] if removing else fit(doc, piece)
            out.append((piece, hexes, removing))
        self.shown = out
        return out

    # --- drawing ----------------------------------------------------------------------------

    def draw_3d(self, layer: pygame.Surface, proj: Projection,
                previews: Iterable[Preview]) -> None:
        """The piece about to be placed (a see-through tile or block, green or red per hex)
        or the piece a click would remove (outlined in amber)."""
        ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        for piece, hexes, removing in previews:
            tile = meaning(piece.piece) in TILE_MEANINGS
            height = 1 if tile else max(1, PIECES[piece.piece].height)
            for at, ok in hexes:
                colour = GONE if removing else (OK if ok else BAD)
                ghost_block(ghost, proj, at, float(piece.on_level), height, colour)
        layer.blit(ghost, (0, 0))

    def draw_flat(self, surface: pygame.Surface, to_screen: Any, zoom: float,
                  previews: Iterable[Preview]) -> None:
        """The same on the flat plan (`to_screen`: plane point to screen; `zoom`: hex size)."""
        flat_hexes(surface, to_screen, zoom,
                   [(at, GONE if removing else (OK if ok else BAD))
                    for _, hexes, removing in previews for at, ok in hexes])

    def status(self) -> dict[str, Any]:
        """For the real-window tests' status file."""
        preview = self.shown[0] if self.shown else None
        return {"code": self.code, "rotation": self.rotation, "open": self.is_open(),
                "search": self.dock.search, "shown": self.dock.shown_codes()[:40],
                "cells": self.dock.visible_cells(),
                "preview": None if preview is None else {
                    "origin": list(preview[0].at), "hexes": [list(h) for h, _ in preview[1]],
                    "fits": all(ok for _, ok in preview[1])}}
