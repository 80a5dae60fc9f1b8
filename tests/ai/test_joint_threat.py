"""A squad's attacks on one target counted together (`focused_loss`, `Weights.joint_threat`):
a Planeswalker that three figures of a squad can kill together, though none alone, is in
danger, and the search levels see it.

The sum of each figure's own expected loss prices each attack's kill chance alone: against
Gideon with 3 life left, whom none of the three Restless Zombies (3 attack dice against his
5) is likely to finish with one attack, it reads 254 points; counted together, 382."""

from __future__ import annotations

import sys
from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from arena.ai.evaluate import Evaluator, damage_probs, expected_loss, focused_loss
from arena.ai.tactics import Tactics
from arena.ai.weights import Weights
from arena.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cards"))
from test_black_spells import Z1, Z2, Z3, G, L, black_vs_white  # noqa: E402

JOINT = Weights(joint_threat=1.0)


def brute_force(attacks: list[tuple[int, int]], left: int, value: float, per_damage: float,
                focus: float) -> float:
    """Every participation and damage outcome enumerated."""
    total = 0.0
    spaces = [list(enumerate(damage_probs(a, d))) for a, d in attacks]
    for made in product((False, True), repeat=len(attacks)):
        p_made = 1.0
        for i, m in enumerate(made):
            p_made *= focus ** i if m else 1.0 - focus ** i
        if p_made == 0.0:
            continue
        for outcome in product(*[s if m else [(0, 1.0)] for s, m in zip(spaces, made,
                                                                          strict=True)]):
            p = p_made
            for _, pk in outcome:
                p *= pk
            damage = sum(k for k, _ in outcome)
            total += p * (value if damage >= left else per_damage * damage)
    return total


def wounded_gideon(damage: int, zombies_at: dict[str, Hex]):  # type: ignore[no-untyped-def]
    game = black_vs_white({L: Hex(-6, 0), G: Hex(0, 0), **zombies_at})
    game.state.figures[G] = replace(game.state.figures[G], damage=damage)
    game.state.cache.clear()
    return game


AROUND = {Z1: Hex(1, 0), Z2: Hex(-1, 1), Z3: Hex(0, -1)}
"""The three Zombies beside Gideon at 0,0."""


def test_the_total_of_several_attacks_is_exact() -> None:
    game = wounded_gideon(3, AROUND)
    gideon = Evaluator().snap(game.state, 1).figs[G]
    assert gideon.left >= 3
    attacks = [(3, 2), (3, 2), (2, 2)]
    for focus in (1.0, 0.85):
        assert focused_loss(attacks, gideon, focus) == pytest.approx(
            brute_force(attacks, gideon.left, gideon.value, gideon.per_damage, focus))
    assert focused_loss([(3, 2)], gideon, 0.85) == pytest.approx(expected_loss(3, 2, gideon))


def test_a_kill_only_the_squad_together_makes_is_seen() -> None:
    game = wounded_gideon(3, AROUND)
    plain, joint = Evaluator(), Evaluator(JOINT)
    snap = plain.snap(game.state, 1)
    gideon = snap.figs[G]
    zombies = [snap.figs[z] for z in (Z1, Z2, Z3)]
    alone = [expected_loss(z.attack, gideon.defense, gideon) for z in zombies]
    assert max(alone) < 0.1 * gideon.value, "no Zombie alone is much of a threat"
    card = zombies[0].card
    before = plain.card_potential(snap, card, 1, [gideon])
    after = joint.card_potential(joint.snap(game.state, 1), card, 1, [gideon])
    assert after > 1.4 * before
    assert after == pytest.approx(focused_loss(
        [(z.attack, gideon.defense) for z in zombies], gideon, JOINT.focus))
    # Far from every target the two agree: nothing to focus.
    far = wounded_gideon(3, {Z1: Hex(7, -7), Z2: Hex(7, -6), Z3: Hex(6, -6)})
    snap_far = plain.snap(far.state, 1)
    assert joint.card_potential(joint.snap(far.state, 1), card, 1, [snap_far.figs[G]]) == \
        pytest.approx(plain.card_potential(snap_far, card, 1, [snap_far.figs[G]]))


def test_greedy_keeps_the_yardstick() -> None:
    """The hand-set evaluation greedy plays by sums each figure's own threat, as it did."""
    assert Weights().joint_threat == 0.0


def test_a_planeswalker_weighs_standing_where_a_squad_can_reach_him_together() -> None:
    """The quick policy's move scores (`_exposure`) count a squad's attacks on the mover
    together too: Gideon, 3 life left, sees more danger beside the three Zombies."""
    game = wounded_gideon(3, {Z1: Hex(3, 0), Z2: Hex(3, 1), Z3: Hex(4, 0)})
    exposures = []
    for weights in (Weights(), JOINT):
        tactics = Tactics(Evaluator(weights))
        snap = tactics.ev.snap(game.state, 2)
        mover = tactics._mover(snap, G, can_attack=False)
        exposures.append(tactics._exposure(mover, (Hex(2, 0),), 0.0))
    assert exposures[1] > 1.4 * exposures[0] > 0.0
