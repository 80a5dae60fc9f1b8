"""The map tools' vocabulary and the brush they paint with: the tool palette's tools and
their hints, the starting zones' order, and `Brush` (terrain, glyph, side, height, zone,
obstacle shape and turn). The map tools part (`editor.map.tools`) owns the brush; the panels show
it and the view previews with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from editor.map.piece_palette import PIECE_HINTS, PIECE_TOOLS

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
