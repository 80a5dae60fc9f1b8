"""A save loads only if the same position could have arisen in a legal game of its scenario:
a figure inside a ruin, a player holding another's spell, a 13-spell deck, a Planeswalker
whose embedded card says life 99, a battle in progress with every figure in reserve -- each is
refused with a sentence a player understands, and the file is left as it was (Continue does
not go to the results, and the autosave is not rewritten)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import SaveError, autosave_path, load_save, save_game, saves_dir
from arena.client.scenes.common import Dialog
from arena.client.scenes.menu import MainMenu
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.to_engine import card_factory
from arena.engine import Game
from arena.engine.integrity import history_problems, problems

Record = dict[str, Any]


def _saved(path: Path | None = None) -> tuple[Path, Record]:
    content.catalog()
    game, setup = duel_all_summoned()
    path = path or saves_dir() / "mine.json"
    save_game(path, game, setup.seats, ["a line"], "The Duel")
    return path, json.loads(path.read_text())


def _state(record: Record) -> Record:
    state: Record = record["game"]["state"]
    return state


def _in_a_ruin(record: Record) -> None:
    ruin = record["game"]["static"]["field"]["obstacles"][0]["footprint"][0]
    figure = next(f for f in _state(record)["figures"].values() if f[0] == "battlefield")
    figure[1] = [ruin]


def _holds_anothers_spell(record: Record) -> None:
    players = _state(record)["players"]
    spell = players["2"]["library"].pop()
    players["1"]["hand"].append(spell)


def _thirteen_spells(record: Record) -> None:
    static = record["game"]["static"]
    extra = "p1/extra-spell"
    mine = next(s for s in static["spells"] if s[1] == 1)
    static["spells"].append([extra, 1, mine[2]])
    _state(record)["players"]["1"]["library"].append(extra)


def _life_99(record: Record) -> None:
    static = record["game"]["static"]
    walker = static["players"][0][2]
    def_id = next(c[2] for c in static["cards"] if c[0] == walker)
    static["defs"]["army"][def_id]["life"] = 99


def _all_in_reserve(record: Record) -> None:
    state = _state(record)
    for figure in state["figures"].values():
        figure[0], figure[1], figure[2] = "reserve", [], 0
    for card in state["cards"].values():
        card["zone"] = "reserve"


CHANGES: dict[str, tuple[Callable[[Record], None], str]] = {
    "a figure inside a ruin": (_in_a_ruin, "cannot stand"),
    "player 1 holds player 2's spell": (_holds_anothers_spell, "player 2"),
    "a 13-spell deck": (_thirteen_spells, "13"),
    "a Planeswalker of life 99": (_life_99, "99"),
    "a battle with every figure in reserve": (_all_in_reserve, "reserve"),
}

POSITIONS = ("a figure inside a ruin", "player 1 holds player 2's spell",
             "a battle with every figure in reserve")
"""The changes the position alone shows (the engine's `problems`), with no content."""


@pytest.mark.parametrize("name", list(CHANGES))
def test_an_illegal_save_is_refused_and_left_alone(name: str) -> None:
    path, record = _saved()
    change, words = CHANGES[name]
    change(record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    with pytest.raises(SaveError) as refused:
        load_save(path)
    message = str(refused.value)
    assert "mine.json" in message and "Nothing was changed" in message
    assert words.lower() in message.lower(), message  # in the player's words: "Player 2"
    for jargon in ("Error", "Traceback", "KeyError", "pydantic", "validation"):
        assert jargon not in message, message
    assert path.read_bytes() == before


@pytest.mark.parametrize("name", POSITIONS)
def test_the_engine_finds_the_illegal_position_itself(name: str) -> None:
    _, record = _saved()
    CHANGES[name][0](record)
    game = Game.from_data(record["game"], card_factory=card_factory)
    assert problems(game), name


def test_a_position_its_actions_do_not_lead_to_is_refused() -> None:
    _, record = _saved()
    sound = Game.from_data(copy.deepcopy(record["game"]), card_factory=card_factory)
    assert history_problems(sound) == []
    figures = _state(record)["figures"]
    fid, figure = next((f, v) for f, v in figures.items() if v[0] == "battlefield" and v[2] == 0)
    figure[2] = 1  # one damage no action dealt
    game = Game.from_data(record["game"], card_factory=card_factory)
    assert problems(game) == []  # a possible position ...
    assert history_problems(game)  # ... but not where its own actions lead


def test_continue_refuses_an_autosave_with_everyone_in_reserve(screen: pygame.Surface) -> None:
    path, record = _saved(autosave_path())
    _all_in_reserve(record)
    path.write_text(json.dumps(record))
    before = path.read_bytes()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))
    menu = MainMenu(app)
    app.push(menu)
    menu.continue_game()
    for _ in range(5):
        app.update(0.05)
    dialog = app.stack[-1]
    assert isinstance(dialog, Dialog) and dialog.error
    assert path.read_bytes() == before
