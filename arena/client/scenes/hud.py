"""The battle screen's panels: layout, army cards, the turn flow, dice, odds, the log.

Pure drawing helpers and widgets; the battle scene decides what they show. Dice faces follow
the engine's combat die: a hit (crossed weapons, red), a shield (blue) or a blank (grey).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

import pygame

from arena.client import text
from arena.client.palette import MTG_COLOURS, UI, Color, mix, shade
from arena.client.ui import Button, Widget
from arena.engine.vocab import Phase

__all__ = [
    "CardRow",
    "CardWidget",
    "SpellCardView",
    "SpellCardWidget",
    "IconButton",
    "RailTab",
    "Dock",
    "Layout",
    "battle_layout",
    "hover_box_rect",
    "draw_dice_row",
    "draw_distribution",
    "draw_spinner",
]

TURN_ACTIONS = (
    ("1", "Draw a spell card"),
    ("2", "Choose an army card"),
    ("3", "Move (summon first)"),
    ("4", "Attack"),
    ("5", "End turn, move the marker"),
)

PHASE_ACTION = {Phase.TURN_START: 0, Phase.DRAW: 0, Phase.CHOOSE: 1, Phase.PRE_MOVE: 2,
                Phase.MOVE: 2, Phase.POST_MOVE: 3, Phase.ATTACK: 3, Phase.POST_ATTACK: 4,
                Phase.END: 4, Phase.HAND_LIMIT: 4, Phase.END_MARKER: 4}


class Dock(StrEnum):
    """The right-hand panels, each a tab of the dock in a compact window (the value names
    the `Layout` field of its rectangle)."""

    TURN = "turn"
    COMBAT = "info"
    LOG = "log"


DOCK_LABELS = {Dock.TURN: "Turn", Dock.COMBAT: "Combat", Dock.LOG: "Log"}


@dataclass(frozen=True)
class Layout:
    """Where the battle screen's parts go for one window size."""

    size: tuple[int, int]
    top: pygame.Rect
    left: pygame.Rect
    right: pygame.Rect
    turn: pygame.Rect
    info: pygame.Rect
    log: pygame.Rect
    view: pygame.Rect
    camera: pygame.Rect
    hover: pygame.Rect
    scale: float
    hand: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    rail: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Compact windows: the tab the army cards fold into (empty in the full layout)."""
    dock: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    """Compact windows: the column of tabs the right-hand panels fold into (empty in the
    full layout); the open one (`side`) lies over the battlefield beside it, the others are
    empty."""
    side: Dock | None = None

    @property
    def clear(self) -> pygame.Rect:
        """The part of the battlefield no open panel covers (in a compact window the army
        cards and the dock's panel open over it): where the recap and the lesson's panel
        stand."""
        free = self.view.copy()
        if self.left.width and self.left.colliderect(free):
            free.width -= self.left.right + 8 - free.x
            free.x = self.left.right + 8
        if self.right.width and self.right.colliderect(free):
            free.width = self.right.x - 8 - free.x
        return free

    @property
    def levels(self) -> pygame.Rect:
        """Where the level-slice label ("all levels") goes: left of the camera strip, in its
        band under the battlefield (over the board it covered spaces and figures)."""
        width = round(110 * self.scale)
        return pygame.Rect(self.camera.x - 10 - width, self.camera.y, width,
                           self.camera.height)

    @property
    def compact(self) -> bool:
        """Whether the army cards fold into a tab (a window under `COMPACT`)."""
        return self.rail.width > 0


COMPACT = (1200, 660)
"""Below this width or height the army cards fold into a tab beside the battlefield and the
right-hand panels into a column of tabs at the window's right edge (each opened over the
battlefield on demand), so the battlefield keeps most of a small window (1024x600 at
least)."""


def battle_layout(size: tuple[int, int], ui_scale: float = 1.0,
                  army_open: bool = False, side: Dock | None = None) -> Layout:
    """The battle screen's layout (pure arithmetic, so tests can click by it); ``ui_scale``
    (the UI scale setting) widens or narrows the side panels. In a compact window the army
    cards are a tab (``rail``) and their panel opens over the battlefield only with
    ``army_open`` (else it is empty); the turn, combat and log panels are tabs of the
    ``dock`` and only ``side`` of them opens, over the battlefield, as tall as the dock."""
    w, h = size
    scale = max(0.75, min(1.5, min(w / 1280.0, h / 720.0)))
    pad = 8
    compact = w < COMPACT[0] or h < COMPACT[1]
    top = pygame.Rect(0, 0, w, int(40 * scale))
    left_w = int(min(360, max(250, w * 0.21)) * ui_scale)
    right_w = int(min(420, max(290, w * 0.245)) * ui_scale)
    if compact:
        right_w = int(max(250, w * 0.25) * ui_scale)
    if left_w + right_w > w * 0.7:  # keep room for the battlefield
        shrink = w * 0.7 / (left_w + right_w)
        left_w, right_w = int(left_w * shrink), int(right_w * shrink)
    body_y = top.bottom + pad
    body_h = h - body_y - pad
    rail = pygame.Rect(0, 0, 0, 0)
    left = pygame.Rect(pad, body_y, left_w, body_h)
    if compact:
        rail = pygame.Rect(pad, body_y, max(28, int(36 * scale)), body_h)
        # open over the battlefield, above the hand (which stays whole), as the dock's panel
        left = pygame.Rect(rail.right + 4, body_y, left_w if army_open else 0,
                           h - pad - int(138 * scale) - pad - body_y)
    bar = rail if compact else left  # what the battlefield and the hand start beside
    right = pygame.Rect(w - right_w - pad, body_y, right_w, body_h)
    turn_h = int(body_h * 0.45)
    info_h = int(body_h * 0.27)
    turn = pygame.Rect(right.x, right.y, right_w, turn_h)
    info = pygame.Rect(right.x, turn.bottom + pad, right_w, info_h)
    log = pygame.Rect(right.x, info.bottom + pad, right_w, right.bottom - info.bottom - pad)
    dock = pygame.Rect(0, 0, 0, 0)
    if compact:
        dock = pygame.Rect(0, body_y, rail.width, body_h)
        dock.right = w - pad
    edge = dock.x if compact else right.x  # what the battlefield and the hand end beside
    hand_h = int(138 * scale)
    hand = pygame.Rect(bar.right + pad, h - pad - hand_h, edge - bar.right - 2 * pad,
                       hand_h)
    cam_h = int(36 * scale)
    band = cam_h + 2 * pad  # the camera strip's own band under the battlefield
    view = pygame.Rect(bar.right + pad, top.bottom, edge - bar.right - 2 * pad,
                       hand.y - pad - top.bottom - band)
    if compact:  # the open panel over the battlefield, above the hand (which stays whole)
        open_w = right_w if side is not None else 0
        right = pygame.Rect(dock.x - 4 - open_w, body_y, open_w, hand.y - pad - body_y)
        shut = pygame.Rect(right.x, body_y, 0, 0)
        turn, info, log = (right.copy() if side is d else shut.copy()
                           for d in (Dock.TURN, Dock.COMBAT, Dock.LOG))
    cam_w = min(view.width - 20, int(7 * (cam_h + 6)))
    camera = pygame.Rect(0, 0, cam_w, cam_h)
    camera.midtop = (view.centerx, view.bottom + pad)
    hover = pygame.Rect(view.x + pad, view.y + pad, min(360, view.width - 2 * pad),
                        int(92 * scale))
    return Layout(size, top, left, right, turn, info, log, view, camera, hover, scale, hand,
                  rail, dock, side if compact else None)


def hover_box_rect(view: pygame.Rect, size: tuple[int, int], anchor: tuple[int, int],
                   clearance: int, avoid: pygame.Rect | None = None,
                   panels: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the hover box goes: beside the pointer (``anchor``), ``clearance`` pixels away
    so it never covers the space it describes -- nor ``avoid``, the figure standing there,
    whose sprite rises above its space, nor any of ``panels`` over the battlefield (the
    recap, the lesson's panel). Below right of the pointer when that is clear, else
    right, left, below or above of what it keeps clear, whichever first fits inside the
    battlefield view."""
    x, y = anchor
    keep = pygame.Rect(x - clearance, y - clearance, 2 * clearance, 2 * clearance)
    if avoid is not None:
        keep = keep.union(avoid)
    w, h = size
    for left, top in ((x + clearance, y + clearance), (keep.right + 4, y - h // 2),
                      (keep.left - 4 - w, y - h // 2), (x - w // 2, keep.bottom + 4),
                      (x - w // 2, keep.top - 4 - h)):
        box = pygame.Rect(left, top, w, h).clamp(view)
        if not box.colliderect(keep) and box.collidelist(list(panels)) < 0:
            return box
    box = pygame.Rect((0, 0), size)
    box.left = x + clearance
    if box.right > view.right:
        box.right = x - clearance
    box.top = y + clearance
    if box.bottom > view.bottom:
        box.bottom = y - clearance
    return box.clamp(view)


@dataclass(eq=False)
class RailTab(Button):
    """The tab the army cards fold into in a compact window: a tall narrow button with its
    label turned on its side; lit while its panel is open or wants the player (a card to
    choose)."""

    lit: bool = False

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        rect = self.rect
        fill = mix(UI["panel"], UI["teal"], 0.3) if self.lit else UI["panel"]
        if (hovered or focused) and self.enabled:
            fill = shade(fill, 1.3)
        pygame.draw.rect(surface, fill, rect, border_radius=8)
        pygame.draw.rect(surface, UI["focus"] if focused else UI["border"], rect,
                         2 if focused else 1, border_radius=8)
        px = self.px or max(13, min(20, rect.width // 2))
        label = text.render(text.fit(self.label, px, rect.height - 16, True), px,
                            UI["text"] if self.enabled else UI["dim"], bold=True)
        turned = pygame.transform.rotate(label, 90)
        surface.blit(turned, turned.get_rect(center=rect.center))


class IconButton(Button):
    """A square button with a drawn icon (the default font has no arrow glyphs)."""

    icon: str = ""

    def __init__(self, icon: str, rect: pygame.Rect, action: Callable[[], object],
                 note: str, hotkeys: tuple[int, ...] = (), name: str = "") -> None:
        super().__init__(rect=rect, action=action, note=note, hotkeys=hotkeys,
                         name=name or icon)
        self.icon = icon

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        self.label = ""
        super().draw(surface, focused, hovered, pressed)
        color = UI["text"] if self.enabled else UI["dim"]
        r = self.rect
        cx, cy = r.center
        s = r.height * 0.28
        w = max(2, round(r.height / 14))
        if self.icon in ("rotate-left", "rotate-right"):
            box = pygame.Rect(0, 0, s * 2, s * 2)
            box.center = (cx, cy)
            pygame.draw.arc(surface, color, box, math.radians(-60), math.radians(200), w)
            flip = -1 if self.icon == "rotate-left" else 1
            if flip < 0:
                tip = (cx - s * math.cos(math.radians(200)) * -1, cy + s * 0.35)
                tip = (cx - s * 0.94, cy + s * 0.35)
                pts = [(tip[0] - s * 0.45, tip[1] - s * 0.2), (tip[0] + s * 0.35, tip[1] -
                                                                 s * 0.3),
                       (tip[0] - s * 0.05, tip[1] + s * 0.45)]
            else:
                tip = (cx + s * 0.5, cy + s * 0.87)
                pts = [(tip[0] + s * 0.45, tip[1] - s * 0.45), (tip[0] + s * 0.3, tip[1] +
                                                                 s * 0.35),
                       (tip[0] - s * 0.45, tip[1] + s * 0.1)]
            pygame.draw.polygon(surface, color, pts)
        elif self.icon in ("zoom-in", "zoom-out"):
            pygame.draw.line(surface, color, (cx - s, cy), (cx + s, cy), w + 1)
            if self.icon == "zoom-in":
                pygame.draw.line(surface, color, (cx, cy - s), (cx, cy + s), w + 1)
        elif self.icon in ("slice-down", "slice-up"):
            for i in range(3):
                y = cy - s + i * s
                hidden = (self.icon == "slice-down" and i == 0)
                c = UI["dim"] if hidden else color
                pygame.draw.line(surface, c, (cx - s, y + s * 0.3), (cx + s, y + s * 0.3), w)
            d = -1 if self.icon == "slice-up" else 1
            pygame.draw.polygon(surface, UI["accent"],
                                [(cx + s * 1.1, cy - d * s * 0.7), (cx + s * 1.5, cy - d * s *
                                                                     0.1),
                                 (cx + s * 0.7, cy - d * s * 0.1)])
        elif self.icon == "fit":
            for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
                x0, y0 = cx + dx * s, cy + dy * s
                pygame.draw.line(surface, color, (x0, y0), (x0 - dx * s * 0.6, y0), w)
                pygame.draw.line(surface, color, (x0, y0), (x0, y0 - dy * s * 0.6), w)
        elif self.icon == "menu":
            for i in (-1, 0, 1):
                pygame.draw.line(surface, color, (cx - s, cy + i * s * 0.6),
                                 (cx + s, cy + i * s * 0.6), w)


@dataclass(frozen=True)
class CardRow:
    """What one army card row shows."""

    uid: str
    name: str
    colour: str
    stats: str
    where: str
    seat_color: Color
    state: str = ""  # chosen | choosable | summonable | destroyed | ""
    badge: str = ""
    number: int = 0
    extra: str = ""
    """A fourth line: the enchantments on the card (auras by name)."""
    hidden: int = 0
    """Face-down enchantments this viewer may not read (drawn as card backs)."""


class CardWidget(Widget):
    """An army card in the left panel: click to choose it (or summon it) when you may."""

    def __init__(self, row: CardRow, rect: pygame.Rect, action: Callable[[], object] | None,
                 note: str = "", scale: float = 1.0) -> None:
        super().__init__(rect=rect, name=f"card:{row.uid}", note=note,
                         enabled=action is not None)
        self.row = row
        self.action = action
        self.scale = scale

    @property
    def focusable(self) -> bool:
        return self.visible and self.enabled

    def activate(self) -> None:
        if self.action is not None:
            self.action()

    def name_fit(self) -> tuple[int, int]:
        """The card name's size and room beside the badge: smaller type (to three quarters)
        before the name is cut."""
        k = self.scale
        left = self.rect.x + round(32 * k)
        small = round(16 * k)
        badge_w = text.size(self.row.badge, small, True)[0] + 14 if self.row.badge else 0
        width = self.rect.right - left - 8 - badge_w
        return text.fit_px(self.row.name, round(19 * k), width, True, round(14 * k)), width

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        row, rect = self.row, self.rect
        fill = UI["panel-2"]
        if row.state == "destroyed":
            fill = shade(fill, 0.8)
        if hovered:
            fill = shade(fill, 1.25)
        pygame.draw.rect(surface, fill, rect, border_radius=7)
        edge = {"chosen": UI["accent"], "choosable": UI["teal"], "summonable": UI["good"]
                }.get(row.state, UI["border"])
        width = 2 if row.state in ("chosen", "choosable", "summonable") or focused else 1
        if focused:
            edge = UI["focus"]
        pygame.draw.rect(surface, edge, rect, width, border_radius=7)
        strip = pygame.Rect(rect.x, rect.y, 6, rect.height)
        pygame.draw.rect(surface, row.seat_color, strip, border_top_left_radius=7,
                         border_bottom_left_radius=7)
        k = self.scale
        mana = MTG_COLOURS.get(row.colour, (160, 160, 160))
        dot = (rect.x + round(20 * k), rect.y + round(15 * k))
        pygame.draw.circle(surface, mana, dot, round(7 * k))
        pygame.draw.circle(surface, shade(mana, 0.5), dot, round(7 * k), 1)
        muted = row.state == "destroyed"
        small = round(16 * k)
        left = rect.x + round(32 * k)
        name_px, name_w = self.name_fit()
        text.blit(surface, row.name, name_px, UI["dim"] if muted else UI["text"],
                  (left, rect.y + round(7 * k)), bold=True, width=name_w)
        text.blit(surface, row.stats, small, UI["muted"], (left, rect.y + round(29 * k)),
                  width=rect.right - left - 8)
        text.blit(surface, row.where, small,
                  UI["dim"] if muted else mix(UI["muted"], UI["text"], 0.4),
                  (left, rect.y + round(47 * k)), width=rect.right - left - 8)
        if row.extra or row.hidden:
            backs = row.hidden
            bw, bh = round(10 * k), round(14 * k)
            line_y = rect.y + round(65 * k)
            room = rect.right - left - 12 - backs * (bw + 3)
            text.blit(surface, row.extra, small, UI["accent"], (left, line_y), width=room)
            for i in range(backs):
                back = pygame.Rect(rect.right - 10 - (i + 1) * (bw + 3), line_y + 1, bw, bh)
                draw_card_back(surface, back)
        if row.badge:
            bcol = edge if row.state else UI["border"]
            brect = pygame.Rect(0, 0, text.size(row.badge, small, True)[0] + 14, round(20 * k))
            brect.topright = (rect.right - 6, rect.y + 6)
            pygame.draw.rect(surface, shade(bcol, 0.45), brect, border_radius=5)
            pygame.draw.rect(surface, bcol, brect, 1, border_radius=5)
            text.blit(surface, row.badge, small, UI["text"], brect.center, anchor="center",
                      bold=True)


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The back of a spell card (a face-down or hidden card)."""
    radius = max(2, rect.width // 6)
    pygame.draw.rect(surface, (70, 46, 30), rect, border_radius=radius)
    inner = rect.inflate(-max(2, rect.width // 5), -max(2, rect.width // 5))
    pygame.draw.rect(surface, (120, 84, 52), inner, border_radius=radius)
    pygame.draw.ellipse(surface, (196, 150, 86), inner.inflate(-inner.width // 3,
                                                              -inner.height // 3))
    pygame.draw.rect(surface, (30, 22, 16), rect, 1, border_radius=radius)


@dataclass
class SpellCardView:
    """What one spell card in the hand shows (``name`` empty: a card back)."""

    uid: str
    name: str = ""
    colour: str = "colourless"
    kind: str = ""
    cost: int = 0
    body: str = ""
    provenance: str = ""
    state: str = ""  # playable | picking | discard | ""
    badge: str = ""


class SpellCardWidget(Widget):
    """A spell card in the hand strip: click to play it (or discard it) when you may."""

    def __init__(self, card: SpellCardView, rect: pygame.Rect,
                 action: Callable[[], object] | None, note: str = "",
                 scale: float = 1.0) -> None:
        super().__init__(rect=rect, name=f"spell:{card.uid}", note=note,
                         enabled=action is not None)
        self.card = card
        self.action = action
        self.scale = scale

    def activate(self) -> None:
        if self.action is not None:
            self.action()

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool,
             pressed: bool) -> None:
        card, rect, k = self.card, self.rect, self.scale
        if not card.name:
            draw_card_back(surface, rect)
            return
        mana = MTG_COLOURS.get(card.colour, (160, 160, 160))
        lift = -round(6 * k) if (hovered and self.enabled) or card.state == "picking" else 0
        r = rect.move(0, lift)
        pygame.draw.rect(surface, (8, 9, 14), r.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, shade(mana, 0.55), r, border_radius=8)
        face = r.inflate(-round(8 * k), -round(8 * k))
        pygame.draw.rect(surface, mix(UI["panel-2"], mana, 0.14), face, border_radius=6)
        edge = {"playable": UI["teal"], "picking": UI["accent"], "discard": UI["bad"]
                }.get(card.state, shade(mana, 0.9))
        if focused:
            edge = UI["focus"]
        pygame.draw.rect(surface, edge, r, 2 if card.state or focused else 1, border_radius=8)
        name_px, small, tiny = round(16 * k), round(14 * k), round(13 * k)
        x = face.x + round(5 * k)
        if card.cost >= 0:  # the cost gem (an ability's card has none)
            gem = (face.right - round(12 * k), face.y + round(11 * k))
            pygame.draw.circle(surface, shade(mana, 0.7), gem, round(10 * k))
            pygame.draw.circle(surface, mana, gem, round(10 * k), 2)
            text.blit(surface, str(card.cost), small, UI["text"], gem, anchor="center",
                      bold=True)
        room = face.width - round(30 * k)  # the name shrinks before it is cut
        text.blit(surface, card.name, text.fit_px(card.name, name_px, room, True, round(12 * k)),
                  UI["text"], (x, face.y + round(3 * k)), bold=True, width=room)
        kind = card.kind.replace("_", " ").capitalize()
        text.blit(surface, kind, small, mana, (x, face.y + round(20 * k)), bold=True,
                  width=face.width - 10)
        y = face.y + round(37 * k)
        line_h = round(14 * k)
        lines = text.wrap(card.body, tiny, face.width - 10)
        room = max(1, (face.bottom - round(20 * k) - y) // line_h)
        for i, line in enumerate(lines[:room]):
            if i == room - 1 and len(lines) > room:  # an excerpt: the card shows it all
                line = text.excerpt(line, tiny, face.width - 10)
            text.blit(surface, line, tiny, mix(UI["muted"], UI["text"], 0.5), (x, y))
            y += line_h
        if card.provenance:
            prov = card.provenance.replace("_", " ")
            pw = text.size(prov, tiny)[0] + 10
            pr = pygame.Rect(x - 2, face.bottom - round(17 * k), pw, round(15 * k))
            tone = UI["good"] if prov == "printed" else (150, 140, 110)
            pygame.draw.rect(surface, shade(tone, 0.35), pr, border_radius=4)
            text.blit(surface, prov, tiny, tone, pr.center, anchor="center")
        if card.badge:
            bw = text.size(card.badge, small, True)[0] + 12
            br = pygame.Rect(0, 0, bw, round(18 * k))
            br.bottomright = (face.right - 2, face.bottom - 1)
            pygame.draw.rect(surface, shade(edge, 0.45), br, border_radius=5)
            pygame.draw.rect(surface, edge, br, 1, border_radius=5)
            text.blit(surface, card.badge, small, UI["text"], br.center, anchor="center",
                      bold=True)


FACE_COLORS = {"hit": (206, 64, 52), "shield": (60, 110, 200), "blank": (120, 124, 138)}


def draw_die(surface: pygame.Surface, rect: pygame.Rect, face: str) -> None:
    """One combat die showing ``face``."""
    color = FACE_COLORS.get(face, (120, 124, 138))
    pygame.draw.rect(surface, shade(color, 0.55), rect.move(0, 2), border_radius=5)
    pygame.draw.rect(surface, color, rect, border_radius=5)
    pygame.draw.rect(surface, shade(color, 1.35), rect, 1, border_radius=5)
    cx, cy = rect.center
    s = rect.width * 0.28
    ink = (250, 244, 236)
    w = max(2, rect.width // 12)
    if face == "hit":  # crossed blades
        pygame.draw.line(surface, ink, (cx - s, cy + s), (cx + s, cy - s), w)
        pygame.draw.line(surface, ink, (cx - s, cy - s), (cx + s, cy + s), w)
        pygame.draw.line(surface, ink, (cx - s * 0.9, cy + s * 0.3), (cx - s * 0.3, cy + s * 0.9),
                         w)
        pygame.draw.line(surface, ink, (cx + s * 0.9, cy + s * 0.3), (cx + s * 0.3, cy + s * 0.9),
                         w)
    elif face == "shield":
        pts = [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy), (cx, cy + s * 1.2),
               (cx - s, cy)]
        pygame.draw.polygon(surface, ink, pts, w)


def draw_dice_row(surface: pygame.Surface, x: int, y: int, faces: Sequence[str],
                  size: int = 24, max_width: int = 400) -> int:
    """A row of dice; returns the x after it."""
    gap = 4
    per = max(1, (max_width + gap) // (size + gap))
    for i, face in enumerate(faces):
        row, col = divmod(i, per)
        draw_die(surface, pygame.Rect(x + col * (size + gap), y + row * (size + gap), size,
                                      size), face)
    return x + min(len(faces), per) * (size + gap)


def draw_distribution(surface: pygame.Surface, rect: pygame.Rect,
                      distribution: Sequence[Fraction], life_left: int) -> None:
    """Bars of P(damage = k); bars at or past the target's remaining life in red."""
    n = len(distribution)
    if n == 0:
        return
    peak = max(float(p) for p in distribution) or 1.0
    bw = max(4, (rect.width - (n - 1) * 3) // n)
    for k, p in enumerate(distribution):
        bh = int((rect.height - 16) * float(p) / peak)
        bar = pygame.Rect(rect.x + k * (bw + 3), rect.bottom - 16 - bh, bw, bh)
        color = UI["bad"] if k >= life_left > 0 else UI["teal"]
        pygame.draw.rect(surface, color, bar, border_top_left_radius=3,
                         border_top_right_radius=3)
        text.blit(surface, str(k), 14, UI["muted"], (bar.centerx, rect.bottom - 14),
                  anchor="midtop")


def draw_spinner(surface: pygame.Surface, center: tuple[int, int], radius: int, t: float,
                 color: Color) -> None:
    """Eight dots chasing round (the "thinking" indicator)."""
    for i in range(8):
        angle = 2 * math.pi * i / 8 + t * 5
        alpha = (i + 1) / 8
        pos = (center[0] + math.cos(angle) * radius, center[1] + math.sin(angle) * radius)
        pygame.draw.circle(surface, mix((40, 44, 60), color, alpha), pos,
                           max(2, radius // 4))
