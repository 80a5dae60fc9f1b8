"""The game log's scroll state: follow the newest lines unless the player scrolled away.

Headless (no pygame), so the rules of following are tested without a window:

- at the bottom (``offset`` 0) the view follows: new lines appear and push old ones up;
- scrolled up, the view stays on the lines the player is reading while new ones arrive
  below; ``unread`` counts them for the "Jump to latest" button;
- scrolling back to the bottom, or `jump`, follows again.

Offsets count wrapped lines from the bottom of the log.

The full-height log view groups the log by turn (`group_log`): each turn is one player's, so
its lines (and the answers other players gave during it) sit under "Turn 3 · Player 2 ...".
The log is kept (and saved) as the lines the player reads, so a turn's start is found by the
line the engine's `TurnStarted` event writes (`TURN_LINE`; a test holds the two together).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["TURN_LINE", "LogGroup", "LogView", "group_log"]

TURN_LINE = re.compile(r"^Turn (\d+): Player (\d+)'s turn began\.$")
"""The log line of `arena.engine.events.TurnStarted` (its ``describe``)."""


@dataclass(frozen=True)
class LogGroup:
    """The log lines of one turn (turn 0, player 0: the set-up before the first turn)."""

    turn: int
    player: int
    lines: tuple[str, ...]


def group_log(log: Sequence[str]) -> list[LogGroup]:
    """The log in groups, one per turn, in order; a turn's first line starts its group."""
    groups: list[LogGroup] = []
    turn = player = 0
    lines: list[str] = []
    for line in log:
        found = TURN_LINE.match(line)
        if found is not None:
            if lines:
                groups.append(LogGroup(turn, player, tuple(lines)))
            turn, player, lines = int(found[1]), int(found[2]), []
        lines.append(line)
    if lines:
        groups.append(LogGroup(turn, player, tuple(lines)))
    return groups


@dataclass
class LogView:
    """See the module docstring."""

    offset: int = 0
    """Wrapped lines between the bottom of the view and the newest line (0: following)."""
    unread: int = 0
    """Lines that arrived below the view since the player scrolled away."""
    total: int = 0
    """Wrapped lines in the log when last synced."""

    @property
    def following(self) -> bool:
        return self.offset == 0

    def sync(self, total: int) -> None:
        """The log now has ``total`` wrapped lines: keep the view where the player reads it
        (or, following, on the newest). Fewer lines than before (an undo): clamp."""
        grown = total - self.total
        self.total = total
        if grown > 0 and not self.following:
            self.offset += grown
            self.unread += grown
        self.offset = max(0, min(self.offset, total))
        if self.following:
            self.unread = 0

    def scroll(self, lines: int, visible: int) -> None:
        """Scroll up (positive) or down (negative) by ``lines``; never past the top."""
        self.offset = max(0, min(self.offset + lines, max(0, self.total - visible)))
        if self.following:
            self.unread = 0

    def jump(self) -> None:
        """Back to the newest line, following again."""
        self.offset = 0
        self.unread = 0

    def window(self, visible: int) -> tuple[int, int]:
        """The slice ``[start, end)`` of the wrapped lines to show in ``visible`` rows."""
        end = max(min(visible, self.total), self.total - self.offset)
        return max(0, end - visible), end
