"""Quitting the window while a search level thinks: the thinking is stopped before the helper
processes close, and a closed pool means "no helpers" -- the search takes its samples itself,
to the same decision, with no fault. It used to log a false "AI failed" traceback
("cannot schedule new futures after shutdown") and, after a close, start a new pool."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Any

import pytest

import arena.client.app as client_app
from arena.ai.bench import positions
from arena.ai.helpers import Helpers
from arena.ai.levels import HARD
from arena.ai.search import SearchController
from arena.client.scenes.battle import BattleScene
from arena.engine import Game

_CONFIG = replace(HARD, turn=None, work=200)


def _searched() -> Game:
    """A bench position where the hard level searches."""
    return positions()[0]


def _decide(helpers: Helpers | None) -> tuple[str, int, list[str]]:
    game = _searched()
    ai = SearchController(7, _CONFIG, helpers=helpers)
    action = ai.choose(game.view(game.to_act), game.legal_actions())
    return action.text(), ai.stats.work, ai.faults


class _ClosedUnderfoot(Helpers):
    """The window closes the pool between a pass's look-up of it and its first share."""

    def _executor(self) -> Any:
        pool = super()._executor()
        self.close()
        return pool


def test_a_pool_closed_under_a_pass_means_no_helpers(caplog: pytest.LogCaptureFixture
                                                     ) -> None:
    alone = _decide(None)
    helpers = _ClosedUnderfoot(1)
    with caplog.at_level(logging.WARNING, logger="arena.ai"):
        shared = _decide(helpers)
    assert shared == alone and shared[2] == []
    assert not [r for r in caplog.records if "failed" in r.getMessage()]


def test_a_closed_pool_starts_no_new_one() -> None:
    helpers = Helpers(1)
    helpers.close()
    assert _decide(helpers) == _decide(None)
    assert helpers._pool is None  # no helper process was started after the close


def test_closing_the_window_stops_the_battles_thinking(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    """The window's loop ends (the player closed it) while the computer players play: every
    scene leaves the stack, so a battle's thinking is stopped before the helpers close."""
    made: list[Any] = []
    real = client_app.standard_app

    def keep(*args: Any, **kwargs: Any) -> Any:
        app = real(*args, **kwargs)
        made.append(app)
        return app

    monkeypatch.setattr(client_app, "standard_app", keep)
    shown: list[Any] = []
    assert client_app.run(["--frames", "20", "--scenario", "the-duel",
                           "--seats", "easy,easy", "--seed", "4"],
                          on_first_frame=lambda: shown.extend(made[0].stack)) == 0
    assert made[0].stack == []
    battles = [s for s in shown if isinstance(s, BattleScene)]
    assert battles and all(b.session.task is None for b in battles)
