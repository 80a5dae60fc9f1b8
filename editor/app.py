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

All of the editing is `editor.model` (headless); this module only routes input to the
window's parts (`editor.appstate` lists them: view, panels, tools, one module per window)
and runs the loop. Opening, saving, the recovery copies of unsaved work and the question
asked before unsaved work is replaced (New, Open, Quit) are `editor.document`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIDropDownMenu,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from arena.client.projection import Camera
from arena.client.render import BattlefieldRenderer, Picture
from editor import dialogs, filedialog, prompts, testplay
from editor import model as m
from editor.appstate import HINTS, ZONE_ORDER, Brush
from editor.balance_window import BalancePanel
from editor.builder import Builder
from editor.builder_window import BuilderWindow
from editor.card_window import CardWindow
from editor.collection_window import Collections
from editor.document import DocumentController
from editor.file_menu import FileMenu
from editor.piece_palette import PIECE_TOOLS, PiecePalette
from editor.playgame import WatchedGame
from editor.scenario_form import ScenarioForm
from editor.scenario_window import ScenarioEditing
from editor.sight_tool import SightTool
from editor.teststatus import EditorStatus
from editor.validation import Debouncer, Finding, Report, validate
from editor.zone_window import ZoneEditing, ZoneWindow

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


class EditorApp(FileMenu, ZoneEditing, ScenarioEditing):
    """The editor window: its state, composed of its parts (`editor.appstate` lists them), and
    the input each event is routed to (the loop is in `main`)."""

    def __init__(self, path: Path | None = None, size: tuple[int, int] = WINDOW_SIZE,
                 recover: bool = True) -> None:
        self.size = size
        self.ui = pygame_gui.UIManager(size, THEME)
        self.ui.preload_fonts([{"name": "noto_sans", "point_size": 14, "style": "bold",
                                "antialiased": "1"}])
        self.running = True
        self.shown_title = ""
        """The title last given to the window (`show_title`)."""
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
        self.collection_check: tuple[int, list[str]] = (-1, [])
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
        self.sight = SightTool(self.ui, lambda: self.editor, lambda s: setattr(self, "message", s))
        self.balance = BalancePanel(self)
        self.collections = Collections()
        """The map maker's piece collection (`editor.collection_window`)."""
        self.pieces = PiecePalette(self.collections.palette_filter())
        """The piece tools' palette: the pieces of the collection (all while it has none)."""
        self.docs.start(path)
        self.build_ui()
        if recover:
            self.docs.offer_recovery()

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
        if (said := self.pieces.handle(event)) is not None:
            self.message = said
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
        if self.sight.handle(event):
            return
        said = self.collections.handle(event)
        if said is not None:
            self.message = said
            self.pieces.set_available(self.collections.palette_filter())
            self.refresh_report()
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
                                                  self.builder_window, self.card_window,
                                                  self.collections.window))

    def closable_windows(self) -> list[UIWindow]:
        """The windows Esc closes (as their Cancel or close button would): the file dialog,
        the questions, menus and failure windows, and the builder (its army and deck stay,
        and quitting asks about them); never the card form, whose edits would go."""
        found: list[UIWindow] = list(self.docs.dialogs.open_windows())
        if self.builder_window is not None and self.builder_window.alive():
            found.append(self.builder_window.window)
        if self.collections.window is not None and self.collections.window.alive():
            found.append(self.collections.window.window)
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
        elif key == pygame.K_r and not ctrl and self.tool in dict(PIECE_TOOLS):
            self.message = self.pieces.turn(1)
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
        elif self.tool == "sight" and self.sight.on_key(event):
            return
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
                if self.tool in dict(PIECE_TOOLS) and pygame.key.get_mods() & pygame.KMOD_SHIFT:
                    self.message = self.pieces.turn(-1 if event.y > 0 else 1)
                else:
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
            "collection": lambda: self.collections.open(self.ui, self.size),
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
        self.sight.update(self.tool == "sight", self.view_rect)
        self.docs.tick()
        self.balance.update()
        self.watch_games()
        self.show_title()
        self.ui.update(dt)

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
        self.watch_games()
        self.play_folders.sweep(closing=True)

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
