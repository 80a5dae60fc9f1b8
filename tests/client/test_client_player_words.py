"""What the game says to a player is written for a player (issue #31): a refused save, a
refused action, the log, the Undo label and the hover name figures, seats and places as a
player sees them, never an engine id ("p2.jace-beleren-mindmage"), a coordinate ("-2,4",
"Hex(q=99, r=99)") or a list of the engine's internal names ("setup, setup_first, ...")."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from client_kit import frames

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.saves import SaveError, load_save, save_game, saves_dir
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.standard import standard_app
from arena.client.session import BattleSession
from arena.client.settings import Settings
from arena.client.wording import OFF_BOARD, place_words
from arena.engine import ChooseCard, Game, MoveFigure, Pass
from arena.hexgrid import Hex
from arena.hexgrid.coords import neighbours

COORDINATE = re.compile(r"-?\d+,-?\d+|Hex\(")
ENGINE_ID = re.compile(r"\bp\d[.:][a-z]")


def developer_words(text: str) -> list[str]:
    """What in ``text`` is written for a developer, not a player."""
    found = COORDINATE.findall(text) + ENGINE_ID.findall(text)
    found += [w for w in ("setup_first", "player 3", "illegal action") if w in text]
    return found


def tampered(change: Any) -> str:
    """The message loading a Duel save refuses with, after ``change`` edited its game."""
    content.catalog()
    game, setup = duel_all_summoned()
    path = saves_dir() / "tampered.json"
    save_game(path, game, setup.seats, [], "The Duel")
    record = json.loads(path.read_text())
    change(record["game"]["state"])
    path.write_text(json.dumps(record))
    with pytest.raises(SaveError) as refused:
        load_save(path)
    return str(refused.value)


def _controller(state: dict[str, Any]) -> None:
    state["figures"]["p2.jace-beleren-mindmage"][3] = 3


def _off_board(state: dict[str, Any]) -> None:
    state["figures"]["p1.rhox-veterans.1"][1] = ["99,99"]


def _phase(state: dict[str, Any]) -> None:
    state["phase"] = "dance"


@pytest.mark.parametrize(("change", "says"), [
    (_controller, "Jace Beleren, Mindmage is controlled by Player 3"),
    (_off_board, "Rhox Veterans 1 stands on a space, off the battlefield"),
    (_phase, "its phase 'dance' is not one this version of Arena knows"),
], ids=["controller", "off-board", "phase"])
def test_a_refused_save_says_why_in_a_players_words(change: Any, says: str) -> None:
    message = tampered(change)
    assert says in message
    assert developer_words(message) == [], message


def session() -> BattleSession:
    content.catalog()
    game, _setup = duel_all_summoned()
    return BattleSession(game, [SeatSetup("human"), SeatSetup("human")])


def a_move(game: Game) -> MoveFigure:
    return next(a for a in game.legal_actions() if isinstance(a, MoveFigure))


def choose_a_card(act: Any, game: Game) -> None:
    """Choose the first army card and let its start-of-turn abilities pass."""
    act(next(a for a in game.legal_actions() if isinstance(a, ChooseCard)))
    while game.pending.decision is not None:
        act(next(a for a in game.legal_actions() if isinstance(a, Pass)))


def test_the_log_and_the_undo_label_name_places_not_coordinates() -> None:
    battle = session()
    game = battle.game
    choose_a_card(battle.apply, game)
    move = a_move(game)
    battle.apply(move)
    assert developer_words(battle.undo_text) == [], battle.undo_text
    assert battle.undo_text.startswith("Move ")
    assert place_words(game.state.static, move.to) in battle.undo_text
    for line in battle.log:
        assert developer_words(line) == [], line
    assert "moved from" in battle.log[-1]


def test_places_are_named_by_what_a_player_sees() -> None:
    content.catalog()
    game, _setup = duel_all_summoned()
    static = game.state.static
    assert place_words(static, Hex(0, 0)) == "the Glyph of Power"
    assert place_words(static, Hex(99, 99)) == OFF_BOARD
    zone = static.field.zones[0]
    assert f"in the {zone.name} starting zone" in place_words(static, zone.spaces[0])
    ruin = next(iter(static.field.board.obstacles.values()))
    taken = {g.at for g in static.field.glyphs} | {h for z in static.field.zones
                                                   for h in z.spaces}
    beside = next(n for f in ruin.footprint for n in neighbours(f)
                  if n in static.field.board.columns and n not in ruin.footprint
                  and n not in taken)
    assert re.fullmatch(r"a level-\d+ (water )?space beside an? ruin",
                        place_words(static, beside)), place_words(static, beside)


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def test_a_refused_action_and_the_hover_speak_to_the_player(
        app: App, screen: pygame.Surface) -> None:
    game, setup = duel_all_summoned()
    seats = [SeatSetup("human"), SeatSetup("human")]
    battle = BattleScene(app, game, seats, setup=setup, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    choose_a_card(battle.act, game)
    mover = a_move(game)
    wrong = MoveFigure(mover.figure, Hex(99, 99))
    battle.act(wrong)
    message = app.toasts[-1]
    assert developer_words(message) == [], message
    assert message.startswith("Move ") and f"to {OFF_BOARD}:" in message
    battle.hover_hex = game.state.figures[mover.figure].hexes[0]
    battle.hover_figure = None
    assert battle.hover_lines()
    for text, _colour in battle.hover_lines():
        assert developer_words(text) == [], text
