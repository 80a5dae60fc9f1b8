"""The two programs' windows run in-process on SDL's dummy video driver, and the editor's
splash screen (the client has its real main menu now: see test_client_scenes).

These are the fast checks of the window code (the real-X-server checks live in
tests/e2e): both programs start, draw something that is not blank, save a screenshot and
exit 0; the splash's Quit button, Esc and window close end its loop; its layout holds at
any size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from arena.client import app as client_app
from arena.client import splash
from editor import app as editor_app

Runner = Callable[[Sequence[str]], int]
RUNNERS: dict[str, Runner] = {"client": client_app.run, "editor": editor_app.main}


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never open a real window from these tests, whatever the caller's environment."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    pygame.font.quit()


def distinct_colors(image: pygame.Surface, samples: int = 24) -> set[tuple[int, int, int]]:
    """Colours on a ``samples`` x ``samples`` grid over the image."""
    width, height = image.get_size()
    colors = set()
    for i in range(samples):
        for j in range(samples):
            x = (i * 2 + 1) * width // (samples * 2)
            y = (j * 2 + 1) * height // (samples * 2)
            r, g, b, _ = image.get_at((x, y))
            colors.add((r, g, b))
    return colors


@pytest.mark.parametrize("name", sorted(RUNNERS))
def test_runs_headless_and_saves_a_screenshot(name: str, tmp_path: Path) -> None:
    shot = tmp_path / f"{name}.png"
    assert RUNNERS[name](["--frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.is_file()
    image = pygame.image.load(str(shot))
    assert image.get_size() == splash.WINDOW_SIZE
    assert len(distinct_colors(image)) >= 10, "the screenshot is (nearly) a single colour"


def test_the_two_programs_look_different(tmp_path: Path) -> None:
    shots = {}
    for name, runner in RUNNERS.items():
        shots[name] = tmp_path / f"{name}.png"
        assert runner(["--frames", "1", "--screenshot", str(shots[name])]) == 0
    client, editor = (pygame.image.load(str(shots[name])) for name in ("client", "editor"))
    assert distinct_colors(client) != distinct_colors(editor)


def test_bad_options_are_usage_errors() -> None:
    with pytest.raises(SystemExit) as exc:
        client_app.run(["--frames", "0"])
    assert exc.value.code == 2


def _click(screen: splash.SplashScreen, down: tuple[int, int], up: tuple[int, int]) -> None:
    screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=down, button=1))
    screen.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))


def test_quit_button_click_ends_the_loop() -> None:
    screen = splash.SplashScreen(editor_app.SPEC)
    _click(screen, screen.layout.quit_button.center, screen.layout.quit_button.center)
    assert not screen.running


def test_press_elsewhere_then_release_on_quit_does_not_quit() -> None:
    screen = splash.SplashScreen(editor_app.SPEC)
    _click(screen, (5, 5), screen.layout.quit_button.center)
    assert screen.running
    _click(screen, screen.layout.quit_button.center, (5, 5))  # dragged off before release
    assert screen.running


@pytest.mark.parametrize(
    "event",
    [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE),
        pygame.event.Event(pygame.QUIT),
        pygame.event.Event(pygame.WINDOWCLOSE),
    ],
    ids=["escape", "quit", "window-close"],
)
def test_escape_and_window_close_end_the_loop(event: pygame.event.Event) -> None:
    screen = splash.SplashScreen(editor_app.SPEC)
    screen.handle_event(event)
    assert not screen.running


def test_quit_button_moves_with_a_resize_before_the_next_draw() -> None:
    screen = splash.SplashScreen(editor_app.SPEC)
    screen.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=900, y=600))
    center = splash.compute_layout((900, 600)).quit_button.center
    _click(screen, center, center)
    assert not screen.running


SIZES = [(1280, 720), (1920, 1080), (800, 600), (640, 360), (480, 900), (120, 80)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_layout_keeps_the_quit_button_inside_the_window(size: tuple[int, int]) -> None:
    layout = splash.compute_layout(size)
    assert pygame.Rect((0, 0), size).contains(layout.quit_button)
    assert layout.hex_radius > 0


@pytest.mark.usefixtures("fonts")
def test_redraws_at_a_new_size_after_a_resize() -> None:
    screen = splash.SplashScreen(editor_app.SPEC)
    for size in SIZES:
        surface = pygame.Surface(size)
        screen.draw(surface)
        assert screen.layout.size == size
        assert len(distinct_colors(surface, samples=8)) > 1


def test_terrain_is_deterministic_and_has_water_and_high_ground() -> None:
    heights = splash.terrain(7)
    assert heights == splash.terrain(7)
    assert 0 in heights.values()
    assert max(heights.values()) >= 3
