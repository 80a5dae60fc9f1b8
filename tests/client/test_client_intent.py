"""What a click on the battle screen means, decided without a window (`arena.client.intent`):
select, move, attack, choose a card, pick a spell's targets, or only look at a figure when it
is not the player's turn. Positions come from the engine's test kit."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from arena.client.content import SeatSetup
from arena.client.controllers import RandomController
from arena.client.intent import (
    Apply,
    AskTarget,
    Choose,
    Inspect,
    Intent,
    MoveTo,
    Pick,
    Refresh,
    Select,
)
from arena.client.session import BattleSession
from arena.engine import Attack, Game, MoveFigure, PlayerSetup, PlaySpell
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")
SHOOTERS = squad("shooters", life=1, range=8, height=4)
SEATS = (SeatSetup("human"), SeatSetup("ai"))


def session_of(placed: dict[str, Any], chosen: str = "p1:rhox",
               phase: str = "pre_move") -> BattleSession:
    """Player 1 (human) to act with ``chosen`` on a flat round battlefield."""
    game = Game.from_position(hex_field(radius=6), [PlayerSetup([GIDEON, RHOX]),
                                                    PlayerSetup([JACE, SHOOTERS])],
                              placed, turn=3, phase=phase, chosen=chosen)
    return BattleSession(game, SEATS, controllers={2: RandomController(seed=1)})


PLACED = {"p1.gideon": Hex(0, 4), "p1.rhox.1": Hex(0, 0), "p1.rhox.2": Hex(2, 0),
          "p2.jace": Hex(0, -4), "p2.shooters.1": Hex(0, -1)}


def test_the_module_needs_no_window() -> None:
    code = "import sys, arena.client.intent; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_click_selects_an_actor_then_moves_it_or_attacks() -> None:
    intent = Intent(session_of(PLACED))
    assert intent.click(Hex(0, 0), "p1.rhox.1", None) == Select("p1.rhox.1")
    intent.select("p1.rhox.1")
    # the engaged shooter is a legal target: a click on it attacks
    outcome = intent.click(Hex(0, -1), "p2.shooters.1", None)
    assert isinstance(outcome, Apply) and isinstance(outcome.action, Attack)
    assert outcome.action.target == "p2.shooters.1"
    # a lit space moves (the screen asks first about a risky move), with the legal action
    table = intent.move_table()
    far = next(p for p in table if isinstance(p, Hex) and p.r > 1)
    outcome = intent.click(far, None, None)
    assert outcome == MoveTo(far, table[far])
    assert isinstance(outcome.action, MoveFigure)
    # a space that is neither lit nor a figure clears the selection
    assert intent.click(Hex(6, -6), None, None) == Select(None)
    intent.select(None)
    assert intent.click(Hex(6, -6), None, None) is None


def test_a_figure_of_another_card_is_chosen_with_its_card() -> None:
    intent = Intent(session_of(PLACED, chosen="", phase="choose"))
    outcome = intent.click(Hex(0, 0), "p1.rhox.1", None)
    assert isinstance(outcome, Choose) and outcome.figure == "p1.rhox.1"
    assert outcome.action == intent.session.options.choose["p1:rhox"]


def test_not_the_players_turn_a_click_only_shows_the_figure() -> None:
    session = session_of(PLACED)
    session.game.state.active = 2
    intent = Intent(session)
    assert not session.human_to_act
    assert intent.click(Hex(0, -4), "p2.jace", None) == Inspect("p2.jace")
    assert intent.click(Hex(3, 3), None, None) is None


def test_a_pick_lights_only_legal_targets_and_finishes_with_the_action() -> None:
    intent = Intent(session_of(PLACED))
    intent.select("p1.rhox.1")
    on_jace, on_shooter = PlaySpell("s1", ("p2.jace",)), PlaySpell("s1", ("p2.shooters.1",))
    assert intent.start_pick("Play Bolt", [on_jace, on_shooter]) == Refresh()
    assert intent.selected is None, "picking drops the selection"
    assert intent.pick_hexes() == {Hex(0, -4): "p2.jace", Hex(0, -1): "p2.shooters.1"}
    # not a target: nothing happens, the pick stays
    assert intent.click(Hex(0, 0), "p1.rhox.1", None) is None and intent.pick is not None
    assert intent.click(Hex(0, -4), None, None) == Apply(on_jace)
    assert intent.pick is None


def test_a_pick_of_targets_off_the_battlefield_asks_for_a_list() -> None:
    intent = Intent(session_of(PLACED))
    outcome = intent.start_pick("Use Glimpse", [PlaySpell("s1", ("p2",)), PlaySpell("s1", ("p1",))])
    assert outcome == AskTarget("Use Glimpse", ("p2", "p1"))
    assert intent.target_label("p1").startswith("Player 1")
    assert intent.pick_target("p1") == Apply(PlaySpell("s1", ("p1",)))
    # without targets the action is applied at once
    assert intent.start_pick("Play Calm", [PlaySpell("s2")]) == Apply(PlaySpell("s2"))


def test_pick_options_follow_the_targets_chosen_so_far() -> None:
    first = PlaySpell("s1", ("a", "b"))
    second = PlaySpell("s1", ("a", "c"))
    other = PlaySpell("s1", ("d", "b"))
    pick = Pick("Play", [first, second, other])
    assert pick.options() == {"a": [first, second], "d": [other]}
    pick.chosen = ("a",)
    assert pick.options() == {"b": [first], "c": [second]}
