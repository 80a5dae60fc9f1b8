"""A click takes the lit space the player aims at (issue #31): a lit placement space behind a
ruin could not be clicked (the click hit the ruin in front), and a click on a lit space next
to a figure just placed once placed the next figure on the neighbour. While spaces are lit
for a click, a lit face drawn under the pointer wins over what stands in front of it, and
the click takes exactly the space the hover lights under the pointer."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames

from arena.client import content, text
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.standard import standard_app
from arena.client.scenes.tutorial_panel import SEATS
from arena.client.settings import Settings
from arena.client.tutorial import replay_to
from arena.engine import Action, PlaceFigure, parse_action
from arena.hexgrid import Hex


@pytest.fixture
def summoning() -> Iterator[tuple[pygame.Surface, BattleScene, list[Action]]]:
    """The lesson's summon step at 1280x720, the Rhox Veterans' summon begun; the scene's
    actions are recorded instead of applied."""
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((1280, 720))
        app = standard_app((1280, 720), Settings(animations="off", ai_pace="instant"))
        game, _lesson, opponent = replay_to(2, content.catalog())
        scene = BattleScene(app, game, SEATS, controllers={2: opponent}, autosave=False)
        app.push(scene)
        frames(app, screen, 2)
        scene.camera.finish()
        scene.act(parse_action("summon p1:rhox-veterans"))
        frames(app, screen, 2)
        yield screen, scene, []
    finally:
        text.reset()
        pygame.quit()


def record(scene: BattleScene, done: list[Action]) -> None:
    scene.act = lambda action: done.append(action) or []  # type: ignore[method-assign]


def face_point(scene: BattleScene, h: Hex, corner: int | None) -> tuple[int, int]:
    """The centre of ``h``'s lit face, or a point 60% of the way to one of its corners."""
    board = scene.game.state.board
    level = scene.renderer.stand_level(board, h)
    proj = scene.projection()
    cx, cy = proj.to_screen(h, level)
    if corner is not None:
        x, y = proj.top_face(h, level, 0.6)[corner]
        cx, cy = x, y
    return (round(cx), round(cy))


def turn(app_screen: pygame.Surface, scene: BattleScene) -> None:
    scene.camera.rotate(1)
    scene.camera.finish()
    scene.fit()
    frames(scene.app, app_screen, 2)


def test_every_lit_space_is_placed_on_where_it_is_drawn(
        summoning: tuple[pygame.Surface, BattleScene, list[Action]]) -> None:
    """At each camera turn, a click on the middle of each lit placement space places there
    (behind the practice field's ruins, three of them could not be clicked)."""
    screen, scene, done = summoning
    record(scene, done)
    for turning in range(6):
        for h in list(scene.session.options.place):
            assert isinstance(h, Hex)
            point = face_point(scene, h, None)
            if not scene.layout.view.collidepoint(point):
                continue
            done.clear()
            scene.input.click(point)
            placed = done[0] if done else None
            assert isinstance(placed, PlaceFigure) and placed.position == h, (
                f"turn {turning}: a click on {h} placed {placed}")
        turn(screen, scene)


def test_a_click_places_on_the_space_the_hover_lights(
        summoning: tuple[pygame.Surface, BattleScene, list[Action]]) -> None:
    """With figures already placed, every click inside a lit face places on the space the
    hover lit at that point, never on a neighbour."""
    screen, scene, done = summoning
    scene.act(parse_action("place 0,-4"))  # a figure placed: its picture rises over its
    frames(scene.app, screen, 2)            # neighbours' spaces
    record(scene, done)
    for turning in range(6):
        for h in list(scene.session.options.place):
            assert isinstance(h, Hex)
            for corner in (None, 0, 1, 2, 3, 4, 5):
                point = face_point(scene, h, corner)
                if not scene.layout.view.collidepoint(point):
                    continue
                scene.input.hover(point)
                lit = scene.hover_position()
                done.clear()
                scene.input.click(point)
                placed = done[0].position if done and isinstance(done[0], PlaceFigure) \
                    else None
                assert placed == lit, (f"turn {turning}: at {point} (on {h}) the hover lit "
                                       f"{lit} and the click placed on {placed}")
        turn(screen, scene)
