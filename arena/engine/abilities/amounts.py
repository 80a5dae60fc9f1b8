"""Amounts: how much a modifier or an effect gives (vocabulary ``Amount``).

- a whole number;
- ``{count: selector, times: n}``: n per figure the selector picks out now, measured from the
  scope's self figures (Avatar of Justice counts the opposing figures within 2 clear-sight
  spaces of Gideon as he attacks; Battle Formation counts the other Rhox Veterans adjacent to
  each Veteran);
- ``excess_shields``: shields the defender rolled beyond the attacker's hits (Counter Strike);
- ``excess_damage``: damage of the attack beyond what destroyed the defender (Trample);
- ``damage_markers``: damage markers on the subject -- the figure a static modifier changes,
  or the figure an effect applies to.
"""

from __future__ import annotations

from arena.engine.abilities.params import Amount, CountSpec
from arena.engine.abilities.scope import Scope
from arena.engine.abilities.selectors import select_figures
from arena.engine.state import GameState

__all__ = ["evaluate"]


def evaluate(state: GameState, amount: Amount, scope: Scope, subject: str | None = None) -> int:
    """The amount now (see the module docstring)."""
    if isinstance(amount, int):
        return amount
    if isinstance(amount, CountSpec):
        return len(select_figures(state, amount.select, scope)) * amount.times
    if amount == "damage_markers":
        return state.figures[subject].damage if subject is not None else 0
    return int(scope.numbers.get(amount, 0))
