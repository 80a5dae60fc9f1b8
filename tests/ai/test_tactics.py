"""Small positions where one move is clearly best; the greedy and hard AIs find it: the kill
shot from higher ground, the step onto the Glyph of Power, staying out of a leaving-engagement
attack and out of a fall that could destroy the figure."""

from __future__ import annotations

import pytest

from arena.ai.levels import make_controller
from arena.engine import Attack, EndMove, Game, GlyphSpec, MoveFigure, PlayerSetup
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

AIS = ["greedy", "hard"]


def _choose(level: str, game: Game) -> object:
    return make_controller(level, 1).choose(game.view(game.to_act), game.legal_actions())


def _game(cells: dict[Hex, int | str], placed: dict[str, Hex], damage: dict[str, int],
          chosen: str, glyphs: tuple[GlyphSpec, ...] = (), radius: int = 6) -> Game:
    field = hex_field(radius=radius, cells=cells, glyphs=glyphs)
    me = [planeswalker("gideon"), squad("rhox")]
    them = [planeswalker("jace", life=7, attack=5, defense=3, range=7, height=4),
            squad("zombies", defense=3)]
    return Game.from_position(field, [PlayerSetup(me), PlayerSetup(them)], placed,
                              damage=damage, turn=3, active=1, phase="pre_move",
                              chosen=chosen, seed=1)


@pytest.mark.parametrize("level", AIS)
def test_kill_shot_from_higher_ground(level: str) -> None:
    # Jace has 1 life left; of the spaces next to him only 2,0 is a hill (one more die).
    game = _game({Hex(2, 0): 3}, {"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0),
                                  "p2.jace": Hex(3, 0)}, {"p2.jace": 6}, "p1:rhox")
    assert _choose(level, game) == MoveFigure("p1.rhox.1", Hex(2, 0))
    game.apply(MoveFigure("p1.rhox.1", Hex(2, 0)))
    choice = _choose(level, game)
    if isinstance(choice, EndMove):  # the same: attacking ends the move anyway
        game.apply(choice)
        choice = _choose(level, game)
    assert choice == Attack("p1.rhox.1", "p2.jace")


@pytest.mark.parametrize("level", AIS)
def test_steps_onto_the_glyph_of_power(level: str) -> None:
    # Nothing to attack within reach this turn or the next; the glyph is two spaces away.
    glyph = GlyphSpec(Hex(1, 2), "power")
    game = _game({}, {"p1.gideon": Hex(-4, 8), "p1.rhox.1": Hex(0, 4),
                      "p2.jace": Hex(0, -8), "p2.zombies.1": Hex(8, -8)}, {}, "p1:rhox",
                 (glyph,), radius=8)
    assert _choose(level, game) == MoveFigure("p1.rhox.1", Hex(1, 2))


@pytest.mark.parametrize("level", AIS)
def test_does_not_walk_away_from_an_engagement_on_its_last_life(level: str) -> None:
    # Gideon (1 life left) is engaged with a zombie: leaving provokes a one-die attack.
    game = _game({}, {"p1.gideon": Hex(0, 0), "p2.zombies.1": Hex(1, 0),
                      "p2.jace": Hex(0, -5), "p1.rhox.1": Hex(-4, 5)}, {"p1.gideon": 5},
                 "p1:gideon")
    assert all(r.provokes for p, r in game.reachable_spaces("p1.gideon").items()
               if max(abs(p.q - 1), abs(p.r), abs(p.q - 1 + p.r)) > 1)
    for _ in range(4):  # moving round the zombie (still engaged) is fine; leaving is not
        choice = _choose(level, game)
        if isinstance(choice, MoveFigure):
            reach = game.reachable_spaces("p1.gideon")[choice.to]
            assert not reach.provokes, f"{level} walked away: {choice}"
        elif not isinstance(choice, EndMove):
            break
        game.apply(choice)
    assert choice == Attack("p1.gideon", "p2.zombies.1")


@pytest.mark.parametrize("level", AIS)
def test_does_not_jump_into_a_fall_on_its_last_life(level: str) -> None:
    # Gideon stands on a tall pillar with a staircase down to the east; jumping off anywhere
    # else is a fall (one die, a hit destroys him).
    cells: dict[Hex, int | str] = {Hex(0, 0): 7, Hex(1, 0): 6, Hex(2, 0): 5, Hex(3, 0): 4,
                                   Hex(4, 0): 3, Hex(5, 0): 2}
    game = _game(cells, {"p1.gideon": Hex(0, 0), "p2.jace": Hex(-5, 5),
                         "p1.rhox.1": Hex(-4, 0)}, {"p1.gideon": 5}, "p1:gideon")
    assert any(r.falls for r in game.reachable_spaces("p1.gideon").values())
    choice = _choose(level, game)
    if isinstance(choice, MoveFigure):
        assert not game.reachable_spaces("p1.gideon")[choice.to].falls, choice
