"""Cryptoliths (Shadows over Innistrad "Cryptoliths"): attackable obstacles with a top space.

A cryptolith is an obstacle of kind ``cryptolith`` on one hex (`arena.engine.board`: height 9
in levels, its top space at the column top + 9). The rules, where they live:

- **Standing and moving on it** (`arena.engine.pathfinding`): from an adjacent space a figure may
  scale up to the top or down from it for 4 spaces (`CRYPTOLITH_SCALE_COST`, no height limit,
  no fall), or climb / step down normally ("counting the levels as you would normally": the
  guide's height limit and falls apply, so "not over the height of your figure" is read as
  the guide's limit -- a rise equal to the figure's height is already too high, guide Example
  3); fliers fly onto it; tops of neighbouring cryptoliths are ordinary neighbouring spaces.
  Engagement and height advantage read the top's level like any space (`Board.surface`).
- **Attacking it** (this module, used by `arena.engine.combat`): it is a target with the id
  ``crypt:<obstacle id>`` (`target_id`), toughness 4 (defense dice), life 3. Range counts spaces
  to its hex as to a figure; an engaged figure attacks only the figures it is engaged with, so
  not a cryptolith; a figure on its top cannot attack it; adjacent attackers need no sight (as
  for an adjacent figure: neighbouring spaces suffice, since the level exception that makes
  figures "not adjacent" compares two figures' bases and heights, and a cryptolith is terrain)
  and others need clear sight to any part of it ("the entire cryptolith
  is a hit zone": `sight.line_of_sight_to_obstacle`). Our reading: it is terrain, not a figure,
  so nothing modifies its defense and no height advantage is counted either way; the
  attacker's own attack modifiers (glyphs, abilities asking without a target) still count.
- **Damage** (`deal_damage`): markers go on the cryptolith (`GameState.obstacles`); at the
  third it is destroyed and removed from the game: the state plays on from then on a board
  without it (`GameState.board`). A figure on its top stays on its hex, now the space the
  cryptolith occupied, and falls: a drop equal to or more than its height (and not into water)
  is a fall check, one combat die, a hit deals 1 damage (guide "Falling"). A double-space
  figure straddling two cryptolith tops rests on the higher of its spaces (`Body.standing`), so
  it drops only if both are gone.
- **Cryptolith points** (`cryptolith_points`): "A figure occupying the top space of a
  cryptolith may use a cryptolith point as a sight point instead of their sight point." The
  points are not located by the rules; ours are the midpoints of the top space's four diagonal
  edges (those facing north-east, north-west, south-west and south-east), at the level of the
  top surface, standing just outside the edge so a ray that leaves the top outward does not
  graze the cryptolith it starts on (one that crosses back over the top is hidden by it, as it
  would be on the table). For an attack the best point is used: sight is clear if it is clear
  from the figure's own target point or from any of the four (`sight_between`). The same
  choice serves abilities that count clear sight spaces (`clear_sight_to_figure`,
  `clear_sight_to_space`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arena.engine.board import Board, ObstacleSpec
from arena.engine.context import Ctx
from arena.engine.dice import RollPurpose
from arena.engine.effects import deal_damage as damage_figure
from arena.engine.events import CryptolithDamaged, CryptolithDestroyed, FigureFell
from arena.engine.sight import Point3, Sight, line_of_sight, line_of_sight_to_obstacle
from arena.engine.sight import clear_sight_to_figure as _sight_to_figure
from arena.engine.sight import clear_sight_to_space as _sight_to_space
from arena.engine.state import GameState, ObstacleState
from arena.engine.stats import stat
from arena.engine.vocab import Point
from arena.hexgrid import DIRECTIONS, Hex, distance, hex_to_point

__all__ = [
    "CRYPTOLITH_LIFE",
    "CRYPTOLITH_TOUGHNESS",
    "FALL_DICE",
    "POINT_DIRECTIONS",
    "TARGET_PREFIX",
    "clear_sight_to_figure",
    "clear_sight_to_space",
    "cryptolith_name",
    "cryptolith_points",
    "cryptolith_under",
    "damage_on",
    "deal_damage",
    "destroy",
    "figure_on_top",
    "is_target",
    "life_left",
    "obstacle_of",
    "sight_between",
    "sight_points",
    "sight_to_cryptolith",
    "standing",
    "target_id",
    "target_problem",
]

CRYPTOLITH_TOUGHNESS = 4
"""Shadows over Innistrad "Cryptoliths": toughness 4 (defense dice)."""

CRYPTOLITH_LIFE = 3
"""Shadows over Innistrad "Cryptoliths": life 3 ("When the third damage marker is placed, it
is destroyed")."""

FALL_DICE = 1
"""Guide "Falling": one combat die."""

TARGET_PREFIX = "crypt:"
"""Attack targets naming a cryptolith: ``crypt:<obstacle id>``."""

POINT_DIRECTIONS = (1, 2, 4, 5)
"""The top-space edges (hexgrid directions NE, NW, SW, SE) whose midpoints are the four
cryptolith points (see the module docstring)."""

_POINT_NUDGE = 1e-6
"""How far (as a fraction of the centre-to-edge distance) a cryptolith point stands outside
the edge of the top space."""


# --- ids and queries -----------------------------------------------------------------------


def target_id(obstacle: str) -> str:
    """The attack-target id of a cryptolith."""
    return TARGET_PREFIX + obstacle


def is_target(target: str) -> bool:
    """Whether an attack-target id names a cryptolith."""
    return target.startswith(TARGET_PREFIX)


def obstacle_of(target: str) -> str:
    """The obstacle id in a cryptolith target id."""
    return target[len(TARGET_PREFIX):]


def _spec(state: GameState, obstacle: str) -> ObstacleSpec | None:
    spec = state.static.field.board.obstacles.get(obstacle)
    return spec if spec is not None and spec.kind == "cryptolith" else None


def standing(state: GameState) -> list[str]:
    """Ids of the cryptoliths still on the battlefield, sorted."""
    return sorted(k for k, o in state.board.obstacles.items() if o.kind == "cryptolith")


def cryptolith_name(state: GameState, obstacle: str) -> str:
    """A display name."""
    return f"Cryptolith {obstacle}"


def damage_on(state: GameState, obstacle: str) -> int:
    """Damage markers on a cryptolith."""
    found = state.obstacles.get(obstacle)
    return found.damage if found is not None else 0


def life_left(state: GameState, obstacle: str) -> int:
    """Life minus damage."""
    return CRYPTOLITH_LIFE - damage_on(state, obstacle)


def _hex(state: GameState, obstacle: str) -> Hex:
    return state.static.field.board.obstacles[obstacle].footprint[0]


def figure_on_top(state: GameState, obstacle: str) -> str | None:
    """The figure standing on a (standing) cryptolith's top space, if any."""
    if obstacle not in state.board.obstacles:
        return None
    return state.occupant_map().get(_hex(state, obstacle))


def cryptolith_under(state: GameState, figure: str) -> list[str]:
    """The standing cryptoliths whose top space a figure on the battlefield occupies."""
    board = state.board
    out = []
    for h in state.figures[figure].hexes:
        obstacle = board.obstacle_at.get(h)
        if obstacle is not None and obstacle.kind == "cryptolith":
            out.append(obstacle.id)
    return out


# --- sight ---------------------------------------------------------------------------------


def cryptolith_points(board: Board, at: Hex) -> tuple[Point3, ...]:
    """The four cryptolith points of the cryptolith on ``at`` (see the module docstring)."""
    cx, cy = hex_to_point(at)
    level = float(board.surface(at))
    out = []
    for direction in POINT_DIRECTIONS:
        dx, dy = hex_to_point(DIRECTIONS[direction])
        k = (1.0 + _POINT_NUDGE) / 2.0
        out.append((cx + dx * k, cy + dy * k, level))
    return tuple(out)


def sight_points(state: GameState, figure: str) -> tuple[Point3, ...]:
    """The cryptolith points a figure may look from (none unless it is on a cryptolith)."""
    board = state.board
    out: list[Point3] = []
    for obstacle in cryptolith_under(state, figure):
        out.extend(cryptolith_points(board, _hex(state, obstacle)))
    return tuple(out)


def _best(state: GameState, figure: str, look: Callable[[Point3 | None], Sight]) -> Sight:
    """Sight from the figure's own target point, else from the first cryptolith point that
    sees (the answer from its own point when none does)."""
    own = look(None)
    if own.clear:
        return own
    for point in sight_points(state, figure):
        found = look(point)
        if found.clear:
            return found
    return own


def sight_between(state: GameState, a: str, b: str) -> Sight:
    """Line of sight from figure ``a`` to figure ``b``'s hit zone, every other figure in the
    way counting; from a cryptolith's top the best of its points is used."""
    board = state.board
    others = state.bodies(exclude=(a, b))
    viewer, target = state.body(a), state.body(b)
    return _best(state, a, lambda p: line_of_sight(board, viewer, target, others, p))


def clear_sight_to_figure(state: GameState, a: str, b: str) -> Sight:
    """Clear sight from figure ``a`` to any part of figure ``b`` (abilities counting clear
    sight spaces), with the cryptolith points when ``a`` stands on a cryptolith."""
    board = state.board
    others = state.bodies(exclude=(a, b))
    viewer, target = state.body(a), state.body(b)
    return _best(state, a, lambda p: _sight_to_figure(board, viewer, target, others, p))


def clear_sight_to_space(state: GameState, a: str, at: Hex) -> Sight:
    """Clear sight from figure ``a`` to the top of space ``at`` (as `clear_sight_to_figure`)."""
    board = state.board
    others = state.bodies(exclude=(a,))
    viewer = state.body(a)
    return _best(state, a, lambda p: _sight_to_space(board, viewer, at, others, p))


def sight_to_cryptolith(state: GameState, figure: str, obstacle: str) -> Sight:
    """Line of sight from a figure to any part of a standing cryptolith."""
    board = state.board
    others = state.bodies(exclude=(figure,))
    viewer = state.body(figure)
    return _best(state, figure,
                 lambda p: line_of_sight_to_obstacle(board, viewer, obstacle, others, p))


# --- attacks -------------------------------------------------------------------------------


def target_problem(state: GameState, attacker: str, obstacle: str,
                   engaged: frozenset[str]) -> str | None:
    """Why ``attacker`` cannot attack the cryptolith (``engaged``: the figures it is engaged
    with), or None."""
    spec = _spec(state, obstacle)
    if spec is None:
        return f"no cryptolith {obstacle}"
    if obstacle not in state.board.obstacles:
        return "that cryptolith was destroyed"
    if obstacle in cryptolith_under(state, attacker):
        return "a figure cannot attack the cryptolith it stands on"
    reach = stat(state, Point.RANGE, attacker)
    spaces = min(distance(x, y) for x in state.figures[attacker].hexes for y in spec.footprint)
    if spaces > reach:
        return f"out of range ({spaces} > {reach})"
    if engaged:
        return "engaged: an engaged figure attacks only the figures it is engaged with"
    if spaces <= 1:
        return None
    sight = sight_to_cryptolith(state, attacker, obstacle)
    if not sight.clear:
        b = sight.blocker
        if b is None:
            return "no clear sight"
        return f"no clear sight: blocked by {b.id or b.kind} at [{b.hex.q}, {b.hex.r}]"
    return None


def deal_damage(ctx: Ctx, obstacle: str, amount: int, source: str) -> bool:
    """Place damage markers on a standing cryptolith; destroy it at the third. Returns whether
    it was destroyed."""
    state = ctx.state
    if amount <= 0 or obstacle not in state.board.obstacles:
        return False
    total = min(CRYPTOLITH_LIFE, damage_on(state, obstacle) + amount)
    record = state.obstacles.get(obstacle, ObstacleState())
    state.set_obstacle(obstacle, replace(record, damage=total))
    ctx.emit(CryptolithDamaged(obstacle, cryptolith_name(state, obstacle), amount, source, total,
                               CRYPTOLITH_LIFE))
    if total >= CRYPTOLITH_LIFE:
        destroy(ctx, obstacle)
        return True
    return False


def destroy(ctx: Ctx, obstacle: str) -> None:
    """Remove a cryptolith from the game; the figure on its top drops to the space below and
    checks for a fall (see the module docstring)."""
    state = ctx.state
    if obstacle not in state.board.obstacles:
        return
    at = _hex(state, obstacle)
    figure = figure_on_top(state, obstacle)
    before = state.body(figure).base if figure is not None else 0.0
    record = state.obstacles.get(obstacle, ObstacleState())
    state.set_obstacle(obstacle, replace(record, destroyed=True))
    name = state.static.figure_name(figure) if figure is not None else None
    ctx.emit(CryptolithDestroyed(obstacle, cryptolith_name(state, obstacle), at, name))
    if figure is None:
        return
    drop = int(before - state.body(figure).base)
    height = int(state.static.figure_def(figure).height)
    if drop >= height and not state.board.is_water(at):
        seat = state.controller(figure)
        roll = ctx.roll(seat, FALL_DICE, RollPurpose.FALL)
        ctx.emit(FigureFell(figure, name or figure, drop, roll.faces[0], roll.hits, 0))
        damage_figure(ctx, figure, roll.hits, "a fall")
