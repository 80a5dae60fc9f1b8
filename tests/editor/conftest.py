"""The editor window tests' fixtures: ``headless`` (modules that drive the window use it for
every test through ``pytestmark``) and ``x_display``, the private X server of each
real-window test module."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from editor import app as editor_app


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[pygame.Surface]:
    """A dummy-driver window of the editor's size; user files, and the test-play folders
    of apps a test does not close, go to the test's temporary folder."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    pygame.init()
    screen = pygame.display.set_mode(editor_app.WINDOW_SIZE)
    yield screen
    pygame.quit()


@pytest.fixture
def headless_app(headless: pygame.Surface) -> None:
    """`headless` for a real-window test's planning run: the same editor, run in this
    process, says where to click (its user files are the test's, as the real window's)."""


@pytest.fixture(scope="module")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private Xvfb for the module (`xvfb_kit.x_server`); its tests skip without Xvfb and
    xdotool. Screenshots are optional."""
    from xvfb_editor_kit import x_server

    yield from x_server(tmp_path_factory, ("Xvfb", "xdotool"))
