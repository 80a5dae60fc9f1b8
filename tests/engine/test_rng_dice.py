"""The game's RNG (PCG32 known answers, determinism, shuffles) and combat dice odds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arena.engine.dice import (
    COMBAT_FACES,
    damage_distribution,
    destroy_chance,
    expected_damage,
    roll_combat,
    roll_d20,
)
from arena.engine.rng import Rng, ScriptedRng


def test_pcg32_matches_the_reference_generator() -> None:
    # pcg32-global demo, seed 42 stream 54: 0xa15c02b7 0x7b47f409 0xba1d3330 ...
    rng = Rng.seeded(42, 54)
    assert [rng.next_u32() for _ in range(3)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330]


def test_same_seed_same_numbers_and_copies_are_independent() -> None:
    a, b = Rng.seeded(7), Rng.seeded(7)
    assert [a.die(20) for _ in range(50)] == [b.die(20) for _ in range(50)]
    c = a.copy()
    assert a.die(6) == c.die(6)
    assert Rng.from_data(a.to_data()) == a


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(1, 1000))
@settings(max_examples=100, deadline=None)
def test_below_stays_in_range(seed: int, bound: int) -> None:
    rng = Rng.seeded(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(12))
    Rng.seeded(3).shuffle(items)
    again = list(range(12))
    Rng.seeded(3).shuffle(again)
    assert sorted(items) == list(range(12)) and items == again and items != list(range(12))


def test_d20_is_roughly_uniform() -> None:
    rng = Rng.seeded(1)
    counts = [0] * 21
    for _ in range(20_000):
        counts[roll_d20(rng)] += 1
    assert counts[0] == 0 and all(800 < c < 1200 for c in counts[1:])


def test_scripted_rng_gives_the_scripted_faces_and_fails_when_exhausted() -> None:
    rng = ScriptedRng([1, 4, 6])
    assert roll_combat(rng, 3).faces == ("hit", "shield", "blank")
    with pytest.raises(AssertionError, match="ran out"):
        roll_combat(rng, 1)


def test_combat_die_has_three_hits_two_shields_one_blank() -> None:
    assert sorted(COMBAT_FACES) == ["blank", "hit", "hit", "hit", "shield", "shield"]


def test_damage_distribution_known_answers() -> None:
    assert damage_distribution(1, 0) == (Fraction(1, 2), Fraction(1, 2))
    # one attack die vs one defense die: damage 1 only on hit (1/2) and no shield (2/3)
    assert damage_distribution(1, 1) == (Fraction(2, 3), Fraction(1, 3))
    assert damage_distribution(0, 3) == (Fraction(1),)
    assert expected_damage(1, 0) == Fraction(1, 2)
    assert destroy_chance(3, 2, 0) == 1


@given(st.integers(0, 10), st.integers(0, 10))
@settings(max_examples=60, deadline=None)
def test_distribution_sums_to_one_and_more_attack_never_hurts(att: int, dfn: int) -> None:
    dist = damage_distribution(att, dfn)
    assert sum(dist) == 1 and len(dist) == att + 1
    for life in range(1, 6):
        assert destroy_chance(att + 1, dfn, life) >= destroy_chance(att, dfn, life)
        assert destroy_chance(att, dfn + 1, life) <= destroy_chance(att, dfn, life)


def test_simulated_rolls_agree_with_the_exact_odds() -> None:
    rng = Rng.seeded(11)
    trials = 30_000
    hits = sum(max(0, roll_combat(rng, 3).hits - roll_combat(rng, 2).shields) >= 2
               for _ in range(trials))
    assert abs(hits / trials - float(destroy_chance(3, 2, 2))) < 0.015
