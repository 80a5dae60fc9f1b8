"""The movement search's answers (`arena.engine.pathfinding.reachable`): one `Reach` per
position a figure can end on, held in a `Reaches` mapping that makes each `Reach` only when it
is read.

Why lazy: most questions asked of a search want its ends alone -- the legal actions list one
move per end, an AI's threat zones are the ends -- while a `Reach` turns a whole path of hex
numbers back into `Hex` positions. A search that answers sixty ends and has one of them walked
builds one `Reach`, not sixty. The ends, their order and every `Reach` are the search's own,
so nothing a caller sees depends on which were read first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from arena.engine.path_labels import Label
from arena.hexgrid import Hex

__all__ = ["Position", "Reach", "Reaches"]

Position: TypeAlias = Hex | tuple[Hex, Hex]
"""A single-space figure's hex, or a double-space figure's (leading hex, trailing hex)."""


@dataclass(frozen=True, slots=True)
class Reach:
    """One legal move: its end (`path[-1]`), what it costs and what it sets off.

    `cost` counts spaces as the guide does (climbs, leaving water, scaling). `provokes` lists the
    opposing figures that get a leaving-engagement attack, in the order they happen, and
    `provoke_steps[i]` is the index in `path` of the position the mover stepped onto when
    `provokes[i]` attacked. `falls` lists each fall check as (position landed on, levels
    dropped), with `fall_steps` likewise; drops into water are not falls. `road` says the whole
    move, start included, was on road, so the move number was 3 higher (how `cost` can exceed
    it).
    `stopped_by_glyph` asks the engine to turn the glyph ability-side up and apply it at once.
    """

    cost: int
    path: tuple[Position, ...]
    provokes: tuple[str, ...] = ()
    provoke_steps: tuple[int, ...] = ()
    falls: tuple[tuple[Position, int], ...] = ()
    fall_steps: tuple[int, ...] = ()
    ends_in_water: bool = False
    stopped_by_glyph: bool = False
    road: bool = False

    @property
    def end(self) -> Position:
        """Where the figure ends its move."""
        return self.path[-1]


def public(hexes: Sequence[Hex], pos: tuple[int, ...]) -> Position:
    """A search position (hex numbers) as callers see it: a `Hex`, or a (leading, trailing)
    pair."""
    return hexes[pos[0]] if len(pos) == 1 else (hexes[pos[0]], hexes[pos[1]])


def reach_of(label: Label, hexes: Sequence[Hex], water: Sequence[bool],
             glyphs: frozenset[int], flying: bool) -> Reach:
    """The `Reach` of the label a search settled at its end: ``hexes`` and ``water`` are the
    board's terrain table columns, ``glyphs`` the hex numbers under glyphs."""
    end = label.pos
    glyph = label.glyph
    if flying:
        # A flier lands only where it ends; landing there on a glyph stops it.
        glyph = any(n in glyphs for n in end)
    return Reach(
        cost=label.cost,
        path=tuple(public(hexes, p) for p in label.path),
        provokes=label.provokes,
        provoke_steps=label.provoke_steps,
        falls=tuple((public(hexes, p), drop) for p, drop in label.falls) if label.falls else (),
        fall_steps=label.fall_steps,
        ends_in_water=all(water[n] for n in end),
        stopped_by_glyph=glyph,
        road=label.road,
    )


class Reaches(Mapping[Position, Reach]):
    """Position -> `Reach`, in the order the search settled the ends; each `Reach` is made on
    first reading and kept. Read-only, like the dict it stands for (and pickled as one)."""

    __slots__ = ("_built", "_flying", "_glyphs", "_hexes", "_labels", "_water")

    def __init__(self, labels: dict[Position, Label], hexes: Sequence[Hex],
                 water: Sequence[bool], glyphs: frozenset[int], flying: bool) -> None:
        self._labels = labels
        self._built: dict[Position, Reach] = {}
        self._hexes = hexes
        self._water = water
        self._glyphs = glyphs
        self._flying = flying

    def __getitem__(self, position: Position) -> Reach:
        found = self._built.get(position)
        if found is None:
            label = self._labels[position]  # KeyError: not an end, as a dict says
            found = self._built[position] = reach_of(
                label, self._hexes, self._water, self._glyphs, self._flying)
        return found

    def __contains__(self, position: object) -> bool:
        return position in self._labels

    def __iter__(self) -> Iterator[Position]:
        return iter(self._labels)

    def __len__(self) -> int:
        return len(self._labels)

    def __repr__(self) -> str:
        return f"Reaches({dict(self.items())!r})"

    def __reduce__(self) -> tuple[type[dict[Position, Reach]], tuple[dict[Position, Reach]]]:
        # Pickled as the plain dict it stands for: a copy has no terrain table to carry.
        return (dict, (dict(self.items()),))
