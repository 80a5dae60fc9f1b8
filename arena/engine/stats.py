"""Stats folded at named query points: printed number + modifiers, with their sources.

Query points (design note "Card abilities"): ``attack_dice`` and ``defense_dice`` (for one
attack, so the opposing figure is part of the query), ``move``, ``range`` and ``life``. The
fold starts from the army card's printed number, adds every registered modifier provider's
``(source, amount)`` pairs in registration order -- the core's own providers come first:
height advantage, then the permanent glyphs -- then lets stat overrides replace the result,
and never goes below 0 (1 for life). The sources are kept so the odds panel can say why a
figure rolls what it rolls: ``[("height advantage", 1), ("Glyph of Power", 1)]``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.engine.board import Board
from arena.engine.defs import GLYPH_NAMES, PERMANENT_GLYPHS, keywords_of
from arena.engine.state import GameState
from arena.engine.vocab import PRINTED, QUERY_POINTS, Point
from arena.hexgrid import Hex

__all__ = [
    "QUERY_POINTS",
    "HeldGlyph",
    "StatQuery",
    "StatValue",
    "acting_figures",
    "acts_this_turn",
    "attacks_allowed",
    "base_height",
    "base_height_at",
    "card_keywords",
    "fold",
    "glyph_modifiers",
    "height_advantage",
    "height_bonus",
    "held_glyphs",
    "keywords",
    "life_left",
    "stat",
]



@dataclass(frozen=True, slots=True)
class StatQuery:
    """One stat of one figure; ``other`` is the opposing figure of the attack being asked
    about (attacker's target for ``attack_dice``, the attacker for ``defense_dice``)."""

    point: Point
    figure: str
    other: str | None = None


@dataclass(frozen=True, slots=True)
class StatValue:
    """A folded stat: printed number, the modifiers with their sources, the total."""

    point: Point
    figure: str
    base: int
    sources: tuple[tuple[str, int], ...]
    total: int


def fold(state: GameState, query: StatQuery) -> StatValue:
    """Fold a stat at its query point (see the module docstring). Kept in the state's cache
    until the state changes: the AI reads every figure's stats for each position it weighs,
    and the modifiers (auras, glyphs, counters) cost far more than the lookup."""
    folds: dict[StatQuery, StatValue] | None = state.cache.get("folds")
    if folds is None:
        folds = state.cache["folds"] = {}
    found = folds.get(query)
    if found is None:
        found = folds[query] = _fold(state, query)
    return found


def _fold(state: GameState, query: StatQuery) -> StatValue:
    card = state.static.figure_def(query.figure)
    base = int(getattr(card, PRINTED[query.point]))
    sources: list[tuple[str, int]] = []
    for provider in state.static.rules.modifier_providers:
        sources.extend(provider(state, query))
    floor = 1 if query.point == Point.LIFE else 0
    value = StatValue(
        query.point, query.figure, base, tuple(sources),
        max(floor, base + sum(n for _, n in sources)),
    )
    for override in state.static.rules.stat_overrides:
        value = override(state, query, value)
    return value


def stat(state: GameState, point: Point, figure: str, other: str | None = None) -> int:
    """The folded total of a stat."""
    return fold(state, StatQuery(point, figure, other)).total


def life_left(state: GameState, figure: str) -> int:
    """Life minus damage (guide "Using the Life Number")."""
    return stat(state, Point.LIFE, figure) - state.figures[figure].damage


def base_height_at(board: Board, hexes: Iterable[Hex]) -> float:
    """Guide "Height advantage": the level of the base of a figure standing on ``hexes``,
    water counting lower and glyphs adding nothing (`Board.base_height`); a double-space
    figure stands level, on its higher space. (The AI asks it of positions it weighs.)"""
    return max(board.base_height(h) for h in hexes)


def base_height(state: GameState, figure: str) -> float:
    """`base_height_at` where the figure stands."""
    return base_height_at(state.board, state.figures[figure].hexes)


def height_bonus(base: float, other: float) -> int:
    """Guide Action 4 "Height advantage": the figure whose base is higher (``base`` against
    the opposing figure's ``other``) rolls one extra die, to attack or to defend."""
    return 1 if base > other else 0


# --- the core's own providers --------------------------------------------------------------


def height_advantage(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
    """Guide Action 4 "Height advantage": the figure whose base is higher rolls one extra die,
    to attack or to defend."""
    if query.point not in (Point.ATTACK_DICE, Point.DEFENSE_DICE) or query.other is None:
        return ()
    bonus = height_bonus(base_height(state, query.figure), base_height(state, query.other))
    return (("height advantage", bonus),) if bonus else ()


@dataclass(frozen=True, slots=True)
class HeldGlyph:
    """A face-up permanent glyph a figure stands on: the seat controlling that figure, the
    stat it raises for every figure of that seat, its name and amount."""

    seat: int
    point: Point
    name: str
    amount: int


def held_glyphs(state: GameState) -> tuple[HeldGlyph, ...]:
    """Guide "Permanent Glyphs": while a figure stands on a face-up Glyph of Power, Toughness
    or Movement, every figure its controller controls gets the glyph's bonus. (The AI reads
    the bonuses of a whole side from it.) Kept in the state's cache: every stat fold asks."""
    if not state.glyphs:
        return ()
    found: tuple[HeldGlyph, ...] | None = state.cache.get("held_glyphs")
    if found is None:
        found = state.cache["held_glyphs"] = tuple(_held_glyphs(state))
    return found


def _held_glyphs(state: GameState) -> list[HeldGlyph]:
    out: list[HeldGlyph] = []
    occupants = state.occupant_map()
    for at, glyph in state.glyphs.items():
        if not glyph.face_up or glyph.kind is None:
            continue
        point = PERMANENT_GLYPHS.get(glyph.kind)
        holder = occupants.get(at)
        if point is not None and holder is not None:
            out.append(HeldGlyph(state.controller(holder), point, GLYPH_NAMES[glyph.kind],
                                 glyph.amount))
    return out


def glyph_modifiers(state: GameState, query: StatQuery) -> Iterable[tuple[str, int]]:
    """The `held_glyphs` bonuses to the stat asked of a figure of their seat."""
    if not state.glyphs:
        return ()
    me = state.controller(query.figure)
    return [(g.name, g.amount) for g in held_glyphs(state)
            if g.seat == me and g.point == query.point]


def card_keywords(state: GameState, figure: str) -> Iterable[str]:
    """The keyword abilities printed on a figure's army card (`defs.keywords_of`, once per
    card definition and game)."""
    static = state.static
    def_id = static.cards[static.figures[figure].card].def_id
    key = f"keywords:{def_id}"
    found: frozenset[str] | None = static.memo.get(key)
    if found is None:
        found = static.memo[key] = keywords_of(static.army_defs[def_id])
    return found


def keywords(state: GameState, figure: str) -> frozenset[str]:
    """Every keyword flag a figure has now, from all keyword providers."""
    found: set[str] = set()
    for provider in state.static.rules.keyword_providers:
        found.update(provider(state, figure))
    return frozenset(found)


def acting_figures(state: GameState) -> list[str]:
    """The figures that move and attack this turn: the chosen army card's on the battlefield
    (guide Action 3 and 4), then any the rule book's acting-figure sources add (a figure taken
    over by Mind Control)."""
    chosen = state.turn_state.chosen
    out = state.figures_of_card(chosen, "battlefield") if chosen is not None else []
    for source in state.static.rules.acting_figures:
        out.extend(f for f in source(state) if f not in out)
    return out


def acts_this_turn(state: GameState, figure: str) -> bool:
    """Whether a figure is one of the chosen army card's, or an acting figure."""
    if state.static.figures[figure].card == state.turn_state.chosen:
        return True
    return any(figure in source(state) for source in state.static.rules.acting_figures)


def attacks_allowed(state: GameState, figure: str) -> int:
    """Guide "How to attack": each figure attacks once, plus any extra attacks abilities
    grant this turn (attack allowances)."""
    return 1 + sum(fn(state, figure) for fn in state.static.rules.attack_allowances)
