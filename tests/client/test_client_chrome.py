"""Chrome stays off the board (issue #31): the "all levels" label was drawn over spaces and
figures and the camera strip over the hover box and inside the save's picture; the main
menu's preview board showed through the New game and Load screens. The strip and its label
now have a band of their own under the battlefield, the save's picture is the board alone,
and the screens over the menu's backdrop get the sky without its board."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import distinct_colors, frames

from arena.client import content, text, warmup
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.common import backdrop
from arena.client.scenes.hud import battle_layout
from arena.client.scenes.save_slots import battle_thumbnail, thumbnail_surface
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)]
MAGENTA = (255, 0, 255)


@pytest.mark.parametrize("size", SIZES)
def test_the_camera_strip_and_its_label_stand_beside_the_battlefield(
        size: tuple[int, int]) -> None:
    lay = battle_layout(size)
    strip = lay.camera.inflate(8, 8)
    assert not strip.colliderect(lay.view), (strip, lay.view)
    assert not lay.levels.colliderect(lay.view), (lay.levels, lay.view)
    assert not strip.colliderect(lay.hand) and not lay.levels.colliderect(lay.hand)
    assert lay.levels.right <= strip.left
    assert text.size("levels 1-12", 15)[0] <= lay.levels.width


@pytest.fixture
def sized() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    try:
        yield
    finally:
        text.reset()
        pygame.quit()


def test_the_saves_picture_is_the_board_alone(sized: None) -> None:
    """Whatever the panels draw, none of it reaches the save's picture."""
    screen = pygame.display.set_mode((1280, 720))
    content.catalog()
    app = standard_app((1280, 720), Settings(animations="off", ai_pace="instant"))
    game, setup = duel_all_summoned()
    scene = BattleScene(app, game, [SeatSetup("ai"), SeatSetup("human")], setup=setup,
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    scene.canvas.draw_hud = lambda hud: hud.fill(MAGENTA)  # type: ignore[method-assign]
    scene.canvas.hud = None
    frames(app, screen, 1)
    picture = thumbnail_surface(battle_thumbnail(scene))
    assert picture is not None
    pinks = [c for c in distinct_colors(picture, 48)
             if c[0] > 200 and c[1] < 90 and c[2] > 200]
    assert pinks == [], "the panels' layer reached the save's picture"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_new_game_and_load_show_no_board_through_their_panels(
        sized: None, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size)
    content.catalog()
    assert warmup.wait(), "the warm-up behind the menu's first frame ends"
    menu = backdrop(size)
    under = backdrop(size, dim=True)
    w, h = size
    board = pygame.Rect(int(w * 0.45), int(h * 0.25), int(w * 0.45), int(h * 0.5))
    def brightest(image: pygame.Surface) -> int:
        return max(sum(c) for c in distinct_colors(image, 24, board))
    # the sky is dark (a blue-black gradient); a board's sand and stone are bright
    assert brightest(menu) > 300, "the menu shows its preview board"
    assert brightest(under) < 150, "a board shows under the panels"
