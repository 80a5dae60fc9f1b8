"""What the battle screen's panels see and what their buttons do.

A panel (army cards, hand, turn, combat, log, hover box) draws from a `BattleView`: the
session, the selection (`arena.client.intent`), the layout and the settings, read only. The
clicks on its widgets go to `BattleControls`. The battle scene is both; the panels never
import it, so each panel is a module of its own with one job.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from arena.client.intent import Intent
from arena.client.scenes.hud import Layout
from arena.client.session import BattleSession
from arena.client.settings import Settings, key_label
from arena.engine import Action, Event, Game

__all__ = ["BattleControls", "BattleScreen", "BattleView", "key_hint", "scaled"]


class BattleView(Protocol):
    """The battle screen as its panels read it."""

    @property
    def session(self) -> BattleSession: ...

    @property
    def game(self) -> Game: ...

    @property
    def intent(self) -> Intent: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def font_scale(self) -> float: ...

    @property
    def time(self) -> float: ...


class BattleControls(Protocol):
    """What the panels' widgets ask the battle screen to do."""

    def act(self, action: Action | None) -> list[Event]: ...

    def choose(self, action: Action) -> None: ...

    def start_pick(self, label: str, actions: Sequence[Action]) -> None: ...

    def pick_target(self, target: str) -> None: ...

    def cancel_pick(self) -> None: ...

    def more_choices(self, actions: Sequence[Action]) -> None: ...

    def end_turn(self) -> None: ...

    def undo(self) -> None: ...

    def go_on(self) -> None: ...

    def toggle_walk(self) -> None: ...


class BattleScreen(BattleView, BattleControls, Protocol):
    """A panel that both reads the screen and offers its buttons."""


def scaled(view: BattleView, n: int) -> int:
    """A size in the HUD scaled to the window (text grows on big screens)."""
    return round(n * view.font_scale)


def key_hint(view: BattleView, action: str) -> str:
    """The name of the key bound to a battle action ("T", "Space")."""
    return key_label(view.settings.key(action))
