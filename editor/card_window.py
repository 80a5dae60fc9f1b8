"""The card data form's window: every plain field of one card in two columns, checked with
the content loader's messages, saved canonically (see `editor.card_form`)."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from editor.card_form import CardForm, choices, form_fields


class CardWindow:
    def __init__(self, manager: pygame_gui.UIManager, form: CardForm,
                 size: tuple[int, int]) -> None:
        self.form = form
        w, h = size
        rect = pygame.Rect(30, 44, min(w - 60, 1100), h - 56)
        self.window = UIWindow(rect, manager,
                               window_display_title=f"Card data: {form.path.name}")
        self.fields: dict[str, UITextEntryLine | UIDropDownMenu] = {}
        names = list(form_fields(type(form.model)))
        per_column = (len(names) + 1) // 2
        col_w = (rect.width - 50) // 2
        for i, name in enumerate(names):
            x = 8 + (i // per_column) * (col_w + 16)
            y = 6 + (i % per_column) * 27
            UILabel(pygame.Rect(x, y, 130, 25), name.replace("_", " "), manager,
                    container=self.window)
            box = pygame.Rect(x + 134, y, col_w - 134, 25)
            options = choices(type(form.model), name)
            value = form.values.get(name, "")
            element: UITextEntryLine | UIDropDownMenu
            if options and value in options:
                element = UIDropDownMenu(list(options), value, box, manager,
                                         container=self.window)
            else:
                element = UITextEntryLine(box, manager, container=self.window)
                element.set_text(value)
            self.fields[name] = element
        y = 10 + per_column * 27
        self.check = UIButton(pygame.Rect(8, y, 110, 28), "Check", manager,
                              container=self.window)
        self.save = UIButton(pygame.Rect(124, y, 110, 28), "Save card", manager,
                             container=self.window)
        self.problems = UITextBox("", pygame.Rect(8, y + 34, rect.width - 50,
                                                  max(40, rect.height - y - 90)),
                                  manager, container=self.window)

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def read(self) -> None:
        for name, element in self.fields.items():
            if isinstance(element, UIDropDownMenu):
                self.form.values[name] = element.selected_option[0]
            else:
                self.form.values[name] = element.get_text()

    def handle(self, event: pygame.event.Event) -> str | None:
        """Check or save on the buttons; returns a status message, else None."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        element = getattr(event, "ui_element", None)
        if element is self.check:
            self.read()
            card, problems = self.form.build()
            text = "The card is valid." if card else "<br>".join(problems)
        elif element is self.save:
            self.read()
            problems = self.form.save()
            text = f"Saved {self.form.path}" if not problems else "<br>".join(problems)
        else:
            return None
        self.problems.set_text(text)
        return text.split("<br>")[0]
