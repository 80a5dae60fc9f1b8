"""Keyboard alone reaches every screen and gets back from it: from the main menu, Up/Down
and Enter open each screen and Esc returns; Enter presses the button the keyboard is on
(never a screen's default button behind it); the hotseat hand-off has a way to the menu
that keeps the next player's secrets covered."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames, key, save_artifact
from test_client_spells import spell_position

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.saves import saves_dir
from arena.client.scenes.base import App, Scene
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.cards import CardBrowserScene
from arena.client.scenes.common import ChoiceDialog
from arena.client.scenes.handoff import HandOffScene
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.menu import MainMenu, SettingsScene
from arena.client.scenes.newgame import NewGameScene
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.rules import RulesScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.ui import Button


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))



def focus_by_keys(scene: Scene, name: str, step: int = pygame.K_DOWN) -> None:
    """Press ``step`` until the widget called ``name`` has the focus (at most one lap)."""
    form = scene.form  # type: ignore[attr-defined]
    for _ in range(len(form.widgets) + 1):
        if form.focused is not None and form.focused.name == name:
            return
        key(scene, step)
    raise AssertionError(f"{name} never got the keyboard focus")


SCREENS = [("New game", NewGameScene), ("Load game", LoadScene),
           ("Card browser", CardBrowserScene), ("Rules", RulesScene),
           ("Settings", SettingsScene)]


@pytest.mark.parametrize(("item", "kind"), SCREENS, ids=[s[0] for s in SCREENS])
def test_every_menu_screen_opens_and_closes_by_keyboard(app: App, screen: pygame.Surface,
                                                        item: str, kind: type) -> None:
    game, setup = duel_all_summoned()
    from arena.client.saves import save_game

    save_game(saves_dir() / "kept.json", game, setup.seats, [], "The Duel")  # Load is enabled
    menu = MainMenu(app)
    app.push(menu)
    frames(app, screen, 2)
    focus_by_keys(menu, item)
    key(menu, pygame.K_RETURN)
    frames(app, screen, 2)
    assert isinstance(app.top, kind), f"Enter on {item} opened {type(app.top).__name__}"
    key(app.top, pygame.K_ESCAPE)
    assert app.top is menu, f"Esc does not lead back from {item}"
    assert app.running


@pytest.mark.parametrize(("item", "kind"), [("Settings", SettingsScene),
                                            ("Load game", LoadScene)])
def test_the_back_button_by_keyboard(app: App, screen: pygame.Surface, item: str,
                                     kind: type) -> None:
    """Tab to Back, Enter: back to the menu (the Load screen's Enter-loads-the-selected-save
    must not take over)."""
    game, setup = duel_all_summoned()
    from arena.client.saves import save_game

    save_game(saves_dir() / "kept.json", game, setup.seats, [], "The Duel")
    menu = MainMenu(app)
    app.push(menu)
    focus_by_keys(menu, item)
    key(menu, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, kind)
    focus_by_keys(scene, "back", pygame.K_TAB)
    key(scene, pygame.K_RETURN)
    assert app.top is menu


def test_enter_presses_the_focused_button_not_the_default(app: App,
                                                          screen: pygame.Surface) -> None:
    """New game's Start takes Enter by default (one keypress to play), but with the keyboard
    on Back, Enter goes back."""
    menu = MainMenu(app)
    app.push(menu)
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    assert scene.loaded
    back = scene.widget("back")
    scene.form.focus_on(back)
    key(scene, pygame.K_RETURN)
    assert app.top is menu, "Enter on Back started a game"
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    key(scene, pygame.K_RETURN)  # the focus is not on a button: Start
    assert isinstance(app.top, BattleScene)


def test_a_choice_dialog_cancels_by_keyboard(app: App, screen: pygame.Surface) -> None:
    chosen: list[str] = []
    menu = MainMenu(app)
    app.push(menu)
    dialog = ChoiceDialog(app, "Pick", [("one", lambda: chosen.append("one")),
                                        ("two", lambda: chosen.append("two"))])
    app.push(dialog)
    key(dialog, pygame.K_DOWN)
    key(dialog, pygame.K_RETURN)
    assert chosen == ["two"] and app.top is menu
    dialog = ChoiceDialog(app, "Pick", [("one", lambda: chosen.append("one"))])
    app.push(dialog)
    focus_by_keys(dialog, "cancel", pygame.K_TAB)
    assert isinstance(dialog.form.focused, Button)
    key(dialog, pygame.K_RETURN)
    assert chosen == ["two"] and app.top is menu, "Enter on Cancel picked a choice"


def test_the_hand_off_opens_the_menu_and_keeps_the_cover(app: App,
                                                         screen: pygame.Surface) -> None:
    seats = (SeatSetup("human", army="gideon-premade"), SeatSetup("human", army="jace-premade"))
    scene = BattleScene(app, spell_position(), seats, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    handoff = app.top
    assert isinstance(handoff, HandOffScene)
    painted: list[int] = []
    draw = scene.draw
    scene.draw = lambda surface: (painted.append(1), draw(surface))[1]  # type: ignore[method-assign]
    key(handoff, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseMenu) and pause.battle is scene
    frames(app, screen, 2)
    save_artifact(screen, "hotseat_handoff_menu.png")
    assert not painted, "the battle (hands, face-down cards) was drawn under the menu"
    key(pause, pygame.K_ESCAPE)
    assert app.top is handoff
    key(handoff, pygame.K_RETURN)
    assert app.top is scene
