"""Target helpers shared by the effect primitives: the choices an effect offers (one figure,
army card or player among what its ``select`` picks out) and whether a fixed target has
anything to apply to."""

from __future__ import annotations

from arena.engine.abilities.params import (
    ANY,
    EffectSpec,
)
from arena.engine.abilities.runtime import Runtime
from arena.engine.abilities.selectors import (
    select_cards,
    select_figures,
    select_players,
)
from arena.engine.state import GameState

__all__ = ["card_targets", "figure_names", "figure_targets", "has_cards", "has_figures",
           "player_targets"]


def figure_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    """Choices for a figure effect: one figure among what ``select`` picks out."""
    if effect.target != "chosen":
        return [()]
    return [(f,) for f in select_figures(rt.state, effect.select or ANY, rt.scope)]


def card_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    """Choices for an army-card effect: one card in play among what ``select`` picks out."""
    if effect.target != "chosen":
        return [()]
    return [(c,) for c in select_cards(rt.state, effect.select or ANY, rt.scope)]


def player_targets(rt: Runtime, effect: EffectSpec) -> list[tuple[str, ...]]:
    """Choices for a player effect: one player of the selector's relation."""
    if effect.target != "chosen":
        return [()]
    return [(f"p{s}",) for s in select_players(rt.state, effect.select, rt.scope)]


def has_figures(rt: Runtime, effect: EffectSpec) -> bool:
    """A figure effect with a fixed target has something to apply to."""
    return effect.target == "chosen" or bool(rt.figures(effect))


def has_cards(rt: Runtime, effect: EffectSpec) -> bool:
    """A card effect with a fixed target has something to apply to."""
    return effect.target == "chosen" or bool(rt.cards(effect))


def figure_names(state: GameState, figures: list[str]) -> str:
    return ", ".join(state.static.figure_name(f) for f in figures)
