"""The starting-zone window: change the id, rename, recolour, resize or delete one zone.

The fields are read and checked here (`ZoneWindow.read`, `check_fields`); the change itself is
an undoable `editor.core.model.EditZone` / `RemoveZone` that `ZoneEditing` (the window's part of
the editor window) runs, so Ctrl+Z takes it back.
The id is what scenarios name (``zones: {order: [yellow, orange]}``): renaming a zone to
"Orange" leaves its id, so the id has a field of its own.
"""

from __future__ import annotations

import re
from typing import Protocol

import pygame
import pygame_gui
from pydantic import TypeAdapter, ValidationError
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextEntryLine, UIWindow
from pygame_gui.windows import UIColourPickerDialog

from arena.client.palette import hex_color
from arena.content.base import Slug
from arena.content.battlefield import StartingZone
from editor.core import model as m
from editor.windows.dialogs import Host

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
NAME_MAX = 120  # the content model's `Name` limit
_SLUG: TypeAdapter[str] = TypeAdapter(Slug)


def check_fields(zone_id: str, name: str, colour: str, capacity: str,
                 taken: set[str]) -> tuple[str, str, str, int] | str:
    """(id, name, colour, capacity) from the typed fields, or what is wrong with them. The
    id must be an id as content files write them (the schema's `Slug`) and not another
    zone's (`taken`)."""
    zone_id, name, colour, capacity = (zone_id.strip(), name.strip(), colour.strip(),
                                       capacity.strip())
    try:
        _SLUG.validate_python(zone_id)
    except ValidationError:
        return (f"Zone id '{zone_id}': lower-case letters, digits and dashes, e.g. orange")
    if zone_id in taken:
        return f"Zone id '{zone_id}': another zone has it; choose another"
    if not name or len(name) > NAME_MAX:
        return f"Zone name: 1 to {NAME_MAX} characters"
    if not COLOUR.match(colour):
        return f"Zone colour '{colour}': write it as #rrggbb, e.g. #e8c547"
    if not capacity.isdigit() or int(capacity) < 1:
        return f"Zone capacity '{capacity}': a whole number, at least 1"
    return zone_id, name, colour.lower(), int(capacity)


class ZoneWindow:
    """Widgets for one zone; `handle` returns "apply", "delete" or None."""

    def __init__(self, manager: pygame_gui.UIManager, zone: StartingZone,
                 size: tuple[int, int], taken: set[str] | None = None) -> None:
        self.ui = manager
        self.zone_id = zone.id
        self.taken = set(taken or ()) - {zone.id}
        """The other zones' ids (a zone's id must be its own)."""
        self.size = size
        w, h = size
        rect = pygame.Rect(w // 2 - 200, h // 2 - 158, 400, 298)
        proposed = " (proposed by the import: review it)" if zone.proposed else ""
        self.window = UIWindow(rect, manager,
                               window_display_title=f"Starting zone: {zone.id}{proposed}")
        c = self.window
        UILabel(pygame.Rect(10, 10, 90, 28), "Id", manager, container=c)
        self.ident = UITextEntryLine(pygame.Rect(104, 10, 270, 28), manager, container=c)
        self.ident.set_text(zone.id)
        UILabel(pygame.Rect(10, 46, 90, 28), "Name", manager, container=c)
        self.name = UITextEntryLine(pygame.Rect(104, 46, 270, 28), manager, container=c)
        self.name.set_text(zone.name)
        UILabel(pygame.Rect(10, 82, 90, 28), "Colour", manager, container=c)
        self.swatch_surface = pygame.Surface((28, 28))
        self.swatch = UIImage(pygame.Rect(104, 82, 28, 28), self.swatch_surface, manager,
                              container=c)
        self.colour = UITextEntryLine(pygame.Rect(138, 82, 140, 28), manager, container=c)
        self.colour.set_text(zone.colour)
        self.pick = UIButton(pygame.Rect(284, 82, 90, 28), "Pick...", manager, container=c)
        UILabel(pygame.Rect(10, 118, 90, 28), "Capacity", manager, container=c)
        self.capacity = UITextEntryLine(pygame.Rect(104, 118, 60, 28), manager, container=c)
        self.capacity.set_text(str(zone.capacity))
        UILabel(pygame.Rect(170, 118, 210, 28), "Planeswalkers may start here", manager,
                container=c)
        self.apply = UIButton(pygame.Rect(10, 162, 116, 30), "Apply", manager, container=c)
        self.delete = UIButton(pygame.Rect(132, 162, 120, 30), "Delete zone", manager,
                               container=c)
        self.close = UIButton(pygame.Rect(258, 162, 116, 30), "Close", manager, container=c)
        self.note = UILabel(pygame.Rect(10, 200, 364, 26), "", manager, container=c)
        self.picker: UIColourPickerDialog | None = None
        self.show_colour()

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def kill(self) -> None:
        if self.picker is not None and self.picker.alive():  # type: ignore[no-untyped-call]
            self.picker.kill()  # type: ignore[no-untyped-call]
        self.window.kill()  # type: ignore[no-untyped-call]

    def show_colour(self) -> None:
        text = self.colour.get_text().strip()
        self.swatch_surface.fill(hex_color(text, (60, 60, 70)) if COLOUR.match(text)
                                 else (60, 60, 70))
        pygame.draw.rect(self.swatch_surface, (20, 20, 26), self.swatch_surface.get_rect(), 1)
        self.swatch.set_image(self.swatch_surface)

    def read(self) -> tuple[str, str, str, int] | str:
        """(id, name, colour, capacity), or what is wrong with the fields."""
        return check_fields(self.ident.get_text(), self.name.get_text(),
                            self.colour.get_text(), self.capacity.get_text(), self.taken)

    def handle(self, event: pygame.event.Event) -> str | None:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.apply:
                return "apply"
            if element is self.delete:
                return "delete"
            if element is self.close:
                self.kill()
                return "close"
            if element is self.pick:
                self.open_picker()
                return "pick"
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.colour:
            self.show_colour()
        elif event.type == pygame_gui.UI_COLOUR_PICKER_COLOUR_PICKED and \
                element is self.picker:
            colour = event.colour
            self.colour.set_text(f"#{colour.r:02x}{colour.g:02x}{colour.b:02x}")
            self.show_colour()
            return "picked"
        return None

    def open_picker(self) -> None:
        text = self.colour.get_text().strip()
        rgb = hex_color(text) if COLOUR.match(text) else (200, 200, 200)
        start = pygame.Color(*rgb)
        w, h = self.size
        self.picker = UIColourPickerDialog(pygame.Rect(w // 2 - 195, h // 2 - 195, 390, 390),
                                           self.ui, initial_colour=start,
                                           window_title=f"Colour of {self.zone_id}")


class ZonesHost(Host, Protocol):
    """What the zone window's part needs of the editor window."""

    @property
    def editor(self) -> m.Editor: ...

    @property
    def brush_zone(self) -> str:
        """The map tools' brush zone: the zone the window opens on."""

    def choose_zone(self, zone_id: str) -> None:
        """Make `zone_id` the brush's zone (a renamed zone stays chosen)."""

    def run_command(self, command: m.Command, merge: bool = False) -> None: ...

    def redraw_map(self) -> None:
        """Build the map's picture anew (zone colours are baked into it)."""

    def build_ui(self) -> None: ...


class ZoneEditing:
    """The editor window's side of the zone window: open it on the brush's zone, run its
    Apply and Delete as undoable commands."""

    def __init__(self, host: ZonesHost) -> None:
        self.host = host
        self.window: ZoneWindow | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the open window; True when it used it."""
        if self.window is None or not self.window.alive():
            return False
        action = self.window.handle(event)
        if action == "apply":
            self.apply()
        elif action == "delete":
            self.delete()
        return action is not None

    def open(self) -> None:
        host = self.host
        zones = host.editor.doc.zones
        zone = next((z for z in zones if z.id == host.brush_zone), None)
        if zone is None:
            host.message = "No such starting zone yet: add one with New zone, or paint it"
            return
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = ZoneWindow(host.ui, zone, host.size, {z.id for z in zones})

    def apply(self) -> None:
        win, host = self.window, self.host
        if win is None:
            return
        values = win.read()
        if isinstance(values, str):
            host.message = values
            win.note.set_text(values[:60])
            return
        zone_id, name, colour, capacity = values
        host.run_command(m.EditZone(win.zone_id, name=name, colour=colour, capacity=capacity,
                                    new_id=zone_id))
        host.redraw_map()  # zone colours are baked into the renderer
        host.message = f"Starting zone {zone_id}: {name}, {colour} (Ctrl+Z undoes it)"
        if zone_id != win.zone_id:  # the zone menu lists ids: rebuilt, the window reopened
            if host.brush_zone == win.zone_id:
                host.choose_zone(zone_id)
            host.build_ui()
            self.open()
            win = self.window
        if win is not None:
            win.window.set_display_title(f"Starting zone: {zone_id}")  # accepted: not proposed
            win.note.set_text("Applied (Ctrl+Z undoes it)")

    def delete(self) -> None:
        win = self.window
        if win is None:
            return
        self.host.run_command(m.RemoveZone(win.zone_id))
        self.host.message = f"Deleted starting zone {win.zone_id} (Ctrl+Z brings it back)"
        win.kill()
        self.window = None
        self.host.build_ui()
