"""Tests for the geometric battlefield checks (arena.content.geometry)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from arena.content.battlefield import Battlefield
from arena.content.errors import Problem
from arena.content.geometry import BattlefieldSummary, check_battlefield
from arena.content.yamlio import Document, parse
from arena.hexgrid import Hex, neighbours, ring, spiral

FLOWER = [[0, 0], [1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]
"""Hex (0, 0) and its six neighbours."""


def land(*coords: list[int], levels: list[str | None] | None = None) -> list[dict[str, Any]]:
    return [{"at": list(c), "levels": list(levels or ["land"])} for c in coords]


def field(**parts: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "battlefield",
        "id": "test",
        "name": "Test field",
        "provenance": "reconstructed",
        "columns": land(*FLOWER),
    }
    data.update(parts)
    return data


def check(data: dict[str, Any]) -> tuple[list[Problem], BattlefieldSummary]:
    bf = Battlefield.model_validate(data)
    return check_battlefield(bf, Document("test.yaml", data, {}))


def problems(data: dict[str, Any]) -> list[Problem]:
    return check(data)[0]


def only(data: dict[str, Any]) -> Problem:
    found = problems(data)
    assert len(found) == 1, [str(p) for p in found]
    return found[0]


def zone(zid: str, spaces: list[list[int]], capacity: int = 1) -> dict[str, Any]:
    return {"id": zid, "name": zid.title(), "colour": "#e8c547", "spaces": spaces,
            "capacity": capacity}


# --- a valid field -------------------------------------------------------------------------


def valid_field() -> dict[str, Any]:
    columns = land(*FLOWER) + land([2, 0], [2, -1], levels=["land", "land"])
    columns += land([-2, 0], levels=["water"]) + land([-2, 1], levels=["road"])
    return field(
        columns=columns,
        obstacles=[{"id": "ruin-a", "kind": "ruin", "footprint": [[2, 0], [2, -1]],
                    "height": 4}],
        glyphs=[{"at": [0, 0], "glyph": "power"}],
        glyph_spaces=[[0, 1]],
        starting_zones=[zone("yellow", [[1, -1], [0, -1]], capacity=2),
                        zone("orange", [[-1, 1], [-2, 1]])],
        power_spaces=[{"at": [1, 0], "glyph": [0, 0]}, {"at": [-1, 0], "glyph": [0, 0]}],
    )


def test_valid_field_has_no_problems() -> None:
    found, summary = check(valid_field())
    assert found == []
    assert summary.hexes == 11
    assert summary.terrain_count("land") == 9
    assert summary.terrain_count("water") == 1
    assert summary.terrain_count("road") == 1
    assert summary.tiles == 13
    assert summary.max_level == 2
    assert abs(summary.area - 11.0) < 1e-6
    assert summary.components == 1
    assert summary.holes == 0


def test_summary_of_flower() -> None:
    found, summary = check(field())
    assert found == []
    assert summary.hexes == 7
    assert abs(summary.area - 7.0) < 1e-6
    assert summary.terrain == (("land", 7),)
    assert summary.tiles == 7
    assert summary.max_level == 1
    assert (summary.components, summary.holes) == (1, 0)
    assert summary.lines() == [
        "hexes: 7 (land 7)",
        "tiles: 7, highest level 1",
        "outline: area 7.00 hexes, 1 component, 0 holes",
    ]


def test_ring_has_a_hole_but_is_connected() -> None:
    hexes = [[h.q, h.r] for h in ring(Hex(0, 0), 1)]
    found, summary = check(field(columns=land(*hexes)))
    assert found == []
    assert summary.holes == 1
    assert abs(summary.area - 6.0) < 1e-6
    assert "1 hole" in summary.lines()[2]


# --- columns -------------------------------------------------------------------------------


def test_two_islands_are_disconnected() -> None:
    columns = land(*FLOWER) + land([5, 0], [6, 0])
    found, summary = check(field(columns=columns))
    assert summary.components == 2
    assert abs(summary.area - 9.0) < 1e-6
    assert len(found) == 1
    p = found[0]
    assert p.path == "columns[7]"
    assert "[5, 0], [6, 0]" in p.message
    assert "cut off from the main area of 7 hexes" in p.message
    assert "[0, 0]" in p.message
    assert p.fix


def test_every_island_is_reported() -> None:
    columns = land(*FLOWER) + land([5, 0]) + land([-5, 0])
    found = problems(field(columns=columns))
    assert sorted(p.path for p in found) == ["columns[7]", "columns[8]"]
    assert any("[5, 0]" in p.message for p in found)
    assert any("[-5, 0]" in p.message for p in found)


def test_hexes_touching_only_across_a_gap_are_not_joined() -> None:
    # (0, 0) and (1, 1) are two steps apart: they share no edge.
    p = only(field(columns=land([0, 0], [1, 1])))
    assert "[1, 1]" in p.message and "cut off" in p.message


def test_a_gap_under_a_tile_is_a_bridge_not_a_problem() -> None:
    """A gap under a tile is a bridge, an overhang or a tunnel (issue #33): the column has a
    surface on top of each run of tiles, and a tile over the bare table is an overhang."""
    columns = (land(*FLOWER[1:]) + land([0, 0], levels=["land", None, "land"])
               + land([1, 1], levels=[None, None, "land"]))
    found, summary = check(field(columns=columns))
    assert found == []
    assert summary.storeyed == 1  # [0, 0]; [1, 1] has one surface, over the table
    assert "spaces above spaces: 1 column with several surfaces" in summary.lines()


BRIDGE = land(*FLOWER[1:]) + land([0, 0], levels=["water", None, None, None, "land"]) + \
    land([2, -1], levels=["land", None, None, None, None, "land"])
"""A flower whose centre is a bridge deck at level 5 over water at level 1, and [2, -1] a
ledge at level 6 over ground at level 1."""


def test_positions_name_the_surfaces_of_a_column_with_several() -> None:
    """Zones, glyphs, glyph spaces and power spaces may stand on either surface of a column
    with several: the ground under a ledge and its top, written [q, r, level]."""
    data = field(
        columns=BRIDGE,
        starting_zones=[zone("yellow", [[2, -1, 1], [0, 1]]), zone("orange", [[-1, 0]])],
        glyphs=[{"at": [2, -1, 6], "glyph": "power"}],
        glyph_spaces=[[0, 0, 5]],
        power_spaces=[{"at": [1, -1], "glyph": [0, 0, 5]}],
    )
    assert problems(data) == []


def test_a_plain_position_on_a_column_with_several_surfaces_names_them() -> None:
    data = field(columns=BRIDGE, starting_zones=[zone("yellow", [[2, -1], [0, 1]])])
    p = only(data)
    assert p.path == "starting_zones[0].spaces[0]"
    assert p.message == ("starting zone 'yellow' space [2, -1] names no surface: the column "
                         "at 2,-1 has surfaces at levels 1 and 6")
    assert p.fix == "write [2, -1, 1] or [2, -1, 6]"


def test_a_level_on_a_column_with_one_surface_is_a_problem() -> None:
    p = only(field(glyphs=[{"at": [1, 0, 1], "glyph": "power"}]))
    assert p.path == "glyphs[0].at"
    assert "glyph 'power' at 1,0@1 names no surface: the column at 1,0 has one surface " \
           "(level 1)" in p.message
    assert p.fix == "write [1, 0]"


def test_a_level_that_is_no_surface_of_the_column_is_a_problem() -> None:
    p = only(field(columns=BRIDGE, glyph_spaces=[[2, -1, 3]]))
    assert p.path == "glyph_spaces[0]"
    assert "level 3 is not a surface of the column at 2,-1 (it has surfaces at levels 1 " \
           "and 6)" in p.message
    assert p.fix == "write [2, -1, 1] or [2, -1, 6]"


def test_water_under_a_bridge_is_no_starting_space() -> None:
    p = only(field(columns=BRIDGE, starting_zones=[zone("yellow", [[0, 0, 1], [0, 1]])]))
    assert "space 0,0@1 is water (level 1), not land" in p.message


def test_an_obstacle_covers_only_the_top_surface_of_its_column() -> None:
    ruin = {"id": "ruin-a", "kind": "ruin", "footprint": [[2, -1]], "height": 2}
    under = field(columns=BRIDGE, obstacles=[ruin], glyph_spaces=[[2, -1, 1]])
    assert problems(under) == []
    on_top = field(columns=BRIDGE, obstacles=[ruin], glyph_spaces=[[2, -1, 6]])
    assert "glyph space 2,-1@6 is under obstacle 'ruin-a'" in only(on_top).message


def test_level_on_water_floats() -> None:
    columns = land(*FLOWER[1:]) + land([0, 0], levels=["water", "land"])
    p = only(field(columns=columns))
    assert p.path == "columns[6].levels[1]"
    assert "level 2 of [0, 0] floats" in p.message
    assert "water" in p.message


def test_all_null_column() -> None:
    columns = land(*FLOWER) + land([2, 0], levels=[None])
    found, summary = check(field(columns=columns))
    assert len(found) == 1
    assert found[0].path == "columns[7].levels"
    assert "[2, 0] has no tile" in found[0].message
    assert summary.terrain_count("empty") == 1
    assert abs(summary.area - 7.0) < 1e-6


def test_duplicate_column() -> None:
    columns = land(*FLOWER) + land([1, 0])
    p = only(field(columns=columns))
    assert p.path == "columns[7]"
    assert "[1, 0] is given twice" in p.message
    assert "columns[1]" in p.message


# --- starting zones ------------------------------------------------------------------------


def test_zone_on_water() -> None:
    columns = land(*FLOWER[1:]) + land([0, 0], levels=["water"])
    p = only(field(columns=columns, starting_zones=[zone("yellow", [[1, 0], [0, 0]])]))
    assert p.path == "starting_zones[0].spaces[1]"
    assert "[0, 0]" in p.message and "water" in p.message


def test_zone_off_the_map() -> None:
    p = only(field(starting_zones=[zone("yellow", [[0, 0], [9, 9]])]))
    assert p.path == "starting_zones[0].spaces[1]"
    assert "[9, 9] is not on the battlefield" in p.message


def test_overlapping_zones() -> None:
    zones = [zone("yellow", [[0, 0], [1, 0]]), zone("orange", [[0, 1], [1, 0]])]
    p = only(field(starting_zones=zones))
    assert p.path == "starting_zones[1].spaces[1]"
    assert "[1, 0] is in both starting zone 'orange' and starting zone 'yellow'" in p.message


def test_zone_too_small_for_capacity() -> None:
    p = only(field(starting_zones=[zone("yellow", [[0, 0]], capacity=2)]))
    assert p.path == "starting_zones[0].capacity"
    assert "room for 1 Planeswalker" in p.message and "capacity is 2" in p.message


def test_unusable_spaces_do_not_count_towards_capacity() -> None:
    found = problems(field(starting_zones=[zone("yellow", [[0, 0], [8, 8]], capacity=2)]))
    assert [p.path for p in found] == [
        "starting_zones[0].spaces[1]",
        "starting_zones[0].capacity",
    ]


def test_zone_under_obstacle_and_duplicate_zone_id() -> None:
    obstacle = {"id": "ruin", "kind": "ruin", "footprint": [[1, 0]], "height": 3}
    zones = [zone("yellow", [[1, 0], [0, 0]]), zone("yellow", [[-1, 0]])]
    found = problems(field(obstacles=[obstacle], starting_zones=zones))
    by_path = {p.path: p.message for p in found}
    assert set(by_path) == {"starting_zones[0].spaces[0]", "starting_zones[1].id"}
    assert "under obstacle 'ruin'" in by_path["starting_zones[0].spaces[0]"]
    assert "given twice" in by_path["starting_zones[1].id"]


# --- glyphs --------------------------------------------------------------------------------


def test_glyph_in_a_zone() -> None:
    p = only(field(glyphs=[{"at": [1, 0], "glyph": "power"}],
                   starting_zones=[zone("yellow", [[1, 0], [0, 0]])]))
    assert p.path == "glyphs[0].at"
    assert "[1, 0] is in starting zone 'yellow'" in p.message


def test_glyph_off_the_map() -> None:
    p = only(field(glyphs=[{"at": [7, -3], "glyph": "movement"}]))
    assert p.path == "glyphs[0].at"
    assert "[7, -3] is not on the battlefield" in p.message


def test_two_glyphs_on_one_hex_and_glyph_space_in_water() -> None:
    columns = land(*FLOWER[1:]) + land([0, 0], levels=["water"])
    glyphs = [{"at": [1, 0], "glyph": "power"}, {"at": [1, 0], "glyph": "toughness"}]
    found = problems(field(columns=columns, glyphs=glyphs, glyph_spaces=[[0, 0], [0, 1]]))
    by_path = {p.path: p.message for p in found}
    assert set(by_path) == {"glyphs[1].at", "glyph_spaces[0]"}
    assert "same hex as glyphs[0]" in by_path["glyphs[1].at"]
    assert "[0, 0] is water" in by_path["glyph_spaces[0]"]


def test_duplicate_glyph_space() -> None:
    p = only(field(glyph_spaces=[[0, 1], [0, 1]]))
    assert p.path == "glyph_spaces[1]"
    assert "[0, 1]" in p.message


# --- obstacles -----------------------------------------------------------------------------


def test_obstacle_on_uneven_levels() -> None:
    columns = land(*FLOWER[2:]) + land([0, 0]) + land([1, 0], levels=["land", "land"])
    obstacle = {"id": "ruin-a", "kind": "ruin", "footprint": [[0, 0], [1, 0]], "height": 4}
    p = only(field(columns=columns, obstacles=[obstacle]))
    assert p.path == "obstacles[0].footprint"
    assert "does not sit flat" in p.message
    assert "[0, 0] at level 1" in p.message and "[1, 0] at level 2" in p.message


def test_obstacle_footprint_not_contiguous() -> None:
    obstacle = {"id": "ruin-a", "kind": "ruin", "footprint": [[1, 0], [-1, 0]], "height": 4}
    p = only(field(obstacles=[obstacle]))
    assert p.path == "obstacles[0].footprint"
    assert "not in one piece: [1, 0] | [-1, 0]" in p.message


def test_obstacle_off_map_in_water_overlapping_and_duplicate_id() -> None:
    columns = land(*FLOWER[1:]) + land([0, 0], levels=["water"])
    obstacles = [
        {"id": "ruin", "kind": "ruin", "footprint": [[1, 0], [2, 0]], "height": 4},
        {"id": "ruin", "kind": "cryptolith", "footprint": [[-1, 0]], "height": 2},
        {"id": "wet", "kind": "cryptolith", "footprint": [[0, 0]], "height": 2},
    ]
    found = problems(field(columns=columns, obstacles=obstacles))
    by_path = {p.path: p.message for p in found}
    assert set(by_path) == {
        "obstacles[0].footprint[1]", "obstacles[1].id", "obstacles[2].footprint[0]"
    }
    assert "[2, 0], which has no column" in by_path["obstacles[0].footprint[1]"]
    assert "stands in water at [0, 0]" in by_path["obstacles[2].footprint[0]"]


def test_obstacles_overlap() -> None:
    obstacles = [
        {"id": "ruin-a", "kind": "ruin", "footprint": [[1, 0], [0, 0]], "height": 4},
        {"id": "ruin-b", "kind": "ruin", "footprint": [[0, 1], [0, 0]], "height": 4},
    ]
    p = only(field(obstacles=obstacles))
    assert p.path == "obstacles[1].footprint[1]"
    assert "'ruin-b' overlaps obstacle 'ruin-a' (obstacles[0]) at [0, 0]" in p.message


# --- power spaces --------------------------------------------------------------------------


def test_power_space_not_next_to_its_glyph() -> None:
    columns = land(*FLOWER) + land([2, 0])
    p = only(field(columns=columns, glyphs=[{"at": [0, 0], "glyph": "power"}],
                   power_spaces=[{"at": [2, 0], "glyph": [0, 0]}]))
    assert p.path == "power_spaces[0]"
    assert "power space [2, 0] is 2 hexes from its glyph [0, 0]" in p.message
    assert "[1, 0]" in p.fix


def test_power_space_without_glyph_and_in_water() -> None:
    columns = land(*FLOWER[:-1]) + land([0, 1], levels=["water"])
    found = problems(field(columns=columns, power_spaces=[{"at": [0, 1], "glyph": [0, 0]}]))
    by_path = {p.path: p.message for p in found}
    assert set(by_path) == {"power_spaces[0].at", "power_spaces[0].glyph"}
    assert "[0, 1] is water" in by_path["power_spaces[0].at"]
    assert "no glyph is there" in by_path["power_spaces[0].glyph"]


def test_power_space_next_to_a_glyph_space_is_fine() -> None:
    assert problems(field(glyph_spaces=[[0, 0]],
                          power_spaces=[{"at": [0, 1], "glyph": [0, 0]}])) == []


# --- all problems at once, with lines from parsed YAML --------------------------------------


YAML = """\
format: battlefield
id: broken
name: A broken field
provenance: reconstructed
columns:
  - {at: [0, 0], levels: [land]}
  - {at: [1, 0], levels: [land, water, land]}
  - {at: [0, 1], levels: [water]}
  - {at: [5, 5], levels: [land]}
glyphs:
  - {at: [0, 0], glyph: power}
starting_zones:
  - id: yellow
    name: Yellow
    colour: "#e8c547"
    spaces:
      - [1, 0]
      - [0, 1]
    capacity: 1
"""


def test_lines_from_parsed_yaml_and_all_problems_reported() -> None:
    doc = parse(YAML, "broken.yaml")
    bf = Battlefield.model_validate(doc.data)
    found, summary = check_battlefield(bf, doc)
    where = {p.path: p for p in found}
    assert set(where) == {
        "columns[1].levels[2]", "columns[3]", "starting_zones[0].spaces[1]"
    }
    assert where["columns[1].levels[2]"].line == 7
    assert where["columns[3]"].line == 9
    zone_problem = where["starting_zones[0].spaces[1]"]
    assert zone_problem.line == 18
    assert zone_problem.file == "broken.yaml"
    assert str(zone_problem).startswith("broken.yaml:18: [starting_zones[0].spaces[1]]")
    assert summary.components == 2


# --- property and performance --------------------------------------------------------------


@st.composite
def connected_hexes(draw: st.DrawFn) -> list[Hex]:
    hexes = [Hex(0, 0)]
    seen = {hexes[0]}
    steps = draw(st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 5)), max_size=60))
    for pick, direction in steps:
        h = neighbours(hexes[pick % len(hexes)])[direction]
        if h not in seen:
            seen.add(h)
            hexes.append(h)
    return hexes


@settings(max_examples=150, deadline=None)
@given(connected_hexes())
def test_connected_sets_are_one_area(hexes: list[Hex]) -> None:
    found, summary = check(field(columns=land(*([h.q, h.r] for h in hexes))))
    assert found == []
    assert summary.components == 1
    assert abs(summary.area - len(hexes)) < 1e-6


def test_a_large_field_is_checked_whole() -> None:
    """A 1,951-hex field with a detached pair is checked whole and the pair found (how fast:
    `make bench`, "content: geometry check of a 1,951-hex battlefield")."""
    hexes = spiral(Hex(0, 0), 25)  # 1951 hexes
    columns = land(*([h.q, h.r] for h in hexes)) + land([40, 0], [41, 0])
    data = field(columns=columns)
    bf = Battlefield.model_validate(data)
    found, summary = check_battlefield(bf, Document("big.yaml", data, {}))
    assert [p.path for p in found] == [f"columns[{len(hexes)}]"]
    assert summary.hexes == len(hexes) + 2
