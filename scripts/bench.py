"""Measure Arena's performance figures and print them as a markdown table (``make bench``).

Why a registry: each figure is a function registered with ``@benchmark(name, unit, goal)``,
so later work adds rows (engine throughput, AI decision time, ...) by adding one decorated
function, without touching the runner or the output format. A function returns one
measured value in its unit; the runner prints ``| figure | value | goal |`` rows.

Runs headless (SDL's dummy video driver) and in well under 30 s on a 2-core machine.
pygame is imported only inside the figures that draw, so rows for the headless engine and
AI will measure them without SDL loaded.
``--check`` makes the exit code 1 when a figure misses its goal; ``--only TEXT`` runs the
figures whose name contains TEXT.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

# Set before anything imports pygame: no window, no sound device, no banner.
HEADLESS_ENV = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
for _key, _value in HEADLESS_ENV.items():
    os.environ.setdefault(_key, _value)

FULL_HD = (1920, 1080)


@dataclass(frozen=True)
class Benchmark:
    """One row of the table: what is measured, in which unit, and the value to stay within."""

    name: str
    unit: str
    goal: float
    func: Callable[[], float]
    lower_is_better: bool = True

    def meets_goal(self, value: float) -> bool:
        return value <= self.goal if self.lower_is_better else value >= self.goal

    def goal_text(self) -> str:
        sign = "≤" if self.lower_is_better else "≥"
        return f"{sign} {self.goal:g} {self.unit}"


BENCHMARKS: list[Benchmark] = []


def benchmark(
    name: str, unit: str, goal: float, *, lower_is_better: bool = True
) -> Callable[[Callable[[], float]], Callable[[], float]]:
    """Register the decorated function as a row of the table (in definition order)."""

    def register(func: Callable[[], float]) -> Callable[[], float]:
        BENCHMARKS.append(Benchmark(name, unit, goal, func, lower_is_better))
        return func

    return register


def format_value(value: float) -> str:
    """Enough digits to compare runs, no false precision."""
    if value >= 100:
        return f"{value:.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def median_ms(func: Callable[[], object], repeats: int, warmup: int = 1) -> float:
    """Median wall time of ``func()`` in milliseconds: robust to one slow outlier."""
    for _ in range(warmup):
        func()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


@contextmanager
def headless_display(size: tuple[int, int]) -> Iterator[pygame.Surface]:
    """A pygame display of ``size`` on the dummy driver, with fonts; shut down afterwards."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        yield pygame.display.set_mode(size)
    finally:
        pygame.quit()


# --------------------------------------------------------------------------- figures

# Child process for the start-up figure: it reports the wall-clock time of its first frame,
# so the figure covers interpreter start, imports, window creation and the first draw.
_FIRST_FRAME_CHILD = """
import time
from arena.client import app
app.run(["--frames", "1"], on_first_frame=lambda: print(repr(time.time()), flush=True))
"""


@benchmark("client start-up to first frame (new process)", "ms", goal=1000)
def client_startup() -> float:
    env = {**os.environ, **HEADLESS_ENV}
    samples = []
    for _ in range(5):
        start = time.time()
        result = subprocess.run(
            [sys.executable, "-c", _FIRST_FRAME_CHILD],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        first_frame = float(result.stdout.strip().splitlines()[-1])
        samples.append((first_frame - start) * 1000)
    return statistics.median(samples)


@benchmark("one full-screen blit at 1920x1080 (reference)", "ms", goal=4)
def full_screen_blit() -> float:
    import pygame

    with headless_display(FULL_HD) as screen:
        image = pygame.Surface(FULL_HD).convert()
        image.fill((40, 44, 64))
        return median_ms(lambda: screen.blit(image, (0, 0)), repeats=100, warmup=5)


# The battle screen's rows (frame time, its ratio to the blit above, memory, start-up to the
# main menu) live with the client: arena/client/bench.py.
from arena.client import bench as client_bench  # noqa: E402 - after the headless env is set

client_bench.register(benchmark)


@benchmark("engine: random-play game of the shipped Duel (median of 7)", "ms", goal=15)
def engine_duel_game() -> float:
    """The Duel scenario and battlefield as shipped, Gideon's premade against Jace's."""
    from arena.content.catalog import load_catalog, shipped_content_paths
    from arena.content.to_engine import game_from_content
    from arena.engine.testkit import play_random

    catalog = load_catalog(shipped_content_paths())
    scenario = catalog.scenarios["the-duel"]
    field = catalog.battlefields[scenario.battlefield]
    armies = [catalog.armies["gideon-premade"], catalog.armies["jace-premade"]]
    times = []
    for seed in range(7):
        game = game_from_content(scenario, field, armies, seed=seed, catalog=catalog)
        start = time.perf_counter()
        play_random(game, seed)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


@benchmark("engine: legal-action generation, cold caches", "per s", goal=10000,
           lower_is_better=False)
def engine_legal_actions() -> float:
    from arena.engine.bench import bench_legal_actions

    return bench_legal_actions().value


@benchmark("engine: game state clone", "us", goal=50)
def engine_clone() -> float:
    from arena.engine.bench import bench_clone

    return bench_clone().value


@benchmark("engine: line-of-sight queries between figures", "per s", goal=10000,
           lower_is_better=False)
def engine_line_of_sight() -> float:
    from arena.engine.bench import bench_line_of_sight

    return bench_line_of_sight().value


@benchmark("content: geometry check of a 1,951-hex battlefield (median of 5)", "ms", goal=1000)
def content_geometry_check() -> float:
    """The Shapely checks of a battlefield far larger than any shipped or community map."""
    from arena.content.battlefield import Battlefield
    from arena.content.geometry import check_battlefield
    from arena.content.yamlio import Document
    from arena.hexgrid import Hex, spiral

    columns = [{"at": [h.q, h.r], "levels": ["land"]} for h in spiral(Hex(0, 0), 25)]
    data = {"format": "battlefield", "id": "big", "name": "Big", "provenance": "reconstructed",
            "columns": columns, "starting_zones": [
                {"id": "yellow", "name": "Yellow", "colour": "#e8c547", "spaces": [[0, 0]]},
                {"id": "orange", "name": "Orange", "colour": "#e8842c", "spaces": [[1, 0]]}]}
    field = Battlefield.model_validate(data)
    return median_ms(lambda: check_battlefield(field, Document("big.yaml", data, {})), 5)


# AI decision times per level (median and maximum) live with the AI: arena/ai/bench.py.
from arena.ai import bench as ai_bench  # noqa: E402

ai_bench.register(benchmark)


# --------------------------------------------------------------------------- runner


def run(selected: list[Benchmark]) -> list[tuple[Benchmark, float]]:
    """Each figure in turn. Before each, what the earlier ones left in memory is collected
    and frozen out of the garbage collector (`gc.freeze`), so a figure does not pay for
    sweeping another's heap: the engine's rows, which allocate a great deal, ran about a
    third slower after the client's rows than on their own."""
    results = []
    for bench in selected:
        gc.collect()
        gc.freeze()
        results.append((bench, bench.func()))
    return results


def render_table(results: list[tuple[Benchmark, float]]) -> str:
    lines = ["| figure | value | goal |", "| --- | ---: | ---: |"]
    for bench, value in results:
        mark = "" if bench.meets_goal(value) else " ⚠"
        lines.append(
            f"| {bench.name} | {format_value(value)} {bench.unit}{mark} | {bench.goal_text()} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", metavar="TEXT", help="run figures whose name contains TEXT")
    parser.add_argument("--check", action="store_true", help="exit 1 if a goal is missed")
    args = parser.parse_args(argv)

    selected = [b for b in BENCHMARKS if not args.only or args.only.lower() in b.name.lower()]
    if not selected:
        parser.error(f"no figure matches {args.only!r}")
    started = time.perf_counter()
    results = run(selected)
    print(render_table(results))

    import pygame

    print(
        f"\nPython {sys.version.split()[0]}, pygame-ce {pygame.version.ver} "
        f"(SDL {'.'.join(map(str, pygame.get_sdl_version()))}), "
        f"video driver {os.environ['SDL_VIDEODRIVER']}, {os.cpu_count()} CPUs; "
        f"measured in {time.perf_counter() - started:.1f} s. ⚠ marks a missed goal."
    )
    missed = [bench.name for bench, value in results if not bench.meets_goal(value)]
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
