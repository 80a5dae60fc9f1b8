"""The validation panel's findings for broken maps, the hexes they point at, the summary,
the component estimate against one core box and the debouncing."""

from __future__ import annotations

from pathlib import Path

import pytest
from model_kit import SHIPPED, patch_editor

from editor.core.model import (
    AddZone,
    Editor,
    Lower,
    MapDoc,
    PaintPower,
    PaintZone,
    PlaceGlyph,
    PlaceObstacle,
    Raise,
    SetInfo,
)
from editor.core.validation import Debouncer, estimate_components, validate


def texts(ed: Editor) -> list[str]:
    return [f.text() for f in validate(ed.doc).findings]


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_battlefields_are_clean(path: Path) -> None:
    report = validate(Editor.open(path).doc)
    assert report.ok, [f.text() for f in report.findings]
    assert report.summary is not None and report.summary.components == 1


def test_an_empty_map() -> None:
    report = validate(MapDoc())
    assert [f.message for f in report.findings] == ["the battlefield has no hexes"]


def test_a_cut_off_hex_points_at_it() -> None:
    ed = patch_editor()
    ed.execute(Raise((9, 0)))
    report = validate(ed.doc)
    assert len(report.findings) == 1
    finding = report.findings[0]
    assert "[9, 0] is cut off" in finding.message and finding.fix
    assert finding.hexes[0] == (9, 0)
    assert report.summary is not None and report.summary.components == 2


def test_glyph_off_the_map_and_on_water() -> None:
    ed = patch_editor()
    ed.execute(PlaceGlyph((7, 7), "power"))
    found = validate(ed.doc).findings
    assert any("glyph 'power' at [7, 7] is not on the battlefield" in f.message for f in found)
    assert found[0].hexes == ((7, 7),)


def test_an_empty_starting_zone_is_reported_in_plain_words() -> None:
    """Seen: "[starting_zones[1].spaces] a list is out of range: List should have at least 1
    item after validation, not 0. Fix: change 'spaces'"."""
    ed = patch_editor()
    ed.execute(AddZone("red", "Red", "#cc3333"))
    found = validate(ed.doc).findings
    assert [f.text() for f in found] == [
        "Starting zone Red: has no spaces yet. Fix: Paint its spaces with the Zone tool, or "
        "delete it in its zone window"]
    assert found[0].path == "starting_zones[0].spaces"  # the file's key, kept for the file


def test_obstacle_off_the_map() -> None:
    ed = patch_editor()
    ed.execute(PlaceObstacle("ruin", ((8, 8),), 4))
    found = validate(ed.doc).findings
    assert found and (8, 8) in found[0].hexes


def test_bad_id_is_a_schema_problem() -> None:
    ed = patch_editor()
    ed.execute(SetInfo(id="Not A Slug"))
    found = validate(ed.doc).findings
    assert found and found[0].path == "id"


def test_power_space_without_glyph() -> None:
    ed = patch_editor()
    ed.execute(PlaceGlyph((0, 0), "power"))
    ed.execute(PaintPower((1, 0)))
    ed.execute(Lower((0, 0)))  # the glyph goes with its column; the power space stays
    found = validate(ed.doc).findings
    assert found and any((1, 0) in f.hexes for f in found)


def test_components_against_a_core_box() -> None:
    ed = patch_editor()
    comp = estimate_components(ed.doc)
    assert comp.boards == 1 and comp.fits_core_box and comp.lines()[-1] == "fits one core box"
    for at in [(0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, -1), (-1, 1), (2, 0), (-2, 0)]:
        ed.execute(Raise(at))
    comp = estimate_components(ed.doc)
    assert comp.raised_hexes == 9 and not comp.fits_core_box
    assert any("more than the core tiles (8)" in n for n in comp.notes)
    for i in range(3):
        ed.execute(PlaceObstacle("ruin", ((i - 1, 2 - i),), 4))
    assert any("3 ruins" in n for n in estimate_components(ed.doc).notes)
    big = MapDoc(columns={(q, 0): ["land"] for q in range(150)})
    assert any("7 boards" in n for n in estimate_components(big).notes)


def test_zones_painted_validate() -> None:
    ed = patch_editor()
    ed.execute(AddZone("red", "Red", "#cc3333"))
    ed.execute(PaintZone((-2, 0), "red"))
    assert validate(ed.doc).ok


def test_debouncer_waits_for_a_pause() -> None:
    ed = patch_editor()
    deb = Debouncer(delay=0.3)
    assert not deb.poll(0.0, ed.doc)
    ed.execute(Raise((9, 9)))
    deb.changed(1.0)
    deb.changed(1.2)
    assert not deb.poll(1.4, ed.doc)
    assert deb.poll(1.5, ed.doc)
    assert not deb.report.ok
    assert not deb.poll(2.0, ed.doc)
