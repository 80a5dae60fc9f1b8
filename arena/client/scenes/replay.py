"""The replay viewer: a finished (or saved) game played back from its seed and actions.

Right arrow or "Step" applies the next action, Left or "Back" takes one back, Space plays
and pauses (at the AI animation pace from Settings), Page Up / Page Down (or the turn
buttons) jump to the start of the previous or next turn, Home to the beginning; typing a
turn number and Enter goes straight to that turn; Esc leaves. The battlefield is drawn by
the battle's renderer; the panel shows the turn, the last action and what it did. Opened
from the review at a swing turn ("Show me"), it starts there and marks the move played and
the hard computer's choice (`SwingScene`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from arena.ai.review import Swing
from arena.client import content, text
from arena.client.controllers import ThinkingTask, ai_controller
from arena.client.hint import HINT_LEVEL, hint_hexes, hint_words
from arena.client.palette import HIGHLIGHTS, UI, palette
from arena.client.picture import picture_from_game
from arena.client.render import BattlefieldRenderer, Marker, Picture
from arena.client.replay import ReplayCursor
from arena.client.scenes.base import App, Scene
from arena.client.scenes.hint_coach import HINT_MARK
from arena.client.session import describe_action
from arena.client.ui import Button, Form, draw_panel
from arena.client.wording import plain_text
from arena.engine import Action, parse_action

__all__ = ["ReplayScene", "SwingScene", "replay_scene"]


class ReplayScene(Scene):
    """See the module docstring."""

    title = "Replay"

    def __init__(self, app: App, data: Mapping[str, Any], name: str = "") -> None:
        super().__init__(app)
        self.cursor = ReplayCursor(data)
        self.name = name
        field_setup = self.cursor.game.state.static.field
        colours = content.zone_colours_for(field_setup.id) if content.ready() else {}
        looks = content.terrain_looks_for(field_setup.id) if content.ready() else None
        self.renderer = BattlefieldRenderer(field_setup, colours, looks)
        self.playing = False
        self.wait = 0.0
        self.lines: list[str] = []
        self.goto = ""  # the turn number being typed
        self._picture: Picture | None = None
        self.form = Form()
        self.resize(app.size)

    def turn_line(self) -> str:
        """The panel's foot: whose turn it is and the scenario by the name players know it
        by (its id only when the save has no name)."""
        game = self.cursor.game
        scenario = game.state.static.scenario
        return f"Player {game.active}'s turn  ·  {scenario.name or scenario.id}"

    def marks(self) -> list[Marker]:
        """Spaces marked on the board (none here; a review's "Show me" marks the moves it
        compares)."""
        return []

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        """Lines the panel shows under the last action (none here; see `marks`)."""
        return []

    # --- controls ---------------------------------------------------------------------------

    def _after(self) -> None:
        self.lines = []
        static = self.cursor.game.state.static
        for event in self.cursor.events:
            try:  # names and places, as the battle's log words them
                self.lines.append(plain_text(static, event.describe()))
            except Exception:  # noqa: BLE001
                self.lines.append(type(event).__name__)
        self._picture = None
        self._build()

    def step(self) -> None:
        self.cursor.step()
        self._after()

    def back(self) -> None:
        self.playing = False
        self.cursor.back()
        self._after()

    def toggle(self) -> None:
        if self.cursor.at_end:
            self.cursor.seek(0)
        self.playing = not self.playing
        self._build()

    def turn_delta(self, delta: int) -> None:
        turns = self.cursor.turns()
        now = self.cursor.game.turn
        if delta < 0 and self.cursor.index > self.cursor._turns.get(now, 0):
            target = now  # back to the start of this turn first
        else:
            target = now + delta
        target = max(turns[0], min(turns[-1], target))
        self.cursor.seek_turn(target)
        self.playing = False
        self._after()

    def go_to_turn(self, turn: int) -> None:
        """The start of turn ``turn`` (the last turn when the game ended before it)."""
        self.playing = False
        self.cursor.seek_turn(max(1, turn))
        self._after()

    def home(self) -> None:
        self.playing = False
        self.cursor.seek(0)
        self._after()

    # --- scene ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = min(420, max(340, int(w * 0.3)))  # three buttons a row, whole labels
        self.panel = pygame.Rect(w - panel_w - 8, 8, panel_w, h - 16)
        self.view = pygame.Rect(0, 0, self.panel.x - 8, h)
        self.camera = self.renderer.camera((0.0, 0.0, float(self.view.width),
                                            float(self.view.height)))
        self._picture = None
        self._build()

    def _build(self) -> None:
        p = self.panel
        bw = (p.width - 24 - 16) // 3
        y = p.bottom - 12 - 42
        c = self.cursor
        row = [
            Button(rect=pygame.Rect(p.x + 12, y, bw, 42), label="Back", name="back",
                   hint="Left", hotkeys=(pygame.K_LEFT,), action=self.back,
                   enabled=c.index > 0, note="Take one action back."),
            Button(rect=pygame.Rect(p.x + 20 + bw, y, bw, 42),
                   label="Pause" if self.playing else "Play", name="play", hint="Space",
                   hotkeys=(pygame.K_SPACE,), action=self.toggle, style="primary"),
            Button(rect=pygame.Rect(p.x + 28 + 2 * bw, y, bw, 42), label="Step", name="step",
                   hint="Right", hotkeys=(pygame.K_RIGHT,), action=self.step,
                   enabled=not c.at_end, note="Apply the next action."),
        ]
        y -= 50
        row += [
            Button(rect=pygame.Rect(p.x + 12, y, bw, 42), label="Start", name="home",
                   hint="Home", hotkeys=(pygame.K_HOME,), action=self.home),
            Button(rect=pygame.Rect(p.x + 20 + bw, y, bw, 42), label="Turn -", name="turn-",
                   hint="PgUp", hotkeys=(pygame.K_PAGEUP,),
                   action=lambda: self.turn_delta(-1), note="Back to the start of a turn."),
            Button(rect=pygame.Rect(p.x + 28 + 2 * bw, y, bw, 42), label="Turn +",
                   name="turn+", hint="PgDn", hotkeys=(pygame.K_PAGEDOWN,),
                   action=lambda: self.turn_delta(1), note="On to the next turn."),
        ]
        y -= 50
        row.append(Button(rect=pygame.Rect(p.x + 12, y, p.width - 24, 40), label="Close",
                          name="close", hint="Esc", action=self.app.pop))
        self.controls_top = y
        self.form.set(row)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and self._type_turn(event):
            return
        self.form.handle_event(event)

    def _type_turn(self, event: pygame.event.Event) -> bool:
        """Digits build a turn number, Backspace takes one back, Enter goes there."""
        digit = getattr(event, "unicode", "")
        if len(digit) == 1 and digit.isdigit():
            self.goto = (self.goto + digit)[-3:]
            return True
        if event.key == pygame.K_BACKSPACE and self.goto:
            self.goto = self.goto[:-1]
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.goto:
            turn, self.goto = int(self.goto), ""
            self.go_to_turn(turn)
            return True
        return False

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = max(0.15, self.app.settings.ai_delay)
        if self.cursor.at_end:
            self.playing = False
            self._build()
            return
        self.step()

    def draw(self, surface: pygame.Surface) -> None:
        pal = palette(self.app.settings.colour_blind)
        game = self.cursor.game
        picture = self._picture
        if picture is None:
            picture = self._picture = picture_from_game(game, pal)
        surface.fill(UI["sky-top"])
        view = surface.subsurface(self.view)
        self.renderer.draw(view, self.camera.projection(), picture, dynamic=self.marks())
        inner = draw_panel(surface, self.panel, "Replay" + (f" · {self.name}" if self.name
                                                           else ""))
        y = inner.y
        turns = self.cursor.turns()
        text.blit(surface, f"Turn {game.turn} of {turns[-1] if turns else game.turn}", 26,
                  UI["accent"], (inner.x, y), bold=True)
        y += 34
        text.blit(surface, f"Action {self.cursor.index} of {len(self.cursor.actions)}", 18,
                  UI["muted"], (inner.x, y))
        y += 26
        # a progress bar
        bar = pygame.Rect(inner.x, y, inner.width, 8)
        pygame.draw.rect(surface, UI["panel-2"], bar, border_radius=4)
        done = self.cursor.index / max(1, len(self.cursor.actions))
        pygame.draw.rect(surface, UI["teal"], pygame.Rect(bar.x, bar.y,
                                                          int(bar.width * done), 8),
                         border_radius=4)
        y += 20
        if self.cursor.index > 0:
            last = self.cursor.actions[self.cursor.index - 1]
            try:
                label = describe_action(game, parse_action(last))
            except Exception:  # noqa: BLE001
                label = last
            text.blit(surface, f"Last: {label}", 19, UI["text"], (inner.x, y), bold=True,
                      width=inner.width)
            y += 26
        for note, colour in self.notes():
            for part in text.wrap(note, 17, inner.width):
                text.blit(surface, part, 17, colour, (inner.x, y))
                y += 21
            y += 4
        for line in self.lines[-10:]:
            for part in text.wrap(line, 16, inner.width):
                if y > self.controls_top - 30:
                    break
                text.blit(surface, part, 16, UI["muted"], (inner.x, y))
                y += 19
        outcome = game.outcome()
        if outcome is not None and y < self.controls_top - 30:
            for part in text.wrap(outcome.description, 18, inner.width):
                text.blit(surface, part, 18, UI["accent"], (inner.x, y))
                y += 22
        if y < self.controls_top - 52:
            prompt = (f"Go to turn {self.goto}_ (Enter)" if self.goto
                      else "Type a turn number, then Enter, to go there")
            text.blit(surface, prompt, 15, UI["accent"] if self.goto else UI["dim"],
                      (inner.x, self.controls_top - 52), width=inner.width)
        # whose turn
        seat = game.active
        chip = pygame.Rect(inner.x, self.controls_top - 30, 14, 14)
        pygame.draw.rect(surface, pal.player(seat), chip, border_radius=3)
        text.blit(surface, self.turn_line(), 16, UI["muted"], (chip.right + 8, chip.centery),
                  anchor="midleft", width=inner.right - chip.right - 8)
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)


class SwingScene(ReplayScene):
    """"Show me": the replay viewer at the start of a swing turn, marking the move that was
    played (gold) and the hard computer's choice there (violet), thought out meanwhile."""

    def __init__(self, app: App, data: Mapping[str, Any], swing: Swing) -> None:
        super().__init__(app, data, name=f"turn {swing.turn}")
        self.swing = swing
        self.cursor.seek(swing.start)
        self._after()
        self.at = self.cursor.game.clone()
        played = parse_action(self.cursor.actions[swing.start]) \
            if swing.start < len(self.cursor.actions) else None
        self.played: Action | None = played
        self.preferred: Action | None = None
        seat = self.at.to_act
        legal = self.at.legal_actions()
        self.task: ThinkingTask | None = None
        if legal and self.at.outcome() is None:
            controller = ai_controller(HINT_LEVEL, swing.start * 131 + seat)
            self.task = ThinkingTask(controller, self.at.view(seat), legal)

    def update(self, dt: float) -> None:
        if self.task is not None and self.task.done:
            self.preferred, self.task = self.task.result, None
        super().update(dt)

    def on_exit(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def marks(self) -> list[Marker]:
        if self.cursor.index != self.swing.start:
            return []
        out: list[Marker] = []
        if self.played is not None:
            out += [Marker(h, "chosen") for h in hint_hexes(self.at, self.played)]
        if self.preferred is not None:
            out += [Marker(h, HINT_MARK) for h in hint_hexes(self.at, self.preferred)]
        return out

    def notes(self) -> list[tuple[str, tuple[int, int, int]]]:
        if self.cursor.index != self.swing.start:
            return [("Home or Turn - goes back to the swing's start.", UI["dim"])]
        played = hint_words(self.at, self.played) if self.played is not None else "nothing"
        out: list[tuple[str, tuple[int, int, int]]] = [(f"Played: {played}", UI["accent"])]
        if self.preferred is not None:
            same = self.preferred == self.played
            words = hint_words(self.at, self.preferred)
            out.append((f"The hard computer: {words}" + (" (the same)" if same else ""),
                        HIGHLIGHTS[HINT_MARK]))
        elif self.task is not None:
            out.append(("The hard computer is thinking…", UI["teal"]))
        return out

    def home(self) -> None:
        """Back to the swing's start (not the game's)."""
        self.playing = False
        self.cursor.seek(self.swing.start)
        self._after()


def replay_scene(app: App, data: Mapping[str, Any], name: str = "",
                 swing: Swing | None = None) -> ReplayScene:
    """The replay viewer; at a review's swing turn, the "Show me" one (`SwingScene`)."""
    if swing is not None:
        return SwingScene(app, data, swing)
    return ReplayScene(app, data, name)
