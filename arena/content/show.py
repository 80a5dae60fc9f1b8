"""`arena show SCENARIO_OR_BATTLEFIELD`: a battlefield as text, level by level, with its rules.

:func:`render_battlefield` draws every level L from 1 to the highest column top as an
offset-row map (pointy-top hexes, one character each, a row of hexes per ``r``, each row
shifted half a hex from the one above: a hex ``[q, r]`` sits in text column ``2q + r``). At
level L a column shows the terrain of its level L tile, and nothing where it has no tile at
that height. What stands on a surface (obstacle, glyph, starting zone, power space) is drawn on
the map of that surface's level only -- a column's top, or on a column with several surfaces
(a bridge over a river) the surface its position names -- in that order of precedence::

    .  land           ~  water        =  road          %  weirded ground
    #  ruin           C  cryptolith
    P T M K R H       glyph of power, toughness, movement, knowledge, recall, healing
                      (lower case: Planeswalker side up)
    ?  glyph space    (a glyph is shuffled onto it at set-up)
    *  power space    Y O ...  starting zone (first letter of its id, upper case)

Below the maps come the legend, the starting zones, glyphs, obstacles and power spaces, how
even the zones are (`arena.content.zone_reach`: size, mean level, mean distance to the centre
and to each glyph, with every uneven measure called out), and, for a scenario, its rules
(players, teams, zones, budget, turn limits, victory, scoring, tie-break). Positions print as
``[q, r]``, a storey (one surface of a column with several) as ``q,r@level``. Pure string
building: no pygame, no terminal control codes.

:func:`main` is the command: it takes a scenario or battlefield id (looked up in the game's
content, :func:`arena.content.catalog.game_content_layers`: the player's file of an id wins
over the shipped one) or a path to a file, loads it with the game's content alongside (so a
scenario finds its battlefield) and prints the rendering. A file with problems prints every
problem and exits 1; an unknown id or a missing path exits 2.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from arena.content.battlefield import Battlefield
from arena.content.catalog import Catalog, expand, game_content_layers, load_catalog
from arena.content.loader import FORMATS
from arena.content.scenario import Scenario
from arena.content.storeys import Position, Spaces, named, position
from arena.content.zone_reach import reach_lines

__all__ = ["GLYPH_LETTERS", "TERRAIN_CHARS", "main", "render_battlefield"]

Coord = tuple[int, int]

TERRAIN_CHARS: dict[str, str] = {"land": ".", "water": "~", "road": "=", "weirded": "%"}
"""The character of a tile of each terrain."""

OBSTACLE_CHARS: dict[str, str] = {"ruin": "#", "cryptolith": "C"}
"""The character of an obstacle of each kind (drawn on its columns' top level)."""

GLYPH_LETTERS: dict[str, str] = {
    "power": "P", "toughness": "T", "movement": "M",
    "knowledge": "K", "recall": "R", "healing": "H",
}
"""The key letter of each glyph (guide "The Glyphs"); lower case when face down."""

GLYPH_SPACE = "?"
POWER_SPACE = "*"

LEGEND = (
    "Legend: . land  ~ water  = road  % weirded ground  # ruin  C cryptolith  * power space",
    "        P T M K R H glyph of power, toughness, movement, knowledge, recall, healing",
    "        (lower case: Planeswalker side up)  ? glyph space (a glyph is shuffled onto it)",
    "        capital letter: starting zone; marks stand on the top level of their column",
)
LEGEND_STOREYS = ("        (where a column has several surfaces, a mark stands on the level of "
                  "its own)",)
"""The legend's last line for a battlefield with spaces above spaces."""

EXIT_INVALID = 1
"""The named file (or the battlefield it needs) has problems."""
EXIT_USAGE = 2
"""No such path or id, or the file is not a battlefield or scenario."""


# --- rendering ---------------------------------------------------------------------------


def _fmt(at: Position) -> str:
    return named(at)


def _marks(bf: Battlefield, spaces: Spaces) -> dict[Position, str]:
    """The character drawn on each marked surface (the first mark listed wins); an obstacle
    marks the top of its columns."""
    marks: dict[Position, str] = {}
    for obstacle in bf.obstacles:
        for column in obstacle.footprint:
            top = spaces.top(column)
            marks.setdefault(top if top is not None else column,
                             OBSTACLE_CHARS[obstacle.kind])
    for at in bf.glyph_spaces:
        marks.setdefault(at, GLYPH_SPACE)
    for glyph in bf.glyphs:
        letter = GLYPH_LETTERS[glyph.glyph]
        marks.setdefault(glyph.at, letter if glyph.side == "ability" else letter.lower())
    for zone in bf.starting_zones:
        for at in zone.spaces:
            marks.setdefault(at, zone.id[0].upper())
    for power in bf.power_spaces:
        marks.setdefault(power.at, POWER_SPACE)
    return marks


def render_levels(bf: Battlefield) -> list[str]:
    """The level maps: a ``Level N`` heading and one text row per hex row, for each level."""
    columns = bf.column_map()
    if not columns:  # pragma: no cover - the schema requires a column
        return []
    spaces = Spaces.of(bf.columns)
    marks = _marks(bf, spaces)
    rows = [r for _, r in columns]
    offsets = [2 * q + r for q, r in columns]
    top_row, bottom_row = min(rows), max(rows)
    left = min(offsets)
    width = max(offsets) - left + 1
    highest = max(column.top for column in columns.values())
    out: list[str] = []
    for level in range(1, highest + 1):
        out.append(f"Level {level}")
        grid = [[" "] * width for _ in range(top_row, bottom_row + 1)]
        for (q, r), column in columns.items():
            if len(column.levels) < level:
                continue
            terrain = column.levels[level - 1]
            if terrain is None:
                continue
            char = TERRAIN_CHARS[terrain]
            floor = next((f for f in spaces.floors((q, r)) if f.top == level), None)
            if floor is not None:
                char = marks.get(position(floor.hex), char)
            grid[r - top_row][2 * q + r - left] = char
        out.extend(("  " + "".join(line)).rstrip() for line in grid)
    return out


def _glyph_side(side: str) -> str:
    return "ability side up" if side == "ability" else "Planeswalker side up"


TIE_BREAKS: dict[str, str] = {
    "most_figures_then_planeswalker_life": (
        "equal points: more scoring figures wins; still equal: more Planeswalker life left "
        "wins; still equal: a draw"),
    "draw": "equal points: a draw",
}
"""The tie rules in plain words (docs/scoring.md has worked examples)."""


def render_battlefield(bf: Battlefield, scenario: Scenario | None = None) -> str:
    """The whole text rendering of `bf` (and of `scenario`'s rules, when given)."""
    columns = bf.column_map()
    tops = {at: column.top for at, column in columns.items()}
    spaces = Spaces.of(bf.columns)
    tiles = sum(sum(level is not None for level in c.levels) for c in columns.values())
    out: list[str] = [f"Battlefield: {bf.name} ({bf.id}, {bf.provenance})"]
    if bf.description:
        out.extend(textwrap.wrap(bf.description, width=96,
                                 initial_indent="  ", subsequent_indent="  "))
    out.append(f"{len(columns)} hexes, {tiles} tiles, highest level {max(tops.values())}")
    if spaces.storeyed():
        several = [named(c) for c, floors in spaces.by_column.items() if len(floors) > 1]
        out.extend(textwrap.wrap(
            f"{len(several)} column{'s' if len(several) != 1 else ''} with several surfaces "
            "(a figure may stand on each): "
            + ", ".join(several), width=96, subsequent_indent="  "))
    out.append("")
    out.extend(render_levels(bf))
    out.append("")
    out.extend(LEGEND)
    if spaces.storeyed():
        out.extend(LEGEND_STOREYS)
    out.append("")
    out.append("Starting zones:" if bf.starting_zones else "Starting zones: none")
    for zone in bf.starting_zones:
        count = len(zone.spaces)
        out.append(f"  {zone.id[0].upper()} {zone.id} ({zone.name}, {zone.colour}): capacity "
                   f"{zone.capacity}, {count} space{'s' if count != 1 else ''}")
    out.append("Glyphs:" if bf.glyphs else "Glyphs: none")
    for glyph in bf.glyphs:
        amount = getattr(glyph, "amount", None)  # newer files may give a glyph's amount
        extra = f", +{amount}" if isinstance(amount, int) else ""
        out.append(f"  {GLYPH_LETTERS[glyph.glyph]} {glyph.glyph} at {_fmt(glyph.at)} "
                   f"level {spaces.level(glyph.at)}, {_glyph_side(glyph.side)}{extra}")
    if bf.glyph_spaces:
        listed = ", ".join(_fmt(at) for at in bf.glyph_spaces)
        out.append(f"Glyph spaces: {listed}")
    out.append("Obstacles:" if bf.obstacles else "Obstacles: none")
    for obstacle in bf.obstacles:
        name = f" ({obstacle.name})" if obstacle.name else ""
        base = max((tops.get(at, 0) for at in obstacle.footprint), default=0)
        sight = "" if obstacle.blocks_sight else ", does not block sight"
        out.append(f"  {OBSTACLE_CHARS[obstacle.kind]} {obstacle.id}{name}: {obstacle.kind}, "
                   f"height {obstacle.height} on level {base}, footprint "
                   f"{' '.join(_fmt(at) for at in obstacle.footprint)}{sight}")
    if bf.power_spaces:
        by_glyph: dict[Position, list[Position]] = {}
        for power in bf.power_spaces:
            by_glyph.setdefault(power.glyph, []).append(power.at)
        out.append(f"Power spaces: {len(bf.power_spaces)}")
        for glyph_at, members in by_glyph.items():
            out.append(f"  next to {_fmt(glyph_at)}: {' '.join(_fmt(at) for at in members)}")
    out.extend(part for line in reach_lines(bf)
               for part in textwrap.wrap(line, width=96, subsequent_indent="      "))
    if scenario is not None:
        out.append("")
        out.extend(render_rules(scenario))
    return "\n".join(out) + "\n"


def render_rules(scenario: Scenario) -> list[str]:
    """The scenario's rules, one fact per line."""
    players = scenario.players
    count = (f"{players.min}" if players.min == players.max
             else f"{players.min}-{players.max}")
    teams = ("none" if not scenario.teams else
             " vs ".join("[" + ", ".join(str(s) for s in team) + "]" for team in scenario.teams))
    order = f" ({', '.join(scenario.zones.order)})" if scenario.zones.order else ""
    limits = ", ".join(f"{key} players: turn {value}"
                       for key, value in sorted(scenario.turn_limit.items(),
                                                key=lambda kv: int(kv[0])))
    out = [f"Scenario: {scenario.name} ({scenario.id}, {scenario.provenance})"]
    if scenario.description:
        out.extend(textwrap.wrap(scenario.description, width=96,
                                 initial_indent="  ", subsequent_indent="  "))
    out.extend([
        f"  battlefield: {scenario.battlefield}",
        f"  players: {count}",
        f"  teams: {teams}",
        f"  starting zones: {scenario.zones.mode}{order}",
        f"  army budget: {scenario.army_budget}; spell deck: {scenario.deck.cards} cards, "
        f"total cost at most {scenario.deck.max_cost}",
        f"  glyph set-up: {scenario.glyph_setup}",
        f"  turn limit: {limits}",
        f"  victory: {scenario.victory}",
        f"  scoring: {scenario.scoring}",
        f"  tie-break: {TIE_BREAKS.get(scenario.tie_break, scenario.tie_break)}",
    ])
    # Rules this summary does not know by name (added to the format later) are still shown.
    data = scenario.model_dump(mode="json")
    for key, info in type(scenario).model_fields.items():
        if key in _SUMMARISED or getattr(scenario, key) == info.get_default(
                call_default_factory=True):
            continue
        out.append(f"  {key.replace('_', ' ')}: {_plain(data[key])}")
    return out


def _plain(value: object) -> str:
    """A JSON-like value in words (``{effect: hazard}`` -> ``effect hazard``)."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items())
    if isinstance(value, list):
        return ", ".join(_plain(item) for item in value)
    return str(value)


_SUMMARISED = frozenset({
    "format", "id", "name", "description", "battlefield", "players", "teams", "zones",
    "army_budget", "deck", "glyph_setup", "turn_limit", "victory", "scoring", "tie_break",
    "provenance",
})
"""Scenario keys :func:`render_rules` prints by name."""


# --- the command -------------------------------------------------------------------------


class _Failure(Exception):
    """A clean error: the message to print and the exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def _looks_like_path(target: str) -> bool:
    return target.endswith((".yaml", ".yml")) or "/" in target or "\\" in target \
        or Path(target).exists()


def _resolve(target: str, shipped: list[Path]) -> Path:
    """The file `target` names: a path, or the scenario/battlefield with that id."""
    if _looks_like_path(target):
        path = Path(target)
        if not path.is_file():
            raise _Failure(f"{target}: no such file. Fix: check the path, or name a shipped "
                           "scenario or battlefield by its id", EXIT_USAGE)
        return path.resolve()
    found = [p for p in shipped if p.stem == target]
    # A scenario wins over a battlefield of the same id (it renders the battlefield too), and
    # a higher layer's file over a lower one's (`shipped` comes lowest layer first).
    found = [p for _, p in sorted(enumerate(found),
                                  key=lambda ip: ("battlefields" in ip[1].parts, -ip[0]))]
    if not found:
        raise _Failure(f"{target}: no shipped scenario or battlefield has this id. Fix: use "
                       f"one of: {', '.join(_known_ids(shipped)) or '(none)'}", EXIT_USAGE)
    return found[0]


def _known_ids(shipped: list[Path]) -> list[str]:
    return sorted({p.stem for p in shipped if "scenarios" in p.parts})


def _problems(catalog: Catalog, path: Path) -> list[str]:
    return [str(problem) for problem in catalog.problems_for(path)]


def _battlefield_path(catalog: Catalog, bf: Battlefield) -> Path | None:
    return next((e.path for e in catalog.entries.values() if e.model is bf), None)


def show(target: str) -> str:
    """The rendering of `target` (an id or a path); raises `_Failure` with a message."""
    layers = [expand(layer) for layer in game_content_layers()]
    path = _resolve(target, [p for layer in layers for p in layer])
    base, *over = [[p for p in layer if p != path] for layer in layers]
    catalog = load_catalog(base, overrides=[*over, [path]])
    problems = _problems(catalog, path)
    if problems:
        raise _Failure("\n".join(problems), EXIT_INVALID)
    model = catalog.entries[path].model
    if isinstance(model, Battlefield):
        return render_battlefield(model)
    if isinstance(model, Scenario):
        bf = catalog.battlefields[model.battlefield]  # check_scenario vouched for it
        bf_path = _battlefield_path(catalog, bf)
        bf_problems = _problems(catalog, bf_path) if bf_path is not None else []
        if bf_problems:
            raise _Failure("\n".join(bf_problems), EXIT_INVALID)
        return render_battlefield(bf, model)
    kind = next(name for name, cls in FORMATS.items() if isinstance(model, cls))
    article = "an" if kind[0] in "aeiou" else "a"
    raise _Failure(f"{target}: holds {article} {kind}, not a battlefield or scenario. Fix: name "
                   "a scenario or battlefield file", EXIT_USAGE)


def main(argv: Sequence[str] | None = None) -> int:
    """``arena show SCENARIO_OR_BATTLEFIELD``: print the rendering; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="arena show",
        description="Print a battlefield level by level, with its scenario's rules.")
    parser.add_argument("target", metavar="SCENARIO_OR_BATTLEFIELD",
                        help="a shipped scenario or battlefield id, or a path to a file")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        text = show(args.target)
    except _Failure as failure:
        print(failure.message, file=sys.stderr)
        return failure.status
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
