"""The "Learn to play" lesson on the battle screen: the step's panel over the battlefield, the
thing to click lit up, and the lesson following the game (`arena.client.tutorial` holds the
lesson itself, headless).

`tutorial_battle` makes the lesson's battle screen: the real `BattleScene` on the lesson's
position, with the scripted opponent and no autosave, resumed at the step saved last time.
The battle scene calls `TutorialCoach.after_change` after every change of the game (an
action of either player, an undo, a redo) and `TutorialCoach.draw` after drawing its frame;
nothing else of the screen knows about the lesson.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from arena.client import content, text
from arena.client.content import SeatSetup
from arena.client.palette import UI
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.tutorial import Lesson, load_progress, replay_to, save_progress
from arena.client.ui import Button, Widget, draw_panel
from arena.engine import EngineError

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["TutorialCoach", "tutorial_battle"]

SEATS = (SeatSetup("human", army="gideon-premade"),
         SeatSetup("ai", "lesson", army="jace-premade"))
"""Who plays the lesson: the player (Gideon) and the scripted opponent (Jace)."""
LIT = (255, 214, 90)
"""The colour of what a step asks the player to click."""


def tutorial_battle(app: App) -> Scene:
    """The lesson's battle screen, at the step reached last time (the start when none)."""
    index = load_progress()
    catalog = content.catalog()
    try:
        game, lesson, opponent = replay_to(index, catalog)
    except EngineError:
        # the cards changed since (a correction in the Arena folder): the old steps no
        # longer play as planned, so the lesson starts over
        app.toast("The lesson starts over: its cards have changed since you left it.")
        index = 0
        game, lesson, opponent = replay_to(index, catalog)
    battle = app.scene(SceneName.BATTLE, game, SEATS, controllers={2: opponent},
                       autosave=False, tutorial=lesson)
    if index:
        app.toast(f"Lesson resumed at step {index + 1} of {len(lesson.steps)}.")
    return battle


class TutorialCoach:
    """Follows the battle's game for the lesson and draws the step (see the module
    docstring)."""

    def __init__(self, scene: BattleScene, lesson: Lesson) -> None:
        self.scene = scene
        self.lesson = lesson
        self.seen = len(scene.game.actions)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.go: Button | None = None
        """The Go on button while a step waits to be read (drawn over the panel)."""

    # --- following the game -----------------------------------------------------------------

    def after_change(self) -> None:
        """The game changed: the action applied last (`BattleSession.last_applied`, a redo's
        too) completes the step or earns its hint; an undo steps the lesson back past the
        steps it took back."""
        game = self.scene.game
        count = len(game.actions)
        before = self.lesson.index
        applied = self.scene.session.last_applied
        if count < self.seen:
            self.lesson.rewind(game)
        elif count > self.seen and applied is not None:
            seat, action, events = applied
            self.lesson.observe(game, action, events, seat)
        self.seen = count
        if self.lesson.index != before:
            self._save()
            if self.lesson.finished:
                self.scene.app.toast("Lesson complete! Play on, or leave with Esc.")
        self.scene.hud_changed()

    def _save(self) -> None:
        try:
            save_progress(self.lesson.index)
        except OSError as exc:
            self.scene.app.toast(f"The lesson's progress could not be saved: {exc}",
                                 error=True)

    def leave(self) -> None:
        """The player leaves the lesson: keep the step reached."""
        self._save()

    def status(self) -> dict[str, Any]:
        """For the end-to-end tests' status file."""
        step = self.lesson.step
        return {"index": self.lesson.index, "step": step.id if step else None,
                "hint": self.lesson.hint, "box": [self.box.x, self.box.y, self.box.width,
                                                  self.box.height]}

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The lit targets, then the step's panel at the top right of the battlefield (the
        turn recap takes the top left meanwhile)."""
        scene = self.scene
        step = self.lesson.step
        if step is None:
            self.box = pygame.Rect(0, 0, 0, 0)
            return
        light = step.highlight
        if scene.session.human_to_act and scene.on_top:
            # what floats over the panels and the battlefield (a tooltip, the pointer's box,
            # the recap) stays on top: a lit outline it would cross is left out meanwhile
            lay = scene.layout
            panels = (lay.top, lay.left, lay.right, lay.hand, lay.rail)
            over = [r for r in scene.canvas.hud_rects if r not in panels]
            names = {f"card:{c}" for c in light.cards} | {f"spell:{s}" for s in light.spells} \
                | set(light.buttons)
            for widget in scene.form.widgets:
                outline = widget.rect.inflate(6, 6)
                if widget.name in names and widget.visible and outline.collidelist(over) < 0:
                    pygame.draw.rect(surface, LIT, outline, 3, border_radius=8)
            self._light_hexes(surface, light.hexes, over)
        self._panel(surface, step.title)

    def _light_hexes(self, surface: pygame.Surface, hexes: Sequence[Any],
                     over: list[pygame.Rect]) -> None:
        scene = self.scene
        proj = scene.projection()
        board = scene.game.state.board
        clip = surface.get_clip()
        surface.set_clip(scene.layout.view)
        for h in hexes:
            points = proj.top_face(h, scene.renderer.stand_level(board, h))
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            ring = pygame.Rect(min(xs) - 2, min(ys) - 2, max(xs) - min(xs) + 4,
                               max(ys) - min(ys) + 4)
            if ring.collidelist(over) < 0:
                pygame.draw.polygon(surface, LIT, points, 3)
        surface.set_clip(clip)

    def _body(self) -> str:
        """The step's text, with what the game did by itself once the step waits to be
        read."""
        step = self.lesson.step
        if step is None:
            return ""
        return f"{step.text}\n{step.read}" if self.lesson.ready and step.read else step.text

    def place(self) -> tuple[pygame.Rect, list[str], list[str]]:
        """Where the step's panel goes (the top right of the battlefield; the turn recap
        stands in the other top corner during a lesson, and if the window is too narrow for
        both side by side, the panel goes under it), its text's lines and its hint's."""
        scene = self.scene
        view = scene.layout.clear  # beside an army panel or a dock panel open over the board
        k = scene.font_scale
        px, small = round(17 * k), round(15 * k)
        width = min(round(460 * k), view.width - 20)
        if scene.recap is not None:  # the recap takes the other half
            width = min(width, view.width // 2 - 16)
        inner = width - 24
        lines = text.wrap(self._body(), px, inner)
        hint = text.wrap(self.lesson.hint, px, inner) if self.lesson.hint else []
        height = 16 + small + 8 + (len(lines) + len(hint)) * (px + 3) + (8 if hint else 0) + 12
        if self.lesson.ready:
            height += round(40 * k)  # the Go on button's row
        box = pygame.Rect(view.right - width - 10, view.y + 10, width, height)
        if scene.recap is not None and box.colliderect(scene.recap.rect):
            box.y = scene.recap.rect.bottom + 8
        return box, lines, hint

    def widgets(self) -> list[Widget]:
        """The Go on button (Enter) while a step waits to be read."""
        self.go = None
        if not self.lesson.ready or not self.scene.session.human_to_act:
            return []
        box, _lines, _hint = self.place()
        k = self.scene.font_scale
        rect = pygame.Rect(0, 0, round(130 * k), round(32 * k))
        rect.bottomright = (box.right - 12, box.bottom - 10)
        self.go = Button(rect=rect, label="Go on", name="lesson:go-on", hint="Enter",
                         style="primary", px=round(16 * k), action=self.go_on,
                         hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER),
                         note="On to the next step of the lesson.")
        return [self.go]

    def go_on(self) -> None:
        """The player has read the step: on to the next."""
        if self.lesson.go_on(self.scene.game):
            self._save()
            self.scene._rebuild()

    def _panel(self, surface: pygame.Surface, title: str) -> None:
        scene = self.scene
        k = scene.font_scale
        px, small = round(17 * k), round(15 * k)
        self.box, lines, hint = self.place()
        inner = self.box.width - 24
        draw_panel(surface, self.box)
        pygame.draw.rect(surface, LIT, self.box, 2, border_radius=10)
        x, y = self.box.x + 12, self.box.y + 10
        n, total = self.lesson.index + 1, len(self.lesson.steps)
        text.blit(surface, f"Learn to play \u00b7 step {n} of {total}: {title}", small,
                  UI["accent"], (x, y), bold=True, width=inner)
        y += small + 8
        for line in lines:
            text.blit(surface, line, px, UI["text"], (x, y))
            y += px + 3
        if hint:
            y += 8
            for line in hint:
                text.blit(surface, line, px, UI["teal"], (x, y))
                y += px + 3
        if self.go is not None:  # over the panel (the form drew it under)
            form = scene.form
            self.go.draw(surface, form.focused is self.go, form.hover is self.go, False)
