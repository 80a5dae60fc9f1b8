"""The card data form's window: every plain field of one card in two columns, checked with
the content loader's messages, saved canonically (see `editor.core.card_form`). Under them the
card's abilities (or a spell's effects): a list, Add from the rules' primitives (a kind and
what it is built on), Remove, and the chosen one's YAML to edit and Apply.

`CardEditing` is the editor window's part: it owns the open card's window and opens a card
into it (the document asks before the card's unsaved edits would go)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryBox,
    UITextEntryLine,
    UIWindow,
)

from arena.content.errors import ContentError
from editor.core.ability_form import KINDS, part_label, part_text, primitives
from editor.core.card_form import CardForm, choices, form_fields
from editor.windows import dialogs
from editor.windows.dialogs import DialogsHost


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
        inner = rect.width - 50
        self.problems = UITextBox("", pygame.Rect(244, y, inner - 236, 56), manager,
                                  container=self.window)
        self.ui = manager
        self.build_parts(y + 64, inner, rect.height - y - 64 - 44)
        self.saved = form.data()
        """The card as opened or last saved (what `dirty` compares with)."""

    # --- abilities / effects ----------------------------------------------------------------

    def build_parts(self, y: int, width: int, height: int) -> None:
        m, c = self.ui, self.window
        spell = self.form.part_key == "effects"
        title = "Effects" if spell else "Abilities"
        UILabel(pygame.Rect(8, y, 330, 24), f"{title} (click one to edit it)", m, container=c)
        list_h = max(60, height - 30)
        self.part_list = UISelectionList(pygame.Rect(8, y + 26, 330, list_h), [], m,
                                         container=c)
        x = 346
        self.kind = "effect" if spell else KINDS[0]
        self.kind_menu: UIDropDownMenu | None = None
        if not spell:
            self.kind_menu = UIDropDownMenu(list(KINDS), self.kind,
                                            pygame.Rect(x, y, 130, 28), m, container=c)
        self.primitive_rect = pygame.Rect(x + (0 if spell else 136), y,
                                          (336 if spell else 200), 28)
        self.primitive_menu = self.make_primitive_menu()
        bx = self.primitive_rect.right + 6
        self.add = UIButton(pygame.Rect(bx, y, 110, 28), "Add " + ("effect" if spell
                                                                    else "ability"), m,
                            container=c, tool_tip_text="add one built on the chosen "
                            "primitive of the rules")
        self.remove = UIButton(pygame.Rect(bx + 116, y, 90, 28), "Remove", m, container=c)
        self.apply = UIButton(pygame.Rect(bx + 212, y, 90, 28), "Apply", m, container=c,
                              tool_tip_text="take the edited YAML into the card")
        self.editor = UITextEntryBox(pygame.Rect(x, y + 34, width - x + 8, list_h - 8), "",
                                     m, container=c)
        self.selected: int | None = None
        self.refresh_parts()

    def make_primitive_menu(self) -> UIDropDownMenu:
        options: list[str | tuple[str, str]] = list(primitives(self.kind))
        return UIDropDownMenu(options, str(options[0]), self.primitive_rect, self.ui,
                              container=self.window)

    def refresh_parts(self) -> None:
        items: list[str | tuple[str, str]] = [part_label(p, i)
                                              for i, p in enumerate(self.form.parts)]
        self.part_list.set_item_list(items)

    def select_part(self, index: int) -> None:
        self.selected = index
        self.editor.set_text(part_text(self.form.parts[index]))

    def handle_parts(self, event: pygame.event.Event) -> str | None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and element is self.kind_menu:
            self.kind = event.text
            self.primitive_menu.kill()  # type: ignore[no-untyped-call]
            self.primitive_menu = self.make_primitive_menu()
            return f"New {self.kind} abilities are built on: {', '.join(primitives(self.kind))}"
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                element is self.part_list:
            self.select_part(int(event.text.split(".", 1)[0]) - 1)
            return f"Editing {event.text.split('. ', 1)[-1]}: change the YAML, then Apply"
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if element is self.add:
            index = self.form.add_part(self.kind, self.primitive_menu.selected_option[0])
            self.refresh_parts()
            self.select_part(index)
            return f"Added {part_label(self.form.parts[index], index)}: edit its text, Apply"
        if element is self.remove and self.selected is not None:
            gone = part_label(self.form.parts[self.selected], self.selected)
            self.form.remove_part(self.selected)
            self.selected = None
            self.editor.set_text("")
            self.refresh_parts()
            return f"Removed {gone} (Save card writes it; reopen the card to undo)"
        if element is self.apply and self.selected is not None:
            problem = self.form.set_part(self.selected, self.editor.get_text())
            if problem:
                self.problems.set_text(problem)
                return problem
            self.refresh_parts()
            self.read()
            card, problems = self.form.build()
            text = "The card is valid." if card else "<br>".join(problems)
            self.problems.set_text(text)
            return text.split("<br>")[0]
        if element in (self.remove, self.apply):
            return "Choose an ability in the list first"
        return None

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def dirty(self) -> bool:
        """Whether the fields or abilities differ from the card as opened or last saved."""
        self.read()
        return self.form.data() != self.saved

    def save_card(self) -> list[str]:
        """Save the card as the fields say; its problems (empty: saved)."""
        self.read()
        problems = self.form.save()
        if not problems:
            self.saved = self.form.data()
        return problems

    def read(self) -> None:
        for name, element in self.fields.items():
            if isinstance(element, UIDropDownMenu):
                self.form.values[name] = element.selected_option[0]
            else:
                self.form.values[name] = element.get_text()

    def handle(self, event: pygame.event.Event) -> str | None:
        """Check or save on the buttons, abilities; returns a status message, else None."""
        said = self.handle_parts(event)
        if said is not None:
            return said
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        element = getattr(event, "ui_element", None)
        if element is self.check:
            self.read()
            card, problems = self.form.build()
            text = "The card is valid." if card else "<br>".join(problems)
        elif element is self.save:
            problems = self.save_card()
            text = f"Saved {self.form.path}" if not problems else "<br>".join(problems)
        else:
            return None
        self.problems.set_text(text)
        return text.split("<br>")[0]


class CardsHost(DialogsHost, Protocol):
    """What the card window's part needs of the editor window."""

    def guard(self, doing: str, then: Callable[[], None], parts: tuple[str, ...]) -> None:
        """Do `then`, asking Save / Discard / Cancel first when it would end unsaved work."""


class CardEditing:
    """The editor window's side of the card form: open a card, pass its window the events."""

    def __init__(self, host: CardsHost) -> None:
        self.host = host
        self.window: CardWindow | None = None
        """The open card's window (None: none opened yet)."""

    def alive(self) -> bool:
        return self.window is not None and self.window.alive()

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the open card's window; True when it said something."""
        if not self.alive():
            return False
        assert self.window is not None
        said = self.window.handle(event)
        if said is None:
            return False
        self.host.message = said
        return True

    def open_card(self, path: Path) -> None:
        host = self.host
        try:
            form = CardForm.open(path)
        except (ContentError, OSError) as exc:
            host.dialogs.error(dialogs.from_exception("Could not open", path, exc))
            return
        if self.window is not None and self.window.alive():
            self.window.window.kill()  # type: ignore[no-untyped-call]
        window = CardWindow(host.ui, form, host.size)
        self.window = window
        # Its close button asks first, like every other way of ending unsaved work.
        window.window.on_close_window_button_pressed = (  # type: ignore[method-assign]
            lambda: host.guard(f"closing {path.name}", window.window.kill, ("card",)))
        host.message = f"Editing card {path}"
