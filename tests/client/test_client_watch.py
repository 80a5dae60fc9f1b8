"""Watching a computer player's turn: the acting figure and its target marked, the attack's
line of sight drawn, and "Pause before the computer attacks" holding an attack until the
player goes on (the session's holding headless; the screen under the dummy driver)."""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_battle_flow import PLACED, SEATS, screen_pos

from arena.client import content
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.menu import SettingsScene
from arena.client.scenes.standard import standard_app
from arena.client.scenes.watching import MIN_SHOW
from arena.client.session import BattleSession
from arena.client.settings import Settings, load_settings
from arena.client.status import status
from arena.content.to_engine import army_cards, field_from_battlefield
from arena.engine import Action, Attack, ChooseCard, EndAttack, EndMove, EndTurn, Game
from arena.engine.events import AttackDeclared
from arena.engine.setup import PlayerSetup
from arena.hexgrid import Hex

RHOX = "p1.rhox-veterans.1"
PHANTOM = "p2.leyline-phantoms.1"


class Aggressor:
    """A computer player that attacks whenever it can, with the Leyline Phantoms."""

    def choose(self, view: Game, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, Attack):
                return a
        for a in legal:
            if isinstance(a, ChooseCard) and a.card == "p2:leyline-phantoms":
                return a
        for kind in (EndMove, EndAttack, EndTurn):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]


def ai_to_attack() -> Game:
    """Player 2 (the computer) to choose a card, its Phantom next to a Rhox."""
    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    armies = [army_cards(cat.armies[s.army], cat) for s in SEATS]
    placed = dict(PLACED)
    placed[RHOX] = Hex(0, 0)
    return Game.from_position(field, [PlayerSetup(a) for a in armies], placed, turn=3,
                              active=2, phase="choose", scenario=scenario, seed=11)


def run_ai(session: BattleSession, until: str) -> None:
    """Poll the computer player (waiting for its thinking) until ``until`` holds."""
    for _ in range(40):
        if until == "held" and session.held is not None:
            return
        session.poll_ai(1.0)
        if session.task is not None:
            assert session.task.wait(10)
    raise AssertionError(f"never {until}: {session.log[-4:]}")


def test_the_session_holds_a_computer_attack_until_the_player_goes_on() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: Aggressor()})
    session.hold_attacks = True
    run_ai(session, "held")
    held = session.held
    assert held is not None and held.action == Attack(PHANTOM, RHOX)
    assert held.actor == PHANTOM and held.targets == (RHOX,)
    assert held.ruler is not None and held.ruler.clear
    assert session.held_text == ("Player 2 (computer, normal) is about to attack "
                                 "Rhox Veterans 1 with Leyline Phantoms 1")
    assert not session.thinking  # the banner must not say "thinking" while it waits
    digest, log = session.game.state_digest(), list(session.log)
    for _ in range(5):  # held: nothing is applied and no new thinking starts
        assert session.poll_ai(1.0) is None
        assert session.task is None
    assert session.game.state_digest() == digest and session.log == log

    events = session.go_on()
    assert events is not None and any(isinstance(e, AttackDeclared) for e in events)
    assert session.held is None and session.shown is held
    assert any("attacked Rhox Veterans 1" in line for line in session.log[len(log):])
    assert session.go_on() is None  # nothing held any more


def test_without_the_setting_the_attack_is_applied_and_shown() -> None:
    session = BattleSession(ai_to_attack(), SEATS, controllers={2: Aggressor()})
    for _ in range(40):
        events = session.poll_ai(1.0)
        if session.task is not None:
            assert session.task.wait(10)
        if events and any(isinstance(e, AttackDeclared) for e in events):
            break
    else:
        raise AssertionError(session.log[-4:])
    assert session.held is None
    shown = session.shown
    assert shown is not None and shown.actor == PHANTOM and shown.ruler is not None


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="normal",
                                                   pause_attacks=True))


def test_the_screen_shows_the_held_attack_and_space_goes_on(
        app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    scene.camera.finish()
    deadline = time.monotonic() + 60
    while scene.session.held is None:
        assert time.monotonic() < deadline, scene.session.log[-4:]
        frames(app, screen)
        # while the card choice is on screen, nothing is ringed (no figure acted)
    frames(app, screen, 2)
    phantom_at = scene.game.state.figures[PHANTOM].hexes[0]
    rhox_at = scene.game.state.figures[RHOX].hexes[0]
    marks = {(m.hex, m.style) for m in scene.dynamic_markers()}
    assert (phantom_at, "selected") in marks and (rhox_at, "attack") in marks
    assert scene.canvas.overlay_rects, "the attack's line of sight is drawn"
    ring = scene.spotlight.draw(pygame.Surface(screen.get_size(), pygame.SRCALPHA),
                                scene.projection(), scene.session, scene.time, False,
                                lambda h: scene.renderer.stand_level(scene.game.state.board, h))
    assert len(ring) >= 2  # the ring round the attacker, then the line
    assert ring[0].collidepoint(screen_pos(scene, phantom_at))
    go = next(w for w in scene.form.widgets if w.name == "go-on")
    assert "about to attack" in scene.session.held_text
    assert status(app)["battle"]["held"] == scene.session.held_text
    save_artifact(screen, "watch-held-attack.png")

    # held for as long as the player likes: frames go by, nothing happens
    digest = scene.game.state_digest()
    frames(app, screen, 30, dt=0.5)
    assert scene.game.state_digest() == digest and scene.session.held is not None

    key(scene, pygame.K_SPACE)
    assert scene.session.held is None
    assert scene.dice is not None and scene.dice.rows, "the attack's dice are shown"
    frames(app, screen, 3)
    # the attack stays on screen for the pace's pause: attacker ringed, line drawn
    marks = {(m.hex, m.style) for m in scene.dynamic_markers()}
    assert (phantom_at, "selected") in marks
    assert scene.canvas.overlay_rects
    save_artifact(screen, "watch-after-attack.png")
    assert go.rect.width > 0


def test_the_go_on_button_applies_the_held_attack(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    deadline = time.monotonic() + 60
    while scene.session.held is None:
        assert time.monotonic() < deadline
        frames(app, screen)
    frames(app, screen)
    go = next(w for w in scene.form.widgets if w.name == "go-on")
    click(scene, go.rect.center)
    assert scene.session.held is None
    assert any("attacked" in line for line in scene.session.log[-6:])


def test_the_settings_screen_switches_the_pause_before_attacks(
        screen: pygame.Surface) -> None:
    app = standard_app(screen.get_size(), Settings())
    assert app.settings.pause_attacks is False
    scene = SettingsScene(app)
    app.push(scene)
    row = next(w for w in scene.form.widgets if w.name == "pause-attacks")
    scene.form.focus = scene.form.widgets.index(row)
    key(scene, pygame.K_RIGHT)
    assert app.settings.pause_attacks is True and load_settings().pause_attacks is True
    back = next(w for w in scene.form.widgets if w.name == "back")
    assert back.rect.bottom <= screen.get_height() and not back.rect.colliderect(row.rect)
    app.draw(screen)
    save_artifact(screen, "settings-pause-attacks.png")


def test_at_the_normal_pace_each_action_is_ringed_for_its_pause(screen: pygame.Surface) -> None:
    content.catalog()
    app = standard_app(screen.get_size(), Settings(animations="fast", ai_pace="normal"))
    scene = BattleScene(app, ai_to_attack(), SEATS, controllers={2: Aggressor()},
                        autosave=False)
    app.push(scene)
    deadline = time.monotonic() + 60
    seen_attack = False
    while not scene.session.human_to_act:
        assert time.monotonic() < deadline, scene.session.log[-4:]
        frames(app, screen)
        show = scene.spotlight.current(scene.session, scene.time)
        if show is not None and show.is_attack and not seen_attack:
            seen_attack = True
            assert scene.session.held is None  # the setting is off: nothing waits
            phantom_at = scene.game.state.figures[PHANTOM].hexes[0]
            assert (phantom_at, "selected") in {(m.hex, m.style)
                                                for m in scene.dynamic_markers()}
            frames(app, screen)
            assert scene.canvas.overlay_rects, "the attack's line is drawn"
            save_artifact(screen, "watch-attack-normal-pace.png")
    assert seen_attack
    # the computer's last action stays a moment once the person is to act, then goes
    assert status(app)["battle"]["recap"], "the recap is listed in the status file"
    assert status(app)["battle"]["held"] == ""
    frames(app, screen, round((MIN_SHOW + app.settings.ai_delay) * 30) + 30)
    assert scene.spotlight.current(scene.session, scene.time) is None
    assert not any(m.style == "selected" for m in scene.dynamic_markers())
