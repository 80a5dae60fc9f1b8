"""Small choice windows of the editor: the Save / Discard / Cancel question, the export menu
and the question of a battlefield's name.

Each is a pygame_gui window with a row of buttons; `handle` turns a press into the chosen
key (or None) and closes the window, and the app acts on the key. Closing a window with
its title-bar cross counts as "cancel".
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine, UIWindow


class Choice:
    """A window with a message and one button per (key, text) choice, in a column or row."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], title: str,
                 message: str, choices: Sequence[tuple[str, str]], column: bool = False,
                 width: int = 440, text_height: int = 84) -> None:
        w, h = size
        text_h = text_height if message else 0
        rows = len(choices) if column else 1
        height = 52 + text_h + rows * 38 + 12
        rect = pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width, height)
        self.window = UIWindow(rect, manager, window_display_title=title)
        inner = width - 32
        if message:
            UITextBox(message, pygame.Rect(8, 8, inner, text_h - 8), manager,
                      container=self.window)
        self.buttons: dict[str, UIButton] = {}
        y = 8 + text_h
        bw = inner if column else (inner - 8 * (len(choices) - 1)) // len(choices)
        for i, (key, text) in enumerate(choices):
            rect_b = pygame.Rect(8, y + i * 38, bw, 32) if column else \
                pygame.Rect(8 + i * (bw + 8), y, bw, 32)
            self.buttons[key] = UIButton(rect_b, text, manager, container=self.window)
        self.chosen: str | None = None

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def handle(self, event: pygame.event.Event) -> str | None:
        """The key of the pressed button ("cancel" when the window is closed), else None."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, button in self.buttons.items():
                if element is button:
                    self.chosen = key
                    self.window.kill()  # type: ignore[no-untyped-call]
                    return key
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.window \
                and self.chosen is None:
            self.chosen = "cancel"
            return "cancel"
        return None


def unsaved_prompt(manager: pygame_gui.UIManager, size: tuple[int, int],
                   unsaved: Sequence[str], doing: str = "quitting") -> Choice:
    """Save / Discard / Cancel, naming what is unsaved and what would lose it (`doing`:
    "quitting", "starting a new battlefield", ...). The one question the editor asks
    before unsaved work is lost (`editor.files.document`)."""
    what = ", ".join(unsaved[:-1]) + (" and " if len(unsaved) > 1 else "") + unsaved[-1]
    return Choice(manager, size, "Unsaved changes",
                  f"<b>{what[0].upper()}{what[1:]}</b> {'has' if len(unsaved) == 1 else 'have'} "
                  f"unsaved changes. Save before {doing}?",
                  (("save", "Save"), ("discard", "Discard"), ("cancel", "Cancel")))


EXPORTS = (("export", "Picture of the view (PNG)"),
           ("export-sheet-png", "Build sheet, all levels (PNG)"),
           ("export-sheet-pdf", "Build sheet, a page per level (PDF)"),
           ("cancel", "Cancel"))


def export_menu(manager: pygame_gui.UIManager, size: tuple[int, int]) -> Choice:
    return Choice(manager, size, "Export", "", EXPORTS, column=True, width=360)


class NamePrompt:
    """A window asking the battlefield's name: a text field, OK and Cancel. Enter in the
    field is OK; closing the window is Cancel (`handle`)."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int], title: str,
                 message: str, name: str = "") -> None:
        w, h = size
        width, height = 440, 186
        rect = pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width, height)
        self.window = UIWindow(rect, manager, window_display_title=title)
        inner = width - 32
        UITextBox(message, pygame.Rect(8, 6, inner, 48), manager, container=self.window)
        self.entry = UITextEntryLine(pygame.Rect(8, 58, inner, 30), manager,
                                     container=self.window)
        self.entry.set_text(name)
        self.entry.focus()  # type: ignore[no-untyped-call]
        half = (inner - 8) // 2
        self.ok = UIButton(pygame.Rect(8, 96, half, 32), "OK", manager, container=self.window)
        self.cancel = UIButton(pygame.Rect(16 + half, 96, half, 32), "Cancel", manager,
                               container=self.window)
        self.answered = False

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def handle(self, event: pygame.event.Event) -> str | None:
        """The name typed (stripped; OK or Enter), "" for Cancel or the window closed, None
        when the event was not an answer."""
        element = getattr(event, "ui_element", None)
        if self.answered:
            return None
        answer: str | None = None
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.ok) or (
                event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.entry):
            answer = self.entry.get_text().strip()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.cancel) or (
                event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.window):
            answer = ""
        if answer is None:
            return None
        self.answered = True
        if self.alive():
            self.window.kill()  # type: ignore[no-untyped-call]
        return answer
