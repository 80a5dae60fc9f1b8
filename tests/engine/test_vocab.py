"""The closed vocabularies (`arena.engine.vocab`): members in the state, bare text in saves."""

from __future__ import annotations

import dataclasses
import json

import pytest
from pydantic import ValidationError

from arena.content.abilities import Modify, SwitchStats
from arena.engine import ArmyCardData, ArmyCardDef, Game, PlayerSetup, SetupError
from arena.engine.persist import canonical_json
from arena.engine.testkit import hex_field, planeswalker
from arena.engine.vocab import PLAYER_PHASES, POINT_OF, PRINTED, QUERY_POINTS, Phase, Point, Stat
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


def test_every_query_point_starts_from_a_printed_field() -> None:
    """One table says which printed number each fold starts from, and back."""
    fields = {f.name for f in dataclasses.fields(ArmyCardData)} & set(dir(ArmyCardDef))
    assert set(QUERY_POINTS) == set(Point)
    for point in Point:
        assert PRINTED[point] in fields and POINT_OF[PRINTED[point]] is point
    assert POINT_OF.get("attack") is Point.ATTACK_DICE  # effect data keep the bare name
    assert Stat.HEIGHT not in POINT_OF and Stat.DECK_COST not in POINT_OF
    assert Stat.DECK_COST.label == "deck cost"


def test_content_gives_the_engine_stat_members() -> None:
    """The content schema validates a written stat into the engine's `Stat`."""
    effect = Modify.model_validate({"effect": "modify", "stat": "move", "amount": 1})
    assert effect.stat is Stat.MOVE
    assert SwitchStats.model_validate({"effect": "switch_stats"}).stats == (
        Stat.ATTACK, Stat.DEFENSE)
    with pytest.raises(ValidationError, match="'attack', 'defense', 'move'"):
        Modify.model_validate({"effect": "modify", "stat": "defence", "amount": 1})
