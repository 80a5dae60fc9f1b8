"""Small builders for tests, puzzles and benchmarks: cards, tiny battlefields, random play.

Not used by the rules. Tests of the core (and later of spells and abilities) build positions
with these instead of loading content: `planeswalker`, `squad` and `spell` make plain cards
with sensible defaults; `board` builds a battlefield from ``{hex: spec}`` where a spec is a
number of land levels, ``"w<n>"`` (n levels, water on top), ``"r<n>"`` (road on top) or
``"x<n>"`` (weirded ground on top);
`hex_field` is a flat round battlefield with two starting zones; `random_policy` and
`play_random` drive random games for soak tests and benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from arena.engine.actions import Action, EndTurn
from arena.engine.board import Board, ObstacleSpec
from arena.engine.defs import (
    ArmyCardData,
    FieldSetup,
    GlyphSpec,
    HitZoneData,
    SpellCardData,
    ZoneSpec,
)
from arena.engine.game import Game
from arena.hexgrid import Hex, spiral

__all__ = [
    "board",
    "hex_field",
    "levels",
    "planeswalker",
    "play_random",
    "random_policy",
    "spell",
    "squad",
]


def planeswalker(id: str = "gideon", **changes: Any) -> ArmyCardData:
    """A Planeswalker card (Gideon's numbers unless changed)."""
    base: dict[str, Any] = dict(
        name=id.replace("-", " ").title(), kind="planeswalker", unique=True, figures=1,
        life=6, move=6, range=1, attack=3, defense=5, height=5, cost=350,
        price_per_figure=350, target_point=4.5, hit_zone=HitZoneData(1.0, 4.5),
    )
    base.update(changes)
    return ArmyCardData(id, **base)


def squad(id: str = "rhox", **changes: Any) -> ArmyCardData:
    """A common squad card of three figures (Rhox Veterans' numbers unless changed)."""
    base: dict[str, Any] = dict(
        name=id.replace("-", " ").title(), kind="squad", unique=False, figures=3, life=3,
        move=5, range=1, attack=3, defense=2, height=5, cost=90, price_per_figure=30,
        target_point=4.5, hit_zone=HitZoneData(1.0, 4.5),
    )
    base.update(changes)
    return ArmyCardData(id, **base)


def spell(id: str = "bolt", **changes: Any) -> SpellCardData:
    """A spell card (no effect: the spells module owns effects)."""
    base: dict[str, Any] = dict(name=id.replace("-", " ").title(), colour="white",
                                type="sorcery", cost=10)
    base.update(changes)
    return SpellCardData(id, **base)


Cell = int | str | Sequence[str | None]
"""One column of a test board (see `levels`)."""


def levels(spec: Cell) -> list[str | None]:
    """Levels of one column: an int is that many land levels; ``w<n>``/``r<n>``/``x<n>``: n
    levels with water/road/weirded ground on top; a list is the levels themselves (None for a
    gap: a bridge or a roof over the levels below)."""
    if not isinstance(spec, (int, str)):
        return list(spec)
    if isinstance(spec, int):
        return ["land"] * spec
    kind = {"w": "water", "r": "road", "x": "weirded"}[spec[0]]
    count = int(spec[1:])
    return [*(["land"] * (count - 1)), kind]


def board(cells: Mapping[Hex, Cell], obstacles: Iterable[ObstacleSpec] = ()) -> Board:
    """A board from ``{hex: spec}`` (see `levels`)."""
    return Board.build({h: levels(s) for h, s in cells.items()}, obstacles)


def hex_field(
    radius: int = 6,
    zones: Iterable[ZoneSpec] | None = None,
    glyphs: Iterable[GlyphSpec] = (),
    cells: Mapping[Hex, Cell] | None = None,
    obstacles: Iterable[ObstacleSpec] = (),
    power_spaces: Iterable[Hex] = (),
) -> FieldSetup:
    """A round battlefield of flat land (``cells`` override columns), with a yellow zone at
    the top and an orange one at the bottom unless zones are given."""
    spec: dict[Hex, Cell] = {h: 1 for h in spiral(Hex(0, 0), radius)}
    spec.update(cells or {})
    if zones is None:
        top = tuple(h for h in spiral(Hex(0, -radius + 1), 1) if h in spec)
        bottom = tuple(h for h in spiral(Hex(0, radius - 1), 1) if h in spec)
        zones = (ZoneSpec("yellow", top, 1, "Yellow"), ZoneSpec("orange", bottom, 1, "Orange"))
    return FieldSetup(board(spec, obstacles), tuple(glyphs), tuple(zones), tuple(power_spaces))


def random_policy(rnd: random.Random, end_turn_weight: float = 0.1) -> Any:
    """A policy for random play that ends turns only now and then (so games move, summon,
    attack), choosing uniformly among the other legal actions."""

    def choose(actions: list[Action]) -> Action:
        others = [a for a in actions if not isinstance(a, EndTurn)]
        if not others or rnd.random() < end_turn_weight:
            return actions[rnd.randrange(len(actions))]
        return others[rnd.randrange(len(others))]

    return choose


def play_random(game: Game, seed: int, max_actions: int = 100000,
                end_turn_weight: float = 0.1) -> int:
    """Play random legal actions until the game ends; return how many were applied."""
    choose = random_policy(random.Random(seed), end_turn_weight)
    n = 0
    while game.outcome() is None and n < max_actions:
        game.apply(choose(game.legal_actions()))
        n += 1
    return n
