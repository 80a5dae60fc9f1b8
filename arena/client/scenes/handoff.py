"""The hotseat hand-off: between two human seats at one screen, everything private (the
hand, face-down cards, the board) is covered until the next player confirms they are the one
looking ("Pass to Player 2 -- press Enter when ready"). Esc opens the battle's menu (save,
load, main menu) over this cover, so nothing private shows on the way out."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from arena.client import text
from arena.client.palette import UI, palette
from arena.client.scenes.base import App, Scene
from arena.client.scenes.common import backdrop
from arena.client.ui import Button, Form, draw_panel

__all__ = ["HandOffScene"]


class HandOffScene(Scene):
    """An opaque screen naming the next player; Enter (or the button) shows their view."""

    title = "Hand-off"
    opaque = True

    def __init__(self, app: App, seat: int, label: str, on_ready: Callable[[], None],
                 detail: str = "", on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_menu = on_menu
        self.seat = seat
        self.label = label
        self.detail = detail
        self.on_ready = on_ready
        self.form = Form()
        self._layout()

    def _layout(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(420, w - 40), 52)
        rect.center = (w // 2, h // 2 + 80)
        self.form.set([Button(rect=rect, label=f"I am Player {self.seat}: show my turn",
                              name="ready", hint="Enter", style="primary",
                              hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER),
                              action=self.ready)])

    def ready(self) -> None:
        if self.app.top is self:
            self.app.pop()
        self.on_ready()

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ready()
            return
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
                and self.on_menu is not None):
            self.on_menu()
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h), dim=True), (0, 0))
        box = pygame.Rect(0, 0, min(640, w - 40), 270)
        box.center = (w // 2, h // 2)
        draw_panel(surface, box)
        color = palette(self.app.settings.colour_blind).player(self.seat)
        chip = pygame.Rect(box.x + 24, box.y + 30, 22, 22)
        pygame.draw.rect(surface, color, chip, border_radius=5)
        text.blit(surface, f"Pass to Player {self.seat}", 40, UI["text"],
                  (chip.right + 14, chip.centery), anchor="midleft", bold=True)
        lines = [f"Player {self.seat} plays next. Their hand and face-down cards are hidden "
                 "until they are at the screen.", "Press Enter when ready."
                 + ("  Esc: the menu (save, load, quit)." if self.on_menu else "")]
        if self.detail:
            lines.insert(1, self.detail)
        y = box.y + 80
        for line in lines:
            for part in text.wrap(line, 20, box.width - 48):
                text.blit(surface, part, 20, UI["muted"], (box.x + 24, y))
                y += 26
        self.form.draw(surface)
