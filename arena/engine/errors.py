"""The engine's exceptions: what a caller can catch without reading the rules code.

`IllegalAction` is raised by `Game.apply` for an action that is not legal now; its `reason` is
a plain sentence a client can show ("out of range (6 > 5)"). `SetupError` is raised when the
inputs of a game cannot make one (two players in a one-player zone, no starting zone ...).
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(EngineError):  # noqa: N818 - the name the design note uses
    """An action that the rules do not allow at this point of the game."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class SetupError(EngineError):
    """Inputs that cannot make a game (or a position that breaks the rules)."""


class ParseError(EngineError, ValueError):
    """Text that is not an action (`arena.engine.actions.parse_action`)."""
