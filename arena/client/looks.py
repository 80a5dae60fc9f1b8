"""How an imported battlefield looks beyond its rules: each level's Heroscape surface and each
obstacle's look (`arena.content.battlefield.Column.surfaces`, `Obstacle.look`), as the
renderer (`arena.client.terrain`) draws them. No pygame here: the content side of the client
builds these without a window."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from arena.hexgrid import Hex

__all__ = ["FOLIAGE", "WATERY", "TerrainLooks"]

WATERY = frozenset({"water", "swampWater", "wellspringWater", "toxicWater"})
"""Surfaces of water tiles (the others are land tiles' or land-played fluids')."""
FOLIAGE = frozenset({"tree", "snowTree", "palm", "brush", "shroudshroom"})
"""Obstacle looks drawn as plants rather than as prisms."""


@dataclass(frozen=True)
class TerrainLooks:
    """How an imported battlefield looks beyond its rules: each column's surface per level
    (bottom first, None where a level has none) and each obstacle's look by obstacle id."""

    surfaces: Mapping[Hex, tuple[str | None, ...]] = field(default_factory=dict)
    obstacles: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, columns: Iterable[tuple[tuple[int, int], Sequence[str | None],
                                         Sequence[str | None] | None]],
           obstacles: Iterable[tuple[str, str | None]]) -> TerrainLooks:
        """Looks from (coordinate, levels, surfaces) and (obstacle id, look) pairs. A level
        without a surface in a column that has some (land filled in under a higher tile)
        takes the nearest one of its kind below, else above, so a hill reads as one."""
        surfaces = {}
        for at, levels, looks in columns:
            if looks and any(looks):
                surfaces[Hex(*at)] = _filled(levels, looks)
        return cls(surfaces, {ident: look for ident, look in obstacles if look})


def _filled(levels: Sequence[str | None], looks: Sequence[str | None]) -> tuple[str | None, ...]:
    out = [looks[i] if i < len(looks) else None for i in range(len(levels))]
    for i, terrain in enumerate(levels):
        if terrain is None or out[i] is not None:
            continue
        wet = terrain == "water"
        kin = [j for j in (*range(i - 1, -1, -1), *range(i + 1, len(levels)))
               if (found := looks[j] if j < len(looks) else None) is not None
               and (found in WATERY) == wet]
        out[i] = looks[kin[0]] if kin else None
    return tuple(out)
