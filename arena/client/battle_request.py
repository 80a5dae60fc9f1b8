"""What ``arena play``'s battle options ask for, parsed and checked in form only.

The window's start-up reads these before anything else (`arena.client.app`); checking the
values against the content and building the game (`arena.client.direct.start`) loads the
engine and the catalogue, so it lives apart and is imported only when a battle is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["SEAT_KINDS", "BattleRequest", "StartError", "names", "seat_kinds"]


SEAT_KINDS = ("human", "easy", "normal", "hard", "expert")
"""What ``--seats`` accepts: a human at this screen, or the computer at a difficulty."""



class StartError(ValueError):
    """A command-line value the battle cannot start with; `option` names the option and
    ``str()`` says what is wrong and what is allowed."""

    def __init__(self, option: str, message: str) -> None:
        self.option = option
        super().__init__(message)


@dataclass(frozen=True)
class BattleRequest:
    """The direct-start options as given (empty: not given)."""

    scenario: str = ""
    battlefield: str = ""
    armies: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    seats: tuple[str, ...] = ()
    seed: int | None = None


def seat_kinds(value: str) -> tuple[str, ...]:
    """Parse ``--seats`` (``human,normal``); ValueError names a word it does not know."""
    kinds = tuple(word.strip().lower() for word in value.split(","))
    for word in kinds:
        if word not in SEAT_KINDS:
            shown = repr(word) if word else "an empty seat"
            raise ValueError(f"{shown} is not a seat; use a comma-separated list of "
                             f"{', '.join(SEAT_KINDS)} (e.g. human,normal)")
    return kinds


def names(value: str) -> tuple[str, ...]:
    """Parse ``--army`` / ``--deck``: ids or paths by seat, comma-separated. A value that is
    an existing file is one name even if it holds a comma; an empty entry (``,my-deck``)
    leaves that seat to its default."""
    if Path(value).is_file():
        return (value,)
    return tuple(part.strip() for part in value.split(","))
