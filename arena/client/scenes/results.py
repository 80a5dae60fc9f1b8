"""The end of a battle: who won, why, and the scoring breakdown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from arena.client import text
from arena.client.palette import UI, mix, palette
from arena.client.scenes.base import App, Scene
from arena.client.ui import Button, Form, draw_panel

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["ResultsScene"]


class ResultsScene(Scene):
    """Shown over the final battlefield: winner, reason, scores; then rematch or menu."""

    opaque = False
    dims_below = True
    title = "Results"

    def __init__(self, app: App, battle: BattleScene) -> None:
        super().__init__(app)
        self.battle = battle
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(760, w - 40), min(520, h - 40))
        self.box.center = (w // 2, h // 2)
        y = self.box.bottom - 62
        buttons = [
            Button(rect=pygame.Rect(self.box.x + 24, y, 200, 44), label="View battlefield",
                   name="view", hint="V", hotkeys=(pygame.K_v,), action=self.app.pop,
                   note="Look at the final battlefield (Esc opens the menu there)."),
            Button(rect=pygame.Rect(self.box.right - 444, y, 200, 44), label="Rematch",
                   name="rematch", hint="R", hotkeys=(pygame.K_r,), action=self.rematch,
                   note="The same scenario and players, a new seed."),
            Button(rect=pygame.Rect(self.box.right - 224, y, 200, 44), label="Main menu",
                   name="menu", hint="Enter", style="primary",
                   hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER), action=self.main_menu),
        ]
        self.form.set(buttons)
        if self.form.focus is None:
            self.form.focus = 2

    def main_menu(self) -> None:
        from arena.client.scenes.menu import MainMenu

        self.app.reset(MainMenu(self.app))

    def rematch(self) -> None:
        import random

        from arena.client import content
        from arena.client.content import GameSetup
        from arena.client.scenes.battle import BattleScene
        from arena.client.scenes.common import Dialog

        session = self.battle.session
        setup = GameSetup(scenario=session.game.state.static.scenario.id,
                          seats=session.seats, seed=random.randrange(1, 1_000_000))
        try:
            game = content.new_game(setup)
        except Exception as exc:  # noqa: BLE001
            self.app.push(Dialog(self.app, "No rematch", str(exc), error=True))
            return
        self.app.reset(BattleScene(self.app, game, setup.seats, setup=setup))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        session = self.battle.session
        game = session.game
        outcome = game.outcome()
        inner = draw_panel(surface, self.box)
        pal = palette(self.app.settings.colour_blind)
        if outcome is None:
            title, color = "The battle goes on", UI["text"]
        elif outcome.is_draw:
            title, color = "A draw", UI["text"]
        else:
            won = [s for s in outcome.winners]
            human_won = any(s in session.human_seats for s in won)
            who = " and ".join(session.seat_label(s) for s in won)
            title = ("Victory!  " if human_won and len(session.human_seats) == 1 else "") + \
                f"{who} won"
            color = pal.player(won[0])
        text.blit(surface, text.fit(title, 38, inner.width), 38, color,
                  (inner.centerx, inner.y + 4), anchor="midtop", bold=True)
        y = inner.y + 52
        if outcome is not None:
            for line in text.wrap(outcome.description, 21, inner.width):
                text.blit(surface, line, 21, UI["text"], (inner.centerx, y), anchor="midtop")
                y += 24
            text.blit(surface, f"Turn {outcome.turn or game.turn}", 18, UI["muted"],
                      (inner.centerx, y), anchor="midtop")
            y += 30
            if outcome.scores:
                text.blit(surface, "Scores", 20, UI["muted"], (inner.x, y), bold=True)
                y += 26
                static = game.state.static
                for score in outcome.scores:
                    seats = ", ".join(f"Player {s}" for s in score.seats)
                    row = pygame.Rect(inner.x, y, inner.width, 24)
                    pygame.draw.rect(surface, mix(UI["panel"], pal.player(score.seats[0]),
                                                  0.18), row, border_radius=4)
                    text.blit(surface, seats, 19, UI["text"], (row.x + 8, row.centery),
                              anchor="midleft", bold=True)
                    text.blit(surface, f"{score.points} points · {score.figures} figures · "
                                       f"Planeswalker life {score.planeswalker_life}", 18,
                              UI["text"], (row.right - 8, row.centery), anchor="midright")
                    y += 26
                    items = ", ".join(f"{static.figure_name(f)} {p}" for f, p in score.items)
                    for part in text.wrap(items, 16, inner.width - 20)[:2]:
                        text.blit(surface, part, 16, UI["muted"], (inner.x + 16, y))
                        y += 18
                    y += 6
                    if y > self.box.bottom - 90:
                        break
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)
