"""The battlefield editor's window (console script ``arena-editor``, ``make editor``).

Layout: a file and view bar along the top, the tool palette on the left, the map in the
middle (the game's own isometric renderer: rotate, zoom, pan, level slicing; or a flat
top-down plan), the validation panel on the right (problems, summary, a core-box component
count) and a status line at the bottom.

Mouse: left button uses the tool (drag to paint), right button drags the view, the wheel
zooms. Keys: Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S save, Ctrl+C / Ctrl+V copy and paste the
selection, Q / E rotate the view, Tab flat/3D, PageUp / PageDown level slice, 1-4 brush
terrain (land, water, road, weirded), R turns the obstacle shape; Esc lets go of a box being
dragged, the selection, then the tool (back to Raise), never quitting; Ctrl+Q, Quit or the
window's close button quit, asking Save / Discard / Cancel when work is unsaved. Letter keys
are not shortcuts while a text field has the keyboard. ``arena-editor PATH`` opens a
battlefield or scenario file, or starts a new battlefield that Save writes to PATH.

All of the editing is `editor.core.model` (headless). `EditorApp` composes the window of parts,
each an object it owns with its own state: the document (`editor.files.document`: opening, saving,
recovery copies and the question asked before unsaved work is replaced), the map view
(`editor.map.view`: camera, flat or 3D, slice, hover), the map tools (`editor.map.tools`: tool,
brush, selection), the panels (`editor.map.panels`: widgets, the live check), one part per window
(zone, scenario, builder, card, collection, balance, sight check), the file menu, export and
test play. Each part sees the window only through a narrow `Protocol` declared in its own
module (`ToolsHost`, `ViewHost`, `PanelsHost` ...); no part imports or inherits another.
Parts tell each other things through the app's small calls (the one place that knows them
all), never by writing each other's attributes: the status line (`message`) is the window's,
and any part may set it. This module routes input to the parts and runs the loop.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine, UIWindow

from arena.client.projection import Projection
from arena.content.storeys import named
from editor.core import model as m
from editor.core.builder import Builder
from editor.core.scenario_form import ScenarioForm
from editor.files.document import DocumentController
from editor.files.export import Exporting
from editor.files.file_menu import FileMenu
from editor.map.brush import HINTS, ZONE_ORDER, Brush
from editor.map.busy import BusyMark
from editor.map.frame import BOTTOM, LEFT, RIGHT, TOP
from editor.map.panels import Panels
from editor.map.piece_palette import PIECE_TOOLS, PiecePalette
from editor.map.tools import MapTools
from editor.map.view import STATUS_JOIN, MapView
from editor.play.playing import Playing
from editor.teststatus import EditorStatus
from editor.windows import dialogs, filedialog
from editor.windows.balance_window import BalancePanel
from editor.windows.builder_window import BuilderEditing
from editor.windows.card_window import CardEditing, CardWindow
from editor.windows.collection_window import Collections
from editor.windows.scenario_window import ScenarioEditing
from editor.windows.sight_tool import SightTool
from editor.windows.zone_window import ZoneEditing

WINDOW_SIZE = (1280, 720)
TITLE = "Arena Editor"
"""The window's title before the file's name (`EditorApp.window_title`)."""

CHECKING = "Checking the map…"
"""The status while an edit waits for the debounced check: the verdict shown is of the map as
it was before the edit."""

THEME = {
    "defaults": {
        "colours": {
            "normal_bg": "#2a2f42", "hovered_bg": "#39405a", "selected_bg": "#2f7f78",
            "active_bg": "#2f7f78", "dark_bg": "#1a1d2a", "normal_text": "#e6e2d3",
            "selected_text": "#ffffff", "normal_border": "#474f6b", "text_cursor": "#e6e2d3",
        },
    },
}


class EditorApp:
    """The editor window: the parts it is composed of, the input each event is routed to
    (the loop is in `main`), and the small calls the parts' hosts make (see the module)."""

    def __init__(self, path: Path | None = None, size: tuple[int, int] = WINDOW_SIZE,
                 recover: bool = True,
                 on_busy: Callable[[EditorApp, str], None] | None = None) -> None:
        self.size = size
        self.ui = pygame_gui.UIManager(size, THEME)
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": 14, "style": "bold",
                                "antialiased": "1"}])
        self.running = True
        self.quit_pressed = False
        self.message = ""
        """The status line: what the last action said (any part may set it)."""
        self.now = 0.0
        self.shown_title = ""
        """The title last given to the window (`show_title`)."""
        self.docs = DocumentController(self)
        self.collections = Collections()
        """The map maker's piece collection (`editor.windows.collection_window`)."""
        self.pieces = PiecePalette()
        """The piece tools' palette: the collection's pieces first, then every other."""
        self.pieces.set_collection(self.collections.collection)
        self.sight = SightTool(self.ui, lambda: self.editor, lambda s: setattr(self, "message", s))
        self.tools = MapTools(self, self.pieces, self.sight)
        self.view = MapView(self, self.tools)
        self.panels = Panels(self, self.pieces, self.collections)
        self.zones = ZoneEditing(self)
        self.scenario = ScenarioEditing(self)
        self.armies = BuilderEditing(self)
        self.cards = CardEditing(self)
        self.files = FileMenu(self)
        self.export = Exporting(self)
        self.play = Playing(self)
        self.balance = BalancePanel(self)
        self.busy_mark = BusyMark(self.draw_now, None if on_busy is None else
                                  lambda text: on_busy(self, text))
        """The mark shown while a map opens (`editor.map.busy`)."""
        self.build_ui()  # first: the file opened next may show its import report over it
        self.docs.start(path)
        if recover:
            self.docs.offer_recovery()

    @property
    def editor(self) -> m.Editor:
        """The battlefield being edited (opening, saving, recovery: `self.docs`)."""
        return self.docs.editor

    # --- documents ------------------------------------------------------------------------

    def show_document(self) -> None:
        """Show the battlefield `self.docs` has just made current: a fresh view and panels,
        and a zone brush of this map (not one left from the map before)."""
        doc = self.editor.doc
        self.tools.show_document(doc.zones[0].id if doc.zones else ZONE_ORDER[0])
        self.panels.show_document()
        self.view.show_document()
        if self.panels.built:
            self.build_ui()

    # --- what the parts ask of the window (their hosts' calls) -------------------------------

    def busy(self, text: str) -> AbstractContextManager[None]:
        """Show the busy mark with `text` while the `with` block runs (`editor.map.busy`)."""
        return self.busy_mark.show(text)

    def run_command(self, command: m.Command, merge: bool = False) -> None:
        """Run an edit as one undo step; the checks run again."""
        if self.editor.execute(command, merge=merge):
            self.changed()

    def changed(self) -> None:
        """The map changed: the debounced check runs again."""
        self.panels.changed(self.now)

    def build_ui(self) -> None:
        self.sight.forget_window()  # every widget goes: the checker's window is not closed
        self.panels.build_ui()

    def refresh_tools(self) -> None:
        self.panels.refresh_tools()

    def refresh_report(self) -> None:
        self.panels.refresh_report()

    @property
    def dialogs(self) -> dialogs.Dialogs:
        return self.docs.dialogs

    def guard(self, doing: str, then: Callable[[], None], parts: tuple[str, ...]) -> None:
        self.docs.guard(doing, then, parts)

    def confirm_save(self, parts: tuple[str, ...], then: Callable[[], None]) -> None:
        self.docs.dialogs.confirm_save(self.docs.refusals(parts), then)

    def open_dialog(self, kind: str) -> None:
        self.files.open_dialog(kind)

    @property
    def tool(self) -> str:
        return self.tools.tool

    @property
    def brush(self) -> Brush:
        return self.tools.brush

    @property
    def brush_zone(self) -> str:
        return self.tools.brush.zone

    def choose_zone(self, zone_id: str) -> None:
        self.tools.set_brush(zone=zone_id)

    @property
    def hover(self) -> m.Coord | None:
        return self.view.hover

    @property
    def flat(self) -> bool:
        return self.view.flat

    @property
    def view_rect(self) -> pygame.Rect:
        return self.view.view_rect

    def projection(self) -> Projection:
        return self.view.projection()

    def flat_to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.view.flat_to_screen(x, y)

    def draw_map(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.view.draw_map(surface, rect)

    def redraw_map(self) -> None:
        self.view.redraw()

    def focus_on(self, hexes: Sequence[m.Coord]) -> None:
        self.view.focus_on(hexes)

    @property
    def scenario_form(self) -> ScenarioForm | None:
        return self.scenario.scenario_form

    def set_scenario(self, form: ScenarioForm | None, path: Path | None) -> None:
        self.scenario.set(form, path)

    @property
    def builder(self) -> Builder | None:
        return self.armies.builder

    def builder_open(self) -> bool:
        return self.armies.window is not None

    def builder_action(self, kind: str, path: Path) -> None:
        self.armies.builder_action(kind, path)

    def play_army(self, army_id: str, deck_id: str, saved: str) -> None:
        self.play.play_army(army_id, deck_id, saved)

    @property
    def card_window(self) -> CardWindow | None:
        return self.cards.window

    def open_card(self, path: Path) -> None:
        self.cards.open_card(path)

    def export_png(self, path: Path) -> None:
        self.export.export_png(path)

    def export_sheet(self, path: Path) -> bool:
        return self.export.export_sheet(path)

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
                self.view.cam.viewport = self.view.viewport
                self.build_ui()
            return
        consumed = self.ui.process_events(event)
        if self.docs.handle(event) or self.files.handle(event) or self.export.handle(event) \
                or self.zones.handle(event) or self.balance.handle(event) or \
                filedialog.confirm(self.files.dialog, event):
            return
        if (said := self.pieces.handle(event)) is not None:
            self.message = said
            return
        if self.cards.handle(event) or self.armies.handle(event) or self.sight.handle(event):
            return
        said = self.collections.handle(event)
        if said is not None:
            self.message = said
            self.pieces.set_collection(self.collections.collection)
            self.refresh_report()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_menu(event.ui_element, event.text)
            return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED:
            self.panels.on_link(event.ui_element, event.link_target)
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            return  # a window's list: its part has had it
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.files.on_path(Path(event.text))
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
        the army builder, the card form or the scenario settings. It owns the input: no
        click, wheel or key reaches the map."""
        return self.dialog_open() or self.scenario.alive() or any(
            w is not None and w.alive() for w in (self.export.export_choice,
                                                  self.files.open_choice, self.armies.window,
                                                  self.cards.window, self.collections.window))

    def closable_windows(self) -> list[UIWindow]:
        """The windows Esc closes (as their Cancel or close button would): the file dialog,
        the questions, menus and failure windows, the builder (its army and deck stay,
        and quitting asks about them) and the scenario settings (what was typed stays);
        never the card form, whose edits would go."""
        found: list[UIWindow] = list(self.docs.dialogs.open_windows())
        if self.scenario.window is not None and self.scenario.alive():
            found.append(self.scenario.window)
        if self.armies.window is not None and self.armies.window.alive():
            found.append(self.armies.window.window)
        if self.collections.window is not None and self.collections.window.alive():
            found.append(self.collections.window.window)
        for choice in (self.export.export_choice, self.files.open_choice, self.docs.prompt,
                       self.docs.dialogs.question, self.docs.naming):
            if choice is not None and choice.alive():
                found.append(choice.window)
        if self.files.dialog is not None:
            found.append(self.files.dialog)
        return found

    def dialog_open(self) -> bool:
        return self.docs.dialog_open() or self.files.dialog_open()

    def text_focused(self) -> bool:
        """Whether a text field has the keyboard (its letters are not shortcuts then)."""
        focus = self.ui.get_focus_set()  # type: ignore[no-untyped-call]
        return any(isinstance(e, UITextEntryLine) for e in focus or ())

    def on_key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        key = event.key
        if ctrl and key == pygame.K_q:
            self.docs.request_quit()
        elif key == pygame.K_ESCAPE:
            self.step_back()
        elif self.text_focused():
            return
        elif key == pygame.K_r and not ctrl and self.tool in dict(PIECE_TOOLS):
            self.message = self.pieces.turn(1)
        elif key == pygame.K_r and not ctrl:
            self.tools.turn_shape()
        elif ctrl and key == pygame.K_z:
            self.tools.undo()
        elif ctrl and key == pygame.K_y:
            self.tools.redo()
        elif ctrl and key == pygame.K_s:
            self.on_button(self.panels.buttons["save"])
        elif ctrl and key == pygame.K_c:
            self.tools.copy_selection()
        elif ctrl and key == pygame.K_v:
            self.choose_tool("paste")
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4) and not ctrl:
            self.tools.set_brush(terrain=m.TERRAINS[key - pygame.K_1])
            self.message = f"Brush terrain: {self.brush.terrain}"
            self.build_ui()
        elif self.tool == "sight" and self.sight.on_key(event):
            return
        elif key == pygame.K_q:
            self.view.cam.rotate(1)
        elif key == pygame.K_e:
            self.view.cam.rotate(-1)
        elif key == pygame.K_TAB:
            self.toggle_flat()
        elif key == pygame.K_PAGEUP:
            self.change_slice(1)
        elif key == pygame.K_PAGEDOWN:
            self.change_slice(-1)

    def on_mouse(self, event: pygame.event.Event) -> None:
        view = self.view
        inside = event.type != pygame.MOUSEMOTION or view.view_rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if view.view_rect.collidepoint(pos) and \
                    not dialogs.window_at(self.ui, pos):  # a window's wheel is its own
                if self.tool in dict(PIECE_TOOLS) and pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    self.message = self.pieces.turn(-1 if event.y > 0 else 1)
                else:
                    view.cam.zoom_by(1.15 ** event.y, pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and view.view_rect.collidepoint(event.pos):
            if event.button == 1:
                self.tools.press(view.space_at(event.pos))
            elif event.button in (2, 3):
                view.start_pan(event.pos)
            elif event.button in (4, 5):
                view.cam.zoom_by(1.15 if event.button == 4 else 1 / 1.15, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button == 1:
                self.tools.release()
            elif event.button in (2, 3):
                view.start_pan(None)
        elif event.type == pygame.MOUSEMOTION:
            if view.pan_to(event.pos):
                return
            at = view.point_at(event.pos if inside else None)
            if at is not None:
                self.tools.drag(at)

    def on_button(self, element: object) -> None:
        for key, button in self.panels.tool_buttons.items():
            if element is button:
                self.choose_tool(key)
                self.message = HINTS[key]
                return
        if self.scenario.press(element):
            return
        key = next((k for k, b in self.panels.buttons.items() if b is element), "")
        action = self.button_actions().get(key)
        if action is not None:
            action()

    def button_actions(self) -> dict[str, Callable[[], object]]:
        """What each top-bar and side-panel button does, by its key in `Panels.buttons`."""
        tools, view = self.tools, self.view
        return {
            "quit": self.press_quit,
            "turn-shape": tools.turn_shape,
            "edit-zone": self.zones.open,
            "new": self.docs.request_new,
            "export": self.export.open_export_menu,
            "open": self.files.open_menu,
            "save-as": self.docs.ask_where,
            "save": self.docs.save_or_ask,
            "cards": lambda: self.files.open_dialog("open-card"),
            "armies": self.armies.open,
            "collection": lambda: self.collections.open(self.ui, self.size),
            "scenario": self.scenario.open,
            "test-play": self.play.test_play,
            "balance": self.balance.open,
            "undo": tools.undo,
            "redo": tools.redo,
            "rot-left": lambda: view.cam.rotate(1),
            "rot-right": lambda: view.cam.rotate(-1),
            "flat": self.toggle_flat,
            "slice-down": lambda: self.change_slice(-1),
            "slice-up": lambda: self.change_slice(1),
            "symmetry": tools.toggle_symmetry,
            "fit": lambda: view.rebuild_view(fit=True),
            "height-down": lambda: tools.change_height(-1),
            "height-up": lambda: tools.change_height(1),
            "new-zone": tools.new_zone,
            "copy": tools.copy_selection,
            "rotate-sel": lambda: tools.transform_selection("rotate"),
            "mirror-sel": lambda: tools.transform_selection("mirror"),
            "clear-sel": lambda: tools.selection.clear(),
        }

    def press_quit(self) -> None:
        self.quit_pressed = True
        self.docs.request_quit()

    def step_back(self) -> None:
        """Esc: let go of what is under way on the map (`MapTools.step_back`); with nothing
        to let go, say how to quit instead of quitting."""
        let_go = self.tools.step_back()
        if let_go is None:
            self.message = "Esc lets go of a selection or a tool; Ctrl+Q (or Quit) quits"
            return
        self.message = let_go
        self.refresh_tools()

    def choose_tool(self, tool: str) -> None:
        self.tools.choose(tool)
        self.refresh_tools()

    def toggle_flat(self) -> None:
        self.view.toggle_flat()
        self.refresh_tools()

    def change_slice(self, step: int) -> None:
        self.message = self.view.change_slice(step)

    def on_menu(self, element: object, text: str) -> None:
        if element in self.scenario.scenario_fields.values():
            return
        panels = self.panels
        if element is panels.terrain_menu:
            self.tools.set_brush(terrain=text)
        elif element is panels.glyph_menu:
            self.tools.set_brush(glyph=text)
            self.choose_tool("glyph")
        elif element is panels.side_menu:
            self.tools.set_brush(side=text)
        elif element is panels.zone_menu:
            self.tools.set_brush(zone=text)
            self.choose_tool("zone")
        elif element is panels.shape_menu:
            self.tools.set_brush(shape=text)
            self.tools.choose("ruin")
            self.message = f"Ruin shape: {text} (R turns it 60\u00b0)"
            self.refresh_tools()

    # --- per frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt
        self.view.cam.update(dt)
        self.panels.poll(self.now, CHECKING)
        if self.view.rendered_revision != self.editor.revision:
            self.view.rebuild_view()
        self.sight.update(self.tool == "sight", self.view.view_rect)
        self.docs.tick()
        self.balance.update()
        self.play.watch_games()
        self.show_title()
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((20, 22, 32))
        self.view.draw_map(surface, self.view.view_rect)
        self.balance.draw_heat(surface)
        w, h = self.size
        pygame.draw.rect(surface, (26, 29, 42), (0, 0, w, TOP))
        pygame.draw.rect(surface, (26, 29, 42), (0, TOP, LEFT, h - TOP))
        pygame.draw.rect(surface, (26, 29, 42), (w - RIGHT, TOP, RIGHT, h - TOP))
        pygame.draw.rect(surface, (18, 20, 28), (LEFT, h - BOTTOM, w - LEFT - RIGHT, BOTTOM))
        self.pieces.draw(surface, self.editor.doc)
        self.view.draw_status(surface, self.status_text())
        self.ui.draw_ui(surface)

    def draw_now(self, surface: pygame.Surface) -> None:
        """Draw the frame as it is at once, its widgets up to date (under the busy mark)."""
        self.ui.update(0.0)
        self.draw(surface)

    def status_text(self) -> str:
        """The status line: the map and its file, the hex under the mouse, the selection,
        and what the last action said (else the tool's hint)."""
        doc, hover = self.editor.doc, self.view.hover
        parts = [f"{doc.name} ({self.view.file_label()})"]
        space = self.view.hover_space
        if hover is not None and space is not None and len(space) == 3:
            # one of several surfaces: the one a mark put here goes on, named as the game does
            level, levels = doc.level_of(space), doc.columns.get(hover, [])
            terrain = levels[level - 1] if 0 < level <= len(levels) else None
            parts.append(f"{named(space)} {terrain or 'empty'} L{level} (of "
                         f"{'/'.join(str(n) for n in doc.surface_levels(hover))})")
        elif hover is not None:
            terrain, level = self.editor.sample(hover)
            parts.append(f"[{hover[0]}, {hover[1]}] {terrain or 'empty'} L{level}")
        if self.tools.selection:
            parts.append(f"{len(self.tools.selection)} selected")
        parts.append(self.message or HINTS[self.tool])
        return STATUS_JOIN.join(parts)

    def window_title(self) -> str:
        """The window's title: the program, the file (a map with no file yet has none) and,
        while there are unsaved changes, `*`, as in the status line (`MapView.file_label`)."""
        name = f" - {self.editor.path.name}" if self.editor.path else ""
        return f"{TITLE}{name}{' *' if self.editor.dirty else ''}"

    def show_title(self) -> None:
        """Give the window its title when it has changed (a window manager's task bar and
        window list show it, so unsaved work shows there too)."""
        title = self.window_title()
        if title != self.shown_title:
            pygame.display.set_caption(title)
            self.shown_title = title

    def close(self) -> None:
        """On a clean exit: the recovery copies as `DocumentController.close` says; the
        test-play folders of stopped games go."""
        self.docs.close()
        self.balance.close()
        self.play.close()

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
        pygame.display.set_caption(TITLE)
        status = EditorStatus.from_env()  # only for the real-window tests
        frames = 0

        def busy(shown: EditorApp, text: str) -> None:
            """The busy mark is on the screen: the status says so at once."""
            if status is not None:
                status.write(shown, frames, force=True)
        app = EditorApp(args.file, args.size, recover=not args.no_recover and not args.frames,
                        on_busy=busy)
        app.view.flat = args.flat
        app.refresh_tools()
        clock = pygame.time.Clock()
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
