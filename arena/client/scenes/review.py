"""The post-game review (the results screen's "Review"): a chart of each side's chance of
winning over the game, the three turns where it swung most with what happened in them, and
"Show me" on each: the board at that turn's start with the move that was played and the one
the hard computer would have preferred, both marked.

The chances come from `arena.ai.review` (the AI's evaluation read as a probability, replayed
from the game's seed and actions); the "Show me" board is the replay viewer opened at the
turn (`scenes.replay.SwingScene`), whose hard computer thinks off the frame loop.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from arena.ai.review import SWINGS, Review, Swing, review_game
from arena.client import text
from arena.client.hint import hint_words
from arena.client.palette import UI, mix
from arena.client.scenes.base import App, Scene, SceneName, escape_leaves
from arena.client.scenes.common import backdrop, team_colour, team_label
from arena.client.ui import Button, Form, draw_panel
from arena.engine import EndAttack, EndMove, EndTurn, Game, parse_action

__all__ = ["ReviewScene", "swing_stories"]

ROW_HEIGHT = 88
"""A swing's row: its turn, the chances before and after, a line of what was done."""

_BOOKKEEPING = (EndMove, EndAttack, EndTurn)
"""Actions a swing's story leaves out: ending a step says nothing about why it swung."""


def swing_stories(data: Mapping[str, Any], swings: Sequence[Swing], most: int = 3
                  ) -> tuple[list[list[str]], Game]:
    """What was done in each swing's turn, in the battle's words (bookkeeping left out, at
    most ``most`` actions), from one replay of the game; and the game at its end."""
    actions = [str(a) for a in data.get("actions", [])]
    game = Game.replay({**data, "actions": []})
    stories: list[list[str]] = [[] for _ in swings]
    for index, text_form in enumerate(actions):
        action = parse_action(text_form)
        for story, swing in zip(stories, swings, strict=True):
            if swing.start <= index < swing.end and len(story) < most and \
                    not isinstance(action, _BOOKKEEPING):
                story.append(hint_words(game, action))
        game.apply(action)
    outcome = game.outcome()
    for story, swing in zip(stories, swings, strict=True):
        if outcome is not None and swing.end == len(actions):
            story.append(f"The battle ended: {outcome.description}")
    return stories, game


class ReviewScene(Scene):
    """See the module docstring."""

    title = "Review"

    def __init__(self, app: App, data: Mapping[str, Any]) -> None:
        super().__init__(app)
        self.data = data
        self.review: Review = review_game(data)
        self.stories, self.game = swing_stories(data, self.review.swings)
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, w - 2 * max(12, w // 30), h - 2 * max(12, h // 30))
        self.box.center = (w // 2, h // 2)
        inner = self.box.inflate(-32, -32)
        # three rows of three lines each, the heading and Close below the chart, which takes
        # what is left (at most 45% of the panel)
        row_h = ROW_HEIGHT
        rows_top = inner.bottom - 56 - SWINGS * row_h
        chart_top = inner.y + 84
        height = min(int(inner.height * 0.45), rows_top - 50 - chart_top)
        self.chart = pygame.Rect(inner.x + 48, chart_top, inner.width - 60, max(60, height))
        top = self.chart.bottom + 50
        self.rows = [pygame.Rect(inner.x, top + i * row_h, inner.width, row_h - 8)
                     for i in range(len(self.review.swings))]
        widgets: list[Button] = []
        for i, row in enumerate(self.rows):
            widgets.append(Button(
                rect=pygame.Rect(row.right - 170, row.centery - 20, 160, 40),
                label="Show me", name=f"show:{i + 1}", hint=str(i + 1),
                hotkeys=(pygame.K_1 + i,), action=partial(self.show, i),
                note="The board at the start of this turn: the move played and the one "
                     "the hard computer would have preferred."))
        widgets.append(Button(rect=pygame.Rect(inner.right - 170, inner.bottom - 44, 170, 44),
                              label="Close", name="close", hint="Esc", action=self.app.pop))
        self.form.set(widgets)

    def show(self, index: int) -> None:
        """"Show me": the replay viewer at the start of swing ``index``'s turn."""
        self.app.push(self.app.scene(SceneName.REPLAY, self.data,
                                     swing=self.review.swings[index]))

    def handle_event(self, event: pygame.event.Event) -> None:
        escape_leaves(event, self.form, self.app.pop)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        inner = draw_panel(surface, self.box, "Review")
        text.blit(surface, "Who was ahead: each side's chance of winning, turn by turn (the "
                           "computer's judgement of the battlefield)", 18, UI["muted"],
                  (inner.x, inner.y), width=inner.width)
        self._draw_chart(surface)
        text.blit(surface, "The turns that decided it", 20, UI["accent"],
                  (inner.x, self.chart.bottom + 24), bold=True)
        blind = self.app.settings.colour_blind
        for i, (row, swing) in enumerate(zip(self.rows, self.review.swings, strict=True)):
            pygame.draw.rect(surface, UI["panel-2"], row, border_radius=6)
            text.blit(surface, f"{i + 1}  Turn {swing.turn} · Player {swing.active}'s turn",
                      19, UI["text"], (row.x + 10, row.y + 6), bold=True,
                      width=row.width - 200)
            who = team_label(self.game, swing.team)
            text.blit(surface, f"{who}: from {round(swing.before * 100)}% to "
                               f"{round(swing.after * 100)}%", 18,
                      team_colour(self.game, swing.team, blind), (row.x + 10, row.y + 30),
                      bold=True, width=row.width - 200)
            story = "; ".join(self.stories[i]) or "Nothing but the turn's bookkeeping."
            y = row.y + 54
            for part in text.wrap(story, 16, row.width - 200)[:max(0, (row.bottom - y) // 17)]:
                text.blit(surface, part, 16, UI["muted"], (row.x + 10, y))
                y += 19
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        """The chances, a line per side, with the swing turns numbered on it."""
        plot, points = self.chart, self.review.points
        pygame.draw.rect(surface, UI["panel-2"], plot, border_radius=6)
        for share in (0, 25, 50, 75, 100):
            y = plot.bottom - plot.height * share // 100
            pygame.draw.line(surface, mix(UI["panel-2"], UI["border"], 0.6),
                             (plot.x, y), (plot.right, y))
            text.blit(surface, f"{share}%", 14, UI["muted"], (plot.x - 6, y),
                      anchor="midright")
        last = max(1, len(points) - 1)

        def x_of(i: int) -> int:
            return plot.x + plot.width * i // last

        def y_of(chance: float) -> int:
            return plot.bottom - round(plot.height * chance)

        blind = self.app.settings.colour_blind
        for team in sorted(points[0].chances):
            line = [(x_of(i), y_of(p.chances.get(team, 0.0))) for i, p in enumerate(points)]
            colour = team_colour(self.game, team, blind)
            if len(line) > 1:
                pygame.draw.lines(surface, colour, False, line, 3)
        index_of = {p.index: i for i, p in enumerate(points)}
        for n, swing in enumerate(self.review.swings, start=1):
            i = index_of.get(swing.end, last)
            x = x_of(i)
            pygame.draw.line(surface, UI["accent"], (x, plot.y), (x, plot.bottom), 1)
            text.blit(surface, str(n), 15, UI["accent"], (x, plot.y - 2), anchor="midbottom",
                      bold=True)
        turns = [p.turn for p in points]
        for i in range(0, len(points), max(1, len(points) // 8)):
            text.blit(surface, str(turns[i]), 14, UI["muted"], (x_of(i), plot.bottom + 4),
                      anchor="midtop")
        text.blit(surface, "turn", 14, UI["dim"], (plot.right, plot.bottom + 18),
                  anchor="topright")
        x = plot.x
        for team in sorted(points[0].chances):
            chip = pygame.Rect(x, plot.y - 26, 12, 12)
            pygame.draw.rect(surface, team_colour(self.game, team, blind), chip,
                             border_radius=3)
            drawn = text.blit(surface, team_label(self.game, team), 15, UI["text"],
                              (chip.right + 6, chip.centery), anchor="midleft")
            x = drawn.right + 18
