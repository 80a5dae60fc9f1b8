"""The battle screen's input: the mouse (hover, clicks, drags that pan, the wheel that zooms
or scrolls a panel) and the keyboard (Esc, Tab, the keyboard cursor's , . and Enter, the
number keys, redo, the flip key, the log key, the arrow keys that pan). What a click on the
battlefield means is decided by `arena.client.intent`; this module only finds where it landed.

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
- in a window under 1200x660 the army cards fold into a tab beside the battlefield, opened
  over it by a click or whenever a card is to be chosen or targeted;
- L (or "Full log" on the log panel) opens the whole log over the battlefield's right side,
  grouped by turn and player; it follows new lines unless scrolled away ("Jump to latest",
  End); L again closes it;
- Esc clears the selection, else opens the pause menu (save to a named slot, load, settings,
  main menu, quit).
"""

from __future__ import annotations

import pygame

from arena.client.scenes.battle_parts import ScreenParts
from arena.client.scenes.hover_box import aimed_hex
from arena.client.scenes.replaying import REPLAY_KEY
from arena.client.session import lead_hex

__all__ = ["BattleInput"]

DRAG_SLOP = 6
"""Pixels the mouse moves with a button down before it drags (pans) instead of clicking."""


class BattleInput:
    """Turns the battle screen's input events into its actions."""

    def __init__(self, scene: ScreenParts) -> None:
        self.scene = scene
        self.drag_start: tuple[int, int] | None = None
        self.dragging = False
        self.drag_button = 0
        self.held: set[int] = set()
        """The arrow keys held down (the camera pans while they are)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        scene = self.scene
        kind = event.type
        if kind == pygame.KEYDOWN:
            self.key(event)
            return
        if kind == pygame.KEYUP:
            self.held.discard(event.key)
            return
        if kind in (pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST):
            scene.mouse = None  # the pointer left: nothing is hovered any more
            self.hover(None)
            return
        if kind == pygame.MOUSEMOTION:
            scene.mouse = event.pos
            if self.drag_start is not None:
                dx = event.pos[0] - self.drag_start[0]
                dy = event.pos[1] - self.drag_start[1]
                if self.dragging or abs(dx) + abs(dy) > DRAG_SLOP:
                    self.dragging = True
                    scene.camera.pan_by(*event.rel)
            used = scene.form.handle_event(event)
            self.hover(None if used or self.over_panel(event.pos) else event.pos)
            return
        if kind == pygame.MOUSEWHEEL:
            self.wheel(event.y)
            return
        if kind == pygame.MOUSEBUTTONDOWN:
            scene.mouse = event.pos
            if event.button == 1 and scene.form.handle_event(event):
                return
            if self.over_panel(event.pos):
                return
            if event.button in (1, 2, 3):
                self.drag_start = event.pos
                self.drag_button = event.button
                self.dragging = False
            return
        if kind == pygame.MOUSEBUTTONUP:
            scene.mouse = event.pos
            if event.button == 1 and scene.form.pressed is not None:
                scene.form.handle_event(event)
                self.drag_start = None
                return
            was_drag = self.dragging
            started = self.drag_start
            self.drag_start = None
            self.dragging = False
            if was_drag or started is None:
                return
            if event.button == 1:
                self.click(event.pos)
            elif event.button == 3:
                scene.select(None)

    def wheel(self, y: int) -> None:
        """The wheel scrolls the panel under the mouse, else zooms the battlefield."""
        scene = self.scene
        lay = scene.layout
        pos = scene.mouse or (0, 0)
        full = scene.full_log
        if full.open and full.rect(lay).collidepoint(pos):
            full.panel.scroll(3 * y, scene.session.log, full.rect(lay), scene.font_scale)
            scene._rebuild()
        elif scene.recap is not None and scene.recap.rect.collidepoint(pos):
            scene.recap.scroll(y)
            scene._rebuild()
        elif lay.log.collidepoint(pos):
            scene.log_panel.scroll(y, scene.session.log, lay.log, scene.font_scale)
            scene._rebuild()
        elif lay.left.collidepoint(pos):
            scene.army.scroll_by(y, scene)
            scene._rebuild()
        elif lay.view.collidepoint(pos):
            scene.zoom(1.15 ** y, pos)

    def over_panel(self, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is over a panel (not the battlefield)."""
        scene = self.scene
        lay = scene.layout
        return any(r.collidepoint(pos) for r in (lay.top, lay.left, lay.turn, lay.info,
                                                  lay.log, lay.camera, lay.hand,
                                                  lay.rail, lay.dock)) or \
            (scene.recap is not None and scene.recap.rect.collidepoint(pos)) or \
            (scene.full_log.open and scene.full_log.rect(lay).collidepoint(pos))

    def hover(self, pos: tuple[int, int] | None) -> None:
        """The pointer at ``pos`` (None: off the battlefield); the mouse takes over from the
        keyboard cursor."""
        scene = self.scene
        if pos is not None and scene.layout.view.collidepoint(pos):
            scene.intent.cursor = None
        if scene.hover.locate(pos, scene):
            scene.hud_changed()

    def key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        intent = scene.intent
        key = event.key
        if scene.session.held is not None and key in (
                pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, scene.settings.key("end-step")):
            scene.go_on()
            return
        if key == pygame.K_ESCAPE:
            if scene.recap is not None:
                scene.close_recap()
                return
            if scene.full_log.open:
                scene.toggle_log()
                return
            if intent.pick is not None:
                scene.cancel_pick()
                return
            if intent.selected is not None or intent.cursor is not None:
                scene.select(None)
            else:
                scene.pause()
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.held.add(key)
            return
        if key == pygame.K_TAB:
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            figure = intent.next_actor(-1 if shift else 1)
            if figure is not None:
                scene.select(figure)
            return
        if key in (pygame.K_PERIOD, pygame.K_COMMA):
            self.step_cursor(1 if key == pygame.K_PERIOD else -1)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if intent.cursor is not None:
                self.confirm_cursor()
            elif scene.form.focused is not None:
                scene.form.focused.activate()
            else:  # a button Enter is the hotkey of (the lesson's Go on)
                scene.form.handle_event(event)
            return
        mods = getattr(event, "mod", 0)
        if ((key == scene.settings.key("undo") and mods & pygame.KMOD_SHIFT)
                or (key == pygame.K_y and mods & pygame.KMOD_CTRL)):
            scene.redo()
            return
        if key == scene.settings.key("log"):
            scene.toggle_log()
            return
        if key == scene.settings.key("hint"):  # also where the turn panel is folded away
            scene.coach.ask()
            return
        if key == scene.settings.key("flip"):
            lead = intent.flip()
            if lead is not None:
                scene.hover_hex = lead
            scene.hud_changed()
            return
        if key == REPLAY_KEY:
            scene.replay_last_turn()
            return
        if pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            if index < len(scene.numbered):
                scene.numbered[index].activate()
            return
        scene.form.handle_event(event)

    def step_cursor(self, delta: int) -> None:
        """, and . step the keyboard cursor through the lit spaces."""
        scene = self.scene
        pos = scene.intent.step_cursor(delta)
        if pos is None:
            return
        scene.hover_hex = lead_hex(pos)
        scene.hover_figure = scene.game.state.occupant_map().get(scene.hover_hex)
        scene.hud_changed()

    def confirm_cursor(self) -> None:
        """Enter on the keyboard cursor: as a click on its position."""
        scene = self.scene
        pos = scene.intent.cursor
        if pos is None:
            return
        scene.intent.cursor = None
        h = lead_hex(pos)
        scene.click_at(h, scene.game.state.occupant_map().get(h), pos)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the battlefield at screen ``pos``."""
        scene = self.scene
        if not scene.layout.view.collidepoint(pos):
            return
        figure = scene.renderer.figure_under(pos)
        h = aimed_hex(scene, pos)  # the space the hover lights: a click takes no other
        scene.mouse = pos
        scene.click_at(h, figure, None)
