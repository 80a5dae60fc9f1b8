"""The results screen's turn-by-turn chart and the replay viewer (step, back, play, turn
jumps), from a finished game's seed and actions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.content import GameSetup, SeatSetup
from arena.client.replay import ReplayCursor, score_history, team_points
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.replay import ReplayScene
from arena.client.scenes.results import ResultsScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.engine import Game


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))



def finished_game() -> tuple[Game, GameSetup]:
    setup = GameSetup(seats=(SeatSetup("ai", "easy", army="gideon-premade"),
                             SeatSetup("ai", "easy", army="liliana-premade")), seed=21)
    game = content.new_game(setup)
    rng = random.Random(2)
    while game.outcome() is None:
        legal = game.legal_actions()
        useful = [a for a in legal if type(a).__name__ in ("Attack", "PlaceFigure",
                                                           "BeginSummon", "MoveFigure")]
        game.apply(rng.choice(useful or legal))
    return game, setup


def state_of(game: Game) -> object:
    return game.to_data()["state"]


def test_score_history_and_the_replay_cursor_follow_the_game() -> None:
    game, _ = finished_game()
    data = game.to_data()
    history = score_history(data)
    assert len(history) >= 3
    assert history[-1].points == team_points(game)
    assert [p.turn for p in history] == sorted(p.turn for p in history)
    cursor = ReplayCursor(data)
    assert cursor.index == 0 and len(cursor.actions) == len(game.actions)
    cursor.seek(len(cursor.actions))
    assert state_of(cursor.game) == state_of(game)
    turns = cursor.turns()
    assert turns[0] <= 1 < turns[-1]
    cursor.seek_turn(turns[len(turns) // 2])
    assert cursor.game.turn == turns[len(turns) // 2]
    at = cursor.index
    cursor.step()
    cursor.back()
    assert cursor.index == at


def test_results_chart_and_watch_replay(app: App, screen: pygame.Surface) -> None:
    game, setup = finished_game()
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 3)
    results = app.top
    assert isinstance(results, ResultsScene)
    assert len(results.history) >= 3
    frames(app, screen, 2)
    save_artifact(screen, "results_chart.png")
    # the plot (right half of the box, above the legend) has a line in each player's colour
    from arena.client.palette import palette

    outcome = game.outcome()
    assert outcome is not None and outcome.winners and len(outcome.scores) == 2
    pal = palette(app.settings.colour_blind)
    box = results.box
    chart = pygame.Rect(box.centerx, box.y + 150, box.width // 2, box.height - 275)
    for seat in (1, 2):
        colour = pal.player(seat)
        hits = sum(1 for x in range(chart.left, chart.right, 2)
                   for y in range(chart.top, chart.bottom, 2)
                   if screen.get_at((x, y))[:3] == colour)
        assert hits >= 20, f"no line for Player {seat} in the chart"
    # Watch replay
    click(results, next(w for w in results.form.widgets if w.name == "replay").rect.center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    frames(app, screen, 2)
    assert viewer.cursor.index == 0
    start = state_of(viewer.cursor.game)
    for _ in range(5):
        key(viewer, pygame.K_RIGHT)
    assert viewer.cursor.index == 5
    key(viewer, pygame.K_LEFT)
    assert viewer.cursor.index == 4
    key(viewer, pygame.K_PAGEDOWN)
    key(viewer, pygame.K_PAGEDOWN)
    turn = viewer.cursor.game.turn
    assert turn >= 2
    frames(app, screen, 2)
    save_artifact(screen, "replay_viewer.png")
    key(viewer, pygame.K_PAGEUP)
    assert viewer.cursor.game.turn <= turn
    # play runs on by itself
    at = viewer.cursor.index
    key(viewer, pygame.K_SPACE)
    assert viewer.playing
    frames(app, screen, 12)
    assert viewer.cursor.index > at
    key(viewer, pygame.K_SPACE)
    assert not viewer.playing
    key(viewer, pygame.K_HOME)
    assert viewer.cursor.index == 0 and state_of(viewer.cursor.game) == start
    # type a turn number and Enter: straight to the start of that turn, forward or back
    last = game.turn
    assert last >= 3
    for digit in str(last):
        key(viewer, getattr(pygame, f"K_{digit}"), unicode=digit)
    frames(app, screen, 2)
    save_artifact(screen, "replay_go_to_turn.png")
    key(viewer, pygame.K_RETURN)
    assert viewer.cursor.game.turn == last and viewer.goto == ""
    at_last = viewer.cursor.index
    key(viewer, pygame.K_2, unicode="2")
    key(viewer, pygame.K_RETURN)
    assert viewer.cursor.game.turn == 2 and viewer.cursor.index < at_last
    key(viewer, pygame.K_RIGHT)
    assert viewer.cursor.game.turn >= 2
    key(viewer, pygame.K_9, unicode="9")
    key(viewer, pygame.K_BACKSPACE)
    assert viewer.goto == ""
    key(viewer, pygame.K_ESCAPE)
    assert app.top is results


def test_the_replay_panel_names_the_scenario(app: App, screen: pygame.Surface,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's foot says "The Duel", the scenario's name, not its id."""
    from arena.client import text

    game, _setup = finished_game()
    viewer = ReplayScene(app, game.to_data())
    app.push(viewer)
    key(viewer, pygame.K_RIGHT)
    assert viewer.turn_line() == f"Player {viewer.cursor.game.active}'s turn  ·  The Duel"
    drawn: list[str] = []
    blit = text.blit

    def spy(surface: pygame.Surface, line: str, *args: object, **kwargs: object) -> object:
        drawn.append(line)
        return blit(surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "blit", spy)
    frames(app, screen, 2)
    assert any(line.endswith("·  The Duel") for line in drawn), drawn
    assert not any("the-duel" in line for line in drawn)
