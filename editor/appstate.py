"""What every part of the editor window shares: the layout, the tools, the brush and the
window's state.

`editor.app.EditorApp` is composed of parts, one module each: the map view
(`editor.view`), the side panels (`editor.panels`), the map tools (`editor.tools`), the
windows (`editor.zone_window`, `editor.scenario_window`, `editor.builder_window`, the
file dialogs in `editor.filedialog`, `editor.export`) and the games started from the
editor (`editor.playing`). Each part is a class whose methods work on this one state;
`EditorState` declares it (`EditorApp.__init__` sets it), so that every part reads the same
attributes under the same types.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame_gui

from arena.client.projection import Camera
from arena.client.render import BattlefieldRenderer, Picture
from editor import model as m
from editor import testplay
from editor.balance_window import BalancePanel
from editor.builder import Builder
from editor.card_window import CardWindow
from editor.collection_window import Collections
from editor.document import DocumentController
from editor.piece_palette import PIECE_HINTS, PIECE_TOOLS, PiecePalette
from editor.playgame import WatchedGame
from editor.scenario_form import ScenarioForm
from editor.sight_tool import SightTool
from editor.validation import Debouncer, Finding, Report

TOP = 40
LEFT = 204
RIGHT = 330
BOTTOM = 26

TOOLS: tuple[tuple[str, str], ...] = (
    ("raise", "Raise"), ("lower", "Lower"),
    ("paint", "Paint"), ("pick", "Eyedropper"),
    ("ruin", "Ruin"), ("cryptolith", "Cryptolith"),
    ("unobstacle", "Clear obst."), ("glyph", "Glyph"),
    ("glyph-space", "Glyph space"), ("zone", "Start zone"),
    ("power", "Power space"), ("erase-marks", "Erase marks"),
    ("select", "Box select"), ("select-same", "Same terrain"),
    ("paste", "Paste at"), ("centre", "Sym. centre"),
    ("sight", "Sight check"), *PIECE_TOOLS,
)
HINTS = {
    "raise": "click or drag: add one level of the brush terrain",
    "lower": "click or drag: remove the top level",
    "paint": "click or drag: paint the top level with the brush terrain",
    "pick": "click: take the hex's terrain and level as the brush",
    "ruin": "click: place a ruin (shape, height from the palette; R turns it 60\u00b0)",
    "cryptolith": "click: place a cryptolith (one hex; height from the palette)",
    "unobstacle": "click: remove the obstacle on a hex",
    "glyph": "click: place the chosen glyph, side up as chosen",
    "glyph-space": "click: mark a glyph space (again: unmark)",
    "zone": "click or drag: paint the chosen starting zone",
    "power": "click: mark a power space of the nearest glyph (again: unmark)",
    "erase-marks": "click or drag: remove glyph, zone and power marks",
    "select": "drag: select a box of hexes",
    "select-same": "click: select all hexes of that terrain and level",
    "paste": "click: paste the copied hexes centred here",
    "centre": "click: centre of point symmetry (every edit is mirrored through it)",
    "sight": "click two spaces: sight, engagement, height advantage (Up/Down: heights)",
    **PIECE_HINTS,
}
ZONE_ORDER = ("yellow", "blue", "red", "green", "orange", "purple", "white", "black")


@dataclass
class Brush:
    terrain: str = "land"
    glyph: str = "power"
    side: str = "ability"
    height: int = 4
    zone: str = "yellow"
    shape: str = "2 hexes"
    turns: int = 0
    """60-degree turns of the obstacle shape (R or the Turn button)."""


class EditorState:
    """The editor window's state, shared by its parts (set by `EditorApp.__init__`)."""

    size: tuple[int, int]
    ui: pygame_gui.UIManager
    running: bool
    brush: Brush
    tool: str
    flat: bool
    slice_level: int | None
    selection: set[m.Coord]
    drag_start: m.Coord | None
    stroke: bool
    stroke_hexes: set[m.Coord]
    panning: tuple[int, int] | None
    hover: m.Coord | None
    focus: tuple[m.Coord, ...]
    message: str
    quit_pressed: bool
    debouncer: Debouncer
    report: Report
    findings: list[Finding]
    detail_finding: Finding | None
    collection_check: tuple[int, list[str]]
    """The summary's collection lines (plain text) and the edit revision they are of."""
    now: float
    docs: DocumentController
    renderer: BattlefieldRenderer | None
    picture: Picture | None
    rendered_revision: int
    cam: Camera
    scenario_form: ScenarioForm | None
    builder: Builder | None
    card_window: CardWindow | None
    launcher: Callable[[Path], WatchedGame | None]
    battle_launcher: Callable[[Path, str, str, str], WatchedGame | None]
    games: list[WatchedGame]
    play_folders: testplay.PlayFolders
    sight: SightTool
    pieces: PiecePalette
    balance: BalancePanel
    collections: Collections

    @property
    def editor(self) -> m.Editor:
        """The battlefield being edited (opening, saving, recovery: `self.docs`)."""
        return self.docs.editor
