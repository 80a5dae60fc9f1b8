"""One rollout sample of a search candidate, as a record: what it found and the work it took,
check by check (`arena.ai.search`).

A search spends a deterministic budget of work (simulated actions and evaluated positions).
A sample records its own work rather than spending it from the decision's budget as it goes,
so samples can be taken anywhere -- one after another here, or side by side in helper
processes (`arena.ai.helpers`) -- and then counted in candidate order as if taken in turn:
the budget runs out at the same check of the same sample either way, and the decision is the
same on one core or several.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from arena.ai.controller import StopToken
    from arena.ai.evaluate import Evaluator

__all__ = ["Sample", "SampleMeter"]


@dataclass(frozen=True, slots=True)
class Sample:
    """What one rollout sample found (see the module docstring)."""

    value: float
    cost: int
    """Rollouts it spent (an exact chance node costs one per outcome)."""
    work: int
    """All the work it took (`SampleMeter`)."""
    checks: tuple[int, ...]
    """Its work so far at each budget check (one before every simulated action): a budget
    with less than ``checks[i]`` left when it began would have ended it at check ``i``."""
    rolled: int | None = None
    """How many checks it had made when it first rolled dice (or drew a random number);
    None: it never did."""
    dead: bool = False
    """The line cannot be finished (a placement that leaves the summon no room)."""
    illegal: str | None = None
    """Why the line cannot be played in the view (the engine's `IllegalAction`)."""
    cut: bool = False
    """Its meter's limit ended it before it was done: its value means nothing."""
    interrupted: bool = False
    """The decision's stop or wall-clock safety net ended it."""

    def cut_at(self, left: int | None) -> int | None:
        """The check at which a budget with ``left`` units left when the sample began would
        have ended it, or None (no budget, or enough of it)."""
        if left is None:
            return None
        for i, work in enumerate(self.checks):
            if work >= left:
                return i
        return None

    def rolled_by(self, check: int) -> bool:
        """Whether it had rolled dice before check number ``check``."""
        return self.rolled is not None and self.rolled <= check


class SampleMeter:
    """Counts one sample's work: a unit for each simulated action (`halt`, called before
    each) and each position the evaluator scored. ``limit``: the work after which the sample
    is no use (the decision's budget would have ended it); ``stop``: the decision's token,
    whose stop request and wall-clock safety net end the sample too (never its budget:
    the samples' work is spent from it afterwards, in candidate order)."""

    def __init__(self, evaluator: Evaluator, limit: int | None,
                 stop: StopToken | None = None) -> None:
        self.evaluator = evaluator
        self.seen = evaluator.evaluations
        self.limit = limit
        self.stop = stop
        self.spent = 0
        self.checks: list[int] = []
        self.first_roll: int | None = None
        self.interrupted = False

    def charge(self, actions: int = 0) -> None:
        """Count ``actions`` plus the evaluations made since the last charge."""
        now = self.evaluator.evaluations
        self.spent += actions + now - self.seen
        self.seen = now

    def halt(self) -> bool:
        """A rollout's check before each action (the action is counted): whether to stop."""
        self.charge(1)
        self.checks.append(self.spent)
        if self.limit is not None and self.spent >= self.limit:
            return True
        stop = self.stop
        if stop is not None and (stop.cancelled or stop.timed_out):
            stop.fired = stop.fired or not stop.cancelled
            self.interrupted = True
            return True
        return False

    def rolled(self) -> None:
        """The sample rolled dice (or drew a random number) here."""
        if self.first_roll is None:
            self.first_roll = len(self.checks)

    def result(self, value: float, cost: int, *, dead: bool = False,
               illegal: str | None = None, cut: bool = False) -> Sample:
        """The finished (or ended) sample's record."""
        self.charge()
        return Sample(value, cost, self.spent, tuple(self.checks), self.first_roll, dead,
                      illegal, cut and not self.interrupted, self.interrupted)
