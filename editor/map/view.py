"""The editor's map view: the game's own isometric renderer (rotate, zoom, pan, level slicing)
or a flat top-down plan, the tools' marks over it (`ToolMarks`: the selection, the obstacle
preview under the mouse, the piece and sight tools' drawings), the overlay and the status
line; and which hex is under a screen point.

The view owns the camera and what is shown (flat or 3D, the level slice, the hex under the
mouse, the hexes in focus); it reads the map through `ViewHost` and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from arena.client.looks import TerrainLooks
from arena.client.palette import HIGHLIGHTS, SURFACES, TERRAIN
from arena.client.projection import Camera, Projection
from arena.client.render import BattlefieldRenderer, Marker, Picture
from arena.client.text import wrap_words
from arena.content.storeys import space
from arena.hexgrid import ORIGIN, Hex, hex_corners, hex_to_point
from editor.core import model as m
from editor.core.scene import field_setup
from editor.map.frame import BOTTOM, LEFT, RIGHT, TOP
from editor.map.piece_palette import ghost_block

PROBLEM = (255, 84, 72)
PREVIEW_OK = (120, 230, 150)
SELECT = (92, 206, 255)
STATUS_JOIN = "   \u2022   "
"""Between the status line's parts (the map, the hex, the selection, the message)."""
STATUS_SIZE = 15
STATUS_SMALL = 12
"""The status line's font size, and the smaller one of its two-line layout."""
FLAT_SCALE = 0.62
"""The flat plan's pixels per hex size, as a part of the 3D view's zoom."""


def _hex_colour(text: str) -> tuple[int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


ToScreen = Callable[[float, float], tuple[float, float]]
"""A plane point to a screen point (the flat plan's mapping)."""


class ViewHost(Protocol):
    """What the view reads of the editor window."""

    @property
    def editor(self) -> m.Editor: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def now(self) -> float: ...


class ToolMarks(Protocol):
    """What the map tools draw over the map (`editor.map.tools.MapTools`)."""

    @property
    def selection(self) -> set[m.Coord]: ...

    @property
    def preview_height(self) -> int: ...

    def previews(self) -> list[tuple[tuple[m.Coord, ...], bool]]: ...

    def draw_flat(self, surface: pygame.Surface, to_screen: ToScreen, zoom: float) -> None: ...

    def draw_3d(self, layer: pygame.Surface, proj: Projection) -> None: ...

    def docked(self) -> int:
        """The width of the palette docked at the map's left (0: none); the map moves over."""


class MapView:
    """Drawing the map and finding the hex under the mouse."""

    def __init__(self, host: ViewHost, marks: ToolMarks) -> None:
        self.host = host
        self.marks = marks
        self.cam = Camera()
        self.flat = False
        self.slice_level: int | None = None
        """The highest level shown (None: all)."""
        self.hover: m.Coord | None = None
        self.hover_space: m.Position | None = None
        """The surface under the mouse (`space_at`), in the column `hover`."""
        self.focus: tuple[m.Coord, ...] = ()
        """The hexes a problem names, marked on the map."""
        self.panning: tuple[int, int] | None = None
        """Where the right-button drag that pans the view last was."""
        self.renderer: BattlefieldRenderer | None = None
        self.picture: Picture | None = None
        self.rendered_revision = -1
        """The map revision the renderer was built for (-1: rebuild)."""
        self._fonts: dict[int, pygame.font.Font] = {}

    @property
    def editor(self) -> m.Editor:
        return self.host.editor

    @property
    def viewport(self) -> tuple[float, float, float, float]:
        """The map's part of the window: between the tool column (and the piece palette
        docked beside it) and the right panel."""
        w, h = self.host.size
        dock = self.marks.docked()
        return (float(LEFT + dock), float(TOP), float(w - LEFT - RIGHT - dock),
                float(h - TOP - BOTTOM))

    @property
    def view_rect(self) -> pygame.Rect:
        x, y, w, h = self.viewport
        return pygame.Rect(int(x), int(y), int(w), int(h))

    def rebuild_view(self, fit: bool = False) -> None:
        setup = field_setup(self.editor.doc)
        colours = {z.id: _hex_colour(z.colour) for z in self.editor.doc.zones}
        doc = self.editor.doc
        looks = TerrainLooks.of(((at, levels, doc.surfaces.get(at))
                                 for at, levels in doc.columns.items()),
                                ((o.id, o.look) for o in doc.obstacles))
        self.renderer = BattlefieldRenderer(setup, colours, looks)
        self.picture = Picture(setup.board, {g.at: (g.kind, True) for g in setup.glyphs})
        self.rendered_revision = self.editor.revision
        if fit:
            cam = Camera(self.renderer.pivot, self.viewport, rotation=self.cam.rotation)
            self.renderer.fit(cam, self.viewport)
            self.cam = cam

    def projection(self) -> Projection:
        self.cam.viewport = self.viewport  # the map moves over while a palette is docked
        return self.cam.projection()

    def flat_projection(self) -> Projection:
        """The flat plan's hex <-> pixel mapping: the client's projection seen straight from
        above (no turn, no squash, no level lift), at `FLAT_SCALE` of the 3D view's zoom and
        panned with it."""
        self.cam.viewport = self.viewport
        cx, cy = self.cam.center
        return Projection(zoom=self.cam.zoom * FLAT_SCALE, pivot=self.cam.pivot,
                          origin=(cx + self.cam.pan[0], cy + self.cam.pan[1]),
                          squash=1.0, level_height=0.0)

    def flat_to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.flat_projection().plane_to_screen(x, y)

    def hex_at(self, pos: tuple[int, int]) -> m.Coord:
        """The hex under a screen point: the column seen there, else the ground plane."""
        return m.column_of(self.space_at(pos))

    def space_at(self, pos: tuple[int, int]) -> m.Position:
        """The surface under a screen point, as a mark put there names it: in the 3D view the
        one the pointer is on (through the gap under a bridge to the ground, as the battle
        screen picks: `Projection.hex_under`); in the flat plan the top surface of the
        column. Either way only the levels shown count: with the level slice under a deck,
        the ground under it is what the pointer reaches (`MapDoc.space`)."""
        doc = self.editor.doc
        if self.flat:
            h = self.flat_projection().hex_at(pos)
            return doc.space((h.q, h.r), self.slice_level)
        proj = self.projection()
        assert self.renderer is not None and self.picture is not None
        heights = self.renderer.pick_heights(self.picture, self.slice_level)
        found = proj.hex_under(pos, heights, self.renderer.pick_bottoms(self.picture.board))
        if found is None:
            found = proj.hex_at(pos, 0.0)
        return doc.space_of(found, self.slice_level)

    def centre_on(self, hexes: Sequence[m.Coord]) -> None:
        if not hexes:
            return
        x = sum(hex_to_point(Hex(*h))[0] for h in hexes) / len(hexes)
        y = sum(hex_to_point(Hex(*h))[1] for h in hexes) / len(hexes)
        self.cam.viewport = self.viewport
        cx, cy = self.cam.center
        if self.flat:
            sx, sy = self.flat_to_screen(x, y)
        else:
            level = max(self.editor.doc.top(h) for h in hexes)
            sx, sy = self.projection().plane_to_screen(x, y, float(level))
        self.cam.pan_by(cx - sx, cy - sy)
        self.focus = tuple(hexes)

    def file_label(self) -> str:
        """The map's file name ("unsaved" without one) and `*` while it has unsaved changes."""
        name = self.editor.path.name if self.editor.path else "unsaved"
        return f"{name}{' *' if self.editor.dirty else ''}"

    def status_layout(self, text: str) -> tuple[pygame.font.Font, list[str]]:
        """The status line's font and lines: one line when it fits under the map, else its
        parts (the ``STATUS_JOIN`` pieces, then words) on two lines of a smaller font, so a
        long hint or message is read whole at 1280x720 too; only what not even that holds
        ends in an ellipsis."""
        w, _ = self.host.size
        width = w - LEFT - RIGHT - 16
        font = self.font(STATUS_SIZE)
        if font.size(text)[0] <= width:
            return font, [text]
        small = self.font(STATUS_SMALL)

        def fits(line: str) -> bool:
            return small.size(line)[0] <= width

        parts = [part.strip() for part in text.split(STATUS_JOIN) if part.strip()]
        pieces = parts[:1] + [f"\u2022 {part}" for part in parts[1:]]
        lines = wrap_words(pieces, fits)
        if len(lines) > 2 or not all(fits(line) for line in lines):
            lines = wrap_words(text.split(), fits, split_long=True)
        if len(lines) > 2:
            last = lines[1]
            while last and not fits(last + "\u2026"):
                last = last[:-1]
            lines = [lines[0], last.rstrip() + "\u2026"]
        return small, lines

    def draw_status(self, surface: pygame.Surface, text: str) -> None:
        """The status line under the map (`status_layout`)."""
        font, lines = self.status_layout(text)
        w, h = self.host.size
        step = font.get_linesize() - 1
        top = h - BOTTOM + (BOTTOM - step * len(lines)) // 2
        for i, line in enumerate(lines):
            shown = font.render(line, True, (200, 205, 220))
            surface.blit(shown, (LEFT + 8, top + i * step),
                         area=pygame.Rect(0, 0, w - LEFT - RIGHT - 16, BOTTOM))

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size + 4)
        return self._fonts[size]

    def markers(self) -> list[Marker]:
        marks = [Marker(Hex(*a), "move") for a in sorted(self.marks.selection)]
        marks += [Marker(Hex(*a), "attack") for a in self.focus if a in self.editor.doc.columns]
        return marks

    def draw_map(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect)
        if self.rendered_revision != self.editor.revision:
            self.rebuild_view()
        if self.flat:
            surface.fill((24, 27, 38), rect)
            self.draw_flat(surface, rect)
            self.marks.draw_flat(surface, self.flat_to_screen, self.cam.zoom * FLAT_SCALE)
        else:
            assert self.renderer is not None and self.picture is not None
            layer = pygame.Surface(rect.size)
            proj = self.projection()
            proj = type(proj)(angle=proj.angle, zoom=proj.zoom, origin=(
                proj.origin[0] - rect.x, proj.origin[1] - rect.y), pivot=proj.pivot)
            # the pointer's mark on the surface it picked (under a bridge: the ground)
            dynamic = [Marker(space(self.hover_space), "move")] if self.hover_space else []
            self.renderer.draw(layer, proj, self.picture, self.markers(), dynamic,
                               now=self.host.now, slice_level=self.slice_level)
            self.draw_ghosts(layer, proj)
            self.draw_preview_3d(layer, proj)
            self.marks.draw_3d(layer, proj)
            surface.blit(layer, rect)
        self.draw_overlay(surface, rect)
        surface.set_clip(clip)

    def ghost_hexes(self) -> list[m.Coord]:
        """Empty hexes next to the map (where new land can be raised), drawn as an outline."""
        cols = self.editor.doc.columns
        out: set[m.Coord] = set()
        for q, r in cols:
            for dq in range(-2, 3):
                for dr in range(-2, 3):
                    if abs(dq + dr) <= 2 and (q + dq, r + dr) not in cols:
                        out.add((q + dq, r + dr))
        return sorted(out)

    def draw_ghosts(self, layer: pygame.Surface, proj: Projection) -> None:
        ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        for at in self.ghost_hexes():
            points = proj.top_face(Hex(*at), 0.0)
            pygame.draw.polygon(ghost, (150, 160, 200, 40), points, 1)
        for at in self.focus:  # a problem's hexes off the map: outline them on the ground
            if at not in self.editor.doc.columns:
                pygame.draw.polygon(ghost, (*PROBLEM, 230), proj.top_face(Hex(*at), 0.0), 3)
        layer.blit(ghost, (0, 0))

    def draw_preview_3d(self, layer: pygame.Surface, proj: Projection) -> None:
        """The obstacle about to be placed: a see-through block of its height."""
        doc = self.editor.doc
        height = self.marks.preview_height
        for footprint, ok in self.marks.previews():
            colour = PREVIEW_OK if ok else PROBLEM
            ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
            for at in footprint:
                ghost_block(ghost, proj, at, float(doc.top(at)), height, colour)
            layer.blit(ghost, (0, 0))

    def draw_flat(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        doc = self.editor.doc
        z = self.cam.zoom * FLAT_SCALE
        font = self.font(max(10, int(z * 0.55)))
        corners = hex_corners(ORIGIN)  # a hex's corners about its centre, size 1

        def poly(at: m.Coord, k: float = 1.0) -> list[tuple[float, float]]:
            x, y = hex_to_point(Hex(*at))
            sx, sy = self.flat_to_screen(x, y)
            return [(sx + cx * z * k, sy + cy * z * k) for cx, cy in corners]

        for at in self.ghost_hexes():
            pygame.draw.polygon(surface, (52, 58, 80), poly(at), 1)
        top_level = max((doc.top(a) for a in doc.columns), default=1)
        looks = self.renderer.looks.surfaces if self.renderer is not None else {}
        for at in doc.columns:
            terrain = doc.terrain(at) or "land"
            level = doc.top(at)
            shown = looks.get(Hex(*at), ())
            surface_ = shown[level - 1] if 0 < level <= len(shown) else None
            base = SURFACES[surface_].top if surface_ in SURFACES else \
                TERRAIN[terrain].top if terrain in TERRAIN else (150, 150, 150)
            k = 0.7 + 0.3 * level / max(top_level, 1)
            colour = tuple(min(255, int(c * k)) for c in base)
            pygame.draw.polygon(surface, colour, poly(at))
            pygame.draw.polygon(surface, (30, 32, 40), poly(at), 1)
            # a column's marks on any of its surfaces (a zone under a bridge's deck too)
            for k, zone in enumerate(doc.zones_on(at)):
                pygame.draw.polygon(surface, _hex_colour(zone.colour), poly(at, 0.82 - k * 0.1), 3)
            if any(doc.power_at(s) is not None for s in doc.spaces_of(at)):
                pygame.draw.polygon(surface, (150, 80, 200), poly(at, 0.6), 3)
            if doc.on_column(at, doc.glyph_spaces):
                sx, sy = self.flat_to_screen(*hex_to_point(Hex(*at)))
                pygame.draw.circle(surface, (240, 240, 240), (sx, sy), z * 0.45, 1)
            # a column with a gap (a bridge, an overhang) names each surface: "1/8"
            label = "/".join(str(n) for n in doc.surface_levels(at)) or str(level)
            obstacle = doc.obstacle_at(at)
            glyph = next((doc.glyphs[g] for g in reversed(doc.on_column(at, doc.glyphs))), None)
            if obstacle is not None:
                label = f"{obstacle.kind[0].upper()}{obstacle.height}"
            elif glyph is not None:
                label = glyph.glyph[0].upper() + ("" if glyph.side == "ability" else "?")
            if z >= 9:
                sx, sy = self.flat_to_screen(*hex_to_point(Hex(*at)))
                text = font.render(label, True, (20, 20, 24) if obstacle is None and
                                   glyph is None else (120, 20, 20))
                surface.blit(text, text.get_rect(center=(sx, sy)))
        for at in self.marks.selection:
            pygame.draw.polygon(surface, SELECT, poly(at, 0.9), 2)
        for at in self.focus:
            pygame.draw.polygon(surface, PROBLEM, poly(at, 0.95), 3)
        for footprint, ok in self.marks.previews():
            colour = PREVIEW_OK if ok else PROBLEM
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for at in footprint:
                pygame.draw.polygon(shade, (*colour, 110), poly(at, 0.92))
                pygame.draw.polygon(shade, (*colour, 255), poly(at, 0.92), 2)
            surface.blit(shade, (0, 0))
        if self.hover is not None:
            pygame.draw.polygon(surface, HIGHLIGHTS["move"], poly(self.hover), 2)

    def draw_overlay(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        font = self.font(14)
        angle = self.cam.rotation * 60
        parts = ["Flat plan" if self.flat else f"3D view {angle}\u00b0",
                 f"zoom {self.cam.zoom:.0f}"]
        if self.slice_level is not None:
            parts.append(f"levels 1-{self.slice_level}")
        if self.editor.symmetry is not None:
            c = self.editor.symmetry
            parts.append(f"symmetry about [{c[0] / 2:g}, {c[1] / 2:g}]")
        text = font.render("  |  ".join(parts), True, (220, 224, 235))
        box = text.get_rect(topleft=(rect.x + 8, rect.y + 8)).inflate(12, 8)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 12, 20, 170))
        surface.blit(shade, box)
        surface.blit(text, (rect.x + 14, rect.y + 12))
        if self.editor.symmetry is not None:
            c = self.editor.symmetry
            # The centre is in doubled coordinates (it may be an edge's midpoint): half the
            # plane point of the doubled hex.
            px, py = (v / 2 for v in hex_to_point(Hex(*c)))
            if self.flat:
                sx, sy = self.flat_to_screen(px, py)
            else:
                sx, sy = self.projection().plane_to_screen(px, py, 0.0)
            pygame.draw.circle(surface, (255, 220, 90), (sx, sy), 7, 2)
            pygame.draw.line(surface, (255, 220, 90), (sx - 11, sy), (sx + 11, sy), 1)
            pygame.draw.line(surface, (255, 220, 90), (sx, sy - 11), (sx, sy + 11), 1)

    def show_document(self) -> None:
        """A battlefield was made current: nothing in focus, its picture built, fitted."""
        self.focus = ()
        self.rendered_revision = -1
        self.rebuild_view(fit=True)

    def redraw(self) -> None:
        """Build the map's picture anew on the next frame (zone colours are baked in)."""
        self.rendered_revision = -1

    def focus_on(self, hexes: Sequence[m.Coord]) -> None:
        """Centre on the first of `hexes` and mark them all."""
        self.centre_on(hexes[:1])
        self.focus = tuple(hexes)

    def point_at(self, pos: tuple[int, int] | None) -> m.Position | None:
        """The mouse is at `pos` (None: off the map): the surface under it, now
        `hover_space` (its column `hover`)."""
        self.hover_space = self.space_at(pos) if pos is not None else None
        self.hover = m.column_of(self.hover_space) if self.hover_space is not None else None
        return self.hover_space

    def start_pan(self, pos: tuple[int, int] | None) -> None:
        """The right (or middle) button went down at `pos`, or came up (None)."""
        self.panning = pos

    def pan_to(self, pos: tuple[int, int]) -> bool:
        """While panning, follow the mouse to `pos`; False when not panning."""
        if self.panning is None:
            return False
        self.cam.pan_by(pos[0] - self.panning[0], pos[1] - self.panning[1])
        self.panning = pos
        return True

    def toggle_flat(self) -> None:
        self.flat = not self.flat

    def change_slice(self, step: int) -> str:
        """Show one level more or fewer (all of them past the top); says what is shown."""
        top = max((self.editor.doc.top(a) for a in self.editor.doc.columns), default=1)
        level = self.slice_level if self.slice_level is not None else top
        level += step
        self.slice_level = None if level >= top else max(1, level)
        return ("All levels shown" if self.slice_level is None else
                f"Showing levels 1 to {self.slice_level}")
