"""Hotseat: the board turns to the starting side of the player to act (where their
Planeswalker was placed, not where it stands now), unless the player turns that off in the
settings; the starting sides survive a save and a load."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from client_kit import frames, key

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import GameSetup, SeatSetup
from arena.client.saves import SaveError, load_save, save_game
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.handoff import HandOffScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.to_engine import card_factory
from arena.engine import Game
from arena.engine.actions import EndTurn, pos_hexes
from arena.engine.events import PlaneswalkerPlaced
from arena.hexgrid import Hex, hex_to_point, neighbours


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def _placed(seed: int) -> tuple[Game, GameSetup, dict[int, Hex]]:
    """The Duel after set-up, with where each Planeswalker was placed (from the events)."""
    game, setup = duel_all_summoned(seed)
    placed: dict[int, Hex] = {}
    fresh = content.new_game(setup)
    for text in game.actions:
        for event in fresh.apply(text):
            if isinstance(event, PlaneswalkerPlaced):
                placed[event.player] = pos_hexes(event.position)[0]
    assert set(placed) == {1, 2}
    return game, setup, placed


def _moved_away(game: Game, seat: int, near: Hex) -> Hex:
    """Put a Planeswalker on an empty space beside ``near`` (as if it had walked there)."""
    state = game.state
    taken = state.occupant_map()
    far = next(h for h in neighbours(near) if state.board.can_stand(h) and h not in taken
               and h not in state.glyphs)
    fid = state.planeswalker_figure(seat)
    state.set_figure(fid, replace(state.figures[fid], hexes=(far,)))
    state.cache.clear()
    return far


def test_starting_sides_are_where_the_planeswalkers_were_placed_even_after_a_load(
        tmp_path: object) -> None:
    game, setup, placed = _placed(7)
    starts = {s: pos_hexes(p)[0] for s, p in game.starting_positions().items()}
    assert starts == placed
    far = _moved_away(game, 1, placed[2])  # walked all the way to the other side
    path = tmp_path / "save.json"  # type: ignore[operator]
    save_game(path, game, setup.seats, [], "The Duel")
    # The Planeswalker was put there by hand, not by its actions, so the client's loader
    # refuses the save as edited (`history_problems`); the engine's own load reads it.
    with pytest.raises(SaveError, match="recorded actions"):
        load_save(path)
    record = json.loads(path.read_text())
    loaded = Game.from_data(record["game"], card_factory=card_factory)
    assert loaded.state.figures[loaded.state.planeswalker_figure(1)].hexes == (far,)
    assert {s: pos_hexes(p)[0] for s, p in loaded.starting_positions().items()} == placed


def _front_rotation(scene: BattleScene, at: Hex) -> int:
    """The camera step that puts ``at`` nearest the viewer."""
    proj = scene.camera.projection()
    ys = [replace(proj, angle=float(k)).to_camera(*hex_to_point(at))[1] for k in range(6)]
    return max(range(6), key=lambda k: ys[k])


def _to_next_handoff(app: App, screen: pygame.Surface, scene: BattleScene) -> HandOffScene:
    rng = random.Random(3)
    for _ in range(40):
        if isinstance(app.top, HandOffScene):
            return app.top
        game = scene.game
        legal = game.legal_actions()
        ends = [a for a in legal if isinstance(a, EndTurn)]
        scene.session.apply(ends[0] if ends else rng.choice(legal))
        scene._rebuild()
        frames(app, screen, 1)
    raise AssertionError("no hand-off came")


@pytest.mark.parametrize("turn_view", [True, False])
def test_the_hand_off_turns_the_board_to_the_next_players_starting_side(
        app: App, screen: pygame.Surface, turn_view: bool) -> None:
    app.settings = replace(app.settings, hotseat_turn=turn_view)
    game, setup, placed = _placed(7)
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    first = app.top
    assert isinstance(first, HandOffScene)
    key(first, pygame.K_RETURN)
    seat = scene.session.viewer
    other = 2 if seat == 1 else 1
    if turn_view:
        assert scene.camera.rotation == _front_rotation(scene, placed[seat])
    # The next player's Planeswalker walked to the first player's side: the board still
    # turns to where it started.
    far = _moved_away(scene.game, other, placed[seat])
    assert _front_rotation(scene, placed[other]) != _front_rotation(scene, far)
    before = scene.camera.rotation
    handoff = _to_next_handoff(app, screen, scene)
    key(handoff, pygame.K_RETURN)
    assert scene.session.viewer == other
    if turn_view:
        assert scene.camera.rotation == _front_rotation(scene, placed[other])
    else:
        assert scene.camera.rotation == before, "the view turned although it is set to stay"


def test_a_hotseat_skirmish_hands_off_around_the_table(app: App,
                                                       screen: pygame.Surface) -> None:
    """Issue #36, guide "Team rules": "Play passes to the left." Four people at one screen
    in The Skirmish: the hand-off goes from the first player to an opponent, the other
    opponent, then the first player's teammate, in the placing and in the turns, and the log
    says so."""
    armies = ("gideon-premade", "jace-premade", "liliana-premade", "nissa-premade")
    setup = GameSetup("the-skirmish", seats=tuple(SeatSetup("human", army=a) for a in armies),
                      seed=1)
    game = content.new_game(setup)
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    handed: list[int] = []
    while len(handed) < 8:
        top = app.top
        if isinstance(top, HandOffScene):
            handed.append(top.seat)
            key(top, pygame.K_RETURN)
        else:
            legal = scene.game.legal_actions()
            ends = [a for a in legal if isinstance(a, EndTurn)]
            scene.session.apply(ends[0] if ends else legal[0])
            scene._rebuild()
        frames(app, screen, 1)
    static = game.state.static
    order = list(static.play_order)
    assert order == [1, 4, 3, 2]  # the table: seats 1 and 2 facing 3 and 4
    at = order.index(handed[0])
    assert handed == (order[at:] + order[:at]) * 2  # four placements, then four turns
    assert static.opposed(handed[1], handed[0]) and not static.opposed(handed[3], handed[0])
    names = ", ".join(f"Player {s}" for s in handed[:4])
    assert any(f"play passes to the left: {names}." in line for line in scene.session.log)


def _point_at(scene: BattleScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))


@pytest.mark.parametrize("turn_view", [True, False])
def test_the_hover_box_of_the_last_pointer_is_gone_after_the_hand_off(
        app: App, screen: pygame.Surface, turn_view: bool) -> None:
    """The pointer's box described the space the last player pointed at, and stayed after
    the hand-off (over the top rows, where that space was after the board turned) until the
    mouse moved. Now nothing is hovered until the pointer moves; then the box describes
    what is under it on the board as it now stands."""
    app.settings = replace(app.settings, hotseat_turn=turn_view)
    game, setup, _placed_at = _placed(7)
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    key(app.top, pygame.K_RETURN)
    frames(app, screen, 2)
    assert app.top is scene
    spot = scene.layout.view.center
    _point_at(scene, spot)
    frames(app, screen)
    assert scene.hover_lines(), "the pointer over the battlefield shows its box"
    handoff = _to_next_handoff(app, screen, scene)
    key(handoff, pygame.K_RETURN)
    scene.camera.finish()
    frames(app, screen, 2)
    assert app.top is scene
    assert (scene.mouse, scene.hover_hex, scene.hover_figure) == (None, None, None)
    assert scene.hover_lines() == [] and scene.hover.draw(screen, scene) is None
    _point_at(scene, spot)
    frames(app, screen)
    assert scene.hover_hex == scene.projection().hex_under(spot, scene.heights()) or \
        scene.hover_figure is not None
    assert scene.hover_lines()
