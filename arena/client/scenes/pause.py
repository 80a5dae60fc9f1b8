"""The pause menu over a battle (Esc): resume, save (to a named slot), load, settings, main
menu, quit. Over the "Learn to play" lesson, "Leave tutorial" stands for "Main menu" (the step
reached is kept)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.scenes.base import App, Scene, SceneName, escape_leaves
from arena.client.scenes.save_slots import NameDialog, save_battle
from arena.client.ui import Button, Form, draw_panel

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["PauseMenu"]

ITEMS = ("Resume", "Save game", "Load game", "Settings", "Main menu", "Quit")


class PauseMenu(Scene):
    """See the module docstring. The battle beneath is frozen while this is open."""

    opaque = False
    dims_below = True
    title = "Paused"

    def __init__(self, app: App, battle: BattleScene) -> None:
        super().__init__(app)
        self.battle = battle
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = 46, 10
        self.box = pygame.Rect(0, 0, 340, 80 + len(ITEMS) * (bw + bh))
        self.box.center = (w // 2, h // 2)
        actions = {
            "Resume": (self.app.pop, "Esc"),
            "Save game": (self.save, "S"),
            "Load game": (self.load, "L"),
            "Settings": (self.settings, ""),
            "Main menu": (self.main_menu, "M"),
            "Quit": (self.app.quit, ""),
        }
        keys = {"Save game": (pygame.K_s,), "Load game": (pygame.K_l,),
                "Main menu": (pygame.K_m,), "Leave tutorial": (pygame.K_m,)}
        buttons = []
        for i, name in enumerate(ITEMS):
            action, hint = actions[name]
            if name == "Main menu" and self.battle.tutorial is not None:
                name, action = "Leave tutorial", self.leave_tutorial
            rect = pygame.Rect(self.box.x + 30, self.box.y + 64 + i * (bw + bh),
                               self.box.width - 60, bw)
            buttons.append(Button(rect=rect, label=name, name=name, hint=hint,
                                  hotkeys=keys.get(name, ()), action=action,
                                  style="primary" if name == "Resume" else "normal"))
        self.form.set(buttons)
        if self.form.focus is None:
            self.form.focus = 0

    def save(self) -> None:
        """Ask for the slot's name (the scenario and turn offered), then save to it
        (`scenes.save_slots`)."""
        session = self.battle.session
        self.app.push(NameDialog(self.app, "Save the game",
                                 f"{session.scenario_name}, turn {session.game.turn}", "Save",
                                 partial(save_battle, self.app, self.battle)))

    def load(self) -> None:
        self.app.push(self.app.scene(SceneName.LOAD))

    def settings(self) -> None:
        self.app.push(self.app.scene(SceneName.SETTINGS))

    def leave_tutorial(self) -> None:
        """Back to the main menu; "Learn to play" resumes at the step reached."""
        if self.battle.tutorial is not None:
            self.battle.tutorial.leave()
        self.main_menu()

    def main_menu(self) -> None:
        self.app.reset(self.app.scene(SceneName.MAIN_MENU))

    def handle_event(self, event: pygame.event.Event) -> None:
        escape_leaves(event, self.form, self.app.pop)

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.box)
        text.blit(surface, "Paused", 34, UI["accent"], (self.box.centerx, self.box.y + 16),
                  anchor="midtop", bold=True)
        self.form.draw(surface)
