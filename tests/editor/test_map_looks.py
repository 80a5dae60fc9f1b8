"""The editor keeps an imported map's looks (`Column.surfaces`, `Obstacle.look`) through its
edits where it can: an unchanged map saves them back exactly, a placed piece gives its levels
and obstacle their look, a single-hex paint drops the look of the level it changed, copies
and moves carry them."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from editor_kit import press, pump, shot

from arena.content.battlefield import Battlefield, Column, PiecePlacement
from arena.content.loader import load_file
from arena.content.mapimport import import_map
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m
from editor.core import piece_model as pm


def _doc() -> m.MapDoc:
    bf = Battlefield(format="battlefield", id="looks", name="Looks", provenance="reconstructed",
                     columns=[Column(at=(0, 0), levels=["land", "land"],
                                     surfaces=["rock", "grass"]),
                              Column(at=(1, 0), levels=["water"], surfaces=["swampWater"]),
                              Column(at=(2, 0), levels=["land"])])
    return m.MapDoc.from_battlefield(bf)


def test_looks_survive_a_save_unchanged(tmp_path: Path) -> None:
    ed = m.Editor(_doc())
    saved = load_file(ed.save(tmp_path / "looks.yaml"))
    assert isinstance(saved, Battlefield)
    assert [c.surfaces for c in saved.columns] == [["rock", "grass"], ["swampWater"], None]


def test_a_paint_drops_the_look_of_the_level_it_changed() -> None:
    ed = m.Editor(_doc())
    ed.execute(m.Paint((0, 0), "water"))
    ed.execute(m.Paint((1, 0), "land"))
    columns = {c.at: c for c in ed.doc.to_battlefield().columns}
    assert columns[(0, 0)].surfaces == ["rock", None]  # the level below keeps its look
    assert columns[(1, 0)].surfaces is None
    ed.undo()
    ed.undo()
    assert ed.doc.surfaces[(0, 0)] == ["rock", "grass"]


def test_raising_and_lowering_forget_what_was_above() -> None:
    ed = m.Editor(_doc())
    ed.execute(m.Lower((0, 0)))
    ed.execute(m.Raise((0, 0), "land"))
    column = next(c for c in ed.doc.to_battlefield().columns if c.at == (0, 0))
    assert column.surfaces == ["rock", None]  # a hand-raised level is not the grass tile


def test_a_placed_piece_brings_its_look() -> None:
    ed = m.Editor(_doc())
    tile = PiecePlacement(piece="s1", at=(2, 0), on_level=1)
    tree = PiecePlacement(piece="tr10", at=(0, 0), on_level=2)
    assert ed.execute(pm.PlacePiece(tile)) and ed.execute(pm.PlacePiece(tree))
    bf = ed.doc.to_battlefield()
    assert next(c for c in bf.columns if c.at == (2, 0)).surfaces == [None, "sand"]
    assert [o.look for o in bf.obstacles] == ["tree"]
    ed.execute(pm.RemovePiece(tile))
    assert next(c for c in ed.doc.to_battlefield().columns if c.at == (2, 0)).surfaces is None


def test_moving_a_selection_moves_its_looks() -> None:
    ed = m.Editor(_doc())
    ed.execute(m.TransformSelection(frozenset({(0, 0), (1, 0)}), "rotate"))
    moved = {c.at: c.surfaces for c in ed.doc.to_battlefield().columns}
    assert sorted(s for s in moved.values() if s) == [["rock", "grass"], ["swampWater"]]
    frag = m.copy_fragment(ed.doc, set(ed.doc.columns))
    ed.execute(m.Paste(frag, (10, 10)))
    assert sum(1 for s in ed.doc.to_battlefield().columns if s.surfaces) == 4


def test_an_imported_map_opens_and_saves_with_its_looks(community_maps: Path,
                                                        tmp_path: Path) -> None:
    bf, _ = import_map(community_maps / "Web_1_The_Regenerated_River.json", "river")
    path = m.Editor(m.MapDoc.from_battlefield(bf)).save(tmp_path / "river.yaml")
    ed = m.Editor.open(path)
    assert pm.in_sync(ed.doc)
    again = ed.doc.to_battlefield()
    assert again.columns == bf.columns and again.obstacles == bf.obstacles


@pytest.mark.parametrize("code", ["r7", "w3"])
def test_a_tile_placed_on_an_empty_map_looks_like_itself(code: str) -> None:
    ed = m.Editor()
    assert ed.execute(pm.PlacePiece(PiecePlacement(piece=code, at=(0, 0))))
    want = {"r7": "rock", "w3": "water"}[code]
    assert {tuple(c.surfaces or ()) for c in ed.doc.to_battlefield().columns} == {(want,)}


def test_the_window_draws_the_looks_in_3d_and_in_the_flat_plan(
        headless: pygame.Surface, tmp_path: Path) -> None:
    """The editor's map view is the game's renderer with the map's looks; its flat plan
    colours each hex by its top level's look too."""
    bf = Battlefield(format="battlefield", id="green", name="Green", provenance="reconstructed",
                     columns=[Column(at=(q, r), levels=["land"], surfaces=["grass"])
                              for q in range(-2, 3) for r in range(-2, 3)])
    path = m.Editor(m.MapDoc.from_battlefield(bf)).save(tmp_path / "green.yaml")
    app = editor_app.EditorApp(path, recover=False)
    pump(app)
    app.draw(headless)
    x, y = app.projection().to_screen(Hex(0, 0), 1.0)
    seen = headless.get_at((round(x), round(y)))
    assert seen.g > seen.r + 25 and seen.g > seen.b + 25  # grass, not sand
    press(app, app.panels.buttons["flat"])
    pump(app)
    app.draw(headless)
    fx, fy = app.flat_to_screen(*m.plane_xy((0, 0)))
    flat = headless.get_at((round(fx + 3), round(fy + 3)))
    shot(app, headless, "flat-looks.png")
    assert flat.g > flat.r + 25 and flat.g > flat.b + 25
