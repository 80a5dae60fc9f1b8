"""The box that asks for a save's name (Save game, Rename) owns the keyboard while it is up:
a name with spaces is typed whole, and no key typed into it reaches the screen beneath.

Keys are typed as a keyboard sends them (`client_kit.type_keys`: KEYDOWN with its unicode,
TEXTINPUT, KEYUP) through the app, so a box that closed early would hand the rest of the
name to the battle, as it once did: Space pressed the box's focused OK button (saving as
"Hard"), then Space ended the step, U took it back and the other letters turned and zoomed
the camera. The battle's state is compared before and after: the game's digest and action
count, the camera, the selection and the log view."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames, key, type_keys

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.saves import list_saves, save_slot, slot_named
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.handoff import HandOffScene
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.save_slots import NameDialog
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings

NAME = "Hard AI duel"
RENAMED = "Hard AI duel, the rematch"


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


SQUAD = "p2:illusionary-projections"
"""The army card player 2 chooses in `battle_mid_turn`."""


def battle_mid_turn(app: App, screen: pygame.Surface) -> BattleScene:
    """A hotseat Duel whose player to act has chosen an army card: Space would end the move
    step, U would take the choice back."""
    game, setup = duel_all_summoned()
    battle = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    if isinstance(app.top, HandOffScene):
        key(app.top, pygame.K_RETURN)
        frames(app, screen, 2)
    assert app.top is battle
    # A squad player 2 may choose in this position (on the Duel as shipped, its zones on the
    # centre line, the set-up's random play leaves the Leyline Phantoms detained).
    battle.choose(battle.session.options.choose[SQUAD])
    frames(app, screen, 2)
    assert battle.session.can_undo and battle.session.options.end_move is not None
    return battle


def snapshot(battle: BattleScene) -> tuple[object, ...]:
    """What a stray key would change: the game, the camera, the selection, the log view."""
    cam = battle.camera
    return (battle.game.state_digest(), len(battle.game.actions), cam.rotation, cam.zoom,
            cam.pan, battle.selected, battle.full_log.open, battle.slice_level)


def test_a_name_with_spaces_is_saved_whole_and_the_battle_hears_none_of_it(
        app: App, screen: pygame.Surface) -> None:
    battle = battle_mid_turn(app, screen)
    before = snapshot(battle)
    battle.pause()
    frames(app, screen)
    type_keys(app, screen, "s")  # the pause menu's S: Save game
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    assert " " in dialog.field.value  # the offered name has spaces of its own
    type_keys(app, screen, NAME)
    assert app.top is dialog and dialog.field.value == NAME
    key(app, pygame.K_RETURN)
    frames(app, screen)
    assert app.top is battle
    assert [s.name for s in list_saves() if not s.autosave] == [NAME]
    assert snapshot(battle) == before


def test_the_offered_name_is_kept_with_its_spaces(app: App, screen: pygame.Surface) -> None:
    battle = battle_mid_turn(app, screen)
    before = snapshot(battle)
    battle.pause()
    frames(app, screen)
    type_keys(app, screen, "s")
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    offered = dialog.field.value
    key(app, pygame.K_RETURN)
    frames(app, screen)
    assert app.top is battle and slot_named(offered) is not None
    assert snapshot(battle) == before


def test_a_rename_with_spaces_is_whole_and_the_screens_beneath_hear_none_of_it(
        app: App, screen: pygame.Surface) -> None:
    battle = battle_mid_turn(app, screen)
    path = save_slot("Old", battle.game, battle.session.seats, [], "The Duel")
    before = snapshot(battle)
    battle.pause()
    frames(app, screen)
    type_keys(app, screen, "l")  # the pause menu's L: Load game
    scene = app.top
    assert isinstance(scene, LoadScene) and scene.saves[0].path == path
    key(app, pygame.K_F2)
    frames(app, screen)
    dialog = app.top
    assert isinstance(dialog, NameDialog) and dialog.field.value == "Old"
    type_keys(app, screen, RENAMED)
    assert app.top is dialog and dialog.field.value == RENAMED
    key(app, pygame.K_RETURN)
    frames(app, screen)
    assert app.top is scene, "a key typed into the box reached the Load screen"
    assert [s.name for s in scene.saves] == [RENAMED] and scene.saves[0].path == path
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is battle and app.stack == [battle]
    assert snapshot(battle) == before


def test_tab_moves_to_the_buttons_and_space_there_types_nothing(
        app: App, screen: pygame.Surface) -> None:
    """With the focus on a button (Tab), a typed space still goes into the name and presses
    nothing; Enter presses the button the focus is on (Cancel here)."""
    battle = battle_mid_turn(app, screen)
    before = snapshot(battle)
    battle.pause()
    frames(app, screen)
    type_keys(app, screen, "s")
    dialog = app.top
    assert isinstance(dialog, NameDialog)
    assert dialog.form.focused is dialog.field
    type_keys(app, screen, "Flank")
    key(app, pygame.K_TAB)
    assert dialog.form.focused is not None and dialog.form.focused.name == "cancel"
    type_keys(app, screen, " left")
    assert app.top is dialog and dialog.field.value == "Flank left"
    key(app, pygame.K_RETURN)
    frames(app, screen)
    assert isinstance(app.top, PauseMenu) and list_saves() == []
    key(app, pygame.K_ESCAPE)
    assert app.top is battle and snapshot(battle) == before
