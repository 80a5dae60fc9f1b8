"""Failures are shown in a dialog in front of every window, saving content the game will
refuse asks first, modal windows own their input, Enter confirms the file dialog, documents
default to the map maker's Arena folder and Open lists the recent files."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, ROOT, key, press, pump, shot

from arena.content import writer
from arena.content.loader import load_file
from arena.content.locations import user_root
from editor import app as editor_app
from editor.core import model as m

pytestmark = pytest.mark.usefixtures("headless")


def dialog_text(app: editor_app.EditorApp) -> str:
    """The text of the failure windows open (the test fails when there is none)."""
    windows = app.docs.dialogs.open_windows()
    assert windows, f"no failure dialog; the status line says {app.message!r}"
    return "\n".join(w.text_block.html_text for w in windows)


def front_window(app: editor_app.EditorApp) -> object:
    return app.ui.get_window_stack().get_full_stack()[-1]


def duel_copy(tmp_path: Path) -> Path:
    target = tmp_path / "mine" / "duel.yaml"
    target.parent.mkdir()
    shutil.copy(DUEL, target)
    return target


# --- every failure in a dialog (seen item 5) ------------------------------------------------


def test_a_corrupt_file_is_shown_with_its_line_and_fix(tmp_path: Path,
                                                      headless: pygame.Surface) -> None:
    corrupt = tmp_path / "corrupt.yaml"
    corrupt.write_text("format: battlefield\nid: corrupt\ncolumns: [[0, 0, [land]\n"
                       "name: x\n", encoding="utf-8")
    app = editor_app.EditorApp(recover=False)
    app.docs.open(corrupt)
    text = dialog_text(app)
    assert str(corrupt) in text and "Line " in text and "not valid YAML" in text
    assert "Fix:" in text
    assert "(line " in app.message  # the status line's short form keeps the line
    shot(app, headless, "error-dialog.png")


def test_a_read_only_disk_gets_a_dialog_naming_the_file(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(model: object, path: Path) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(path) + ".tmp")

    monkeypatch.setattr(writer, "save_model", read_only)
    app = editor_app.EditorApp(recover=False)
    target = tmp_path / "field.yaml"
    assert not app.docs.save(target)
    text = dialog_text(app)
    assert str(target) in text and ".tmp" not in text
    assert "read-only" in text and "Save as" in text and str(user_root()) in text


def test_a_failed_army_save_is_shown_in_front_of_the_builder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["armies"])
    b, window = app.builder, app.armies.window
    assert b is not None and window is not None
    b.add_card(b.army_choices()[0].id)
    monkeypatch.setattr(b, "army_id_problems", lambda: [])

    def full(model: object, path: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(writer, "save_model", full)
    app.docs.dialogs.accepted["army"] = tuple(app.docs.refusals(("army",))["army"])
    app.files.dialog_kind = "save-army"
    app.files.on_path(tmp_path / "full.yaml")
    pump(app)
    assert "the disk is full" in dialog_text(app)
    assert front_window(app) is app.docs.dialogs.open_windows()[0]
    window.window.focus()  # a click on the builder does not bury the message
    app.ui.get_window_stack().move_window_to_front(window.window)
    assert front_window(app) is app.docs.dialogs.open_windows()[0]


def test_export_and_card_failures_get_a_dialog(tmp_path: Path) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    (tmp_path / "taken.png").mkdir()
    assert not app.export_sheet(tmp_path / "taken.png")
    assert "Build sheet not written" in dialog_text(app)
    app.docs.dialogs.open_windows()[0].kill()
    app.export_png(tmp_path / "taken.png")
    assert "Picture not written" in dialog_text(app)
    app.docs.dialogs.open_windows()[0].kill()
    app.open_card(tmp_path / "missing.yaml")
    assert "missing.yaml" in dialog_text(app) and "not found" in dialog_text(app)


# --- saving what the game will refuse asks first (seen item 7) --------------------------------


def test_saving_a_map_with_cut_off_hexes_asks_first(tmp_path: Path) -> None:
    path = duel_copy(tmp_path)
    before = path.read_bytes()
    app = editor_app.EditorApp(path, recover=False)
    app.run_command(m.Raise((40, 0)))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    question = app.docs.dialogs.question
    assert question is not None and path.read_bytes() == before
    assert "cut off" in question.window.get_container().elements[0].html_text
    press(app, question.buttons["cancel"])
    assert path.read_bytes() == before and app.editor.dirty
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    question = app.docs.dialogs.question
    assert question is not None
    press(app, question.buttons["save"])
    assert path.read_bytes() != before and not app.editor.dirty
    app.run_command(m.Raise((0, 0)))  # the same refusal: not asked again
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert app.docs.dialogs.question is None and not app.editor.dirty


def test_saving_an_illegal_army_asks_first(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["armies"])
    b = app.builder
    assert b is not None and b.walker is not None
    b.name_army("Too Big")
    walker = b.walker
    off = next(c for c in b.army_cards.values() if c.kind != "planeswalker"
               and "artifact" not in c.colours and not set(c.colours) & set(walker.colours))
    while b.army_totals()[1].left >= 0:
        b.add_card(off.id)
    target = tmp_path / "too-big.yaml"
    app.files.dialog_kind = "save-army"
    app.files.on_path(target)
    question = app.docs.dialogs.question
    assert question is not None and not target.exists()
    text = question.window.get_container().elements[0].html_text
    assert "army" in text and "budget" in text
    press(app, question.buttons["save"])
    assert load_file(target).cards == b.cards


def test_a_legal_map_saves_without_a_question(tmp_path: Path) -> None:
    path = duel_copy(tmp_path)
    app = editor_app.EditorApp(path, recover=False)
    app.run_command(m.Raise((0, 0)))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert app.docs.dialogs.question is None and not app.editor.dirty


# --- modal windows own their input (seen item 8) ---------------------------------------------


def wheel(app: editor_app.EditorApp, pos: tuple[int, int]) -> None:
    pygame.mouse.set_pos(pos)
    pygame.event.pump()
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                        buttons=(0, 0, 0)))
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                        precise_x=0.0, precise_y=-3.0))
    pump(app)


def test_the_wheel_and_keys_do_not_reach_the_map_under_the_builder() -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    centre = app.view_rect.center
    zoom = app.view.cam.zoom
    wheel(app, centre)
    assert app.view.cam.zoom < zoom  # without a window the wheel zooms the map
    press(app, app.panels.buttons["armies"])
    window = app.armies.window
    assert window is not None
    zoom = app.view.cam.zoom
    wheel(app, window.army_findings.rect.center)
    wheel(app, centre)
    assert app.view.cam.zoom == zoom
    key(app, pygame.K_TAB)
    key(app, pygame.K_q)
    assert not app.view.flat and app.view.cam.rotation == 0
    key(app, pygame.K_ESCAPE)  # Esc closes the builder, not the editor; its army stays
    assert app.running and not window.alive() and app.builder is not None
    press(app, app.panels.buttons["armies"])
    assert app.armies.window is not None and app.armies.window.builder is app.builder


def test_the_wheel_over_a_window_beside_the_map_is_the_window_s() -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.zones.open()
    window = app.zones.window
    assert window is not None and window.alive()
    rect = window.window.rect
    zoom = app.view.cam.zoom
    wheel(app, rect.center)
    assert app.view.cam.zoom == zoom
    beside = (app.view_rect.left + 20, app.view_rect.centery)
    assert not rect.collidepoint(beside)
    wheel(app, beside)  # the map beside the window still zooms
    assert app.view.cam.zoom < zoom


def test_the_scenario_window_is_modal_for_the_wheel() -> None:
    """Seen: the wheel over the scenario window's problems zoomed the map behind it."""
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["scenario"])
    window = app.scenario.window
    assert window is not None and window.alive() and app.modal_open()
    zoom = app.view.cam.zoom
    wheel(app, window.rect.center)
    wheel(app, (app.view_rect.left + 5, app.view_rect.bottom - 5))
    assert app.view.cam.zoom == zoom


def test_esc_closes_the_file_dialog_not_the_editor() -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.open_dialog("save-as")
    assert app.files.dialog is not None
    key(app, pygame.K_ESCAPE)
    pump(app)
    assert app.running and not app.files.dialog.alive()


# --- file dialogs: Enter, default folders, recent files (seen item 9) ------------------------


def test_enter_confirms_the_file_dialog(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.open_dialog("save-as")
    dialog = app.files.dialog
    assert dialog is not None
    target = tmp_path / "entered.yaml"
    line = dialog.file_path_text_line
    line.set_text(str(target))
    line.focus()
    key(app, pygame.K_RETURN)
    pump(app)
    pump(app)
    assert target.is_file() and not dialog.alive() and app.editor.path == target


def test_save_and_export_default_to_the_arena_folder() -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    mine = user_root().resolve()
    for kind in ("save-as", "export", "export-sheet-png", "export-sheet-pdf"):
        app.open_dialog(kind)
        assert app.files.dialog is not None
        start = Path(app.files.dialog.current_directory_path).resolve()
        assert start.is_relative_to(mine), (kind, start)
        assert not start.is_relative_to((ROOT / "scenarios").resolve())
        app.files.dialog.kill()


def test_recent_files_are_listed_and_missing_ones_dropped(tmp_path: Path) -> None:
    from editor.files import recent

    first, second = duel_copy(tmp_path), tmp_path / "second.yaml"
    app = editor_app.EditorApp(first, recover=False)
    assert app.docs.save(second)
    assert recent.load()[:2] == [second.absolute(), first.absolute()]
    assert recent.list_file().parent == user_root()
    os.remove(second)
    press(app, app.panels.buttons["open"])
    choice = app.files.open_choice
    assert choice is not None and "second.yaml" in app.message
    assert list(choice.buttons) == ["recent-0", "community", "browse", "cancel"]
    press(app, choice.buttons["recent-0"])
    assert app.editor.path == first and recent.load() == [first.absolute()]


def test_a_damaged_recent_list_is_an_empty_one() -> None:
    from editor.files import recent

    recent.list_file().parent.mkdir(parents=True, exist_ok=True)
    recent.list_file().write_text("{not json", encoding="utf-8")
    assert recent.load() == []
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["open"])
    # no recent files: the Community maps group, Browse and Cancel
    choice = app.files.open_choice
    assert choice is not None and list(choice.buttons) == ["community", "browse", "cancel"]


def test_the_same_refusals_are_asked_about_once() -> None:
    from editor.windows.dialogs import Dialogs

    class Host:
        ui = pygame_gui.UIManager((800, 600))
        size = (800, 600)
        message = ""

    dialogs = Dialogs(Host())
    done: list[int] = []
    dialogs.confirm_save({"battlefield": ["cut off"]}, lambda: done.append(1))
    assert dialogs.question is not None and done == []
    dialogs.accept({"battlefield": ["cut off"]}, lambda: done.append(2))
    dialogs.question = None
    dialogs.confirm_save({"battlefield": ["cut off"]}, lambda: done.append(3))
    assert done == [2, 3]
    dialogs.confirm_save({"battlefield": ["cut off", "no zone"]}, lambda: done.append(4))
    assert done == [2, 3] and dialogs.question is not None
