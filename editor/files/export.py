"""Export: a picture of the map as it is shown, and the level-by-level build sheet (PNG or
PDF), chosen from the Export menu.

The part owns the Export menu while it is open; the path is asked by the file menu
(`ExportHost.open_dialog`), which hands it back to `export_png` or `export_sheet`."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

import pygame

from editor.core import model as m
from editor.files.buildsheet import save_png, save_sheet
from editor.windows import dialogs, prompts
from editor.windows.dialogs import DialogsHost


class ExportHost(DialogsHost, Protocol):
    """What exporting needs of the editor window."""

    @property
    def editor(self) -> m.Editor: ...

    @property
    def view_rect(self) -> pygame.Rect: ...

    def draw_map(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Draw the map as the view shows it (`editor.map.view.MapView.draw_map`)."""

    def open_dialog(self, kind: str) -> None: ...


class Exporting:
    """The Export menu and what it writes."""

    def __init__(self, host: ExportHost) -> None:
        self.host = host
        self.export_choice: prompts.Choice | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the open Export menu; True when it used it."""
        if self.export_choice is None:
            return False
        key = self.export_choice.handle(event)
        if key is None:
            return False
        self.export_choice = None
        if key != "cancel":
            self.host.open_dialog(key)
        return True

    def export_png(self, path: Path) -> None:
        rect = self.host.view_rect
        image = pygame.Surface(rect.size)
        self.host.draw_map(image, pygame.Rect((0, 0), rect.size))
        try:
            save_png(image, path)
        except (OSError, pygame.error) as exc:
            self.host.dialogs.error(dialogs.from_exception("Picture not written", path, exc))
            return
        self.host.message = f"Exported {path}"

    def open_export_menu(self) -> None:
        if self.export_choice is None or not self.export_choice.alive():
            self.export_choice = prompts.export_menu(self.host.ui, self.host.size)

    def export_sheet(self, path: Path) -> bool:
        """Write the level-by-level build sheet (PNG or PDF by the suffix)."""
        try:
            saved = save_sheet(self.host.editor.doc, path)
        except (ValueError, OSError, pygame.error) as exc:
            self.host.dialogs.error(dialogs.from_exception(
                "Build sheet not written", path, exc, "raise land on the map first"))
            return False
        pages = f", {saved.pages} pages" if saved.pages > 1 else ""
        self.host.message = f"Build sheet ({len(saved.levels)} levels{pages}): {path}"
        return True
