"""Problems in plain words: no pydantic or schema wording reaches a person, a range says what
the limit is, and a scenario's rules across fields are reported all at once, each with its
fix."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arena.content.errors import ContentError
from arena.content.loader import load_text
from arena.content.validate_cli import run as validate_files

ROOT = Path(__file__).resolve().parents[2]
BROKEN = sorted((ROOT / "tests" / "content" / "broken").glob("*.yaml"))
JARGON = ("should have", "Input should", "after validation", "String should", "Value error",
          "validation error", "type=", "pydantic")

FIELD = """\
format: battlefield
id: field
name: Field
provenance: reconstructed
columns:
  - {at: [0, 0], levels: [land]}
starting_zones:
  - {id: yellow, name: Yellow, colour: "#e8c547", spaces: []}
"""

SCENARIO = """\
format: scenario
id: wide
name: Wide
battlefield: duel
players: {min: 2, max: 4}
zones: {mode: one_team_per_zone, order: [yellow, orange]}
turn_limit: {"2": 30}
victory: destroy_planeswalkers
scoring: battlefield
provenance: reconstructed
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(ContentError) as caught:
        load_text(text, "x.yaml")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_no_schema_wording_reaches_the_user(path: Path) -> None:
    out = io.StringIO()
    validate_files([str(path)], out)
    for word in JARGON:
        assert word not in out.getvalue(), out.getvalue()


def test_an_empty_list_says_what_it_needs() -> None:
    """Seen: "a list is out of range: List should have at least 1 item after validation, not
    0. Fix: change 'spaces'"."""
    assert _problems(FIELD) == [
        "x.yaml:8: [starting_zones[0].spaces] 'spaces' is empty: it needs at least 1 entry. "
        "Fix: add to 'spaces'"]


def test_a_bad_id_and_colour_say_how_they_are_written() -> None:
    text = FIELD.replace("id: yellow", "id: Big Yellow").replace('"#e8c547"', "yellow")
    found = "\n".join(_problems(text))
    assert "'Big Yellow' is not a valid value here: an id uses only lower-case letters, " \
           "digits and dashes. Fix: write it like 'big-yellow'" in found
    assert "'yellow' is not a valid value here: a colour is written #rrggbb" in found


def test_every_rule_of_a_scenario_at_once_with_its_fix() -> None:
    """Seen in the Scenario window: one problem at a time, no fix ("turn_limit has no entry
    for 3 players")."""
    found = _problems(SCENARIO)
    assert found == [
        "x.yaml:6: [zones.mode] zones.mode one_team_per_zone needs teams. Fix: add teams "
        "([[1, 2], [3, 4]]) or choose another zone mode",
        "x.yaml:7: [turn_limit] turn_limit has no entry for 3 players. Fix: add the last turn "
        "of a 3-player game to turn_limit ('3': 30), or change players",
        "x.yaml:7: [turn_limit] turn_limit has no entry for 4 players. Fix: add the last turn "
        "of a 4-player game to turn_limit ('4': 30), or change players",
    ]
