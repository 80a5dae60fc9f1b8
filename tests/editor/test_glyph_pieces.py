"""Glyph pieces become glyphs the scenarios play (issue #35, item 1). Headless.

A Heroscape glyph piece placed in the editor (or read from a map file) marks a glyph space
*and* puts an AotP glyph on it: ``y0`` Power Glyph the Glyph of Power, ``y1`` Treasure Glyph
the Glyph of Knowledge (a one-time pick-up, as a treasure is). The Duel plays it where it
lies, the Skirmish shuffles it with the others; the Glyph tool changes its kind; the piece
keeps its own identity (a treasure glyph exports as a treasure glyph).
"""

from __future__ import annotations

from arena.content.battlefield import PiecePlacement
from arena.content.fits import fit
from arena.content.piece_rules import expand, to_pieces
from arena.content.to_engine import field_from_battlefield
from editor.core import commands as c
from editor.core import model as m
from editor.core import piece_model as pm
from editor.core.verdict import guide_scenarios, play_as, play_lines


def _piece(code: str, at: tuple[int, int], on_level: int = 0) -> PiecePlacement:
    return PiecePlacement(piece=code, at=at, on_level=on_level)


def _board(ed: m.Editor) -> None:
    ed.execute(pm.PlacePiece(_piece("g24", (0, 0))))


def test_the_pieces_name_their_glyphs() -> None:
    built = expand([_piece("g24", (0, 0)), _piece("y0", (1, 3), 1), _piece("y1", (1, 1), 1)])
    assert [(g.at, g.glyph, g.side) for g in getattr(built, "glyphs", [])] == [
        ((1, 3), "power", "ability"), ((1, 1), "knowledge", "ability")]
    assert built.glyph_spaces == [(1, 3), (1, 1)]


def test_a_glyph_piece_is_a_glyph_the_duel_and_the_skirmish_play() -> None:
    ed = m.Editor()
    _board(ed)
    ed.execute(pm.PlacePiece(_piece("y1", (1, 3), on_level=1)))
    ed.execute(pm.PlacePiece(_piece("y0", (1, 1), on_level=1)))
    doc = ed.doc
    assert {at: g.glyph for at, g in doc.glyphs.items()} == {(1, 3): "knowledge",
                                                             (1, 1): "power"}
    for at in ((1, 0), (0, 1)):
        ed.execute(pm.PlacePiece(_piece("z4", at, on_level=1)))
    for at in ((2, 4), (3, 4)):
        ed.execute(pm.PlacePiece(_piece("z7", at, on_level=1)))
    bf = ed.doc.to_battlefield()
    played = field_from_battlefield(bf)
    assert {(g.at.q, g.at.r): g.kind for g in played.glyphs} == {(1, 3): "knowledge",
                                                                 (1, 1): "power"}
    duel = next(f for f in play_as(bf) if f.scenario.id == "the-duel")
    assert duel.ok and duel.battlefield.glyphs == bf.glyphs
    skirmish = next(s for s in guide_scenarios() if s.id == "the-skirmish")
    assert not [p for p in fit(skirmish, bf).problems if p.path == ("glyph_setup",)]


def test_removing_the_piece_takes_its_glyph_and_undo_brings_both_back() -> None:
    ed = m.Editor()
    _board(ed)
    glyph = _piece("y0", (1, 3), on_level=1)
    ed.execute(pm.PlacePiece(glyph))
    placed = ed.doc.copy()
    ed.execute(pm.RemovePiece(glyph))
    assert ed.doc.glyphs == {} and ed.doc.glyph_spaces == []
    ed.undo()
    assert ed.doc == placed


def test_the_glyph_tool_changes_the_kind_and_the_piece_keeps_its_identity() -> None:
    ed = m.Editor()
    _board(ed)
    ed.execute(pm.PlacePiece(_piece("y1", (1, 3), on_level=1)))
    ed.execute(c.PlaceGlyph((1, 3), "movement", "ability"))
    assert ed.doc.glyphs[(1, 3)].glyph == "movement"
    assert pm.standing(ed.doc) == ed.doc.pieces  # the treasure glyph piece still stands
    pieces, _ = to_pieces(ed.doc.to_battlefield())
    assert [p.piece for p in pieces if p.piece.startswith("y")] == ["y1"]


def test_a_glyph_piece_on_a_hand_raised_map_is_a_glyph_too() -> None:
    ed = m.Editor()
    ed.execute(c.Raise((0, 0)))
    assert not pm.in_sync(ed.doc) or not ed.doc.pieces
    ed.execute(pm.PlacePiece(_piece("y0", (0, 0), on_level=1)))
    assert ed.doc.glyphs[(0, 0)].glyph == "power" and ed.doc.glyph_spaces == [(0, 0)]
    ed.execute(pm.RemovePiece(_piece("y0", (0, 0), on_level=1)))
    assert ed.doc.glyphs == {} and ed.doc.glyph_spaces == []


def test_the_verdict_says_which_glyph_spaces_stay_empty() -> None:
    """A glyph space marked by hand holds no glyph: the map plays, and Play as says the space
    stays empty in each scenario, and why."""
    ed = m.Editor()
    _board(ed)
    for at in ((1, 0), (0, 1)):
        ed.execute(pm.PlacePiece(_piece("z4", at, on_level=1)))
    for at in ((2, 4), (3, 4)):
        ed.execute(pm.PlacePiece(_piece("z7", at, on_level=1)))
    ed.execute(c.MarkGlyphSpace((1, 3), True))
    fits = play_as(ed.doc.to_battlefield())
    duel = next(f for f in fits if f.scenario.id == "the-duel")
    assert duel.ok and duel.remarks == (
        "1 glyph space will stay empty: The Duel plays the glyphs where the map places them "
        "(place a glyph with the Glyph tool, or a glyph piece, for each)",)
    assert any("stay empty" in line for line in play_lines(fits))
    ed.execute(pm.PlacePiece(_piece("y0", (1, 2), on_level=1)))
    ed.execute(c.PlaceGlyph((1, 3), "movement", "ability"))
    assert not any(f.remarks for f in play_as(ed.doc.to_battlefield()))
