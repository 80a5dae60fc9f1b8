"""Live validation of the map being edited (headless).

`validate` runs the content layer's checks (the schema, then `check_battlefield`'s Shapely
geometry) on a `MapDoc` and returns each problem with the hexes it concerns, so the panel can
centre the view on them, plus the summary and an estimate of the physical components the map
needs against one core box; on a map without problems, the game's own verdict for each guide
scenario (`editor.core.verdict`). `Debouncer` runs it only after edits pause.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from arena.content.battlefield import Battlefield
from arena.content.errors import ContentError, Problem
from arena.content.fits import Fit
from arena.content.geometry import BattlefieldSummary, check_battlefield
from arena.content.loader import load_document
from arena.content.storeys import named
from arena.content.yamlio import parse
from editor.core.mapdoc import Coord, MapDoc, Position, column_of
from editor.core.parts import parts_list
from editor.core.verdict import headline, play_as, play_lines
from editor.core.verdict import note as zone_note

COORD = re.compile(r"\[(-?\d+), (-?\d+)(?:, \d+)?\]|(-?\d+),(-?\d+)@\d+")
"""A position in a message: ``[q, r]``, ``[q, r, level]`` or ``q,r@level``
(`arena.content.storeys.named`, `written`)."""
PATH_INDEX = re.compile(r"^(columns|glyphs|power_spaces|glyph_spaces|obstacles|starting_zones)"
                        r"\[(\d+)\]")
EMPTY_ZONE = re.compile(r"^starting_zones\[\d+\]\.spaces$")
PLACES = {"id": "The battlefield's id", "name": "The battlefield's name",
          "description": "The battlefield's text", "columns": "The battlefield"}
"""Top-level keys of a battlefield file, as a map maker calls them."""

# One core box (the guide's "Battlefield Key"; see scripts/build_battlefields.py).
CORE_BOARDS = 6
BOARD_HEXES = 24
BOARD_WATER = 3
CORE_TILES = ((3, 2), (1, 2))
CORE_TILE_HEXES = sum(size * count for size, count in CORE_TILES)
CORE_RUINS = 2


@dataclass(frozen=True)
class Finding:
    """One problem, in words, with the hexes it is about (may be empty). `path` is the key
    path in the file (for tests and the file's own messages); `place` names the same thing
    as the map maker sees it ("Starting zone Blue")."""

    message: str
    fix: str
    path: str
    hexes: tuple[Coord, ...]
    place: str = ""

    def line(self) -> str:
        """What is wrong where, for the problems list."""
        return f"{self.place}: {self.message}" if self.place else self.message

    def text(self) -> str:
        """What is wrong where and how to fix it, for the detail pane."""
        stop = "" if self.message.endswith(".") else "."
        fix = f" Fix: {self.fix[:1].upper()}{self.fix[1:]}" if self.fix else ""
        return f"{self.line()}{stop}{fix}"


@dataclass(frozen=True)
class Components:
    """What building the map on a table takes, against one core box."""

    boards: int
    """24-hex terrain boards needed for the ground level (at least hexes / 24)."""
    raised_hexes: int
    """Tile hexes above level 1 (each needs a raising tile)."""
    water_hexes: int
    obstacles: int
    ruins: int
    cryptoliths: int
    notes: tuple[str, ...] = ()
    tiles3: int = 0
    """Three-hex raising tiles (see `editor.core.parts`)."""
    tiles1: int = 0
    """One-hex raising tiles."""

    @property
    def fits_core_box(self) -> bool:
        return not self.notes

    def lines(self) -> list[str]:
        out = [
            f"terrain boards: {self.boards} of {CORE_BOARDS}",
            f"raised hexes: {self.raised_hexes} (core tiles cover {CORE_TILE_HEXES})",
            f"3-hex tiles: {self.tiles3} of {CORE_TILES[0][1]}, "
            f"1-hex tiles: {self.tiles1} of {CORE_TILES[1][1]}",
            f"obstacles: {self.ruins} ruins of {CORE_RUINS}, {self.cryptoliths} cryptoliths",
        ]
        out += self.notes or ("fits one core box",)
        return out


@dataclass
class Report:
    findings: list[Finding] = field(default_factory=list)
    summary: BattlefieldSummary | None = None
    components: Components | None = None
    fits: list[Fit] = field(default_factory=list)
    """The game's verdict for each guide scenario (empty while the map has problems)."""
    battlefield: Battlefield | None = None
    """The map as the game loads it (None while it has problems)."""
    zones: str = ""
    """The note on proposed starting zones (`editor.core.zone_check.note`), else empty."""

    @property
    def ok(self) -> bool:
        """No problem with the map itself."""
        return not self.findings

    @property
    def playable(self) -> bool:
        """The game starts a battle on this map as at least one guide scenario."""
        return self.ok and any(f.ok for f in self.fits)

    def headline(self) -> str:
        """"Ready to play as The Duel", or how many problems, or not ready yet."""
        return headline(len(self.findings), self.fits, self.zones)

    def play_lines(self) -> list[str]:
        """Each guide scenario: ready (and which zone each side starts in) or what it needs."""
        return play_lines(self.fits, self.zones)


def estimate_components(doc: MapDoc) -> Components:
    """The boards, raising tiles and obstacles the map needs, with a note for each thing
    one core box does not hold."""
    parts = parts_list(doc)
    tiles3, tiles1 = parts.tiles_of_size(3), parts.tiles_of_size(1)
    ground = len(doc.columns)
    boards = math.ceil(ground / BOARD_HEXES) if ground else 0
    raised = sum(sum(1 for t in levels[1:] if t is not None) for levels in doc.columns.values())
    water = sum(1 for at in doc.columns if doc.terrain(at) == "water")
    ruins = sum(1 for o in doc.obstacles if o.kind == "ruin")
    crypts = sum(1 for o in doc.obstacles if o.kind == "cryptolith")
    notes = []
    if boards > CORE_BOARDS:
        notes.append(f"needs {boards} boards: more than one core box ({CORE_BOARDS})")
    if raised > CORE_TILE_HEXES:
        notes.append(f"needs {raised} raised hexes: more than the core tiles ({CORE_TILE_HEXES})")
    for size, count in CORE_TILES:
        need = tiles3 if size == 3 else tiles1
        if need > count and raised <= CORE_TILE_HEXES:
            notes.append(f"needs {need} {size}-hex tiles: a core box has {count}")
    if water > boards * BOARD_WATER:
        notes.append(f"{water} water hexes: the boards print {BOARD_WATER} each")
    if ruins > CORE_RUINS:
        notes.append(f"{ruins} ruins: a core box has {CORE_RUINS}")
    if crypts:
        notes.append("cryptoliths come with Shadows over Innistrad, not the core box")
    return Components(boards, raised, water, ruins + crypts, ruins, crypts, tuple(notes),
                      tiles3, tiles1)


def _hexes_of(problem: Problem, doc: MapDoc) -> tuple[Coord, ...]:
    found = [(int(q or q2), int(r or r2)) for q, r, q2, r2 in COORD.findall(problem.message)]
    if not found:
        match = PATH_INDEX.match(problem.path)
        if match:
            kind, index = match.group(1), int(match.group(2))
            found = _hexes_by_path(doc, kind, index)
    return tuple(dict.fromkeys(found))


def _hexes_by_path(doc: MapDoc, kind: str, index: int) -> list[Coord]:
    """The columns the part at a key path stands on (a mark on a surface: its column)."""
    return list(dict.fromkeys(column_of(at) for at in _marks_by_path(doc, kind, index)))


def _marks_by_path(doc: MapDoc, kind: str, index: int) -> list[Position]:
    """Where the part at a key path is: its columns, or the surfaces its marks are on."""
    try:
        if kind == "columns":
            return [list(doc.columns)[index]]
        if kind == "glyphs":
            return [list(doc.glyphs)[index]]
        if kind == "glyph_spaces":
            return [doc.glyph_spaces[index]]
        if kind == "power_spaces":
            return [doc.power_spaces[index].at]
        if kind == "obstacles":
            return list(doc.obstacles[index].footprint)
        if kind == "starting_zones":
            return list(doc.zones[index].spaces)
    except IndexError:
        pass
    return []


def _finding(problem: Problem, doc: MapDoc) -> Finding:
    """A problem as the editor shows it: the thing it is about named as the map maker knows
    it, in plain words, with the hexes to centre on."""
    message, fix = problem.message, problem.fix
    if EMPTY_ZONE.match(problem.path):  # a zone added with New zone and not painted yet
        message = "has no spaces yet"
        fix = "paint its spaces with the Zone tool, or delete it in its zone window"
    return Finding(message, fix, problem.path, _hexes_of(problem, doc), _place(problem.path, doc))


def _place(path: str, doc: MapDoc) -> str:
    """What a key path is about, in words ("Starting zone Blue", "Hex [2, 1]")."""
    match = PATH_INDEX.match(path)
    if match is None:
        return PLACES.get(path.split(".")[0].split("[")[0], "")
    kind, index = match.group(1), int(match.group(2))
    marks = _marks_by_path(doc, kind, index)
    at = f" {named(marks[0])}" if marks else ""
    if kind == "starting_zones" and index < len(doc.zones):
        return f"Starting zone {doc.zones[index].name}"
    if kind == "obstacles" and index < len(doc.obstacles):
        return f"{doc.obstacles[index].kind.capitalize()} {doc.obstacles[index].id}"
    return {"columns": "Hex", "glyphs": "Glyph at", "glyph_spaces": "Glyph space",
            "power_spaces": "Power space at"}.get(kind, kind) + at


def validate(doc: MapDoc) -> Report:
    """Every problem with the map, its summary and the components it needs."""
    report = Report(components=estimate_components(doc))
    if not doc.columns:
        report.findings.append(Finding(
            "the battlefield has no hexes", "raise land or paint terrain to add some", "", ()))
        return report
    text = doc.to_yaml()
    parsed = parse(text, f"{doc.id}.yaml")
    try:
        bf = load_document(parsed, Battlefield)
    except ContentError as exc:
        report.findings += [_finding(p, doc) for p in exc.problems]
        return report
    assert isinstance(bf, Battlefield)
    problems, summary = check_battlefield(bf, parsed)
    report.summary = summary
    report.findings += [_finding(p, doc) for p in problems]
    if not report.findings:
        report.battlefield = bf
        report.fits = play_as(bf)
        report.zones = zone_note(doc, text)
    return report


class Debouncer:
    """Validate after edits pause: call `changed` on every edit and `poll` every frame."""

    def __init__(self, delay: float = 0.3) -> None:
        self.delay = delay
        self.due: float | None = None
        self.report = Report()

    def changed(self, now: float) -> None:
        self.due = now + self.delay

    def poll(self, now: float, doc: MapDoc) -> bool:
        """Run the checks if an edit is due; True when the report was refreshed."""
        if self.due is None or now < self.due:
            return False
        self.due = None
        self.report = validate(doc)
        return True
