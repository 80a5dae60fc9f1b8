"""The closed vocabularies (`arena.engine.vocab`): members in the state, bare text in saves."""

from __future__ import annotations

import json

import pytest

from arena.engine import Game, PlayerSetup, SetupError
from arena.engine.persist import canonical_json
from arena.engine.testkit import hex_field, planeswalker
from arena.engine.vocab import PLAYER_PHASES, Phase
from arena.hexgrid import Hex

GIDEON, JACE = planeswalker("gideon"), planeswalker("jace")


def duel(phase: Phase | str = "pre_move") -> Game:
    return Game.from_position(hex_field(radius=5), [PlayerSetup([GIDEON]), PlayerSetup([JACE])],
                              {"p1.gideon": Hex(0, 0), "p2.jace": Hex(0, 4)}, turn=2,
                              phase=phase, chosen="p1:gideon")


def test_a_phase_given_as_text_becomes_the_member() -> None:
    game = duel("pre_move")
    assert game.phase is Phase.PRE_MOVE and game.pending.phase is Phase.PRE_MOVE


def test_a_save_writes_the_bare_name_and_loads_the_member() -> None:
    """Saves written before phases were members must load, and new saves read the same."""
    game = duel()
    game.apply("end-move")
    data = json.loads(json.dumps(game.to_data()))
    assert data["state"]["phase"] == "post_move" and type(data["state"]["phase"]) is str
    assert '"phase":"post_move"' in canonical_json(game.to_data()["state"])
    loaded = Game.from_data(data)
    assert loaded.state.phase is Phase.POST_MOVE
    assert loaded.state_digest() == game.state_digest()
    assert Game.replay(data).state.phase is Phase.POST_MOVE


def test_a_member_is_its_text() -> None:
    """Equality, hashing and JSON are the plain string's, so tables keyed either way agree."""
    assert Phase.ATTACK == "attack" and hash(Phase.ATTACK) == hash("attack")
    assert json.dumps({"p": Phase.ATTACK}) == json.dumps({"p": "attack"})
    assert f"{Phase.ATTACK}" == "attack" and "attack" in PLAYER_PHASES


def test_an_unknown_phase_is_refused_with_the_names() -> None:
    with pytest.raises(SetupError, match="no phase 'moving'.*pre_move"):
        duel("moving")
    data = duel().to_data()
    data["state"]["phase"] = "moving"
    with pytest.raises(SetupError, match="phase 'moving' is not one of .*post_attack"):
        Game.from_data(data)
