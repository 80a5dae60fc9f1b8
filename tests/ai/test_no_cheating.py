"""The AI sees only its player's view: changing what an opponent holds (the cards in hand,
the order of the library) never changes its choice, at any level."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ai_kit import LEVELS, quick_controller, shipped_game

from arena.ai.controller import RandomController
from arena.engine import Game


def _positions() -> list[Game]:
    """Positions of a seeded Duel (Chandra's deck against Liliana's), player 1 to act, with
    cards in every hand and library."""
    game = shipped_game("the-duel", ["chandra-premade", "liliana-premade"], seed=11)
    driver = RandomController(3)
    out = []
    steps = 0
    while game.outcome() is None and len(out) < 4 and steps < 400:
        legal = game.legal_actions()
        opponent = game.state.players[2]
        if game.to_act == 1 and len(legal) > 1 and opponent.hand and len(opponent.library) > 2 \
                and steps % 3 == 0:
            out.append(game.clone())
        game.apply(driver.choose(game.view(game.to_act), legal))
        steps += 1
    assert len(out) >= 2
    return out


def _swap_hidden(game: Game) -> Game:
    """The same game with player 2's hand swapped for other cards of their library and the
    library order reversed."""
    other = game.clone()
    p = other.state.players[2]
    n = len(p.hand)
    hand = p.library[:n]
    library = tuple(reversed((*p.hand, *p.library[n:])))
    other.state.set_player(2, replace(p, hand=hand, library=library))
    assert other.state.players[2].hand != game.state.players[2].hand
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_never_change_the_choice(level: str) -> None:
    for game in _positions():
        other = _swap_hidden(game)
        assert game.view(1).state_digest() == other.view(1).state_digest()
        first = quick_controller(level, 5).choose(game.view(1), game.legal_actions())
        second = quick_controller(level, 5).choose(other.view(1), other.legal_actions())
        assert first == second, f"{level} changed its choice when player 2's hand changed"
