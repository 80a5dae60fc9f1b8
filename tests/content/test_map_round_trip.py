"""An Arena map survives a round trip through both community formats (issue #35, item 6).

Every community map the project ships and every shipped battlefield is exported to Heroscape
Map Editor JSON and to VirtualScape ``.hsc`` with ``arena export-map`` and imported back with
``arena import-map``: the battlefield that comes back is the one that went out (its id, name
and description aside: the file names it). What the pieces cannot carry (AotP glyphs, ruin
heights, Arena's own looks, the position, power spaces) travels in the format's own extra
field (JSON) or scenario notes (``.hsc``) and is restored on import; the pieces themselves
keep what they can (a treasure glyph stays a treasure glyph, sand looks are sand tiles).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from arena.content import load_file
from arena.content.battlefield import Battlefield, Column, GlyphPlacement, PiecePlacement
from arena.content.catalog import project_root
from arena.content.locations import community_maps
from arena.content.mapfiles import read_map
from arena.content.mapimport import import_map
from arena.content.mapio_cli import run_export, run_import

COMMUNITY = sorted(p for p in community_maps().iterdir() if p.suffix in (".json", ".hsc"))
SHIPPED = sorted((project_root() / "scenarios" / "battlefields").glob("*.yaml"))
FORMATS = (".json", ".hsc")


def _load(path: Path) -> Battlefield:
    model = load_file(path, expect=Battlefield)
    assert isinstance(model, Battlefield)
    return model


def _original(path: Path, tmp_path: Path) -> Path:
    """A battlefield file: a shipped one as it is, a community map as `arena import-map`
    writes it."""
    if path.suffix == ".yaml":
        return path
    out = tmp_path / "original.yaml"
    assert run_import(str(path), str(out), io.StringIO(), io.StringIO()) == 0
    return out


def _there_and_back(source: Path, suffix: str, tmp_path: Path) -> tuple[Battlefield, str]:
    exported = tmp_path / f"exported{suffix}"
    report = io.StringIO()
    assert run_export(str(source), str(exported), report, io.StringIO()) == 0, report.getvalue()
    back = tmp_path / "back.yaml"
    lines = io.StringIO()
    assert run_import(str(exported), str(back), lines, io.StringIO()) == 0
    return _load(back), lines.getvalue()


def _same(a: Battlefield, b: Battlefield) -> None:
    keep = {"id", "name", "description"}
    assert a.model_dump(exclude=keep) == b.model_dump(exclude=keep)


@pytest.mark.parametrize("suffix", FORMATS)
@pytest.mark.parametrize("path", [*COMMUNITY, *SHIPPED], ids=[p.name for p in
                                                               [*COMMUNITY, *SHIPPED]])
def test_every_map_comes_back_the_same_battlefield(path: Path, suffix: str,
                                                   tmp_path: Path) -> None:
    source = _original(path, tmp_path)
    back, _ = _there_and_back(source, suffix, tmp_path)
    _same(_load(source), back)


def test_there_are_maps_of_both_kinds() -> None:
    assert len(COMMUNITY) >= 11 and {p.stem for p in SHIPPED} >= {"duel", "skirmish", "melee"}


@pytest.mark.parametrize("suffix", FORMATS)
def test_the_duel_keeps_its_glyphs_ruin_heights_and_position(suffix: str,
                                                             tmp_path: Path) -> None:
    duel = project_root() / "scenarios" / "battlefields" / "duel.yaml"
    back, report = _there_and_back(duel, suffix, tmp_path)
    assert sorted((g.glyph, g.at) for g in back.glyphs) == [
        ("movement", (-3, 1)), ("power", (0, 0)), ("toughness", (4, -1))]
    assert sorted(o.height for o in back.obstacles) == [6, 6]
    assert {c.at for c in back.columns} == {c.at for c in _load(duel).columns}
    assert "Restored" in report


def test_the_pieces_keep_what_they_can_carry(tmp_path: Path) -> None:
    """Without Arena's notes (a file saved again by another editor) the pieces still say a
    treasure glyph and sand, not a power glyph and grass."""
    bf = Battlefield(
        format="battlefield", id="made", name="Made in Arena", provenance="reconstructed",
        columns=[Column(at=(q, r), levels=["land"]) for q in range(4) for r in range(3)],
        glyphs=[GlyphPlacement(at=(1, 1), glyph="knowledge")], glyph_spaces=[(2, 1)],
        pieces=[PiecePlacement(piece="y1", at=(2, 1), on_level=1)])
    source = tmp_path / "made.yaml"
    from arena.content.writer import dump_model
    source.write_text(dump_model(bf), encoding="utf-8")
    exported = tmp_path / "made.json"
    assert run_export(str(source), str(exported), io.StringIO(), io.StringIO()) == 0
    codes = {p.code for p in read_map(exported).pieces}
    assert "y1" in codes and "y0" not in codes  # both glyphs are treasure glyphs
    assert codes & {"s24", "s7", "s3", "s2", "s1"} and not codes & {"g24", "g7", "g3", "g2",
                                                                     "g1"}
    doc = json.loads(exported.read_bytes())
    doc.pop("arena", None)  # another editor dropped Arena's notes
    exported.write_text(json.dumps(doc), encoding="utf-8")
    back, _ = import_map(exported, "back")
    assert {g.at for g in back.glyphs} >= {(1, 1)}
    assert all(c.surfaces == ["sand"] for c in back.columns)


def test_notes_of_a_map_changed_elsewhere_are_not_forced_on_it(tmp_path: Path) -> None:
    duel = project_root() / "scenarios" / "battlefields" / "duel.yaml"
    exported = tmp_path / "duel.json"
    assert run_export(str(duel), str(exported), io.StringIO(), io.StringIO()) == 0
    doc = json.loads(exported.read_bytes())
    key = next(k for k, v in doc["boardPieces"].items() if v.startswith("s"))
    del doc["boardPieces"][key]  # a tile taken away in the Heroscape Map Editor
    exported.write_text(json.dumps(doc), encoding="utf-8")
    back, lines = import_map(exported, "back")
    assert any("changed since Arena exported it" in line for line in lines)
    assert len(back.columns) < len(_load(duel).columns)


def test_damaged_notes_are_one_report_line_not_a_failure(tmp_path: Path) -> None:
    duel = project_root() / "scenarios" / "battlefields" / "duel.yaml"
    exported = tmp_path / "duel.json"
    assert run_export(str(duel), str(exported), io.StringIO(), io.StringIO()) == 0
    doc = json.loads(exported.read_bytes())
    doc["arena"]["battlefield"]["obstacles"] = [{"id": "BAD ID", "height": -3}]
    exported.write_text(json.dumps(doc), encoding="utf-8")
    _, lines = import_map(exported, "back")
    assert any("Arena's notes" in line and "not restored" in line for line in lines)


def test_damaged_virtualscape_notes_are_one_report_line(tmp_path: Path) -> None:
    duel = project_root() / "scenarios" / "battlefields" / "duel.yaml"
    exported = tmp_path / "duel.hsc"
    assert run_export(str(duel), str(exported), io.StringIO(), io.StringIO()) == 0
    data = exported.read_bytes()
    mark = data.index(b"arena-battlefield:v1:") + len(b"arena-battlefield:v1:")
    damaged = data[:mark] + b"!!" + data[mark + 2:]  # same length: the tiles stay readable
    exported.write_bytes(damaged)
    back, lines = import_map(exported, "back")
    assert any("cannot be read" in line and "not restored" in line for line in lines)
    assert sorted(o.height for o in back.obstacles) == [5, 5]  # the pieces' own ruins


def test_virtualscape_glyph_tiles_carry_the_aotp_glyphs_they_match(tmp_path: Path) -> None:
    """VirtualScape names its glyphs; those whose powers match AotP's glyphs (Astrid: attack
    +1, Gerda: defense +1, Valda: move +2, Kelda: heal) are those glyphs, both ways, so the
    Duel's glyphs survive a VirtualScape file even without Arena's notes."""
    from arena.content.mapfiles import write_hsc
    from arena.content.mapimport import export_pieces

    duel = _load(project_root() / "scenarios" / "battlefields" / "duel.yaml")
    pieces, _ = export_pieces(duel)
    bare = tmp_path / "bare.hsc"
    bare.write_bytes(write_hsc(pieces, duel.name))  # the pieces alone, no notes
    back, _ = import_map(bare, "back")
    assert sorted((g.glyph, g.at) for g in back.glyphs) == [
        ("movement", (-3, 1)), ("power", (0, 0)), ("toughness", (4, -1))]
