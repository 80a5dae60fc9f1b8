"""The Sight check tool in the editor window under SDL's dummy driver: two spaces picked by
clicking across a ruin of The Duel's battlefield, the answer in the status line and the tool's
window, the ruin marked on the map, the heights changed by keys and buttons, the answer
following an edit. Screenshots go to tests/artifacts/editor/."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, click, hex_pos, hover, key, press, pump, shot

from arena.hexgrid import Hex
from editor import app as editor_app
from editor.core import model as m

pytestmark = pytest.mark.usefixtures("headless")

A, B = (-1, -4), (-1, 0)
"""Two spaces of The Duel on either side of its ruin on (-1, -2) and (-1, -1)."""


def checking(app: editor_app.EditorApp) -> None:
    press(app, app.panels.tool_buttons["sight"])
    pump(app)
    assert app.tools.tool == "sight"


def text(app: editor_app.EditorApp) -> str:
    assert app.sight.text is not None
    return str(app.sight.text.html_text)


def test_pick_two_spaces_across_a_ruin(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    checking(app)
    window = app.sight.window
    assert window is not None and window.alive()
    assert "Click space A, then space B." in text(app)
    click(app, hex_pos(app, A))
    assert app.message == "Sight check: A at [-1, -4]; now click space B"
    click(app, hex_pos(app, B))
    assert app.message.startswith("Sight check: A to B blocked by ruin at -1,-2, "
                                  "B to A blocked by ruin at -1,-1; not engaged;")
    assert "A sees B: blocked by ruin at -1,-2" in text(app)
    assert "Engaged: no (not adjacent)" in text(app)
    # A stands in water: B's base is higher (guide, "Height advantage").
    assert app.message.endswith("height advantage: B")
    found = app.sight.result
    assert found is not None and found.blocking == (Hex(-1, -2), Hex(-1, -1))

    # The ruin is marked red on the map (its top, six levels above the ground).
    path = shot(app, headless, "sight-check.png")
    picture = pygame.image.load(str(path))
    x, y = app.projection().to_screen(Hex(-1, -2), 7.0)
    r, g, b, _ = picture.get_at((round(x), round(y)))
    assert r > g + 60 and r > b + 60, (r, g, b)
    app.view.flat = True
    shot(app, headless, "sight-check-flat.png")
    app.view.flat = False

    # Heights: Up / Down for A, with Shift for B, and the window's buttons.
    key(app, pygame.K_UP)
    key(app, pygame.K_DOWN, pygame.KMOD_SHIFT)
    assert app.sight.heights == [5, 3]
    press(app, app.sight.buttons["1:+"])
    assert app.sight.heights == [5, 4]
    assert [label.text for label in app.sight.height_labels] == ["5", "4"]

    # The answer follows the map: without the ruin the two see each other.
    app.run_command(m.RemoveObstacle((-1, -2)))
    pump(app)
    assert app.message.startswith("Sight check: clear sight both ways")
    assert "A sees B: clear" in text(app)


def test_the_window_goes_with_the_tool(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    checking(app)
    first = app.sight.window
    assert first is not None
    press(app, app.panels.tool_buttons["raise"])
    pump(app)
    assert app.sight.window is None and not first.alive()
    key(app, pygame.K_UP)  # not the checker's key with another tool
    assert app.sight.heights == [4, 4]
    checking(app)
    window = app.sight.window
    assert window is not None and window.alive()
    # Its close button hides it until the tool is chosen again.
    app.handle_event(pygame.event.Event(pygame_gui.UI_WINDOW_CLOSE, ui_element=window))
    window.kill()
    pump(app)
    assert app.sight.window is None
    # Rebuilding the panels (a new brush terrain) keeps it hidden, then shows it again.
    press(app, app.panels.tool_buttons["raise"])
    checking(app)
    key(app, pygame.K_2)  # the brush terrain rebuilds every panel
    pump(app)
    assert app.sight.window is not None and app.sight.window.alive()
    # Another map forgets the spaces picked on this one.
    click(app, hex_pos(app, A))
    click(app, hex_pos(app, B))
    assert app.sight.result is not None
    app.docs.request_new()
    pump(app)
    assert app.sight.ends == [] and app.sight.result is None
    assert "Click space A, then space B." in text(app)


def test_the_close_button_closes_it_while_the_tool_is_chosen(headless: pygame.Surface) -> None:
    """Its × closed the window, and the next frame built it again before the close event
    arrived (#35 item 7): a click on × now hides it until the tool is chosen again."""
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    press(app, app.panels.tool_buttons["sight"])
    pump(app)
    window = app.sight.window
    assert window is not None and window.alive()
    at = window.close_window_button.rect.center
    hover(app, at)
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    pump(app)
    pump(app)
    assert app.tool == "sight"
    assert app.sight.window is None and not window.alive()
    key(app, pygame.K_2)  # the panels rebuilt: still closed
    pump(app)
    assert app.sight.window is None
    press(app, app.panels.tool_buttons["raise"])
    press(app, app.panels.tool_buttons["sight"])
    pump(app)
    assert app.sight.window is not None and app.sight.window.alive()
