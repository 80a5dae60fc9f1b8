"""Random-play soak: many seeded games to the end, invariants checked after every action
(design note "Tests").

Set-ups: two players on the shipped practice field with the shipped premade armies (white,
blue, black; loaded through `arena.content`), four players in two teams on a Skirmish-like
field (glyphs shuffled face down), five players in a Melee-like free-for-all (power spaces,
scoring at the turn limit). Extra seats reuse the premade armies.

Spells: spell effects are not in the core yet, so no spell can be played. Even seeds give
everyone empty libraries and hands (as the brief asks); odd seeds give each player twelve
plain spell cards, which are drawn, held and discarded at the hand limit but never played --
that exercises draws, the Glyph of Knowledge and the hand limit. Turn limits are shortened
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

from arena.content import load_catalog, shipped_content_paths
from arena.content.to_engine import card_factory, field_from_battlefield
from arena.engine import FieldSetup, Game, GlyphSpec, ScenarioRules, ZoneSpec, new_game
from arena.engine.actions import parse_action
from arena.engine.persist import state_digest, state_from_data, state_to_data
from arena.engine.stats import stat
from arena.engine.testkit import hex_field, random_policy, spell
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


def decks(n: int, seed: int) -> list[list[Any]]:
    if seed % 2 == 0:
        return [[] for _ in range(n)]
    return [[spell(f"spell-{j}") for j in range(12)] for _ in range(n)]


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
                                   Hex(4, -2): "w1", Hex(-1, -2): 4}
    field = hex_field(radius=8, zones=(ZoneSpec("yellow", top, 2), ZoneSpec("orange", bottom, 2)),
                      glyphs=glyphs, cells=cells)
    field = FieldSetup(field.board, field.glyphs, field.zones,
                       glyph_spaces=(Hex(-3, 0), Hex(3, 0), Hex(0, 0), Hex(-2, 4), Hex(2, -4),
                                     Hex(5, -1)))
    sc = ScenarioRules(id="soak-skirmish", name="Soak skirmish", zone_mode="one_team_per_zone",
                       teams=((1, 2), (3, 4)), turn_limit=((4, 12),),
                       glyph_setup="shuffle_onto_glyph_spaces")
    return sc, field


def melee_setup() -> tuple[Any, FieldSetup]:
    starts = [Hex(0, -7), Hex(7, -7), Hex(7, 0), Hex(-7, 7), Hex(-7, 0)]
    zones = tuple(ZoneSpec("orange", tuple(starts), 5, "Orange") for _ in range(1))
    glyphs = [GlyphSpec(Hex(-2, 0), "power"), GlyphSpec(Hex(2, 0), "toughness"),
              GlyphSpec(Hex(0, 2), "movement")]
    power = [Hex(-2, 1), Hex(2, 1), Hex(1, 2), Hex(-1, 0), Hex(3, -1)]
    field = hex_field(radius=8, zones=zones, glyphs=glyphs, power_spaces=power)
    sc = ScenarioRules(id="soak-melee", name="Soak melee", zone_mode="any_free_space",
                       victory="score_at_turn_limit", scoring="power_spaces",
                       turn_limit=((5, 15),))
    return sc, field


SETUPS = {2: duel_setup, 4: skirmish_setup, 5: melee_setup}


def check(game: Game, last_turn: int) -> int:
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
    zones = Counter(uid for uid, _ in state.spell_zones())
    assert set(zones) == set(state.static.spells) and set(zones.values()) <= {1}
    assert state.turn >= last_turn
    data = json.loads(json.dumps(state_to_data(state)))
    assert state_digest(state_from_data(data, state.static)) == state_digest(state)
    for action in game.legal_actions():
        assert parse_action(action.text()) == action
    return state.turn


def play_one(players: int, seed: int) -> Game:
    sc, field = SETUPS[players]()
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
