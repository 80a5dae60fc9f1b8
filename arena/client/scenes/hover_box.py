"""The battle screen's hover box: what is under the pointer (the space, the figure on it with
its values now, the move there with its cost and warnings, the line of sight to it), in a box
beside the pointer that never covers the space it describes and goes when the pointer leaves
the battlefield.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from arena.client import text
from arena.client.advice import MoveWarning, Ruler
from arena.client.overlays import ruler_colours
from arena.client.palette import HIGHLIGHTS, UI, palette
from arena.client.projection import Camera, Projection
from arena.client.render import BattlefieldRenderer
from arena.client.scenes.battle_view import BattleView, scaled
from arena.client.scenes.hud import hover_box_rect
from arena.client.session import lead_hex
from arena.client.statline import figure_stat_line, life_text
from arena.client.wording import storey_words
from arena.engine.actions import Pos
from arena.hexgrid import Hex

__all__ = ["Hover", "HoverView", "aimed_hex"]

Line = tuple[str, tuple[int, int, int]]


class HoverView(BattleView, Protocol):
    """What the hover box reads of the battle screen besides the panels' view."""

    @property
    def renderer(self) -> BattlefieldRenderer: ...

    @property
    def camera(self) -> Camera: ...

    def projection(self) -> Projection: ...

    def heights(self) -> dict[Hex, float]: ...

    def hover_position(self) -> Pos | None: ...

    def move_warning(self, pos: Pos | None) -> MoveWarning: ...

    def ruler(self) -> Ruler | None: ...


def aimed_hex(view: HoverView, pos: tuple[int, int]) -> Hex | None:
    """The space the pointer at ``pos`` aims at, for the hover and a click alike (so a click
    never takes another space than the one lit under the pointer): while spaces are lit for
    a click (placements, the selected figure's moves), a lit space whose face is drawn under
    the pointer wins over a ruin or a figure standing in front of it; else the column the
    view ray meets first."""
    proj = view.projection()
    board = view.game.state.board
    found = proj.hex_under(pos, view.heights(), view.renderer.pick_bottoms(board))
    lit = view.intent.lit_spaces()
    if not lit or found in lit:
        return found
    aimed = proj.lit_under(pos, {h: view.renderer.stand_level(board, h) for h in lit})
    return aimed if aimed is not None else found


class Hover:
    """The pointer over the battlefield: where it is, the space and the figure under it."""

    def __init__(self) -> None:
        self.mouse: tuple[int, int] | None = None
        self.hex: Hex | None = None
        self.figure: str | None = None

    def forget(self) -> None:
        """Nothing is hovered until the pointer moves again (its last place no longer says
        what is under it: another player's view, the board turned)."""
        self.mouse = self.hex = self.figure = None

    def locate(self, pos: tuple[int, int] | None, view: HoverView) -> bool:
        """Find the space and figure under ``pos`` (nothing off the battlefield); whether
        they changed. A figure standing on several spaces is hovered on the nearest, unless
        the pointer aims at a lit space (`aimed_hex`): that space is what a click takes."""
        old = (self.hex, self.figure)
        if pos is None or not view.layout.view.collidepoint(pos):
            self.hex = self.figure = None
        else:
            self.figure = view.renderer.figure_under(pos)
            self.hex = aimed_hex(view, pos)
            if self.figure is not None and self.hex not in view.intent.lit_spaces():
                hexes = view.game.state.figures[self.figure].hexes
                if hexes and self.hex not in hexes:
                    self.hex = view.projection().nearest(hexes)
        return old != (self.hex, self.figure)

    def lines(self, view: HoverView) -> list[Line]:
        """The box's lines: the space under the pointer, the figure on it, the move there
        (cost and warnings) and the line of sight to it."""
        h = self.hex
        if h is None:
            return []
        state = view.game.state
        board = state.board
        lines: list[Line] = []
        column = board.spaces.get(h) or board.columns.get(h)
        if column is None:
            return []
        terrain = {"land": "land", "water": "water", "road": "road",
                   "weirded": "weirded ground"}.get(column.terrain or "", "empty")
        head = f"Level {column.top}  ·  {terrain}"  # the pointer shows which space
        lines.append((head, UI["text"]))
        storey = storey_words(board, h)  # one of several surfaces: which, and the room
        if storey:
            lines.append((storey[:1].upper() + storey[1:], UI["text"]))
        extras = []
        obstacle = board.obstacle_at.get(h)
        if obstacle is not None:
            extras.append(f"{obstacle.kind} ({obstacle.height} levels high)")
        glyph = state.glyphs.get(h)
        if glyph is not None:
            extras.append(f"glyph of {glyph.kind}" if glyph.face_up and glyph.kind else
                          "a glyph, face down")
        if h in view.renderer.power:
            extras.append("power space")
        for zone in state.static.field.zones:
            if h in zone.spaces:
                extras.append(f"{zone.name or zone.id} starting zone")
        if extras:
            lines.append((", ".join(extras).capitalize(), UI["muted"]))
        fid = self.figure or state.occupant_map().get(h)
        if fid is not None:
            static = state.static
            card = static.figure_def(fid)
            owner = state.controller(fid)
            lines.append((f"{static.figure_name(fid)}  ·  {view.session.seat_label(owner)}",
                          palette(view.settings.colour_blind).player(owner)))
            if state.figures[fid].zone == "battlefield":
                lines.append((f"{life_text(view.game, fid)} · Height {card.height}",
                              UI["muted"]))
                lines.append((figure_stat_line(view.game, fid), UI["muted"]))
        pos = view.hover_position()
        if pos is not None and view.intent.selected is not None:
            r = view.intent.reach().get(pos)
            if r is not None:
                lines.append((f"Move here: {r.cost} space{'s' if r.cost != 1 else ''}",
                              UI["teal"]))
                warning = view.move_warning(pos)
                for line in warning.lines:
                    lines.append((line, HIGHLIGHTS["provoke"] if warning.confirm else
                                  UI["teal"]))
        ruler = view.ruler()
        if ruler is not None:
            good, bad = ruler_colours(view.settings.colour_blind)
            label = ruler.label[:1].upper() + ruler.label[1:]
            lines.append((f"Line of sight: {label}", good if ruler.clear else bad))
        return lines

    def draw(self, hud: pygame.Surface, view: HoverView,
             panels: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The box beside the pointer, clear of the ``panels`` over the battlefield (the
        recap, the lesson's); where it was drawn (None without one)."""
        lay = view.layout
        px = scaled(view, 17)
        # a long line (a stat's sources) wraps: the box grows rather than cut it
        lines = [(part, color) for line, color in self.lines(view)
                 for part in text.wrap(line, px, lay.hover.width - 16)]
        if not lines:
            return None
        size = (lay.hover.width, 12 + scaled(view, 20) * len(lines))
        box = hover_box_rect(lay.view, size, self.anchor(view),
                             max(24, round(view.camera.zoom * 0.9)), self.sprite_rect(view),
                             panels)
        pygame.draw.rect(hud, (14, 16, 25, 225), box, border_radius=8)
        pygame.draw.rect(hud, UI["border"], box, 1, border_radius=8)
        for i, (line, color) in enumerate(lines):
            text.blit(hud, line, px, color, (box.x + 8, box.y + 6 + i * scaled(view, 20)),
                      width=box.width - 16)
        return box

    def sprite_rect(self, view: HoverView) -> pygame.Rect | None:
        """Where the figure the box describes was drawn (it rises above its space, so the box
        keeps clear of all of it), if a figure stands there."""
        figure = self.figure
        if figure is None and self.hex is not None:
            figure = view.game.state.occupant_map().get(self.hex)
        return view.renderer.figure_rect(figure) if figure is not None else None

    def anchor(self, view: HoverView) -> tuple[int, int]:
        """Where the box hangs from: the pointer on the battlefield, else (the keyboard
        cursor) the described space on screen."""
        if self.mouse is not None and view.layout.view.collidepoint(self.mouse):
            return self.mouse
        cursor = view.intent.cursor
        h = self.hex or (lead_hex(cursor) if cursor is not None else None)
        if h is None:
            return view.layout.view.topleft
        x, y = view.projection().to_screen(h, view.heights().get(h, 0.0))
        return round(x), round(y)
