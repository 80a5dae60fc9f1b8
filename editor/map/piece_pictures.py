"""Pictures of the terrain pieces for the piece palette: each piece built alone, as the
importer builds it (`editor.core.piece_model.PlacePiece`), and drawn from straight above by
the game's own renderer (`arena.client.render.BattlefieldRenderer`), so a tile shows its
colour and shape as it will look on the map. Markers the renderer has no picture for on
their own (glyphs, starting zones, objective markers, edge pieces) get a sign over their
hex. Pictures are made once per piece and size, on first use."""

from __future__ import annotations

import pygame

from arena.client.looks import TerrainLooks
from arena.client.projection import Projection
from arena.client.render import BattlefieldRenderer, Picture
from arena.content.battlefield import PiecePlacement
from arena.content.piece_rules import Meaning
from arena.content.pieces import PIECES, START_ZONE_COLOURS, Terrain
from arena.hexgrid import ORIGIN, Hex, hex_corners, hex_to_point
from editor.core import piece_model as pm
from editor.core.mapdoc import MapDoc
from editor.core.scene import field_setup

GLYPH = (150, 80, 200)
"""The sign of a glyph piece (the colour the map's plan gives glyph spaces)."""
MARKER = (235, 235, 235)
EDGE = (92, 84, 76)
STANDING = (0.8, 0.08)
"""The squash and level height obstacles are seen with (a flatter angle than the map's), so
a tree or a ruin shows what it is and its height."""

_CACHE: dict[tuple[str, int, int], pygame.Surface] = {}


def _built(code: str) -> MapDoc:
    """A map holding piece `code` alone, on the bare table (a marker gets one hex of land
    to stand on)."""
    doc = MapDoc(id="piece", name="piece")
    piece = PiecePlacement(piece=code, at=(0, 0))
    pm.PlacePiece(piece).apply(doc)
    if not doc.columns:
        for at in pm.covers(piece):
            doc.columns[at] = ["land"]
    return doc


def _projection(hexes: list[tuple[int, int]], size: tuple[int, int], high: float = 0.0,
                squash: float = 1.0, level_height: float = 0.0) -> Projection:
    """A view that fits `hexes` (with what stands on them up to level `high`) into `size` with
    a small margin: from straight above by default."""
    unit = Projection(angle=0.0, zoom=1.0, origin=(0.0, 0.0), pivot=(0.0, 0.0), squash=squash,
                      level_height=level_height)
    bounds = [unit.column_bounds(Hex(*at), 0.0, high) for at in hexes]
    left, top = min(b[0] for b in bounds), min(b[1] for b in bounds)
    right, bottom = max(b[2] for b in bounds), max(b[3] for b in bounds)
    w, h = size
    zoom = min((w - 6) / max(right - left, 1e-6), (h - 6) / max(bottom - top, 1e-6))
    zoom = min(zoom, h / 2.4)  # a one-hex piece is not drawn as large as the picture
    middle = ((left + right) / 2 * zoom, (top + bottom) / 2 * zoom)
    return Projection(angle=0.0, zoom=zoom, origin=(w / 2 - middle[0], h / 2 - middle[1]),
                      pivot=(0.0, 0.0), squash=squash, level_height=level_height)


def _sign(image: pygame.Surface, proj: Projection, code: str,
          hexes: list[tuple[int, int]]) -> None:
    """A marker's sign over its hex: a glyph's disc, a zone's colour, a flag, an edge."""
    spec = PIECES[code]
    kind = pm.meaning(code)
    x, y = proj.plane_to_screen(*hex_to_point(Hex(*hexes[0])))
    r = max(3, int(proj.zoom * 0.55))
    if kind is Meaning.GLYPH_SPACE:
        pygame.draw.circle(image, GLYPH, (x, y), r)
        pygame.draw.circle(image, MARKER, (x, y), r, 2)
        letter = "T" if spec.terrain is Terrain.GLYPH_TREASURE else "P"
        text = pygame.font.Font(None, max(12, int(r * 1.6))).render(letter, True, MARKER)
        image.blit(text, text.get_rect(center=(round(x), round(y))))
    elif kind is Meaning.START_ZONE:
        colour = START_ZONE_COLOURS.get(code, (200, 200, 200))
        points = [proj.plane_to_screen(*p) for p in _corners(hexes[0], 0.8)]
        pygame.draw.polygon(image, colour, points, max(2, r // 3))
    elif spec.terrain is Terrain.OBJECTIVE_MARKER:
        pygame.draw.line(image, MARKER, (x - r // 3, y + r), (x - r // 3, y - r), 2)
        pygame.draw.polygon(image, (220, 60, 60),
                            [(x - r // 3, y - r), (x + r, y - r // 2), (x - r // 3, y)])
    elif kind is Meaning.NONE:  # edge pieces and add-ons: a wall along the hex's edge
        points = [proj.plane_to_screen(*p) for p in _corners(hexes[0], 0.75)]
        pygame.draw.lines(image, EDGE, False, [points[3], points[4], points[5]], max(4, r // 2))


def _corners(at: tuple[int, int], k: float) -> list[tuple[float, float]]:
    x, y = hex_to_point(Hex(*at))
    return [(x + cx * k, y + cy * k) for cx, cy in hex_corners(ORIGIN)]


def picture(code: str, size: tuple[int, int] = (64, 52)) -> pygame.Surface:
    """Piece `code` seen from straight above, drawn by the game's renderer on a transparent
    picture of `size`."""
    key = (code, *size)
    if key in _CACHE:
        return _CACHE[key]
    doc = _built(code)
    setup = field_setup(doc)
    looks = TerrainLooks.of(((at, levels, doc.surfaces.get(at))
                             for at, levels in doc.columns.items()),
                            ((o.id, o.look) for o in doc.obstacles))
    renderer = BattlefieldRenderer(setup, None, looks)
    hexes = pm.covers(PiecePlacement(piece=code, at=(0, 0)))
    if pm.meaning(code) is Meaning.OBSTACLE:  # seen a little from the side: trees stand up
        high = 1.0 + max(PIECES[code].heights or (PIECES[code].height,)) + 1.6
        proj = _projection(hexes, size, high, *STANDING)
    else:
        proj = _projection(hexes, size)
    image = pygame.Surface(size, pygame.SRCALPHA)
    renderer._draw_direct(image, proj, Picture(setup.board, {}), None, background=False,
                          detail=False)
    if pm.meaning(code) not in (*pm.TILE_MEANINGS, Meaning.OBSTACLE):
        _sign(image, proj, code, hexes)
    elif pm.meaning(code) is Meaning.OBSTACLE:
        _height_badge(image, PIECES[code].height)
    _CACHE[key] = image
    return image


def _height_badge(image: pygame.Surface, height: int) -> None:
    """An obstacle's height in a corner (seen from above, its height does not show)."""
    font = pygame.font.Font(None, 16)
    text = font.render(str(height), True, (250, 250, 250))
    box = text.get_rect(bottomright=(image.get_width() - 1, image.get_height() - 1))
    pygame.draw.rect(image, (20, 22, 30), box.inflate(4, 2), border_radius=3)
    image.blit(text, box)

