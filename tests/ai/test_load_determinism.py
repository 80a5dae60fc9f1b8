"""The hard level is bounded by a budget of work (`SearchConfig.work`: simulated actions and
evaluated positions), not by the clock: a seeded game is the same, action for action, with
the CPU saturated by other processes as on a quiet machine (its wall-clock cap is only a
safety net, far above what the budget takes). The runner's own time limit is off, as it is
the same kind of net."""

from __future__ import annotations

import multiprocessing
import os
from multiprocessing.synchronize import Event as EventType

from ai_kit import shipped_game

from arena.ai.levels import make_controller
from arena.ai.match import Match

ACTIONS = 36
"""Enough of the game for several hard decisions with real choices (summons, moves)."""


def _spin(stop: EventType) -> None:
    """A process that only burns CPU until told to stop."""
    n = 0
    while not stop.is_set():
        n += 1


def _play(seed: int) -> tuple[list[str], dict[int, int]]:
    game = shipped_game("the-duel", ["gideon-premade", "chandra-premade"], seed)
    controllers = {1: make_controller("hard", seed), 2: make_controller("greedy", seed)}
    result = Match(game, controllers, time_limit=None, max_actions=ACTIONS).run()
    return list(game.actions), result.overruns


def test_a_seeded_hard_game_is_the_same_under_load_as_idle() -> None:
    quiet, quiet_overruns = _play(11)
    stop = multiprocessing.get_context("spawn").Event()
    hogs = [multiprocessing.get_context("spawn").Process(target=_spin, args=(stop,),
                                                          daemon=True)
            for _ in range(os.cpu_count() or 2)]
    for hog in hogs:
        hog.start()
    try:
        loaded, loaded_overruns = _play(11)
    finally:
        stop.set()
        for hog in hogs:
            hog.join(10)
    assert len(quiet) == ACTIONS
    assert loaded == quiet
    assert quiet_overruns == loaded_overruns == {1: 0, 2: 0}
