"""Drawing one hex column of the battlefield: its levels, top, obstacle and markings.

`ColumnLook` says what a column is (terrain per level, obstacle, starting zone, power space,
glyph); `draw_column` draws it through a `Projection` onto any surface: the renderer's
cached row layers, a preview picture or, mid-rotation, the screen itself. Side faces are
shaded by `Projection.face_light` (light from the upper left); water is drawn a little below
its level; obstacles stand on the column as solid prisms (ruins as broken stone walls,
cryptoliths as tall dark obelisks whose top is a space to stand on).

An imported Heroscape map also says how its levels and obstacles *look* (`TerrainLooks`,
from `Column.surfaces` and `Obstacle.look`): levels are drawn in their tile's colours (grass
green, rock grey, snow white...; `palette.SURFACES`) and obstacles as what they are (trees as
a trunk under a green crown of the obstacle's height, outcrops as grey rock, glaciers as ice;
`palette.LOOKS`). Looks are cosmetic: the rules never read them.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

import pygame

from arena.client import text
from arena.client.looks import FOLIAGE
from arena.client.palette import (
    CRYPTOLITH,
    CUT,
    LOOKS,
    POWER_SPACE,
    RUIN,
    SURFACES,
    TERRAIN,
    Color,
    TerrainColors,
    mix,
    shade,
)
from arena.client.projection import Projection
from arena.hexgrid import Hex

__all__ = [
    "GLYPH_LETTERS",
    "OBSTACLE_INSET",
    "WATER_DROP",
    "ColumnLook",
    "draw_column",
    "top_height",
]

WATER_DROP = 0.3
"""How far below its level a water surface is drawn (water tiles are thinner)."""

OBSTACLE_INSET = {"ruin": 0.9, "cryptolith": 0.8}

GLYPH_LETTERS = {
    "power": "P",
    "toughness": "T",
    "movement": "M",
    "knowledge": "K",
    "recall": "R",
    "healing": "H",
}

Points = list[tuple[float, float]]



@dataclass(frozen=True)
class ColumnLook:
    """Everything drawn for one column (see the module docstring)."""

    hex: Hex
    levels: tuple[str | None, ...]
    top: int
    terrain: str | None
    obstacle: str | None = None
    obstacle_height: int = 0
    zone: Color | None = None
    power: bool = False
    glyph: str | None = None
    glyph_face_up: bool = False
    glyph_space: bool = False
    surfaces: tuple[str | None, ...] = ()
    """Each level's look (`TerrainLooks`), bottom first; empty when the map gives none."""
    look: str | None = None
    """The obstacle's look (a tree, an outcrop...), when the map gives one."""
    bottom: int = 0
    """Where the drawn part starts, in levels: 0 for a column with one surface; for one
    surface of a column with several (a bridge's deck, the ground under it), the ceiling of
    the surface below, so each surface is drawn as its own run of tiles with the air of the
    gap left open (the renderer draws each in its own depth tier)."""

    def colors(self, level: int) -> TerrainColors:
        """The colours of level ``level`` (1 = bottom): its surface's, else its terrain's."""
        index = level - 1
        found = self.surfaces[index] if 0 <= index < len(self.surfaces) else None
        if found is not None and found in SURFACES:
            return SURFACES[found]
        terrain = self.levels[index] if 0 <= index < len(self.levels) else self.terrain
        return _colors(terrain)

    @property
    def tone(self) -> float:
        """A small fixed brightness variation per hex, so the field does not look flat."""
        n = zlib.crc32(f"{self.hex.q},{self.hex.r}".encode()) % 1000
        return 0.965 + 0.07 * n / 1000.0


def top_height(look: ColumnLook, slice_level: int | None = None) -> float:
    """The height the column's top is drawn at (what the mouse picks): the top of a solid
    obstacle on it, else its surface (water a little lower), cut down by the slice."""
    top = float(look.top)
    if look.obstacle is not None:
        top += look.obstacle_height
    elif look.terrain == "water":
        top -= WATER_DROP
    if slice_level is not None:
        top = min(top, float(slice_level))
    return top


def _colors(terrain: str | None) -> TerrainColors:
    return TERRAIN.get(terrain or "land", TERRAIN["land"])


def _poly(surface: pygame.Surface, color: Color, points: Points, width: int = 0) -> None:
    pygame.draw.polygon(surface, color, points, width)


def _inner(points: Points, center: tuple[float, float], k: float) -> Points:
    cx, cy = center
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in points]


def _draw_sides(
    surface: pygame.Surface,
    proj: Projection,
    h: Hex,
    bottom: float,
    top: float,
    colors: TerrainColors,
    seams: list[float],
    scale: float = 1.0,
) -> None:
    """The visible side faces from ``bottom`` to ``top``, with a seam line at each level in
    ``seams`` (the joins between stacked tiles)."""
    for face in proj.side_faces(h, bottom, top, scale):
        color = shade(colors.side, face.light / 0.78)
        a, b, c, d = face.corners
        _poly(surface, color, [a, b, c, d])
        seam = shade(color, 0.8)
        for level in seams:
            if bottom < level < top:
                t = (level - bottom) / (top - bottom)
                p = (d[0] + (a[0] - d[0]) * t, d[1] + (a[1] - d[1]) * t)
                q = (c[0] + (b[0] - c[0]) * t, c[1] + (b[1] - c[1]) * t)
                pygame.draw.line(surface, seam, p, q)
        # a lighter lip just under the top edge sells the bevel of a tile
        pygame.draw.line(surface, shade(color, 1.18), a, b)


def _level_runs(look: ColumnLook, upto: int
                ) -> list[tuple[int, int, str, TerrainColors]]:
    """Consecutive levels of the same terrain and look from the look's ``bottom`` to
    ``upto``: (start, end, terrain, colours). Gaps (None) are left out: they are air."""
    runs: list[tuple[int, int, str, TerrainColors]] = []
    for index in range(look.bottom, min(upto, len(look.levels))):
        terrain = look.levels[index]
        if terrain is None:
            continue
        colors = look.colors(index + 1)
        if runs and runs[-1][1] == index and runs[-1][2:] == (terrain, colors):
            runs[-1] = (runs[-1][0], index + 1, terrain, colors)
        else:
            runs.append((index, index + 1, terrain, colors))
    return runs


def draw_column(
    surface: pygame.Surface,
    proj: Projection,
    look: ColumnLook,
    slice_level: int | None = None,
    detail: bool = True,
) -> None:
    """Draw one column (sides, top, markings, obstacle) onto ``surface`` through ``proj``.
    ``slice_level`` hides what is above that level; ``detail`` False skips the small
    texture marks (previews)."""
    h = look.hex
    if slice_level is not None and look.bottom >= slice_level:
        return  # a run of tiles wholly above the slice (a bridge's deck) is not shown
    cut = slice_level is not None and look.top > slice_level
    top_level = min(look.top, slice_level) if slice_level is not None else look.top
    water = look.terrain == "water" and not cut
    surface_level = top_level - (WATER_DROP if water else 0.0)
    seams = [float(i) for i in range(1, top_level)]
    for start, end, terrain, run_colors in _level_runs(look, top_level):
        hi = float(end)
        if terrain == "water" and end == top_level and water:
            hi = surface_level
        _draw_sides(surface, proj, h, float(start), hi, run_colors, seams)

    top = proj.top_face(h, surface_level)
    center = proj.to_screen(h, surface_level)
    colors = look.colors(look.top) if look.top else _colors(look.terrain)
    if cut:
        _poly(surface, CUT, top)
        _hatch(surface, top, center, shade(CUT, 0.8))
    else:
        # higher ground is lit a little more, so hills read at a glance
        fill = shade(colors.top, look.tone * (0.9 + 0.055 * min(look.top, 5)))
        _poly(surface, fill, top)
        if detail:
            _texture(surface, proj, look, top, center, fill)
        if look.zone is not None:
            inner = _inner(top, center, 0.84)
            _poly(surface, mix(fill, look.zone, 0.5), inner)
            pygame.draw.lines(surface, shade(look.zone, 0.9), True, inner,
                              max(1, round(proj.zoom / 22)))
        if look.power:
            _power_space(surface, top, center, proj.zoom, fill)
        if look.glyph_space and look.glyph is None:
            _poly(surface, shade(fill, 0.85), _inner(top, center, 0.42),
                  max(1, round(proj.zoom / 30)))
    # the outline: dark on the near edges, light on the far ones (bevelled tile edge)
    pygame.draw.lines(surface, shade(colors.top if not cut else CUT, 0.62), True, top)
    far = [top[1], top[2], top[3]]
    pygame.draw.lines(surface, shade(colors.top if not cut else CUT, 1.12), False, far)
    if look.glyph is not None and not cut:
        _glyph(surface, proj, look, center)
    if look.obstacle is not None:
        _obstacle(surface, proj, look, slice_level)


def _texture(surface: pygame.Surface, proj: Projection, look: ColumnLook, top: Points,
             center: tuple[float, float], fill: Color) -> None:
    """Small marks that tell the terrains apart beyond their colour."""
    z = proj.zoom
    seed = zlib.crc32(f"{look.hex.q}:{look.hex.r}".encode())
    if look.terrain == "road":
        # cobbles: rows of small rounded stones
        stone = shade(fill, 0.86)
        for i in range(7):
            a = (seed >> (i * 3)) % 7
            ang = 2 * math.pi * (i / 7.0) + a * 0.2
            rad = 0.45 * (0.35 + 0.6 * ((seed >> i) % 5) / 5.0)
            x = center[0] + math.cos(ang) * rad * z
            y = center[1] + math.sin(ang) * rad * z * proj.squash
            w, hh = max(2, z * 0.2), max(1, z * 0.1)
            pygame.draw.ellipse(surface, stone, pygame.Rect(x - w / 2, y - hh / 2, w, hh))
        pygame.draw.ellipse(surface, stone, pygame.Rect(center[0] - z * 0.12,
                                                        center[1] - z * 0.05, z * 0.24,
                                                        z * 0.1))
    elif look.terrain == "weirded":
        swirl = shade(_colors("weirded").detail, 1.0)
        r = z * 0.5
        rect = pygame.Rect(center[0] - r / 2, center[1] - r * proj.squash / 2, r,
                           r * proj.squash)
        pygame.draw.arc(surface, swirl, rect, 0.3, 4.2, max(1, round(z / 24)))
        rect2 = rect.inflate(-r * 0.45, -r * 0.45 * proj.squash)
        pygame.draw.arc(surface, swirl, rect2, 3.4, 7.2, max(1, round(z / 28)))
    elif look.terrain == "land":
        speck = shade(fill, 0.9)
        for i in range(5):
            v = (seed >> (i * 5)) & 31
            u = (seed >> (i * 4 + 2)) & 31
            x = center[0] + (v / 31.0 - 0.5) * z * 1.1
            y = center[1] + (u / 31.0 - 0.5) * z * 1.0 * proj.squash
            pygame.draw.circle(surface, speck, (x, y), max(1.0, z / 30))


def _hatch(surface: pygame.Surface, top: Points, center: tuple[float, float],
           color: Color) -> None:
    xs = [p[0] for p in top]
    left, right = min(xs), max(xs)
    step = max(4.0, (right - left) / 6)
    ys = [p[1] for p in top]
    x = left
    while x < right:
        pygame.draw.line(surface, color, (x, center[1] - (max(ys) - min(ys)) * 0.25),
                         (x + step * 0.8, center[1] + (max(ys) - min(ys)) * 0.25))
        x += step


def _power_space(surface: pygame.Surface, top: Points, center: tuple[float, float],
                 zoom: float, fill: Color) -> None:
    inner = _inner(top, center, 0.72)
    _poly(surface, mix(fill, POWER_SPACE, 0.55), inner)
    pygame.draw.lines(surface, shade(POWER_SPACE, 0.8), True, inner, max(1, round(zoom / 18)))
    cx, cy = center
    r = zoom * 0.18
    diamond = [(cx, cy - r * 0.6), (cx + r, cy), (cx, cy + r * 0.6), (cx - r, cy)]
    _poly(surface, shade(POWER_SPACE, 1.25), diamond)


def _glyph(surface: pygame.Surface, proj: Projection, look: ColumnLook,
           center: tuple[float, float]) -> None:
    """A round glyph token: ability side up shows its letter on gold, the other side a dark
    back with a rune."""
    z = proj.zoom
    rx, ry = z * 0.5, z * 0.5 * proj.squash
    thick = max(2.0, z * 0.09)
    cx, cy = center
    rect = pygame.Rect(0, 0, rx * 2, ry * 2)
    rect.center = (round(cx), round(cy - thick / 2))
    rim = pygame.Rect(rect)
    rim.move_ip(0, round(thick))
    if look.glyph_face_up:
        face, edge, ink = (240, 214, 140), (150, 112, 48), (70, 44, 20)
    else:
        face, edge, ink = (70, 62, 92), (36, 32, 50), (176, 160, 220)
    pygame.draw.ellipse(surface, shade(edge, 0.8), rim)
    pygame.draw.rect(surface, shade(edge, 0.8),
                     pygame.Rect(rect.left, rect.centery, rect.width, round(thick)))
    pygame.draw.ellipse(surface, face, rect)
    pygame.draw.ellipse(surface, edge, rect, max(1, round(z / 20)))
    if look.glyph_face_up:
        letter = GLYPH_LETTERS.get(look.glyph or "", "?")
        image = text.render(letter, max(8, round(z * 0.62)), ink, bold=True)
        image = pygame.transform.smoothscale(
            image, (image.get_width(), max(1, round(image.get_height() * 0.8))))
        surface.blit(image, image.get_rect(center=rect.center))
    else:
        r = z * 0.2
        pts = [(rect.centerx, rect.centery - r * 0.55), (rect.centerx + r, rect.centery),
               (rect.centerx, rect.centery + r * 0.55), (rect.centerx - r, rect.centery)]
        pygame.draw.lines(surface, ink, True, pts, max(1, round(z / 22)))


def _obstacle(surface: pygame.Surface, proj: Projection, look: ColumnLook,
              slice_level: int | None) -> None:
    h = look.hex
    kind = look.obstacle or "ruin"
    inset = OBSTACLE_INSET.get(kind, 0.9)
    base = float(look.top)
    top = base + look.obstacle_height
    if slice_level is not None:
        if base >= slice_level:
            return
        top = min(top, float(slice_level))
    if kind == "ruin" and look.look in FOLIAGE and top == base + look.obstacle_height:
        _plant(surface, proj, look, base, top)
        return
    colors = CRYPTOLITH if kind == "cryptolith" else RUIN
    walled = kind == "ruin" and look.look in (None, "ruin", "marvelRuin", "castleWall")
    if kind == "ruin" and look.look in LOOKS:
        colors = LOOKS[look.look]
        inset = 0.8 if look.look in FOLIAGE else 0.86
    seams = [float(i) for i in range(int(base) + 1, int(top))] if walled else []
    _draw_sides(surface, proj, h, base, top, colors, seams, inset)
    faces = proj.side_faces(h, base, top, inset)
    z = proj.zoom
    if kind == "ruin" and not walled:
        pass  # rock, ice, a hive, a pillar: a plain prism in its own colours
    elif kind == "ruin":
        # a dark arched window in each visible wall reads as a ruin at a glance
        for face in faces:
            a, b, c, d = face.corners
            cx = (a[0] + b[0] + c[0] + d[0]) / 4
            wx = abs(b[0] - a[0]) * 0.32
            upper, lower = (a[1] + b[1]) / 2, (c[1] + d[1]) / 2
            y_top = upper + (lower - upper) * 0.22
            y_bot = upper + (lower - upper) * 0.62
            if wx < 2 or y_bot - y_top < 4:
                continue
            window = pygame.Rect(cx - wx / 2, y_top, wx, y_bot - y_top)
            dark = shade(colors.side, 0.45 * face.light / 0.78 + 0.1)
            pygame.draw.rect(surface, dark, window,
                             border_top_left_radius=round(wx / 2),
                             border_top_right_radius=round(wx / 2))
    else:
        # glowing runes down the faces of a cryptolith
        for face in faces:
            a, b, c, d = face.corners
            glow = mix(colors.detail, shade(colors.side, face.light), 0.25)
            pts = []
            for i in range(7):
                t = 0.1 + 0.8 * i / 6
                u = 0.35 + 0.3 * (i % 2)
                x = a[0] + (b[0] - a[0]) * u + (d[0] - a[0]) * t
                y = a[1] + (b[1] - a[1]) * u + (d[1] - a[1]) * t
                pts.append((x, y))
            pygame.draw.lines(surface, glow, False, pts, max(1, round(z / 26)))
    top_face = proj.top_face(h, top, inset)
    center = proj.to_screen(h, top)
    cut = top < base + look.obstacle_height
    fill = CUT if cut else colors.top
    _poly(surface, fill, top_face)
    if kind == "cryptolith" and not cut:
        inner = _inner(top_face, center, 0.55)
        pygame.draw.lines(surface, colors.detail, True, inner, max(1, round(z / 22)))
    pygame.draw.lines(surface, shade(fill, 0.6), True, top_face)
    pygame.draw.lines(surface, shade(fill, 1.2), False, top_face[1:4])


def _plant(surface: pygame.Surface, proj: Projection, look: ColumnLook, base: float,
           top: float) -> None:
    """A tree, palm, underbrush or shroudshroom standing on its hex, as tall as its
    obstacle: a trunk (a thin prism) and a crown drawn in screen space around the hex's
    axis, lit from the upper left like everything else."""
    colors = LOOKS[look.look or "tree"]
    h = look.hex
    z = proj.zoom
    height = top - base
    kind = look.look
    x, y_top = proj.to_screen(h, top)
    def at(level: float) -> float:
        return proj.to_screen(h, level)[1]

    if kind == "brush":
        # a dense clump of leaves from the ground up
        for i in range(5):
            t = (i + 0.6) / 5.4
            r = z * (0.62 - 0.28 * t)
            cx = x + (-1) ** i * z * 0.12 * (1 - t)
            cy = at(base + height * t * 0.92)
            pygame.draw.circle(surface, colors.detail, (cx + r * 0.2, cy + r * 0.12), r)
            pygame.draw.circle(surface, colors.top, (cx - r * 0.12, cy - r * 0.08), r * 0.86)
        return
    trunk_top = base + height * {"palm": 0.82, "shroudshroom": 0.78}.get(kind or "", 0.3)
    _draw_sides(surface, proj, h, base, trunk_top, TerrainColors(
        colors.side, colors.side, colors.side), [], 0.16)
    if kind == "palm":
        cx, cy = proj.to_screen(h, trunk_top)
        width = max(2, round(z / 7))
        for i in range(7):
            angle = math.pi * (i / 6.0)
            tip = (cx + math.cos(angle) * z * 0.85, cy - z * 0.15 + math.sin(angle) * z * 0.45)
            mid = (cx + math.cos(angle) * z * 0.45, cy - z * 0.35)
            shade_ = colors.top if math.cos(angle) < 0.2 else colors.detail
            pygame.draw.lines(surface, shade_, False, [(cx, cy), mid, tip], width)
        pygame.draw.circle(surface, colors.detail, (cx, cy), max(2.0, z * 0.14))
        return
    if kind == "shroudshroom":
        cx, cy = proj.to_screen(h, trunk_top)
        rx, ry = z * 0.8, max(3.0, (cy - y_top) * 1.1)
        cap = pygame.Rect(cx - rx, cy - ry, rx * 2, ry * 2)
        pygame.draw.ellipse(surface, colors.detail, cap.move(0, ry * 0.25))
        pygame.draw.ellipse(surface, colors.top, cap)
        return
    # an evergreen: three tiers of a cone, the right half of each in shadow
    y_low = at(trunk_top)
    span = y_low - y_top
    for i in range(3):
        yb = y_low - span * i * 0.3
        ya = yb - span * 0.55 if i < 2 else y_top
        w = z * (0.8 - 0.17 * i)
        _poly(surface, colors.top, [(x - w, yb), (x, ya), (x, yb + w * 0.18)])
        _poly(surface, colors.detail, [(x, yb + w * 0.18), (x, ya), (x + w, yb)])
        if kind == "snowTree":
            pygame.draw.line(surface, (244, 248, 252), (x - w * 0.9, yb - 1), (x, ya),
                             max(1, round(z / 16)))
