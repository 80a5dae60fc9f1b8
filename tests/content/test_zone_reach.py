"""Even starting zones: the mean over every zone space (not the nearest space alone) of its
level and its distance to the centre and to each glyph, and `arena show` calling out a zone
that is nearer a glyph than the other."""

from __future__ import annotations

from pathlib import Path

from arena.content import load_file
from arena.content.battlefield import Battlefield
from arena.content.catalog import project_root
from arena.content.show import render_battlefield
from arena.content.zone_reach import TOLERANCE, Measure, gaps, glyph_spots, reach

ROOT = project_root()
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"
FORMER_YELLOW = [(0, -6), (1, -6), (2, -6), (3, -6), (0, -5), (1, -5), (2, -5)]
"""The Duel's yellow zone before it was centred on the field's north-south line."""


def _duel(path: Path = DUEL) -> Battlefield:
    bf = load_file(path, expect=Battlefield)
    assert isinstance(bf, Battlefield)
    return bf


def _former_duel() -> Battlefield:
    """The Duel as it shipped with its zones one hex west (yellow) and east (orange) of the
    field's centre line: the power glyph at [0, 0] nearer yellow on average."""
    bf = _duel()
    yellow, orange = bf.starting_zones
    return bf.model_copy(update={"starting_zones": [
        yellow.model_copy(update={"spaces": FORMER_YELLOW}),
        orange.model_copy(update={"spaces": [(1 - q, -r) for q, r in FORMER_YELLOW]})]})


def test_the_former_duel_is_uneven_about_the_power_glyph() -> None:
    """The measurement behind the fix: 5.57 hexes from yellow's spaces, 5.86 from orange's."""
    by_zone = {r.zone: r for r in reach(_former_duel())}
    assert round(by_zone["yellow"].glyphs[(0, 0)], 2) == 5.57
    assert round(by_zone["orange"].glyphs[(0, 0)], 2) == 5.86
    found = gaps(list(by_zone.values()), glyph_spots(_former_duel()))
    assert any(g.measure is Measure.GLYPH and "power glyph at [0, 0]" in g.subject
               for g in found)


def test_the_shipped_duel_is_even() -> None:
    """Every glyph as near to both zones on average (and the same size, level and distance
    to the centre), within the stated tolerance."""
    bf = _duel()
    found = gaps(reach(bf), glyph_spots(bf))
    assert not found, [g.line() for g in found]
    by_zone = {r.zone: r for r in reach(bf)}
    assert by_zone["yellow"].glyphs[(0, 0)] == by_zone["orange"].glyphs[(0, 0)]  # power


def test_arena_show_calls_out_a_glyph_nearer_one_zone() -> None:
    text = render_battlefield(_former_duel())
    assert "UNEVEN: the power glyph at [0, 0] is nearer yellow" in text
    assert "yellow 5.57, orange 5.86" in text
    even = render_battlefield(_duel())
    assert "UNEVEN" not in even
    assert "even: no zone is nearer a glyph" in even


def test_the_tolerance_is_stated() -> None:
    assert TOLERANCE[Measure.SIZE] == 0
    assert 0 < TOLERANCE[Measure.GLYPH] < 0.29  # a one-hex shift at two of seven spaces


def test_a_zone_on_a_storey_is_measured_at_its_surface() -> None:
    """A zone space under a bridge stands at the ground's level, one on the deck at the
    deck's; a glyph on the deck is named q,r@level."""
    from arena.content.battlefield import Column, GlyphPlacement, StartingZone

    columns = [Column(at=(q, 0), levels=["land", None, None, None, None, "land"])
               for q in range(3)]
    zone = StartingZone(id="yellow", name="Yellow", colour="#e8c547",
                        spaces=[(0, 0, 1), (1, 0, 6)])
    bf = Battlefield(format="battlefield", id="bridge", name="Bridge",
                     provenance="reconstructed", columns=columns, starting_zones=[zone],
                     glyphs=[GlyphPlacement(at=(2, 0, 6), glyph="power")])
    (measured,) = reach(bf)
    assert measured.height == 3.5  # (1 + 6) / 2
    assert measured.glyphs == {(2, 0, 6): 1.5}
    assert glyph_spots(bf) == {(2, 0, 6): "the power glyph at 2,0@6"}
