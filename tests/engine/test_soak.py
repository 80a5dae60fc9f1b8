"""Random-play soak: many seeded games to the end, invariants checked after every action
(design note "Tests").

Set-ups: two players on the shipped practice field with the shipped premade armies (white,
blue, black; loaded through `arena.content`), four players in two teams on a Skirmish-like
field (glyphs shuffled face down), five players in a Melee-like free-for-all (power spaces,
scoring at the turn limit). Extra seats reuse the premade armies. The Skirmish-like field also
has Shadows over Innistrad terrain: three cryptoliths (two side by side), a road and weirded
ground (a ``hazard`` scenario); the Melee-like one weirded ground with the ``defense`` effect.

Spells: even seeds give everyone empty libraries and hands; odd seeds give each player a deck
of twelve real spell cards (`SPELLS`, written in the content vocabulary here: sorceries, auras,
hidden enchantments -- counters among them -- covering every effect primitive), drawn, played
by the random policy when offered, countered, flipped, held and discarded at the hand limit.
The shipped army cards' abilities play in every game. Turn limits are shortened
(12 to 16 player-turns) to keep the suite fast; the rules do not depend on the length.

After every action: no two figures share a space; no figure on the battlefield has as much
damage as its life; every spell card is in exactly one zone; the turn marker never goes back;
the state round-trips through plain data with an equal digest; every legal action's text
parses back to it. After every game: the whole save round-trips, and a replay from the seed
and the actions reproduces the final digest.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import lru_cache
from typing import Any

import pytest

from arena.content import SpellCard, load_catalog, shipped_content_paths
from arena.content.to_engine import card_factory, field_from_battlefield
from arena.engine import (
    FieldSetup,
    Game,
    GlyphSpec,
    ObstacleSpec,
    ScenarioRules,
    ZoneSpec,
    new_game,
)
from arena.engine.actions import parse_action
from arena.engine.integrity import problems
from arena.engine.persist import state_digest, state_from_data, state_to_data
from arena.engine.stats import stat
from arena.engine.testkit import bridge_field, hex_field, random_policy
from arena.hexgrid import Hex, spiral

GAMES_PER_CASE = 10
CASES = 21  # 210 games


@lru_cache(maxsize=1)
def catalog() -> Any:
    return load_catalog(shipped_content_paths())


def armies(n: int) -> list[list[Any]]:
    cat = catalog()
    names = ["gideon-premade", "jace-premade", "liliana-premade"]
    out = []
    for i in range(n):
        army = cat.armies[names[i % 3]]
        out.append([cat.army_cards[army.planeswalker], *(cat.army_cards[c] for c in army.cards)])
    return out


def _spell(id: str, type: str, effects: list[dict[str, Any]], **extra: Any) -> SpellCard:
    return SpellCard.model_validate({
        "format": "spell-card", "id": id, "name": id.replace("-", " ").title(),
        "colour": "blue", "type": type, "cost": 10, "effects": effects, "text": "Soak.",
        "provenance": "reconstructed", **extra})


OPPOSING_SQUAD = {"relation": "opposing", "card_kind": ["squad"]}

SPELLS = [
    _spell("bolt", "sorcery", [{"effect": "deal_damage", "amount": 2,
                                "select": {"relation": "opposing", "within": 6,
                                           "clear_sight": True}}]),
    _spell("study", "sorcery", [{"effect": "draw", "target": "controller", "count": 2}]),
    _spell("rage", "sorcery", [{"effect": "modify", "stat": "attack", "amount": 2,
                                "select": {"relation": "own"}}]),
    _spell("unsummon", "sorcery", [{"effect": "return_to_reserve", "select": OPPOSING_SQUAD}]),
    _spell("twist", "sorcery", [{"effect": "switch_stats", "select": {"within": 6}}]),
    _spell("shove", "sorcery", [{"effect": "move_figure", "distance": 2,
                                 "select": {"relation": "own"}}]),
    _spell("fury", "sorcery", [{"effect": "extra_attack", "target": "controller"}]),
    _spell("seize", "sorcery", [{"effect": "gain_control",
                                 "select": {**OPPOSING_SQUAD, "within": 5}}]),
    _spell("rise", "sorcery", [{"effect": "return_from_graveyard", "count": 2,
                                "select": {"relation": "own", "card_kind": ["squad"],
                                           "from": "planeswalker"}}]),
    _spell("wave", "sorcery", [{"effect": "deal_damage", "target": "each", "amount": 1,
                                "around": {"card_kind": ["planeswalker"]},
                                "select": {"adjacent": True, "from": "target",
                                           "not_creature_type": "Zombie"}}]),
    _spell("scry", "sorcery", [{"effect": "look_at_library", "target": "controller",
                                "count": 2}]),
    _spell("mind-rot", "sorcery", [{"effect": "discard", "target": "opponent"}]),
    _spell("mend", "sorcery", [{"effect": "remove_damage", "amount": "all",
                                "select": {"relation": "own"}}]),
    _spell("bless", "sorcery", [{"effect": "add_counter", "counter": "power",
                                 "select": {"relation": "own"}}]),
    _spell("gamble", "sorcery", [{"effect": "roll_d20", "at_least": 11, "then": [
        {"effect": "forbid_choice", "select": OPPOSING_SQUAD}]}]),
    _spell("finish", "sorcery", [{"effect": "destroy", "select": {"damaged": True,
                                                                  "card_kind": ["squad"]}}]),
    _spell("steal", "sorcery", [{"effect": "take_turn_with", "select": {
        "card_kind": ["planeswalker"], "within": 4, "exclude_self": True}}]),
    _spell("shuffle", "sorcery", [{"effect": "special", "function": "shuffle-library",
                                   "target": "controller"}]),
    _spell("misdirect", "sorcery", [{"effect": "move_enchantment"}]),
    _spell("honor", "aura", [{"effect": "modify", "target": "enchanted", "stat": "defense",
                              "amount": 1, "duration": "while_attached"}],
           enchants=["common_squad", "unique_squad"]),
    _spell("crown", "aura", [{"effect": "modify", "target": "enchanted", "stat": "life",
                              "amount": 1, "duration": "while_attached"},
                             {"effect": "draw", "target": "controller"}],
           enchants=["planeswalker"]),
    _spell("trap", "hidden_enchantment", [{"effect": "deal_damage", "target": "attacker"}],
           enchants=["common_squad", "unique_squad"], trigger={"event": "defended"}),
    _spell("scatter-arc", "hidden_enchantment", [{"effect": "counter_spell",
                                                  "spell_type": "enchantment"}],
           enchants=["planeswalker"], trigger={"event": "enchantment_played"}),
    _spell("rebuttal", "hidden_enchantment", [{"effect": "counter_spell"}],
           enchants=["planeswalker"], trigger={"event": "spell_played"}),
    _spell("vanish", "hidden_enchantment", [{"effect": "return_to_reserve",
                                             "target": "enchanted"}],
           enchants=["common_squad"], trigger={"event": "destroyed"}),
]


def decks(n: int, seed: int) -> list[list[Any]]:
    """Even seeds: no spells. Odd seeds: twelve real spells per player, a different mix for
    each seat and seed."""
    if seed % 2 == 0:
        return [[] for _ in range(n)]
    out = []
    for i in range(n):
        order = random.Random(seed * 7 + i).sample(range(len(SPELLS)), 12)
        out.append([SPELLS[j] for j in sorted(order)])
    return out


def duel_setup() -> tuple[Any, FieldSetup]:
    cat = catalog()
    sc = ScenarioRules(id="soak-duel", name="Soak duel", turn_limit=((2, 16),))
    return sc, field_from_battlefield(cat.battlefields["practice-field"])


def skirmish_setup() -> tuple[Any, FieldSetup]:
    top = tuple(h for h in spiral(Hex(0, -7), 1) if max(abs(h.q), abs(h.r), abs(h.s)) <= 8)
    bottom = tuple(h for h in spiral(Hex(0, 7), 1) if max(abs(h.q), abs(h.r), abs(h.s)) <= 8)
    glyphs = [GlyphSpec(Hex(-3, 0), "power"), GlyphSpec(Hex(3, 0), "toughness"),
              GlyphSpec(Hex(0, 0), "movement"), GlyphSpec(Hex(-2, 4), "knowledge"),
              GlyphSpec(Hex(2, -4), "healing"), GlyphSpec(Hex(5, -1), "recall")]
    cells: dict[Hex, int | str] = {Hex(0, 0): 2, Hex(1, 0): 2, Hex(0, 1): 3, Hex(-4, 2): "w1",
                                   Hex(4, -2): "w1", Hex(-1, -2): 4, Hex(-3, 3): "x1",
                                   Hex(3, -3): "x1"}
    cells.update({Hex(q, -3): "r1" for q in range(-3, 3)})
    crypts = [ObstacleSpec("c1", "cryptolith", (Hex(2, 2),), 9),
              ObstacleSpec("c2", "cryptolith", (Hex(3, 2),), 9),
              ObstacleSpec("c3", "cryptolith", (Hex(-3, -1),), 9)]
    field = hex_field(radius=8, zones=(ZoneSpec("yellow", top, 2), ZoneSpec("orange", bottom, 2)),
                      glyphs=glyphs, cells=cells, obstacles=crypts)
    field = FieldSetup(field.board, field.glyphs, field.zones,
                       glyph_spaces=(Hex(-3, 0), Hex(3, 0), Hex(0, 0), Hex(-2, 4), Hex(2, -4),
                                     Hex(5, -1)))
    sc = ScenarioRules(id="soak-skirmish", name="Soak skirmish", zone_mode="one_team_per_zone",
                       teams=((1, 2), (3, 4)), turn_limit=((4, 12),),
                       glyph_setup="shuffle_onto_glyph_spaces", weirded="hazard",
                       glyph_amounts=(("movement", 1),))
    return sc, field


def melee_setup() -> tuple[Any, FieldSetup]:
    starts = [Hex(0, -7), Hex(7, -7), Hex(7, 0), Hex(-7, 7), Hex(-7, 0)]
    zones = tuple(ZoneSpec("orange", tuple(starts), 5, "Orange") for _ in range(1))
    glyphs = [GlyphSpec(Hex(-2, 0), "power"), GlyphSpec(Hex(2, 0), "toughness"),
              GlyphSpec(Hex(0, 2), "movement")]
    power = [Hex(-2, 1), Hex(2, 1), Hex(1, 2), Hex(-1, 0), Hex(3, -1)]
    weird: dict[Hex, int | str] = {Hex(-2, 2): "x1", Hex(2, -2): "x1", Hex(0, -1): "x1"}
    field = hex_field(radius=8, zones=zones, glyphs=glyphs, power_spaces=power, cells=weird)
    sc = ScenarioRules(id="soak-melee", name="Soak melee", zone_mode="any_free_space",
                       victory="score_at_turn_limit", scoring="power_spaces",
                       turn_limit=((5, 15),), weirded="defense")
    return sc, field


def bridges_setup() -> tuple[Any, FieldSetup]:
    """Spaces above spaces (issue #33): `arena.engine.testkit.bridge_field`."""
    sc = ScenarioRules(id="soak-bridges", name="Soak bridges", turn_limit=((2, 16),))
    return sc, bridge_field()


SETUPS = {2: duel_setup, 4: skirmish_setup, 5: melee_setup}


def check(game: Game, last_turn: int) -> int:
    assert problems(game) == [], "the engine's own invariant checker disagrees"
    state = game.state
    occupied: dict[Hex, str] = {}
    for fid, fs in state.figures.items():
        if fs.zone != "battlefield":
            assert fs.hexes == ()
            continue
        for h in fs.hexes:
            assert h not in occupied, f"{fid} and {occupied[h]} share {h}"
            occupied[h] = fid
        assert fs.damage < stat(state, "life", fid), f"{fid} should have been destroyed"
    for oid, record in state.obstacles.items():
        assert record.destroyed == (oid not in state.board.obstacles)
        assert record.destroyed or record.damage < 3, f"{oid} should have been destroyed"
    zones = Counter(uid for uid, _ in state.spell_zones())
    assert set(zones) == set(state.static.spells) and set(zones.values()) <= {1}
    assert state.turn >= last_turn
    data = json.loads(json.dumps(state_to_data(state)))
    assert state_digest(state_from_data(data, state.static)) == state_digest(state)
    for action in game.legal_actions():
        assert parse_action(action.text()) == action
    return state.turn


def play_one(players: int, seed: int, setup: Any = None) -> Game:
    sc, field = (setup or SETUPS[players])()
    game = new_game(sc, field, armies(players), decks(players, seed), seed=seed)
    choose = random_policy(random.Random(seed), end_turn_weight=0.15)
    last = check(game, 1)
    for _ in range(5000):
        if game.outcome() is not None:
            break
        game.apply(choose(game.legal_actions()))
        last = check(game, last)
    assert game.outcome() is not None
    save = json.loads(json.dumps(game.to_data()))
    assert Game.from_data(save, card_factory=card_factory).state_digest() == game.state_digest()
    assert Game.replay(save, card_factory=card_factory).state_digest() == game.state_digest()
    return game


@pytest.mark.parametrize("case", range(CASES))
def test_random_games_keep_the_invariants(case: int) -> None:
    players = (2, 4, 5)[case % 3]
    outcomes = Counter()
    for i in range(GAMES_PER_CASE):
        game = play_one(players, seed=case * 1000 + i)
        outcome = game.outcome()
        assert outcome is not None
        outcomes[outcome.reason] += 1
    assert sum(outcomes.values()) == GAMES_PER_CASE


def test_random_games_on_bridges_keep_the_invariants() -> None:
    """Spaces above spaces: every figure stays on a space it fits, saves and replays agree,
    and most games go under or over the decks."""
    went = 0
    for seed in range(8):
        game = play_one(2, seed=9000 + seed, setup=bridges_setup)
        went += any("@" in word for action in game.actions for word in action.split())
    assert went >= 6, f"only {went} of 8 games went under or over a bridge"
