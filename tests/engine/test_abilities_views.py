"""Hidden information and the card mechanics: through a random game with real spells, no
player view names a card its player may not see -- in the state, the pending decisions, the
card mechanics' plain data or the action log -- and a view can be played on (an AI looking
ahead) without the engine tripping over what it hides."""

from __future__ import annotations

import json
import random

import pytest
from test_soak import SETUPS, armies, decks

from arena.engine import Game, new_game
from arena.engine.persist import state_to_data
from arena.engine.testkit import random_policy


def secrets(game: Game, seat: int) -> set[str]:
    """Spell cards ``seat`` may not identify now."""
    state = game.state
    static = state.static
    out: set[str] = set()
    for s, p in state.players.items():
        if s == seat:
            continue
        out.update(p.library)
        if static.opposed(s, seat):
            out.update(p.hand)
    for cs in state.cards.values():
        out.update(a.spell for a in cs.enchantments
                   if not a.face_up and static.spells[a.spell].owner != seat)
    for uid in state.stack:
        d = static.spell_def(uid)
        if d is not None and d.type == "hidden_enchantment" and static.spells[uid].owner != seat:
            out.add(uid)
    return out


@pytest.mark.parametrize("seed", [3, 5, 7, 11])
def test_views_leak_no_hidden_card_and_can_be_played_on(seed: int) -> None:
    sc, field = SETUPS[2]()
    game = new_game(sc, field, armies(2), decks(2, seed), seed=seed)
    choose = random_policy(random.Random(seed), end_turn_weight=0.15)
    look = random.Random(seed)
    hidden_seen = 0
    for _ in range(1500):
        if game.outcome() is not None:
            break
        for seat in game.state.static.seats:
            view = game.view(seat)
            secret = secrets(game, seat)
            hidden_seen += bool(secret & {a.spell for cs in game.state.cards.values()
                                          for a in cs.enchantments})
            text = json.dumps(state_to_data(view.state)) + " ".join(view.actions)
            leaked = [s for s in secret if s in text.split('"') or s in text.split()]
            assert not leaked, f"player {seat} sees {leaked}"
            if seat == game.to_act:
                actions = view.legal_actions()
                if actions:
                    view.apply(actions[look.randrange(len(actions))])
        game.apply(choose(game.legal_actions()))
    assert hidden_seen  # the game did put hidden enchantments face down
