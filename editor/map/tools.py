"""The editor's map tools: raise, lower, paint, the eyedropper, ruins and cryptoliths,
glyphs and glyph spaces, starting zones and power spaces, selection (box, same terrain, copy,
paste, rotate, mirror), symmetry, undo and redo, the brush height and the level slice.

Every edit is one `editor.core.model` command run through the window's `ToolsHost.run_command`
(one undo step; mirrored through the symmetry centre when it is on); this module only chooses
the command. The part owns the current tool, the brush, the selection and the stroke under
way; it also draws its marks on the map (`editor.map.view.ToolMarks`): the selection, the
obstacle under the mouse, the piece and sight tools' drawings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from arena.client.palette import ZONE_COLOURS
from arena.client.projection import Projection
from editor.core import model as m
from editor.map.brush import ZONE_ORDER, Brush
from editor.map.piece_palette import (
    OK,
    PIECE_TOOLS,
    PiecePalette,
    Preview,
    flat_hexes,
    ghost_block,
)
from editor.windows.sight_tool import SightTool


def _colour_hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


class ToolsHost(Protocol):
    """What the map tools need of the editor window."""

    message: str

    @property
    def editor(self) -> m.Editor: ...

    @property
    def hover(self) -> m.Coord | None:
        """The hex under the mouse (`editor.map.view.MapView.hover`)."""

    def run_command(self, command: m.Command, merge: bool = False) -> None:
        """Run an edit as one undo step and say the map changed."""

    def changed(self) -> None:
        """Say the map changed (undo, redo, paste): the checks run again."""

    def build_ui(self) -> None:
        """Build the panels anew (a brush value their menus show changed)."""

    def refresh_tools(self) -> None:
        """Show the current tool and brush in the panels."""


DEFAULT_TOOL = "raise"
"""The tool the editor starts with, and the one Esc goes back to."""


class MapTools:
    """What a click or drag on the map does with the current tool and brush."""

    def __init__(self, host: ToolsHost, pieces: PiecePalette, sight: SightTool) -> None:
        self.host = host
        self.pieces = pieces
        self.sight = sight
        self.tool = DEFAULT_TOOL
        self.brush = Brush()
        self.selection: set[m.Coord] = set()
        self.drag_start: m.Coord | None = None
        """Where the box selection being dragged started (None: no box under way)."""
        self.stroke = False
        """Whether the left button is down on the map (a drag paints on)."""
        self.stroke_hexes: set[m.Position] = set()
        """The surfaces this stroke has already changed (a drag changes each once)."""

    @property
    def editor(self) -> m.Editor:
        return self.host.editor

    def say(self, text: str) -> None:
        self.host.message = text

    def show_document(self, zone: str) -> None:
        """A battlefield was made current: nothing selected, `zone` (one of its own) the
        brush's zone."""
        self.selection.clear()
        self.brush.zone = zone

    def choose(self, tool: str) -> None:
        """Make `tool` the current tool (the panels show it once refreshed)."""
        self.tool = tool

    def step_back(self) -> str | None:
        """Esc on the map: the newest thing under way is let go -- a box being dragged, the
        selection, then a tool other than the first (`DEFAULT_TOOL`); what was let go, in
        words, or None when there was nothing (Esc never quits: the undo history, the view
        and the selection would go with the window)."""
        if self.drag_start is not None:
            self.drag_start = None
            return "Box selection cancelled"
        if self.selection:
            self.selection.clear()
            return "Selection cleared"
        if self.tool != DEFAULT_TOOL:
            self.tool = DEFAULT_TOOL
            return f"Tool: {DEFAULT_TOOL} (Esc let go of the last one)"
        return None

    def set_brush(self, **values: object) -> None:
        """Set brush values by name (``terrain=``, ``zone=`` ...), as a menu chose them."""
        for name, value in values.items():
            if not hasattr(self.brush, name):
                raise AttributeError(f"the brush has no {name}")
            setattr(self.brush, name, value)

    # --- the mouse on the map ----------------------------------------------------------------

    def press(self, space: m.Position) -> None:
        """The left button went down on a surface (`MapView.space_at`): a box selection
        starts, or the tool is used."""
        self.stroke, self.stroke_hexes = True, set()
        if self.tool == "select":
            at = m.column_of(space)
            self.drag_start = at
            self.selection = {at} & set(self.editor.doc.columns)
        else:
            self.use_tool(space, first=True)

    def drag(self, space: m.Position) -> None:
        """The mouse moved onto a surface with the left button down."""
        if not self.stroke:
            return
        if self.drag_start is not None:
            self.selection = m.select_box(self.editor.doc, self.drag_start, m.column_of(space))
        elif self.tool in ("raise", "lower", "paint", "zone", "erase-marks"):
            self.use_tool(space, first=False)

    def release(self) -> None:
        """The left button came up: the stroke (or the box selection) ends."""
        self.stroke = False
        if self.drag_start is not None:
            self.say(f"Selected {len(self.selection)} hexes")
        self.drag_start = None

    def use_tool(self, space: m.Position, first: bool) -> None:
        """Apply the current tool on a surface (``first``: the press, else a drag over it).
        The marks -- glyphs, glyph spaces, zones, power spaces -- go on `space` itself (on a
        column with several surfaces, the one the pointer picked: `MapView.space_at`); the
        other tools work on its column."""
        tool, b, doc = self.tool, self.brush, self.editor.doc
        at = m.column_of(space)
        if not first and space in self.stroke_hexes:
            return
        self.stroke_hexes.add(space)
        merge = not first
        command: m.Command | None = None
        if tool == "raise":
            command = m.Raise(at, b.terrain)
        elif tool == "lower":
            command = m.Lower(at)
        elif tool == "paint":
            command = m.Paint(at, b.terrain)
        elif tool == "pick" and first:
            terrain, level = self.editor.sample(at)
            if terrain is not None:
                b.terrain = terrain
                self.host.build_ui()
            self.host.message = f"Eyedropper: {terrain or 'no column'}, level {level}"
        elif tool in ("ruin", "cryptolith") and first:
            footprint = self.obstacle_preview(at)
            off = [a for a in footprint if a not in doc.columns]
            taken = next((o for o in doc.obstacles if set(o.footprint) & set(footprint)), None)
            if off:
                self.host.message = (f"The {tool} would stand off the map at "
                                f"[{off[0][0]}, {off[0][1]}]: move it or turn it (R)")
            elif taken is not None:  # as the Piece tool does: nothing is replaced unasked
                q, r = taken.footprint[0]
                self.host.message = (f"The {tool} would overlap the {taken.kind} at [{q}, {r}]: "
                                     "remove that one first (Clear obst.)")
            else:
                command = m.PlaceObstacle(tool, footprint, b.height)
        elif tool == "unobstacle" and first:
            command = m.RemoveObstacle(at)
        elif tool == "glyph" and first:
            command = m.PlaceGlyph(space, b.glyph, b.side)
        elif tool == "glyph-space" and first:
            command = m.MarkGlyphSpace(space, not any(doc.same(g, space)
                                                      for g in doc.glyph_spaces))
        elif tool == "zone" and at not in doc.columns:
            self.host.message = (f"No space at [{at[0]}, {at[1]}]: a starting zone is "
                                 "painted on the battlefield's spaces")
        elif tool == "zone":
            if not any(z.id == b.zone for z in doc.zones):
                self.host.run_command(self.add_zone_command(b.zone), merge=merge)
                merge = True
            command = m.PaintZone(space, b.zone, self.partner_zone(b.zone))
        elif tool == "power" and first:
            command = m.PaintPower(space, on=not any(doc.same(p.at, space)
                                                      for p in doc.power_spaces))
        elif tool == "erase-marks":
            command = m.Batch((m.RemoveGlyph(space), m.MarkGlyphSpace(space, False),
                               m.EraseZone(space), m.PaintPower(space, on=False)),
                              "Erase marks")
        elif tool == "select-same" and first:
            self.selection = m.select_same(doc, at)
            self.host.message = f"Selected {len(self.selection)} hexes"
        elif tool == "paste" and first:
            if self.editor.paste(at):
                self.host.changed()
            else:
                self.host.message = "Nothing to paste: copy a selection first"
        elif tool in dict(PIECE_TOOLS) and first:
            shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            command, self.host.message = self.pieces.command(doc, tool, at, remove=shift)
        elif tool == "sight" and first:
            self.sight.pick(space)
        elif tool == "centre" and first:
            self.editor.set_symmetry(at)
            self.host.refresh_tools()
            self.host.message = f"Symmetry: every edit is mirrored through [{at[0]}, {at[1]}]"
        if command is not None:
            self.host.run_command(command, merge=merge)

    def add_zone_command(self, zone_id: str) -> m.AddZone:
        colour = ZONE_COLOURS.get(zone_id, (200, 200, 200))
        return m.AddZone(zone_id, zone_id.capitalize(), _colour_hex(colour))

    def partner_zone(self, zone_id: str) -> str | None:
        """With symmetry on, the zone painted at the mirrored hexes: the next zone listed."""
        if self.editor.symmetry is None:
            return None
        ids = [z.id for z in self.editor.doc.zones]
        if len(ids) < 2 or zone_id not in ids:
            return None
        return ids[(ids.index(zone_id) + 1) % len(ids)] if len(ids) == 2 else None

    def new_zone(self) -> None:
        used = {z.id for z in self.editor.doc.zones}
        zone_id = next((z for z in ZONE_ORDER if z not in used), f"zone-{len(used) + 1}")
        self.host.run_command(self.add_zone_command(zone_id))
        self.brush.zone = zone_id
        self.tool = "zone"
        self.host.build_ui()

    def toggle_symmetry(self) -> None:
        if self.editor.symmetry is not None:
            self.editor.set_symmetry(None)
            self.host.message = "Symmetry off"
        else:
            self.editor.set_symmetry(m.centre_hex(self.editor.doc.columns))
            c = self.editor.symmetry
            assert c is not None
            self.host.message = (f"Symmetry on about [{c[0] / 2:g}, {c[1] / 2:g}] "
                            "(the Symmetry centre tool moves it)")
        self.host.refresh_tools()

    def change_height(self, delta: int) -> None:
        """The brush height for Set height, kept within 1..20 levels."""
        self.brush.height = max(1, min(20, self.brush.height + delta))
        self.host.refresh_tools()

    def transform_selection(self, kind: str) -> None:
        """Rotate or mirror the selected hexes (one undoable command); the selection follows."""
        if not self.selection:
            self.host.message = "Select hexes first (Box select or Same terrain)"
            return
        command = m.TransformSelection(frozenset(self.selection), kind)
        fn = command.target(self.editor.doc)
        self.host.run_command(command)
        self.selection = {fn(a) for a in self.selection}

    def turn_shape(self) -> None:
        self.brush.turns = (self.brush.turns + 1) % 6
        self.host.message = f"Obstacle shape turned to {self.brush.turns * 60}\u00b0"

    def undo(self) -> None:
        label = self.editor.undo()
        self.host.message = f"Undid: {label}" if label else "Nothing to undo"
        self.host.changed()

    def redo(self) -> None:
        label = self.editor.redo()
        self.host.message = f"Redid: {label}" if label else "Nothing to redo"
        self.host.changed()

    def copy_selection(self) -> None:
        if not self.selection:
            self.host.message = "Select hexes first (Box select or Same terrain)"
            return
        frag = self.editor.copy_selection(self.selection)
        self.host.message = f"Copied {len(frag.columns)} hexes: choose Paste at and click"

    # --- the marks on the map ----------------------------------------------------------------

    @property
    def preview_height(self) -> int:
        return self.brush.height

    def obstacle_preview(self, at: m.Coord) -> tuple[m.Coord, ...]:
        """The hexes the obstacle tool would cover with the mouse at `at`."""
        kind = "cryptolith" if self.tool == "cryptolith" else "ruin"
        return m.obstacle_footprint(kind, self.brush.shape, at, self.brush.turns)

    def previews(self) -> list[tuple[tuple[m.Coord, ...], bool]]:
        """With an obstacle tool, the footprint under the mouse (and its mirror image with
        symmetry on), each with whether it can be placed there."""
        hover = self.host.hover
        if self.tool not in ("ruin", "cryptolith") or hover is None:
            return []
        footprint = self.obstacle_preview(hover)
        shapes = [footprint]
        if self.editor.symmetry is not None:
            shapes.append(tuple(self.editor.mirror(a) for a in footprint))
        cols = self.editor.doc.columns
        return [(f, all(a in cols for a in f)) for f in shapes]

    def paste_previews(self) -> list[tuple[tuple[m.Coord, ...], bool]]:
        """With Paste, the whole copied shape under the mouse (and its mirror image with
        symmetry on), each with whether it can be pasted there (always: a paste writes over
        what is there)."""
        hover, clip = self.host.hover, self.editor.clipboard
        if self.tool != "paste" or hover is None or clip is None:
            return []
        shape = tuple((q + hover[0], r + hover[1]) for q, r in clip.hexes())
        shapes = [shape]
        if self.editor.symmetry is not None:
            shapes.append(tuple(self.editor.mirror(a) for a in shape))
        return [(s, True) for s in shapes]

    def paste_heights(self) -> list[int]:
        """The height of each copied column, in the order of the copy's hexes."""
        clip = self.editor.clipboard
        return [max(1, len(levels)) for _, levels in clip.columns] if clip else []

    def docked(self) -> int:
        """The width of the piece palette docked beside the map (only with the Piece tool)."""
        return self.pieces.width(self.tool)

    def piece_previews(self) -> list[Preview]:
        """The piece tools' preview under the mouse (`PiecePalette.previews`)."""
        mirror = self.editor.mirror if self.editor.symmetry is not None else None
        return self.pieces.previews(self.editor.doc, self.tool, self.host.hover, mirror,
                                    self.editor.revision)

    def draw_flat(self, surface: pygame.Surface,
                  to_screen: Callable[[float, float], tuple[float, float]], zoom: float) -> None:
        """The piece and sight tools' drawings on the flat plan."""
        self.pieces.draw_flat(surface, to_screen, zoom, self.piece_previews())
        flat_hexes(surface, to_screen, zoom,
                   [(at, OK) for shape, _ in self.paste_previews() for at in shape])
        self.sight.draw(surface, lambda x, y, _z: to_screen(x, y))

    def draw_3d(self, layer: pygame.Surface, proj: Projection) -> None:
        """The piece and sight tools' drawings in the 3D view."""
        self.pieces.draw_3d(layer, proj, self.piece_previews())
        self.draw_paste_3d(layer, proj)
        self.sight.draw(layer, proj.plane_to_screen, proj)

    def draw_paste_3d(self, layer: pygame.Surface, proj: Projection) -> None:
        """The copied shape under the mouse: each column as a see-through block as tall as
        the column that will be pasted there."""
        hover = self.host.hover
        if hover is None:
            return
        heights = self.paste_heights()
        ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        for shape, _ in self.paste_previews():
            for at, height in zip(shape, heights, strict=True):
                ghost_block(ghost, proj, at, 0.0, float(height), OK)
        layer.blit(ghost, (0, 0))
