"""The sight and height checker in the editor window: the "Sight check" tool.

With the tool chosen, a click on the map picks space A, the next click space B (a third click
starts again at A). A small window beside the map says what `editor.core.sightcheck` found for a
figure standing on each -- whether each sees the other and what blocks it, engagement, height
advantage, whether either could attack the other -- and sets each figure's height with its
- and + buttons; Up / Down change figure A's height and Shift+Up / Shift+Down figure B's. The
map shows both figures as see-through columns of their heights, the engine's line of sight
as the battle screen's own ruler (solid while clear, a cross where it is blocked, dashed
beyond), and the hexes that block it in red. The answer follows every edit of the map.

The window is rebuilt when the editor rebuilds its panels, and leaves when another tool is
chosen (or with its close button, until the tool is chosen again).
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UIWindow

from arena.client.overlays import draw_ruler
from arena.client.projection import Projection
from arena.content.storeys import named, position, space
from arena.engine import Board
from arena.hexgrid import Hex, hex_polygon_coords, hex_to_point
from editor.core import model as m
from editor.core.scene import field_setup
from editor.core.sightcheck import END_NAMES, FIGURE_HEIGHT, MAX_HEIGHT, SightCheck, check

ToScreen = Callable[[float, float, float], tuple[float, float]]
"""Where a point ``(x, y)`` of the hex plane at a level is drawn on the map."""

END_COLOURS = ((255, 214, 90), (110, 200, 255))
BLOCKING = (255, 84, 72)
SIZE = (400, 280)


class SightTool:
    """The checker's picked spaces, figure heights, answer, window and drawing."""

    def __init__(self, manager: pygame_gui.UIManager, editor: Callable[[], m.Editor],
                 say: Callable[[str], None]) -> None:
        self.ui = manager
        self.editor = editor
        """The editor whose battlefield is checked (the app's current one)."""
        self.say = say
        """Puts a line in the status bar."""
        self.ends: list[Hex] = []
        self.heights = [FIGURE_HEIGHT, FIGURE_HEIGHT]
        self.result: SightCheck | None = None
        self.board: Board | None = None
        self.checked: tuple[object, ...] = ()
        """What `result` was computed for: revision, ends, heights."""
        self.checked_editor: m.Editor | None = None
        """The editor the spaces were picked on (another map forgets them)."""
        self.active = False
        self.hidden = False
        """Closed with its close button (until the tool is chosen again)."""
        self.window: UIWindow | None = None
        self.buttons: dict[str, UIButton] = {}
        self.height_labels: list[UILabel] = []
        self.text: UITextBox | None = None
        self._font: pygame.font.Font | None = None

    # --- input ------------------------------------------------------------------------------

    def pick(self, at: m.Position | Hex) -> None:
        """A click with the tool: space A, then space B, then A again (a surface: the ground
        under a bridge is a space of its own, `arena.content.storeys.space`)."""
        spot = at if isinstance(at, Hex) else space(at)
        self.ends = [spot] if len(self.ends) != 1 else [*self.ends, spot]
        self.refresh(force=True)

    def change_height(self, end: int, delta: int) -> None:
        """Figure A's (0) or B's (1) height, within 1..MAX_HEIGHT levels."""
        self.heights[end] = max(1, min(MAX_HEIGHT, self.heights[end] + delta))
        self.refresh(force=True)

    def on_key(self, event: pygame.event.Event) -> bool:
        """Up / Down: figure A's height; with Shift, figure B's. Whether the key was used."""
        if event.key not in (pygame.K_UP, pygame.K_DOWN):
            return False
        end = 1 if event.mod & pygame.KMOD_SHIFT else 0
        self.change_height(end, 1 if event.key == pygame.K_UP else -1)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Its window's buttons and close button; whether the event was its own."""
        element = getattr(event, "ui_element", None)
        if self.window is None or element is None:
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element is self.window:
            self.hidden = True
            self.window = None
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for key, button in self.buttons.items():
            if element is button:
                end, sign = key.split(":")
                self.change_height(int(end), 1 if sign == "+" else -1)
                return True
        return False

    def forget_window(self) -> None:
        """The editor is rebuilding every widget: the window goes with them and comes back
        (it was not closed by the player)."""
        self.window = None

    # --- per frame --------------------------------------------------------------------------

    def update(self, active: bool, view: pygame.Rect) -> None:
        """Show the window while the tool is chosen (``active``) and keep the answer up to
        date with the map."""
        if active and not self.active:
            self.hidden = False
        self.active = active
        alive = self.window is not None and self.window.alive()  # type: ignore[no-untyped-call]
        if active and self.window is not None and not alive:
            # gone by its close button: its close event may come only after this frame,
            # and rebuilding it here would bring it straight back
            self.hidden = True
        if not active or self.hidden:
            if alive:
                assert self.window is not None
                self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None
            return
        if not alive:
            self.build(view)
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        """Ask again when the map, the spaces or the heights changed; say the answer."""
        editor = self.editor()
        if editor is not self.checked_editor:  # New or Open: the spaces were another map's
            self.checked_editor = editor
            self.ends = self.ends if force else []
        key = (editor.revision, tuple(self.ends), tuple(self.heights))
        if key == self.checked and not force:
            return
        self.checked = key
        before = self.result.summary() if self.result is not None else None
        if len(self.ends) == 2:
            field = field_setup(editor.doc)
            self.board = field.board
            self.result = check(field, self.ends[0], self.ends[1],
                                (self.heights[0], self.heights[1]))
        else:
            self.result = None
        self.show()
        if self.result is not None and (force or self.result.summary() != before):
            self.say(self.result.summary())
        elif len(self.ends) == 1 and force:
            a = self.ends[0]
            self.say(f"Sight check: A at {named(position(a))}; now click space B")

    # --- the window -------------------------------------------------------------------------

    def build(self, view: pygame.Rect) -> None:
        rect = pygame.Rect(view.x + 8, view.bottom - SIZE[1] - 8, *SIZE)
        ui = self.ui
        self.window = UIWindow(rect, ui, window_display_title="Sight check")
        c = self.window
        self.buttons = {}
        self.height_labels = []
        for end in (0, 1):
            y = 6 + end * 32
            UILabel(pygame.Rect(8, y, 150, 28), f"Figure {END_NAMES[end]} height", ui,
                    container=c)
            keys = "Up/Down" if end == 0 else "Shift+Up/Down"
            self.buttons[f"{end}:-"] = UIButton(pygame.Rect(160, y, 30, 28), "-", ui,
                                                container=c, tool_tip_text=keys)
            self.height_labels.append(UILabel(pygame.Rect(192, y, 40, 28), "", ui,
                                              container=c))
            self.buttons[f"{end}:+"] = UIButton(pygame.Rect(234, y, 30, 28), "+", ui,
                                                container=c, tool_tip_text=keys)
        self.text = UITextBox("", pygame.Rect(6, 72, SIZE[0] - 40, SIZE[1] - 110), ui,
                              container=c)
        self.show()

    def show(self) -> None:
        """Put the heights and the answer in the window."""
        if self.window is None or self.text is None:
            return
        for label, height in zip(self.height_labels, self.heights, strict=True):
            label.set_text(str(height))
        if self.result is not None:
            lines = [html.escape(line) for line in self.result.lines()]
        elif self.ends:
            lines = ["Click space B."]
        else:
            lines = ["Click space A, then space B."]
        self.text.set_text("<br>".join(lines))

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, to_screen: ToScreen,
             proj: Projection | None = None) -> None:
        """The figures, the blocking hexes and the line of sight, on the map (``proj``: the
        3D view's projection, for the battle screen's ruler; None in the flat plan)."""
        if not self.active or not self.ends:
            return
        board = self.board if self.result is not None else None
        if board is None:
            board = field_setup(self.editor().doc).board
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        result = self.result if self.result is not None and self.result.ok else None
        for at in result.blocking if result is not None else ():
            level = max((hi for _, hi in board.solid_spans(at)), default=0.0)
            face = [to_screen(x, y, level) for x, y in _ring(at, 0.06)]
            pygame.draw.polygon(shade, (*BLOCKING, 110), face)
            pygame.draw.polygon(shade, (*BLOCKING, 255), face, 3)
        for end, at in enumerate(self.ends):
            base = float(board.surface(at))
            top = base + self.heights[end]
            colour = END_COLOURS[end]
            corners = _ring(at, 0.3)
            low = [to_screen(x, y, base) for x, y in corners]
            high = [to_screen(x, y, top) for x, y in corners]
            pygame.draw.polygon(shade, (*colour, 70), low)
            for a, b in zip(low, high, strict=True):
                pygame.draw.line(shade, (*colour, 170), a, b, 1)
            pygame.draw.polygon(shade, (*colour, 90), high)
            pygame.draw.polygon(shade, (*colour, 255), high, 2)
        surface.blit(shade, (0, 0))
        if result is not None:
            for look in result.looks:
                if look.ruler is None:
                    continue
                if proj is not None:
                    draw_ruler(surface, proj, look.ruler)
                else:
                    self.draw_flat_ray(surface, to_screen, look.clear,
                                       look.ruler.start, look.ruler.end)
        for end, at in enumerate(self.ends):
            x, y = hex_to_point(at)
            sx, sy = to_screen(x, y, float(board.surface(at)) + self.heights[end])
            label = self.font().render(END_NAMES[end], True, END_COLOURS[end])
            box = label.get_rect(midbottom=(round(sx), round(sy) - 4))
            pygame.draw.rect(surface, (14, 16, 25), box.inflate(8, 4), border_radius=4)
            surface.blit(label, box)

    def draw_flat_ray(self, surface: pygame.Surface, to_screen: ToScreen, clear: bool,
                      start: tuple[float, float, float], end: tuple[float, float, float]
                      ) -> None:
        """The line of sight seen from above: green when clear, red when blocked."""
        a = to_screen(*start)
        b = to_screen(*end)
        colour = (120, 230, 150) if clear else BLOCKING
        pygame.draw.line(surface, (12, 12, 18), a, b, 5)
        pygame.draw.line(surface, colour, a, b, 2)

    def font(self) -> pygame.font.Font:
        if self._font is None:
            self._font = pygame.font.Font(None, 24)
        return self._font


def _ring(at: Hex, shrink: float) -> list[tuple[float, float]]:
    """The six corners of a hex in the plane, drawn ``shrink`` inside its edges."""
    return hex_polygon_coords(at, shrink=shrink)[:-1]
