"""The piece tools of the editor: a palette of terrain pieces, their preview and their clicks.

"Piece" places the piece chosen in the palette (a window beside the map listing every piece
by group, scrollable): with its origin on the hex under the mouse, resting on that hex's top
level, turned by R or Shift + wheel. The preview shows the hexes it will cover, green where
it can go and red where it cannot (`editor.core.piece_model.fit`), with its mirror image when
symmetry is on. Shift + click with it, or a click with "Remove piece", takes off the whole
piece on that hex. The edits themselves are `editor.core.piece_model`'s commands.

The palette lists only the pieces of `available` (the player's collection) when it is given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UISelectionList, UIWindow

from arena.client.projection import Projection
from arena.content.battlefield import PiecePlacement
from arena.content.piece_rules import Meaning
from arena.content.pieces import PIECES, Terrain
from arena.hexgrid import Hex, hex_to_point
from editor.core.piece_model import (
    TILE_MEANINGS,
    Coord,
    PlacePiece,
    RemovePiece,
    covers,
    fit,
    meaning,
    mirrored,
    piece_at,
)

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
    "Ruins": (Terrain.RUIN, Terrain.MARVEL_RUIN),
    "Trees and jungle": (Terrain.TREE, Terrain.SNOW_TREE, Terrain.PALM, Terrain.BRUSH),
    "Rocks, glaciers and other obstacles": (
        Terrain.OUTCROP, Terrain.LAVA_ROCK_OUTCROP, Terrain.GLACIER, Terrain.HIVE,
        Terrain.SHROUDSHROOM, Terrain.LAUR_WALL),
    "Fortress": (Terrain.CASTLE_BASE, Terrain.CASTLE_WALL),
    "Walls, ladders and edge pieces": (
        Terrain.LAUR_WALL_ADDON, Terrain.ROAD_WALL, Terrain.BATTLEMENT, Terrain.LADDER,
        Terrain.FORTIFIED_WALL, Terrain.SHIP_WALL, Terrain.SHIP_BOW, Terrain.CANNON,
        Terrain.ROPE_LADDER),
    "Glyphs": (Terrain.GLYPH_POWER, Terrain.GLYPH_TREASURE),
    "Start zones": (Terrain.START_ZONE,),
    "Markers": (Terrain.OBJECTIVE_MARKER,),
}


def _groups() -> list[tuple[str, list[str]]]:
    """Every piece code in palette order: land tiles by terrain (1, 2, 3, 7, 24 hexes), the
    fluids, then the obstacles, edge pieces and markers by kind."""
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
    out = [(name, sorted(codes, key=lambda c: PIECES[c].size)) for name, codes in land.items()]
    out.append(("Water and other fluids", fluids))
    for name, terrains in _OBSTACLE_GROUPS.items():
        out.append((name, [p.code for p in PIECES.values() if p.terrain in terrains]))
    return out


GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
    (name, tuple(codes)) for name, codes in _groups())
"""The palette's groups and their pieces (every code of `arena.content.pieces.PIECES`)."""


def item_text(code: str) -> str:
    """A palette line: the code and the piece's name."""
    return f"{code}  {PIECES[code].title}"


def header_text(group: str) -> str:
    return f"\u2014 {group} \u2014"


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


class PiecePalette:
    """The palette's state (the piece chosen, its turn), its window and its drawing."""

    def __init__(self, available: frozenset[str] | None = None) -> None:
        self.available: frozenset[str] | None = None
        self.code = "g7"
        self.rotation = 0
        self.window: UIWindow | None = None
        self.list: UISelectionList | None = None
        self.turn_button: UIButton | None = None
        self.label: UILabel | None = None
        self.codes: dict[str, str] = {}
        """Palette line -> piece code (group headers are not in it)."""
        self.taken: tuple[tuple[int | None, Coord] | None, PiecePlacement | None] = (None, None)
        """The last (revision, hex) the piece to remove was looked up for, and that piece."""
        self.set_available(available)

    def is_open(self) -> bool:
        """Whether the palette's window is shown."""
        return self.window is not None and bool(
            self.window.alive())  # type: ignore[no-untyped-call]

    # --- the list ---------------------------------------------------------------------------

    def set_available(self, available: frozenset[str] | None) -> None:
        """Offer only the pieces of `available` (None: all of them); the chosen piece becomes
        the first offered when it is no longer among them."""
        self.available = available
        offered = [c for _, codes in self.items() for c in codes]
        if offered and self.code not in offered:
            self.code = offered[0]
        if self.is_open():
            assert self.window is not None
            self.window.kill()  # type: ignore[no-untyped-call]
        self.window = None

    def items(self) -> list[tuple[str, list[str]]]:
        """The groups and codes offered (groups with nothing available are left out)."""
        out = []
        for name, codes in GROUPS:
            chosen = [c for c in codes if self.available is None or c in self.available]
            if chosen:
                out.append((name, chosen))
        return out

    def show(self, ui: pygame_gui.UIManager, tool: str, rect: pygame.Rect) -> None:
        """Open the palette beside the map while a piece tool is chosen; close it otherwise."""
        wanted = tool == PLACE
        alive = self.is_open()
        if alive and not wanted:
            assert self.window is not None
            self.window.kill()  # type: ignore[no-untyped-call]
        if not wanted or alive:
            return
        offered = self.items()
        codes = [c for _, cs in offered for c in cs]
        if codes and self.code not in codes:
            self.code = codes[0]
        box = pygame.Rect(rect.x + 4, rect.y + 34, 214, max(220, min(400, rect.height - 40)))
        self.window = UIWindow(box, ui, window_display_title="Pieces",
                               object_id="#piece_palette")
        inner = self.window.get_container().get_rect().size
        self.label = UILabel(pygame.Rect(4, 2, inner[0] - 70, 26), self.turn_text(), ui,
                             container=self.window)
        self.turn_button = UIButton(pygame.Rect(inner[0] - 62, 2, 58, 26), "Turn", ui,
                                    container=self.window,
                                    tool_tip_text="turn the piece by 60\u00b0 (R, Shift+wheel)")
        lines: list[str | tuple[str, str]] = []
        self.codes = {}
        for name, group in offered:
            lines.append(header_text(name))
            for code in group:
                lines.append(item_text(code))
                self.codes[item_text(code)] = code
        if not codes:
            lines.append("(no pieces in the collection)")
        selected = item_text(self.code) if self.code in codes else None
        self.list = UISelectionList(pygame.Rect(2, 32, inner[0] - 4, inner[1] - 34), lines, ui,
                                    container=self.window, default_selection=selected)

    def turn_text(self) -> str:
        return f"{self.code}, turned {self.rotation * 60}\u00b0"

    def item_centre(self, code: str) -> tuple[int, int] | None:
        """Where the palette line of `code` is on the screen (if it is shown)."""
        container = self.list.item_list_container if self.list is not None else None
        for element in container.elements if container is not None else ():
            if getattr(element, "text", None) == item_text(code):
                x, y = element.rect.center
                return (x, y)
        return None

    def handle(self, event: pygame.event.Event) -> str | None:
        """Use an event meant for the palette; returns what to say, or None if not ours."""
        if not self.is_open():
            return None
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is self.list:
            code = self.codes.get(event.text)
            if code is None:  # a group's title: keep the piece chosen
                return "Choose a piece under the group's title"
            self.code = code
            self.refresh()
            return f"Piece: {item_text(code)}"
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.turn_button:
            return self.turn(1)
        return None

    def refresh(self) -> None:
        if self.is_open() and self.label is not None:
            self.label.set_text(self.turn_text())

    def turn(self, steps: int) -> str:
        """Turn the piece by 60 degrees per step (clockwise on screen)."""
        self.rotation = (self.rotation + steps) % 6
        self.refresh()
        return f"Piece turned to {self.rotation * 60}\u00b0"

    # --- placing ----------------------------------------------------------------------------

    def placement(self, doc: MapDoc, at: Coord) -> PiecePlacement:
        """The chosen piece with its origin at `at`, resting on that hex's top level."""
        return PiecePlacement(piece=self.code, at=at, on_level=doc.top(at),
                              rotation=self.rotation)

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
        corners = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30)))
                   for i in range(6)]
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for _, hexes, removing in previews:
            for at, ok in hexes:
                colour = GONE if removing else (OK if ok else BAD)
                sx, sy = to_screen(*hex_to_point(Hex(*at)))
                points = [(sx + cx * zoom * 0.92, sy + cy * zoom * 0.92) for cx, cy in corners]
                pygame.draw.polygon(shade, (*colour, 110), points)
                pygame.draw.polygon(shade, (*colour, 255), points, 2)
        surface.blit(shade, (0, 0))

    def status(self) -> dict[str, Any]:
        """For the real-window tests' status file."""
        return {"code": self.code, "rotation": self.rotation,
                "open": self.is_open()}
