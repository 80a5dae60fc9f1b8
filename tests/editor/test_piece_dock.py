"""The piece palette docked beside the map, under SDL's dummy driver: it never covers the map
(the map view shrinks beside it), it shows every piece as a picture drawn by the game's
renderer, grouped by kind and set, with a search box, the collection's pieces first with the
count left of each; a piece follows the pointer by its centre; and Paste previews the whole
copied shape. Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import pygame
import pytest
from editor_kit import click, hex_pos, hover, press, pump, shot

from arena.content.battlefield import PiecePlacement
from arena.content.collections import Collection
from arena.content.pieces import PIECES
from arena.hexgrid import Hex, distance, hex_to_point
from editor import app as editor_app
from editor.core import model as m
from editor.core import piece_model as pm
from editor.map.piece_pictures import picture

pytestmark = pytest.mark.usefixtures("headless")


def _app() -> editor_app.EditorApp:
    """An editor on an empty map with one 24-hex grass tile placed as a piece."""
    app = editor_app.EditorApp(recover=False)
    app.editor.doc = m.MapDoc(id="pieces", name="Pieces")
    app.run_command(pm.PlacePiece(PiecePlacement(piece="g24", at=(0, 0))))
    app.view.rebuild_view(fit=True)
    pump(app)
    return app


def _centre(hexes: list[m.Coord]) -> m.Coord:
    """The hex of a 7-hex tile whose six neighbours are all in it."""
    inside = set(hexes)
    [middle] = [a for a in hexes
                if sum(distance(Hex(*a), Hex(*b)) == 1 for b in inside) == 6]
    return middle


def test_the_palette_docks_beside_the_map_and_never_covers_it(
        headless: pygame.Surface) -> None:
    app = _app()
    before = app.view_rect.copy()
    press(app, app.panels.tool_buttons["piece"])
    dock = app.pieces.dock_rect()
    assert dock is not None and app.pieces.is_open()
    view = app.view_rect
    assert not dock.colliderect(view)  # a click on the map is never a click on the palette
    assert view.left >= dock.right and view.right == before.right
    assert view.width == before.width - dock.width
    # A click at the map's left edge is the map's: the piece chosen stays.
    chosen = app.pieces.code
    click(app, (view.left + 6, view.centery))
    assert app.pieces.code == chosen
    shot(app, headless, "pieces-dock.png")
    press(app, app.panels.tool_buttons["raise"])
    assert app.pieces.dock_rect() is None and app.view_rect == before


def test_every_piece_is_a_picture_drawn_by_the_renderer() -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    grass, water = picture("g7"), picture("w1")
    assert grass.get_size() == water.get_size()

    def mostly(image: pygame.Surface) -> tuple[int, int, int]:
        counts: dict[tuple[int, int, int], int] = {}
        for x in range(image.get_width()):
            for y in range(image.get_height()):
                c = image.get_at((x, y))
                if c.a > 200:
                    counts[(c.r, c.g, c.b)] = counts.get((c.r, c.g, c.b), 0) + 1
        return max(counts, key=lambda k: counts[k])

    r, g, b = mostly(grass)
    assert g > r and g > b  # grass is green
    r, g, b = mostly(water)
    assert b > r and b > g  # water is blue
    # Every piece has a picture.
    assert all(picture(code).get_bounding_rect().width > 0 for code in PIECES)


def test_search_finds_a_piece_by_name_or_code_and_a_click_on_its_picture_picks_it(
        headless: pygame.Surface) -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    assert app.pieces.dock.search_box is not None
    click(app, app.pieces.dock.search_box.rect.center)
    for ch in "large ever":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pump(app)
    assert app.pieces.dock.shown_codes() == ["tr15"]
    where = app.pieces.dock.cell_centre("tr15")
    assert where is not None and app.pieces.dock_rect().collidepoint(where)  # type: ignore[union-attr]
    shot(app, headless, "pieces-search.png")
    click(app, where)
    assert app.pieces.code == "tr15"
    assert "Large Evergreen Tree (15)" in app.message
    # The name is never cut: the palette says it whole, on lines that fit the palette.
    lines = app.pieces.dock.info_lines()
    assert " ".join(lines).startswith("tr15 Large Evergreen Tree (15)")
    font = app.pieces.dock.font()
    assert all(font.size(line)[0] <= app.pieces.dock_rect().width - 8  # type: ignore[union-attr]
               for line in lines)
    hover(app, app.view_rect.center)  # the palette names the piece chosen, not one pointed at
    for code, spec in PIECES.items():  # every name is said whole
        app.pieces.code = code
        assert " ".join(app.pieces.dock.info_lines()).startswith(f"{code} {spec.title}")
    # A click in the box takes the whole search: typing a code replaces it, Enter takes it.
    click(app, app.pieces.dock.search_box.rect.center)
    for ch in "r7":
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pump(app)
    assert app.pieces.dock.search == "r7" and app.pieces.dock.shown_codes() == ["r7"]
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r", scancode=0))
    pump(app)
    assert app.pieces.code == "r7" and app.message.startswith("Piece: r7")


def test_groups_by_kind_and_set_to_jump_to() -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    groups = app.pieces.dock.group_names()
    assert "Trees and jungle" in groups and "Set: Rise of the Valkyrie Master Set" in groups
    app.pieces.dock.choose_group("Set: Ticalla Jungle")
    assert sorted(app.pieces.dock.shown_codes()) == sorted(["tp14", "tp15", "tp16", "tb9"])
    app.pieces.dock.choose_group("Trees and jungle")
    assert "tr10" in app.pieces.dock.shown_codes() and "g7" not in app.pieces.dock.shown_codes()


def test_the_collections_pieces_come_first_with_their_counts_left(
        headless: pygame.Surface) -> None:
    app = _app()
    owned = Collection(format="collection", pieces={"g7": 3, "w1": 2})
    app.pieces.set_collection(owned)
    press(app, app.panels.tool_buttons["piece"])
    shown = app.pieces.dock.shown_groups()
    assert shown[0] == ("Your collection", ["g7", "w1"])
    assert "g3" in app.pieces.dock.shown_codes()  # the other pieces follow
    assert app.pieces.dock.left("g7", app.editor.doc) == 3
    app.run_command(pm.PlacePiece(PiecePlacement(piece="g7", at=(0, 2), on_level=1)))
    assert app.pieces.dock.left("g7", app.editor.doc) == 2
    assert app.pieces.dock.left("g3", app.editor.doc) is None  # not in the collection
    shot(app, headless, "pieces-collection.png")


def test_a_seven_hex_tile_follows_the_pointer_by_its_centre() -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    app.pieces.code = "g7"
    for turn in range(6):
        app.pieces.rotation = turn
        at = (1, 2)
        hover(app, hex_pos(app, at))
        assert app.view.hover == at
        [(piece, hexes, _)] = app.tools.piece_previews()
        assert _centre([h for h, _ in hexes]) == at, turn
        assert _centre(pm.covers(app.pieces.placement(app.editor.doc, at))) == at


def test_paste_previews_the_whole_copied_shape(headless: pygame.Surface) -> None:
    app = _app()
    doc = app.editor.doc
    chosen = {(0, 2), (1, 2), (0, 3), (1, 3), (-1, 4)}
    app.tools.selection = set(chosen)
    app.tools.copy_selection()
    app.choose_tool("paste")
    hover(app, hex_pos(app, (2, 2)))
    assert app.view.hover == (2, 2)
    [(shape, ok)] = app.tools.paste_previews()
    assert ok and len(shape) == len(chosen)
    anchor = m.centre_hex(a for a in doc.columns if a in chosen)
    assert set(shape) == {(q - anchor[0] + 2, r - anchor[1] + 2) for q, r in chosen}
    shot(app, headless, "paste-preview.png")
    app.toggle_flat()  # the flat plan shows the same shape
    hover(app, app.flat_to_screen(*hex_to_point(Hex(2, 2))))
    assert app.view.hover == (2, 2)
    [(flat_shape, _)] = app.tools.paste_previews()
    assert flat_shape == shape
    shot(app, headless, "paste-preview-flat.png")


def test_the_palette_survives_the_panels_built_anew() -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    app.pieces.dock.set_search("rock")
    app.build_ui()  # a brush key or a resize builds every widget anew
    box = app.pieces.dock.search_box
    assert box is not None and box.alive() and box.get_text() == "rock"
    assert app.pieces.dock.group_menu is not None and app.pieces.dock.group_menu.alive()
