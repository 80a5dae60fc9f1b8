"""The battle screen's questions: "End the turn?" when something useful is left undone, and
"Move anyway?" before a risky move. Each button shows its key."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from arena.client.advice import MoveWarning
from arena.client.scenes.base import App
from arena.client.scenes.common import Dialog
from arena.client.ui import Button

__all__ = ["EndTurnDialog", "MoveConfirmDialog"]


class _KeyedDialog(Dialog):
    """A two-button dialog whose buttons show their keys (``hints``, in button order)."""

    hints: tuple[str, ...] = ()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        for widget, hint in zip(self.form.widgets, self.hints, strict=False):
            if isinstance(widget, Button):
                widget.hint = hint

class EndTurnDialog(_KeyedDialog):
    """"End the turn?" when something useful is left undone. Enter presses the focused
    button (End turn at first; Tab reaches Keep playing), T ends the turn, Esc keeps
    playing."""

    def __init__(self, app: App, undone: Sequence[str], end: Callable[[], object]) -> None:
        message = "; ".join(undone) + ". End the turn anyway?"
        message = message[:1].upper() + message[1:]
        self.end = end
        self.hints = ("Esc", "T")
        super().__init__(app, "Something is left undone", message,
                         [("Keep playing", None), ("End turn", self._end)])

    def _end(self) -> None:
        self.end()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            self._choose(self._end)
            return
        super().handle_event(event)

class MoveConfirmDialog(_KeyedDialog):
    """"Move anyway?" before a risky move: Enter presses the focused button (Move at
    first; Tab reaches Cancel), Esc (or Cancel) keeps the figure where it is."""

    def __init__(self, app: App, name: str, warning: MoveWarning,
                 move: Callable[[], object]) -> None:
        self.warning = warning
        self.move = move
        message = f"Moving {name} there: " + "; ".join(
            line[:1].lower() + line[1:] for line in warning.lines) + "."
        self.hints = ("Esc", "Enter")
        super().__init__(app, "A risky move", message,
                         [("Cancel", None), ("Move", self._move)])

    def _move(self) -> None:
        self.move()

