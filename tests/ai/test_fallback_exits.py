"""An AI that raises `SystemExit` or `KeyboardInterrupt` inside its own thinking is at fault
like one that raises any other error: the runner (`Match`), the AI base class and
`AsyncController` fall back on a safe action and record the fault (it used to end the game in
``arena sim`` as ``IndexError: list index out of range`` and read "illegal action None" in the
window). A Ctrl-C in the main thread, where the user's interrupt arrives, still stops the run.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from ai_kit import shipped_game

from arena.ai.async_controller import AsyncController
from arena.ai.controller import AIController, CallbackController, RandomController, StopToken
from arena.ai.match import Match
from arena.engine import Action, Game


def _exits(view: Game, legal: Sequence[Action]) -> Action:
    raise SystemExit(3)


def _interrupts(view: Game, legal: Sequence[Action]) -> Action:
    raise KeyboardInterrupt


class _Quitter(AIController):
    """An AI whose `decide` raises a given exception of the `BaseException` family."""

    name = "quitter"

    def __init__(self, error: type[BaseException]) -> None:
        super().__init__(0)
        self.error = error

    def decide(self, view: Game, legal: list[Action], stop: StopToken) -> Action:
        raise self.error()


@pytest.mark.parametrize("fn", [_exits, _interrupts])
def test_the_runner_counts_an_exit_in_the_ais_thread_as_a_fault(fn: object) -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 11)
    controllers = {1: CallbackController(fn, "quits"), 2: RandomController(11)}  # type: ignore[arg-type]
    result = Match(game, controllers, time_limit=5.0, max_actions=40).run()
    assert result.actions == 40  # the game went on
    faults = [d.fault for d in result.decisions if d.seat == 1 and d.fault]
    assert faults
    assert all(("SystemExit" in f) or ("KeyboardInterrupt" in f) for f in faults)


@pytest.mark.parametrize("error", [SystemExit, KeyboardInterrupt])
def test_an_ai_controller_falls_back_on_an_exit_in_its_thread(error: type[BaseException]
                                                              ) -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 12)
    ai = _Quitter(error)
    result = Match(game, {1: ai, 2: RandomController(12)}, time_limit=5.0,
                   max_actions=30).run()
    assert result.actions == 30
    assert ai.faults and all(error.__name__ in f for f in ai.faults)
    assert any(d.fault and error.__name__ in d.fault for d in result.decisions)


@pytest.mark.parametrize("error", [SystemExit, KeyboardInterrupt])
def test_async_controller_names_an_exit_as_the_fault(error: type[BaseException]) -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 13)
    legal = game.legal_actions()
    fn = _exits if error is SystemExit else _interrupts
    task = AsyncController(CallbackController(fn, "quits"), time_limit=5.0)
    task.start(game.view(game.to_act), legal)
    assert task.result() in legal
    assert task.fault is not None and error.__name__ in task.fault
    assert "illegal action None" not in task.fault


def test_a_ctrl_c_in_the_main_thread_still_stops_the_run() -> None:
    """Without a time limit the AI thinks in the main thread, where a real Ctrl-C lands: it
    must end the run, not be taken for the AI's fault."""
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 14)
    with pytest.raises(KeyboardInterrupt):
        Match(game, {1: _Quitter(KeyboardInterrupt), 2: RandomController(14)},
              time_limit=None, max_actions=30).run()


def test_an_exit_in_the_main_thread_is_the_ais_fault() -> None:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 15)
    result = Match(game, {1: _Quitter(SystemExit), 2: RandomController(15)},
                   time_limit=None, max_actions=30).run()
    assert result.actions == 30 and result.faults
