"""A save, the autosave or the settings file that was damaged, tampered with or crafted is
refused with a plain message -- never loaded as if sound, never a traceback, never a crash on
Continue -- and the file is left as it was. Reading is bounded before parsing (size, nesting),
and temporary files that a killed write left behind are cleared at start-up."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import (
    MAX_SAVE_BYTES,
    SaveError,
    list_saves,
    load_save,
    save_game,
    saves_dir,
    tidy_data_folder,
)
from arena.client.scenes.common import Dialog
from arena.client.scenes.save_slots import open_save
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings, read_settings, save_settings
from arena.client.storage import data_dir
from arena.engine.integrity import problems


def _saved() -> tuple[Path, dict[str, Any]]:
    content.catalog()
    game, setup = duel_all_summoned()
    path = saves_dir() / "tampered.json"
    save_game(path, game, setup.seats, ["a line"], "The Duel")
    return path, json.loads(path.read_text())


def _every_int(value: Any, new: int) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return new
    if isinstance(value, list):
        return [_every_int(v, new) for v in value]
    if isinstance(value, dict):
        return {k: _every_int(v, new) for k, v in value.items()}
    return value


def _first_figure(record: dict[str, Any]) -> list[Any]:
    figures: dict[str, list[Any]] = record["game"]["state"]["figures"]
    return next(f for f in figures.values() if f[0] == "battlefield")


def _active(record: dict[str, Any]) -> None:
    record["game"]["state"]["active"] = 9


def _unknown_spell(record: dict[str, Any]) -> None:
    record["game"]["state"]["players"]["1"]["hand"].append("p1/no-such-spell")


def _same_seats(record: dict[str, Any]) -> None:
    record["game"]["static"]["seats"] = [1, 1]


def _all_numbers(record: dict[str, Any]) -> None:
    record["game"] = _every_int(record["game"], -999999)


def _off_board(record: dict[str, Any]) -> None:
    _first_figure(record)[1] = ["99,99"]


def _negative_damage(record: dict[str, Any]) -> None:
    _first_figure(record)[2] = -3


def _empty_board(record: dict[str, Any]) -> None:
    record["game"]["static"]["field"]["columns"] = []


def _unknown_phase(record: dict[str, Any]) -> None:
    record["game"]["state"]["phase"] = "dancing"


TAMPERING: dict[str, Callable[[dict[str, Any]], None]] = {
    "active seat 9": _active,
    "unknown spell in hand": _unknown_spell,
    "seats [1, 1]": _same_seats,
    "every number -999999": _all_numbers,
    "figure at (99, 99)": _off_board,
    "negative damage": _negative_damage,
    "empty board": _empty_board,
    "unknown phase": _unknown_phase,
}


@pytest.mark.parametrize("name", list(TAMPERING))
def test_a_tampered_save_is_refused_plainly_and_left_alone(name: str) -> None:
    path, record = _saved()
    assert load_save(path).game.state.turn >= 1  # sound before the change
    TAMPERING[name](record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_save(path)
    message = str(refused.value)
    assert "tampered.json" in message and "Nothing was changed" in message
    for jargon in ("Error", "Traceback", "KeyError", "'utf-8'", "codec"):
        assert jargon not in message, message
    assert path.read_bytes() == before


def test_a_sound_position_has_no_problems() -> None:
    content.catalog()
    game, _ = duel_all_summoned()
    assert problems(game) == []


@pytest.mark.parametrize(("body", "words"), [
    (b"[" * 100_000, "nested more than"),
    (b'{"format": "arena-client-save", "log": ["\x8c\x00"]}', "not text"),
    (b" " * (MAX_SAVE_BYTES + 1), "larger than"),
])
def test_saves_are_bounded_before_parsing(body: bytes, words: str) -> None:
    saves_dir().mkdir(parents=True)
    for name in ("autosave.json", "mine.json"):
        path = saves_dir() / name
        path.write_bytes(body)
        with pytest.raises(SaveError, match=words):
            load_save(path)
        assert path.read_bytes() == body
    listed = {s.path.name: s for s in list_saves()}
    assert all(listed[n].problem.startswith("damaged") for n in ("autosave.json", "mine.json"))


def test_a_broken_settings_file_falls_back_with_a_notice() -> None:
    assert read_settings() == (Settings(), "")
    save_settings(Settings(colour_blind=True))
    assert read_settings() == (Settings(colour_blind=True), "")
    path = data_dir() / "settings.json"
    path.write_text("[" * 100_000)
    settings, notice = read_settings()
    assert settings == Settings()
    assert "settings.json" in notice and "defaults" in notice and "nested" in notice
    assert path.read_text() == "[" * 100_000


def test_stale_temporary_files_are_removed_at_start_up() -> None:
    saves_dir().mkdir(parents=True)
    old = [saves_dir() / ".autosave.json.k2j4h5g6.tmp", data_dir() / ".settings.json.a1b2c3d4.tmp"]
    fresh = saves_dir() / ".mine.json.zz99yy88.tmp"
    kept = [saves_dir() / ".hidden", saves_dir() / "notes.tmp", fresh]
    hour_ago = time.time() - 3600
    for path in [*old, *kept]:
        path.write_text("half a save")
    for path in [*old, kept[0], kept[1]]:
        os.utime(path, (hour_ago, hour_ago))
    assert sorted(tidy_data_folder()) == sorted(old)
    assert not any(p.exists() for p in old) and all(p.exists() for p in kept)


def test_a_save_the_battle_screen_cannot_show_is_refused(screen: pygame.Surface,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    path, _ = _saved()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise KeyError(9)

    monkeypatch.setattr("arena.client.scenes.battle.BattleScene.__init__", broken)
    assert open_save(app, path) is False
    dialog = app.stack[-1]
    assert isinstance(dialog, Dialog) and dialog.error
    assert dialog.title_text == "Cannot load this game"
    assert "tampered.json" in dialog.message and "Nothing was changed" in dialog.message
