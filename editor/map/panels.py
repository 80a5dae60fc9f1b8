"""The editor window's panels: the file and view bar along the top, the tool palette and
brush on the left, the validation panel on the right (problems, the problem's detail,
summary, a core-box component count).

The part owns its widgets and the live check of the map: the debounced validation, its
report and the problem shown in the detail pane. It reads the tool, the brush and the view
through `PanelsHost`; its buttons' presses are the window's to route (`buttons`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UITextBox,
)

from editor.core import model as m
from editor.core.validation import Debouncer, Finding, Report, validate
from editor.files.mapimport import proposed_note
from editor.map.brush import HINTS, TOOLS, Brush
from editor.map.frame import BOTTOM, RIGHT, TOP
from editor.map.piece_palette import PiecePalette
from editor.windows.collection_window import Collections

CLICK_ONE = "Click a problem to see its fix and the hexes it names."
"""The detail pane while problems are listed and none is chosen."""


def _link(target: int, line: str) -> str:
    """A problem's line as a link to it, word by word: a link that wraps onto a second row is
    only clickable on its last row, so each word is a link of its own."""
    return "".join(f"<a href='{target}'>{html.escape(word)} </a>" for word in line.split(" "))


def quit_button_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where the Quit button is (the top bar's right end)."""
    return pygame.Rect(size[0] - 70, 6, 64, TOP - 12)


def _toggle(button: UIButton, on: bool) -> None:
    """Show a palette button pressed in (the current tool) or not."""
    if on:
        button.select()  # type: ignore[no-untyped-call]
    else:
        button.unselect()  # type: ignore[no-untyped-call]


class PanelsHost(Protocol):
    """What the panels read of the editor window."""

    @property
    def ui(self) -> pygame_gui.UIManager: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def editor(self) -> m.Editor: ...

    @property
    def tool(self) -> str:
        """The current map tool (`editor.map.tools.MapTools.tool`)."""

    @property
    def brush(self) -> Brush: ...

    @property
    def flat(self) -> bool:
        """Whether the view is the flat plan (`editor.map.view.MapView.flat`)."""

    @property
    def view_rect(self) -> pygame.Rect: ...

    def focus_on(self, hexes: Sequence[m.Coord]) -> None:
        """Centre the view on the first of `hexes` and mark them all."""


class Panels:
    """Building the panels and keeping them up to date."""

    def __init__(self, host: PanelsHost, pieces: PiecePalette, collections: Collections) -> None:
        self.host = host
        self.pieces = pieces
        self.collections = collections
        self.buttons: dict[str, UIButton] = {}
        """The top bar's and side panel's buttons by key (`EditorApp.button_actions`)."""
        self.tool_buttons: dict[str, UIButton] = {}
        self.debouncer = Debouncer()
        self.report = Report()
        self.findings: list[Finding] = []
        self.detail_finding: Finding | None = None
        """The problem the detail pane shows (None: none)."""
        self.collection_check: tuple[int, list[str]] = (-1, [])
        """The summary's collection lines (plain text) and the edit revision they are of."""

    @property
    def editor(self) -> m.Editor:
        return self.host.editor

    @property
    def built(self) -> bool:
        """Whether the widgets have been built (`build_ui`)."""
        return hasattr(self, "problem_list")

    def build_ui(self) -> None:
        ui = self.host.ui
        ui.clear_and_reset()  # type: ignore[no-untyped-call]
        brush = self.host.brush
        self.buttons = {}
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
        self.buttons["quit"] = UIButton(quit_button_rect(self.host.size), "Quit", ui)

        self.tool_buttons = {}
        y = TOP + 4
        for i, (key, text) in enumerate(TOOLS):
            col, row = i % 2, i // 2
            rect = pygame.Rect(6 + col * 97, y + row * 30, 95, 28)
            self.tool_buttons[key] = UIButton(rect, text, ui, tool_tip_text=HINTS[key])
        y += (len(TOOLS) + 1) // 2 * 30 + 8
        UILabel(pygame.Rect(6, y, 60, 26), "Terrain", ui)
        self.terrain_menu = UIDropDownMenu(list(m.TERRAINS), brush.terrain,
                                           pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Glyph", ui)
        self.glyph_menu = UIDropDownMenu(list(m.GLYPHS), brush.glyph,
                                         pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Side up", ui)
        self.side_menu = UIDropDownMenu(["ability", "planeswalker"], brush.side,
                                        pygame.Rect(70, y, 124, 26), ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Shape", ui)
        self.shape_menu = UIDropDownMenu(list(m.OBSTACLE_SHAPES), brush.shape,
                                         pygame.Rect(70, y, 80, 26), ui)
        self.buttons["turn-shape"] = UIButton(
            pygame.Rect(152, y, 42, 26), "Turn", ui,
            tool_tip_text="turn the obstacle shape by 60\u00b0 (R)")
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Height", ui)
        self.buttons["height-down"] = UIButton(pygame.Rect(70, y, 30, 26), "-", ui)
        self.height_label = UILabel(pygame.Rect(100, y, 64, 26), str(brush.height), ui)
        self.buttons["height-up"] = UIButton(pygame.Rect(164, y, 30, 26), "+", ui)
        y += 30
        UILabel(pygame.Rect(6, y, 60, 26), "Zone", ui)
        self.zone_menu = UIDropDownMenu(self.zone_options(), brush.zone,
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
        self.buttons["collection"] = UIButton(
            pygame.Rect(6, y + 64, 188, 28), "Collection...", ui,
            tool_tip_text="the boxes and pieces you own: can this map be built from them?")
        self.buttons["balance"] = UIButton(pygame.Rect(6, y + 96, 188, 28), "Check balance",
                                           ui, tool_tip_text="is the map fair? AI games")

        w, h = self.host.size
        rx = w - RIGHT + 6
        self.problems_label = UILabel(pygame.Rect(rx, TOP + 2, RIGHT - 12, 24), "Problems", ui)
        list_h = max(80, (h - TOP - BOTTOM) * 2 // 5 - 30)
        # Each problem a link in a wrapping box: a long line wraps, never cut at the edge.
        self.problem_list = UITextBox("", pygame.Rect(rx, TOP + 28, RIGHT - 12, list_h), ui)
        self.detail = UITextBox("", pygame.Rect(rx, TOP + 32 + list_h, RIGHT - 12, 96), ui)
        self.summary_tops = (TOP + 134 + list_h, TOP + 28)
        """Where the summary starts: under the problems and their detail, or (no problems)
        right under the headline, taking the whole column."""
        top = self.summary_tops[0]
        self.summary_box = UITextBox("", pygame.Rect(rx, top, RIGHT - 12, h - BOTTOM - top - 4),
                                     ui)
        self.shown_layout: bool | None = None
        """Whether the problems' boxes are shown (None: not laid out yet)."""
        self.refresh_tools()
        self.refresh_report()

    def zone_options(self) -> list[str | tuple[str, str]]:
        ids: list[str | tuple[str, str]] = [z.id for z in self.editor.doc.zones]
        if self.host.brush.zone not in ids:
            ids.append(self.host.brush.zone)
        return ids

    def refresh_tools(self) -> None:
        tool = self.host.tool
        for key, button in self.tool_buttons.items():
            _toggle(button, key == tool)
        self.pieces.show(self.host.ui, tool, self.host.view_rect)
        self.buttons["flat"].set_text("3D view" if self.host.flat else "Flat")
        sym = self.editor.symmetry
        _toggle(self.buttons["symmetry"], sym is not None)
        self.height_label.set_text(str(self.host.brush.height))

    def refresh_report(self) -> None:
        report = self.report
        self.findings = list(report.findings)
        self.problem_list.set_text("<br>".join(
            _link(i, f"{i + 1}. {f.line()}") for i, f in enumerate(self.findings)))
        self.lay_out(bool(self.findings))
        # The game's verdict (`editor.core.verdict`), never a "ready" of the editor's own.
        self.problems_label.set_text(report.headline())
        # The detail pane and the outline on the map follow the problem shown: gone once it
        # is fixed.
        if self.detail_finding not in self.findings:
            if self.detail_finding is not None:
                self.host.focus_on(())
            self.detail_finding = None
            self.detail.set_text(CLICK_ONE if self.findings else "")
        lines = report.play_lines()
        if report.summary is not None:
            lines += report.summary.lines()
        if report.components is not None:
            lines += ["<b>Components (one core box)</b>", *report.components.lines()]
        doc = self.editor.doc
        collection = self.collections.summary_lines(doc)
        self.collection_check = (self.editor.revision,
                                 [html.unescape(re.sub(r"<[^>]+>", "", line))
                                  for line in collection])
        lines += collection
        head = f"<b>{doc.name}</b> ({doc.id})"
        proposed = [proposed_note(doc)] if proposed_note(doc) else []
        self.summary_box.set_text("<br>".join([head, *proposed, *lines]))

    def lay_out(self, problems: bool) -> None:
        """Show the problems and their detail only when there are problems; without any the
        summary takes the whole column (no empty boxes)."""
        if problems == self.shown_layout:
            return
        self.shown_layout = problems
        for box in (self.problem_list, self.detail):
            if problems:
                box.show()  # type: ignore[no-untyped-call]
            else:
                box.hide()  # type: ignore[no-untyped-call]
        top = self.summary_tops[0 if problems else 1]
        rect = self.summary_box.rect
        self.summary_box.set_dimensions((rect.width, self.host.size[1] - BOTTOM - top - 4))
        self.summary_box.set_position((rect.left, top))

    def on_link(self, element: object, target: str) -> bool:
        """A click on a problem's line in the list: show it. True when it was one."""
        if element is not self.problem_list or not target.isdigit():
            return False
        self.select_finding(int(target))
        return True

    def select_finding(self, index: int) -> None:
        if not 0 <= index < len(self.findings):
            return
        finding = self.findings[index]
        self.detail_finding = finding
        self.detail.set_text(finding.text())
        # Centre on the hex the message is about (the first named); mark all it names.
        self.host.focus_on(finding.hexes)

    def show_document(self) -> None:
        """A battlefield was made current: its verdict at once (no debounce)."""
        self.report = validate(self.editor.doc)

    def changed(self, now: float) -> None:
        """The map changed at `now`: check it again once the edits pause."""
        self.debouncer.changed(now)

    def poll(self, now: float, checking: str) -> None:
        """Show the check's new verdict when it is due; while it waits, say `checking` (the
        verdict shown is of an older map)."""
        if self.debouncer.poll(now, self.editor.doc):
            self.report = self.debouncer.report
            self.refresh_report()
        elif self.debouncer.due is not None and self.problems_label.text != checking:
            self.problems_label.set_text(checking)
