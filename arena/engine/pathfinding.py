"""Movement (guide Action 3): where a figure can go this turn, by which path, at what price.

This module answers two questions and nothing else: `reachable` lists every position a figure
may end its move on, each with the best path there, and `path_cost` checks one explicit path a
player drew (the client previews with it, the engine's apply walks it). It rolls no dice and
changes no state: a `Reach` lists the leaving-engagement attacks and fall checks a path causes,
in order, and the engine resolves them while it walks the path.

The mover is described by a `MoveRequest`: its spaces, height, move number, movement keywords,
who stands where (`occupancy`), where the glyphs lie, and `engaged_at`, a callback naming the
opposing figures the mover would be engaged with at a position. Engagement (adjacency with the
height and obstacle exceptions, guide p.9 "Becoming engaged") is decided elsewhere; injecting it
keeps this module testable on bare boards and lets the engine reuse its own engagement rule.

Positions: a single-space figure's position is its `Hex`; a double-space figure's is the pair
``(leading hex, trailing hex)``. Flipping is free (guide "Flipping a double-space figure")
and facing has no rule effect, so a double-space result holds both orientations of every pair
of spaces, including the flipped start at cost 0; a figure may flip even after water or a glyph
has stopped it, since a flip enters no new space. The start itself is never in the result.

Rule interpretations (each cited where the code applies it):

- Passing figures (guide "Passing and landing on other figures"): "unless the figure is
  engaged" is read as the friendly figure being passed, so an engaged friend blocks like an
  enemy. Occupants carry that flag; the engine fills it in.
- Leaving an engagement (guide p.10): on each step, every opposing figure engaged with the mover
  before the step and not after it gets one attack. Re-engaging and leaving again provokes again.
- Water (guide "Moving onto water", "Moving from water to land"): entering water ends the
  move; stepping out of a water space costs 1 more than the step would otherwise cost, whatever
  the destination. Height limits and falls use the real surface levels; "water counts lower"
  is used only where the guide names it (ending a double-space figure, height advantage in
  `Board.base_height`).
- Cryptoliths (Shadows over Innistrad): stepping from an adjacent space onto the top, or from the
  top down to an adjacent space, may instead be "scaled" for 4 spaces, with no height limit and
  no fall. Both ways are offered; the search keeps whichever suits.
- Double-space figures (guide Action 3, Examples 6, 8 and 9): a step moves the leading side to an
  adjacent space and the trailing side into the space the leading side left. Climb cost, height
  limit, leaving-water cost and fall checks follow the leading side, which meets every level
  change first; the trailing side repeats the same spaces. The figure stops when both sides are
  in water, or when the leading side moves onto a glyph. It must end on two standable spaces of
  the same level, both water or both land.
- Flying (cards.md, Flamewing Phoenixes): every step costs 1 (no climbing cost, no height limit,
  no extra to leave water), water and glyphs passed over do not stop it, it passes over figures
  and ruins (but not off the battlefield), and it never falls. When it takes off (its first
  step), every figure engaged with it gets a leaving-engagement attack, wherever it lands; it
  engages nothing in the air. It lands on a glyph only where it ends (under either side, for a
  double-space flier). To walk instead, the engine asks again with ``flying=False``.
- Phantom Walk (cards.md, Leyline Phantoms): it may pass through any occupied space and never
  takes leaving-engagement attacks; everything else (climbing, water, glyphs) applies.
- Road (Shadows over Innistrad "Road spaces"): when the start and every space entered are road,
  the move number is 3 higher. A cryptolith top is not road.
- A glyph under another figure cannot be passed: moving onto it would stop the mover on an
  occupied space.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeAlias

from arena.engine.board import Board
from arena.engine.bodies import Body
from arena.engine.engagement import is_engaged as _is_engaged
from arena.engine.path_labels import Label as _Label
from arena.engine.path_labels import Pushed as _Pushed
from arena.engine.path_labels import SearchPos as _Pos
from arena.engine.path_labels import Step as _Step
from arena.engine.path_labels import beaten as _beaten
from arena.engine.reaches import Position, Reach, Reaches, public, reach_of
from arena.engine.terrain_table import CRYPTOLITH_SCALE_COST, WATER_EXIT_COST, terrain_table
from arena.hexgrid import Hex, distance

__all__ = [
    "CRYPTOLITH_SCALE_COST",
    "ROAD_BONUS",
    "WATER_EXIT_COST",
    "EngagedAt",
    "EngagementLookup",
    "MoveRequest",
    "Occupant",
    "Position",
    "Reach",
    "Reaches",
    "engagement_lookup",
    "no_engagement",
    "path_cost",
    "reachable",
]

EngagedAt: TypeAlias = Callable[[Position], frozenset[str]]
"""Ids of the opposing figures the mover would be engaged with if it stood at a position."""

ROAD_BONUS = 3
"""Shadows over Innistrad "Road spaces": extra spaces for a move made wholly on road."""


class Occupant(NamedTuple):
    """Who stands on a space, as the mover sees it.

    `engaged` matters only for friendly figures: guide "Passing and landing on other figures"
    lets a figure pass through a friend "unless the figure is engaged", and the engine knows
    who is engaged."""

    figure_id: str
    friendly: bool
    engaged: bool = False


def no_engagement(position: Position) -> frozenset[str]:
    """An `EngagedAt` for a mover with no opposing figures near it."""
    return frozenset()


class EngagementLookup:
    """The `EngagedAt` for a mover among opposing bodies: the mover is stood at each asked
    position (its base read from the board, as `Body.standing` does) and each opposing body is
    checked with the engagement rule (`arena.engine.engagement.is_engaged` unless another is
    given, e.g. one that applies an ability). The search caches the answers, so the rule runs
    once per position.

    `zone` holds every space where the mover could be engaged -- the spaces next to an
    opposing figure, since the guide's rule engages only adjacent figures -- or None when
    another rule is given. The search does not ask about a position with no space in `zone`:
    most positions a search visits are far from every foe."""

    __slots__ = ("board", "mover", "foes", "is_engaged", "_beside", "_zone", "_built")

    def __init__(self, board: Board, mover: Body, enemies: Iterable[Body],
                 is_engaged: Callable[[Board, Body, Body], bool] = _is_engaged) -> None:
        self.board = board
        self.mover = mover
        self.foes = tuple(enemies)
        self.is_engaged = is_engaged
        self._beside: dict[Hex, list[Body]] | None = None
        self._zone: frozenset[Hex] | None = None
        self._built = False

    def _build(self) -> None:
        # Built on first use, not when made: the engine makes a lookup for every move
        # request, and most requests are answered from the memo of searches already made.
        self._built = True
        if self.is_engaged is _is_engaged:
            beside: dict[Hex, list[Body]] = {}
            for foe in self.foes:
                for space in {n for h in foe.hexes for n in self.board.around(h)}:
                    beside.setdefault(space, []).append(foe)
            self._beside = beside
            self._zone = frozenset(beside)

    @property
    def zone(self) -> frozenset[Hex] | None:
        """Every space next to an opposing figure (None when another rule is given)."""
        if not self._built:
            self._build()
        return self._zone

    def __call__(self, position: Position) -> frozenset[str]:
        hexes = (position,) if isinstance(position, Hex) else position
        near: Iterable[Body] = self.foes
        if not self._built:
            self._build()
        beside = self._beside
        if beside is not None:
            groups = [beside[h] for h in hexes if h in beside]
            if not groups:
                return frozenset()
            # The foes beside these spaces, each once (the engagement rule decides).
            near = groups[0] if len(groups) == 1 else {
                id(f): f for group in groups for f in group}.values()
        mover = self.mover
        body = Body.standing(
            self.board, mover.figure_id, hexes, mover.height, mover.target_point, mover.hit_zone
        )
        return frozenset(foe.figure_id for foe in near if self.is_engaged(self.board, body, foe))


def engagement_lookup(
    board: Board,
    mover: Body,
    enemies: Iterable[Body],
    is_engaged: Callable[[Board, Body, Body], bool] = _is_engaged,
) -> EngagedAt:
    """The `EngagedAt` for a mover among opposing bodies (`EngagementLookup`)."""
    return EngagementLookup(board, mover, enemies, is_engaged)


@dataclass(frozen=True)
class MoveRequest:
    """Everything the movement rules need to know about one figure's move.

    `hexes` holds one hex, or two adjacent hexes (leading side first) for a double-space figure.
    `occupancy` may include the mover's own hexes (entries with its `figure_id` are ignored), so
    the engine can pass one occupancy map for every figure it asks about. `glyphs` holds every
    glyph's hex, face up or down: landing on either kind stops a move (guide "Glyphs").
    """

    figure_id: str
    hexes: tuple[Hex, ...]
    height: int
    move: int
    flying: bool = False
    phantom_walk: bool = False
    occupancy: Mapping[Hex, Occupant] = field(default_factory=dict, hash=False)
    glyphs: frozenset[Hex] = frozenset()
    engaged_at: EngagedAt = field(default=no_engagement, hash=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.hexes) not in (1, 2):
            raise ValueError(f"a figure stands on 1 or 2 spaces, not {len(self.hexes)}")
        if len(self.hexes) == 2 and distance(self.hexes[0], self.hexes[1]) != 1:
            raise ValueError("a double-space figure's two spaces must be adjacent")
        if self.height < 1:
            raise ValueError(f"height must be at least 1, got {self.height}")
        if self.move < 0:
            raise ValueError(f"move must not be negative, got {self.move}")

    @property
    def double_space(self) -> bool:
        """Whether the mover takes up two spaces."""
        return len(self.hexes) == 2

    @property
    def start(self) -> Position:
        """The mover's position before it moves."""
        hexes = self.hexes
        return hexes[0] if len(hexes) == 1 else (hexes[0], hexes[1])


# --- internals ------------------------------------------------------------------------------

_UNENGAGED: frozenset[str] = frozenset()
"""Engaged with nobody."""

_NOBODY: Mapping[int, Occupant] = {}
"""No other figure on the battlefield (the steps every search on a board shares)."""


def _internal(position: object, double: bool) -> tuple[Hex, ...] | None:
    """The tuple form of a public position, or None when it has the wrong shape."""
    if not double:
        return (position,) if isinstance(position, Hex) else None
    if (
        isinstance(position, tuple)
        and len(position) == 2
        and isinstance(position[0], Hex)
        and isinstance(position[1], Hex)
    ):
        return (position[0], position[1])
    return None


class _Rules:
    """The movement rules for one request on one board (with caches for the search).

    Positions are tuples of hex numbers of the board's `TerrainTable`; the terrain answers
    (surface, water, road, cryptolith, standing room, climbing) come from the table, which
    the board keeps for every search on it."""

    def __init__(self, board: Board, request: MoveRequest) -> None:
        table = terrain_table(board)
        self.table = table
        self.request = request
        self.height = request.height
        self.flying = request.flying
        self.phantom = request.phantom_walk
        self.walks = not self.flying and not self.phantom
        """Leaving an engagement provokes attacks (`provoked`): neither flying nor phantom."""
        index = table.index
        # An occupant off the board never matters: no step enters, and no move ends, there.
        self.occupancy: dict[int, Occupant] = {
            index[h]: o for h, o in request.occupancy.items()
            if o.figure_id != request.figure_id and h in index
        }
        self.glyphs = frozenset(table.id(h) for h in request.glyphs)
        self.start: _Pos = tuple(table.id(h) for h in request.hexes)
        self._engaged: dict[_Pos, frozenset[str]] = {}
        # The hex numbers where the mover could be engaged (`EngagementLookup.zone`); None
        # when the lookup does not say, and then every position is asked about.
        lookup = request.engaged_at
        zone = frozenset() if lookup is no_engagement else getattr(lookup, "zone", None)
        self.near: frozenset[int] | None = None if zone is None else frozenset(
            index[h] for h in zone if h in index)
        self._steps: dict[tuple[_Pos, _Pos], _Step | str] = {}
        self._targets: dict[_Pos, tuple[_Pos, ...]] = {}
        self._flat: dict[_Pos, tuple[int, ...]] = {}
        self._public: dict[_Pos, Position] = {}
        self._moves: dict[_Pos, tuple[_Step, ...]] = {}
        self._provoked: dict[tuple[_Pos, bool, _Pos], tuple[str, ...]] = {}
        self._shared: dict[_Pos, tuple[tuple[_Pos, _Step | str], ...]] = table.steps.setdefault(
            (request.height, request.flying), {})

    # positions ------------------------------------------------------------------------------

    def public(self, pos: _Pos) -> Position:
        """The position as callers see it: a `Hex`, or a (leading, trailing) pair."""
        found = self._public.get(pos)
        if found is None:
            found = self._public[pos] = public(self.table.hexes, pos)
        return found

    def flat(self, pos: _Pos) -> tuple[int, ...]:
        found = self._flat.get(pos)
        if found is None:
            flat = self.table.flat
            found = self._flat[pos] = tuple(c for i in pos for c in flat[i])
        return found

    # terrain ------------------------------------------------------------------------------

    def in_water(self, number: int) -> bool:
        # A cryptolith standing in water has a dry top.
        return self.table.water[number]

    def is_road(self, number: int) -> bool:
        return self.table.road[number]

    def engaged(self, pos: _Pos) -> frozenset[str]:
        found = self._engaged.get(pos)
        if found is None:
            near = self.near
            if near is not None and pos[0] not in near and (len(pos) == 1 or pos[1] not in near):
                found = _UNENGAGED
            else:
                found = self.request.engaged_at(self.public(pos))
            self._engaged[pos] = found
        return found

    def allowance(self, road: bool) -> int:
        return self.request.move + (ROAD_BONUS if road else 0)

    # where a figure may end -----------------------------------------------------------------

    def end_problem(self, pos: _Pos, occupancy: Mapping[int, Occupant] | None = None
                    ) -> str | None:
        """Why the figure cannot end its move here, or None when it can (``occupancy``:
        who stands where, the request's unless given)."""
        table = self.table
        if occupancy is None:
            occupancy = self.occupancy
        for number in pos:
            # Guide "Keeping the base on the space" / "Moving in tight quarters".
            if not table.stand[number]:
                return "the figure's base does not fit on that space"
            # Guide "Passing and landing on other figures": never end on another figure.
            if number in occupancy:
                return "that space is occupied"
        if len(pos) == 2:
            # Guide "Moving a double-space figure": two same-level spaces; water is lower.
            a, b = pos
            level = table.surface[a] == table.surface[b]
            if not level or table.water[a] != table.water[b]:
                return "a double-space figure must end on two spaces of the same level"
        return None

    # one step ---------------------------------------------------------------------------------

    def passing_problem(self, number: int, occupancy: Mapping[int, Occupant]) -> str | None:
        """Why the leading side cannot move onto (or through) this space, or None."""
        if not self.table.on_board[number]:
            return "that space is off the battlefield"
        # Flying figures pass over ruins (cards.md); everyone else must fit (guide "Moving in tight
        # quarters").
        if not self.flying and not self.table.stand[number]:
            return "the figure's base does not fit on that space"
        occupant = occupancy.get(number)
        if occupant is None or self.flying or self.phantom:
            return None
        # Guide "Passing and landing on other figures".
        if not occupant.friendly:
            return "an enemy figure blocks that space"
        if occupant.engaged:
            return "an engaged friendly figure blocks that space"
        return None

    def step(self, pos: _Pos, target: _Pos) -> _Step | str:
        """The step from `pos` to `target`, or why it is not a legal step (cached: the search
        asks again for every label that reaches `pos`)."""
        found = self._steps.get((pos, target))
        if found is None:
            found = self._step(pos, target, self.occupancy, self.glyphs)
            self._steps[(pos, target)] = found
        return found

    def moves(self, pos: _Pos) -> tuple[_Step, ...]:
        """Every legal step from `pos`, in target order (cached). A step into spaces with no
        other figure and no glyph depends on the terrain and the mover's height and way of
        moving alone, so those are worked out once for every search on the board
        (`TerrainTable.steps`) and only the others are asked about here."""
        found = self._moves.get(pos)
        if found is None:
            shared = self._shared.get(pos)
            if shared is None:
                shared = self._shared[pos] = tuple(
                    (target, self._step(pos, target, _NOBODY, frozenset()))
                    for target in self.targets(pos))
            occupancy, glyphs = self.occupancy, self.glyphs
            out: list[_Step] = []
            for target, step in shared:
                if target[0] in glyphs or target[0] in occupancy or (
                        len(target) == 2 and target[1] in occupancy):
                    step = self._step(pos, target, occupancy, glyphs)
                if not isinstance(step, str):
                    out.append(step)
            found = self._moves[pos] = tuple(out)
        return found

    def _step(self, pos: _Pos, target: _Pos, occupancy: Mapping[int, Occupant],
              glyphs: frozenset[int]) -> _Step | str:
        if len(pos) == 2 and target == (pos[1], pos[0]):
            # Guide "Flipping a double-space figure": free, provokes nothing.
            return _Step(target, flip=True, flat=self.flat(target))
        lead = target[0]
        hexes = self.table.hexes
        if distance(hexes[pos[0]], hexes[lead]) != 1:
            return "each step must go to an adjacent space"
        if len(pos) == 2 and target[1] != pos[0]:
            # Guide "Moving a double-space figure": the trailing side follows the spaces the
            # leading side occupied.
            return "the trailing side must follow the leading side"
        problem = self.passing_problem(lead, occupancy)
        if problem is not None:
            return problem
        road = all(self.table.road[n] for n in target)
        if self.flying:
            blocked = self.table.passage(self.height, pos[0], lead)  # a ceiling stops flight
            if blocked is not None:
                return blocked
            # cards.md Flying: each space counts 1 whatever the levels; nothing stops it midway.
            return _Step(target, flip=False, options=((1, 0),), road=road,
                         flat=self.flat(target))
        # The ways to pay: climbing, falling, scaling a cryptolith, leaving water
        # (`TerrainTable.climb` quotes the guide).
        options = self.table.climb(self.height, pos[0], lead)
        if isinstance(options, str):
            return options
        # Guide "Moving onto water": a single space in water stops; a double-space figure
        # stops only with both sides in water. Guide "Glyphs": the leading side landing
        # on a glyph stops the move.
        water = all(self.table.water[n] for n in target)
        glyph = lead in glyphs
        if water or glyph:
            problem = self.end_problem(target, occupancy)
            if problem is not None:
                cause = "water" if water else "a glyph"
                return f"{cause} would end the move there, but {problem}"
        return _Step(target, flip=False, options=options, stops=water or glyph, glyph=glyph,
                     road=road, flat=self.flat(target))

    def targets(self, pos: _Pos) -> tuple[_Pos, ...]:
        """Every position one step (or one flip) from `pos`, in a fixed order."""
        found = self._targets.get(pos)
        if found is None:
            found = tuple(self._targets_of(pos))
            self._targets[pos] = found
        return found

    def _targets_of(self, pos: _Pos) -> Iterator[_Pos]:
        if len(pos) == 2:
            yield (pos[1], pos[0])
        for lead in self.table.neighbours(pos[0]):
            if len(pos) == 1:
                yield (lead,)
            elif lead != pos[1]:
                yield (lead, pos[0])

    # labels -----------------------------------------------------------------------------------

    def start_label(self) -> _Label:
        pos = self.start
        return _Label(
            pos=pos,
            cost=0,
            path=(pos,),
            order=self.flat(pos),
            provokes=(),
            provoke_steps=(),
            falls=(),
            fall_steps=(),
            road=all(self.is_road(n) for n in pos),
            stopped=False,
            glyph=False,
            moved=False,
        )

    def provoked(self, pos: _Pos, moved: bool, target: _Pos) -> tuple[str, ...]:
        """The opposing figures that attack the mover as it steps from `pos` to `target`, in
        id order (cached)."""
        if not self.phantom and not self.flying:
            # Guide p.10 "Leaving an engagement", Example 12: one attack per figure left.
            left = self.engaged(pos)
            if not left:
                return ()
        key = (pos, moved, target)
        found = self._provoked.get(key)
        if found is None:
            found = ()
            if self.phantom:
                pass  # cards.md Phantom Walk: never takes leaving-engagement attacks.
            elif self.flying:
                # cards.md Flying: taking off leaves every engagement; in the air it engages
                # none.
                if not moved:
                    found = tuple(sorted(self.engaged(pos)))
            else:
                # Guide p.10 "Leaving an engagement", Example 12: one attack per figure left.
                left = self.engaged(pos)
                if left:
                    found = tuple(sorted(left - self.engaged(target)))
            self._provoked[key] = found
        return found

    def extend(self, label: _Label, step: _Step, pushed: _Pushed | None = None
               ) -> list[_Label]:
        """Every label for taking `step` after `label` that still fits the move (and, given
        the labels the search has `pushed`, that the search would not drop: `_beaten`)."""
        target = step.target
        if step.flip:
            order = label.order + step.flat
            if pushed is not None:
                rivals = pushed.get((target, label.road, label.stopped, label.glyph,
                                     label.moved))
                if rivals and _beaten(rivals, len(label.provokes), len(label.falls),
                                      label.cost, order):
                    return []
            return [_Label(
                target,
                label.cost,
                (*label.path, target),
                order,
                label.provokes,
                label.provoke_steps,
                label.falls,
                label.fall_steps,
                label.road,
                label.stopped,
                label.glyph,
                label.moved,
            )]
        road = label.road and step.road
        allowance = self.request.move + (ROAD_BONUS if road else 0)
        out: list[_Label] = []
        for cost, drop in step.options:
            total = label.cost + cost
            if total > allowance:
                continue
            # `provoked`, whose answer is () when a walking figure leaves no engagement (the
            # usual case) read here without the calls.
            left = self._engaged.get(label.pos) if self.walks else None
            if left is not None and not left:
                provoked: tuple[str, ...] = ()
            else:
                provoked = self.provoked(label.pos, label.moved, target)
            order = label.order + step.flat
            if pushed is not None:
                rivals = pushed.get((target, road, step.stops, step.glyph, True))
                if rivals and _beaten(rivals, len(label.provokes) + len(provoked),
                                      len(label.falls) + (1 if drop else 0), total, order):
                    continue
            path = (*label.path, target)
            index = len(path) - 1
            falls, fall_steps = label.falls, label.fall_steps
            if drop:
                falls = (*falls, (target, drop))
                fall_steps = (*fall_steps, index)
            out.append(_Label(
                target,
                total,
                path,
                order,
                label.provokes + provoked if provoked else label.provokes,
                label.provoke_steps + (index,) * len(provoked) if provoked
                else label.provoke_steps,
                falls,
                fall_steps,
                road,
                step.stops,
                step.glyph,
                True,
            ))
        return out

    def reach(self, label: _Label) -> Reach:
        return reach_of(label, self.table.hexes, self.table.water, self.glyphs, self.flying)


def reachable(board: Board, request: MoveRequest) -> Reaches:
    """Every position the figure can end its move on, with the best path to each.

    "Best" is lexicographic among paths that fit the move: fewest leaving-engagement attacks
    (they cost life), then fewest fall checks, then fewest spaces, then the smallest path in
    tuple order, so the answer is reproducible. The search is a multi-criteria label-setting
    search (a Dijkstra whose labels are Pareto sets): labels are expanded in that order and a
    label is dropped only when another at the same position and state is no worse on every
    count, so a cheap path that provokes cannot hide a dearer one that does not.

    The start position is left out (not moving is always allowed and needs no entry). For a
    double-space figure the flipped start is included at cost 0 with no attacks, since flipping
    in place is a legal move of its own (guide Example 9).

    The answer is a `Reaches`: the ends in that order, each `Reach` made when first read.
    """
    rules = _Rules(board, request)
    start = rules.start_label()
    settled: dict[tuple[_Pos, bool, bool, bool, bool], list[_Label]] = {}
    pushed: dict[tuple[_Pos, bool, bool, bool, bool], list[_Label]] = {start.state(): [start]}
    ends: dict[Position, _Label] = {}
    done: set[_Pos] = {rules.start}
    counter = 0
    # Heap entries are a label's key (`_Label.key`, flattened) and a counter, then the label.
    heap: list[tuple[int, int, int, bool, tuple[int, ...], int, _Label]] = [
        (*start.key(), counter, start)
    ]
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        label = pop(heap)[-1]
        pos = label.pos
        # `Label.state` and `Label.dominates` written out: this loop runs for every label.
        key = (pos, label.road, label.stopped, label.glyph, label.moved)
        bucket = settled.get(key)
        if bucket is None:
            settled[key] = [label]
        else:
            provokes, falls, cost = len(label.provokes), len(label.falls), label.cost
            dominated = False
            for other in bucket:
                if len(other.provokes) <= provokes and len(other.falls) <= falls and \
                        other.cost <= cost:
                    dominated = True
                    break
            if dominated:
                continue
            bucket.append(label)
        # The first label popped at a position is its best path; a position where the
        # figure cannot end is asked again for each label (the answer never changes).
        if pos not in done and rules.end_problem(pos) is None:
            done.add(pos)
            ends[rules.public(pos)] = label
        stopped = label.stopped
        for step in rules.moves(pos):
            if stopped and not step.flip:
                continue
            for new in rules.extend(label, step, pushed):
                state = (new.pos, new.road, new.stopped, new.glyph, new.moved)
                rivals = pushed.get(state)
                if rivals is None:
                    pushed[state] = [new]
                else:
                    rivals.append(new)
                counter += 1
                push(heap, (len(new.provokes), len(new.falls), new.cost, not new.road,
                            new.order, counter, new))
    table = rules.table
    return Reaches(ends, table.hexes, table.water, rules.glyphs, rules.flying)


def path_cost(board: Board, request: MoveRequest, path: Sequence[Position]) -> Reach | str:
    """Check a path the player chose; return its `Reach`, or the reason it is illegal.

    The path lists positions from the start to the end (a double-space flip is a step from
    ``(a, b)`` to ``(b, a)``). A path of the start alone is the legal empty move. Where a step
    can be paid two ways (a cryptolith scaled or climbed), the cheapest combination that fits
    the move is used, preferring fewer fall checks, as `reachable` does.
    """
    rules = _Rules(board, request)
    if not path:
        return "a path needs at least the starting position"
    spaces: list[tuple[Hex, ...]] = []
    for position in path:
        hexes = _internal(position, request.double_space)
        if hexes is None:
            kind = "(leading hex, trailing hex) pairs" if request.double_space else "hexes"
            return f"this figure's path is made of {kind}"
        spaces.append(hexes)
    if spaces[0] != request.hexes:
        return "the path must start where the figure stands"
    steps = [tuple(rules.table.id(h) for h in hexes) for hexes in spaces]
    labels = [rules.start_label()]
    for target in steps[1:]:
        step = rules.step(labels[0].pos, target)
        if isinstance(step, str):
            return step
        if labels[0].stopped and not step.flip:
            return "a glyph ends the move" if labels[0].glyph else "water ends the move"
        extended = [new for label in labels for new in rules.extend(label, step)]
        if not extended:
            cheapest = min(label.cost for label in labels) + min(c for c, _ in step.options)
            road = labels[0].road and all(rules.is_road(n) for n in target)
            return f"that path needs {cheapest} spaces; the move is {rules.allowance(road)}"
        extended.sort(key=_Label.key)
        labels = [
            new for i, new in enumerate(extended) if not any(o.dominates(new) for o in extended[:i])
        ]
    best = labels[0]
    if len(steps) > 1:
        problem = rules.end_problem(best.pos)
        if problem is not None:
            return problem
    return rules.reach(best)
