"""The battle screen: the battlefield, the turn flow, army cards, odds, dice and the log.

Input, mouse and keyboard alike, is described with its handling (`scenes.battle_input`) and
in the README's controls table.

Computer players think on a worker thread (`BattleSession.poll_ai`); the banner shows a
spinner meanwhile and the frame loop never waits. Each computer action stays on screen for
the AI pace's pause with its figure ringed and an attack's line drawn; with "Pause before the
computer attacks" an attack waits for Space or "Go on" (`scenes.watching`). After a computer's
turn a recap panel lists what it did (`scenes.recap_panel`); its Replay button (or B) plays
that turn again from a copy of its start, Esc or Skip ending it (`scenes.replaying`). A
computer's spell or ability shows its card large over the battlefield with its targets
marked. Every turn start is autosaved.

The scene is a composition of parts, each with one job:

- `arena.client.intent`: the selection, the target pick and what a click means (headless);
- `scenes.battle_input`: mouse and keyboard events; `scenes.hover_box`: the pointer's box;
- `scenes.battle_stage`: move animations, effects, dice; `scenes.battle_canvas`: the frame;
- the panels (`army_panel`, `hand_panel`, `turn_panel`, `combat_panel`, `log_panel`,
  `recap_panel`), each drawing from a read-only view of the screen (`scenes.battle_view`);
- `scenes.battle_camera`: facing the viewer's side and the camera strip;
- `scenes.battle_dialogs`: the end-turn and risky-move questions;
- `scenes.battle_hotseat`: the hand-off between the humans of a hotseat game;
- `scenes.tutorial_panel`: the "Learn to play" lesson's steps, when the battle is the lesson;
- `scenes.hint_coach`: the Hint button and key, the hard computer's suggestion shown;
- `scenes.battle_widgets`: the widgets of all these, composed after every change.

The scene itself holds the session and carries out the player's actions (`act`, `do`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import pygame

from arena.client import content, sound
from arena.client.advice import MoveWarning, Ruler
from arena.client.content import GameSetup, SeatSetup
from arena.client.controllers import Controller
from arena.client.effects import Effects
from arena.client.feed import DiceShow, MoveAnimation
from arena.client.intent import (
    Apply,
    AskTarget,
    Choose,
    Inspect,
    Intent,
    MoveTo,
    Outcome,
    Pick,
    Refresh,
    Select,
)
from arena.client.projection import Projection
from arena.client.recap import RecapLine
from arena.client.render import BattlefieldRenderer, Marker, Picture
from arena.client.saves import autosave_path
from arena.client.scenes.army_panel import ArmyPanel
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.battle_camera import facing_turn
from arena.client.scenes.battle_canvas import Canvas
from arena.client.scenes.battle_dialogs import EndTurnDialog, MoveConfirmDialog
from arena.client.scenes.battle_hotseat import check_handoff
from arena.client.scenes.battle_input import BattleInput
from arena.client.scenes.battle_stage import Stage
from arena.client.scenes.battle_widgets import battle_widgets
from arena.client.scenes.common import ChoiceDialog
from arena.client.scenes.hint_coach import HintCoach
from arena.client.scenes.hover_box import Hover
from arena.client.scenes.hud import Dock, battle_layout
from arena.client.scenes.log_panel import FullLog, LogPanel, turn_heading
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.replaying import Replayer
from arena.client.scenes.turn_panel import dock_side
from arena.client.scenes.tutorial_panel import TutorialCoach
from arena.client.scenes.watching import Spotlight
from arena.client.session import BattleSession, refusal_text
from arena.client.settings import Settings, key_label
from arena.client.tutorial import Lesson
from arena.client.ui import Form, Widget
from arena.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
)
from arena.engine.actions import Pos
from arena.hexgrid import Hex

__all__ = ["BattleScene", "EndTurnDialog", "MoveConfirmDialog"]

PAN_SPEED = 600.0


class BattleScene(Scene):
    """See the module docstring."""

    title = "Battle"

    def __init__(
        self,
        app: App,
        game: Game,
        seats: Sequence[SeatSetup],
        log: Sequence[str] = (),
        *,
        setup: GameSetup | None = None,
        controllers: dict[int, Controller] | None = None,
        autosave: bool = True,
        tutorial: Lesson | None = None,
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.session = BattleSession(game, seats, log, ai_seed=setup.seed if setup else 0,
                                     controllers=controllers,
                                     autosave=self._autosave if autosave else None)
        field_setup = game.state.static.field
        colours = content.zone_colours_for(field_setup.id) if content.ready() else {}
        looks = content.terrain_looks_for(field_setup.id) if content.ready() else None
        self.renderer = BattlefieldRenderer(field_setup, colours, looks)
        self.army_open = False
        """Compact windows: whether the player opened the army cards' tab."""
        self.side_open: Dock | None = None
        """Compact windows: the right-hand panel the player opened from the dock."""
        self.layout = battle_layout(app.size, app.settings.ui_scale)
        self.camera = self.renderer.camera(self._viewport())
        self.slice_level: int | None = None
        self.intent = Intent(self.session)
        self.hover = Hover()
        self.input = BattleInput(self)
        self.stage = Stage(self)
        self.canvas = Canvas(self)
        self.spotlight = Spotlight()
        self.recap: RecapPanel | None = None
        self.replayer = Replayer()
        self.time = 0.0
        self.form = Form()
        self.log_panel = LogPanel()
        self.log_view = self.log_panel.view
        self.full_log = FullLog(turn_heading(self.session.players))
        self.army = ArmyPanel()
        self.results_shown = False
        self.oriented = False
        self.frame_ms = 0.0
        self.numbered: list[Widget] = []
        self.buttons_top = 0
        """The top of the turn panel's buttons (its text stays above; `battle_widgets`)."""
        self.tutorial = TutorialCoach(self, tutorial) if tutorial is not None else None
        """The "Learn to play" lesson on this battle (`scenes.tutorial_panel`)."""
        self.coach = HintCoach(self, setup.seed if setup else 0)
        """The Hint button and key (`scenes.hint_coach`)."""
        self._orient()
        self._rebuild()

    # --- setup helpers --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def settings(self) -> Settings:
        return self.app.settings

    @property
    def on_top(self) -> bool:
        return self.app.top is self

    def _viewport(self) -> tuple[float, float, float, float]:
        v = self.layout.view
        return (float(v.x), float(v.y), float(v.width), float(v.height))

    def _autosave(self, session: BattleSession) -> None:
        session.save(autosave_path())

    def _orient(self) -> None:
        """Turn the camera so the viewer's starting side is at the front (once, until a
        hotseat hand-off asks again)."""
        if self.oriented:
            return
        turn = facing_turn(self)
        if turn is None:
            return
        self.oriented = True
        if turn:
            self.camera.rotate(turn)
            self.renderer.fit(self.camera, self._viewport())

    def projection(self) -> Projection:
        return self.camera.projection()

    # --- the selection (`arena.client.intent`), read by the panels and the tests -------------

    @property
    def selected(self) -> str | None:
        return self.intent.selected

    @selected.setter
    def selected(self, figure: str | None) -> None:
        self.intent.selected = figure

    @property
    def walk(self) -> bool:
        return self.intent.walk

    @property
    def pick(self) -> Pick | None:
        return self.intent.pick

    @property
    def cursor(self) -> Pos | None:
        return self.intent.cursor

    @cursor.setter
    def cursor(self, pos: Pos | None) -> None:
        self.intent.cursor = pos

    def actors(self) -> list[str]:
        return self.intent.actors()

    def move_table(self) -> dict[Pos, Any]:
        return self.intent.move_table()

    def reach(self) -> Mapping[Any, Any]:
        return self.intent.reach()

    def hand_seat(self) -> int:
        return self.intent.hand_seat()

    def pick_hexes(self) -> dict[Hex, str]:
        return self.intent.pick_hexes()

    def choice_actions(self) -> list[Action]:
        return self.intent.choice_actions()

    def spell_actions(self) -> dict[str, list[Action]]:
        return self.intent.spell_actions()

    def undone_work(self) -> list[str]:
        return self.intent.undone_work()

    def hint(self) -> str:
        """What the human player can do now, in a sentence."""
        return self.intent.hint(self._hint("flip"))

    def ruler(self) -> Ruler | None:
        """The line-of-sight ruler to the opposing figure under the pointer."""
        return self.intent.ruler(self.hover_figure)

    def move_warning(self, pos: Pos | None) -> MoveWarning:
        return self.intent.move_warning(pos)

    def hover_position(self) -> Pos | None:
        """The move or placement position the mouse (or the keyboard cursor) points at."""
        return self.intent.pointed(self.hover_hex, self._nearness())

    # --- the pointer (`scenes.hover_box`) ----------------------------------------------------

    @property
    def mouse(self) -> tuple[int, int] | None:
        return self.hover.mouse

    @mouse.setter
    def mouse(self, pos: tuple[int, int] | None) -> None:
        self.hover.mouse = pos

    @property
    def hover_hex(self) -> Hex | None:
        return self.hover.hex

    @hover_hex.setter
    def hover_hex(self, h: Hex | None) -> None:
        self.hover.hex = h

    @property
    def hover_figure(self) -> str | None:
        return self.hover.figure

    @hover_figure.setter
    def hover_figure(self, figure: str | None) -> None:
        self.hover.figure = figure

    def hover_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        return self.hover.lines(self)

    def _nearness(self) -> Callable[[Hex], float] | None:
        """How far the mouse is from a hex on screen (which tail of a double-space figure
        it means), None without a mouse."""
        if self.mouse is None:
            return None
        proj, board = self.projection(), self.game.state.board
        mx, my = self.mouse

        def distance2(h: Hex) -> float:
            x, y = proj.to_screen(h, board.top(h))
            return (x - mx) ** 2 + (y - my) ** 2

        return distance2

    # --- what is drawn (`scenes.battle_stage`, `scenes.battle_canvas`) -----------------------

    @property
    def anims(self) -> list[MoveAnimation]:
        return self.stage.anims

    @property
    def fx(self) -> Effects:
        return self.stage.fx

    @property
    def dice(self) -> DiceShow | None:
        return self.stage.dice

    def picture(self) -> Picture:
        return self.stage.picture()

    def heights(self) -> dict[Hex, float]:
        return self.stage.heights()

    def markers(self) -> list[Marker]:
        return self.canvas.markers()

    def dynamic_markers(self) -> list[Marker]:
        return self.canvas.dynamic_markers()

    def draw(self, surface: pygame.Surface) -> None:
        self.canvas.draw(surface)
        if self.tutorial is not None:
            self.tutorial.draw(surface)

    def _placed(self, player: int) -> None:
        """A Planeswalker was placed: the viewer's turns the camera to face its side."""
        if player == self.session.viewer:
            self._orient()

    # --- widgets ----------------------------------------------------------------------------------

    def army_shown(self) -> bool:
        """Compact windows: whether the army cards' panel is open over the battlefield (the
        player opened it, or a card is to be chosen or targeted there)."""
        if self.army_open:
            return True
        pick = self.intent.pick
        return self.session.human_to_act and (
            bool(self.session.options.choose)
            or (pick is not None and any(t in self.game.state.static.cards
                                         for t in pick.options())))

    def toggle_army(self) -> None:
        """Open or close the army cards' tab (compact windows)."""
        self.army_open = not self.army_shown()
        self._rebuild()

    def toggle_side(self, side: Dock) -> None:
        """Open or close one of the dock's panels (compact windows; `dock_side`)."""
        self.side_open = None if dock_side(self, self.side_open) is side else side
        self._rebuild()

    def _rebuild(self) -> None:
        """Lay out the widgets for the current state (after every change)."""
        if self.layout.compact and ((self.layout.left.width > 0) != self.army_shown()
                                    or self.layout.side is not dock_side(self, self.side_open)):
            self.layout = battle_layout(self.layout.size, self.settings.ui_scale,
                                        self.army_shown(), dock_side(self, self.side_open))
        self.form.set(battle_widgets(self))
        self.hud_changed()

    # --- actions ----------------------------------------------------------------------------------

    def do(self, outcome: Outcome) -> None:
        """Carry out what a click or a pick step means (`arena.client.intent`)."""
        match outcome:
            case Apply(action=action):
                self.act(action)
            case MoveTo(pos=pos, action=action):
                self.move_to(pos, action)
            case Select(figure=figure):
                self.select(figure)
            case Choose(action=action, figure=figure):
                self.choose(action)
                if figure in self.actors():
                    self.select(figure)
            case Inspect(figure=figure):
                self.hover_figure = figure
            case AskTarget(label=label, targets=targets):
                self.app.push(ChoiceDialog(
                    self.app, f"{label}: choose a target",
                    [(self.intent.target_label(t), partial(self.pick_target, t))
                     for t in targets]))
                self.canvas.forget_markers()
                self._rebuild()
            case Refresh():
                self.canvas.forget_markers()
                self._rebuild()

    def start_pick(self, label: str, actions: Sequence[Action]) -> None:
        """Play a spell or use an ability: at once without targets, else pick them."""
        outcome = self.intent.start_pick(label, actions)
        if isinstance(outcome, Apply):
            self.cancel_pick()
        self.do(outcome)

    def pick_target(self, target: str) -> None:
        self.do(self.intent.pick_target(target))

    def cancel_pick(self) -> None:
        if self.intent.pick is not None:
            self.intent.pick = None
            self.canvas.forget_markers()
            self._rebuild()

    def click_at(self, h: Hex | None, figure: str | None, exact: Pos | None) -> None:
        """Act on a hex and/or a figure (from a click or the keyboard cursor)."""
        self.do(self.intent.click(h, figure, exact, self._nearness()))

    def act(self, action: Action | None) -> list[Event]:
        """Apply an action for the human player; show why when the engine refuses."""
        if action is None or not self.session.human_to_act:
            return []
        self.intent.pick = None
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.app.toast(refusal_text(self.game, exc), error=True)
            return []
        self.session.ai_wait = 0.25 * (1 if self.app.settings.ai_delay else 0)
        self.cursor = None
        self.recap = None  # the player has moved on: the recap's lines stay in the log
        self._after_change(events)
        return events

    def close_recap(self) -> None:
        self.recap = None
        self._rebuild()

    def show_recap_line(self, line: RecapLine) -> None:
        """Show the figure a recap line names: the camera centres on it, its spaces lit."""
        if self.recap is not None:
            board = self.game.state.board
            self.recap.show(line, self.camera, partial(self.renderer.stand_level, board),
                            self.layout.clear, self.time)
            self._rebuild()  # the panel may have changed corners

    def replay_last_turn(self) -> None:
        """Play the computer's last turn again, then come back to now (`scenes.replaying`)."""
        self.replayer.start(self)

    def go_on(self) -> None:
        """Let the held computer attack happen (the player has seen it)."""
        events = self.session.go_on()
        self.session.ai_wait = self.app.settings.ai_delay
        self._after_change(events or ())
        self.spotlight.note(self.session, self.time, self.app.settings.ai_delay,
                            self.stage.busy_until())

    def undo(self) -> None:
        """Take back the human player's last action (one step; Shift+U or Ctrl+Y redoes)."""
        try:
            action = self.session.undo()
        except IllegalAction as exc:
            self.app.toast(exc.reason, error=True)
            return
        self.app.toast(f"Took back: {self.session.describe(action)}")
        self._reset_after_rewind()

    def redo(self) -> None:
        """Play again the last action taken back."""
        try:
            action = self.session.redo()
        except IllegalAction as exc:
            self.app.toast(exc.reason, error=True)
            return
        self.app.toast(f"Redone: {self.session.describe(action)}")
        self._reset_after_rewind()

    def _reset_after_rewind(self) -> None:
        """Forget what the screen showed of the position before an undo or redo."""
        self.intent.pick = None
        self.cursor = None
        self.stage.clear()
        self._after_change(())

    def end_turn(self) -> None:
        """End the turn, asking first when something useful is left undone."""
        opts = self.session.options
        if opts.end_turn is None or not self.session.human_to_act:
            return
        undone = self.undone_work()
        if not undone:
            self.act(opts.end_turn)
            return
        self.app.push(EndTurnDialog(self.app, undone, partial(self.act, opts.end_turn)))

    def choose(self, action: Action) -> None:
        events = self.act(action)
        if events:
            actors = self.actors()
            if len(actors) == 1:
                self.select(actors[0])

    def more_choices(self, actions: Sequence[Action]) -> None:
        """Every choice in a scrolling list (when they do not fit the turn panel)."""
        self.app.push(ChoiceDialog(self.app, self.game.pending.description,
                                   [(self.session.describe(a), partial(self.act, a))
                                    for a in actions]))

    def select(self, figure: str | None) -> None:
        self.intent.select(figure)
        self._rebuild()

    def toggle_walk(self) -> None:
        self.intent.walk = not self.intent.walk
        self._rebuild()

    def _after_change(self, events: Sequence[Event]) -> None:
        self.intent.pick = None
        self.stage.on_events(events, self._play, self._placed)
        self.intent.settle()
        for notice in self.session.notices:
            self.app.toast(notice, error=True)
        self.session.notices.clear()
        if self.tutorial is not None:
            self.tutorial.after_change()
        self._rebuild()

    # --- camera -----------------------------------------------------------------------------------

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        self.camera.zoom_by(factor, around)

    def slice(self, delta: int) -> None:
        top = self.renderer.max_level
        level = self.slice_level if self.slice_level is not None else top
        level = max(1, min(top, level + delta))
        self.slice_level = None if level >= top else level
        self.stage.forget_heights()
        self.hud_changed()

    def fit(self) -> None:
        self.renderer.fit(self.camera, self._viewport())

    # --- scene ------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        old = self.layout.view
        self.layout = battle_layout(size, self.app.settings.ui_scale, self.army_shown(),
                                    dock_side(self, self.side_open))
        if old.size != self.layout.view.size:
            self.renderer.fit(self.camera, self._viewport())
        self.camera.viewport = self._viewport()
        self._rebuild()

    def on_reveal(self) -> None:
        self.stage.forget_picture()
        self._rebuild()

    def on_exit(self) -> None:
        self.coach.close()
        self.session.close()

    def toast(self, message: str) -> None:
        self.app.toast(message)

    def pause(self) -> None:
        self.app.push(self.app.scene(SceneName.PAUSE, self))

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.replayer.active:
            self.replayer.handle_event(self, event)
            return
        self.input.handle_event(event)

    def hud_changed(self) -> None:
        """What the panels show changed: draw them again next frame."""
        self.canvas.hud = None

    def move_to(self, pos: Pos, action: Action) -> None:
        """Move the selected figure; a risky move (attacks provoked, a fall, a stop in
        water) asks first, a glyph alone does not."""
        warning = self.move_warning(pos)
        if not warning.confirm:
            self.act(action)
            return
        name = self.game.state.static.figure_name(self.selected or "")
        self.app.push(MoveConfirmDialog(self.app, name, warning, partial(self.act, action)))

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.replayer.active:
            check_handoff(self)
        if self.camera.update(dt):
            self.hud_changed()
        keys = self.input.held
        dx = (pygame.K_LEFT in keys) - (pygame.K_RIGHT in keys)
        dy = (pygame.K_UP in keys) - (pygame.K_DOWN in keys)
        if dx or dy:
            self.camera.pan_by(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        self.stage.update()
        for name in self.stage.fx.update(self.time):
            self._play(name)
        if self.replayer.update(self, dt):
            return
        self.session.hold_attacks = self.app.settings.pause_attacks
        held = self.session.held
        events = self.session.poll_ai(dt, may_start=not self.anims)
        if events is not None:
            self.session.ai_wait = self.app.settings.ai_delay
            self._after_change(events)
        if events is not None or self.session.held is not held:
            self.spotlight.note(self.session, self.time, self.app.settings.ai_delay,
                                self.stage.busy_until())
            self._rebuild()
        if self.coach.update():
            self._rebuild()
        recap = self.session.take_recap()
        if recap is not None:
            self.recap = RecapPanel(recap)
            self._rebuild()
        if self.session.over and not self.anims and not self.fx.busy(self.time) and \
                not self.results_shown:
            self.results_shown = True
            self.app.push(self.app.scene(SceneName.RESULTS, self))

    # --- drawing ------------------------------------------------------------------------------

    @property
    def font_scale(self) -> float:
        """How much bigger than at 1280x720 the HUD's text is drawn."""
        return min(1.4, max(0.85, self.layout.scale))

    def _play(self, name: str) -> None:
        if not self.app.settings.sound:
            return
        sound.play(name)

    def _bound(self, action: str) -> int:
        """The key bound to a battle action in the settings."""
        return self.app.settings.key(action)

    def _hint(self, action: str) -> str:
        return key_label(self._bound(action))

    def _s(self, n: int) -> int:
        """A size in the HUD scaled to the window (text grows on big screens)."""
        return round(n * self.font_scale)

    def _settle(self) -> float:
        return self.stage.settle()

    def jump_to_latest(self) -> None:
        """Show the newest log lines and follow new ones again."""
        self.log_view.jump()
        self.full_log.panel.view.jump()
        self._rebuild()

    def toggle_log(self) -> None:
        """Open or close the full-height log view (the log key, L unless rebound)."""
        self.full_log.open = not self.full_log.open
        self._rebuild()
