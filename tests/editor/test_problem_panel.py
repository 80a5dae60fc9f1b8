"""The validation panel on the right as the map maker reads it: a problem's line wraps inside
the panel (never cut at its edge), a map without problems gives the whole column to its
summary (no empty boxes), and the red outline of a problem goes once the problem is fixed."""

from __future__ import annotations

import html
import re

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, click, pump, shot

from editor import app as editor_app
from editor.core import model as m
from editor.map.frame import RIGHT, TOP

pytestmark = pytest.mark.usefixtures("headless")


def settled(app: editor_app.EditorApp) -> None:
    """Past the validation debounce: the panel shows the report of the map as it is."""
    app.changed()
    pump(app, 0.4)


def test_problem_lines_wrap_inside_the_panel(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    app.run_command(m.Raise((12, -3)))
    app.run_command(m.PlaceGlyph((14, -3), "healing"))
    settled(app)
    lines = [f.line() for f in app.panels.findings]
    assert len(lines) == 2
    font = pygame.font.Font(None, 18)
    assert max(font.size(line)[0] for line in lines) > RIGHT - 40, "a line longer than the panel"
    box = app.panels.problem_list
    assert isinstance(box, pygame_gui.elements.UITextBox), "a wrapping box, not one-line rows"
    shown = html.unescape(re.sub(r"<[^>]+>", "", box.html_text))
    for line in lines:
        assert line in shown
    rows = box.text_box_layout.layout_rows
    assert len(rows) > len(lines), "the long lines wrap onto more rows"
    assert all(row.width <= box.rect.width for row in rows)
    shot(app, headless, "problems-wrapped.png")

    # A click on any row of a problem's lines shows it (its detail and its hexes).
    rows = sorted({row.y for row in box.text_box_layout.layout_rows})
    first_rows = len(rows) - 2  # the second problem takes two rows
    assert first_rows >= 2
    for index, row in ((0, rows[0]), (0, rows[first_rows - 1]), (1, rows[-1])):
        app.panels.detail_finding = None
        click(app, (box.rect.left + 40, box.rect.top + 12 + row))
        assert app.panels.detail_finding is app.panels.findings[index], (index, row)
        assert app.view.focus == app.panels.findings[index].hexes


def test_no_problems_give_the_column_to_the_summary(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    settled(app)
    panels = app.panels
    assert panels.findings == []
    assert not panels.problem_list.visible and not panels.detail.visible
    assert panels.summary_box.rect.top <= TOP + 32
    shot(app, headless, "no-problems-summary.png")

    app.run_command(m.Raise((12, -3)))
    settled(app)
    assert panels.problem_list.visible and panels.detail.visible
    assert panels.summary_box.rect.top > panels.detail.rect.bottom - 1


def test_the_outline_goes_with_the_problem(headless: pygame.Surface) -> None:
    """Seen: the red outline stayed on a hex after its problem was fixed."""
    app = editor_app.EditorApp(DUEL, recover=False)
    app.run_command(m.Raise((12, -3)))
    settled(app)
    app.panels.select_finding(0)
    assert app.view.focus[0] == (12, -3)
    app.tools.undo()
    settled(app)
    assert app.panels.findings == []
    assert app.view.focus == ()
    shot(app, headless, "outline-gone.png")
