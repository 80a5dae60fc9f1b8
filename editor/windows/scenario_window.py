"""The scenario settings window: the battlefield's name and text, and the scenario the map is
played in (players, armies, turn limit, starting zones), checked on this map as the game
would (`editor.core.scenario_form.ScenarioForm.check_on_map`) and saved beside it.

The part owns the scenario played on the map (its form, and the file it was opened from or
saved to: the document sets both when a map is opened, `ScenarioEditing.set`) and the
window's widgets; test play reads the form.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Protocol

import pygame
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from arena.content.catalog import project_root
from arena.content.scenario import Scenario
from editor.core import model as m
from editor.core.scenario_form import (
    CHOICE_WORDS,
    CHOICES,
    LABELS,
    ScenarioForm,
    save_scenario,
)
from editor.core.validation import validate
from editor.windows import dialogs
from editor.windows.dialogs import DialogsHost

WIDTH = 920
"""The window's width: the fields, and beside them the problems of the last Check."""
FIELD_WIDTH = 300
"""The width of each field's entry or drop-down."""


class ScenarioHost(DialogsHost, Protocol):
    """What the scenario window's part needs of the editor window."""

    @property
    def editor(self) -> m.Editor: ...

    def run_command(self, command: m.Command, merge: bool = False) -> None: ...


class ScenarioEditing:
    """Opening the scenario window, checking and saving what it holds."""

    def __init__(self, host: ScenarioHost) -> None:
        self.host = host
        self.scenario_form: ScenarioForm | None = None
        """The scenario played on the map (None: the default one, made when first needed)."""
        self.scenario_path: Path | None = None
        """The scenario's file (None: not saved yet)."""
        self.window: UIWindow | None = None
        self.scenario_fields: dict[str, UITextEntryLine | UIDropDownMenu] = {}
        self.map_fields: dict[str, UITextEntryLine] = {}
        self.scenario_problems: UITextBox | None = None
        self.buttons: dict[str, UIButton] = {}
        """The window's Check and Save scenario buttons, by key."""

    @property
    def editor(self) -> m.Editor:
        return self.host.editor

    def set(self, form: ScenarioForm | None, path: Path | None) -> None:
        """The scenario of a map just opened (None, None: a new map's default)."""
        self.scenario_form, self.scenario_path = form, path

    def press(self, element: object) -> bool:
        """Carry out a press of the window's buttons; True when it was one of them."""
        if element is self.buttons.get("scenario-apply"):
            self.apply_scenario()
        elif element is self.buttons.get("scenario-save"):
            self.save_scenario()
        else:
            return False
        return True

    def form(self) -> ScenarioForm:
        if self.scenario_form is None:
            self.scenario_form = ScenarioForm.for_zones(
                self.editor.doc.id, [z.id for z in self.editor.doc.zones])
        return self.scenario_form

    def alive(self) -> bool:
        """Whether the window is open (it is modal then: `EditorApp.modal_open`)."""
        return self.window is not None and bool(self.window.alive())  # type: ignore[no-untyped-call]

    def open(self) -> None:
        """The window: the fields on the left, every problem of the last Check on the right
        in one box as tall as the window (a list of problems, never one at a time)."""
        if self.alive():
            return
        form = self.form()
        w, h = self.host.size
        ui = self.host.ui
        width = min(w - 20, WIDTH)
        rect = pygame.Rect(w // 2 - width // 2, 44, width, min(h - 50, 676))
        window = UIWindow(rect, ui, window_display_title="Scenario settings")
        # Its close button (and Esc, which presses it) keeps what was typed.
        window.on_close_window_button_pressed = self.close  # type: ignore[method-assign]
        self.window = window
        self.scenario_fields = {}
        y = 6
        self.map_fields = {}
        for key, label in (("name", "Battlefield name"), ("description", "Battlefield text")):
            UILabel(pygame.Rect(8, y, 200, 26), label, ui, container=window)
            entry = UITextEntryLine(pygame.Rect(212, y, FIELD_WIDTH, 26), ui, container=window)
            entry.set_text(getattr(self.editor.doc, key))
            self.map_fields[key] = entry
            y += 27
        y += 6
        for name in ScenarioForm.field_names():
            UILabel(pygame.Rect(8, y, 200, 26), LABELS.get(name, name), ui,
                    container=window)
            value = getattr(form, name)
            box = pygame.Rect(212, y, FIELD_WIDTH, 26)
            element: UITextEntryLine | UIDropDownMenu
            if name in CHOICES:
                options = [(CHOICE_WORDS.get(v, v), v) for v in CHOICES[name]]
                chosen = next((o for o in options if o[1] == value), options[0])
                element = UIDropDownMenu(options, chosen, box, ui,  # type: ignore[arg-type]
                                         container=window)
            else:
                element = UITextEntryLine(box, ui, container=window)
                element.set_text(value)
            self.scenario_fields[name] = element
            y += 27
        self.buttons = {}
        self.buttons["scenario-apply"] = UIButton(pygame.Rect(8, y + 4, 120, 28), "Check",
                                                  ui, container=window)
        self.buttons["scenario-save"] = UIButton(pygame.Rect(136, y + 4, 160, 28),
                                                 "Save scenario", ui, container=window)
        left = 212 + FIELD_WIDTH + 12
        inner = window.get_container().get_rect()
        self.scenario_problems = UITextBox(
            "Check lists every problem here, each with its fix.",
            pygame.Rect(left, 6, max(120, inner.width - left - 8), inner.height - 12), ui,
            container=window)

    def close(self) -> None:
        """Close the window keeping what was typed: the fields stay in the form (Save
        scenario writes them; the next opening shows them), a new map name or text is one
        step Undo takes back. Closing never loses an edit, so Esc may close it too."""
        if not self.alive():
            return
        self.keep_map_fields()
        if self.scenario_fields:
            self.read_scenario_fields()
        assert self.window is not None
        self.window.kill()  # type: ignore[no-untyped-call]
        self.host.message = ("Scenario settings kept for this map; Save scenario writes "
                             "them to a file")

    def keep_map_fields(self) -> None:
        """The map's name and text as typed (an undoable step, only when they changed)."""
        fields = self.map_fields
        if not fields:
            return
        doc = self.editor.doc
        name = fields["name"].get_text().strip() or doc.name
        text = fields["description"].get_text().strip()
        if (name, text) != (doc.name, doc.description):
            self.host.run_command(m.SetInfo(name=name, description=text))

    def read_scenario_fields(self) -> ScenarioForm:
        form = self.form()
        for name, element in self.scenario_fields.items():
            if isinstance(element, UIDropDownMenu):
                setattr(form, name, element.selected_option[1])
            else:
                setattr(form, name, element.get_text())
        return form

    def apply_scenario(self) -> Scenario | None:
        self.keep_map_fields()
        form = self.read_scenario_fields() if self.scenario_fields else self.form()
        sc, problems = form.check_on_map(validate(self.editor.doc).battlefield,
                                         self.editor.doc.id)
        text = ("Scenario settings are valid, and the game plays them on this map." if sc
                else "<br>".join(f"\u2022 {html.escape(p)}" for p in problems))
        if self.scenario_problems is not None:
            self.scenario_problems.set_text(text)
        self.host.message = text if sc else (
            f"Scenario: {len(problems)} problem(s), listed in the scenario window" if
            self.scenario_problems is not None else f"Scenario: {problems[0]}")
        return sc

    def save_scenario(self) -> bool:
        sc = self.apply_scenario()
        if sc is None:
            return False
        target = self.scenario_path
        if target is None or target.stem != sc.id:
            folder = self.editor.path.parent if self.editor.path else (
                project_root() / "scenarios" / "battlefields")
            if folder.name == "battlefields":
                folder = folder.parent
            target = folder / f"{sc.id}.yaml"
        try:
            target = save_scenario(sc, target)
        except OSError as exc:
            self.host.dialogs.error(dialogs.from_os_error("Scenario not saved", target, exc))
            return False
        self.scenario_path = target
        self.host.message = f"Saved scenario {target}"
        return True
