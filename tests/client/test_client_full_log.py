"""The full-height log view (L, or "Full log" on the log panel): the whole log grouped by turn
and player over the battlefield's right side, following new lines unless the player scrolled
it away, with "Jump to latest"; the compact log panel keeps its own place."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_spells import SEATS, spell_position

from arena.client import content
from arena.client.controllers import RandomController
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.pause import PauseMenu
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.engine import ChooseCard


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def widget(scene: BattleScene, name: str) -> object | None:
    return next((w for w in scene.form.widgets if w.name == name), None)


def test_l_opens_the_log_by_turn_that_follows_unless_scrolled_away(
        app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    session = scene.session
    session.log.append("Player 1 placed Gideon Jura.")
    for turn, player in ((1, 2), (2, 1)):
        session.log.append(f"Turn {turn}: Player {player}'s turn began.")
        session.log.extend(f"Event {i} of turn {turn}." for i in range(25))
    frames(app, screen, 2)
    assert not scene.full_log.open
    toggle = widget(scene, "log:full")
    assert toggle is not None and toggle.label == "Full log"  # type: ignore[attr-defined]

    key(scene, pygame.K_l)
    frames(app, screen, 2)
    assert scene.full_log.open
    save_artifact(screen, "battle_full_log.png")
    full = scene.full_log.rect(scene.layout)
    assert full.height > scene.layout.view.height * 0.9, "the view is not full height"
    rows = scene.full_log.panel.wrapped(session.log, full, scene.font_scale)
    headings = " ".join(line for line, heading in rows if heading)
    players = session.players()
    assert headings.startswith("Setting up")
    assert headings.index(f"Turn 1 \u00b7 {players[1]}") < \
        headings.index(f"Turn 2 \u00b7 {players[0]}")
    # what it covers can be neither seen nor clicked while it is open
    assert not [w for w in scene.form.widgets if w.rect.colliderect(full)
                and not w.name.startswith("full-log")]
    assert scene.full_log.panel.view.following

    # the wheel over the view scrolls it (not the camera, not the compact panel)
    zoom = scene.camera.zoom
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=full.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=4))
    frames(app, screen, 2)
    view = scene.full_log.panel.view
    assert not view.following and scene.log_view.following and scene.camera.zoom == zoom
    window = view.window(10)
    scene.act(next(a for a in session.options.legal
                   if isinstance(a, ChooseCard) and a.card == "p1:rhox-veterans"))
    frames(app, screen, 2)
    assert view.window(10) == window, "the lines being read moved"
    latest = widget(scene, "full-log:latest")
    assert latest is not None and "new" in latest.label  # type: ignore[attr-defined]
    assert widget(scene, "log:latest") is None
    save_artifact(screen, "battle_full_log_scrolled.png")
    key(scene, pygame.K_END)
    frames(app, screen)
    assert view.following and widget(scene, "full-log:latest") is None

    # Esc closes it first (not the pause menu); the panel's button opens and closes it
    key(scene, pygame.K_ESCAPE)
    assert not scene.full_log.open and app.top is scene
    click(scene, scene.full_log.toggle_button(scene.layout, scene.font_scale,
                                              scene.toggle_log, "L").rect.center)
    assert scene.full_log.open
    key(scene, pygame.K_l)
    assert not scene.full_log.open
    key(scene, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)


def test_the_log_key_can_be_rebound(app: App, screen: pygame.Surface) -> None:
    app.settings = app.settings.bind("log", pygame.K_g)
    scene = BattleScene(app, spell_position(), SEATS, autosave=False)
    app.push(scene)
    frames(app, screen)
    key(scene, pygame.K_l)
    assert not scene.full_log.open
    key(scene, pygame.K_g)
    assert scene.full_log.open
