"""The file dialogs of the editor window and what is opened or saved through them: Open (the
recent files, then the file dialog), Save as, the Export choices, a card for the card form,
an army or deck for the builder. Where each dialog starts is `editor.filedialog`; opening and
saving the battlefield itself, and asking before unsaved work is replaced, is
`editor.document`."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.windows import UIFileDialog

from arena.content.catalog import project_root
from arena.content.errors import ContentError
from arena.content.locations import user_copy
from editor import dialogs, filedialog, prompts, recent
from editor.builder_window import BuilderEditing
from editor.card_form import CardForm
from editor.card_window import CardWindow
from editor.export import Exporting
from editor.mapimport import OPEN_SUFFIXES


class FileMenu(Exporting, BuilderEditing):
    """Opening the file dialogs and carrying out the path picked in one."""

    dialog: UIFileDialog | None
    dialog_kind: str
    open_choice: prompts.Choice | None
    recent_files: list[Path]

    def open_dialog(self, kind: str) -> None:
        w, h = self.size
        builder = self.builder
        folder = filedialog.start_folder(kind, self.editor.path) \
            if kind in filedialog.MAP_KINDS else project_root() / "cards" / "army"
        if kind == "open-card":
            folder = project_root() / "cards" / "army"
        elif kind.endswith(("army", "deck")) and builder is not None:
            # The player's own folder (the game lists it); to load, the shipped premade
            # lists until the player has saved some.
            army = kind.endswith("army")
            own = (builder.default_army_path() if army else builder.default_deck_path()).parent
            shipped = project_root() / "cards" / ("armies" if army else "decks")
            folder = own if kind.startswith("save") or own.is_dir() else shipped
        name = {"open": "", "save-as": f"{self.editor.doc.id}.yaml",
                "export": f"{self.editor.doc.id}.png",
                "export-sheet-png": f"{self.editor.doc.id}-build-sheet.png",
                "export-sheet-pdf": f"{self.editor.doc.id}-build-sheet.pdf",
                "load-army": "", "load-deck": "",
                "save-army": f"{builder.army_id if builder else 'army'}.yaml",
                "save-deck": f"{builder.deck_id if builder else 'deck'}.yaml",
                "open-card": ""}[kind]
        title = {"open": "Open battlefield, scenario or Heroscape map (.json, .hsc)",
                 "save-as": "Save battlefield as",
                 "export": "Export picture (PNG)",
                 "export-sheet-png": "Export build sheet (PNG)",
                 "export-sheet-pdf": "Export build sheet (PDF)", "load-army": "Load army",
                 "load-deck": "Load deck", "save-army": "Save army as",
                 "save-deck": "Save deck as", "open-card": "Open a card (army or spell)"}[kind]
        if kind.startswith("save"):
            # Never into the shipped folders: an edit of a shipped file is the player's copy.
            folder = user_copy(folder)
            if folder.name in ("armies", "decks", "battlefields"):
                folder.mkdir(parents=True, exist_ok=True)  # the file dialog needs it to exist
        self.docs.after_save = None  # a Save as chosen here is not the one a question asked
        self.dialog_kind = kind
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 260, h // 2 - 200, 520, 400), self.ui,
                                   window_title=title, initial_file_path=str(folder / name),
                                   allow_existing_files_only=kind.startswith(("open", "load")),
                                   allowed_suffixes=set(OPEN_SUFFIXES) if kind == "open" else None)

    def on_path(self, path: Path) -> None:
        kind, self.dialog_kind = self.dialog_kind, ""
        if kind == "open":
            self.docs.request_open(path)
        elif kind == "save-as":
            self.docs.save_as(path if path.suffix else path.with_suffix(".yaml"))
        elif kind == "open-card":
            self.docs.guard(f"opening {path.name}", lambda: self.open_card(path), ("card",))
        elif kind == "export":
            self.export_png(path if path.suffix else path.with_suffix(".png"))
        elif kind in ("export-sheet-png", "export-sheet-pdf"):
            suffix = ".pdf" if kind.endswith("pdf") else ".png"
            self.export_sheet(path if path.suffix.lower() == suffix else
                              path.with_suffix(suffix))
        elif kind in ("load-army", "load-deck", "save-army", "save-deck") and \
                self.builder_window is not None:
            target = path if path.suffix or kind.startswith("load") else \
                path.with_suffix(".yaml")
            if kind.startswith("load"):  # the army or deck in the builder is replaced
                self.docs.guard(f"loading {target.name}",
                                lambda: self.builder_action(kind, target), (kind[5:],))
            else:
                self.builder_action(kind, target)

    def open_menu(self) -> None:
        """Open: the recent files to pick from (missing ones dropped, with a notice), or
        the file dialog straight away when there are none."""
        self.recent_files, dropped = recent.existing()
        notice = filedialog.dropped_notice(dropped)
        if notice:
            self.message = notice
        if not self.recent_files:
            self.open_dialog("open")
            return
        if self.open_choice is None or not self.open_choice.alive():
            self.open_choice = filedialog.recent_menu(self.ui, self.size, self.recent_files,
                                                      notice)

    def open_card(self, path: Path) -> None:
        try:
            form = CardForm.open(path)
        except (ContentError, OSError) as exc:
            self.docs.dialogs.error(dialogs.from_exception("Could not open", path, exc))
            return
        if self.card_window is not None and self.card_window.alive():
            self.card_window.window.kill()  # type: ignore[no-untyped-call]
        window = CardWindow(self.ui, form, self.size)
        self.card_window = window
        # Its close button asks first, like every other way of ending unsaved work.
        window.window.on_close_window_button_pressed = (  # type: ignore[method-assign]
            lambda: self.docs.guard(f"closing {path.name}", window.window.kill, ("card",)))
        self.message = f"Editing card {path}"
