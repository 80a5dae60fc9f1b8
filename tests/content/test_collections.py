"""The player's piece collection: the boxed sets, the file (save, load, bad files) and whether
a battlefield can be built from it (a community map's own pieces, a shipped map's columns)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from arena.content import load_file
from arena.content.battlefield import Battlefield, Column, PiecePlacement
from arena.content.collections import (
    BOARD,
    SETS,
    Collection,
    Shortfall,
    available_codes,
    check_build,
    collection_path,
    empty,
    load_collection,
    save_collection,
)
from arena.content.errors import ContentError
from arena.content.mapimport import import_map
from arena.content.pieces import PIECES

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"


def _owning(**sets: int) -> Collection:
    return Collection(format="collection", sets=sets)


def _duel() -> Battlefield:
    bf = load_file(DUEL, expect=Battlefield)
    assert isinstance(bf, Battlefield)
    return bf


# --- the sets ---------------------------------------------------------------------------------


def test_every_set_lists_real_pieces() -> None:
    for piece_set in SETS.values():
        assert piece_set.pieces, piece_set.id
        for code, n in piece_set.pieces.items():
            assert code in PIECES, f"{piece_set.id}: {code}"
            assert n > 0, f"{piece_set.id}: {code}"


def test_the_boxes_hold_their_real_counts() -> None:
    # The AotP core box (the guide's Battlefield Key): six boards, 2 + 2 raising tiles, 2 ruins.
    assert _owning(**{"aotp-core": 1}).owned() == {BOARD: 6, "s3": 2, "s1": 2, "rs2": 2}
    # Rise of the Valkyrie (the Heroscape Map Editor's inventory of the first master set).
    rotv = _owning(**{"rise-of-the-valkyrie": 1}).owned()
    assert (rotv["g24"], rotv["g1"], rotv["w1"], rotv["rs2"], rotv["rs3"]) == (6, 16, 21, 1, 1)
    assert sum(rotv.values()) == 87
    # Any number of each set, plus custom pieces.
    two = Collection(format="collection", sets={"rise-of-the-valkyrie": 2}, pieces={"g1": 3})
    assert two.owned()["g1"] == 35 and two.owned()["r24"] == 4


def test_available_codes_are_the_pieces_owned() -> None:
    core = _owning(**{"aotp-core": 1})
    assert available_codes(core) == frozenset({"s3", "s1", "rs2"})  # boards are not pieces
    assert available_codes(empty()) == frozenset()
    custom = Collection(format="collection", pieces={"tr10": 1, BOARD: 2})
    assert available_codes(custom) == frozenset({"tr10"})


# --- the file ---------------------------------------------------------------------------------


def test_save_and_load_in_the_arena_folder(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "arena"))
    assert load_collection() == empty()  # no file yet: nothing owned
    mine = Collection(format="collection", sets={"aotp-core": 1, "lands-of-valhalla": 2},
                      pieces={"tr10": 1})
    where = save_collection(mine)
    assert where == collection_path() == tmp_path / "arena" / "collection.yaml"
    assert where.read_text(encoding="utf-8") == (
        "format: collection\nsets: {aotp-core: 1, lands-of-valhalla: 2}\npieces: {tr10: 1}\n")
    assert load_collection() == mine


def test_a_save_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "collection.yaml"
    save_collection(_owning(**{"aotp-core": 1}), path)
    os.chmod(path, 0o600)
    save_collection(_owning(**{"aotp-core": 2}), path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_collection(path).sets == {"aotp-core": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["collection.yaml"]  # no temporary left


@pytest.mark.parametrize(("text", "line", "says", "fix"), [
    ("format: collection\nsets: {rise-of-the-valkyry: 1}\n", 2,
     "'rise-of-the-valkyry' is not a set Arena knows", "rise-of-the-valkyrie"),
    ("format: collection\nsets: {aotp-core: 0}\n", 2, "aotp-core", ""),
    ("format: collection\npieces: {g99: 2}\n", 2, "'g99' is not a piece code", ""),
    ("format: collection\npieces: {g1: two}\n", 2, "g1", ""),
    ("format: collection\nboxes: {aotp-core: 1}\n", 2, "boxes", ""),
    ("format: battlefield\nsets: {}\n", 1, "is not a piece collection", "format: collection"),
    ("- aotp-core\n", None, "is not a piece collection", "format: collection"),
    ("format: collection\nsets: {aotp-core: 1\n", None, "", ""),
])
def test_a_bad_file_says_where_and_how_to_fix_it(tmp_path: Path, text: str, line: int | None,
                                                 says: str, fix: str) -> None:
    path = tmp_path / "collection.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_collection(path)
    problem = caught.value.problems[0]
    assert problem.file == str(path)
    if line is not None:
        assert problem.line == line
    assert says in str(problem)
    assert problem.fix and fix in str(problem)
    assert "Traceback" not in str(caught.value)


# --- can it be built? -------------------------------------------------------------------------


def test_the_duel_is_built_from_one_core_box() -> None:
    """A map made in Arena has no pieces: its columns are decomposed, its ground laid on
    the box's boards and its raising tiles matched by shape (the box's are sand)."""
    duel = _duel()
    assert not duel.pieces
    check = check_build(duel, _owning(**{"aotp-core": 1}))
    assert check.decomposed and check.ok, check.lines()
    assert check.needed[BOARD] == 4
    assert check.lines()[0] == "can be built from your collection"


def test_without_the_box_the_duel_misses_its_boards_or_tiles() -> None:
    duel = _duel()
    nothing = check_build(duel, empty())
    assert not nothing.ok and {s.owned for s in nothing.missing} == {0}
    ruins = next(s for s in nothing.missing if s.code == "rs2")
    assert (ruins.needed, ruins.owned) == (2, 0)
    boards_only = Collection(format="collection", pieces={BOARD: 3})
    short = check_build(duel, boards_only)
    assert Shortfall(BOARD, 4, 3) in short.missing
    assert "AotP terrain board" in short.lines()[1 + short.missing.index(Shortfall(BOARD, 4, 3))]


def test_a_battlefield_of_pieces_needs_exactly_its_pieces() -> None:
    """Stored pieces are counted by code: no stand-ins, markers (zones, glyphs) left out."""
    bf = Battlefield(
        format="battlefield", id="two-tiles", name="Two tiles", provenance="transcribed",
        columns=[Column(at=(0, 0), levels=["land"])],
        pieces=[PiecePlacement(piece="g3", at=(0, 0)), PiecePlacement(piece="g3", at=(2, 0)),
                PiecePlacement(piece="tr10", at=(0, 0), on_level=1),
                PiecePlacement(piece="z1", at=(0, 0), on_level=1),
                PiecePlacement(piece="y0", at=(2, 0), on_level=1)])
    check = check_build(bf, Collection(format="collection", pieces={"s3": 5, "g3": 1}))
    assert not check.decomposed
    assert check.missing == (Shortfall("g3", 2, 1), Shortfall("tr10", 1, 0))
    assert "z1" not in check.needed and "y0" not in check.needed
    assert check.lines()[:3] == [
        "cannot be built from your collection: 2 pieces missing (2 kinds)",
        "g3 (3-hex Grass): needs 2, owns 1", "tr10 (Evergreen Tree (10)): needs 1, owns 0"]


def test_a_community_map_and_what_is_missing(community_maps: Path) -> None:
    bf, _ = import_map(community_maps / "Welcome.json", "welcome")
    one = check_build(bf, _owning(**{"rise-of-the-valkyrie": 1}))
    assert not one.ok and not one.decomposed
    assert Shortfall("lwp", 2, 0) in one.missing  # Laur pillars come with Age of Annihilation
    assert Shortfall("r1", 8, 6) in one.missing
    more = check_build(bf, _owning(**{"rise-of-the-valkyrie": 2, "age-of-annihilation": 1}))
    assert more.ok, more.lines()


def test_the_docs_list_every_set() -> None:
    text = (ROOT / "docs" / "heroscape-maps.md").read_text(encoding="utf-8")
    missing = [set_id for set_id in SETS if f"`{set_id}`" not in text]
    assert not missing, f"docs/heroscape-maps.md (Your collection): list {missing}"


def test_hexes_not_built_from_a_piece_are_counted_too() -> None:
    """A map with some pieces and some hexes of its own (the New map's board, hexes raised by
    hand): every hex is counted, not the pieces alone. Here a w3 piece stands on a 7-hex
    ground laid by hand, and one hand-raised hex stands beside it."""
    ground = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    water = {(0, 0), (1, 0), (0, 1)}
    columns = [Column(at=at, levels=["land", "water"] if at in water
                      else ["land", "land"] if at == (-1, 0) else ["land"])
               for at in ground]
    bf = Battlefield(format="battlefield", id="mixed", name="Mixed", provenance="transcribed",
                     columns=columns,
                     pieces=[PiecePlacement(piece="w3", at=(0, 0), on_level=1)])
    only_the_piece = check_build(bf, Collection(format="collection", pieces={"w3": 1}))
    assert not only_the_piece.ok, only_the_piece.lines()
    counted = sum(n * (PIECES[code].size if code in PIECES else 24)
                  for code, n in only_the_piece.needed.items())
    assert counted == 7 + 3 + 1  # the ground, the piece, the raised hex
    assert only_the_piece.needed["w3"] == 1
    enough = check_build(bf, Collection(format="collection",
                                        pieces={"w3": 1, "g7": 1, "g1": 1}))
    assert enough.ok, enough.lines()
    boards = check_build(bf, Collection(format="collection", pieces={"w3": 1, BOARD: 1,
                                                                     "s1": 1}))
    assert boards.ok and boards.needed[BOARD] == 1, boards.lines()
