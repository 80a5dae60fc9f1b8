"""Selectors: which figures, army cards or players an ability or effect applies to.

A selector (vocabulary ``Selector``) has a *relation* to the scope's player and narrowing
fields. The positional ones -- ``within`` N spaces, ``adjacent``, ``clear_sight`` -- are
measured from an *origin* figure (``from``): the scope's ``self`` figures (any of them: for a
squad card, any figure of the card, so "within 2 clear-sight spaces of any Blighted Reaver"),
the player's Planeswalker, or the scope's ``target`` (which may have just left the
battlefield: its last spaces are used). A candidate passes when one origin satisfies all the
positional fields at once.

- Distances are spaces between the nearest hexes, levels ignored (guide "Range"; a
  double-space figure counts from either space). ``adjacent`` is adjacency as the rules mean
  it (`arena.engine.bodies.is_adjacent`): neighbouring spaces, but not when one figure's base
  is as high above the other's as the other is tall ("they are not adjacent", guide Action 3
  "Becoming engaged", Example 11).
- Clear sight is `arena.engine.sight.clear_sight_to_figure` from the origin's target point to
  any part of the candidate (guide "Clear Sight Spaces": Nissa sees "any part of your
  figures (not just the hit zone)"), other figures blocking -- from a cryptolith's top its
  points count too (`arena.engine.cryptoliths.clear_sight_to_figure`); adjacent figures
  (the same rules adjacency) always count as seen, as they need no sight to attack.
- Relations: ``self`` (the scope's self figures), ``this_card`` (figures of the source card),
  ``own`` (controlled by the scope's player), ``friendly`` (the player's or a teammate's),
  ``opposing``, ``any``. Cards relate by owner.
- ``card_kind``: ``planeswalker``, ``squad`` (unique or common), ``unique_squad``,
  ``common_squad``, ``hero``. ``creature_type`` matches the card's type line or one of its
  words (``Zombie`` matches "Zombie" and "Zombie Warrior"; a Planeswalker's type is its name).
  ``min_range`` reads the printed range (a modifier to range cannot feed itself).
  ``damaged``: at least one damage marker. ``exclude_self``: not one of the self figures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arena.engine import cryptoliths
from arena.engine.abilities.params import SelectorSpec
from arena.engine.abilities.scope import Scope
from arena.engine.bodies import is_adjacent
from arena.engine.defs import ArmyCardDef
from arena.engine.sight import clear_sight_to_figure
from arena.engine.state import GameState
from arena.hexgrid import Hex, distance

__all__ = [
    "card_kinds",
    "card_matches",
    "figure_matches",
    "matching_origins",
    "origins",
    "select_cards",
    "select_figures",
    "select_players",
    "type_matches",
]

Origin = tuple[str, tuple[Hex, ...]]


def card_kinds(card: ArmyCardDef) -> frozenset[str]:
    """The vocabulary's card kinds a card is (``squad`` and ``unique_squad`` ...)."""
    if card.kind == "planeswalker":
        return frozenset({"planeswalker"})
    if card.kind == "hero":
        return frozenset({"hero", "unique_hero" if card.unique else "common_hero"})
    return frozenset({"squad", "unique_squad" if card.unique else "common_squad"})


def _words(text: str) -> set[str]:
    return {w.rstrip("s") for w in text.lower().split()}


def type_matches(card: ArmyCardDef, name: str) -> bool:
    """Whether a card's creature type is ``name`` or has it as one of its words (a plural
    ``s`` ignored)."""
    kind = str(getattr(card, "creature_type", "") or "")
    if not kind:
        return False
    if kind.lower() == name.lower():
        return True
    wanted = _words(name)
    return bool(wanted) and wanted <= _words(kind)


def _card_fields_match(card: ArmyCardDef, def_id: str, sel: SelectorSpec) -> bool:
    if sel.card_kind is not None and not card_kinds(card) & set(sel.card_kind):
        return False
    if sel.card is not None and def_id != sel.card:
        return False
    if sel.colour is not None and sel.colour not in card.colours:
        return False
    if sel.creature_type is not None and not type_matches(card, sel.creature_type):
        return False
    if sel.not_creature_type is not None and type_matches(card, sel.not_creature_type):
        return False
    return sel.min_range is None or int(card.range) >= sel.min_range


def _relation_ok(state: GameState, sel: SelectorSpec, scope: Scope, figure: str) -> bool:
    rel = sel.relation
    if rel == "any":
        return True
    if rel == "self":
        return figure in scope.selves
    if rel == "this_card":
        return state.static.figures[figure].card == scope.card
    owner = state.controller(figure)
    if rel == "own":
        return owner == scope.player
    friendly = not state.static.opposed(scope.player, owner)
    return friendly if rel == "friendly" else not friendly


def origins(state: GameState, sel: SelectorSpec, scope: Scope) -> list[Origin]:
    """The figures (with their spaces) a selector's positional fields measure from."""
    out: list[Origin] = []
    if sel.origin == "planeswalker":
        pw = state.planeswalker_figure(scope.player)
        figs: Sequence[str] = (pw,)
    elif sel.origin == "target":
        if scope.target is None:
            return []
        fs = state.figures[scope.target]
        if fs.zone != "battlefield":
            return [(scope.target, scope.target_hexes)] if scope.target_hexes else []
        figs = (scope.target,)
    else:
        figs = scope.selves
    for f in figs:
        fs = state.figures[f]
        if fs.zone == "battlefield":
            out.append((f, fs.hexes))
    return out


def _sees(state: GameState, origin: Origin, figure: str) -> bool:
    key = (origin[0], origin[1], figure)
    seen: dict[tuple[str, tuple[Hex, ...], str], bool] = state.cache.setdefault("abl_sight", {})
    found = seen.get(key)
    if found is None:
        fs = state.figures[origin[0]]
        if fs.zone == "battlefield" and fs.hexes == origin[1]:
            # From the figure where it stands: its target point, or a cryptolith point if it
            # stands on a cryptolith (Shadows over Innistrad "Cryptoliths").
            found = cryptoliths.clear_sight_to_figure(state, origin[0], figure).clear
        else:
            viewer = state.body_at(*origin)
            others = state.bodies(exclude=(origin[0], figure))
            found = clear_sight_to_figure(state.board, viewer, state.body(figure), others).clear
        seen[key] = found
    return found


def _positional_ok(state: GameState, sel: SelectorSpec, origin: Origin, figure: str) -> bool:
    if origin[0] == figure:
        return not sel.adjacent
    hexes = state.figures[figure].hexes
    spaces = min(distance(a, b) for a in origin[1] for b in hexes)
    # Rules adjacency: neighbouring spaces and no ledge as high as the lower figure is tall.
    adjacent = spaces == 1 and (sel.adjacent or sel.clear_sight) and is_adjacent(
        state.body_at(*origin), state.body(figure))
    if sel.adjacent and not adjacent:
        return False
    if sel.within is not None and spaces > sel.within:
        return False
    if sel.clear_sight and not adjacent:
        return _sees(state, origin, figure)
    return True


def _plain_fields_ok(state: GameState, sel: SelectorSpec, scope: Scope, figure: str) -> bool:
    if not _relation_ok(state, sel, scope, figure):
        return False
    if sel.exclude_self and figure in scope.selves:
        return False
    if sel.damaged is not None and (state.figures[figure].damage > 0) != sel.damaged:
        return False
    info = state.static.figures[figure]
    d = state.static.card_def(info.card)
    return _card_fields_match(d, state.static.cards[info.card].def_id, sel)


def matching_origins(state: GameState, sel: SelectorSpec, scope: Scope, figure: str,
                     found: Sequence[Origin] | None = None) -> list[str]:
    """The origin figures from which ``figure`` (on the battlefield) passes a positional
    selector (empty when it fails)."""
    if not _plain_fields_ok(state, sel, scope, figure):
        return []
    return [o[0] for o in (found if found is not None else origins(state, sel, scope))
            if _positional_ok(state, sel, o, figure)]


def figure_matches(state: GameState, sel: SelectorSpec, scope: Scope, figure: str) -> bool:
    """Whether a figure on the battlefield passes the selector."""
    if not _plain_fields_ok(state, sel, scope, figure):
        return False
    if not sel.positional:
        return True
    return any(_positional_ok(state, sel, o, figure) for o in origins(state, sel, scope))


def select_figures(state: GameState, sel: SelectorSpec, scope: Scope,
                   pool: Iterable[str] | None = None) -> list[str]:
    """The figures on the battlefield (or of ``pool``) that pass the selector, in a fixed
    order. Figures off the battlefield pass on the non-positional fields only."""
    found = origins(state, sel, scope) if sel.positional else []
    out = []
    for f in (state.on_battlefield() if pool is None else pool):
        if not _plain_fields_ok(state, sel, scope, f):
            continue
        if not sel.positional or state.figures[f].zone == "battlefield" and any(
                _positional_ok(state, sel, o, f) for o in found):
            out.append(f)
    return out


def card_matches(state: GameState, sel: SelectorSpec, scope: Scope, card: str) -> bool:
    """Whether an army card passes the selector: relation by owner, the card fields, and --
    if positional or ``damaged`` -- one of its figures on the battlefield passing."""
    static = state.static
    info = static.cards[card]
    rel = sel.relation
    if rel in ("self", "this_card") and card != scope.card:
        return False
    if rel == "own" and info.owner != scope.player:
        return False
    if rel in ("friendly", "opposing"):
        friendly = not static.opposed(scope.player, info.owner)
        if friendly != (rel == "friendly"):
            return False
    if not _card_fields_match(static.card_def(card), info.def_id, sel):
        return False
    if sel.exclude_self and card == scope.card:
        return False
    if sel.positional or sel.damaged is not None:
        found = origins(state, sel, scope) if sel.positional else []
        for f in state.figures_of_card(card, "battlefield"):
            if sel.damaged is not None and (state.figures[f].damage > 0) != sel.damaged:
                continue
            if not sel.positional or any(_positional_ok(state, sel, o, f) for o in found):
                return True
        return False
    return True


def select_cards(state: GameState, sel: SelectorSpec, scope: Scope,
                 zones: tuple[str, ...] = ("play",)) -> list[str]:
    """The army cards in the given zones that pass the selector, in a fixed order."""
    return [c for c in state.static.cards if state.cards[c].zone in zones
            and card_matches(state, sel, scope, c)]


def select_players(state: GameState, sel: SelectorSpec | None, scope: Scope) -> list[int]:
    """The players a selector's relation picks (``own``/``self``: the scope's player)."""
    rel = "any" if sel is None else sel.relation
    out = []
    for seat in state.static.seats:
        if rel in ("own", "self", "this_card") and seat != scope.player:
            continue
        if rel in ("friendly", "opposing"):
            friendly = not state.static.opposed(scope.player, seat)
            if friendly != (rel == "friendly"):
                continue
        out.append(seat)
    return out
