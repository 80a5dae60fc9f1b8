"""Community maps keep their looks: each level's Heroscape surface (grass, rock, water...) and
each obstacle's look (tree, brush, outcrop...) are cosmetic attributes of the battlefield that
import writes, `arena validate` accepts and export reads back; the rules ignore them."""

from __future__ import annotations

import io
import typing
from pathlib import Path

import pytest
from pydantic import ValidationError

from arena.content.battlefield import Battlefield, Column, Look, Obstacle, Surface
from arena.content.mapimport import export_pieces, import_map
from arena.content.mapio_cli import run_import
from arena.content.piece_rules import LOOKS, SURFACES, expand
from arena.content.to_engine import board_from_battlefield
from arena.content.validate_cli import run as validate_run


def test_the_vocabularies_are_the_rules_tables() -> None:
    """A fact written once: the schema's looks are `RULES`'s land/water and obstacle terrains."""
    assert set(typing.get_args(Surface)) == {*SURFACES.values(), "dirt"}
    assert set(typing.get_args(Look)) == set(LOOKS.values())


def test_import_keeps_surfaces_and_obstacle_looks(community_maps: Path) -> None:
    bf, _ = import_map(community_maps / "Web_1_The_Regenerated_River.json", "river")
    shown = {s for c in bf.columns for s in c.surfaces or () if s is not None}
    assert {"grass", "rock", "water"} <= shown
    looks = {o.look for o in bf.obstacles}
    assert {"tree", "brush"} & looks and None not in looks
    assert all(o.kind == "ruin" for o in bf.obstacles)  # the rules: blocking obstacles
    for column in bf.columns:
        assert column.surfaces is None or len(column.surfaces) == len(column.levels)


def test_the_engine_ignores_the_looks(community_maps: Path) -> None:
    bf, _ = import_map(community_maps / "Web_1_The_Regenerated_River.json", "river")
    plain = bf.model_copy(update={
        "columns": [c.model_copy(update={"surfaces": None}) for c in bf.columns],
        "obstacles": [o.model_copy(update={"look": None}) for o in bf.obstacles]})
    assert board_from_battlefield(bf) == board_from_battlefield(plain)


def test_a_surface_per_level_is_checked() -> None:
    Column(at=(0, 0), levels=["land", "water"], surfaces=["rock", "water"])
    Column(at=(0, 0), levels=[None, "land"], surfaces=[None, "grass"])
    with pytest.raises(ValidationError, match="one per level"):
        Column(at=(0, 0), levels=["land", "land"], surfaces=["rock"])
    with pytest.raises(ValidationError, match="empty level"):
        Column(at=(0, 0), levels=[None, "land"], surfaces=["rock", "grass"])
    with pytest.raises(ValidationError):
        Column(at=(0, 0), levels=["land"], surfaces=["marble"])
    with pytest.raises(ValidationError):
        Obstacle(id="o-1", kind="ruin", footprint=[(0, 0)], height=9, look="castle")


def test_validate_accepts_an_imported_file(community_maps: Path, tmp_path: Path) -> None:
    out = tmp_path / "river.yaml"
    assert run_import(str(community_maps / "Web_1_The_Regenerated_River.json"), str(out),
                      io.StringIO(), io.StringIO()) == 0
    text = out.read_text(encoding="utf-8")
    assert "surfaces: [" in text and "look: brush" in text
    assert validate_run([str(out)], io.StringIO()) == 0


def _field(columns: list[Column], obstacles: list[Obstacle] | None = None) -> Battlefield:
    return Battlefield(format="battlefield", id="f", name="F", provenance="reconstructed",
                       columns=columns, obstacles=obstacles or [])


def test_export_of_an_edited_map_builds_each_level_from_its_own_tiles() -> None:
    """A decomposed battlefield (edited after import, or made in Arena) is written with the
    tiles its looks name: rock levels as rock tiles, swamp water as swamp water, a tree as a
    tree; levels without a look, or whose look plays otherwise (water under a tile), as sand,
    the look Arena gives land without one."""
    columns = [Column(at=(q, 0), levels=["land", "land"], surfaces=["grass", "rock"])
               for q in range(3)]
    columns += [Column(at=(q, 1), levels=["water"], surfaces=["swampWater"]) for q in range(3)]
    columns += [Column(at=(5, 0), levels=["land"], surfaces=["water"]),
                Column(at=(8, 0), levels=["land"])]
    tree = Obstacle(id="t-1", kind="ruin", footprint=[(8, 0)], height=11, look="tree")
    pieces, _ = export_pieces(_field(columns, [tree]))
    def codes(on_level: int, r: int) -> set[str]:
        return {p.code for p in pieces if p.on_level == on_level and p.at.r == r
                and p.at.q < 5}

    assert codes(1, 0) == {"r2", "r1"} and codes(0, 0) == {"g2", "g1"}
    assert codes(0, 1) == {"ws3"} or codes(0, 1) == {"ws1"}
    assert [p.code for p in pieces if p.at.q == 5] == ["s1"]  # water under a tile: land
    assert sorted(p.code for p in pieces if p.at.q == 8) == ["s1", "tr11"]


def test_round_trip_of_the_pieces_keeps_the_looks(community_maps: Path) -> None:
    bf, _ = import_map(community_maps / "Web_1_The_Regenerated_River.json", "river")
    again = expand(bf.pieces)
    assert again.columns == list(bf.columns) and again.obstacles == list(bf.obstacles)
