"""The client's performance figures, for ``make bench`` (``scripts/bench.py`` registers them
with `register`).

- battle frame at 1920x1080: The Duel with all 14 figures summoned, the mouse over a space,
  software rendering on SDL's dummy driver; the median of many ``update`` + ``draw`` frames
  (steady state: dirty rectangles over the cached composite and panels), the median of one
  full-screen blit measured in the same run (interleaved with the frames, so both see the
  same machine load), the frame as a multiple of that blit, and the median full repaint
  (what a frame costs right after something changed: composite blit, panels, dynamic
  items);
- memory in battle: peak RSS of a fresh process that opened that battle and drew frames;
- start-up to the interactive main menu: a fresh process until the menu's first frame is on
  screen (the loop then takes input);
- the same battle frame, memory and a start-up straight into the battle (``arena play
  --battlefield``) on the largest community map beside the project
  (assets/community-maps, imported as ``arena import-map`` does), The Duel played on it;
  the rows are left out where those maps are not there.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from arena.client import content, text
from arena.client.content import GameSetup, SeatSetup
from arena.client.recap import Recap, RecapLine
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content import load_file
from arena.content.atomic import atomic_write
from arena.content.battlefield import Battlefield
from arena.content.community import community_files, map_id
from arena.content.locations import community_maps
from arena.content.mapimport import import_map
from arena.content.writer import dump_model
from arena.engine import (
    BeginSummon,
    ChooseCard,
    ChooseFirstPlayer,
    EndTurn,
    PlaceFigure,
    PlacePlaneswalker,
)
from arena.engine.vocab import Phase

if TYPE_CHECKING:
    from arena.engine import Game

__all__ = [
    "FrameTimes",
    "battle_frame",
    "battle_rss_mb",
    "duel_all_summoned",
    "largest_community_map",
    "menu_startup_ms",
    "register",
    "summon_everything",
]

FULL_HD = (1920, 1080)
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def duel_all_summoned(seed: int = 5, battlefield: str = "") -> tuple[Game, GameSetup]:
    """The Duel after set-up with every figure of both premade armies summoned (two human
    seats, so nothing plays by itself), waiting for player 1 or 2 to choose a card; on its
    own battlefield, or on another one the catalogue holds."""
    setup = GameSetup(battlefield=battlefield,
                      seats=(SeatSetup("human", army="gideon-premade"),
                             SeatSetup("human", army="jace-premade")), seed=seed)
    game = content.new_game(setup)
    summon_everything(game, seed)
    return game, setup


def summon_everything(game: Game, seed: int, player: int | None = None) -> None:
    """Play a game's set-up and turns by random placements until every figure of every army
    is on the battlefield and a player (``player``, when given) is to choose a card: the
    Planeswalkers chosen whenever nothing is left to summon, turns ended otherwise."""
    rng = random.Random(seed)
    static = game.state.static
    total = sum(len(static.cards[c].figures) for c in static.cards)
    for _ in range(1000):
        if len(game.state.on_battlefield()) == total and game.pending.phase == Phase.CHOOSE \
                and player in (None, game.to_act):
            break
        legal = game.legal_actions()
        placing = [a for a in legal if isinstance(a, (ChooseFirstPlayer, PlacePlaneswalker,
                                                      PlaceFigure, BeginSummon))]
        if placing:
            game.apply(rng.choice(placing))
        elif game.state.pending:
            game.apply(rng.choice(legal))
        else:
            walker = [a for a in legal if isinstance(a, ChooseCard) and
                      static.card_def(a.card).kind == "planeswalker"]
            game.apply(walker[0] if walker and game.pending.phase == Phase.CHOOSE else EndTurn())


MAP_FOLDERS = (community_maps(),)
"""Where community maps are looked for: the ones the project ships (assets/community-maps)."""


def largest_community_map() -> Battlefield | None:
    """The community map with the most spaces, imported (None: no maps beside the project)."""
    found: list[Battlefield] = []
    for folder in [f for f in MAP_FOLDERS if f.is_dir()][:1]:
        for path in community_files(folder):
            found.append(import_map(path, map_id(path))[0])
    return max(found, key=lambda bf: len(bf.columns), default=None)


def _with_battlefield(path: str) -> str:
    """Load a battlefield file into the game's catalogue (as ``--battlefield`` does); its id."""
    field = load_file(Path(path), expect=Battlefield)
    assert isinstance(field, Battlefield)
    content.catalog().battlefields[field.id] = field
    return field.id


def _battle(size: tuple[int, int], battlefield: str = "") -> tuple[Any, Any, Any]:
    """A display, an App and a Duel battle scene with the mouse over a space, the log panel
    and a computer turn's recap panel drawn (on the battlefield file ``battlefield``, if
    given)."""
    screen = pygame.display.set_mode(size)
    app = standard_app(size, Settings(animations="off", ai_pace="instant"))
    field_id = _with_battlefield(battlefield) if battlefield else ""
    game, setup = duel_all_summoned(battlefield=field_id)
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    figures = game.state.on_battlefield()
    scene.recap = RecapPanel(Recap("Player 2's turn", tuple(
        RecapLine(f"{game.state.static.figure_name(f)} moved.", 2, f,
                  game.state.figures[f].hexes) for f in figures[:8])))
    app.push(scene)
    for _ in range(3):
        app.update(1 / 60)
        app.draw(screen)
    scene.camera.finish()
    view = scene.layout.view
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=view.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    for _ in range(3):
        app.update(1 / 60)
        app.draw(screen)
    return screen, app, scene


class FrameTimes(NamedTuple):
    """What `battle_frame` measures, all from one run."""

    frame_ms: float  # median steady-state battle frame
    blit_ms: float  # median full-screen blit, interleaved with those frames
    ratio: float  # frame_ms / blit_ms
    repaint_ms: float  # median frame when everything is repainted, as after a change


def battle_frame(repeats: int = 300, battlefield: str = "") -> FrameTimes:
    """The battle frame and the full-screen blit it is compared with, measured together (on
    the battlefield file ``battlefield``, if given)."""
    os.environ.update({k: os.environ.get(k, v) for k, v in HEADLESS.items()})
    pygame.display.init()
    pygame.font.init()
    try:
        screen, app, scene = _battle(FULL_HD, battlefield)
        image = pygame.Surface(FULL_HD).convert()
        image.fill((40, 44, 64))

        def blit() -> None:
            screen.blit(image, (0, 0))

        def frame() -> None:
            app.update(1 / 60)
            app.draw(screen)

        frames: list[float] = []
        blits: list[float] = []
        repaints: list[float] = []
        for _ in range(20):
            frame()
        for _ in range(repeats):  # interleaved, so both see the same machine load
            start = time.perf_counter()
            frame()
            frames.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            blit()
            blits.append((time.perf_counter() - start) * 1000)
        for _ in range(repeats // 3):
            scene.canvas.last_clean = False  # as after any change on screen
            start = time.perf_counter()
            frame()
            repaints.append((time.perf_counter() - start) * 1000)
        median = statistics.median(frames)
        blit_median = statistics.median(blits)
        return FrameTimes(median, blit_median, median / max(blit_median, 1e-6),
                          statistics.median(repaints))
    finally:
        text.reset()
        pygame.quit()


_RSS_CHILD = """
import resource, sys
from arena.client.bench import _battle
import pygame
pygame.display.init(); pygame.font.init()
screen, app, scene = _battle((1920, 1080), sys.argv[1])
for _ in range(120):
    app.update(1 / 60); app.draw(screen)
scene.camera.rotate(1)
for _ in range(60):
    app.update(1 / 60); app.draw(screen)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(peak / 1024 if sys.platform != "darwin" else peak / 1024 / 1024)
"""


def battle_rss_mb(battlefield: str = "") -> float:
    """Peak RSS (MB) of a fresh process that plays the benchmark battle for a few seconds (on
    the battlefield file ``battlefield``, if given)."""
    env = {**os.environ, **HEADLESS}
    result = subprocess.run([sys.executable, "-c", _RSS_CHILD, battlefield], env=env,
                            capture_output=True, text=True, timeout=120, check=True)
    return float(result.stdout.strip().splitlines()[-1])


_MENU_CHILD = """
import sys, time
from arena.client import app
app.run(["--frames", "1", *sys.argv[1:]],
        on_first_frame=lambda: print(repr(time.time()), flush=True))
"""


def menu_startup_ms(runs: int = 5, options: tuple[str, ...] = ()) -> float:
    """Median wall time (ms) from starting a process to the first frame: the main menu's, or
    with ``options`` (``--battlefield FILE``) a battle's."""
    samples = []
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, **HEADLESS, "ARENA_DATA_DIR": data}
        for _ in range(runs):
            start = time.time()
            result = subprocess.run([sys.executable, "-c", _MENU_CHILD, *options], env=env,
                                    capture_output=True, text=True, timeout=60, check=True)
            first = float(result.stdout.strip().splitlines()[-1])
            samples.append((first - start) * 1000)
    return statistics.median(samples)


Register = Callable[..., Callable[[Callable[[], float]], Callable[[], float]]]


def register(benchmark: Register) -> None:
    """Add the client's rows to a ``scripts/bench.py``-style registry."""
    cache: dict[str, FrameTimes] = {}

    def measured() -> FrameTimes:
        if "frame" not in cache:
            cache["frame"] = battle_frame()
        return cache["frame"]

    @benchmark("battle frame at 1920x1080 (Duel, all figures summoned), median", "ms",
               goal=8)
    def battle_frame_row() -> float:
        return measured().frame_ms

    # The yardstick the next row divides by, printed so the ratio can be checked; its goal is
    # the reference blit row's.
    @benchmark("one full-screen blit at 1920x1080 (same run as the battle frame), median",
               "ms", goal=4)
    def battle_blit_row() -> float:
        return measured().blit_ms

    @benchmark("battle frame / one full-screen blit (same run)", "x", goal=4)
    def battle_ratio_row() -> float:
        return measured().ratio

    @benchmark("battle frame at 1920x1080, full repaint (after any change), median", "ms",
               goal=8)
    def battle_repaint_row() -> float:
        return measured().repaint_ms

    @benchmark("memory in battle (peak RSS, new process)", "MB", goal=300)
    def battle_memory_row() -> float:
        return battle_rss_mb()

    @benchmark("start-up to interactive main menu (new process)", "ms", goal=400)
    def menu_startup_row() -> float:
        return menu_startup_ms()

    field = largest_community_map()
    if field is None:
        return
    folder = tempfile.mkdtemp(prefix="arena-bench-")
    path = os.path.join(folder, f"{field.id}.yaml")
    atomic_write(Path(path), dump_model(field))
    where = f"{field.name}, {len(field.columns)} spaces"

    @benchmark(f"battle frame at 1920x1080 on the largest community map ({where}), median",
               "ms", goal=16)
    def map_frame_row() -> float:
        return battle_frame(battlefield=path).frame_ms

    @benchmark("memory in battle on the largest community map (peak RSS, new process)", "MB",
               goal=300)
    def map_memory_row() -> float:
        return battle_rss_mb(path)

    @benchmark("start-up straight into a battle on the largest community map (new process)",
               "ms", goal=3000)
    def map_startup_row() -> float:
        return menu_startup_ms(3, ("--battlefield", path))
