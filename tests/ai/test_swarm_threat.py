"""Gideon's Avatar of Justice (one more attack die per opposing figure within 2 spaces of him)
counted where he would attack from, not where he stands.

Found in played Duels: hard's Liliana, her Zombies crowded around her, was struck by Gideon
with 8 attack dice (3 printed + 5 for the crowd), while the AI's threat estimates read his
folded attack where he stood -- 3 dice, far from anyone -- and left her there."""

from __future__ import annotations

import sys
from pathlib import Path

from arena.ai.evaluate import Evaluator, expected_loss, swarm_bonus
from arena.ai.tactics import Tactics
from arena.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cards"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_black_spells import R1, Z1, Z2, Z3, G, L, black_vs_white  # noqa: E402

CROWD = {Z1: Hex(1, 0), Z2: Hex(-1, 1), Z3: Hex(0, -1)}
"""Liliana's three Zombies around her at 0,0."""


def test_the_folded_attack_leaves_the_swarm_out_and_the_bonus_counts_the_crowd() -> None:
    far = black_vs_white({L: Hex(0, 0), G: Hex(0, 7), **CROWD})
    near = black_vs_white({L: Hex(0, 0), G: Hex(0, 2), **CROWD})
    assert near.stat("attack_dice", G).total > far.stat("attack_dice", G).total  # the engine
    for game in (far, near):
        gideon = Evaluator().snap(game.state, 1).figs[G]
        assert gideon.swarm is not None and gideon.attack == 3  # printed, wherever he is
    snap = Evaluator().snap(far.state, 1)
    gideon, liliana = snap.figs[G], snap.figs[L]
    # beside Liliana: she and her three Zombies are within 2 spaces
    assert swarm_bonus(gideon, liliana.hexes, snap.figs.values()) == 4
    assert swarm_bonus(snap.figs[Z1], liliana.hexes, snap.figs.values()) == 0  # no swarm


def test_gideons_threat_to_a_crowded_planeswalker_counts_the_crowd() -> None:
    alone = black_vs_white({L: Hex(0, 0), G: Hex(0, 6)})
    crowded = black_vs_white({L: Hex(0, 0), G: Hex(0, 6), **CROWD})
    ev = Evaluator()
    threats = []
    for game in (alone, crowded):
        snap = ev.snap(game.state, 2)
        gideon, liliana = snap.figs[G], snap.figs[L]
        threats.append(ev.figure_potential(snap, gideon, [liliana]))
    assert threats[1] > threats[0] * 1.5
    snap = ev.snap(crowded.state, 2)
    liliana = snap.figs[L]
    assert threats[1] == expected_loss(3 + 4, liliana.defense, liliana)


def test_moving_next_to_the_crowd_is_seen_as_more_exposed() -> None:
    # Liliana may stand alone or beside her three Zombies: beside them Gideon rolls more.
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, 5), R1: Hex(6, -6),
                           Z1: Hex(-4, 2), Z2: Hex(-4, 3), Z3: Hex(-3, 3)})
    tactics = Tactics()
    snap = tactics.ev.snap(game.state, 1)
    mover = tactics._mover(snap, L, can_attack=False)
    lonely = (Hex(3, -1),)
    crowded = (Hex(-3, 2),)  # beside all three Zombies
    assert tactics.ev.threatens(snap.figs[G], lonely)
    assert tactics.ev.threatens(snap.figs[G], crowded)
    assert tactics._exposure(mover, crowded, 0.0) > tactics._exposure(mover, lonely, 0.0)
