"""A catalogue of broken content files, each with the one message it must produce.

Every file in ``tests/content/broken/`` is checked together with the valid fixtures (so that
cross-file rules have cards, spells and a battlefield to resolve against): in process through
`load_catalog`, and as a user would, through ``arena validate``. Each must give its specific
message at the right line and key path, exit with status 1 and never print a traceback.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from arena.content import yamlio
from arena.content.catalog import load_catalog
from arena.content.errors import Problem
from arena.content.yamlio import Document

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
VALID = HERE / "fixtures" / "valid"
BROKEN = HERE / "broken"

# file name -> (text the message contains, line or None, key path or None for the whole file)
EXPECTED: dict[str, tuple[str, int | None, str | None]] = {
    # army cards: types, keys, ranges, cross-field rules
    "army-card-life-is-string.yaml": ("expected a whole number, got '1'", 10, "life"),
    "army-card-unknown-key.yaml": ("unknown key 'speed'", 12, "speed"),
    "army-card-missing-life.yaml": ("missing required key 'life'", 1, "life"),
    "army-card-bad-colour.yaml": ("'purple' is not allowed", 5, "colours[0]"),
    "army-card-negative-cost.yaml": ("-60 is out of range", 18, "cost"),
    "army-card-artifact-and-white.yaml": ("an artifact card has no other colour", 5, "colours"),
    "army-card-planeswalker-not-unique.yaml": (
        "a Planeswalker is unique and has exactly 1 figure", 7, "unique"),
    "army-card-hit-zone-upside-down.yaml": (
        "hit_zone.bottom must be below hit_zone.top", 21, "hit_zone"),
    "bool-as-int.yaml": ("expected a whole number, got True", 10, "life"),
    "float-as-int.yaml": ("expected a whole number, got 2.5", 9, "figures"),
    "on-key.yaml": ("the key 'on' is read by YAML as true, not as text", 12, "on"),
    "date-value.yaml": ("'2016-07-01' is read by YAML as a date", 8, "creature_type"),
    "impossible-date.yaml": ("'2016-13-45' cannot be read as a date", 8, "creature_type"),
    "huge-number.yaml": ("is a number of 5000 digits, too long", 18, "cost"),
    "duplicate-key.yaml": ("is given twice", 15, "life"),
    "id-mismatch.yaml": (
        "id 'some-other-id' does not match the file name 'id-mismatch.yaml'", 2, "id"),
    "format-does-not-fit-keys.yaml": ("unknown key 'cards'", 5, "cards"),
    # abilities
    "ability-bad-stat.yaml": ("'defence' is not allowed", 28, "abilities[0].modifier.stat"),
    "ability-unknown-kind.yaml": ("'passive' is not a known kind", 25, "abilities[0].kind"),
    "ability-dangling-card.yaml": (
        "no army card has the id 'test-white-soldier'", 33,
        "abilities[0].effects[0].select.card"),
    # spell cards
    "spell-unknown-effect.yaml": ("'teleport' is not a known effect", 9, "effects[0].effect"),
    "spell-effect-without-name.yaml": ("missing required key 'effect'", 9, "effects[0].effect"),
    "spell-effects-not-a-list.yaml": ("expected a list, got a mapping", 8, "effects"),
    "spell-missing-cost.yaml": ("missing required key 'cost'", 1, "cost"),
    "spell-aura-without-enchants.yaml": ("an aura needs `enchants`", 1, "enchants"),
    "spell-sorcery-with-trigger.yaml": (
        "a sorcery has neither `enchants` nor `trigger`", 7, "trigger"),
    # battlefields: schema, then geometry
    "battlefield-bad-coordinate.yaml": (
        "expected a hex coordinate [q, r] of two whole numbers", 9, "columns[2].at"),
    "battlefield-huge-coordinate.yaml": (
        "[99999999999, 1] is too far out: q and r must be between -200 and 200", 9,
        "columns[2].at"),
    "battlefield-too-tall.yaml": ("at most 50", 9, "columns[2].levels"),
    "battlefield-bad-terrain.yaml": ("'lava' is not allowed", 9, "columns[2].levels[0]"),
    "battlefield-bad-zone-colour.yaml": (
        "'orange' is not a valid value here", 25, "starting_zones[1].colour"),
    "battlefield-disconnected.yaml": (
        "1 hex [6, 6] is cut off from the main area of 12 hexes", 19, "columns[12]"),
    "battlefield-duplicate-column.yaml": (
        "column [1, 1] is given twice (also columns[5])", 19, "columns[12]"),
    "battlefield-zone-space-on-a-bridge.yaml": (
        "starting zone 'yellow' space [2, 1] names no surface: the column at 2,1 has surfaces "
        "at levels 1 and 5", 24, "starting_zones[0].spaces[1]"),
    "battlefield-level-on-water.yaml": (
        "level 2 of [3, 1] floats: level 1 below it is water", 14, "columns[7].levels[1]"),
    "battlefield-obstacle-in-water.yaml": (
        "obstacle 'ruin-a' stands in water at [3, 1]", 20, "obstacles[0].footprint[0]"),
    "battlefield-zone-off-map.yaml": (
        "space [9, 9] is not on the battlefield", 25, "starting_zones[1].spaces[1]"),
    "battlefield-zones-overlap.yaml": (
        "[1, 0] is in both starting zone 'orange' and starting zone 'yellow'", 25,
        "starting_zones[1].spaces[0]"),
    "battlefield-glyph-in-zone.yaml": (
        "glyph 'power' at [2, 2] is in starting zone 'orange'", 22, "glyphs[0].at"),
    # scenarios
    "scenario-dangling-battlefield.yaml": (
        "no battlefield has the id 'test-feild'", 5, "battlefield"),
    "scenario-unknown-zone.yaml": (
        "battlefield 'test-field' has no starting zone 'purple'", 7, "zones.order[1]"),
    "scenario-turn-limit-missing.yaml": (
        "turn_limit has no entry for 3 players", 10, "turn_limit"),
    "scenario-turn-limit-int-key.yaml": (
        "the key 2 is read by YAML as a number, not as text", 10, "turn_limit.2"),
    # armies
    "army-two-planeswalkers.yaml": (
        "Test Jace is a second Planeswalker; an army has exactly one", 5, "cards[1]"),
    "army-wrong-colour.yaml": (
        "Test Blue Drakes is blue, but Test Gideon is white", 5, "cards[1]"),
    "army-over-budget.yaml": (
        "the army costs 530 points, more than the budget of 500", 5, "cards"),
    "army-unique-twice.yaml": (
        "Test White Champion is unique and already in the army", 5, "cards[2]"),
    "army-dangling-card.yaml": (
        "no army card has the id 'test-white-soldier'", 5, "cards[1]"),
    "army-squad-as-planeswalker.yaml": (
        "Test White Soldiers is a squad, not a Planeswalker", 4, "planeswalker"),
    # decks
    "deck-eleven-cards.yaml": ("the deck has 11 cards; it must have exactly 12", 5, "spells"),
    "deck-over-cost.yaml": ("the deck costs 220, more than 200", 5, "spells"),
    "deck-wrong-colour.yaml": (
        "Test Unsummon is blue, but Test Gideon is white", 17, "spells[11]"),
    "deck-duplicate.yaml": ("Test Healing Light is already in the deck", 17, "spells[11]"),
    "deck-dangling-spell.yaml": ("no spell card has the id 'test-ambsuh'", 17, "spells[11]"),
    "deck-for-a-squad.yaml": (
        "Test Iron Golem is not a Planeswalker; a deck is built for one", 4, "planeswalker"),
    # YAML that is malicious, not plain data, or not YAML at all
    "python-object-tag.yaml": (
        "uses a YAML tag that is not allowed: could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/object/apply:os.system'", 3, None),
    "python-name-tag.yaml": (
        "uses a YAML tag that is not allowed: could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/name:os.system'", 3, None),
    "custom-tag.yaml": ("uses a YAML tag that is not allowed", 3, None),
    "binary-tag.yaml": ("uses the YAML tag tag:yaml.org,2002:binary", 3, "name"),
    "alias-bomb.yaml": ("uses a YAML alias", 3, "a1[0]"),
    "complex-key.yaml": ("found unhashable key", 12, None),
    "binary-garbage.yaml": ("is a binary file, not YAML text", None, None),
    "not-utf8.yaml": ("is not valid UTF-8 text (byte 40)", 3, None),
    "empty.yaml": ("is empty", None, None),
    "only-comments.yaml": ("is empty", None, None),
    "list-at-top.yaml": ("holds a list, not a mapping of keys", 1, None),
    "scalar-at-top.yaml": ("holds a single value ('just some words')", 1, None),
    "no-format.yaml": ("has no `format` key", 1, None),
    "unknown-format.yaml": ("format 'army-kard' is not one Arena knows", 1, "format"),
    "bad-indentation.yaml": (
        "is not valid YAML: mapping values are not allowed here", 7, None),
    "tab-indentation.yaml": ("found character '\\t' that cannot start any token", 22, None),
    "unclosed-quote.yaml": (
        "found unexpected end of stream (while scanning a quoted scalar", 3, None),
    "two-documents.yaml": ("but found another document", 24, None),
}

# Fixes the messages must carry too, where the fix is the point of the message.
EXPECTED_FIX: dict[str, str] = {
    "python-object-tag.yaml": "Arena never constructs Python objects",
    "list-at-top.yaml": "start the file with `format: ...`",
    "army-dangling-card.yaml": "did you mean 'test-white-soldiers'?",
    "on-key.yaml": 'put the key in quotes ("on":)',
    "army-card-unknown-key.yaml": "allowed keys here: format, id, name",
    "battlefield-zone-space-on-a-bridge.yaml": "write [2, 1, 1] or [2, 1, 5]",
}


def broken_files() -> list[Path]:
    return sorted(p for p in BROKEN.iterdir() if p.suffix == ".yaml")


def validate_command() -> list[str]:
    """``arena validate``, or the same entry point through Python if the script is missing."""
    script = Path(sys.executable).with_name("arena")
    if script.exists():
        return [str(script), "validate"]
    return [sys.executable, "-c", "import sys; from arena.content.validate_cli import run; "
            "sys.exit(run(sys.argv[1:], sys.stdout))"]


def run_validate(*paths: Path | str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [*validate_command(), *map(str, paths)], cwd=REPO, env=env, capture_output=True,
        text=True, timeout=60, check=False)


def test_catalogue_is_complete() -> None:
    names = {p.name for p in broken_files()}
    assert len(names) >= 30
    assert names == set(EXPECTED), (
        f"no expectation for {sorted(names - set(EXPECTED))}; "
        f"no file for {sorted(set(EXPECTED) - names)}")


def test_broken_files_are_named_for_their_id() -> None:
    """`<id>.yaml`, so that nothing but the intended problem is reported."""
    for path in broken_files():
        try:
            data = yaml.safe_load(path.read_bytes())
        except (yaml.YAMLError, ValueError):
            continue
        if isinstance(data, dict) and "id" in data and path.name != "id-mismatch.yaml":
            assert data["id"] == path.stem, path.name


def _matches(problem: Problem, text: str, line: int | None, key: str | None) -> bool:
    return text in problem.message and problem.line == line and problem.path == (key or "")


_PARSED: dict[tuple[Path, str | None], Document] = {}


@pytest.fixture
def parse_valid_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parse each valid fixture once per test process (pure-Python YAML is the slow part)."""
    real = yamlio.load

    def load(path: Path, display: str | None = None) -> Document:
        if VALID not in path.parents:
            return real(path, display)
        key = (path, display)
        if key not in _PARSED:
            _PARSED[key] = real(path, display)
        return _PARSED[key]

    monkeypatch.setattr(yamlio, "load", load)


@pytest.mark.usefixtures("parse_valid_once")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_file_gives_its_message(name: str) -> None:
    path = BROKEN / name
    text, line, key = EXPECTED[name]
    catalog = load_catalog([VALID, path])
    problems = catalog.problems_for(path.resolve())
    assert problems, f"{name} was accepted"
    assert any(_matches(p, text, line, key) for p in problems), "\n".join(map(str, problems))
    for problem in problems:
        assert Path(problem.file).name == name
        where = f"{problem.file}:{problem.line}:" if problem.line else f"{problem.file}:"
        assert str(problem).startswith(where)
        assert problem.message and problem.fix
    if name in EXPECTED_FIX:
        assert any(EXPECTED_FIX[name] in p.fix for p in problems), problems
    # The broken file is the only one at fault: the valid fixtures stay clean.
    assert [p for p in catalog.problems if p != path.resolve()] == []


def _reported(stdout: str, name: str, text: str, line: int | None, key: str | None) -> bool:
    shown = f"tests/content/broken/{name}" + (f":{line}:" if line else ":")
    shown += f" [{key}]" if key else ""
    return any(ln.startswith(shown) and text in ln for ln in stdout.splitlines())


@pytest.fixture(scope="module")
def all_broken_run() -> subprocess.CompletedProcess[str]:
    """One ``arena validate`` over the valid fixtures and every broken file at once."""
    return run_validate(VALID, *broken_files())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_arena_validate_reports_each_broken_file(
    name: str, all_broken_run: subprocess.CompletedProcess[str]
) -> None:
    text, line, key = EXPECTED[name]
    output = all_broken_run.stdout + all_broken_run.stderr
    assert all_broken_run.returncode == 1
    assert "Traceback" not in output
    assert _reported(all_broken_run.stdout, name, text, line, key), output[-3000:]


def test_arena_validate_counts_every_broken_file(
    all_broken_run: subprocess.CompletedProcess[str]
) -> None:
    valid, broken = len(list(VALID.rglob("*.yaml"))), len(broken_files())
    summary = all_broken_run.stdout.splitlines()[-1]
    assert summary.startswith(
        f"{valid + broken} files checked: {valid} valid, {broken} invalid, "), summary


# One file of each kind is also validated on its own, exactly as a user would run it (a
# process per file for the whole catalogue would take most of the test budget).
ON_THEIR_OWN = [
    "army-card-life-is-string.yaml", "spell-unknown-effect.yaml", "on-key.yaml",
    "battlefield-disconnected.yaml", "battlefield-zone-off-map.yaml",
    "scenario-dangling-battlefield.yaml", "army-over-budget.yaml", "deck-wrong-colour.yaml",
    "python-object-tag.yaml", "alias-bomb.yaml", "binary-garbage.yaml", "empty.yaml",
    "huge-number.yaml",
]


@pytest.mark.parametrize("name", ON_THEIR_OWN)
def test_arena_validate_on_one_broken_file(name: str) -> None:
    text, line, key = EXPECTED[name]
    result = run_validate(VALID, BROKEN / name)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert "Traceback" not in output
    assert _reported(result.stdout, name, text, line, key), output
    assert "1 invalid" in result.stdout.splitlines()[-1]


def test_arena_validate_accepts_the_valid_fixtures() -> None:
    files = sorted(VALID.rglob("*.yaml"))
    result = run_validate(VALID)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    ok = [ln for ln in lines if ln.startswith("ok ")]
    assert len(ok) == len(files)
    for path in files:
        assert sum(str(path.relative_to(REPO)) in ln for ln in ok) == 1, path
    assert lines[-1] == f"{len(files)} files checked: {len(files)} valid, 0 invalid, 0 problems"
    assert "Traceback" not in result.stdout + result.stderr


def test_arena_validate_nonexistent_path_exits_2() -> None:
    result = run_validate(VALID, "tests/content/no-such-folder")
    assert result.returncode == 2
    assert "no-such-folder: no such file or folder" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
