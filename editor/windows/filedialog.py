"""Where the editor's file dialogs start, and Enter to confirm them.

The map maker's own documents live in their Arena folder (`arena.content.locations.user_root`),
never in the program's folder: a battlefield is saved under ``scenarios/battlefields`` there
(where the game finds it), a picture or build sheet under ``exports``, an army or deck in the
builder's folders. A document that already has a file of the map maker's starts in that file's
folder; one opened from the shipped content is saved to the same place in the Arena folder
(`user_copy`). Open and Load start in the map maker's folder once it exists, else in the
shipped examples to start from.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from arena.content.catalog import project_root
from arena.content.community import FORMATS
from arena.content.locations import user_copy, user_root
from editor.windows import prompts

EXPORTS = "exports"
"""The folder in the Arena folder that pictures and build sheets go to by default."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
MAP_KINDS = ("open", "save-as", "export", "export-sheet-png", "export-sheet-pdf")
"""The dialogs about the battlefield (`start_folder` knows where they start)."""


def battlefields_folder() -> Path:
    """The map maker's battlefields: ``scenarios/battlefields`` in their Arena folder."""
    return user_root() / "scenarios" / "battlefields"


def _own(folder: Path) -> bool:
    """Whether `folder` is the map maker's (not inside the program's shipped folders)."""
    return user_copy(folder) == folder


def start_folder(kind: str, document: Path | None) -> Path:
    """Where the dialog of `kind` ("open", "save-as", "export", "export-sheet-png",
    "export-sheet-pdf") starts for the battlefield whose file is `document` (None: not saved
    yet). Folders a save needs are made (the file dialog cannot show a missing one)."""
    own = document.parent if document is not None and _own(document.parent) else None
    if kind == "open":
        if own is not None and own.is_dir():
            return own
        mine = battlefields_folder()
        return mine if mine.is_dir() else project_root() / "scenarios" / "battlefields"
    if kind.startswith("export"):
        folder = own or user_root() / EXPORTS
    else:
        folder = own or (user_copy(document.parent) if document is not None
                         else battlefields_folder())
    with contextlib.suppress(OSError):  # the dialog shows its parent; a save says why
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def confirm(dialog: UIFileDialog | None, event: pygame.event.Event) -> bool:
    """Enter confirms the file dialog as its OK button does (typed into the path field, or
    with a file chosen in the list); True when it did."""
    if dialog is None or not dialog.alive():  # type: ignore[no-untyped-call]
        return False
    finished = event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
        getattr(event, "ui_element", None) is dialog.file_path_text_line
    entered = event.type == pygame.KEYDOWN and event.key in ENTER_KEYS
    if not (finished or entered) or dialog.current_file_path is None or \
            not dialog.ok_button.is_enabled:
        return False
    ok = dialog.ok_button
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
        "ui_element": ok, "ui_object_id": ok.most_specific_combined_id}))
    return True


def dropped_notice(dropped: list[Path]) -> str:
    """The notice for recent files that no longer exist (empty when none were dropped)."""
    if not dropped:
        return ""
    names = ", ".join(p.name for p in dropped)
    return (f"No longer found, so taken off the recent files: {names} "
            "(moved, renamed or deleted)")


def recent_menu(manager: pygame_gui.UIManager, size: tuple[int, int], paths: list[Path],
                notice: str = "", community: bool = False) -> prompts.Choice:
    """Open: a recent file (newest first; keys ``recent-<index>``), the Community maps group
    (`community`: the game ships some), Browse or Cancel."""
    choices = [(f"recent-{i}", f"{p.name}   ({p.parent})") for i, p in enumerate(paths)]
    if community:
        choices.append(("community", "Community maps (Heroscape, imported)..."))
    choices += [("browse", "Browse for a file..."), ("cancel", "Cancel")]
    return prompts.Choice(manager, size, "Open battlefield or scenario", notice, choices,
                          column=True, width=min(620, size[0] - 40),
                          text_height=60 if notice else 0)


def community_menu(manager: pygame_gui.UIManager, size: tuple[int, int],
                   paths: list[Path]) -> prompts.Choice:
    """Open's Community maps group: the community maps shipped with Arena (keys
    ``community-<index>``); the one chosen is imported, its report listing what the import
    approximated."""
    choices = [(f"community-{i}", f"{p.stem.replace('_', ' ')}   ({p.suffix.lower()[1:]}, "
                f"{FORMATS.get(p.suffix.lower(), '')})") for i, p in enumerate(paths)]
    choices.append(("cancel", "Cancel"))
    return prompts.Choice(manager, size, "Community maps", "Heroscape maps made by the "
                          "community, shipped with Arena. The one you choose is imported as a "
                          "new battlefield; its report lists what the import approximated.",
                          choices, column=True, width=min(620, size[0] - 40),
                          text_height=84)
