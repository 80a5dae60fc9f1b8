"""The battle screen's log panel: the game's log wrapped to the panel, following new lines
unless the player scrolled away (then a "Jump to latest" button says how many are new; see
`arena.client.logview`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from arena.client import text
from arena.client.logview import LogView
from arena.client.palette import UI
from arena.client.ui import Button, draw_panel, panel_inner

__all__ = ["LogPanel"]


class LogPanel:
    """The log's wrapped lines (cached) and the scroll state (`LogView`)."""

    def __init__(self) -> None:
        self.view = LogView()
        self._cache: tuple[tuple[Any, ...], list[str]] | None = None

    @staticmethod
    def inner(rect: pygame.Rect, scale: float) -> pygame.Rect:
        """The panel's text area (below its title)."""
        return panel_inner(rect, True, round(20 * scale))

    def rows(self, rect: pygame.Rect, scale: float) -> int:
        """How many lines the panel shows."""
        return max(1, self.inner(rect, scale).height // round(18 * scale))

    def lines(self, log: Sequence[str], rect: pygame.Rect, scale: float) -> list[str]:
        """The whole log wrapped to the panel (cached), synced into the log view."""
        px, width = round(16 * scale), self.inner(rect, scale).width
        key = (len(log), log[-1] if log else "", px, width)
        if self._cache is None or self._cache[0] != key:
            wrapped = [line for entry in log for line in text.wrap(entry, px, width)]
            self._cache = (key, wrapped)
        found = self._cache[1]
        self.view.sync(len(found))
        return found

    def scroll(self, wheel: int, log: Sequence[str], rect: pygame.Rect, scale: float) -> None:
        """The wheel over the panel."""
        self.lines(log, rect, scale)
        self.view.scroll(wheel, self.rows(rect, scale))

    def jump_button(self, log: Sequence[str], rect: pygame.Rect, scale: float,
                    jump: Callable[[], object]) -> Button | None:
        """"Jump to latest" while the player has scrolled away from the newest lines."""
        self.lines(log, rect, scale)
        if self.view.following:
            return None
        bh = round(30 * scale)
        unread = self.view.unread
        return Button(
            rect=pygame.Rect(rect.x + 10, rect.bottom - bh - 8, rect.width - 20, bh),
            label=f"Jump to latest ({unread} new)" if unread else "Jump to latest",
            name="log:latest", hint="End", hotkeys=(pygame.K_END,), px=round(16 * scale),
            action=jump,
            note="The log stays where you scrolled while new events arrive below.")

    def draw(self, hud: pygame.Surface, log: Sequence[str], rect: pygame.Rect,
             scale: float) -> None:
        """The panel with the lines in view (the newest three brighter)."""
        inner = draw_panel(hud, rect, "Game log", px=round(20 * scale))
        px, line_h = round(16 * scale), round(18 * scale)
        lines = self.lines(log, rect, scale)
        visible = max(1, inner.height // line_h)
        if not self.view.following:
            visible = max(1, visible - 2)  # room for the "Jump to latest" button
        start, end = self.view.window(visible)
        clip = hud.get_clip()
        hud.set_clip(inner)
        for i, line in enumerate(lines[start:end]):
            newest = start + i >= len(lines) - 3
            text.blit(hud, line, px, UI["text"] if newest else UI["muted"],
                      (inner.x, inner.y + i * line_h))
        hud.set_clip(clip)
