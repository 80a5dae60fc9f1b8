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


def test_play_with_a_built_army_opens_the_battle(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """`editor.playgame` (what "Play with this army" starts): the game's first screen is a
    battle on the test-play scenario with the player's own army and deck from their folder."""
    import pygame

    from arena.client.scenes.base import App
    from arena.client.settings import load_settings
    from editor import playgame
    from editor.builder import Builder, shipped_catalog

    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    catalog = shipped_catalog()
    b = Builder(catalog.army_cards, catalog.spells)
    b.load_army(ROOT / "cards" / "armies" / "gideon-premade.yaml")
    b.load_deck(ROOT / "cards" / "decks" / "white-premade.yaml")
    b.name_army("My Gideon")
    b.name_deck("My White")
    assert b.save_army() == tmp_path / "data" / "armies" / "my-gideon.yaml"
    assert b.save_deck() == tmp_path / "data" / "decks" / "my-white.yaml"
    content, scenario = testplay.prepare(
        m.Editor.open(ROOT / "scenarios" / "battlefields" / "duel.yaml").doc,
        into=tmp_path / "content")
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    from arena.client import content as client_content

    monkeypatch.setattr(client_content, "_catalog", None)  # load the test-play content
    args, rest = playgame.parse_args(["--scenario", scenario, "--army", "my-gideon",
                                      "--deck", "my-white", "--frames", "2"])
    assert rest == ["--frames", "2"]  # handed on to the game
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((1280, 720))
        app = App((1280, 720), load_settings())
        scene = playgame.battle_scene(app, args)
        assert type(scene).__name__ == "BattleScene"
        me, them = scene.setup.seats
        assert (scenario, me.army, me.deck) == (scene.setup.scenario, "my-gideon", "my-white")
        assert me.kind == "human" and them.kind == "ai" and them.army != "gideon-premade"
        args.army = "nobody"
        assert type(playgame.battle_scene(app, args)).__name__ == "MainMenu"
    finally:
        pygame.quit()
