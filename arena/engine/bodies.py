"""Figures as solid bodies on the battlefield, for the geometric rules (sight, engagement).

A `Body` is what line of sight and engagement need to know about a figure standing somewhere:
which hex(es) its base covers, the level its base rests on, how many levels tall it is, and the
two army-card marks used for sight -- the target point (where it looks from) and the hit zone
(the part of it that can be attacked). It holds no game state (life, owner, orders): the rules
layer builds bodies from the game state and hands them to `arena.engine.sight` and
`arena.engine.engagement`, which must stay pure geometry.

Heights are in levels, measured from the base: a body of height 4 standing on level 2 fills the
band [2, 6] of its hex column(s).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.engine.board import Board
from arena.hexgrid import Hex, distance


@dataclass(frozen=True, slots=True)
class Body:
    """One figure standing on the battlefield, as the geometric rules see it.

    ``hexes`` holds one hex, or two adjacent hexes for a double-space figure. ``base`` is the
    level its base rests on (`Board.surface` of its space -- not the water-lowered
    `Board.base_height`, which only matters for height advantage). ``height`` is the size/height
    number of the army card (guide "Army cards and spell cards overview": "the number of
    levels high").
    ``target_point`` and ``hit_zone`` are the army card's green dot and dark grey area (same
    overview, G and H), in levels above the base.
    """

    figure_id: str
    hexes: tuple[Hex, ...]
    base: float
    height: int
    target_point: float
    hit_zone: tuple[float, float]

    def __post_init__(self) -> None:
        # Reject impossible bodies here so sight and engagement never have to.
        if len(self.hexes) not in (1, 2):
            raise ValueError(f"{self.figure_id}: a figure covers 1 or 2 hexes, got {self.hexes}")
        if len(self.hexes) == 2 and distance(self.hexes[0], self.hexes[1]) != 1:
            raise ValueError(f"{self.figure_id}: a double-space figure's hexes must be adjacent")
        if self.height <= 0:
            raise ValueError(f"{self.figure_id}: height must be positive, got {self.height}")
        bottom, top = self.hit_zone
        if not 0.0 <= bottom <= top:
            raise ValueError(f"{self.figure_id}: hit zone must satisfy 0 <= bottom <= top")

    @classmethod
    def standing(
        cls,
        board: Board,
        figure_id: str,
        hexes: Iterable[Hex],
        height: int,
        target_point: float,
        hit_zone: tuple[float, float],
    ) -> Body:
        """A body standing on ``hexes`` of ``board``, its base read from the board.

        A double-space figure straddling two levels rests on the higher one (its base sits on
        the higher tile and overhangs the lower), so the base is the highest surface.
        """
        spaces = tuple(hexes)
        base = float(max(board.surface(h) for h in spaces)) if spaces else 0.0
        return cls(figure_id, spaces, base, height, target_point, hit_zone)

    def occupies(self, hex_: Hex) -> bool:
        """Whether the figure's base covers ``hex_``."""
        return hex_ in self.hexes

    @property
    def top(self) -> float:
        """The level of the top of the figure: base plus height."""
        return self.base + self.height


def is_adjacent(a: Body, b: Body) -> bool:
    """Whether two figures are adjacent as the rules mean it: the one notion that engagement
    (`arena.engine.engagement`), the attack's sight exemption (`arena.engine.combat`) and
    abilities saying "adjacent" (`arena.engine.abilities.selectors`) all use.

    Two conditions. The hexes touch: any hex of one neighbours any hex of the other (guide,
    Action 4 "Range": "a double-space figure can attack from either space it occupies"). And
    neither stands too high above the other -- guide, Action 3 "Becoming engaged": "An
    exception is when one figure's base is on a level equal to or higher than the height of
    the other figure. In this case, they are not adjacent and therefore are not engaged (see
    Example 11)." Example 11 puts the Pummelroot Elemental on a ledge "four levels high, and
    is equal to Chandra's height of 4": the ledge is measured from the level Chandra stands
    on, so the test is relative -- not adjacent when ``upper.base - lower.base >=
    lower.height``. Bases are `Body.base` (the surface stood on); water's half-level only
    matters for height advantage. An obstacle between two adjacent figures keeps them from
    being engaged but not from being adjacent (the guide says "not engaged", not "not
    adjacent"): that exception lives in `arena.engine.engagement`."""
    if not any(distance(ha, hb) == 1 for ha in a.hexes for hb in b.hexes):
        return False
    return a.base - b.base < b.height and b.base - a.base < a.height
