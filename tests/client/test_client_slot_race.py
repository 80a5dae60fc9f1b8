"""Two windows saving the same slot: the later writer sees that the slot exists, or changed
since it was read, and asks -- replace it, or keep both -- instead of silently replacing the
other window's save."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from client_kit import click, frames, key
from test_client_save_slots import position, type_text

from arena.client import content
from arena.client.saves import list_saves, save_slot, slot_named
from arena.client.scenes import save_slots
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.common import Dialog
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.engine import Game


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def _other_window_saves(name: str, game: Game) -> Path:
    """The other window writes the slot ``name`` (a game of another turn)."""
    _, setup = position()
    return save_slot(name, game, setup.seats, ["the other window"], "The Duel")


def _save_as(app: App, screen: pygame.Surface, battle: BattleScene, name: str) -> None:
    battle.pause()
    key(app.top, pygame.K_s)
    frames(app, screen)
    type_text(app.top, name)
    key(app.top, pygame.K_RETURN)


def _button(scene: object, name: str) -> tuple[int, int]:
    widgets = scene.form.widgets  # type: ignore[attr-defined]
    rect: pygame.Rect = next(w for w in widgets if w.name == name).rect
    return rect.center


def test_a_slot_the_other_window_wrote_meanwhile_is_not_replaced_silently(
        app: App, screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    game, setup = position()
    other = game.clone()
    battle = BattleScene(app, game, setup.seats, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    theirs: list[Path] = []
    real = save_slots.battle_thumbnail

    def meanwhile(scene: BattleScene) -> bytes:  # between this window's look and its write
        if not theirs:
            theirs.append(_other_window_saves("Ambush", other))
        return real(scene)

    monkeypatch.setattr(save_slots, "battle_thumbnail", meanwhile)
    _save_as(app, screen, battle, "Ambush")
    before = theirs[0].read_bytes()
    assert isinstance(app.top, Dialog), "the later writer must ask"
    assert "Ambush" in app.top.message
    assert theirs[0].read_bytes() == before
    click(app.top, _button(app.top, "Keep both"))
    assert app.top is battle
    names = sorted(s.name for s in list_saves())
    assert names == ["Ambush", "Ambush (2)"], names
    assert theirs[0].read_bytes() == before


def test_replace_asks_again_when_the_slot_changed_since_it_asked(
        app: App, screen: pygame.Surface) -> None:
    game, setup = position()
    battle = BattleScene(app, game, setup.seats, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    ours = save_slot("Bridge", game, setup.seats, [], "The Duel")
    _save_as(app, screen, battle, "Bridge")
    assert isinstance(app.top, Dialog) and "already called" in app.top.message
    theirs = _other_window_saves("Bridge", game.clone())  # the other window, meanwhile
    assert theirs == ours
    before = theirs.read_bytes()
    click(app.top, _button(app.top, "Replace"))
    assert isinstance(app.top, Dialog) and app.top is not battle, "asked again"
    assert theirs.read_bytes() == before
    click(app.top, _button(app.top, "Replace"))  # now the player has seen it: replace
    assert app.top is battle
    assert [s.name for s in list_saves()] == ["Bridge"]
    assert slot_named("Bridge") is not None
