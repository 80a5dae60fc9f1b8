"""Every controller returns one of the legal actions, in many positions: seeded games (cut
short) with every level in the Duel (2 players), the Skirmish (4 players in two teams) and
the Melee (5 players), with the shipped premade armies and decks. No AI may fault (fall back
on the safe action) on the way."""

from __future__ import annotations

import pytest
from ai_kit import quick_controller, shipped_game

from arena.ai.controller import AIController

ARMIES = ["gideon-premade", "jace-premade", "liliana-premade", "chandra-premade",
          "nissa-premade"]

CASES = [
    ("the-duel", ("hard", "random"), 0),
    ("the-duel", ("normal", "easy"), 1),
    ("the-duel", ("greedy", "hard"), 2),
    ("moonlit-crossroads", ("hard", "greedy"), 3),
    ("the-skirmish", ("hard", "easy", "normal", "random"), 4),
    ("the-skirmish", ("greedy", "hard", "random", "normal"), 5),
    ("the-melee", ("hard", "normal", "easy", "greedy", "random"), 6),
]


def _armies(n: int, seed: int) -> list[str]:
    return [ARMIES[(seed + k) % len(ARMIES)] for k in range(n)]


@pytest.mark.parametrize(("scenario", "levels", "seed"), CASES)
def test_every_choice_is_legal(scenario: str, levels: tuple[str, ...], seed: int) -> None:
    game = shipped_game(scenario, _armies(len(levels), seed), seed)
    controllers = {seat: quick_controller(name, seed * 10 + seat)
                   for seat, name in enumerate(levels, start=1)}
    asked = 0
    while game.outcome() is None and asked < 160:
        legal = game.legal_actions()
        seat = game.to_act
        action = controllers[seat].choose(game.view(seat), legal)
        assert action in legal, f"{levels[seat - 1]} chose {action}, not legal"
        game.apply(action)
        asked += 1
    for seat, c in controllers.items():
        assert isinstance(c, AIController)
        assert c.faults == [], f"{c.name} (seat {seat}) faulted: {c.faults}"
    assert asked > 40
