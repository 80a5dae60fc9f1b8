"""Attacks through the engine: range, sight, engagement, height advantage, dice, damage,
destruction (guide Action 4, "Using the Life Number")."""

from __future__ import annotations

from typing import Any

import pytest

from arena.engine import Game, IllegalAction, ObstacleSpec, PlayerSetup, standard_rulebook
from arena.engine.dice import damage_distribution, destroy_chance
from arena.engine.events import (
    ArmyCardDestroyed,
    AttackDeclared,
    DamageDealt,
    DiceRolled,
    FigureDestroyed,
    FigureFell,
    LeavingEngagementAttacked,
    SpellDiscarded,
)
from arena.engine.rng import ScriptedRng
from arena.engine.state import Attachment, GameState
from arena.engine.testkit import hex_field, planeswalker, spell, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")
PROJ = squad("proj", life=2, range=6, height=4, target_point=3.5)


def game_with(placed: dict[str, Any], rolls: list[int] = (), **kw: Any) -> Game:  # type: ignore
    kw.setdefault("phase", "post_move")
    kw.setdefault("chosen", "p1:gideon")
    return Game.from_position(kw.pop("field", hex_field(radius=8)),
                              [PlayerSetup([GIDEON, RHOX]), PlayerSetup([JACE, PROJ])],
                              placed, turn=3, rng=ScriptedRng(list(rolls)), **kw)


def reasons(game: Game, figure: str) -> dict[str, str | None]:
    return {o.target: o.reason for o in game.attack_options(figure)}


def test_range_counts_spaces_only() -> None:
    """Guide "Range": within range, levels ignored."""
    placed = {"p1.gideon": Hex(0, -4), "p2.jace": Hex(0, 4), "p2.proj.1": Hex(0, 3)}
    game = game_with(placed, chosen="p2:jace", active=2)
    got = reasons(game, "p2.jace")
    assert got == {"p1.gideon": "out of range (8 > 7)"}
    cells: dict[Hex, int | str] = {Hex(0, -3): 5}
    game = game_with({"p1.gideon": Hex(0, -3), "p2.jace": Hex(0, 4)}, chosen="p2:jace",
                     active=2, field=hex_field(radius=8, cells=cells))
    assert reasons(game, "p2.jace") == {"p1.gideon": None}


def test_clear_sight_is_needed() -> None:
    """Guide "Line of sight": no attack without a clear line to the hit zone; the answer
    names the first blocker."""
    wall = ObstacleSpec("ruin-a", "ruin", (Hex(0, 1), Hex(1, 1), Hex(-1, 1), Hex(-1, 2),
                                            Hex(1, 0), Hex(-2, 2)), 8)
    placed = {"p1.gideon": Hex(0, -1), "p2.jace": Hex(0, 3)}
    game = game_with(placed, chosen="p2:jace", active=2,
                     field=hex_field(radius=8, obstacles=[wall]))
    reason = reasons(game, "p2.jace")["p1.gideon"]
    assert reason is not None and reason.startswith("no clear sight: blocked by ruin-a at [")
    assert not game.sight("p2.jace", "p1.gideon").clear
    with pytest.raises(IllegalAction, match="no clear sight"):
        game.apply("attack p2.jace p1.gideon")


def test_engaged_figure_attacks_only_what_it_is_engaged_with() -> None:
    """Guide "Engaged figures": an engaged figure may attack only figures it is engaged
    with."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(1, 0), "p2.jace": Hex(0, 3),
              "p2.proj.1": Hex(0, 1)}
    game = game_with(placed, chosen="p2:proj", active=2)
    got = reasons(game, "p2.proj.1")
    assert got["p1.gideon"] is None
    assert got["p1.rhox.1"] is None  # adjacent too
    game2 = game_with({**placed, "p2.proj.1": Hex(-1, 1)}, chosen="p2:jace", active=2)
    assert reasons(game2, "p2.jace")["p1.gideon"] is None
    placed3 = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(4, 0), "p2.jace": Hex(0, 3),
               "p2.proj.1": Hex(0, 1)}
    game3 = game_with(placed3, chosen="p2:proj", active=2)
    assert reasons(game3, "p2.proj.1")["p1.rhox.1"] == "engaged with another figure"


def test_height_advantage_adds_a_die_to_the_higher_figure() -> None:
    """Guide "Height advantage": the higher base rolls one more die, to attack or defend;
    water counts lower."""
    cells: dict[Hex, int | str] = {Hex(0, 0): 3}
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 3)},
                     field=hex_field(radius=8, cells=cells), chosen="p2:jace", active=2)
    option = game.attack_options("p2.jace")[0]
    assert (option.attack_dice, option.defense_dice) == (5, 6)
    assert option.defense_sources == (("height advantage", 1),)
    game = game_with({"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)},
                     field=hex_field(radius=8, cells={Hex(1, 0): "w1"}))
    option = game.attack_options("p1.gideon")[0]
    assert option.attack_sources == (("height advantage", 1),) and option.attack_dice == 4


def test_hits_minus_shields_is_damage_on_the_card_for_unique_figures() -> None:
    """Guide "How to attack" 2-3: roll attack then defense; unblocked hits are damage; a
    unique figure's markers go on its army card."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}
    game = game_with(placed, [HIT, HIT, HIT, SHIELD, BLANK, BLANK])
    events = game.apply("attack p1.gideon p2.jace")
    declared = events[0]
    assert isinstance(declared, AttackDeclared) and declared.attack_dice == 3
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert dealt[0].amount == 2 and dealt[0].on_card
    assert game.state.figures["p2.jace"].damage == 2


def test_each_roll_reads_as_the_faces_it_counts() -> None:
    """Guide "How to attack" 3: "for attack rolls, the attacker counts only crossed weapons
    symbols. For defense rolls, the defender counts only shields." The log reads each roll
    that way: a defense roll as shields and blanks (its crossed weapons block nothing, and
    "hit" on the defender's side read as if the defender had struck), an attack roll as
    hits and blanks; the faces in the event stay as rolled."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}
    game = game_with(placed, [HIT, SHIELD, BLANK, HIT, SHIELD, BLANK])
    rolls = [e for e in game.apply("attack p1.gideon p2.jace") if isinstance(e, DiceRolled)]
    attack, defense = rolls
    assert attack.faces == defense.faces == ("hit", "shield", "blank")
    assert attack.describe() == "Player 1 rolled 3 attack dice: hit, blank, blank."
    assert defense.describe() == "Player 2 rolled 3 defense dice: blank, shield, blank."
    crypt = DiceRolled(1, "cryptolith defense", ("shield", "hit"))
    assert crypt.describe() == "Player 1 rolled 2 cryptolith defense dice: shield, blank."
    # one die against a figure: a hit is damage, any other face a blank
    fell = FigureFell("p1.rhox.1", "Rhox", 5, "shield", 0)
    assert fell.describe() == "Rhox fell 5 levels (blank: no damage)."
    left = LeavingEngagementAttacked("p2.jace", "Jace", "p1.rhox.1", "Rhox", "shield", 0)
    assert "(blank: no damage)" in left.describe()


def test_common_squad_damage_goes_on_the_figure() -> None:
    """Guide "How to attack": a common figure's markers go on its base."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5), "p2.proj.1": Hex(1, 0)}
    game = game_with(placed, [HIT, SHIELD, BLANK, BLANK, BLANK])
    events = game.apply("attack p1.gideon p2.proj.1")
    dealt = [e for e in events if isinstance(e, DamageDealt)]
    assert dealt[0].amount == 1 and not dealt[0].on_card


def test_destroyed_at_life_and_the_last_figure_takes_its_card_and_enchantments() -> None:
    """Guide "Using the Life Number": destroyed at life; figure graveyard; the army card goes
    to the army-card graveyard when all its figures are destroyed, its enchantments to their
    owners' graveyards."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 5), "p2.proj.1": Hex(1, 0),
              "p2.proj.2": Hex(-1, 0)}
    game = Game.from_position(
        hex_field(radius=8),
        [PlayerSetup([GIDEON, RHOX]), PlayerSetup([JACE, PROJ], hand=[spell("aura")])],
        placed, turn=3, phase="post_move", chosen="p1:gideon",
        rng=ScriptedRng([HIT, HIT, HIT, BLANK, BLANK]))
    state: GameState = game.state
    p2 = state.players[2]
    state.set_player(2, type(p2)(hand=()))
    state.set_card("p2:proj", type(state.cards["p2:proj"])(
        zone="play", enchantments=(Attachment("p2/aura"),)))
    events = game.apply("attack p1.gideon p2.proj.1")
    assert any(isinstance(e, FigureDestroyed) for e in events)
    assert game.state.figures["p2.proj.1"].zone == "graveyard"
    assert game.state.cards["p2:proj"].zone == "play"  # proj.2 still stands
    game.state.set_figure("p2.proj.2", type(game.state.figures["p2.proj.2"])("graveyard"))
    game.state.set_figure("p2.proj.3", type(game.state.figures["p2.proj.3"])("graveyard"))
    from arena.engine.context import Ctx
    from arena.engine.effects import destroy_figure

    ctx = Ctx(game.state)
    destroy_figure(ctx, "p2.proj.2", "test")
    assert any(isinstance(e, ArmyCardDestroyed) for e in ctx.events)
    assert any(isinstance(e, SpellDiscarded) for e in ctx.events)
    assert game.state.cards["p2:proj"].zone == "graveyard"
    assert game.state.players[2].graveyard == ("p2/aura",)


def test_each_figure_attacks_once_unless_an_ability_adds_attacks() -> None:
    """Guide "How to attack": each figure can attack only once; some abilities allow more
    (attack allowances)."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}
    game = game_with(placed, [BLANK] * 6)
    game.apply("attack p1.gideon p2.jace")
    with pytest.raises(IllegalAction, match="already attacked"):
        game.apply("attack p1.gideon p2.jace")
    rules = standard_rulebook()
    rules.register_attack_allowance(lambda state, fid: 1 if fid == "p1.gideon" else 0)
    game = game_with(placed, [BLANK] * 12, rules=rules)
    game.apply("attack p1.gideon p2.jace")
    game.apply("attack p1.gideon p2.jace")
    with pytest.raises(IllegalAction):
        game.apply("attack p1.gideon p2.jace")


def test_only_the_chosen_cards_figures_attack() -> None:
    """Guide Action 4: figures on your chosen army card attack."""
    placed = {"p1.gideon": Hex(0, 0), "p1.rhox.1": Hex(-1, 1), "p2.jace": Hex(0, 1)}
    game = game_with(placed)
    with pytest.raises(IllegalAction, match="chosen army card"):
        game.apply("attack p1.rhox.1 p2.jace")


def test_damage_odds_are_exact() -> None:
    """Design note: the exact damage distribution of an attack and P(destroy)."""
    placed = {"p1.gideon": Hex(0, 0), "p2.jace": Hex(1, 0)}
    game = game_with(placed, damage={"p2.jace": 5})
    odds = game.damage_odds("p1.gideon", "p2.jace")
    assert odds.distribution == damage_distribution(3, 3)
    assert odds.life_left == 2 and odds.destroy == destroy_chance(3, 3, 2)
