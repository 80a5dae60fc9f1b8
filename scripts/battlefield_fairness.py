"""The fairness figures of the shipped fields, written into each battlefield's description
(``scripts/build_battlefields.py``): how near each glyph is to the two zones, and how far each
Melee start is from the power spaces. A field that is not fair by these measures is refused,
so the shipped files cannot say "exactly as near" of a glyph one zone reaches sooner.
"""

from __future__ import annotations

from battlefield_parts import coord, melee_starts, zone_access  # the sibling module

from arena.content.battlefield import Battlefield
from arena.content.zone_reach import TOLERANCE, Measure, gaps, glyph_spots, reach
from arena.hexgrid import Hex, distance


def glyph_fairness(bf: Battlefield) -> str:
    """How near each glyph (or glyph space) is to the two zones, from the nearest zone space
    and on average over each zone's spaces (`arena.content.zone_reach`); raises if a zone is
    nearer one."""
    spots = [Hex(*h) for h in bf.glyph_spaces] or [Hex(*g.at) for g in bf.glyphs]
    figures: list[tuple[int, int]] = []
    for spot in spots:
        access = zone_access(bf, spot)
        if len(set(access.values())) != 1:
            raise ValueError(f"{bf.id}: {coord(spot)} is nearer one zone: {access}")
        figures.append(next(iter(access.values())))
    uneven = gaps(reach(bf), glyph_spots(bf))
    if uneven:
        raise ValueError(f"{bf.id}: {'; '.join(g.line() for g in uneven)}")
    first, second = reach(bf)
    what = "glyph space" if bf.glyph_spaces else "glyph"
    nearest = ", ".join(f"[{s.q}, {s.r}] {d} hexes / walk {w}"
                        for s, (d, w) in zip(spots, figures, strict=True))
    means = ", ".join(f"[{s.q}, {s.r}] {first.glyphs[(s.q, s.r)]:.2f} / "
                      f"{second.glyphs[(s.q, s.r)]:.2f}" for s in spots)
    return (f"Point-symmetric: a half-turn about the centre maps the field onto itself and "
            f"swaps the starting zones. Every {what} is exactly as near to both zones from the "
            f"nearest zone space (in hexes / dry walking cost: {nearest}) and as near on "
            f"average within {TOLERANCE[Measure.GLYPH]:g} hex (mean hexes from {first.zone} / "
            f"{second.zone}'s spaces: {means}).")


def melee_fairness(bf: Battlefield) -> str:
    """Each start's distance to the nearest power space, with the spread, and their spacing."""
    starts = melee_starts(bf)
    hexes = [d for d, _ in starts.values()]
    walks = [w for _, w in starts.values()]
    apart = min(distance(a, b) for a in starts for b in starts if a != b)
    return (f"Three-fold symmetric about the central mesa (glyphs and power spaces included). "
            f"Distance from each orange starting space to the nearest power space: min "
            f"{min(hexes)}, max {max(hexes)} hexes (dry walking cost: min {min(walks)}, max "
            f"{max(walks)}); any two starting spaces are at least {apart} hexes apart.")
