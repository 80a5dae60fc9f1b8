"""Summoning (guide "Planeswalker rules"; Terms "Summoning a double-space figure").

Before action 3 of a turn on which the Planeswalker's army card is chosen, the Planeswalker
may summon up to two squads or heroes from reserve. Each figure goes on an empty space (no
figure, ruin or glyph) within 5 spaces of the Planeswalker and in its clear sight
(`sight.clear_sight_to_space` from the Planeswalker's body); a double-space figure needs two
empty spaces it can stand on level (like the end of a move) with one of them in range and
sight. A squad comes whole: every figure of it still in reserve (reference manual "Partial
summons": only survivors of an earlier fight, if any figures are in the graveyard). The squad
enters as one: its own figures, placed one by one, do not block the Planeswalker's sight to
the spaces its squad-mates still need (every other figure does); otherwise placing one figure
could hide every space left for the rest and strand a summon already begun.

As actions: `BeginSummon(card)`, then a ``summon`` decision answered by `PlaceFigure`
once per figure. Once begun, the squad must be finished, so a squad is offered only when all
its figures fit at once, and each placement is offered only if the rest still fit -- the
decision never dead-ends. The ``summon`` decision takes its range, origin figure and source
zone from its data, so effects that put figures back on the battlefield (Darkness Arises) can
reuse it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from operator import attrgetter
from typing import Any

from arena.engine.actions import Action, BeginSummon, PlaceFigure, Pos, pos_hexes
from arena.engine.board import Board
from arena.engine.bodies import Body
from arena.engine.context import Ctx
from arena.engine.errors import IllegalAction
from arena.engine.events import FigureSummoned, SummonBegun
from arena.engine.sight import Sight, space_sight
from arena.engine.state import SUMMONS_PER_TURN, Decision, GameState
from arena.engine.vocab import Phase
from arena.hexgrid import Hex, distance, spiral

__all__ = [
    "SUMMON_RANGE",
    "begin",
    "place_apply",
    "place_legal",
    "summon_spaces",
    "summonable_cards",
]

SUMMON_RANGE = 5
"""Guide "Planeswalker rules": "within 5 clear sight spaces"."""

_SEARCH_LIMIT = 20000

_SIGHT_MEMO_KEPT = 2048
"""Viewer-and-blockers memos of summoning sight a board keeps (`_seeing`) before it starts
afresh: a bound on memory."""

_hex_order = attrgetter("q", "r")
"""The order of `Hex` (by q, then r) as a sort key compared in C."""


def _seen_spaces(state: GameState, origin: str, within: int,
                 entering: str = "") -> frozenset[Hex]:
    """Empty spaces within range of the origin figure and in its clear sight (cached); the
    figures of the card `entering` (the squad being summoned) do not block sight."""
    key = _seen_key(state, origin, within, entering)
    found: frozenset[Hex] | None = state.cache.get(key)
    if found is not None:
        return found
    found = frozenset(_seeing(state, origin, within, entering))
    state.cache[key] = found
    return found


def _seen_key(state: GameState, origin: str, within: int, entering: str) -> str:
    # A card with no figure on the battlefield blocks nothing: every such card shares one
    # cached answer (summonable_cards asks for each reserve card in turn).
    on_field = bool(entering) and bool(state.figures_of_card(entering, "battlefield"))
    return f"summon_seen:{origin}:{within}:{entering if on_field else ''}"


def _seeing(state: GameState, origin: str, within: int, entering: str) -> Iterator[Hex]:
    """The spaces of `_seen_spaces`, one by one (a caller that needs only a few stops early:
    each costs a sight check)."""
    board = state.board
    body = state.body(origin)
    squad = tuple(state.figures_of_card(entering, "battlefield")) if entering else ()
    blockers = tuple(state.bodies(exclude=(origin, *squad)))
    # One memo of sight per viewer and set of blockers, kept with the board: summonable_cards
    # asks for every reserve card (the cards with no figure on the battlefield all see past
    # the same figures), and every state with the same figures where they are asks again.
    memo: dict[tuple[Body, tuple[Body, ...]], dict[Hex, bool]] | None = \
        board.memo.get("summon_sights")
    if memo is None or len(memo) >= _SIGHT_MEMO_KEPT:
        memo = board.memo["summon_sights"] = {}
    clear = memo.get((body, blockers))
    if clear is None:
        clear = memo[(body, blockers)] = {}
    sees: Callable[[Hex], Sight] | None = None
    occupied = state.occupant_map()
    for h in _spaces(board, _candidates(body.hexes, within)):
        if h in occupied or h in state.glyphs or not board.can_stand(h):
            continue
        seen = clear.get(h)
        if seen is None:
            if sees is None:
                sees = space_sight(board, body, blockers)
            seen = clear[h] = sees(h).clear
        if seen:
            yield h


def _spaces(board: Board, hexes: tuple[Hex, ...]) -> Iterator[Hex]:
    """The spaces of these columns: each hex, or its storeys where the column has several
    surfaces (spaces above spaces), in `Hex` order."""
    storeys = board.storeys
    if not storeys:
        yield from hexes
        return
    for h in hexes:
        yield from storeys.get(h, (h,))


@lru_cache(maxsize=1024)
def _candidates(hexes: tuple[Hex, ...], within: int) -> tuple[Hex, ...]:
    """The spaces within ``within`` of any of ``hexes``, in `Hex` order (pure geometry,
    cached)."""
    found: set[Hex] = set()
    for h in hexes:
        found.update(spiral(h, within))
    return tuple(sorted((h for h in found if min(distance(h, o) for o in hexes) <= within),
                        key=_hex_order))


def _room_for(state: GameState, figure: str, origin: str, within: int, count: int) -> bool:
    """Whether ``count`` figures like ``figure`` can be summoned (single-space figures stop
    at the ``count``-th space in sight unless the spaces are cached already)."""
    card = state.static.figures[figure].card
    if state.static.figure_def(figure).base == "double" or \
            _seen_key(state, origin, within, card) in state.cache:
        return _fits(summon_spaces(state, figure, origin, within), count)
    if count <= 0:
        return True
    fits = _fitting(state, figure)
    return any(found >= count for found, _ in enumerate(
        (h for h in _seeing(state, origin, within, card) if fits(h)), start=1))


def _fitting(state: GameState, figure: str) -> Callable[[Hex], bool]:
    """Whether the figure stands on a space under its ceiling (spaces above spaces: a figure
    too tall for a space under a bridge or a roof cannot be summoned there)."""
    board, height = state.board, state.static.figure_def(figure).height
    return lambda h: board.fits(h, height)


def summon_spaces(state: GameState, figure: str, origin: str, within: int) -> list[Pos]:
    """Every position the figure may be summoned to (pairs, leading hex first, for a
    double-space figure: both orientations)."""
    seen = _seen_spaces(state, origin, within, state.static.figures[figure].card)
    board = state.board
    fits = _fitting(state, figure)
    if board.storeys:
        seen = frozenset(h for h in seen if fits(h))
    if state.static.figure_def(figure).base != "double":
        return sorted(seen)
    occupied = state.occupant_map()
    glyphs = state.glyphs
    out: set[tuple[Hex, Hex]] = set()
    for a in seen:
        for b in _level_neighbours(board, a):
            if b in occupied or b in glyphs or not fits(b):
                continue
            out.add((a, b))
            out.add((b, a))
    ordered = sorted(out, key=_pair_order)
    return [*ordered]


def _pair_order(pair: tuple[Hex, Hex]) -> tuple[int, ...]:
    """The order of a pair of `Hex` (by the first, then the second) as ints."""
    a, b = pair
    return (a.q, a.r, a.storey_level, b.q, b.r, b.storey_level)


def _level_neighbours(board: Board, a: Hex) -> tuple[Hex, ...]:
    """The neighbours of ``a`` a double-space figure may stand on together with it: a base
    fits there, on the same level, both in water or both dry (guide "Moving a double-space
    figure"). Terrain alone decides, so each board keeps the answers."""
    table: dict[Hex, tuple[Hex, ...]] = board.memo.setdefault("summon_level_neighbours", {})
    found = table.get(a)
    if found is None:
        level, water = board.surface(a), board.is_water(a)
        found = table[a] = tuple(b for b in board.around(a) if board.can_stand(b)
                                 and board.surface(b) == level and board.is_water(b) == water)
    return found


def _fits(spaces: Sequence[Pos], count: int, used: frozenset[Hex] = frozenset()) -> bool:
    """Whether ``count`` figures fit on mutually disjoint positions among ``spaces``."""
    free = [p for p in spaces if not any(h in used for h in pos_hexes(p))]
    if count <= 0:
        return True
    if all(isinstance(p, Hex) for p in free):
        return len(free) >= count
    budget = [_SEARCH_LIMIT]

    def search(start: int, left: int, taken: frozenset[Hex]) -> bool:
        if left == 0:
            return True
        for i in range(start, len(free)):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            hexes = pos_hexes(free[i])
            if any(h in taken for h in hexes):
                continue
            if search(i + 1, left - 1, taken | frozenset(hexes)):
                return True
        return False

    return search(0, count, frozenset())


def _to_place(state: GameState, card: str, source: str) -> list[str]:
    return state.figures_of_card(card, source)


def summonable_cards(state: GameState) -> list[str]:
    """Cards the active player may begin summoning now (see the module docstring)."""
    seat = state.active
    ts = state.turn_state
    pw_card = state.static.players[seat].planeswalker
    if (state.phase != Phase.PRE_MOVE or ts.chosen != pw_card or not state.has_planeswalker(seat)
            or len(ts.summoned) >= SUMMONS_PER_TURN):
        return []
    origin = state.planeswalker_figure(seat)
    out = []
    for uid in state.static.players[seat].cards:
        if uid == pw_card or state.cards[uid].zone != "reserve":
            continue
        figs = _to_place(state, uid, "reserve")
        if not figs:
            continue
        if _room_for(state, figs[0], origin, SUMMON_RANGE, len(figs)):
            out.append(uid)
    return out


def begin(ctx: Ctx, action: BeginSummon) -> None:
    """Start summoning a squad or hero: the ``summon`` decision follows."""
    state = ctx.state
    if action.card not in summonable_cards(state):
        raise IllegalAction(action, _why_not(state, action.card))
    seat = state.active
    figs = _to_place(state, action.card, "reserve")
    state.set_turn(summoned=(*state.turn_state.summoned, action.card))
    ctx.emit(SummonBegun(seat, action.card, state.static.card_def(action.card).name, len(figs)))
    ctx.push(summon_decision(state, seat, action.card, state.planeswalker_figure(seat)))


def summon_decision(state: GameState, seat: int, card: str, origin: str,
                    within: int = SUMMON_RANGE, source: str = "reserve") -> Decision:
    """The decision that places a card's figures from ``source`` one by one."""
    name = state.static.card_def(card).name
    data: dict[str, Any] = {"card": card, "origin": origin, "within": within,
                            "source": source}
    return Decision("summon", seat, f"Place the figures of {name}", data)


def _why_not(state: GameState, card: str) -> str:
    seat = state.active
    ts = state.turn_state
    if state.phase != Phase.PRE_MOVE:
        return "summoning happens before moving"
    if ts.chosen != state.static.players[seat].planeswalker:
        return "only on a turn your Planeswalker's army card is chosen"
    if not state.has_planeswalker(seat):
        return "your Planeswalker is not on the battlefield"
    if len(ts.summoned) >= SUMMONS_PER_TURN:
        return "already summoned two squads or heroes this turn"
    if card not in state.static.cards or state.static.cards[card].owner != seat:
        return "not one of your army cards"
    if state.cards[card].zone != "reserve":
        return "that army card is not in your reserve"
    return "its figures do not all fit on empty spaces within 5 clear-sight spaces"


def place_legal(state: GameState, decision: Decision) -> list[Action]:
    """Positions for the next figure from which the rest can still be placed."""
    figs = _to_place(state, decision.data["card"], decision.data["source"])
    if not figs:
        return []
    spaces = summon_spaces(state, figs[0], decision.data["origin"], decision.data["within"])
    rest = len(figs) - 1
    if all(isinstance(p, Hex) for p in spaces):
        return [PlaceFigure(p) for p in spaces] if len(spaces) > rest else []
    return [PlaceFigure(p) for p in spaces if _fits(spaces, rest, frozenset(pos_hexes(p)))]


def place_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Place the next figure; the card is in play once its figures are all placed."""
    assert isinstance(action, PlaceFigure)
    state = ctx.state
    card = decision.data["card"]
    figs = _to_place(state, card, decision.data["source"])
    fid = figs[0]
    state.set_figure(fid, replace(state.figures[fid], zone="battlefield",
                                  hexes=pos_hexes(action.position), damage=0))
    state.set_card(card, replace(state.cards[card], zone="play"))
    ctx.emit(FigureSummoned(decision.player, fid, state.static.figure_name(fid), action.position))
    if len(figs) == 1:
        ctx.pop()
