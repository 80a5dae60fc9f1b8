"""Action 3 in the game: move requests built from the state, and moves walked step by step.

`arena.engine.pathfinding` answers where a figure can go; this module asks it with the real
state -- who stands where and whether they are friendly and engaged, the glyphs, the folded
``move`` stat, keyword flags -- and walks the chosen path: leaving-engagement attacks are
rolled as the figure leaves each engagement (guide p.10: one die, a hit is 1 damage, no
defense), falls as it lands (guide "Falling": one die, a hit is 1 damage; never into water),
and a figure destroyed on the way stops there. A move that ends by landing on a glyph turns it
ability side up and applies it (`arena.engine.glyphs`). Each figure of the chosen card moves at
most once a turn.

Engagement is `arena.engine.engagement.is_engaged` between figures whose controllers are on
different teams (guide "Team rules": friendly figures are yours and your teammates').

The terrain is the state's (`GameState.board`: destroyed cryptoliths are gone), so scaling a
cryptolith (4 spaces, `pathfinding.CRYPTOLITH_SCALE_COST`) and the road bonus (+3 when the whole
move, start included, is on road) apply through the game as in `arena.engine.pathfinding`.

Flying figures fly unless the move says ``walk`` (`MoveFigure.walk`): a flier may move on foot
like any figure (climbing, water, glyphs and engagement on every step). The legal actions list
a walking move where it differs from flying there -- where walking provokes fewer
leaving-engagement attacks than taking off (cards.md Flying: every engagement is left on take
off) -- and any walking move a player names is accepted.

A move that ends on weirded ground applies the scenario's weirded-ground effect
(`arena.engine.weirded`; by default there is none).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from arena.engine import glyphs, weirded
from arena.engine.actions import Action, MoveFigure, Pos, pos_hexes
from arena.engine.context import Ctx
from arena.engine.dice import RollPurpose
from arena.engine.effects import deal_damage
from arena.engine.engagement import is_engaged
from arena.engine.errors import IllegalAction
from arena.engine.events import FigureFell, FigureMoved, LeavingEngagementAttacked
from arena.engine.pathfinding import (
    MoveRequest,
    Occupant,
    Reach,
    Reaches,
    engagement_lookup,
    path_cost,
)
from arena.engine.pathfinding import reachable as _reachable
from arena.engine.state import GameState
from arena.engine.stats import acting_figures, acts_this_turn, keywords, stat
from arena.engine.vocab import MOVE_PHASES, Phase, Point
from arena.hexgrid import Hex, distance

__all__ = [
    "LEAVING_ENGAGEMENT_DICE",
    "apply_move",
    "can_fly",
    "clear_caches",
    "engaged_map",
    "engaged_with",
    "move_actions",
    "move_request",
    "movable_figures",
    "reachable_spaces",
]

LEAVING_ENGAGEMENT_DICE = 1
"""Guide "Leaving an engagement": one combat die, no defense."""

FALL_DICE = 1
"""Guide "Falling": one combat die."""


def engaged_map(state: GameState) -> dict[str, frozenset[str]]:
    """For every figure on the battlefield, the opposing figures it is engaged with (cached).
    """
    found: dict[str, frozenset[str]] | None = state.cache.get("engaged")
    if found is not None:
        return found
    board = state.board
    figs = state.on_battlefield()
    pairs: dict[str, set[str]] = {f: set() for f in figs}
    # Each figure's controller and spaces read once (every pair asks).
    controllers = [state.controller(f) for f in figs]
    spaces = [state.figures[f].hexes for f in figs]
    opposed = state.static.opposed
    for i, a in enumerate(figs):
        ca = controllers[i]
        ha = spaces[i]
        for j in range(i + 1, len(figs)):
            if not opposed(ca, controllers[j]):
                continue
            b = figs[j]
            hb = spaces[j]
            if min(distance(x, y) for x in ha for y in hb) != 1:
                continue
            if is_engaged(board, state.body(a), state.body(b)):
                pairs[a].add(b)
                pairs[b].add(a)
    found = {f: frozenset(s) for f, s in pairs.items()}
    state.cache["engaged"] = found
    return found


def engaged_with(state: GameState, figure: str) -> frozenset[str]:
    """The opposing figures a figure on the battlefield is engaged with."""
    return engaged_map(state).get(figure, frozenset())


def move_request(state: GameState, figure: str, walk: bool = False) -> MoveRequest:
    """The `MoveRequest` for a figure on the battlefield, from the real state (``walk``: a
    flier moving on foot)."""
    static = state.static
    d = static.figure_def(figure)
    me = state.controller(figure)
    engaged = engaged_map(state)
    occupancy: dict[object, Occupant] = {}
    for h, other in state.occupant_map().items():
        if other == figure:
            continue
        friendly = not static.opposed(me, state.controller(other))
        occupancy[h] = Occupant(other, friendly, bool(engaged.get(other)))
    enemies = [state.body(f) for f in state.on_battlefield()
               if f != figure and static.opposed(me, state.controller(f))]
    flags = keywords(state, figure)
    return MoveRequest(
        figure_id=figure,
        hexes=state.figures[figure].hexes,
        height=d.height,
        move=max(0, stat(state, Point.MOVE, figure)),
        flying="flying" in flags and not walk,
        phantom_walk="phantom_walk" in flags,
        occupancy=occupancy,  # type: ignore[arg-type]
        glyphs=frozenset(state.glyphs),
        engaged_at=engagement_lookup(state.board, state.body(figure), enemies),
    )


_MEMO_SIZE = 512
_memo: OrderedDict[tuple[object, ...], Reaches] = OrderedDict()


def clear_caches() -> None:
    """Forget the memo of reachable spaces (benchmarks measuring cold queries)."""
    _memo.clear()


def _memo_key(state: GameState, request: MoveRequest) -> tuple[object, ...]:
    """Everything the search depends on: the terrain (by content), the mover and its
    numbers (stats and keyword flags already folded by the rule book), who stands where and
    how they stand to it, and the glyphs. Opposing figures' bodies decide engagement. The
    terrain key is the battlefield's plus the obstacles destroyed in play."""
    static = state.static
    terrain = static.field.board.content_key()
    me = state.controller(request.figure_id)
    enemies = tuple(sorted(
        (f, state.figures[f].hexes, static.figure_def(f).height)
        for f in state.on_battlefield()
        if f != request.figure_id and static.opposed(me, state.controller(f))))
    occupancy = tuple(sorted((h.q, h.r, o.friendly, o.engaged)
                             for h, o in request.occupancy.items()))
    gone = tuple(sorted(k for k, o in state.obstacles.items() if o.destroyed))
    return (terrain, gone, request.figure_id, request.hexes,
            request.height, request.move, request.flying, request.phantom_walk, occupancy,
            tuple(sorted((h.q, h.r) for h in request.glyphs)), enemies)


def reachable_spaces(state: GameState, figure: str, walk: bool = False) -> Reaches:
    """Every position the figure can end a move on now, with cost, path, provoked attacks
    and falls (``walk``: a flier moving on foot). Cached in the state until it changes, and in
    a small memo across states (a clone, a replay or an AI search meets the same positions
    again)."""
    reaches: dict[tuple[str, bool], Reaches] = state.cache.setdefault("reach", {})
    found = reaches.get((figure, walk))
    if found is not None:
        return found
    request = move_request(state, figure, walk)
    key = _memo_key(state, request)
    found = _memo.get(key)
    if found is not None:
        _memo.move_to_end(key)
    else:
        found = _reachable(state.board, request)
        _memo[key] = found
        if len(_memo) > _MEMO_SIZE:
            _memo.popitem(last=False)
    reaches[(figure, walk)] = found
    return found


def can_fly(state: GameState, figure: str) -> bool:
    """Whether a figure has Flying now (and so may choose to walk instead)."""
    return "flying" in keywords(state, figure)


def movable_figures(state: GameState) -> list[str]:
    """Figures of the chosen card that may still move this turn."""
    ts = state.turn_state
    if ts.chosen is None or state.phase not in MOVE_PHASES:
        return []
    return [f for f in acting_figures(state)
            if f not in ts.moved and state.controller(f) == state.active]


def move_actions(state: GameState) -> list[Action]:
    """One `MoveFigure` per figure that may move and each position it can reach; for a flier,
    also a walking move to each position where walking provokes fewer leaving-engagement
    attacks than flying there."""
    out: list[Action] = []
    for figure in movable_figures(state):
        flying = reachable_spaces(state, figure)
        out.extend(MoveFigure(figure, end) for end in flying)
        if not can_fly(state, figure):
            continue
        for end, reach in reachable_spaces(state, figure, walk=True).items():
            flown = flying.get(end)
            if flown is None or len(reach.provokes) < len(flown.provokes):
                out.append(MoveFigure(figure, end, walk=True))
    return out


def _check(state: GameState, action: MoveFigure) -> Reach:
    figure = action.figure
    if figure not in state.figures:
        raise IllegalAction(action, f"no figure {figure}")
    if state.phase not in MOVE_PHASES:
        raise IllegalAction(action, "moving is over for this turn")
    ts = state.turn_state
    if not acts_this_turn(state, figure):
        raise IllegalAction(action, "only figures of the chosen army card move")
    if state.figures[figure].zone != "battlefield":
        raise IllegalAction(action, "that figure is not on the battlefield")
    if state.controller(figure) != state.active:
        raise IllegalAction(action, "you do not control that figure")
    if figure in ts.moved:
        raise IllegalAction(action, "each figure moves only once a turn")
    if action.walk and not can_fly(state, figure):
        raise IllegalAction(action, "only a flying figure chooses to walk")
    if action.path is None:
        reach = reachable_spaces(state, figure, action.walk).get(action.to)
        if reach is None:
            raise IllegalAction(action, "that figure cannot reach that position")
        return reach
    if not action.path or action.path[-1] != action.to:
        raise IllegalAction(action, "the path must end at the destination")
    result = path_cost(state.board, move_request(state, figure, action.walk), action.path)
    if isinstance(result, str):
        raise IllegalAction(action, result)
    if len(action.path) < 2:
        raise IllegalAction(action, "the path does not go anywhere")
    return result


def apply_move(ctx: Ctx, action: MoveFigure) -> None:
    """Action 3: move one figure of the chosen card (`walk` does the walking)."""
    state = ctx.state
    reach = _check(state, action)
    state.phase = Phase.MOVE
    state.set_turn(moved=(*state.turn_state.moved, action.figure))
    walk(ctx, action.figure, reach)


def walk(ctx: Ctx, figure: str, reach: Reach, leaving_attacks: bool = True) -> bool:
    """Walk a figure along a `Reach`, in action 3 or for an effect's move: leaving-engagement
    attacks (unless ``leaving_attacks`` is off) and falls in path order, each rolled as it
    happens (guide "Leaving an engagement", "Moving down"); a figure destroyed on the way
    stops there. Then the glyph it lands on and weirded ground. Returns whether the figure
    survived."""
    state = ctx.state
    name = state.static.figure_name(figure)
    start = state.figures[figure].hexes
    mark = len(ctx.events)
    me = state.controller(figure)
    stopped_at = len(reach.path) - 1
    happenings: list[tuple[int, int, str]] = []  # (step, order, kind:id)
    if leaving_attacks:
        for j, (by, step) in enumerate(zip(reach.provokes, reach.provoke_steps, strict=True)):
            happenings.append((step, j, "lea:" + by))
    for j, step in enumerate(reach.fall_steps):
        happenings.append((step, 1000 + j, f"fall:{j}"))
    happenings.sort()
    destroyed = False
    for step, _, what in happenings:
        kind, ref = what.split(":", 1)
        if kind == "lea":
            if state.figures[ref].zone != "battlefield":
                continue
            roll = ctx.roll(state.controller(ref), LEAVING_ENGAGEMENT_DICE,
                            RollPurpose.LEAVING_ENGAGEMENT)
            ctx.emit(LeavingEngagementAttacked(ref, state.static.figure_name(ref), figure, name,
                                               roll.faces[0], roll.hits, step))
            destroyed = deal_damage(ctx, figure, roll.hits, f"{state.static.figure_name(ref)}'s "
                                                            "leaving-engagement attack")
        else:
            _, levels = reach.falls[int(ref)]
            roll = ctx.roll(me, FALL_DICE, RollPurpose.FALL)
            ctx.emit(FigureFell(figure, name, levels, roll.faces[0], roll.hits, step))
            destroyed = deal_damage(ctx, figure, roll.hits, "a fall")
        if destroyed:
            stopped_at = step
            break
    walked = reach.path[: stopped_at + 1]
    ctx.events.insert(mark, FigureMoved(me, figure, name, _pos(start), walked[-1], walked,
                                        reach.cost))
    if destroyed:
        return False
    end = pos_hexes(walked[-1])
    state.set_figure(figure, replace(state.figures[figure], hexes=end))
    for h in end:
        if h in state.glyphs and h not in start:
            glyphs.land(ctx, figure, h)
    weirded.after_move(ctx, figure)
    return True


def _pos(hexes: tuple[object, ...]) -> Pos:
    if len(hexes) == 1 and isinstance(hexes[0], Hex):
        return hexes[0]
    a, b = hexes
    assert isinstance(a, Hex) and isinstance(b, Hex)
    return (a, b)
