"""The editor window under SDL's dummy video driver: it starts, draws, and a small
battlefield can be built by clicking (raise land, paint water, a glyph, two starting zones),
saved, reloaded and validated. Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest
from editor_kit import (
    ARTIFACTS,
    DUEL,
    ROOT,
    click,
    hex_pos,
    press,
    pump,
    shot,
)

from arena.content.loader import load_file
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m
from editor.core.validation import validate
from editor.files import recovery
from editor.map import panels

pytestmark = pytest.mark.usefixtures("headless")


def colours(image: pygame.Surface, rect: pygame.Rect, samples: int = 20) -> int:
    seen = set()
    for i in range(samples):
        for j in range(samples):
            x = rect.x + (2 * i + 1) * rect.width // (2 * samples)
            y = rect.y + (2 * j + 1) * rect.height // (2 * samples)
            seen.add(tuple(image.get_at((x, y)))[:3])
    return len(seen)


def test_main_runs_headless_and_saves_a_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "main-duel.png"  # this run's own; a run beside it writes the artifact too
    assert editor_app.main([str(DUEL), "--frames", "3", "--screenshot", str(out)]) == 0
    image = pygame.image.load(str(out))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    own = ARTIFACTS / f".main-duel.{os.getpid()}.png"
    shutil.copyfile(out, own)
    os.replace(own, ARTIFACTS / "main-duel.png")  # whole, in one step
    assert image.get_size() == editor_app.WINDOW_SIZE
    assert colours(image, pygame.Rect((0, 0), editor_app.WINDOW_SIZE)) >= 20


def test_quit_button_ends_the_loop(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    assert app.panels.buttons["quit"].rect == panels.quit_button_rect(app.size)
    press(app, app.panels.buttons["quit"])
    assert not app.running and app.quit_pressed


def test_escape_lets_go_step_by_step_and_never_quits(headless: pygame.Surface) -> None:
    """Esc once quit a saved map at once, losing the undo history, selection and view: now
    it lets go of the selection, then the tool, and then only says how to quit."""
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    app.run_command(m.Raise((0, 0)))
    app.choose_tool("paint")
    app.tools.selection = {(0, 0), (1, 0)}

    def escape() -> None:
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                            unicode="", scancode=0))

    escape()
    assert app.running and not app.tools.selection and app.tools.tool == "paint"
    escape()
    assert app.running and app.tools.tool == "raise"
    escape()
    assert app.running and "Ctrl+Q" in app.message
    assert app.editor.undo_stack, "the undo history stays"
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q,
                                        mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert app.docs.prompt is not None or not app.running


def test_build_a_battlefield_by_clicking(headless: pygame.Surface, tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    assert len(app.editor.doc.columns) == 24

    press(app, app.panels.tool_buttons["raise"])
    click(app, hex_pos(app, (0, 0)))
    assert app.editor.doc.top((0, 0)) == 2
    click(app, hex_pos(app, (0, 0)))
    assert app.editor.doc.top((0, 0)) == 3

    press(app, app.panels.tool_buttons["paint"])
    app.on_menu(app.panels.terrain_menu, "water")
    click(app, hex_pos(app, (-3, 0)))
    assert app.editor.doc.terrain((-3, 0)) == "water"

    press(app, app.panels.tool_buttons["glyph"])
    click(app, hex_pos(app, (1, 0)))
    assert app.editor.doc.glyphs[(1, 0)].glyph == "power"

    press(app, app.panels.buttons["new-zone"])
    click(app, hex_pos(app, (-1, -2)))
    press(app, app.panels.buttons["new-zone"])
    click(app, hex_pos(app, (0, 2)))
    zones = {z.id: z.spaces for z in app.editor.doc.zones}
    assert zones == {"yellow": [(-1, -2)], "blue": [(0, 2)]}

    # Raise off the board: a new column on the ground plane.
    press(app, app.panels.tool_buttons["raise"])
    click(app, app.projection().to_screen(Hex(3, -1), 0.0))
    assert app.editor.doc.top((3, -1)) == 1

    # Undo with the keyboard removes that column again.
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                        mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    assert (3, -1) not in app.editor.doc.columns

    path = shot(app, headless, "built-by-clicking.png")
    assert path.is_file()
    assert app.panels.problems_label.text == "Ready to play as The Duel"  # yellow and blue stand in
    assert app.docs.save(tmp_path / "clicked.yaml"), app.message
    loaded = load_file(tmp_path / "clicked.yaml")
    assert loaded.id == "clicked"
    reopened = m.Editor.open(tmp_path / "clicked.yaml")
    assert reopened.doc == app.editor.doc
    assert validate(reopened.doc).ok


def test_problems_are_listed_and_clicking_one_centres_the_view(
        headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.run_command(m.Raise((12, -3)))
    app.run_command(m.PlaceGlyph((14, -3), "healing"))
    pump(app, 0.5)
    assert len(app.panels.findings) == 2
    assert app.panels.problems_label.text.startswith("2 problems")
    app.panels.select_finding(0)
    assert app.view.focus[0] == (12, -3)
    cx, cy = app.view.cam.center
    x, y = app.projection().to_screen(Hex(12, -3), 1.0)
    assert abs(x - cx) < 2 and abs(y - cy) < 2
    assert "cut off" in app.panels.detail.html_text
    shot(app, headless, "problems.png")


def test_flat_view_and_symmetry(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["flat"])
    assert app.view.flat
    press(app, app.panels.buttons["symmetry"])
    assert app.editor.symmetry is not None
    app.tools.tool = "raise"
    centre = app.editor.symmetry
    target = (2, 1)
    mirror = (centre[0] - target[0], centre[1] - target[1])
    before = app.editor.doc.top(mirror)
    x, y = app.flat_to_screen(*__import__("arena.hexgrid", fromlist=["hex_to_point"])
                              .hex_to_point(Hex(*target)))
    click(app, (x, y))
    assert app.editor.doc.top(mirror) == before + 1
    assert colours(shot(app, headless, "flat-symmetry.png") and headless, app.view_rect) > 8


def test_rotate_zoom_slice_and_selection(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["rot-left"])
    app.view.cam.finish()
    assert app.view.cam.rotation == 1
    zoom = app.view.cam.zoom
    app.view.cam.zoom_by(1.3)
    assert app.view.cam.zoom > zoom
    press(app, app.panels.buttons["slice-down"])
    assert app.view.slice_level == 2
    app.tools.selection = m.select_box(app.editor.doc, (-2, 0), (2, 0))
    press(app, app.panels.buttons["rotate-sel"])
    assert app.editor.undo_stack[-1].label == "Transform selection"
    shot(app, headless, "rotated-sliced-selection.png")


def test_export_png_and_test_play(tmp_path: Path, headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    out = tmp_path / "duel.png"
    app.export_png(out)
    assert pygame.image.load(str(out)).get_size() == app.view_rect.size
    started: list[Path] = []
    app.play.launcher = started.append
    app.play.test_play()
    assert len(started) == 1 and (started[0] / "scenarios" / "test-play.yaml").is_file()
    assert "New game" in app.message
    app.run_command(m.Raise((20, 20)))
    app.play.test_play()
    assert "problem" in app.message and len(started) == 1


def test_test_play_folders_are_removed_once_their_games_stop(headless: pygame.Surface) -> None:
    """Each test play writes a temporary content folder; it goes once its game has stopped
    (at once when the game could not start, at the latest when the editor closes)."""
    app = editor_app.EditorApp(DUEL, recover=False)

    class Game:
        reported = False

        def poll(self) -> str | None:
            return None

    folders: list[Path] = []
    games: list[Game] = []

    def launcher(root: Path) -> Game:
        folders.append(root)
        games.append(Game())
        return games[-1]

    app.play.launcher = launcher
    app.play.test_play()
    app.play.test_play()
    app.update(0.05)
    assert len(folders) == 2 and all(f.is_dir() for f in folders)  # both games run
    games[0].reported = True  # the first game stopped
    app.update(0.05)
    assert not folders[0].exists() and folders[1].is_dir()

    def broken(root: Path) -> Game:
        folders.append(root)
        raise OSError(8, "Exec format error")

    app.play.launcher = broken
    app.play.test_play()
    assert "could not start" in app.message and not folders[2].exists()
    app.play.launcher = folders.append  # starts nothing to watch
    app.play.test_play()
    assert folders[3].is_dir()
    games[1].reported = True
    app.close()
    assert not any(f.exists() for f in folders)


def test_a_game_started_from_the_editor_that_fails_is_reported(
        headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)

    class Stopped:
        reported = False

        def poll(self) -> str | None:
            if self.reported:
                return None
            self.reported = True
            return "The game stopped with an error (exit 2): no army 'x'"

    app.play.launcher = lambda _root: Stopped()
    app.play.test_play()
    assert "New game" in app.message and len(app.play.games) == 1
    app.update(0.05)
    assert app.message.startswith("The game stopped with an error") and app.play.games == []


def test_a_failed_save_is_reported(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    assert not app.docs.save(tmp_path)  # a folder
    assert app.message.startswith("Not saved") and app.docs.dialogs.open_windows()


def test_recovery_is_offered_after_a_crash(headless: pygame.Surface) -> None:
    crashed = m.Editor(m.MapDoc(id="lost", name="Lost work", columns={(0, 0): ["land"]}))
    recovery.write_copy(crashed)
    app = editor_app.EditorApp(recover=True)
    assert app.docs.recovery is not None
    pump(app)
    app.draw(headless)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(headless, str(ARTIFACTS / "recovery.png"))
    app.handle_event(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                        ui_element=app.docs.recovery))
    assert app.editor.doc.name == "Lost work" and app.editor.dirty
    app.close()  # unsaved work: the recovery copy is kept
    assert recovery.recover()[0] is not None


BAD_AUTOSAVES = {
    "not a battlefield": "battlefield: hello\n",
    "source is a list": "source: [1, 2]\nbattlefield: {id: x, name: X, columns: []}\n",
    "nested too deeply": "battlefield: " + "[" * 5000 + "]" * 5000 + "\n",
    "alias bomb": "a: &a [x, x, x, x]\nb: &b [*a, *a, *a, *a]\nbattlefield: {name: *b}\n",
}


@pytest.mark.parametrize("body", list(BAD_AUTOSAVES.values()), ids=list(BAD_AUTOSAVES))
def test_a_bad_recovery_copy_is_set_aside_and_the_editor_starts(
        headless: pygame.Surface, body: str) -> None:
    auto = recovery.write_copy(m.Editor(m.MapDoc(columns={(0, 0): ["land"]})))
    assert auto is not None
    auto.write_text(body, encoding="utf-8")
    app = editor_app.EditorApp(recover=True)  # never raises for a bad recovery file
    pump(app)
    app.draw(headless)
    assert app.docs.recovery is None and not auto.exists()
    aside = list(auto.parent.glob("*.damaged-*.yaml"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == body
    assert "set aside" not in app.message and str(aside[0]) in app.message
    app.close()
    again = editor_app.EditorApp(recover=True)  # the next start is clean
    assert again.docs.recovery is None and str(aside[0]) not in again.message
    again.close()


def test_the_previous_versions_autosave_is_offered_back(headless: pygame.Surface) -> None:
    """Work an earlier version left in its one autosave (``editor-autosave.yaml`` in the data
    folder, the same form) is offered back like any recovery copy."""
    crashed = m.Editor(m.MapDoc(id="old", name="Old work", columns={(0, 0): ["land"]}))
    where = recovery.write_copy(crashed)
    assert where is not None
    old = recovery.recovery_folder().parent / "editor-autosave.yaml"
    where.rename(old)
    app = editor_app.EditorApp(recover=True)
    assert app.docs.recovery is not None and not old.exists()
    app.handle_event(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                        ui_element=app.docs.recovery))
    assert app.editor.doc.name == "Old work" and app.editor.dirty
    app.close()


@pytest.mark.parametrize("body", list(BAD_AUTOSAVES.values()), ids=list(BAD_AUTOSAVES))
def test_a_bad_autosave_of_the_previous_version_is_set_aside(
        headless: pygame.Surface, body: str) -> None:
    old = recovery.recovery_folder().parent / "editor-autosave.yaml"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(body, encoding="utf-8")
    app = editor_app.EditorApp(recover=True)  # never raises for a bad autosave
    assert app.docs.recovery is None and not old.exists()
    aside = list(recovery.recovery_folder().glob("*.damaged-*.yaml"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == body
    assert str(aside[0]) in app.message
    app.close()


def test_scenario_settings_form(headless: pygame.Surface, tmp_path: Path) -> None:
    app = editor_app.EditorApp(ROOT / "scenarios" / "the-duel.yaml", recover=False)
    assert app.editor.doc.id == "duel"
    assert app.scenario_form is not None and app.scenario_form.name == "The Duel"
    press(app, app.panels.buttons["scenario"])
    assert app.scenario.window is not None
    fields = app.scenario.scenario_fields
    players = fields["players_max"]
    assert isinstance(players, pygame_gui.elements.UITextEntryLine)
    players.set_text("4")
    press(app, app.scenario.buttons["scenario-apply"])
    # Every problem at once in the window, each with its fix; the status line counts them.
    assert app.message == "Scenario: 2 problem(s), listed in the scenario window"
    assert app.scenario.scenario_problems is not None
    listed = app.scenario.scenario_problems.html_text.split("<br>")
    assert [line.partition(". Fix: ")[0] for line in listed] == [
        "\u2022 Turn limit (players: turns): the turn limit has no entry for 3 players",
        "\u2022 Turn limit (players: turns): the turn limit has no entry for 4 players"]
    shot(app, headless, "scenario-settings.png")
    players.set_text("2")
    name = fields["name"]
    assert isinstance(name, pygame_gui.elements.UITextEntryLine)
    name.set_text("The Duel, again")
    app.scenario.map_fields["name"].set_text("The Duel field")
    app.scenario.scenario_path = tmp_path / "the-duel.yaml"
    press(app, app.scenario.buttons["scenario-save"])
    saved = load_file(tmp_path / "the-duel.yaml")
    assert saved.name == "The Duel, again" and saved.battlefield == "duel"
    assert app.editor.doc.name == "The Duel field" and app.editor.dirty
    app.editor.undo()
    assert app.editor.doc.name == "The Duel"


def test_army_and_deck_builder_window(headless: pygame.Surface, tmp_path: Path) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["armies"])
    win = app.armies.window
    assert win is not None and app.builder is not None
    b = app.builder
    assert b.walker is not None
    start = b.army_totals()[1].cost
    # Click the first army card in the list: it joins the army, the points update.
    item = win.army_choices.item_list_container.elements[0]
    click(app, item.rect.center)
    assert len(b.cards) == 1 and b.army_totals()[1].cost > start
    for _ in range(3):
        click(app, win.spell_choices.item_list_container.elements[0].rect.center)
    assert len(b.spells) == 3
    assert "3 of 12 spells" in win.deck_label.text
    assert "must have exactly 12" in win.deck_findings.html_text
    shot(app, headless, "army-deck-builder.png")
    # Click an army card to take it out again.
    click(app, win.army_list.item_list_container.elements[0].rect.center)
    assert b.cards == []
    assert win.file_action("save-army", tmp_path / "test-army.yaml").startswith("Save army")
    assert load_file(tmp_path / "test-army.yaml").planeswalker == b.planeswalker
    assert "failed" in win.file_action("load-deck", tmp_path / "missing.yaml")


def test_card_data_window(headless: pygame.Surface, tmp_path: Path) -> None:
    import shutil

    src = sorted((ROOT / "cards" / "army").glob("*.yaml"))[0]
    path = tmp_path / src.name
    shutil.copy(src, path)
    app = editor_app.EditorApp(DUEL, recover=False)
    app.open_card(path)
    win = app.card_window
    assert win is not None
    life = win.fields["life"]
    assert isinstance(life, pygame_gui.elements.UITextEntryLine)
    life.set_text("lots")
    press(app, win.check)
    assert "life" in app.message
    shot(app, headless, "card-data.png")
    life.set_text("9")
    press(app, win.save)
    assert app.message.startswith("Saved")
    assert load_file(path).life == 9
    app.open_card(tmp_path / "missing.yaml")
    assert app.message.startswith("Could not open")
