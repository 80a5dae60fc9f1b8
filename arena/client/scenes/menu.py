"""The main menu and the Settings screen (the Load screen: `scenes.load_screen`).

Every item is either working or shown disabled with a note saying why (hover it), so no
item is a dead end. Up/Down (or Tab) and Enter work everywhere; Esc goes back, and on the
main menu quits.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import pygame

from arena import __version__
from arena.client import text
from arena.client.figures import clear_cache
from arena.client.palette import UI
from arena.client.save_folder import autosave_path, has_saves
from arena.client.scenes.base import App, Scene, SceneName, escape_leaves
from arena.client.scenes.common import Dialog, backdrop, draw_title, menu_button_rects
from arena.client.settings import (
    AI_PACES,
    ANIMATION_SPEEDS,
    BINDINGS,
    UI_SCALES,
    WINDOW_SIZES,
    key_label,
    save_settings,
)
from arena.client.ui import Button, Choice, Form

__all__ = ["MainMenu", "SettingsScene", "MENU_ITEMS"]

MENU_ITEMS = ("Continue", "New game", "Learn to play", "Load game", "Editor", "Card browser",
              "Rules", "Settings", "Quit")


class MainMenu(Scene):
    """The first screen (see the module docstring)."""

    title = "Main menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.form = Form()
        self.editor: subprocess.Popen[bytes] | None = None
        self._build()

    def _build(self) -> None:
        auto = autosave_path()
        has_auto = auto.exists()
        saved = has_auto or has_saves()
        rects = menu_button_rects(self.app.size, MENU_ITEMS)
        spec: dict[str, tuple[bool, str, object]] = {
            "Continue": (has_auto, "Resume the last autosave." if has_auto else
                         "No autosave yet: start a new game first.", self.continue_game),
            "New game": (True, "Choose a scenario, armies and opponents.", self.new_game),
            "Learn to play": (True, "A guided first game on the practice field: each step "
                              "says what to do and waits for you. Esc leaves it; it resumes "
                              "where you left off.", self.learn),
            "Load game": (saved, "Open a saved game." if saved else
                          "No saved games yet.", self.load_game),
            "Editor": (True, "Open the battlefield and army editor in its own window.",
                       self.open_editor),
            "Card browser": (True, "Every army card and spell card: search, filter by "
                             "colour and kind.", self.open_cards),
            "Rules": (True, "The rules of the game in short, searchable sections.",
                      self.open_rules),
            "Settings": (True, "Colour-blind palette, animation speed, AI pace, window, UI "
                         "scale, sound and keys.",
                         self.open_settings),
            "Quit": (True, "Close Arena.", self.app.quit),
        }
        buttons = []
        for name in MENU_ITEMS:
            enabled, note, action = spec[name]
            buttons.append(Button(rect=rects[name], label=name, name=name, enabled=enabled,
                                  note=note, action=action,  # type: ignore[arg-type]
                                  style="primary" if name == "New game" else "normal"))
        focus = self.form.focused.name if self.form.focused else ("Continue" if has_auto
                                                                  else "New game")
        self.form.set(buttons)
        for i, b in enumerate(buttons):
            if b.name == focus and b.enabled:
                self.form.focus = i

    def button(self, name: str) -> Button:
        for w in self.form.widgets:
            if isinstance(w, Button) and w.name == name:
                return w
        raise KeyError(name)

    # --- actions ------------------------------------------------------------------------------

    def continue_game(self) -> None:
        from arena.client.scenes.save_slots import open_save  # the engine: loaded by now

        open_save(self.app, autosave_path())

    def new_game(self) -> None:
        self.app.push(self.app.scene(SceneName.NEW_GAME))

    def learn(self) -> None:
        """Start (or resume) the "Learn to play" lesson."""
        try:
            lesson = self.app.scene(SceneName.TUTORIAL)
        except Exception as exc:  # noqa: BLE001 - broken content must not end the program
            from arena.client.saves import plain_reason  # loaded with the lesson's engine

            self.app.push(Dialog(self.app, "Cannot start the lesson",
                                 f"The lesson's cards or battlefield cannot be loaded: "
                                 f"{plain_reason(exc)}.", error=True))
            return
        self.app.reset(lesson)

    def load_game(self) -> None:
        self.app.push(self.app.scene(SceneName.LOAD))

    def open_cards(self) -> None:
        self.app.push(self.app.scene(SceneName.CARD_BROWSER))

    def open_rules(self) -> None:
        self.app.push(self.app.scene(SceneName.RULES))

    def open_settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def open_editor(self) -> None:
        """Start ``arena-editor`` as its own process (the game keeps running)."""
        if self.editor is not None and self.editor.poll() is None:
            self.app.toast("The editor is already open.")
            return
        script = Path(sys.executable).parent / "arena-editor"
        command = [str(script)] if script.exists() else [sys.executable, "-m", "editor.app"]
        try:
            self.editor = subprocess.Popen(command, env=dict(os.environ))
        except OSError as exc:
            self.app.push(Dialog(self.app, "Cannot open the editor",
                                 f"Starting {command[0]} failed: {exc}.", error=True))
            return
        self.app.toast("The editor opens in its own window.")

    # --- scene --------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self._build()

    def on_reveal(self) -> None:
        self._build()

    def handle_event(self, event: pygame.event.Event) -> None:
        escape_leaves(event, self.form, self.app.quit)

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        surface.blit(backdrop(size), (0, 0))
        w, h = size
        unit = min(w / 16.0, h / 9.0)
        x = int(unit * 0.8)
        px = max(40, int(unit * 1.7))
        rect = text.blit(surface, "Arena", px, UI["accent"], (x, int(h * 0.08)), shadow=True)
        text.blit(surface, "of the Planeswalkers", max(18, int(px * 0.32)), UI["text"],
                  (x + 4, rect.bottom - int(px * 0.08)), shadow=True)
        self.form.draw(surface)
        text.blit(surface, f"version {__version__}  ·  Up, Down and Enter, or the mouse", 16,
                  UI["muted"], (x, h - 12), anchor="bottomleft")
        if self.app.top is self:
            self.form.draw_tooltip(surface)


class SettingsScene(Scene):
    """The player's settings, saved as they change. The right column is the battle's key
    bindings: press a binding's button, then the new key (Esc cancels)."""

    title = "Settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.form = Form()
        self.rebinding: str | None = None
        self.resize(app.size)

    def _set(self, **changes: object) -> None:
        self.app.settings = self.app.settings.with_(**changes)
        self._save()
        clear_cache()

    def _save(self) -> None:
        try:
            save_settings(self.app.settings)
        except OSError as exc:
            self.app.toast(f"Settings could not be saved: {exc}", error=True)

    def _set_display(self, **changes: object) -> None:
        self._set(**changes)
        self.app.apply_display()  # lays this scene out again too

    def start_rebind(self, action: str) -> None:
        self.rebinding = action
        self.resize(self.app.size)

    def finish_rebind(self, code: int | None) -> None:
        action, self.rebinding = self.rebinding, None
        if action is not None and code is not None:
            self.app.settings = self.app.settings.bind(action, code)
            self._save()
            self.app.toast(f"{BINDINGS[action][0]}: {key_label(code)}")
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.app.settings
        x, y = int(w * 0.05), int(h * 0.2)
        cw = min(600, int(w * 0.5))
        rh = max(30, min(40, int(h * 0.05)))
        gap = rh + max(6, int(h * 0.012))
        px = max(14, min(20, rh // 2))
        rows: list[Choice] = [
            Choice(rect=pygame.Rect(x, y, cw, rh), label="Player colours", name="palette",
                   options=[(False, "Default"), (True, "Colour-blind safe + team patterns")],
                   on_change=lambda v: self._set(colour_blind=v), px=px,
                   note="Okabe-Ito colours, and a pattern on every base for its team."),
            Choice(rect=pygame.Rect(x, y + gap, cw, rh), label="Animations", name="anim",
                   options=[(k, k.capitalize()) for k in ANIMATION_SPEEDS], px=px,
                   on_change=lambda v: self._set(animations=v)),
            Choice(rect=pygame.Rect(x, y + 2 * gap, cw, rh), label="AI pace", name="pace",
                   options=[(k, k.capitalize()) for k in AI_PACES], px=px,
                   on_change=lambda v: self._set(ai_pace=v),
                   note="The pause between the computer's actions, so you can follow them."),
            Choice(rect=pygame.Rect(x, y + 3 * gap, cw, rh), label="Frame time", name="fps",
                   options=[(False, "Hidden"), (True, "Shown")], px=px,
                   on_change=lambda v: self._set(show_fps=v)),
            Choice(rect=pygame.Rect(x, y + 4 * gap, cw, rh), label="Window size",
                   name="window", options=[(k, k.replace("x", " × ")) for k in WINDOW_SIZES],
                   px=px, on_change=lambda v: self._set_display(window_size=v),
                   note="The window's size when not in fullscreen."),
            Choice(rect=pygame.Rect(x, y + 5 * gap, cw, rh), label="Fullscreen",
                   name="fullscreen", options=[(False, "Off"), (True, "On")], px=px,
                   on_change=lambda v: self._set_display(fullscreen=v),
                   note="F11 switches fullscreen anywhere."),
            Choice(rect=pygame.Rect(x, y + 6 * gap, cw, rh), label="UI scale", name="scale",
                   options=[(k, f"{round(k * 100)} %") for k in UI_SCALES], px=px,
                   on_change=lambda v: self._set_display(ui_scale=v),
                   note="The size of text and of the battle's side panels."),
            Choice(rect=pygame.Rect(x, y + 7 * gap, cw, rh), label="Sound", name="sound",
                   options=[(True, "On"), (False, "Off")], px=px,
                   on_change=lambda v: self._set(sound=v),
                   note="Dice, hits and destroyed figures."),
            Choice(rect=pygame.Rect(x, y + 8 * gap, cw, rh), label="Hotseat view",
                   name="hotseat", options=[(True, "Turn to each player"),
                                            (False, "Keep the view")], px=px,
                   on_change=lambda v: self._set(hotseat_turn=v),
                   note="Between human players on one screen: the board turns so the "
                        "player to act sees it from their starting side."),
            Choice(rect=pygame.Rect(x, y + 9 * gap, cw, rh), label="Computer attacks",
                   name="pause-attacks", options=[(False, "Play on"),
                                                  (True, "Pause before each")], px=px,
                   on_change=lambda v: self._set(pause_attacks=v),
                   note="Pause before the computer attacks: the board shows attacker, "
                        "target and line of sight until you press Space."),
            Choice(rect=pygame.Rect(x, y + 10 * gap, cw, rh), label="Hints", name="hints",
                   options=[(True, "On"), (False, "Off")], px=px,
                   on_change=lambda v: self._set(hints=v),
                   note="The battle's Hint button (H): what the hard computer would do "
                        "and why. Off for games where nobody should be coached."),
        ]
        values = [s.colour_blind, s.animations, s.ai_pace, s.show_fps, s.window_size,
                  s.fullscreen, s.ui_scale, s.sound, s.hotseat_turn, s.pause_attacks,
                  s.hints]
        for row, value in zip(rows, values, strict=True):
            row.set_value(value)
        widgets: list[Choice | Button] = list(rows)
        kx = x + cw + max(24, int(w * 0.03))
        kw = min(440, w - kx - int(w * 0.04))
        self.keys_top = y
        krh = max(24, min(34, (h - y - 100) // (len(BINDINGS) + 1) - 4))
        for i, (action, (label, _)) in enumerate(BINDINGS.items()):
            waiting = self.rebinding == action
            widgets.append(Button(
                rect=pygame.Rect(kx, y + 30 + i * (krh + 4), kw, krh),
                label=f"{label}: press a key…" if waiting else label,
                name=f"bind:{action}", hint="" if waiting else key_label(s.key(action)),
                style="primary" if waiting else "normal", px=max(13, min(18, krh // 2 + 2)),
                action=partial(self.start_rebind, action),
                note="Rebind: press this, then the new key (Esc cancels)."))
        widgets.append(Button(rect=pygame.Rect(x, y + 11 * gap + 10, 200, 42), label="Back",
                              name="back", hint="Esc", action=self.app.pop))
        self.keys_x = kx
        focus = self.form.focus
        self.form.set(widgets)
        self.form.focus = focus if focus is not None and focus < len(widgets) else 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.rebinding is not None and event.type == pygame.KEYDOWN:
            self.finish_rebind(None if event.key == pygame.K_ESCAPE else event.key)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        draw_title(surface, "Settings", "Saved as you change them · Left / Right change a "
                   "value · F11 fullscreen")
        text.blit(surface, "Battle keys", 20, UI["accent"], (self.keys_x, self.keys_top),
                  bold=True)
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)
