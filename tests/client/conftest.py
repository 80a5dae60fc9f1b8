"""Shared fixtures of the client tests: SDL's dummy driver, a private data directory, a
display surface, and helpers that post synthetic input to a scene."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Never open a real window; keep saves and settings out of the user's home."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    """A 1280x720 display on the dummy driver, with fonts; shut down afterwards."""
    from arena.client import text

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 720))
    try:
        yield surface
    finally:
        text.reset()
        pygame.quit()
