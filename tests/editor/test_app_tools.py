"""The editor window's later tools under SDL's dummy driver: starting zones renamed and
recoloured, multi-hex ruins with a preview and 60-degree turns, the build-sheet export, the
Save / Discard / Cancel question (Quit, New, Open) and the unsaved mark, and the builder's own
folders and "Play with this army".
Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pygame_gui
import pytest
from editor_kit import (
    DUEL,
    ROOT,
    click,
    hex_pos,
    hover,
    key,
    press,
    pump,
    shot,
)

from arena.client.storage import data_dir
from arena.content.loader import load_file
from arena.content.userfiles import armies_dir, decks_dir, load_user_files
from editor import app as editor_app
from editor.core import model as m
from editor.core.builder import Builder, shipped_catalog
from editor.files import recovery
from editor.files.mapimport import proposed_note

pytestmark = pytest.mark.usefixtures("headless")


def type_into(entry: pygame_gui.elements.UITextEntryLine, text: str) -> None:
    entry.set_text(text)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text,
                                         ui_element=entry))


# --- starting zones ---------------------------------------------------------------------------


def test_rename_and_recolour_a_zone_in_the_window(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.tools.brush.zone = "yellow"
    press(app, app.panels.buttons["edit-zone"])
    win = app.zones.window
    assert win is not None and win.alive()
    assert win.name.get_text() == "Yellow"
    type_into(win.name, "North gate")
    type_into(win.colour, "#3a7bd5")
    pump(app)
    assert win.swatch_surface.get_at((14, 14))[:3] == (0x3a, 0x7b, 0xd5)
    shot(app, headless, "zone-window.png")
    press(app, win.apply)
    zone = next(z for z in app.editor.doc.zones if z.id == "yellow")
    assert (zone.name, zone.colour) == ("North gate", "#3a7bd5")
    pump(app)
    assert app.view.renderer is not None
    # The renderer draws the new colour; Ctrl+Z takes the change back.
    assert app.view.rendered_revision == app.editor.revision
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    zone = next(z for z in app.editor.doc.zones if z.id == "yellow")
    assert (zone.name, zone.colour) == ("Yellow", "#e8c547")

    # A bad colour is refused with a message that says how to write one.
    type_into(win.colour, "blue")
    press(app, win.apply)
    assert "#rrggbb" in app.message
    assert next(z for z in app.editor.doc.zones if z.id == "yellow").colour == "#e8c547"

    # The colour picker fills the field.
    press(app, win.pick)
    assert win.picker is not None
    app.handle_event(pygame.event.Event(pygame_gui.UI_COLOUR_PICKER_COLOUR_PICKED,
                                        colour=pygame.Color(10, 200, 30), ui_element=win.picker))
    assert win.colour.get_text() == "#0ac81e"
    win.picker.kill()
    pump(app)

    press(app, win.delete)
    assert [z.id for z in app.editor.doc.zones] == ["orange"]
    app.tools.undo()
    assert [z.id for z in app.editor.doc.zones] == ["yellow", "orange"]


def test_edit_zone_without_zones_says_what_to_do() -> None:
    app = editor_app.EditorApp(recover=False)
    app.zones.open()
    assert app.zones.window is None and "New zone" in app.message


# --- multi-hex ruins --------------------------------------------------------------------------


def test_place_and_turn_a_multi_hex_ruin_with_a_preview(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.tool_buttons["ruin"])
    app.on_menu(app.panels.shape_menu, "3 triangle")
    assert app.tools.tool == "ruin" and app.tools.brush.shape == "3 triangle"
    hover(app, hex_pos(app, (0, 0)))
    assert app.view.hover == (0, 0)
    [(footprint, ok)] = app.tools.previews()
    assert set(footprint) == {(0, 0), (1, 0), (0, 1)} and ok
    before = headless.copy()
    app.draw(before)
    key(app, pygame.K_r)
    assert app.tools.brush.turns == 1
    [(turned, ok)] = app.tools.previews()
    assert set(turned) == {(0, 0), (0, 1), (-1, 1)} and ok
    path = shot(app, headless, "ruin-preview.png")
    assert path.is_file()
    # The preview is drawn: the picture differs from the one before the turn.
    assert pygame.image.tobytes(headless, "RGB") != pygame.image.tobytes(before, "RGB")
    click(app, hex_pos(app, (0, 0)))
    [ruin] = app.editor.doc.obstacles
    assert set(ruin.footprint) == set(turned) and ruin.height == app.tools.brush.height
    app.tools.undo()
    assert app.editor.doc.obstacles == []

    # Off the edge of the map: refused, said, and shown red.
    hover(app, hex_pos(app, (2, -2)))
    app.on_menu(app.panels.shape_menu, "7 round")
    app.tools.tool = "ruin"
    [(_, ok)] = app.tools.previews()
    assert not ok
    click(app, hex_pos(app, (2, -2)))
    assert app.editor.doc.obstacles == [] and "off the map" in app.message

    # Flat view previews too; cryptoliths stand on one hex whatever the shape.
    press(app, app.panels.tool_buttons["cryptolith"])
    app.view.flat = True
    hover(app, app.flat_to_screen(*m.plane_xy((0, 0))))
    [(one, ok)] = app.tools.previews()
    assert one == ((0, 0),) and ok
    shot(app, headless, "cryptolith-preview-flat.png")


# --- export -----------------------------------------------------------------------------------


def test_export_menu_writes_a_build_sheet(tmp_path: Path, headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["export"])
    menu = app.export.export_choice
    assert menu is not None and set(menu.buttons) >= {"export", "export-sheet-png",
                                                      "export-sheet-pdf"}
    shot(app, headless, "export-menu.png")
    press(app, menu.buttons["export-sheet-pdf"])
    assert app.export.export_choice is None
    assert app.files.dialog is not None and app.files.dialog_kind == "export-sheet-pdf"
    app.files.dialog.kill()
    app.files.dialog_kind = "export-sheet-pdf"
    app.files.on_path(tmp_path / "duel-sheet")
    data = (tmp_path / "duel-sheet.pdf").read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page ") == 3
    assert "3 levels, 3 pages" in app.message
    app.files.dialog_kind = "export-sheet-png"
    app.files.on_path(tmp_path / "duel-sheet.png")
    assert pygame.image.load(str(tmp_path / "duel-sheet.png")).get_width() > 1000
    (tmp_path / "taken.png").mkdir()
    app.files.dialog_kind = "export-sheet-png"
    app.files.on_path(tmp_path / "taken.png")  # a folder: said, nothing breaks
    assert app.message.startswith("Build sheet not written")


# --- quitting ---------------------------------------------------------------------------------


def test_quit_with_unsaved_changes_asks_first(tmp_path: Path, headless: pygame.Surface) -> None:
    target = tmp_path / "field.yaml"
    app = editor_app.EditorApp(target, recover=False)
    app.run_command(m.Raise((0, 0)))
    assert app.editor.dirty
    asks = (lambda: press(app, app.panels.buttons["quit"]),
            lambda: key(app, pygame.K_q, pygame.KMOD_CTRL),
            lambda: app.handle_event(pygame.event.Event(pygame.QUIT)))
    for i, ask in enumerate(asks):
        ask()
        prompt = app.docs.prompt
        assert app.running and prompt is not None and prompt.alive()
        assert set(prompt.buttons) == {"save", "discard", "cancel"}
        if i == 0:
            shot(app, headless, "quit-prompt.png")
        press(app, prompt.buttons["cancel"])
        assert app.running and app.docs.prompt is None and app.editor.doc.top((0, 0)) == 2
    # Save: writes the file, then quits.
    app.docs.request_quit()
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])
    assert not app.running
    assert m.Editor.open(target).doc.top((0, 0)) == 2


def name_it(app: editor_app.EditorApp, name: str) -> None:
    """Answer the question of the map's name (asked before Save as of an unnamed map)."""
    prompt = app.docs.naming
    assert prompt is not None and prompt.alive()
    prompt.entry.set_text(name)
    press(app, prompt.ok)


def test_save_on_quit_without_a_file_name_asks_where(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.docs.request_quit()
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])
    name_it(app, "Named")  # a map still called "New battlefield" is named first
    assert app.running and app.files.dialog_kind == "save-as" and app.docs.after_save is not None
    app.files.on_path(tmp_path / "named.yaml")
    assert not app.running and load_file(tmp_path / "named.yaml").id == "named"


def test_a_failed_save_on_quit_keeps_the_editor_open(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.editor.path = tmp_path  # a folder: the save fails
    app.docs.request_quit()
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])
    assert app.running and "stays open" in app.message and app.editor.dirty


def test_discard_quits_and_forgets_the_autosave() -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.docs.autosave()
    assert recovery.recover()[0] is not None
    app.docs.request_quit()
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["discard"])
    assert not app.running
    app.close()
    assert recovery.recover() == (None, [])


def test_closing_the_question_window_cancels() -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.docs.request_quit()
    assert app.docs.prompt is not None
    app.docs.prompt.window.kill()
    pump(app)
    assert app.running and app.docs.prompt is None and app.editor.dirty


# --- unsaved work: New, Open, recovery copies, the unsaved mark -----------------------------


def test_new_with_unsaved_changes_asks_and_cancel_keeps_the_work(
        headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.docs.autosave()
    work = app.editor.doc.copy()
    press(app, app.panels.buttons["new"])
    prompt = app.docs.prompt
    assert prompt is not None and prompt.alive()
    assert set(prompt.buttons) == {"save", "discard", "cancel"}
    shot(app, headless, "new-prompt.png")
    press(app, prompt.buttons["cancel"])
    assert app.docs.prompt is None and app.editor.doc == work and app.editor.dirty
    assert app.editor.undo_stack and "nothing was closed" in app.message
    app.docs.tick()
    back, _ = recovery.recover()  # the recovery copy is still the work
    assert back is not None and back.editor.doc == work
    # Discard: the new map, clean; the discarded work's copies are forgotten.
    press(app, app.panels.buttons["new"])
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["discard"])
    assert app.editor.doc.top((0, 0)) == 1 and not app.editor.dirty
    assert not app.editor.undo_stack and recovery.recover() == (None, [])


def test_new_with_save_saves_then_starts_the_new_map(tmp_path: Path) -> None:
    target = tmp_path / "kept.yaml"
    app = editor_app.EditorApp(target, recover=False)
    app.run_command(m.Raise((0, 0)))
    press(app, app.panels.buttons["new"])
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])
    assert m.Editor.open(target).doc.top((0, 0)) == 2
    assert app.editor.path is None and not app.editor.dirty


def test_open_with_unsaved_changes_asks_and_save_asks_where_first(tmp_path: Path) -> None:
    app = editor_app.EditorApp(recover=False)
    app.run_command(m.Raise((0, 0)))
    app.docs.autosave()
    app.open_dialog("open")
    app.files.on_path(DUEL)
    prompt = app.docs.prompt
    assert prompt is not None and app.editor.doc.id == "new-battlefield"
    press(app, prompt.buttons["cancel"])
    assert app.editor.dirty and app.editor.doc.top((0, 0)) == 2
    app.open_dialog("open")
    app.files.on_path(DUEL)
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])  # no file yet: its name, then where?
    name_it(app, "First")
    assert app.files.dialog_kind == "save-as" and app.editor.doc.id == "first"
    app.files.on_path(tmp_path / "first")
    assert m.Editor.open(tmp_path / "first.yaml").doc.top((0, 0)) == 2
    assert app.editor.doc.id == "duel" and not app.editor.dirty  # then the Duel opened
    assert recovery.recover() == (None, [])  # the saved map's copies are forgotten


def test_the_unsaved_mark_goes_when_undo_reaches_the_saved_state(
        tmp_path: Path, headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.run_command(m.Raise((0, 0)))
    assert app.editor.dirty
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not app.editor.dirty
    app.docs.request_quit()  # nothing to ask
    assert not app.running and app.docs.prompt is None
    app.running = True
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.editor.dirty


def test_the_window_title_shows_unsaved_work(tmp_path: Path,
                                             headless: pygame.Surface) -> None:
    """The `*` of unsaved work is in the window's title too (a task bar shows it), and goes
    with a save and with undo back to the saved state."""
    target = tmp_path / "duel.yaml"
    shutil.copyfile(DUEL, target)
    app = editor_app.EditorApp(target, recover=False)

    def title() -> str:
        pump(app)
        return pygame.display.get_caption()[0]

    assert title() == "Arena Editor - duel.yaml"
    app.run_command(m.Raise((0, 0)))
    assert title() == "Arena Editor - duel.yaml *"
    assert app.docs.save()
    assert title() == "Arena Editor - duel.yaml"
    app.run_command(m.Raise((0, 0)))
    assert title().endswith(" *")
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # back at the saved state
    assert title() == "Arena Editor - duel.yaml"
    app.docs.new()  # a map with no file yet: the program's name alone
    assert title() == "Arena Editor"


def test_the_zone_brush_is_the_new_maps_after_new(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["new-zone"])
    press(app, app.panels.buttons["new-zone"])
    assert app.tools.brush.zone == "blue" and app.panels.zone_menu.selected_option[0] == "blue"
    press(app, app.panels.buttons["new"])
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["discard"])
    assert app.editor.doc.zones == [] and app.tools.brush.zone == "yellow"
    assert [option[0] for option in app.panels.zone_menu.options_list] == ["yellow"]
    app.docs.open(DUEL)
    first = app.editor.doc.zones[0].id
    assert app.tools.brush.zone == first and app.panels.zone_menu.selected_option[0] == first


def test_opening_another_card_over_unsaved_edits_asks(tmp_path: Path) -> None:
    first, second = sorted((ROOT / "cards" / "army").glob("*.yaml"))[:2]
    mine = tmp_path / first.name
    mine.write_bytes(first.read_bytes())
    app = editor_app.EditorApp(DUEL, recover=False)
    app.open_card(mine)
    win = app.card_window
    assert win is not None and not win.dirty() and app.docs.unsaved() == []
    life = win.fields["life"]
    assert isinstance(life, pygame_gui.elements.UITextEntryLine)
    life.set_text("9")
    assert app.docs.unsaved() == ["the card"]
    app.files.dialog_kind = "open-card"
    app.files.on_path(second)
    assert app.docs.prompt is not None and app.card_window is win
    press(app, app.docs.prompt.buttons["cancel"])
    assert app.card_window is win and win.alive() and win.dirty()
    app.docs.request_quit()  # quitting counts the card too
    assert app.running and app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["cancel"])
    app.files.dialog_kind = "open-card"
    app.files.on_path(second)
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])  # saved, then the other card opens
    assert load_file(mine).life == 9
    assert app.card_window is not win and app.card_window is not None
    assert app.card_window.form.path.name == second.name


def test_closing_the_card_window_over_unsaved_edits_asks(tmp_path: Path) -> None:
    """Seen: the card window's own close button dropped unsaved card edits without a word."""
    first = sorted((ROOT / "cards" / "army").glob("*.yaml"))[0]
    mine = tmp_path / first.name
    mine.write_bytes(first.read_bytes())
    app = editor_app.EditorApp(DUEL, recover=False)
    app.open_card(mine)
    win = app.card_window
    assert win is not None
    life = win.fields["life"]
    assert isinstance(life, pygame_gui.elements.UITextEntryLine)
    life.set_text("9")
    close = win.window.close_window_button
    assert close is not None
    press(app, close)
    assert app.docs.prompt is not None and win.alive(), "closed without asking"
    press(app, app.docs.prompt.buttons["cancel"])
    assert win.alive() and win.dirty()
    press(app, close)
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["discard"])
    assert not win.alive()
    assert load_file(mine).life == load_file(first).life  # nothing was written
    # A card without unsaved edits closes at once.
    app.open_card(mine)
    clean = app.card_window
    assert clean is not None and clean.window.close_window_button is not None
    press(app, clean.window.close_window_button)
    assert not clean.alive() and app.docs.prompt is None


def _unsaved_army() -> tuple[editor_app.EditorApp, Builder]:
    """An editor with the army builder open on a named army of one card, not saved."""
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["armies"])
    b = app.builder
    assert b is not None and app.armies.window is not None
    b.name_army("Quick Army")
    b.add_card(b.army_choices()[0].id)
    return app, b


def test_loading_an_army_over_an_unsaved_army_asks(tmp_path: Path) -> None:
    app, b = _unsaved_army()
    cards = list(b.cards)
    premade = sorted((ROOT / "cards" / "armies").glob("*.yaml"))[0]
    app.files.dialog_kind = "load-army"
    app.files.on_path(premade)
    assert app.docs.prompt is not None and b.cards == cards
    press(app, app.docs.prompt.buttons["cancel"])
    assert b.cards == cards and b.army_dirty
    app.files.dialog_kind = "load-army"
    app.files.on_path(premade)
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["discard"])
    assert b.cards != cards and app.message.startswith("Load army")


# --- army and deck builder --------------------------------------------------------------------


def legal_army_and_deck(app: editor_app.EditorApp) -> None:
    """Load a shipped army and deck into the open builder and give them the player's names."""
    win = app.armies.window
    assert win is not None and app.builder is not None
    b = app.builder
    premade = ROOT / "cards" / "armies"
    army = sorted(premade.glob("*.yaml"))[0]
    assert win.file_action("load-army", army).startswith("Load army")
    deck = next(p for p in sorted((ROOT / "cards" / "decks").glob("*.yaml"))
                if load_file(p).planeswalker == b.planeswalker)
    assert win.file_action("load-deck", deck).startswith("Load deck")
    assert b.army_totals()[0] == [] and b.deck_totals()[0] == []


def test_builder_saves_into_the_players_folders(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["armies"])
    legal_army_and_deck(app)
    b, win = app.builder, app.armies.window
    assert b is not None and win is not None
    # A shipped army's id would be skipped by the game: the builder says so, live.
    assert "is a shipped army's" in win.army_findings.html_text
    assert "is a shipped deck's" in win.deck_findings.html_text
    type_into(win.army_name, "Sky Raiders")
    type_into(win.deck_name, "Sky Spells")
    pump(app)
    assert (b.army_id, b.deck_id) == ("sky-raiders", "sky-spells")
    assert "The army follows every rule." in win.army_findings.html_text
    press(app, win.files["save-army"])
    assert app.files.dialog is not None and app.files.dialog_kind == "save-army"
    picked = Path(app.files.dialog.current_file_path or "")
    assert picked == armies_dir(data_dir()) / "sky-raiders.yaml"
    app.files.dialog.kill()
    assert b.save_army() == armies_dir(data_dir()) / "sky-raiders.yaml"
    assert b.save_deck() == decks_dir(data_dir()) / "sky-spells.yaml"
    found = load_user_files(data_dir(), shipped_catalog())
    assert set(found.armies) == {"sky-raiders"} and set(found.decks) == {"sky-spells"}
    assert found.skipped == []


def test_play_with_this_army(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    started: list[tuple[Path, str, str, str]] = []
    app.play.battle_launcher = lambda *a: started.append(a)
    press(app, app.panels.buttons["armies"])
    win = app.armies.window
    assert win is not None and app.builder is not None
    b = app.builder
    b.cards.clear()
    b.spells.clear()
    press(app, win.play)
    assert started == [] and app.message.startswith("Play: not yet, deck: the deck has 0")
    legal_army_and_deck(app)
    press(app, win.play)
    assert started == [] and "shipped army's" in app.message
    type_into(win.army_name, "Sky Raiders")
    type_into(win.deck_name, "Sky Spells")
    pump(app)
    assert "The army follows every rule." in win.army_findings.html_text
    assert "The deck follows every rule." in win.deck_findings.html_text
    shot(app, headless, "builder-play.png")
    press(app, win.play)
    assert len(started) == 1, app.message
    content, scenario, army, deck = started[0]
    assert (scenario, army, deck) == ("test-play", "sky-raiders", "sky-spells")
    assert load_file(content / "scenarios" / "test-play.yaml").battlefield == "duel"
    assert "sky-raiders.yaml" in app.message and "Test play" in app.message
    assert load_file(armies_dir(data_dir()) / "sky-raiders.yaml").cards == b.cards
    assert load_file(decks_dir(data_dir()) / "sky-spells.yaml").spells == b.spells
    assert not b.army_dirty and not b.deck_dirty
    # An unplayable map: the battle is on the shipped Duel, and the message says why.
    app.run_command(m.Raise((30, 30)))
    press(app, win.play)
    assert len(started) == 2 and started[1][:2] == (ROOT, "the-duel")
    assert "cannot be played yet" in app.message


def test_unsaved_army_is_part_of_the_quit_question(tmp_path: Path) -> None:
    app, b = _unsaved_army()
    assert app.docs.unsaved() == ["the army"]
    app.docs.request_quit()
    assert app.docs.prompt is not None
    press(app, app.docs.prompt.buttons["save"])
    assert not app.running
    assert load_file(armies_dir(data_dir()) / "quick-army.yaml").cards == b.cards


def test_every_rule_message_is_live_in_the_builder(tmp_path: Path,
                                                   headless: pygame.Surface) -> None:
    """One Planeswalker, colours, uniqueness and the budget: each message appears in the
    window as soon as the army breaks the rule, and goes when it is fixed."""
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["armies"])
    legal_army_and_deck(app)
    win, b = app.armies.window, app.builder
    assert win is not None and b is not None
    type_into(win.army_name, "Mine")
    pump(app)
    walker = b.walker
    assert walker is not None
    # Colours: another Planeswalker of other colours, chosen in the menu.
    other = next(c for c in b.planeswalkers() if not set(c.colours) & set(walker.colours))
    name = next(n for n, i in win.walker_names.items() if i == other.id)
    app.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=name,
                                        ui_element=win.walker_menu))
    assert f"but {other.name} is" in win.army_findings.html_text
    assert f"but {other.name} is" in win.deck_findings.html_text
    back = next(n for n, i in win.walker_names.items() if i == walker.id)
    app.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=back,
                                        ui_element=win.walker_menu))
    assert win.army_findings.html_text == "The army follows every rule."
    # One Planeswalker and uniqueness: an army file that breaks both, loaded.
    unique = next(c for c in b.army_cards.values() if c.unique and c.kind != "planeswalker")
    cards = [other.id, unique.id, unique.id]
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: army\nid: broken\nname: Broken\n"
                      f"planeswalker: {walker.id}\ncards: [{', '.join(cards)}]\n")
    win.file_action("load-army", broken)
    assert "is a second Planeswalker; an army has exactly one" in win.army_findings.html_text
    assert f"{unique.name} is unique and already in the army" in win.army_findings.html_text
    # The budget: cards added by clicking until it is over.
    b.cards.clear()
    win.refresh()
    while b.army_totals()[1].left >= 0:
        click(app, win.army_choices.item_list_container.elements[0].rect.center)
    assert "more than the budget of 500" in win.army_findings.html_text
    assert "left of 500" in win.army_label.text and "-" in win.army_label.text
    click(app, win.army_list.item_list_container.elements[-1].rect.center)
    while b.army_totals()[1].left < 0:
        click(app, win.army_list.item_list_container.elements[-1].rect.center)
    assert "more than the budget" not in win.army_findings.html_text


def test_applying_a_proposed_zone_in_the_window_accepts_it(tmp_path: Path) -> None:
    """A zone the import proposed stays a proposal until the map maker edits it in the zone
    window: Apply makes it the map's (no longer `proposed`, no review note, written by
    export); Ctrl+Z makes it a proposal again."""
    doc = m.MapDoc.from_battlefield(load_file(DUEL))
    doc.zones = [z.model_copy(update={"proposed": True}) for z in doc.zones]
    path = tmp_path / "proposed.yaml"
    m.Editor(doc).save(path)
    app = editor_app.EditorApp(path, recover=False)
    assert proposed_note(app.editor.doc)
    app.tools.brush.zone = "yellow"
    press(app, app.panels.buttons["edit-zone"])
    win = app.zones.window
    assert win is not None and "proposed" in win.window.window_display_title
    type_into(win.capacity, "2")
    pump(app)
    press(app, win.apply)
    zones = {z.id: z for z in app.editor.doc.zones}
    assert not zones["yellow"].proposed and zones["yellow"].capacity == 2
    assert zones["orange"].proposed  # only the zone edited is accepted
    assert "proposed" not in win.window.window_display_title
    assert "yellow" not in proposed_note(app.editor.doc)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert next(z for z in app.editor.doc.zones if z.id == "yellow").proposed


def test_typing_in_a_text_field_is_not_a_shortcut() -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.tools.brush.zone = "yellow"
    press(app, app.panels.buttons["edit-zone"])
    win = app.zones.window
    assert win is not None
    click(app, win.name.rect.center)  # the field takes the keyboard
    for k in (pygame.K_2, pygame.K_r, pygame.K_TAB, pygame.K_q):
        key(app, k)
    assert (app.tools.brush.terrain, app.tools.brush.turns, app.view.flat,
            app.view.cam.rotation) == ("land", 0, False, 0)
    press(app, win.close)
    key(app, pygame.K_r)
    key(app, pygame.K_2)
    assert (app.tools.brush.turns, app.tools.brush.terrain) == (1, "water")


# --- card data: abilities from the rules' primitives -------------------------------------------


def test_add_and_edit_an_ability_in_the_card_window(tmp_path: Path,
                                                    headless: pygame.Surface) -> None:
    import shutil

    path = tmp_path / "blazing-firecats.yaml"
    shutil.copy(ROOT / "cards" / "army" / "blazing-firecats.yaml", path)
    app = editor_app.EditorApp(DUEL, recover=False)
    app.open_card(path)
    win = app.card_window
    assert win is not None and win.kind_menu is not None
    start = len(win.form.parts)
    app.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="trigger",
                                        ui_element=win.kind_menu))
    from editor.core.ability_form import primitives

    names = [o[0] if isinstance(o, tuple) else o for o in win.primitive_menu.options_list]
    assert names == list(primitives("trigger"))
    press(app, win.add)
    assert len(win.form.parts) == start + 1 and win.selected == start
    assert "kind: trigger" in win.editor.get_text()
    assert app.message.startswith("Added")
    text = win.editor.get_text().replace("name: Deal damage", "name: Sparks")
    win.editor.set_text(text)
    press(app, win.apply)
    assert app.message == "The card is valid."
    assert win.part_list.item_list[-1]["text"] == f"{start + 1}. Sparks (trigger)"
    shot(app, headless, "card-abilities.png")
    press(app, win.save)
    assert app.message.startswith("Saved")
    saved = load_file(path)
    assert saved.abilities[-1].name == "Sparks" and saved.abilities[-1].kind == "trigger"
    # Remove it again: click it in the list, Remove, Save.
    click(app, win.part_list.item_list_container.elements[-1].rect.center)
    assert win.selected == start
    press(app, win.remove)
    press(app, win.save)
    assert len(load_file(path).abilities) == start


def test_the_zone_brush_paints_only_on_spaces(headless: pygame.Surface) -> None:
    """A zone painted where there is no column was accepted, then a problem (#35 item 11):
    the brush now refuses it and says why, and a mirrored stroke off the map adds nothing."""
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    off = (9, 9)
    assert off not in app.editor.doc.columns
    app.choose_tool("zone")
    app.tools.use_tool(off, first=True)
    assert all(off not in z.spaces for z in app.editor.doc.zones)
    assert "No space at [9, 9]" in app.message
    app.tools.use_tool((0, 0), first=True)
    assert any((0, 0) in z.spaces for z in app.editor.doc.zones)
    before = [list(z.spaces) for z in app.editor.doc.zones]
    m.PaintZone(off, app.tools.brush.zone).apply(app.editor.doc)
    assert [list(z.spaces) for z in app.editor.doc.zones] == before


def test_the_ruin_tool_never_replaces_an_obstacle_unasked(headless: pygame.Surface) -> None:
    """The Ruin tool silently replaced an overlapping obstacle while the Piece tool refused
    the same overlap (#35 item 14): now it refuses too and names what is in the way."""
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    app.choose_tool("ruin")
    app.tools.use_tool((0, 0), first=True)
    placed = list(app.editor.doc.obstacles)
    assert len(placed) == 1
    app.tools.use_tool((0, 0), first=True)
    assert app.editor.doc.obstacles == placed, "the first ruin stays as it was"
    assert "would overlap the ruin" in app.message and "Clear obst." in app.message
