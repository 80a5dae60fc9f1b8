"""Build the shipped battlefields and their scenarios from a model of the boxed components.

Run ``.venv/bin/python scripts/build_battlefields.py`` from the project root: it writes
``scenarios/battlefields/<id>.yaml`` and ``scenarios/<id>.yaml`` for The Duel, The Skirmish, The
Melee and Moonlit Crossroads (a Shadows over Innistrad field) through
:func:`arena.content.save_model` (canonical layout, atomic write), so running it twice gives
identical files. ``--preview`` prints each field with :mod:`arena.content.show` and its fairness
figures instead of writing; ``--out DIR`` writes under another root (the tests build into a
temporary folder and compare with the committed files).

The guide's battlefield diagrams are not available, so every layout here is a
*reconstruction* (``provenance: reconstructed``), built only from what one box holds and made
fair by construction (symmetry) and by measurement (the figures in each description).

The components and how a layout is built from them are ``scripts/battlefield_parts.py`` (its
docstring: the reconstruction of the core components); the fairness figures written into each
description are ``scripts/battlefield_fairness.py``.

Fairness
--------
* The Duel, The Skirmish and the Crossroads are point-symmetric: a half-turn about the
  midpoint of ``[0, 0]`` and ``[1, 0]`` (``[q, r] -> [1 - q, -r]``, :func:`half_turn`) maps
  every column with its levels, every tile, obstacle and glyph space onto one of the same kind
  and swaps the two starting zones. (The centre is an edge midpoint: the hex at the centre of
  a hex-centred half-turn would lie on a board that the half-turn maps onto itself, and a board
  symmetric about one of its own hexes has an odd number of hexes, not 24.) A half-turn about an
  edge midpoint fixes no hex, so three distinct glyphs (the Duel's M, P, T) cannot be placed
  symmetrically; instead every glyph stands on a hex *equidistant* from the two zones: from
  the nearest zone space in hexes and in dry walking cost (:func:`walk_costs`), and on average
  over all of a zone's spaces (`arena.content.zone_reach`: the zones lie on the field's
  centre line, so no zone is nearer a glyph). The Skirmish's glyph spaces are placed the same
  way. ``scripts/battlefield_fairness.py`` measures it and refuses an uneven field.
* The Melee is three-fold symmetric: a third-turn about the corner shared by ``[0, 0]``,
  ``[1, 0]`` and ``[1, -1]`` (:func:`third_turn`) maps the field, the glyphs and their power
  spaces onto themselves. Five starting spaces cannot be three-fold symmetric; they were
  chosen by a search (:data:`MELEE_STARTS`) and all lie at the same distance from the nearest
  power space (min = max, in hexes and in walking cost, computed into the description).

Everything is checked when built (overlaps, tiles lying flat, the box's contents) and the
written files pass ``arena validate``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from battlefield_fairness import glyph_fairness, melee_fairness  # sibling modules, as below
from battlefield_parts import (  # the sibling module: run as a script, scripts/ is on sys.path
    CORE_BOX,
    CRYPTOLITH_1,
    CRYPTOLITH_2,
    RUIN_A,
    RUIN_B,
    SOI_BOX,
    BoardAt,
    Box,
    Glyph,
    Layout,
    Usage,
    Zone,
    and_list,
    build_battlefield,
    check_fits,
    half_turn,
    symmetric,
    symmetric_boards,
    third_turn,
    usage,
)

from arena.content import save_model
from arena.content.battlefield import Battlefield
from arena.content.scenario import PlayerRange, Scenario, ZoneRules
from arena.hexgrid import Hex, neighbours

ROOT = Path(__file__).resolve().parents[1]

# --- the fields -------------------------------------------------------------------------------

YELLOW = "#e8c547"
ORANGE = "#e8842c"


def two_zones(yellow: Iterable[Hex], capacity: int = 1) -> list[Zone]:
    """Yellow as given, orange its half-turn image."""
    spaces = tuple(yellow)
    return [Zone("yellow", "Yellow", YELLOW, spaces, capacity),
            Zone("orange", "Orange", ORANGE, tuple(half_turn(h) for h in spaces), capacity)]


def row(r: int, first: int, last: int) -> list[Hex]:
    return [Hex(q, r) for q in range(first, last + 1)]


DUEL_BOARDS = [BoardAt(Hex(-2, 1), 1), BoardAt(Hex(1, -4), 0)]
"""One board of each half-turn pair of the Duel; the Skirmish adds a pair at the ends."""


def duel_layout() -> Layout:
    """The Duel: four boards in a tight 2 x 2 block, 13 rows from end to end.

    Yellow starts at the north end, orange at the south end. Each side has a hill by its zone
    (a 3-hex tile with a 1-hex tile on it: levels 2 and 3) and a ruin in its half of the
    middle (west for yellow, east for orange); four ponds guard the corners of the middle.
    Power stands at the centre and movement and toughness on the flanks, all three on hexes
    as near to both zones. The zones straddle the field's north-south centre line: a zone one
    hex west of it, as the Duel once had, is nearer the power glyph on average (5.57 hexes
    against 5.86); now the power glyph is exactly as near both zones on average, movement and
    toughness within 0.15 hex.
    """
    layout = Layout()
    layout.boards = symmetric_boards(DUEL_BOARDS)
    layout.tiles = symmetric([(Hex(3, -4), Hex(4, -4), Hex(3, -3)), (Hex(3, -4),)])
    ruin_a, ruin_b = symmetric([(Hex(-1, -2), Hex(-1, -1))])
    layout.obstacles = [(RUIN_A, ruin_a), (RUIN_B, ruin_b)]
    layout.glyphs = [Glyph(Hex(-3, 1), "movement"), Glyph(Hex(0, 0), "power"),
                     Glyph(Hex(4, -1), "toughness")]
    layout.zones = two_zones(row(-6, 1, 3) + row(-5, 1, 3) + row(-4, 1, 1))
    return layout


def skirmish_layout() -> Layout:
    """The Skirmish: the Duel's four boards and a pair more at the west and east ends.

    Yellow's team starts at the west end, orange's at the east end (zones of 7 spaces for 2
    Planeswalkers each). The four glyph spaces lie on the north-south line through the centre
    (two by the centre, two out on the north and south bulges), each exactly as near to both
    zones; the glyphs are shuffled onto them face down at set-up. Each team has a hill and a
    ruin in front of its zone.
    """
    layout = Layout()
    layout.boards = symmetric_boards([*DUEL_BOARDS, BoardAt(Hex(-5, -1), 1).flipped()])
    layout.tiles = symmetric([(Hex(-4, 1), Hex(-3, 1), Hex(-4, 2)), (Hex(-4, 1),)])
    ruin_a, ruin_b = symmetric([(Hex(-3, -1), Hex(-2, -1))])
    layout.obstacles = [(RUIN_A, ruin_a), (RUIN_B, ruin_b)]
    spaces = [Hex(1, -1), Hex(0, 1), Hex(3, -5), Hex(-2, 5)]
    kinds = ["power", "toughness", "movement", "knowledge"]
    layout.glyphs = [Glyph(h, kind, "planeswalker") for h, kind in zip(spaces, kinds, strict=True)]
    layout.glyph_spaces = list(spaces)
    layout.zones = two_zones([Hex(-7, -1), Hex(-6, -1), Hex(-8, 0), Hex(-7, 0), Hex(-6, 0),
                              Hex(-8, 1), Hex(-7, 1)], capacity=2)
    return layout


def third_turns(board: BoardAt) -> list[BoardAt]:
    """A board and its images under a third and two thirds of a turn about the Melee centre."""
    return [board, board.moved(third_turn, 2), board.moved(lambda h: third_turn(h, 2), 4)]


MELEE_CENTRE = (Hex(0, 0), Hex(1, 0), Hex(1, -1))
"""The three hexes round the Melee's centre of symmetry (a 3-hex tile fits them exactly)."""

MELEE_GLYPH = Hex(-3, -1)
"""Where the Glyph of Power stands; toughness and movement stand on its third-turn images."""

MELEE_POWER_DIRECTIONS = (0, 2, 4)
"""The power spaces of a Melee glyph: its neighbours east, north-west and south-west."""

MELEE_STARTS = (Hex(9, -8), Hex(1, -5), Hex(-7, -1), Hex(-4, 4), Hex(5, 0))
"""The five orange starting spaces, counter-clockwise from the north-east tip.

Chosen by search (all dry hexes; see ``--preview``): of all five-space sets whose distance to
the nearest power space (in hexes and in dry walking cost) varies by at most one, these are
the furthest apart (8 hexes at least between any two), and their distances turn out equal.
"""


def melee_layout() -> Layout:
    """The Melee: six boards in a three-armed pinwheel about a central mesa.

    Three inner boards turn about the centre, three outer boards make the arms. The two 3-hex
    tiles stack on the three centre hexes (a mesa at level 3). The three permanent glyphs stand
    where the arms meet the core, a third of a turn apart, each with three purple power spaces
    (every other neighbour); five orange starting spaces ring the field.
    """
    layout = Layout()
    layout.boards = [*third_turns(BoardAt(Hex(-2, 2), 2)), *third_turns(BoardAt(Hex(-5, 0), 5))]
    layout.tiles = [MELEE_CENTRE, MELEE_CENTRE]
    for times, kind in enumerate(("power", "toughness", "movement")):
        glyph = third_turn(MELEE_GLYPH, times)
        layout.glyphs.append(Glyph(glyph, kind))
        for direction in MELEE_POWER_DIRECTIONS:
            space = third_turn(neighbours(MELEE_GLYPH)[direction], times)
            layout.power_spaces.append((space, glyph))
    layout.zones = [Zone("orange", "Orange", ORANGE, MELEE_STARTS, capacity=5)]
    return layout


CROSSROADS_BOARDS = [BoardAt(Hex(-2, 1), 1), BoardAt(Hex(0, 4), 1).flipped()]


def crossroads_layout() -> Layout:
    """Moonlit Crossroads: four boards in a long north-south strip, roads crossing at the centre.

    A road runs from each starting zone to the centre and on to the other zone, and a second
    road crosses the field from west to east through the centre. A cryptolith stands by the
    crossroads on each side, with weirded ground beside it; a hill (a 3-hex tile with a 1-hex
    tile on it) stands beside each zone.
    """
    layout = Layout()
    layout.boards = symmetric_boards(CROSSROADS_BOARDS)
    north_road = [Hex(2, -5), Hex(2, -4), Hex(2, -3), Hex(1, -2), Hex(1, -1), Hex(0, 0)]
    west_road = [Hex(-3, 0), Hex(-2, 0), Hex(-1, 0)]
    weirded = [Hex(4, -3), Hex(4, -2), Hex(3, -1)]
    for group, terrain in ((north_road + west_road, "road"), (weirded, "weirded")):
        for h in group:
            layout.printed[h] = terrain  # type: ignore[assignment]
            layout.printed[half_turn(h)] = terrain  # type: ignore[assignment]
    layout.tiles = symmetric([(Hex(3, -4), Hex(4, -4), Hex(3, -3)), (Hex(4, -4),)])
    first, second = symmetric([(Hex(3, -2),)])
    layout.obstacles = [(CRYPTOLITH_1, first), (CRYPTOLITH_2, second)]
    layout.glyphs = [Glyph(Hex(-3, 0), "recall"), Glyph(Hex(0, 0), "power"),
                     Glyph(Hex(4, 0), "healing")]
    layout.zones = two_zones(row(-7, 3, 4) + row(-6, 3, 4) + row(-5, 3, 4) + row(-4, 2, 2))
    return layout


# --- the catalogue of fields --------------------------------------------------------------


@dataclass(frozen=True)
class FieldSpec:
    """One shipped battlefield and the scenario played on it."""

    battlefield_id: str
    battlefield_name: str
    scenario_id: str
    scenario_name: str
    layout: Callable[[], Layout]
    boxes: tuple[Box, ...]
    summary: str
    fairness: Callable[[Battlefield], str]
    scenario_description: str
    rules: dict[str, object]


FIELDS: tuple[FieldSpec, ...] = (
    FieldSpec(
        "duel", "The Duel", "the-duel", "The Duel", duel_layout, (CORE_BOX,),
        summary=("Two Planeswalkers, yellow at the north end and orange at the south end. A hill "
                 "(levels 2 and 3) by each zone, a ruin in each half of the middle, four ponds; "
                 "Glyphs of Movement, Power and Toughness ability-side up across the middle."),
        fairness=glyph_fairness,
        scenario_description=(
            "Battlefield 1 (guide): Planeswalker against Planeswalker. Destroy your opponent's "
            "Planeswalker; if the battle reaches the end of turn 30, the player with the most "
            "cost points on the battlefield wins."),
        rules={"players": PlayerRange(min=2, max=2),
               "zones": ZoneRules(mode="one_player_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"2": 30},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "skirmish", "The Skirmish", "the-skirmish", "The Skirmish", skirmish_layout,
        (CORE_BOX,),
        summary=("Two teams of two: yellow's team at the west end, orange's at the east end "
                 "(zones for two Planeswalkers each). All four glyphs lie Planeswalker-side up "
                 "on the four glyph spaces, shuffled at set-up; a hill and a ruin per side."),
        fairness=glyph_fairness,
        scenario_description=(
            "Battlefield 2 (guide): two allied Planeswalkers against two. Glyphs are turned "
            "Planeswalker-side up, shuffled and placed at random on the glyph spaces. Destroy "
            "the opposing team's Planeswalkers; if the battle reaches the end of turn 60, the "
            "team with the most cost points on the battlefield wins."),
        rules={"players": PlayerRange(min=4, max=4), "teams": [[1, 2], [3, 4]],
               "zones": ZoneRules(mode="one_team_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "shuffle_onto_glyph_spaces", "turn_limit": {"4": 60},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "melee", "The Melee", "the-melee", "The Melee", melee_layout, (CORE_BOX,),
        summary=("Three to five Planeswalkers, each starting on any free orange starting space. "
                 "A three-armed field round a mesa (levels 2 and 3); the Glyphs of Power, "
                 "Toughness and Movement stand ability-side up where the arms meet, each with "
                 "three purple power spaces. The 1-hex tiles and the ruins stay in the box: "
                 "they cannot be placed three-fold symmetrically."),
        fairness=melee_fairness,
        scenario_description=(
            "Battlefield 3 (guide): every Planeswalker for itself. The game ends after turn 36 "
            "(3 players), 48 (4) or 60 (5); the player with the most cost points on the purple "
            "power spaces wins."),
        rules={"players": PlayerRange(min=3, max=5),
               "zones": ZoneRules(mode="any_free_space", order=["orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"3": 36, "4": 48, "5": 60},
               "victory": "score_at_turn_limit", "scoring": "power_spaces",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
    FieldSpec(
        "crossroads", "Innistrad Crossroads", "moonlit-crossroads", "Moonlit Crossroads",
        crossroads_layout, (CORE_BOX, SOI_BOX),
        summary=("A Shadows over Innistrad duel on a long north-south field: roads run from "
                 "each starting zone to a crossroads at the centre and across the field west "
                 "to east; two cryptoliths (9 levels high) stand by the crossroads, each with "
                 "weirded ground beside it (no effect of its own unless the scenario gives one); a "
                 "hill by each zone. Glyphs of Recall, Power and Healing ability-side up on the "
                 "west-east road."),
        fairness=glyph_fairness,
        scenario_description=(
            "A Shadows over Innistrad duel by the crossroads. Destroy your opponent's "
            "Planeswalker; if the battle reaches the end of turn 30, the player with the most "
            "cost points on the battlefield wins. A figure whose whole move is on road spaces "
            "may move 3 more road spaces; weirded ground is ordinary ground here."),
        rules={"players": PlayerRange(min=2, max=2),
               "zones": ZoneRules(mode="one_player_per_zone", order=["yellow", "orange"]),
               "glyph_setup": "as_placed", "turn_limit": {"2": 30},
               "victory": "destroy_planeswalkers", "scoring": "battlefield",
               "tie_break": "most_figures_then_planeswalker_life"},
    ),
)


def field_usage(spec: FieldSpec) -> Usage:
    """The components `spec`'s layout uses (checked against its boxes)."""
    use = usage(spec.layout())
    check_fits(use, spec.boxes)
    return use


def build_field(spec: FieldSpec) -> tuple[Battlefield, Scenario]:
    """The battlefield and scenario of one field, checked."""
    from arena.content.checks import check_scenario
    from arena.content.geometry import check_battlefield
    from arena.content.yamlio import Document

    layout = spec.layout()
    use = field_usage(spec)
    boxes = and_list([box.name for box in spec.boxes])
    draft = build_battlefield(spec.battlefield_id, spec.battlefield_name, "", layout)
    description = (
        f"{spec.summary} Built from {use.describe()}, all from {boxes}. Reconstructed: the "
        f"guide's diagram is not available, so this layout is ours "
        f"(scripts/build_battlefields.py). {spec.fairness(draft)}")
    bf = draft.model_copy(update={"description": description})
    problems, _ = check_battlefield(bf, Document(bf.id, None, {}))
    scenario = Scenario(
        format="scenario", id=spec.scenario_id, name=spec.scenario_name,
        description=spec.scenario_description, battlefield=bf.id,
        army_budget=500, provenance="reconstructed",
        **spec.rules,  # type: ignore[arg-type]
    )
    findings = check_scenario(scenario, {bf.id: bf})
    if problems or findings:
        raise ValueError(f"{bf.id}: {[str(p) for p in problems]} {findings}")
    return bf, scenario


def build_all() -> dict[str, tuple[Battlefield, Scenario]]:
    """Every shipped field, by battlefield id."""
    return {spec.battlefield_id: build_field(spec) for spec in FIELDS}


def paths(root: Path, bf: Battlefield, scenario: Scenario) -> tuple[Path, Path]:
    return (root / "scenarios" / "battlefields" / f"{bf.id}.yaml",
            root / "scenarios" / f"{scenario.id}.yaml")


def write_all(root: Path) -> list[Path]:
    """Write every field's battlefield and scenario under `root`; return the files written."""
    written: list[Path] = []
    for bf, scenario in build_all().values():
        bf_path, sc_path = paths(root, bf, scenario)
        bf_path.parent.mkdir(parents=True, exist_ok=True)
        save_model(bf, bf_path)
        save_model(scenario, sc_path)
        written += [bf_path, sc_path]
    return written


def preview() -> str:
    from arena.content.show import render_battlefield

    out = []
    for spec in FIELDS:
        bf, scenario = build_field(spec)
        out.append(render_battlefield(bf, scenario))
        out.append(f"components: {field_usage(spec).describe()}\n")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--out", type=Path, default=ROOT,
                        help="project root to write under (default: this project)")
    parser.add_argument("--preview", action="store_true",
                        help="print the fields and their fairness figures; write nothing")
    args = parser.parse_args(argv)
    if args.preview:
        sys.stdout.write(preview())
        return 0
    for path in write_all(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
