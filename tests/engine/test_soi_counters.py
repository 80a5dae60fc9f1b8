"""Shadows over Innistrad "Counters": power and toughness +1 counters and charge counters on
army cards (rules summary, COUNTERS)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from arena.engine import Game, PlayerSetup
from arena.engine.context import Ctx
from arena.engine.counters import add_counter, count, counters_on, remove_counter
from arena.engine.events import CountersPlaced, CountersRemoved
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")


def game_with(placed: dict[str, Any], rolls: list[int] = (),  # type: ignore[assignment]
              **kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:rhox")
    return Game.from_position(hex_field(radius=6),
                              [PlayerSetup([GIDEON, RHOX]), PlayerSetup([JACE])], placed,
                              turn=3, rng=ScriptedRng(list(rolls)), **kw)


PLACED = {"p1.gideon": Hex(-4, 0), "p1.rhox.1": Hex(0, 0), "p1.rhox.2": Hex(3, 3),
          "p2.jace": Hex(1, 0)}


def test_power_and_toughness_counters_add_dice_to_every_figure_of_the_card() -> None:
    """Summary "Counters": Power +1 and Toughness +1 counters on an army card."""
    game = game_with(PLACED)
    ctx = Ctx(game.state)
    assert add_counter(ctx, "p1:rhox", "power", 2) == 2
    assert add_counter(ctx, "p1:rhox", "toughness") == 1
    assert [type(e).__name__ for e in ctx.events] == ["CountersPlaced", "CountersPlaced"]
    placed = ctx.events[0]
    assert isinstance(placed, CountersPlaced) and (placed.kind, placed.total) == ("power", 2)
    for fid in ("p1.rhox.1", "p1.rhox.2"):
        attack = game.stat("attack_dice", fid, "p2.jace")
        assert ("Power counter ×2", 2) in attack.sources and attack.total == 3 + 2
        defense = game.stat("defense_dice", fid, "p2.jace")
        assert ("Toughness counter ×1", 1) in defense.sources and defense.total == 2 + 1
    assert game.stat("attack_dice", "p1.gideon", "p2.jace").total == 3  # another card
    opt = next(o for o in game.attack_options("p1.rhox.1") if o.target == "p2.jace")
    assert opt.attack_dice == 5 and ("Power counter ×2", 2) in opt.attack_sources
    assert counters_on(game.state, "p1:rhox") == {"power": 2, "toughness": 1}


def test_charge_counters_are_kept_and_spent() -> None:
    """Charge counters do nothing by themselves; abilities count and remove them."""
    game = game_with(PLACED)
    ctx = Ctx(game.state)
    add_counter(ctx, "p1:rhox", "charge", 3)
    assert count(game.state, "p1:rhox", "charge") == 3
    assert game.stat("attack_dice", "p1.rhox.1", "p2.jace").sources == ()
    assert remove_counter(ctx, "p1:rhox", "charge", 2) == 2
    assert remove_counter(ctx, "p1:rhox", "charge", 5) == 1
    assert count(game.state, "p1:rhox", "charge") == 0
    assert game.state.cards["p1:rhox"].counters == ()
    removed = [e for e in ctx.events if isinstance(e, CountersRemoved)]
    assert [(e.amount, e.total) for e in removed] == [(2, 1), (1, 0)]
    with pytest.raises(ValueError, match="unknown counter kind"):
        add_counter(ctx, "p1:rhox", "loyalty")


def test_counters_go_only_on_cards_in_play_and_leave_with_them() -> None:
    """Counters are on an army card in play; when it leaves play they are removed (its last
    figure destroyed; or any effect taking it out of play)."""
    game = game_with({**PLACED, "p1.rhox.2": Hex(2, -1)}, [HIT] * 5 + [BLANK] * 3,
                     chosen="p2:jace", active=2, phase="pre_move")
    ctx = Ctx(game.state)
    add_counter(ctx, "p1:rhox", "toughness", 1)
    add_counter(ctx, "p1:rhox", "charge", 2)
    assert add_counter(ctx, "p2:jace", "power", 0) == 0
    game.state.set_figure("p1.rhox.2", replace(game.state.figures["p1.rhox.2"],
                                               zone="graveyard", hexes=()))
    events = game.apply("attack p2.jace p1.rhox.1")
    assert "ArmyCardDestroyed" in [type(e).__name__ for e in events]
    assert game.state.cards["p1:rhox"].zone == "graveyard"
    assert game.state.cards["p1:rhox"].counters == ()
    assert add_counter(Ctx(game.state), "p1:rhox", "power") == 0  # not in play: nothing
    # An effect returning a card to reserve: the counters come off at the next event.
    other = game_with(PLACED)
    ctx = Ctx(other.state)
    add_counter(ctx, "p1:rhox", "power", 2)
    other.state.set_card("p1:rhox", replace(other.state.cards["p1:rhox"], zone="reserve"))
    events = other.apply("end-move")
    gone = [e for e in events if isinstance(e, CountersRemoved)]
    assert [(e.kind, e.amount, e.reason) for e in gone] == [
        ("power", 2, "its army card left play")]
    assert other.state.cards["p1:rhox"].counters == ()


def test_counters_are_shown_in_views_and_kept_in_saves() -> None:
    """Counters are open information: every player's view shows them; saves keep them."""
    game = game_with(PLACED)
    add_counter(Ctx(game.state), "p1:rhox", "power", 2)
    assert game.view(2).state.cards["p1:rhox"].counters == (("power", 2),)
    assert game.view(2).stat("attack_dice", "p1.rhox.1", "p2.jace").total == 5
    save = json.loads(json.dumps(game.to_data()))
    loaded = Game.from_data(save)
    assert loaded.state.cards["p1:rhox"].counters == (("power", 2),)
    assert loaded.state_digest() == game.state_digest()
