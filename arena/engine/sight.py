"""Line of sight and clear sight on the stacked hex battlefield: pure 3D geometry.

Guide, Action 4 "Who can attack?" -> "Line of sight": sight is "an imaginary straight line
between your attacking figure's target point and the targeted figure's hit zone; it has nothing
to do with the spaces on the battlefield" -- the attacker "can see any part of the targeted
figure's hit zone". No peer computes this (players judge it by eye, or by roll-off), so this
module does, by one exact, documented model that players at a table would agree with:

* **The world.** Every hex column is a stack of solid spans (`Board.solid_spans`: land tiles,
  sight-blocking ruins and cryptoliths standing on them). Every other figure is a solid prism
  over its hex(es) from its base to its top. The viewer's and the target's own bodies never
  block (a figure does not hide itself), but the terrain under them does: a figure standing
  back from a cliff edge cannot see the foot of the cliff, as on the table.
* **The ray.** It starts at the viewer's target point: above the centre of its hex (either hex
  of a double-space figure) at ``base + target_point``. It must reach some point of the target's
  hit zone. The hit zone is probed along seven vertical lines per target hex -- the centre and
  the points halfway to each corner (`HIT_ZONE_SPREAD`) -- and along each line *every* height
  between ``base + hit_zone[0]`` and ``base + hit_zone[1]`` is checked exactly, not sampled: the
  heights that a blocker hides form an interval, and sight is clear if any height is left
  uncovered. This is guide Example 13: a Flamewing Phoenix in the way does not stop the Elf
  while "part of Chandra's hit zone" stays visible.
* **The walk.** Each ray is walked across the hexes it crosses exactly
  (`arena.hexgrid.hex_crossings`); in each hex the segment spans a height range given by its
  parameter interval there, and a hex blocks the ray when that range overlaps one of its solid
  spans by more than `GRAZE` levels. Merely touching a span's top or bottom does not block.
* **The edge rule.** Where a ray runs exactly along the edge between two hexes, it is blocked
  there only if *both* hexes block it at the same height; where it passes exactly through a
  corner, the hex touched only at that corner never blocks by itself (the hexes the ray does
  enter on either side are checked anyway). A ray that slips between two things favours the
  viewer, as players leaning over the table would agree.

`line_of_sight_to_obstacle` (Shadows over Innistrad "Cryptoliths": "the entire cryptolith is
a hit zone") probes an obstacle's whole column above its ground, the obstacle not hiding itself.
Every query may look from a given ``sight_point`` instead of the viewer's target point (a
cryptolith point: `arena.engine.cryptoliths` places them and picks the best).

`clear_sight_to_figure` (Terms and clarifications, "Clear Sight Spaces": Nissa "can see *any
part* of your figures (not just the hit zone)") probes the whole body, base to top;
`clear_sight_to_space` (Action 2, summoning "within 5 clear sight spaces") probes the top
surface of a space, just above it. Range, adjacency exemptions ("A figure does not need line of
sight to attack a figure that it is engaged with or adjacent to") and hostility belong to the
attack rules, not here. Nothing here draws, logs or mutates: results are plain values the
client can draw as a ruler (`Sight.from_point`, `Sight.to_point`, `Sight.blocker`).

Speed (the AI asks thousands of these): hex walks are translation-invariant, so they are cached
by (hex offset, probe point) in a bounded LRU, and each board's solid spans are indexed once per
board object (a terrain change makes a new `Board`, hence a fresh index). No result is cached:
figures move every turn, and a warm query costs tens of microseconds.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from arena.engine.board import Board
from arena.engine.bodies import Body, is_adjacent
from arena.hexgrid import Crossing, Hex, distance, hex_crossings, hex_to_point, point_to_hex

__all__ = [
    "GRAZE",
    "line_of_sight_to_obstacle",
    "HIT_ZONE_SPREAD",
    "SPACE_LIFT",
    "SPACE_SPREAD",
    "Blocker",
    "BlockerKind",
    "Point3",
    "Sight",
    "clear_sight_to_figure",
    "clear_sight_to_space",
    "is_adjacent",
    "space_sight",
    "line_of_sight",
    "trace_ray",
]

Point3 = tuple[float, float, float]
"""A point ``(x, y, z)``: ``x, y`` in the hex plane (`arena.hexgrid.hex_to_point`, size 1, y down),
``z`` in levels."""

BlockerKind = Literal["terrain", "obstacle", "figure"]

GRAZE = 1e-9
"""Levels by which a ray must cut into a solid span to be blocked; anything less is a graze,
and grazes favour the viewer (also absorbs floating-point noise at exact level boundaries)."""

HIT_ZONE_SPREAD = 0.5
"""How far towards each corner the off-centre probe lines of a hit zone stand (fraction of the
centre-to-corner distance): a figure's body is narrower than its hex, so half-way keeps the
probes on the miniature while letting a target peek past an obstacle's side."""

SPACE_SPREAD = 0.75
"""As `HIT_ZONE_SPREAD` for a space: the whole top of a hex counts, so probe nearer its rim."""

SPACE_LIFT = 0.05
"""Levels above a space's top surface at which it is probed ("slightly above it"), so a ray
skimming flat ground still reaches it."""

_RUN_MIN = 1e-6
"""Shortest parameter interval that counts as running along an edge rather than through a
corner (`hex_crossings` reports corner touches with a zero-length interval)."""

_WALK_CACHE_SIZE = 65536

_Key = tuple[int, int]
_Span = tuple[float, float]
_Part = tuple[float, float, BlockerKind, str | None]
_Step = tuple[tuple[_Key, ...], float, float]
"""One stretch of a walk: the hex it enters (one key) or the two hexes whose shared edge it runs
along, and its parameter interval ``t_in, t_out``."""
_Interval = tuple[float, float, int, float, float]
"""Target heights ``(low, high)`` (open) hidden by step ``index`` through merged span
``(span_low, span_high)``."""


@dataclass(frozen=True, slots=True)
class Blocker:
    """What stops a ray: the kind of thing, the hex it stands in, the obstacle or figure id
    (None for plain terrain) and the level at which the ray meets it."""

    kind: BlockerKind
    hex: Hex
    id: str | None
    height: float


@dataclass(frozen=True, slots=True)
class Sight:
    """The answer to a sight question.

    ``clear`` is the rules answer. ``from_point`` and ``to_point`` are a ray for the client's
    ruler: when clear, the ray to the middle of the largest visible part found; when not, the
    ray between the first hexes' centres to the middle of the probed range, and ``blocker`` is
    the first thing that stops that ray.
    """

    clear: bool
    blocker: Blocker | None
    from_point: Point3
    to_point: Point3


def line_of_sight(
    board: Board,
    viewer: Body,
    target: Body,
    others: Iterable[Body] = (),
    sight_point: Point3 | None = None,
) -> Sight:
    """Whether ``viewer``'s target point sees any part of ``target``'s hit zone (guide, Action 4
    "Line of sight"; Example 13), with ``others`` (any figures; the viewer and target are
    skipped if present) as obstacles. ``sight_point``: look from this point instead of the
    viewer's target point (a cryptolith point, `arena.engine.cryptoliths`)."""
    bodies = tuple(others)
    key = (True, viewer, target, bodies, sight_point)
    found = _remembered(board, key)
    if found is None:
        bottom, top = target.hit_zone
        found = _remember(board, key, _sight(
            board,
            viewer,
            target.hexes,
            target.base + bottom,
            target.base + top,
            _HIT_ZONE_OFFSETS,
            bodies,
            {viewer.figure_id, target.figure_id},
            sight_point,
        ))
    return found


def clear_sight_to_figure(
    board: Board,
    viewer: Body,
    target: Body,
    others: Iterable[Body] = (),
    sight_point: Point3 | None = None,
) -> Sight:
    """Whether ``viewer``'s target point sees any part of ``target``, base to top (Terms and
    clarifications, "Clear Sight Spaces": "any part of your figures (not just the hit zone)").
    ``sight_point`` as in `line_of_sight`."""
    bodies = tuple(others)
    key = (False, viewer, target, bodies, sight_point)
    found = _remembered(board, key)
    if found is None:
        found = _remember(board, key, _sight(
            board,
            viewer,
            target.hexes,
            target.base,
            target.top,
            _HIT_ZONE_OFFSETS,
            bodies,
            {viewer.figure_id, target.figure_id},
            sight_point,
        ))
    return found


_SightKey = tuple[bool, Body, Body, tuple[Body, ...], "Point3 | None"]
"""A figure-to-figure sight question: hit zone (True) or whole figure, the viewer, the
target, every other figure (as given) and the point looked from."""

_SIGHTS_KEPT = 8192
"""Answers a board remembers (`_remember`) before it starts afresh: a bound on memory."""


def _remembered(board: Board, key: _SightKey) -> Sight | None:
    """A figure-to-figure answer given before on this board. Sight depends on the terrain
    (one board object per terrain) and the bodies alone, and the same questions come back
    again and again: the attacks offered in each position, the AI's search asking them
    of every line it plays out from one position."""
    memo: dict[_SightKey, Sight] | None = board.memo.get("sights")
    return None if memo is None else memo.get(key)


def _remember(board: Board, key: _SightKey, sight: Sight) -> Sight:
    memo: dict[_SightKey, Sight] | None = board.memo.get("sights")
    if memo is None or len(memo) >= _SIGHTS_KEPT:
        memo = board.memo["sights"] = {}
    memo[key] = sight
    return sight


def clear_sight_to_space(
    board: Board,
    viewer: Body,
    hex_: Hex,
    others: Iterable[Body] = (),
    sight_point: Point3 | None = None,
) -> Sight:
    """Whether ``viewer``'s target point sees any part of the top of space ``hex_`` (Action 2,
    summoning "within 5 clear sight spaces"; for a double-space summon the caller asks for
    each hex, as "only one hex of the base needs to be within the 5 clear sight spaces").

    The space is probed `SPACE_LIFT` above its highest solid (the surface, or a ruin's top). A
    figure standing on the space does not hide it (it stands *on* it, as the viewer's own body
    does not hide anything either). ``sight_point`` as in `line_of_sight`.
    """
    level = _space_level(board, _terrain(board), hex_)
    return _sight(board, viewer, (hex_,), level, level, _SPACE_OFFSETS, others, {viewer.figure_id},
                  sight_point)


def _space_level(board: Board, index: _TerrainIndex, hex_: Hex) -> float:
    """Where a space is probed: `SPACE_LIFT` above its highest solid (the surface, or a
    ruin's top); for one of several surfaces of a column (a `Storey`), above that surface
    (a cryptolith's top included), not above the roof."""
    if hex_.storey_level >= 0:
        return board.surface(hex_) + SPACE_LIFT
    spans = index.merged.get((hex_.q, hex_.r), ())
    return max((hi for _, hi in spans), default=0.0) + SPACE_LIFT


def space_sight(board: Board, viewer: Body, others: Iterable[Body] = ()) -> Callable[[Hex], Sight]:
    """`clear_sight_to_space` from one viewer among the same figures, for many spaces (the
    spaces a Planeswalker may summon to): the figures are indexed once, not once a space. A
    space with a figure on it is asked the long way (that figure does not hide it)."""
    bodies = tuple(others)
    index = _terrain(board)
    skip_ids = {viewer.figure_id}
    shared = _figure_index(index, bodies, skip_ids, set(viewer.hexes))
    standing = {h for body in bodies if body.figure_id not in skip_ids for h in body.hexes}

    def sees(hex_: Hex) -> Sight:
        if hex_ in standing:
            return clear_sight_to_space(board, viewer, hex_, bodies)
        level = _space_level(board, index, hex_)
        return _sight(board, viewer, (hex_,), level, level, _SPACE_OFFSETS, bodies, skip_ids,
                      figures=shared)

    return sees


def line_of_sight_to_obstacle(
    board: Board,
    viewer: Body,
    obstacle_id: str,
    others: Iterable[Body] = (),
    sight_point: Point3 | None = None,
) -> Sight:
    """Whether ``viewer`` sees any part of an obstacle standing on the board (Shadows over
    Innistrad "Cryptoliths": "When checking for LOS, the entire cryptolith is a hit zone").

    The obstacle's whole column above the ground it stands on is probed, from the top of its
    hex(es) to its own top, along the same probe lines as a space (`SPACE_SPREAD`: it fills its
    hex); its own solid does not hide itself, the ground under it still does. A figure standing
    on its top neither hides it nor is hidden by it (as a figure on a space, above)."""
    obstacle = board.obstacles[obstacle_id]
    index = _terrain(board)
    low = min(float(board.top(h)) for h in obstacle.footprint)
    high = max(float(board.top(h) + obstacle.height) for h in obstacle.footprint)
    own: dict[_Key, tuple[_Part, ...]] = {}
    for h in obstacle.footprint:
        key = (h.q, h.r)
        own[key] = tuple(p for p in index.parts.get(key, ()) if p[3] != obstacle_id)
    return _sight(board, viewer, obstacle.footprint, low, high, _SPACE_OFFSETS, others,
                  {viewer.figure_id}, sight_point, own)


def trace_ray(
    board: Board, start: Point3, end: Point3, figures: Iterable[Body] = ()
) -> Blocker | None:
    """The first thing that stops the single straight ray ``start``-``end``, or None.

    Same model and edge rule as `line_of_sight`, for the client's free ruler and for tests;
    every body in ``figures`` blocks (leave the looker and the looked-at out).
    """
    x0, y0, z0 = start
    x1, y1, z1 = end
    steps = _steps(hex_crossings((x0, y0), (x1, y1)), (0, 0))
    index = _terrain(board)
    fig_spans, fig_parts = _figure_index(index, figures, set(), set())
    intervals = _hidden(steps, 0, 0, z0, z1, z1, index.merged, fig_spans)
    return _first_blocker(steps, 0, 0, z0, z1, intervals, index, fig_parts)


# --- probes --------------------------------------------------------------------------------------

_CORNER_DIRECTIONS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(60 * i - 30)), -math.sin(math.radians(60 * i - 30))) for i in range(6)
)


def _offsets(spread: float) -> tuple[tuple[float, float], ...]:
    """The centre, then the points ``spread`` of the way to corners 0..5 (hexgrid order)."""
    return ((0.0, 0.0), *((spread * dx, spread * dy) for dx, dy in _CORNER_DIRECTIONS))


_HIT_ZONE_OFFSETS = _offsets(HIT_ZONE_SPREAD)
_SPACE_OFFSETS = _offsets(SPACE_SPREAD)


# --- terrain index -------------------------------------------------------------------------------


class _TerrainIndex:
    """Per-board sight data, keyed by ``(q, r)``: the labelled solid parts of each column (for
    naming a blocker) and their merged spans (for the blocking test)."""

    __slots__ = ("merged", "parts")

    def __init__(self, board: Board) -> None:
        self.parts: dict[_Key, tuple[_Part, ...]] = {}
        self.merged: dict[_Key, tuple[_Span, ...]] = {}
        for hex_ in board.columns:
            spans = board.solid_spans(hex_)
            obstacle = board.obstacle_at.get(hex_)
            # Board.solid_spans lists the column's tiles first and the sight-blocking obstacle
            # standing on it (if any) last.
            tiles = len(spans) - (1 if obstacle is not None and obstacle.blocks_sight else 0)
            parts: list[_Part] = [(lo, hi, "terrain", None) for lo, hi in spans[:tiles]]
            if obstacle is not None and tiles < len(spans):
                lo, hi = spans[tiles]
                parts.append((lo, hi, "obstacle", obstacle.id))
            key = (hex_.q, hex_.r)
            self.parts[key] = tuple(sorted(parts, key=_part_order))
            self.merged[key] = _merge((lo, hi) for lo, hi, _, _ in parts)


_INDEXES: dict[int, tuple[weakref.ref[Board], _TerrainIndex]] = {}
_INDEX_LIMIT = 16


def _terrain(board: Board) -> _TerrainIndex:
    """The sight index of ``board``, built once per board object (boards are immutable; a
    terrain change makes a new board, hence a new index)."""
    entry = _INDEXES.get(id(board))
    if entry is not None and entry[0]() is board:
        return entry[1]
    index = _TerrainIndex(board)
    try:
        ref = weakref.ref(board)
    except TypeError:  # a board type without weak references: just don't cache
        return index
    if len(_INDEXES) >= _INDEX_LIMIT:
        _INDEXES.pop(next(iter(_INDEXES)))
    _INDEXES[id(board)] = (ref, index)
    return index


def _part_order(part: _Part) -> tuple[float, float, str, str]:
    return (part[0], part[1], part[2], part[3] or "")


def _merge(spans: Iterable[_Span]) -> tuple[_Span, ...]:
    """Union of spans, touching ones joined (a ruin on land is one solid from the ground up)."""
    merged: list[_Span] = []
    for lo, hi in sorted(spans):
        if hi <= lo:
            continue
        if merged and lo <= merged[-1][1]:
            if hi > merged[-1][1]:
                merged[-1] = (merged[-1][0], hi)
        else:
            merged.append((lo, hi))
    return tuple(merged)


def _intersect(a: Sequence[_Span], b: Sequence[_Span]) -> tuple[_Span, ...]:
    """Heights solid in both hexes beside an edge the ray runs along (the edge rule)."""
    out: list[_Span] = []
    for alo, ahi in a:
        for blo, bhi in b:
            lo, hi = max(alo, blo), min(ahi, bhi)
            if lo < hi:
                out.append((lo, hi))
    return _merge(out)


def _figure_index(
    index: _TerrainIndex,
    figures: Iterable[Body],
    skip_ids: set[str],
    skip_hexes: set[Hex],
) -> tuple[dict[_Key, tuple[_Span, ...]], dict[_Key, tuple[_Part, ...]]]:
    """Merged spans and labelled parts of the hexes where figures stand, terrain included, so
    a lookup there replaces the terrain-only entry. Order of ``figures`` never matters."""
    added: dict[_Key, list[_Part]] = {}
    for body in figures:
        if body.figure_id in skip_ids or any(h in skip_hexes for h in body.hexes):
            continue
        for h in body.hexes:
            added.setdefault((h.q, h.r), []).append((body.base, body.top, "figure", body.figure_id))
    spans: dict[_Key, tuple[_Span, ...]] = {}
    parts: dict[_Key, tuple[_Part, ...]] = {}
    for key, extra in added.items():
        every = sorted((*index.parts.get(key, ()), *extra), key=_part_order)
        parts[key] = tuple(every)
        spans[key] = _merge((lo, hi) for lo, hi, _, _ in every)
    return spans, parts


# --- walks ---------------------------------------------------------------------------------------


def _steps(crossings: Sequence[Crossing], origin: _Key) -> tuple[_Step, ...]:
    """Turn a hex walk into blocking steps, keys relative to ``origin``, applying the edge rule:
    a hex the ray enters is a step of its own; two hexes beside an edge the ray runs along make
    one joint step; a hex touched only at a corner is dropped."""
    oq, orr = origin
    steps: list[_Step] = []
    runs: list[Crossing] = []
    for c in crossings:
        if c.interior:
            steps.append((((c.hex.q - oq, c.hex.r - orr),), c.t_in, c.t_out))
        elif c.t_out - c.t_in > _RUN_MIN:
            runs.append(c)
    runs.sort(key=lambda c: (c.t_in, c.hex))
    i = 0
    while i < len(runs):
        a = runs[i]
        if i + 1 < len(runs):
            b = runs[i + 1]
            if (
                abs(b.t_in - a.t_in) <= _RUN_MIN
                and abs(b.t_out - a.t_out) <= _RUN_MIN
                and distance(a.hex, b.hex) == 1
            ):
                first, second = sorted((a.hex, b.hex))
                keys = ((first.q - oq, first.r - orr), (second.q - oq, second.r - orr))
                steps.append((keys, min(a.t_in, b.t_in), max(a.t_out, b.t_out)))
                i += 2
                continue
        # A one-sided edge run (never produced by hex_crossings) cannot block by the edge rule.
        i += 1
    steps.sort(key=lambda s: (s[1], s[2]))
    return tuple(steps)


@lru_cache(maxsize=_WALK_CACHE_SIZE)
def _walk_from(sx: float, sy: float, dq: int, dr: int, ox: float, oy: float) -> tuple[_Step, ...]:
    """As `_walk`, from the point ``(sx, sy)`` off the centre of the start hex (a cryptolith
    point standing just outside a cryptolith's top)."""
    cx, cy = hex_to_point(Hex(dq, dr))
    return _steps(hex_crossings((sx, sy), (cx + ox, cy + oy)), (0, 0))


@lru_cache(maxsize=_WALK_CACHE_SIZE)
def _walk(dq: int, dr: int, ox: float, oy: float) -> tuple[_Step, ...]:
    """Steps of the ray from the centre of a hex to the point ``(ox, oy)`` off the centre of the
    hex ``(dq, dr)`` away, relative to the start hex. Walks are translation-invariant, so one
    cached walk serves every pair of hexes the same distance and direction apart."""
    cx, cy = hex_to_point(Hex(dq, dr))
    return _steps(hex_crossings((0.0, 0.0), (cx + ox, cy + oy)), (0, 0))


# --- the blocking test ---------------------------------------------------------------------------


def _hidden(
    steps: Sequence[_Step],
    vq: int,
    vr: int,
    z0: float,
    low: float,
    high: float,
    terrain: dict[_Key, tuple[_Span, ...]],
    figures: dict[_Key, tuple[_Span, ...]],
) -> list[_Interval]:
    """The open intervals of end heights in ``[low, high]`` that some step hides, for rays from
    height ``z0`` along ``steps`` (keys relative to ``(vq, vr)``).

    At parameter t the ray is at ``z0 + (z1 - z0) * t``, increasing in the end height z1, so a
    span ``(lo, hi)`` in a step ``[t_in, t_out]`` hides exactly the z1 for which the ray's
    height range there overlaps ``(lo + GRAZE, hi - GRAZE)``: an open interval of z1.
    """
    out: list[_Interval] = []
    for index, (keys, t_in, t_out) in enumerate(steps):
        if t_out <= 0.0:  # touches only the start point: nothing to cross
            continue
        if len(keys) == 1:
            dq, dr = keys[0]
            key = (vq + dq, vr + dr)
            spans = figures[key] if key in figures else terrain.get(key, ())
        else:
            (aq, ar), (bq, br) = keys
            a = (vq + aq, vr + ar)
            b = (vq + bq, vr + br)
            spans = _intersect(
                figures[a] if a in figures else terrain.get(a, ()),
                figures[b] if b in figures else terrain.get(b, ()),
            )
        for lo, hi in spans:
            c_lo = lo + GRAZE - z0
            if c_lo < 0.0:
                low_end = z0 + c_lo / t_in if t_in > 0.0 else -math.inf
            else:
                low_end = z0 + c_lo / t_out
            c_hi = hi - GRAZE - z0
            if c_hi > 0.0:
                high_end = z0 + c_hi / t_in if t_in > 0.0 else math.inf
            else:
                high_end = z0 + c_hi / t_out
            if low_end < high_end and high_end > low and low_end < high:
                out.append((low_end, high_end, index, lo, hi))
    return out


def _gaps(intervals: Sequence[_Interval], low: float, high: float) -> list[_Span]:
    """The parts of ``[low, high]`` no open interval covers (single points included: a ray that
    exactly grazes two blockers gets through)."""
    gaps: list[_Span] = []
    current = low
    for start, end, *_ in sorted(intervals):
        if end <= current:
            continue
        if start >= current:
            gaps.append((current, min(start, high)))
        current = end
        if current > high:
            return gaps
    gaps.append((current, high))
    return gaps


def _first_blocker(
    steps: Sequence[_Step],
    vq: int,
    vr: int,
    z0: float,
    z1: float,
    intervals: Sequence[_Interval],
    index: _TerrainIndex,
    fig_parts: dict[_Key, tuple[_Part, ...]],
) -> Blocker | None:
    """The nearest step hiding end height ``z1``, named by the part of its (first) hex there."""
    hits = [iv for iv in intervals if iv[0] < z1 < iv[1]]
    if not hits:
        return None
    _, _, step_index, lo, hi = min(hits, key=lambda iv: (steps[iv[2]][1], iv[3]))
    keys, t_in, _ = steps[step_index]
    entry = z0 + (z1 - z0) * t_in
    height = min(max(entry, lo), hi)
    dq, dr = keys[0]
    key = (vq + dq, vr + dr)
    parts = fig_parts[key] if key in fig_parts else index.parts.get(key, ())
    kind: BlockerKind = "terrain"
    ident: str | None = None
    for p_lo, p_hi, p_kind, p_id in parts:
        if p_lo <= height <= p_hi:
            kind, ident = p_kind, p_id
            if p_lo <= height < p_hi:
                break
    return Blocker(kind, Hex(*key), ident, height)


def _sight(
    board: Board,
    viewer: Body,
    hexes: Sequence[Hex],
    low: float,
    high: float,
    offsets: Sequence[tuple[float, float]],
    others: Iterable[Body],
    skip_ids: set[str],
    sight_point: Point3 | None = None,
    columns: Mapping[_Key, tuple[_Part, ...]] | None = None,
    figures: tuple[dict[_Key, tuple[_Span, ...]], dict[_Key, tuple[_Part, ...]]] | None = None,
) -> Sight:
    """Search the rays from each viewer hex (or from ``sight_point``) to each probe line of
    ``hexes`` for a visible height in ``[low, high]``; stop at the first probe line wholly
    visible, else keep the longest visible part (for the ruler). ``columns`` replaces the
    terrain parts of some hexes (an obstacle looked at does not hide itself); ``figures`` is
    the `_figure_index` of ``others`` when the caller built it already (`space_sight`)."""
    index = _terrain(board)
    if figures is None:
        figures = _figure_index(index, others, skip_ids, set(viewer.hexes) | set(hexes))
    fig_spans, fig_parts = figures
    if columns:
        fig_spans, fig_parts = dict(fig_spans), dict(fig_parts)
    for key, parts in (columns or {}).items():
        fig_parts[key] = parts
        fig_spans[key] = _merge((lo, hi) for lo, hi, _, _ in parts)
    starts: list[tuple[Hex, float, float, float]] = []
    if sight_point is None:
        z0 = viewer.base + viewer.target_point
        starts = [(v, 0.0, 0.0, z0) for v in viewer.hexes]
    else:
        px, py, z0 = sight_point
        home = point_to_hex(px, py)
        hx, hy = hex_to_point(home)
        starts = [(home, px - hx, py - hy, z0)]
    full = high - low
    middle = (low + high) / 2.0
    best: tuple[float, Point3, Point3] | None = None
    first: tuple[Hex, tuple[_Step, ...], list[_Interval], Point3, Point3] | None = None
    for v, sx, sy, z0 in starts:
        vx, vy = hex_to_point(v)
        start: Point3 = (vx + sx, vy + sy, z0)
        for t in hexes:
            tx, ty = hex_to_point(t)
            for ox, oy in offsets:
                if sx == 0.0 and sy == 0.0:
                    steps = _walk(t.q - v.q, t.r - v.r, ox, oy)
                else:
                    steps = _walk_from(sx, sy, t.q - v.q, t.r - v.r, ox, oy)
                intervals = _hidden(steps, v.q, v.r, z0, low, high, index.merged, fig_spans)
                if not intervals:
                    return Sight(True, None, start, (tx + ox, ty + oy, middle))
                if first is None:
                    first = (v, steps, intervals, start, (tx + ox, ty + oy, middle))
                for g_lo, g_hi in _gaps(intervals, low, high):
                    length = g_hi - g_lo
                    if best is None or length > best[0]:
                        best = (length, start, (tx + ox, ty + oy, (g_lo + g_hi) / 2.0))
                if best is not None and best[0] >= full:
                    return Sight(True, None, best[1], best[2])
    if best is not None:
        return Sight(True, None, best[1], best[2])
    # Blocked: name what stops the first ray tried (first hexes, centre, middle height).
    assert first is not None  # every probe line had hidden heights, so `first` was set
    v, steps, intervals, start, end = first
    blocker = _first_blocker(steps, v.q, v.r, start[2], middle, intervals, index, fig_parts)
    return Sight(False, blocker, start, end)
