"""The battle screen as its input handler (`scenes.battle_input`) and its frame drawing
(`scenes.battle_canvas`) see it: the panels' view (`scenes.battle_view`), the hover box's
(`scenes.hover_box`), and the parts and commands those two reach. The battle scene satisfies
it; the parts never import the scene, so no module imports another round a circle.
"""

from __future__ import annotations

from typing import Protocol

from arena.client.render import Picture
from arena.client.scenes.army_panel import ArmyPanel
from arena.client.scenes.base import App
from arena.client.scenes.battle_stage import Stage
from arena.client.scenes.hint_coach import HintCoach
from arena.client.scenes.hover_box import Hover, HoverView
from arena.client.scenes.log_panel import FullLog, LogPanel
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.replaying import Replayer
from arena.client.scenes.tutorial_panel import TutorialCoach
from arena.client.scenes.watching import Spotlight
from arena.client.ui import Form, Widget
from arena.engine.actions import Pos
from arena.hexgrid import Hex

__all__ = ["ScreenParts"]


class ScreenParts(HoverView, Protocol):
    """See the module docstring."""

    mouse: tuple[int, int] | None
    hover_hex: Hex | None
    hover_figure: str | None
    numbered: list[Widget]
    """The widgets the number keys press, in order."""
    tutorial: TutorialCoach | None
    """The lesson's coach, when the battle is the lesson."""

    @property
    def app(self) -> App: ...

    @property
    def on_top(self) -> bool:
        """Whether the screen is the top scene (no dialog over it)."""
        ...

    @property
    def form(self) -> Form: ...

    @property
    def army(self) -> ArmyPanel: ...

    @property
    def log_panel(self) -> LogPanel: ...

    @property
    def full_log(self) -> FullLog: ...

    @property
    def recap(self) -> RecapPanel | None: ...

    @property
    def hover(self) -> Hover: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def spotlight(self) -> Spotlight: ...

    @property
    def replayer(self) -> Replayer: ...

    @property
    def slice_level(self) -> int | None: ...

    @property
    def buttons_top(self) -> int: ...

    @property
    def coach(self) -> HintCoach: ...

    @property
    def frame_ms(self) -> float: ...

    def picture(self) -> Picture: ...

    def resize(self, size: tuple[int, int]) -> None: ...

    def _rebuild(self) -> None: ...

    def hud_changed(self) -> None: ...

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None: ...

    def select(self, figure: str | None) -> None: ...

    def click_at(self, h: Hex | None, figure: str | None, exact: Pos | None) -> None: ...

    def cancel_pick(self) -> None: ...

    def close_recap(self) -> None: ...

    def go_on(self) -> None: ...

    def replay_last_turn(self) -> None: ...

    def redo(self) -> None: ...

    def toggle_log(self) -> None: ...

    def pause(self) -> None: ...

