"""The post-game review: each side's chance of winning over a finished seeded game, the turns
where it swung most, the review screen with its chart and "Show me" (the board at a swing's
start with the move played and the hard computer's choice marked), opened from the results.

The swing turns are checked against the evaluation itself: the chances are recomputed here
at every turn start by replaying the game, and the three swings must be the three largest
gains among them."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pygame
import pytest
from client_kit import ARTIFACTS, distinct_colors, frames, key, save_artifact
from test_client_replay import finished_game

from arena.ai.review import SWINGS, review_game, team_chances
from arena.client import content
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.hint_coach import HINT_MARK
from arena.client.scenes.replay import SwingScene
from arena.client.scenes.results import ResultsScene
from arena.client.scenes.review import ReviewScene, team_colour
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.engine import Game
from arena.engine.vocab import SETUP_PHASES


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def turn_start_chances(game: Game) -> list[tuple[int, dict[int, float]]]:
    """(actions applied, chances) at every change of the player on turn, and at the end."""
    data = game.to_data()
    replay = Game.replay({**data, "actions": []})
    actions = data["actions"]
    out = []
    for i, action in enumerate(actions, start=1):
        seen = (replay.turn, replay.active)
        if not out and replay.phase not in SETUP_PHASES:  # the set-up's end
            out.append((i - 1, team_chances(replay)))
        replay.apply(action)
        if out and ((replay.turn, replay.active) != seen or i == len(actions)):
            out.append((i, team_chances(replay)))
    return out


def test_the_swings_are_the_largest_gains_of_the_evaluations_chances() -> None:
    game, _ = finished_game()
    review = review_game(game.to_data())
    expected = turn_start_chances(game)
    assert [(p.index, dict(p.chances)) for p in review.points] == expected
    for point in review.points:
        assert sum(point.chances.values()) == pytest.approx(1.0)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners
    winner = game.state.static.team_of(outcome.winners[0])
    assert review.points[-1].chances[winner] == 1.0
    gains = sorted(((max(b[t] - a[t] for t in b), i0, i1)
                    for (i0, a), (i1, b) in zip(expected, expected[1:], strict=False)),
                   key=lambda g: (-g[0], g[1]))[:SWINGS]
    assert sorted((s.start, s.end) for s in review.swings) == sorted((i0, i1)
                                                                    for _, i0, i1 in gains)
    for swing in review.swings:
        assert swing.change == pytest.approx(max(g for g, i0, _ in gains if i0 == swing.start))


def test_the_review_screen_from_the_results_and_show_me(app: App,
                                                        screen: pygame.Surface) -> None:
    game, setup = finished_game()
    battle = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(battle)
    results = ResultsScene(app, battle)
    app.push(results)
    frames(app, screen, 2)
    assert "review" in [w.name for w in results.form.widgets]
    key(results, pygame.K_e)
    review = app.top
    assert isinstance(review, ReviewScene)
    frames(app, screen, 2)
    pygame.image.save(screen, str(ARTIFACTS / "review.png"))  # dark: the chart is checked
    lines = {team_colour(review.game, t, False) for t in review.review.points[0].chances}
    assert lines <= distinct_colors(screen, 48, review.chart), "a line per side"
    assert len(review.review.swings) == SWINGS
    assert all(review.stories), "each swing says what was done"
    key(review, pygame.K_1)
    shown = app.top
    assert isinstance(shown, SwingScene)
    swing = review.review.swings[0]
    assert shown.cursor.index == swing.start
    deadline = time.monotonic() + 120
    while shown.preferred is None:
        assert time.monotonic() < deadline, "the hard computer never answered"
        frames(app, screen, 1)
        time.sleep(0.02)
    notes = [line for line, _ in shown.notes()]
    assert notes[0].startswith("Played: ") and notes[1].startswith("The hard computer: ")
    assert shown.preferred in shown.at.legal_actions()
    frames(app, screen, 2)
    save_artifact(screen, "review-show-me.png")
    styles = {m.style for m in shown.marks()}
    assert styles <= {"chosen", HINT_MARK}
    shown.step()
    assert shown.marks() == [], "the marks belong to the swing's start"
    shown.home()
    assert shown.cursor.index == swing.start
