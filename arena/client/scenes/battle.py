"""The battle screen: the battlefield, the turn flow, army cards, odds, dice and the log.

Input (mouse and keyboard alike):

- camera: Q / E or the round-arrow buttons rotate by 60 degrees (animated), the wheel or
  + / - zooms (about the mouse), a right- or middle-drag, a left-drag on the field or the
  arrow keys pan, [ and ] hide or show levels from the top (level slicing), F refits;
- the turn: click an army card (or press its number) to choose it; click a figure of the
  chosen card to select it (Tab cycles them): its reachable spaces light up with their cost
  (orange, with a warning sign, where leaving would provoke attacks), the path shows under
  the mouse with what it would set off (leaving-engagement attacks and from whom, falls and
  their damage, a stop in water, the glyph it lands on); a risky move asks "Move / Cancel" first
  (`MoveConfirmDialog`), a glyph alone does not. The flip key (R unless rebound) swaps which
  hex of a double-space figure takes the lead, moving or placing. Its targets light up red
  -- hover any enemy for the odds and the line-of-sight ruler (solid while clear; dashed
  past a cross where it is blocked, naming what blocks it), click to attack. Summon from the
  card's badge; placement spaces light up green. , and . step through the lit spaces and
  Enter confirms, so the keyboard alone can play. Space ends the current step (move or
  attack), T ends the turn; decisions (first player, optional abilities ...) are buttons in
  the turn panel, numbered for the keyboard;
- damage flashes and shakes the figure under a floating number, a destroyed figure sinks
  and fades (`arena.client.effects`; none with animations off); they never hold up the game
  or a computer player;
- the hand (the strip under the battlefield) shows the spell cards of the player at the
  screen, with the spells-per-turn counter: "Play" where the engine offers a PlaySpell for
  that card now; then only the legal targets light up (figures and spaces on the
  battlefield, army cards in the panel) until the spell is played (Esc cancels). Activated
  abilities are "Use ..." buttons under their army card, with the same target flow. The
  hand-limit decision marks the cards "Discard". Army cards list their enchantments and
  counters; face-down ones belonging to others show as card backs;
- Undo (U) takes back the player's actions since the last die roll, draw or reveal; ending
  the turn with something useful left undone asks first;
- at a hotseat game (two or more humans) a hand-off screen hides everything private until
  the next player confirms (`HandOffScene`);
- Esc clears the selection, else opens the pause menu (save, load, settings, main menu,
  quit).

Computer players think on a worker thread (`BattleSession.poll_ai`); the banner shows a
spinner meanwhile and the frame loop never waits. Each computer action stays on screen for
the AI pace's pause with its figure ringed and an attack's line drawn; with "Pause before the
computer attacks" an attack waits for Space or "Go on" (`scenes.watching`). After a computer's
turn a recap panel lists what it did (`scenes.recap_panel`). Every turn start is autosaved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from arena.client import content, sound, text
from arena.client.advice import MoveWarning, Ruler
from arena.client.content import GameSetup, SeatSetup
from arena.client.controllers import Controller
from arena.client.effects import Effects
from arena.client.feed import DiceShow, MoveAnimation, dice_after, sound_of
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
from arena.client.overlays import draw_floater, draw_ruler, draw_tag, ruler_colours
from arena.client.palette import HIGHLIGHTS, UI, palette
from arena.client.picture import figure_look, picture_from_game
from arena.client.projection import Projection
from arena.client.recap import RecapLine
from arena.client.render import BattlefieldRenderer, FigurePlacement, Marker, Picture
from arena.client.saves import autosave_path
from arena.client.scenes.army_panel import ArmyPanel
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.battle_dialogs import EndTurnDialog, MoveConfirmDialog
from arena.client.scenes.battle_input import BattleInput
from arena.client.scenes.combat_panel import draw_combat_panel
from arena.client.scenes.common import ChoiceDialog
from arena.client.scenes.hand_panel import draw_hand, hand_widgets
from arena.client.scenes.hover_box import Hover
from arena.client.scenes.hud import (
    IconButton,
    battle_layout,
    draw_spinner,
)
from arena.client.scenes.log_panel import LogPanel
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.turn_panel import draw_turn_panel, turn_buttons, turn_lines
from arena.client.scenes.watching import Spotlight
from arena.client.session import BattleSession, lead_hex
from arena.client.settings import Settings, key_label
from arena.client.ui import Form, Widget
from arena.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
)
from arena.engine.actions import Pos, pos_hexes
from arena.engine.events import (
    DamageDealt,
    DiceRolled,
    FigureDestroyed,
    FigureMoved,
    PlaneswalkerPlaced,
)
from arena.hexgrid import Hex, hex_to_point

__all__ = ["BattleScene", "EndTurnDialog", "MoveConfirmDialog"]

STEP_SECONDS = 0.11
DICE_SETTLE = 0.45
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
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.session = BattleSession(game, seats, log, ai_seed=setup.seed if setup else 0,
                                     controllers=controllers,
                                     autosave=self._autosave if autosave else None)
        field_setup = game.state.static.field
        colours = content.zone_colours_for(field_setup.id) if content.ready() else {}
        self.renderer = BattlefieldRenderer(field_setup, colours)
        self.layout = battle_layout(app.size, app.settings.ui_scale)
        self.camera = self.renderer.camera(self._viewport())
        self.slice_level: int | None = None
        self.intent = Intent(self.session)
        self.hover = Hover()
        self.input = BattleInput(self)
        self.anims: list[MoveAnimation] = []
        self.fx = Effects()
        self.spotlight = Spotlight()
        self.recap: RecapPanel | None = None
        self.time = 0.0
        self.dice: DiceShow | None = None
        self._dice_serial = 0
        self.form = Form()
        self.log_panel = LogPanel()
        self.log_view = self.log_panel.view
        self.army = ArmyPanel()
        self.results_shown = False
        self.oriented = False
        self.frame_ms = 0.0
        self._hud: tuple[Any, pygame.Surface] | None = None
        self._picture: tuple[Any, Picture] | None = None
        self._markers: tuple[Any, list[Marker]] | None = None
        self._heights: tuple[Any, dict[Hex, float]] | None = None
        self._numbered: list[Widget] = []
        self._hud_rects: list[pygame.Rect] = []
        self._live_rects: list[pygame.Rect] = []
        self._last_clean = False
        self._last_surface: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None
        self._overlay_rects: list[pygame.Rect] = []
        self._orient()
        self._rebuild()

    # --- setup helpers --------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def settings(self) -> Settings:
        return self.app.settings

    def _viewport(self) -> tuple[float, float, float, float]:
        v = self.layout.view
        return (float(v.x), float(v.y), float(v.width), float(v.height))

    def _autosave(self, session: BattleSession) -> None:
        session.save(autosave_path())

    def _orient(self) -> None:
        """Turn the camera so the viewer's starting side (where their Planeswalker was
        placed; before that, nothing) is at the front."""
        if self.oriented:
            return
        seat = self.session.viewer
        start = self.game.starting_positions().get(seat)
        if start is None:
            return
        hexes = pos_hexes(start)
        self.oriented = True
        proj = self.camera.projection()
        best, best_cy = 0, -1e9
        for steps in range(6):
            p = replace(proj, angle=float(steps))
            cy = p.to_camera(*hex_to_point(hexes[0]))[1]
            if cy > best_cy + 1e-6:
                best, best_cy = steps, cy
        if best != self.camera.rotation:
            turn = (best - self.camera.rotation) % 6
            self.camera.rotate(turn if turn <= 3 else turn - 6)
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

    def reach(self) -> dict[Any, Any]:
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

    # --- derived state --------------------------------------------------------------------------

    def picture(self) -> Picture:
        moving: dict[str, tuple[float, float, float]] = {}
        for anim in self.anims:
            at = anim.at(self.time)
            if at is not None:
                moving[anim.figure] = at
        pal = palette(self.app.settings.colour_blind)
        key = (self.session.version, self.selected, pal.name,
               tuple(sorted((k, tuple(round(c, 3) for c in v)) for k, v in moving.items())))
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, picture_from_game(self.game, pal, selected=self.selected,
                                                    moving=moving))
        return self.fx.dress(self._picture[1], self.time, self.renderer.stand_level)

    def heights(self) -> dict[Hex, float]:
        key = (id(self.game.state.board), self.slice_level,
               tuple(sorted((h.q, h.r) for h in self.game.state.glyphs)))
        if self._heights is None or self._heights[0] != key:
            self._heights = (key, self.renderer.pick_heights(self.picture(), self.slice_level))
        return self._heights[1]

    def markers(self) -> list[Marker]:
        key = (self.session.version, self.selected, self.walk,
               (self.pick.label, self.pick.chosen) if self.pick else None)
        if self._markers is not None and self._markers[0] == key:
            return self._markers[1]
        found: list[Marker] = []
        if self.session.human_to_act:
            opts = self.session.options
            for pos in opts.place:
                found.append(Marker(lead_hex(pos), "place"))
            if self.selected is not None:
                reach = self.reach()
                for pos in self.move_table():
                    r = reach.get(pos)
                    cost = str(r.cost) if r is not None else ""
                    if r is not None and r.provokes:
                        found.append(Marker(lead_hex(pos), "provoke", cost))
                    else:
                        found.append(Marker(lead_hex(pos), "move", cost))
                for target in opts.attacks.get(self.selected, {}):
                    for h in self.intent.target_hexes(target)[:1]:
                        found.append(Marker(h, "attack"))
            for h in self.intent.choice_targets():
                found.append(Marker(h, "choice"))
            if self.pick is not None:
                found = [Marker(h, "choice") for h in self.pick_hexes()]
        unique: dict[Hex, Marker] = {}
        for m in found:
            if m.hex not in unique or m.style == "attack":
                unique[m.hex] = m
        result = list(unique.values())
        self._markers = (key, result)
        return result

    def dynamic_markers(self) -> list[Marker]:
        out = self.spotlight.markers(self.session, self.time)
        if self.recap is not None:
            out += self.recap.markers(self.time)
        hover = self.cursor_hex()
        if hover is not None:
            out.append(Marker(hover, "hover"))
        pos = self.hover_position()
        if pos is not None and self.selected is not None:
            r = self.reach().get(pos)
            if r is not None:
                for step in r.path[1:]:
                    out.append(Marker(lead_hex(step), "path"))
                out[-1] = Marker(lead_hex(r.path[-1]), "path", f"{r.cost}")
        if isinstance(pos, tuple):  # a double-space position: its tail outlined too
            out.append(Marker(pos[1], "hover"))
        return out

    def cursor_hex(self) -> Hex | None:
        if self.cursor is not None:
            return lead_hex(self.cursor)
        return self.hover_hex

    # --- widgets ----------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        """Lay out the widgets for the current state (after every change)."""
        lay = self.layout
        widgets, self._numbered = self.army.widgets(self)
        buttons, answers, self.buttons_top = turn_buttons(self)
        self._numbered = answers or self._numbered
        widgets += buttons
        widgets += hand_widgets(self)
        widgets += self._camera_widgets()
        jump = self.log_panel.jump_button(self.session.log, lay.log, self.font_scale,
                                    self.jump_to_latest)
        if jump is not None:
            widgets.append(jump)
        if self.recap is not None:
            self.recap.layout(lay.view, lay.camera.top - 30, self.font_scale)
            widgets += self.recap.widgets(self.font_scale, self.show_recap_line,
                                          self.close_recap)
        self.form.set(widgets)
        self._hud = None

    def _camera_widgets(self) -> list[Widget]:
        """The camera strip's buttons under the battlefield and the menu button."""
        lay = self.layout
        cam = lay.camera
        size = cam.height
        gap = 6
        icons = [
            ("rotate-left", lambda: self.camera.rotate(-1),
             f"Turn the view left ({self._hint('rotate-left')})",
             (self._bound("rotate-left"),)),
            ("rotate-right", lambda: self.camera.rotate(1),
             f"Turn the view right ({self._hint('rotate-right')})",
             (self._bound("rotate-right"),)),
            ("zoom-out", lambda: self.zoom(1 / 1.2),
             f"Zoom out ({self._hint('zoom-out')}, wheel)",
             self._keys("zoom-out", pygame.K_MINUS, pygame.K_KP_MINUS)),
            ("zoom-in", lambda: self.zoom(1.2), f"Zoom in ({self._hint('zoom-in')}, wheel)",
             self._keys("zoom-in", pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS)),
            ("slice-down", lambda: self.slice(-1),
             f"Hide the top level ({self._hint('slice-down')})",
             (self._bound("slice-down"),)),
            ("slice-up", lambda: self.slice(1),
             f"Show one more level ({self._hint('slice-up')})", (self._bound("slice-up"),)),
            ("fit", self.fit, "Fit the battlefield in view (F)", (pygame.K_f, pygame.K_HOME)),
        ]
        widgets: list[Widget] = []
        x = cam.x
        for icon, action, note, keys in icons:
            widgets.append(IconButton(icon, pygame.Rect(x, cam.y, size, size), action, note,
                                      keys))
            x += size + gap
        widgets.append(IconButton("menu", pygame.Rect(lay.top.right - lay.top.height - 4, 4,
                                                      lay.top.height - 8, lay.top.height - 8),
                                  self.pause, "Menu: save, load, settings, quit (Esc)"))
        return widgets

    # --- spells and abilities ------------------------------------------------------------------

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
                self._markers = None
                self._rebuild()
            case Refresh():
                self._markers = None
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
            self._markers = None
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
            self.app.toast(str(exc), error=True)
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
                            self.layout.view, self.time)

    def go_on(self) -> None:
        """Let the held computer attack happen (the player has seen it)."""
        events = self.session.go_on()
        self.session.ai_wait = self.app.settings.ai_delay
        self._after_change(events or ())
        self.spotlight.note(self.session, self.time, self.app.settings.ai_delay,
                            max([self.time] + [a.end for a in self.anims]))

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
        self.anims.clear()
        self.fx.clear()
        self.dice = None
        self._picture = None
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
        self._on_events(events)
        self.intent.settle()
        for notice in self.session.notices:
            self.app.toast(notice, error=True)
        self.session.notices.clear()
        self._rebuild()

    def _on_events(self, events: Sequence[Event]) -> None:
        board = self.game.state.board
        scale = self.app.settings.animation_scale
        before = self._picture[1] if self._picture is not None else None
        for event in events:
            sound_name = sound_of(event, animated=scale > 0)
            if sound_name is not None:
                self._play(sound_name)
            self.dice = dice_after(self.dice, event, self.time, self._dice_serial)
            if self.dice is not None:
                self._dice_serial = self.dice.serial
            match event:
                case FigureMoved(figure=figure, path=path) if scale > 0:
                    points = []
                    for pos in path:
                        hexes = pos_hexes(pos)
                        xs = [hex_to_point(h) for h in hexes]
                        x = sum(p[0] for p in xs) / len(xs)
                        y = sum(p[1] for p in xs) / len(xs)
                        level = max(self.renderer.stand_level(board, h) for h in hexes)
                        points.append((x, y, level))
                    start = max([self.time] + [a.end for a in self.anims])
                    self.anims.append(MoveAnimation(figure, points, start,
                                                    STEP_SECONDS * scale))
                case PlaneswalkerPlaced(player=player) if player == self.session.viewer:
                    self._orient()
        if scale > 0:
            self._effects_for(events, before, scale)

    def _effects_for(self, events: Sequence[Event], before: Picture | None,
                     scale: float) -> None:
        """Hit flashes, damage numbers and fading figures for these events; each starts once
        the dice have settled and the figure has finished moving."""
        state = self.game.state
        static = state.static
        board = state.board
        rolled = any(isinstance(e, DiceRolled) for e in events)
        settle = self.time + (self._settle() if rolled else 0.0)
        destroyed: dict[str, tuple[Hex, ...]] = {}
        for event in events:
            if isinstance(event, FigureDestroyed):
                old = before.figures.get(event.figure) if before is not None else None
                destroyed[event.figure] = tuple(event.hexes) or (old.hexes if old else ())

        def start_for(figure: str) -> float:
            return max([settle, *(a.end for a in self.anims if a.figure == figure)])

        for event in events:
            match event:
                case DamageDealt(figure=figure, amount=amount) if figure in static.figures:
                    fs = state.figures.get(figure)
                    hexes = tuple(fs.hexes) if fs is not None and fs.hexes else \
                        destroyed.get(figure, ())
                    if not hexes:
                        continue
                    height = max(self.renderer.stand_level(board, h) for h in hexes) + \
                        float(static.figure_def(figure).height)
                    self.fx.add_hit(figure, amount, start_for(figure), scale, hexes, height)
                case FigureDestroyed(figure=figure) if figure in static.figures:
                    hexes = destroyed.get(figure, ())
                    old = before.figures.get(figure) if before is not None else None
                    if old is not None:
                        placement = replace(old, hexes=hexes or old.hexes, offset=None)
                    elif hexes:
                        placement = FigurePlacement(
                            figure_look(self.game, figure,
                                        palette(self.app.settings.colour_blind)), hexes)
                    else:
                        continue
                    self.fx.add_fade(figure, placement, start_for(figure), scale)

    # --- camera -----------------------------------------------------------------------------------

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None:
        self.camera.zoom_by(factor, around)

    def slice(self, delta: int) -> None:
        top = self.renderer.max_level
        level = self.slice_level if self.slice_level is not None else top
        level = max(1, min(top, level + delta))
        self.slice_level = None if level >= top else level
        self._heights = None
        self._hud = None

    def fit(self) -> None:
        self.renderer.fit(self.camera, self._viewport())

    # --- scene ------------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        old = self.layout.view
        self.layout = battle_layout(size, self.app.settings.ui_scale)
        if old.size != self.layout.view.size:
            self.renderer.fit(self.camera, self._viewport())
        self.camera.viewport = self._viewport()
        self._rebuild()

    def on_reveal(self) -> None:
        self._picture = None
        self._rebuild()

    def on_exit(self) -> None:
        self.session.close()

    def pause(self) -> None:
        self.app.push(self.app.scene(SceneName.PAUSE, self))

    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle_event(event)

    def hud_changed(self) -> None:
        """What the panels show changed: draw them again next frame."""
        self._hud = None

    def move_to(self, pos: Pos, action: Action) -> None:
        """Move the selected figure; a risky move (attacks provoked, a fall, a stop in
        water) asks first, a glyph alone does not."""
        warning = self.move_warning(pos)
        if not warning.confirm:
            self.act(action)
            return
        name = self.game.state.static.figure_name(self.selected or "")
        self.app.push(MoveConfirmDialog(self.app, name, warning, partial(self.act, action)))

    def hotseat(self) -> bool:
        return len(self.session.human_seats) > 1

    def _check_handoff(self) -> None:
        """Hotseat: when another human seat is to act, cover the screen until they confirm."""
        session = self.session
        if not self.hotseat() or not session.human_to_act or session.over or \
                self.app.top is not self:
            return
        seat = self.game.to_act
        if seat == session.focus:
            return
        session.focus = seat
        self.intent.select(None)
        self.intent.pick = None
        self.app.push(self.app.scene(SceneName.HAND_OFF, seat, session.seat_label(seat),
                                     self._handoff_done, self.game.pending.description,
                                     on_menu=self.pause))

    def _handoff_done(self) -> None:
        if self.app.settings.hotseat_turn:
            self.oriented = False
            self._orient()
        self._picture = None
        self._markers = None
        self._rebuild()

    def update(self, dt: float) -> None:
        self.time += dt
        self._check_handoff()
        if self.camera.update(dt):
            self._hud = None
        keys = self.input.held
        dx = (pygame.K_LEFT in keys) - (pygame.K_RIGHT in keys)
        dy = (pygame.K_UP in keys) - (pygame.K_DOWN in keys)
        if dx or dy:
            self.camera.pan_by(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        before = len(self.anims)
        self.anims = [a for a in self.anims if a.at(self.time) is not None]
        if len(self.anims) != before:
            self._picture = None
        for name in self.fx.update(self.time):
            self._play(name)
        self.session.hold_attacks = self.app.settings.pause_attacks
        held = self.session.held
        events = self.session.poll_ai(dt, may_start=not self.anims)
        if events is not None:
            self.session.ai_wait = self.app.settings.ai_delay
            self._after_change(events)
        if events is not None or self.session.held is not held:
            self.spotlight.note(self.session, self.time, self.app.settings.ai_delay,
                                max([self.time] + [a.end for a in self.anims]))
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

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.layout.size:
            self.resize(surface.get_size())
        proj = self.projection()
        picture = self.picture()
        hud, hud_changed = self._hud_surface(surface.get_size())
        # Dirty rectangles: when nothing but this screen drew on the surface since the last
        # frame (no dialog above, no message, the panels unchanged), only what moved is redrawn.
        clean = self.app.top is self and not self.app.toasts and not self.app.settings.show_fps
        incremental = clean and self._last_clean and not hud_changed and \
            surface is self._last_surface
        layer, over = self._overlay_layer(surface.get_size(), proj)
        dirty = self.renderer.draw(surface, proj, picture, self.markers(),
                                   self.dynamic_markers(), now=self.time,
                                   slice_level=self.slice_level, incremental=incremental,
                                   extra=over)
        for rect in over:
            surface.blit(layer, rect, rect)
        if incremental:
            # the panels once over every restored place (twice would darken their edges)
            clips = [rect.clip(area) for rect in dirty + self._live_rects
                     for area in self._hud_rects if rect.colliderect(area)]
            for clip in disjoint(clips):
                surface.blit(hud, clip, clip)
        else:
            for rect in self._hud_rects:
                surface.blit(hud, rect, rect)
        self._live_rects = self._draw_live(surface)
        self._last_clean = clean
        self._last_surface = surface

    def _overlay_layer(self, size: tuple[int, int], proj: Projection
                       ) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """This frame's overlays drawn on a transparent layer (wiped where the last frame's
        were), and where they are."""
        layer = self._overlay
        if layer is None or layer.get_size() != size:
            layer = self._overlay = pygame.Surface(size, pygame.SRCALPHA)
            self._overlay_rects = []
        for rect in self._overlay_rects:
            layer.fill((0, 0, 0, 0), rect)
        self._overlay_rects = self._draw_overlays(layer, proj)
        return layer, self._overlay_rects

    def _draw_overlays(self, surface: pygame.Surface, proj: Projection) -> list[pygame.Rect]:
        """Over the battlefield, under the panels: the line-of-sight ruler, the warnings of
        the move under the pointer and the floating damage numbers. Returns where it drew."""
        drawn: list[pygame.Rect] = []
        view = self.layout.view
        clip = surface.get_clip()
        surface.set_clip(view)
        colour_blind = self.app.settings.colour_blind
        px = self._s(16)
        if proj.at_rest:
            drawn += self.spotlight.draw(surface, proj, self.session, self.time, colour_blind,
                                         partial(self.renderer.stand_level, self.game.state.board))
            ruler = self.ruler()
            if ruler is not None:
                drawn += draw_ruler(surface, proj, ruler, colour_blind)
                good, bad = ruler_colours(colour_blind)
                at = ruler.blocked_at if ruler.blocked_at is not None else ruler.end
                point = proj.plane_to_screen(*at)
                label = ruler.label[:1].upper() + ruler.label[1:]
                drawn.append(draw_tag(surface, [(label, UI["text"])], point,
                                      good if ruler.clear else bad, px, view,
                                      title="Line of sight"))
            pos = self.hover_position() if self.selected is not None else None
            warning = self.move_warning(pos)
            if warning and pos is not None:
                if self.mouse is not None and self.cursor is None:
                    point = (float(self.mouse[0]), float(self.mouse[1]))
                else:
                    point = proj.to_screen(lead_hex(pos), self.heights().get(lead_hex(pos), 0.0))
                lines = [(line, UI["text"]) for line in warning.lines]
                lines.append(("Click to move (asks first)" if warning.confirm else
                              "Click to move", UI["muted"]))
                drawn.append(draw_tag(surface, lines, point,
                                      HIGHLIGHTS["provoke"] if warning.confirm else UI["teal"],
                                      px, view, title="Careful" if warning.confirm else
                                      "Glyph"))
        for floater in self.fx.floaters(self.time):
            point = proj.plane_to_screen(floater.x, floater.y, floater.level)
            drawn.append(draw_floater(surface, floater.label, point, floater.alpha,
                                      max(24, round(proj.zoom * 0.8))))
        surface.set_clip(clip)
        return [r.clip(view) for r in drawn if r.width and r.height]

    def _hud_key(self) -> tuple[Any, ...]:
        f = self.form
        dice_settled = self.dice is None or self.time - self.dice.start >= self._settle()
        return (self.layout.size, self.session.version, self.selected, self.walk,
                self.hover_hex, self.hover_figure, self.cursor, self.intent.flipped,
                f.hover.name if f.hover else None, f.pressed.name if f.pressed else None,
                f.focused.name if f.focused else None,
                (self.log_view.offset, self.log_view.unread), self.army.scroll,
                self.slice_level, self.session.thinking, self.session.held is not None,
                (id(self.recap), self.recap.offset) if self.recap else None,
                self.app.settings,
                self.dice.serial if self.dice else 0, dice_settled, len(self.session.log),
                self.camera.animating, self.app.top is self,
                (self.pick.label, self.pick.chosen) if self.pick else None)

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

    def _keys(self, action: str, default: int, *extra: int) -> tuple[int, ...]:
        """The bound key, plus the default's keypad twins while the default is bound."""
        code = self._bound(action)
        return (code, *extra) if code == default else (code,)

    def _hint(self, action: str) -> str:
        return key_label(self._bound(action))

    def _s(self, n: int) -> int:
        """A size in the HUD scaled to the window (text grows on big screens)."""
        return round(n * self.font_scale)

    def _settle(self) -> float:
        return DICE_SETTLE * self.app.settings.animation_scale

    def _hud_surface(self, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
        """The panels (redrawn only when what they show changed) and whether they did."""
        key = self._hud_key()
        if self._hud is not None and self._hud[0] == key:
            return self._hud[1], False
        hud = self._hud[1] if self._hud is not None and self._hud[1].get_size() == size \
            else pygame.Surface(size, pygame.SRCALPHA)
        hud.fill((0, 0, 0, 0))
        lay = self.layout
        self._hud_rects = [lay.top, lay.left, lay.right, lay.hand,
                           lay.camera.inflate(12, 12).union(lay.camera.move(0, -22))]
        self._draw_hud(hud)
        self._hud = (key, hud)
        return hud, True

    def _draw_hud(self, hud: pygame.Surface) -> None:
        lay = self.layout
        game = self.game
        state = game.state
        static = state.static
        pal = palette(self.app.settings.colour_blind)
        session = self.session

        # top bar
        pygame.draw.rect(hud, (14, 16, 25), lay.top)
        pygame.draw.line(hud, UI["border"], lay.top.bottomleft, lay.top.bottomright)
        text.blit(hud, f"Arena  ·  {session.scenario_name}", self._s(20), UI["muted"],
                  (12, lay.top.centery), anchor="midleft")
        limit = static.turn_limit
        seat = game.to_act
        chip = pygame.Rect(0, 0, self._s(16), self._s(16))
        banner = f"Turn {game.turn} of {limit}  ·  {session.seat_label(seat)}"
        if session.over:
            banner = f"Turn {game.turn}  ·  the game is over"
        elif session.held is not None:
            banner += " is about to attack"
        elif session.thinking:
            banner += " is thinking"
        elif seat == session.viewer:
            banner += ": your move"
        width = text.size(banner, self._s(22), True)[0]
        chip.midright = (lay.top.centerx - width // 2 - 10, lay.top.centery)
        pygame.draw.rect(hud, pal.player(seat), chip, border_radius=4)
        text.blit(hud, banner, self._s(22), UI["text"], (chip.right + 10, lay.top.centery),
                  anchor="midleft", bold=True)

        self.army.draw(hud, self)
        draw_hand(hud, self)
        draw_turn_panel(hud, lay.turn, state, turn_lines(self), self.font_scale,
                        self.buttons_top)
        draw_combat_panel(hud, self, self.hover_figure, self.dice, self._settle(), self.ruler)
        self.log_panel.draw(hud, self.session.log, lay.log, self.font_scale)
        if self.recap is not None:
            self.recap.draw(hud, self.font_scale)
            self._hud_rects.append(self.recap.rect.inflate(4, 10))

        # camera controls strip and the level-slice label
        strip = lay.camera.inflate(8, 8)
        pygame.draw.rect(hud, (14, 16, 25), strip, border_radius=8)
        pygame.draw.rect(hud, UI["border"], strip, 1, border_radius=8)
        self.form.draw(hud)
        levels = "all levels" if self.slice_level is None else f"levels 1-{self.slice_level}"
        text.blit(hud, levels, self._s(15), UI["muted"], (strip.centerx, strip.top - 3),
                  anchor="midbottom")
        box = self.hover.draw(hud, self)
        if box is not None:
            self._hud_rects.append(box)
        tip = self.form.draw_tooltip(hud) if self.app.top is self else None
        if tip is not None:
            self._hud_rects.append(tip)

    def jump_to_latest(self) -> None:
        """Show the newest log lines and follow new ones again."""
        self.log_view.jump()
        self._rebuild()

    def _draw_live(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What changes every frame over the cached panels: the thinking spinner, rolling
        dice, the frame time. Returns where it drew (restored from the panels next frame)."""
        lay = self.layout
        drawn: list[pygame.Rect] = []
        if self.session.thinking:
            radius = max(6, lay.top.height // 4)
            center = (lay.top.right - lay.top.height * 2, lay.top.centery)
            draw_spinner(surface, center, radius, self.time, UI["teal"])
            drawn.append(pygame.Rect(0, 0, radius * 3, radius * 3).move(
                center[0] - radius * 3 // 2, center[1] - radius * 3 // 2))
        if self.dice is not None and self.time - self.dice.start < self._settle():
            self._hud = None
        if self.app.settings.show_fps:
            drawn.append(text.blit(surface, f"{self.frame_ms:.1f} ms", 16, UI["muted"],
                                   (lay.view.right - 8, lay.view.y + 6), anchor="topright"))
        return drawn


def disjoint(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The area of ``rects`` as rectangles that do not overlap (each pixel once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        pieces = [pygame.Rect(rect)]
        for taken in out:
            split: list[pygame.Rect] = []
            for piece in pieces:
                if not piece.colliderect(taken):
                    split.append(piece)
                    continue
                top, bottom = max(piece.top, taken.top), min(piece.bottom, taken.bottom)
                if piece.top < taken.top:
                    split.append(pygame.Rect(piece.left, piece.top, piece.width,
                                             taken.top - piece.top))
                if taken.bottom < piece.bottom:
                    split.append(pygame.Rect(piece.left, taken.bottom, piece.width,
                                             piece.bottom - taken.bottom))
                if piece.left < taken.left:
                    split.append(pygame.Rect(piece.left, top, taken.left - piece.left,
                                             bottom - top))
                if taken.right < piece.right:
                    split.append(pygame.Rect(taken.right, top, piece.right - taken.right,
                                             bottom - top))
            pieces = split
        out.extend(p for p in pieces if p.width > 0 and p.height > 0)
    return out

