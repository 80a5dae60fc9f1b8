"""Colours of the battlefield, the figures and the interface, and the helpers to shade them.

Two player palettes: the default (saturated red, blue, green, gold, violet) and a
colour-blind-safe one (Okabe & Ito's eight colours, which stay apart under the common colour
vision deficiencies) in which every team also carries a pattern on its figures' bases, so
teams never depend on hue alone. `Palette` is what the renderer reads; the setting picks one.
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]

__all__ = [
    "CB_PLAYERS",
    "DEFAULT_PLAYERS",
    "HIGHLIGHTS",
    "LOOKS",
    "MTG_COLOURS",
    "PATTERNS",
    "SURFACES",
    "TERRAIN",
    "UI",
    "Color",
    "Palette",
    "TerrainColors",
    "hex_color",
    "mix",
    "palette",
    "shade",
]


def shade(color: Color, factor: float) -> Color:
    """Scale a colour's brightness; above 1 lightens (clamped), below 1 darkens."""
    r, g, b = (min(255, max(0, round(c * factor))) for c in color)
    return (r, g, b)


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend two colours: ``t=0`` gives ``a``, ``t=1`` gives ``b``."""
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, bl)


def hex_color(text: str, default: Color = (200, 200, 200)) -> Color:
    """``#rrggbb`` as a colour (``default`` when it is not one)."""
    text = text.strip().lstrip("#")
    if len(text) != 6:
        return default
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        return default


@dataclass(frozen=True)
class TerrainColors:
    """The top and side colours of one terrain."""

    top: Color
    side: Color
    detail: Color


TERRAIN: dict[str, TerrainColors] = {
    "land": TerrainColors((218, 190, 134), (150, 112, 74), (188, 158, 104)),
    "road": TerrainColors((170, 160, 146), (126, 112, 98), (128, 118, 108)),
    "weirded": TerrainColors((176, 150, 178), (128, 100, 120), (132, 96, 150)),
    "water": TerrainColors((66, 132, 182), (40, 84, 124), (140, 200, 236)),
}
SURFACES: dict[str, TerrainColors] = {
    # Heroscape tiles' own colours (`arena.content.battlefield.Surface`): the look of a
    # level of an imported map; the rules read its land or water alone
    "grass": TerrainColors((104, 150, 64), (112, 90, 60), (78, 122, 46)),
    "rock": TerrainColors((140, 138, 132), (104, 102, 98), (112, 110, 104)),
    "sand": TERRAIN["land"],  # Arena's land is AotP's sand
    "dirt": TerrainColors((140, 100, 64), (102, 72, 46), (116, 82, 52)),
    "road": TERRAIN["road"],
    "wood": TerrainColors((150, 108, 66), (110, 78, 48), (120, 84, 50)),
    "snow": TerrainColors((236, 240, 246), (176, 186, 200), (206, 214, 228)),
    "lavaField": TerrainColors((96, 66, 58), (70, 48, 44), (210, 84, 40)),
    "swamp": TerrainColors((108, 112, 58), (84, 80, 50), (86, 92, 44)),
    "asphalt": TerrainColors((72, 72, 76), (54, 54, 58), (96, 96, 100)),
    "concrete": TerrainColors((178, 176, 170), (134, 132, 128), (156, 154, 150)),
    "dungeon": TerrainColors((96, 90, 84), (70, 66, 62), (80, 76, 70)),
    "toxic": TerrainColors((120, 150, 60), (90, 100, 50), (170, 210, 60)),
    "ancientTerrain": TerrainColors((176, 162, 120), (130, 118, 88), (150, 138, 100)),
    "wallWalk": TerrainColors((160, 156, 146), (120, 116, 108), (136, 132, 124)),
    "castleBase": TerrainColors((150, 146, 138), (112, 108, 102), (128, 124, 116)),
    "water": TERRAIN["water"],
    "swampWater": TerrainColors((82, 110, 84), (52, 74, 58), (130, 160, 110)),
    "wellspringWater": TerrainColors((80, 170, 200), (44, 110, 140), (170, 230, 246)),
    "toxicWater": TerrainColors((110, 170, 70), (70, 110, 50), (190, 236, 90)),
    "lava": TerrainColors((226, 92, 34), (160, 56, 26), (252, 190, 70)),
    "ice": TerrainColors((196, 226, 240), (140, 180, 204), (232, 246, 252)),
    "shadow": TerrainColors((52, 44, 70), (36, 30, 50), (100, 86, 130)),
}
LOOKS: dict[str, TerrainColors] = {
    # an obstacle's look (`arena.content.battlefield.Look`): top = foliage or top face,
    # side = trunk or walls, detail = the foliage's shadow side or the wall's marks
    "tree": TerrainColors((58, 120, 54), (104, 72, 44), (38, 88, 40)),
    "snowTree": TerrainColors((214, 226, 230), (104, 72, 44), (62, 110, 70)),
    "palm": TerrainColors((80, 150, 60), (130, 100, 62), (52, 112, 44)),
    "brush": TerrainColors((76, 136, 56), (92, 70, 44), (52, 104, 42)),
    "shroudshroom": TerrainColors((150, 96, 170), (200, 190, 170), (110, 70, 130)),
    "outcrop": TerrainColors((132, 130, 126), (98, 96, 92), (76, 74, 72)),
    "lavaRockOutcrop": TerrainColors((84, 60, 56), (62, 44, 42), (200, 80, 40)),
    "glacier": TerrainColors((210, 236, 248), (150, 196, 222), (110, 160, 196)),
    "hive": TerrainColors((130, 100, 70), (96, 72, 52), (70, 50, 36)),
    "laurWall": TerrainColors((196, 188, 166), (150, 142, 122), (120, 112, 96)),
    "castleWall": TerrainColors((156, 152, 146), (118, 114, 108), (84, 80, 76)),
}
RUIN = TerrainColors((146, 144, 138), (112, 108, 102), (84, 80, 76))
CRYPTOLITH = TerrainColors((70, 76, 96), (48, 52, 70), (120, 226, 214))
CUT = (96, 84, 70)  # the cut face of a column sliced away by level slicing

ZONE_COLOURS: dict[str, Color] = {
    "yellow": (240, 204, 72),
    "orange": (236, 132, 44),
    "red": (214, 70, 60),
    "blue": (70, 130, 220),
    "green": (80, 176, 96),
    "purple": (150, 96, 200),
    "white": (236, 236, 236),
    "black": (60, 60, 70),
}
POWER_SPACE: Color = (150, 88, 208)

MTG_COLOURS: dict[str, Color] = {
    "white": (232, 226, 206),
    "blue": (72, 122, 204),
    "black": (86, 74, 98),
    "red": (204, 74, 52),
    "green": (72, 152, 78),
    "colourless": (170, 170, 176),
}

DEFAULT_PLAYERS: tuple[Color, ...] = (
    (222, 66, 58),
    (52, 126, 226),
    (58, 176, 92),
    (236, 184, 40),
    (156, 90, 214),
)
# Okabe & Ito: vermillion, sky blue, yellow, blue, reddish purple (orange, bluish green
# spare): the first four stay furthest apart under simulated protanopia, deuteranopia and
# tritanopia (bluish green came within reach of sky blue under tritanopia).
CB_PLAYERS: tuple[Color, ...] = (
    (213, 94, 0),
    (86, 180, 233),
    (240, 228, 66),
    (0, 114, 178),
    (204, 121, 167),
)
PATTERNS: tuple[str, ...] = ("stripes", "dots", "rings", "checks", "cross")
"""Team patterns on figure bases in the colour-blind palette, in team order."""

HIGHLIGHTS: dict[str, Color] = {
    "move": (92, 206, 255),
    "provoke": (255, 150, 44),
    "attack": (255, 84, 72),
    "attack-no": (150, 120, 120),
    "summon": (120, 232, 140),
    "place": (120, 232, 140),
    "selected": (255, 222, 110),
    "hover": (255, 255, 255),
    "path": (255, 255, 255),
    "chosen": (255, 206, 84),
    "choice": (120, 226, 214),
    "hint": (200, 150, 255),
}

UI: dict[str, Color] = {
    "sky-top": (16, 19, 30),
    "sky-bottom": (44, 50, 72),
    "panel": (26, 29, 42),
    "panel-2": (34, 38, 54),
    "border": (72, 80, 110),
    "text": (228, 232, 242),
    "muted": (146, 154, 180),
    "dim": (96, 102, 124),
    "accent": (236, 196, 112),
    "teal": (112, 206, 196),
    "good": (120, 214, 130),
    "bad": (236, 96, 84),
    "button": (58, 64, 92),
    "button-hover": (84, 92, 130),
    "button-pressed": (44, 48, 70),
    "button-disabled": (44, 47, 60),
    "focus": (236, 196, 112),
}


@dataclass(frozen=True)
class Palette:
    """The colours one game is drawn with: player colours by seat, and whether team patterns
    are drawn on bases (the colour-blind-safe palette)."""

    name: str
    players: tuple[Color, ...]
    patterns: bool

    def player(self, seat: int) -> Color:
        """Seat ``seat``'s colour (seats count from 1)."""
        return self.players[(seat - 1) % len(self.players)]

    def pattern(self, team_index: int) -> str | None:
        """The base pattern of the ``team_index``-th team (0-based), or None."""
        if not self.patterns:
            return None
        return PATTERNS[team_index % len(PATTERNS)]


def palette(colour_blind: bool = False) -> Palette:
    """The default palette, or the colour-blind-safe one with team patterns."""
    if colour_blind:
        return Palette("colour-blind safe", CB_PLAYERS, True)
    return Palette("default", DEFAULT_PLAYERS, False)
