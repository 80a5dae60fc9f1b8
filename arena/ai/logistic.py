"""The logistic function, read as a chance: the army ratings' win probabilities
(`arena.ai.army_strength`) and the review's chance of winning from an evaluation
(`arena.ai.review`) both come from it."""

from __future__ import annotations

import math

__all__ = ["logistic"]


def logistic(x: float) -> float:
    """1 / (1 + e^-x), computed without overflow for large negative ``x``."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)
