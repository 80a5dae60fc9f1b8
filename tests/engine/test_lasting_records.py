"""Lasting effects are typed frozen records on the state (`arena.engine.lasting_records`), and
their plain form in a save is, byte for byte, the dictionaries they replaced: saves written
before load to the same records and the same digest."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter
from types import MappingProxyType
from typing import Any

import pytest
import test_soak as soak
from abilities_kit import GIDEON, JACE, fig, position, shipped
from abilities_kit import spell_card as card

from arena.engine import Game, new_game
from arena.engine.actions import PlaySpell
from arena.engine.errors import SetupError
from arena.engine.lasting_records import (
    ControlGrant,
    CounteredSpell,
    Detention,
    Job,
    Lasting,
    QueuedCast,
    QueuedFlip,
    QueuedTrigger,
    StatChange,
    StatSwitch,
    StolenTurn,
    SuspendedJob,
    Until,
)
from arena.engine.persist import canonical_json, state_digest, state_from_data, state_to_data
from arena.engine.testkit import random_policy
from arena.engine.vocab import Stat
from arena.hexgrid import Hex

RHOX, PHANTOMS, PROJ = "rhox-veterans", "leyline-phantoms", "illusionary-projections"
G, J = fig(1, GIDEON), fig(2, JACE)

SCOPE = {"player": 2, "label": "Psychic Rebuttal", "card": "p2:jace-beleren-mindmage",
         "ability": None, "spell": "p2/psychic-rebuttal", "selves": ["p2.jace-beleren-mindmage"],
         "attacker": None, "defender": None, "target": None, "target_hexes": ["0,5"],
         "numbers": {"excess_shields": 1}, "countering": "p1/rage"}

OLD_EXTRA: dict[str, Any] = {
    "abl.mods": [
        {"figure": "p1.gideon-jura-combat-mage", "stat": "attack", "amount": 2,
         "source": "Rage", "until": "turn", "turn": 3},
        {"figure": "p1.rhox-veterans.1", "stat": "defense", "amount": -1, "source": "Curse",
         "until": "attack", "turn": 3},
        {"figure": "p1.rhox-veterans.2", "stat": "life", "amount": 1, "source": "Blessing",
         "until": "permanent", "turn": 2},
    ],
    "abl.switch": [{"figure": "p2.leyline-phantoms.1", "stats": ["attack", "defense"],
                    "source": "Twisted Image"}],
    "abl.attacks": {"p1.gideon-jura-combat-mage": 1, "p1.rhox-veterans.1": -1,
                    "p1.rhox-veterans.2": 0},
    "abl.control": [{"figure": "p2.leyline-phantoms.2", "player": 1, "until": "next_turn",
                     "turn": 3},
                    {"figure": "p2.leyline-phantoms.3", "player": 1, "until": "turn",
                     "turn": 3}],
    "abl.detain": [{"seat": 2, "cards": ["p2:leyline-phantoms", "p2:illusionary-projections"],
                    "active": False}],
    "abl.stolen": {"figure": "p2.jace-beleren-mindmage", "card": "p2:jace-beleren-mindmage",
                   "player": 1, "chosen": None},
    "abl.queue": [
        {"kind": "trigger", "card": "p2:jace-beleren-mindmage", "ability": "mind-spike",
         "scope": SCOPE},
        {"kind": "hidden", "card": "p2:jace-beleren-mindmage", "spell": "p2/psychic-rebuttal",
         "scope": SCOPE},
        {"kind": "cast", "spell": "p1/rage", "player": 1,
         "preset": {"spell/rage/effects/0": ["p1.gideon-jura-combat-mage"]}, "attach": None},
        {"kind": "cast", "spell": "p1/honor", "player": 1, "preset": {},
         "attach": "p1:rhox-veterans"},
    ],
    "abl.suspended": [
        {"job": {"scope": SCOPE, "frames": [[["spell", "rage", "effects"], 1],
                                            [["spell", "gamble", "effects", 0, "then"], 0]],
                 "answers": {"t0": "p2.leyline-phantoms.1"},
                 "preset": {"spell/rage/effects/0": ["p1.gideon-jura-combat-mage"]},
                 "done": {"kind": "spell", "spell": "p1/rage", "player": 1}}},
        {"job": {"scope": SCOPE, "frames": [], "answers": {}, "preset": {}, "done": None}},
    ],
    "abl.countered": [{"spell": "p1/rage", "by": "Psychic Rebuttal"}],
}
"""Every lasting effect as the engine wrote it when they were dictionaries under these keys."""


def _plain_containers(value: Any, where: str = "lasting") -> list[str]:
    """Where a changeable dict or list sits in a lasting value (a record should be there, or
    frozen plain data)."""
    if isinstance(value, (dict, list)):
        return [f"{where} is a {type(value).__name__}"]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [p for f in dataclasses.fields(value)
                for p in _plain_containers(getattr(value, f.name), f"{where}.{f.name}")]
    if isinstance(value, MappingProxyType):
        return [p for k, v in value.items() for p in _plain_containers(v, f"{where}[{k!r}]")]
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in _plain_containers(v, f"{where}[{i}]")]
    return []


# --- the plain form ------------------------------------------------------------------------


def test_every_record_reads_the_old_plain_form_and_writes_it_back_unchanged() -> None:
    lasting = Lasting.from_plain(OLD_EXTRA)
    assert lasting.to_plain() == OLD_EXTRA
    assert canonical_json(lasting.to_plain()) == canonical_json(OLD_EXTRA)
    assert list(lasting.to_plain()) == list(OLD_EXTRA)  # the keys in the same order too
    assert _plain_containers(lasting) == []
    assert lasting.changes[1] == StatChange("p1.rhox-veterans.1", Stat.DEFENSE, -1, "Curse",
                                            Until.ATTACK, 3)
    assert lasting.switches == (StatSwitch("p2.leyline-phantoms.1", (Stat.ATTACK, Stat.DEFENSE),
                                           "Twisted Image"),)
    assert lasting.attacks_of("p1.rhox-veterans.1") == -1
    assert lasting.attacks_of("p2.jace-beleren-mindmage") == 0
    assert lasting.control[0] == ControlGrant("p2.leyline-phantoms.2", 1, Until.NEXT_TURN, 3)
    assert lasting.detentions == (Detention(2, ("p2:leyline-phantoms",
                                                "p2:illusionary-projections"), False),)
    assert lasting.stolen == StolenTurn("p2.jace-beleren-mindmage", "p2:jace-beleren-mindmage",
                                        1, None)
    assert [type(q) for q in lasting.queue] == [QueuedTrigger, QueuedFlip, QueuedCast,
                                                QueuedCast]
    assert all(isinstance(s, SuspendedJob) and isinstance(s.job, Job)
               for s in lasting.suspended)
    assert lasting.countered == (CounteredSpell("p1/rage", "Psychic Rebuttal"),)


def test_each_key_alone_round_trips_and_nothing_is_written_for_what_is_empty() -> None:
    assert Lasting().to_plain() == {}
    assert Lasting.from_plain({}) == Lasting()
    for key, value in OLD_EXTRA.items():
        assert Lasting.from_plain({key: value}).to_plain() == {key: value}, key


def test_a_suspended_job_thaws_to_a_changeable_copy_that_does_not_reach_the_record() -> None:
    lasting = Lasting.from_plain(OLD_EXTRA)
    job = lasting.suspended[0].job.thaw()
    assert job == OLD_EXTRA["abl.suspended"][0]["job"]
    job["frames"][0][1] = 7
    job["answers"]["t1"] = "p1.rhox-veterans.1"
    assert lasting.to_plain() == OLD_EXTRA


def test_a_save_with_every_lasting_effect_loads_to_equal_records_and_the_same_digest() -> None:
    game = _duel()
    game.state.set_lasting(Lasting.from_plain(OLD_EXTRA))
    data = json.loads(json.dumps(state_to_data(game.state)))
    assert data["extra"] == OLD_EXTRA
    loaded = state_from_data(data, game.state.static)
    assert loaded.lasting == game.state.lasting
    assert state_digest(loaded) == state_digest(game.state)


@pytest.mark.parametrize(("extra", "says"), [
    ({"abl.mods": [{"figure": "p1.gideon-jura-combat-mage", "stat": "attack"}]}, "'amount'"),
    ({"abl.mods": [{**OLD_EXTRA["abl.mods"][0], "stat": "speed"}]}, "'speed'"),
    ({"abl.control": [{**OLD_EXTRA["abl.control"][0], "until": "forever"}]}, "'forever'"),
    ({"abl.queue": [{"kind": "dance", "card": "p1:rhox-veterans"}]}, "'dance'"),
    ({"abl.timers": []}, "abl.timers"),
])
def test_a_damaged_lasting_effect_in_a_save_is_refused_with_a_message(
        extra: dict[str, Any], says: str) -> None:
    game = _duel()
    data = json.loads(json.dumps(state_to_data(game.state)))
    data["extra"] = extra
    with pytest.raises(SetupError, match="lasting effects") as refused:
        state_from_data(data, game.state.static)
    assert says in str(refused.value)


# --- in play -------------------------------------------------------------------------------

RAGE = card("rage", colour="white", effects=[
    {"effect": "modify", "stat": "attack", "amount": 2, "select": {"relation": "own"}}])
SEIZE = card("seize", colour="white", effects=[
    {"effect": "gain_control", "duration": "until_end_of_next_turn",
     "select": {"relation": "opposing", "card_kind": ["squad"], "within": 8}}])
DETAIN = card("detain", colour="white", effects=[
    {"effect": "forbid_choice", "select": {"relation": "opposing", "card_kind": ["squad"]}}])


def _duel(hand: tuple[Any, ...] = ()) -> Game:
    return position([[shipped(GIDEON), shipped(RHOX)],
                     [shipped(JACE), shipped(PHANTOMS), shipped(PROJ)]],
                    {G: Hex(0, 0), J: Hex(0, 5), fig(2, PHANTOMS, 1): Hex(2, 2)},
                    hands=[hand, []], phase="pre_move", chosen=f"p1:{GIDEON}")


def _play(game: Game, spell: str) -> None:
    game.apply(next(a for a in game.legal_actions()
                    if isinstance(a, PlaySpell) and a.spell == f"p1/{spell}"))


def test_modify_gain_control_and_detain_leave_records_that_a_save_keeps_as_before() -> None:
    game = _duel((RAGE, SEIZE, DETAIN))
    for spell in ("rage", "seize", "detain"):
        _play(game, spell)
        assert _plain_containers(game.state.lasting) == []
    lasting = game.state.lasting
    assert lasting.changes == (StatChange(G, Stat.ATTACK, 2, "Rage", Until.TURN, 3),)
    assert lasting.control == (ControlGrant(fig(2, PHANTOMS, 1), 1, Until.NEXT_TURN, 3),)
    assert lasting.detentions == (Detention(2, (f"p2:{PHANTOMS}",), False),)
    save = json.loads(json.dumps(game.to_data()))
    assert save["state"]["extra"] == {
        "abl.mods": [{"figure": G, "stat": "attack", "amount": 2, "source": "Rage",
                      "until": "turn", "turn": 3}],
        "abl.control": [{"figure": fig(2, PHANTOMS, 1), "player": 1, "until": "next_turn",
                         "turn": 3}],
        "abl.detain": [{"seat": 2, "cards": [f"p2:{PHANTOMS}"], "active": False}],
    }
    loaded = Game.from_data(save)
    assert loaded.state.lasting == lasting and _plain_containers(loaded.state.lasting) == []
    assert loaded.state_digest() == game.state_digest()
    game.apply("end-turn")  # Player 2's turn: the detention is in force, the stat change over
    assert game.state.lasting.changes == ()
    assert game.state.lasting.detentions == (Detention(2, (f"p2:{PHANTOMS}",), True),)
    assert _plain_containers(game.state.lasting) == []


def test_random_games_with_spells_keep_records_and_views_keep_them_too() -> None:
    """Seeded games with the soak test's spells (every effect primitive): after every action
    the state's and each player's view's lasting effects are records, never dicts."""
    seen: Counter[str] = Counter()
    # The four-player game is seed 9: with turns passing around the table (issue #36) seed
    # 1's Skirmish no longer detains anyone, seed 9's does.
    for players, seed in ((2, 1), (2, 5), (4, 9), (5, 3)):
        sc, field = soak.SETUPS[players]()
        game = new_game(sc, field, soak.armies(players), soak.decks(players, seed), seed=seed)
        choose = random_policy(random.Random(seed), end_turn_weight=0.15)
        while game.outcome() is None:
            game.apply(choose(game.legal_actions()))
            lasting = game.state.lasting
            assert _plain_containers(lasting) == []
            seen.update(f.name for f in dataclasses.fields(lasting) if getattr(lasting, f.name))
            if lasting.queue:
                assert _plain_containers(game.view(players).state.lasting) == []
    assert {"changes", "switches", "extra_attacks", "control", "detentions", "queue"} <= set(seen)
