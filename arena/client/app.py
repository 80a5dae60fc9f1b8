"""The game client's window and frame loop (``arena`` / ``make play``).

``run(argv)`` opens the window on the main menu and runs the scene stack
(`arena.client.scenes.base.App`) until the player quits. Options, mostly for tests and
benchmarks: ``--frames N`` closes after N frames, ``--screenshot PATH`` saves the last frame,
``--size WxH`` sets the window size, ``--quick`` starts The Duel against the computer at once.
The signature (options in, exit code out) is what ``arena.cli`` and the tests rely on.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

WINDOW_SIZE = (1280, 720)
FPS = 60
CAPTION = "Arena"


@dataclass(frozen=True)
class Options:
    frames: int | None
    screenshot: Path | None
    size: tuple[int, int]
    quick: bool
    sized: bool = True
    """Whether ``--size`` was given (otherwise the settings choose the size)."""


def _positive_int(value: str) -> int:
    number = int(value)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def _size(value: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError("expected WIDTHxHEIGHT, e.g. 1280x720") from exc
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("at least 320x240")
    return (w, h)


def parse_options(argv: Sequence[str] | None) -> Options:
    parser = argparse.ArgumentParser(prog="arena play", description="Open the Arena game "
                                     "window on the main menu.")
    parser.add_argument("--frames", type=_positive_int, metavar="N",
                        help="close the window by itself after N frames (tests, benchmarks)")
    parser.add_argument("--screenshot", type=Path, metavar="PATH",
                        help="save the last frame as a PNG to PATH just before quitting")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size in pixels (default: the Settings' window size)")
    parser.add_argument("--quick", action="store_true",
                        help="start The Duel against the computer at once")
    args = parser.parse_args(None if argv is None else list(argv))
    return Options(args.frames, args.screenshot, args.size or WINDOW_SIZE, args.quick,
                   args.size is not None)


def make_icon(size: int = 32) -> pygame.Surface:
    """The window icon: one sand hex column."""
    from arena.client.splash import SAND_SIDE, SAND_TOP, draw_hex_column

    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_hex_column(icon, (size / 2, size * 0.3), size * 0.46, size * 0.36, SAND_TOP,
                    SAND_SIDE, 2)
    return icon


def first_scene(app: object, quick: bool) -> object:
    """The main menu, or with ``quick`` a battle on The Duel against the computer."""
    from arena.client.scenes.base import App
    from arena.client.scenes.menu import MainMenu

    assert isinstance(app, App)
    if quick:
        import random

        from arena.client import content
        from arena.client.content import GameSetup
        from arena.client.scenes.battle import BattleScene

        setup = GameSetup(seed=random.randrange(1, 1_000_000))
        return BattleScene(app, content.new_game(setup), setup.seats, setup=setup)
    return MainMenu(app)


def run(
    argv: Sequence[str] | None = None,
    *,
    on_first_frame: Callable[[], None] | None = None,
) -> int:
    """Open the game window with options ``argv``; return the process exit code.

    ``argv=None`` reads ``sys.argv``. ``on_first_frame`` is called once the first frame is
    on screen (the start-up benchmark). Only the display and font modules are started: the
    game makes no sound yet, and leaving the mixer alone avoids audio-device errors.
    """
    options = parse_options(argv)
    pygame.display.init()
    pygame.font.init()
    try:
        from arena.client import text
        from arena.client.scenes.base import App, Scene
        from arena.client.status import STATUS_ENV, write_status

        pygame.display.set_caption(CAPTION)
        pygame.display.set_icon(make_icon())
        from arena.client.settings import load_settings

        settings = load_settings()
        size = options.size if options.sized else settings.window
        if settings.fullscreen and not options.sized:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app = App(screen.get_size(), settings)
        scene = first_scene(app, options.quick)
        assert isinstance(scene, Scene)
        app.push(scene)
        clock = pygame.time.Clock()
        frames = 0
        status_path = os.environ.get(STATUS_ENV)
        last = time.perf_counter()
        while app.running:
            for event in pygame.event.get():
                app.handle_event(event)
            if not app.running:
                break
            now = time.perf_counter()
            app.update(min(now - last, 0.1))
            last = now
            screen = pygame.display.get_surface() or screen
            app.draw(screen)
            pygame.display.flip()
            frames += 1
            if status_path and frames % 4 == 1:
                write_status(app, status_path)
            if frames == 1 and on_first_frame is not None:
                on_first_frame()
            if options.frames is not None and frames >= options.frames:
                break
            clock.tick(FPS)
        if options.screenshot is not None:
            options.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(options.screenshot))
        text.reset()
        return 0
    finally:
        pygame.quit()
