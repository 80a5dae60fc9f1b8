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
from arena.client.board_art import (
    faint,
    marker_image,
    seen_through,
    touched,
    warning_sign,
    water_frames,
)
from arena.client.figures import FigureLook, Sprite, figure_sprite
from arena.client.looks import TerrainLooks
from arena.client.palette import HIGHLIGHTS, ZONE_COLOURS, Color, mix
from arena.client.projection import Camera, Projection, draw_sequence
from arena.client.sky import sky
from arena.client.terrain import ColumnLook, draw_column, top_height
from arena.client.tiers import (
    ROOF_ALPHA,
    TIER_STEP,
    Roof,
    faded,
    run_bottoms,
    tier_of,
    under_roof,
)
from arena.engine import Board, FieldSetup
from arena.hexgrid import Hex, hex_to_point

_warning_sign = warning_sign  # the name the renderer's tests know it by

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
    run: tuple[Hex, int] | None = None
    """The one run of tiles above a gap it holds (column, tier), which a roof cut away
    fades; None for a row of tier 0."""
    _faded: pygame.Surface | None = None

    def shown(self, roof: Roof) -> pygame.Surface:
        """Its image as drawn under ``roof``: faded when it is part of it."""
        if self.run is None or self.run not in roof:
            return self.image
        if self._faded is None:
            self._faded = faint(self.image, ROOF_ALPHA)
        return self._faded


@dataclass
class _Terrain:
    key: tuple[Any, ...]
    strips: list[_Strip]
    layer: pygame.Surface
    layer_offset: tuple[int, int]
    water: list[tuple[Hex, float, int]]
    """Each water surface: its space, the level its face is drawn at, its tier."""


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
        self._bottoms: tuple[Board, dict[Hex, float]] | None = None
        self.roof: Roof = frozenset()
        """The runs of tiles drawn faded (the roof over the space under the pointer:
        `arena.client.tiers.roof_over`); set by the scene before drawing."""
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
        """Each space's `ColumnLook` for this picture: a column with one surface by its hex,
        one with several by its storeys, each drawn from the gap below it (`arena.client.
        tiers`). A storey's markings are its own; the top one also takes those given to the
        plain hex, and the obstacle standing on the column."""
        board = picture.board
        looks = {}
        bottoms = run_bottoms(board) if board.storeys else {}
        for h, column in board.columns.items():
            storeys = board.storeys.get(h)
            for space in storeys or (h,):
                is_top = space is h or space == storeys[-1]  # type: ignore[index]
                spot = board.spaces.get(space, column)
                obstacle = board.obstacle_at.get(space) if is_top else None
                glyph = picture.glyphs.get(space) or (picture.glyphs.get(h) if is_top else None)
                marks = (space, h) if is_top else (space,)
                looks[space] = ColumnLook(
                    hex=h,
                    levels=column.levels,
                    top=spot.top,
                    terrain=spot.terrain,
                    obstacle=obstacle.kind if obstacle else None,
                    obstacle_height=obstacle.height if obstacle else 0,
                    zone=next((z for m in marks if (z := self.zone_of.get(m)) is not None),
                              None),
                    power=any(m in self.power for m in marks),
                    glyph=None if glyph is None else (glyph[0] or "hidden"),
                    glyph_face_up=bool(glyph and glyph[1] and glyph[0]),
                    glyph_space=any(m in self.glyph_spaces for m in marks),
                    surfaces=self.looks.surfaces.get(h, ()),
                    look=self.looks.obstacles.get(obstacle.id) if obstacle else None,
                    bottom=round(bottoms.get(space, 0.0)),
                )
        return looks

    def pick_heights(self, picture: Picture, slice_level: int | None = None
                     ) -> dict[Hex, float]:
        """The drawn top of every space (what `Projection.hex_under` needs, with
        `pick_bottoms`); cached. A run of tiles wholly above the slice is left out."""
        key = (id(picture.board), picture.glyph_key(), slice_level)
        if self._heights is None or self._heights[0] != key:
            self._heights = (key, {h: top_height(look, slice_level)
                                   for h, look in self.column_looks(picture).items()
                                   if slice_level is None or look.bottom < slice_level})
        return self._heights[1]

    def pick_bottoms(self, board: Board) -> dict[Hex, float]:
        """Where each upper storey's run of tiles begins (what `Projection.hex_under` needs
        with `pick_heights`): empty on a board without gaps."""
        if self._bottoms is None or self._bottoms[0] is not board:
            self._bottoms = (board, run_bottoms(board))
        return self._bottoms[1]

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
        board = picture.board
        base = replace(proj, origin=(0.0, 0.0))
        # tier 0 (every column with one surface) in one strip per row; each run above a gap
        # in a strip of its own, so a roof over the pointer can fade it (`tiers`)
        rows: dict[float, list[Hex]] = {}
        runs: list[tuple[Hex, int]] = []
        water: list[tuple[Hex, float, int]] = []
        for space, look in looks.items():
            if slice_level is not None and look.bottom >= slice_level:
                continue
            tier = tier_of(board, space)
            if tier:
                runs.append((space, tier))
            else:
                rows.setdefault(base.row(space), []).append(space)
            if look.terrain == "water" and look.obstacle is None and (
                    slice_level is None or look.top <= slice_level):
                water.append((space, top_height(look, slice_level), tier))
        strips: list[_Strip] = []
        for row in sorted(rows):
            image, rect = self._strip_image(proj, base, looks, rows[row], slice_level)
            strips.append(_Strip((row, LAYER_STRIP, -math.inf), image, (rect.x, rect.y)))
        for space, tier in runs:
            image, rect = self._strip_image(proj, base, looks, [space], slice_level)
            cy, cx = base.depth(space)
            strips.append(_Strip((cy, tier * TIER_STEP + LAYER_STRIP, cx), image,
                                 (rect.x, rect.y), (space.column, tier)))
        strips.sort(key=lambda s: s.key)
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

    def _strip_image(self, proj: Projection, base: Projection, looks: Mapping[Hex, ColumnLook],
                     spaces: Sequence[Hex], slice_level: int | None
                     ) -> tuple[pygame.Surface, pygame.Rect]:
        """The columns (or runs) of ``spaces`` drawn back to front on one transparent image,
        and where it lies relative to the projection origin."""
        left = top = math.inf
        right = bottom = -math.inf
        for space in spaces:
            look = looks[space]
            l_, t_, r_, b_ = base.column_bounds(space, float(look.bottom),
                                                top_height(look, slice_level) + 0.5)
            left, top = min(left, l_), min(top, t_)
            right, bottom = max(right, r_), max(bottom, b_)
        rect = pygame.Rect(math.floor(left) - 3, math.floor(top) - 3,
                           math.ceil(right - left) + 7, math.ceil(bottom - top) + 7)
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = replace(proj, origin=(-rect.x, -rect.y))
        for space in sorted(spaces, key=local.depth):
            draw_column(image, local, looks[space], slice_level)
        return image, rect

    # --- sprites for markers ------------------------------------------------------------------

    def _marker_image(self, proj: Projection, style: str
                      ) -> tuple[pygame.Surface, tuple[int, int]]:
        key = (style, round(proj.angle, 6) % 6, round(proj.zoom, 3), proj.squash)
        found = self._markers.get(key)
        if found is None:
            found = self._markers[key] = marker_image(proj, style)
        return found

    def _water_frames(self, proj: Projection
                      ) -> tuple[list[pygame.Surface], tuple[int, int]]:
        key = (round(proj.angle, 6) % 6, round(proj.zoom, 3), proj.squash)
        found = self._shimmer.get(key)
        if found is None:
            found = self._shimmer[key] = water_frames(proj)
        return found

    def _marker_item(self, base: Projection, marker: Marker, level: float,
                     layer: float = LAYER_MARKER, tier: int = 0) -> _Item:
        image, (cx0, cy0) = self._marker_image(base, marker.style)
        px, py = base.to_screen(marker.hex, level)
        pos = (round(px) - cx0, round(py) - cy0)
        cy, cx = base.depth(marker.hex)
        layer += tier * TIER_STEP
        return _Item((cy, layer, cx), image, pos, pygame.Rect(pos, image.get_size()))

    def _label_item(self, base: Projection, marker: Marker, level: float, tier: int = 0
                    ) -> _Item:
        px = max(11, round(base.zoom * 0.42))
        color = HIGHLIGHTS.get(marker.style, (255, 255, 255))
        ink = mix(color, (255, 255, 255), 0.6)
        label = text.render(marker.label, px, ink, bold=True)
        shadow = text.render(marker.label, px, (10, 10, 16), bold=True)
        sign = warning_sign(label.get_height(), ink) if marker.style == "provoke" else None
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
        layer = LAYER_LABEL + tier * TIER_STEP
        return _Item((cy, layer, cx), image, pos, pygame.Rect(pos, image.get_size()))

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
            tier = tier_of(board, base.nearest(placement.hexes)) if placement.hexes else 0
            key: Key = (round(cy, 6) + 0.01, LAYER_FIGURE + tier * TIER_STEP, cx)
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
            key = (cy, LAYER_FIGURE + tier_of(board, near) * TIER_STEP, cx)
        pos = (round(px) - sprite.anchor[0], round(py) - sprite.anchor[1])
        image = sprite.image
        if placement.offset is not None and (placement.flash > 0 or placement.alpha < 1
                                             or placement.sink > 0):
            image = touched(image, sprite.anchor, base, placement.sink, placement.flash,
                            placement.alpha)
        if self.roof and faded(board, self.roof, placement.hexes):
            # it stands on the roof cut away over the pointer: seen through, not picked
            return _Item(key, faint(image, ROOF_ALPHA), pos,
                         pygame.Rect(pos, image.get_size()), None, None)
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
            self.visible(board, p, slice_level))), tuple(markers), self.roof)
        if self._composite is None or self._composite[0] != key:
            composite, statics = self._compose(target.get_size(), base, terrain, picture,
                                               markers, slice_level, (ox, oy))
            roof = self.roof
            occluders = _Occluders([(s.key, s.shown(roof), s.offset) for s in terrain.strips]
                                   + [(i.key, i.image, i.pos) for i in statics], (ox, oy))
            frames, (wx, wy) = self._water_frames(proj)
            water = []
            for h, level, tier in terrain.water:
                if (h.column, tier) in roof:
                    continue
                px, py = base.to_screen(h, level)
                pos = (round(px) - wx, round(py) - wy)
                cy, cx = base.depth(h)
                water.append(((cy, LAYER_SHIMMER + tier * TIER_STEP, cx), pos,
                              (h.q * 3 + h.r * 5)))
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
                tier = tier_of(board, marker.hex)
                items.append(self._marker_item(base, marker, level, layer, tier))
                if marker.label:
                    label = self._label_item(base, marker, level)
                    label.key = (label.key[0], LAYER_FLOAT + 0.5 + tier * TIER_STEP,
                                 label.key[2])
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
        roof = self.roof
        if any(s.run in roof for s in terrain.strips):
            composite.fblits([(s.shown(roof), (ox + s.offset[0], oy + s.offset[1]))
                              for s in terrain.strips])
        else:
            composite.blit(terrain.layer, (ox + lx, oy + ly))
        statics: list[_Item] = []
        board = picture.board
        heights = self.pick_heights(picture, slice_level) if markers else {}
        for marker in markers:
            level = heights.get(marker.hex, 0.0)
            tier = tier_of(board, marker.hex)
            statics.append(self._marker_item(base, marker, level, tier=tier))
            if marker.label:
                statics.append(self._label_item(base, marker, level, tier))
        for fid, placement in picture.figures.items():
            if placement.offset is None and self.visible(board, placement, slice_level):
                statics.append(self._figure_item(base, board, fid, placement))
        statics.sort(key=lambda i: i.key)
        strips = _Occluders([(s.key, s.shown(roof), s.offset) for s in terrain.strips], origin)
        for item in statics:
            rect = item.image.get_rect(topleft=(item.pos[0] + ox, item.pos[1] + oy))
            item.rect = rect
            composite.blit(item.image, rect)
            strips.cover(composite, item.key, rect)
        for item in statics:  # figures under a roof are seen through what hides them
            if item.figure is not None and under_roof(board, picture.figures[item.figure].hexes):
                look = picture.figures[item.figure].look
                composite.blit(seen_through(item.image, look.seat_color), item.rect)
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
