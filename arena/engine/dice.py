"""Combat dice and the d20: faces as data, rolls through the game's RNG, exact odds.

Guide "Attack": hits (crossed weapons) minus shields is the damage. We use the Heroscape
combat die (cards.md "Dice"): 3 hit faces, 2 shield faces, 1 blank. The faces are data here
so a variant die is one change. `damage_distribution` gives the exact probability of each
damage amount for an attack (a convolution of two binomials), which the client's odds panel
and the AI's evaluation use; `destroy_chance` folds in the target's remaining life.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

from arena.engine.rng import Rng


class Face(StrEnum):
    """A combat die's faces: crossed weapons (a hit), a shield, a blank."""

    HIT = "hit"
    SHIELD = "shield"
    BLANK = "blank"


COMBAT_FACES: tuple[Face, ...] = (Face.HIT, Face.HIT, Face.HIT, Face.SHIELD, Face.SHIELD,
                                  Face.BLANK)
"""The six faces of a combat die, in die-face order 1..6."""


class RollPurpose(StrEnum):
    """Why combat dice are rolled (a `DiceRolled` event's purpose)."""

    ATTACK = "attack"
    DEFENSE = "defense"
    CRYPTOLITH_DEFENSE = "cryptolith defense"
    """A cryptolith's defense, rolled by the attacking player (nobody owns it)."""
    LEAVING_ENGAGEMENT = "leaving-engagement"
    FALL = "fall"
    WEIRDED_GROUND = "weirded ground"


DEFENSE_ROLLS = frozenset({RollPurpose.DEFENSE, RollPurpose.CRYPTOLITH_DEFENSE})


def counted_face(purpose: str) -> Face:
    """The face a roll for ``purpose`` counts. Guide "How to attack" 3: "for attack rolls,
    the attacker counts only crossed weapons symbols. For defense rolls, the defender counts
    only shields"; a fall, a leaving-engagement attack and weirded ground count crossed
    weapons, as an attack does."""
    return Face.SHIELD if purpose in DEFENSE_ROLLS else Face.HIT


def read_faces(faces: Sequence[str], purpose: str) -> tuple[Face, ...]:
    """``faces`` as a roll for ``purpose`` counts them: the face it counts by its name,
    every other face a blank (a defender's crossed weapons block nothing; called "hit",
    they read as if the defender had struck)."""
    counted = counted_face(purpose)
    return tuple(counted if face == counted else Face.BLANK for face in faces)


@dataclass(frozen=True, slots=True)
class CombatRoll:
    """Faces rolled by one side of an attack."""

    faces: tuple[Face, ...]

    @property
    def hits(self) -> int:
        """Crossed weapons rolled."""
        return self.faces.count(Face.HIT)

    @property
    def shields(self) -> int:
        """Shields rolled."""
        return self.faces.count(Face.SHIELD)


def roll_combat(rng: Rng, dice: int) -> CombatRoll:
    """Roll `dice` combat dice (none when dice <= 0)."""
    return CombatRoll(tuple(COMBAT_FACES[rng.die(6) - 1] for _ in range(max(0, dice))))


def roll_d20(rng: Rng) -> int:
    """Roll the twenty-sided die."""
    return rng.die(20)


def _face_probability(face: Face) -> Fraction:
    return Fraction(COMBAT_FACES.count(face), len(COMBAT_FACES))


@lru_cache(maxsize=4096)
def _binomial(n: int, p: Fraction) -> tuple[Fraction, ...]:
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=4096)
def damage_distribution(attack_dice: int, defense_dice: int) -> tuple[Fraction, ...]:
    """Exact P(damage == k) for k = 0..attack_dice: hits minus shields, floored at 0."""
    attack_dice = max(0, attack_dice)
    defense_dice = max(0, defense_dice)
    hits = _binomial(attack_dice, _face_probability(Face.HIT))
    shields = _binomial(defense_dice, _face_probability(Face.SHIELD))
    out = [Fraction(0)] * (attack_dice + 1)
    for h, ph in enumerate(hits):
        for s, ps in enumerate(shields):
            out[max(0, h - s)] += ph * ps
    return tuple(out)


def destroy_chance(attack_dice: int, defense_dice: int, life_left: int) -> Fraction:
    """Exact chance that the attack deals at least `life_left` damage."""
    dist = damage_distribution(attack_dice, defense_dice)
    return sum(dist[max(0, life_left):], Fraction(0))


def expected_damage(attack_dice: int, defense_dice: int) -> Fraction:
    """The mean damage of an attack."""
    return sum((k * p for k, p in enumerate(damage_distribution(attack_dice, defense_dice))),
               Fraction(0))
