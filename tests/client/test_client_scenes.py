"""Every screen renders under the dummy driver, works by mouse and keyboard, and has no dead
ends: main menu, settings, new game, battle (The Duel with every figure summoned), pause,
results, load, dialogs. Screenshots go to tests/artifacts/client/."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import GameSetup, SeatSetup
from arena.client.palette import CB_PLAYERS, DEFAULT_PLAYERS
from arena.client.saves import autosave_path, saves_dir
from arena.client.scenes.base import App, SceneName
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.common import Dialog, menu_button_rects
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.menu import MENU_ITEMS, MainMenu, SettingsScene
from arena.client.scenes.newgame import NewGameScene
from arena.client.scenes.results import ResultsScene
from arena.client.scenes.standard import standard_app, standard_scenes
from arena.client.settings import Settings, load_settings
from arena.engine import Game


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))



def push_battle(app: App, screen: pygame.Surface, scene: BattleScene) -> None:
    """Open a battle; at a hotseat game, the first player confirms the hand-off."""
    from arena.client.scenes.handoff import HandOffScene

    app.push(scene)
    frames(app, screen, 2)
    if isinstance(app.top, HandOffScene):
        key(app.top, pygame.K_RETURN)


def all_summoned(seed: int = 5) -> tuple[Game, GameSetup]:
    """The Duel after set-up, every figure of both armies summoned (two humans)."""
    game, setup = duel_all_summoned(seed)
    assert len(game.state.on_battlefield()) == 14
    return game, setup


# --- main menu ------------------------------------------------------------------------------


def test_main_menu_renders_with_every_item(app: App, screen: pygame.Surface) -> None:
    menu = MainMenu(app)
    app.push(menu)
    frames(app, screen, 2)
    save_artifact(screen, "main-menu.png")
    names = [b.name for b in menu.form.widgets]
    assert names == list(MENU_ITEMS)
    for name in MENU_ITEMS:
        button = menu.button(name)
        assert button.note, f"{name} has no note"
        assert screen.get_rect().contains(button.rect)
    # nothing saved yet: Continue and Load are disabled and say why
    assert not menu.button("Continue").enabled
    assert "autosave" in menu.button("Continue").note.lower()
    assert menu.button("Card browser").enabled and menu.button("Rules").enabled


def test_disabled_items_show_their_note_on_hover(app: App, screen: pygame.Surface) -> None:
    menu = MainMenu(app)
    app.push(menu)
    assert not menu.button("Continue").enabled
    rect = menu.button("Continue").rect
    menu.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, screen, 2)
    save_artifact(screen, "main-menu-tooltip.png")
    click(menu, rect.center)
    assert app.top is menu  # a disabled item does nothing (and says why)


def test_keyboard_walks_the_menu_and_escape_quits(app: App) -> None:
    menu = MainMenu(app)
    app.push(menu)
    assert menu.form.focused is not None and menu.form.focused.name == "New game"
    key(menu, pygame.K_DOWN)
    assert menu.form.focused is not None and menu.form.focused.name == "Learn to play"
    key(menu, pygame.K_DOWN)
    assert menu.form.focused is not None and menu.form.focused.name == "Editor"
    key(menu, pygame.K_UP)
    key(menu, pygame.K_UP)
    key(menu, pygame.K_RETURN)
    assert isinstance(app.top, NewGameScene)
    key(app.top, pygame.K_ESCAPE)
    assert app.top is menu
    key(menu, pygame.K_ESCAPE)
    assert not app.running


def test_quit_button_quits(app: App) -> None:
    menu = MainMenu(app)
    app.push(menu)
    click(menu, menu_button_rects(app.size, MENU_ITEMS)["Quit"].center)
    assert not app.running


def test_menu_layout_fits_any_window() -> None:
    for size in [(1280, 720), (1920, 1080), (800, 600), (640, 360), (480, 900)]:
        rects = menu_button_rects(size, MENU_ITEMS)
        for rect in rects.values():
            assert pygame.Rect((0, 0), size).contains(rect), size


def test_continue_loads_the_autosave_and_a_corrupt_one_says_so(app: App,
                                                              screen: pygame.Surface) -> None:
    autosave_path().parent.mkdir(parents=True)
    autosave_path().write_text("{ this is not json")
    menu = MainMenu(app)
    app.push(menu)
    assert menu.button("Continue").enabled
    click(menu, menu.button("Continue").rect.center)
    assert isinstance(app.top, Dialog) and app.top.error
    assert "damaged" in app.top.message
    frames(app, screen, 2)
    save_artifact(screen, "corrupt-save-dialog.png")
    key(app.top, pygame.K_RETURN)
    assert app.top is menu


# --- settings ---------------------------------------------------------------------------------


def test_settings_change_and_persist(app: App, screen: pygame.Surface) -> None:
    app.push(MainMenu(app))
    scene = SettingsScene(app)
    app.push(scene)
    frames(app, screen, 2)
    save_artifact(screen, "settings.png")
    assert scene.form.focused is not None and scene.form.focused.name == "palette"
    key(scene, pygame.K_RIGHT)
    assert app.settings.colour_blind
    assert load_settings().colour_blind
    key(scene, pygame.K_ESCAPE)
    assert isinstance(app.top, MainMenu)


# --- new game -----------------------------------------------------------------------------------


def test_new_game_defaults_start_the_duel_against_the_computer(app: App,
                                                              screen: pygame.Surface) -> None:
    app.push(MainMenu(app))
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    save_artifact(screen, "new-game.png")
    assert scene.setup.scenario == "the-duel"
    assert [s.kind for s in scene.setup.seats] == ["human", "ai"]
    assert scene.setup.seats[1].difficulty == "normal"
    assert scene.setup.seed > 0
    click(scene, scene.widget("start").rect.center)  # one click
    battle = app.top
    assert isinstance(battle, BattleScene)
    assert battle.session.seats[1].kind == "ai"
    frames(app, screen, 3)


def test_new_game_scenario_list_seats_and_seed(app: App, screen: pygame.Surface) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    ids = [s.id for s in scene.scenarios]
    melee = ids.index("the-melee")
    scene.scenario_list.select(melee)
    assert scene.setup.scenario == "the-melee"
    assert len(scene.setup.seats) == 3
    frames(app, screen, 2)
    save_artifact(screen, "new-game-melee.png")
    # the player count, who plays and the army are choices
    scene.widget("count").step(1)  # type: ignore[attr-defined]
    assert len(scene.setup.seats) == 4
    scene.widget("who1").step(-2)  # type: ignore[attr-defined]
    assert scene.setup.seats[1].kind == "human"
    scene.widget("army0").step(1)  # type: ignore[attr-defined]
    # typing digits into the focused seed box sets the seed
    scene.form.focus_on(scene.widget("seed"))
    for digit in "4711":
        key(scene, pygame.K_0 + int(digit), unicode=digit)
    assert scene.setup.seed == 4711
    key(scene, pygame.K_r)
    assert scene.setup.seed != 4711


def test_new_game_that_cannot_start_explains_why(app: App, monkeypatch: pytest.MonkeyPatch
                                                 ) -> None:
    scene = NewGameScene(app)
    app.push(scene)

    def refuse(setup: GameSetup) -> Game:
        raise ValueError("the armies are over budget")

    monkeypatch.setattr(content, "new_game", refuse)
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, Dialog)
    assert "over budget" in app.top.message


# --- battle, pause, results ----------------------------------------------------------------------


def test_battle_on_the_duel_with_every_figure_summoned(app: App,
                                                       screen: pygame.Surface) -> None:
    game, setup = all_summoned()
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    push_battle(app, screen, scene)
    frames(app, screen, 30)
    assert not scene.camera.animating
    assert len(scene.renderer.drawn_figures) == 14
    save_artifact(screen, "battle-duel.png")
    # the chosen card's figures are ringed and the selected one shows its moves
    numbered = [w for w in scene.numbered]
    assert numbered, "army cards to choose are offered"
    numbered[0].activate()
    frames(app, screen, 2)
    for _ in range(6):  # an optional ability: answered from the turn panel
        if not scene.game.state.pending:
            break
        save_artifact(screen, "battle-decision.png")
        options = [w.name for w in scene.numbered]
        assert options and all(n.startswith("opt:") for n in options)
        assert "opt:more" not in options, "a yes/no question shows both answers"
        key(scene, pygame.K_1 + len(options) - 1)
        frames(app, screen, 2)
    assert not scene.game.state.pending, "the answers resolve the decision"
    if scene.selected is None:
        key(scene, pygame.K_TAB)
    frames(app, screen, 3)
    assert scene.selected is not None
    save_artifact(screen, "battle-duel-selected.png")


def _exact_pixels(surface: pygame.Surface, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``surface`` are exactly ``colour`` (solid fills, not shading)."""
    mask = pygame.mask.from_threshold(surface, colour, (1, 1, 1, 255))
    return int(mask.count())


@pytest.mark.parametrize("colour_blind", [True, False])
def test_battle_at_full_hd_draws_the_seats_in_the_chosen_palette(
        screen: pygame.Surface, colour_blind: bool) -> None:
    """The players' colours come from the palette the settings choose, and only from it."""
    screen = pygame.display.set_mode((1920, 1080))
    app = standard_app((1920, 1080), Settings(colour_blind=colour_blind, animations="off",
                                     ai_pace="instant"))
    game, setup = all_summoned(seed=8)
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    push_battle(app, screen, scene)
    frames(app, screen, 30)
    if colour_blind:
        save_artifact(screen, "battle-duel-1080p-colour-blind.png")
    chosen, other = (CB_PLAYERS, DEFAULT_PLAYERS) if colour_blind else (DEFAULT_PLAYERS,
                                                                        CB_PLAYERS)
    for seat in (0, 1):
        assert _exact_pixels(screen, chosen[seat]) > 50, f"seat {seat + 1}'s colour is missing"
        assert _exact_pixels(screen, other[seat]) < 5, f"seat {seat + 1} drawn in the wrong palette"


def test_pause_menu_goes_back_and_to_the_main_menu(app: App, screen: pygame.Surface) -> None:
    game, setup = all_summoned()
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    push_battle(app, screen, scene)
    frames(app, screen, 2)
    key(scene, pygame.K_ESCAPE)
    pause = app.top
    assert pause is not scene
    key(pause, pygame.K_ESCAPE)
    assert app.top is scene
    key(scene, pygame.K_ESCAPE)
    key(app.top, pygame.K_m)
    assert isinstance(app.top, MainMenu)
    assert len(app.stack) == 1


def test_results_show_the_winner_and_the_scores(app: App, screen: pygame.Surface) -> None:
    setup = GameSetup(seats=(SeatSetup("ai", "easy", army="gideon-premade"),
                             SeatSetup("ai", "easy", army="liliana-premade")), seed=21)
    game = content.new_game(setup)
    rng = random.Random(2)
    while game.outcome() is None:
        legal = game.legal_actions()
        attacks = [a for a in legal if type(a).__name__ in ("Attack", "PlaceFigure",
                                                            "BeginSummon")]
        game.apply(rng.choice(attacks or legal))
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    push_battle(app, screen, scene)
    frames(app, screen, 3)
    results = app.top
    assert isinstance(results, ResultsScene)
    frames(app, screen, 2)
    save_artifact(screen, "results.png")
    key(results, pygame.K_v)  # look at the final battlefield
    assert app.top is scene
    key(scene, pygame.K_ESCAPE)
    key(app.top, pygame.K_m)
    assert isinstance(app.top, MainMenu)


def test_load_screen_lists_saves_and_explains_a_damaged_one(app: App,
                                                            screen: pygame.Surface) -> None:
    game, setup = all_summoned()
    from arena.client.saves import save_game

    save_game(saves_dir() / "good.json", game, setup.seats, ["a line"], "The Duel")
    (saves_dir() / "bad.json").write_text(json.dumps({"format": "arena-client-save",
                                                      "version": 1, "game": {"x": 1}}))
    app.push(MainMenu(app))
    scene = LoadScene(app)
    app.push(scene)
    frames(app, screen, 2)
    save_artifact(screen, "load-screen.png")
    labels = [s.path.name for s in scene.saves]
    scene.list.select(labels.index("bad.json"))
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, Dialog)
    assert "cannot be loaded" in app.top.message
    key(app.top, pygame.K_ESCAPE)
    scene.list.select(labels.index("good.json"))
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, BattleScene)
    assert app.top.game.state_digest() == game.state_digest()


def test_editor_opens_as_its_own_process(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    started: list[list[str]] = []

    class FakeProcess:
        def __init__(self, command: list[str], **kwargs: object) -> None:
            started.append(command)

        def poll(self) -> None:
            return None

    monkeypatch.setattr(subprocess, "Popen", FakeProcess)
    menu = MainMenu(app)
    app.push(menu)
    click(menu, menu.button("Editor").rect.center)
    assert len(started) == 1
    assert started[0][-1].endswith("arena-editor") or started[0][-1] == "editor.app"
    assert any("editor" in t.lower() for t in app.toasts)
    click(menu, menu.button("Editor").rect.center)
    assert len(started) == 1, "a second click does not open a second editor"


def test_new_game_waits_for_the_content_to_load(app: App, screen: pygame.Surface,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(content, "ready", lambda: False)
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    assert not scene.loaded
    key(scene, pygame.K_RETURN)  # nothing to start yet, and no crash
    assert app.top is scene
    monkeypatch.setattr(content, "ready", lambda: True)
    frames(app, screen, 2)
    assert scene.loaded and scene.setup.scenario == "the-duel"


def test_every_screen_has_a_factory_and_opens_by_name(app: App) -> None:
    # Scenes open each other through the app's table (they never import one another).
    assert set(standard_scenes()) == set(SceneName)
    assert isinstance(app.scene(SceneName.MAIN_MENU), MainMenu)
    assert isinstance(app.scene(SceneName.NEW_GAME), NewGameScene)
    with pytest.raises(LookupError, match="'pause'.*standard_app"):
        App((640, 480), Settings()).scene(SceneName.PAUSE)
