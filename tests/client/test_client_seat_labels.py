"""How the battle screen names the seats: against the computer the one person at the screen is
"you" ("Player 1 (you)", "Your hand"); at a hotseat game every seat is a person at this
screen, so none of them is "you" ("Player 2 (human)", "Player 2's hand"). The hand's title
once read "Player 1 (you)'s hand", and a hotseat game called whoever was to act "(you)"."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import frames, key

from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import SeatSetup
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.hand_panel import hand_title
from arena.client.scenes.handoff import HandOffScene
from arena.client.scenes.standard import standard_app
from arena.client.session import BattleSession
from arena.client.settings import Settings


def session_of(*seats: SeatSetup) -> BattleSession:
    content.catalog()
    game, _setup = duel_all_summoned()
    return BattleSession(game, list(seats))


def test_against_the_computer_the_human_is_you() -> None:
    session = session_of(SeatSetup("human"), SeatSetup("ai", "normal"))
    assert session.seat_label(1) == "Player 1 (you)"
    assert session.seat_label(2) == "Player 2 (computer, normal)"
    assert hand_title(session, 1, 5) == "Your hand  ·  5 cards"
    assert hand_title(session, 1, 1) == "Your hand  ·  1 card"


@pytest.mark.parametrize("focus", [1, 2])
def test_at_a_hotseat_nobody_is_you(focus: int) -> None:
    session = session_of(SeatSetup("human"), SeatSetup("human"))
    session.focus = focus
    assert session.viewer == focus
    assert [session.seat_label(s) for s in (1, 2)] == ["Player 1 (human)", "Player 2 (human)"]
    assert hand_title(session, focus, 5) == f"Player {focus}'s hand  ·  5 cards"


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def test_the_hotseat_hand_off_and_panels_name_the_seat_without_you(
        app: App, screen: pygame.Surface) -> None:
    game, setup = duel_all_summoned()
    battle = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    handoff = app.top
    assert isinstance(handoff, HandOffScene) and "(you)" not in handoff.label
    key(handoff, pygame.K_RETURN)
    frames(app, screen, 2)
    assert app.top is battle
    assert all("(you)" not in battle.session.seat_label(s) for s in (1, 2))
