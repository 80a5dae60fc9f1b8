"""Playing the computer's last turn again, without a window.

"Replay last turn" must show the turn as it happened -- the same figures ringed, the same
moves, dice and cards -- and leave the battle exactly as it is. `Rerun` therefore plays the
recorded actions (`arena.client.recap.TurnTape`) on a session of its own over a copy of the
game from the start of that turn: the live session and its game are never touched, and the
engine being deterministic (every roll comes from the state's seeded generator), the copy
rolls the same dice and reaches the same position. The battle screen shows the rerun's
session while it lasts (`arena.client.scenes.replaying`), then the live one again.
"""

from __future__ import annotations

from arena.client.recap import TurnTape
from arena.client.session import BattleSession
from arena.client.watch import show_of
from arena.engine import Event

__all__ = ["Rerun"]


class Rerun:
    """One replay of a tape: a session over a copy of its start, stepped action by action."""

    def __init__(self, live: BattleSession, tape: TurnTape) -> None:
        self.tape = tape
        self.session = BattleSession(tape.start.clone(), live.seats,
                                     live.log[:tape.start_log] or ("The replay starts.",),
                                     controllers=live.controllers)
        """The replay's own session (no autosave; its computer players never think)."""
        self.session.focus = live.focus
        self.index = 0

    @property
    def done(self) -> bool:
        """Whether every recorded action has been played again."""
        return self.index >= len(self.tape.actions)

    def step(self) -> list[Event]:
        """Play the next recorded action again, shown as the computer's action was (a
        person's answer is shown as a person's); its events. Raises `IllegalAction` if the
        copy refuses it (it never should: the engine is deterministic)."""
        seat, action = self.tape.actions[self.index]
        self.index += 1
        session = self.session
        session.shown = show_of(session.game, seat, action) if session.is_ai(seat) else None
        return session.apply(action)
