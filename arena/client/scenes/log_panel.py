"""The battle screen's log: the compact panel and the full-height log view (L, or the
panel's "Full log" button). Both wrap the game's log to their width and follow new lines
unless the player scrolled away (then a "Jump to latest" button says how many are new; see
`arena.client.logview`); the full view groups the lines by turn and player under a heading
per turn (`arena.client.logview.group_log`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from arena.client import text
from arena.client.logview import LogView, group_log
from arena.client.palette import UI
from arena.client.scenes.hud import Layout
from arena.client.ui import Button, Widget, draw_panel, panel_inner

__all__ = ["FullLog", "LogPanel", "turn_heading"]

Heading = Callable[[int, int], str]
"""A turn's heading in the full log, from its turn and player (0, 0: the set-up)."""


def turn_heading(players: Callable[[], Sequence[str]]) -> Heading:
    """Headings naming each turn's player as a saved game lists them (``players()``, one a
    seat: "Player 2: Jace Beleren, Mindmage (AI (normal))")."""

    def heading(turn: int, player: int) -> str:
        if turn <= 0:
            return "Setting up"
        names = players()
        who = names[player - 1] if 0 < player <= len(names) else f"Player {player}"
        return f"Turn {turn} \u00b7 {who}"

    return heading


class LogPanel:
    """The log's wrapped lines (cached) and the scroll state (`LogView`); with ``heading``
    the lines are grouped by turn under their headings."""

    def __init__(self, title: str = "Game log", name: str = "log",
                 heading: Heading | None = None) -> None:
        self.view = LogView()
        self.title = title
        self.name = name
        self.heading = heading
        self._cache: tuple[tuple[Any, ...], list[tuple[str, bool]]] | None = None

    @staticmethod
    def inner(rect: pygame.Rect, scale: float) -> pygame.Rect:
        """The panel's text area (below its title)."""
        return panel_inner(rect, True, round(20 * scale))

    def rows(self, rect: pygame.Rect, scale: float) -> int:
        """How many lines the panel shows."""
        return max(1, self.inner(rect, scale).height // round(18 * scale))

    def wrapped(self, log: Sequence[str], rect: pygame.Rect,
                scale: float) -> list[tuple[str, bool]]:
        """The whole log wrapped to the panel, each row with whether it is a turn's heading
        (cached), synced into the log view."""
        px, width = round(16 * scale), self.inner(rect, scale).width
        key = (len(log), log[-1] if log else "", px, width)
        if self._cache is None or self._cache[0] != key:
            rows: list[tuple[str, bool]] = []
            if self.heading is None:
                rows = [(line, False) for entry in log for line in text.wrap(entry, px, width)]
            else:
                indent = round(12 * scale)
                for group in group_log(log):
                    title = self.heading(group.turn, group.player)
                    rows += [(line, True) for line in text.wrap(title, px, width)]
                    rows += [(line, False) for entry in group.lines
                             for line in text.wrap(entry, px, width - indent)]
            self._cache = (key, rows)
        found = self._cache[1]
        self.view.sync(len(found))
        return found

    def lines(self, log: Sequence[str], rect: pygame.Rect, scale: float) -> list[str]:
        """The whole log wrapped to the panel (`wrapped` without the heading marks)."""
        return [line for line, _ in self.wrapped(log, rect, scale)]

    def scroll(self, wheel: int, log: Sequence[str], rect: pygame.Rect, scale: float) -> None:
        """The wheel over the panel."""
        self.wrapped(log, rect, scale)
        self.view.scroll(wheel, self.rows(rect, scale))

    def jump_button(self, log: Sequence[str], rect: pygame.Rect, scale: float,
                    jump: Callable[[], object]) -> Button | None:
        """"Jump to latest" while the player has scrolled away from the newest lines."""
        self.wrapped(log, rect, scale)
        if self.view.following:
            return None
        bh = round(30 * scale)
        unread = self.view.unread
        return Button(
            rect=pygame.Rect(rect.x + 10, rect.bottom - bh - 8, rect.width - 20, bh),
            label=f"Jump to latest ({unread} new)" if unread else "Jump to latest",
            name=f"{self.name}:latest", hint="End", hotkeys=(pygame.K_END,),
            px=round(16 * scale), action=jump,
            note="The log stays where you scrolled while new events arrive below.")

    def draw(self, hud: pygame.Surface, log: Sequence[str], rect: pygame.Rect,
             scale: float) -> None:
        """The panel with the lines in view (the newest three brighter; headings in the
        accent colour over a rule)."""
        inner = draw_panel(hud, rect, self.title, px=round(20 * scale))
        px, line_h = round(16 * scale), round(18 * scale)
        rows = self.wrapped(log, rect, scale)
        visible = max(1, inner.height // line_h)
        if not self.view.following:
            visible = max(1, visible - 2)  # room for the "Jump to latest" button
        start, end = self.view.window(visible)
        indent = round(12 * scale) if self.heading is not None else 0
        clip = hud.get_clip()
        hud.set_clip(inner)
        for i, (line, heading) in enumerate(rows[start:end]):
            y = inner.y + i * line_h
            if heading:
                if start + i > 0 and not rows[start + i - 1][1]:
                    pygame.draw.line(hud, UI["border"], (inner.x, y + 1), (inner.right, y + 1))
                text.blit(hud, line, px, UI["accent"], (inner.x, y), bold=True)
                continue
            newest = start + i >= len(rows) - 3
            text.blit(hud, line, px, UI["text"] if newest else UI["muted"],
                      (inner.x + indent, y))
        hud.set_clip(clip)


class FullLog:
    """The full-height log view over the battlefield's right side: open or closed (L), its
    own scroll state, the toggle on the compact panel's title."""

    def __init__(self, heading: Heading) -> None:
        self.open = False
        self.panel = LogPanel("Game log by turn", "full-log", heading)

    @staticmethod
    def rect(lay: Layout) -> pygame.Rect:
        """From under the top bar to the bottom of the hand, at the battlefield's right (up
        to the side panels)."""
        right = max(lay.view.right, lay.right.x - 4)
        width = min(lay.view.width, max(lay.right.width, int(lay.view.width * 0.45)))
        bottom = max(lay.hand.bottom, lay.view.bottom)
        return pygame.Rect(right - width, lay.view.y + 4, width, bottom - lay.view.y - 4)

    def toggle_button(self, lay: Layout, scale: float,
                      toggle: Callable[[], object], key: str) -> Button:
        """"Full log" on the compact panel's title ("Close" while open)."""
        bh = round(22 * scale)
        bw = round(104 * scale)
        # on the log panel's title; its panel folded (a compact window), on the view's
        anchor = lay.log if lay.log.width else self.rect(lay)
        rect = pygame.Rect(anchor.right - bw - 8, anchor.y + 5, bw, bh)
        return Button(rect=rect, label="Close" if self.open else "Full log",
                      name="log:full", hint=key, px=round(14 * scale), action=toggle,
                      style="primary" if self.open else "normal",
                      note="The whole log, grouped by turn and player, over the battlefield.")

    def cover(self, widgets: Sequence[Widget], lay: Layout) -> list[Widget]:
        """The screen's widgets less those the open view covers (they can be neither seen
        nor clicked while it is open)."""
        if not self.open:
            return list(widgets)
        rect = self.rect(lay)
        return [w for w in widgets if not w.rect.colliderect(rect)]

    def widgets(self, log: Sequence[str], lay: Layout, scale: float,
                jump: Callable[[], object]) -> list[Button]:
        """The view's "Jump to latest" while it is open and scrolled away."""
        if not self.open:
            return []
        button = self.panel.jump_button(log, self.rect(lay), scale, jump)
        return [button] if button is not None else []

    def draw(self, hud: pygame.Surface, log: Sequence[str], lay: Layout,
             scale: float) -> pygame.Rect | None:
        """The view when open; where it drew."""
        if not self.open:
            return None
        rect = self.rect(lay)
        self.panel.draw(hud, log, rect, scale)
        return rect
