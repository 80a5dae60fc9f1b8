"""After an import: the short balance check of the proposed zones, and its result in the
import report.

`ZoneFollowUp` belongs to the document controller: `start` right after a community map is
imported with proposed zones (`editor.core.zone_check.start`: a few seeded greedy games in one
worker process, so the editor is never blocked), `poll` once a frame, `stop` when another map
is opened or the editor closes. When the games end, the result is added to the import report's
window (if it is still open) and the verdict shows it (`editor.core.verdict.note`); until then
the report and the verdict say the zones are not checked for fairness.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pygame_gui.windows import UIMessageWindow

from editor.core import zone_check
from editor.core.mapdoc import MapDoc
from editor.files.mapimport import report_html


class ZoneFollowUp:
    """The check of the current map's proposed zones, if one is running."""

    def __init__(self, finished: Callable[[str], None]) -> None:
        self.finished = finished
        """Called with the result line when a check ends (the host re-runs its checks)."""
        self.check: zone_check.ZoneCheck | None = None
        self.window: UIMessageWindow | None = None
        self.path: Path | None = None
        self.lines: list[str] = []

    @property
    def running(self) -> bool:
        return self.check is not None and not self.check.done

    def start(self, doc: MapDoc, window: UIMessageWindow | None, path: Path,
              lines: list[str]) -> None:
        """Check `doc`'s proposed zones in the background (nothing when it has none)."""
        self.stop()
        self.check = zone_check.start(doc)
        self.window, self.path, self.lines = window, path, list(lines)

    def poll(self) -> None:
        """Once a frame: take the games finished; show the result when the last one ends."""
        if self.check is None or self.check.poll():
            return
        line = self.check.line
        self.check = None
        window = self.window
        alive = window is not None and window.alive()  # type: ignore[no-untyped-call]
        if window is not None and alive and self.path is not None \
                and window.text_block is not None:
            window.text_block.set_text(report_html(self.path, [*self.lines, f"Check: {line}."]))
        self.window = None
        self.finished(line)

    def stop(self) -> None:
        """End a running check at once (another map is opened, or the editor closes)."""
        if self.check is not None:
            self.check.cancel()
        self.check = None
        self.window = None
