"""A scripted battle, driven only through the battle screen's input: synthetic clicks and
keys posted to ``handle_event``, frames advanced with a fixed clock.

The position: The Duel's battlefield, Gideon's Rhox Veterans three spaces from Jace's Leyline
Phantoms. The player chooses the Rhox card, selects a Rhox, moves it next to a Phantom,
attacks it, ends the turn; the computer (a seeded random controller, thinking on its thread
with a small delay so the indicator shows) plays its turn; then the game is saved from the
pause menu and loaded back from the Load screen, state for state.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.content import SeatSetup
from arena.client.controllers import RandomController
from arena.client.saves import autosave_path, list_saves, load_save
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene, EndTurnDialog, MoveConfirmDialog
from arena.client.scenes.load_screen import LoadScene
from arena.client.scenes.menu import MainMenu
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.save_slots import NameDialog
from arena.client.scenes.standard import standard_app
from arena.client.session import lead_hex
from arena.client.settings import Settings
from arena.content.to_engine import army_cards, field_from_battlefield
from arena.engine import Game
from arena.engine.setup import PlayerSetup
from arena.hexgrid import Hex, distance

SEATS = (SeatSetup("human", army="gideon-premade"), SeatSetup("ai", "normal",
                                                              army="jace-premade"))
RHOX = "p1.rhox-veterans.1"
PHANTOM = "p2.leyline-phantoms.1"
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
"""Gideon and his Rhox against Jace and his Phantoms, mid-field (turn 3)."""


def duel_position() -> Game:
    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    armies = [army_cards(cat.armies[s.army], cat) for s in SEATS]
    return Game.from_position(field, [PlayerSetup(a) for a in armies], PLACED, turn=3,
                              active=1, phase="choose", scenario=scenario, seed=11)


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))



def settle(app: App, screen: pygame.Surface, scene: BattleScene) -> None:
    """Run frames until animations end."""
    for _ in range(200):
        if not scene.anims:
            break
        frames(app, screen)
    frames(app, screen)


def end_turn(app: App, scene: BattleScene) -> None:
    """T ends the turn; when the screen asks (something left undone), T again confirms."""
    key(scene, pygame.K_t)
    if isinstance(app.top, EndTurnDialog):
        key(app.top, pygame.K_t)
    assert app.top is scene


def screen_pos(scene: BattleScene, h: Hex) -> tuple[int, int]:
    board = scene.game.state.board
    x, y = scene.projection().to_screen(h, scene.renderer.stand_level(board, h))
    return (round(x), round(y))


def figure_pos(scene: BattleScene, fid: str) -> tuple[int, int]:
    rect = scene.renderer.figure_rect(fid)
    assert rect is not None, f"{fid} was not drawn"
    return (rect.centerx, rect.y + rect.height * 2 // 3)


def test_a_scripted_turn_against_the_computer(app: App, screen: pygame.Surface,
                                              tmp_path: Path) -> None:
    controller = RandomController(seed=3, delay=0.05)
    scene = BattleScene(app, duel_position(), SEATS, controllers={2: controller})
    app.push(scene)
    frames(app, screen, 3)
    scene.camera.finish()
    frames(app, screen, 2)
    assert scene.session.human_to_act
    assert scene.game.pending.phase == "choose"

    # 1. choose the Rhox Veterans card by clicking it in the army panel
    card = next(w for w in scene.form.widgets if w.name == "card:p1:rhox-veterans")
    click(scene, card.rect.center)
    frames(app, screen)
    assert scene.game.state.turn_state.chosen == "p1:rhox-veterans"
    assert scene.game.pending.phase == "pre_move"

    # 2. select a Rhox by clicking its miniature
    click(scene, figure_pos(scene, RHOX))
    assert scene.selected == RHOX
    frames(app, screen)
    markers = scene.markers()
    assert any(m.style == "move" and m.label for m in markers)
    assert not any("!" in m.label for m in markers)  # "!5" read as "15"

    # 3. move it next to a Phantom: hover shows the path, a click moves
    state = scene.game.state
    phantom_at = state.figures[PHANTOM].hexes[0]
    others = [state.figures[f].hexes[0] for f in state.on_battlefield()
              if f.startswith("p2.") and f != PHANTOM]
    reach = scene.reach()
    goal = min((p for p in scene.move_table()
                if distance(lead_hex(p), phantom_at) == 1 and lead_hex(p) not in state.glyphs
                and not reach[p].provokes
                and all(distance(lead_hex(p), o) > 1 for o in others)),
               key=lambda p: (reach[p].cost, lead_hex(p).r, lead_hex(p).q))
    target = screen_pos(scene, lead_hex(goal))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    frames(app, screen)
    assert scene.hover_hex == lead_hex(goal)
    assert [m for m in scene.dynamic_markers() if m.style == "path"]
    save_artifact(screen, "battle-move-preview.png")
    click(scene, target)
    assert scene.game.state.figures[RHOX].hexes == (lead_hex(goal),)
    assert scene.anims, "the move is animated"
    settle(app, screen, scene)

    # 4. attack the Phantom: hovering it shows the odds, a click attacks
    assert scene.selected == RHOX
    pos = figure_pos(scene, PHANTOM)
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    frames(app, screen)
    assert scene.hover_figure == PHANTOM
    save_artifact(screen, "battle-odds.png")
    log_before = len(scene.session.log)
    click(scene, pos)
    assert scene.dice is not None and scene.dice.rows, "the dice are shown"
    assert any("attack" in line for line in scene.session.log[log_before:]), \
        scene.session.log[-8:]
    frames(app, screen, 20)
    save_artifact(screen, "battle-dice.png")

    # 5. end the turn with T; the computer thinks on its thread while frames go on
    end_turn(app, scene)
    assert not scene.session.human_to_act
    saw_thinking = False
    deadline = time.monotonic() + 60
    while not scene.session.human_to_act and not scene.session.over:
        assert time.monotonic() < deadline, "the computer player never finished its turn"
        frames(app, screen)
        # a frame drawn while the computer's decision is still running: frames never wait
        if scene.session.task is not None and not scene.session.task.done:
            saw_thinking = True
            save_artifact(screen, "battle-ai-thinking.png")
    assert saw_thinking
    assert scene.game.to_act == 1
    assert any("Player 2" in line for line in scene.session.log)
    assert autosave_path().exists(), "the turn start was autosaved"

    # 6. save from the pause menu, then load it from the Load screen
    key(scene, pygame.K_ESCAPE)
    if isinstance(app.top, BattleScene):  # the first Esc cleared a selection
        key(scene, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    frames(app, screen)
    save_artifact(screen, "battle-paused.png")
    key(app.top, pygame.K_s)
    assert isinstance(app.top, NameDialog)  # the slot's name: the scenario and turn offered
    key(app.top, pygame.K_RETURN)
    assert app.top is scene
    saves = [s for s in list_saves() if not s.autosave]
    assert len(saves) == 1
    digest = scene.game.state_digest()
    log = list(scene.session.log)

    app.reset(MainMenu(app))
    frames(app, screen)
    click(app.top, app.top.button("Load game").rect.center)  # type: ignore[attr-defined]
    assert isinstance(app.top, LoadScene)
    frames(app, screen)
    save_artifact(screen, "load-game.png")
    index = next(i for i, s in enumerate(app.top.saves) if s.path == saves[0].path)
    app.top.list.select(index)
    key(app.top, pygame.K_RETURN)
    loaded = app.top
    assert isinstance(loaded, BattleScene)
    assert loaded.game.state_digest() == digest
    assert loaded.session.log == log
    assert loaded.session.seats == SEATS
    assert load_save(saves[0].path).game.state_digest() == digest


def test_keyboard_alone_can_choose_select_and_move(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, duel_position(), SEATS,
                        controllers={2: RandomController(seed=1)})
    app.push(scene)
    frames(app, screen, 2)
    # the Rhox card is a numbered choice
    numbered = [w.name for w in scene.numbered]
    key(scene, pygame.K_1 + numbered.index("card:p1:rhox-veterans"))
    assert scene.game.state.turn_state.chosen == "p1:rhox-veterans"
    key(scene, pygame.K_TAB)
    assert scene.selected in {"p1.rhox-veterans.1", "p1.rhox-veterans.2",
                              "p1.rhox-veterans.3"}
    mover = scene.selected
    start = scene.game.state.figures[mover].hexes
    key(scene, pygame.K_PERIOD)
    assert scene.cursor is not None
    risky = scene.move_warning(scene.cursor).confirm
    key(scene, pygame.K_RETURN)
    if risky:  # a risky space asks first; Enter confirms
        assert isinstance(app.top, MoveConfirmDialog)
        key(app.top, pygame.K_RETURN)
    assert scene.game.state.figures[mover].hexes != start
    key(scene, pygame.K_SPACE)  # end the move step
    assert scene.game.pending.phase in ("post_move", "post_attack", "attack")


def test_camera_keys_rotate_zoom_pan_and_slice(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, duel_position(), SEATS, controllers={2: RandomController()})
    app.push(scene)
    frames(app, screen, 2)
    scene.camera.finish()
    rotation = scene.camera.rotation
    key(scene, pygame.K_e)
    assert scene.camera.rotation == (rotation + 1) % 6 and scene.camera.animating
    frames(app, screen, 3)  # mid-rotation frames draw straight to the screen
    frames(app, screen, 30)
    assert not scene.camera.animating
    zoom = scene.camera.zoom
    key(scene, pygame.K_EQUALS)
    assert scene.camera.zoom > zoom
    pan = scene.camera.pan
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    frames(app, screen, 5)
    scene.handle_event(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0))
    assert scene.camera.pan[0] > pan[0]
    key(scene, pygame.K_LEFTBRACKET)
    assert scene.slice_level == scene.renderer.max_level - 1
    assert max(scene.heights().values()) <= scene.slice_level
    key(scene, pygame.K_RIGHTBRACKET)
    assert scene.slice_level is None
    # a right-drag pans too
    view = scene.layout.view
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.center, button=3))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(view.centerx + 40,
                                                                   view.centery),
                                          rel=(40, 0), buttons=(0, 0, 1)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(view.centerx + 40,
                                                                     view.centery), button=3))
    assert scene.camera.pan[0] > pan[0] + 30


def test_set_up_and_summoning_through_the_screen(app: App, screen: pygame.Surface) -> None:
    """From New game's defaults: the first-player choice, placing the Planeswalker by
    clicking a lit space, then choosing Gideon and summoning the Kor Hookmasters."""
    from arena.client.scenes.newgame import NewGameScene

    scene_ng = NewGameScene(app)
    app.push(scene_ng)
    scene_ng._set_seed(2024)
    key(scene_ng, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, BattleScene)
    scene.session.controllers[2] = RandomController(seed=5)  # quick and repeatable
    human = 1

    def until_human() -> None:
        deadline = time.monotonic() + 30
        while not scene.session.human_to_act:
            assert time.monotonic() < deadline
            frames(app, screen)
        settle(app, screen, scene)

    until_human()
    if scene.game.pending.phase == "first_player":
        names = [w.name for w in scene.numbered]
        assert names == ["opt:first p1", "opt:first p2"]
        frames(app, screen)
        save_artifact(screen, "setup-first-player.png")
        key(scene, pygame.K_1)
        until_human()
    assert scene.game.pending.phase == "place_planeswalker"
    places = [m for m in scene.markers() if m.style == "place"]
    assert places
    frames(app, screen)
    save_artifact(screen, "setup-place-planeswalker.png")
    scene.camera.finish()
    frames(app, screen)
    # the hint says how to place by keyboard, and the keys do it: "." steps to a space,
    # "," back, Enter places the Planeswalker there
    assert "the , and . keys, then press Enter" in scene.hint()
    key(scene, pygame.K_PERIOD)
    key(scene, pygame.K_PERIOD)
    key(scene, pygame.K_COMMA)
    spot = scene.cursor
    assert spot is not None and spot in {m.hex for m in places}
    key(scene, pygame.K_RETURN)
    walker = scene.game.state.planeswalker_figure(human)
    assert scene.game.state.figures[walker].zone == "battlefield"
    assert scene.game.state.figures[walker].hexes == (spot,)

    # play on until it is our turn to choose a card, then choose Gideon and summon the Kor
    for _ in range(10):
        until_human()
        if scene.game.pending.phase == "choose":
            break
        end_turn(app, scene)
    card = next(w for w in scene.form.widgets if w.name == "card:p1:gideon-jura-combat-mage")
    click(scene, card.rect.center)
    kor = next(w for w in scene.form.widgets if w.name == "card:p1:kor-hookmasters")
    assert kor.row.badge == "Summon"  # type: ignore[attr-defined]
    click(scene, kor.rect.center)
    for _ in range(3):
        frames(app, screen)
        places = [m for m in scene.markers() if m.style == "place"]
        assert places, "summoning spaces light up"
        click(scene, screen_pos(scene, places[0].hex))
    kor_figures = scene.game.state.figures_of_card("p1:kor-hookmasters", "battlefield")
    assert len(kor_figures) == 3
    assert scene.selected == walker, "the chosen card's only figure is selected"
    scene.camera.finish()
    frames(app, screen, 2)
    assert any(m.style == "move" for m in scene.markers())
    save_artifact(screen, "summoned.png")


def test_the_battle_follows_a_window_resize(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, duel_position(), SEATS, controllers={2: RandomController()})
    app.push(scene)
    frames(app, screen, 2)
    screen = pygame.display.set_mode((1600, 900))
    app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1600, y=900))
    frames(app, screen, 2)
    assert scene.layout.size == (1600, 900)
    assert pygame.Rect(0, 0, 1600, 900).contains(scene.layout.camera)
    card = next(w for w in scene.form.widgets if w.name == "card:p1:rhox-veterans")
    assert pygame.Rect(0, 0, 1600, 900).contains(card.rect)
    click(scene, card.rect.center)
    assert scene.game.state.turn_state.chosen == "p1:rhox-veterans"
    save_artifact(screen, "battle-1600x900.png")
