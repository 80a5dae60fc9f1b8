"""Weirded ground spaces (Shadows over Innistrad "Weirded ground spaces").

"Weirded ground spaces have different effects based on the scenario. Unless otherwise
specified, treat a weirded ground space like any empty space." The scenario names the effect
(`ScenarioRules.weirded`, from the scenario file's ``weirded: {effect: ..., amount: N}``);
the effect kinds the engine knows:

- ``none`` (the default): a weirded ground space is an ordinary land space;
- ``hazard``: a figure that ends its move on weirded ground (either space of a double-space
  figure) rolls ``amount`` combat dice (default 1); each hit deals it 1 damage, with no defense
  (as a fall);
- ``defense``: a figure standing on weirded ground rolls ``amount`` more defense dice
  (source ``weirded ground``; a modifier provider of the standard rule book).

A space is weirded ground when its top level is (`Board.terrain`) and no obstacle stands on it
(a figure on a cryptolith's top stands on the cryptolith).
"""

from __future__ import annotations

from collections.abc import Iterable

from arena.engine.context import Ctx
from arena.engine.dice import RollPurpose
from arena.engine.effects import deal_damage
from arena.engine.state import GameState
from arena.engine.stats import StatQuery
from arena.engine.vocab import Point

__all__ = ["EFFECTS", "SOURCE", "after_move", "is_on_weirded", "weirded_modifiers"]

EFFECTS = ("none", "hazard", "defense")
"""The weirded-ground effect kinds the engine supports."""

SOURCE = "weirded ground"


def is_on_weirded(state: GameState, figure: str) -> bool:
    """Whether a figure on the battlefield stands on a weirded ground space."""
    board = state.board
    return any(board.terrain(h) == "weirded" and h not in board.obstacle_at
               for h in state.figures[figure].hexes)


def after_move(ctx: Ctx, figure: str) -> None:
    """The ``hazard`` effect, once a figure has ended its move (nothing otherwise)."""
    state = ctx.state
    rules = state.static.scenario
    if rules.weirded != "hazard" or state.figures[figure].zone != "battlefield":
        return
    if not is_on_weirded(state, figure):
        return
    roll = ctx.roll(state.controller(figure), max(0, rules.weirded_amount),
                    RollPurpose.WEIRDED_GROUND)
    deal_damage(ctx, figure, roll.hits, SOURCE)


def weirded_modifiers(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
    """The ``defense`` effect: extra defense dice while standing on weirded ground."""
    rules = state.static.scenario
    if rules.weirded != "defense" or query.point != Point.DEFENSE_DICE:
        return ()
    if state.figures[query.figure].zone != "battlefield":
        return ()
    if not is_on_weirded(state, query.figure):
        return ()
    return ((SOURCE, rules.weirded_amount),)
