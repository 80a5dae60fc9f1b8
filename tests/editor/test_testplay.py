"""Test play: a temporary content root with the edited battlefield and a test scenario that
the game's catalogue loads cleanly; the window starts the game on it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.catalog import load_catalog, shipped_content_paths
from editor import model as m
from editor import testplay

ROOT = Path(__file__).resolve().parents[2]


def test_prepare_a_content_root_the_game_loads(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    ed = m.Editor.open(ROOT / "scenarios" / "battlefields" / "duel.yaml")
    ed.execute(m.Raise((0, 0)))
    ed.execute(m.SetInfo(name="Duel, higher"))
    content, scenario_id = testplay.prepare(ed.doc, into=tmp_path / "content")
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    catalog = load_catalog(shipped_content_paths(), check=True)
    mine = {p: found for p, found in catalog.problems.items()
            if "test-play" in p.name or p.name == "duel.yaml"}
    assert mine == {}
    scenario = catalog.scenarios[scenario_id]
    assert scenario.name == "Test play: Duel, higher" and scenario.battlefield == "duel"
    assert catalog.battlefields["duel"].name == "Duel, higher"
    assert "the-melee" in catalog.scenarios  # the shipped content is still there


def test_an_unplayable_map_is_explained() -> None:
    with pytest.raises(testplay.PlayError, match="not complete"):
        testplay.prepare(m.MapDoc())
    doc = m.MapDoc(columns={(0, 0): ["land"], (1, 0): ["land"]})
    with pytest.raises(testplay.PlayError, match="starting zones"):
        testplay.prepare(doc)
    doc.columns[(9, 9)] = ["land"]
    with pytest.raises(testplay.PlayError, match="problem"):
        testplay.prepare(doc)
