"""Looks at every size (issue #31): at 1024x600, 1280x720, 1366x768 and 1920x1080 the
battle, the turn recap, the lesson, the save and load screens and the results cut no label
(`text.cuts`: a text wider than its box), draw no text outside its panel or the window
(`text.drawn`), and lay no panel over another. Screenshots go to tests/artifacts/client/."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pygame
import pytest
from client_kit import frames, key, save_artifact
from test_client_recap_place import army_recap
from test_client_tutorial_screen import open_lesson

from arena.client import content, text
from arena.client.bench import duel_all_summoned
from arena.client.content import GameSetup, SeatSetup
from arena.client.saves import save_slot
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.replay import SwingScene
from arena.client.scenes.results import ResultsScene
from arena.client.scenes.review import ReviewScene
from arena.client.scenes.save_slots import NameDialog
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.storage import write_json_atomic
from arena.engine import ChooseCard, Game, Pass

SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(request: pytest.FixtureRequest) -> Iterator[tuple[App, pygame.Surface]]:
    size: tuple[int, int] = request.param
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode(size)
        content.catalog()
        yield standard_app(size, Settings(animations="off", ai_pace="instant")), screen
    finally:
        text.reset()
        pygame.quit()


def looked_at(app: App, screen: pygame.Surface, panels: Sequence[pygame.Rect],
              name: str) -> None:
    """Draw the screen afresh and check it: no label cut, every text inside the window and
    inside the panel it starts in, no two ``panels`` overlapping."""
    text.forget_cuts()
    text.watch()
    top = app.top
    if isinstance(top, BattleScene):
        top.canvas.hud = None  # every panel drawn again, not kept from before
        top.canvas.last_clean = False
    frames(app, screen, 1)
    w, h = screen.get_size()
    save_artifact(screen, f"looks-{name}-{w}x{h}.png")
    assert text.cuts() == [], f"{name}: cut {text.cuts()}"
    window = screen.get_rect()
    shown = [p for p in panels if p.width and p.height]
    for words, rect in text.drawn():
        assert window.contains(rect), f"{name}: {words!r} at {rect} leaves the window"
        for panel in shown:
            if panel.collidepoint(rect.topleft):
                assert panel.inflate(2, 2).contains(rect), \
                    f"{name}: {words!r} at {rect} runs out of its panel {panel}"
    for i, a in enumerate(shown):
        assert window.contains(a), f"{name}: panel {a} leaves the window"
        for b in shown[i + 1:]:
            assert not a.colliderect(b), f"{name}: panels {a} and {b} overlap"


def battle_panels(scene: BattleScene) -> list[pygame.Rect]:
    lay = scene.layout
    found = [lay.top, lay.left, lay.turn, lay.info, lay.log, lay.hand, lay.rail, lay.dock]
    if scene.recap is not None:
        found.append(scene.recap.rect)
    if scene.tutorial is not None:
        found.append(scene.tutorial.box)
    return found


def open_duel(app: App, screen: pygame.Surface, game: Game | None = None,
              seats: Sequence[SeatSetup] = (SeatSetup("ai"), SeatSetup("human"))
              ) -> BattleScene:
    duel, setup = duel_all_summoned()
    scene = BattleScene(app, game or duel, list(seats), setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    scene.camera.finish()
    frames(app, screen, 1)
    return scene


def test_the_battle_and_its_recap(sized: tuple[App, pygame.Surface]) -> None:
    app, screen = sized
    scene = open_duel(app, screen)
    game = scene.game
    looked_at(app, screen, battle_panels(scene), "battle")
    scene.act(next(a for a in game.legal_actions() if isinstance(a, ChooseCard)))
    while game.pending.decision is not None:
        scene.act(next(a for a in game.legal_actions() if isinstance(a, Pass)))
    scene.select("p2.jace-beleren-mindmage")
    scene.hover_figure = "p1.rhox-veterans.2"
    scene.hover_hex = game.state.figures["p1.rhox-veterans.2"].hexes[0]
    looked_at(app, screen, battle_panels(scene), "battle-odds")
    scene.recap = RecapPanel(army_recap(scene, 1))
    scene._rebuild()
    looked_at(app, screen, battle_panels(scene), "recap")


def test_the_lesson(sized: tuple[App, pygame.Surface]) -> None:
    app, screen = sized
    scene = open_lesson(app, screen)
    for _ in range(200):
        if scene.session.human_to_act:
            break
        frames(app, screen)
    looked_at(app, screen, battle_panels(scene), "lesson")
    scene.recap = RecapPanel(army_recap(scene, 2))
    scene._rebuild()
    looked_at(app, screen, battle_panels(scene), "lesson-recap")


def test_saving_and_loading(sized: tuple[App, pygame.Surface]) -> None:
    app, screen = sized
    scene = open_duel(app, screen)
    game, setup = scene.game, duel_all_summoned()[1]
    save_slot("A long name for a saved game of The Duel", game, setup.seats, [], "The Duel",
              players=["Player 1 (computer, normal)", "Player 2 (you)"])
    broken = save_slot("Broken", game, setup.seats, [], "The Duel")
    write_json_atomic(broken, {"format": "arena-client-save", "game": {}, "name": "Broken"})
    app.push(NameDialog(app, "Save game", "The Duel, turn 3", "Save", lambda name: None))
    looked_at(app, screen, [], "save-name")
    app.pop()
    app.push(LoadScene(app))
    frames(app, screen, 3)  # each save checked, one a frame
    for _ in range(2):
        looked_at(app, screen, [], "load")
        key(app.top, pygame.K_DOWN)


@pytest.fixture(scope="module")
def finished() -> tuple[Game, GameSetup]:
    """A Duel played to its end (random attacks), as the results screen shows one."""
    content.catalog()
    setup = GameSetup(seats=(SeatSetup("ai", "easy", army="gideon-premade"),
                             SeatSetup("ai", "easy", army="liliana-premade")), seed=21)
    game = content.new_game(setup)
    rng = random.Random(2)
    while game.outcome() is None:
        legal = game.legal_actions()
        attacks = [a for a in legal if type(a).__name__ in ("Attack", "PlaceFigure",
                                                            "BeginSummon")]
        game.apply(rng.choice(attacks or legal))
    return game, setup


def results_of(app: App, screen: pygame.Surface, finished: tuple[Game, GameSetup]
               ) -> ResultsScene:
    """The finished battle opened: its results screen, on top by itself."""
    game, setup = finished
    app.push(BattleScene(app, game.clone(), setup.seats, setup=setup, autosave=False))
    frames(app, screen, 3)
    assert isinstance(app.top, ResultsScene)
    return app.top


def test_the_results(sized: tuple[App, pygame.Surface],
                     finished: tuple[Game, GameSetup]) -> None:
    app, screen = sized
    results = results_of(app, screen, finished)
    looked_at(app, screen, [results.box], "results")


def test_the_review_and_show_me(sized: tuple[App, pygame.Surface],
                                finished: tuple[Game, GameSetup]) -> None:
    """The results' Review (the chart, the swing turns) and its Show me at every size."""
    app, screen = sized
    results_of(app, screen, finished).open_review()
    review = app.top
    assert isinstance(review, ReviewScene)
    looked_at(app, screen, [review.chart, *review.rows], "review")
    review.show(0)
    assert isinstance(app.top, SwingScene)
    looked_at(app, screen, [app.top.panel], "review-show-me")
    app.top.on_exit()
