"""Named save slots: the headless store (save to a name, list, rename, delete, damaged files
listed with a plain problem) and its screens under the dummy driver (the pause menu's Save
asks for a name and keeps a picture of the battlefield; the Load screen lists the slots with
Load, Rename and Delete, asking before it deletes, and never crashes on a damaged file)."""

from __future__ import annotations

import base64
import io
import json
import os
import stat
import time
from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, distinct_colors, frames, key, save_artifact

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import GameSetup
from arena.client.saves import (
    MAX_THUMBNAIL_BYTES,
    SaveError,
    autosave_path,
    delete_save,
    list_saves,
    load_save,
    rename_save,
    save_game,
    save_slot,
    saves_dir,
    slot_named,
)
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.common import Dialog
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.menu import MainMenu
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.save_slots import THUMBNAIL, NameDialog, thumbnail_surface
from arena.client.scenes.standard import standard_app
from arena.client.session import BattleSession
from arena.client.settings import Settings
from arena.engine import Game

PLAYERS = ("Player 1: Gideon (Human)", "Player 2: Jace (AI (normal))")


def position() -> tuple[Game, GameSetup]:
    content.catalog()
    return duel_all_summoned()


def png(size: tuple[int, int] = (64, 36)) -> bytes:
    image = pygame.Surface(size)
    image.fill((200, 40, 40))
    out = io.BytesIO()
    pygame.image.save(image, out, "x.png")
    return out.getvalue()


# --- the store (headless) ---------------------------------------------------------------------


def test_a_named_slot_keeps_its_name_players_turn_and_picture() -> None:
    game, setup = position()
    picture = png()
    path = save_slot("Before the bridge", game, setup.seats, ["a line"], "The Duel",
                     players=PLAYERS, thumbnail=picture)
    info = next(s for s in list_saves() if s.path == path)
    assert (info.name, info.scenario, info.turn, info.players) == (
        "Before the bridge", "The Duel", game.turn, PLAYERS)
    assert info.thumbnail == picture and not info.problem and info.saved_at
    loaded = load_save(path)
    assert loaded.game.state_digest() == game.state_digest()
    assert loaded.name == "Before the bridge"  # "Loaded Before the bridge", not the file's name
    # the same name again (any case and spacing) replaces that slot, no second file
    again = save_slot("  before the   BRIDGE ", game, setup.seats, ["two"], "The Duel")
    assert again == path
    assert [s.path for s in list_saves()] == [path]
    assert load_save(path).log == ("two",)


def test_a_slot_needs_a_name_and_an_oversized_picture_is_left_out() -> None:
    game, setup = position()
    with pytest.raises(SaveError, match="needs a name"):
        save_slot(" \t ", game, setup.seats, [], "The Duel")
    path = save_slot("Big", game, setup.seats, [], "The Duel",
                     thumbnail=b"\x89PNG" + b"x" * MAX_THUMBNAIL_BYTES)
    assert "thumbnail" not in json.loads(path.read_text())
    assert slot_named("big") is not None and slot_named("other") is None


def test_rename_keeps_the_game_and_the_file_mode() -> None:
    game, setup = position()
    path = save_slot("First", game, setup.seats, ["x"], "The Duel", players=PLAYERS)
    save_slot("Second", game, setup.seats, ["y"], "The Duel")
    os.chmod(path, 0o600)
    rename_save(path, "Renamed")
    info = next(s for s in list_saves() if s.path == path)
    assert info.name == "Renamed" and info.players == PLAYERS
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_save(path).game.state_digest() == game.state_digest()
    with pytest.raises(SaveError, match="already called"):
        rename_save(path, "second")
    with pytest.raises(SaveError, match="needs a name"):
        rename_save(path, "")
    save_game(autosave_path(), game, setup.seats, [], "The Duel")
    with pytest.raises(SaveError, match="autosave cannot be renamed"):
        rename_save(autosave_path(), "Mine")
    broken = saves_dir() / "broken.json"
    broken.write_bytes(b"\x8c\x00 not json")
    with pytest.raises(SaveError, match="Nothing was changed"):
        rename_save(broken, "Fixed")
    assert broken.read_bytes() == b"\x8c\x00 not json"
    assert os.listdir(saves_dir()).count(path.name) == 1
    assert not [n for n in os.listdir(saves_dir()) if n.endswith(".tmp")]


def test_delete_removes_the_file_and_a_missing_one_is_no_error() -> None:
    game, setup = position()
    path = save_slot("Gone", game, setup.seats, [], "The Duel")
    delete_save(path)
    assert not path.exists() and list_saves() == []
    delete_save(path)


@pytest.mark.parametrize(("change", "problem"), [
    ({"turn": "seven"}, "turn"),
    ({"turn": -3}, "turn"),
    ({"players": "everyone"}, "players"),
    ({"players": [1, 2]}, "players"),
    ({"name": ["x"]}, "not text"),
    ({"thumbnail": "%%% not base64 %%%"}, "picture"),
    ({"thumbnail": "A" * (MAX_THUMBNAIL_BYTES * 2)}, "picture"),
    ({"game": None}, "no game"),
    ({"format": "something-else"}, "not an Arena saved game"),
])
def test_tampered_slots_are_listed_as_damaged(change: dict[str, object], problem: str) -> None:
    game, setup = position()
    path = save_slot("Tampered", game, setup.seats, [], "The Duel", thumbnail=png())
    record = json.loads(path.read_text())
    record.update(change)
    path.write_text(json.dumps(record))
    good = save_slot("Good", game, setup.seats, [], "The Duel")
    listed = {s.path: s for s in list_saves()}
    assert problem in listed[path].problem and listed[path].problem.startswith("damaged: ")
    assert not listed[good].problem


def test_unreadable_slot_files_are_listed_with_a_plain_reason() -> None:
    saves_dir().mkdir(parents=True)
    (saves_dir() / "bytes.json").write_bytes(b"\x8c\x8c\x8c")
    (saves_dir() / "deep.json").write_text("[" * 5000 + "]" * 5000)
    (saves_dir() / "cut.json").write_text('{"format": "arena-client-save", "ga')
    listed = {s.path.name: s.problem for s in list_saves()}
    assert "not text" in listed["bytes.json"]
    assert "nested" in listed["deep.json"]
    assert "not valid JSON" in listed["cut.json"]
    assert all("Error" not in p and "codec" not in p for p in listed.values())


# --- the screens (dummy driver) -----------------------------------------------------------------


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def type_text(scene: object, typed: str) -> None:
    for char in typed:
        scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=char))  # type: ignore


def test_save_from_the_pause_menu_names_the_slot_with_a_picture(
        app: App, screen: pygame.Surface) -> None:
    game, setup = position()
    battle = BattleScene(app, game, setup.seats, autosave=False)
    app.push(battle)
    frames(app, screen, 3)
    battle.pause()
    assert isinstance(app.top, PauseMenu)
    key(app.top, pygame.K_s, unicode="s")
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    type_text(dialog, "s")  # the S that opened the box sends its character too: not typed
    assert dialog.field.value == f"The Duel, turn {game.turn}"
    frames(app, screen)
    save_artifact(screen, "save-slot-name.png")
    type_text(dialog, "Flank")  # the offered name is replaced by what is typed
    key(dialog, pygame.K_BACKSPACE)
    type_text(dialog, "k!")
    key(dialog, pygame.K_RETURN)
    assert app.top is battle
    assert any("Flank!" in t for t in app.toasts)
    info = slot_named("Flank!")
    assert info is not None and info.turn == game.turn
    assert info.players == BattleSession(game, setup.seats).players()
    picture = thumbnail_surface(info.thumbnail)
    assert picture is not None
    assert picture.get_width() <= THUMBNAIL[0] and picture.get_height() <= THUMBNAIL[1]
    assert len(distinct_colors(picture, 12)) >= 8, "the picture of the battlefield is blank"
    app.push(LoadScene(app))
    frames(app, screen, 2)
    save_artifact(screen, "load-slot-picture.png")
    app.pop()

    # the same name again asks before replacing; Cancel keeps the old save
    battle.pause()
    key(app.top, pygame.K_s)
    frames(app, screen)
    type_text(app.top, "flank!")
    key(app.top, pygame.K_RETURN)
    assert isinstance(app.top, Dialog) and "already called" in app.top.message
    key(app.top, pygame.K_ESCAPE)
    assert len(list_saves()) == 1 and app.top is not battle
    key(app.top, pygame.K_ESCAPE)  # the pause menu
    assert app.top is battle
    # ... and Replace writes the same slot's file again
    before = info.path.stat().st_mtime_ns
    battle.pause()
    key(app.top, pygame.K_s)
    frames(app, screen)
    type_text(app.top, "FLANK!")
    key(app.top, pygame.K_RETURN)
    click(app.top, next(w for w in app.top.form.widgets if w.name == "Replace").rect.center)
    assert app.top is battle
    assert [s.path for s in list_saves()] == [info.path]
    assert info.path.stat().st_mtime_ns >= before and slot_named("FLANK!") is not None


def _until_checked(app: App, screen: pygame.Surface, scene: LoadScene) -> None:
    """Run frames until the Load screen has checked every save (at most 60 s)."""
    deadline = time.monotonic() + 60
    while scene.checked != {s.path for s in scene.saves} and time.monotonic() < deadline:
        frames(app, screen)
        time.sleep(0.01)


def test_the_load_screen_renames_deletes_and_lists_damaged_files(
        app: App, screen: pygame.Surface) -> None:
    game, setup = position()
    save_slot("Alpha", game, setup.seats, [], "The Duel", players=PLAYERS, thumbnail=png())
    beta = save_slot("Beta", game, setup.seats, [], "The Duel", players=PLAYERS)
    damaged = saves_dir() / "zz-damaged.json"
    damaged.write_text(json.dumps({"format": "arena-client-save", "game": {},
                                   "thumbnail": base64.b64encode(b"not a png").decode()}))
    os.utime(damaged, (1, 1))  # the oldest: listed last
    app.push(MainMenu(app))
    frames(app, screen)
    click(app.top, app.top.button("Load game").rect.center)  # type: ignore[attr-defined]
    scene = app.top
    assert isinstance(scene, LoadScene)
    frames(app, screen, 2)
    save_artifact(screen, "load-slots.png")
    names = [s.name for s in scene.saves]
    assert names[:2] == ["Beta", "Alpha"] and scene.saves[2].path == damaged
    assert scene.list.rows[:2] == ["Beta", "Alpha"]
    assert "turn" in scene.list.subtitles[0]

    # a damaged file (its game and its picture are garbage): checked when selected, listed
    # as damaged, drawn, cannot be renamed; the others are checked one after another on the
    # screen's worker thread, while frames go on
    scene.list.select(2)
    scene.resize(app.size)
    _until_checked(app, screen, scene)
    assert "damaged" in scene.saves[2].problem and "Nothing was changed" in scene.saves[2].problem
    assert not scene.saves[0].problem and not scene.saves[1].problem
    assert scene.checked == {s.path for s in scene.saves}
    save_artifact(screen, "load-slots-damaged.png")
    assert scene.picture(scene.saves[2]) is None
    rename = next(w for w in scene.form.widgets if w.name == "rename")
    assert not rename.enabled
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, Dialog) and "Nothing was changed" in app.top.message
    key(app.top, pygame.K_ESCAPE)

    # rename Beta with F2
    scene.list.select(0)
    scene.resize(app.size)
    key(scene, pygame.K_F2)
    assert isinstance(app.top, NameDialog) and app.top.field.value == "Beta"
    frames(app, screen)
    type_text(app.top, "Gamma")
    key(app.top, pygame.K_RETURN)
    assert app.top is scene and scene.saves[0].name == "Gamma" and scene.saves[0].path == beta

    # delete asks first: the default (Enter) keeps it, Delete deletes
    key(scene, pygame.K_DELETE)
    assert isinstance(app.top, Dialog) and "Gamma" in app.top.message
    key(app.top, pygame.K_RETURN)
    assert app.top is scene and beta.exists()
    key(scene, pygame.K_DELETE)
    click(app.top, next(w for w in app.top.form.widgets if w.name == "Delete").rect.center)
    assert app.top is scene and not beta.exists()
    assert [s.name for s in scene.saves][0] == "Alpha"

    # load: the battle of the slot
    scene.list.select(0)
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, BattleScene)
    assert app.top.game.state_digest() == game.state_digest()


def test_a_slot_whose_picture_is_not_an_image_still_loads(app: App,
                                                          screen: pygame.Surface) -> None:
    game, setup = position()
    path = save_slot("Odd", game, setup.seats, [], "The Duel",
                     thumbnail=b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    scene = LoadScene(app)
    app.push(scene)
    frames(app, screen, 2)
    assert scene.saves[0].path == path and not scene.saves[0].problem
    assert scene.picture(scene.saves[0]) is None
    assert thumbnail_surface(png((4000, 30))) is None, "a picture far too large is refused"
    huge = bytearray(png())  # a small file whose header claims a huge picture
    huge[16:24] = (60000).to_bytes(4, "big") * 2
    assert thumbnail_surface(bytes(huge)) is None
    assert thumbnail_surface(png()) is not None
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, BattleScene)
