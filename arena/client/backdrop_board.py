"""The main menu's preview board: a small battlefield built in code (hills, a pond, a ruin, a
glyph, a few miniatures) and drawn by the real renderer, so the menu shows the game's own look
without loading any content file.

It needs the renderer and the engine, which the menu's first frame does not wait for: the
warm-up (`arena.client.warmup`) imports this module behind it, and `scenes.common.backdrop`
draws the board from then on.
"""

from __future__ import annotations

import pygame

from arena.client.figures import FigureLook
from arena.client.palette import DEFAULT_PLAYERS
from arena.client.render import BattlefieldRenderer, FigurePlacement, render_preview
from arena.engine import Board, FieldSetup, GlyphSpec, ObstacleSpec, ZoneSpec
from arena.hexgrid import Hex, distance, spiral

__all__ = ["board_backdrop"]


def _backdrop_field() -> tuple[FieldSetup, list[tuple[str, FigurePlacement]]]:
    columns: dict[Hex, list[str | None]] = {}
    hill, pond = Hex(2, -2), Hex(-2, 2)
    for h in spiral(Hex(0, 0), 5):
        if distance(h, Hex(0, 0)) == 5 and (h.q * 7 + h.r * 3) % 4 == 0:
            continue
        if distance(h, pond) <= 1:
            columns[h] = ["water"]
            continue
        height = max(1, 4 - distance(h, hill))
        terrain = "road" if h.r == 0 and h.q < 0 else "land"
        columns[h] = [*(["land"] * (height - 1)), terrain]
    ruin = ObstacleSpec("ruin", "ruin", (Hex(-1, -2), Hex(0, -3)), 6)
    field_setup = FieldSetup(
        board=Board.build(columns, [ruin]),
        glyphs=(GlyphSpec(Hex(0, 1), "power"),),
        zones=(ZoneSpec("orange", (Hex(1, 3), Hex(2, 3), Hex(0, 4), Hex(1, 4))),),
    )
    figures = [
        ("a", FigurePlacement(FigureLook("a", "gideon", "planeswalker", "white", 5,
                                         DEFAULT_PLAYERS[0]), (Hex(2, -2),))),
        ("b", FigurePlacement(FigureLook("b", "rhox-veterans", "squad", "white", 5,
                                         DEFAULT_PLAYERS[0]), (Hex(1, -1),))),
        ("c", FigurePlacement(FigureLook("c", "leyline", "squad", "blue", 4,
                                         DEFAULT_PLAYERS[1]), (Hex(-1, 1),))),
        ("d", FigurePlacement(FigureLook("d", "jace", "planeswalker", "blue", 4,
                                         DEFAULT_PLAYERS[1]), (Hex(-2, 0),))),
    ]
    return field_setup, figures



def board_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The main menu's backdrop at a window size: the sky, the preview board on the right,
    the left shaded for the menu's buttons."""
    field_setup, figures = _backdrop_field()
    w, h = size
    image = pygame.Surface(size)
    renderer = BattlefieldRenderer(field_setup)
    image.blit(renderer.background(size), (0, 0))
    pic_w, pic_h = int(w * 0.62), int(h * 0.86)
    picture = render_preview(field_setup, (pic_w, pic_h), figures=figures)
    image.blit(picture, (w - pic_w - int(w * 0.02), int(h * 0.1)))
    shade_left = pygame.Surface((int(w * 0.45), h), pygame.SRCALPHA)
    for x in range(shade_left.get_width()):
        alpha = int(170 * (1 - x / shade_left.get_width()) ** 1.5)
        shade_left.fill((10, 12, 20, alpha), pygame.Rect(x, 0, 1, h))
    image.blit(shade_left, (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        image = image.convert()
    return image
