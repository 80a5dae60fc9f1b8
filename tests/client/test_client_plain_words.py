"""Python's own wording never reaches a player: a save whose values have the wrong form, or
hold a number too long to read, is refused in plain words that name the part of the save; a
settings file that is not a set of settings (a JSON list) gives the defaults and says so, and
so does one with values the game repaired."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import SaveError, check_save, list_saves, load_save, save_game, saves_dir
from arena.client.settings import Settings, read_settings
from arena.client.storage import data_dir

JARGON = ("invalid literal", "int()", "base 10", "unpack", "Exceeds the limit", "4300",
          "sys.set_int_max_str_digits", "NoneType", "object is not", "Error", "Traceback",
          "expected", "got ")


def _saved() -> tuple[Path, dict[str, Any]]:
    content.catalog()
    game, setup = duel_all_summoned()
    path = saves_dir() / "mine.json"
    save_game(path, game, setup.seats, ["a line"], "The Duel")
    return path, json.loads(path.read_text())


def _figure(record: dict[str, Any]) -> str:
    figures = record["game"]["state"]["figures"]
    return next(f for f, v in figures.items() if v[0] == "battlefield")


def _damage_in_words(record: dict[str, Any]) -> None:
    record["game"]["state"]["figures"][_figure(record)][2] = "one"


def _short_figure(record: dict[str, Any]) -> None:
    record["game"]["state"]["figures"][_figure(record)] = ["battlefield", []]


def _turn_in_words(record: dict[str, Any]) -> None:
    record["game"]["state"]["turn"] = "one"


def _long_number_text(record: dict[str, Any]) -> None:
    record["game"]["state"]["turn"] = "9" * 5000


def _team_in_words(record: dict[str, Any]) -> None:
    record["seats"][0]["team"] = "one"


def _card_owner_in_words(record: dict[str, Any]) -> None:
    record["game"]["static"]["cards"][0][1] = "one"


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "damage 'one'": _damage_in_words,
    "a figure of two values": _short_figure,
    "turn 'one'": _turn_in_words,
    "a turn of 5000 digits as text": _long_number_text,
    "a seat's team 'one'": _team_in_words,
    "a card's owner 'one'": _card_owner_in_words,
}


def _plain(message: str) -> None:
    for word in JARGON:
        assert word not in message, message


@pytest.mark.parametrize("name", list(CHANGES))
def test_a_value_of_the_wrong_form_is_refused_in_plain_words(name: str) -> None:
    path, record = _saved()
    CHANGES[name](record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_save(path)
    message = str(refused.value)
    assert "mine.json" in message and "Nothing was changed" in message
    _plain(message)
    assert path.read_bytes() == before


def test_a_number_too_long_to_read_is_refused_in_plain_words() -> None:
    path, record = _saved()
    text = json.dumps(record).replace('"turn": ', '"turn": ' + "9" * 5000, 1)
    path.write_text(text)
    with pytest.raises(SaveError) as refused:
        load_save(path)
    _plain(str(refused.value))
    assert "number" in str(refused.value)
    listed = next(s for s in list_saves() if s.path == path)
    assert listed.problem
    _plain(listed.problem)
    _plain(check_save(listed).problem)
    assert path.read_text() == text


def test_a_settings_file_that_is_a_list_says_what_it_repaired() -> None:
    path = data_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[1, 2, 3]")
    settings, notice = read_settings()
    assert settings == Settings()
    assert "settings.json" in notice and "defaults" in notice
    _plain(notice)
    assert path.read_text() == "[1, 2, 3]"


def test_settings_with_bad_values_say_which_were_repaired() -> None:
    path = data_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"animations": "warp", "colour_blind": "yes",
                                "ai_pace": "quick"}))
    settings, notice = read_settings()
    assert settings == Settings(ai_pace="quick")
    assert "animations" in notice and "colour_blind" in notice and "ai_pace" not in notice
    _plain(notice)
