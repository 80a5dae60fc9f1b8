"""The movement search's records (`arena.engine.pathfinding`): positions as hex numbers,
steps between them, and labels -- the ways of reaching a position the search compares.

Kept apart from the rules so each module stays readable; nothing outside the search uses them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

__all__ = ["Label", "Pushed", "SearchPos", "Step", "beaten"]

SearchPos: TypeAlias = tuple[int, ...]
"""A position as a tuple of 1 or 2 hex numbers (`TerrainTable`; leading first): one shape for
both kinds of figure, hashed and compared at the speed of ints."""


@dataclass(frozen=True, slots=True)
class Step:
    """A legal change of position and the ways of paying for it.

    `options` holds (cost, levels dropped in a fall check or 0): usually one, two where a
    cryptolith can be scaled or taken the normal way."""

    target: SearchPos
    flip: bool
    options: tuple[tuple[int, int], ...] = ()
    stops: bool = False
    glyph: bool = False
    road: bool = False
    """Every space of the target is road (Shadows over Innistrad "Road spaces")."""
    flat: tuple[int, ...] = ()
    """The target's hexes' coordinates, flattened (what `Label.order` grows by)."""


@dataclass(slots=True, eq=False)
class Label:
    """One way of reaching a position: a node of the multi-criteria search. Never changed once
    made (not frozen only because a frozen record is slower to make, and the search makes
    thousands)."""

    pos: SearchPos
    cost: int
    path: tuple[SearchPos, ...]
    order: tuple[int, ...]
    provokes: tuple[str, ...]
    provoke_steps: tuple[int, ...]
    falls: tuple[tuple[SearchPos, int], ...]
    fall_steps: tuple[int, ...]
    road: bool
    stopped: bool
    glyph: bool
    moved: bool

    def key(self) -> tuple[int, int, int, bool, tuple[int, ...]]:
        """Search order: fewest leaving-engagement attacks, then falls, then spaces; among equals
        a road label first (it may go further), then the smaller path so results reproduce.
        `order` is the path flattened to its hexes' coordinates: the same order as comparing
        the positions, at the speed of comparing ints."""
        return (len(self.provokes), len(self.falls), self.cost, not self.road, self.order)

    def state(self) -> tuple[SearchPos, bool, bool, bool, bool]:
        """What decides how a label can continue; labels are compared only within a state."""
        return (self.pos, self.road, self.stopped, self.glyph, self.moved)

    def dominates(self, other: Label) -> bool:
        return (
            len(self.provokes) <= len(other.provokes)
            and len(self.falls) <= len(other.falls)
            and self.cost <= other.cost
        )


Pushed: TypeAlias = Mapping[tuple[SearchPos, bool, bool, bool, bool], list[Label]]
"""The labels a search has pushed, by `Label.state`."""


def beaten(rivals: Sequence[Label], provokes: int, falls: int, cost: int,
           order: tuple[int, ...]) -> bool:
    """Whether a new label with these counts and path order would be dropped by the search
    anyway: a rival in its state is no worse on every count and comes first in the search
    order (`Label.key`; same state, same road), so by the time the new label is taken from
    the heap the rival -- or a label that dropped the rival, and so dominates the new one
    too -- is settled and drops it."""
    for o in rivals:
        o_provokes, o_falls, o_cost = len(o.provokes), len(o.falls), o.cost
        if o_provokes <= provokes and o_falls <= falls and o_cost <= cost and (
                o_provokes < provokes or o_falls < falls or o_cost < cost or o.order < order):
            return True
    return False
