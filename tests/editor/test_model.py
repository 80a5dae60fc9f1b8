"""The editor's battlefield document: every tool as a command, undo/redo, symmetry,
selection and clipboard, conversion, saving and autosave."""

from __future__ import annotations

from pathlib import Path

import pytest
from model_kit import SHIPPED, patch_editor

from arena.content import writer, yamlio
from arena.content.errors import ContentError
from arena.content.loader import load_file
from editor.core.mapdoc import mirror_axis, rotate60, select_box, select_same
from editor.core.model import (
    AddZone,
    Batch,
    Command,
    Editor,
    EditZone,
    EraseZone,
    Lower,
    MapDoc,
    MarkGlyphSpace,
    Paint,
    PaintPower,
    PaintZone,
    PlaceGlyph,
    PlaceObstacle,
    Raise,
    RemoveGlyph,
    RemoveObstacle,
    RemoveZone,
    SaveError,
    SetHeight,
    SetInfo,
    TransformSelection,
    obstacle_footprint,
)
from editor.files import recovery


def run_and_undo(editor: Editor, command: Command) -> MapDoc:
    """Run `command`, check undo restores and redo re-applies it; return the result."""
    before = editor.doc.copy()
    assert editor.execute(command)
    after = editor.doc.copy()
    assert after != before
    assert editor.undo() == command.label
    assert editor.doc == before
    assert editor.redo() == command.label
    assert editor.doc == after
    return after


def test_raise_and_lower() -> None:
    ed = patch_editor()
    doc = run_and_undo(ed, Raise((0, 0)))
    assert doc.columns[(0, 0)] == ["land", "land"] and doc.top((0, 0)) == 2
    doc = run_and_undo(ed, Raise((5, 5), "road"))
    assert doc.columns[(5, 5)] == ["road"]
    doc = run_and_undo(ed, Lower((0, 0)))
    assert doc.top((0, 0)) == 1
    doc = run_and_undo(ed, Lower((5, 5)))
    assert (5, 5) not in doc.columns


def test_lowering_a_column_away_removes_what_stood_on_it() -> None:
    ed = patch_editor()
    ed.execute(PlaceGlyph((1, 0), "power"))
    ed.execute(MarkGlyphSpace((1, 0)))
    ed.execute(AddZone("red", "Red", "#cc3333"))
    ed.execute(PaintZone((1, 0), "red"))
    ed.execute(PlaceObstacle("ruin", ((1, 0), (0, 0)), 4))
    run_and_undo(ed, Lower((1, 0)))
    assert not ed.doc.glyphs and not ed.doc.glyph_spaces and not ed.doc.obstacles
    assert ed.doc.zones[0].spaces == []


def test_lower_on_empty_space_changes_nothing() -> None:
    ed = patch_editor()
    assert not ed.execute(Lower((9, 9)))
    assert not ed.undo_stack


def test_paint_every_terrain() -> None:
    ed = patch_editor()
    ed.execute(Raise((0, 0)))
    for terrain in ("water", "road", "weirded", "land"):
        doc = run_and_undo(ed, Paint((0, 0), terrain))
        assert doc.columns[(0, 0)] == ["land", terrain]
    doc = run_and_undo(ed, Paint((7, 0), "water"))
    assert doc.columns[(7, 0)] == ["water"]


def test_set_height() -> None:
    ed = patch_editor()
    doc = run_and_undo(ed, SetHeight((0, 0), 4))
    assert doc.columns[(0, 0)] == ["land"] * 4
    doc = run_and_undo(ed, SetHeight((0, 0), 2))
    assert doc.top((0, 0)) == 2
    doc = run_and_undo(ed, SetHeight((0, 0), 0))
    assert (0, 0) not in doc.columns


def test_obstacles() -> None:
    ed = patch_editor()
    doc = run_and_undo(ed, PlaceObstacle("ruin", ((0, 0), (1, 0)), 6))
    assert [(o.id, o.kind, o.footprint, o.height) for o in doc.obstacles] == [
        ("ruin-1", "ruin", [(0, 0), (1, 0)], 6)]
    doc = run_and_undo(ed, PlaceObstacle("cryptolith", ((-1, 0),), 2))
    assert doc.obstacle_at((-1, 0)) is not None and doc.obstacle_at((-1, 0)).id == "cryptolith-1"
    doc = run_and_undo(ed, PlaceObstacle("ruin", ((1, 0),), 3))  # replaces the overlapped one
    assert [o.id for o in doc.obstacles] == ["cryptolith-1", "ruin-1"]
    doc = run_and_undo(ed, RemoveObstacle((1, 0)))
    assert [o.id for o in doc.obstacles] == ["cryptolith-1"]


def test_glyphs_and_glyph_spaces() -> None:
    ed = patch_editor()
    doc = run_and_undo(ed, PlaceGlyph((0, 0), "healing", "planeswalker"))
    assert doc.glyphs[(0, 0)].glyph == "healing" and doc.glyphs[(0, 0)].side == "planeswalker"
    doc = run_and_undo(ed, PlaceGlyph((0, 0), "power"))
    assert doc.glyphs[(0, 0)].glyph == "power" and doc.glyphs[(0, 0)].side == "ability"
    doc = run_and_undo(ed, RemoveGlyph((0, 0)))
    assert not doc.glyphs
    doc = run_and_undo(ed, MarkGlyphSpace((1, 1)))
    assert doc.glyph_spaces == [(1, 1)]
    assert not ed.execute(MarkGlyphSpace((1, 1)))
    doc = run_and_undo(ed, MarkGlyphSpace((1, 1), on=False))
    assert doc.glyph_spaces == []


def test_zones_and_power_spaces() -> None:
    ed = patch_editor()
    run_and_undo(ed, AddZone("yellow", "Yellow", "#e8c547", 2))
    ed.execute(AddZone("blue", "Blue", "#3366cc"))
    doc = run_and_undo(ed, PaintZone((-2, 0), "yellow"))
    assert doc.zone_at((-2, 0)) is not None and doc.zone_at((-2, 0)).id == "yellow"
    doc = run_and_undo(ed, PaintZone((-2, 0), "blue"))  # moves the space to the other zone
    assert [z.spaces for z in doc.zones] == [[], [(-2, 0)]]
    doc = run_and_undo(ed, EraseZone((-2, 0)))
    assert doc.zone_at((-2, 0)) is None
    ed.execute(PlaceGlyph((0, 0), "power"))
    doc = run_and_undo(ed, PaintPower((1, 0)))  # belongs to the nearest glyph
    assert [(p.at, p.glyph) for p in doc.power_spaces] == [((1, 0), (0, 0))]
    doc = run_and_undo(ed, PaintPower((1, 0), on=False))
    assert doc.power_spaces == []


def test_info() -> None:
    ed = patch_editor()
    doc = run_and_undo(ed, SetInfo(name="Hills", description="Two hills"))
    assert (doc.name, doc.description) == ("Hills", "Two hills")


def test_eyedropper() -> None:
    ed = patch_editor()
    ed.execute(Raise((0, 0), "road"))
    assert ed.sample((0, 0)) == ("road", 2)
    assert ed.sample((9, 9)) == (None, 0)


def test_unlimited_undo_and_redo_and_redo_cleared_by_a_new_edit() -> None:
    ed = patch_editor()
    start = ed.doc.copy()
    for i in range(300):
        ed.execute(Raise((0, 0)) if i % 2 else Paint((0, 0), "road" if i % 3 else "land"))
    while ed.undo():
        pass
    assert ed.doc == start
    assert ed.redo() is not None
    ed.execute(Raise((1, 1)))
    assert ed.redo() is None


def test_the_dirty_mark_follows_the_undo_stack(tmp_path: Path) -> None:
    """Undoing back to the saved state is clean; redoing away from it is dirty again; a
    new edit after undoing past the save makes the saved state unreachable."""
    ed = patch_editor()
    ed.execute(Raise((0, 0)))
    ed.save(tmp_path / "patch.yaml")
    assert not ed.dirty
    ed.execute(Raise((1, 0)))
    ed.execute(Paint((2, 0), "water"))
    assert ed.dirty
    ed.undo()
    assert ed.dirty
    ed.undo()
    assert not ed.dirty  # back at the saved state
    ed.undo()
    assert ed.dirty  # before the saved state
    ed.redo()
    assert not ed.dirty
    ed.redo()
    assert ed.dirty  # redone away from it
    ed.undo()
    ed.undo()
    ed.execute(Paint((3, 0), "road"))  # the saved state's redo is gone
    assert ed.dirty and len(ed.undo_stack) == 1
    ed.undo()
    assert ed.dirty


def test_a_stroke_merged_into_the_saved_step_is_unsaved(tmp_path: Path) -> None:
    ed = patch_editor()
    ed.execute(Raise((0, 0)))
    ed.save(tmp_path / "patch.yaml")
    ed.execute(Raise((1, 0)), merge=True)  # the same brush stroke goes on after the save
    assert ed.dirty
    ed.undo()
    ed.redo()
    assert ed.dirty


def test_batch_is_one_undo_step() -> None:
    ed = patch_editor()
    before = ed.doc.copy()
    ed.execute(Batch((Raise((0, 0)), Raise((1, 0)), Paint((2, 0), "water")), "Brush"))
    assert len(ed.undo_stack) == 1
    ed.undo()
    assert ed.doc == before


def test_symmetry_mirrors_every_edit_through_the_centre() -> None:
    ed = patch_editor()
    ed.set_symmetry((0, 0))
    ed.execute(Raise((1, 1)))
    assert ed.doc.top((1, 1)) == 2 and ed.doc.top((-1, -1)) == 2
    ed.execute(PlaceGlyph((2, -1), "power"))
    assert set(ed.doc.glyphs) == {(2, -1), (-2, 1)}
    ed.execute(PlaceObstacle("ruin", ((1, 0), (1, -1)), 5))
    assert sorted(map(tuple, (o.footprint for o in ed.doc.obstacles))) == [
        ((-1, 0), (-1, 1)), ((1, 0), (1, -1))]
    ed.execute(AddZone("yellow", "Yellow", "#e8c547"))
    ed.execute(AddZone("blue", "Blue", "#3366cc"))
    ed.execute(PaintZone((-2, 0), "yellow", partner="blue"))
    assert [z.spaces for z in ed.doc.zones] == [[(-2, 0)], [(2, 0)]]
    ed.undo()
    assert [z.spaces for z in ed.doc.zones] == [[], []]
    # Centre between two hexes (doubled coordinates): (0,0) <-> (1,0).
    ed.set_symmetry((1, 0), half=True)
    ed.execute(Paint((0, 0), "water"))
    assert ed.doc.terrain((1, 0)) == "water"
    ed.set_symmetry(None)
    ed.execute(Paint((-2, 2), "road"))
    assert ed.doc.terrain((2, -2)) == "land"


def test_rotate_and_mirror_helpers() -> None:
    assert rotate60((1, 0)) == (0, 1)
    at = (2, -1)
    for _ in range(6):
        at = rotate60(at)
    assert at == (2, -1)
    assert mirror_axis(mirror_axis((3, -2), (1, 1)), (1, 1)) == (3, -2)
    assert mirror_axis((0, 1)) == (1, -1)


def test_select_box_and_same_terrain() -> None:
    ed = patch_editor()
    box = select_box(ed.doc, (-1, 0), (1, 0))
    assert box == {(-1, 0), (0, 0), (1, 0)}
    ed.execute(Paint((2, 0), "water"))
    ed.execute(Paint((-2, 0), "water"))
    ed.execute(Paint((2, -1), "water"))
    assert select_same(ed.doc, (2, 0)) == {(2, 0), (-2, 0), (2, -1)}
    assert select_same(ed.doc, (2, 0), contiguous=True) == {(2, 0), (2, -1)}
    assert select_same(ed.doc, (9, 9)) == set()


def test_copy_paste() -> None:
    ed = patch_editor(1)
    ed.execute(Raise((0, 0), "road"))
    ed.execute(PlaceGlyph((0, 0), "power"))
    ed.execute(PlaceObstacle("ruin", ((1, 0),), 3))
    frag = ed.copy_selection({(0, 0), (1, 0)})
    assert len(frag.columns) == 2
    assert ed.paste((5, 0))
    assert ed.doc.columns[(5, 0)] == ["land", "road"]
    assert (5, 0) in ed.doc.glyphs
    assert [o.footprint for o in ed.doc.obstacles] == [[(1, 0)], [(6, 0)]]
    assert len({o.id for o in ed.doc.obstacles}) == 2
    ed.undo()
    assert (5, 0) not in ed.doc.columns


def test_rotate_and_mirror_selection() -> None:
    ed = patch_editor(1)
    ed.execute(Raise((1, 0)))
    ed.execute(PlaceGlyph((1, 0), "movement"))
    sel = frozenset(ed.doc.columns)
    run_and_undo(ed, TransformSelection(sel, "rotate"))
    assert ed.doc.top((0, 1)) == 2 and (0, 1) in ed.doc.glyphs
    assert set(ed.doc.columns) == set(sel)
    ed.execute(Raise((0, -1)))
    run_and_undo(ed, TransformSelection(frozenset(ed.doc.columns), "mirror"))
    assert ed.doc.top((-1, 1)) == 2  # (0, -1) reflected top <-> bottom
    assert ed.doc.top((1, -1)) == 2  # (0, 1) reflected


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_shipped_battlefield_round_trips(path: Path, tmp_path: Path) -> None:
    ed = Editor.open(path)
    out = tmp_path / path.name
    ed.save(out)
    assert out.read_text(encoding="utf-8") == path.read_text(encoding="utf-8")
    assert load_file(out) == load_file(path)


def test_save_as_renames_the_id_to_the_file_name(tmp_path: Path) -> None:
    ed = patch_editor()
    assert ed.dirty is False
    ed.execute(Raise((0, 0)))
    assert ed.dirty
    out = ed.save(tmp_path / "my-hill.yaml")
    assert not ed.dirty
    loaded = load_file(out)
    assert loaded.id == "my-hill"
    assert writer.dump_model(loaded) == out.read_text(encoding="utf-8")


def test_a_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    ed = patch_editor()
    out = ed.save(tmp_path / "patch.yaml")
    old = out.read_text(encoding="utf-8")
    for at in list(ed.doc.columns):
        ed.execute(Lower(at))
    with pytest.raises(SaveError, match="columns"):
        ed.save()
    assert out.read_text(encoding="utf-8") == old
    ed.undo()
    with pytest.raises(SaveError, match="not saved"):
        ed.save(tmp_path)  # a folder: the write fails
    assert out.read_text(encoding="utf-8") == old


def test_save_without_a_path_asks_for_one() -> None:
    with pytest.raises(SaveError, match="Save as"):
        patch_editor().save()


def test_autosave_and_recovery(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path))
    assert recovery.recover() == (None, [])
    ed = patch_editor()
    ed.path = tmp_path / "patch.yaml"
    for at in list(ed.doc.columns):  # an invalid map is autosaved too
        ed.execute(Lower(at))
    ed.execute(Raise((3, 3), "water"))
    where = recovery.write_copy(ed)
    assert where is not None and where.parent == tmp_path / "editor-recovery"
    back, notices = recovery.recover()
    assert back is not None and back.key == recovery.document_key(ed.path)
    assert back.editor.doc == ed.doc and back.editor.path == ed.path and back.editor.dirty
    assert notices == []
    recovery.clear(recovery.document_key(ed.path))
    assert recovery.recover() == (None, [])


def test_each_document_keeps_its_last_copies_and_an_empty_map_replaces_none(
        tmp_path: Path) -> None:
    """A cleared map is never written over the last good copy, and each document keeps its
    last RECOVERY_COPIES copies, newest first."""
    ed = patch_editor()
    ed.path = tmp_path / "patch.yaml"
    other = patch_editor()  # a map not saved yet: a series of its own
    for i in range(recovery.RECOVERY_COPIES + 2):
        ed.execute(Raise((0, 0)))
        assert recovery.write_copy(ed, folder=tmp_path) is not None
        if i == 0:
            assert recovery.write_copy(other, folder=tmp_path) is not None
    mine = recovery.copies(tmp_path, recovery.document_key(ed.path))
    assert len(mine) == recovery.RECOVERY_COPIES
    assert recovery.read_copy(mine[0].path).doc == ed.doc
    good = ed.doc.copy()
    for at in list(ed.doc.columns):
        while ed.execute(Lower(at)):
            pass
    assert not ed.doc.columns
    assert recovery.write_copy(ed, folder=tmp_path) is None  # nothing written, nothing pushed out
    back, _ = recovery.recover(tmp_path)
    assert back is not None and back.editor.doc == good
    assert len(recovery.copies(tmp_path, recovery.UNTITLED)) == 1
    recovery.clear(recovery.document_key(ed.path), tmp_path)
    assert [c.key for c in recovery.copies(tmp_path)] == [recovery.UNTITLED]


def test_a_damaged_copy_is_set_aside_and_the_next_newest_is_recovered(tmp_path: Path) -> None:
    ed = patch_editor()
    older = recovery.write_copy(ed, folder=tmp_path)
    ed.execute(Raise((0, 0)))
    newest = recovery.write_copy(ed, folder=tmp_path)
    assert older is not None and newest is not None
    newest.write_text("battlefield: {columns: [{at: 1}]}\n", encoding="utf-8")
    back, notices = recovery.recover(tmp_path)
    assert back is not None and back.editor.doc == patch_editor().doc
    aside = list(tmp_path.glob("*.damaged-*.yaml"))
    assert len(aside) == 1 and len(notices) == 1 and str(aside[0]) in notices[0]


def test_the_autosave_is_read_with_the_content_loaders_caps(tmp_path: Path) -> None:
    # A recovered autosave goes through arena.content's loader: an alias bomb (or a file over
    # the size cap) is refused instead of being expanded into memory.
    auto = recovery.write_copy(patch_editor(), folder=tmp_path)
    assert auto is not None
    assert recovery.read_copy(auto).doc == patch_editor().doc
    text = auto.read_text(encoding="utf-8")
    auto.write_text("bomb: &b [x, x]\nboom: [*b, *b]\n" + text, encoding="utf-8")
    with pytest.raises(ContentError):
        recovery.read_copy(auto)
    auto.write_text(text + "#" * yamlio.MAX_BYTES, encoding="utf-8")
    with pytest.raises(ContentError):
        recovery.read_copy(auto)


def test_a_merged_brush_stroke_undoes_at_once() -> None:
    ed = patch_editor()
    before = ed.doc.copy()
    ed.execute(Paint((0, 0), "water"))
    ed.execute(Paint((1, 0), "water"), merge=True)
    ed.execute(Paint((2, 0), "water"), merge=True)
    assert len(ed.undo_stack) == 1
    ed.undo()
    assert ed.doc == before


def test_rename_recolour_resize_and_delete_a_zone() -> None:
    ed = patch_editor()
    ed.execute(AddZone("yellow", "Yellow", "#e8c547"))
    ed.execute(PaintZone((-2, 0), "yellow"))
    doc = run_and_undo(ed, EditZone("yellow", name="North gate", colour="#112233"))
    zone = doc.zones[0]
    assert (zone.id, zone.name, zone.colour, zone.capacity, zone.spaces) == (
        "yellow", "North gate", "#112233", 1, [(-2, 0)])
    doc = run_and_undo(ed, EditZone("yellow", capacity=3))
    assert doc.zones[0].capacity == 3 and doc.zones[0].name == "North gate"
    assert not ed.execute(EditZone("missing", name="Nobody"))
    doc = run_and_undo(ed, RemoveZone("yellow"))
    assert doc.zones == [] and doc.zone_at((-2, 0)) is None
    ed.undo()
    assert ed.doc.to_battlefield().starting_zones[0].name == "North gate"


def test_obstacle_footprints_turn_about_the_mouse_hex() -> None:
    assert obstacle_footprint("ruin", "2 hexes", (3, 1)) == ((3, 1), (4, 1))
    assert obstacle_footprint("ruin", "2 hexes", (3, 1), turns=1) == ((3, 1), (3, 2))
    assert obstacle_footprint("ruin", "2 hexes", (3, 1), turns=6) == ((3, 1), (4, 1))
    turned = [set(obstacle_footprint("ruin", "3 triangle", (0, 0), t)) for t in range(6)]
    assert len({frozenset(f) for f in turned}) == 6 and all(len(f) == 3 for f in turned)
    assert obstacle_footprint("cryptolith", "7 round", (2, 2), turns=2) == ((2, 2),)
    assert len(obstacle_footprint("ruin", "7 round", (0, 0))) == 7
    ed = patch_editor()
    ed.set_symmetry((0, 0))
    ed.execute(PlaceObstacle("ruin", obstacle_footprint("ruin", "2 hexes", (1, 0)), 6))
    assert sorted(sorted(o.footprint) for o in ed.doc.obstacles) == [
        [(-2, 0), (-1, 0)], [(1, 0), (2, 0)]]


def test_saving_a_shipped_battlefield_saves_the_players_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Save of a shipped battlefield writes it to the player's folder (the game takes it
    there in place of the shipped one), never over the shipped file."""
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    shipped = SHIPPED[0]
    before = shipped.read_bytes()
    ed = Editor.open(shipped)
    ed.execute(SetInfo(name="Mine now"))
    mine = tmp_path / "data" / "scenarios" / "battlefields" / shipped.name
    assert ed.save() == mine and ed.path == mine
    assert shipped.read_bytes() == before
    assert load_file(mine).name == "Mine now"
