"""The window icon: one sand hex column drawn with polygons (no art files to ship)."""

from __future__ import annotations

import math

import pygame

from arena.client.palette import Color, shade

SAND_TOP: Color = (226, 198, 140)
SAND_SIDE: Color = (168, 128, 84)
SQUASH = 0.56
"""How flat a hex top looks from the icon's angle (height over width)."""

Point = tuple[float, float]


def hex_corners(center: Point, radius: float, squash: float = SQUASH) -> list[Point]:
    """Corners of a pointy-top hex seen at an angle, clockwise from the lower right (corners
    0-2 are the near ones whose edges have side faces below them)."""
    cx, cy = center
    return [(cx + radius * math.cos(math.radians(30 + 60 * k)),
             cy + radius * squash * math.sin(math.radians(30 + 60 * k))) for k in range(6)]


def draw_hex_column(surface: pygame.Surface, top_center: Point, radius: float, height: float,
                    top_color: Color, side_color: Color, levels: int = 1) -> None:
    """One hex prism: two shaded near side faces (light from the upper left), then the top
    face over them; ``levels`` thin lines on the sides show stacked terrain pieces."""
    top = hex_corners(top_center, radius)
    for a, b, light in ((1, 2, 0.92), (0, 1, 0.66)):  # lower-left lit, lower-right shadow
        pa, pb = top[a], top[b]
        face_color = shade(side_color, light)
        pygame.draw.polygon(surface, face_color,
                            [pa, pb, (pb[0], pb[1] + height), (pa[0], pa[1] + height)])
        seam = shade(face_color, 0.82)
        for level in range(1, levels):
            dy = height * level / levels
            pygame.draw.line(surface, seam, (pa[0], pa[1] + dy), (pb[0], pb[1] + dy))
    edge = shade(side_color, 0.5)
    for k, color in ((0, edge), (1, shade(side_color, 1.08)), (2, edge)):
        x, y = top[k]
        pygame.draw.line(surface, color, (x, y), (x, y + height))
    pygame.draw.polygon(surface, top_color, top)
    pygame.draw.aalines(surface, shade(top_color, 0.78), True, top)
    pygame.draw.aalines(surface, shade(top_color, 1.12), False, top[3:6] + [top[0]])


def make_icon(size: int = 32) -> pygame.Surface:
    """The window icon: one sand hex column, two levels high."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_hex_column(icon, (size / 2, size * 0.3), size * 0.46, size * 0.36, SAND_TOP,
                    SAND_SIDE, 2)
    return icon
