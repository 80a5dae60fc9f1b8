"""Building with terrain pieces (`editor.core.piece_model`): place, turn, remove, undo, redo,
symmetry, and the pieces and columns staying consistent through single-hex edits, saving and
export. Headless; the community maps are the ones the project ships (assets/community-maps)."""

from __future__ import annotations

from pathlib import Path

import pytest
from editor_kit import DUEL, SHARED

from arena.content.battlefield import PiecePlacement
from arena.content.loader import load_file
from arena.content.mapimport import import_map
from arena.content.piece_rules import expand, to_pieces
from arena.content.pieces import piece_hexes
from arena.hexgrid import Hex
from editor.core import model as m
from editor.core import piece_model as pm
from editor.map.piece_palette import GROUPS, PiecePalette, item_text


def _piece(code: str, at: tuple[int, int], on_level: int = 0,
           rotation: float = 0) -> PiecePlacement:
    return PiecePlacement(piece=code, at=at, on_level=on_level, rotation=rotation)


def _hexes(piece: PiecePlacement) -> set[tuple[int, int]]:
    return {(h.q, h.r) for h in piece_hexes(piece.piece, Hex(*piece.at), piece.rotation)}


@pytest.fixture()
def river(tmp_path: Path) -> m.Editor:
    """The Regenerated River, imported as `arena import-map` does and opened in the editor."""
    bf, _ = import_map(SHARED / "Web_1_The_Regenerated_River.json", "river")
    path = tmp_path / "river.yaml"
    m.Editor(m.MapDoc.from_battlefield(bf)).save(path)
    return m.Editor.open(path)


def test_a_tile_placed_and_removed_on_an_empty_map_with_exact_undo_and_redo() -> None:
    ed = m.Editor()
    tile = _piece("g7", (0, 0), rotation=2)
    assert ed.execute(pm.PlacePiece(tile))
    doc = ed.doc
    assert doc.pieces == [tile]
    assert set(doc.columns) == _hexes(tile) and all(doc.top(a) == 1 for a in doc.columns)
    placed = doc.copy()
    on_top = _piece("s3", (0, 0), on_level=1, rotation=1)
    assert ed.execute(pm.PlacePiece(on_top))
    assert {a for a in ed.doc.columns if ed.doc.top(a) == 2} == _hexes(on_top)
    assert pm.in_sync(ed.doc)
    assert ed.undo() == "Place piece" and ed.doc == placed
    assert ed.redo() == "Place piece" and ed.doc.pieces == [tile, on_top]
    # Removing takes the whole piece: every hex of the 3-hex tile loses its level 2.
    assert pm.piece_at(ed.doc, (0, 0)) == on_top
    assert ed.execute(pm.RemovePiece(on_top))
    assert ed.doc == placed
    assert ed.undo() == "Remove piece" and ed.doc.pieces == [tile, on_top]


def test_rotation_turns_the_tile_clockwise_in_steps() -> None:
    covered = [_hexes(_piece("g7", (0, 0), rotation=turn)) for turn in range(6)]
    assert len({frozenset(c) for c in covered}) == 6
    for turn in range(6):
        ed = m.Editor()
        ed.execute(pm.PlacePiece(_piece("g7", (0, 0), rotation=turn)))
        assert set(ed.doc.columns) == covered[turn]


def test_a_piece_does_not_go_where_terrain_stands_higher_and_the_preview_says_where() -> None:
    ed = m.Editor()
    ed.execute(m.SetHeight((1, 0), 3))
    tile = _piece("g3", (0, 0))
    spots = dict(pm.fit(ed.doc, tile))
    assert spots == {(0, 0): True, (1, 0): False, (0, 1): True}
    before = ed.doc.copy()
    assert not ed.execute(pm.PlacePiece(tile))  # nothing changed, nothing to undo
    assert ed.doc == before and len(ed.undo_stack) == 1
    tree = _piece("tr10", (5, 5), on_level=2)  # a tree needs ground of its level
    assert dict(pm.fit(ed.doc, tree)) == {(5, 5): False}


def test_symmetry_places_and_removes_the_mirrored_piece_too() -> None:
    ed = m.Editor()
    ed.set_symmetry((0, 0))
    tile = _piece("g3", (2, 0), rotation=0)
    assert ed.execute(pm.PlacePiece(tile))
    twin = _piece("g3", (-2, 0), rotation=3)
    assert ed.doc.pieces == [tile, twin]
    assert set(ed.doc.columns) == _hexes(tile) | {(-q, -r) for q, r in _hexes(tile)}
    assert len(ed.undo_stack) == 1  # one undo step for both
    assert ed.execute(pm.RemovePiece(tile))
    assert ed.doc.pieces == [] and ed.doc.columns == {}


def test_a_tree_and_a_glyph_from_pieces_are_an_obstacle_and_a_glyph_space() -> None:
    ed = m.Editor()
    ed.execute(pm.PlacePiece(_piece("g24", (0, 0))))
    tree = _piece("tr11", (0, 2), on_level=1)
    glyph = _piece("y0", (1, 3), on_level=1)
    ed.execute(pm.PlacePiece(tree))
    ed.execute(pm.PlacePiece(glyph))
    doc = ed.doc
    assert [(o.footprint, o.height, o.name) for o in doc.obstacles] == \
        [([(0, 2)], 11, "Evergreen Tree (11)")]
    assert doc.glyph_spaces == [(1, 3)]
    assert pm.piece_at(doc, (0, 2)) == tree  # the tree stands over the 24-hex tile
    for at in ((1, 0), (0, 1)):
        ed.execute(pm.PlacePiece(_piece("z4", at, on_level=1)))
    assert [(z.id, z.spaces) for z in ed.doc.zones] == [("yellow", [(1, 0), (0, 1)])]
    assert pm.in_sync(ed.doc)
    ed.execute(pm.RemovePiece(_piece("z4", (1, 0), on_level=1)))
    assert [(z.id, z.spaces) for z in ed.doc.zones] == [("yellow", [(0, 1)])]
    ed.execute(pm.RemovePiece(_piece("z4", (0, 1), on_level=1)))
    assert [(z.id, z.spaces) for z in ed.doc.zones] == [("yellow", [])]
    for _ in range(4):
        ed.undo()
    doc = ed.doc
    ed.execute(pm.RemovePiece(tree))
    assert ed.doc.obstacles == [] and ed.doc.top((0, 2)) == 1
    assert pm.piece_at(ed.doc, (0, 2)) == _piece("g24", (0, 0))


def test_single_hex_edits_leave_out_the_pieces_they_changed_and_nothing_else() -> None:
    ed = m.Editor()
    base = _piece("g7", (0, 0))
    top = _piece("g3", (0, 0), on_level=1)
    ed.execute(pm.PlacePiece(base))
    ed.execute(pm.PlacePiece(top))
    ed.execute(m.Raise((1, 1)))  # on the 7-hex tile, beside the 3-hex one: both still stand
    assert not pm.in_sync(ed.doc)
    assert pm.standing(ed.doc) == [base, top]
    ed.execute(m.Lower((1, 0)))  # a hex of the 3-hex tile: that piece is gone
    assert pm.standing(ed.doc) == [base]
    ed.execute(m.Paint((0, 1), "water"))  # the 3-hex tile's level 2 was painted water
    assert pm.standing(ed.doc) == [base]
    assert ed.doc.to_data()["pieces"] == [{"piece": "g7", "at": [0, 0]}]
    # Saved and exported: the pieces no longer build the map, so export decomposes it.
    bf = ed.doc.to_battlefield()
    pieces, notes = to_pieces(bf)
    assert "the battlefield was edited after import: pieces rebuilt from its columns" in notes
    built = expand(pieces)
    assert {c.at: c.levels for c in built.columns} == ed.doc.columns


def test_a_piece_on_a_map_of_columns_is_built_in_as_the_importer_builds_it(
        tmp_path: Path) -> None:
    ed = m.Editor.open(DUEL)
    assert not ed.doc.pieces and not pm.in_sync(ed.doc)
    at = next(a for a in ed.doc.columns
              if pm.fits(ed.doc, _piece("w3", a, ed.doc.top(a))))
    water = _piece("w3", at, ed.doc.top(at), rotation=4)
    before = {a: ed.doc.top(a) for a in _hexes(water)}
    assert ed.execute(pm.PlacePiece(water))
    assert all(ed.doc.terrain(a) == "water" and ed.doc.top(a) == water.on_level + 1
               for a in _hexes(water))
    spot = next(a for a in ed.doc.columns if ed.doc.terrain(a) == "land"
                and pm.fits(ed.doc, _piece("tr12", a, ed.doc.top(a))))
    tree = _piece("tr12", spot, ed.doc.top(spot))
    assert ed.execute(pm.PlacePiece(tree))
    assert ed.doc.obstacle_at(spot) is not None and ed.doc.obstacle_at(spot).height == 12
    assert pm.standing(ed.doc) == [water, tree]
    # A start-zone piece: a space of the zone of its colour (a new zone where there is none).
    free = next(a for a in ed.doc.columns if ed.doc.zone_at(a) is None
                and pm.fits(ed.doc, _piece("z1", a, ed.doc.top(a))))
    red = _piece("z1", free, ed.doc.top(free))
    assert ed.execute(pm.PlacePiece(red))
    assert [(z.id, z.spaces) for z in ed.doc.zones if z.id == "red"] == [("red", [free])]
    assert ed.execute(pm.RemovePiece(red))
    assert [z.spaces for z in ed.doc.zones if z.id == "red"] == [[]]
    ed.undo()
    ed.undo()
    saved = ed.save(tmp_path / "duel-with-pieces.yaml")
    reloaded = load_file(saved)
    assert reloaded.pieces == [water, tree]
    assert m.Editor.open(saved).doc.pieces == [water, tree]
    ed.execute(pm.RemovePiece(tree))
    assert ed.doc.obstacle_at(spot) is None and pm.standing(ed.doc) == [water]
    ed.execute(pm.RemovePiece(water))
    # the air under a hex of the tile over lower ground was never filled: each column is
    # back as it was before the tile
    assert {a: ed.doc.top(a) for a in before} == before and ed.doc.pieces == []
    # A tile on the bare table, off the map, and taken off again: its columns go with it.
    lone = _piece("g2", (30, 30))
    ed.execute(pm.PlacePiece(lone))
    ed.execute(m.PlaceGlyph((30, 30), "power"))
    assert ed.doc.top((30, 30)) == 1 and not pm.in_sync(ed.doc)
    ed.execute(pm.RemovePiece(lone))
    assert not _hexes(lone) & set(ed.doc.columns) and (30, 30) not in ed.doc.glyphs


def test_an_imported_map_keeps_its_pieces_and_a_placed_tile_exports_with_them(
        river: m.Editor, tmp_path: Path) -> None:
    doc = river.doc
    assert doc.pieces and pm.in_sync(doc)
    before = doc.copy()
    at = next(a for a in doc.columns
              if pm.fits(doc, _piece("r7", a, doc.top(a), rotation=3)))
    tile = _piece("r7", at, doc.top(at), rotation=3)
    assert river.execute(pm.PlacePiece(tile))
    assert river.doc.pieces == [*before.pieces, tile] and pm.in_sync(river.doc)
    assert all(river.doc.top(a) == tile.on_level + 1 for a in _hexes(tile))
    saved = river.save(tmp_path / "river.yaml")
    bf = load_file(saved)
    assert bf.pieces[-1] == tile
    pieces, notes = to_pieces(bf)
    assert pieces == bf.pieces  # the stored pieces still build it: written as they are
    assert not any("rebuilt" in note for note in notes)
    river.undo()
    assert river.doc == before
    # The piece a click on a hex takes away is the whole piece on top there.
    top_piece = pm.piece_at(river.doc, at)
    assert top_piece is not None and at in _hexes(top_piece)
    assert river.execute(pm.RemovePiece(top_piece))
    assert top_piece not in river.doc.pieces and pm.in_sync(river.doc)


def test_the_palette_offers_every_piece_once_the_collections_first() -> None:
    from arena.content.pieces import PIECES

    codes = [c for _, group in GROUPS for c in group]
    assert sorted(codes) == sorted(PIECES)
    names = [name for name, _ in GROUPS]
    assert names[:3] == ["Land: Grass", "Land: Rock", "Land: Sand"]
    assert dict(GROUPS)["Land: Grass"] == ("g1", "g2", "g3", "g7", "g24")
    assert {"w1", "w3"} <= set(dict(GROUPS)["Water and other fluids"])
    assert "tr10" in dict(GROUPS)["Trees and jungle"] and "rs2" in dict(GROUPS)["Ruins"]
    assert dict(GROUPS)["Glyphs"] == ("y0", "y1")
    mine = PiecePalette(available=frozenset({"s3", "rs2", "w1"}))
    assert mine.items()[0] == ("Your collection", ["s3", "w1", "rs2"])  # the collection first
    assert sorted(c for _, group in mine.items() for c in group) == sorted(PIECES)
    assert len(PiecePalette().items()) == len(GROUPS)


def test_the_palette_click_commands() -> None:
    palette = PiecePalette()
    palette.code = "g2"
    palette.turn(1)
    ed = m.Editor()
    command, said = palette.command(ed.doc, "piece", (3, 3))
    assert isinstance(command, pm.PlacePiece) and said == f"Placed {item_text('g2')}"
    assert command.piece == _piece("g2", (3, 3), rotation=1)
    ed.execute(command)
    command, said = palette.command(ed.doc, "piece", (3, 3))  # level 1 now: fits on top
    assert isinstance(command, pm.PlacePiece) and command.piece.on_level == 1
    removing, said = palette.command(ed.doc, "piece", (3, 3), remove=True)
    assert removing == pm.RemovePiece(_piece("g2", (3, 3), rotation=1))
    nothing, said = palette.command(ed.doc, "unpiece", (9, 9))
    assert nothing is None and said.startswith("No piece on [9, 9]")
