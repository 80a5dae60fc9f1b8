"""Saves, the autosave and the settings: atomic JSON files in the data directory, and a
readable message (never a crash) for every way a save can be wrong. Also the window's
command line (``--frames``, ``--screenshot``, ``--size``, ``--quick``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest
from client_kit import distinct_colors, save_artifact

from arena.client import app as client_app
from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import (
    SaveError,
    autosave_path,
    list_saves,
    load_save,
    new_save_path,
    save_game,
    saves_dir,
)
from arena.client.session import BattleSession
from arena.client.settings import Settings, load_settings, save_settings
from arena.client.storage import data_dir, write_json_atomic
from arena.content.to_engine import card_factory
from arena.engine import Game


def test_the_data_dir_follows_the_override(tmp_path: Path) -> None:
    assert data_dir() == tmp_path / "data"
    assert saves_dir().parent == data_dir()


def test_atomic_writes_leave_no_temporary_files(tmp_path: Path) -> None:
    path = tmp_path / "x" / "file.json"
    write_json_atomic(path, {"a": 1})
    write_json_atomic(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert os.listdir(path.parent) == ["file.json"]

    class Unwritable:
        pass

    with pytest.raises(TypeError):
        write_json_atomic(path, {"a": Unwritable()})
    assert json.loads(path.read_text()) == {"a": 2}, "a failed write keeps the old file"
    assert os.listdir(path.parent) == ["file.json"]


def test_save_and_load_round_trip() -> None:
    content.catalog()
    game, setup = duel_all_summoned()
    path = new_save_path("The Duel turn 3")
    save_game(path, game, setup.seats, ["line one", "line two"], "The Duel")
    loaded = load_save(path)
    assert loaded.game.state_digest() == game.state_digest()
    assert loaded.seats == setup.seats
    assert loaded.log == ("line one", "line two")
    assert loaded.game.legal_actions() == game.legal_actions()
    info = next(s for s in list_saves() if s.path == path)
    assert info.label == f"The Duel, turn {game.turn}" and not info.problem


OLD_SKIRMISH = Path(__file__).parent / "fixtures" / "skirmish-save-v1.json"
"""A Skirmish saved by the game before issue #36 (the four premade armies of Gideon, Jace,
Liliana and Nissa, seed 7, 37 random actions to turn 6, player 2 to choose): turns went
1, 2, 3, 4 in seat order, and its engine save (version 1) records no order of play."""
OLD_SKIRMISH_DIGEST = "5ed0e24dd3dc54af72d265ba6cef5b6ba105d7587275c6faf3b92a28f1974909"


def test_a_team_game_saved_before_the_seating_fix_loads_and_plays_on_as_it_began() -> None:
    """Issue #36: an old team save loads and replays to the digest it was saved with and
    keeps its seat order (after player 2 comes player 3, not the guide's player 1), and a
    new save of it keeps that order."""
    content.catalog()
    path = saves_dir() / "old-skirmish.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(OLD_SKIRMISH.read_bytes())
    loaded = load_save(path)
    game = loaded.game
    assert game.state_digest() == OLD_SKIRMISH_DIGEST and loaded.name == "Old team game"
    record = json.loads(path.read_text())
    replayed = Game.replay(record["game"], card_factory=card_factory)
    assert replayed.state_digest() == OLD_SKIRMISH_DIGEST
    session = BattleSession(game, loaded.seats)
    assert game.state.active == 2
    session.apply(session.options.end_turn)  # type: ignore[arg-type]
    assert game.state.active == 3
    save_game(path, game, loaded.seats, loaded.log, "The Skirmish")
    again = load_save(path).game
    assert again.state_digest() == game.state_digest()
    assert again.state.static.play_order == (1, 2, 3, 4)


def test_the_session_autosaves_when_a_turn_begins() -> None:
    content.catalog()
    game, setup = duel_all_summoned()
    saved: list[int] = []

    def autosave(session: BattleSession) -> None:
        session.save(autosave_path())
        saved.append(session.game.turn)

    session = BattleSession(game, setup.seats, autosave=autosave)
    turn = game.turn
    session.apply(session.options.end_turn)  # type: ignore[arg-type]
    assert saved == [turn + 1]
    assert load_save(autosave_path()).game.state_digest() == game.state_digest()


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (None, "no saved game"),
        ("{ not json", "not valid JSON"),
        ("[1, 2, 3]", "not an Arena saved game"),
        (json.dumps({"format": "arena-client-save", "version": 99}), "newer version"),
        (json.dumps({"format": "arena-client-save", "version": 1, "game": {"x": 1}}),
         "damaged"),
        (json.dumps({"format": "arena-client-save", "version": 1, "seats": ["?"],
                     "game": {}}), "players"),
    ],
    ids=["missing", "not-json", "not-a-save", "newer", "engine-refuses", "bad-seats"],
)
def test_bad_saves_give_a_readable_message(body: str | None, words: str) -> None:
    path = saves_dir() / "bad.json"
    saves_dir().mkdir(parents=True)
    if body is not None:
        path.write_text(body)
    with pytest.raises(SaveError) as exc:
        load_save(path)
    assert words in str(exc.value)
    assert "bad.json" in str(exc.value)


def test_list_saves_puts_the_autosave_first_and_marks_damage() -> None:
    content.catalog()
    game, setup = duel_all_summoned()
    save_game(saves_dir() / "one.json", game, setup.seats, [], "The Duel")
    save_game(autosave_path(), game, setup.seats, [], "The Duel")
    (saves_dir() / "broken.json").write_text("{")  # the save above made the folder
    found = list_saves()
    assert found[0].autosave and found[0].label.startswith("Autosave")
    broken = next(s for s in found if s.path.name == "broken.json")
    assert broken.problem.startswith("damaged")


def test_settings_survive_and_bad_values_fall_back() -> None:
    assert load_settings() == Settings()
    save_settings(Settings(colour_blind=True, animations="fast"))
    assert load_settings() == Settings(colour_blind=True, animations="fast")
    (data_dir() / "settings.json").write_text(json.dumps(
        {"colour_blind": "yes", "animations": "warp", "ai_pace": "quick", "extra": 1}))
    assert load_settings() == Settings(ai_pace="quick")
    (data_dir() / "settings.json").write_text("nonsense")
    assert load_settings() == Settings()


# --- the window's command line ---------------------------------------------------------------


def test_play_opens_the_main_menu_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "menu.png"
    assert client_app.run(["--frames", "3", "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == client_app.WINDOW_SIZE
    assert len(distinct_colors(image)) >= 12
    save_artifact(image, "play-main-menu.png")


def test_quick_starts_a_duel_against_the_computer(tmp_path: Path) -> None:
    shot = tmp_path / "quick.png"
    assert client_app.run(["--frames", "5", "--quick", "--size", "1600x900",
                           "--screenshot", str(shot)]) == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1600, 900)
    save_artifact(image, "play-quick-duel.png")


@pytest.mark.parametrize("argv", [["--frames", "0"], ["--size", "10x10"], ["--size", "big"]])
def test_bad_options_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        client_app.run(argv)
    assert exc.value.code == 2


def test_reading_never_creates_folders(tmp_path: Path) -> None:
    assert list_saves() == []
    assert load_settings() == Settings()
    assert not (tmp_path / "data").exists()


def test_the_window_waits_for_the_content_loader_before_it_quits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Quitting while the cards still load behind the menu (`arena.client.warmup`) must not
    shut the interpreter down under the loading thread (inside libyaml or GEOS that crashed
    the process at exit)."""
    import threading
    import time

    from arena.client import warmup

    monkeypatch.setattr(content, "_catalog", None)
    monkeypatch.setattr(warmup, "_thread", None)
    monkeypatch.setattr(warmup, "_board", threading.Event())
    monkeypatch.setattr(warmup, "_done", threading.Event())
    real = content.load_game_catalog

    def slow() -> object:
        time.sleep(1.0)
        return real()

    monkeypatch.setattr(content, "load_game_catalog", slow)
    assert client_app.run(["--frames", "3"]) == 0
    thread = warmup._thread
    assert thread is not None and not thread.is_alive()
    assert content.ready(), "the catalogue finished loading before the window quit"
