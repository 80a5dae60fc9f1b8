"""The eleven army cards shipped before the red and green squads (five Planeswalkers, six
transcribed squads): thin tests for what tests/engine/test_abilities_shipped.py leaves out.

Every one of their 18 abilities already has a test there that it works and a key edge case
holds; those tests are credited to the abilities by `test_card_coverage.DELEGATED` (that file
is not ours to mark) and are not repeated here. What is missing there, and checked here, are
the "clear-sight" halves of two abilities whose range the tests there check only by distance
(cards.md: Mind Stealer "a Planeswalker within 4 clear-sight spaces", Zombie Toughness "your
Zombie creatures within 4 clear-sight spaces of Liliana").
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from abilities_kit import GIDEON, JACE, LILIANA, fig, position, shipped  # noqa: E402

from arena.engine import ObstacleSpec  # noqa: E402
from arena.engine.testkit import hex_field  # noqa: E402
from arena.hexgrid import Hex  # noqa: E402

ZOMBIES = "restless-zombies"
WALL = ObstacleSpec("ruin", "ruin", (Hex(0, 2),), 8)
"""A ruin taller than any figure, between a figure at 0,0 and one at 0,3."""


def field(walled: bool) -> Any:
    return hex_field(radius=8, obstacles=[WALL] if walled else [])


@pytest.mark.covers("jace-beleren-mindmage/mind-stealer")
@pytest.mark.parametrize("walled", [False, True])
def test_mind_stealer_needs_clear_sight_to_the_planeswalker(walled: bool) -> None:
    game = position([[shipped(JACE)], [shipped(GIDEON)]],
                    {fig(1, JACE): Hex(0, 0), fig(2, GIDEON): Hex(0, 3)},
                    phase="post_attack", chosen=f"p1:{JACE}", field=field(walled))
    game.apply("end-turn")
    offered = game.pending.phase == "optional" and "Mind Stealer" in game.pending.description
    assert offered is not walled  # 3 spaces away either way; the ruin hides Gideon
    if walled:
        assert game.active == 2  # no offer, no roll: the turn simply passes


@pytest.mark.covers("liliana-vess-necromancer/zombie-toughness")
@pytest.mark.parametrize("walled", [False, True])
def test_zombie_toughness_needs_clear_sight_to_the_zombie(walled: bool) -> None:
    zombie = fig(2, ZOMBIES, 1)
    game = position([[shipped(GIDEON)], [shipped(LILIANA), shipped(ZOMBIES)]],
                    {fig(1, GIDEON): Hex(0, -7), fig(2, LILIANA): Hex(0, 0), zombie: Hex(0, 3)},
                    field=field(walled))
    sources = game.stat("defense_dice", zombie).sources
    assert (("Zombie Toughness (Liliana)", 1) in sources) is not walled
