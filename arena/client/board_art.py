"""Sprites the battlefield renderer lays over the terrain: the highlight on a space's face,
the warning sign beside a provoking cost, the shimmer on water, and a faded copy of an image
(a roof cut away over the pointer, `arena.client.tiers`), a figure touched by a hit, fading
or sinking, and a figure seen through the roof it stands under. Pure drawing for one camera; the
renderer keeps them per camera state."""

from __future__ import annotations

import math
from dataclasses import replace

import pygame

from arena.client.figures import BASE_RADIUS
from arena.client.palette import HIGHLIGHTS, shade
from arena.client.projection import Projection
from arena.hexgrid import Hex

__all__ = ["SEEN_THROUGH_ALPHA", "faint", "marker_image", "seen_through", "touched",
           "warning_sign", "water_frames"]

SEEN_THROUGH_ALPHA = 0.4
"""How opaque a figure under a roof is drawn over the terrain in front of it: enough to be
found and clicked, little enough to tell from a figure in the open."""


def warning_sign(height: int, colour: tuple[int, int, int]) -> pygame.Surface:
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


def marker_image(proj: Projection, style: str) -> tuple[pygame.Surface, tuple[int, int]]:
    """The marker sprite of ``style`` for this camera, and where the centre of the face
    it marks lies inside it."""
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
    return image, (round(center[0]), round(center[1]))


def water_frames(proj: Projection) -> tuple[list[pygame.Surface], tuple[int, int]]:
    """The eight frames of the shimmer on a water face for this camera, and where the centre
    of the face lies inside them."""
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
    return frames, (round(cx - ox), round(cy - oy))


def faint(image: pygame.Surface, alpha: float) -> pygame.Surface:
    """A copy of ``image`` at ``alpha`` of its opacity (a roof cut away, a figure on it)."""
    out = image.copy()
    out.fill((255, 255, 255, round(255 * alpha)), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def seen_through(image: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    """A figure standing under a roof (a bridge's deck, a hall's ceiling), to be drawn over
    whatever hides it: a faint copy inside an outline in its seat's colour, so a figure in the
    crypt's halls is seen and clicked without cutting the building away."""
    out = faint(image, SEEN_THROUGH_ALPHA)
    points = pygame.mask.from_surface(image).outline()
    if len(points) > 2:
        pygame.draw.lines(out, (*colour, 230), True, points, 2)
    return out


def touched(image: pygame.Surface, anchor: tuple[int, int], proj: Projection, sink: float,
            flash: float, alpha: float) -> pygame.Surface:
    """A copy of a figure's sprite lit by a hit flash, faded, and cut below the ground it
    sank into."""
    out = image.copy()
    if sink > 0:
        ground = anchor[1] - sink * proj.level_px + proj.zoom * BASE_RADIUS * proj.squash
        top = max(0, math.ceil(ground))
        if top < out.get_height():
            out.fill((0, 0, 0, 0), pygame.Rect(0, top, out.get_width(), out.get_height() - top))
    if flash > 0:
        f = min(1.0, flash)
        out.fill((round(230 * f), round(120 * f), round(100 * f)),
                 special_flags=pygame.BLEND_RGB_ADD)
    if alpha < 1:
        out.fill((255, 255, 255, max(0, round(255 * alpha))),
                 special_flags=pygame.BLEND_RGBA_MULT)
    return out
