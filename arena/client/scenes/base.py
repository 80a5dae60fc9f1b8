"""The scene stack: what the window shows, one screen on top of another.

Like Tuxemon's state stack: the top scene gets the input and the updates; drawing starts at
the highest *opaque* scene and goes up, so a modal dialog (not opaque) shows over the screen
beneath it. Scenes hold interface state only; the game itself is the engine's. Time is fed
in by the loop (`App.update(dt)`), never read from the wall clock by a scene, so a test can
drive any screen frame by frame.

A scene that opens another screen asks the app for it by name (`App.scene(SceneName.PAUSE,
battle)`), never by importing that screen's module: the screens lead to each other in circles
(battle -> pause -> main menu -> new game -> battle), so only the app's table of factories
(`arena.client.scenes.standard`) knows them all.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.settings import Settings, load_settings, save_settings

if TYPE_CHECKING:
    from arena.client.ui import Form

__all__ = ["App", "Scene", "SceneFactory", "SceneName"]


class SceneName(StrEnum):
    """Every screen a scene may open (`App.scene`)."""

    MAIN_MENU = "main-menu"
    NEW_GAME = "new-game"
    LOAD = "load"
    SETTINGS = "settings"
    CARD_BROWSER = "card-browser"
    RULES = "rules"
    BATTLE = "battle"
    PAUSE = "pause"
    HAND_OFF = "hand-off"
    RESULTS = "results"
    REPLAY = "replay"
    REVIEW = "review"
    """The post-game review: who was ahead, the swing turns, "Show me"."""
    TUTORIAL = "tutorial"
    """The "Learn to play" lesson: a battle screen with the lesson on it."""


SceneFactory = Callable[..., "Scene"]
"""Makes a screen: ``factory(app, *args, **kwargs)`` with the arguments of its scene class."""


class Scene:
    """One screen (see the module docstring)."""

    opaque = True
    dims_below = False
    """A modal scene: the screens beneath are shown dimmed (and frozen: they get no updates,
    so the app draws them once into a snapshot while it stays on top)."""
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size (every scene on the stack hears it)."""

    def on_reveal(self) -> None:
        """The scene above was closed: this one is on top again."""

    def on_exit(self) -> None:
        """The scene leaves the stack for good (stop its background work)."""


def escape_leaves(event: pygame.event.Event, form: Form, leave: Callable[[], object]) -> None:
    """A screen of buttons: Esc leaves it (``leave``: back, or quit at the main menu), any
    other event goes to its form."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        leave()
        return
    form.handle_event(event)


class App:
    """The window's contents: the scene stack, the settings and short messages."""

    def __init__(self, size: tuple[int, int] = (1280, 720),
                 settings: Settings | None = None,
                 scenes: Mapping[SceneName, SceneFactory] | None = None) -> None:
        self.size = size
        self.scenes: dict[SceneName, SceneFactory] = dict(scenes or {})
        """The screens scenes may open by name (`standard_scenes()` for the game's own)."""
        self.stack: list[Scene] = []
        self.running = True
        self.settings = settings if settings is not None else load_settings()
        self.time = 0.0
        self._toasts: list[tuple[str, float, bool]] = []
        self._snapshot: tuple[tuple[int, ...], pygame.Surface] | None = None
        text.set_scale(self.settings.ui_scale)

    def apply_display(self) -> None:
        """Apply the window size, fullscreen and UI scale settings to the open window (when
        there is one) and lay every scene out again."""
        text.set_scale(self.settings.ui_scale)
        size = self.size
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            s = self.settings
            try:
                if s.fullscreen:
                    surface = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                else:
                    surface = pygame.display.set_mode(s.window, pygame.RESIZABLE)
                size = surface.get_size()
            except pygame.error as exc:
                self.toast(f"Cannot change the window: {exc}", error=True)
        self.resize(size, force=True)

    def toggle_fullscreen(self) -> None:
        self.settings = self.settings.with_(fullscreen=not self.settings.fullscreen)
        try:
            save_settings(self.settings)
        except OSError as exc:
            self.toast(f"Settings could not be saved: {exc}", error=True)
        self.apply_display()

    # --- the stack ---------------------------------------------------------------------------

    def scene(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        """Make the screen registered as ``name``, with its scene class's arguments."""
        factory = self.scenes.get(name)
        if factory is None:
            raise LookupError(f"no screen is registered as {name.value!r}; make the app with "
                              "arena.client.scenes.standard.standard_app()")
        return factory(self, *args, **kwargs)

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        scene.resize(self.size)

    def pop(self) -> Scene | None:
        """Close the top scene (closing the last one quits)."""
        scene = self.stack.pop() if self.stack else None
        if scene is not None:
            scene.on_exit()
        if not self.stack:
            self.running = False
        elif self.top is not None:
            self.top.on_reveal()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Make ``scene`` the only scene (back to the main menu, into a new battle)."""
        while self.stack:
            self.stack.pop().on_exit()
        self.push(scene)

    def find(self, kind: type) -> Scene | None:
        """The highest scene of a kind on the stack."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """The window is closing: every scene leaves the stack, top first, and stops its
        background work (`Scene.on_exit`), so a computer player's thinking ends before the
        AI's helper processes close at exit (a search cut off by their closing would
        otherwise report a false fault)."""
        self.running = False
        while self.stack:
            self.stack.pop().on_exit()

    # --- messages ----------------------------------------------------------------------------

    def toast(self, message: str, seconds: float = 3.5, error: bool = False) -> None:
        """A short message shown over every scene for a few seconds."""
        self._toasts.append((message, self.time + seconds, error))

    @property
    def toasts(self) -> list[str]:
        return [m for m, until, _ in self._toasts if until > self.time]

    # --- the loop's entry points -------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.running = False
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top is not None:
            self.top.handle_event(event)

    def resize(self, size: tuple[int, int], force: bool = False) -> None:
        size = (max(size[0], 320), max(size[1], 240))
        if size == self.size and not force:
            return
        self.size = size
        for scene in self.stack:
            scene.resize(size)

    def update(self, dt: float) -> None:
        self.time += dt
        self._toasts = [t for t in self._toasts if t[1] > self.time]
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.resize(surface.get_size())
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack:
            surface.fill(UI["sky-top"])
        top = self.top
        if top is not None and not top.opaque and len(self.stack) > 1:
            # The scenes beneath a modal one are frozen: draw them once, then reuse.
            key = (*(id(s) for s in self.stack), *surface.get_size())
            if self._snapshot is None or self._snapshot[0] != key:
                below = pygame.Surface(surface.get_size())
                for scene in self.stack[start:-1]:
                    scene.draw(below)
                if top.dims_below:
                    shadow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                    shadow.fill((5, 6, 12, 155))
                    below.blit(shadow, (0, 0))
                self._snapshot = (key, below.convert() if pygame.display.get_surface()
                                  is not None else below)
            surface.blit(self._snapshot[1], (0, 0))
            top.draw(surface)
        else:
            self._snapshot = None
            for scene in self.stack[start:]:
                scene.draw(surface)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        y = surface.get_height() - 70
        for message, _, error in reversed([t for t in self._toasts if t[1] > self.time]):
            px = 22
            lines = text.wrap(message, px, min(720, surface.get_width() - 80))
            h = len(lines) * (px + 2) + 18
            w = max(text.size(line, px)[0] for line in lines) + 36
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (surface.get_width() // 2, y)
            pygame.draw.rect(surface, (14, 16, 24), rect, border_radius=10)
            pygame.draw.rect(surface, UI["bad"] if error else UI["accent"], rect, 2,
                             border_radius=10)
            for i, line in enumerate(lines):
                text.blit(surface, line, px, UI["text"],
                          (rect.centerx, rect.y + 10 + i * (px + 2)), anchor="midtop")
            y = rect.top - 8
