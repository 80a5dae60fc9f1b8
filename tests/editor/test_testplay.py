"""Test play: a temporary content root with the edited battlefield and a test scenario that
the game's catalogue loads cleanly; the window starts the game on it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arena.content.battlefield import StartingZone
from arena.content.catalog import load_game_catalog
from editor.core import model as m
from editor.play import playgame, testplay

ROOT = Path(__file__).resolve().parents[2]


def test_prepare_a_content_root_the_game_loads(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-play folder is laid over the game's content: its battlefield wins over the
    shipped one and over the player's saved file of the same id (the map being edited is
    the one played), and everything else is still there."""
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    ed = m.Editor.open(ROOT / "scenarios" / "battlefields" / "duel.yaml")
    ed.execute(m.SetInfo(name="Duel, as saved"))
    ed.save(tmp_path / "data" / "scenarios" / "battlefields" / "duel.yaml")
    ed.execute(m.Raise((0, 0)))
    ed.execute(m.SetInfo(name="Duel, higher"))
    content, scenario_id = testplay.prepare(ed.doc, into=tmp_path / "content")
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    catalog = load_game_catalog(check=True)
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
    # One zone for two players: refused here with the game's own reason, not by the game.
    doc.zones = [StartingZone(id="yellow", name="Yellow", colour="#e8c547", spaces=[(0, 0)])]
    with pytest.raises(testplay.PlayError, match="cannot take 2 Planeswalkers"):
        testplay.prepare(doc)
    doc.columns[(9, 9)] = ["land"]
    with pytest.raises(testplay.PlayError, match="problem"):
        testplay.prepare(doc)


def test_test_play_starts_the_game_in_a_battle_on_the_test_scenario(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Test play" runs `arena play` with the direct-start options and ARENA_CONTENT at the
    prepared content: no menus, the player against the normal computer player."""
    from editor.play import playgame

    started: list[tuple[list[str], dict[str, str]]] = []

    class FakePopen:
        def __init__(self, argv: list[str], env: dict[str, str], stderr: object = None) -> None:
            started.append((argv, env))

    monkeypatch.setattr(playgame.subprocess, "Popen", FakePopen)
    testplay.launch(tmp_path)
    testplay.launch_battle(tmp_path, "test-play", "my-gideon", "my-white")
    (first, env), (second, _env) = started
    assert first == [sys.executable, "-m", "arena", "play", "--scenario", "test-play",
                     "--seats", "human,normal"]
    assert env["ARENA_CONTENT"] == str(tmp_path)
    assert second[4:] == ["--scenario", "test-play", "--seats", "human,normal",
                          "--army", "my-gideon", "--deck", "my-white"]


def _stopped(tmp_path: Path, code: int, said: str) -> playgame.GameProcess:
    script = f"import sys; sys.stderr.write({said!r}); sys.exit({code})"
    game = playgame.launch(tmp_path, [sys.executable, "-c", script])
    game.process.wait(timeout=60)
    return game


def test_a_game_that_stops_with_an_error_is_reported_once(tmp_path: Path) -> None:
    game = _stopped(tmp_path, 2, "Traceback (most recent call last):\n  ...\n"
                                 "arena play: --army: no army 'my-gideon'\n\n")
    report = game.poll()
    assert report is not None and "exit 2" in report
    assert "no army 'my-gideon'" in report and str(game.log) in report
    assert game.poll() is None  # told once
    assert game.log.exists()  # the report stays for the map maker to read
    game.log.unlink()


def test_a_game_that_ends_cleanly_says_nothing(tmp_path: Path) -> None:
    game = _stopped(tmp_path, 0, "")
    assert game.log.exists()
    assert game.poll() is None
    assert game.reported  # and is no longer watched
    assert not game.log.exists()  # nothing to read: no report file left behind


def test_play_with_a_built_army_opens_the_battle(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """What "Play with this army" starts: the game's options put the player's own army and
    deck from their folder on the test-play scenario (the edited battlefield) against a
    premade army of another Planeswalker, and the window opens on that battle."""
    import json

    from arena.client import app as client_app
    from arena.client import content as client_content
    from editor.core.builder import Builder, shipped_catalog
    from editor.play import playgame

    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    catalog = shipped_catalog()
    b = Builder(catalog.army_cards, catalog.spells)
    b.load_army(ROOT / "cards" / "armies" / "gideon-premade.yaml")
    b.load_deck(ROOT / "cards" / "decks" / "white-premade.yaml")
    b.name_army("My Gideon")
    b.name_deck("My White")
    assert b.save_army() == tmp_path / "data" / "armies" / "my-gideon.yaml"
    assert b.save_deck() == tmp_path / "data" / "decks" / "my-white.yaml"
    ed = m.Editor.open(ROOT / "scenarios" / "battlefields" / "duel.yaml")
    ed.execute(m.SetInfo(name="Duel, edited"))
    content, scenario = testplay.prepare(ed.doc, into=tmp_path / "content")
    monkeypatch.setenv("ARENA_CONTENT", str(content))
    monkeypatch.setattr(client_content, "_catalog", None)  # load the test-play content
    argv = playgame.command(scenario, "my-gideon", "my-white")
    assert argv[:4] == [sys.executable, "-m", "arena", "play"]
    options = client_app.parse_options(argv[4:])
    battle = client_app.start_battle(options)
    assert battle is not None
    game, setup = battle
    me, them = setup.seats
    assert (setup.scenario, me.army, me.deck) == (scenario, "my-gideon", "my-white")
    assert me.kind == "human" and (them.kind, them.difficulty) == ("ai", "normal")
    assert them.army == "jace-premade"
    assert game.state.static.scenario.name == "Test play: Duel, edited"
    assert game.state.static.field.id == "duel"
    status = tmp_path / "status.json"
    monkeypatch.setenv("ARENA_TEST_STATUS", str(status))
    assert client_app.run([*argv[4:], "--frames", "2"]) == 0
    assert json.loads(status.read_text())["scenes"] == ["BattleScene"]  # no menus


def test_play_with_a_deleted_army_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from arena.client import app as client_app
    from arena.client import content as client_content
    from editor.play import playgame

    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(client_content, "_catalog", None)
    argv = playgame.command("the-duel", "my-gone-army", "")
    assert client_app.run(argv[4:]) == 2
    err = capsys.readouterr().err
    assert "argument --army: no army has the id 'my-gone-army'" in err
    assert "gideon-premade" in err and "Traceback" not in err
