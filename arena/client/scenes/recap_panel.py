"""The turn recap panel of the battle screen: what the computer players did, one line per
event in the log's words, over a top corner of the battlefield: the one covering fewer of
the figures it describes (the computer's army often stands on the right), and not the
lesson's panel.

The panel does not stop the game (the player may act with it open): a click on a line that
names a figure shows it on the board (the screen centres the camera on it and marks it), the
wheel scrolls a long recap, OK or Esc closes it. The lines come from `arena.client.recap`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

import pygame

from arena.client import text
from arena.client.palette import UI, mix
from arena.client.projection import Camera
from arena.client.recap import Recap, RecapLine
from arena.client.render import Marker
from arena.client.ui import Button, Widget, draw_panel, panel_inner
from arena.hexgrid import Hex

__all__ = ["MARK_SECONDS", "RecapPanel", "RecapRow", "Side"]


class Side(StrEnum):
    """The top corner of the battlefield the panel stands in."""

    LEFT = "left"
    RIGHT = "right"

MARK_SECONDS = 3.0
"""How long the spaces of a recap line's figure stay marked after a click on the line."""


@dataclass(eq=False)
class RecapRow(Widget):
    """One line of the recap: clickable when it names a figure on (or last seen on) the
    board."""

    line: RecapLine | None = None
    px: int = 16
    action: Callable[[], object] | None = None

    def activate(self) -> None:
        if self.enabled and self.action is not None:
            self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        line = self.line
        if line is None:
            return
        if self.enabled and (hovered or focused):
            pygame.draw.rect(surface, mix(UI["panel"], UI["accent"], 0.22), self.rect,
                             border_radius=4)
        color = UI["accent"] if line.header else (UI["text"] if self.enabled else UI["muted"])
        y = self.rect.y + 3
        for part in text.wrap(line.text, self.px, self.rect.width - 12, line.header):
            text.blit(surface, part, self.px, color, (self.rect.x + 6, y), bold=line.header)
            y += self.px + 3


class RecapPanel:
    """A recap on screen: where it is, which lines show (scrolled), and its widgets."""

    def __init__(self, recap: Recap) -> None:
        self.recap = recap
        self.offset = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows = 0
        self.last = 0
        self.heights: list[int] = []
        self.mark: tuple[tuple[Hex, ...], float] = ((), 0.0)
        """The spaces shown last (a clicked line's figure) and until when."""
        self.side = Side.RIGHT
        self.avoid: Side | None = None
        """A corner a shown figure stayed under (the camera could not move it out)."""

    def _heights(self, width: int, scale: float) -> list[int]:
        """Each line's height in the panel (long lines wrap)."""
        px = round(16 * scale)
        return [len(text.wrap(line.text, px, width - 12, line.header)) * (px + 3) + 6
                for line in self.recap.lines]

    def layout(self, view: pygame.Rect, bottom: int, scale: float,
               where: Callable[[Hex], tuple[float, float]] | None = None,
               lesson: bool = False) -> None:
        """Place the panel in a top corner of the battlefield ``view``, above ``bottom``,
        as tall as its lines need (or scrolled), over as few of the
        figures it describes as it can: ``where`` puts a space on the screen; the corner
        that covers fewer of its lines' spaces is taken (the right one on a tie), never the
        right one during a ``lesson`` (its panel stands there), and not the one a shown
        line's figure had to stay under (`show`)."""
        px = round(20 * scale)
        width = max(200, min(view.width - 24, round(min(480 * scale, view.width * 0.5))))
        if lesson:  # the lesson's panel takes the other half
            width = min(width, view.width // 2 - 18)
        chrome = px + 26 + round(64 * scale)  # title, margins, the hint, the OK row
        room = max(40, bottom - view.y - 24 - chrome)
        self.heights = self._heights(width - 20, scale)
        total = len(self.heights)
        last = 0  # the largest offset whose lines still fill the room
        used = 0
        for i in range(total - 1, -1, -1):
            used += self.heights[i]
            if used > room:
                last = i + 1
                break
        self.offset = max(0, min(self.offset, last))
        used, self.rows = 0, 0
        for h in self.heights[self.offset:]:
            if used + h > room and self.rows:
                break
            used += h
            self.rows += 1
        corners = {Side.RIGHT: pygame.Rect(view.right - width - 12, view.y + 12, width,
                                           chrome + used),
                   Side.LEFT: pygame.Rect(view.x + 12, view.y + 12, width, chrome + used)}
        spaces = [h for line in self.recap.lines for h in line.hexes]

        def covered(side: Side) -> tuple[bool, bool, int, bool]:
            rect = corners[side]
            over = sum(rect.collidepoint(where(h)) for h in spaces) if where else 0
            return (lesson and side == Side.RIGHT, side == self.avoid, over,
                    side != Side.RIGHT)
        self.side = min(corners, key=covered)
        self.rect = corners[self.side]
        self.last = last

    def scroll(self, lines: int) -> None:
        """Scroll by ``lines`` (positive: towards the start)."""
        self.offset = max(0, min(self.last, self.offset - lines))

    def widgets(self, scale: float, show: Callable[[RecapLine], None],
                close: Callable[[], None], replay: Callable[[], None] | None = None
                ) -> list[Widget]:
        """The visible lines (each showing its figure when clicked), the Replay button (when
        the screen can replay the turn) and the OK button."""
        px = round(20 * scale)
        inner = panel_inner(self.rect, True, px)
        out: list[Widget] = []
        y = inner.y
        for i in range(self.offset, self.offset + self.rows):
            line = self.recap.lines[i]
            rect = pygame.Rect(inner.x, y, inner.width, self.heights[i])
            y += self.heights[i]
            out.append(RecapRow(rect=rect, line=line, px=round(16 * scale),
                                enabled=line.shows, name=f"recap:{i}",
                                action=partial(show, line),
                                note="Show it on the board." if line.shows else ""))
        bh = round(32 * scale)
        out.append(Button(rect=pygame.Rect(inner.right - round(110 * scale), inner.bottom - bh,
                                           round(110 * scale), bh),
                          label="OK", name="recap:ok", hint="Esc", style="primary",
                          px=round(16 * scale), action=close,
                          note="Close the recap (its lines stay in the log)."))
        if replay is not None:
            bw = round(150 * scale)
            out.append(Button(rect=pygame.Rect(inner.right - round(120 * scale) - bw,
                                               inner.bottom - bh, bw, bh),
                              label="Replay turn", name="recap:replay", hint="B",
                              px=round(16 * scale), action=replay,
                              note="Play the computer's last turn again from its start, "
                                   "then come back to now (Esc ends it)."))
        return out

    def show(self, line: RecapLine, camera: Camera, level: Callable[[Hex], float],
             view: pygame.Rect, now: float) -> None:
        """Centre the camera on ``line``'s figure in the part of ``view`` the panel leaves
        free (``level``: where a figure stands on a hex) and mark its spaces for a while.
        When the camera cannot bring the figure out from under the panel (it stands at the
        board's edge), the panel moves to the other corner (the screen lays it out again)."""
        if not line.hexes:
            return
        self.mark = (line.hexes, now + MARK_SECONDS)
        for _ in range(2):
            proj = camera.projection()
            points = [proj.to_screen(h, level(h)) for h in line.hexes]
            x = sum(p[0] for p in points) / len(points)
            y = sum(p[1] for p in points) / len(points)
            if self.side == Side.RIGHT:
                free = (view.x + min(view.right, self.rect.x)) / 2
            else:
                free = (max(view.x, self.rect.right) + view.right) / 2
            camera.pan_by(free - x, view.centery - y)
            proj = camera.projection()
            if not any(self.rect.collidepoint(proj.to_screen(h, level(h)))
                       for h in line.hexes):
                return
            self.avoid = self.side
            self.side = Side.LEFT if self.side == Side.RIGHT else Side.RIGHT
            self.rect = self.rect.move(
                (view.x + 12 if self.side == Side.LEFT else view.right - self.rect.width - 12)
                - self.rect.x, 0)

    def markers(self, now: float) -> list[Marker]:
        """The marked spaces of the line clicked last, while the mark lasts."""
        hexes, until = self.mark
        return [Marker(h, "chosen") for h in hexes] if now < until else []

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """The panel's background, title and where the lines are (the rows draw with the
        screen's widgets)."""
        px = round(20 * scale)
        inner = draw_panel(surface, self.rect, self.recap.title, px=px)
        total = len(self.recap.lines)
        if total > self.rows:
            shown = f"Lines {self.offset + 1}-{self.offset + self.rows} of {total} (wheel)"
        else:
            shown = "Click a line to show it on the board."
        # on a line of its own above the buttons: beside them it had no room in a narrow
        # panel ("Click a…")
        text.blit(surface, shown, round(14 * scale), UI["muted"],
                  (inner.x, inner.bottom - round(42 * scale)), anchor="midleft",
                  width=inner.width)
