"""Adjacency as the rules mean it (`arena.engine.bodies.is_adjacent`), on whole games.

Guide, Action 3 "Becoming engaged": "An exception is when one figure's base is on a level
equal to or higher than the height of the other figure. In this case, they are not adjacent
and therefore are not engaged (see Example 11)." Action 4 "Line of sight": "A figure does not
need line of sight to attack a figure that it is engaged with or adjacent to." So neighbours
split by a ledge as high as the lower figure is tall need sight to attack each other, while
neighbours that a ruin keeps from being engaged are still adjacent and need none.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from abilities_kit import GIDEON as GIDEON_ID
from abilities_kit import LILIANA, fig, position, shipped

from arena.engine import Game, IllegalAction, ObstacleSpec, PlayerSetup
from arena.engine.bodies import is_adjacent
from arena.engine.defs import HitZoneData
from arena.engine.events import AttackDeclared
from arena.engine.move_action import engaged_with
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON, JACE = planeswalker("gideon"), planeswalker("jace")
# Two squads of small figures (height 2), eyes and hit zone low: a ledge a few levels high
# hides one from the other although their spaces touch.
ELF = squad("elf", height=2, target_point=1.5, hit_zone=HitZoneData(0.5, 1.5))
IMP = squad("imp", height=2, target_point=1.5, hit_zone=HitZoneData(0.5, 1.5))
LOW, HIGH = Hex(0, 0), Hex(1, 0)


def duel(cells: dict[Hex, int | str], placed: dict[str, Hex], chosen: str, active: int,
         obstacles: list[ObstacleSpec] | None = None, cards: tuple[Any, Any] = (ELF, IMP),
         rolls: list[int] = ()) -> Game:  # type: ignore[assignment]
    """A flat field (land level 1) with the given columns raised, the Planeswalkers far away."""
    field = hex_field(radius=8, cells=cells, obstacles=obstacles or [])
    return Game.from_position(
        field, [PlayerSetup([GIDEON, cards[0]]), PlayerSetup([JACE, cards[1]])],
        {"p1.gideon": Hex(0, -6), "p2.jace": Hex(0, 6), **placed}, turn=3, phase="post_move",
        chosen=chosen, active=active, rng=ScriptedRng(list(rolls)))


def reason(game: Game, attacker: str, target: str) -> str | None:
    return {o.target: o.reason for o in game.attack_options(attacker)}[target]


def test_neighbours_split_by_a_ledge_need_sight_to_attack() -> None:
    """A ledge at least as high as the figures are tall (2) makes them "not adjacent": each
    may attack the other exactly when it has clear sight, whichever stands above."""
    game_at = {1: "p1:elf", 2: "p2:imp"}
    for ledge, (low, high) in itertools.product(
            range(2, 7), (("p1.elf.1", "p2.imp.1"), ("p2.imp.1", "p1.elf.1"))):
        placed = {low: LOW, high: HIGH}
        for attacker, target in ((low, high), (high, low)):
            seat = int(attacker[1])
            game = duel({HIGH: 1 + ledge}, placed, game_at[seat], seat)
            assert not is_adjacent(game.state.body(attacker), game.state.body(target))
            assert not engaged_with(game.state, attacker)
            sight = game.sight(attacker, target)
            got = reason(game, attacker, target)
            if sight.clear:
                assert got is None
            else:
                assert got is not None and got.startswith("no clear sight: blocked by terrain")
                with pytest.raises(IllegalAction, match="no clear sight"):
                    game.apply(f"attack {attacker} {target}")


def test_the_ledge_cases_include_both_answers() -> None:
    """The ledges above cover both outcomes: from the foot of a 5-level ledge the cliff hides
    the figure above (attack refused); over a 2-level ledge sight is clear and the attack is
    made."""
    placed = {"p1.elf.1": LOW, "p2.imp.1": HIGH}
    hidden = duel({HIGH: 6}, placed, "p1:elf", 1)
    assert reason(hidden, "p1.elf.1", "p2.imp.1") == (
        "no clear sight: blocked by terrain at [1, 0]")
    seen = duel({HIGH: 3}, placed, "p1:elf", 1, rolls=[HIT, HIT, HIT, BLANK, BLANK, BLANK])
    assert seen.sight("p1.elf.1", "p2.imp.1").clear
    events = seen.apply("attack p1.elf.1 p2.imp.1")
    assert isinstance(events[0], AttackDeclared)
    # One level lower the ledge is below their height: adjacent, engaged, no sight asked.
    near = duel({HIGH: 2}, placed, "p1:elf", 1)
    assert engaged_with(near.state, "p1.elf.1") == frozenset({"p2.imp.1"})


def test_a_ruin_between_neighbours_cuts_engagement_but_not_adjacency() -> None:
    """Guide "Becoming engaged": "If an obstacle such as a ruin is between two figures, both
    figures' heights must be higher than the obstacle to be engaged" -- they are then not
    engaged, yet still adjacent, so no sight is needed to attack. Here the upper figure looks
    from low on its body over a 3-level ledge (below both figures' height of 6: adjacent), the
    cliff hides the figure at its foot, and a ruin as tall as the figures flanks their seam."""
    watcher = squad("watcher", height=6, target_point=1.0, hit_zone=HitZoneData(0.5, 1.0))
    crawler = squad("crawler", height=6, target_point=5.5, hit_zone=HitZoneData(0.5, 1.0))
    ruin = ObstacleSpec("ruin-a", "ruin", (Hex(1, -1),), 6)
    placed = {"p1.watcher.1": HIGH, "p2.crawler.1": LOW}
    game = duel({HIGH: 4}, placed, "p1:watcher", 1, [ruin], (watcher, crawler),
                rolls=[HIT, HIT, SHIELD, BLANK, BLANK, BLANK, BLANK, BLANK])
    body, other = game.state.body("p1.watcher.1"), game.state.body("p2.crawler.1")
    assert is_adjacent(body, other)
    assert not engaged_with(game.state, "p1.watcher.1")
    sight = game.sight("p1.watcher.1", "p2.crawler.1")
    assert not sight.clear and sight.blocker is not None and sight.blocker.kind == "terrain"
    assert reason(game, "p1.watcher.1", "p2.crawler.1") is None
    assert isinstance(game.apply("attack p1.watcher.1 p2.crawler.1")[0], AttackDeclared)
    # Without the ruin the same two figures are engaged.
    bare = duel({HIGH: 4}, placed, "p1:watcher", 1, [], (watcher, crawler))
    assert engaged_with(bare.state, "p1.watcher.1") == frozenset({"p2.crawler.1"})


def test_battle_formation_does_not_count_a_rhox_on_a_ledge_as_high_as_it_is_tall() -> None:
    """Battle Formation: "every other Rhox Veteran you control that is adjacent to it". A
    Rhox Veteran (height 5) five levels above its neighbour is not adjacent to it (Example
    11), so neither counts the other."""
    rhox = "rhox-veterans"
    armies = [[shipped(GIDEON_ID), shipped(rhox)], [shipped(LILIANA)]]
    placed = {fig(1, GIDEON_ID): Hex(0, -6), fig(2, LILIANA): Hex(0, 7),
              fig(1, rhox, 1): LOW, fig(1, rhox, 2): HIGH, fig(1, rhox, 3): Hex(4, 0)}
    level = position(armies, placed, field=hex_field(radius=8, cells={HIGH: 5}))
    assert level.stat("defense_dice", fig(1, rhox, 1)).total == 3  # 4 levels up: adjacent
    ledge = position(armies, placed, field=hex_field(radius=8, cells={HIGH: 6}))
    for n in (1, 2):
        value = ledge.stat("defense_dice", fig(1, rhox, n))
        assert value.total == 2
        assert not [s for s in value.sources if s[0].startswith("Battle Formation")]
