"""Drawing the battle screen each frame: the battlefield with its highlights (`Canvas.markers`
for what the player may do, `Canvas.dynamic_markers` for the pointer, the path and the
computer's action), the overlays over it (line of sight, move warnings, damage numbers), the
panels on a cached layer redrawn only when what they show changed, and what changes every
frame (the spinner, rolling dice). When nothing but this screen drew since the last frame,
only the rectangles that changed are redrawn (dirty rectangles).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

from arena.client import text
from arena.client.overlays import draw_floater, draw_ruler, draw_tag, ruler_colours
from arena.client.palette import HIGHLIGHTS, UI, palette
from arena.client.projection import Projection
from arena.client.render import Marker
from arena.client.scenes.battle_parts import ScreenParts
from arena.client.scenes.battle_view import BattleView, scaled
from arena.client.scenes.combat_panel import draw_combat_panel
from arena.client.scenes.hand_panel import draw_hand
from arena.client.scenes.hud import draw_spinner
from arena.client.scenes.turn_panel import draw_turn_panel, turn_lines
from arena.client.session import lead_hex
from arena.client.tiers import roof_over
from arena.hexgrid import Hex

__all__ = ["Canvas", "disjoint", "draw_top_bar"]


class Canvas:
    """The frame caches of one battle screen and the drawing that fills them."""

    def __init__(self, scene: ScreenParts) -> None:
        self.scene = scene
        self.hud: tuple[Any, pygame.Surface] | None = None
        self.hud_rects: list[pygame.Rect] = []
        """Where the panels are on the cached layer (blitted over the battlefield)."""
        self.live_rects: list[pygame.Rect] = []
        self.last_clean = False
        """Whether the last frame was drawn with nothing over this screen."""
        self.last_surface: pygame.Surface | None = None
        self._overlay: pygame.Surface | None = None
        self.overlay_rects: list[pygame.Rect] = []
        """Where this frame's overlays were drawn."""
        self._markers: tuple[Any, list[Marker]] | None = None

    def forget_markers(self) -> None:
        """Light the spaces afresh (the pick moved on)."""
        self._markers = None

    def markers(self) -> list[Marker]:
        """The spaces lit for what the player to act may do (cached per position and
        selection): placing, moving (provoking ones apart), attacking, answering a choice,
        or a pick's targets only."""
        scene = self.scene
        key = (scene.session.version, scene.intent.selected, scene.intent.walk,
               (scene.intent.pick.label, scene.intent.pick.chosen) if scene.intent.pick else None)
        if self._markers is not None and self._markers[0] == key:
            return self._markers[1]
        found: list[Marker] = []
        if scene.session.human_to_act:
            opts = scene.session.options
            for pos in opts.place:
                found.append(Marker(lead_hex(pos), "place"))
            if scene.intent.selected is not None:
                reach = scene.intent.reach()
                for pos in scene.intent.move_table():
                    r = reach.get(pos)
                    cost = str(r.cost) if r is not None else ""
                    if r is not None and r.provokes:
                        found.append(Marker(lead_hex(pos), "provoke", cost))
                    else:
                        found.append(Marker(lead_hex(pos), "move", cost))
                for target in opts.attacks.get(scene.intent.selected, {}):
                    for h in scene.intent.target_hexes(target)[:1]:
                        found.append(Marker(h, "attack"))
            for h in scene.intent.choice_targets():
                found.append(Marker(h, "choice"))
            if scene.intent.pick is not None:
                found = [Marker(h, "choice") for h in scene.intent.pick_hexes()]
        unique: dict[Hex, Marker] = {}
        for m in found:
            if m.hex not in unique or m.style == "attack":
                unique[m.hex] = m
        result = list(unique.values())
        self._markers = (key, result)
        return result

    def dynamic_markers(self) -> list[Marker]:
        """This frame's highlights: the computer's action, a recap line's figure, the space
        under the pointer and the path there."""
        scene = self.scene
        out = scene.spotlight.markers(scene.session, scene.time) + scene.coach.markers()
        if scene.recap is not None:
            out += scene.recap.markers(scene.time)
        hover = self.cursor_hex()
        if hover is not None:
            out.append(Marker(hover, "hover"))
        pos = scene.hover_position()
        if pos is not None and scene.intent.selected is not None:
            r = scene.intent.reach().get(pos)
            if r is not None:
                for step in r.path[1:]:
                    out.append(Marker(lead_hex(step), "path"))
                out[-1] = Marker(lead_hex(r.path[-1]), "path", f"{r.cost}")
        if isinstance(pos, tuple):  # a double-space position: its tail outlined too
            out.append(Marker(pos[1], "hover"))
        return out

    def cursor_hex(self) -> Hex | None:
        scene = self.scene
        if scene.intent.cursor is not None:
            return lead_hex(scene.intent.cursor)
        return scene.hover_hex

    def draw(self, surface: pygame.Surface) -> None:
        """The frame (see the module docstring)."""
        scene = self.scene
        if surface.get_size() != scene.layout.size:
            scene.resize(surface.get_size())
        proj = scene.projection()
        picture = scene.picture()
        hud, hud_changed = self.hud_surface(surface.get_size())
        # Dirty rectangles: when nothing but this screen drew on the surface since the last
        # frame (no dialog above, no message, the panels unchanged), only what moved is redrawn.
        clean = scene.on_top and not scene.app.toasts and not scene.settings.show_fps
        incremental = clean and self.last_clean and not hud_changed and \
            surface is self.last_surface
        layer, over = self.overlay_layer(surface.get_size(), proj)
        # the roof over the space under the pointer is seen through (`arena.client.tiers`)
        scene.renderer.roof = roof_over(scene.game.state.board, self.cursor_hex())
        dirty = scene.renderer.draw(surface, proj, picture, self.markers(),
                                    self.dynamic_markers(), now=scene.time,
                                    slice_level=scene.slice_level, incremental=incremental,
                                    extra=over)
        for rect in over:
            surface.blit(layer, rect, rect)
        if incremental:
            # the panels once over every restored place (twice would darken their edges)
            clips = [rect.clip(area) for rect in dirty + self.live_rects
                     for area in self.hud_rects if rect.colliderect(area)]
            for clip in disjoint(clips):
                surface.blit(hud, clip, clip)
        else:
            for rect in self.hud_rects:
                surface.blit(hud, rect, rect)
        self.live_rects = self.draw_live(surface)
        self.last_clean = clean
        self.last_surface = surface

    def overlay_layer(self, size: tuple[int, int], proj: Projection
                      ) -> tuple[pygame.Surface, list[pygame.Rect]]:
        """This frame's overlays drawn on a transparent layer (wiped where the last frame's
        were), and where they are."""
        layer = self._overlay
        if layer is None or layer.get_size() != size:
            layer = self._overlay = pygame.Surface(size, pygame.SRCALPHA)
            self.overlay_rects = []
        for rect in self.overlay_rects:
            layer.fill((0, 0, 0, 0), rect)
        self.overlay_rects = self.draw_overlays(layer, proj)
        return layer, self.overlay_rects

    def draw_overlays(self, surface: pygame.Surface, proj: Projection) -> list[pygame.Rect]:
        """Over the battlefield, under the panels: the line-of-sight ruler, the warnings of
        the move under the pointer and the floating damage numbers. Returns where it drew."""
        scene = self.scene
        drawn: list[pygame.Rect] = []
        view = scene.layout.view
        clip = surface.get_clip()
        surface.set_clip(view)
        colour_blind = scene.settings.colour_blind
        px = scaled(scene, 16)
        if proj.at_rest:
            drawn += scene.spotlight.draw(surface, proj, scene.session, scene.time, colour_blind,
                                          partial(scene.renderer.stand_level,
                                                  scene.game.state.board))
            ruler = scene.ruler()
            if ruler is not None:
                drawn += draw_ruler(surface, proj, ruler, colour_blind)
                good, bad = ruler_colours(colour_blind)
                at = ruler.blocked_at if ruler.blocked_at is not None else ruler.end
                point = proj.plane_to_screen(*at)
                label = ruler.label[:1].upper() + ruler.label[1:]
                drawn.append(draw_tag(surface, [(label, UI["text"])], point,
                                      good if ruler.clear else bad, px, view,
                                      title="Line of sight"))
            pos = scene.hover_position() if scene.intent.selected is not None else None
            warning = scene.move_warning(pos)
            if warning and pos is not None:
                if scene.mouse is not None and scene.intent.cursor is None:
                    point = (float(scene.mouse[0]), float(scene.mouse[1]))
                else:
                    point = proj.to_screen(lead_hex(pos),
                                           scene.heights().get(lead_hex(pos), 0.0))
                lines = [(line, UI["text"]) for line in warning.lines]
                lines.append(("Click to move (asks first)" if warning.confirm else
                              "Click to move", UI["muted"]))
                drawn.append(draw_tag(surface, lines, point,
                                      HIGHLIGHTS["provoke"] if warning.confirm else UI["teal"],
                                      px, view, title="Careful" if warning.confirm else
                                      "Glyph"))
        for floater in scene.stage.fx.floaters(scene.time):
            point = proj.plane_to_screen(floater.x, floater.y, floater.level)
            drawn.append(draw_floater(surface, floater.label, point, floater.alpha,
                                      max(24, round(proj.zoom * 0.8))))
        drawn += scene.spotlight.draw_card(surface, view, scene.session, scene.time,
                                           scene.font_scale)
        drawn += scene.replayer.draw(surface, view, scene.font_scale)
        surface.set_clip(clip)
        return [r.clip(view) for r in drawn if r.width and r.height]

    def hud_key(self) -> tuple[Any, ...]:
        scene = self.scene
        f = scene.form
        dice = scene.stage.dice
        dice_settled = dice is None or scene.time - dice.start >= scene.stage.settle()
        return (scene.layout.size, scene.layout.left.width, scene.layout.side,
                scene.session.version, scene.intent.selected, scene.intent.walk,
                scene.hover_hex, scene.hover_figure, scene.intent.cursor, scene.intent.flipped,
                f.hover.name if f.hover else None, f.pressed.name if f.pressed else None,
                f.focused.name if f.focused else None,
                (scene.log_panel.view.offset, scene.log_panel.view.unread), scene.army.scroll,
                (scene.full_log.open, scene.full_log.panel.view.offset,
                 scene.full_log.panel.view.unread),
                scene.slice_level, scene.session.thinking, scene.session.held is not None,
                (id(scene.recap), scene.recap.offset) if scene.recap else None,
                scene.settings,
                dice.serial if dice else 0, dice_settled, len(scene.session.log),
                scene.camera.animating, scene.on_top,
                (scene.intent.pick.label, scene.intent.pick.chosen) if scene.intent.pick else None)

    def hud_surface(self, size: tuple[int, int]) -> tuple[pygame.Surface, bool]:
        """The panels (redrawn only when what they show changed) and whether they did."""
        scene = self.scene
        key = self.hud_key()
        if self.hud is not None and self.hud[0] == key:
            return self.hud[1], False
        hud = self.hud[1] if self.hud is not None and self.hud[1].get_size() == size \
            else pygame.Surface(size, pygame.SRCALPHA)
        hud.fill((0, 0, 0, 0))
        lay = scene.layout
        self.hud_rects = [lay.top, lay.left, lay.right, lay.hand, lay.rail, lay.dock,
                          lay.camera.inflate(12, 12).union(lay.levels)]
        self.draw_hud(hud)
        self.hud = (key, hud)
        return hud, True

    def draw_hud(self, hud: pygame.Surface) -> None:
        """Every panel on the cached layer (the form's widgets drawn over them)."""
        scene = self.scene
        lay = scene.layout
        draw_top_bar(hud, scene)
        scene.army.draw(hud, scene)
        draw_hand(hud, scene)
        # a compact window draws only the dock's open panel (the others are empty rects)
        if lay.turn.width:
            lines = turn_lines(scene)
            lines[1:1] = scene.coach.lines()  # the hint under the question it answers
            draw_turn_panel(hud, lay.turn, scene.game.state, lines,
                            scene.font_scale, scene.buttons_top)
        if lay.info.width:
            draw_combat_panel(hud, scene, scene.hover_figure, scene.stage.dice,
                              scene.stage.settle(), scene.ruler)
        if lay.log.width:
            scene.log_panel.draw(hud, scene.session.log, lay.log, scene.font_scale)
        if scene.recap is not None:
            scene.recap.draw(hud, scene.font_scale)
            self.hud_rects.append(scene.recap.rect.inflate(4, 10))

        # camera controls strip and the level-slice label
        strip = lay.camera.inflate(8, 8)
        pygame.draw.rect(hud, (14, 16, 25), strip, border_radius=8)
        pygame.draw.rect(hud, UI["border"], strip, 1, border_radius=8)
        levels = "all levels" if scene.slice_level is None else f"levels 1-{scene.slice_level}"
        text.blit(hud, levels, scaled(scene, 15), UI["muted"],
                  (lay.levels.right, lay.levels.centery), anchor="midright",
                  width=lay.levels.width)
        # the full log over the panels and the camera strip (the widgets it covers are left
        # out of the form while it is open), its own button over it
        full = scene.full_log.draw(hud, scene.session.log, lay, scene.font_scale)
        if full is not None:
            self.hud_rects.append(full)
        scene.form.draw(hud)
        floating = [r for r in (scene.recap.rect if scene.recap else None,
                                scene.tutorial.box if scene.tutorial else None,
                                lay.left if lay.compact else None,
                                lay.right if lay.compact else None) if r is not None and r.width]
        box = scene.hover.draw(hud, scene, floating)
        if box is not None:
            self.hud_rects.append(box)
        tip = scene.form.draw_tooltip(hud) if scene.on_top else None
        if tip is not None:
            self.hud_rects.append(tip)

    def draw_live(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """What changes every frame over the cached panels: the thinking spinner, rolling
        dice, the frame time. Returns where it drew (restored from the panels next frame)."""
        scene = self.scene
        lay = scene.layout
        drawn: list[pygame.Rect] = []
        if scene.session.thinking:
            radius = max(6, lay.top.height // 4)
            center = (lay.top.right - lay.top.height * 2, lay.top.centery)
            draw_spinner(surface, center, radius, scene.time, UI["teal"])
            drawn.append(pygame.Rect(0, 0, radius * 3, radius * 3).move(
                center[0] - radius * 3 // 2, center[1] - radius * 3 // 2))
        dice = scene.stage.dice
        if dice is not None and scene.time - dice.start < scene.stage.settle():
            self.hud = None  # the dice are still rolling
        if scene.settings.show_fps:
            drawn.append(text.blit(surface, f"{scene.frame_ms:.1f} ms", 16, UI["muted"],
                                   (lay.view.right - 8, lay.view.y + 6), anchor="topright"))
        return drawn


def disjoint(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The area of ``rects`` as rectangles that do not overlap (each pixel once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        pieces = [pygame.Rect(rect)]
        for taken in out:
            split: list[pygame.Rect] = []
            for piece in pieces:
                if not piece.colliderect(taken):
                    split.append(piece)
                    continue
                top, bottom = max(piece.top, taken.top), min(piece.bottom, taken.bottom)
                if piece.top < taken.top:
                    split.append(pygame.Rect(piece.left, piece.top, piece.width,
                                             taken.top - piece.top))
                if taken.bottom < piece.bottom:
                    split.append(pygame.Rect(piece.left, taken.bottom, piece.width,
                                             piece.bottom - taken.bottom))
                if piece.left < taken.left:
                    split.append(pygame.Rect(piece.left, top, taken.left - piece.left,
                                             bottom - top))
                if taken.right < piece.right:
                    split.append(pygame.Rect(taken.right, top, piece.right - taken.right,
                                             bottom - top))
            pieces = split
        out.extend(p for p in pieces if p.width > 0 and p.height > 0)
    return out


def draw_top_bar(hud: pygame.Surface, view: BattleView) -> None:
    """The bar over the screen: the scenario, the turn and whose move it is."""
    lay = view.layout
    game, session = view.game, view.session
    pal = palette(view.settings.colour_blind)
    pygame.draw.rect(hud, (14, 16, 25), lay.top)
    pygame.draw.line(hud, UI["border"], lay.top.bottomleft, lay.top.bottomright)
    text.blit(hud, f"Arena  ·  {session.scenario_name}", scaled(view, 20), UI["muted"],
              (12, lay.top.centery), anchor="midleft")
    seat = game.to_act
    chip = pygame.Rect(0, 0, scaled(view, 16), scaled(view, 16))
    banner = f"Turn {game.turn} of {game.state.static.turn_limit}  ·  {session.seat_label(seat)}"
    if session.over:
        banner = f"Turn {game.turn}  ·  the game is over"
    elif session.held is not None:
        banner += " is about to attack"
    elif session.thinking:
        banner += " is thinking"
    elif seat == session.viewer:
        banner += ": your move"
    width = text.size(banner, scaled(view, 22), True)[0]
    chip.midright = (lay.top.centerx - width // 2 - 10, lay.top.centery)
    pygame.draw.rect(hud, pal.player(seat), chip, border_radius=4)
    text.blit(hud, banner, scaled(view, 22), UI["text"], (chip.right + 10, lay.top.centery),
              anchor="midleft", bold=True)
