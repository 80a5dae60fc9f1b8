"""Engine benchmarks (functions only; no timed tests): ``python -m arena.engine.bench``.

Each returns a `BenchResult` (name, value, unit, goal) so ``make bench`` can collect rows:

- `bench_duel_game`: median wall time of a full random-play Duel (2 players, premade-like
  armies, 30-turn limit) on a reconstructed duel field -- goal <= 1 s;
- `bench_legal_actions`: legal-action generations per second from positions met in random
  games (fresh caches each time: what a search pays per new state);
- `bench_clone`: microseconds per `Game.clone`;
- `bench_line_of_sight`: line-of-sight queries per second between figures of those games.

The engine never imports the content layer, so the armies here are `testkit` cards with the
shipped premade armies' numbers.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from arena.engine.board import ObstacleSpec
from arena.engine.defs import ArmyCardData, FieldSetup, GlyphSpec, ScenarioRules
from arena.engine.game import Game, new_game
from arena.engine.move_action import clear_caches
from arena.engine.testkit import hex_field, planeswalker, play_random, random_policy, squad
from arena.hexgrid import Hex

__all__ = [
    "BenchResult",
    "bench_clone",
    "bench_duel_game",
    "bench_legal_actions",
    "bench_line_of_sight",
    "duel_game",
    "main",
    "run_all",
]


@dataclass(frozen=True)
class BenchResult:
    """One benchmark row."""

    name: str
    value: float
    unit: str
    goal: str = ""

    def line(self) -> str:
        """A printable row."""
        return f"{self.name:<34} {self.value:>12.3f} {self.unit:<10} {self.goal}"


def duel_field() -> FieldSetup:
    """A duel field like the practice field: a hill, water, two ruins, three glyphs."""
    cells: dict[Hex, int | str] = {h: 3 for h in (Hex(0, 0), Hex(1, 0), Hex(0, 1), Hex(-1, 0),
                                                  Hex(0, -1), Hex(1, -1), Hex(-1, 1))}
    cells.update({Hex(2, -3): "w1", Hex(3, -3): "w1", Hex(-2, 3): "w1", Hex(-3, 3): "w1"})
    ruins = [ObstacleSpec("ruin-a", "ruin", (Hex(3, 0), Hex(4, -1)), 6),
             ObstacleSpec("ruin-b", "ruin", (Hex(-3, 0), Hex(-4, 1)), 6)]
    glyphs = [GlyphSpec(Hex(0, 0), "power"), GlyphSpec(Hex(-5, 2), "movement"),
              GlyphSpec(Hex(5, -2), "toughness")]
    return hex_field(radius=7, cells=cells, obstacles=ruins, glyphs=glyphs)


def duel_armies() -> list[list[ArmyCardData]]:
    """Gideon, Rhox Veterans, Kor Hookmasters against Jace, Leyline Phantoms, Projections."""
    white = [planeswalker("gideon"), squad("rhox-veterans"),
             squad("kor-hookmasters", range=3, height=4, price_per_figure=20)]
    blue = [planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4,
                         price_per_figure=340),
            squad("leyline-phantoms", unique=True, move=6, defense=5, price_per_figure=31),
            squad("illusionary-projections", life=2, range=6, height=4, price_per_figure=21)]
    return [white, blue]


def duel_game(seed: int) -> Game:
    """A new Duel (30 player-turns, destroy the Planeswalker)."""
    sc = ScenarioRules(id="duel", name="The Duel", turn_limit=((2, 30),))
    return new_game(sc, duel_field(), duel_armies(), seed=seed)


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_duel_game(games: int = 7) -> BenchResult:
    """Median seconds for a full random-play Duel."""
    times = []
    for seed in range(games):
        game = duel_game(seed)
        times.append(_timed(lambda g=game, s=seed: play_random(g, s)))  # type: ignore[misc]
    return BenchResult("duel game (random play)", statistics.median(times), "s", "<= 1 s")


def _positions(count: int) -> list[Game]:
    out: list[Game] = []
    rnd = random.Random(1)
    for seed in range(4):
        game = duel_game(seed)
        choose = random_policy(random.Random(seed))
        while game.outcome() is None and len(out) < count * (seed + 1) // 4:
            game.apply(choose(game.legal_actions()))
            if rnd.random() < 0.3:
                out.append(game.clone())
    return out


def bench_legal_actions(positions: int = 240, repeats: int = 5) -> BenchResult:
    """Legal-action generations per second (fresh state caches), the median of ``repeats``
    timings of every position: one pass over a few dozen positions takes some tens of
    milliseconds, which a single scheduling hiccup or garbage collection can halve."""
    games = _positions(positions)
    rates = []
    for _ in range(repeats):
        clones = [g.clone() for g in games]
        for clone in clones:  # a copy starts with its original's cache: start cold
            clone.state.cache.clear()
        clear_caches()
        seconds = _timed(lambda c=clones: [g.legal_actions() for g in c])  # type: ignore[misc]
        rates.append(len(clones) / seconds)
    return BenchResult("legal actions", statistics.median(rates), "per s")


def bench_clone(copies: int = 2000) -> BenchResult:
    """Microseconds per clone of a mid-game state."""
    game = _positions(8)[-1]
    seconds = _timed(lambda: [game.clone() for _ in range(copies)])
    return BenchResult("clone", seconds / copies * 1e6, "us")


def bench_line_of_sight(pairs: int = 3000) -> BenchResult:
    """Line-of-sight queries per second between figures on the battlefield."""
    games = [g for g in _positions(40) if len(g.state.on_battlefield()) >= 2]
    queries: list[tuple[Game, str, str]] = []
    for g in games:
        figs = g.state.on_battlefield()
        queries.extend((g, a, b) for a in figs for b in figs if a != b)
    queries = (queries * (pairs // max(1, len(queries)) + 1))[:pairs]
    seconds = _timed(lambda: [g.sight(a, b) for g, a, b in queries])
    return BenchResult("line of sight", len(queries) / seconds, "per s")


def run_all() -> list[BenchResult]:
    """Every engine benchmark."""
    return [bench_duel_game(), bench_legal_actions(), bench_clone(), bench_line_of_sight()]


def main() -> None:
    """Print the table."""
    for result in run_all():
        print(result.line())


if __name__ == "__main__":
    main()
