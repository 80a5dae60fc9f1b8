"""A small widget kit: buttons, choices, lists, panels, with mouse and keyboard alike.

Why not pygame-gui for the game screens: the battle screen redraws its panels only when their
content changes and must stay inside a millisecond budget per frame, and tests drive every
screen by posting plain pygame events to ``handle_event``; a few widgets written for exactly
that are simpler to keep fast and predictable. (The editor may use pygame-gui.)

`Form` owns a list of widgets and gives them focus (Tab / arrow keys / mouse hover), presses
(activated on release over the same widget, like desktop buttons), hotkeys and tooltips: a
disabled widget's ``note`` says why it is disabled, so there are no silent dead ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from arena.client import text
from arena.client.palette import UI, Color, mix, shade

__all__ = [
    "Button",
    "Choice",
    "Form",
    "ListBox",
    "TextField",
    "Widget",
    "draw_panel",
    "draw_tooltip",
]


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "",
               fill: Color | None = None, radius: int = 10, px: int = 20) -> pygame.Rect:
    """A rounded panel with a border and an optional title; returns the content area."""
    pygame.draw.rect(surface, shade(fill or UI["panel"], 0.6), rect.move(0, 3),
                     border_radius=radius)
    pygame.draw.rect(surface, fill or UI["panel"], rect, border_radius=radius)
    pygame.draw.rect(surface, UI["border"], rect, width=1, border_radius=radius)
    inner = rect.inflate(-20, -16)
    if title:
        text.blit(surface, title.upper(), px, UI["muted"], (inner.x, inner.y), bold=True,
                  width=inner.width)
        y = inner.y + px + 2
        pygame.draw.line(surface, shade(UI["border"], 0.9), (inner.x, y), (inner.right, y))
    return panel_inner(rect, bool(title), px)


def panel_inner(rect: pygame.Rect, titled: bool = True, px: int = 20) -> pygame.Rect:
    """The content area `draw_panel` leaves inside ``rect`` (below its title, if any)."""
    inner = rect.inflate(-20, -16)
    if titled:
        y = inner.y + px + 2
        inner = pygame.Rect(inner.x, y + 8, inner.width, inner.bottom - y - 8)
    return inner


def draw_tooltip(surface: pygame.Surface, note: str, pos: tuple[int, int]) -> pygame.Rect:
    """A small box with ``note`` next to ``pos``, kept inside the surface."""
    px = 18
    lines = text.wrap(note, px, 320)
    w = max(text.size(line, px)[0] for line in lines) + 16
    h = len(lines) * (px + 2) + 12
    rect = pygame.Rect(pos[0] + 14, pos[1] + 18, w, h)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (12, 14, 22), rect, border_radius=6)
    pygame.draw.rect(surface, UI["accent"], rect, 1, border_radius=6)
    for i, line in enumerate(lines):
        text.blit(surface, line, px, UI["text"], (rect.x + 8, rect.y + 6 + i * (px + 2)))
    return rect


@dataclass(eq=False)
class Widget:
    """Something on screen that may take the focus and react to input."""

    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    visible: bool = True
    note: str = ""
    """Tooltip text (why a disabled widget is disabled, what a control does)."""
    name: str = ""

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    def activate(self) -> None:
        """Enter / click."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key while focused; True when used."""
        return False

    def click(self, pos: tuple[int, int]) -> None:
        """A completed click at ``pos`` (inside the widget)."""
        self.activate()

    def wheel(self, dy: int) -> bool:
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        raise NotImplementedError


@dataclass(eq=False)
class Button(Widget):
    """A push button; ``hotkeys`` activate it from anywhere in its form."""

    label: str = ""
    action: Callable[[], Any] | None = None
    hotkeys: tuple[int, ...] = ()
    hint: str = ""
    """A key hint drawn small at the right (``Space``)."""
    style: str = "normal"  # normal | primary | danger | ghost
    px: int = 0

    def activate(self) -> None:
        if self.enabled and self.action is not None:
            self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        if self.style == "primary":
            base = (70, 110, 88) if self.enabled else UI["button-disabled"]
        elif self.style == "danger":
            base = (120, 62, 62) if self.enabled else UI["button-disabled"]
        else:
            base = UI["button"] if self.enabled else UI["button-disabled"]
        if self.enabled and pressed and hovered:
            fill = shade(base, 0.8)
        elif self.enabled and (hovered or focused):
            fill = shade(base, 1.3)
        else:
            fill = base
        radius = max(4, rect.height // 4)
        pygame.draw.rect(surface, shade(fill, 0.55), rect.move(0, 3), border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = UI["focus"] if focused and self.enabled else shade(fill, 1.45)
        pygame.draw.rect(surface, edge, rect, width=2 if focused and self.enabled else 1,
                         border_radius=radius)
        px = self.px or max(14, min(28, int(rect.height * 0.5)))
        color = UI["text"] if self.enabled else UI["dim"]
        hint_px = max(12, px - 6)
        room = rect.width - 16 - (text.size(self.hint, hint_px)[0] + 10 if self.hint else 0)
        label, px = text.squeeze(self.label, px, room)
        offset = 1 if pressed and hovered else 0
        if self.hint:
            hint_rect = text.blit(surface, self.hint, hint_px,
                                  UI["muted"] if self.enabled else UI["dim"],
                                  (rect.right - 10, rect.centery + offset), anchor="midright")
            text.blit(surface, label, px, color, ((rect.left + hint_rect.left) // 2,
                                                  rect.centery + offset), anchor="center")
        else:
            text.blit(surface, label, px, color, (rect.centerx, rect.centery + offset),
                      anchor="center")


@dataclass(eq=False)
class Choice(Widget):
    """A value picked from a list with ◀ ▶ arrows (click the arrows or the value; Left and
    Right keys while focused)."""

    label: str = ""
    options: Sequence[tuple[Any, str]] = ()
    index: int = 0
    on_change: Callable[[Any], None] | None = None
    px: int = 20

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                return

    def step(self, delta: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change is not None:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.x + self._arrow_w() + (self._label_w()) else 1)

    def _label_w(self) -> int:
        return int(self.rect.width * 0.34) if self.label else 0

    def _arrow_w(self) -> int:
        return max(18, self.rect.height - 8)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        lw = self._label_w()
        if self.label:
            text.blit(surface, self.label, self.px, UI["muted"], (rect.x, rect.centery),
                      anchor="midleft")
        box = pygame.Rect(rect.x + lw, rect.y, rect.width - lw, rect.height)
        fill = UI["panel-2"] if self.enabled else UI["button-disabled"]
        if hovered and self.enabled:
            fill = shade(fill, 1.25)
        pygame.draw.rect(surface, fill, box, border_radius=6)
        edge = UI["focus"] if focused and self.enabled else UI["border"]
        pygame.draw.rect(surface, edge, box, 2 if focused and self.enabled else 1,
                         border_radius=6)
        aw = self._arrow_w()
        color = UI["accent"] if self.enabled else UI["dim"]
        for side in (-1, 1):
            cx = box.x + aw // 2 + 4 if side < 0 else box.right - aw // 2 - 4
            cy = box.centery
            s = max(5, box.height // 5)
            pts = [(cx - side * s * 0.6, cy - s), (cx + side * s * 0.8, cy),
                   (cx - side * s * 0.6, cy + s)]
            if self.enabled and len(self.options) > 1:
                pygame.draw.polygon(surface, color, pts)
        value = self.options[self.index][1] if self.options else "—"
        text.blit(surface, value, self.px, UI["text"] if self.enabled else UI["dim"],
                  box.center, anchor="center", width=box.width - 2 * aw - 8)


@dataclass(eq=False)
class ListBox(Widget):
    """A scrolling list of rows; Up/Down move, Enter (or a click on the selected row)
    activates."""

    rows: Sequence[str] = ()
    selected: int = 0
    on_select: Callable[[int], None] | None = None
    on_activate: Callable[[int], None] | None = None
    row_h: int = 34
    px: int = 20
    scroll: int = 0
    subtitles: Sequence[str] = ()

    def _visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_h)

    def select(self, index: int) -> None:
        if not self.rows:
            return
        index = max(0, min(len(self.rows) - 1, index))
        changed = index != self.selected
        self.selected = index
        n = self._visible_rows()
        if index < self.scroll:
            self.scroll = index
        elif index >= self.scroll + n:
            self.scroll = index - n + 1
        if changed and self.on_select is not None:
            self.on_select(index)

    def activate(self) -> None:
        if self.on_activate is not None and self.rows:
            self.on_activate(self.selected)

    def click(self, pos: tuple[int, int]) -> None:
        index = self.scroll + (pos[1] - self.rect.y) // self.row_h
        if 0 <= index < len(self.rows):
            if index == self.selected:
                self.activate()
            else:
                self.select(index)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_UP:
            self.select(self.selected - 1)
            return True
        if event.key == pygame.K_DOWN:
            self.select(self.selected + 1)
            return True
        return False

    def wheel(self, dy: int) -> bool:
        limit = max(0, len(self.rows) - self._visible_rows())
        self.scroll = max(0, min(limit, self.scroll - dy))
        return True

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        pygame.draw.rect(surface, UI["panel-2"], rect, border_radius=6)
        pygame.draw.rect(surface, UI["focus"] if focused else UI["border"], rect,
                         2 if focused else 1, border_radius=6)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2))
        for i in range(self.scroll, min(len(self.rows), self.scroll + self._visible_rows() + 1)):
            row = pygame.Rect(rect.x + 3, rect.y + (i - self.scroll) * self.row_h + 2,
                              rect.width - 6, self.row_h - 3)
            if i == self.selected:
                pygame.draw.rect(surface, mix(UI["panel-2"], UI["accent"], 0.28), row,
                                 border_radius=5)
            label = self.rows[i]
            sub = self.subtitles[i] if i < len(self.subtitles) else ""
            if sub:
                text.blit(surface, label, self.px, UI["text"], (row.x + 10, row.y + 4),
                          width=row.width - 16)
                text.blit(surface, sub, self.px - 4, UI["muted"],
                          (row.x + 10, row.y + 6 + self.px), width=row.width - 16)
            else:
                text.blit(surface, label, self.px, UI["text"], (row.x + 10, row.centery),
                          anchor="midleft", width=row.width - 16)
        surface.set_clip(clip)


class Form:
    """Widgets with focus, hover, presses, hotkeys and tooltips (see the module docstring).
    """

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: int | None = None
        self.hover: Widget | None = None
        self.pressed: Widget | None = None
        self.mouse: tuple[int, int] | None = None

    def set(self, widgets: Sequence[Widget]) -> None:
        """Replace the widgets, keeping the focus on the same name when it still exists."""
        old = self.focused
        self.widgets = list(widgets)
        self.focus = None
        if old is not None and old.name:
            for i, w in enumerate(self.widgets):
                if w.name == old.name and w.focusable:
                    self.focus = i
        self.hover = self._at(self.mouse) if self.mouse else None
        if self.pressed not in self.widgets:
            self.pressed = None

    @property
    def focused(self) -> Widget | None:
        if self.focus is None or self.focus >= len(self.widgets):
            return None
        return self.widgets[self.focus]

    def focus_on(self, widget: Widget) -> None:
        if widget in self.widgets and widget.focusable:
            self.focus = self.widgets.index(widget)

    def _at(self, pos: tuple[int, int] | None) -> Widget | None:
        if pos is None:
            return None
        for w in reversed(self.widgets):
            if w.visible and w.rect.collidepoint(pos):
                return w
        return None

    def move_focus(self, delta: int) -> None:
        candidates = [i for i, w in enumerate(self.widgets) if w.focusable]
        if not candidates:
            self.focus = None
            return
        if self.focus not in candidates:
            self.focus = candidates[0] if delta > 0 else candidates[-1]
            return
        pos = candidates.index(self.focus)
        self.focus = candidates[(pos + delta) % len(candidates)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route one event; True when a widget used it."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self._at(event.pos)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            hit = self._at(event.pos)
            self.pressed = hit if hit is not None and hit.enabled else None
            if hit is not None and hit.focusable:
                self.focus = self.widgets.index(hit)
            return hit is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            hit = self._at(event.pos)
            pressed, self.pressed = self.pressed, None
            if pressed is not None and hit is pressed and hit.enabled:
                hit.click(event.pos)
                return True
            return hit is not None
        if event.type == pygame.MOUSEWHEEL:
            hit = self._at(self.mouse) if self.mouse else None
            return hit.wheel(event.y) if hit is not None else False
        if event.type == pygame.KEYDOWN:
            focused = self.focused
            if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and isinstance(focused, Button)
                    and focused.visible and focused.enabled):
                # Enter presses the button the keyboard is on: a screen's default button
                # (Enter as its hotkey) must not take over from the one the player chose.
                focused.activate()
                return True
            for w in self.widgets:
                if (isinstance(w, Button) and w.visible and w.enabled
                        and event.key in w.hotkeys):
                    w.activate()
                    return True
            focused = self.focused
            if focused is not None and focused.focusable and focused.key(event):
                return True
            if event.key == pygame.K_TAB:
                shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
                self.move_focus(-1 if shift else 1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.move_focus(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self.move_focus(-1)
                return True
            if (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
                    and focused is not None and focused.focusable):
                focused.activate()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        focused = self.focused
        for w in self.widgets:
            if w.visible:
                w.draw(surface, w is focused, w is self.hover,
                       w is self.pressed and self.pressed is self.hover)

    def draw_tooltip(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The hovered widget's note, if any (draw last, over everything)."""
        if self.hover is not None and self.hover.note and self.mouse is not None:
            return draw_tooltip(surface, self.hover.note, self.mouse)
        return None


@dataclass(eq=False)
class TextField(Widget):
    """A one-line text box (a search field): typed text (TEXTINPUT events) goes in while
    its screen routes it here; Backspace deletes, Ctrl+Backspace or Esc-less clearing via
    ``clear``."""

    value: str = ""
    placeholder: str = ""
    on_change: Callable[[str], None] | None = None
    px: int = 20
    search: bool = True
    """Drawn with a magnifier (a search box); False for a box that takes a name."""

    def type_event(self, event: pygame.event.Event) -> bool:
        """Take a TEXTINPUT or a Backspace key; True when used."""
        if event.type == pygame.TEXTINPUT and event.text.isprintable():
            self._set(self.value + event.text)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
            self._set("" if ctrl else self.value[:-1])
            return True
        return False

    def clear(self) -> None:
        self._set("")

    def _set(self, value: str) -> None:
        if value != self.value:
            self.value = value[:80]
            if self.on_change is not None:
                self.on_change(self.value)

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        pygame.draw.rect(surface, shade(UI["panel-2"], 0.8), rect, border_radius=6)
        pygame.draw.rect(surface, UI["focus"] if focused else UI["border"], rect,
                         2 if focused else 1, border_radius=6)
        if self.search:  # a magnifier
            cx, cy = rect.x + 16, rect.centery - 2
            pygame.draw.circle(surface, UI["muted"], (cx, cy), 6, 2)
            pygame.draw.line(surface, UI["muted"], (cx + 4, cy + 4), (cx + 9, cy + 9), 2)
        x = rect.x + (32 if self.search else 12)
        if self.value:
            shown = self.value
            while shown and text.size(shown, self.px)[0] > rect.width - 44:
                shown = shown[1:]
            drawn = text.blit(surface, shown, self.px, UI["text"], (x, rect.centery),
                              anchor="midleft")
            caret_x = drawn.right + 2
        else:
            text.blit(surface, text.fit(self.placeholder, self.px, rect.width - 44), self.px,
                      UI["dim"], (x, rect.centery), anchor="midleft")
            caret_x = x
        pygame.draw.line(surface, UI["accent"], (caret_x, rect.centery - self.px // 2),
                         (caret_x, rect.centery + self.px // 2), 2)
