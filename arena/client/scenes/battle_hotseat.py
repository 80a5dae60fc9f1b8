"""The battle screen at a hotseat game (two or more humans at one screen): when another human
seat is to act, everything private is covered (the hand-off screen, opened by name) until the
next player confirms; then the board turns to their starting side (unless the settings keep
the view) and is drawn afresh.

Nothing of the last player's pointer outlives the hand-off: its hover box described the space
they pointed at, on the board as it stood, and stayed (over the top rows once the board had
turned) until the mouse moved. The box comes back when the pointer moves.

This module never imports the battle scene; it reaches it through `HotseatView`.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

from arena.client.intent import Intent
from arena.client.scenes.base import App, SceneName
from arena.client.scenes.battle_canvas import Canvas
from arena.client.scenes.battle_stage import Stage
from arena.client.scenes.hover_box import Hover
from arena.client.session import BattleSession

__all__ = ["HotseatView", "check_handoff", "is_hotseat"]


class HotseatView(Protocol):
    """The battle screen as the hand-off sees it."""

    oriented: bool
    """Whether the camera faces the viewer's starting side (cleared to turn it again)."""

    @property
    def app(self) -> App: ...

    @property
    def on_top(self) -> bool:
        """Whether the screen is the top scene (no dialog over it)."""
        ...

    @property
    def session(self) -> BattleSession: ...

    @property
    def intent(self) -> Intent: ...

    @property
    def hover(self) -> Hover: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def canvas(self) -> Canvas: ...

    def _orient(self) -> None: ...

    def _rebuild(self) -> None: ...

    def pause(self) -> None: ...


def is_hotseat(session: BattleSession) -> bool:
    """Whether two or more humans play at this screen."""
    return len(session.human_seats) > 1


def check_handoff(scene: HotseatView) -> None:
    """When another human seat is to act, cover the screen until they confirm (the battle
    asks each frame while it is on top)."""
    session = scene.session
    if not is_hotseat(session) or not session.human_to_act or session.over or \
            not scene.on_top:
        return
    seat = session.game.to_act
    if seat == session.focus:
        return
    session.focus = seat
    scene.intent.select(None)
    scene.intent.pick = None
    scene.hover.forget()
    scene.app.push(scene.app.scene(SceneName.HAND_OFF, seat, session.seat_label(seat),
                                   partial(_handoff_done, scene),
                                   session.game.pending.description, on_menu=scene.pause))


def _handoff_done(scene: HotseatView) -> None:
    """The next player is at the screen: their view, drawn afresh."""
    if scene.app.settings.hotseat_turn:
        scene.oriented = False
        scene._orient()
    scene.hover.forget()
    scene.stage.forget_picture()
    scene.canvas.forget_markers()
    scene._rebuild()
