"""A small JSON status file for the editor's real-window tests (``ARENA_EDITOR_TEST_STATUS``).

A test driving the editor with xdotool waits on it instead of sleeping: how many frames are
drawn, where the editor last saw the pointer, how many clicks and key presses it has handled,
the tool and edit revision, whether the map is unsaved and the Save / Discard / Cancel question
(or the recovery dialog) is open, the view's zoom and whether a modal window owns the input,
the status line, the army and deck builder's contents, the piece palette's choice, the
balance check's progress, the summary's collection check (with the edit revision it is of),
whether the summary is scrolled to its end, the busy mark (shown now, and every one shown),
the problems listed (and whether a check is due), the hexes outlined for the one shown
and the map's name. The game the editor starts writes its own file (``ARENA_TEST_STATUS``),
so the two never share one.
Written atomically, at most ten times a second (or at once when the busy mark goes up) and
only when set. The builder's entry holds its strength test's progress.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pygame

STATUS_ENV = "ARENA_EDITOR_TEST_STATUS"
_PERIOD = 0.1
"""Seconds between two writes (the last state is always written within this)."""


class EditorStatus:
    """Counts the input the editor handled and writes the status file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.clicks = 0
        self.keys = 0
        self.pointer: tuple[int, int] | None = None
        self.written = 0.0

    @classmethod
    def from_env(cls) -> EditorStatus | None:
        """The status writer the environment asks for, or None."""
        where = os.environ.get(STATUS_ENV)
        return cls(Path(where)) if where else None

    def saw(self, event: pygame.event.Event) -> None:
        """Count an event the editor has just handled."""
        if event.type == pygame.MOUSEBUTTONUP:
            self.clicks += 1
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        elif event.type == pygame.MOUSEMOTION:
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        elif event.type == pygame.KEYUP:
            self.keys += 1

    def write(self, app: Any, frames: int, force: bool = False) -> None:
        """Write the status if the last write is old enough (`force`: now, whatever the
        last write: the busy mark is on the screen, and no frame comes until the work is
        done)."""
        now = time.monotonic()
        if now - self.written < _PERIOD and not force:
            return
        self.written = now
        builder = app.armies.builder
        window = app.armies.window
        data = {
            "frames": frames, "clicks": self.clicks, "keys": self.keys,
            "pointer": list(self.pointer) if self.pointer else None,
            "tool": app.tool, "terrain": app.brush.terrain,
            "revision": app.editor.revision, "message": app.message,
            "zoom": app.view.cam.zoom, "modal": app.modal_open(),
            "dirty": app.editor.dirty, "question": app.docs.dialog_open(),
            "builder": None if builder is None or window is None or not window.alive() else {
                "army_name": window.army_name.get_text(),
                "deck_name": window.deck_name.get_text(),
                "cards": len(builder.cards), "spells": len(builder.spells),
                "strength": window.strength.status()},
            "games": len(app.play.games),
            "piece": app.pieces.status(),
            "balance": app.balance.status(),
            "collection": {"revision": app.panels.collection_check[0],
                           "lines": app.panels.collection_check[1]},
            "summary_end": _scrolled_end(app.panels.summary_box),
            "busy": {"now": app.busy_mark.text, "shown": app.busy_mark.shown},
            "problems": [f.line() for f in app.panels.findings],
            "focus": [list(at) for at in app.view.focus],
            "name": app.editor.doc.name,
            "checking": app.panels.debouncer.due is not None,
        }
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, self.path)


def _scrolled_end(box: Any) -> bool:
    """Whether a text box shows its last line (scrolled to the end, or no scroll bar)."""
    bar = getattr(box, "scroll_bar", None)
    if bar is None:
        return True
    return bool(bar.start_percentage + bar.visible_percentage >= 0.999)
