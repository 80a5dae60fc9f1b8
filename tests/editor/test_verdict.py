"""One verdict, shared with the game: the editor's "ready to play as ..." is what ``arena
validate`` and ``arena play --battlefield`` decide, for every shipped and test battlefield
and each guide scenario, because all of them call `arena.content.fits.fit`."""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from model_kit import patch_editor

from arena.ai import sim
from arena.client import content, direct
from arena.content import checks, fits
from arena.content.errors import ContentError
from arena.content.validate_cli import run as validate_files
from editor.core import scenario_form, verdict
from editor.core.model import AddZone, Editor, EditZone, PaintZone
from editor.core.validation import validate

ROOT = Path(__file__).resolve().parents[2]
BATTLEFIELDS = sorted([
    *(ROOT / "scenarios" / "battlefields").glob("*.yaml"),
    *(ROOT / "tests" / "content" / "fixtures" / "valid" / "battlefields").glob("*.yaml"),
    *(ROOT / "tests" / "content" / "broken").glob("battlefield-*.yaml"),
])
"""Every battlefield file the game ships and the tests keep (valid and broken)."""


@pytest.fixture
def game_catalog(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """The game's catalogue, with what a started battle adds to it taken out again."""
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    cat = content.catalog()
    fields, scenarios = dict(cat.battlefields), dict(cat.scenarios)
    yield
    cat.battlefields.clear()
    cat.battlefields.update(fields)
    cat.scenarios.clear()
    cat.scenarios.update(scenarios)


def _game_accepts(path: Path, scenario: str, players: int) -> tuple[bool, str]:
    """Does ``arena play --scenario S --battlefield PATH`` start a battle? (and why not)"""
    cat = content.catalog()
    fields, scenarios = dict(cat.battlefields), dict(cat.scenarios)
    try:
        direct.start(direct.BattleRequest(scenario=scenario, battlefield=str(path),
                                          seats=("easy",) * players, seed=1))
    except direct.StartError as exc:
        return False, str(exc)
    finally:
        cat.battlefields.clear()
        cat.battlefields.update(fields)
        cat.scenarios.clear()
        cat.scenarios.update(scenarios)
    return True, ""


def _editor_ready(path: Path, copy: Path) -> tuple[set[str], str, Path | None]:
    """The scenarios the editor says the map is ready to play as, its headline, and the map
    as the editor saves it (None when it cannot open the file)."""
    try:
        ed = Editor.open(path)
    except (ContentError, ValueError) as exc:
        return set(), f"not opened: {exc}", None
    report = validate(ed.doc)
    ed.save(copy / path.name)
    return ({f.scenario.id for f in report.fits if report.ok and f.ok}, report.headline(),
            copy / path.name)


@pytest.mark.parametrize("path", BATTLEFIELDS, ids=[p.stem for p in BATTLEFIELDS])
def test_the_editor_and_the_game_agree(path: Path, game_catalog: None, tmp_path: Path) -> None:
    out = io.StringIO()
    valid = validate_files([str(path)], out) == 0
    plays_as = out.getvalue().partition("plays as ")[2]
    ready, headline, saved = _editor_ready(path, tmp_path)
    for sc in verdict.guide_scenarios():
        accepted, why = _game_accepts(path, sc.id, sc.players.min)
        if valid:  # the editor keeps a valid file as it is
            assert (sc.id in ready) == accepted, (sc.id, headline, why)
            assert (f"{sc.name} (" in plays_as) == accepted, (sc.id, plays_as, why)
        else:  # what `arena validate` refuses, nobody plays
            assert not accepted, (sc.id, why)
        if saved is not None:  # a broken file the editor repairs on opening: its copy
            accepted, why = _game_accepts(saved, sc.id, sc.players.min)
            assert (sc.id in ready) == accepted, (sc.id, headline, why)
    if valid and path.parent.name == "battlefields" and path.parent.parent.name == "scenarios":
        assert ready, headline  # every shipped battlefield plays as some guide scenario


def test_the_game_and_the_editor_call_the_same_function() -> None:
    """Every place that decides whether a scenario plays on a battlefield holds the one
    `fit`; none other runs the zone test of its own."""
    for module in (checks, direct, sim, content, verdict, scenario_form):
        assert module.fit is fits.fit, module.__name__  # type: ignore[attr-defined]
    users = []
    for source in [*ROOT.glob("arena/**/*.py"), *ROOT.glob("editor/*.py")]:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "order" and \
                    isinstance(node.value, ast.Attribute) and node.value.attr == "zones":
                users.append(source.relative_to(ROOT).as_posix())
    # Only the verdict reads which zones a scenario names (the engine's rules copy, the
    # summary of `arena show` and the form that edits them only pass it on).
    assert set(users) <= {"arena/content/fits.py", "arena/engine/defs.py",
                          "arena/content/show.py", "editor/core/scenario_form.py"}, users


def _two_zones(second: str) -> Editor:
    ed = patch_editor()
    ed.execute(AddZone("yellow", "Yellow", "#e8c547"))
    ed.execute(PaintZone((-2, 0), "yellow"))
    ed.execute(AddZone(second, second.capitalize(), "#3366cc"))
    ed.execute(PaintZone((2, 0), second))
    return ed


def test_a_map_without_zones_is_not_ready() -> None:
    """Seen: "No problems: ready to play" on a new map with no zones."""
    report = validate(patch_editor().doc)
    assert report.ok and not report.playable
    assert report.headline() == "Not ready to play: see Play as below"
    lines = report.play_lines()
    assert "The Duel: not yet" in lines
    assert ("- the battlefield has no starting zones. Fix: paint a starting zone for each "
            "player (New zone, then paint its spaces)") in lines


def test_yellow_and_blue_play_the_duel_and_say_which_zone_is_whose(
        tmp_path: Path, game_catalog: None) -> None:
    """Seen: the editor said ready; `arena play --battlefield` refused with "no starting
    zone 'orange'". Now both accept, and the editor says blue starts the Duel's orange."""
    ed = _two_zones("blue")
    report = validate(ed.doc)
    assert report.headline() == "Ready to play as The Duel"
    assert "The Duel: ready (one player each in Yellow and Blue (as orange))" in \
        report.play_lines()
    path = tmp_path / "patch.yaml"
    ed.save(path)
    assert _game_accepts(path, "the-duel", 2) == (True, "")


def test_a_zone_id_is_edited_and_undone() -> None:
    ed = _two_zones("blue")
    assert ed.execute(EditZone("blue", name="Orange", new_id="orange"))
    assert [z.id for z in ed.doc.zones] == ["yellow", "orange"]
    duel = validate(ed.doc).fits[0]
    assert duel.ok and duel.stand_ins == {}
    ed.undo()
    assert [z.id for z in ed.doc.zones] == ["yellow", "blue"]


def test_the_scenario_window_checks_the_scenario_on_the_map() -> None:
    """A scenario of the map names its zones by id: on its own map, a zone id it names that
    the map lacks is refused (the game refuses it too), with the fix."""
    ed = _two_zones("blue")
    field = validate(ed.doc).battlefield
    form = scenario_form.ScenarioForm.for_zones("patch", ["yellow", "orange"])
    sc, problems = form.check_on_map(field, "patch")
    assert sc is None
    assert problems == ["Zone order: battlefield 'patch' has no starting zone 'orange'. "
                        "Fix: use one of: yellow, blue; or give a zone of the battlefield the "
                        "id 'orange'"]
    form.zone_order = "yellow, blue"
    sc, problems = form.check_on_map(field, "patch")
    assert sc is not None and problems == []


def test_a_free_for_all_starts_in_every_zone_of_the_map() -> None:
    """The Melee names one zone (orange) and lets up to five players start on any free
    starting space: on a map with five one-player zones, all five are used (none is left
    out, which would leave room for one)."""
    ed = patch_editor()
    places = {"red": (-2, 0), "blue": (2, 0), "green": (0, 2), "white": (0, -2),
              "black": (2, -2)}
    for zone_id, at in places.items():
        ed.execute(AddZone(zone_id, zone_id.capitalize(), "#3366cc"))
        ed.execute(PaintZone(at, zone_id))
    melee = next(sc for sc in verdict.guide_scenarios() if sc.id == "the-melee")
    found = fits.fit(melee, ed.doc.to_battlefield())
    assert [z.id for z in found.battlefield.starting_zones] == ["orange", *list(places)[1:]]
    assert [p.path for p in found.problems] == [("scoring",)]  # no power spaces; room enough


def test_the_players_own_copy_of_a_guide_scenario_is_the_one_judged(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game plays the player's copy of a shipped scenario (their Arena folder replaces
    it by id): the editor judges the map against that copy too."""
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path))
    mine = tmp_path / "scenarios" / "the-duel.yaml"
    mine.parent.mkdir()
    text = (ROOT / "scenarios" / "the-duel.yaml").read_text(encoding="utf-8")
    mine.write_text(text.replace("name: The Duel", "name: My Duel"), encoding="utf-8")
    assert validate(_two_zones("blue").doc).headline() == "Ready to play as My Duel"
