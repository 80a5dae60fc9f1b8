"""Words and geometry the battle screen shows before a player commits: the line-of-sight
ruler between an attacker and a target, and the warnings of a risky move.

Everything here reads the engine's own answers -- `Game.sight` (the ray and what stops it,
`arena.engine.sight`), `Game.reachable_spaces` (`Reach`: leaving-engagement attacks, falls,
water, glyphs) and the engine's exact dice odds -- and only puts them into words, so the
screen never judges a rule by itself. No drawing here (`arena.client.overlays` draws).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arena.client.wording import place_words
from arena.engine import Game, Sight
from arena.engine.dice import damage_distribution
from arena.engine.glyphs import glyph_name
from arena.engine.move_action import FALL_DICE, LEAVING_ENGAGEMENT_DICE
from arena.engine.sight import Point3
from arena.engine.vocab import Point
from arena.hexgrid import Hex, hex_to_point

__all__ = ["MoveWarning", "Ruler", "blocker_label", "move_warning", "ruler_for"]


@dataclass(frozen=True)
class Ruler:
    """The line of sight from an attacker's target point to a target's hit zone.

    ``start`` and ``end`` are points ``(x, y, level)`` in the hex plane (the engine's ray);
    ``blocked_at`` is where the ray meets the first thing in its way (None when clear);
    ``label`` names it for the player; ``needed`` is False when the rules do not ask for
    sight (an adjacent or engaged target, guide Action 4 "Line of sight")."""

    attacker: str
    target: str
    clear: bool
    start: Point3
    end: Point3
    blocked_at: Point3 | None
    label: str
    needed: bool = True


def blocker_label(game: Game, sight: Sight, *, coordinates: bool = False) -> str:
    """What stops a line of sight, in words: "land at level 3 (a level-3 space beside the
    ruin)", "the ruin", "Rhox Veterans" (a figure or a ruin is seen on the board; a space is
    named by `arena.client.wording`). A map maker works in coordinates: with
    ``coordinates`` the words name the space instead ("ruin at 2,1", "land level 3 at
    4,-2", "Rhox Veterans at 1,2"), as the editor's Sight check shows them."""
    b = sight.blocker
    if b is None:
        return "something in the way"
    state = game.state
    at = f" at {b.hex.q},{b.hex.r}" if coordinates else ""
    if b.kind == "figure" and b.id is not None and b.id in state.static.figures:
        return state.static.figure_name(b.id) + at
    if b.kind == "obstacle" and b.id is not None:
        obstacle = state.board.obstacles.get(b.id)
        if obstacle is None:
            return "an obstacle" + at
        if coordinates:
            return obstacle.kind + at
        kinds = [o.kind for o in state.board.obstacles.values()]
        return f"{'the' if kinds.count(obstacle.kind) == 1 else 'a'} {obstacle.kind}"
    column = state.board.columns.get(b.hex.column)
    if column is None:
        return "terrain" + at
    # A tile of level k fills the heights k-1..k (Board.solid_spans).
    level = min(max(1, math.ceil(b.height - 1e-6)), max(1, len(column.levels)))
    terrain = column.levels[level - 1] if column.levels else None
    if coordinates:
        return f"{terrain or 'land'} level {level}{at}"
    where = place_words(state.static, b.hex, state.glyphs)
    return f"{terrain or 'land'} at level {level} ({where})"


def _on_ray(start: Point3, end: Point3, h: Hex) -> Point3:
    """The point of the ray nearest (in the plane) to the centre of ``h``."""
    x0, y0, z0 = start
    x1, y1, z1 = end
    hx, hy = hex_to_point(h)
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 <= 0 else ((hx - x0) * dx + (hy - y0) * dy) / length2
    t = min(1.0, max(0.0, t))
    return (x0 + dx * t, y0 + dy * t, z0 + (z1 - z0) * t)


def ruler_for(game: Game, attacker: str, target: str, option: Any = None) -> Ruler | None:
    """The ruler from ``attacker`` to the figure ``target`` (None when either is not on the
    battlefield or the engine cannot answer). ``option`` is the engine's `AttackOption` for
    the pair, when known: a possible attack without sight means sight is not needed."""
    state = game.state
    for fid in (attacker, target):
        if fid not in state.figures or state.figures[fid].zone != "battlefield":
            return None
    try:
        sight = game.sight(attacker, target)
    except Exception:  # noqa: BLE001 - a preview must never stop the screen
        return None
    if sight.clear:
        return Ruler(attacker, target, True, sight.from_point, sight.to_point, None,
                     "clear")
    needed = not (option is not None and getattr(option, "possible", False))
    at = _on_ray(sight.from_point, sight.to_point, sight.blocker.hex) \
        if sight.blocker is not None else None
    label = f"blocked by {blocker_label(game, sight)}"
    if not needed:
        label += " (not needed: adjacent or engaged)"
    return Ruler(attacker, target, False, sight.from_point, sight.to_point, at, label, needed)


@dataclass(frozen=True)
class MoveWarning:
    """What a move would set off, as lines for the player, and whether it is risky enough
    to ask before moving (anything but landing on a glyph)."""

    lines: tuple[str, ...] = ()
    confirm: bool = False
    dice: int = 0
    destroy: Fraction = Fraction(0)

    def __bool__(self) -> bool:
        return bool(self.lines)


def _names(game: Game, figures: tuple[str, ...]) -> str:
    static = game.state.static
    counts: dict[str, int] = {}
    for fid in figures:
        name = static.figure_name(fid) if fid in static.figures else fid
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())


def _life_left(game: Game, figure: str) -> int:
    try:
        life = int(game.stat(Point.LIFE, figure).total)
    except Exception:  # noqa: BLE001 - fall back to the printed number
        life = int(game.state.static.figure_def(figure).life)
    return life - game.state.figures[figure].damage


def move_warning(game: Game, figure: str, reach: Any) -> MoveWarning:
    """The warnings of moving ``figure`` along the engine's ``reach`` (a `Reach`):
    leaving-engagement attacks (how many, from whom), falls (how far, the damage they may
    deal), a stop in water, a glyph it lands on (named)."""
    if reach is None:
        return MoveWarning()
    lines: list[str] = []
    confirm = False
    provokes = tuple(getattr(reach, "provokes", ()))
    falls = tuple(getattr(reach, "falls", ()))
    if provokes:
        n = len(provokes)
        lines.append(f"Provokes {n} leaving-engagement attack{'s' if n > 1 else ''} "
                     f"from {_names(game, provokes)}")
        confirm = True
    if falls:
        drops = ", ".join(str(levels) for _, levels in falls)
        n = len(falls)
        lines.append(f"May fall {'once' if n == 1 else f'{n} times'} "
                     f"({drops} level{'s' if falls[-1][1] != 1 or n > 1 else ''} down)")
        confirm = True
    dice = len(provokes) * LEAVING_ENGAGEMENT_DICE + len(falls) * FALL_DICE
    destroy = Fraction(0)
    if dice:
        # Guide p.10 and "Falling": one combat die each, a hit is 1 damage, no defense.
        dist = damage_distribution(dice, 0)
        left = _life_left(game, figure)
        destroy = sum(dist[max(0, left):], Fraction(0))
        risk = f"Up to {dice} damage ({dice} {'die' if dice == 1 else 'dice'}, a hit is 1)"
        if destroy > 0:
            risk += f" · {float(destroy) * 100:.0f}% to be destroyed"
        lines.append(risk)
    if getattr(reach, "ends_in_water", False):
        lines.append("Stops in water: entering water ends the move")
        confirm = True
    end = reach.path[-1] if getattr(reach, "path", ()) else None
    if end is not None:
        start_hexes = set(game.state.figures[figure].hexes)
        ends = (end,) if isinstance(end, Hex) else tuple(end)
        for h in ends:
            glyph = game.state.glyphs.get(h)
            if glyph is not None and h not in start_hexes:
                name = glyph_name(glyph.kind if glyph.face_up else None)
                lines.append(f"Lands on {name}" + ("" if glyph.face_up else
                                                   ": it turns face up"))
    return MoveWarning(tuple(lines), confirm, dice, destroy)
