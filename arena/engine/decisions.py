"""The core's pending decisions, registered in the rule book like any extension's.

Kinds: ``first_player`` (two-player set-up: the high roller chooses who goes first),
``place_planeswalker`` (set-up), ``summon`` (place the figures of the squad being summoned),
``discard`` (hand limit), ``order_damage`` (simultaneous damage), ``recall`` (Glyph of
Recall) and ``optional`` (an optional trigger: `Accept` or `Pass`, resolved by the resolver
the abilities module registered under the decision's ``resolver`` name; see `offer_optional`).
The composition root (`arena.engine.standard`) registers each kind with the module that
implements it; this module holds the optional triggers' own.
"""

from __future__ import annotations

from typing import Any

from arena.engine.actions import Accept, Action, Pass
from arena.engine.context import Ctx
from arena.engine.events import DecisionAnswered
from arena.engine.state import Decision, GameState

__all__ = ["offer_optional", "optional_apply", "optional_legal"]


def offer_optional(
    ctx: Ctx, player: int, resolver: str, description: str, payload: dict[str, Any] | None = None
) -> None:
    """Push an optional trigger: its player may `Accept` or `Pass`; the resolver registered
    under ``resolver`` (`RuleBook.register_optional_resolver`) then runs with the answer."""
    ctx.push(Decision("optional", player, description,
                      {"resolver": resolver, "payload": dict(payload or {})}))


def optional_legal(state: GameState, decision: Decision) -> list[Action]:
    """The answers to an optional trigger: accept it or pass."""
    return [Accept(), Pass()]


def optional_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Answer an optional trigger and run its resolver with the answer."""
    ctx.pop()
    accepted = isinstance(action, Accept)
    ctx.emit(DecisionAnswered(decision.player, decision.description, action.text()))
    resolver = ctx.rules.optional_resolvers.get(str(decision.data.get("resolver")))
    if resolver is not None:
        resolver(ctx, decision, accepted)
