"""The expert level thinks longest, and the window must never freeze while it does: during
an expert turn the frames go on, a key opens the pause menu at once, and the computer's
decision arrives afterwards all the same."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames, key, save_artifact

from arena.ai.levels import make_controller
from arena.client import content
from arena.client.content import SeatSetup
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.to_engine import army_cards, field_from_battlefield
from arena.engine import Game
from arena.engine.setup import PlayerSetup
from arena.hexgrid import Hex

SEATS = (SeatSetup("human", army="gideon-premade"),
         SeatSetup("ai", "expert", army="jace-premade"))
PLACED = {
    "p1.gideon-jura-combat-mage": Hex(1, 3),
    "p1.rhox-veterans.1": Hex(0, 2),
    "p1.rhox-veterans.2": Hex(-1, 2),
    "p1.rhox-veterans.3": Hex(1, 2),
    "p2.jace-beleren-mindmage": Hex(1, -3),
    "p2.leyline-phantoms.1": Hex(0, -1),
    "p2.leyline-phantoms.2": Hex(-2, -1),
    "p2.leyline-phantoms.3": Hex(3, -2),
}


def _expert_to_act() -> Game:
    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    armies = [army_cards(cat.armies[s.army], cat) for s in SEATS]
    return Game.from_position(field, [PlayerSetup(a) for a in armies], PLACED, turn=3,
                              active=2, phase="choose", scenario=scenario, seed=11)


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))


def test_a_key_works_while_the_expert_thinks(app: App, screen: pygame.Surface) -> None:
    expert = make_controller("expert", 3)
    scene = BattleScene(app, _expert_to_act(), SEATS, controllers={2: expert})
    app.push(scene)
    deadline = time.monotonic() + 120
    while scene.session.task is None or scene.session.task.done:
        assert time.monotonic() < deadline, "the expert never started thinking"
        frames(app, screen)
    key(scene, pygame.K_ESCAPE)  # the pause menu opens while the decision runs
    frames(app, screen)
    assert isinstance(app.top, PauseMenu)
    assert scene.session.task is not None and not scene.session.task.done, \
        "the key waited for the expert's decision"
    save_artifact(screen, "expert-thinking-paused.png")
    key(app.top, pygame.K_ESCAPE)
    frames(app, screen)
    assert app.top is scene
    actions = len(scene.session.log)
    while len(scene.session.log) == actions:
        assert time.monotonic() < deadline, "the expert never answered"
        frames(app, screen)
    assert scene.game.state.turn_state.chosen is not None or scene.game.active != 2
