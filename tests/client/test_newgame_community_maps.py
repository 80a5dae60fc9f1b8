"""The community maps shipped with the game are offered in New game without importing
anything first: the Battlefield choice lists them last, as a "Community map" group, the info
panel says what each import approximated, and Start plays on one."""

from __future__ import annotations

import threading

import pygame
import pytest
from client_kit import frames, key, save_artifact

from arena.client import content
from arena.client.content import GameSetup
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.newgame import NewGameScene, _community_lines
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.community import community_files, map_id, shipped_maps
from arena.content.fits import fit


def fresh_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalogue as the game starts with this test's empty Arena folder (an earlier
    test's catalogue may hold its own imports of the same maps, which come first)."""
    monkeypatch.setattr(content, "_catalog", None)


def test_community_maps_are_a_group_of_the_battlefield_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_catalog(monkeypatch)
    files = community_files()
    assert len(files) >= 11, "the maps the project ships"
    maps = shipped_maps()
    assert len(maps) == len(files), "every shipped map imports"
    assert content.community_maps() and content.community_ready()
    cat = content.catalog()
    duel = cat.scenarios["the-duel"]
    choices = content.battlefield_choices(duel)
    community = [(i, label) for i, (_id, label) in enumerate(choices)
                 if label.startswith(f"{content.COMMUNITY}: ")]
    playable = [m for m in maps if fit(duel, m.battlefield).ok]
    assert len(playable) >= 8
    assert len(community) == len(playable)
    assert [i for i, _ in community] == list(range(len(choices) - len(community), len(choices))),\
        "the group comes last"
    assert (map_id(files[-1]), f"{content.COMMUNITY}: ladders") in choices or \
        not fit(duel, maps[-1].battlefield).ok


def test_new_game_lists_them_once_they_have_loaded(screen: pygame.Surface,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The maps load in the background after the catalogue: New game, opened before, lists
    them as soon as they are there (the catalogue does not wait for their import)."""
    fresh_catalog(monkeypatch)
    content.catalog()
    monkeypatch.setattr(content, "_community", None)
    monkeypatch.setattr(content, "_thread", None)
    release = threading.Event()
    real = content.shipped_maps

    def held() -> object:  # the import goes on only when the test says so
        release.wait(60)
        return real()

    monkeypatch.setattr(content, "shipped_maps", held)
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))
    scene = NewGameScene(app, GameSetup(scenario="the-duel", seed=5))
    app.push(scene)
    frames(app, screen, 2)
    labels = [label for _v, label in scene.widget("battlefield").options]  # type: ignore[attr-defined]
    assert not any(label.startswith(content.COMMUNITY) for label in labels)
    release.set()
    content.finish_loading()
    assert content.community_ready(), "New game's background load imported the maps"
    frames(app, screen, 2)
    labels = [label for _v, label in scene.widget("battlefield").options]  # type: ignore[attr-defined]
    assert any(label.startswith(content.COMMUNITY) for label in labels)


def test_new_game_names_the_approximations_and_plays_on_a_community_map(
        screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh_catalog(monkeypatch)
    river = next(m for m in shipped_maps() if m.path.name == "Web_1_The_Regenerated_River.json")
    assert river.approximations()
    lines = _community_lines(river.battlefield.id)
    assert "Web_1_The_Regenerated_River.json, Heroscape Map Editor" in lines[0]
    assert "Approximated: " in lines[0] and "(x" in lines[0]

    content.catalog()
    content.community_maps()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))
    scene = NewGameScene(app, GameSetup(scenario="the-duel", seed=5))
    app.push(scene)
    frames(app, screen, 2)
    field = scene.widget("battlefield")
    scene.form.focus_on(field)
    for _ in range(len(field.options)):  # type: ignore[attr-defined]
        if field.value == river.battlefield.id:  # type: ignore[attr-defined]
            break
        key(scene, pygame.K_RIGHT)
    assert scene.setup.battlefield == river.battlefield.id
    frames(app, screen, 2)
    save_artifact(screen, "newgame-community-map.png")
    key(scene, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScene), app.top
    assert battle.game.state.static.field.id == river.battlefield.id
