"""The editor window's piece tools under SDL's dummy driver: the palette opens with the Piece
tool and closes with another, a click on its line chooses a piece, R turns it, the preview
under the mouse is green where it fits and red where it does not, a click places it, the
Remove piece tool (and Shift + click) takes a whole piece off, undo brings it back, and a
collection comes first in the palette. Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import pygame
import pytest
from editor_kit import click, hex_pos, hover, key, press, pump, shot

from arena.content.battlefield import PiecePlacement
from editor import app as editor_app
from editor.core import model as m
from editor.core import piece_model as pm

pytestmark = pytest.mark.usefixtures("headless")


def _app() -> editor_app.EditorApp:
    """An editor on an empty map with one 24-hex grass tile placed as a piece."""
    app = editor_app.EditorApp(recover=False)
    app.editor.doc = m.MapDoc(id="pieces", name="Pieces")  # a new map starts with a board
    app.run_command(pm.PlacePiece(PiecePlacement(piece="g24", at=(0, 0))))
    assert [p.piece for p in app.editor.doc.pieces] == ["g24"]
    app.view.rebuild_view(fit=True)
    pump(app)
    return app


def _clear(app: editor_app.EditorApp, hexes: list[m.Coord]) -> m.Coord:
    """The first of `hexes` the mouse can point at on the map (not under the palette)."""
    for at in hexes:
        pos = hex_pos(app, at)
        dock = app.pieces.dock_rect()
        if dock is None or not dock.collidepoint(pos):
            hover(app, pos)
            if app.view.hover == at:
                return at
    raise AssertionError("no hex in view")


def test_choose_turn_preview_place_and_remove_a_piece(headless: pygame.Surface) -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    assert app.tools.tool == "piece" and app.pieces.is_open()
    line = app.pieces.dock.cell_centre("g3")
    assert line is not None
    click(app, line)
    assert app.pieces.code == "g3"
    key(app, pygame.K_r)
    assert app.pieces.rotation == 1 and app.message == "Piece turned to 60\u00b0"

    hover(app, hex_pos(app, (0, 2)))
    assert app.view.hover == (0, 2)
    [(piece, hexes, removing)] = app.tools.piece_previews()
    assert piece == PiecePlacement(piece="g3", at=(0, 2), on_level=1, rotation=1)
    assert not removing and all(ok for _, ok in hexes)
    shot(app, headless, "pieces-preview.png")
    click(app, hex_pos(app, (0, 2)))
    assert app.editor.doc.pieces[-1] == piece and app.message == "Placed g3  3-hex Grass"
    assert {a for a in app.editor.doc.columns if app.editor.doc.top(a) == 2} == \
        set(pm.covers(piece))

    # Pointing at a level-1 hex beside it: the turned tile would cut into level 2 there.
    doc = app.editor.doc
    low = [a for a in doc.columns if doc.top(a) == 1
           and set(pm.covers(app.pieces.placement(doc, a))) & set(pm.covers(piece))]
    at = _clear(app, low)
    [(_, hexes, _)] = app.tools.piece_previews()
    assert {h for h, ok in hexes if not ok} == set(pm.covers(piece)) & {h for h, _ in hexes}
    before = doc.copy()
    click(app, hex_pos(app, at))
    assert app.editor.doc == before and app.message.startswith("The g3  3-hex Grass cannot go")

    press(app, app.panels.tool_buttons["unpiece"])
    assert not app.pieces.is_open()  # the palette is the Piece tool's
    hover(app, hex_pos(app, (0, 2)))
    [(taken, _, removing)] = app.tools.piece_previews()
    assert taken == piece and removing
    click(app, hex_pos(app, (0, 2)))
    assert piece not in app.editor.doc.pieces and app.editor.doc.top((0, 2)) == 1
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.editor.doc.pieces[-1] == piece and app.message == "Undid: Remove piece"


def test_shift_click_with_the_piece_tool_removes_the_whole_piece() -> None:
    app = _app()
    press(app, app.panels.tool_buttons["piece"])
    pos = hex_pos(app, _clear(app, sorted(app.editor.doc.columns)))
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        [(taken, _, removing)] = app.tools.piece_previews()
        assert removing and taken.piece == "g24"
        click(app, pos)
    finally:
        pygame.key.set_mods(0)
    assert app.editor.doc.pieces == [] and app.editor.doc.columns == {}


def test_a_collection_comes_first_in_the_palette() -> None:
    app = _app()
    app.pieces.set_available(frozenset({"s3", "w1"}))
    press(app, app.panels.tool_buttons["piece"])
    assert app.pieces.dock.shown_groups()[0] == ("Your collection", ["s3", "w1"])
    assert app.pieces.dock.cell_centre("g3") is not None  # the other pieces follow
    assert app.pieces.code == "s3"  # the piece chosen before is not in the collection
