"""Opening a community map: the window shows a busy mark before the seconds of importing,
building and checking start (seen: nothing for 3 to 11 s), and ``arena-editor MAP.json``
shows the import report as Open does (seen: no report)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from editor_kit import ARTIFACTS, SHARED, press, pump, shot

from arena.content.community import community_files
from editor import app as editor_app
from editor.core import model as m
from editor.files import mapimport

pytestmark = pytest.mark.usefixtures("headless")

MARK = (230, 190, 90)
"""The busy mark's outline colour (`editor.map.busy`)."""


def test_a_busy_mark_is_on_the_screen_while_a_community_map_opens(
        headless: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    app = editor_app.EditorApp(recover=False)
    app.draw(headless)
    seen: list[pygame.Surface] = []
    real = mapimport.import_editor

    def import_editor(path: Path) -> tuple[m.Editor, list[str]]:
        screen = pygame.display.get_surface()
        assert screen is not None
        seen.append(screen.copy())  # what the window shows while the import runs
        return real(path)

    monkeypatch.setattr(mapimport, "import_editor", import_editor)
    source = SHARED / "Web_1_The_Regenerated_River.json"
    app.docs.request_open(source)
    assert app.editor.doc.id == "web-1-the-regenerated-river"
    assert len(seen) == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(seen[0], str(ARTIFACTS / "busy-mark.png"))
    w, h = seen[0].get_size()
    row = [seen[0].get_at((x, h // 2 - 46))[:3] for x in range(w // 2 - 150, w // 2 + 150)]
    assert sum(1 for c in row if c == MARK) > 200, "the mark's frame across the middle"
    assert app.busy_mark.shown == [f"Opening {source.name}\u2026"]
    assert app.busy_mark.text == ""  # gone once the map is open
    pump(app)
    app.draw(headless)
    assert headless.get_at((w // 2, h // 2 - 46))[:3] != MARK


def test_the_command_line_map_shows_its_import_report(headless: pygame.Surface) -> None:
    source = SHARED / "Welcome.json"
    app = editor_app.EditorApp(source, recover=False)
    pump(app)
    assert app.editor.doc.id == "welcome"
    titles = [w.window_display_title for w in app.docs.dialogs.open_windows()]
    assert titles == ["Imported Welcome.json"]
    assert app.docs.dialogs.open_windows()[0].alive()
    shot(app, headless, "command-line-import-report.png")


def test_open_offers_the_community_maps_as_a_group(headless: pygame.Surface) -> None:
    """The community maps shipped with Arena are one click from Open (no file dialog, no
    knowing the formats exist); the one chosen is imported and its report lists what the
    import approximated."""
    app = editor_app.EditorApp(recover=False)
    press(app, app.panels.buttons["open"])
    menu = app.files.open_choice
    assert menu is not None and "community" in menu.buttons
    press(app, menu.buttons["community"])
    group = app.files.open_choice
    assert group is not None and group.window.window_display_title == "Community maps"
    keys = [k for k in group.buttons if k.startswith("community-")]
    assert len(keys) == len(community_files()) >= 11
    shot(app, headless, "open-community-maps.png")
    isle = community_files().index(SHARED / "Web_2_Uncharted_Isle.json")
    assert "Web 2 Uncharted Isle" in group.buttons[f"community-{isle}"].text
    press(app, group.buttons[f"community-{isle}"])
    assert app.editor.doc.id == "web-2-uncharted-isle" and app.editor.path is None
    windows = app.docs.dialogs.open_windows()
    assert [w.window_display_title for w in windows] == ["Imported Web_2_Uncharted_Isle.json"]
    assert "Approximated:" in windows[0].text_block.html_text
