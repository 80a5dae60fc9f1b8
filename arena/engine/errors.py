"""The engine's exceptions: what a caller can catch without reading the rules code.

`IllegalAction` is raised by `Game.apply` for an action that is not legal now; its `reason` is
a plain sentence a client can show ("out of range (6 > 5)"). `SetupError` is raised when the
inputs of a game cannot make one (two players in a one-player zone, no starting zone ...).
`plain_detail` keeps Python's own wording ("invalid literal for int() with base 10") from a
player: it gives an exception's message only when a player can read it.
"""

from __future__ import annotations

import re


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


_JARGON = re.compile(
    r"invalid literal|values to unpack|Exceeds the limit|int\(\)|float\(\)|object is not|"
    r"NoneType|positional argument|keyword argument|argument of type|not supported between|"
    r"unhashable|index out of range|has no attribute|object of type|codec can't")
"""Python's own wording in an exception's message: meant for programmers, never shown."""


def plain_detail(error: BaseException) -> str:
    """An exception's message when it is one a player can read (the engine's own, a record
    naming the value it refuses), else "a value there has the wrong form"."""
    text = str(error).strip()
    if not text or _JARGON.search(text):
        return "a value there has the wrong form"
    return text
