"""Shadows over Innistrad "Cryptoliths" through the engine: attacking and destroying them, the
figure on top dropping, moving onto and off them, engagement, height advantage and the
cryptolith points (rules summary, CRYPTOLITHS)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arena.engine import Game, IllegalAction, ObstacleSpec, PlayerSetup, cryptoliths
from arena.engine.board import CRYPTOLITH_HEIGHT
from arena.engine.defs import HitZoneData
from arena.engine.events import (
    AttackDeclared,
    CryptolithDamaged,
    CryptolithDestroyed,
    DamageDealt,
    FigureFell,
)
from arena.engine.rng import ScriptedRng
from arena.engine.sight import line_of_sight
from arena.engine.state import ObstacleState
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
ARCHER = planeswalker("archer", range=6)
SCOUT = planeswalker("scout", height=1, target_point=0.5, hit_zone=HitZoneData(0.0, 1.0),
                     range=4)
RHOX = squad("rhox")
BIRDS = squad("birds", height=3, move=4, abilities=({"kind": "keyword", "keyword": "flying"},))
CRYPT = ObstacleSpec("c1", "cryptolith", (Hex(2, 0),), CRYPTOLITH_HEIGHT)


def game_with(placed: dict[str, Any], rolls: list[int] = (),  # type: ignore[assignment]
              obstacles: list[ObstacleSpec] | None = None, **kw: Any) -> Game:
    kw.setdefault("phase", "pre_move")
    kw.setdefault("chosen", "p1:gideon")
    p1 = kw.pop("p1", PlayerSetup([GIDEON, RHOX, BIRDS]))
    p2 = kw.pop("p2", PlayerSetup([JACE]))
    field = hex_field(radius=6, obstacles=obstacles if obstacles is not None else [CRYPT],
                      cells=kw.pop("cells", None))
    return Game.from_position(field, [p1, p2], placed, turn=3, rng=ScriptedRng(list(rolls)),
                              **kw)


def option(game: Game, attacker: str, target: str) -> Any:
    return next(o for o in game.attack_options(attacker) if o.target == target)


# --- attacking and destroying --------------------------------------------------------------


def test_a_cryptolith_is_listed_as_a_target_with_toughness_four() -> None:
    """Summary: "Cryptoliths have toughness 4, life 3" and "can be attacked and destroyed"."""
    game = game_with({"p1.gideon": Hex(1, 0), "p2.jace": Hex(0, 5)})
    opt = option(game, "p1.gideon", "crypt:c1")
    assert opt.possible and (opt.attack_dice, opt.defense_dice) == (3, 4)
    assert opt.name == "Cryptolith c1"
    assert "attack p1.gideon crypt:c1" in [a.text() for a in game.legal_actions()]
    odds = game.damage_odds("p1.gideon", "crypt:c1")
    assert (odds.attack_dice, odds.defense_dice, odds.life_left) == (3, 4, 3)
    far = game_with({"p1.gideon": Hex(-3, 0), "p2.jace": Hex(0, 5)})
    assert option(far, "p1.gideon", "crypt:c1").reason == "out of range (5 > 1)"


def test_damage_markers_go_on_it_and_the_third_destroys_it() -> None:
    """Summary: "When the cryptolith is dealt damage, place the damage markers on it. When the
    third damage marker is placed, it is destroyed; remove it from the game"."""
    placed = {"p1.gideon": Hex(-4, 0), "p1.rhox.1": Hex(3, 0), "p1.rhox.2": Hex(3, -1),
              "p2.jace": Hex(0, 5)}
    rolls = [HIT, BLANK, BLANK] + [BLANK] * 4 + [HIT, HIT, BLANK] + [BLANK] * 4
    game = game_with(placed, rolls, chosen="p1:rhox", p1=PlayerSetup([GIDEON, RHOX]))
    events = game.apply("attack p1.rhox.1 crypt:c1")
    declared = next(e for e in events if isinstance(e, AttackDeclared))
    assert declared.target == "crypt:c1" and declared.defense_dice == 4
    damaged = [e for e in events if isinstance(e, CryptolithDamaged)]
    assert [(e.amount, e.total, e.life) for e in damaged] == [(1, 1, 3)]
    assert cryptoliths.damage_on(game.state, "c1") == 1
    assert game.damage_odds("p1.rhox.2", "crypt:c1").life_left == 2
    events = game.apply("attack p1.rhox.2 crypt:c1")
    names = [type(e).__name__ for e in events]
    assert names[-2:] == ["CryptolithDamaged", "CryptolithDestroyed"]
    assert game.state.obstacles["c1"] == ObstacleState(3, True)
    assert "c1" not in game.state.board.obstacles
    assert "c1" in game.state.static.field.board.obstacles  # the battlefield itself is kept
    assert cryptoliths.standing(game.state) == []
    game.state.set_turn(attacks=())
    assert not any(o.target == "crypt:c1" for o in game.attack_options("p1.rhox.1"))
    with pytest.raises(IllegalAction, match="destroyed"):
        game.apply("attack p1.rhox.1 crypt:c1")


def test_a_figure_on_top_cannot_attack_that_cryptolith() -> None:
    """Summary: "A figure cannot attack a cryptolith while it is on the top space of that
    cryptolith"."""
    game = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(0, 5)})
    assert option(game, "p1.gideon", "crypt:c1").reason == (
        "a figure cannot attack the cryptolith it stands on")
    with pytest.raises(IllegalAction, match="stands on"):
        game.apply("attack p1.gideon crypt:c1")


def test_an_engaged_figure_cannot_attack_a_cryptolith() -> None:
    """Guide "Engaged figures": "your figure may attack only those figures"."""
    game = game_with({"p1.gideon": Hex(1, 0), "p2.jace": Hex(0, 1)})
    assert game.engaged_with("p1.gideon") == {"p2.jace"}
    assert "engaged" in (option(game, "p1.gideon", "crypt:c1").reason or "")


def test_sight_to_the_cryptolith_counts_its_whole_height() -> None:
    """Summary: "When checking for LOS, the entire cryptolith is a hit zone": a wall that
    hides a figure behind it leaves the tall cryptolith's upper part in sight; a wall taller
    than it hides it."""
    low_wall = ObstacleSpec("wall", "ruin", (Hex(1, 0),), 6)
    crypt = ObstacleSpec("c1", "cryptolith", (Hex(2, 0),), CRYPTOLITH_HEIGHT)
    game = game_with({"p1.archer": Hex(-2, 0), "p2.jace": Hex(0, 5), "p2.rhox.1": Hex(3, 1)},
                     obstacles=[low_wall, crypt], chosen="p1:archer",
                     p1=PlayerSetup([ARCHER]), p2=PlayerSetup([JACE, RHOX]))
    assert option(game, "p1.archer", "crypt:c1").possible
    tall = ObstacleSpec("wall", "ruin", (Hex(1, 0),), 14)
    game = game_with({"p1.archer": Hex(0, 0), "p2.jace": Hex(0, 5)}, obstacles=[tall, crypt],
                     chosen="p1:archer", p1=PlayerSetup([ARCHER]))
    reason = option(game, "p1.archer", "crypt:c1").reason
    assert reason is not None and "no clear sight" in reason and "wall" in reason


# --- the figure on top ---------------------------------------------------------------------


def test_a_figure_on_top_drops_and_checks_for_a_fall() -> None:
    """Summary: "Any figure on top of the cryptolith when the cryptolith is destroyed is placed
    on the space the cryptolith previously occupied. Check to see if the figure takes falling
    damage" (guide "Falling": a drop of its height or more, one die, a hit is 1 damage)."""
    placed = {"p1.gideon": Hex(1, 0), "p2.jace": Hex(2, 0)}
    game = game_with(placed, [HIT, HIT, HIT, BLANK, BLANK, BLANK, BLANK, HIT])
    assert game.state.body("p2.jace").base == 1 + CRYPTOLITH_HEIGHT
    assert game.engaged_with("p1.gideon") == frozenset()  # 9 levels apart: not adjacent
    events = game.apply("attack p1.gideon crypt:c1")
    destroyed = next(e for e in events if isinstance(e, CryptolithDestroyed))
    assert destroyed.dropped == "Jace" and destroyed.at == Hex(2, 0)
    fell = next(e for e in events if isinstance(e, FigureFell))
    assert (fell.levels, fell.damage) == (CRYPTOLITH_HEIGHT, 1)
    assert any(isinstance(e, DamageDealt) and e.source == "a fall" for e in events)
    assert game.state.figures["p2.jace"].hexes == (Hex(2, 0),)
    assert game.state.body("p2.jace").base == 1
    assert game.state.figures["p2.jace"].damage == 1
    assert game.engaged_with("p1.gideon") == {"p2.jace"}  # now side by side


def test_no_fall_into_water_below_a_destroyed_cryptolith() -> None:
    """Guide "Falling": falling rules do not apply onto a water space."""
    placed = {"p1.gideon": Hex(1, 0), "p2.jace": Hex(2, 0)}
    game = game_with(placed, [HIT, HIT, HIT, BLANK, BLANK, BLANK, BLANK],
                     cells={Hex(2, 0): "w1"})
    events = game.apply("attack p1.gideon crypt:c1")
    assert not any(isinstance(e, FigureFell) for e in events)
    assert game.state.figures["p2.jace"].damage == 0


# --- moving --------------------------------------------------------------------------------


def test_scaling_up_and_down_counts_four_through_the_engine() -> None:
    """Summary: "you may choose to scale it to get to the top space. Count 4 spaces" and "it
    counts as 4 spaces to scale down ... Alternatively, a figure can move off of the top space
    of the cryptolith using normal movement rules" (a drop of 9: a fall check)."""
    game = game_with({"p1.gideon": Hex(1, 0), "p2.jace": Hex(0, 5)})
    reach = game.reachable_spaces("p1.gideon")[Hex(2, 0)]
    assert reach.cost == 4 and reach.falls == ()
    over = game.clone()  # over the top: 4 up, then scaling down (4) is too far; stepping off
    over.state.rng = ScriptedRng([SHIELD])  # (1) is a fall of 9
    events = over.apply("move p1.gideon 3,0 via 1,0 2,0 3,0")
    assert [e.levels for e in events if isinstance(e, FigureFell)] == [CRYPTOLITH_HEIGHT]
    assert over.state.figures["p1.gideon"].damage == 0
    game.apply("move p1.gideon 2,0")
    assert game.state.body("p1.gideon").base == 1 + CRYPTOLITH_HEIGHT
    down = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(0, 5)}, [HIT])
    reaches = down.reachable_spaces("p1.gideon")
    assert (reaches[Hex(3, 0)].cost, reaches[Hex(3, 0)].falls) == (4, ())  # scaled down
    jump = reaches[Hex(6, 0)]  # only stepping off (1) leaves enough for three more spaces
    assert (jump.cost, jump.falls) == (4, ((Hex(3, 0), CRYPTOLITH_HEIGHT),))
    events = down.apply("move p1.gideon 6,0")
    fell = next(e for e in events if isinstance(e, FigureFell))
    assert fell.levels == CRYPTOLITH_HEIGHT and down.state.figures["p1.gideon"].damage == 1


def test_a_short_cryptolith_is_climbed_normally_and_fliers_fly_onto_the_top() -> None:
    """Summary: "the top space of the cryptolith is not over the height of your figure, you may
    move onto it by counting the levels as you would normally"; "figures can fly onto the top
    space of a cryptolith"."""
    short = ObstacleSpec("c1", "cryptolith", (Hex(2, 0),), 2)
    game = game_with({"p1.gideon": Hex(1, 0), "p2.jace": Hex(0, 5)}, obstacles=[short])
    assert game.reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 3  # 2 levels + the space
    fliers = game_with({"p1.gideon": Hex(-4, 0), "p1.birds.1": Hex(0, 0), "p2.jace": Hex(0, 5)},
                       chosen="p1:birds")
    reach = fliers.reachable_spaces("p1.birds.1")[Hex(2, 0)]
    assert reach.cost == 2
    fliers.apply("move p1.birds.1 2,0")
    assert fliers.state.body("p1.birds.1").base == 1 + CRYPTOLITH_HEIGHT


def test_neighbouring_tops_are_moved_between_normally() -> None:
    """Summary: "If the top spaces of 2 cryptoliths are next to each other, you can move to the
    adjacent cryptolith normally"."""
    other = ObstacleSpec("c2", "cryptolith", (Hex(3, 0),), CRYPTOLITH_HEIGHT)
    game = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(0, 5)}, obstacles=[CRYPT, other])
    assert game.reachable_spaces("p1.gideon")[Hex(3, 0)].cost == 1


def test_a_destroyed_cryptolith_leaves_ordinary_ground_and_the_memo_knows() -> None:
    """Destroyed: "remove it from the game" -- its hex is an ordinary space again; the
    movement memo must not give the answer of the board with the cryptolith."""
    placed = {"p1.gideon": Hex(1, 0), "p2.jace": Hex(0, 5)}
    standing = game_with(placed)
    assert standing.reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 4
    gone = game_with(placed)
    gone.state.set_obstacle("c1", ObstacleState(3, True))
    assert gone.reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 1
    assert standing.clone().reachable_spaces("p1.gideon")[Hex(2, 0)].cost == 4


# --- on the top: engagement, height advantage, cryptolith points ---------------------------


def test_engagement_and_height_advantage_apply_on_the_top() -> None:
    """Summary: "All rules for being adjacent or engaged apply" and "All height advantage
    rules apply" on the top space."""
    other = ObstacleSpec("c2", "cryptolith", (Hex(3, 0),), CRYPTOLITH_HEIGHT)
    game = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(3, 0)}, obstacles=[CRYPT, other])
    assert game.engaged_with("p1.gideon") == {"p2.jace"}
    assert ("height advantage", 1) not in option(game, "p1.gideon", "p2.jace").attack_sources
    low = game_with({"p1.gideon": Hex(2, 0), "p2.jace": Hex(3, 0)})
    assert low.engaged_with("p1.gideon") == frozenset()
    opt = option(low, "p1.gideon", "p2.jace")  # adjacent: no sight needed
    assert opt.possible and ("height advantage", 1) in opt.attack_sources


def test_a_figure_on_top_may_look_from_a_cryptolith_point() -> None:
    """Summary: "A figure occupying the top space of a cryptolith may use a cryptolith point as
    a sight point instead of their sight point": a small figure on the top cannot see over the
    edge to a figure two spaces away, but from a cryptolith point it can."""
    crypt = ObstacleSpec("c1", "cryptolith", (Hex(0, 0),), CRYPTOLITH_HEIGHT)
    game = game_with({"p1.scout": Hex(0, 0), "p2.jace": Hex(2, 0)}, obstacles=[crypt],
                     chosen="p1:scout", p1=PlayerSetup([SCOUT]))
    state = game.state
    own = line_of_sight(state.board, state.body("p1.scout"), state.body("p2.jace"))
    assert not own.clear and own.blocker is not None and own.blocker.id == "c1"
    best = game.sight("p1.scout", "p2.jace")
    assert best.clear and best.from_point[2] == 1 + CRYPTOLITH_HEIGHT
    assert best.from_point in cryptoliths.cryptolith_points(state.board, Hex(0, 0))
    assert option(game, "p1.scout", "p2.jace").possible
    for target in (Hex(0, 2), Hex(-2, 0), Hex(-2, 2), Hex(2, -2), Hex(0, -2)):
        around = game_with({"p1.scout": Hex(0, 0), "p2.jace": target}, obstacles=[crypt],
                           chosen="p1:scout", p1=PlayerSetup([SCOUT]))
        assert around.sight("p1.scout", "p2.jace").clear, target
    # Abilities counting clear sight spaces may use the points too.
    assert cryptoliths.clear_sight_to_figure(state, "p1.scout", "p2.jace").clear
    assert cryptoliths.clear_sight_to_space(state, "p1.scout", Hex(2, 0)).clear


def test_the_four_cryptolith_points() -> None:
    """Our geometry: the midpoints of the top's four diagonal edges, at the top's level."""
    crypt = ObstacleSpec("c1", "cryptolith", (Hex(0, 0),), CRYPTOLITH_HEIGHT)
    game = game_with({"p1.gideon": Hex(3, 0), "p2.jace": Hex(0, 5)}, obstacles=[crypt])
    points = cryptoliths.cryptolith_points(game.state.board, Hex(0, 0))
    assert len(points) == 4
    assert all(z == 1 + CRYPTOLITH_HEIGHT for _, _, z in points)
    assert all(abs((x * x + y * y) ** 0.5 - 3 ** 0.5 / 2) < 1e-5 for x, y, _ in points)
    assert cryptoliths.sight_points(game.state, "p1.gideon") == ()


# --- saves -----------------------------------------------------------------------------------


def test_damaged_and_destroyed_cryptoliths_survive_saves_and_replays() -> None:
    """The state carries the cryptoliths (damage, destruction): a save loads to the same digest
    and a replay of the actions reproduces it."""
    placed = {"p1.gideon": Hex(1, 0), "p1.rhox.1": Hex(3, 0), "p1.rhox.2": Hex(3, -1),
              "p1.rhox.3": Hex(2, 1), "p2.jace": Hex(0, 5)}
    for seed in range(200):
        field = hex_field(radius=6, obstacles=[CRYPT])
        game = Game.from_position(field, [PlayerSetup([GIDEON, RHOX]), PlayerSetup([JACE])],
                                  placed, turn=3, phase="pre_move", chosen="p1:rhox", seed=seed)
        for i in (1, 2, 3):
            if cryptoliths.standing(game.state):
                game.apply(f"attack p1.rhox.{i} crypt:c1")
        if not cryptoliths.standing(game.state):
            break
    assert game.state.obstacles["c1"].destroyed
    save = json.loads(json.dumps(game.to_data()))
    assert save["state"]["obstacles"] == {"c1": [3, True]}
    assert Game.from_data(save).state_digest() == game.state_digest()
    assert Game.replay(save).state_digest() == game.state_digest()
    view = game.view(2)
    assert view.state.obstacles["c1"].destroyed and "c1" not in view.state.board.obstacles
