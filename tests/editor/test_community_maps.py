"""The editor with Heroscape community maps and the piece collection, under SDL's dummy
driver: Open imports a ``.json`` or ``.hsc`` map through ``arena import-map``'s importer
(report shown, proposed zones marked, errors in the failure dialog, saved as YAML and never
over the map file), and the summary says whether the map can be built from the collection.
"""

from __future__ import annotations

import html
import os
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, press, pump

from arena.content.battlefield import Battlefield
from arena.content.collections import (
    Collection,
    available_codes,
    check_build,
    collection_path,
    load_collection,
    save_collection,
)
from arena.content.loader import load_file
from arena.content.mapimport import import_map
from editor import app as editor_app
from editor.core.model import MapDoc
from editor.windows.collection_window import summary_lines

pytestmark = pytest.mark.usefixtures("headless")

@pytest.fixture
def maps(community_maps: Path, tmp_path: Path) -> Path:
    """A copy of the community maps in the test's folder (the shared files are never
    written)."""
    copy = tmp_path / "maps"
    shutil.copytree(community_maps, copy)
    return copy


def _pick(app: editor_app.EditorApp, path: Path) -> None:
    """Choose `path` in the open file dialog, as its OK button does."""
    app.open_dialog("open")
    assert app.files.dialog is not None
    app.handle_event(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                        {"text": str(path), "ui_element": app.files.dialog}))
    pump(app, 0.4)


def test_the_open_dialog_lists_community_maps() -> None:
    app = editor_app.EditorApp(recover=False)
    app.open_dialog("open")
    assert app.files.dialog is not None
    assert {".yaml", ".json", ".hsc"} <= app.files.dialog.allowed_suffixes
    app.open_dialog("save-as")  # Save as is not filtered to the map files
    assert ".hsc" not in app.files.dialog.allowed_suffixes


def test_open_a_community_json_map(maps: Path) -> None:
    source = maps / "BWBB_1_Vengalla_Gulch.json"
    before = source.read_bytes()
    app = editor_app.EditorApp(recover=False)
    _pick(app, source)
    expected, report = import_map(source, "bwbb-1-vengalla-gulch")  # as the command does
    doc = app.editor.doc
    assert doc.id == "bwbb-1-vengalla-gulch" and doc.columns == {
        c.at: list(c.levels) for c in expected.columns}
    # A new battlefield, not saved anywhere yet: closing asks, Save asks where.
    assert app.editor.path is None and app.editor.dirty
    # The importer's report is shown, in a window in front of the map.
    windows = app.docs.dialogs.open_windows()
    assert [w.window_display_title for w in windows] == ["Imported BWBB_1_Vengalla_Gulch.json"]
    text = windows[0].text_block.html_text
    assert report[0].split(":")[0] in text and "proposed" in text
    # The zones the importer proposed are marked so in the status line and the summary.
    assert [(z.id, z.proposed) for z in doc.zones] == [("yellow", True), ("orange", True)]
    assert "Proposed starting zones" in app.message and "yellow, orange" in app.message
    assert "Proposed starting zones (the map had none): yellow, orange" in \
        app.panels.summary_box.html_text
    app.zones.open()
    assert app.zones.window is not None
    assert "(proposed by the import" in app.zones.window.window.window_display_title
    app.zones.window.kill()
    # Save asks where (the battlefields folder); a .json typed there is written as .yaml.
    app.docs.dialogs.windows[0].kill()
    app.docs.save_or_ask()
    assert app.files.dialog_kind == "save-as" and app.files.dialog is not None
    assert app.files.dialog.current_file_path is not None
    assert app.files.dialog.current_file_path.name == "bwbb-1-vengalla-gulch.yaml"
    app.docs.save_as(maps / "bwbb-1-vengalla-gulch.json")
    pump(app)
    assert app.docs.dialogs.question is None  # the imported map is valid: no Save anyway
    saved = maps / "bwbb-1-vengalla-gulch.yaml"
    assert app.editor.path == saved and not app.editor.dirty
    assert source.read_bytes() == before
    bf = load_file(saved, expect=Battlefield)
    assert isinstance(bf, Battlefield) and bf.columns == expected.columns


def test_open_a_virtualscape_hsc_map(maps: Path) -> None:
    source = maps / "ladders.hsc"
    app = editor_app.EditorApp(DUEL, recover=False)
    app.docs.request_open(source)  # the Duel is unchanged: nothing to ask
    assert app.editor.doc.id == "ladders" and app.editor.path is None
    assert len(app.editor.doc.columns) == 35
    text = app.docs.dialogs.open_windows()[0].text_block.html_text
    assert "VirtualScape .hsc" in text and "Ladder" in text


def test_a_damaged_map_file_is_reported_with_its_place(maps: Path) -> None:
    source = maps / "ladders.hsc"
    broken = maps / "broken.hsc"
    broken.write_bytes(source.read_bytes()[:-7])
    app = editor_app.EditorApp(DUEL, recover=False)
    _pick(app, broken)
    assert app.editor.doc.id == "duel" and app.editor.path == DUEL  # nothing replaced
    windows = app.docs.dialogs.open_windows()
    assert len(windows) == 1 and windows[0].window_display_title == "Could not import: broken.hsc"
    text = windows[0].text_block.html_text
    assert str(broken) in text and "byte" in text and "tile 35 of 35" in text
    assert "Fix:" in text and "truncated" in text
    assert app.message.startswith("Could not import: broken.hsc")
    assert not list(maps.glob("*.yaml"))


def test_the_summary_says_whether_the_map_can_be_built() -> None:
    save_collection(Collection(format="collection", sets={"aotp-core": 1}))
    app = editor_app.EditorApp(DUEL, recover=False)
    pump(app, 0.4)
    assert "<b>Your collection</b><br>The map can be built from your collection" in \
        app.panels.summary_box.html_text
    # The window: one Rise of the Valkyrie instead of the core box, and a custom piece.
    press(app, app.panels.buttons["collection"])
    window = app.collections.window
    assert window is not None and app.modal_open()
    window.counts["aotp-core"].set_text("")
    window.counts["rise-of-the-valkyrie"].set_text("1")
    window.code.set_text("tr10")
    window.count.set_text("2")
    press(app, window.add)
    assert window.custom == {"tr10": 2}
    press(app, window.save)
    mine = Collection(format="collection", sets={"rise-of-the-valkyrie": 1},
                      pieces={"tr10": 2})
    assert load_collection() == mine and app.message.startswith("Saved the collection")
    duel = load_file(DUEL, expect=Battlefield)
    assert isinstance(duel, Battlefield)
    check = check_build(duel, mine)
    assert not check.ok  # no boards: the Duel's ground needs more tiles than one set has
    text = app.panels.summary_box.html_text
    assert f"The map {check.headline()}" in text
    assert html.escape(f"missing {check.missing[0].line()}") in text
    press(app, window.close)
    assert not app.modal_open()


def test_a_bad_collection_file_is_named_in_the_summary() -> None:
    path = collection_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("format: collection\nsets: {rise-of-the-valkyry: 1}\n", encoding="utf-8")
    app = editor_app.EditorApp(DUEL, recover=False)
    text = app.panels.summary_box.html_text
    assert str(path) in text and "rise-of-the-valkyry" in text and "rise-of-the-valkyrie" in text
    assert app.collections.collection is None
    assert os.path.exists(path)  # never overwritten unasked


def test_no_collection_yet() -> None:
    lines = summary_lines(None, MapDoc())
    assert lines == ["<b>Your collection</b>",
                     "none chosen: open Collection... to say which boxes you own"]


def test_the_piece_palette_offers_the_pieces_of_the_collection() -> None:
    """No collection yet: every piece; the AotP core box: its pieces first (boards are not
    pieces), then the others; saving another collection from its window changes the palette
    at once."""
    app = editor_app.EditorApp(DUEL, recover=False)
    offered = {c for _, codes in app.pieces.items() for c in codes}
    assert len(offered) > 100  # nothing owned yet: the whole palette
    save_collection(Collection(format="collection", sets={"aotp-core": 1}))
    app = editor_app.EditorApp(DUEL, recover=False)
    first, mine = app.pieces.items()[0]
    assert first == "Your collection"
    assert set(mine) == available_codes(load_collection()) == {"s3", "s1", "rs2"}
    press(app, app.panels.buttons["collection"])
    window = app.collections.window
    assert window is not None
    window.code.set_text("tr10")
    window.count.set_text("1")
    press(app, window.add)
    press(app, window.save)
    assert set(app.pieces.items()[0][1]) == {"s3", "s1", "rs2", "tr10"}
