"""Labels are read whole (issue #31): at 1280x720 the Undo button ("Undo: Choos…"), the
combat panel's title and its stat sources ("Att 4 (3 + 1 Avat…)"), the army cards' stat
rows and a computer's played card ("Player 2 plays a hidden enchan…") were cut, and at
1920x1080 the hover box cut the seat ("(Player 2 (comp…") and nested brackets ("Rhox
Veterans (Player 1 (you))"). A label too long for its box is set smaller, a long line
wraps; `text.cuts` notes any label still cut."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames

from arena.client import content, text
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.standard import standard_app
from arena.client.scenes.watching import card_rect, draw_shown_card
from arena.client.settings import Settings
from arena.client.watch import ShownCard
from arena.engine import ChooseCard, Pass


@pytest.fixture
def sized() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    try:
        yield
    finally:
        text.reset()
        pygame.quit()


def open_duel(size: tuple[int, int]) -> tuple[App, pygame.Surface, BattleScene]:
    """The Duel with every figure summoned: player 2, the one human, to choose a card."""
    screen = pygame.display.set_mode(size)
    content.catalog()
    app = standard_app(size, Settings(animations="off", ai_pace="instant"))
    game, setup = duel_all_summoned()
    scene = BattleScene(app, game, [SeatSetup("ai"), SeatSetup("human")], setup=setup,
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    scene.camera.finish()
    frames(app, screen, 2)
    return app, screen, scene


def widget(scene: BattleScene, name: str) -> object:
    return next(w for w in scene.form.widgets if w.name == name)


def test_at_1280x720_the_battle_screen_cuts_no_label(sized: None) -> None:
    app, screen, scene = open_duel((1280, 720))
    game = scene.game
    text.forget_cuts()
    scene.act(next(a for a in game.legal_actions() if isinstance(a, ChooseCard)))
    frames(app, screen, 2)
    assert widget(scene, "undo").label == "Undo: Choose Jace Beleren, Mindmage"  # type: ignore
    while game.pending.decision is not None:
        scene.act(next(a for a in game.legal_actions() if isinstance(a, Pass)))
    frames(app, screen, 2)
    assert widget(scene, "undo").label == "Undo: Answer no"  # type: ignore
    # a figure of the chosen card selected, an enemy hovered: the combat panel's odds
    scene.select("p2.jace-beleren-mindmage")
    scene.hover_figure = "p1.rhox-veterans.2"
    scene.hover_hex = game.state.figures["p1.rhox-veterans.2"].hexes[0]
    frames(app, screen, 2)
    assert text.cuts() == []


def test_a_computers_card_names_who_plays_it_whole(sized: None) -> None:
    screen = pygame.display.set_mode((1280, 720))
    view = pygame.Rect(290, 48, 660, 520)
    shown = ShownCard("Player 2 (computer, normal) plays", "", "aura", -1, "",
                      face_down=True)
    text.forget_cuts()
    draw_shown_card(screen, card_rect(view, 1.0), shown, 1.0)
    assert text.cuts() == []


def test_at_1920x1080_the_hover_box_names_the_seat_whole(sized: None) -> None:
    app, screen, scene = open_duel((1920, 1080))
    state = scene.game.state
    text.forget_cuts()
    for figure in ("p1.rhox-veterans.1", "p1.gideon-jura-combat-mage",
                   "p2.jace-beleren-mindmage"):
        scene.hover_figure = figure
        scene.hover_hex = state.figures[figure].hexes[0]
        frames(app, screen, 1)
        head = next(line for line, _ in scene.hover_lines()
                    if line.startswith(state.static.figure_name(figure)))
        assert "((" not in head.replace(" ", "") and "))" not in head.replace(" ", ""), head
    assert text.cuts() == []
