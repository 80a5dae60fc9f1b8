"""The editor on a battlefield with spaces above spaces: a bridge's deck over a river and the
ground under it. Zones, glyphs, glyph spaces and power spaces written ``[q, r, level]`` on a
column with several surfaces open, survive an edit and a save, play in Test play, Check
balance and the Sight check, and the zone brush and the glyph tool name the surface the
pointer picked, never the bare column."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from arena.content.battlefield import PiecePlacement
from arena.content.storeys import Spaces
from arena.hexgrid import Hex, Storey, hex_to_point
from editor.core import model as m
from editor.core import piece_model as pm
from editor.core.balance_check import heat
from editor.core.scene import field_setup
from editor.core.sightcheck import check_map
from editor.core.validation import validate

RADIUS = 4
DECK = 7
"""The deck's level: the bridge's columns are their ground, five levels of air, the deck."""
UNDER = (0, 1, 1)
"""The bank under the deck, a zone space: ``0,1@1``."""
ON = (0, -1, DECK)
"""The deck over the other bank, with a glyph: ``0,-1@7``."""


def _levels(q: int, r: int) -> list[str | None]:
    ground: list[str | None] = ["water"] if r == 0 else ["land"]
    if q == 0 and -2 <= r <= 2:
        return [*ground, *([None] * (DECK - 2)), "land"]
    return ground


def _yaml() -> str:
    rows = [f"  - {{at: [{q}, {r}], levels: [" +
            ", ".join("null" if t is None else t for t in _levels(q, r)) + "]}"
            for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
            if abs(q + r) <= RADIUS]
    north = [[q, -RADIUS] for q in range(0, 4)]
    south = [[q, RADIUS] for q in range(-3, 1)]
    return "\n".join([
        "format: battlefield", "id: little-bridge", "name: Little Bridge",
        "provenance: reconstructed", "columns:", *rows,
        "glyphs:", f"  - {{at: {list(ON)}, glyph: power, side: ability}}",
        f"glyph_spaces: [{list(ON)}]",
        "starting_zones:",
        f"  - {{id: yellow, name: Yellow, colour: '#e8c547', spaces: {north[:3] + [list(UNDER)]}}}",
        f"  - {{id: orange, name: Orange, colour: '#e8842c', spaces: {south}}}",
        "power_spaces:", f"  - {{at: [0, -2, {DECK}], glyph: {list(ON)}}}",
        ""])


@pytest.fixture
def bridge(tmp_path: Path) -> Path:
    path = tmp_path / "little-bridge.yaml"
    path.write_text(_yaml(), encoding="utf-8")
    return path


def test_the_bridge_map_is_valid_as_written(bridge: Path) -> None:
    """The map itself is right (so what the tests below see is the editor's doing)."""
    doc = m.Editor.open(bridge).doc
    assert validate(doc).findings == []
    assert Spaces.of(doc.to_battlefield().columns).several(UNDER)


def test_positions_on_storeys_survive_an_edit_and_a_save(bridge: Path) -> None:
    ed = m.Editor.open(bridge)
    assert ed.doc.glyph_spaces == [ON]  # read whole (it once kept [q, r] only)
    assert list(ed.doc.glyphs) == [ON]
    ed.execute(m.Raise((3, -3)))  # an edit elsewhere
    ed.save(bridge)
    data = yaml.safe_load(bridge.read_text(encoding="utf-8"))
    assert [0, 1, 1] in data["starting_zones"][0]["spaces"]
    assert data["glyphs"] == [{"at": [0, -1, 7], "glyph": "power"}]
    assert data["glyph_spaces"] == [[0, -1, 7]]
    assert data["power_spaces"] == [{"at": [0, -2, 7], "glyph": [0, -1, 7]}]
    assert validate(m.Editor.open(bridge).doc).findings == []


def test_the_view_and_the_game_see_the_storeys(bridge: Path) -> None:
    """The editor's picture and Test play's game put the zone space and the glyph on their
    storeys (the editor once built ``Hex(q, r, level)`` and failed)."""
    doc = m.Editor.open(bridge).doc
    field = field_setup(doc)
    yellow = next(z for z in field.zones if z.id == "yellow")
    assert Storey(*UNDER) in yellow.spaces
    assert [g.at for g in field.glyphs] == [Storey(*ON)]
    assert field.glyph_spaces == (Storey(*ON),)
    assert field.power_spaces == (Storey(0, -2, DECK),)


def test_test_play_plays_the_zone_space_under_the_deck(
        bridge: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.content.catalog import load_game_catalog
    from arena.content.to_engine import field_from_battlefield
    from editor.play import testplay

    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    doc = m.Editor.open(bridge).doc
    content, scenario_id = testplay.prepare(doc, into=tmp_path / "content")
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    catalog = load_game_catalog(check=True)
    assert {p: f for p, f in catalog.problems.items() if "bridge" in p.name
            or "test-play" in p.name} == {}
    bf = catalog.battlefields[catalog.scenarios[scenario_id].battlefield]
    field = field_from_battlefield(bf)
    assert Storey(*UNDER) in next(z for z in field.zones if z.id == "yellow").spaces
    assert field.board.can_stand(Storey(*UNDER))


def test_the_sight_check_between_the_deck_and_the_ground_under_it(bridge: Path) -> None:
    doc = m.Editor.open(bridge).doc
    result = check_map(doc, UNDER, (0, 1, DECK))
    assert result.problem == "" or result.problem is None, result.problem
    assert result.ends == (Storey(*UNDER), Storey(0, 1, DECK))
    assert not result.engaged  # the deck is over the figure's head: no touching
    across = check_map(doc, UNDER, (1, 1))
    assert not across.problem and across.ends == (Storey(*UNDER), Hex(1, 1))


def test_check_balance_plays_the_bridge_map(bridge: Path) -> None:
    from editor.core.balance_check import BalanceCheck

    doc = m.Editor.open(bridge).doc
    running = BalanceCheck(doc, 1, scenario="the-duel", jobs=1)
    while running.poll(wait=5.0):
        pass
    assert running.error is None and running.done == 1


def test_the_heat_map_reads_a_storey() -> None:
    """The report writes a space under a bridge ``q,r@level`` (it once split on the comma
    and failed)."""
    from arena.ai.balance import BalanceReport

    report = BalanceReport("little-bridge", "the-duel", 1, ["greedy", "greedy"])
    report.deaths = [("0,1@1", 4), ("2,0", 2)]
    assert heat(report) == {UNDER: (4, 1.0), (2, 0): (2, 0.5)}


# --- the tools on a column with several surfaces -------------------------------------------


def test_the_flat_plan_names_the_top_surface_and_the_slice_reaches_the_one_under_it(
        bridge: Path) -> None:
    doc = m.Editor.open(bridge).doc
    assert doc.spaces_of((0, 1)) == [(0, 1, 1), (0, 1, DECK)]
    assert doc.spaces_of((2, 2)) == [(2, 2)]
    assert doc.space((0, 1)) == (0, 1, DECK)
    assert doc.space((0, 1), under=DECK - 1) == (0, 1, 1)  # the deck sliced away
    assert doc.space((2, 2), under=3) == (2, 2)
    assert doc.space_of(Storey(0, 1, 1)) == (0, 1, 1)  # what the 3D view picked
    assert doc.space_of(Hex(0, 1)) == (0, 1, DECK)


def test_the_zone_brush_and_the_glyph_tool_name_a_surface(bridge: Path) -> None:
    ed = m.Editor.open(bridge)
    # a bare column on the bridge: the mark goes on its top surface, named
    ed.execute(m.PaintZone((0, 2), "orange"))
    ed.execute(m.PlaceGlyph((0, 1), "healing"))
    assert (0, 2, DECK) in next(z for z in ed.doc.zones if z.id == "orange").spaces
    assert (0, 1, DECK) in ed.doc.glyphs
    # the ground under the deck, as the pointer picks it
    ed.execute(m.PaintZone((0, -1, 1), "orange"))
    ed.execute(m.PlaceGlyph((0, 2, 1), "toughness"))
    orange = next(z for z in ed.doc.zones if z.id == "orange")
    assert (0, -1, 1) in orange.spaces and (0, 2, 1) in ed.doc.glyphs
    assert (0, 2, DECK) in orange.spaces, "a zone space on the deck above stays"
    assert ed.doc.glyphs[ON].glyph == "power", "the glyph on the deck above stays"
    assert validate(ed.doc).findings == []
    # erasing takes the mark on that surface only
    ed.execute(m.EraseZone((0, 2, 1)))
    ed.execute(m.RemoveGlyph((0, 2, 1)))
    assert (0, 2, 1) not in ed.doc.glyphs and (0, 2, DECK) in next(
        z for z in ed.doc.zones if z.id == "orange").spaces


def test_an_eraser_takes_a_mark_written_bare_on_a_column_with_several_surfaces(
        bridge: Path) -> None:
    """A bare ``[q, r]`` there is a problem the checks report; it names the top for the
    rules, so the eraser on the top surface takes it."""
    ed = m.Editor.open(bridge)
    ed.doc.glyph_spaces.append((0, 2))
    assert any("0,2" in f.message or "[0, 2]" in f.message for f in validate(ed.doc).findings)
    ed.execute(m.MarkGlyphSpace((0, 2, DECK), on=False))
    assert (0, 2) not in ed.doc.glyph_spaces


def test_marks_stay_on_their_surface_when_the_column_changes(bridge: Path) -> None:
    ed = m.Editor.open(bridge)
    ed.execute(m.PaintZone((3, -1), "yellow"))
    ed.execute(m.MarkGlyphSpace((3, -1)))
    # a deck put over the zone space with the piece tool: the space stays on the ground
    ed.execute(pm.PlacePiece(PiecePlacement(piece="g1", at=(3, -1), on_level=4)))
    assert ed.doc.surface_levels((3, -1)) == [1, 5]
    yellow = next(z for z in ed.doc.zones if z.id == "yellow")
    assert (3, -1, 1) in yellow.spaces and (3, -1, 1) in ed.doc.glyph_spaces
    ed.execute(m.MarkGlyphSpace((3, -1, 1), on=False))
    # the glyph on the bridge's deck follows the deck up a level
    ed.execute(m.Raise((0, -1)))
    assert (0, -1, DECK + 1) in ed.doc.glyphs and ed.doc.glyph_spaces == [(0, -1, DECK + 1)]
    assert ed.doc.power_spaces[0].glyph == (0, -1, DECK + 1)
    # the deck taken away: the column has one surface, the mark is [q, r] again
    ed.execute(m.Lower((0, -1)))
    ed.execute(m.Lower((0, -1)))
    assert ed.doc.surface_levels((0, -1)) == [1]
    assert (0, -1) in ed.doc.glyphs and ed.doc.glyph_spaces == [(0, -1)]
    assert validate(ed.doc).findings == []


def test_a_mark_mirrored_keeps_its_level(bridge: Path) -> None:
    """With symmetry on, the zone painted under one end of the bridge is painted under the
    other (the bridge is symmetric about its middle)."""
    ed = m.Editor.open(bridge)
    ed.set_symmetry((0, 0))
    ed.execute(m.PaintZone((0, 2, 1), "yellow", "orange"))
    orange = next(z for z in ed.doc.zones if z.id == "orange")
    assert (0, -2, 1) in orange.spaces


def test_the_window_puts_a_mark_on_the_surface_the_pointer_picks(
        headless: object, bridge: Path) -> None:
    """In the 3D view the pointer through the gap under the deck picks the ground there
    (``0,1@1``) and the zone brush paints that surface; over the deck it picks the deck. In
    the flat plan a click names the top surface, and with the level slice under the deck the
    ground under it; the status line names the surface."""
    import pygame
    from editor_kit import drawn_app

    screen = headless
    assert isinstance(screen, pygame.Surface)
    app = drawn_app(bridge, screen)
    proj = app.projection()
    x, y = proj.to_screen(Hex(0, 1), 0.7)  # the bank's face under the deck
    under = (round(x), round(y))
    assert app.view.space_at(under) == (0, 1, 1)
    x, y = proj.to_screen(Hex(0, 1), float(DECK))  # the deck's top
    assert app.view.space_at((round(x), round(y))) == (0, 1, DECK)
    app.choose_tool("zone")
    app.tools.set_brush(zone="orange")
    app.view.point_at(under)
    assert "0,1@1" in app.status_text()
    app.tools.press(app.view.space_at(under))
    app.tools.release()
    orange = next(z for z in app.editor.doc.zones if z.id == "orange")
    assert (0, 1, 1) in orange.spaces and (0, 1) not in orange.spaces
    # the flat plan: the top surface, or the one under the slice
    app.toggle_flat()
    flat = app.view.flat_projection()
    sx, sy = flat.plane_to_screen(*hex_to_point(Hex(0, 2)))
    spot = (round(sx), round(sy))
    assert app.view.space_at(spot) == (0, 2, DECK)
    app.view.slice_level = DECK - 1
    assert app.view.space_at(spot) == (0, 2, 1)
    app.choose_tool("glyph")
    app.tools.press(app.view.space_at(spot))
    app.tools.release()
    assert (0, 2, 1) in app.editor.doc.glyphs
    assert validate(app.editor.doc).findings == []


def test_the_flat_plan_draws_the_marks_of_both_surfaces(headless: object, bridge: Path) -> None:
    """A bridge's hex with a zone space under the deck and another on it shows both zones'
    rings in the flat plan."""
    import pygame
    from editor_kit import pump

    from editor import app as editor_app

    app = editor_app.EditorApp(bridge, recover=False)
    app.editor.execute(m.PaintZone((0, 1, DECK), "orange"))
    assert [z.id for z in app.editor.doc.zones_on((0, 1))] == ["yellow", "orange"]
    app.toggle_flat()
    screen = headless
    assert isinstance(screen, pygame.Surface)
    pump(app)
    app.draw(screen)
