"""Export: a picture of the map as it is shown, and the level-by-level build sheet (PNG or
PDF), chosen from the Export menu."""

from __future__ import annotations

from pathlib import Path

import pygame

from editor import dialogs, prompts
from editor.buildsheet import save_png, save_sheet
from editor.view import MapView


class Exporting(MapView):
    """The Export menu and what it writes."""

    export_choice: prompts.Choice | None

    def export_png(self, path: Path) -> None:
        image = pygame.Surface(self.view_rect.size)
        self.draw_map(image, pygame.Rect((0, 0), self.view_rect.size))
        try:
            save_png(image, path)
        except (OSError, pygame.error) as exc:
            self.docs.dialogs.error(dialogs.from_exception("Picture not written", path, exc))
            return
        self.message = f"Exported {path}"

    def open_export_menu(self) -> None:
        if self.export_choice is None or not self.export_choice.alive():
            self.export_choice = prompts.export_menu(self.ui, self.size)

    def export_sheet(self, path: Path) -> bool:
        """Write the level-by-level build sheet (PNG or PDF by the suffix)."""
        try:
            saved = save_sheet(self.editor.doc, path)
        except (ValueError, OSError, pygame.error) as exc:
            self.docs.dialogs.error(dialogs.from_exception(
                "Build sheet not written", path, exc, "raise land on the map first"))
            return False
        pages = f", {saved.pages} pages" if saved.pages > 1 else ""
        self.message = f"Build sheet ({len(saved.levels)} levels{pages}): {path}"
        return True
