"""The battle screen shows a computer's spell card over the battlefield with its targets
marked, and replays the computer's last turn from the recap panel (or B): the position at
its start, the actions again, then the live battle unchanged; Esc or Skip end it at once,
other input is ignored (dummy driver)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_battle_flow import SEATS
from test_client_turn_replay import RHOX, Caster, ai_to_cast

from arena.client import content
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.replaying import REPLAY_KEY
from arena.client.scenes.standard import standard_app
from arena.client.scenes.watching import card_rect
from arena.client.settings import Settings
from arena.engine import PlaySpell


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="normal"))


def watch_computer_turn(app: App, screen: pygame.Surface, scene: BattleScene) -> bool:
    """Run frames until the person is to act with the recap up; whether the spell's card was
    seen over the battlefield with the Rhox marked as its target (checked once)."""
    seen = False
    deadline = time.monotonic() + 90
    while not (scene.session.human_to_act and scene.recap is not None):
        assert time.monotonic() < deadline, scene.session.log[-4:]
        frames(app, screen, dt=0.1)
        show = scene.spotlight.current(scene.session, scene.time)
        if not seen and show is not None and show.card is not None:
            seen = True
            assert isinstance(show.action, PlaySpell) and show.card.name == "Mind Control"
            rhox_at = scene.game.state.figures[RHOX].hexes[0]
            assert (rhox_at, "chosen") in {(m.hex, m.style) for m in scene.dynamic_markers()}
            frames(app, screen)
            area = card_rect(scene.layout.view, scene.font_scale)
            assert any(r.colliderect(area) for r in scene.canvas.overlay_rects)
            save_artifact(screen, "watch-computer-spell.png")
    return seen


def start_scene(app: App) -> BattleScene:
    scene = BattleScene(app, ai_to_cast(), SEATS, controllers={2: Caster()}, autosave=False)
    app.push(scene)
    scene.camera.finish()
    return scene


def test_the_computer_spell_shows_its_card_and_target(app: App,
                                                      screen: pygame.Surface) -> None:
    scene = start_scene(app)
    assert watch_computer_turn(app, screen, scene), "the spell's card was never shown"
    assert any("played Mind Control" in line.text for line in scene.recap.recap.lines)


def test_the_replay_button_plays_the_turn_again_and_comes_back(
        app: App, screen: pygame.Surface) -> None:
    scene = start_scene(app)
    watch_computer_turn(app, screen, scene)
    frames(app, screen, 40, dt=0.1)  # the last action's pause runs out
    live, digest, log = scene.session, scene.game.state_digest(), list(scene.session.log)
    tape = live.record.last
    assert tape is not None
    replay = next(w for w in scene.form.widgets if w.name == "recap:replay")
    click(scene, replay.rect.center)
    assert scene.replayer.active and scene.session is not live
    assert scene.game.state_digest() == tape.start.state_digest()  # the turn's start
    frames(app, screen, 2)
    save_artifact(screen, "replay-start.png")

    key(scene, pygame.K_t)  # ignored while replaying: no end of turn, no selection
    click(scene, (scene.layout.view.centerx, scene.layout.view.centery))
    assert scene.replayer.active and live.game.state_digest() == digest
    card_seen, steps = False, 0
    deadline = time.monotonic() + 90
    while scene.replayer.active:
        assert time.monotonic() < deadline
        frames(app, screen, dt=0.1)
        run = scene.replayer.run
        steps = max(steps, run.index if run is not None else steps)
        show = scene.spotlight.current(scene.session, scene.time)
        if scene.replayer.active and not card_seen and show is not None and \
                show.card is not None:
            card_seen = True
            frames(app, screen)
            save_artifact(screen, "replay-computer-spell.png")
        assert live.game.state_digest() == digest
    assert card_seen and steps == len(tape.actions)
    assert scene.session is live and scene.game.state_digest() == digest
    assert scene.session.log == log
    assert scene.session.human_to_act and scene.intent.session is live
    assert scene.recap is not None  # the recap panel is back
    frames(app, screen, 2)
    save_artifact(screen, "replay-back-to-now.png")


def test_esc_ends_the_replay_at_once(app: App, screen: pygame.Surface) -> None:
    scene = start_scene(app)
    watch_computer_turn(app, screen, scene)
    live, digest = scene.session, scene.game.state_digest()
    key(scene, REPLAY_KEY)
    assert scene.replayer.active
    frames(app, screen, 20, dt=0.1)
    assert scene.replayer.run is not None and scene.replayer.run.index >= 1
    key(scene, pygame.K_ESCAPE)
    assert not scene.replayer.active and scene.session is live
    assert scene.game.state_digest() == digest and not scene.stage.anims
    assert scene.app.top is scene  # Esc ended the replay; it did not open the pause menu
    # the Skip button ends it too
    key(scene, REPLAY_KEY)
    frames(app, screen, 2)
    assert scene.replayer.active
    click(scene, scene.replayer.skip_rect.center)
    assert not scene.replayer.active and scene.session is live


def test_nothing_to_replay_before_a_computer_turn(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_cast(active=1), SEATS, controllers={2: Caster()},
                        autosave=False)
    app.push(scene)
    key(scene, REPLAY_KEY)
    assert not scene.replayer.active
    assert any("Nothing to replay" in t for t in app.toasts)
