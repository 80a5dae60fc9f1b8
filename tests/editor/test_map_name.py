"""A new map is named: New asks its name, Save as asks it of a map still called "New
battlefield", and test play and export carry the name given (seen: every new map stayed "New
battlefield", and its test play and export carried that)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from editor_kit import press, pump, shot

from arena.content.loader import load_file
from editor import app as editor_app
from editor.core import model as m
from editor.play import testplay

pytestmark = pytest.mark.usefixtures("headless")


def answer_name(app: editor_app.EditorApp, name: str) -> None:
    prompt = app.docs.naming
    assert prompt is not None and prompt.alive(), "the editor asks the map's name"
    prompt.entry.set_text(name)
    press(app, prompt.ok)
    assert app.docs.naming is None


def zones(app: editor_app.EditorApp) -> None:
    """Two starting zones, so the map plays as The Duel."""
    for at in ((-1, -1), (1, 1)):
        press(app, app.panels.buttons["new-zone"])
        app.tools.use_tool(at, True)


def test_new_asks_the_name_and_test_play_and_export_carry_it(
        headless: pygame.Surface, tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["new"])
    assert app.modal_open()
    shot(app, headless, "new-map-name.png")
    answer_name(app, "Hill Fort")
    assert (app.editor.doc.name, app.editor.doc.id) == ("Hill Fort", "hill-fort")
    assert not app.editor.dirty, "naming a new map is part of making it"
    pump(app, 0.4)
    assert "<b>Hill Fort</b>" in app.panels.summary_box.html_text
    assert app.status_text().startswith("Hill Fort (")

    zones(app)
    content, scenario = testplay.prepare(app.editor.doc, app.scenario_form,
                                         into=tmp_path / "play")
    field = load_file(content / "scenarios" / "battlefields" / "hill-fort.yaml")
    assert field.name == "Hill Fort"
    assert load_file(content / "scenarios" / f"{scenario}.yaml").name == "Test play: Hill Fort"

    app.open_dialog("export")
    dialog = app.files.dialog
    assert dialog is not None and dialog.current_file_path is not None
    assert dialog.current_file_path.name == "hill-fort.png"


def test_cancel_keeps_the_new_map_unnamed() -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["new"])
    prompt = app.docs.naming
    assert prompt is not None
    press(app, prompt.cancel)
    assert app.editor.doc.name == "New battlefield" and not app.modal_open()


def test_save_as_asks_the_name_of_an_unnamed_map(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    press(app, app.panels.buttons["save-as"])
    assert app.files.dialog is None, "the name first"
    answer_name(app, "Twin Peaks")
    dialog = app.files.dialog
    assert dialog is not None and app.files.dialog_kind == "save-as"
    assert dialog.current_file_path is not None
    assert dialog.current_file_path.name == "twin-peaks.yaml"
    app.files.on_path(tmp_path / "twin-peaks.yaml")
    saved = load_file(tmp_path / "twin-peaks.yaml")
    assert (saved.id, saved.name) == ("twin-peaks", "Twin Peaks")
    app.tools.undo()  # the name is an edit like any other
    assert app.editor.doc.name == "New battlefield"


def test_save_as_of_a_named_map_asks_no_name() -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.SetInfo(name="Ridge"))
    press(app, app.panels.buttons["save-as"])
    assert app.docs.naming is None and app.files.dialog_kind == "save-as"
