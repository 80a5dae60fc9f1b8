"""Overhangs and bridges in the editor: a tile placed above a gap keeps the air under it (it
once filled every empty level under the tile with land), a tile may go into the gap under a
higher one, and the map's 3D view and flat plan show both surfaces of such a column."""

from __future__ import annotations

from pathlib import Path

from editor_kit import DUEL

from arena.content.battlefield import PiecePlacement
from arena.hexgrid import Hex, Storey
from editor.core import model as m
from editor.core import piece_model as pm
from editor.core.scene import field_setup


def _tile(at: tuple[int, int], on_level: int, code: str = "g1") -> PiecePlacement:
    return PiecePlacement(piece=code, at=at, on_level=on_level)


def _land_column(ed: m.Editor) -> tuple[int, int]:
    return next(a for a in ed.doc.columns if ed.doc.top(a) == 1 and ed.doc.terrain(a) == "land"
                and ed.doc.obstacle_at(a) is None)


def test_a_tile_placed_above_a_gap_keeps_the_gap() -> None:
    ed = m.Editor.open(DUEL)
    assert not pm.in_sync(ed.doc)  # a map of columns: the piece is written into them
    at = _land_column(ed)
    deck = _tile(at, 5)
    assert pm.fits(ed.doc, deck)
    assert ed.execute(pm.PlacePiece(deck))
    assert ed.doc.columns[at] == ["land", None, None, None, None, "land"]
    assert ed.doc.surface_levels(at) == [1, 6]
    # the game's board sees a surface under the deck, with four levels of room
    board = field_setup(ed.doc).board
    assert board.storeys[Hex(*at)] == (Storey(*at, 1), Storey(*at, 6))
    assert board.room(Storey(*at, 1)) == 4
    # undo takes the deck away and nothing else
    ed.undo()
    assert ed.doc.columns[at] == ["land"]


def test_a_tile_goes_into_the_gap_under_a_higher_one() -> None:
    ed = m.Editor.open(DUEL)
    at = _land_column(ed)
    ed.execute(pm.PlacePiece(_tile(at, 5)))
    pier = _tile(at, 1)
    assert pm.fits(ed.doc, pier), "the level it fills is empty"
    assert ed.execute(pm.PlacePiece(pier))
    assert ed.doc.columns[at] == ["land", "land", None, None, None, "land"]
    assert not pm.fits(ed.doc, _tile(at, 1)), "that level is taken now"
    assert not pm.fits(ed.doc, _tile(at, 5))


def test_a_tile_resting_on_water_still_makes_it_land() -> None:
    ed = m.Editor.open(DUEL)
    at = next(a for a in ed.doc.columns if ed.doc.terrain(a) == "water")
    top = ed.doc.top(at)
    ed.execute(pm.PlacePiece(_tile(at, top)))
    assert ed.doc.columns[at][top - 1] == "land" and ed.doc.top(at) == top + 1
    other = next(a for a in ed.doc.columns if ed.doc.terrain(a) == "water" and a != at
                 and ed.doc.top(a) == 1)
    ed.execute(pm.PlacePiece(_tile(other, 4)))
    assert ed.doc.columns[other] == ["water", None, None, None, "land"], \
        "water under a bridge stays water"


def test_a_map_of_pieces_keeps_the_gap_under_a_tile_placed_above_it() -> None:
    ed = m.Editor()
    ed.execute(pm.PlacePiece(_tile((0, 0), 0)))
    assert pm.in_sync(ed.doc)
    ed.execute(pm.PlacePiece(_tile((0, 0), 4)))
    assert ed.doc.columns[(0, 0)] == ["land", None, None, None, "land"]


def test_the_window_shows_the_gap_in_3d_and_both_levels_in_the_flat_plan(
        headless: object, tmp_path: Path) -> None:
    """A bridge over a river opened in the editor: the 3D view draws the water's face under
    the deck (the deck is not a solid column to the ground) and points at the water through
    the gap; the flat plan labels the bridge's hexes with both surfaces ("1/7")."""
    import pygame
    from editor_kit import drawn_app, press, pump, shot

    from arena.content.battlefield import Battlefield, Column

    def levels(q: int, r: int) -> list[str | None]:
        ground: list[str | None] = ["water"] if r == 0 else ["land"]
        return [*ground, *([None] * 5), "land"] if q == 0 and abs(r) <= 2 else ground

    bf = Battlefield(format="battlefield", id="bridge", name="Bridge", provenance="reconstructed",
                     columns=[Column(at=(q, r), levels=levels(q, r))
                              for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3])
    path = m.Editor(m.MapDoc.from_battlefield(bf)).save(tmp_path / "bridge.yaml")
    screen = headless
    assert isinstance(screen, pygame.Surface)
    app = drawn_app(path, screen)
    proj = app.projection()
    x, y = proj.to_screen(Hex(0, 0), 0.7)  # the water's face under the deck
    seen = screen.get_at((round(x), round(y)))
    assert seen.b > seen.r + 40, "water under the deck, not the deck's sand"
    assert app.view.hex_at((round(x), round(y))) == (0, 0)
    shot(app, screen, "bridge-3d.png")
    assert app.editor.doc.surface_levels((0, 0)) == [1, 7]
    press(app, app.panels.buttons["flat"])
    pump(app)
    app.draw(screen)
    shot(app, screen, "bridge-flat.png")
