"""The evaluation leaves a detained army card (a `forbid_choice` effect such as Stand Down)
out of its owner's next turn: that is all such a spell changes, so it is what the AI sees of
its worth."""

from __future__ import annotations

import math
import sys
from pathlib import Path

from arena.ai.evaluate import Evaluator, detained, soft_best
from arena.engine.abilities.lasting import add_detention
from arena.engine.lasting_records import Detention
from arena.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cards"))
from test_white_spells import Z1, ZOMBIES, G, L, white_vs_black  # noqa: E402

LILIANA_CARD = "p2:liliana-vess-necromancer"


def _position():  # type: ignore[no-untyped-def]
    return white_vs_black({G: Hex(0, 0), L: Hex(0, 8), Z1: Hex(0, 4)}, hand=["stand-down"])


def test_stand_down_detains_the_squad_for_its_owners_next_turn_only() -> None:
    game = _position()
    assert detained(game.state, 2) == frozenset()
    game.apply(f"play p1/stand-down p2:{ZOMBIES}")
    assert f"p2:{ZOMBIES}" in detained(game.state, 2)
    assert detained(game.state, 1) == frozenset()
    game.apply("end-turn")  # Player 2's turn begins: the detention is now in force
    assert detained(game.state, 2) == frozenset()  # not a future turn's any more


def test_a_detained_card_is_left_out_of_its_owners_next_turn() -> None:
    game = _position()
    ev = Evaluator()
    state = game.state
    snap = ev.snap(state, 1)
    targets = ev._targets(snap, 2)
    liliana = ev.card_potential(snap, LILIANA_CARD, 2, targets) + ev.summon_potential(
        snap, 2, fresh=True)
    zombies = ev.card_potential(snap, f"p2:{ZOMBIES}", 2, targets)
    spread = ev.w.choice_spread
    assert ev.fresh_potential(snap, 2) == soft_best([liliana, zombies], spread)
    assert liliana > zombies  # so barring the best card must lower the potential
    add_detention(state, Detention(2, (LILIANA_CARD,), active=False))
    assert ev.fresh_potential(ev.snap(state, 1), 2) == zombies


def test_barring_the_runner_up_card_is_worth_something() -> None:
    """Stand Down usually bars a squad while the Planeswalker stays the best card: the
    potential still falls by the runner-up's share, so the spell has a price to weigh."""
    game = _position()
    ev = Evaluator()
    state = game.state
    before = ev.fresh_potential(ev.snap(state, 1), 2)
    add_detention(state, Detention(2, (f"p2:{ZOMBIES}",), active=False))
    after = ev.fresh_potential(ev.snap(state, 1), 2)
    assert after < before


def test_soft_best_adds_close_runners_up_only() -> None:
    assert soft_best([], 8.0) == 0.0
    assert soft_best([0.0, -3.0], 8.0) == 0.0  # options doing nothing add nothing
    assert soft_best([30.0], 8.0) == 30.0
    assert soft_best([30.0, 0.0], 8.0) == 30.0
    assert soft_best([30.0, 30.0], 8.0) == 30.0 + 8.0 * math.log(2)
    close, far = soft_best([30.0, 28.0], 8.0), soft_best([30.0, 5.0], 8.0)
    assert close > far > 30.0 and far - 30.0 < 0.5
    assert soft_best([30.0, 28.0], 0.0) == 30.0  # no spread: the plain best
