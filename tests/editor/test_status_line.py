"""The status line under the map is read whole at the editor's smallest usual size
(1280x720): the map, the hex under the mouse, the selection and the tool's hint or the last
message, on two lines of a smaller font when one is not enough (it used to be cut at the
right edge, mid-word, for most tools' hints)."""

from __future__ import annotations

import pygame
import pytest
from editor_kit import DUEL, pump, shot

from editor import app as editor_app
from editor.map.brush import HINTS
from editor.map.frame import BOTTOM, LEFT, RIGHT

pytestmark = pytest.mark.usefixtures("headless")

LONG_MESSAGES = (
    "Ready to play on The Regenerated River: 2 players, zones yellow and blue "
    "(proposed zones, not checked for fairness)",
)


def words(text: str) -> list[str]:
    return [w for w in text.replace("\u2026", "").split() if w != "\u2022"]


@pytest.mark.parametrize("tool", sorted(HINTS))
def test_every_hint_is_read_whole(tool: str) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    pump(app)
    app.choose_tool(tool)
    app.message = ""
    app.view.hover = (3, -2)
    app.tools.selection = {(0, 0), (1, 0)}
    text = app.status_text()
    assert HINTS[tool] in text
    font, lines = app.view.status_layout(text)
    width = app.size[0] - LEFT - RIGHT - 16
    assert 1 <= len(lines) <= 2
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert (font.get_linesize() - 1) * len(lines) <= BOTTOM
    assert words(" ".join(lines)) == words(text), "nothing of the status is cut"


def test_a_long_message_is_read_whole_and_drawn(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    pump(app)
    app.message = LONG_MESSAGES[0]
    app.view.hover = (3, -2)
    text = app.status_text()
    font, lines = app.view.status_layout(text)
    assert len(lines) == 2 and words(" ".join(lines)) == words(text)
    path = shot(app, headless, "status-line-two-lines.png")
    assert path.exists()
    # Both lines are drawn inside the status strip, under the map.
    h = app.size[1]
    strip = headless.subsurface(pygame.Rect(LEFT, h - BOTTOM, app.size[0] - LEFT - RIGHT,
                                            BOTTOM))
    lit = [y for y in range(BOTTOM) if any(
        sum(strip.get_at((x, y))[:3]) > 450 for x in range(0, strip.get_width(), 2))]
    assert lit and lit[-1] - lit[0] > font.get_linesize(), "two lines of text are drawn"
