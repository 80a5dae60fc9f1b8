"""A figure's stats as the player reads them: the value now, and where a changed one comes from
("Att 1 (3 - 2 Oath of Peace)"), from the engine's own stat queries (`Game.stat`), never
recomputed here. Headless: the army-card rows and the hover box draw these strings."""

from __future__ import annotations

import re

from arena.engine import Game
from arena.engine.stats import StatValue
from arena.engine.vocab import Point

__all__ = ["STAT_LABELS", "figure_stat_line", "life_text", "stat_text"]

STAT_LABELS: dict[Point, str] = {
    Point.MOVE: "Move", Point.RANGE: "Range", Point.ATTACK_DICE: "Att",
    Point.DEFENSE_DICE: "Def",
}
"""The short label of each stat a card row shows, in its order."""


_OWNED = re.compile(r"(.+) \((.+)\)")
"""A source the engine names with its card in brackets: ``Battle Formation (Rhox Veterans)``."""


def source_name(name: str) -> str:
    """A stat source's name without brackets, so it reads inside the stat's own brackets:
    ``Battle Formation of Rhox Veterans``."""
    owned = _OWNED.fullmatch(name)
    return f"{owned.group(1)} of {owned.group(2)}" if owned else name


def stat_text(label: str, value: StatValue, compact: bool = False) -> str:
    """``Att 3`` when nothing changes the stat, else the value with the printed number and
    each source: ``Att 1 (3 - 2 Oath of Peace)``; a source that changes nothing by itself
    (a switch of two stats) is named after a comma. ``compact``: the change alone,
    ``Att 1 (-2)``, for a row too narrow for names (the hover box names them)."""
    if not value.sources:
        return f"{label} {value.total}"
    if compact:
        change = value.total - value.base
        return f"{label} {value.total} ({change:+d})" if change else f"{label} {value.total}*"
    parts = [str(value.base)]
    notes = []
    for name, amount in value.sources:
        name = source_name(name)
        if amount:
            parts.append(f"{'+' if amount > 0 else '-'} {abs(amount)} {name}")
        else:
            notes.append(name)
    detail = " ".join(parts) if len(parts) > 1 else ""
    detail = ", ".join(d for d in (detail, *notes) if d)
    return f"{label} {value.total} ({detail})"


def life_text(game: Game, figure: str) -> str:
    """``Life 3/4`` (life left of the life it has now), with the sources of a changed life."""
    value = game.stat(Point.LIFE, figure)
    left = value.total - game.state.figures[figure].damage
    line = stat_text("Life", value)
    return f"Life {left}/{line.removeprefix('Life ')}"


def figure_stat_line(game: Game, figure: str, separator: str = " · ",
                     compact: bool = False) -> str:
    """Move, range, attack and defense of a figure now (``Move 5 · Range 1 · Att 1 (3 - 2
    Oath of Peace) · Def 2``; ``compact``: ``Att 1 (-2)``): attack and defense as they stand
    before an opponent is named (height advantage and the like come with the attack's
    odds)."""
    return separator.join(stat_text(label, game.stat(point, figure), compact)
                          for point, label in STAT_LABELS.items())
