"""The battle screen's Hint: the button on the turn panel's title, the H key, the marked
spaces and the line in the turn panel (`arena.client.hint` thinks; this part shows).

Asking never blocks: the panel says "Thinking of a hint…" while the search runs off the
frame loop, the player may go on playing meanwhile (any action drops the hint), and a ready
hint marks the acting figure's space and where it goes or strikes, and reads its reason in
the turn panel. With hints off in the Settings the button is not offered and H says so.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from arena.client.hint import HintAdvisor, HintState
from arena.client.palette import UI
from arena.client.render import Marker
from arena.client.scenes.turn_panel import Line
from arena.client.session import BattleSession
from arena.client.settings import Settings, key_label
from arena.client.ui import Button

__all__ = ["HINT_MARK", "HintCoach"]

HINT_MARK = "hint"
"""The marker style of a hint's spaces (`palette.HIGHLIGHTS`)."""


class CoachView(Protocol):
    """What the coach needs of the battle screen."""

    @property
    def session(self) -> BattleSession: ...

    @property
    def settings(self) -> Settings: ...

    def toast(self, message: str) -> None: ...

    def hud_changed(self) -> None: ...


class HintCoach:
    """See the module docstring."""

    def __init__(self, view: CoachView, seed: int) -> None:
        self.view = view
        self.advisor = HintAdvisor(seed)

    def ask(self) -> None:
        """The player asked for a hint (H or the button)."""
        view = self.view
        if not view.settings.hints:
            view.toast("Hints are off: switch them on in the Settings.")
            return
        if not self.advisor.ask(view.session):
            view.toast("A hint is for your own turn: wait until you are to act.")
            return
        view.hud_changed()

    def update(self) -> bool:
        """Collect a finished hint (or drop one the game has moved past); True when what
        the screen shows changed."""
        return self.advisor.poll(self.view.session)

    def state(self) -> HintState:
        return self.advisor.state(self.view.session)

    def lines(self) -> list[Line]:
        """The turn panel's hint line: the suggestion and its reason, or that one is coming."""
        state = self.state()
        if state is HintState.THINKING:
            return [("Thinking of a hint…", UI["teal"])]
        hint = self.advisor.current(self.view.session)
        if hint is None:
            return []
        return [(f"Hint: {hint.words}", UI["accent"])]

    def markers(self) -> list[Marker]:
        """The hint's spaces, marked on the board while it answers the position shown."""
        hint = self.advisor.current(self.view.session)
        return [Marker(h, HINT_MARK) for h in hint.hexes] if hint is not None else []

    def button(self, panel: pygame.Rect, scale: float) -> Button | None:
        """"Hint" on the turn panel's title, while the human player is to act and hints
        are on."""
        view = self.view
        if not view.settings.hints or not view.session.human_to_act or view.session.over:
            return None
        bh, bw = round(22 * scale), round(84 * scale)
        thinking = self.state() is HintState.THINKING
        return Button(rect=pygame.Rect(panel.right - bw - 8, panel.y + 5, bw, bh),
                      label="Hint", name="hint",
                      hint=key_label(view.settings.key("hint")), px=round(14 * scale),
                      enabled=not thinking,
                      action=self.ask,
                      note="What the hard computer would do here, and why (it thinks "
                           "while you look; your next action drops the hint).")

    def close(self) -> None:
        """The battle is being left: stop thinking."""
        self.advisor.cancel()

    def describe(self) -> dict[str, Any]:
        """For the test status file: the hint's state and words."""
        hint = self.advisor.current(self.view.session)
        return {"state": self.state().value, "words": hint.words if hint else "",
                "hexes": [[h.q, h.r] for h in hint.hexes] if hint else []}
