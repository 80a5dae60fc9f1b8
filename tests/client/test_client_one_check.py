"""One check decides both what the Load screen lists as damaged and what loading refuses:
a save listed as damaged (a turn that is not a number, a name that is not text, a picture
that is not one) is never loaded and played, and a save loading refuses (an action that is
not an action) is never listed as sound."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import SaveError, check_save, list_saves, load_save, save_game, saves_dir


def _saved() -> tuple[Path, dict[str, Any]]:
    content.catalog()
    game, setup = duel_all_summoned()
    path = saves_dir() / "mine.json"
    save_game(path, game, setup.seats, ["a line"], "The Duel", name="Mine")
    return path, json.loads(path.read_text())


def _turn_nan(record: dict[str, Any]) -> None:
    record["turn"] = float("nan")


def _name_a_number(record: dict[str, Any]) -> None:
    record["name"] = 12


def _bad_picture(record: dict[str, Any]) -> None:
    record["thumbnail"] = "not a picture!"


def _fly_to_the_moon(record: dict[str, Any]) -> None:
    record["game"]["actions"] = ["fly to the moon"]


def _another_turn(record: dict[str, Any]) -> None:
    record["turn"] = record["game"]["state"]["turn"] + 3


CHANGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "turn NaN": _turn_nan,
    "name a number": _name_a_number,
    "picture not a picture": _bad_picture,
    "actions: fly to the moon": _fly_to_the_moon,
    "listed turn not the game's": _another_turn,
}


def test_a_sound_save_is_listed_sound_and_loads() -> None:
    path, _ = _saved()
    listed = next(s for s in list_saves() if s.path == path)
    assert check_save(listed).problem == ""
    assert load_save(path).name == "Mine"


@pytest.mark.parametrize("name", list(CHANGES))
def test_the_load_screen_and_loading_agree(name: str) -> None:
    path, record = _saved()
    CHANGES[name](record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    listed = next(s for s in list_saves() if s.path == path)
    problem = check_save(listed).problem
    with pytest.raises(SaveError) as refused:
        load_save(path)
    assert problem.startswith("damaged"), f"listed as sound, but loading says: {refused.value}"
    reason = problem.removeprefix("damaged: ")
    assert reason.split(":")[-1].strip(" .") in str(refused.value) or reason in str(
        refused.value), (problem, str(refused.value))
    assert path.read_bytes() == before
