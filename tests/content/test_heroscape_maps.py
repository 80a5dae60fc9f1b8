"""Community map files: the piece table, rotations, import, export, round trips and bad files.

The community maps are the ones the project ships (assets/community-maps, with their MIT
licence); the fixtures of our own in ``tests/content/fixtures/maps`` run beside them.
"""

from __future__ import annotations

import io
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arena.content import load_file
from arena.content.battlefield import Battlefield
from arena.content.locations import community_maps
from arena.content.mapfiles import MapFile, read_hsc, read_map, write_hsc, write_json
from arena.content.mapimport import export_pieces, import_map
from arena.content.mapio_cli import run_export, run_import
from arena.content.piece_rules import RULES, ZONE_SIZE, Meaning, pieces_table, rules_table
from arena.content.pieces import (
    BY_VS_TYPE,
    PIECES,
    VS_ALIASES,
    VS_SHIFT,
    Terrain,
    from_odd_r,
    piece_hexes,
    to_odd_r,
)
from arena.content.validate_cli import run as validate_run
from arena.hexgrid import Hex

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).parent / "fixtures" / "maps"
SHARED: Path = community_maps()
COMMUNITY = sorted(p for p in SHARED.iterdir() if p.suffix in (".json", ".hsc"))
OWN = sorted(FIXTURES.glob("*.json"))

def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


# --- the piece table covers the reference ---------------------------------------------------

_REFERENCE_TEXT = """
z1 z2 z3 z4 z5 z6 z7 z8 om11 om12 om21 om22 g1 g2 g3 g7 g24 r1 r2 r3 r7 r24 s1 s2 s3 s7 s24
d1 d2 d3 d7 d24 sw1 sw2 sw3 sw7 sw24 sn1 sn2 sn3 sn7 sn24 lf1 lf2 lf3 lf7 lf24 a1 a2 a3 a7 a24
c1 c2 c3 c6 c7 c24 rd1 rd2 rd5 x1 at1 at2 at3 at7 at24 wd2 ww1 xw1 w1 w3 l1 l3 ws1 ws3 ws6 i1 i3
i4 i6 sh1 sh3 rw bt ld lwp lwp2 lwt lws lws2 lwl lwa lwl2 lwr lwr2 lwr3 str10 str12 tr10 tr11
tr12 tr15 tp14 tp15 tp16 tb9 sb10 lp13 lp14 lp15 lb10 o1 o3 ol1 ol3 og1 og3 og4 og6 h m7 m10 m13
sl sb cn rl rs2 rs3 fw rm rmb rmn rmnb cg1 cg7 cg9 cbc cbs cbe cwc cws cwe ca cab y0 y1
"""
REFERENCE_CODES = _REFERENCE_TEXT.split()
"""Every piece id of the Heroscape Map Editor (`Pieces` in its src/types.ts)."""

REFERENCE_VS = {
    1001: "g1", 1002: "g2", 1003: "g3", 1007: "g7", 1024: "g24", 2001: "r1", 2002: "r2",
    2003: "r3", 2007: "r7", 2024: "r24", 3001: "s1", 3002: "s2", 3003: "s3", 3007: "s7",
    3024: "s24", 26001: "d1", 26002: "d2", 26003: "d3", 26007: "d7", 26024: "d24",
    20001: "sw1", 20002: "sw2", 20003: "sw3", 20007: "sw7", 20024: "sw24", 7001: "lf1",
    7002: "lf2", 7003: "lf3", 7007: "lf7", 7024: "lf24", 21001: "c1", 21002: "c2", 21007: "c7",
    22001: "a1", 22002: "a2", 22007: "a7", 8001: "rd1", 8002: "rd2", 8005: "rd5", 9001: "sn1",
    9002: "sn2", 9003: "sn3", 9007: "sn7", 9024: "sn24", 4001: "w1", 4003: "w3", 5001: "i1",
    5003: "i3", 6001: "l1", 6003: "l3", 19001: "ws1", 19003: "ws3", 25001: "sh1", 25003: "sh3",
    24014: "tp14", 24015: "tp15", 24016: "tp16", 24002: "tb9", 10011: "tr10", 10012: "tr11",
    10013: "tr12", 10004: "tr15", 11002: "rs2", 11003: "rs3", 23006: "h", 13001: "og1",
    13003: "og3", 13004: "og4", 13006: "og6", 27001: "o1", 27003: "o3", 11006: "rm",
    11007: "rmb", 12004: "rw", 16301: "bt", 16402: "ld", 16001: "cg1", 16007: "cg7",
    16009: "cg9", 16101: "cbc", 16102: "cbs", 16103: "cbe", 16201: "cwc", 16202: "cws",
    16203: "cwe", 16401: "ca", 16404: "cab", 14063: "y0", 17001: "ww1", 17101: "lwp",
    15002: "z1", 15003: "z2", 15004: "z3", 15005: "z4", 15006: "z5", 15007: "z6", 15008: "z7",
    15009: "z8",
}
"""VirtualScape tile types and the pieces they are (the editor's src/data/pieceCodes.ts;
the editor's own 17001, 17101 and 15002-15009 are read too; VirtualScape's start areas 15001
and personal tiles 17000 are told apart by colour and name)."""


def test_piece_table_covers_every_reference_code() -> None:
    assert sorted(set(REFERENCE_CODES) - set(PIECES)) == []
    assert sorted(set(PIECES) - set(REFERENCE_CODES)) == []
    for vs_type, code in REFERENCE_VS.items():
        known = BY_VS_TYPE[vs_type].code if vs_type in BY_VS_TYPE else VS_ALIASES[vs_type]
        assert known == code, vs_type
    tiles = [(vs_type, 0, n, 0, 0, "") for n, vs_type in enumerate(REFERENCE_VS)]
    assert [p.code for p in _read_hsc_bytes(_hsc(tiles)).pieces] == list(REFERENCE_VS.values())


def test_every_terrain_has_a_stated_meaning() -> None:
    assert set(RULES) == set(Terrain)
    # the mapping the rules ask for, spot-checked
    assert RULES[Terrain.GRASS].meaning is Meaning.LAND and not RULES[Terrain.GRASS].note
    assert RULES[Terrain.SWAMP_WATER].meaning is Meaning.WATER
    assert RULES[Terrain.LAVA].meaning is Meaning.LAND and RULES[Terrain.LAVA].note
    assert RULES[Terrain.TREE].meaning is Meaning.OBSTACLE
    assert RULES[Terrain.LADDER].meaning is Meaning.NONE and RULES[Terrain.LADDER].note


# --- rotations --------------------------------------------------------------------------------


def test_seven_hex_tile_turns_clockwise() -> None:
    cells = {(h.q, h.r) for h in piece_hexes("g7", Hex(0, 0), 1)}
    # worked by hand: one clockwise step takes east (1, 0) to south-east (0, 1)
    assert cells == {(0, 0), (0, 1), (-1, 1), (-1, 0), (-1, 2), (-2, 1), (-2, 2)}
    placed = [(h.q, h.r) for h in piece_hexes("g7", Hex(3, 4), 0)]
    assert placed == [(3, 4), (4, 4), (3, 5), (2, 5), (4, 5), (2, 6), (3, 6)]


@pytest.mark.parametrize("turn", range(6))
def test_twenty_four_hex_tile_rotations(turn: int) -> None:
    base = [(h.q, h.r) for h in piece_hexes("g24", Hex(0, 0), 0)]
    assert len(set(base)) == 24
    cells = [(h.q, h.r) for h in piece_hexes("g24", Hex(5, 5), turn)]
    expected = []
    for q, r in base:
        x, y, z = q, r, -q - r
        for _ in range(turn):  # the editor's clockwise step on cube coordinates
            x, y, z = -y, -z, -x
        expected.append((x + 5, y + 5))
    assert cells == expected
    if turn == 3:
        assert cells == [(5 - q, 5 - r) for q, r in base]


def test_virtualscape_origin_of_a_rotated_24_hex_tile() -> None:
    """A VirtualScape g24 turned twice is stored by a hex (2, 3) away from the editor's."""
    data = _hsc([(1024, 2, 4, 6, 0, b"")])
    (piece,) = _read_hsc_bytes(data).pieces
    assert piece.at == from_odd_r(4, 6) + Hex(2, 3)
    assert VS_SHIFT["24"][2] == (2, 3)
    assert to_odd_r(from_odd_r(4, 7)) == (4, 7) and to_odd_r(from_odd_r(-3, -5)) == (-3, -5)


# --- import of every community map and our own --------------------------------------------------


def _import(path: Path, tmp_path: Path, name: str = "map") -> Battlefield:
    out = tmp_path / f"{name}.yaml"
    assert run_import(str(path), str(out), io.StringIO(), io.StringIO()) == 0
    model = load_file(out, expect=Battlefield)
    assert isinstance(model, Battlefield)
    return model


@pytest.mark.parametrize("path", COMMUNITY, ids=_ids(COMMUNITY))
def test_community_map_imports_and_validates(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "imported.yaml"
    report = io.StringIO()
    assert run_import(str(path), str(out), report, io.StringIO()) == 0
    text = report.getvalue()
    assert "pieces" in text and "Battlefield:" in text and "Wrote" in text
    checked = io.StringIO()
    assert validate_run([str(out)], checked) == 0, checked.getvalue()
    bf = load_file(out, expect=Battlefield)
    assert isinstance(bf, Battlefield)
    assert len(bf.pieces) == len(read_map(path).pieces)
    zones = bf.starting_zones
    if path.name == "Welcome.json":  # 9 free dry spaces: too few for two zones of 7
        assert zones == [] and "none were proposed" in text
        return
    assert [z.id for z in zones] == ["yellow", "orange"] and all(z.proposed for z in zones)
    assert len(zones[0].spaces) == len(zones[1].spaces) <= ZONE_SIZE
    assert not set(zones[0].spaces) & set(zones[1].spaces)


def test_own_sample_keeps_its_zones_glyph_and_obstacles(tmp_path: Path) -> None:
    bf = _import(FIXTURES / "arena-sample.json", tmp_path)
    assert [(z.id, z.spaces, z.proposed) for z in bf.starting_zones] == [
        ("yellow", [(3, 0), (4, 0)], False), ("orange", [(0, 5), (3, 5)], False)]
    assert bf.glyph_spaces == [(3, 3)]
    by_id = {o.id: o for o in bf.obstacles}
    assert by_id["rs2-1"].footprint == [(1, 5), (2, 5)] and by_id["rs2-1"].height == 5
    assert by_id["tr10-1"].footprint == [(5, 4)] and by_id["tr10-1"].height == 10
    columns = bf.column_map()
    assert columns[(6, 3)].levels == ["land"]  # the brush stood on the bare table
    assert columns[(2, 7)].levels == ["land"]  # the pillar stood in water
    assert columns[(3, 6)].levels == ["water"]
    assert columns[(3, 3)].levels == ["land", "land"]


# --- round trips ------------------------------------------------------------------------------


def _same(a: Battlefield, b: Battlefield) -> None:
    keep = {"id", "name", "description"}
    assert a.model_dump(exclude=keep) == b.model_dump(exclude=keep)


@pytest.mark.parametrize("suffix", [".json", ".hsc"])
@pytest.mark.parametrize("path", [*COMMUNITY, *OWN], ids=_ids([*COMMUNITY, *OWN]))
def test_round_trip_is_exact(path: Path, suffix: str, tmp_path: Path) -> None:
    first, _ = import_map(path, "first")  # validated: written to YAML and read back
    pieces, notes = export_pieces(first)
    assert all("proposed" in line for line in notes.lines())  # nothing else approximated
    exported = tmp_path / f"again{suffix}"
    exported.write_bytes(write_json(pieces, first.name, first.id) if suffix == ".json"
                         else write_hsc(pieces, first.name))
    second, _ = import_map(exported, "second")
    _same(first, second)
    if path.suffix == suffix:  # same format back: the very same pieces, in the same order
        assert [(p.code, p.at, p.on_level, p.rotation) for p in read_map(exported).pieces] == \
            [(p.piece, Hex(*p.at), p.on_level, p.rotation) for p in first.pieces]


def test_export_command_writes_both_formats(tmp_path: Path) -> None:
    _import(FIXTURES / "arena-sample.json", tmp_path, "sample")
    for suffix in (".json", ".hsc"):
        out = io.StringIO()
        target = tmp_path / f"sample{suffix}"
        assert run_export(str(tmp_path / "sample.yaml"), str(target), out, io.StringIO()) == 0
        assert "13 pieces" in out.getvalue() and target.stat().st_size > 0
    err = io.StringIO()
    assert run_export(str(tmp_path / "sample.yaml"), str(tmp_path / "x.txt"), io.StringIO(),
                      err) == 1
    assert ".json" in err.getvalue() and not (tmp_path / "x.txt").exists()


def test_plain_battlefield_is_decomposed_and_comes_back(tmp_path: Path) -> None:
    duel = load_file(ROOT / "scenarios" / "battlefields" / "duel.yaml", expect=Battlefield)
    assert isinstance(duel, Battlefield) and not duel.pieces
    pieces, notes = export_pieces(duel)
    assert any(p.code == "rs2" for p in pieces)
    assert any("ruin of height 6" in line for line in notes.lines())
    target = tmp_path / "duel.json"
    report = io.StringIO()
    assert run_export("duel", str(target), report, io.StringIO()) == 0
    assert "Approximated" in report.getvalue()
    back = _import(target, tmp_path, "back")
    shift = _shift(duel, back)
    moved = {(q + shift[0], r + shift[1]): c.levels for (q, r), c in duel.column_map().items()}
    assert moved == {at: c.levels for at, c in back.column_map().items()}
    assert sorted(len(o.footprint) for o in back.obstacles) == [2, 2]
    assert {z.id for z in back.starting_zones} == {"yellow", "orange"}
    assert not any(z.proposed for z in back.starting_zones)


def _shift(a: Battlefield, b: Battlefield) -> tuple[int, int]:
    first = min(a.column_map(), key=lambda at: (at[1], at[0]))
    other = min(b.column_map(), key=lambda at: (at[1], at[0]))
    return other[0] - first[0], other[1] - first[1]


# --- bad files ------------------------------------------------------------------------------------


def _bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    good_json = (FIXTURES / "arena-sample.json").read_bytes()
    good_hsc = _hsc([(1007, 0, 0, 0, 0, b""), (2001, 0, 3, 3, 1, b"")])
    cases = {
        "truncated.json": (good_json[: len(good_json) // 2], "not valid JSON"),
        "truncated.hsc": (good_hsc[:-7], "truncated"),
        "garbage.hsc": (bytes(range(256)) * 3, "not a VirtualScape map"),
        "garbage.json": (b"{\"hexMap\": 12, \"boardPieces\": [1, 2]}", "boardPieces[0]"),
        "empty.json": (b"", "is empty"),
        "unknown.json": (good_json.replace(b"tr10", b"zz99"), "unknown piece code 'zz99'"),
        "unknown.hsc": (_hsc([(99001, 0, 0, 0, 0, b"")]), "unknown piece code 99001"),
    }
    out = {}
    for name, (data, expected) in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        out[name] = (path, expected)
    return out


def test_bad_files_in_process(tmp_path: Path) -> None:
    for name, (path, expected) in _bad_files(tmp_path).items():
        target = tmp_path / "out.yaml"
        err = io.StringIO()
        assert run_import(str(path), str(target), io.StringIO(), err) == 1, name
        message = err.getvalue()
        assert str(path) in message and expected in message, (name, message)
        assert not target.exists(), name
        assert list(tmp_path.glob("*.tmp")) == [] and list(tmp_path.glob(".*")) == []


def test_bad_files_through_the_command_line(tmp_path: Path) -> None:
    for name, (path, expected) in _bad_files(tmp_path).items():
        target = tmp_path / "out.yaml"
        done = subprocess.run([sys.executable, "-m", "arena", "import-map", str(path), "-o",
                               str(target)], capture_output=True, text=True, timeout=120,
                              check=False)
        assert done.returncode == 1, (name, done.stderr)
        assert "Traceback" not in done.stderr + done.stdout, name
        assert str(path) in done.stderr and expected in done.stderr, (name, done.stderr)
        assert not target.exists(), name


def test_truncated_hsc_names_the_tile_and_byte(tmp_path: Path) -> None:
    path = tmp_path / "cut.hsc"
    path.write_bytes(_hsc([(1007, 0, 0, 0, 0, b""), (2001, 0, 3, 3, 1, b"")])[:-7])
    err = io.StringIO()
    assert run_import(str(path), str(tmp_path / "cut.yaml"), io.StringIO(), err) == 1
    assert "tile 2 of 2" in err.getvalue() and "byte " in err.getvalue()


def test_output_name_must_be_an_id(tmp_path: Path) -> None:
    err = io.StringIO()
    target = tmp_path / "My Map.yaml"
    assert run_import(str(FIXTURES / "arena-sample.json"), str(target), io.StringIO(), err) == 1
    assert "my-map.yaml" in err.getvalue() and not target.exists()


def test_virtualscape_start_areas_glyphs_personal_tiles_and_figures() -> None:
    data = _hsc([
        (1024, 0, 0, 0, 0, b""),
        (15001, 0, 1, 1, 1, b"", (255, 255, 0)),   # yellow start area
        (15001, 0, 0, 4, 1, b"", (255, 128, 0)),   # orange start area
        (14065, 0, 0, 2, 1, b""),                  # the Astrid glyph
        (17000, 0, 1, 3, 1, "Laur Pillar"),
        (18001, 0, 2, 3, 1, "Sgt. Drake"),
    ])
    read = _read_hsc_bytes(data)
    assert [p.code for p in read.pieces] == ["g24", "z4", "z7", "y0", "lwp"]
    assert any("Sgt. Drake" in what for what in read.skipped)


def test_import_report_names_the_approximations(tmp_path: Path) -> None:
    bf, lines = import_map(FIXTURES / "arena-sample.json", "sample")
    text = "\n".join(lines)
    assert "obstacle standing on the bare table" in text
    assert "water under an obstacle" in text
    assert "Laur Wall (Short)" in text and "no AotP meaning" in text
    assert bf.pieces[0].piece == "g24"


# --- helpers: a VirtualScape file written by hand -----------------------------------------------

def _string(text: str) -> bytes:
    units = text.encode("utf-16-le")
    return b"\xff\xfe\xff" + bytes([len(units) // 2]) + units


def _hsc(tiles: list[tuple[Any, ...]]) -> bytes:
    """A VirtualScape 0.0007 file: tiles are (type, rotation, x, y, z, extra[, rgb])."""
    out = struct.pack("<d", 0.0007) + _string("hand made") + _string("") + _string("")
    out += struct.pack("<i", 5) + b"{rtf}" + struct.pack("<6i", 6, 80, 1, 0, 1, len(tiles))
    for kind, rotation, x, y, z, extra, *rgb in tiles:
        colour = bytes([*(rgb[0] if rgb else (0, 160, 0)), 0])
        out += struct.pack("<idiiii", kind, 0.0003, rotation, x, y, z) + b"T"
        out += _string("") + _string("") + colour
        if kind // 1000 == 17:
            out += struct.pack("<i", 1) + _string("") + _string("") + _string("") + \
                _string(extra)
        if kind // 1000 == 18:
            out += _string(extra) + _string("")
    return out


def _read_hsc_bytes(data: bytes) -> MapFile:
    return read_hsc(data, "test.hsc")


def test_docs_state_the_rules_and_the_pieces_as_the_code_does() -> None:
    text = (ROOT / "docs" / "heroscape-maps.md").read_text(encoding="utf-8")
    assert rules_table() in text, "docs/heroscape-maps.md: regenerate the rules table"
    assert pieces_table() in text, "docs/heroscape-maps.md: regenerate the pieces table"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "arena import-map" in readme and "arena export-map" in readme


def test_export_keeps_the_pieces_when_only_zones_changed(tmp_path: Path) -> None:
    first, _ = import_map(FIXTURES / "arena-sample.json", "first")
    yellow, orange = first.starting_zones
    moved = first.model_copy(update={"starting_zones": [
        yellow.model_copy(update={"spaces": [(3, 1)]}), orange]})
    pieces, notes = export_pieces(moved)
    assert any("starting zones changed" in line for line in notes.lines())
    kept = [(p.piece, p.at) for p in first.pieces if not p.piece.startswith("z")]
    assert [(p.code, (p.at.q, p.at.r)) for p in pieces if not p.code.startswith("z")] == kept
    target = tmp_path / "moved.json"
    target.write_bytes(write_json(pieces, moved.name, moved.id))
    back, _ = import_map(target, "back")
    assert back.columns == first.columns and back.obstacles == first.obstacles
    assert [(z.id, z.spaces) for z in back.starting_zones] == [
        ("yellow", [(3, 1)]), ("orange", orange.spaces)]


def test_export_rebuilds_pieces_of_an_edited_battlefield() -> None:
    first, _ = import_map(FIXTURES / "arena-sample.json", "first")
    column = first.columns[0]
    raised = column.model_copy(update={"levels": [*column.levels, "land"]})
    edited = first.model_copy(update={"columns": [raised, *first.columns[1:]]})
    pieces, notes = export_pieces(edited)
    assert any("edited after import" in line for line in notes.lines())
    # decomposed: grass tiles where the levels look like grass, sand where they have no look
    assert sum(p.code.startswith("g") for p in pieces) == 2
    assert sum(p.code.startswith("s") for p in pieces) == 3


def test_an_output_that_cannot_be_written_is_one_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert run_export("duel", str(blocker / "out.json"), out, err) == 1
    assert err.getvalue().startswith(f"arena export-map: {blocker / 'out.json'}: cannot be "
                                     "written")
    assert "Fix: choose a folder you can write to" in err.getvalue() and out.getvalue() == ""


def test_an_import_without_output_lands_where_the_game_finds_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``arena import-map MAP`` writes into the player's battlefields, so the game's catalogue
    (New game, ``arena play --battlefield ID``) has it; the working folder stays clean."""
    from arena.content import load_game_catalog
    from arena.content.locations import user_battlefields

    monkeypatch.chdir(tmp_path)
    report = io.StringIO()
    assert run_import(str(FIXTURES / "arena-sample.json"), None, report, io.StringIO()) == 0
    written = user_battlefields() / "arena-sample.yaml"
    assert written.is_file() and str(written) in report.getvalue()
    assert list(tmp_path.iterdir()) == []
    assert "arena-sample" in load_game_catalog().battlefields
