"""Drawing the battlefield: cached terrain rows, figures and markers interleaved by depth.

How a frame is made (at a camera rest angle):

1. **Terrain rows.** The columns are drawn once per camera state (angle, zoom, level slice,
   the board and its glyphs) into one transparent strip per screen row (`Projection.row`: hexes
   of a row never overlap), plus one full terrain layer made of the strips. Panning moves
   them without redrawing.
2. **Composite.** Background, terrain layer and the *static* items -- figures and hex
   markers (reachable spaces, targets, zones of placement) -- are composed into one opaque
   screen-sized surface, rebuilt only when any of them changes. Each item is an image at a
   depth key ``(row, layer, x)``; after an item is blitted, the terrain strips in front of it
   that overlap it are blitted again over it (clipped to it), so a column in front hides a
   figure's feet exactly as painting back to front would.
3. **Every frame**: one blit of the composite, then the *dynamic* items (the hex under the
   mouse, the path preview, water shimmer, a figure being animated), each followed by the
   strips and static items in front of it that overlap it.

While the camera turns (a fractional angle) nothing is cached: columns and figures are
painted straight onto the target in `draw_sequence` order.

`Picture` holds what stands on the board (built from the engine's state by the battle scene);
`Marker` is a highlight on a hex's top. The renderer never reads the rules.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from arena.client import text
from arena.client.figures import BASE_RADIUS, FigureLook, Sprite, figure_sprite
from arena.client.looks import TerrainLooks
from arena.client.palette import HIGHLIGHTS, ZONE_COLOURS, Color, mix, shade
from arena.client.projection import Camera, Projection, draw_sequence
from arena.client.sky import sky
from arena.client.terrain import ColumnLook, draw_column, top_height
from arena.engine import Board, FieldSetup
from arena.hexgrid import Hex, hex_to_point

__all__ = [
    "BattlefieldRenderer",
    "FigurePlacement",
    "Marker",
    "Picture",
    "render_preview",
]

Key = tuple[float, float, float]

LAYER_STRIP = 0.0
LAYER_SHIMMER = 0.5
LAYER_MARKER = 1.0
LAYER_LABEL = 2.0
LAYER_FIGURE = 3.0
LAYER_FLOAT = 4.0


@dataclass(frozen=True)
class Marker:
    """A highlight on a hex's top face: a style (`palette.HIGHLIGHTS` name) and a short
    label drawn on it (a movement cost). A ``provoke`` label gets a warning sign drawn before
    it, never a "!" character (a "!5" reads as "15")."""

    hex: Hex
    style: str
    label: str = ""


def _warning_sign(height: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A small warning triangle with a dark bar and dot: the provoking-space sign."""
    size = max(9, round(height * 0.8))
    sign = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(sign, (10, 10, 16), [(size // 2, 0), (size - 1, size - 1), (0, size - 1)])
    inset = max(1, size // 9)
    pygame.draw.polygon(sign, colour, [(size // 2, inset * 2), (size - 1 - inset, size - 1 - inset),
                                       (inset, size - 1 - inset)])
    bar = max(1, size // 8)
    x = size // 2 - bar // 2
    pygame.draw.rect(sign, (10, 10, 16), (x, size * 3 // 8, bar, size * 3 // 10))
    pygame.draw.rect(sign, (10, 10, 16), (x, size * 3 // 4, bar, bar))
    return sign


@dataclass(frozen=True)
class FigurePlacement:
    """A figure where it stands (or, animated, between two spaces)."""

    look: FigureLook
    hexes: tuple[Hex, ...]
    offset: tuple[float, float, float] | None = None
    """For an animated figure: plane ``(x, y)`` and level of its base instead of its hexes
    (the middle of both hexes for a double-space figure)."""
    flash: float = 0.0
    """How bright a hit flash lights it (0..1; animated figures only)."""
    alpha: float = 1.0
    """Its opacity (a destroyed figure fading out; animated figures only)."""
    sink: float = 0.0
    """Levels it has sunk into its space (a destroyed figure; animated figures only): the
    part below the ground it stood on is cut away."""


@dataclass(frozen=True)
class Picture:
    """What is on the battlefield now: the board (without destroyed obstacles), the glyphs
    (hex -> (kind or None if hidden, face up)) and the figures by id."""

    board: Board
    glyphs: Mapping[Hex, tuple[str | None, bool]] = field(default_factory=dict)
    figures: Mapping[str, FigurePlacement] = field(default_factory=dict)

    def glyph_key(self) -> tuple[Any, ...]:
        return tuple(sorted((h.q, h.r, k or "", up) for h, (k, up) in self.glyphs.items()))


@dataclass
class _Item:
    key: Key
    image: pygame.Surface
    pos: tuple[int, int]  # relative to the projection origin
    rect: pygame.Rect  # on screen, set when drawn
    figure: str | None = None
    sprite: Sprite | None = None


@dataclass
class _Strip:
    key: Key
    image: pygame.Surface
    offset: tuple[int, int]  # top-left relative to the projection origin


@dataclass
class _Terrain:
    key: tuple[Any, ...]
    strips: list[_Strip]
    layer: pygame.Surface
    layer_offset: tuple[int, int]
    water: list[tuple[Hex, float]]


class _Occluders:
    """Images at depth keys, ready to be blitted again over whatever lies behind them."""

    def __init__(self, entries: list[tuple[Key, pygame.Surface, tuple[int, int]]],
                 origin: tuple[int, int]) -> None:
        entries = sorted(entries, key=lambda e: e[0])
        ox, oy = origin
        self.keys = [e[0] for e in entries]
        self.images = [e[1] for e in entries]
        self.rects = [e[1].get_rect(topleft=(e[2][0] + ox, e[2][1] + oy)) for e in entries]

    def cover(self, target: pygame.Surface, key: Key, rect: pygame.Rect) -> None:
        """Blit, clipped to ``rect``, every image in front of ``key`` that overlaps it."""
        start = bisect.bisect_right(self.keys, key)
        rects = self.rects
        for i in rect.collidelistall(rects):
            if i >= start:
                other = rects[i]
                clip = rect.clip(other)
                target.blit(self.images[i], clip, clip.move(-other.x, -other.y))


class BattlefieldRenderer:
    """Draws one battlefield (see the module docstring)."""

    def __init__(self, field_setup: FieldSetup,
                 zone_colours: Mapping[str, Color] | None = None,
                 looks: TerrainLooks | None = None) -> None:
        self.field = field_setup
        self.looks = looks or TerrainLooks()
        """How the battlefield looks beyond its rules (an imported map's tiles and trees)."""
        zone_of: dict[Hex, Color] = {}
        for zone in field_setup.zones:
            color = (zone_colours or {}).get(zone.id) or ZONE_COLOURS.get(
                zone.id, ZONE_COLOURS.get(zone.name.lower(), (200, 200, 200)))
            for h in zone.spaces:
                zone_of[h] = color
        self.zone_of = zone_of
        self.power = frozenset(field_setup.power_spaces)
        self.glyph_spaces = frozenset(field_setup.glyph_spaces)
        hexes = list(field_setup.board.columns)
        points = [hex_to_point(h) for h in hexes] or [(0.0, 0.0)]
        self.pivot = (sum(p[0] for p in points) / len(points),
                      sum(p[1] for p in points) / len(points))
        self.radius = max(math.hypot(x - self.pivot[0], y - self.pivot[1])
                          for x, y in points) + 1.0
        board = field_setup.board
        self.max_level = max((board.top(h) + (o.height if (o := board.obstacle_at.get(h))
                                              else 0) for h in hexes), default=1)
        self.terrain_levels = max((board.top(h) for h in hexes), default=1)
        self._terrain: _Terrain | None = None
        self._composite: tuple[Any, ...] | None = None
        self._heights: tuple[Any, dict[Hex, float]] | None = None
        self._frame: tuple[tuple[int, int], list[pygame.Rect]] | None = None
        self._background: pygame.Surface | None = None
        self._markers: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._shimmer: dict[tuple[Any, ...],
                            tuple[list[pygame.Surface], tuple[int, int]]] = {}
        self.drawn_figures: list[_Item] = []
        self.stats = {"terrain_builds": 0, "composites": 0}

    # --- camera helpers ---------------------------------------------------------------------

    def camera(self, viewport: tuple[float, float, float, float]) -> Camera:
        """A camera centred on this battlefield, zoomed to fill ``viewport``."""
        cam = Camera(self.pivot, viewport)
        self.fit(cam, viewport)
        return cam

    def fit(self, cam: Camera, viewport: tuple[float, float, float, float]) -> None:
        """Zoom and pan ``cam`` so the whole battlefield fills ``viewport`` at the camera's
        current rotation."""
        proj = replace(cam.projection(), zoom=1.0, origin=(0.0, 0.0), angle=float(
            cam.rotation))
        board = self.field.board
        left = top = math.inf
        right = bottom = -math.inf
        for h in board.columns:
            obstacle = board.obstacle_at.get(h)
            high = board.top(h) + (obstacle.height if obstacle else 0)
            l_, t_, r_, b_ = proj.column_bounds(h, 0.0, float(high) + 1.6)
            left, top = min(left, l_), min(top, t_)
            right, bottom = max(right, r_), max(bottom, b_)
        if left == math.inf:
            return
        cam.fit(right - left, bottom - top, viewport)
        cam.pan = (-(left + right) / 2 * cam.zoom, -(top + bottom) / 2 * cam.zoom)

    # --- what is drawn ----------------------------------------------------------------------

    def column_looks(self, picture: Picture) -> dict[Hex, ColumnLook]:
        """Each column's `ColumnLook` for this picture."""
        board = picture.board
        looks = {}
        for h, column in board.columns.items():
            obstacle = board.obstacle_at.get(h)
            glyph = picture.glyphs.get(h)
            looks[h] = ColumnLook(
                hex=h,
                levels=column.levels,
                top=column.top,
                terrain=column.terrain,
                obstacle=obstacle.kind if obstacle else None,
                obstacle_height=obstacle.height if obstacle else 0,
                zone=self.zone_of.get(h),
                power=h in self.power,
                glyph=None if glyph is None else (glyph[0] or "hidden"),
                glyph_face_up=bool(glyph and glyph[1] and glyph[0]),
                glyph_space=h in self.glyph_spaces,
                surfaces=self.looks.surfaces.get(h, ()),
                look=self.looks.obstacles.get(obstacle.id) if obstacle else None,
            )
        return looks

    def pick_heights(self, picture: Picture, slice_level: int | None = None
                     ) -> dict[Hex, float]:
        """The drawn top of every column (what `Projection.hex_under` needs); cached."""
        key = (id(picture.board), picture.glyph_key(), slice_level)
        if self._heights is None or self._heights[0] != key:
            self._heights = (key, {h: top_height(look, slice_level)
                                   for h, look in self.column_looks(picture).items()})
        return self._heights[1]

    def stand_level(self, board: Board, h: Hex) -> float:
        """Where a figure's base is drawn on ``h`` (water a little lower, a cryptolith's
        top far higher)."""
        level = float(board.surface(h))
        if board.is_water(h) and h not in board.obstacle_at:
            level -= 0.3
        return level

    def visible(self, board: Board, placement: FigurePlacement, slice_level: int | None
                ) -> bool:
        """Whether a figure shows with this slice (it stands on a shown surface)."""
        if slice_level is None:
            return True
        if placement.offset is not None:
            return placement.offset[2] <= slice_level
        return all(board.surface(h) <= slice_level for h in placement.hexes)

    # --- terrain ----------------------------------------------------------------------------

    def _terrain_for(self, proj: Projection, picture: Picture, slice_level: int | None
                     ) -> _Terrain:
        key = (id(picture.board), picture.glyph_key(), round(proj.angle, 6) % 6,
               round(proj.zoom, 3), proj.squash, slice_level)
        if self._terrain is not None and self._terrain.key == key:
            return self._terrain
        self.stats["terrain_builds"] += 1
        looks = self.column_looks(picture)
        base = replace(proj, origin=(0.0, 0.0))
        rows: dict[float, list[Hex]] = {}
        for h in looks:
            rows.setdefault(base.row(h), []).append(h)
        strips: list[_Strip] = []
        water: list[tuple[Hex, float]] = []
        for row in sorted(rows):
            hexes = rows[row]
            left = top = math.inf
            right = bottom = -math.inf
            for h in hexes:
                look = looks[h]
                l_, t_, r_, b_ = base.column_bounds(h, 0.0, top_height(look, slice_level) + 0.5)
                left, top = min(left, l_), min(top, t_)
                right, bottom = max(right, r_), max(bottom, b_)
                if look.terrain == "water" and look.obstacle is None and (
                        slice_level is None or look.top <= slice_level):
                    water.append((h, top_height(look, slice_level)))
            rect = pygame.Rect(math.floor(left) - 3, math.floor(top) - 3,
                               math.ceil(right - left) + 7, math.ceil(bottom - top) + 7)
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = replace(proj, origin=(-rect.x, -rect.y))
            for h in sorted(hexes, key=local.depth):
                draw_column(image, local, looks[h], slice_level)
            strips.append(_Strip((row, LAYER_STRIP, -math.inf), image, (rect.x, rect.y)))
        if strips:
            lx = min(s.offset[0] for s in strips)
            ly = min(s.offset[1] for s in strips)
            rx = max(s.offset[0] + s.image.get_width() for s in strips)
            ry = max(s.offset[1] + s.image.get_height() for s in strips)
        else:
            lx = ly = 0
            rx = ry = 1
        layer = pygame.Surface((rx - lx, ry - ly), pygame.SRCALPHA)
        layer.fblits([(s.image, (s.offset[0] - lx, s.offset[1] - ly)) for s in strips])
        self._terrain = _Terrain(key, strips, layer, (lx, ly), water)
        self._composite = None
        return self._terrain

    # --- sprites for markers ------------------------------------------------------------------

    def _marker_image(self, proj: Projection, style: str
                      ) -> tuple[pygame.Surface, tuple[int, int]]:
        """The marker sprite of ``style`` for this camera, and where the centre of the face
        it marks lies inside it."""
        key = (style, round(proj.angle, 6) % 6, round(proj.zoom, 3), proj.squash)
        found = self._markers.get(key)
        if found is not None:
            return found
        local = replace(proj, origin=(0.0, 0.0))
        probe = Hex(0, 0)
        pts = local.top_face(probe, 0.0, 0.9)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        ox, oy = math.floor(min(xs)) - 3, math.floor(min(ys)) - 3
        w, h = math.ceil(max(xs) - ox) + 4, math.ceil(max(ys) - oy) + 4
        image = pygame.Surface((w, h), pygame.SRCALPHA)
        pts = [(x - ox, y - oy) for x, y in pts]
        cx, cy = local.to_screen(probe, 0.0)
        center = (cx - ox, cy - oy)
        color = HIGHLIGHTS.get(style, (255, 255, 255))
        width = max(2, round(proj.zoom / 14))
        if style == "hover":
            pygame.draw.polygon(image, (*color, 40), pts)
            pygame.draw.polygon(image, (*color, 230), pts, width)
        elif style == "path":
            r = max(3.0, proj.zoom * 0.13)
            pygame.draw.circle(image, (20, 20, 30, 160), (center[0], center[1] + 1), r + 2)
            pygame.draw.circle(image, (*color, 240), center, r)
        else:
            alpha = {"move": 70, "summon": 80, "place": 80, "attack-no": 40}.get(style, 105)
            pygame.draw.polygon(image, (*color, alpha), pts)
            pygame.draw.polygon(image, (*shade(color, 1.1), 235), pts, width)
        found = (image, (round(center[0]), round(center[1])))
        self._markers[key] = found
        return found

    def _marker_item(self, base: Projection, marker: Marker, level: float,
                     layer: float = LAYER_MARKER) -> _Item:
        image, (cx0, cy0) = self._marker_image(base, marker.style)
        px, py = base.to_screen(marker.hex, level)
        pos = (round(px) - cx0, round(py) - cy0)
        cy, cx = base.depth(marker.hex)
        return _Item((cy, layer, cx), image, pos, pygame.Rect(pos, image.get_size()))

    def _label_item(self, base: Projection, marker: Marker, level: float) -> _Item:
        px = max(11, round(base.zoom * 0.42))
        color = HIGHLIGHTS.get(marker.style, (255, 255, 255))
        ink = mix(color, (255, 255, 255), 0.6)
        label = text.render(marker.label, px, ink, bold=True)
        shadow = text.render(marker.label, px, (10, 10, 16), bold=True)
        sign = _warning_sign(label.get_height(), ink) if marker.style == "provoke" else None
        lead = sign.get_width() + 2 if sign is not None else 0
        image = pygame.Surface((lead + label.get_width() + 2, label.get_height() + 2),
                               pygame.SRCALPHA)
        if sign is not None:
            image.blit(sign, (0, (image.get_height() - sign.get_height()) // 2))
        image.blit(shadow, (lead + 2, 2))
        image.blit(label, (lead, 0))
        x, y = base.to_screen(marker.hex, level)
        pos = (round(x - image.get_width() / 2), round(y - image.get_height() / 2))
        cy, cx = base.depth(marker.hex)
        return _Item((cy, LAYER_LABEL, cx), image, pos, pygame.Rect(pos, image.get_size()))

    def _water_frames(self, proj: Projection
                      ) -> tuple[list[pygame.Surface], tuple[int, int]]:
        key = (round(proj.angle, 6) % 6, round(proj.zoom, 3), proj.squash)
        found = self._shimmer.get(key)
        if found is not None:
            return found
        local = replace(proj, origin=(0.0, 0.0))
        pts = local.top_face(Hex(0, 0), 0.0, 0.86)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        ox, oy = math.floor(min(xs)), math.floor(min(ys))
        w, h = math.ceil(max(xs)) - ox + 1, math.ceil(max(ys)) - oy + 1
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - ox, y - oy) for x, y in pts])
        frames = []
        for i in range(8):
            image = pygame.Surface((w, h), pygame.SRCALPHA)
            phase = i / 8.0
            for k in range(3):
                y = h * (0.25 + 0.25 * k) + math.sin((phase + k * 0.3) * 2 * math.pi) * h * 0.06
                x0 = w * (0.15 + 0.3 * ((k + i * 0.25) % 1.0) * 0.6)
                length = w * (0.3 + 0.15 * math.sin((phase + k) * 2 * math.pi))
                pygame.draw.line(image, (210, 236, 255, 150), (x0, y), (x0 + length, y),
                                 max(1, round(proj.zoom / 22)))
            image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            frames.append(image)
        cx, cy = local.to_screen(Hex(0, 0), 0.0)
        self._shimmer[key] = (frames, (round(cx - ox), round(cy - oy)))
        return self._shimmer[key]

    # --- figures ------------------------------------------------------------------------------

    def _figure_item(self, base: Projection, board: Board, fid: str,
                     placement: FigurePlacement) -> _Item:
        look = placement.look
        if placement.offset is not None:
            x, y, level = placement.offset
            px, py = base.plane_to_screen(x, y, level)
            cy, cx = base.to_camera(x, y)
            pair = None
            if len(placement.hexes) > 1:
                # a double-space base keeps its two ends about its middle point
                near = base.nearest(placement.hexes)
                far = next(h for h in placement.hexes if h != near)
                nx, ny = base.to_screen(near)
                fx, fy = base.to_screen(far)
                pair = (fx - nx, fy - ny)
                px, py = px - pair[0] / 2, py - pair[1] / 2
            sprite = figure_sprite(look, base.zoom, base.level_px, base.squash, pair)
            key: Key = (round(cy, 6) + 0.01, LAYER_FIGURE, cx)
        else:
            hexes = placement.hexes
            near = base.nearest(hexes)
            px, py = base.to_screen(near, self.stand_level(board, near))
            pair = None
            if len(hexes) > 1:
                far = next(h for h in hexes if h != near)
                fx, fy = base.to_screen(far, self.stand_level(board, far))
                pair = (fx - px, fy - py)
            sprite = figure_sprite(look, base.zoom, base.level_px, base.squash, pair)
            cy, cx = base.depth(near)
            key = (cy, LAYER_FIGURE, cx)
        pos = (round(px) - sprite.anchor[0], round(py) - sprite.anchor[1])
        image = sprite.image
        if placement.offset is not None and (placement.flash > 0 or placement.alpha < 1
                                             or placement.sink > 0):
            image = _touched(image, sprite.anchor, placement, base)
        return _Item(key, image, pos, pygame.Rect(pos, image.get_size()), fid, sprite)

    # --- drawing ------------------------------------------------------------------------------

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop: a dusk gradient with a soft pool of light in the middle."""
        if self._background is not None and self._background.get_size() == size:
            return self._background
        self._background = sky(size)
        return self._background

    def draw(
        self,
        target: pygame.Surface,
        proj: Projection,
        picture: Picture,
        markers: Sequence[Marker] = (),
        dynamic: Sequence[Marker] = (),
        now: float = 0.0,
        slice_level: int | None = None,
        incremental: bool = False,
        extra: Sequence[pygame.Rect] = (),
    ) -> list[pygame.Rect]:
        """Draw the battlefield onto ``target`` (see the module docstring): ``markers`` are
        static highlights, ``dynamic`` ones change every frame (hover, path preview).

        With ``incremental`` the caller promises ``target`` still shows this renderer's last
        frame untouched: then only the places the last frame's and this frame's dynamic
        items cover are restored from the composite before this frame's are drawn (dirty
        rectangles), when the composite is the same. ``extra`` are places the caller will
        draw over this frame (a ruler, a tag): restored now and next frame alike. Returns
        the rectangles changed on ``target``, every one restored or drawn whole."""
        if not proj.at_rest:
            self._draw_direct(target, proj, picture, slice_level)
            self._frame = None
            return [target.get_rect()]
        terrain = self._terrain_for(proj, picture, slice_level)
        base = replace(proj, origin=(0.0, 0.0))
        board = picture.board
        ox, oy = round(proj.origin[0]), round(proj.origin[1])
        key = (terrain.key, (ox, oy), target.get_size(), tuple(sorted(
            (fid, p) for fid, p in picture.figures.items() if p.offset is None and
            self.visible(board, p, slice_level))), tuple(markers))
        if self._composite is None or self._composite[0] != key:
            composite, statics = self._compose(target.get_size(), base, terrain, picture,
                                               markers, slice_level, (ox, oy))
            occluders = _Occluders([(s.key, s.image, s.offset) for s in terrain.strips]
                                   + [(i.key, i.image, i.pos) for i in statics], (ox, oy))
            frames, (wx, wy) = self._water_frames(proj)
            water = []
            for h, level in terrain.water:
                px, py = base.to_screen(h, level)
                pos = (round(px) - wx, round(py) - wy)
                cy, cx = base.depth(h)
                water.append(((cy, LAYER_SHIMMER, cx), pos, (h.q * 3 + h.r * 5)))
            self._composite = (key, composite, statics, occluders, water)
        _, composite, statics, occluders, water = self._composite
        frame_key = (id(target), id(composite))
        self.drawn_figures = [i for i in statics if i.figure is not None]

        # dynamic items: water shimmer, hover and path markers, animated figures
        items: list[_Item] = []
        frames, _ = self._water_frames(proj)
        tick = int(now * 6)
        for wkey, pos, phase in water:
            image = frames[(tick + phase) % len(frames)]
            items.append(_Item(wkey, image, pos, image.get_rect(topleft=pos)))
        if dynamic:
            heights = self.pick_heights(picture, slice_level)
            for marker in dynamic:
                level = heights.get(marker.hex, 0.0)
                layer = LAYER_FLOAT if marker.style == "path" else LAYER_MARKER + 0.5
                items.append(self._marker_item(base, marker, level, layer))
                if marker.label:
                    label = self._label_item(base, marker, level)
                    label.key = (label.key[0], LAYER_FLOAT + 0.5, label.key[2])
                    items.append(label)
        for fid, placement in picture.figures.items():
            if placement.offset is not None and self.visible(board, placement, slice_level):
                item = self._figure_item(base, board, fid, placement)
                items.append(item)
                if placement.alpha >= 1:  # a figure fading out cannot be picked
                    self.drawn_figures.append(item)
        items.sort(key=lambda i: i.key)
        drawn = []
        for item in items:
            item.rect = item.image.get_rect(topleft=(item.pos[0] + ox, item.pos[1] + oy))
            drawn.append(item.rect)
        drawn += [pygame.Rect(r) for r in extra]
        if incremental and self._frame is not None and self._frame[0] == frame_key:
            # every place drawn last frame or about to be drawn now starts from the composite
            dirty = list(self._frame[1]) + drawn
            for rect in dirty:
                target.blit(composite, rect, rect)
        else:
            target.blit(composite, (0, 0))
            dirty = [target.get_rect()]
        for item in items:
            target.blit(item.image, item.rect)
            occluders.cover(target, item.key, item.rect)
        self._frame = (frame_key, drawn)
        return dirty

    def _compose(self, size: tuple[int, int], base: Projection, terrain: _Terrain,
                 picture: Picture, markers: Sequence[Marker], slice_level: int | None,
                 origin: tuple[int, int]) -> tuple[pygame.Surface, list[_Item]]:
        self.stats["composites"] += 1
        composite = pygame.Surface(size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            composite = composite.convert()
        composite.blit(self.background(size), (0, 0))
        ox, oy = origin
        lx, ly = terrain.layer_offset
        composite.blit(terrain.layer, (ox + lx, oy + ly))
        statics: list[_Item] = []
        heights = self.pick_heights(picture, slice_level) if markers else {}
        for marker in markers:
            level = heights.get(marker.hex, 0.0)
            statics.append(self._marker_item(base, marker, level))
            if marker.label:
                statics.append(self._label_item(base, marker, level))
        board = picture.board
        for fid, placement in picture.figures.items():
            if placement.offset is None and self.visible(board, placement, slice_level):
                statics.append(self._figure_item(base, board, fid, placement))
        statics.sort(key=lambda i: i.key)
        strips = _Occluders([(s.key, s.image, s.offset) for s in terrain.strips], origin)
        for item in statics:
            rect = item.image.get_rect(topleft=(item.pos[0] + ox, item.pos[1] + oy))
            item.rect = rect
            composite.blit(item.image, rect)
            strips.cover(composite, item.key, rect)
        return composite, statics

    def _draw_direct(self, target: pygame.Surface, proj: Projection, picture: Picture,
                     slice_level: int | None, background: bool = True,
                     detail: bool = True) -> None:
        """Paint back to front straight onto ``target`` (mid-rotation; previews)."""
        if background:
            target.blit(self.background(target.get_size()), (0, 0))
        looks = self.column_looks(picture)
        board = picture.board
        standing = {fid: p.hexes for fid, p in picture.figures.items()
                    if p.offset is None and self.visible(board, p, slice_level)}
        self.drawn_figures = []
        for step in draw_sequence(proj, looks, standing):
            if step.kind == "top" and step.hex in looks:
                draw_column(target, proj, looks[step.hex], slice_level, detail)
            elif step.kind == "item" and step.item is not None:
                item = self._figure_item(proj, board, step.item, picture.figures[step.item])
                target.blit(item.image, item.pos)
                item.rect = pygame.Rect(item.pos, item.image.get_size())
                self.drawn_figures.append(item)

    # --- picking ------------------------------------------------------------------------------

    def figure_under(self, pos: tuple[int, int]) -> str | None:
        """The figure drawn at a screen point (front-most first), from the last frame."""
        for item in sorted(self.drawn_figures, key=lambda i: i.key, reverse=True):
            if item.rect.collidepoint(pos) and item.sprite is not None:
                x, y = pos[0] - item.rect.x, pos[1] - item.rect.y
                if item.sprite.mask.get_at((x, y)):
                    return item.figure
        return None

    def figure_rect(self, fid: str) -> pygame.Rect | None:
        """Where a figure was drawn last frame."""
        for item in self.drawn_figures:
            if item.figure == fid:
                return item.rect
        return None


def _touched(image: pygame.Surface, anchor: tuple[int, int], placement: FigurePlacement,
             proj: Projection) -> pygame.Surface:
    """A copy of a figure's sprite lit by a hit flash, faded, and cut below the ground it
    sank into."""
    out = image.copy()
    if placement.sink > 0:
        ground = anchor[1] - placement.sink * proj.level_px + proj.zoom * BASE_RADIUS * proj.squash
        top = max(0, math.ceil(ground))
        if top < out.get_height():
            out.fill((0, 0, 0, 0), pygame.Rect(0, top, out.get_width(), out.get_height() - top))
    if placement.flash > 0:
        f = min(1.0, placement.flash)
        out.fill((round(230 * f), round(120 * f), round(100 * f)),
                 special_flags=pygame.BLEND_RGB_ADD)
    if placement.alpha < 1:
        out.fill((255, 255, 255, max(0, round(255 * placement.alpha))),
                 special_flags=pygame.BLEND_RGBA_MULT)
    return out


def render_preview(field_setup: FieldSetup, size: tuple[int, int],
                   zone_colours: Mapping[str, Color] | None = None,
                   figures: Iterable[tuple[str, FigurePlacement]] = (),
                   looks: TerrainLooks | None = None) -> pygame.Surface:
    """A still picture of a battlefield (scenario lists, the editor), transparent around it."""
    renderer = BattlefieldRenderer(field_setup, zone_colours, looks)
    w, h = size
    cam = renderer.camera((0.0, 0.0, float(w), float(h)))
    proj = cam.projection()
    image = pygame.Surface(size, pygame.SRCALPHA)
    picture = Picture(field_setup.board,
                      {g.at: (g.kind if g.face_up else None, g.face_up)
                       for g in field_setup.glyphs},
                      dict(figures))
    renderer._draw_direct(image, proj, picture, None, background=False, detail=False)
    return image
