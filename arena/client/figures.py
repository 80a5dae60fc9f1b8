"""Figures drawn as painted miniatures from primitives (no art files).

A miniature is a coloured base (the player's colour; in the colour-blind palette with the
team's pattern on it) and a silhouette standing on it whose height in pixels is the figure's
height in levels (`Projection.level_px` each), so a height-5 Rhox towers over a height-4 Kor
exactly as the rules see them. Planeswalkers wear robes, a cape and carry a staff; squads and
heroes are soldiers whose build, weapon and shield vary by card; double-space figures are
beasts whose base spans both their hexes. The body is painted in the seat's colour (tinted
by the card's Magic colour, which also lights a Planeswalker's staff), so whose figure it is
reads at a glance, and is lit from the upper left like the terrain. Damage shows as pips
over the head (red = damage, dark = life left), and rings round the base mark the chosen
army card's figures and the selected figure.

Neighbouring figures never cover each other: two hexes side by side on a row are a hex's
width apart on screen (√3 sizes), but a neighbour in the row in front or behind is only half
that to the side, and the tilted camera brings its rows close, so a tall figure in front
reaches up past the base of the one behind it. The base is therefore a little narrower than
half a hex's width (`BASE_RADIUS`) and the silhouette, scaled with it, stays inside its own
half: the base of the figure behind ends before the body in front begins. The soft shadow is
left out of the picking mask (`MASK_ALPHA`), so it neither counts as the figure nor covers.

Sprites are cached by everything that changes their pixels (look, zoom, the offset to a
double-space figure's second hex), so a frame only blits.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

import pygame

from arena.client.palette import HIGHLIGHTS, MTG_COLOURS, Color, mix, shade

__all__ = ["BASE_RADIUS", "MASK_ALPHA", "PIPS_PER_ROW", "FigureLook", "Sprite", "figure_sprite",
           "clear_cache"]

BASE_RADIUS = 0.34
"""A base's radius in hex sizes: the centres of neighbours in rows in front and behind are
√3/2 (0.87) sizes apart sideways, so a base this wide and a body inside it keep clear of
each other (at 0.56 the figure in front covered the base of the one behind; at 0.40 a raised
hand or a staff still touched the neighbour's life pips at 1280x720)."""

PIPS_PER_ROW = 4
"""Life pips in a row over the head: four are narrower than the base (a Planeswalker's six
or seven in one row were wider, and reached over the figure behind)."""

MASK_ALPHA = 80
"""The opacity from which a sprite's pixel is the figure (for picking and covering): above
the soft shadow's (70) so the shadow is neither."""


@dataclass(frozen=True)
class FigureLook:
    """What a figure looks like now."""

    id: str
    card: str
    kind: str
    colour: str
    height: int
    seat_color: Color
    pattern: str | None = None
    double: bool = False
    damage: int = 0
    life: int = 1
    chosen: bool = False
    selected: bool = False
    ghost: bool = False


@dataclass(frozen=True)
class Sprite:
    """A rendered figure and the pixel of its base centre (the anchor on the hex)."""

    image: pygame.Surface
    anchor: tuple[int, int]
    mask: pygame.mask.Mask


_cache: dict[tuple[object, ...], Sprite] = {}
_CACHE_LIMIT = 600


def clear_cache() -> None:
    """Drop every cached sprite (palette or display changes)."""
    _cache.clear()


def figure_sprite(
    look: FigureLook,
    zoom: float,
    level_px: float,
    squash: float,
    pair: tuple[float, float] | None = None,
) -> Sprite:
    """The sprite of ``look`` at this zoom. ``pair`` is the screen offset from this anchor
    to the second hex of a double-space figure (None for single-space)."""
    rounded_pair = None if pair is None else (round(pair[0]), round(pair[1]))
    key = (look, round(zoom, 2), round(level_px, 2), squash, rounded_pair)
    found = _cache.get(key)
    if found is None:
        if len(_cache) > _CACHE_LIMIT:
            _cache.clear()
        found = _cache[key] = _build(look, zoom, level_px, squash, rounded_pair)
    return found


def _variant(card: str) -> int:
    return zlib.crc32(card.encode())


def _build(look: FigureLook, zoom: float, level_px: float, squash: float,
           pair: tuple[int, int] | None) -> Sprite:
    rx = zoom * BASE_RADIUS
    ry = rx * squash
    base_h = max(2.0, zoom * 0.1)
    body_h = max(8.0, look.height * level_px - base_h)
    pip_room = zoom * (0.09 + 0.21 * _pip_rows(look))
    px, py = pair if pair is not None else (0, 0)
    left = min(0.0, px) - rx * 1.3
    right = max(0.0, px) + rx * 1.3
    top = min(0.0, py) - body_h - base_h - pip_room - 4
    bottom = max(0.0, py) + ry * 1.3 + base_h + 2
    width, height = int(right - left) + 2, int(bottom - top) + 2
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    ax, ay = int(-left) + 1, int(-top) + 1
    ends: list[tuple[float, float]] = ([(ax, ay)] if pair is None else
                                       [(ax, ay), (ax + px, ay + py)])

    # rings under the base: chosen card (gold) and selected figure (bright, thicker)
    if look.selected or look.chosen:
        color = HIGHLIGHTS["selected"] if look.selected else HIGHLIGHTS["chosen"]
        grow = 1.28 if look.selected else 1.18
        for ex, ey in ends:
            ring = pygame.Rect(0, 0, rx * 2 * grow, ry * 2 * grow)
            ring.center = (round(ex), round(ey))
            pygame.draw.ellipse(image, (*color, 90 if look.chosen else 140), ring)
            pygame.draw.ellipse(image, (*color, 255), ring, max(2, round(zoom / 16)))

    for ex, ey in ends:  # a soft shadow grounds the miniature
        shadow = pygame.Rect(0, 0, rx * 2.2, ry * 2.2)
        shadow.center = (round(ex + rx * 0.12), round(ey + ry * 0.25))
        pygame.draw.ellipse(image, (0, 0, 0, 70), shadow)
    _base(image, ends, rx, ry, base_h, look, zoom)
    top_y = ay - base_h
    if pair is not None:
        _beast(image, look, ends, rx, top_y, body_h, zoom)
        head_x = (ends[0][0] + ends[1][0]) / 2
        head_top = min(e[1] for e in ends) - base_h - body_h
    elif look.kind == "planeswalker":
        _planeswalker(image, look, ax, top_y, body_h, rx)
        head_x, head_top = ax, top_y - body_h
    else:
        _soldier(image, look, ax, top_y, body_h, rx)
        head_x, head_top = ax, top_y - body_h
    if look.life > 1 or look.damage:
        _pips(image, look, head_x, head_top - zoom * 0.08, zoom)
    if look.ghost:
        image.set_alpha(140)
    return Sprite(image, (ax, ay), pygame.mask.from_surface(image, MASK_ALPHA))


CARD_TINT = 0.1
"""How much of its cards' Magic colour a body takes; the rest is its seat's colour, so whose
figure it is shows at a glance (red Chandra on player 3's side looked like player 1's red)."""


def _body_colors(look: FigureLook) -> tuple[Color, Color, Color]:
    """A body's lit, shaded and edge colours: its seat's colour, tinted by its cards'."""
    body = mix(look.seat_color, MTG_COLOURS.get(look.colour, MTG_COLOURS["colourless"]),
               CARD_TINT)
    lit = shade(body, 1.12)
    dark = shade(body, 0.7)
    edge = shade(body, 0.38)
    return lit, dark, edge


def _shaded(image: pygame.Surface, points: list[tuple[float, float]], split_x: float,
            lit: Color, dark: Color, edge: Color) -> None:
    """A polygon lit on the left of ``split_x`` and in shade on its right, outlined."""
    pygame.draw.polygon(image, lit, points)
    clip = image.get_clip()
    image.set_clip(pygame.Rect(int(split_x), 0, image.get_width(), image.get_height()))
    pygame.draw.polygon(image, dark, points)
    image.set_clip(clip)
    pygame.draw.polygon(image, edge, points, 1)


def _ellipse(image: pygame.Surface, rect: pygame.Rect, split_x: float, lit: Color,
             dark: Color, edge: Color) -> None:
    pygame.draw.ellipse(image, lit, rect)
    clip = image.get_clip()
    image.set_clip(pygame.Rect(int(split_x), 0, image.get_width(), image.get_height()))
    pygame.draw.ellipse(image, dark, rect)
    image.set_clip(clip)
    pygame.draw.ellipse(image, edge, rect, 1)


def _base(image: pygame.Surface, ends: list[tuple[float, float]], rx: float, ry: float,
          base_h: float, look: FigureLook, zoom: float) -> None:
    color = look.seat_color
    side, top_c, edge = shade(color, 0.62), shade(color, 1.0), shade(color, 0.4)
    # side band: the base's thickness
    for ex, ey in ends:
        r = pygame.Rect(0, 0, rx * 2, ry * 2)
        r.center = (round(ex), round(ey))
        pygame.draw.ellipse(image, side, r)
        pygame.draw.rect(image, side, pygame.Rect(r.left, r.centery - base_h, r.width, base_h))
    if len(ends) == 2:
        (x0, y0), (x1, y1) = ends
        _capsule(image, (x0, y0), (x1, y1), rx, ry, side)
        _capsule(image, (x0, y0 - base_h), (x1, y1 - base_h), rx, ry, top_c)
    for ex, ey in ends:
        r = pygame.Rect(0, 0, rx * 2, ry * 2)
        r.center = (round(ex), round(ey - base_h))
        pygame.draw.ellipse(image, top_c, r)
        pygame.draw.ellipse(image, edge, r, 1)
        if look.pattern:
            _pattern(image, r, look.pattern, shade(color, 0.45), zoom)
        # a light rim on the far edge of the base
        pygame.draw.arc(image, shade(color, 1.35), r, math.radians(20), math.radians(160),
                        max(1, round(zoom / 24)))


def _capsule(image: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
             rx: float, ry: float, color: Color) -> None:
    """A squashed stadium joining two base ellipses."""
    dx, dy = b[0] - a[0], (b[1] - a[1]) / max(ry / rx, 1e-6)
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * rx, dx / length * rx
    ny *= ry / rx
    pts = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny),
           (a[0] - nx, a[1] - ny)]
    pygame.draw.polygon(image, color, pts)
    for cx, cy in (a, b):
        r = pygame.Rect(0, 0, rx * 2, ry * 2)
        r.center = (round(cx), round(cy))
        pygame.draw.ellipse(image, color, r)


def _pattern(image: pygame.Surface, rect: pygame.Rect, pattern: str, ink: Color,
             zoom: float) -> None:
    """The team's pattern on a base top (colour-blind palette)."""
    clip = image.get_clip()
    image.set_clip(rect)
    w = max(1, round(zoom / 22))
    if pattern == "stripes":
        step = max(4, rect.width // 6)
        for x in range(rect.left - rect.height, rect.right, step):
            pygame.draw.line(image, ink, (x, rect.bottom), (x + rect.height, rect.top), w)
    elif pattern == "dots":
        step = max(4, rect.width // 5)
        for y in range(rect.top + step // 2, rect.bottom, max(3, step // 2)):
            for x in range(rect.left + step // 2, rect.right, step):
                pygame.draw.circle(image, ink, (x, y), max(1, w))
    elif pattern == "rings":
        inner = rect.inflate(-rect.width * 0.35, -rect.height * 0.35)
        pygame.draw.ellipse(image, ink, inner, w)
    elif pattern == "checks":
        step = max(4, rect.width // 5)
        for i, x in enumerate(range(rect.left, rect.right, step)):
            for j, y in enumerate(range(rect.top, rect.bottom, max(2, step // 2))):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(image, ink, pygame.Rect(x, y, step, max(2, step // 2)))
    else:  # cross
        pygame.draw.line(image, ink, rect.midleft, rect.midright, w + 1)
        pygame.draw.line(image, ink, rect.midtop, rect.midbottom, w + 1)
    image.set_clip(clip)


def _limb(image: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
          width: float, color: Color, edge: Color) -> None:
    """A rounded limb from ``a`` to ``b``, outlined."""
    w = max(2, round(width))
    pygame.draw.line(image, edge, a, b, w + 2)
    pygame.draw.circle(image, edge, b, w / 2 + 1)
    pygame.draw.line(image, color, a, b, w)
    pygame.draw.circle(image, color, b, w / 2)


def _head(image: pygame.Surface, cx: float, neck: float, r: float, edge: Color) -> pygame.Rect:
    head = pygame.Rect(0, 0, round(r * 2), round(r * 2.1))
    head.midbottom = (round(cx), round(neck + r * 0.25))
    _ellipse(image, head, cx + r * 0.25, (226, 192, 160), (176, 140, 114), edge)
    return head


def _planeswalker(image: pygame.Surface, look: FigureLook, cx: float, foot: float,
                  height: float, rx: float) -> None:
    lit, dark, edge = _body_colors(look)
    gold = (232, 196, 96)
    w = rx * 1.0
    head_r = max(3.0, height * 0.11)
    neck = foot - height + head_r * 2.1
    shoulder = neck + head_r * 0.35
    belt_y = shoulder + (foot - shoulder) * 0.36
    # cape behind the body, in shade
    cape = [(cx - w * 0.55, shoulder), (cx + w * 0.55, shoulder), (cx + w * 0.95, foot - 1),
            (cx - w * 0.95, foot - 1)]
    pygame.draw.polygon(image, shade(dark, 0.72), cape)
    pygame.draw.polygon(image, edge, cape, 1)
    # robe, flaring to the hem
    robe = [(cx - w * 0.45, shoulder), (cx + w * 0.45, shoulder), (cx + w * 0.52, belt_y),
            (cx + w * 0.78, foot), (cx - w * 0.78, foot), (cx - w * 0.52, belt_y)]
    _shaded(image, robe, cx + w * 0.1, lit, dark, edge)
    pygame.draw.line(image, gold, (cx - w * 0.5, belt_y), (cx + w * 0.5, belt_y),
                     max(2, round(rx / 9)))
    pygame.draw.line(image, gold, (cx, belt_y), (cx, foot - 1), max(1, round(rx / 14)))
    pygame.draw.line(image, gold, (cx - w * 0.76, foot - 2), (cx + w * 0.76, foot - 2),
                     max(2, round(rx / 10)))
    # shoulders
    for side in (-1, 1):
        pad = pygame.Rect(0, 0, w * 0.5, head_r * 0.9)
        pad.center = (round(cx + side * w * 0.42), round(shoulder + head_r * 0.2))
        pygame.draw.ellipse(image, gold if side < 0 else shade(gold, 0.75), pad)
        pygame.draw.ellipse(image, edge, pad, 1)
    # staff in the far hand, the near hand raised casting
    staff_x = cx + w * 0.85
    hand = (staff_x - 1, shoulder + (belt_y - shoulder) * 0.9)
    _limb(image, (cx + w * 0.42, shoulder + head_r * 0.3), hand, rx * 0.26, dark, edge)
    pygame.draw.line(image, (96, 68, 44), (staff_x, foot - 1), (staff_x, neck - head_r * 2.2),
                     max(2, round(rx / 7)))
    gem_y = neck - head_r * 2.5
    glow = mix(MTG_COLOURS.get(look.colour, (200, 200, 200)), (255, 255, 255), 0.45)
    pygame.draw.circle(image, (*glow, 120), (staff_x, gem_y), head_r * 1.05)
    pygame.draw.circle(image, glow, (staff_x, gem_y), max(2.0, head_r * 0.5))
    pygame.draw.circle(image, edge, (staff_x, gem_y), max(2.0, head_r * 0.5), 1)
    _limb(image, (cx - w * 0.42, shoulder + head_r * 0.3),
          (cx - w * 0.85, shoulder - head_r * 0.4), rx * 0.26, lit, edge)
    pygame.draw.circle(image, (*glow, 150), (cx - w * 0.9, shoulder - head_r * 0.6),
                       head_r * 0.55)
    # head under a hood
    head = _head(image, cx, neck, head_r, edge)
    hood = head.inflate(round(head_r * 0.7), round(head_r * 0.5)).move(0, -round(head_r * 0.2))
    pygame.draw.arc(image, shade(dark, 0.85), hood, math.radians(-20), math.radians(200),
                    max(2, round(head_r * 0.45)))


def _soldier(image: pygame.Surface, look: FigureLook, cx: float, foot: float, height: float,
             rx: float) -> None:
    lit, dark, edge = _body_colors(look)
    v = _variant(look.card)
    bulk = 0.9 + 0.3 * ((v >> 3) % 3) / 2  # lean .. bulky
    w = rx * 0.52 * bulk
    head_r = max(3.0, height * 0.1)
    neck = foot - height + head_r * 2.1
    shoulder = neck + head_r * 0.3
    hip = shoulder + (foot - shoulder) * 0.46
    leg_w = max(3.0, w * 0.5)
    metal = (190, 194, 204)
    leather = (112, 82, 56)
    # legs and boots
    for side in (-1, 1):
        x = cx + side * w * 0.38
        _limb(image, (x, hip), (x + side * w * 0.08, foot - leg_w * 0.3), leg_w,
              shade(lit, 0.88) if side < 0 else dark, edge)
        boot = pygame.Rect(0, 0, leg_w * 1.4, leg_w * 0.8)
        boot.midbottom = (round(x + side * w * 0.1), round(foot))
        pygame.draw.ellipse(image, leather, boot)
    # torso: broad shoulders to a belt
    torso = [(cx - w, shoulder), (cx + w, shoulder), (cx + w * 0.72, hip + leg_w * 0.3),
             (cx - w * 0.72, hip + leg_w * 0.3)]
    _shaded(image, torso, cx + w * 0.1, lit, dark, edge)
    pygame.draw.line(image, leather, (cx - w * 0.74, hip), (cx + w * 0.74, hip),
                     max(2, round(leg_w * 0.35)))
    # weapon arm (far side)
    weapon = (v >> 7) % 3
    hand = (cx + w * 1.15, shoulder + (hip - shoulder) * 0.75)
    _limb(image, (cx + w * 0.85, shoulder + 2), hand, leg_w * 0.8, dark, edge)
    haft = max(2, round(leg_w * 0.35))
    if weapon == 0:  # spear
        tip = (hand[0] + w * 0.15, neck - head_r * 3.2)
        pygame.draw.line(image, leather, (hand[0] - w * 0.05, foot - 1), tip, haft)
        pygame.draw.polygon(image, metal, [(tip[0] - haft * 1.5, tip[1] + haft * 3.5),
                                           (tip[0] + haft * 1.5, tip[1] + haft * 3.5),
                                           (tip[0], tip[1] - haft * 2)])
    elif weapon == 1:  # sword raised
        end = (hand[0] + w * 0.45, hand[1] - height * 0.45)
        pygame.draw.line(image, edge, hand, end, haft + 3)
        pygame.draw.line(image, metal, hand, end, haft + 1)
        pygame.draw.line(image, (168, 124, 60), (hand[0] - haft * 2, hand[1] + haft),
                         (hand[0] + haft * 2, hand[1] - haft), haft)
    else:  # hook on a haft
        end = (hand[0] + w * 0.25, hand[1] - height * 0.5)
        pygame.draw.line(image, leather, (hand[0], hand[1] + height * 0.1), end, haft)
        hook = pygame.Rect(0, 0, w * 0.9, w * 0.9)
        hook.midleft = (round(end[0] - w * 0.1), round(end[1] + w * 0.3))
        pygame.draw.arc(image, metal, hook, math.radians(-30), math.radians(200), haft + 1)
    # shield on the near arm, or a bare arm
    if (v >> 11) % 2 == 0:
        sw, sh = w * 1.05, (hip - shoulder) * 1.05
        shield = pygame.Rect(0, 0, sw, sh)
        shield.midright = (round(cx - w * 0.35), round(shoulder + (hip - shoulder) * 0.55))
        _ellipse(image, shield, shield.centerx + sw * 0.3, shade(metal, 0.95),
                 shade(metal, 0.72), shade(metal, 0.35))
        pygame.draw.circle(image, mix(lit, (200, 160, 60), 0.5), shield.center,
                           max(2.0, sw * 0.2))
    else:
        _limb(image, (cx - w * 0.85, shoulder + 2), (cx - w * 1.15, hip), leg_w * 0.8, lit,
              edge)
    # head and helmet with a crest
    head = _head(image, cx, neck, head_r, edge)
    if (v >> 13) % 2 == 0:
        helm = head.inflate(2, 0).move(0, -round(head_r * 0.35))
        pygame.draw.arc(image, metal, helm, math.radians(0), math.radians(180),
                        max(2, round(head_r * 0.55)))
        pygame.draw.line(image, (200, 64, 52), (cx, helm.top),
                         (cx - head_r * 0.6, helm.top - head_r * 0.8), max(2, round(head_r / 2)))
    else:
        pygame.draw.arc(image, shade(dark, 0.8), head.inflate(2, 2), math.radians(10),
                        math.radians(170), max(2, round(head_r * 0.5)))


def _beast(image: pygame.Surface, look: FigureLook, ends: list[tuple[float, float]],
           rx: float, foot: float, height: float, zoom: float) -> None:
    """A four-legged body spanning both hexes of a double-space figure."""
    lit, dark, edge = _body_colors(look)
    (x0, y0), (x1, y1) = ends
    left, right = (ends[0], ends[1]) if x0 <= x1 else (ends[1], ends[0])
    cx = (x0 + x1) / 2
    base_y = (y0 + y1) / 2 - (foot - y0 if foot < y0 else 0)
    span = max(abs(x1 - x0), rx * 1.2)
    body_top = base_y - height * 0.78
    body_bottom = base_y - height * 0.4
    body = pygame.Rect(cx - span / 2 - rx * 0.3, body_top, span + rx * 0.6,
                       body_bottom - body_top)
    # legs
    for lx in (body.left + body.width * 0.15, body.left + body.width * 0.35,
               body.left + body.width * 0.65, body.left + body.width * 0.85):
        ly = left[1] + (right[1] - left[1]) * ((lx - left[0]) / max(right[0] - left[0], 1))
        pygame.draw.line(image, dark, (lx, body.centery), (lx, ly - zoom * 0.1),
                         max(2, round(zoom / 10)))
    _ellipse(image, body, body.centerx, lit, dark, edge)
    # neck and head towards the right-hand end
    head_c = (body.right + rx * 0.1, body.top - height * 0.12)
    pygame.draw.line(image, lit, (body.right - rx * 0.4, body.centery), head_c,
                     max(3, round(zoom / 6)))
    head = pygame.Rect(0, 0, rx * 0.8, rx * 0.55)
    head.center = (round(head_c[0]), round(head_c[1]))
    _ellipse(image, head, head.centerx, lit, dark, edge)
    # rider
    rider_h = height * 0.35
    rider = [(cx - rx * 0.25, body.top + 3), (cx + rx * 0.25, body.top + 3),
             (cx + rx * 0.15, body.top - rider_h), (cx - rx * 0.15, body.top - rider_h)]
    _shaded(image, rider, cx, shade(lit, 1.05), dark, edge)
    pygame.draw.circle(image, (222, 190, 160), (cx, body.top - rider_h - rx * 0.15),
                       max(2.0, rx * 0.18))


def _pips(image: pygame.Surface, look: FigureLook, cx: float, y: float, zoom: float) -> None:
    """Life pips over the head: red for damage taken, dark for life left; `PIPS_PER_ROW` to
    a row (the first row on top), so the marker is never wider than the base."""
    n = max(look.life, look.damage)
    r = max(2.0, zoom * 0.07)
    gap = r * 2.4
    rows = _pip_rows(look)
    widest = min(n, PIPS_PER_ROW)
    back = pygame.Rect(0, 0, gap * (widest - 1) + r * 3.2, r * 3 * rows)
    back.midbottom = (round(cx), round(y + r * 0.5))
    pygame.draw.rect(image, (20, 20, 28, 170), back, border_radius=round(r * 1.5))
    for i in range(n):
        row, col = divmod(i, PIPS_PER_ROW)
        count = min(PIPS_PER_ROW, n - row * PIPS_PER_ROW)
        px = cx - gap * (count - 1) / 2 + col * gap
        py = y - r - (rows - 1 - row) * r * 3
        color = (236, 70, 56) if i < look.damage else (70, 80, 90)
        pygame.draw.circle(image, color, (px, py), r)
        pygame.draw.circle(image, (15, 15, 20), (px, py), r, 1)


def _pip_rows(look: FigureLook) -> int:
    """How many rows of life pips ``look`` shows over its head."""
    return -(-max(look.life, look.damage) // PIPS_PER_ROW)
