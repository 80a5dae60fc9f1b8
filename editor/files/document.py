"""The document side of the editor window: the battlefield being edited, its file, whether it
has unsaved changes, its recovery copies, and the one place that asks before unsaved work
would be lost.

Everything that replaces or ends unsaved work goes through `DocumentController.guard`: New,
opening a battlefield or scenario, recovering a crashed session's map, loading an army or
deck into the builder, opening another card, and quitting (Quit, Esc, Ctrl+Q, the window's
close button: then the battlefield, army, deck and card all count). With unsaved changes it
asks **Save**, **Discard** or **Cancel** (one dialog, `editor.windows.prompts.unsaved_prompt`); Save
of a map that has no file yet asks where first, and the action goes on only once everything
was saved.

Whether the map is unsaved follows the undo stack (`editor.core.model.Editor.dirty`). While it is
unsaved, a recovery copy is written every `AUTOSAVE_SECONDS` (`editor.files.recovery`: the last
few per document, never a map without a column); a save or an explicit Discard forgets them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from arena.content.atomic import tidy_folders
from arena.content.errors import ContentError
from arena.content.loader import load_file
from arena.content.locations import user_folders
from arena.content.scenario import Scenario
from editor.core import model as m
from editor.core import refusals
from editor.core.builder import Builder
from editor.core.builder import slug as builder_slug
from editor.core.mapdoc import DEFAULT_ID, DEFAULT_NAME
from editor.core.scenario_form import ScenarioForm
from editor.files import mapimport, recent, recovery
from editor.files.zone_followup import ZoneFollowUp
from editor.windows import dialogs, prompts
from editor.windows.card_window import CardWindow

AUTOSAVE_SECONDS = 10.0
"""How often unsaved work is copied for recovery."""
MAP = ("battlefield",)
"""What New and Open replace (the army, deck and card stay in their windows)."""
EVERYTHING = ("battlefield", "army", "deck", "card")
"""What quitting ends."""


class DocumentHost(Protocol):
    """What the controller needs of the editor window."""

    ui: pygame_gui.UIManager
    size: tuple[int, int]
    message: str
    running: bool
    quit_pressed: bool

    @property
    def builder(self) -> Builder | None:
        """The army builder's army and deck (their unsaved work counts on quitting)."""

    @property
    def card_window(self) -> CardWindow | None:
        """The open card's window (its unsaved edits count too)."""

    def set_scenario(self, form: ScenarioForm | None, path: Path | None) -> None:
        """The scenario of the battlefield just made current (None, None: none yet)."""

    def show_document(self) -> None:
        """Show the controller's (new) battlefield: view, panels, tools."""

    def busy(self, text: str) -> AbstractContextManager[None]:
        """The busy mark with `text` on the screen while the `with` block runs."""

    def open_dialog(self, kind: str) -> None:
        """Open the file dialog of `kind` ("save-as" here)."""

    def run_command(self, command: m.Command, merge: bool = False) -> None:
        """Run an edit as one undo step (naming the map before Save as)."""

    def changed(self) -> None:
        """The map or its verdict changed outside the undo steps (a new map named, the
        proposed zones' check ended): check and show it."""


def tidy(*folders: Path) -> list[Path]:
    """Remove what interrupted writes left in ``folders`` (the recovery folder, the Arena
    folder's own, beside a battlefield opened or saved): the game's rule, not a copy of it
    (`arena.content.atomic.tidy_folders`: a temporary file over 10 minutes old). Never
    fails: a folder that cannot be read is left alone."""
    return tidy_folders(folders)


def _slug(name: str) -> str:
    """The id (and file name) a battlefield named `name` gets: "Hill Fort" -> "hill-fort"."""
    return builder_slug(name, DEFAULT_ID)


def starting_map() -> m.MapDoc:
    """A fresh map: one 24-hex board of land to start from."""
    doc = m.MapDoc()
    rows = {-2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1), 2: (-3, 0)}
    for r, (first, last) in rows.items():
        for q in range(first, last + 1):
            doc.columns[(q, r)] = ["land"]
    return doc


class DocumentController:
    """Opens, saves, recovers and replaces the battlefield, asking before work is lost."""

    def __init__(self, host: DocumentHost) -> None:
        self.host = host
        self.editor = m.Editor()
        self.prompt: prompts.Choice | None = None
        """The Save / Discard / Cancel question while it is open."""
        self.pending: tuple[Callable[[], None], tuple[str, ...]] | None = None
        """What the open question is about: the action, and the work it would end."""
        self.after_save: Callable[[], None] | None = None
        """What goes on once the battlefield is saved where the Save-as dialog says."""
        self.recovery: UIConfirmationDialog | None = None
        self.recovered: recovery.Recovered | None = None
        self.recovery_accepted = False
        self.last_autosave = time.monotonic()
        self.autosaved_revision = -1
        self.series = recovery.untitled_key()
        """The series of recovery copies of the current map (`editor.files.recovery`)."""
        self.wrote = False
        """Whether this session wrote recovery copies of the current map."""
        self.discarded = False
        """The map maker chose Discard for the current map."""
        self.dialogs = dialogs.Dialogs(host)
        """Failure windows and the Save anyway question (`editor.windows.dialogs`)."""
        self.naming: prompts.NamePrompt | None = None
        """The question of the map's name (after New, before Save as), while it is open."""
        self.after_naming: Callable[[str], None] | None = None
        """What goes on with the name given (not called on Cancel)."""
        self.zones = ZoneFollowUp(self.zones_checked)
        """The short balance check of an imported map's proposed zones."""

    # --- replacing the battlefield ----------------------------------------------------------

    def start(self, path: Path | None) -> None:
        """The battlefield the editor starts with: `path` when it exists, else a new map
        (that Save writes to `path` when given). First the temporary files interrupted
        writes left behind go, as the game's start-up removes its own (`tidy`)."""
        tidy(recovery.recovery_folder(), *user_folders(),
             *((path.parent,) if path is not None else ()))
        if path is not None and path.exists():
            self.open(path)
            return
        self.new()
        if path is not None:
            self.editor.path = path
            self.series = recovery.document_key(path)
            if m.SLUG.match(path.stem):
                self.editor.doc.id = path.stem
            self.host.message = f"New battlefield {path} (Save writes it)"

    def switch(self, editor: m.Editor, series: str | None = None) -> None:
        """Make `editor` the current battlefield, its recovery copies going on in `series`
        (by default its file's, or a new one). The copies of the map it replaces are
        forgotten when this session wrote them or its work was discarded (it was saved or
        given up); copies left by an earlier session stay to be offered."""
        if self.editor is not editor and (self.discarded or self.wrote):
            recovery.clear(self.series)
        self.series = series or (recovery.document_key(editor.path) if editor.path
                                 else recovery.untitled_key())
        self.editor = editor
        self.zones.stop()
        self.dialogs.forget("battlefield")
        self.discarded = self.wrote = False
        self.autosaved_revision = -1
        self.host.show_document()

    def new(self) -> None:
        self.host.set_scenario(None, None)
        self.switch(m.Editor(starting_map()))
        self.host.message = "New battlefield: one 24-hex board of land"

    def new_named(self) -> None:
        """New: the fresh map, then its name asked (Cancel keeps "New battlefield")."""
        self.new()
        editor = self.editor

        def name_it(name: str) -> None:
            if self.editor is editor and not editor.undo_stack:
                editor.doc.name = name  # part of making the map: no undo step, not unsaved
                if editor.path is None:
                    editor.doc.id = _slug(name)
                self.host.changed()
            elif self.editor is editor:
                self.rename(name)
            self.host.message = f"New battlefield '{name}': one 24-hex board of land"
        self.ask_name("New battlefield", "Name the new battlefield (the game lists it by "
                      "this name):", name_it)

    def ask_name(self, title: str, message: str, then: Callable[[str], None]) -> None:
        """Ask the map's name; `then` goes on with it (OK or Enter with a name)."""
        if self.naming is not None and self.naming.alive():
            self.naming.window.kill()  # type: ignore[no-untyped-call]
        shown = self.editor.doc.name if self.editor.doc.name != DEFAULT_NAME else ""
        self.naming = prompts.NamePrompt(self.host.ui, self.host.size, title, message, shown)
        self.after_naming = then

    def rename(self, name: str) -> None:
        """Name the map (one undo step); a map with no file yet takes the name's id too, so
        Save as, test play and export all carry it."""
        ident = _slug(name) if self.editor.path is None else None
        self.host.run_command(m.SetInfo(id=ident, name=name, label="Name the battlefield"))

    def ask_where(self, then: Callable[[], None] | None = None) -> None:
        """The Save-as dialog, `then` going on once the map is saved there; a map still
        called "New battlefield" is named first (its file name follows the name)."""
        def open_dialog() -> None:
            self.host.open_dialog("save-as")
            self.after_save = then
        if self.editor.doc.name != DEFAULT_NAME:
            open_dialog()
            return

        def named(name: str) -> None:
            self.rename(name)
            open_dialog()
        self.ask_name("Save battlefield as", "Name the battlefield before saving it (the "
                      "game lists it by this name):", named)

    def open(self, path: Path) -> None:
        """Open a battlefield, or a scenario with its battlefield (``battlefields/`` next
        to it) and its settings in the scenario form, or import a community map."""
        with self.host.busy(f"Opening {path.name}\u2026"):
            self.open_now(path)

    def open_now(self, path: Path) -> None:
        """`open`, under the busy mark (a large map takes seconds to build and check)."""
        if mapimport.is_community_map(path):
            self.import_map(path)
            return
        form: ScenarioForm | None = None
        scenario_path: Path | None = None
        try:
            model = load_file(path)
            if isinstance(model, Scenario):
                form = ScenarioForm.from_scenario(model)
                scenario_path = path
                path = path.parent / "battlefields" / f"{model.battlefield}.yaml"
            editor = m.Editor.open(path)
        except (ContentError, OSError) as exc:
            self.discarded = False  # nothing was replaced
            self.dialogs.error(dialogs.from_exception("Could not open", path, exc))
            return
        self.host.set_scenario(form, scenario_path)
        self.switch(editor)
        tidy(path.parent, *((scenario_path.parent,) if scenario_path is not None else ()))
        recent.remember(scenario_path or path)
        self.host.message = f"Opened {path}"

    def import_map(self, path: Path) -> None:
        """Open a Heroscape community map (``.json``, ``.hsc``) as a new, unsaved battlefield
        (`editor.files.mapimport`), showing the importer's report."""
        try:
            editor, lines = mapimport.import_editor(path)
        except ContentError as exc:
            self.discarded = False  # nothing was replaced
            self.dialogs.error(mapimport.trouble(path, exc))
            return
        self.host.set_scenario(None, None)
        self.switch(editor)
        recent.remember(path)
        report = mapimport.show_report(self.host.ui, self.host.size, path, lines)
        self.dialogs.windows.append(report)
        self.zones.start(editor.doc, report, path, lines)
        note = mapimport.proposed_note(editor.doc)
        self.host.message = f"Imported {path.name}; Save writes it as Arena YAML" + \
            (f". {note}" if note else "")

    def request_new(self) -> None:
        self.guard("starting a new battlefield", self.new_named)

    def request_open(self, path: Path) -> None:
        self.guard(f"opening {path.name}", lambda: self.open(path))

    def request_quit(self) -> None:
        """Quit, or with unsaved work (the army, deck and card too) ask first."""
        self.guard("quitting", self.stop, EVERYTHING)

    def stop(self) -> None:
        self.host.running = False

    # --- the one question --------------------------------------------------------------------

    def card(self) -> CardWindow | None:
        window = self.host.card_window
        return window if window is not None and window.alive() else None

    def unsaved(self, parts: tuple[str, ...] = EVERYTHING) -> list[str]:
        """Which of `parts` ("battlefield", "army", "deck", "card") have unsaved changes, in
        words ("the army")."""
        b, card = self.host.builder, self.card()
        dirty = {"battlefield": self.editor.dirty,
                 "army": b is not None and b.army_dirty,
                 "deck": b is not None and b.deck_dirty,
                 "card": card is not None and card.dirty()}
        return [f"the {part}" for part in parts if dirty[part]]

    def guard(self, doing: str, then: Callable[[], None],
              parts: tuple[str, ...] = MAP) -> None:
        """Do `then` now, or when it would end unsaved work (of `parts`) ask Save / Discard
        / Cancel first (`doing` names the action in the question: "Save before quitting?")."""
        unsaved = self.unsaved(parts)
        if not unsaved:
            then()
            return
        if self.prompt is not None and self.prompt.alive():
            return
        self.pending = (then, parts)
        self.prompt = prompts.unsaved_prompt(self.host.ui, self.host.size, unsaved, doing)

    def answer(self, key: str) -> None:
        """Act on the question's answer."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        then, parts = pending
        if key == "save":
            self.save_then(then, parts)
        elif key == "discard":
            self.discarded = "battlefield" in parts
            then()
        else:
            self.host.quit_pressed = False
            self.host.message = "Still editing: nothing was closed"

    def refusals(self, parts: tuple[str, ...], unsaved_only: bool = False
                 ) -> dict[str, list[str]]:
        """What the game will refuse of `parts` ("battlefield", "army", "deck"; with
        `unsaved_only`, of those with unsaved changes), by part (`editor.core.refusals`)."""
        b = self.host.builder
        found: dict[str, list[str]] = {}
        if "battlefield" in parts and (self.editor.dirty or not unsaved_only):
            found["battlefield"] = refusals.map_refusals(self.editor.doc)
        if b is not None and "army" in parts and (b.army_dirty or not unsaved_only):
            found["army"] = refusals.army_refusals(b)
        if b is not None and "deck" in parts and (b.deck_dirty or not unsaved_only):
            found["deck"] = refusals.deck_refusals(b)
        return found

    def save_then(self, then: Callable[[], None], parts: tuple[str, ...],
                  confirmed: bool = False) -> None:
        """Save whatever of `parts` is unsaved, then go on; stay (with the reason shown) if
        a save fails. Content the game will refuse asks Save anyway first; a map without a
        file asks where."""
        if not confirmed:
            self.dialogs.confirm_save(self.refusals(parts, unsaved_only=True),
                                      lambda: self.save_then(then, parts, confirmed=True))
            return
        stays = "the editor stays open" if parts == EVERYTHING else "nothing was closed"
        if "battlefield" in parts and self.editor.dirty:
            if self.editor.path is None:
                self.ask_where(lambda: self.save_then(then, parts))
                self.host.message = "Choose where to save the battlefield; then it goes on"
                return
            if not self.save():
                self.host.message += f" -- {stays}"
                return
        b, card = self.host.builder, self.card()
        saved: list[str] = []
        doing = "army"
        try:
            if b is not None and "army" in parts and b.army_dirty:
                saved.append(str(b.save_army()))
            doing = "deck"
            if b is not None and "deck" in parts and b.deck_dirty:
                saved.append(str(b.save_deck()))
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            where = b.default_army_path() if b is not None and doing == "army" else \
                b.default_deck_path() if b is not None else ""
            self.dialogs.error(dialogs.from_exception(
                f"The {doing} was not saved ({stays})", where, exc))
            return
        if card is not None and "card" in parts and card.dirty():
            problems = card.save_card()
            if problems:
                self.dialogs.error(dialogs.from_findings(
                    f"The card was not saved ({stays})", card.form.path,
                    [(p, "correct it in the card form, then save again") for p in problems]))
                return
            saved.append(str(card.form.path))
        if saved:
            self.host.message = "Saved " + ", ".join(saved)
        then()

    # --- saving --------------------------------------------------------------------------------

    def save(self, path: Path | None = None) -> bool:
        """Save the battlefield (to `path`, else its file) as it is; the reason when it
        fails is shown in a dialog (`editor.windows.dialogs`). A saved map's recovery copies are
        forgotten. Asking about content the game will refuse is `save_checked`."""
        try:
            where = self.editor.save(path)
        except m.SaveError as exc:
            target = path or self.editor.path or ""
            if isinstance(exc.__cause__, OSError):
                trouble = dialogs.from_os_error("Not saved", target, exc.__cause__)
            elif exc.__cause__ is not None:  # the map is not a battlefield yet
                trouble = dialogs.from_findings("Not saved", target,
                                                refusals.map_problems(self.editor.doc))
            else:
                trouble = dialogs.from_exception("Not saved", target, exc)
            self.dialogs.error(trouble)
            return False
        tidy(where.parent)
        recent.remember(where)
        recovery.clear(self.series)
        self.series = recovery.document_key(where)
        recovery.clear(self.series)
        self.autosaved_revision = self.editor.revision
        self.host.message = f"Saved {where}"
        return True

    def save_checked(self, path: Path | None = None,
                     then: Callable[[], None] | None = None) -> None:
        """Save, asking Save anyway first when the game will refuse the map; then go on
        with `then` once it is saved."""
        def go() -> None:
            if self.save(path) and then is not None:
                then()
        self.dialogs.confirm_save(self.refusals(("battlefield",)), go)

    def save_or_ask(self) -> None:
        """Save to the map's file, or ask for one when it has none yet."""
        if self.editor.path is None:
            self.ask_where()
        else:
            self.save_checked()

    def forget_after_save(self) -> None:
        """A Save as chosen from the menu is not the one a question asked: nothing goes on
        after it."""
        self.after_save = None

    def save_as(self, path: Path) -> None:
        """The Save-as dialog picked `path`: save there, then go on with what waited."""
        then, self.after_save = self.after_save, None
        if mapimport.is_community_map(path):  # a battlefield is YAML: never over a map file
            path = path.with_suffix(".yaml")
        self.save_checked(path, then)

    # --- recovery ------------------------------------------------------------------------------

    def offer_recovery(self) -> None:
        """After a crash: offer the newest recovery copy back; say where unusable copies
        were moved."""
        recovered, notices = recovery.recover()
        if notices:
            notice = " ".join(notices)
            if recovered is None:
                notice += " The editor started normally."
            self.host.message = notice
            w, h = self.host.size
            UIMessageWindow(pygame.Rect(w // 2 - 220, h // 2 - 110, 440, 220),
                            html_message=notice, manager=self.host.ui,
                            window_title="Recovery copy set aside")
        if recovered is None:
            return
        self.recovered = recovered
        w, h = self.host.size
        self.recovery = UIConfirmationDialog(
            pygame.Rect(w // 2 - 200, h // 2 - 100, 400, 200),
            "The editor did not close cleanly. Recover the unsaved battlefield "
            f"'{recovered.editor.doc.name}'?", self.host.ui, window_title="Recover work",
            action_short_name="Recover")

    def recover(self) -> None:
        """Take the recovered battlefield (and copy it again at once: it is the only copy
        of that work now)."""
        if self.recovered is None:
            return
        self.switch(self.recovered.editor, self.recovered.key)
        self.autosave()
        self.host.message = "Recovered the autosaved battlefield"

    # --- events, autosave, closing -------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the question and the recovery dialog; True when one used it."""
        if self.dialogs.handle(event):
            return True
        if self.naming is not None:
            name = self.naming.handle(event)
            if name is not None:
                then, self.naming, self.after_naming = self.after_naming, None, None
                if name and then is not None:
                    then(name)
                elif not name:
                    self.host.message = "Not named: the battlefield keeps its name"
                return True
        if self.prompt is not None:
            key = self.prompt.handle(event)
            if key is not None:
                self.prompt = None
                self.answer(key)
                return True
        element = getattr(event, "ui_element", None)
        if element is None or element is not self.recovery:
            return False
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            self.recovery_accepted = True
            self.guard("recovering the autosaved battlefield", self.recover)
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if self.recovered is not None and not self.recovery_accepted:
                recovery.clear(self.recovered.key)  # declined: not offered again
            self.recovery = None
            return True
        return False

    def dialog_open(self) -> bool:
        """Whether the question, a failure or Save anyway window, or the recovery dialog is
        open (the map takes no input)."""
        if (self.prompt is not None and self.prompt.alive()) or self.dialogs.alive():
            return True
        if self.naming is not None and self.naming.alive():
            return True
        return self.recovery is not None and bool(self.recovery.alive())  # type: ignore[no-untyped-call]

    def zones_checked(self, line: str) -> None:
        """The check of the proposed zones has ended: say so, and check the map again."""
        self.host.message = line[:1].upper() + line[1:]
        self.host.changed()

    def tick(self) -> None:
        """Once a frame: copy unsaved work for recovery every `AUTOSAVE_SECONDS`; follow the
        check of proposed zones."""
        self.zones.poll()
        if (self.editor.dirty and self.editor.revision != self.autosaved_revision
                and time.monotonic() - self.last_autosave >= AUTOSAVE_SECONDS):
            self.autosave()

    def autosave(self) -> None:
        try:
            written = recovery.write_copy(self.editor, self.series)
        except OSError:
            return
        self.wrote = self.wrote or written is not None
        self.last_autosave = time.monotonic()
        self.autosaved_revision = self.editor.revision

    def close(self) -> None:
        """On a clean exit: keep a recovery copy only when there is unsaved work (not when
        the map maker chose Discard); a check of proposed zones still running ends."""
        self.zones.stop()
        if self.editor.dirty and not self.discarded:
            self.autosave()
        elif self.discarded or self.wrote:
            recovery.clear(self.series)
