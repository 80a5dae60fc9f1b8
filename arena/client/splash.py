"""Splash window shared by the game client and the editor.

Why this exists: until the battle client and the editor are built, ``make play`` and
``make editor`` must still open a real, tidy window that says what is coming, and the test
suite must be able to drive that window headless (``--frames``/``--screenshot``) and under
a real X server (click "Quit"). Both programs show the same kind of screen, so the art (a
small battlefield of isometric hex columns, drawn with polygons: no art files to ship), the
layout, the Quit button and the event loop live here once; ``arena.client.app`` and
``editor.app`` only describe their own text.

Rendering is split into a cached, static part (background, battlefield, text), rebuilt only
when the window size changes, and the live part (the Quit button's hover/pressed state), so
an idle frame costs one blit plus one button.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from arena import __version__

Color = tuple[int, int, int]
Point = tuple[float, float]

WINDOW_SIZE = (1280, 720)
FPS = 60

# Palette: a dusk sky over a sand battlefield; text in warm sand and cool greys.
SKY_TOP: Color = (13, 15, 24)
SKY_BOTTOM: Color = (40, 44, 64)
SAND_TOP: Color = (226, 198, 140)
SAND_SIDE: Color = (168, 128, 84)
WATER_TOP: Color = (62, 118, 160)
WATER_SIDE: Color = (40, 78, 112)
GOLD: Color = (236, 196, 112)
TEAL: Color = (112, 206, 196)
TEXT: Color = (226, 230, 240)
TEXT_MUTED: Color = (142, 150, 176)
BUTTON: Color = (58, 64, 92)
BUTTON_HOVER: Color = (84, 92, 130)
BUTTON_PRESSED: Color = (44, 48, 70)

# Isometric look: the board is seen from above at an angle, so hexes are squashed
# vertically and stacked levels rise straight up the screen.
SQUASH = 0.56
LEVEL_HEIGHT = 0.5  # height of one terrain level, in hex radii
BASE_HEIGHT = 0.3  # thickness of the ground slab under level-0 hexes, in hex radii
MAX_LEVEL = 4
ISLAND_RADIUS = 3  # the battlefield is a hex-shaped island this many cells from its centre
SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class SplashSpec:
    """What one program shows: its window caption, heading, status line and accents."""

    caption: str
    title: str
    message: str
    accent: Color = GOLD
    # Board cells (axial q, r) outlined in the accent colour: the editor's "selection".
    highlights: tuple[tuple[int, int], ...] = ()
    # Seed of the battlefield's terrain, so each program always draws the same picture.
    seed: int = 7


@dataclass(frozen=True)
class SplashOptions:
    """Command-line options common to both programs, used mostly by tests and benchmarks."""

    frames: int | None
    screenshot: Path | None


def parse_options(argv: Sequence[str] | None, prog: str, description: str) -> SplashOptions:
    """Parse ``--frames N`` and ``--screenshot PATH`` (``argv=None`` reads ``sys.argv``)."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument(
        "--frames",
        type=_positive_int,
        metavar="N",
        help="close the window by itself after N frames (for tests and benchmarks)",
    )
    parser.add_argument(
        "--screenshot",
        type=Path,
        metavar="PATH",
        help="save the last frame as a PNG to PATH just before quitting",
    )
    args = parser.parse_args(None if argv is None else list(argv))
    return SplashOptions(frames=args.frames, screenshot=args.screenshot)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    """Where everything goes for one window size; pure arithmetic, so tests can use it.

    The real-window test clicks ``quit_button.center``: computing it here, rather than
    hard-coding pixels in the test, keeps the test right when the design changes.
    """

    size: tuple[int, int]
    title_px: int
    title_y: int
    message_px: int
    message_y: int
    version_px: int
    version_y: int
    quit_button: pygame.Rect
    hex_radius: float
    field_origin: Point  # screen position of the centre cell's level-0 top face


def compute_layout(size: tuple[int, int]) -> Layout:
    """Lay the screen out for a window of ``size`` pixels (any size, down to tiny)."""
    width, height = max(size[0], 1), max(size[1], 1)
    unit = min(width / 16.0, height / 9.0)  # one "grid unit" of a 16:9 design

    title_px = max(int(unit * 1.9), 12)
    title_y = int(height * 0.10)
    message_px = max(int(unit * 0.36), 9)
    message_y = title_y + int(title_px * 0.95)
    version_px = max(int(unit * 0.28), 8)
    version_y = message_y + int(message_px * 1.6)

    button_w, button_h = max(int(unit * 1.9), 48), max(int(unit * 0.62), 20)
    margin = max(int(unit * 0.35), 6)
    quit_button = pygame.Rect(0, 0, button_w, button_h)
    quit_button.bottomright = (width - margin, height - margin)

    # The battlefield fills the lower part of the window between the text block and the
    # bottom edge, narrow enough to leave the corners (and the Quit button) clear.
    top = version_y + version_px * 2.0
    bottom = height - margin
    span = 2 * ISLAND_RADIUS
    width_in_radii = SQRT3 * (span + 1)
    depth_in_radii = 1.5 * SQUASH * span + 2 * SQUASH + MAX_LEVEL * LEVEL_HEIGHT + BASE_HEIGHT
    by_width = (width - 2 * (button_w + 2 * margin)) / width_in_radii
    by_height = max(bottom - top, 1.0) / depth_in_radii
    radius = max(min(by_width, by_height), 2.0)
    far_edge = top + (bottom - top - depth_in_radii * radius) / 2
    origin_x = width / 2
    origin_y = (
        far_edge + (MAX_LEVEL * LEVEL_HEIGHT + SQUASH + 1.5 * SQUASH * ISLAND_RADIUS) * radius
    )
    return Layout(
        size=(width, height),
        title_px=title_px,
        title_y=title_y,
        message_px=message_px,
        message_y=message_y,
        version_px=version_px,
        version_y=version_y,
        quit_button=quit_button,
        hex_radius=radius,
        field_origin=(origin_x, origin_y),
    )


# --------------------------------------------------------------------------- drawing


def shade(color: Color, factor: float) -> Color:
    """Scale a colour's brightness; >1 lightens (clamped), <1 darkens."""
    r, g, b = (min(255, max(0, round(c * factor))) for c in color)
    return (r, g, b)


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend two colours, ``t=0`` giving ``a`` and ``t=1`` giving ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, bl)


def hex_corners(center: Point, radius: float, squash: float = SQUASH) -> list[Point]:
    """Corners of a pointy-top hex seen at an angle, clockwise from the lower right.

    Corner ``k`` sits at ``30 + 60k`` degrees with screen y pointing down, so corners 0-2
    are the near (lower) ones whose edges have visible side faces below them.
    """
    cx, cy = center
    return [
        (
            cx + radius * math.cos(math.radians(30 + 60 * k)),
            cy + radius * squash * math.sin(math.radians(30 + 60 * k)),
        )
        for k in range(6)
    ]


def draw_hex_column(
    surface: pygame.Surface,
    top_center: Point,
    radius: float,
    height: float,
    top_color: Color,
    side_color: Color,
    levels: int = 1,
) -> None:
    """Draw one hex prism: two shaded near side faces, then the top face over them.

    Light comes from the upper left, so the lower-left face is lit and the lower-right one
    is in shadow. ``levels`` thin lines on the sides show stacked terrain pieces.
    """
    top = hex_corners(top_center, radius)
    faces = ((1, 2, 0.92), (0, 1, 0.66))  # (corner, corner, light): lower-left, lower-right
    for a, b, light in faces:
        pa, pb = top[a], top[b]
        quad = [pa, pb, (pb[0], pb[1] + height), (pa[0], pa[1] + height)]
        face_color = shade(side_color, light)
        pygame.draw.polygon(surface, face_color, quad)
        seam = shade(face_color, 0.82)
        for level in range(1, levels):
            dy = height * level / levels
            pygame.draw.line(surface, seam, (pa[0], pa[1] + dy), (pb[0], pb[1] + dy))
    # Vertical edges: the lit corner catches light, the outer ones read as silhouette.
    edge = shade(side_color, 0.5)
    for k, color in ((0, edge), (1, shade(side_color, 1.08)), (2, edge)):
        x, y = top[k]
        pygame.draw.line(surface, color, (x, y), (x, y + height))
    pygame.draw.polygon(surface, top_color, top)
    pygame.draw.aalines(surface, shade(top_color, 0.78), True, top)
    # A bright rim on the far edges sells the bevel of a terrain tile.
    pygame.draw.aalines(surface, shade(top_color, 1.12), False, top[3:6] + [top[0]])


def draw_gradient(surface: pygame.Surface, top: Color, bottom: Color) -> None:
    """Fill ``surface`` with a vertical gradient (one line per row: fast and exact)."""
    width, height = surface.get_size()
    for y in range(height):
        t = y / max(height - 1, 1)
        pygame.draw.line(surface, mix(top, bottom, t), (0, y), (width - 1, y))


def soft_ellipse(size: tuple[int, int], color: Color, alpha: int) -> pygame.Surface:
    """A translucent ellipse fading smoothly to nothing at its rim (for glows and shadows).

    The falloff is computed on a small surface and smooth-scaled up, which is both cheaper
    and free of the banding that stacked flat ellipses show.
    """
    n = 48
    small = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        for x in range(n):
            d2 = ((x + 0.5) / n * 2 - 1) ** 2 + ((y + 0.5) / n * 2 - 1) ** 2
            small.set_at((x, y), (*color, round(alpha * max(0.0, 1.0 - d2) ** 2)))
    return pygame.transform.smoothscale(small, (max(size[0], 1), max(size[1], 1)))


def hex_distance(q: int, r: int) -> int:
    """Steps from the centre cell to axial cell (q, r)."""
    return (abs(q) + abs(r) + abs(q + r)) // 2


def terrain(seed: int) -> dict[tuple[int, int], int]:
    """The battlefield: axial cell (q, r) -> level, for a ragged island with a hill and a pool.

    Level 0 is water, 1 and up stacked sand. A few rim cells are left out so the island's
    coast is irregular. Deterministic for a given seed, so screenshots compare run to run.
    """
    rng = random.Random(seed)
    hill_q, hill_r = rng.choice(((1, -1), (2, -2), (1, 0), (0, -1)))
    cells: dict[tuple[int, int], int] = {}
    for r in range(-ISLAND_RADIUS, ISLAND_RADIUS + 1):
        for q in range(-ISLAND_RADIUS, ISLAND_RADIUS + 1):
            distance = hex_distance(q, r)
            if distance > ISLAND_RADIUS or (distance == ISLAND_RADIUS and rng.random() < 0.3):
                continue
            to_hill = hex_distance(q - hill_q, r - hill_r)
            level = MAX_LEVEL - to_hill + rng.choice((-1, 0, 0, 1))
            cells[(q, r)] = max(1, min(MAX_LEVEL, level))
    # A pool on the low side, away from the hill.
    pool_q, pool_r = -hill_q - 1, -hill_r + 1
    for dq, dr in ((0, 0), (1, 0), (0, 1), (-1, 1)):
        cell = (pool_q + dq, pool_r + dr)
        if cell in cells:
            cells[cell] = 0
    return cells


def cell_center(layout: Layout, q: int, r: int) -> Point:
    """Screen centre of axial cell (q, r)'s level-0 top face."""
    ox, oy = layout.field_origin
    radius = layout.hex_radius
    return (ox + SQRT3 * radius * (q + r / 2), oy + 1.5 * radius * SQUASH * r)


def draw_battlefield(surface: pygame.Surface, layout: Layout, spec: SplashSpec) -> None:
    """Draw the island's hex columns back to front, so nearer columns cover farther ones."""
    cells = terrain(spec.seed)
    tones = random.Random(spec.seed + 1)
    radius = layout.hex_radius
    level_px = LEVEL_HEIGHT * radius
    base_px = BASE_HEIGHT * radius
    # A faint pool of light behind the island lifts it off the dark backdrop, and a soft
    # shadow grounds it.
    ox, oy = layout.field_origin
    island_w = SQRT3 * radius * (2 * ISLAND_RADIUS + 1)
    glow = soft_ellipse((int(island_w * 1.9), int(island_w * 1.0)), TEXT_MUTED, 40)
    surface.blit(glow, glow.get_rect(center=(int(ox), int(oy - radius))))
    shadow = soft_ellipse((int(island_w * 1.2), int(island_w * 0.55)), (0, 0, 0), 130)
    surface.blit(shadow, shadow.get_rect(center=(int(ox), int(oy + base_px + radius * 0.6))))

    for q, r in sorted(cells, key=lambda cell: (cell[1], cell[0])):
        level = cells[(q, r)]
        x, y = cell_center(layout, q, r)
        tone = tones.uniform(0.95, 1.04)
        if level == 0:
            top_color, side_color = shade(WATER_TOP, tone), WATER_SIDE
            top_y, height, stacked = y + base_px * 0.35, base_px * 0.65, 1
        else:
            # Higher ground is lit a little more: reads as height at a glance.
            top_color = shade(SAND_TOP, tone * (0.88 + 0.05 * level))
            side_color = SAND_SIDE
            top_y, height, stacked = y - level * level_px, level * level_px + base_px, level
        draw_hex_column(surface, (x, top_y), radius, height, top_color, side_color, stacked)
        if (q, r) in spec.highlights:
            corners = hex_corners((x, top_y), radius * 0.84)
            pygame.draw.polygon(surface, spec.accent, corners, max(2, int(radius * 0.07)))


class FontCache:
    """pygame's default font (bundled with pygame-ce, so always present) by pixel size.

    Fonts are cached because opening one per frame is slow; the cache is per window run
    since font objects die with ``pygame.quit``.
    """

    def __init__(self) -> None:
        self._fonts: dict[int, pygame.font.Font] = {}

    def get(self, px: int) -> pygame.font.Font:
        font = self._fonts.get(px)
        if font is None:
            font = self._fonts[px] = pygame.font.Font(None, px)
        return font

    def fitting(self, text: str, px: int, max_width: int) -> pygame.font.Font:
        """The largest font up to ``px`` whose rendering of ``text`` fits ``max_width``."""
        font = self.get(px)
        width = font.size(text)[0]
        if width > max_width > 0:
            font = self.get(max(int(px * max_width / width), 6))
        return font


def blit_centered(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: Color,
    center_x: int,
    top: int,
    shadow: int = 0,
) -> pygame.Rect:
    """Draw ``text`` horizontally centred, optionally with a drop shadow ``shadow`` px off."""
    image = font.render(text, True, color)
    rect = image.get_rect(midtop=(center_x, top))
    if shadow:
        dark = font.render(text, True, (0, 0, 0))
        dark.set_alpha(150)
        surface.blit(dark, rect.move(shadow, shadow))
    surface.blit(image, rect)
    return rect


def draw_button(
    surface: pygame.Surface,
    rect: pygame.Rect,
    label: str,
    font: pygame.font.Font,
    *,
    hovered: bool = False,
    pressed: bool = False,
) -> None:
    """A rounded button whose colour follows hover and press, so clicks feel responsive."""
    fill = BUTTON_PRESSED if pressed else BUTTON_HOVER if hovered else BUTTON
    radius = rect.height // 4
    pygame.draw.rect(surface, shade(fill, 0.55), rect.move(0, 3), border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, shade(fill, 1.45), rect, width=1, border_radius=radius)
    image = font.render(label, True, TEXT)
    surface.blit(image, image.get_rect(center=rect.move(0, 1 if pressed else 0).center))


def make_icon(spec: SplashSpec, size: int = 32) -> pygame.Surface:
    """The window icon: one sand column, drawn like the battlefield's."""
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = size * 0.46
    height = size * 0.36
    top_center = (size / 2, size * 0.3)
    draw_hex_column(icon, top_center, radius, height, SAND_TOP, SAND_SIDE, 2)
    return icon


# --------------------------------------------------------------------------- the screen


class SplashScreen:
    """One splash window's state and drawing, independent of the event loop.

    Keeping input handling (``handle_event``) and drawing (``draw``) apart from
    ``run_splash`` lets tests feed synthetic events and render to off-screen surfaces.
    """

    def __init__(self, spec: SplashSpec, size: tuple[int, int] = WINDOW_SIZE) -> None:
        self.spec = spec
        self.running = True
        self.layout = compute_layout(size)
        self.fonts = FontCache()
        self._mouse: tuple[int, int] | None = None
        self._pressed = False
        self._static: pygame.Surface | None = None

    # -- input

    def handle_event(self, event: pygame.event.Event) -> None:
        """Update state from one event: Quit button, Esc and window close end the loop."""
        closing = event.type in (pygame.QUIT, pygame.WINDOWCLOSE)
        if closing or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.running = False
        elif event.type == pygame.WINDOWSIZECHANGED:
            # Relayout now, not at the next draw, so a click queued right behind a resize
            # already meets the button where it is about to be drawn.
            self.layout = compute_layout((event.x, event.y))
        elif event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        elif event.type == pygame.WINDOWLEAVE:
            self._mouse = None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse = event.pos
            self._pressed = self.layout.quit_button.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # Like any desktop button: activate on release, and only if the press began on it.
            if self._pressed and self.layout.quit_button.collidepoint(event.pos):
                self.running = False
            self._pressed = False

    # -- drawing

    def draw(self, surface: pygame.Surface) -> None:
        """Draw a full frame onto ``surface``, relaying out if its size changed."""
        size = surface.get_size()
        if self._static is None or self._static.get_size() != size:
            self.layout = compute_layout(size)
            self._static = self.render_static(size)
        surface.blit(self._static, (0, 0))
        hovered = self._mouse is not None and self.layout.quit_button.collidepoint(self._mouse)
        button_font = self.fonts.get(max(int(self.layout.quit_button.height * 0.52), 8))
        draw_button(
            surface,
            self.layout.quit_button,
            "Quit",
            button_font,
            hovered=hovered,
            pressed=self._pressed and hovered,
        )

    def render_static(self, size: tuple[int, int]) -> pygame.Surface:
        """Everything that does not change between frames: backdrop, board and text."""
        layout = compute_layout(size)
        width = layout.size[0]
        static = pygame.Surface(layout.size)
        draw_gradient(static, SKY_TOP, SKY_BOTTOM)
        draw_battlefield(static, layout, self.spec)
        center_x = width // 2
        max_text = int(width * 0.92)
        title_font = self.fonts.fitting(self.spec.title, layout.title_px, max_text)
        title_rect = blit_centered(
            static,
            title_font,
            self.spec.title,
            self.spec.accent,
            center_x,
            layout.title_y,
            shadow=max(2, layout.title_px // 28),
        )
        rule_y = title_rect.bottom - layout.title_px // 10
        half = title_rect.width // 2
        pygame.draw.line(
            static,
            shade(self.spec.accent, 0.7),
            (center_x - half, rule_y),
            (center_x + half, rule_y),
            max(1, layout.title_px // 40),
        )
        message_font = self.fonts.fitting(self.spec.message, layout.message_px, max_text)
        blit_centered(
            static, message_font, self.spec.message, TEXT, center_x, layout.message_y, shadow=1
        )
        version = f"version {__version__}"
        blit_centered(
            static,
            self.fonts.get(layout.version_px),
            version,
            TEXT_MUTED,
            center_x,
            layout.version_y,
        )
        return static


def run_splash(
    spec: SplashSpec,
    argv: Sequence[str] | None,
    *,
    prog: str,
    description: str,
    on_first_frame: Callable[[], None] | None = None,
) -> int:
    """Open the window and run it until the user quits or ``--frames`` runs out.

    Only pygame's display and font modules are started: the splash makes no sound, and
    leaving the mixer alone avoids audio-device errors on machines without one.
    ``on_first_frame`` is called once the first frame is on screen (used by the start-up
    benchmark). Returns the process exit code, 0 on a normal quit.
    """
    options = parse_options(argv, prog=prog, description=description)
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_caption(spec.caption)
        pygame.display.set_icon(make_icon(spec))
        screen = pygame.display.set_mode(WINDOW_SIZE, pygame.RESIZABLE)
        splash = SplashScreen(spec, screen.get_size())
        clock = pygame.time.Clock()
        frames = 0
        while splash.running:
            for event in pygame.event.get():
                splash.handle_event(event)
            if not splash.running:
                break
            # With RESIZABLE, pygame-ce resizes this same display surface in place.
            splash.draw(screen)
            pygame.display.flip()
            frames += 1
            if frames == 1 and on_first_frame is not None:
                on_first_frame()
            if options.frames is not None and frames >= options.frames:
                break
            clock.tick(FPS)
        if options.screenshot is not None:
            options.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(options.screenshot))
        return 0
    finally:
        pygame.quit()
