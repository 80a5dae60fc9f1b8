"""The battlefield renderer: cached layers, depth interleaving, slicing, figures, water,
glyphs, palettes and dirty-rectangle frames that match full repaints pixel for pixel."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_kit import distinct_colors, save_artifact

from arena.client.bench import duel_all_summoned
from arena.client.figures import FigureLook, figure_sprite
from arena.client.palette import palette
from arena.client.picture import picture_from_game
from arena.client.projection import Projection
from arena.client.render import BattlefieldRenderer, FigurePlacement, Marker, Picture
from arena.client.render import render_preview as preview
from arena.engine import Board, FieldSetup, GlyphSpec, ObstacleSpec
from arena.hexgrid import Hex, spiral

RED = (222, 66, 58)


def field(tall: dict[Hex, int] | None = None, water: tuple[Hex, ...] = (),
          obstacles: tuple[ObstacleSpec, ...] = (),
          glyphs: tuple[GlyphSpec, ...] = ()) -> FieldSetup:
    columns: dict[Hex, list[str | None]] = {}
    for h in spiral(Hex(0, 0), 3):
        if h in water:
            columns[h] = ["water"]
        else:
            columns[h] = ["land"] * (tall or {}).get(h, 1)
    return FieldSetup(Board.build(columns, obstacles), glyphs=glyphs)


def look(fid: str = "a", height: int = 4, life: int = 1, **kw: object) -> FigureLook:
    return FigureLook(fid, "rhox-veterans", "squad", "white", height, RED, life=life,
                      **kw)  # type: ignore[arg-type]


def view(renderer: BattlefieldRenderer, size: tuple[int, int] = (800, 600),
         angle: float = 0.0) -> Projection:
    cam = renderer.camera((0.0, 0.0, float(size[0]), float(size[1])))
    return replace(cam.projection(), angle=angle)


def test_terrain_is_cached_per_camera_state(screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(field({Hex(1, 0): 3}))
    pic = Picture(r.field.board)
    p = view(r)
    r.draw(screen, p, pic)
    r.draw(screen, p, pic, now=1.0)
    assert r.stats == {"terrain_builds": 1, "composites": 1}
    r.draw(screen, replace(p, origin=(p.origin[0] + 15, p.origin[1])), pic)  # pan
    assert r.stats["terrain_builds"] == 1 and r.stats["composites"] == 2
    r.draw(screen, replace(p, zoom=p.zoom * 1.3), pic)  # zoom
    assert r.stats["terrain_builds"] == 2
    r.draw(screen, replace(p, angle=1.0), pic)  # rotation
    assert r.stats["terrain_builds"] == 3
    r.draw(screen, replace(p, angle=1.0), pic, slice_level=1)  # slicing
    assert r.stats["terrain_builds"] == 4


def test_mid_rotation_frames_are_painted_directly(screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(field({Hex(1, 0): 3}))
    pic = Picture(r.field.board, figures={"a": FigurePlacement(look(), (Hex(0, 0),))})
    r.draw(screen, view(r, angle=0.4), pic)
    assert r.stats["terrain_builds"] == 0
    assert len(r.drawn_figures) == 1
    assert len(distinct_colors(screen)) > 10


def test_a_column_in_front_hides_a_figures_feet(screen: pygame.Surface) -> None:
    back = Hex(0, 0)
    front = Hex(0, 1)  # south-east: nearer the viewer at angle 0
    pic_of = {}
    for height in (1, 6):
        r = BattlefieldRenderer(field({front: height}))
        p = view(r)
        pic = Picture(r.field.board, figures={"a": FigurePlacement(look(), (back,))})
        r.draw(screen, p, pic)
        x, y = p.to_screen(back, 1.0)
        pic_of[height] = tuple(screen.get_at((round(x), round(y) + 2)))[:3]
    base_red = pic_of[1]
    assert base_red[0] > base_red[1] + 60, "the red base shows when nothing is in front"
    assert pic_of[6] != base_red, "the tall column in front hides the base"


def test_figure_height_in_pixels_follows_its_height_in_levels() -> None:
    pygame.display.init()
    try:
        zoom, level_px = 60.0, 18.0
        tall = figure_sprite(look(height=5), zoom, level_px, 0.56)
        short = figure_sprite(look(height=4), zoom, level_px, 0.56)

        def top(sprite: object) -> int:
            rects = sprite.mask.get_bounding_rects()  # type: ignore[attr-defined]
            return sprite.anchor[1] - min(r.top for r in rects)  # type: ignore[attr-defined]

        assert top(tall) - top(short) == pytest.approx(level_px, abs=3)
        assert top(tall) == pytest.approx(5 * level_px, abs=level_px * 0.5)
    finally:
        pygame.quit()


def test_damage_pips_rings_and_team_patterns_change_the_sprite() -> None:
    pygame.display.init()
    try:
        def pixels(lk: FigureLook) -> bytes:
            return pygame.image.tobytes(figure_sprite(lk, 60, 18, 0.56).image, "RGBA")

        plain = pixels(look(life=3))
        assert pixels(look(life=3, damage=1)) != plain
        assert pixels(look(life=3, chosen=True)) != plain
        assert pixels(look(life=3, selected=True)) != pixels(look(life=3, chosen=True))
        patterns = {pixels(look(life=3, pattern=p)) for p in ("stripes", "dots", "rings",
                                                              "checks", "cross")}
        assert len(patterns) == 5 and plain not in patterns
    finally:
        pygame.quit()


def test_a_double_space_figure_spans_both_hexes(screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(field())
    p = view(r)
    lead, trail = Hex(0, 0), Hex(1, 0)
    beast = FigureLook("b", "dragon", "hero", "red", 6, RED, double=True, life=4)
    pic = Picture(r.field.board, figures={"b": FigurePlacement(beast, (lead, trail))})
    r.draw(screen, p, pic)
    rect = r.figure_rect("b")
    assert rect is not None
    (x0, _), (x1, _) = p.to_screen(lead, 1), p.to_screen(trail, 1)
    assert rect.left < x0 and rect.right > x1
    assert r.figure_under((round((x0 + x1) / 2), round(p.to_screen(lead, 3)[1]))) == "b"


def test_level_slicing_hides_what_is_above(screen: pygame.Surface) -> None:
    hill = Hex(1, 0)
    r = BattlefieldRenderer(field({hill: 4}))
    high = FigurePlacement(look("high"), (hill,))
    low = FigurePlacement(look("low"), (Hex(-1, 0),))
    pic = Picture(r.field.board, figures={"high": high, "low": low})
    p = view(r)
    r.draw(screen, p, pic, slice_level=2)
    assert max(r.pick_heights(pic, 2).values()) == 2
    assert {i.figure for i in r.drawn_figures} == {"low"}
    r.draw(screen, p, pic)
    assert {i.figure for i in r.drawn_figures} == {"low", "high"}


def test_water_shimmers_over_time(screen: pygame.Surface) -> None:
    pond = Hex(0, 0)
    r = BattlefieldRenderer(field(water=(pond, Hex(1, 0))))
    pic = Picture(r.field.board)
    p = view(r)
    x, y = p.to_screen(pond, 0.7)
    area = pygame.Rect(round(x) - 25, round(y) - 12, 50, 24)
    shots = []
    for now in (0.0, 0.1, 0.2, 0.3):
        r.draw(screen, p, pic, now=now)
        shots.append(pygame.image.tobytes(screen.subsurface(area), "RGB"))
    assert len(set(shots)) > 1


def test_glyph_tokens_show_face_up_and_face_down(screen: pygame.Surface) -> None:
    at = Hex(0, 0)
    r = BattlefieldRenderer(field(glyphs=(GlyphSpec(at, "power"),)))
    p = view(r)
    x, y = p.to_screen(at, 1)
    area = pygame.Rect(round(x) - 20, round(y) - 12, 40, 24)
    shots = {}
    for name, glyphs in (("up", {at: ("power", True)}), ("down", {at: (None, False)}),
                         ("none", {})):
        r.draw(screen, p, Picture(r.field.board, glyphs=glyphs))
        shots[name] = pygame.image.tobytes(screen.subsurface(area), "RGB")
    assert len(set(shots.values())) == 3
    looks = r.column_looks(Picture(r.field.board, glyphs={at: (None, False)}))
    assert looks[at].glyph == "hidden" and not looks[at].glyph_face_up


def test_ruins_and_cryptoliths_stand_as_solids(screen: pygame.Surface) -> None:
    ruin = ObstacleSpec("ruin", "ruin", (Hex(0, 0), Hex(1, 0)), 6)
    crypt = ObstacleSpec("c1", "cryptolith", (Hex(-2, 1),), 9)
    r = BattlefieldRenderer(field(obstacles=(ruin, crypt)))
    pic = Picture(r.field.board)
    heights = r.pick_heights(pic)
    assert heights[Hex(0, 0)] == 7 and heights[Hex(-2, 1)] == 10
    p = view(r)
    # a figure standing on the cryptolith's top is drawn up there
    on_top = Picture(r.field.board, figures={"a": FigurePlacement(look(), (Hex(-2, 1),))})
    r.draw(screen, p, on_top)
    rect = r.figure_rect("a")
    assert rect is not None and rect.bottom < p.to_screen(Hex(-2, 1), 8)[1]
    save_artifact(screen, "render-obstacles.png")


def test_dirty_rectangle_frames_match_a_full_repaint(screen: pygame.Surface) -> None:
    game, _ = duel_all_summoned()
    r = BattlefieldRenderer(game.state.static.field)
    pic = picture_from_game(game, palette())
    p = view(r, (1280, 720))
    hexes = sorted(game.state.board.columns)
    markers = [Marker(h, "move", "3") for h in hexes[:6]]
    r.draw(screen, p, pic, markers)
    for i in range(12):  # the mouse wanders, the water moves
        dynamic = [Marker(hexes[(i * 7) % len(hexes)], "hover"),
                   Marker(hexes[(i * 5) % len(hexes)], "path", "4")]
        r.draw(screen, p, pic, markers, dynamic, now=i * 0.13, incremental=True)
    incremental = pygame.image.tobytes(screen, "RGB")
    screen.fill((0, 0, 0))
    r.draw(screen, p, pic, markers, dynamic, now=11 * 0.13)
    assert pygame.image.tobytes(screen, "RGB") == incremental


def test_previews_draw_every_shipped_battlefield(screen: pygame.Surface) -> None:
    from arena.client import content
    from arena.content.to_engine import field_from_battlefield

    for bf_id, bf in content.catalog().battlefields.items():
        image = preview(field_from_battlefield(bf), (480, 300), content.zone_colours(bf))
        assert image.get_size() == (480, 300)
        assert len(distinct_colors(image)) > 8, bf_id
        if bf_id == "crossroads":
            screen.fill((20, 22, 30))
            screen.blit(image, (0, 0))
            save_artifact(screen.subsurface((0, 0, 480, 300)), "preview-crossroads.png")


def test_the_window_icon_is_a_sand_hex_column() -> None:
    from arena.client.icon import SAND_TOP, make_icon

    icon = make_icon(32)
    assert icon.get_size() == (32, 32)
    assert icon.get_at((0, 31)).a == 0  # a corner stays see-through
    assert tuple(icon.get_at((16, 9)))[:3] == SAND_TOP  # the middle of the top face
    assert icon.get_at((16, 20)).a == 255  # the side faces below it


def test_a_provoking_space_shows_its_cost_beside_a_warning_sign(screen: pygame.Surface
                                                                ) -> None:
    """The mark once read "!5", which looks like "15": the cost stands alone, after a drawn
    warning sign."""
    from arena.client import text
    from arena.client.render import _warning_sign

    renderer = BattlefieldRenderer(field({Hex(0, 0): 1}))
    proj = Projection(zoom=48.0)
    plain = renderer._label_item(proj, Marker(Hex(0, 0), "move", "5"), 1.0)
    provoking = renderer._label_item(proj, Marker(Hex(0, 0), "provoke", "5"), 1.0)
    sign = _warning_sign(text.render("5", 20, (255, 255, 255)).get_height(), (255, 160, 60))
    assert provoking.image.get_width() > plain.image.get_width() + sign.get_width() // 2
    assert provoking.image.get_height() == plain.image.get_height()
    # the sign's dark bar is drawn: the left part holds the near-black ink
    left = provoking.image.subsurface((0, 0, provoking.image.get_width() // 3,
                                       provoking.image.get_height()))
    assert any(left.get_at((x, y))[:3] == (10, 10, 16) and left.get_at((x, y))[3] > 0
               for x in range(left.get_width()) for y in range(left.get_height()))
