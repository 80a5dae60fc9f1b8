"""The importer keeps the gaps (issue #33): a bridge over a river, an overhang, a tunnel's roof.

Until issue #33 a figure stood on the top of its column, so ``arena import-map`` filled every
empty space under a higher tile with land. Measured on the code before the change, the shipped
community maps had these spaces filled: The Howling Pass 4, Vacant Post of Ostrivick 3,
Welcome 6, The Hidden Fount 6, The Regenerated River 12, Uncharted Isle 25, ladders 19 (the
others none). Now nothing is filled that no piece fills: those very spaces are gaps, and where
a gap lies between two runs of tiles the column has several surfaces (The Howling Pass 1
column, The Regenerated River 4, Uncharted Isle 7, Welcome 1; the gaps of Ostrivick, The
Hidden Fount and ladders are overhangs over the bare table, one surface each). The only land
still laid where no tile is is the ground of an obstacle standing on the bare table (noted in
the report). Zones and glyphs on a lower surface survive an export and an import.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arena.content import load_file
from arena.content.battlefield import (
    Battlefield,
    Column,
    GlyphPlacement,
    PowerSpace,
    StartingZone,
)
from arena.content.locations import community_maps
from arena.content.mapfiles import MapPiece, write_json
from arena.content.mapimport import import_map
from arena.content.mapio_cli import run_export, run_import
from arena.content.piece_rules import RULES, Meaning
from arena.content.pieces import PIECES, piece_hexes
from arena.content.storeys import Spaces
from arena.content.writer import dump_model
from arena.hexgrid import Hex

COMMUNITY = sorted(p for p in community_maps().iterdir() if p.suffix in (".json", ".hsc"))

FILLED_BEFORE = {
    "AoA_3_The_Howling_Pass.json": 4, "Web_3_Vacant_Post_of_Ostrivick.json": 3,
    "Welcome.json": 6, "Web_5_The_Hidden_Fount.json": 6,
    "Web_1_The_Regenerated_River.json": 12, "Web_2_Uncharted_Isle.json": 25,
    "ladders.hsc": 19,
}
"""Spaces the importer filled with land before issue #33 (its report's count)."""

SEVERAL_SURFACES = {
    "AoA_3_The_Howling_Pass.json": 1, "Web_1_The_Regenerated_River.json": 4,
    "Web_2_Uncharted_Isle.json": 7, "Welcome.json": 1,
}
"""Columns with several surfaces now (every other shipped community map has none)."""


def _laid(bf: Battlefield) -> set[tuple[tuple[int, int], int]]:
    """Every (column, level) a land or water piece of `bf` lays a tile on."""
    out: set[tuple[tuple[int, int], int]] = set()
    for piece in bf.pieces:
        if RULES[PIECES[piece.piece].terrain].meaning in (Meaning.LAND, Meaning.WATER):
            out.update(((h.q, h.r), piece.on_level + 1)
                       for h in piece_hexes(piece.piece, Hex(*piece.at), piece.rotation))
    return out


def _gaps(bf: Battlefield) -> int:
    """Empty levels under a higher tile."""
    return sum(1 for c in bf.columns for n in range(c.top - 1) if c.levels[n] is None)


@pytest.mark.parametrize("path", COMMUNITY, ids=[p.name for p in COMMUNITY])
def test_every_community_map_imports_with_nothing_filled(path: Path) -> None:
    bf, lines = import_map(path, "map")
    assert not any("filled" in line for line in lines), lines
    laid = _laid(bf)
    grounds = {at for o in bf.obstacles for at in o.footprint}
    added = [(c.at, n + 1) for c in bf.columns for n, t in enumerate(c.levels)
             if t is not None and (c.at, n + 1) not in laid]
    assert all(at in grounds for at, _ in added), added  # an obstacle's ground alone
    assert _gaps(bf) == FILLED_BEFORE.get(path.name, 0)
    assert Spaces.of(bf.columns).storeyed() == SEVERAL_SURFACES.get(path.name, 0)


def _bridge_map(tmp_path: Path) -> Path:
    """A river crossed by a bridge, by hand: ground at level 1 (water at [2, 0]), supports at
    level 2, a deck at level 3 over the river and over the ground at [3, 0]; a start zone
    on the deck, a glyph under the deck at [3, 0], a tree resting at level 3 over the bare
    ground at [5, 0], a second zone at [0, 0]."""
    pieces = [MapPiece("s1", Hex(q, 0), 0) for q in (0, 1, 3, 4, 5)]
    pieces += [MapPiece("w1", Hex(2, 0), 0), MapPiece("s1", Hex(1, 0), 1),
               MapPiece("s1", Hex(4, 0), 1), MapPiece("s1", Hex(2, 0), 2),
               MapPiece("s1", Hex(3, 0), 2), MapPiece("z4", Hex(2, 0), 3),
               MapPiece("z7", Hex(0, 0), 1), MapPiece("y1", Hex(3, 0), 1),
               MapPiece("tr10", Hex(5, 0), 3)]
    path = tmp_path / "bridge.json"
    path.write_bytes(write_json(pieces, "A bridge", "bridge"))
    return path


def test_a_bridge_over_water_keeps_its_gap(tmp_path: Path) -> None:
    bf, lines = import_map(_bridge_map(tmp_path), "bridge")
    columns = bf.column_map()
    assert columns[(2, 0)].levels == ["water", None, "land"]
    assert columns[(3, 0)].levels == ["land", None, "land"]
    assert columns[(5, 0)].levels == ["land"]  # the tree stands on the ground, not filled up
    assert [(z.id, z.spaces) for z in bf.starting_zones] == [
        ("yellow", [(2, 0, 3)]), ("orange", [(0, 0)])]
    assert bf.glyph_spaces == [(3, 0, 1)]
    assert [(g.at, g.glyph) for g in bf.glyphs] == [((3, 0, 1), "knowledge")]
    text = "\n".join(lines)
    assert "filled" not in text
    assert "obstacle hex over a gap: stands on the top of its column" in text
    assert "spaces above spaces: 2 columns with several surfaces" in text


@pytest.mark.parametrize("suffix", [".json", ".hsc"])
def test_a_bridge_comes_back_from_both_formats(suffix: str, tmp_path: Path) -> None:
    source = tmp_path / "bridge.yaml"
    assert run_import(str(_bridge_map(tmp_path)), str(source), io.StringIO(),
                      io.StringIO()) == 0
    back = _there_and_back(source, suffix, tmp_path)
    _same(load_file(source, expect=Battlefield), back)


def _made_in_arena() -> Battlefield:
    """A battlefield made in Arena (no pieces): a hall under a roof, with a zone, a glyph and
    a power space on the ground under the roof and a glyph space on the roof."""
    hall = ["land", None, None, None, None, "land"]
    columns = [Column(at=(q, r), levels=hall if q in (1, 2) else ["land"])
               for q in range(4) for r in range(3)]
    return Battlefield(
        format="battlefield", id="hall", name="A hall", provenance="reconstructed",
        columns=columns,
        glyphs=[GlyphPlacement(at=(1, 1, 1), glyph="healing")],
        glyph_spaces=[(2, 1, 6)],
        starting_zones=[
            StartingZone(id="yellow", name="Yellow", colour="#e8c547",
                         spaces=[(1, 0, 1), (2, 0, 6)]),
            StartingZone(id="orange", name="Orange", colour="#e8842c",
                         spaces=[(3, 2), (2, 2, 1)], capacity=2)],
        power_spaces=[PowerSpace(at=(2, 1, 1), glyph=(1, 1, 1))])


@pytest.mark.parametrize("suffix", [".json", ".hsc"])
def test_zones_and_glyphs_on_storeys_survive_the_round_trip(suffix: str,
                                                            tmp_path: Path) -> None:
    source = tmp_path / "hall.yaml"
    source.write_text(dump_model(_made_in_arena()), encoding="utf-8")
    back = _there_and_back(source, suffix, tmp_path)
    _same(_made_in_arena(), back)


def _there_and_back(source: Path, suffix: str, tmp_path: Path) -> Battlefield:
    exported = tmp_path / f"exported{suffix}"
    report = io.StringIO()
    assert run_export(str(source), str(exported), report, io.StringIO()) == 0, report.getvalue()
    back = tmp_path / "back.yaml"
    err = io.StringIO()
    assert run_import(str(exported), str(back), io.StringIO(), err) == 0, err.getvalue()
    model = load_file(back, expect=Battlefield)
    assert isinstance(model, Battlefield)
    return model


def _same(a: object, b: Battlefield) -> None:
    assert isinstance(a, Battlefield)
    keep = {"id", "name", "description"}
    assert a.model_dump(exclude=keep) == b.model_dump(exclude=keep)
