"""What the editor window tests share under SDL's dummy driver: clicks, keys and screenshots
sent the way pygame_gui expects them (the ``headless`` window fixture is in conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pygame_gui

from arena.content.locations import community_maps
from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts" / "editor"
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"
SHARED: Path = community_maps()
"""The community maps the project ships (assets/community-maps)."""


def pump(app: editor_app.EditorApp, seconds: float = 0.05) -> None:
    """Let pygame_gui turn clicks into its events and hand them to the app."""
    app.update(seconds)
    for event in pygame.event.get():
        app.handle_event(event)


def hover(app: editor_app.EditorApp, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)


def click(app: editor_app.EditorApp, pos: tuple[float, float]) -> None:
    p = (round(pos[0]), round(pos[1]))
    hover(app, p)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pump(app)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1))
    pump(app)
    pump(app)  # events that pygame_gui posts while handling the first ones


def press(app: editor_app.EditorApp, button: pygame_gui.elements.UIButton) -> None:
    click(app, button.rect.center)


def key(app: editor_app.EditorApp, k: int, mod: int = 0) -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pump(app)


def drawn_app(path: Path, screen: object) -> editor_app.EditorApp:
    """The editor window on ``path`` (no recovery), settled and drawn once on the headless
    ``screen``: a test then reads its projection and the pixels it drew."""
    app = editor_app.EditorApp(path, recover=False)
    assert isinstance(screen, pygame.Surface)
    pump(app)
    app.draw(screen)
    return app


def hex_pos(app: editor_app.EditorApp, at: m.Coord) -> tuple[float, float]:
    """Where the top of the column at `at` (or the ground there) is on screen."""
    return app.projection().to_screen(Hex(*at), float(app.editor.doc.top(at)))


def shot(app: editor_app.EditorApp, screen: pygame.Surface, name: str) -> Path:
    pump(app, 0.4)  # past the validation debounce
    app.draw(screen)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    pygame.image.save(screen, str(path))
    return path


@contextmanager
def piece_tool_editor(target: Path) -> Iterator[tuple[editor_app.EditorApp, tuple[int, int]]]:
    """The editor on `target`, run in this process (the dummy driver), with the Piece tool
    chosen, and where the tool's button is: a real-window test plans its clicks on it."""
    pygame.init()
    pygame.display.set_mode(editor_app.WINDOW_SIZE)
    try:
        model = editor_app.EditorApp(target, recover=False)
        tool = model.panels.tool_buttons["piece"].rect.center
        model.tools.tool = "piece"
        model.refresh_tools()
        yield model, tool
    finally:
        pygame.quit()
