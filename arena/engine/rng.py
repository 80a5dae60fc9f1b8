"""The one random number generator of a game, held in its state.

A small PCG32 generator (O'Neill, 2014): 64-bit state, 32-bit output, a few lines of pure
Python. Unlike `random.Random`, its whole state is two integers, so a game state clones and
serialises cheaply and the same seed gives the same numbers on every platform and Python
version — replays and tests depend on that. Tests can script dice by replacing the generator
with a `ScriptedRng`.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005
T = TypeVar("T")


@dataclass
class Rng:
    """PCG32 (XSH RR variant). `state` and `inc` are all there is to save."""

    state: int = 0
    inc: int = 1

    @classmethod
    def seeded(cls, seed: int, stream: int = 54) -> Rng:
        """A generator from a seed, as the reference PCG32 seeds it."""
        rng = cls(0, ((stream << 1) | 1) & _MASK64)
        rng.next_u32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng.next_u32()
        return rng

    def next_u32(self) -> int:
        """The next 32-bit output."""
        old = self.state
        self.state = (old * _MULT + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        threshold = (1 << 32) % n
        while True:
            value = self.next_u32()
            if value >= threshold:
                return value % n

    def die(self, sides: int) -> int:
        """A roll of a die with faces numbered 1..sides."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        """An independent generator in the same state."""
        return type(self)(self.state, self.inc)

    def to_data(self) -> list[int]:
        """The state as plain data for saves."""
        return [self.state, self.inc]

    @classmethod
    def from_data(cls, data: Iterable[int]) -> Rng:
        """Rebuild from `to_data`."""
        state, inc = data
        return cls(int(state), int(inc))


class ScriptedRng(Rng):
    """A generator whose `die` results are given in advance (tests: scripted dice).

    `below` (shuffles) still draws from PCG32 so set-up stays deterministic; `die` pops from
    the script and fails loudly when the script runs out, so a test notices an unexpected roll.
    """

    def __init__(self, rolls: Iterable[int], seed: int = 0) -> None:
        base = Rng.seeded(seed)
        super().__init__(base.state, base.inc)
        self.rolls = list(rolls)

    def die(self, sides: int) -> int:
        if not self.rolls:
            raise AssertionError("the dice script ran out: the test did not expect this roll")
        value = self.rolls.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted roll {value} does not fit a d{sides}")
        return value

    def copy(self) -> ScriptedRng:
        clone = ScriptedRng(self.rolls)
        clone.state, clone.inc = self.state, self.inc
        return clone
