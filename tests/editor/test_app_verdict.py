"""The editor window's verdict under SDL's dummy driver: the status line is the game's ("Ready
to play as The Duel" or not ready), a zone's id is edited in the zone window and checked, and
the detail pane follows the problem it shows. Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, press, pump, shot

from editor import app as editor_app
from editor.core import model as m
from editor.windows.zone_window import check_fields

pytestmark = pytest.mark.usefixtures("headless")


def type_into(entry: pygame_gui.elements.UITextEntryLine, text: str) -> None:
    entry.set_text(text)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text,
                                         ui_element=entry))


def settled(app: editor_app.EditorApp) -> None:
    """Past the validation debounce: the panel shows the report of the map as it is."""
    app.changed()
    pump(app, 0.4)


def test_a_new_map_without_zones_is_not_ready_to_play(headless: pygame.Surface) -> None:
    """Seen: "No problems: ready to play" on a new map (Test play then said "paint starting
    zones first")."""
    app = editor_app.EditorApp(recover=False)
    settled(app)
    assert app.panels.problems_label.text == "Not ready to play: see Play as below"
    assert "The Duel: not yet" in app.panels.summary_box.html_text
    shot(app, headless, "verdict-not-ready.png")


def test_a_zone_id_is_edited_in_the_zone_window(headless: pygame.Surface) -> None:
    """Seen: renaming the zone to Orange kept `id: blue`, and the id could not be edited."""
    app = editor_app.EditorApp(recover=False)
    for at in ((-1, -1), (1, 1)):
        press(app, app.panels.buttons["new-zone"])
        app.tools.use_tool(at, True)
    assert [z.id for z in app.editor.doc.zones] == ["yellow", "blue"]
    settled(app)
    assert app.panels.problems_label.text == "Ready to play as The Duel"
    assert "one player each in Yellow and Blue (as orange)" in app.panels.summary_box.html_text

    app.tools.brush.zone = "blue"
    press(app, app.panels.buttons["edit-zone"])
    win = app.zones.window
    assert win is not None and win.ident.get_text() == "blue"
    type_into(win.ident, "yellow")  # another zone's id
    press(app, win.apply)
    assert "another zone has it" in app.message
    type_into(win.ident, "Orange!")
    press(app, win.apply)
    assert "lower-case letters, digits and dashes" in app.message
    assert [z.id for z in app.editor.doc.zones] == ["yellow", "blue"]

    type_into(win.ident, "orange")
    type_into(win.name, "Orange")
    press(app, win.apply)
    assert [(z.id, z.name) for z in app.editor.doc.zones] == [("yellow", "Yellow"),
                                                              ("orange", "Orange")]
    assert app.tools.brush.zone == "orange"  # the brush paints the zone under its new id
    assert app.zones.window is not None and app.zones.window.ident.get_text() == "orange"
    settled(app)
    assert "The Duel: ready (one player each in Yellow and Orange)" in \
        app.panels.summary_box.html_text
    shot(app, headless, "verdict-zone-id.png")
    app.tools.undo()
    assert [z.id for z in app.editor.doc.zones] == ["yellow", "blue"]


def test_zone_fields_are_checked() -> None:
    assert check_fields(" orange ", "Orange", "#FFA500", "2", {"yellow"}) == \
        ("orange", "Orange", "#ffa500", 2)
    assert "another zone" in str(check_fields("yellow", "Y", "#ffffff", "1", {"yellow"}))
    assert "Zone id ''" in str(check_fields("", "Y", "#ffffff", "1", set()))


def test_the_detail_pane_follows_its_problem(headless: pygame.Surface) -> None:
    """Seen: the detail pane kept a problem's text after the problem was fixed."""
    app = editor_app.EditorApp(DUEL, recover=False)
    app.run_command(m.AddZone("blue", "Blue", "#3366cc"))
    settled(app)
    assert app.panels.problems_label.text == "1 problem (click one to see it)"
    app.panels.select_finding(0)
    assert app.panels.detail.html_text.startswith("Starting zone Blue: has no spaces yet.")
    assert "Fix: Paint its spaces" in app.panels.detail.html_text
    app.tools.brush.zone = "blue"
    app.tools.tool = "zone"
    app.tools.use_tool((1, -4), True)
    settled(app)
    assert app.panels.problems_label.text == "Ready to play as The Duel", [
        f.text() for f in app.panels.findings]
    assert app.panels.detail.html_text == ""


def test_the_status_says_checking_until_the_verdict_of_the_edited_map_is_in(
        headless: pygame.Surface) -> None:
    """Seen on the real-window test's screenshot: just after two zones were painted the
    status still said the map had no zones (the check waits for edits to pause)."""
    app = editor_app.EditorApp(recover=False)
    settled(app)
    assert app.panels.problems_label.text == "Not ready to play: see Play as below"
    for at in ((-1, -1), (1, 1)):
        press(app, app.panels.buttons["new-zone"])
        app.tools.use_tool(at, True)
    pump(app, 0.05)
    assert app.panels.problems_label.text == editor_app.CHECKING
    pump(app, 0.4)
    assert app.panels.problems_label.text == "Ready to play as The Duel"
