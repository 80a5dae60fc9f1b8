"""The battlefield editor's window (console script ``arena-editor``, ``make editor``).

Layout: a file and view bar along the top, the tool palette on the left, the map in the
middle (the game's own isometric renderer: rotate, zoom, pan, level slicing; or a flat
top-down plan), the validation panel on the right (problems, summary, a core-box component
count) and a status line at the bottom.

Mouse: left button uses the tool (drag to paint), right button drags the view, the wheel
zooms. Keys: Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Ctrl+C / Ctrl+V copy and paste the
selection, Q / E rotate the view, Tab flat/3D, PageUp / PageDown level slice, 1-4 brush
terrain (land, water, road, weirded), R turns the obstacle shape; Esc, Ctrl+Q, Quit or the
window's close button quit, asking Save / Discard / Cancel when work is unsaved. Letter keys
are not shortcuts while a text field has the keyboard. ``arena-editor PATH`` opens a
battlefield or scenario file, or starts a new battlefield that Save writes to PATH.

All of the editing is `editor.model` (headless); this module only turns input into commands
and draws. Opening, saving, the recovery copies of unsaved work and the question asked before
unsaved work is replaced (New, Open, Quit) are `editor.document`.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from arena.client.palette import HIGHLIGHTS, TERRAIN, ZONE_COLOURS
from arena.client.projection import Camera, Projection
from arena.client.render import BattlefieldRenderer, Marker, Picture
from arena.content.catalog import project_root
from arena.content.errors import ContentError
from arena.content.locations import user_copy
from arena.content.scenario import Scenario
from arena.hexgrid import Hex, hex_to_point, point_to_hex
from editor import dialogs, filedialog, prompts, recent, testplay
from editor import model as m
from editor.balance_window import BalancePanel
from editor.builder import Builder, shipped_catalog
from editor.builder_window import BuilderWindow
from editor.buildsheet import save_png, save_sheet
from editor.card_form import CardForm
from editor.card_window import CardWindow
from editor.document import DocumentController
from editor.playgame import WatchedGame
from editor.scenario_form import CHOICES, LABELS, ScenarioForm, save_scenario
from editor.scene import field_setup
from editor.teststatus import EditorStatus
from editor.validation import Debouncer, Finding, Report, validate
from editor.zone_window import ZoneWindow

WINDOW_SIZE = (1280, 720)
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
}
ZONE_ORDER = ("yellow", "blue", "red", "green", "orange", "purple", "white", "black")
PROBLEM = (255, 84, 72)
CHECKING = "Checking the map…"
"""The status while an edit waits for the debounced check: the verdict shown is of the map as
it was before the edit."""
PREVIEW_OK = (120, 230, 150)
SELECT = (92, 206, 255)

THEME = {
    "defaults": {
        "colours": {
            "normal_bg": "#2a2f42", "hovered_bg": "#39405a", "selected_bg": "#2f7f78",
            "active_bg": "#2f7f78", "dark_bg": "#1a1d2a", "normal_text": "#e6e2d3",
            "selected_text": "#ffffff", "normal_border": "#474f6b", "text_cursor": "#e6e2d3",
        },
    },
}


def quit_button_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the Quit button is (the top bar's right end)."""
    return pygame.Rect(size[0] - 70, 6, 64, TOP - 12)


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


def _toggle(button: UIButton, on: bool) -> None:
    """Show a palette button pressed in (the current tool) or not."""
    if on:
        button.select()  # type: ignore[no-untyped-call]
    else:
        button.unselect()  # type: ignore[no-untyped-call]


def _hex_colour(text: str) -> tuple[int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def _colour_hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


class EditorApp:
    """The editor window's state, input and drawing (the loop is in `run`)."""

    def __init__(self, path: Path | None = None, size: tuple[int, int] = WINDOW_SIZE,
                 recover: bool = True) -> None:
        self.size = size
        self.ui = pygame_gui.UIManager(size, THEME)
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": 14, "style": "bold",
                                "antialiased": "1"}])
        self.running = True
        self.brush = Brush()
        self.tool = "raise"
        self.flat = False
        self.slice_level: int | None = None
        self.selection: set[m.Coord] = set()
        self.drag_start: m.Coord | None = None
        self.stroke = False
        self.stroke_hexes: set[m.Coord] = set()
        self.panning: tuple[int, int] | None = None
        self.hover: m.Coord | None = None
        self.focus: tuple[m.Coord, ...] = ()
        self.message = ""
        self.quit_pressed = False
        self.debouncer = Debouncer()
        self.report = Report()
        self.findings: list[Finding] = []
        self.detail_finding: Finding | None = None
        """The problem the detail pane shows (None: none)."""
        self.dialog: UIFileDialog | None = None
        self.dialog_kind = ""
        self.now = 0.0
        self.docs = DocumentController(self)
        self.renderer: BattlefieldRenderer | None = None
        self.picture: Picture | None = None
        self.rendered_revision = -1
        self.cam = Camera()
        self.scenario_form: ScenarioForm | None = None
        self.scenario_path: Path | None = None
        self.scenario_window: UIWindow | None = None
        self.scenario_fields: dict[str, UITextEntryLine | UIDropDownMenu] = {}
        self.scenario_problems: UITextBox | None = None
        self.builder: Builder | None = None
        self.builder_window: BuilderWindow | None = None
        self.card_window: CardWindow | None = None
        self.launcher: Callable[[Path], WatchedGame | None] = testplay.launch
        self.battle_launcher: Callable[[Path, str, str, str], WatchedGame | None] = \
            testplay.launch_battle
        self.games: list[WatchedGame] = []
        """The games started from here, watched until they stop (`watch_games`)."""
        self.play_folders = testplay.PlayFolders()
        self.export_choice: prompts.Choice | None = None
        self.open_choice: prompts.Choice | None = None
        """Open's list of recent files, while it is shown."""
        self.recent_files: list[Path] = []
        self.zone_window: ZoneWindow | None = None
        self.balance = BalancePanel(self)
        self.docs.start(path)
        self.build_ui()
        if recover:
            self.docs.offer_recovery()

    @property
    def editor(self) -> m.Editor:
        """The battlefield being edited (opening, saving, recovery: `self.docs`)."""
        return self.docs.editor

    # --- layout ---------------------------------------------------------------------------

    @property
    def viewport(self) -> tuple[float, float, float, float]:
        w, h = self.size
        return (float(LEFT), float(TOP), float(w - LEFT - RIGHT), float(h - TOP - BOTTOM))

    @property
    def view_rect(self) -> pygame.Rect:
        x, y, w, h = self.viewport
        return pygame.Rect(int(x), int(y), int(w), int(h))

    def build_ui(self) -> None:
        self.ui.clear_and_reset()  # type: ignore[no-untyped-call]
        ui = self.ui
        self.buttons: dict[str, UIButton] = {}
        x = 8
        for key, text, width in (
            ("new", "New", 52), ("open", "Open", 56), ("save", "Save", 52),
            ("save-as", "Save as", 70), ("export", "Export", 62),
            ("test-play", "Test play", 76), ("undo", "Undo", 56), ("redo", "Redo", 56),
            ("rot-left", "Turn L", 60), ("rot-right", "Turn R", 60), ("flat", "Flat", 70),
            ("slice-down", "Slice-", 54), ("slice-up", "Slice+", 54),
            ("symmetry", "Symmetry", 84), ("fit", "Fit", 44),
            ("scenario", "Scenario", 80), ("armies", "Armies", 64), ("cards", "Cards", 56),
        ):
            if key == "undo" or key == "rot-left":
                x += 10
            self.buttons[key] = UIButton(pygame.Rect(x, 6, width, TOP - 12), text, ui)
            x += width + 4
        self.buttons["quit"] = UIButton(quit_button_rect(self.size), "Quit", ui)

        self.tool_buttons: dict[str, UIButton] = {}
        y = TOP + 4
        for i, (key, text) in enumerate(TOOLS):
            col, row = i % 2, i // 2
            rect = pygame.Rect(6 + col * 97, y + row * 30, 95, 28)
            self.tool_buttons[key] = UIButton(rect, text, ui, tool_tip_text=HINTS[key])
        y += (len(TOOLS) + 1) // 2 * 30 + 8
        UILabel(pygame.Rect(6, y, 60, 26), "Terrain", ui)
        self.terrain_menu = UIDropDownMenu(list(m.TERRAINS), self.brush.terrain,
                                           pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Glyph", ui)
        self.glyph_menu = UIDropDownMenu(list(m.GLYPHS), self.brush.glyph,
                                         pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Side up", ui)
        self.side_menu = UIDropDownMenu(["ability", "planeswalker"], self.brush.side,
                                        pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Shape", ui)
        self.shape_menu = UIDropDownMenu(list(m.OBSTACLE_SHAPES), self.brush.shape,
                                         pygame.Rect(70, y, 80, 26), ui)
        self.buttons["turn-shape"] = UIButton(
            pygame.Rect(152, y, 42, 26), "Turn", ui,
            tool_tip_text="turn the obstacle shape by 60\u00b0 (R)")
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Height", ui)
        self.buttons["height-down"] = UIButton(pygame.Rect(70, y, 30, 26), "-", ui)
        self.height_label = UILabel(pygame.Rect(100, y, 64, 26), str(self.brush.height), ui)
        self.buttons["height-up"] = UIButton(pygame.Rect(164, y, 30, 26), "+", ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Zone", ui)
        self.zone_menu = UIDropDownMenu(self.zone_options(), self.brush.zone,
                                        pygame.Rect(70, y, 124, 26), ui)
        y += 30
        self.buttons["new-zone"] = UIButton(pygame.Rect(6, y, 92, 26), "New zone", ui,
                                            tool_tip_text="add a starting zone and paint it")
        self.buttons["edit-zone"] = UIButton(pygame.Rect(102, y, 92, 26), "Edit zone", ui,
                                             tool_tip_text="rename, recolour or delete the "
                                                           "chosen starting zone")
        y += 34
        UILabel(pygame.Rect(6, y, 188, 22), "Selection", ui)
        y += 24
        for i, (key, text) in enumerate((("copy", "Copy"), ("rotate-sel", "Rotate 60\u00b0"),
                                         ("mirror-sel", "Mirror"), ("clear-sel", "Deselect"))):
            rect = pygame.Rect(6 + (i % 2) * 97, y + (i // 2) * 30, 95, 28)
            self.buttons[key] = UIButton(rect, text, ui)
        self.buttons["balance"] = UIButton(pygame.Rect(6, y + 66, 188, 28), "Check balance",
                                           ui, tool_tip_text="is the map fair? AI games")

        w, h = self.size
        rx = w - RIGHT + 6
        self.problems_label = UILabel(pygame.Rect(rx, TOP + 2, RIGHT - 12, 24), "Problems", ui)
        list_h = max(80, (h - TOP - BOTTOM) * 2 // 5 - 30)
        self.problem_list = UISelectionList(pygame.Rect(rx, TOP + 28, RIGHT - 12, list_h),
                                            [], ui)
        self.detail = UITextBox("", pygame.Rect(rx, TOP + 32 + list_h, RIGHT - 12, 96), ui)
        top = TOP + 134 + list_h
        self.summary_box = UITextBox("", pygame.Rect(rx, top, RIGHT - 12, h - BOTTOM - top - 4),
                                     ui)
        self.refresh_tools()
        self.refresh_report()

    def zone_options(self) -> list[str | tuple[str, str]]:
        ids: list[str | tuple[str, str]] = [z.id for z in self.editor.doc.zones]
        if self.brush.zone not in ids:
            ids.append(self.brush.zone)
        return ids

    def refresh_tools(self) -> None:
        for key, button in self.tool_buttons.items():
            _toggle(button, key == self.tool)
        self.buttons["flat"].set_text("3D view" if self.flat else "Flat")
        sym = self.editor.symmetry
        _toggle(self.buttons["symmetry"], sym is not None)
        self.height_label.set_text(str(self.brush.height))

    # --- documents ------------------------------------------------------------------------

    def show_document(self) -> None:
        """Show the battlefield `self.docs` has just made current: a fresh view and panels,
        and a zone brush of this map (not one left from the map before)."""
        doc = self.editor.doc
        self.selection.clear()
        self.focus = ()
        self.rendered_revision = -1
        self.brush.zone = doc.zones[0].id if doc.zones else ZONE_ORDER[0]
        self.report = validate(doc)
        self.rebuild_view(fit=True)
        if hasattr(self, "problem_list"):
            self.build_ui()

    def export_png(self, path: Path) -> None:
        image = pygame.Surface(self.view_rect.size)
        self.draw_map(image, pygame.Rect((0, 0), self.view_rect.size))
        try:
            save_png(image, path)
        except (OSError, pygame.error) as exc:
            self.docs.dialogs.error(dialogs.from_exception("Picture not written", path, exc))
            return
        self.message = f"Exported {path}"

    def test_play(self) -> None:
        """Start the game straight into a battle on this battlefield, the player against the
        normal computer player with premade armies (a temporary content root; see
        `editor.testplay`). The scenario "Test play: <name>" stays under New game."""
        try:
            content, _scenario = testplay.prepare(self.editor.doc, self.scenario_form)
        except testplay.PlayError as exc:
            self.message = f"Test play: {exc}"
            return
        try:
            self.watch(self.launcher(content), content)
        except OSError as exc:
            testplay.remove(content)
            self.message = f"Test play: could not start the game: {exc.strerror or exc}"
            return
        self.message = ("Test play: the game starts on this battlefield, you against the "
                        "computer (normal); for more games: New game, "
                        f"'Test play: {self.editor.doc.name}'")

    # --- view -----------------------------------------------------------------------------

    def rebuild_view(self, fit: bool = False) -> None:
        setup = field_setup(self.editor.doc)
        colours = {z.id: _hex_colour(z.colour) for z in self.editor.doc.zones}
        self.renderer = BattlefieldRenderer(setup, colours)
        self.picture = Picture(setup.board, {g.at: (g.kind, True) for g in setup.glyphs})
        self.rendered_revision = self.editor.revision
        if fit:
            cam = Camera(self.renderer.pivot, self.viewport, rotation=self.cam.rotation)
            self.renderer.fit(cam, self.viewport)
            self.cam = cam

    def projection(self) -> Projection:
        return self.cam.projection()

    def flat_to_screen(self, x: float, y: float) -> tuple[float, float]:
        cx, cy = self.cam.center
        z = self.cam.zoom * 0.62
        return (cx + self.cam.pan[0] + (x - self.cam.pivot[0]) * z,
                cy + self.cam.pan[1] + (y - self.cam.pivot[1]) * z)

    def hex_at(self, pos: tuple[int, int]) -> m.Coord:
        """The hex under a screen point: the column seen there, else the ground plane."""
        if self.flat:
            cx, cy = self.cam.center
            z = self.cam.zoom * 0.62
            x = (pos[0] - cx - self.cam.pan[0]) / z + self.cam.pivot[0]
            y = (pos[1] - cy - self.cam.pan[1]) / z + self.cam.pivot[1]
            h = point_to_hex(x, y)
            return (h.q, h.r)
        proj = self.projection()
        assert self.renderer is not None and self.picture is not None
        heights = self.renderer.pick_heights(self.picture, self.slice_level)
        found = proj.hex_under(pos, heights)
        if found is None:
            found = proj.hex_at(pos, 0.0)
        return (found.q, found.r)

    def centre_on(self, hexes: Sequence[m.Coord]) -> None:
        if not hexes:
            return
        x = sum(hex_to_point(Hex(*h))[0] for h in hexes) / len(hexes)
        y = sum(hex_to_point(Hex(*h))[1] for h in hexes) / len(hexes)
        cx, cy = self.cam.center
        if self.flat:
            sx, sy = self.flat_to_screen(x, y)
        else:
            level = max(self.editor.doc.top(h) for h in hexes)
            sx, sy = self.projection().plane_to_screen(x, y, float(level))
        self.cam.pan_by(cx - sx, cy - sy)
        self.focus = tuple(hexes)

    # --- validation -----------------------------------------------------------------------

    def refresh_report(self) -> None:
        report = self.report
        self.findings = list(report.findings)
        items: list[str | tuple[str, str]] = [
            f"{i + 1}. {f.line()}" for i, f in enumerate(self.findings)]
        self.problem_list.set_item_list(items)
        # The game's verdict (`editor.verdict`), never a "ready" of the editor's own.
        self.problems_label.set_text(report.headline())
        # The detail pane follows the problem shown: gone once it is fixed.
        if self.detail_finding not in self.findings:
            self.detail_finding = None
            self.detail.set_text("")
        lines = report.play_lines()
        if report.summary is not None:
            lines += report.summary.lines()
        if report.components is not None:
            lines += ["<b>Components (one core box)</b>", *report.components.lines()]
        doc = self.editor.doc
        head = f"<b>{doc.name}</b> ({doc.id})"
        self.summary_box.set_text("<br>".join([head, *lines]))

    def select_finding(self, index: int) -> None:
        if not 0 <= index < len(self.findings):
            return
        finding = self.findings[index]
        self.detail_finding = finding
        self.detail.set_text(finding.text())
        # Centre on the hex the message is about (the first named); mark all it names.
        self.centre_on(finding.hexes[:1])
        self.focus = finding.hexes

    # --- editing --------------------------------------------------------------------------

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

    # --- events ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            self.docs.request_quit()
            return
        if event.type == pygame.VIDEORESIZE or event.type == pygame.WINDOWSIZECHANGED:
            size = (getattr(event, "w", getattr(event, "x", 0)),
                    getattr(event, "h", getattr(event, "y", 0)))
            if size[0] > 200 and size[1] > 200 and size != self.size:
                self.size = size
                self.ui.set_window_resolution(size)
                self.cam.viewport = self.viewport
                self.build_ui()
            return
        consumed = self.ui.process_events(event)
        if self.docs.handle(event) or self.handle_popups(event) or \
                self.balance.handle(event) or filedialog.confirm(self.dialog, event):
            return
        if self.card_window is not None and self.card_window.alive():
            said = self.card_window.handle(event)
            if said is not None:
                self.message = said
                return
        if self.builder_window is not None and self.builder_window.alive():
            action = self.builder_window.handle(event)
            if action == "play":
                self.play_with_army()
                return
            if action is not None:
                self.open_dialog(action)
                return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_menu(event.ui_element, event.text)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            if event.ui_element is self.problem_list:
                self.select_finding(int(event.text.split(".", 1)[0]) - 1)
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.on_path(Path(event.text))
            return
        if event.type == pygame.KEYDOWN and not consumed:
            if self.modal_open():  # a modal window owns the keys: none reach the map
                if event.key == pygame.K_ESCAPE:
                    dialogs.close_top(self.ui, self.closable_windows())
                return
            self.on_key(event)
            return
        if consumed or self.modal_open():
            return
        self.on_mouse(event)

    def modal_open(self) -> bool:
        """Whether a modal window is open: a question, a failure, a file dialog, a menu,
        the army builder or the card form. It owns the input: no click, wheel or key reaches
        the map."""
        return self.dialog_open() or any(
            w is not None and w.alive() for w in (self.export_choice, self.open_choice,
                                                  self.builder_window, self.card_window))

    def closable_windows(self) -> list[UIWindow]:
        """The windows Esc closes (as their Cancel or close button would): the file dialog,
        the questions, menus and failure windows, and the builder (its army and deck stay,
        and quitting asks about them); never the card form, whose edits would go."""
        found: list[UIWindow] = list(self.docs.dialogs.open_windows())
        if self.builder_window is not None and self.builder_window.alive():
            found.append(self.builder_window.window)
        for choice in (self.export_choice, self.open_choice, self.docs.prompt,
                       self.docs.dialogs.question):
            if choice is not None and choice.alive():
                found.append(choice.window)
        if self.dialog is not None:
            found.append(self.dialog)
        return found

    def dialog_open(self) -> bool:
        if self.docs.dialog_open():
            return True
        return self.dialog is not None and bool(self.dialog.alive())  # type: ignore[no-untyped-call]

    def text_focused(self) -> bool:
        """Whether a text field has the keyboard (its letters are not shortcuts then)."""
        focus = self.ui.get_focus_set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, UITextEntryLine) for e in focus or ())

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        key = event.key
        if key == pygame.K_ESCAPE or (ctrl and key == pygame.K_q):
            self.docs.request_quit()
        elif self.text_focused():
            return
        elif key == pygame.K_r and not ctrl:
            self.turn_shape()
        elif ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_s:
            self.on_button(self.buttons["save"])
        elif ctrl and key == pygame.K_c:
            self.copy_selection()
        elif ctrl and key == pygame.K_v:
            self.tool = "paste"
            self.refresh_tools()
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4) and not ctrl:
            self.brush.terrain = m.TERRAINS[key - pygame.K_1]
            self.message = f"Brush terrain: {self.brush.terrain}"
            self.build_ui()
        elif key == pygame.K_q:
            self.cam.rotate(1)
        elif key == pygame.K_e:
            self.cam.rotate(-1)
        elif key == pygame.K_TAB:
            self.flat = not self.flat
            self.refresh_tools()
        elif key == pygame.K_PAGEUP:
            self.change_slice(1)
        elif key == pygame.K_PAGEDOWN:
            self.change_slice(-1)

    def on_mouse(self, event: pygame.event.Event) -> None:
        inside = event.type != pygame.MOUSEMOTION or self.view_rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.view_rect.collidepoint(pos) and \
                    not dialogs.window_at(self.ui, pos):  # a window's wheel is its own
                self.cam.zoom_by(1.15 ** event.y, pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and self.view_rect.collidepoint(event.pos):
            if event.button == 1:
                at = self.hex_at(event.pos)
                self.stroke, self.stroke_hexes = True, set()
                if self.tool == "select":
                    self.drag_start = at
                    self.selection = {at} & set(self.editor.doc.columns)
                else:
                    self.use_tool(at, first=True)
            elif event.button in (2, 3):
                self.panning = event.pos
            elif event.button in (4, 5):
                self.cam.zoom_by(1.15 if event.button == 4 else 1 / 1.15, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                self.stroke = False
                if self.drag_start is not None:
                    self.message = f"Selected {len(self.selection)} hexes"
                self.drag_start = None
            elif event.button in (2, 3):
                self.panning = None
        elif event.type == pygame.MOUSEMOTION:
            if self.panning is not None:
                self.cam.pan_by(event.pos[0] - self.panning[0], event.pos[1] - self.panning[1])
                self.panning = event.pos
                return
            self.hover = self.hex_at(event.pos) if inside else None
            if self.stroke and self.hover is not None:
                if self.drag_start is not None:
                    self.selection = m.select_box(self.editor.doc, self.drag_start, self.hover)
                elif self.tool in ("raise", "lower", "paint", "zone", "erase-marks"):
                    self.use_tool(self.hover, first=False)

    def on_button(self, element: object) -> None:
        for key, button in self.tool_buttons.items():
            if element is button:
                self.tool = key
                self.message = HINTS[key]
                self.refresh_tools()
                return
        key = next((k for k, b in self.buttons.items() if b is element), "")
        action = self.button_actions().get(key)
        if action is not None:
            action()

    def button_actions(self) -> dict[str, Callable[[], object]]:
        """What each top-bar and side-panel button does, by its key in ``self.buttons``."""
        return {
            "quit": self.press_quit,
            "turn-shape": self.turn_shape,
            "edit-zone": self.open_zone_window,
            "new": self.docs.request_new,
            "export": self.open_export_menu,
            "open": self.open_menu,
            "save-as": lambda: self.open_dialog("save-as"),
            "save": self.docs.save_or_ask,
            "cards": lambda: self.open_dialog("open-card"),
            "armies": self.open_builder,
            "scenario": self.open_scenario_window,
            "scenario-apply": self.apply_scenario,
            "scenario-save": self.save_scenario,
            "test-play": self.test_play,
            "balance": self.balance.open,
            "undo": self.undo,
            "redo": self.redo,
            "rot-left": lambda: self.cam.rotate(1),
            "rot-right": lambda: self.cam.rotate(-1),
            "flat": self.toggle_flat,
            "slice-down": lambda: self.change_slice(-1),
            "slice-up": lambda: self.change_slice(1),
            "symmetry": self.toggle_symmetry,
            "fit": lambda: self.rebuild_view(fit=True),
            "height-down": lambda: self.change_height(-1),
            "height-up": lambda: self.change_height(1),
            "new-zone": self.new_zone,
            "copy": self.copy_selection,
            "rotate-sel": lambda: self.transform_selection("rotate"),
            "mirror-sel": lambda: self.transform_selection("mirror"),
            "clear-sel": self.selection.clear,
        }

    def press_quit(self) -> None:
        self.quit_pressed = True
        self.docs.request_quit()

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

    def on_menu(self, element: object, text: str) -> None:
        if element in self.scenario_fields.values():
            return
        if element is self.terrain_menu:
            self.brush.terrain = text
        elif element is self.glyph_menu:
            self.brush.glyph = text
            self.tool = "glyph"
            self.refresh_tools()
        elif element is self.side_menu:
            self.brush.side = text
        elif element is self.zone_menu:
            self.brush.zone = text
            self.tool = "zone"
            self.refresh_tools()
        elif element is self.shape_menu:
            self.brush.shape = text
            self.tool = "ruin"
            self.message = f"Ruin shape: {text} (R turns it 60\u00b0)"
            self.refresh_tools()

    def open_builder(self) -> None:
        if self.builder_window is not None and self.builder_window.alive():
            return
        if self.builder is None:
            catalog = shipped_catalog()
            self.builder = Builder(catalog.army_cards, catalog.spells,
                                   reserved_armies=frozenset(catalog.armies),
                                   reserved_decks=frozenset(catalog.decks))
        self.builder_window = BuilderWindow(self.ui, self.builder, self.size)

    def open_card(self, path: Path) -> None:
        try:
            form = CardForm.open(path)
        except (ContentError, OSError) as exc:
            self.docs.dialogs.error(dialogs.from_exception("Could not open", path, exc))
            return
        if self.card_window is not None and self.card_window.alive():
            self.card_window.window.kill()  # type: ignore[no-untyped-call]
        window = CardWindow(self.ui, form, self.size)
        self.card_window = window
        # Its close button asks first, like every other way of ending unsaved work.
        window.window.on_close_window_button_pressed = (  # type: ignore[method-assign]
            lambda: self.docs.guard(f"closing {path.name}", window.window.kill, ("card",)))
        self.message = f"Editing card {path}"

    def open_dialog(self, kind: str) -> None:
        w, h = self.size
        builder = self.builder
        folder = filedialog.start_folder(kind, self.editor.path) \
            if kind in filedialog.MAP_KINDS else project_root() / "cards" / "army"
        if kind == "open-card":
            folder = project_root() / "cards" / "army"
        elif kind.endswith(("army", "deck")) and builder is not None:
            # The player's own folder (the game lists it); to load, the shipped premade
            # lists until the player has saved some.
            army = kind.endswith("army")
            own = (builder.default_army_path() if army else builder.default_deck_path()).parent
            shipped = project_root() / "cards" / ("armies" if army else "decks")
            folder = own if kind.startswith("save") or own.is_dir() else shipped
        name = {"open": "", "save-as": f"{self.editor.doc.id}.yaml",
                "export": f"{self.editor.doc.id}.png",
                "export-sheet-png": f"{self.editor.doc.id}-build-sheet.png",
                "export-sheet-pdf": f"{self.editor.doc.id}-build-sheet.pdf",
                "load-army": "", "load-deck": "",
                "save-army": f"{builder.army_id if builder else 'army'}.yaml",
                "save-deck": f"{builder.deck_id if builder else 'deck'}.yaml",
                "open-card": ""}[kind]
        title = {"open": "Open battlefield or scenario", "save-as": "Save battlefield as",
                 "export": "Export picture (PNG)",
                 "export-sheet-png": "Export build sheet (PNG)",
                 "export-sheet-pdf": "Export build sheet (PDF)", "load-army": "Load army",
                 "load-deck": "Load deck", "save-army": "Save army as",
                 "save-deck": "Save deck as", "open-card": "Open a card (army or spell)"}[kind]
        if kind.startswith("save"):
            # Never into the shipped folders: an edit of a shipped file is the player's copy.
            folder = user_copy(folder)
            if folder.name in ("armies", "decks", "battlefields"):
                folder.mkdir(parents=True, exist_ok=True)  # the file dialog needs it to exist
        self.docs.after_save = None  # a Save as chosen here is not the one a question asked
        self.dialog_kind = kind
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - 260, h // 2 - 200, 520, 400), self.ui,
                                   window_title=title, initial_file_path=str(folder / name),
                                   allow_existing_files_only=kind.startswith(("open", "load")))

    def on_path(self, path: Path) -> None:
        kind, self.dialog_kind = self.dialog_kind, ""
        if kind == "open":
            self.docs.request_open(path)
        elif kind == "save-as":
            self.docs.save_as(path if path.suffix else path.with_suffix(".yaml"))
        elif kind == "open-card":
            self.docs.guard(f"opening {path.name}", lambda: self.open_card(path), ("card",))
        elif kind == "export":
            self.export_png(path if path.suffix else path.with_suffix(".png"))
        elif kind in ("export-sheet-png", "export-sheet-pdf"):
            suffix = ".pdf" if kind.endswith("pdf") else ".png"
            self.export_sheet(path if path.suffix.lower() == suffix else
                              path.with_suffix(suffix))
        elif kind in ("load-army", "load-deck", "save-army", "save-deck") and \
                self.builder_window is not None:
            target = path if path.suffix or kind.startswith("load") else \
                path.with_suffix(".yaml")
            if kind.startswith("load"):  # the army or deck in the builder is replaced
                self.docs.guard(f"loading {target.name}",
                                lambda: self.builder_action(kind, target), (kind[5:],))
            else:
                self.builder_action(kind, target)

    def builder_action(self, kind: str, path: Path) -> None:
        """Load or save the builder's army or deck (`BuilderWindow.run_file_action`); a
        save the game will refuse asks Save anyway first, a failure is shown in a dialog."""
        window = self.builder_window
        if window is None:
            return

        def go() -> None:
            try:
                self.message = window.run_file_action(kind, path)
            except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
                doing = {"save-army": "Army not saved", "save-deck": "Deck not saved",
                         "load-army": "Could not load the army",
                         "load-deck": "Could not load the deck"}[kind]
                self.docs.dialogs.error(dialogs.from_exception(doing, path, exc))
        if kind.startswith("save"):
            self.docs.dialogs.confirm_save(self.docs.refusals((kind[5:],)), go)
        else:
            go()

    # --- obstacles --------------------------------------------------------------------------

    def obstacle_preview(self, at: m.Coord) -> tuple[m.Coord, ...]:
        """The hexes the obstacle tool would cover with the mouse at `at`."""
        kind = "cryptolith" if self.tool == "cryptolith" else "ruin"
        return m.obstacle_footprint(kind, self.brush.shape, at, self.brush.turns)

    def turn_shape(self) -> None:
        self.brush.turns = (self.brush.turns + 1) % 6
        self.message = f"Obstacle shape turned to {self.brush.turns * 60}\u00b0"

    # --- popups: export, starting zones ------------------------------------------------------

    def handle_popups(self, event: pygame.event.Event) -> bool:
        """Give an event to the open choice windows; True when one used it."""
        if self.open_choice is not None:
            key = self.open_choice.handle(event)
            if key is not None:
                self.open_choice = None
                if key == "browse":
                    self.open_dialog("open")
                elif key.startswith("recent-"):
                    self.docs.request_open(self.recent_files[int(key[7:])])
                return True
        if self.export_choice is not None:
            key = self.export_choice.handle(event)
            if key is not None:
                self.export_choice = None
                if key != "cancel":
                    self.open_dialog(key)
                return True
        if self.zone_window is not None and self.zone_window.alive():
            action = self.zone_window.handle(event)
            if action == "apply":
                self.apply_zone()
            elif action == "delete":
                self.delete_zone()
            return action is not None
        return False

    def open_menu(self) -> None:
        """Open: the recent files to pick from (missing ones dropped, with a notice), or
        the file dialog straight away when there are none."""
        self.recent_files, dropped = recent.existing()
        notice = filedialog.dropped_notice(dropped)
        if notice:
            self.message = notice
        if not self.recent_files:
            self.open_dialog("open")
            return
        if self.open_choice is None or not self.open_choice.alive():
            self.open_choice = filedialog.recent_menu(self.ui, self.size, self.recent_files,
                                                      notice)

    def open_export_menu(self) -> None:
        if self.export_choice is None or not self.export_choice.alive():
            self.export_choice = prompts.export_menu(self.ui, self.size)

    def export_sheet(self, path: Path) -> bool:
        """Write the level-by-level build sheet (PNG or PDF by the suffix)."""
        try:
            saved = save_sheet(self.editor.doc, path)
        except (ValueError, OSError, pygame.error) as exc:
            self.docs.dialogs.error(dialogs.from_exception(
                "Build sheet not written", path, exc, "raise land on the map first"))
            return False
        pages = f", {saved.pages} pages" if saved.pages > 1 else ""
        self.message = f"Build sheet ({len(saved.levels)} levels{pages}): {path}"
        return True

    def open_zone_window(self) -> None:
        zone = next((z for z in self.editor.doc.zones if z.id == self.brush.zone), None)
        if zone is None:
            self.message = "No such starting zone yet: add one with New zone, or paint it"
            return
        if self.zone_window is not None and self.zone_window.alive():
            self.zone_window.kill()
        self.zone_window = ZoneWindow(self.ui, zone, self.size,
                                      {z.id for z in self.editor.doc.zones})

    def apply_zone(self) -> None:
        win = self.zone_window
        if win is None:
            return
        values = win.read()
        if isinstance(values, str):
            self.message = values
            win.note.set_text(values[:60])
            return
        zone_id, name, colour, capacity = values
        self.run_command(m.EditZone(win.zone_id, name=name, colour=colour, capacity=capacity,
                                    new_id=zone_id))
        self.rendered_revision = -1  # zone colours are baked into the renderer
        self.message = f"Starting zone {zone_id}: {name}, {colour} (Ctrl+Z undoes it)"
        if zone_id != win.zone_id:  # the zone menu lists ids: rebuilt, the window reopened
            if self.brush.zone == win.zone_id:
                self.brush.zone = zone_id
            self.build_ui()
            self.open_zone_window()
            win = self.zone_window
        if win is not None:
            win.note.set_text("Applied (Ctrl+Z undoes it)")

    def delete_zone(self) -> None:
        win = self.zone_window
        if win is None:
            return
        self.run_command(m.RemoveZone(win.zone_id))
        self.message = f"Deleted starting zone {win.zone_id} (Ctrl+Z brings it back)"
        win.kill()
        self.zone_window = None
        self.build_ui()

    # --- playing with a built army ----------------------------------------------------------

    def play_with_army(self) -> None:
        """Save the builder's army and deck into the player's folders and start the game
        (on this battlefield as "Test play" when it is playable) to play them."""
        b = self.builder
        if b is None:
            return
        army, deck = b.army_totals()[0], b.deck_totals()[0]
        problems = [f"army: {army[0].message}"] if army else []
        problems += [f"deck: {deck[0].message}"] if deck else []
        problems += b.id_problems()
        if problems:
            self.message = f"Play: not yet, {problems[0]}"
            return
        try:
            army_path, deck_path = b.save_army(), b.save_deck()
        except Exception as exc:  # noqa: BLE001 - shown to the user, never fatal
            self.docs.dialogs.error(dialogs.from_exception(
                "Play: the army or deck could not be saved", b.default_army_path(), exc))
            return
        try:
            content, scenario = testplay.prepare(self.editor.doc, self.scenario_form)
            field = f"this battlefield ('Test play: {self.editor.doc.name}')"
            own: Path | None = content
        except testplay.PlayError as exc:
            content, scenario = testplay.shipped_root(), testplay.DEFAULT_SCENARIO
            field = f"The Duel (this battlefield cannot be played yet: {exc})"
            own = None  # the shipped content: never removed
        try:
            self.watch(self.battle_launcher(content, scenario, b.army_id, b.deck_id), own)
        except OSError as exc:
            if own is not None:
                testplay.remove(own)
            self.message = f"Play: could not start the game: {exc.strerror or exc}"
            return
        self.message = (f"Saved {army_path.name} and {deck_path.name}; the game starts: "
                        f"'{b.army_name}' with '{b.deck_name}' on {field}")

    # --- scenario settings ----------------------------------------------------------------

    def form(self) -> ScenarioForm:
        if self.scenario_form is None:
            self.scenario_form = ScenarioForm.for_zones(
                self.editor.doc.id, [z.id for z in self.editor.doc.zones])
        return self.scenario_form

    def open_scenario_window(self) -> None:
        if self.scenario_window is not None and self.scenario_window.alive():  # type: ignore[no-untyped-call]
            return
        form = self.form()
        w, h = self.size
        rect = pygame.Rect(w // 2 - 300, 44, 600, min(h - 50, 676))
        window = UIWindow(rect, self.ui, window_display_title="Scenario settings")
        self.scenario_window = window
        self.scenario_fields = {}
        y = 6
        self.map_fields: dict[str, UITextEntryLine] = {}
        for key, label in (("name", "Battlefield name"), ("description", "Battlefield text")):
            UILabel(pygame.Rect(8, y, 200, 26), label, self.ui, container=window)
            entry = UITextEntryLine(pygame.Rect(212, y, 360, 26), self.ui, container=window)
            entry.set_text(getattr(self.editor.doc, key))
            self.map_fields[key] = entry
            y += 27
        y += 6
        for name in ScenarioForm.field_names():
            UILabel(pygame.Rect(8, y, 200, 26), LABELS.get(name, name), self.ui,
                    container=window)
            value = getattr(form, name)
            box = pygame.Rect(212, y, 360, 26)
            element: UITextEntryLine | UIDropDownMenu
            if name in CHOICES:
                element = UIDropDownMenu(list(CHOICES[name]), value, box, self.ui,
                                         container=window)
            else:
                element = UITextEntryLine(box, self.ui, container=window)
                element.set_text(value)
            self.scenario_fields[name] = element
            y += 27
        self.buttons["scenario-apply"] = UIButton(pygame.Rect(8, y + 4, 120, 28), "Check",
                                                  self.ui, container=window)
        self.buttons["scenario-save"] = UIButton(pygame.Rect(136, y + 4, 160, 28),
                                                 "Save scenario", self.ui, container=window)
        self.scenario_problems = UITextBox("", pygame.Rect(8, y + 38, 564, 60), self.ui,
                                           container=window)

    def read_scenario_fields(self) -> ScenarioForm:
        form = self.form()
        for name, element in self.scenario_fields.items():
            if isinstance(element, UIDropDownMenu):
                setattr(form, name, element.selected_option[0])
            else:
                setattr(form, name, element.get_text())
        return form

    def apply_scenario(self) -> Scenario | None:
        fields = getattr(self, "map_fields", {})
        if fields:
            name = fields["name"].get_text().strip() or self.editor.doc.name
            text = fields["description"].get_text().strip()
            self.run_command(m.SetInfo(name=name, description=text))
        form = self.read_scenario_fields() if self.scenario_fields else self.form()
        sc, problems = form.check_on_map(validate(self.editor.doc).battlefield,
                                         self.editor.doc.id)
        text = ("Scenario settings are valid, and the game plays them on this map." if sc
                else "<br>".join(problems))
        if self.scenario_problems is not None:
            self.scenario_problems.set_text(text)
        self.message = text if sc else (
            f"Scenario: {len(problems)} problem(s), listed in the scenario window" if
            self.scenario_problems is not None else f"Scenario: {problems[0]}")
        return sc

    def save_scenario(self) -> bool:
        sc = self.apply_scenario()
        if sc is None:
            return False
        target = self.scenario_path
        if target is None or target.stem != sc.id:
            folder = self.editor.path.parent if self.editor.path else (
                project_root() / "scenarios" / "battlefields")
            if folder.name == "battlefields":
                folder = folder.parent
            target = folder / f"{sc.id}.yaml"
        try:
            target = save_scenario(sc, target)
        except OSError as exc:
            self.docs.dialogs.error(dialogs.from_os_error("Scenario not saved", target, exc))
            return False
        self.scenario_path = target
        self.message = f"Saved scenario {target}"
        return True

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

    # --- per frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt
        self.cam.update(dt)
        if self.debouncer.poll(self.now, self.editor.doc):
            self.report = self.debouncer.report
            self.refresh_report()
        elif self.debouncer.due is not None and self.problems_label.text != CHECKING:
            self.problems_label.set_text(CHECKING)  # the last verdict is of an older map
        if self.rendered_revision != self.editor.revision:
            self.rebuild_view()
        self.docs.tick()
        self.balance.update()
        self.watch_games()
        self.ui.update(dt)

    def watch(self, game: WatchedGame | None, folder: Path | None = None) -> None:
        """Keep a game just started to watch (a launcher may start nothing to watch), and
        the temporary content `folder` it plays on, removed once it has stopped."""
        if game is not None:
            self.games.append(game)
        if folder is not None:
            self.play_folders.keep(folder, game)

    def watch_games(self) -> None:
        """Tell the map maker when a game started from here stopped with an error (its
        message would otherwise only be in a terminal they may not have)."""
        running = []
        for game in self.games:
            report = game.poll()
            if report is not None:
                self.message = report
            if not game.reported:
                running.append(game)
        self.games = running
        self.play_folders.sweep()

    def close(self) -> None:
        """On a clean exit: the recovery copies as `DocumentController.close` says; the
        test-play folders of stopped games go."""
        self.docs.close()
        self.balance.close()
        self.watch_games()
        self.play_folders.sweep(closing=True)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 22, 32))
        self.draw_map(surface, self.view_rect)
        self.balance.draw_heat(surface)
        w, h = self.size
        pygame.draw.rect(surface, (26, 29, 42), (0, 0, w, TOP))
        pygame.draw.rect(surface, (26, 29, 42), (0, TOP, LEFT, h - TOP))
        pygame.draw.rect(surface, (26, 29, 42), (w - RIGHT, TOP, RIGHT, h - TOP))
        pygame.draw.rect(surface, (18, 20, 28), (LEFT, h - BOTTOM, w - LEFT - RIGHT, BOTTOM))
        self.draw_status(surface)
        self.ui.draw_ui(surface)

    def draw_status(self, surface: pygame.Surface) -> None:
        font = self.font(15)
        w, h = self.size
        doc = self.editor.doc
        name = self.editor.path.name if self.editor.path else "unsaved"
        parts = [f"{doc.name} ({name}{' *' if self.editor.dirty else ''})"]
        if self.hover is not None:
            terrain, level = self.editor.sample(self.hover)
            parts.append(f"[{self.hover[0]}, {self.hover[1]}] {terrain or 'empty'} L{level}")
        if self.selection:
            parts.append(f"{len(self.selection)} selected")
        parts.append(self.message or HINTS[self.tool])
        text = font.render("   \u2022   ".join(parts), True, (200, 205, 220))
        surface.blit(text, (LEFT + 8, h - BOTTOM + (BOTTOM - text.get_height()) // 2),
                     area=pygame.Rect(0, 0, w - LEFT - RIGHT - 16, BOTTOM))

    def font(self, size: int) -> pygame.font.Font:
        if not hasattr(self, "_fonts"):
            self._fonts: dict[int, pygame.font.Font] = {}
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size + 4)
        return self._fonts[size]

    def markers(self) -> list[Marker]:
        marks = [Marker(Hex(*a), "move") for a in sorted(self.selection)]
        marks += [Marker(Hex(*a), "attack") for a in self.focus if a in self.editor.doc.columns]
        return marks

    def draw_map(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        clip = surface.get_clip()
        surface.set_clip(rect)
        if self.rendered_revision != self.editor.revision:
            self.rebuild_view()
        if self.flat:
            surface.fill((24, 27, 38), rect)
            self.draw_flat(surface, rect)
        else:
            assert self.renderer is not None and self.picture is not None
            layer = pygame.Surface(rect.size)
            proj = self.projection()
            proj = type(proj)(angle=proj.angle, zoom=proj.zoom, origin=(
                proj.origin[0] - rect.x, proj.origin[1] - rect.y), pivot=proj.pivot)
            dynamic = [Marker(Hex(*self.hover), "move")] if self.hover else []
            self.renderer.draw(layer, proj, self.picture, self.markers(), dynamic,
                               now=self.now, slice_level=self.slice_level)
            self.draw_ghosts(layer, proj)
            self.draw_preview_3d(layer, proj)
            surface.blit(layer, rect)
        self.draw_overlay(surface, rect)
        surface.set_clip(clip)

    def ghost_hexes(self) -> list[m.Coord]:
        """Empty hexes next to the map (where new land can be raised), drawn as an outline."""
        cols = self.editor.doc.columns
        out: set[m.Coord] = set()
        for q, r in cols:
            for dq in range(-2, 3):
                for dr in range(-2, 3):
                    if abs(dq + dr) <= 2 and (q + dq, r + dr) not in cols:
                        out.add((q + dq, r + dr))
        return sorted(out)

    def draw_ghosts(self, layer: pygame.Surface, proj: Projection) -> None:
        ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        for at in self.ghost_hexes():
            points = proj.top_face(Hex(*at), 0.0)
            pygame.draw.polygon(ghost, (150, 160, 200, 40), points, 1)
        for at in self.focus:  # a problem's hexes off the map: outline them on the ground
            if at not in self.editor.doc.columns:
                pygame.draw.polygon(ghost, (*PROBLEM, 230), proj.top_face(Hex(*at), 0.0), 3)
        layer.blit(ghost, (0, 0))

    def previews(self) -> list[tuple[tuple[m.Coord, ...], bool]]:
        """With an obstacle tool, the footprint under the mouse (and its mirror image with
        symmetry on), each with whether it can be placed there."""
        if self.tool not in ("ruin", "cryptolith") or self.hover is None:
            return []
        footprint = self.obstacle_preview(self.hover)
        shapes = [footprint]
        if self.editor.symmetry is not None:
            shapes.append(tuple(self.editor.mirror(a) for a in footprint))
        cols = self.editor.doc.columns
        return [(f, all(a in cols for a in f)) for f in shapes]

    def draw_preview_3d(self, layer: pygame.Surface, proj: Projection) -> None:
        """The obstacle about to be placed: a see-through block of its height."""
        doc = self.editor.doc
        height = self.brush.height
        for footprint, ok in self.previews():
            colour = PREVIEW_OK if ok else PROBLEM
            ghost = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
            for at in footprint:
                base = float(doc.top(at))
                low = proj.top_face(Hex(*at), base, 0.92)
                high = proj.top_face(Hex(*at), base + height, 0.92)
                pygame.draw.polygon(ghost, (*colour, 90), low)
                for a, b in zip(low, high, strict=True):
                    pygame.draw.line(ghost, (*colour, 150), a, b, 1)
                pygame.draw.polygon(ghost, (*colour, 70), high)
                pygame.draw.polygon(ghost, (*colour, 240), high, 2)
            layer.blit(ghost, (0, 0))

    def draw_flat(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        doc = self.editor.doc
        z = self.cam.zoom * 0.62
        font = self.font(max(10, int(z * 0.55)))
        corners = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30)))
                   for i in range(6)]

        def poly(at: m.Coord, k: float = 1.0) -> list[tuple[float, float]]:
            x, y = hex_to_point(Hex(*at))
            sx, sy = self.flat_to_screen(x, y)
            return [(sx + cx * z * k, sy + cy * z * k) for cx, cy in corners]

        for at in self.ghost_hexes():
            pygame.draw.polygon(surface, (52, 58, 80), poly(at), 1)
        top_level = max((doc.top(a) for a in doc.columns), default=1)
        for at in doc.columns:
            terrain = doc.terrain(at) or "land"
            level = doc.top(at)
            base = TERRAIN[terrain].top if terrain in TERRAIN else (150, 150, 150)
            k = 0.7 + 0.3 * level / max(top_level, 1)
            colour = tuple(min(255, int(c * k)) for c in base)
            pygame.draw.polygon(surface, colour, poly(at))
            pygame.draw.polygon(surface, (30, 32, 40), poly(at), 1)
            zone = doc.zone_at(at)
            if zone is not None:
                pygame.draw.polygon(surface, _hex_colour(zone.colour), poly(at, 0.82), 3)
            if doc.power_at(at) is not None:
                pygame.draw.polygon(surface, (150, 80, 200), poly(at, 0.6), 3)
            if at in doc.glyph_spaces:
                sx, sy = self.flat_to_screen(*hex_to_point(Hex(*at)))
                pygame.draw.circle(surface, (240, 240, 240), (sx, sy), z * 0.45, 1)
            label = str(level)
            obstacle = doc.obstacle_at(at)
            glyph = doc.glyphs.get(at)
            if obstacle is not None:
                label = f"{obstacle.kind[0].upper()}{obstacle.height}"
            elif glyph is not None:
                label = glyph.glyph[0].upper() + ("" if glyph.side == "ability" else "?")
            if z >= 9:
                sx, sy = self.flat_to_screen(*hex_to_point(Hex(*at)))
                text = font.render(label, True, (20, 20, 24) if obstacle is None and
                                   glyph is None else (120, 20, 20))
                surface.blit(text, text.get_rect(center=(sx, sy)))
        for at in self.selection:
            pygame.draw.polygon(surface, SELECT, poly(at, 0.9), 2)
        for at in self.focus:
            pygame.draw.polygon(surface, PROBLEM, poly(at, 0.95), 3)
        for footprint, ok in self.previews():
            colour = PREVIEW_OK if ok else PROBLEM
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for at in footprint:
                pygame.draw.polygon(shade, (*colour, 110), poly(at, 0.92))
                pygame.draw.polygon(shade, (*colour, 255), poly(at, 0.92), 2)
            surface.blit(shade, (0, 0))
        if self.hover is not None:
            pygame.draw.polygon(surface, HIGHLIGHTS["move"], poly(self.hover), 2)

    def draw_overlay(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        font = self.font(14)
        angle = self.cam.rotation * 60
        parts = ["Flat plan" if self.flat else f"3D view {angle}\u00b0",
                 f"zoom {self.cam.zoom:.0f}"]
        if self.slice_level is not None:
            parts.append(f"levels 1-{self.slice_level}")
        if self.editor.symmetry is not None:
            c = self.editor.symmetry
            parts.append(f"symmetry about [{c[0] / 2:g}, {c[1] / 2:g}]")
        text = font.render("  |  ".join(parts), True, (220, 224, 235))
        box = text.get_rect(topleft=(rect.x + 8, rect.y + 8)).inflate(12, 8)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 12, 20, 170))
        surface.blit(shade, box)
        surface.blit(text, (rect.x + 14, rect.y + 12))
        if self.editor.symmetry is not None:
            c = self.editor.symmetry
            x, y = c[0] / 2, c[1] / 2
            px = math.sqrt(3.0) * (x + y / 2.0)
            py = 1.5 * y
            if self.flat:
                sx, sy = self.flat_to_screen(px, py)
            else:
                sx, sy = self.projection().plane_to_screen(px, py, 0.0)
            pygame.draw.circle(surface, (255, 220, 90), (sx, sy), 7, 2)
            pygame.draw.line(surface, (255, 220, 90), (sx - 11, sy), (sx + 11, sy), 1)
            pygame.draw.line(surface, (255, 220, 90), (sx, sy - 11), (sx, sy + 11), 1)


# --- the loop -----------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise argparse.ArgumentTypeError("expected WxH, e.g. 1280x720") from exc
    return (w, h)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="arena-editor",
                                     description="Open the Arena battlefield editor.")
    parser.add_argument("file", nargs="?", type=Path, help="a battlefield YAML file to open")
    parser.add_argument("--frames", type=_positive_int, metavar="N",
                        help="draw N frames, then exit (tests)")
    parser.add_argument("--screenshot", type=Path, metavar="PATH",
                        help="save the last frame as a PNG")
    parser.add_argument("--size", type=_size, default=WINDOW_SIZE, metavar="WxH")
    parser.add_argument("--flat", action="store_true", help="start in the flat plan view")
    parser.add_argument("--no-recover", action="store_true",
                        help="do not offer to recover an autosave")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``arena-editor``: open the editor window, return the exit code.

    ``argv=None`` reads ``sys.argv``; tests pass ``--frames``/``--screenshot`` directly.
    """
    args = parse_args(argv)
    pygame.init()
    try:
        flags = pygame.RESIZABLE
        screen = pygame.display.set_mode(args.size, flags)
        pygame.display.set_caption("Arena Editor")
        app = EditorApp(args.file, args.size, recover=not args.no_recover and not args.frames)
        app.flat = args.flat
        app.refresh_tools()
        clock = pygame.time.Clock()
        frames = 0
        status = EditorStatus.from_env()  # only for the real-window tests
        while app.running:
            dt = clock.tick(60) / 1000.0
            for event in pygame.event.get():
                app.handle_event(event)
                if status is not None:
                    status.saw(event)
            if app.size != screen.get_size():
                screen = pygame.display.get_surface() or screen
            app.update(dt if not args.frames else max(dt, 0.35))
            app.draw(screen)
            pygame.display.flip()
            frames += 1
            if status is not None:
                status.write(app, frames)
            if args.frames and frames >= args.frames:
                break
        if args.screenshot is not None:
            args.screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(screen, str(args.screenshot))
        if not args.frames:
            app.close()
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
