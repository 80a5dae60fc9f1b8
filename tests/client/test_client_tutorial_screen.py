"""The "Learn to play" lesson on the real battle screen under the dummy driver: the main menu
opens it, its first steps advance on the player's applied actions (not on clicks), a wrong
action earns a hint that undo clears, the thing to click is lit, and the lesson is left from
the pause menu and resumed at the step reached. Screenshots go to tests/artifacts/client/."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.menu import MainMenu
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.standard import standard_app
from arena.client.scenes.tutorial_panel import LIT
from arena.client.settings import Settings
from arena.client.tutorial import (
    GIDEON_CARD,
    HOOKS_CARD,
    LESSON,
    RHOX_CARD,
    load_progress,
    save_progress,
)
from arena.engine import IllegalAction, parse_action
from arena.hexgrid import Hex


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def open_lesson(app: App, screen: pygame.Surface) -> BattleScene:
    menu = MainMenu(app)
    app.reset(menu)
    frames(app, screen, 2)
    click(menu, menu.button("Learn to play").rect.center)
    scene = app.top
    assert isinstance(scene, BattleScene) and scene.tutorial is not None
    return scene


def until(app: App, screen: pygame.Surface, done: object, limit: int = 300) -> None:
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        frames(app, screen)
    raise AssertionError("the screen never got there")


def step_of(scene: BattleScene) -> str | None:
    assert scene.tutorial is not None
    step = scene.tutorial.lesson.step
    return step.id if step is not None else None


def card(scene: BattleScene, uid: str) -> pygame.Rect:
    return next(w.rect for w in scene.form.widgets if w.name == f"card:{uid}")


def screen_pos(scene: BattleScene, h: Hex) -> tuple[int, int]:
    board = scene.game.state.board
    x, y = scene.projection().to_screen(h, scene.renderer.stand_level(board, h))
    return (round(x), round(y))


def test_the_menu_opens_the_lesson_and_its_first_steps_follow_the_actions(
        app: App, screen: pygame.Surface) -> None:
    scene = open_lesson(app, screen)
    assert step_of(scene) == "draw"
    assert scene.session.is_ai(2) and not scene.session.autosave_hook
    # 1. the scripted opponent ends its turn: the player's draw does what the first step
    # teaches, and the step waits to be read (it once went by before it could be: the
    # lesson opened at "step 2 of 12"); Enter or Go on goes on
    until(app, screen, lambda: scene.session.human_to_act)
    assert step_of(scene) == "draw" and scene.tutorial.lesson.ready  # type: ignore[union-attr]
    assert scene.game.state.players[1].hand == ("p1/divine-blessing",)
    frames(app, screen, 2)
    go_on = next(w for w in scene.form.widgets if w.name == "lesson:go-on")
    assert scene.tutorial.box.contains(go_on.rect)  # type: ignore[union-attr]
    save_artifact(screen, "tutorial-draw.png")
    key(scene, pygame.K_RETURN)
    assert step_of(scene) == "choose"
    assert load_progress() == 1, "the step reached is saved"
    frames(app, screen, 2)
    # the step's panel is drawn, and Gideon's card is lit
    box = scene.tutorial.box  # type: ignore[union-attr]
    assert box.width > 0 and scene.layout.view.contains(box)
    rect = card(scene, GIDEON_CARD)
    edge = rect.inflate(6, 6)
    assert tuple(screen.get_at((edge.centerx, edge.top + 1)))[:3] == LIT
    save_artifact(screen, "tutorial-choose.png")

    # 2. a click that does nothing completes no step; a wrong but legal action earns a hint
    click(scene, (box.centerx, box.centery))
    assert step_of(scene) == "choose"
    click(scene, card(scene, HOOKS_CARD).center)
    assert scene.game.state.turn_state.chosen == HOOKS_CARD
    assert step_of(scene) == "choose" and "Gideon" in scene.tutorial.lesson.hint  # type: ignore[union-attr]
    frames(app, screen)
    save_artifact(screen, "tutorial-hint.png")
    key(scene, pygame.K_u)  # the existing undo takes it back
    assert scene.game.state.turn_state.chosen is None
    assert scene.tutorial.lesson.hint == ""  # type: ignore[union-attr]

    click(scene, card(scene, GIDEON_CARD).center)
    assert step_of(scene) == "summon"
    assert load_progress() == 2, "the step reached is saved"

    # 3. summon: the Rhox card's badge, then each figure on a lit placement space
    frames(app, screen)
    click(scene, card(scene, RHOX_CARD).center)
    for _ in range(3):
        assert step_of(scene) == "summon"
        place = sorted(scene.session.options.place, key=lambda p: (p.r, p.q))  # type: ignore[union-attr]
        click(scene, screen_pos(scene, place[0]))
        frames(app, screen)
    assert step_of(scene) == "climb"
    assert scene.tutorial.lesson.hint == ""  # type: ignore[union-attr]
    frames(app, screen, 2)
    save_artifact(screen, "tutorial-climb.png")


def test_the_lesson_is_left_from_the_pause_menu_and_resumed(
        app: App, screen: pygame.Surface) -> None:
    scene = open_lesson(app, screen)
    until(app, screen, lambda: scene.session.human_to_act)
    click(scene, card(scene, GIDEON_CARD).center)
    assert step_of(scene) == "summon"
    digest = scene.game.state_digest()
    key(scene, pygame.K_ESCAPE)
    if app.top is scene:  # the first Esc cleared the selection
        key(scene, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseMenu)
    names = [w.name for w in pause.form.widgets]
    assert "Leave tutorial" in names and "Main menu" not in names
    frames(app, screen)
    save_artifact(screen, "tutorial-pause.png")
    key(pause, pygame.K_m)
    assert isinstance(app.top, MainMenu)
    assert load_progress() == 2

    resumed = open_lesson(app, screen)
    assert step_of(resumed) == "summon"
    assert resumed.game.state_digest() == digest
    assert any("resumed" in t for t in app.toasts)


def test_the_whole_lesson_plays_on_the_screen_with_undo_and_redo(
        app: App, screen: pygame.Surface) -> None:
    scene = open_lesson(app, screen)
    coach = scene.tutorial
    assert coach is not None
    for step in LESSON:
        if not step.plan:  # the draw: the opponent's turn ends by itself, then Go on
            until(app, screen, lambda: scene.session.human_to_act and not scene.anims)
            assert step_of(scene) == step.id and coach.lesson.ready
            go_on = next(w for w in scene.form.widgets if w.name == "lesson:go-on")
            click(scene, go_on.rect.center)
            continue
        until(app, screen, lambda: scene.session.human_to_act and not scene.anims)
        assert step_of(scene) == step.id
        for text in step.plan:
            assert scene.act(parse_action(text)), f"{text} was refused"
            frames(app, screen)
        if step.id == "climb":
            # undo takes the climb back and the lesson with it; redo completes it again
            key(scene, pygame.K_u)
            assert step_of(scene) == "climb"
            key(scene, pygame.K_u, mod=pygame.KMOD_SHIFT)
            assert step_of(scene) == "height"
    until(app, screen, lambda: not scene.anims)
    assert coach.lesson.finished and step_of(scene) is None
    assert any("Lesson complete" in t for t in app.toasts)
    assert load_progress() == 0, "a finished lesson starts over next time"
    frames(app, screen, 2)
    save_artifact(screen, "tutorial-finished.png")


def test_a_lesson_that_no_longer_replays_starts_over(
        app: App, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.client.scenes import tutorial_panel

    real = tutorial_panel.replay_to

    def changed_cards(index: int, catalog: object) -> object:
        if index:
            raise IllegalAction("choose p1:gideon-jura-combat-mage", "no such card")
        return real(index, catalog)  # type: ignore[arg-type]

    save_progress(4)
    monkeypatch.setattr(tutorial_panel, "replay_to", changed_cards)
    scene = open_lesson(app, screen)
    assert step_of(scene) == "draw"
    assert any("starts over" in t for t in app.toasts)
