"""The busy mark: what the editor window shows while it does something that takes seconds
(opening a community map imports, builds and checks it: 3 to 11 seconds on a large map).

The work runs in the window's own thread, so the mark is painted and shown on the screen
*before* it starts (`BusyMark.show`), with the system's wait cursor; without it the window
showed nothing new for all that time, as if the click had been lost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

import pygame

BOX = (600, 92)
"""The mark's size: a box in the middle of the window."""


class BusyMark:
    """Paints the window once more with the mark over it, then lets the work run."""

    def __init__(self, draw_frame: Callable[[pygame.Surface], None],
                 on_shown: Callable[[str], None] | None = None) -> None:
        self.draw_frame = draw_frame
        """Draws the editor's frame as it is (under the mark)."""
        self.on_shown = on_shown
        """Told each time the mark is on the screen (the real-window tests' status file)."""
        self.text = ""
        """What the editor is busy with now ("" when it is not)."""
        self.shown: list[str] = []
        """Every mark shown so far, in order (what the editor was busy with)."""

    @contextmanager
    def show(self, text: str) -> Iterator[None]:
        """While the `with` block runs: the mark with `text` on the screen, the wait cursor."""
        self.text = text
        surface = pygame.display.get_surface()
        if surface is not None:
            self.draw_frame(surface)
            draw_mark(surface, text)
            pygame.display.flip()
        _cursor(pygame.SYSTEM_CURSOR_WAIT)
        self.shown.append(text)
        if self.on_shown is not None:
            self.on_shown(text)
        try:
            yield
        finally:
            self.text = ""
            _cursor(pygame.SYSTEM_CURSOR_ARROW)


def draw_mark(surface: pygame.Surface, text: str) -> pygame.Rect:
    """The mark: a box in the middle of `surface` with an hourglass and `text`."""
    w, h = surface.get_size()
    box = pygame.Rect(0, 0, min(BOX[0], w - 20), BOX[1])
    box.center = (w // 2, h // 2)
    pygame.draw.rect(surface, (26, 29, 42), box, border_radius=8)
    pygame.draw.rect(surface, (230, 190, 90), box, 2, border_radius=8)
    cx, cy = box.left + 40, box.centery
    glass = [(cx - 14, cy - 22), (cx + 14, cy - 22), (cx, cy), (cx + 14, cy + 22),
             (cx - 14, cy + 22), (cx, cy)]
    pygame.draw.polygon(surface, (230, 190, 90), glass, 3)
    pygame.draw.polygon(surface, (230, 190, 90), [(cx - 8, cy + 18), (cx + 8, cy + 18),
                                                  (cx, cy + 8)])
    font = pygame.font.Font(None, 24)
    lines = [text, "Please wait: building and checking the map"]
    for i, line in enumerate(lines):
        shown = font.render(line, True, (230, 226, 211) if i == 0 else (170, 175, 190))
        surface.blit(shown, (box.left + 74, box.top + 24 + i * 26),
                     area=pygame.Rect(0, 0, box.width - 84, 26))
    return box


def _cursor(cursor: int) -> None:
    """The system's cursor (a window without a mouse, under the dummy driver, has none)."""
    with suppress(pygame.error):
        pygame.mouse.set_cursor(cursor)
