"""The core's pending decisions, registered in the rule book like any extension's.

Kinds: ``first_player`` (two-player set-up: the high roller chooses who goes first),
``place_planeswalker`` (set-up), ``summon`` (place the figures of the squad being summoned),
``discard`` (hand limit), ``order_damage`` (simultaneous damage), ``recall`` (Glyph of
Recall) and ``optional`` (an optional trigger: `Accept` or `Pass`, resolved by the resolver
the abilities module registered under the decision's ``resolver`` name; see `offer_optional`).
"""

from __future__ import annotations

from typing import Any

from arena.engine.actions import Accept, Action, Pass
from arena.engine.context import Ctx
from arena.engine.events import DecisionAnswered
from arena.engine.rulebook import DecisionKind, RuleBook
from arena.engine.state import Decision, GameState

__all__ = ["offer_optional", "register_core_decisions"]


def offer_optional(
    ctx: Ctx, player: int, resolver: str, description: str, payload: dict[str, Any] | None = None
) -> None:
    """Push an optional trigger: its player may `Accept` or `Pass`; the resolver registered
    under ``resolver`` (`RuleBook.register_optional_resolver`) then runs with the answer."""
    ctx.push(Decision("optional", player, description,
                      {"resolver": resolver, "payload": dict(payload or {})}))


def _optional_legal(state: GameState, decision: Decision) -> list[Action]:
    return [Accept(), Pass()]


def _optional_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    ctx.pop()
    accepted = isinstance(action, Accept)
    ctx.emit(DecisionAnswered(decision.player, decision.description, action.text()))
    resolver = ctx.rules.optional_resolvers.get(str(decision.data.get("resolver")))
    if resolver is not None:
        resolver(ctx, decision, accepted)


def register_core_decisions(book: RuleBook) -> None:
    """Register every core decision kind."""
    from arena.engine import effects, glyphs, setup, summon, turn

    book.register_decision_kind(
        "first_player", DecisionKind(setup.first_player_legal, setup.first_player_apply))
    book.register_decision_kind(
        "place_planeswalker", DecisionKind(setup.place_legal, setup.place_apply))
    book.register_decision_kind("summon", DecisionKind(summon.place_legal, summon.place_apply))
    book.register_decision_kind("discard", DecisionKind(turn.discard_legal, turn.discard_apply))
    book.register_decision_kind(
        "order_damage", DecisionKind(effects.order_damage_legal, effects.order_damage_apply))
    book.register_decision_kind("recall", DecisionKind(glyphs.recall_legal, glyphs.recall_apply))
    book.register_decision_kind("optional", DecisionKind(_optional_legal, _optional_apply))
