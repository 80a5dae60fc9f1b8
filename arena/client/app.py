"""The game client's window and frame loop (``arena`` / ``make play``).

``run(argv)`` opens the window on the main menu and runs the scene stack
(`arena.client.scenes.base.App`) until the player quits. ``--scenario``, ``--battlefield``,
``--army``, ``--deck``, ``--seats`` and ``--seed`` start straight into a battle instead,
skipping the menus (the editor's "Test play" and "Play with this army" use them; see
`arena.client.direct`); ``--quick`` is that battle with every default (The Duel against the
computer). Options mostly for tests and benchmarks: ``--frames N`` closes after N frames,
``--screenshot PATH`` saves the last frame, ``--size WxH`` sets the window size.
The signature (options in, exit code out) is what ``arena.cli`` and the tests rely on; a bad
option value is one line on stderr and exit code 2, before any window opens.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arena.client import text, warmup
from arena.client.battle_request import SEAT_KINDS, BattleRequest, StartError, names, seat_kinds
from arena.client.icon import make_icon
from arena.client.save_folder import tidy_data_folder
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.standard import standard_app
from arena.client.settings import read_settings
from arena.client.status import STATUS_ENV, write_status

if TYPE_CHECKING:
    from arena.client.content import GameSetup
    from arena.engine import Game

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
    battle: BattleRequest = field(default_factory=BattleRequest)
    """The direct-start options (all empty: the game opens on the main menu)."""

    @property
    def direct(self) -> bool:
        """Whether the game starts straight into a battle."""
        return self.quick or self.battle != BattleRequest()


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


def _seats(value: str) -> tuple[str, ...]:
    try:
        return seat_kinds(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _seed(value: str) -> int:
    try:
        number = int(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number; use e.g. "
                                         "--seed 42") from exc
    if number < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return number


def build_parser() -> argparse.ArgumentParser:
    """The options of ``arena play`` (also its ``--help``)."""
    parser = argparse.ArgumentParser(
        prog="arena play",
        description="Open the Arena game window on the main menu, or with any of the "
                    "battle options straight into a battle, skipping the menus.",
        epilog="Example: arena play --scenario the-duel --army gideon-premade --seats "
               "human,hard --seed 7")
    parser.add_argument("--frames", type=_positive_int, metavar="N",
                        help="close the window by itself after N frames (tests, benchmarks)")
    parser.add_argument("--screenshot", type=Path, metavar="PATH",
                        help="save the last frame as a PNG to PATH just before quitting")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH",
                        help="window size in pixels (default: the Settings' window size)")
    parser.add_argument("--quick", action="store_true",
                        help="start The Duel against the computer at once")
    battle = parser.add_argument_group(
        "battle", "start straight into a battle (any of these; the rest take defaults)")
    battle.add_argument("--scenario", default="", metavar="ID_OR_PATH",
                        help="scenario id (the-duel, the-melee, ...) or the path of a "
                             "scenario YAML file (default the-duel)")
    battle.add_argument("--battlefield", default="", metavar="PATH_OR_ID",
                        help="play the scenario on this battlefield YAML file (or shipped "
                             "battlefield id) instead of its own")
    battle.add_argument("--army", type=names, action="extend", default=[],
                        metavar="ID_OR_PATH,...",
                        help="armies by seat, comma-separated: shipped or your own army ids, "
                             "or army YAML paths (default: premade armies of different "
                             "Planeswalkers)")
    battle.add_argument("--deck", type=names, action="extend", default=[],
                        metavar="ID_OR_PATH,...",
                        help="spell decks by seat, comma-separated, ids or paths; empty or "
                             "missing: the premade deck of the army's Planeswalker")
    battle.add_argument("--seats", type=_seats, default=(), metavar="KIND,...",
                        help=f"who plays each seat, comma-separated: {', '.join(SEAT_KINDS)} "
                             "(default: human, then normal computer players)")
    battle.add_argument("--seed", type=_seed, default=None, metavar="N",
                        help="the game's random seed, to replay the same dice (default: "
                             "random)")
    return parser


def parse_options(argv: Sequence[str] | None) -> Options:
    args = build_parser().parse_args(None if argv is None else list(argv))
    battle = BattleRequest(args.scenario.strip(), args.battlefield.strip(),
                           tuple(args.army), tuple(args.deck), tuple(args.seats), args.seed)
    return Options(args.frames, args.screenshot, args.size or WINDOW_SIZE, args.quick,
                   args.size is not None, battle)


def first_scene(app: App, battle: tuple[Game, GameSetup] | None = None) -> Scene:
    """The main menu, or the battle the command line asked for (`start_battle`)."""
    if battle is not None:
        game, setup = battle
        return app.scene(SceneName.BATTLE, game, setup.seats, setup=setup)
    return app.scene(SceneName.MAIN_MENU)


def start_battle(options: Options) -> tuple[Game, GameSetup] | None:
    """The battle the options ask for (None: the main menu); raises `StartError`. Runs
    before the window opens, so a bad value never shows a window."""
    if not options.direct:
        return None
    from arena.client.direct import start  # the engine and the content: a battle only

    return start(options.battle)


def _refuse(error: StartError) -> int:
    """Say which option is wrong and how, the way argparse does; exit code 2."""
    parser = build_parser()
    parser.print_usage(sys.stderr)
    print(f"{parser.prog}: error: argument {error.option}: {error}", file=sys.stderr)
    return 2


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
    try:
        battle = start_battle(options)
    except StartError as exc:
        return _refuse(exc)
    pygame.display.init()
    pygame.font.init()
    app: App | None = None
    try:
        pygame.display.set_caption(CAPTION)
        pygame.display.set_icon(make_icon())
        settings, notice = read_settings()
        size = options.size if options.sized else settings.window
        if settings.fullscreen and not options.sized:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        app = standard_app(screen.get_size(), settings)
        if notice:
            app.toast(notice, seconds=8.0, error=True)
        tidy_data_folder()
        app.push(first_scene(app, battle))
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
            if frames == 1:
                warmup.start()  # the rest loads behind the menu's first frame
            clock.tick(FPS)
        if options.screenshot is not None:
            options.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(options.screenshot))
        text.reset()
        return 0
    finally:
        if app is not None:  # stop the computer players' thinking before the helpers close
            app.close()
        warmup.finish()
        pygame.quit()
