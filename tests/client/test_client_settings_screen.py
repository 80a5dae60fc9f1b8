"""The Settings screen's window size, fullscreen, UI scale, key bindings and sound."""

from __future__ import annotations

import json

import pygame
import pytest
from client_kit import click, key, save_artifact
from test_client_battle_flow import SEATS, duel_position

from arena.client import content, sound, text
from arena.client.controllers import RandomController
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.hud import battle_layout
from arena.client.scenes.menu import SettingsScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import BINDINGS, Settings, _clean, load_settings
from arena.client.storage import data_dir
from arena.client.ui import Button, Choice


def widget(scene: SettingsScene, name: str) -> Choice | Button:
    for w in scene.form.widgets:
        if w.name == name:
            assert isinstance(w, (Choice, Button))
            return w
    raise KeyError(name)


def change(scene: SettingsScene, name: str, steps: int = 1) -> None:
    """Focus the row ``name`` and press Right ``steps`` times (synthetic key events)."""
    for _ in range(steps):
        scene.form.focus = scene.form.widgets.index(widget(scene, name))
        key(scene, pygame.K_RIGHT)


def test_bad_settings_fall_back_to_defaults() -> None:
    s = _clean({"window_size": "12x7", "ui_scale": 3.0, "sound": "yes",
                "keys": {"undo": "z", "nonsense": 5, "end-turn": 122}})
    assert s.window_size == "1280x720" and s.ui_scale == 1.0 and s.sound is True
    assert s.key("undo") == pygame.K_u and s.key("end-turn") == pygame.K_z
    assert _clean({"ui_scale": 1}).ui_scale == 1.0
    # two actions on one key: back to the defaults
    assert _clean({"keys": {"undo": pygame.K_t}}).key("undo") == pygame.K_u
    swapped = Settings().bind("undo", pygame.K_t)
    assert swapped.key("undo") == pygame.K_t and swapped.key("end-turn") == pygame.K_u


def test_window_fullscreen_scale_and_rebinding(screen: pygame.Surface) -> None:
    app = standard_app(screen.get_size(), Settings())
    scene = SettingsScene(app)
    app.push(scene)
    app.draw(screen)

    change(scene, "window")
    assert app.settings.window_size == "1600x900"
    assert pygame.display.get_surface().get_size() == (1600, 900) == app.size

    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.settings.fullscreen and load_settings().fullscreen
    assert pygame.display.get_surface().get_flags() & pygame.FULLSCREEN
    assert widget(scene, "fullscreen").value is True  # type: ignore[union-attr]
    change(scene, "fullscreen")
    assert not app.settings.fullscreen
    assert pygame.display.get_surface().get_size() == (1600, 900)

    narrow = battle_layout(app.size, 1.0).right.width
    change(scene, "scale")
    assert app.settings.ui_scale == 1.25 and text.get_scale() == 1.25
    assert battle_layout(app.size, 1.25).right.width > narrow
    assert text.font(20).get_height() > pygame.font.Font(None, 20).get_height()

    change(scene, "sound")
    assert app.settings.sound is False

    b = widget(scene, "bind:undo")
    click(scene, b.rect.center)
    assert scene.rebinding == "undo"
    app.draw(pygame.display.get_surface())
    key(scene, pygame.K_z)
    assert scene.rebinding is None and app.settings.key("undo") == pygame.K_z
    assert widget(scene, "bind:undo").hint == "Z"  # type: ignore[union-attr]
    saved = json.loads((data_dir() / "settings.json").read_text())
    assert saved["keys"]["undo"] == pygame.K_z and saved["ui_scale"] == 1.25
    # Esc while waiting cancels, and keeps the old key
    click(scene, widget(scene, "bind:rotate-left").rect.center)
    key(scene, pygame.K_ESCAPE)
    assert app.settings.key("rotate-left") == pygame.K_q and app.top is scene
    click(scene, widget(scene, "bind:rotate-left").rect.center)
    key(scene, pygame.K_a)
    app.draw(pygame.display.get_surface())
    save_artifact(pygame.display.get_surface(), "settings-screen.png")

    # the battle reads its keys from the settings
    content.catalog()
    app.settings = app.settings.with_(animations="fast", ai_pace="instant")
    battle = BattleScene(app, duel_position(), SEATS, controllers={2: RandomController()})
    app.push(battle)
    app.draw(pygame.display.get_surface())
    battle.camera.finish()
    rotation = battle.camera.rotation
    key(battle, pygame.K_q)
    assert battle.camera.rotation == rotation
    key(battle, pygame.K_a)
    assert battle.camera.rotation == (rotation - 1) % 6
    for _ in range(30):
        app.update(1 / 30)
        app.draw(pygame.display.get_surface())
    save_artifact(pygame.display.get_surface(), "battle-ui-scale-125.png")
    text.set_scale(1.0)


def test_sounds_are_synthesised_and_never_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in sound.SOUNDS:
        samples = sound.synthesise(name)
        assert 1000 < len(samples) < sound.RATE and max(samples) > 5000
    pygame.init()
    try:
        sound.play("dice")  # the dummy audio driver: plays into nothing
        assert sound._played[-1] == "dice"
    finally:
        pygame.quit()
    sound._sounds.clear()

    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(sound, "_failed", [False])
    sound.play("hit")
    assert not sound.enabled()
    assert len(BINDINGS) == 12 and "hint" in BINDINGS  # H asks for a hint
