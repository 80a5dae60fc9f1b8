"""Nothing still in play is worth less than a lost game (`Evaluator.bounded`), and the
opponents' strike zones (`strike_zones`) tell a Planeswalker walled in by its squads from one
in the open.

The first was found in a played Duel: Liliana, one damage from death with Pummelroot
Elementals beside her, cast Blood Bargain (1 damage to her own Planeswalker) and lost on the
spot, because the position scored below the value of a lost game."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from arena.ai.evaluate import Evaluator, strike_zones
from arena.ai.tactics import Tactics
from arena.ai.weights import Weights
from arena.engine import PlaySpell
from arena.hexgrid import Hex, neighbours

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cards"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from abilities_kit import GIDEON, LILIANA, fig, shipped  # noqa: E402
from ai_kit import quick_controller  # noqa: E402
from test_black_spells import (  # noqa: E402
    K1,
    LIBRARY,
    R1,
    R2,
    R3,
    Z1,
    Z2,
    Z3,
    G,
    L,
    black_vs_white,
)

UNBOUNDED = Weights(live_knee=1e12, live_limit=2e12)
K2, K3 = fig(2, "kor-hookmasters", 2), fig(2, "kor-hookmasters", 3)
P1, P2, P3 = (fig(2, "pummelroot-elementals", n) for n in (1, 2, 3))


def _last_life(phase: str) -> Any:
    """Liliana alone with 1 life left, Gideon and his squads around her, a greater army on
    the other side, and Blood Bargain in hand."""
    placed = {L: Hex(0, 0), G: Hex(0, 1), R1: Hex(1, 0), R2: Hex(-1, 1), R3: Hex(1, -1),
              K1: Hex(0, -1), K2: Hex(-1, 0), K3: Hex(3, 3), P1: Hex(-4, 6), P2: Hex(-3, 6),
              P3: Hex(-2, 6)}
    chosen = None if phase == "choose" else f"p1:{LILIANA}"
    return black_vs_white(
        placed, hands=(["blood-bargain"], []), libraries=[LIBRARY[:3], []], damage={L: 6},
        phase=phase, chosen=chosen,
        armies=[[shipped(LILIANA)], [shipped(GIDEON), shipped("rhox-veterans"),
                                     shipped("kor-hookmasters"),
                                     shipped("pummelroot-elementals")]])


def _lost(game: Any) -> float:
    return -Evaluator().w.win + game.state.turn


def test_bounded_keeps_the_value_below_the_knee_and_bends_it_past() -> None:
    ev = Evaluator()
    w = ev.w
    for v in (0.0, 150.0, -w.live_knee, w.live_knee):
        assert ev.bounded(v) == v
    values = [-9000.0, -5000.0, -3000.0, -2500.0, -2001.0, 2001.0, 2500.0, 3000.0, 9000.0]
    bent = [ev.bounded(v) for v in values]
    assert bent == sorted(bent) and len(set(bent)) == len(bent)  # still strictly increasing
    assert all(abs(b) < w.live_limit for b in bent)
    assert abs(ev.bounded(-1e12)) <= w.live_limit
    assert w.live_limit < w.win - 100  # a finished game (less its turn) stays outside


@pytest.mark.parametrize("phase", ["choose", "post_attack"])
def test_a_desperate_position_still_beats_losing(phase: str) -> None:
    game = _last_life(phase)
    raw = Evaluator(UNBOUNDED).evaluate(game.state, 1)
    assert raw < _lost(game)  # the position that once scored below a lost game
    assert Evaluator().evaluate(game.state, 1) > _lost(game)


@pytest.mark.parametrize("phase", ["choose", "post_attack"])
def test_the_quick_policy_does_not_pay_the_last_life_for_cards(phase: str) -> None:
    game = _last_life(phase)
    bargain = PlaySpell("p1/blood-bargain")
    assert bargain in game.legal_actions()
    assert Tactics(Evaluator(UNBOUNDED))._best_extension(game, 1) == bargain  # the old slip
    assert Tactics()._best_extension(game, 1) is None


@pytest.mark.parametrize("level", ["greedy", "hard"])
def test_the_ais_do_not_cast_blood_bargain_on_their_last_life(level: str) -> None:
    game = _last_life("choose")
    choice = quick_controller(level, 3).choose(game.view(1), game.legal_actions())
    assert choice != PlaySpell("p1/blood-bargain")


def test_a_planeswalker_walled_in_by_its_squads_is_out_of_a_walkers_strike_zone() -> None:
    # Gideon (move 6, range 1) five spaces from Liliana: in the open he reaches her; with
    # her six neighbours held by her own figures he has nowhere to stand next to her.
    wall = dict(zip([Z1, Z2, Z3, fig(1, "blighted-reavers", 1), fig(1, "blighted-reavers", 2),
                     fig(1, "blighted-reavers", 3)], neighbours(Hex(0, 0)), strict=True))
    open_game = black_vs_white({L: Hex(0, 0), G: Hex(0, -5)})
    walled = black_vs_white({L: Hex(0, 0), G: Hex(0, -5), **wall})
    ev = Evaluator()
    for game, reached in ((open_game, True), (walled, False)):
        ev.zones = strike_zones(game, [G])
        snap = ev.snap(game.state, 1)
        assert ev.threatens(snap.figs[G], (Hex(0, 0),)) is reached
        assert ev.threatens(snap.figs[G], (Hex(0, -2),))  # the open ground before him
        ev.zones = {}
        assert ev.threatens(ev.snap(game.state, 1).figs[G], (Hex(0, 0),))  # distance alone


def test_a_strike_zone_is_read_only_while_its_figure_stands_where_it_was_measured() -> None:
    game = black_vs_white({L: Hex(0, 0), G: Hex(0, -5)})
    ev = Evaluator()
    ev.zones = strike_zones(game, [G])
    snap = ev.snap(game.state, 1)
    assert ev.zone(snap.figs[G]) is not None
    snap.figs[G].hexes = (Hex(0, -6),)  # moved since: the distance estimate again
    assert ev.zone(snap.figs[G]) is None
