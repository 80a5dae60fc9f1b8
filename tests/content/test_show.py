"""`arena show`: the text rendering of battlefields and scenarios, and the command's errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content import show
from arena.content.battlefield import Battlefield
from arena.content.catalog import project_root
from arena.content.loader import load_text
from arena.content.scenario import Scenario

TINY = """\
format: battlefield
id: tiny
name: A tiny field
description: Two hills, a pond and a road.
provenance: reconstructed
columns:
  - {at: [0, -1], levels: [land]}
  - {at: [1, -1], levels: [land]}
  - {at: [2, -1], levels: [weirded]}
  - {at: [-1, 0], levels: [land, land, land]}
  - {at: [0, 0], levels: [land]}
  - {at: [1, 0], levels: [land, land]}
  - {at: [-2, 1], levels: [land]}
  - {at: [-1, 1], levels: [road]}
  - {at: [0, 1], levels: [water]}
obstacles:
  - {id: ruin-a, kind: ruin, name: Ruin A, footprint: [[1, 0]], height: 6}
glyphs:
  - {at: [0, 0], glyph: power}
  - {at: [-1, 0], glyph: knowledge, side: planeswalker}
glyph_spaces: [[0, 0]]
starting_zones:
  - {id: yellow, name: Yellow, colour: "#e8c547", spaces: [[0, -1]], capacity: 1}
  - {id: orange, name: Orange, colour: "#e8842c", spaces: [[-2, 1]], capacity: 1}
power_spaces:
  - {at: [1, -1], glyph: [0, 0]}
"""

# Row r of a level map puts hex [q, r] in text column 2q + r (less the smallest such column),
# after a two-space indent; marks (zone, glyph, glyph space, ruin, power space) stand on the
# top level of their column, lower levels show the terrain.
TINY_RENDERED = """\
Battlefield: A tiny field (tiny, reconstructed)
  Two hills, a pond and a road.
9 hexes, 12 tiles, highest level 3

Level 1
    Y * %
   . ? .
  O = ~
Level 2

   .   #

Level 3

   k


Legend: . land  ~ water  = road  % weirded ground  # ruin  C cryptolith  * power space
        P T M K R H glyph of power, toughness, movement, knowledge, recall, healing
        (lower case: Planeswalker side up)  ? glyph space (a glyph is shuffled onto it)
        capital letter: starting zone; marks stand on the top level of their column

Starting zones:
  Y yellow (Yellow, #e8c547): capacity 1, 1 space
  O orange (Orange, #e8842c): capacity 1, 1 space
Glyphs:
  P power at [0, 0] level 1, ability side up
  K knowledge at [-1, 0] level 3, Planeswalker side up
Glyph spaces: [0, 0]
Obstacles:
  # ruin-a (Ruin A): ruin, height 6 on level 2, footprint [1, 0]
Power spaces: 1
  next to [0, 0]: [1, -1]
Zone balance (means over each zone's spaces; even within 0.25 level, 0.25 hex):
  yellow: 1 space, level 1.00, 1.00 hexes from the centre; power glyph at [0, 0] 1.00; knowledge
      glyph at [-1, 0] 1.00
  orange: 1 space, level 1.00, 1.73 hexes from the centre; power glyph at [0, 0] 2.00; knowledge
      glyph at [-1, 0] 1.00
  UNEVEN: the zones differ in mean distance to the centre (yellow 1.00, orange 1.73 hexes; even
      within 0.25)
  UNEVEN: the power glyph at [0, 0] is nearer yellow (mean distance from the zone's spaces:
      yellow 1.00, orange 2.00 hexes; even within 0.25)
"""

TINY_SCENARIO = """\
format: scenario
id: tiny-game
name: A tiny game
battlefield: tiny
players: {min: 3, max: 4}
zones: {mode: any_free_space}
turn_limit: {'3': 36, '4': 48}
victory: score_at_turn_limit
scoring: power_spaces
tie_break: draw
provenance: reconstructed
"""

TINY_RULES = """\
Scenario: A tiny game (tiny-game, reconstructed)
  battlefield: tiny
  players: 3-4
  teams: none
  starting zones: any_free_space
  army budget: 500; spell deck: 12 cards, total cost at most 200
  glyph set-up: as_placed
  turn limit: 3 players: turn 36, 4 players: turn 48
  victory: score_at_turn_limit
  scoring: power_spaces
  tie-break: equal points: a draw
"""


def _tiny() -> Battlefield:
    bf = load_text(TINY)
    assert isinstance(bf, Battlefield)
    return bf


def test_tiny_battlefield_renders_exactly() -> None:
    assert show.render_battlefield(_tiny()) == TINY_RENDERED


def test_tiny_scenario_rules_follow_the_battlefield() -> None:
    scenario = load_text(TINY_SCENARIO)
    assert isinstance(scenario, Scenario)
    assert show.render_battlefield(_tiny(), scenario) == f"{TINY_RENDERED}\n{TINY_RULES}"


def test_level_maps_keep_every_level_aligned() -> None:
    levels = show.render_levels(_tiny())
    assert [line for line in levels if line.startswith("Level")] == [
        "Level 1", "Level 2", "Level 3"]
    assert len(levels) == 3 * (1 + 3)  # a heading and the same three rows on every level


def test_shipped_duel_shows_zones_and_glyphs(capsys: pytest.CaptureFixture[str]) -> None:
    assert show.main(["the-duel"]) == 0
    out = capsys.readouterr().out
    maps = out.split("Legend:")[0]
    for letter in "YOMPT":
        assert letter in maps, f"{letter} missing from the Duel's level maps"
    assert "Scenario: The Duel (the-duel, reconstructed)" in out
    assert "turn limit: 2 players: turn 30" in out


def test_a_battlefield_id_renders_without_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert show.main(["melee"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Battlefield: The Melee (melee, reconstructed)")
    assert "Scenario:" not in out
    assert "*" in out.split("Legend:")[0]


def test_a_path_is_shown(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY, encoding="utf-8")
    assert show.main([str(path)]) == 0
    assert capsys.readouterr().out == TINY_RENDERED


def test_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert show.main(["no-such-field"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no-such-field: no shipped scenario or battlefield has this id" in captured.err
    assert "the-duel" in captured.err  # the ids that do exist are listed


def test_missing_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert show.main([str(tmp_path / "gone.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_broken_file_prints_its_problems(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(TINY.replace("levels: [land, land]}", "levels: [water, land]}"),
                    encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace("id: tiny", "id: broken"),
                    encoding="utf-8")
    assert show.main([str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "level 2 of [1, 0] floats" in captured.err
    assert "Traceback" not in captured.err


def test_yaml_syntax_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("format: battlefield\nid: [unclosed\n", encoding="utf-8")
    assert show.main([str(path)]) == 1
    assert "bad.yaml" in capsys.readouterr().err


def test_scenario_with_a_missing_battlefield(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "tiny-game.yaml"
    path.write_text(TINY_SCENARIO, encoding="utf-8")  # names battlefield `tiny`: not shipped
    assert show.main([str(path)]) == 1
    assert "no battlefield has the id 'tiny'" in capsys.readouterr().err


def test_a_shipped_id_whose_file_is_broken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    (scenarios / "tiny.yaml").write_text(TINY.replace("height: 6", "height: high"),
                                         encoding="utf-8")
    monkeypatch.setenv("ARENA_CONTENT", str(tmp_path))
    assert show.main(["tiny"]) == 1
    assert "height" in capsys.readouterr().err


def test_not_a_battlefield(capsys: pytest.CaptureFixture[str]) -> None:
    card = next((project_root() / "cards").rglob("*.yaml"))
    assert show.main([str(card)]) == 2
    assert "not a battlefield or scenario" in capsys.readouterr().err


def test_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert show.main([]) == 2
    assert "SCENARIO_OR_BATTLEFIELD" in capsys.readouterr().err


BRIDGE = """\
format: battlefield
id: bridge
name: A bridge
provenance: reconstructed
columns:
  - {at: [0, 0], levels: [land, land, land]}
  - {at: [1, 0], levels: [water, null, land]}
  - {at: [2, 0], levels: [land, land, land]}
glyphs:
  - {at: [1, 0, 3], glyph: power}
glyph_spaces: [[1, 0, 3]]
starting_zones:
  - {id: yellow, name: Yellow, colour: "#e8c547", spaces: [[0, 0]], capacity: 1}
  - {id: orange, name: Orange, colour: "#e8842c", spaces: [[2, 0]], capacity: 1}
"""


def test_a_storey_is_drawn_at_its_level_and_named_q_r_at_level(tmp_path: Path) -> None:
    """A bridge deck over water: its glyph is drawn on the level 3 map, the water under it on
    level 1, and the text names the deck 1,0@3 (issue #33)."""
    path = tmp_path / "bridge.yaml"
    path.write_text(BRIDGE, encoding="utf-8")
    text = show.show(str(path))
    levels = text.split("Level ")
    assert levels[1].splitlines()[1].strip() == ". ~ ."  # level 1: the river under it
    assert levels[3].splitlines()[1].strip() == "Y ? O"  # level 3: the glyph space on the deck
    assert "1 column with several surfaces (a figure may stand on each): [1, 0]" in text
    assert "P power at 1,0@3 level 3" in text
    assert "Glyph spaces: 1,0@3" in text
    assert "where a column has several surfaces, a mark stands on the level of its own" in text


def test_validate_names_a_misplaced_storey_q_r_at_level(tmp_path: Path) -> None:
    from io import StringIO

    from arena.content.validate_cli import run

    path = tmp_path / "bridge.yaml"
    path.write_text(BRIDGE.replace("glyph_spaces: [[1, 0, 3]]", "glyph_spaces: [[2, 0, 3]]"),
                    encoding="utf-8")
    out = StringIO()
    assert run([str(path)], out) == 1
    assert "glyph space 2,0@3 names no surface: the column at 2,0 has one surface (level 3)" \
        in out.getvalue()
    assert "write [2, 0]" in out.getvalue()
