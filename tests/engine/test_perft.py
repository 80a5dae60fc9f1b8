"""Legal-action counts from fixed positions (python-chess's "perft"): a change in movement,
engagement, sight or summoning shows up here as a changed number.

The positions stand on the shipped practice field (hill, water, two ruins, a Glyph of Power)
with the shipped white and blue army cards. If a count changes on purpose (a rule fixed),
re-derive it by hand and update the table in the same change.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from arena.content import load_catalog, shipped_content_paths
from arena.content.to_engine import field_from_battlefield
from arena.engine import Game, PlayerSetup
from arena.hexgrid import Hex

GIDEON, JACE = "p1.gideon-jura-combat-mage", "p2.jace-beleren-mindmage"


def game(placed: dict[str, Any], **kw: Any) -> Game:
    cat = load_catalog(shipped_content_paths())
    a = cat.army_cards
    white = [a["gideon-jura-combat-mage"], a["rhox-veterans"], a["kor-hookmasters"]]
    blue = [a["jace-beleren-mindmage"], a["leyline-phantoms"], a["illusionary-projections"]]
    field = field_from_battlefield(cat.battlefields["practice-field"])
    return Game.from_position(field, [PlayerSetup(white), PlayerSetup(blue)], placed, turn=3,
                              phase="pre_move", **kw)


SUMMON = dict(placed={GIDEON: Hex(0, -4), JACE: Hex(0, 4)}, chosen="p1:gideon-jura-combat-mage")
ENGAGED = dict(placed={
    GIDEON: Hex(0, -4), "p1.rhox-veterans.1": Hex(0, -1), "p1.rhox-veterans.2": Hex(2, -2),
    "p1.rhox-veterans.3": Hex(-1, -1), JACE: Hex(0, 4), "p2.leyline-phantoms.1": Hex(1, -1),
    "p2.leyline-phantoms.2": Hex(0, 0), "p2.leyline-phantoms.3": Hex(3, -3),
}, chosen="p1:rhox-veterans")
SIGHT = dict(placed={
    GIDEON: Hex(-1, -3), "p1.kor-hookmasters.1": Hex(1, 0), "p1.kor-hookmasters.2": Hex(2, 1),
    "p1.kor-hookmasters.3": Hex(-4, 2), JACE: Hex(5, -1),
    "p2.illusionary-projections.1": Hex(-2, 3), "p2.illusionary-projections.2": Hex(5, -4),
    "p2.illusionary-projections.3": Hex(-5, 1),
}, chosen="p2:jace-beleren-mindmage", active=2)


@pytest.mark.parametrize(("position", "total", "by_type"), [
    (SUMMON, 48, {"BeginSummon": 2, "MoveFigure": 44, "EndMove": 1, "EndTurn": 1}),
    (ENGAGED, 162, {"MoveFigure": 156, "EndMove": 1, "Attack": 4, "EndTurn": 1}),
    (SIGHT, 39, {"BeginSummon": 1, "MoveFigure": 36, "EndMove": 1, "EndTurn": 1}),
], ids=["summon", "engaged", "sight"])
def test_legal_action_counts(position: dict[str, Any], total: int,
                             by_type: dict[str, int]) -> None:
    g = game(**position)
    actions = g.legal_actions()
    assert dict(Counter(type(a).__name__ for a in actions)) == by_type
    assert len(actions) == total


def test_engaged_attacks_are_exactly_the_engagements() -> None:
    g = game(**ENGAGED)
    assert sorted(a.text() for a in g.legal_actions() if a.text().startswith("attack")) == [
        "attack p1.rhox-veterans.1 p2.leyline-phantoms.1",
        "attack p1.rhox-veterans.1 p2.leyline-phantoms.2",
        "attack p1.rhox-veterans.2 p2.leyline-phantoms.1",
        "attack p1.rhox-veterans.2 p2.leyline-phantoms.3",
    ]


def test_sight_reasons() -> None:
    g = game(**SIGHT)
    assert {o.target: o.reason for o in g.attack_options(JACE)} == {
        GIDEON: "out of range (8 > 7)",
        "p1.kor-hookmasters.1": "no clear sight: blocked by ruin-a at [4, -1]",
        "p1.kor-hookmasters.2": "no clear sight: blocked by ruin-a at [3, 0]",
        "p1.kor-hookmasters.3": "out of range (9 > 7)",
    }


def test_summon_placements() -> None:
    g = game(**SUMMON)
    g.apply("summon p1:rhox-veterans")
    assert len(g.legal_actions()) == 42
    g.apply(g.legal_actions()[0])
    assert len(g.legal_actions()) == 41
