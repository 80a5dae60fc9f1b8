"""The level-by-level build sheet: how to lay a battlefield out on the table.

One panel per level, level 1 first: the hexes of that level in a flat top-down plan (the
same scale and place on every panel, so panels line up), coloured by terrain, with thick
outlines around each raising tile and the hexes below drawn faintly for position; what
stands on that level (ruins, cryptoliths, glyphs, glyph spaces, starting zones, power
spaces); and the level's parts list from `editor.core.parts`. A title, a legend and the whole
map's parts list head the sheet.

A map built from terrain pieces (`MapDoc.pieces`: imported, or placed with the piece tool)
lists each level's pieces instead, as VirtualScape print-outs do (count, code and name;
`editor.core.piece_model.sheet_pieces`), outlines each piece on the level's plan and labels each
obstacle piece with its code; hexes and obstacles made by hand are counted apart.

`build_sheet` draws it on pygame surfaces (no window needed): one PNG picture with every
panel, and one page per level for the PDF (`editor.files.pdf`). `save_sheet` writes either,
atomically, by the file's suffix.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pygame

from arena.client.palette import CRYPTOLITH, RUIN, TERRAIN, hex_color, mix, shade
from arena.content.atomic import atomic_file
from arena.content.pieces import PIECES
from arena.hexgrid import DIRECTIONS, ORIGIN, hex_corners
from editor.core.mapdoc import Coord, MapDoc, Position, column_of, plane_xy
from editor.core.parts import LevelParts, PartsList, parts_list
from editor.core.piece_model import LevelPieces, sheet_pieces, total_line
from editor.core.validation import estimate_components
from editor.files.pdf import PageImage, write_pdf

Color = tuple[int, int, int]

PAPER: Color = (250, 248, 242)
INK: Color = (38, 38, 46)
MUTED: Color = (112, 108, 100)
RULE: Color = (206, 200, 188)
BELOW: Color = (232, 228, 220)
BELOW_EDGE: Color = (202, 196, 184)
TILE_EDGE: Color = (52, 42, 34)
GLYPH: Color = (230, 194, 92)
GLYPH_DOWN: Color = (78, 64, 104)
POWER: Color = (150, 80, 200)

SHEET_WIDTH = 1800
PAGE_SIZE = (1684, 1190)
"""A PDF page in pixels: A4 landscape at 144 dots per inch."""
MARGIN = 40
GAP = 28
SQRT3 = math.sqrt(3.0)

GLYPH_LETTERS = {"power": "P", "toughness": "T", "movement": "M", "knowledge": "K",
                 "recall": "R", "healing": "H"}


# --- hex geometry on the sheet ----------------------------------------------------------------

_CORNERS = hex_corners(ORIGIN)
"""A hex's corners about its centre (size 1), in `arena.hexgrid`'s order."""
EDGE_STEPS: list[Coord] = [(d.q, d.r) for d in DIRECTIONS]
"""For edge i (between corners i and i+1), the axial step to the hex across it (the
hexgrid's edge i faces its direction i)."""


@dataclass(frozen=True)
class Frame:
    """Where the map's plane lands in a rectangle: the same for every panel of a sheet."""

    x0: float
    y0: float
    scale: float
    left: float
    top: float

    @classmethod
    def fit(cls, doc: MapDoc, rect: pygame.Rect) -> Frame:
        xs = [plane_xy(a)[0] for a in doc.columns] or [0.0]
        ys = [plane_xy(a)[1] for a in doc.columns] or [0.0]
        x0, x1 = min(xs) - SQRT3 / 2, max(xs) + SQRT3 / 2
        y0, y1 = min(ys) - 1.0, max(ys) + 1.0
        scale = min(rect.width / (x1 - x0), rect.height / (y1 - y0))
        left = rect.x + (rect.width - (x1 - x0) * scale) / 2
        top = rect.y + (rect.height - (y1 - y0) * scale) / 2
        return cls(x0, y0, scale, left, top)

    def centre(self, at: Coord) -> tuple[float, float]:
        x, y = plane_xy(at)
        return (self.left + (x - self.x0) * self.scale, self.top + (y - self.y0) * self.scale)

    def corners(self, at: Coord, k: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(at)
        r = self.scale * k
        return [(cx + dx * r, cy + dy * r) for dx, dy in _CORNERS]


def map_aspect(doc: MapDoc) -> float:
    """Height over width of the map's flat plan (for sizing panels)."""
    xs = [plane_xy(a)[0] for a in doc.columns] or [0.0]
    ys = [plane_xy(a)[1] for a in doc.columns] or [0.0]
    return (max(ys) - min(ys) + 2.0) / (max(xs) - min(xs) + SQRT3)


# --- text -------------------------------------------------------------------------------------


class Fonts:
    """The sheet's fonts (Noto Sans from pygame_gui, else pygame's default)."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, px: int, bold: bool = False) -> pygame.font.Font:
        key = (px, bold)
        if key not in self._cache:
            name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
            try:
                with resources.as_file(resources.files("pygame_gui.data") / name) as path:
                    self._cache[key] = pygame.font.Font(str(path), px)
            except (OSError, ModuleNotFoundError, FileNotFoundError):
                self._cache[key] = pygame.font.Font(None, round(px * 1.3))
        return self._cache[key]

    def blit(self, surface: pygame.Surface, text: str, px: int, colour: Color,
             pos: tuple[float, float], bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        image = self.get(px, bold).render(text, True, colour)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def wrap(self, text: str, px: int, width: int, bold: bool = False) -> list[str]:
        font = self.get(px, bold)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        return [*lines, line] if line else lines


# --- drawing ----------------------------------------------------------------------------------


def _tile_of(level: LevelParts) -> dict[Coord, int]:
    """Which piece each hex of the level belongs to (level 1: all one, the boards)."""
    if level.level == 1:
        return dict.fromkeys(level.hexes, 0)
    return {h: i for i, tile in enumerate(level.tiles) for h in tile.hexes}


def draw_level(surface: pygame.Surface, frame: Frame, doc: MapDoc, level: LevelParts,
               fonts: Fonts, pieces: LevelPieces | None = None) -> None:
    """One level's plan: lower levels faint, this level's hexes by terrain with thick tile
    outlines (each piece's own, for a map of pieces), and what stands on this level."""
    s = frame.scale
    for at in doc.columns:
        if at not in level.hexes:
            pygame.draw.polygon(surface, BELOW, frame.corners(at))
            pygame.draw.polygon(surface, BELOW_EDGE, frame.corners(at), 1)
    tile = _tile_of(level)
    if pieces is not None:  # pieces are numbered apart from the parts' tiles
        tile.update({at: -1 - n for at, n in pieces.outline.items()})
    for at, terrain in level.hexes.items():
        colour = TERRAIN[terrain].top if terrain in TERRAIN else (180, 180, 180)
        pygame.draw.polygon(surface, colour, frame.corners(at))
    thin = max(1, round(s / 18))
    thick = max(2, round(s / 7))
    for at, terrain in level.hexes.items():
        pts = frame.corners(at)
        detail = TERRAIN[terrain].side if terrain in TERRAIN else (120, 120, 120)
        for i, (dq, dr) in enumerate(EDGE_STEPS):
            other = (at[0] + dq, at[1] + dr)
            a, b = pts[i], pts[(i + 1) % 6]
            if tile.get(other) == tile[at]:
                pygame.draw.line(surface, shade(detail, 1.15), a, b, thin)
            else:
                pygame.draw.line(surface, TILE_EDGE, a, b, thick)
                pygame.draw.circle(surface, TILE_EDGE, a, thick / 2)
                pygame.draw.circle(surface, TILE_EDGE, b, thick / 2)
    def on_top(space: Position) -> bool:
        """A mark on a surface of this level (under a bridge: on the ground's page)."""
        return column_of(space) in level.hexes and doc.level_of(space) == level.level

    for zone in doc.zones:
        colour = hex_color(zone.colour)
        for mark in zone.spaces:
            if on_top(mark):
                at = column_of(mark)
                terrain = level.hexes[at]
                base = TERRAIN[terrain].top if terrain in TERRAIN else (180, 180, 180)
                pygame.draw.polygon(surface, mix(base, colour, 0.45), frame.corners(at, 0.8))
                pygame.draw.polygon(surface, colour, frame.corners(at, 0.8),
                                    max(3, round(s / 6)))
                pygame.draw.polygon(surface, shade(colour, 0.6), frame.corners(at, 0.8), 1)
    for space in doc.power_spaces:
        if on_top(space.at):
            pygame.draw.polygon(surface, POWER, frame.corners(column_of(space.at), 0.58),
                                max(2, round(s / 9)))
    px = max(10, round(s * 0.62))
    for obstacle in level.obstacles:
        colours = CRYPTOLITH if obstacle.kind == "cryptolith" else RUIN
        for at in obstacle.footprint:
            pygame.draw.polygon(surface, colours.top, frame.corners(at, 0.86))
            pygame.draw.polygon(surface, colours.detail, frame.corners(at, 0.86), thin + 1)
        cx = sum(frame.centre(a)[0] for a in obstacle.footprint) / len(obstacle.footprint)
        cy = sum(frame.centre(a)[1] for a in obstacle.footprint) / len(obstacle.footprint)
        code = obstacle.id.rsplit("-", 1)[0]  # an obstacle piece's id is its code and number
        label = code if code in PIECES else f"{obstacle.kind[0].upper()}{obstacle.height}"
        text = fonts.get(px, True).render(label, True, (250, 250, 250))
        pill = text.get_rect(center=(round(cx), round(cy))).inflate(10, 2)
        pygame.draw.rect(surface, colours.detail if obstacle.kind == "ruin" else
                         colours.side, pill, border_radius=pill.height // 2)
        surface.blit(text, text.get_rect(center=pill.center))
    for mark in level.glyph_spaces:
        cx, cy = frame.centre(column_of(mark))
        pygame.draw.circle(surface, INK, (cx, cy), s * 0.5, max(1, thin))
        fonts.blit(surface, "?", px, INK, (cx, cy), bold=True, anchor="center")
    for glyph in level.glyphs:
        cx, cy = frame.centre(column_of(glyph.at))
        down = glyph.side == "planeswalker"
        pygame.draw.circle(surface, GLYPH_DOWN if down else GLYPH, (cx, cy), s * 0.52)
        pygame.draw.circle(surface, INK, (cx, cy), s * 0.52, max(1, thin))
        fonts.blit(surface, GLYPH_LETTERS.get(glyph.glyph, "?"), px,
                   (240, 236, 250) if down else INK, (cx, cy), bold=True, anchor="center")


def legend_items(doc: MapDoc) -> list[tuple[str, str, Color]]:
    """(kind of swatch, words, colour) for the legend: what this map uses."""
    terrains = sorted({t for levels in doc.columns.values() for t in levels if t is not None},
                      key=lambda t: list(TERRAIN).index(t) if t in TERRAIN else 99)
    items = [("hex", t, TERRAIN[t].top if t in TERRAIN else (180, 180, 180))
             for t in terrains]
    items += [("hex", "lower level (for position)", BELOW), ("edge", "edge of a tile", TILE_EDGE)]
    kinds = {o.kind for o in doc.obstacles}
    if "ruin" in kinds:
        items.append(("ruin", "ruin (R6: 6 levels high)", RUIN.top))
    if "cryptolith" in kinds:
        items.append(("cryptolith", "cryptolith (C9: 9 levels high)", CRYPTOLITH.top))
    if doc.glyphs:
        items.append(("glyph", "glyph (ability side up)", GLYPH))
        if any(g.side == "planeswalker" for g in doc.glyphs.values()):
            items.append(("glyph", "glyph (face down)", GLYPH_DOWN))
    if doc.glyph_spaces:
        items.append(("space", "glyph space (random glyph)", INK))
    for zone in doc.zones:
        items.append(("zone", f"start: {zone.name}", hex_color(zone.colour)))
    if doc.power_spaces:
        items.append(("power", "power space", POWER))
    return items


def draw_legend(surface: pygame.Surface, rect: pygame.Rect, doc: MapDoc, fonts: Fonts,
                px: int = 18) -> int:
    """The legend, wrapped into `rect`'s width; returns the height used."""
    x, y = rect.x, rect.y
    row = px + 14
    size = px * 0.62
    for kind, words, colour in legend_items(doc):
        width = int(size * 2 + 10 + fonts.get(px).size(words)[0] + 26)
        if x + width > rect.right and x > rect.x:
            x, y = rect.x, y + row
        cx, cy = x + size, y + row / 2
        hexagon = [(cx + dx * size, cy + dy * size) for dx, dy in _CORNERS]
        if kind == "hex":
            pygame.draw.polygon(surface, colour, hexagon)
            pygame.draw.polygon(surface, BELOW_EDGE, hexagon, 1)
        elif kind == "edge":
            pygame.draw.line(surface, colour, (cx - size, cy), (cx + size, cy), 4)
        elif kind in ("ruin", "cryptolith"):
            pygame.draw.polygon(surface, colour, hexagon)
        elif kind == "glyph":
            pygame.draw.circle(surface, colour, (cx, cy), size * 0.8)
            pygame.draw.circle(surface, INK, (cx, cy), size * 0.8, 1)
        elif kind == "space":
            pygame.draw.circle(surface, colour, (cx, cy), size * 0.8, 2)
        elif kind in ("zone", "power"):
            pygame.draw.polygon(surface, TERRAIN["land"].top, hexagon)
            inner = [(cx + dx * size * 0.78, cy + dy * size * 0.78) for dx, dy in _CORNERS]
            pygame.draw.polygon(surface, colour, inner, 3)
        fonts.blit(surface, words, px, INK, (x + size * 2 + 10, cy), anchor="midleft")
        x += width
    return int(y + row - rect.y)


def _lines_block(surface: pygame.Surface, fonts: Fonts, lines: Sequence[str], x: int, y: int,
                 width: int, px: int, colour: Color = INK) -> int:
    """Bulleted lines, wrapped; returns the y below them."""
    for line in lines:
        for i, part in enumerate(fonts.wrap(line, px, width - 22)):
            if i == 0:
                pygame.draw.circle(surface, MUTED, (x + 6, y + px * 0.72), 3)
            fonts.blit(surface, part, px, colour, (x + 18, y))
            y += round(px * 1.45)
    return y


def _lines_height(fonts: Fonts, lines: Sequence[str], width: int, px: int) -> int:
    return sum(len(fonts.wrap(line, px, width - 22)) for line in lines) * round(px * 1.45)


# --- the sheet --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """A drawn build sheet: the one-picture sheet, its level panels, and the PDF pages."""

    image: pygame.Surface
    panels: tuple[tuple[int, pygame.Rect], ...]
    """(level, where its panel is on `image`), level 1 first."""
    pages: tuple[pygame.Surface, ...]
    """One page per level (for the PDF)."""
    parts: PartsList
    frames: tuple[Frame, ...] = ()
    """Where each panel draws the map (same order as `panels`)."""


def _header(surface: pygame.Surface, doc: MapDoc, fonts: Fonts, parts: PartsList,
            subtitle: str, width: int) -> int:
    """Title, subtitle and legend at the top; returns the y below them."""
    y = MARGIN
    fonts.blit(surface, doc.name, 40, INK, (MARGIN, y), bold=True)
    y += 58
    fonts.blit(surface, subtitle, 20, MUTED, (MARGIN, y))
    y += 36
    pygame.draw.line(surface, RULE, (MARGIN, y), (width - MARGIN, y), 2)
    y += 14
    y += draw_legend(surface, pygame.Rect(MARGIN, y, width - 2 * MARGIN, 0), doc, fonts)
    y += 10
    pygame.draw.line(surface, RULE, (MARGIN, y), (width - MARGIN, y), 2)
    return y + 16


def level_lines(level: LevelParts, pieces: LevelPieces | None) -> list[str]:
    """A level's list: its pieces (and what was made by hand) when pieces build it, else
    its parts."""
    if pieces is None:
        return level.lines()
    return pieces.lines(level.hexes, level.obstacles)


def _panel(surface: pygame.Surface, rect: pygame.Rect, doc: MapDoc, level: LevelParts,
           map_rect: pygame.Rect, text_at: tuple[int, int, int], fonts: Fonts, top: int,
           px: int, pieces: LevelPieces | None = None) -> None:
    pygame.draw.rect(surface, (255, 255, 255), rect, border_radius=10)
    pygame.draw.rect(surface, RULE, rect, 2, border_radius=10)
    fonts.blit(surface, f"Level {level.level}", 26, INK, (rect.x + 18, rect.y + 12), bold=True)
    note = "terrain boards on the table" if level.level == 1 else \
        f"tiles raising hexes to level {level.level}"
    fonts.blit(surface, f"of {top}: {note}", 18, MUTED, (rect.x + 130, rect.y + 20))
    draw_level(surface, Frame.fit(doc, map_rect), doc, level, fonts, pieces)
    x, y, width = text_at
    _lines_block(surface, fonts, level_lines(level, pieces) or ["nothing on this level"], x, y,
                 width, px)


def whole_map_lines(doc: MapDoc, parts: PartsList,
                    pieces: dict[int, LevelPieces] | None = None) -> list[str]:
    """The whole map's parts (and its pieces, if any) and how they compare with one core
    box."""
    notes = estimate_components(doc).notes
    verdict = "everything fits" if not notes else "; ".join(notes)
    total = total_line((pieces or {}).values())
    return [*([total] if total else []), *parts.lines(), f"Against one core box: {verdict}"]


def build_sheet(doc: MapDoc, width: int = SHEET_WIDTH) -> Sheet:
    """Draw the build sheet of `doc` (raises ValueError for a map with no hexes)."""
    if not doc.columns:
        raise ValueError("the battlefield has no hexes to build")
    fonts = Fonts()
    parts = parts_list(doc)
    pieces = sheet_pieces(doc)
    top = len(parts.levels)
    cols = 1 if top == 1 else 2
    panel_w = (width - 2 * MARGIN - (cols - 1) * GAP) // cols
    inner = panel_w - 36
    aspect = map_aspect(doc)
    px = 18
    beside = aspect > 0.7 or cols == 1
    # A tall map leaves room on its right: the level's parts go there, else below it.
    text_w = 330 if beside else inner
    map_w = inner - text_w - 24 if beside else inner
    map_h = min(int(map_w * aspect), 640)
    map_w = min(map_w, int(map_h / aspect)) if beside else map_w

    def body_h(level: LevelParts) -> int:
        text = _lines_height(fonts, level_lines(level, pieces.get(level.level)) or ["-"],
                             text_w, px)
        return max(map_h, text) if beside else map_h + 14 + text

    heights = [60 + body_h(lv) + 22 for lv in parts.levels]
    totals = whole_map_lines(doc, parts, pieces)
    scratch = pygame.Surface((width, 10))
    header_h = _header(scratch, doc, fonts, parts, "", width)
    totals_h = 48 + _lines_height(fonts, totals, width - 2 * MARGIN, px)
    rows = [heights[i:i + cols] for i in range(0, top, cols)]
    height = header_h + totals_h + sum(max(r) + GAP for r in rows) + MARGIN
    image = pygame.Surface((width, height))
    image.fill(PAPER)
    subtitle = (f"Build sheet: {top} level{'s' if top != 1 else ''}, bottom up. "
                f"{len(doc.columns)} hexes. File id: {doc.id}")
    y = _header(image, doc, fonts, parts, subtitle, width)
    fonts.blit(image, "Parts for the whole map", 22, INK, (MARGIN, y), bold=True)
    y = _lines_block(image, fonts, totals, MARGIN, y + 36, width - 2 * MARGIN, px) + 12
    panels = []
    frames = []
    for r, row in enumerate(rows):
        for c in range(len(row)):
            level = parts.levels[r * cols + c]
            rect = pygame.Rect(MARGIN + c * (panel_w + GAP), y, panel_w, max(row))
            map_rect = pygame.Rect(rect.x + 18, rect.y + 60, map_w, map_h)
            text_at = ((map_rect.right + 24, map_rect.y, text_w) if beside else
                       (rect.x + 18, map_rect.bottom + 14, text_w))
            _panel(image, rect, doc, level, map_rect, text_at, fonts, top, px,
                   pieces.get(level.level))
            panels.append((level.level, rect))
            frames.append(Frame.fit(doc, map_rect))
        y += max(row) + GAP
    pages = tuple(_page(doc, parts, level, fonts, pieces) for level in parts.levels)
    return Sheet(image, tuple(panels), pages, parts, tuple(frames))


def _page(doc: MapDoc, parts: PartsList, level: LevelParts, fonts: Fonts,
          pieces: dict[int, LevelPieces] | None = None) -> pygame.Surface:
    """One PDF page: the header, this level's plan large, its parts and the whole map's."""
    mine = (pieces or {}).get(level.level)
    w, h = PAGE_SIZE
    page = pygame.Surface(PAGE_SIZE)
    page.fill(PAPER)
    top = len(parts.levels)
    y = _header(page, doc, fonts, parts, f"Build sheet, level {level.level} of {top}", w)
    side = 470
    rect = pygame.Rect(MARGIN, y, w - 2 * MARGIN - side - GAP, h - y - MARGIN)
    map_rect = pygame.Rect(rect.x + 18, rect.y + 60, rect.width - 36, rect.height - 78)
    pygame.draw.rect(page, (255, 255, 255), rect, border_radius=10)
    pygame.draw.rect(page, RULE, rect, 2, border_radius=10)
    fonts.blit(page, f"Level {level.level}", 28, INK, (rect.x + 18, rect.y + 12), bold=True)
    draw_level(page, Frame.fit(doc, map_rect), doc, level, fonts, mine)
    x = rect.right + GAP
    fonts.blit(page, f"Parts for level {level.level}", 22, INK, (x, y + 8), bold=True)
    yy = _lines_block(page, fonts, level_lines(level, mine) or ["nothing on this level"], x,
                      y + 46, side, 18)
    fonts.blit(page, "Whole map", 22, INK, (x, yy + 18), bold=True)
    _lines_block(page, fonts, whole_map_lines(doc, parts, pieces), x, yy + 56, side, 18)
    fonts.blit(page, f"page {level.level} of {top}", 16, MUTED, (w - MARGIN, h - 22),
               anchor="bottomright")
    return page


@dataclass(frozen=True)
class SavedSheet:
    path: Path
    levels: tuple[int, ...]
    pages: int
    """Pages written: 1 for a PNG, one per level for a PDF."""


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Save a PNG atomically (pygame picks the format from the temporary name's suffix)."""
    with atomic_file(path, suffix=".png") as tmp:
        pygame.image.save(surface, tmp)


def save_sheet(doc: MapDoc, path: Path) -> SavedSheet:
    """Write the build sheet as a PNG picture or a PDF (one page per level), by `path`'s
    suffix (anything but ``.pdf`` is a PNG). Raises ValueError for an empty map and
    OSError / pygame.error when the file cannot be written (any old file is kept)."""
    sheet = build_sheet(doc)
    levels = tuple(level for level, _ in sheet.panels)
    if path.suffix.lower() == ".pdf":
        pages = [PageImage(p.get_width(), p.get_height(), pygame.image.tobytes(p, "RGB"))
                 for p in sheet.pages]
        write_pdf(path, pages, title=f"{doc.name}: build sheet")
        return SavedSheet(path, levels, len(pages))
    save_png(sheet.image, path)
    return SavedSheet(path, levels, 1)
