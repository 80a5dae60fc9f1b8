"""What the battle screen draws over the battlefield for one frame: the line-of-sight ruler,
callout tags (move warnings, the ruler's verdict) and floating damage numbers.

Each function draws straight onto the frame and returns the rectangles it touched, so the
screen can restore them next frame (dirty rectangles). Clear and blocked sight never differ
by colour alone: a clear line is solid and ends in a ring, a blocked one turns dashed at a
cross where it is stopped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from arena.client import text
from arena.client.advice import Ruler
from arena.client.palette import UI, Color
from arena.client.projection import Projection

__all__ = ["ruler_colours", "draw_ruler", "draw_tag", "draw_floater"]

Point = tuple[float, float]


def ruler_colours(colour_blind: bool) -> tuple[Color, Color]:
    """(clear, blocked) line colours: green and red, or Okabe & Ito's bluish green and
    vermillion in the colour-blind palette (told apart by dashes and marks as well)."""
    if colour_blind:
        return (0, 158, 115), (213, 94, 0)
    return (96, 222, 120), (240, 72, 60)


def _bounds(points: Sequence[Point], pad: int) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = math.floor(min(xs)) - pad, math.floor(min(ys)) - pad
    return pygame.Rect(left, top, math.ceil(max(xs)) - left + pad + 1,
                       math.ceil(max(ys)) - top + pad + 1)


def _line(surface: pygame.Surface, color: Color, a: Point, b: Point, width: int,
          dashed: bool = False, dash: float = 10.0) -> None:
    """A line with a dark outline (readable on any terrain); dashed when asked."""
    segments: list[tuple[Point, Point]] = []
    if dashed:
        length = math.dist(a, b)
        steps = max(1, int(length / dash))
        for i in range(0, steps, 2):
            t0, t1 = i / steps, min(1.0, (i + 1) / steps)
            segments.append(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)))
    else:
        segments.append((a, b))
    for p, q in segments:
        pygame.draw.line(surface, (12, 12, 18), p, q, width + 4)
    for p, q in segments:
        pygame.draw.line(surface, color, p, q, width)


def draw_ruler(surface: pygame.Surface, proj: Projection, ruler: Ruler,
               colour_blind: bool = False) -> list[pygame.Rect]:
    """The ruler from the attacker's target point to the target's hit zone: solid while the
    line is clear; at the first blocker a cross, and dashed beyond it."""
    good, bad = ruler_colours(colour_blind)
    width = max(2, round(proj.zoom / 16))
    start = proj.plane_to_screen(*ruler.start)
    end = proj.plane_to_screen(*ruler.end)
    points = [start, end]
    if ruler.clear or ruler.blocked_at is None:
        color = good if ruler.clear else bad
        _line(surface, color, start, end, width, dashed=not ruler.clear)
    else:
        stop = proj.plane_to_screen(*ruler.blocked_at)
        points.append(stop)
        _line(surface, good, start, stop, width)
        _line(surface, bad, stop, end, width, dashed=True, dash=max(6.0, proj.zoom / 5))
        r = max(6, round(proj.zoom / 6))
        for dx, dy in ((-r, -r), (r, -r)):
            pygame.draw.line(surface, (12, 12, 18), (stop[0] + dx, stop[1] + dy),
                             (stop[0] - dx, stop[1] - dy), width + 5)
        for dx, dy in ((-r, -r), (r, -r)):
            pygame.draw.line(surface, bad, (stop[0] + dx, stop[1] + dy),
                             (stop[0] - dx, stop[1] - dy), width + 1)
    # the ends: a dot at the eye, a ring on the hit zone (filled when sight reaches it)
    dot = max(3, width + 1)
    pygame.draw.circle(surface, (12, 12, 18), start, dot + 2)
    pygame.draw.circle(surface, good, start, dot)
    ring = dot + 3
    pygame.draw.circle(surface, (12, 12, 18), end, ring + 2)
    pygame.draw.circle(surface, good if ruler.clear else bad, end, ring, 0 if ruler.clear
                       else max(2, width))
    return [_bounds(points, max(ring, round(proj.zoom / 6)) + 8)]


def draw_tag(surface: pygame.Surface, lines: Sequence[tuple[str, Color]],
             at: Point, accent: Color, px: int = 16, bounds: pygame.Rect | None = None,
             title: str = "") -> pygame.Rect:
    """A callout box of ``lines`` beside the point ``at`` (right and below it, flipped to
    stay inside ``bounds``), with an ``accent`` edge; returns where it drew."""
    rows = ([(title, accent, True)] if title else []) + [(s, c, False) for s, c in lines]
    if not rows:
        return pygame.Rect(round(at[0]), round(at[1]), 0, 0)
    line_h = round(px * 1.25)
    width = max(text.size(s, px, bold)[0] for s, _, bold in rows) + 22
    height = line_h * len(rows) + 12
    box = pygame.Rect(round(at[0]) + 18, round(at[1]) + 14, width, height)
    if bounds is not None:
        if box.right > bounds.right - 4:
            box.right = round(at[0]) - 18
        if box.bottom > bounds.bottom - 4:
            box.bottom = round(at[1]) - 14
        box.clamp_ip(bounds)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (14, 16, 25, 232), panel.get_rect(), border_radius=7)
    pygame.draw.rect(panel, (*accent, 255), panel.get_rect(), 1, border_radius=7)
    pygame.draw.rect(panel, (*accent, 255), pygame.Rect(0, 6, 4, height - 12),
                     border_radius=2)
    surface.blit(panel, box)
    y = box.y + 6
    for s, color, bold in rows:
        text.blit(surface, s, px, color, (box.x + 12, y), bold=bold)
        y += line_h
    return box


def draw_floater(surface: pygame.Surface, label: str, at: Point, alpha: float,
                 px: int, color: Color = UI["bad"]) -> pygame.Rect:
    """A floating number ("-2") centred at ``at``, faded by ``alpha`` (0..1)."""
    image = text.render(label, px, color, bold=True)
    shadow = text.render(label, px, (10, 10, 16), bold=True)
    canvas = pygame.Surface((image.get_width() + 3, image.get_height() + 3), pygame.SRCALPHA)
    for dx, dy in ((2, 2), (0, 2), (2, 0)):
        canvas.blit(shadow, (dx + 1, dy + 1))
    canvas.blit(image, (1, 1))
    canvas.set_alpha(max(0, min(255, round(255 * alpha))))
    rect = canvas.get_rect(center=(round(at[0]), round(at[1])))
    surface.blit(canvas, rect)
    return rect
