"""Same seed, same choices: a controller's choice depends only on its seed and the view."""

from __future__ import annotations

import pytest
from ai_kit import LEVELS, quick_controller, shipped_game

from arena.ai.match import run_match


def _play(seed: int, levels: tuple[str, str]) -> list[str]:
    game = shipped_game("the-duel", ["nissa-premade", "gideon-premade"], seed)
    controllers = {1: quick_controller(levels[0], seed), 2: quick_controller(levels[1], seed + 1)}
    result = run_match(game, controllers, time_limit=None, max_actions=70)
    assert result.faults == []
    return [d.action for d in result.decisions]


@pytest.mark.parametrize("levels", [("hard", "easy"), ("normal", "random")])
def test_same_seed_same_game(levels: tuple[str, str]) -> None:
    assert _play(4, levels) == _play(4, levels)


def test_same_view_same_choice_for_every_level() -> None:
    game = shipped_game("the-duel", ["jace-premade", "chandra-premade"], 9)
    for level in LEVELS:
        probe = game.clone()
        choices = []
        for _ in range(12):
            if probe.outcome() is not None:
                break
            legal = probe.legal_actions()
            a = quick_controller(level, 1).choose(probe.view(probe.to_act), legal)
            b = quick_controller(level, 1).choose(probe.view(probe.to_act), legal)
            assert a == b, f"{level}: {a} then {b}"
            choices.append(a)
            probe.apply(a)
        assert choices
