"""The editor's map tools: raise, lower, paint, the eyedropper, ruins and cryptoliths,
glyphs and glyph spaces, starting zones and power spaces, selection (box, same terrain, copy,
paste, rotate, mirror), symmetry, undo and redo, the brush height and the level slice.

Every edit is one `editor.model` command run through `MapTools.run_command` (one undo step;
mirrored through the symmetry centre when it is on); this module only chooses the command.
"""

from __future__ import annotations

from arena.client.palette import ZONE_COLOURS
from editor import model as m
from editor.appstate import ZONE_ORDER
from editor.panels import Panels


def _colour_hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


class MapTools(Panels):
    """What a click or drag on the map does with the current tool and brush."""

    def run_command(self, command: m.Command, merge: bool = False) -> None:
        if self.editor.execute(command, merge=merge):
            self.changed()

    def changed(self) -> None:
        self.debouncer.changed(self.now)

    def use_tool(self, at: m.Coord, first: bool) -> None:
        """Apply the current tool at a hex (``first``: the press, else a drag over it)."""
        tool, b, doc = self.tool, self.brush, self.editor.doc
        if not first and at in self.stroke_hexes:
            return
        self.stroke_hexes.add(at)
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
                self.build_ui()
            self.message = f"Eyedropper: {terrain or 'no column'}, level {level}"
        elif tool in ("ruin", "cryptolith") and first:
            footprint = self.obstacle_preview(at)
            off = [a for a in footprint if a not in doc.columns]
            if off:
                self.message = (f"The {tool} would stand off the map at "
                                f"[{off[0][0]}, {off[0][1]}]: move it or turn it (R)")
            else:
                command = m.PlaceObstacle(tool, footprint, b.height)
        elif tool == "unobstacle" and first:
            command = m.RemoveObstacle(at)
        elif tool == "glyph" and first:
            command = m.PlaceGlyph(at, b.glyph, b.side)
        elif tool == "glyph-space" and first:
            command = m.MarkGlyphSpace(at, at not in doc.glyph_spaces)
        elif tool == "zone":
            if not any(z.id == b.zone for z in doc.zones):
                self.run_command(self.add_zone_command(b.zone), merge=merge)
                merge = True
            command = m.PaintZone(at, b.zone, self.partner_zone(b.zone))
        elif tool == "power" and first:
            command = m.PaintPower(at, on=doc.power_at(at) is None)
        elif tool == "erase-marks":
            command = m.Batch((m.RemoveGlyph(at), m.MarkGlyphSpace(at, False), m.EraseZone(at),
                               m.PaintPower(at, on=False)), "Erase marks")
        elif tool == "select-same" and first:
            self.selection = m.select_same(doc, at)
            self.message = f"Selected {len(self.selection)} hexes"
        elif tool == "paste" and first:
            if self.editor.paste(at):
                self.changed()
            else:
                self.message = "Nothing to paste: copy a selection first"
        elif tool == "sight" and first:
            self.sight.pick(at)
        elif tool == "centre" and first:
            self.editor.set_symmetry(at)
            self.refresh_tools()
            self.message = f"Symmetry: every edit is mirrored through [{at[0]}, {at[1]}]"
        if command is not None:
            self.run_command(command, merge=merge)

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
        self.run_command(self.add_zone_command(zone_id))
        self.brush.zone = zone_id
        self.tool = "zone"
        self.build_ui()

    def toggle_symmetry(self) -> None:
        if self.editor.symmetry is not None:
            self.editor.set_symmetry(None)
            self.message = "Symmetry off"
        else:
            self.editor.set_symmetry(m.centre_hex(self.editor.doc.columns))
            c = self.editor.symmetry
            assert c is not None
            self.message = (f"Symmetry on about [{c[0] / 2:g}, {c[1] / 2:g}] "
                            "(the Symmetry centre tool moves it)")
        self.refresh_tools()

    def toggle_flat(self) -> None:
        self.flat = not self.flat
        self.refresh_tools()

    def change_height(self, delta: int) -> None:
        """The brush height for Set height, kept within 1..20 levels."""
        self.brush.height = max(1, min(20, self.brush.height + delta))
        self.refresh_tools()

    def transform_selection(self, kind: str) -> None:
        """Rotate or mirror the selected hexes (one undoable command); the selection follows."""
        if not self.selection:
            self.message = "Select hexes first (Box select or Same terrain)"
            return
        command = m.TransformSelection(frozenset(self.selection), kind)
        fn = command.target(self.editor.doc)
        self.run_command(command)
        self.selection = {fn(a) for a in self.selection}

    def turn_shape(self) -> None:
        self.brush.turns = (self.brush.turns + 1) % 6
        self.message = f"Obstacle shape turned to {self.brush.turns * 60}\u00b0"

    def undo(self) -> None:
        label = self.editor.undo()
        self.message = f"Undid: {label}" if label else "Nothing to undo"
        self.changed()

    def redo(self) -> None:
        label = self.editor.redo()
        self.message = f"Redid: {label}" if label else "Nothing to redo"
        self.changed()

    def copy_selection(self) -> None:
        if not self.selection:
            self.message = "Select hexes first (Box select or Same terrain)"
            return
        frag = self.editor.copy_selection(self.selection)
        self.message = f"Copied {len(frag.columns)} hexes: choose Paste at and click"

    def change_slice(self, step: int) -> None:
        top = max((self.editor.doc.top(a) for a in self.editor.doc.columns), default=1)
        level = self.slice_level if self.slice_level is not None else top
        level += step
        self.slice_level = None if level >= top else max(1, level)
        self.message = ("All levels shown" if self.slice_level is None else
                        f"Showing levels 1 to {self.slice_level}")
