"""`arena.content.to_engine`: content models -> engine inputs, on the shipped practice field."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from arena.content import ArmyCard, load_catalog, shipped_content_paths
from arena.content.to_engine import (
    army_cards,
    board_from_battlefield,
    card_factory,
    field_from_battlefield,
    game_from_content,
)
from arena.engine import Game
from arena.engine.testkit import play_random
from arena.hexgrid import Hex


@lru_cache(maxsize=1)
def catalog() -> Any:
    return load_catalog(shipped_content_paths())


def test_board_from_the_practice_field() -> None:
    bf = catalog().battlefields["practice-field"]
    board = board_from_battlefield(bf)
    assert len(board.columns) == len(bf.columns)
    assert board.top(Hex(0, 0)) == 3 and board.top(Hex(2, 0)) == 2 and board.is_water(Hex(3, -3))
    assert set(board.obstacles) == {"ruin-a", "ruin-b"}
    assert not board.can_stand(Hex(3, 0)) and board.obstacle_at[Hex(4, -1)].height == 6


def test_field_from_the_practice_field() -> None:
    field = field_from_battlefield(catalog().battlefields["practice-field"])
    assert [(g.at, g.kind, g.face_up, g.value) for g in field.glyphs] == [
        (Hex(0, 0), "power", True, 1)]
    assert [(z.id, len(z.spaces), z.capacity) for z in field.zones] == [
        ("yellow", 6, 1), ("orange", 6, 1)]


def test_army_lists_resolve_through_the_catalog() -> None:
    cat = catalog()
    cards = army_cards(cat.armies["gideon-premade"], cat)
    assert [c.id for c in cards] == ["gideon-jura-combat-mage", "rhox-veterans",
                                     "kor-hookmasters"]


def test_a_practice_game_plays_and_saves_with_content_cards() -> None:
    cat = catalog()
    game = game_from_content(cat.scenarios["practice"], cat.battlefields["practice-field"],
                             [cat.armies["gideon-premade"], cat.armies["liliana-premade"]],
                             seed=5, catalog=cat)
    assert game.state.static.turn_limit == 20
    assert "p1.rhox-veterans.3" in game.state.figures
    play_random(game, seed=5)
    assert game.outcome() is not None
    save = json.loads(json.dumps(game.to_data()))
    loaded = Game.from_data(save, card_factory=card_factory)
    assert isinstance(loaded.state.static.card_def("p1:rhox-veterans"), ArmyCard)
    assert loaded.state_digest() == game.state_digest()
    assert Game.replay(save, card_factory=card_factory).state_digest() == game.state_digest()
