"""Where the turn recap stands (issue #31): over the right of the battlefield at 1280x720 it
covered the computer's army it described, a click on a line centred the board on a figure
still hidden under it, and in the lesson it stacked on the lesson's panel. It now takes the
top corner covering fewer of the figures it names (never the lesson's), and a shown figure
always ends up in view, out from under it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, save_artifact
from test_client_tutorial_screen import open_lesson

from arena.client import content, text
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.recap import Recap, RecapLine
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.recap_panel import RecapPanel, RecapRow
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.hexgrid import Hex


@pytest.fixture
def sized() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    try:
        yield
    finally:
        text.reset()
        pygame.quit()


def point(scene: BattleScene, h: Hex) -> tuple[float, float]:
    board = scene.game.state.board
    return scene.projection().to_screen(h, scene.renderer.stand_level(board, h))


def army_recap(scene: BattleScene, seat: int) -> Recap:
    """A recap naming every figure of ``seat`` where it stands."""
    state = scene.game.state
    lines = tuple(RecapLine(f"{state.static.figure_name(f)} moved.", seat, f,
                            state.figures[f].hexes)
                  for f in state.on_battlefield() if state.controller(f) == seat)
    return Recap(f"What Player {seat} (computer, normal) did", lines)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), (1920, 1080)])
def test_the_recap_leaves_the_figures_it_names_in_view(sized: None,
                                                       size: tuple[int, int]) -> None:
    screen = pygame.display.set_mode(size)
    content.catalog()
    app = standard_app(size, Settings(animations="off", ai_pace="instant"))
    game, setup = duel_all_summoned()
    scene = BattleScene(app, game, [SeatSetup("ai"), SeatSetup("human")], setup=setup,
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    scene.camera.finish()
    scene.recap = RecapPanel(army_recap(scene, 1))
    scene._rebuild()
    frames(app, screen, 2)
    panel = scene.recap
    under = [line.figure for line in panel.recap.lines
             if any(panel.rect.collidepoint(point(scene, h)) for h in line.hexes)]
    assert len(under) <= len(panel.recap.lines) // 3, f"{under} are under the recap"
    save_artifact(screen, f"recap-place-{size[0]}x{size[1]}.png")
    # each line shown: its figure ends up in view, out from under the panel
    for i in range(len(panel.recap.lines)):
        row = next(w for w in scene.form.widgets
                   if isinstance(w, RecapRow) and w.name == f"recap:{i}")
        click(scene, row.rect.center)
        frames(app, screen, 1)
        line = panel.recap.lines[i]
        for h in line.hexes:
            at = point(scene, h)
            assert scene.layout.view.collidepoint(at), f"{line.figure} is off the board view"
            assert not scene.recap.rect.collidepoint(at), f"{line.figure} is under the recap"


def test_in_the_lesson_the_recap_and_the_lessons_panel_stand_apart(
        screen: pygame.Surface) -> None:
    content.catalog()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))
    scene = open_lesson(app, screen)
    frames(app, screen, 2)
    scene.recap = RecapPanel(army_recap(scene, 2))
    scene._rebuild()
    frames(app, screen, 2)
    assert scene.tutorial is not None and scene.tutorial.box.width
    assert not scene.recap.rect.colliderect(scene.tutorial.box)
    # side by side, not stacked into one column over the board
    assert scene.tutorial.box.y == scene.recap.rect.y - 2 == scene.layout.view.y + 10
    save_artifact(screen, "recap-and-lesson.png")
