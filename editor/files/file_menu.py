"""The file dialogs of the editor window and what is opened or saved through them: Open (the
recent files and the Community maps group, then the file dialog), Save as, the Export
choices, a card for the card form, an army or deck for the builder. Where each dialog
starts is `editor.windows.filedialog`; opening and saving the battlefield itself, and asking
before unsaved work is replaced, is `editor.files.document`.

The part owns the file dialog (and which kind it is), the Open menu of recent files while it
is shown; what a picked path is for goes to the part that does it (`FilesHost`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
from pygame_gui.windows import UIFileDialog

from arena.content.catalog import project_root
from arena.content.community import community_files
from arena.content.locations import user_copy
from editor.core import model as m
from editor.core.builder import Builder
from editor.files import recent
from editor.files.mapimport import OPEN_SUFFIXES
from editor.windows import filedialog, prompts
from editor.windows.dialogs import Host


class Documents(Protocol):
    """What the file menu asks of the document (`editor.files.document.DocumentController`)."""

    def request_open(self, path: Path) -> None: ...

    def save_as(self, path: Path) -> None: ...

    def guard(self, doing: str, then: Callable[[], None],
              parts: tuple[str, ...] = ...) -> None: ...

    def forget_after_save(self) -> None: ...


class FilesHost(Host, Protocol):
    """What the file menu needs of the editor window."""

    @property
    def editor(self) -> m.Editor: ...

    @property
    def docs(self) -> Documents: ...

    @property
    def builder(self) -> Builder | None:
        """The army builder's army and deck (None until it is first opened)."""

    def builder_open(self) -> bool:
        """Whether the builder's window is open."""

    def builder_action(self, kind: str, path: Path) -> None: ...

    def open_card(self, path: Path) -> None: ...

    def export_png(self, path: Path) -> None: ...

    def export_sheet(self, path: Path) -> bool: ...


class FileMenu:
    """Opening the file dialogs and carrying out the path picked in one."""

    def __init__(self, host: FilesHost) -> None:
        self.host = host
        self.dialog: UIFileDialog | None = None
        self.dialog_kind = ""
        """What the open file dialog is for ("open", "save-as", "export", "load-army" ...)."""
        self.open_choice: prompts.Choice | None = None
        """Open's list of recent files, while it is shown."""
        self.recent_files: list[Path] = []
        self.community_files: list[Path] = []
        """The community maps of Open's Community maps group, while it is shown."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to Open's list of recent files; True when it used it."""
        if self.open_choice is None:
            return False
        key = self.open_choice.handle(event)
        if key is None:
            return False
        self.open_choice = None
        if key == "browse":
            self.open_dialog("open")
        elif key.startswith("recent-"):
            self.host.docs.request_open(self.recent_files[int(key[7:])])
        elif key == "community":
            self.community_files = community_files()
            self.open_choice = filedialog.community_menu(self.host.ui, self.host.size,
                                                         self.community_files)
        elif key.startswith("community-"):
            self.host.docs.request_open(self.community_files[int(key[10:])])
        return True

    def dialog_open(self) -> bool:
        return self.dialog is not None and bool(self.dialog.alive())  # type: ignore[no-untyped-call]

    def open_dialog(self, kind: str) -> None:
        host = self.host
        w, h = host.size
        builder = host.builder
        doc = host.editor.doc
        folder = filedialog.start_folder(kind, host.editor.path) \
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
        name = {"open": "", "save-as": f"{doc.id}.yaml",
                "export": f"{doc.id}.png",
                "export-sheet-png": f"{doc.id}-build-sheet.png",
                "export-sheet-pdf": f"{doc.id}-build-sheet.pdf",
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
        host.docs.forget_after_save()  # a Save as chosen here is not the one a question asked
        self.dialog_kind = kind
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 260, h // 2 - 200, 520, 400), host.ui,
                                   window_title=title, initial_file_path=str(folder / name),
                                   allow_existing_files_only=kind.startswith(("open", "load")),
                                   allowed_suffixes=set(OPEN_SUFFIXES) if kind == "open" else None)

    def on_path(self, path: Path) -> None:
        kind, self.dialog_kind = self.dialog_kind, ""
        host = self.host
        if kind == "open":
            host.docs.request_open(path)
        elif kind == "save-as":
            host.docs.save_as(path if path.suffix else path.with_suffix(".yaml"))
        elif kind == "open-card":
            host.docs.guard(f"opening {path.name}", lambda: host.open_card(path), ("card",))
        elif kind == "export":
            host.export_png(path if path.suffix else path.with_suffix(".png"))
        elif kind in ("export-sheet-png", "export-sheet-pdf"):
            suffix = ".pdf" if kind.endswith("pdf") else ".png"
            host.export_sheet(path if path.suffix.lower() == suffix else
                              path.with_suffix(suffix))
        elif kind in ("load-army", "load-deck", "save-army", "save-deck") and \
                host.builder_open():
            target = path if path.suffix or kind.startswith("load") else \
                path.with_suffix(".yaml")
            if kind.startswith("load"):  # the army or deck in the builder is replaced
                host.docs.guard(f"loading {target.name}",
                                lambda: host.builder_action(kind, target), (kind[5:],))
            else:
                host.builder_action(kind, target)

    def open_menu(self) -> None:
        """Open: the recent files to pick from (missing ones dropped, with a notice) and the
        Community maps group, or the file dialog straight away when there are neither."""
        self.recent_files, dropped = recent.existing()
        notice = filedialog.dropped_notice(dropped)
        if notice:
            self.host.message = notice
        community = bool(community_files())
        if not self.recent_files and not community:
            self.open_dialog("open")
            return
        if self.open_choice is None or not self.open_choice.alive():
            self.open_choice = filedialog.recent_menu(self.host.ui, self.host.size,
                                                      self.recent_files, notice, community)
