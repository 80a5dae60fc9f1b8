"""The end of a battle: who won, why, the scoring breakdown, a turn-by-turn chart of each
side's points on the battlefield (replayed from the game's seed and actions), "Review" (who
was ahead and the turns that decided it: `scenes.review`) and "Watch replay" (the replay
viewer)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from arena.client import content, text
from arena.client.content import GameSetup
from arena.client.palette import UI, mix, palette
from arena.client.replay import score_history
from arena.client.scenes.base import App, Scene, SceneName, escape_leaves
from arena.client.scenes.common import Dialog, team_colour, team_label
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
        self.history = score_history(battle.session.game.to_data())
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(1000, w - 40), min(600, h - 40))
        self.box.center = (w // 2, h // 2)
        y = self.box.bottom - 62
        bw = (self.box.width - 48 - 4 * 12) // 5
        x0 = self.box.x + 24
        buttons = [
            Button(rect=pygame.Rect(x0, y, bw, 44), label="View battlefield",
                   name="view", hint="V", hotkeys=(pygame.K_v,), action=self.app.pop,
                   note="Look at the final battlefield (Esc opens the menu there)."),
            Button(rect=pygame.Rect(x0 + bw + 12, y, bw, 44), label="Review",
                   name="review", hint="E", hotkeys=(pygame.K_e,), action=self.open_review,
                   note="Who was ahead, turn by turn, the turns that decided the battle, "
                        "and what the hard computer would have played in them."),
            Button(rect=pygame.Rect(x0 + 2 * (bw + 12), y, bw, 44), label="Watch replay",
                   name="replay", hint="W", hotkeys=(pygame.K_w,), action=self.replay,
                   note="Play the battle back from its seed and actions: step, play, go "
                        "back to any turn."),
            Button(rect=pygame.Rect(x0 + 3 * (bw + 12), y, bw, 44), label="Rematch",
                   name="rematch", hint="R", hotkeys=(pygame.K_r,), action=self.rematch,
                   note="The same scenario and players, a new seed."),
            Button(rect=pygame.Rect(x0 + 4 * (bw + 12), y, bw, 44), label="Main menu",
                   name="menu", hint="Enter", style="primary",
                   hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER), action=self.main_menu),
        ]
        self.form.set(buttons)
        if self.form.focus is None:
            self.form.focus = 4

    def replay(self) -> None:
        self._open(SceneName.REPLAY, "No replay")

    def open_review(self) -> None:
        self._open(SceneName.REVIEW, "No review")

    def _open(self, name: SceneName, refused: str) -> None:
        """The replay viewer or the review, both played back from the game's seed and
        actions; a game that cannot be replayed says why."""
        try:
            scene = self.app.scene(name, self.battle.session.game.to_data())
        except Exception as exc:  # noqa: BLE001 - a save without an origin cannot replay
            self.app.push(Dialog(self.app, refused, f"This game cannot be replayed: "
                                 f"{exc}", error=True))
            return
        self.app.push(scene)

    def main_menu(self) -> None:
        self.app.reset(self.app.scene(SceneName.MAIN_MENU))

    def rematch(self) -> None:
        session = self.battle.session
        setup = GameSetup(scenario=session.game.state.static.scenario.id,
                          seats=session.seats, seed=random.randrange(1, 1_000_000))
        try:
            game = content.new_game(setup)
        except Exception as exc:  # noqa: BLE001
            self.app.push(Dialog(self.app, "No rematch", str(exc), error=True))
            return
        self.app.reset(self.app.scene(SceneName.BATTLE, game, setup.seats, setup=setup))

    def handle_event(self, event: pygame.event.Event) -> None:
        escape_leaves(event, self.form, self.app.pop)

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
        text.blit(surface, title, 38, color, (inner.centerx, inner.y + 4), anchor="midtop",
                  bold=True, width=inner.width)
        y = inner.y + 52
        if outcome is not None:
            for line in text.wrap(outcome.description, 21, inner.width):
                text.blit(surface, line, 21, UI["text"], (inner.centerx, y), anchor="midtop")
                y += 24
            text.blit(surface, f"Turn {outcome.turn or game.turn}", 18, UI["muted"],
                      (inner.centerx, y), anchor="midtop")
            y += 30
            top = y
            col = pygame.Rect(inner.x, y, inner.width // 2 - 12, 0)
            chart = pygame.Rect(inner.centerx + 12, top, inner.width // 2 - 12,
                                self.box.bottom - 90 - top)
            self._draw_chart(surface, chart)
            if outcome.scores:
                text.blit(surface, "Scores", 20, UI["muted"], (inner.x, y), bold=True)
                y += 26
                static = game.state.static
                for score in outcome.scores:
                    seats = ", ".join(f"Player {s}" for s in score.seats)
                    row = pygame.Rect(inner.x, y, col.width, 24)
                    pygame.draw.rect(surface, mix(UI["panel"], pal.player(score.seats[0]),
                                                  0.18), row, border_radius=4)
                    text.blit(surface, seats, 19, UI["text"], (row.x + 8, row.centery),
                              anchor="midleft", bold=True)
                    text.blit(surface, f"{score.points} points", 19, UI["text"],
                              (row.right - 8, row.centery), anchor="midright", bold=True)
                    y += 26
                    text.blit(surface, f"Scoring figures {score.figures} · Planeswalker life "
                                       f"{score.planeswalker_life}", 16, UI["text"],
                              (inner.x + 16, y))
                    y += 20
                    items = ", ".join(f"{static.figure_name(f)} {p}" for f, p in score.items)
                    for part in text.wrap(items, 16, col.width - 20)[:3]:
                        text.blit(surface, part, 16, UI["muted"], (inner.x + 16, y))
                        y += 18
                    y += 6
                    if y > self.box.bottom - 90:
                        break
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)

    def _draw_chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each side's points on the battlefield, turn by turn (a line per team)."""
        text.blit(surface, "Points on the battlefield, by turn", 20, UI["muted"],
                  (area.x, area.y), bold=True)
        plot = pygame.Rect(area.x + 44, area.y + 34, area.width - 54, area.height - 62)
        if plot.height < 40 or len(self.history) < 1:
            return
        pygame.draw.rect(surface, UI["panel-2"], plot, border_radius=6)
        turns = [p.turn for p in self.history]
        t0, t1 = min(turns), max(max(turns), min(turns) + 1)
        most = max([v for p in self.history for v in p.points.values()] + [10])
        tick = next((t for t in (5, 10, 25, 50, 100, 250, 500, 1000) if t * 4 >= most), 2500)
        top = tick * 4
        for i in range(5):
            value = top * i // 4
            yy = plot.bottom - plot.height * i // 4
            pygame.draw.line(surface, mix(UI["panel-2"], UI["border"], 0.6),
                             (plot.x, yy), (plot.right, yy))
            text.blit(surface, str(value), 14, UI["muted"], (plot.x - 6, yy),
                      anchor="midright")
        step = max(1, (t1 - t0) // 6)
        for t in range(t0, t1 + 1, step):
            xx = plot.x + (t - t0) * plot.width // (t1 - t0)
            text.blit(surface, str(t), 14, UI["muted"], (xx, plot.bottom + 4),
                      anchor="midtop")
        text.blit(surface, "turn", 14, UI["dim"], (plot.right, plot.bottom + 18),
                  anchor="topright")
        game = self.battle.session.game
        blind = self.app.settings.colour_blind
        teams = sorted({team for p in self.history for team in p.points})
        for team in teams:
            color = team_colour(game, team, blind)
            points = [(plot.x + (p.turn - t0) * plot.width // (t1 - t0),
                       plot.bottom - plot.height * p.points.get(team, 0) // max(1, top))
                      for p in self.history]
            if len(points) > 1:
                pygame.draw.lines(surface, color, False, points, 3)
            for pt in points:
                pygame.draw.circle(surface, color, pt, 3)
        # the legend
        x = plot.x
        for team in teams:
            chip = pygame.Rect(x, area.bottom - 6, 12, 12)
            pygame.draw.rect(surface, team_colour(game, team, blind), chip, border_radius=3)
            drawn = text.blit(surface, team_label(game, team), 15, UI["text"],
                              (chip.right + 6, chip.centery), anchor="midleft")
            x = drawn.right + 18
