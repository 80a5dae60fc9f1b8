"""Helpers for the client tests: screenshots kept as artifacts, synthetic input, colour
counts. (Imported by name: pytest puts this folder on ``sys.path``.)"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from arena.client.scenes.base import App

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts" / "client"


def distinct_colors(image: pygame.Surface, samples: int = 24,
                    area: pygame.Rect | None = None) -> set[tuple[int, int, int]]:
    """Colours on a ``samples`` x ``samples`` grid over the image (or an area of it)."""
    rect = area or image.get_rect()
    colors = set()
    for i in range(samples):
        for j in range(samples):
            x = rect.x + (i * 2 + 1) * rect.width // (samples * 2)
            y = rect.y + (j * 2 + 1) * rect.height // (samples * 2)
            r, g, b, *_ = image.get_at((x, y))
            colors.add((r, g, b))
    return colors


def save_artifact(image: pygame.Surface, name: str) -> Path:
    """Keep a screenshot in tests/artifacts/client/ (people look at them) and check it is
    not blank."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / name
    pygame.image.save(image, str(path))
    assert len(distinct_colors(image)) >= 12, f"{name} looks blank"
    return path


def click(target: object, pos: tuple[int, int], button: int = 1) -> None:
    """Press and release a mouse button at ``pos`` (after moving there)."""
    handle = target.handle_event  # type: ignore[attr-defined]
    handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(target: object, code: int, mod: int = 0, unicode: str = "") -> None:
    """Press and release a key."""
    handle = target.handle_event  # type: ignore[attr-defined]
    handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode))
    handle(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))


def type_keys(app: App, screen: pygame.Surface, typed: str) -> None:
    """Type ``typed`` into the app as a keyboard does: per character a KEYDOWN carrying its
    unicode, a TEXTINPUT and a KEYUP (Shift pressed around a capital), with a frame after
    each key, so whatever the top scene is when a key arrives gets it -- a dialog that
    closes early lets the rest reach the screen beneath, as it would for a player."""
    for char in typed:
        code = pygame.K_SPACE if char == " " else pygame.key.key_code(char.lower())
        shift = char != char.lower()
        mod = pygame.KMOD_LSHIFT if shift else 0
        if shift:
            app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT,
                                                mod=mod, unicode=""))
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char))
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))
        if shift:
            app.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_LSHIFT, mod=0))
        frames(app, screen)


def frames(app: App, screen: pygame.Surface, n: int = 1, dt: float = 1 / 30) -> None:
    """Run ``n`` frames of ``app`` (update by ``dt`` seconds, then draw on ``screen``)."""
    for _ in range(n):
        app.update(dt)
        app.draw(screen)
