"""Proposed starting zones in the editor: "Ready to play" says they are not checked for
fairness until the short seeded balance check run after an import has played them; then the
verdict and the import report give its result, and an edit makes them unchecked again."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

from editor.core.validation import validate
from editor.core.verdict import NOT_CHECKED
from editor.core.zone_check import ZoneCheck
from editor.files.mapimport import import_editor
from editor.files.zone_followup import ZoneFollowUp


def test_ready_says_the_proposed_zones_are_not_checked(community_maps: Path) -> None:
    editor, lines = import_editor(community_maps / "Web_2_Uncharted_Isle.json")
    report = validate(editor.doc)
    assert report.headline().startswith("Ready to play as The Duel")
    assert report.headline().endswith(f"({NOT_CHECKED})")
    assert any(NOT_CHECKED in line for line in report.play_lines())
    assert any(NOT_CHECKED in line.lower() for line in lines)


def test_the_check_after_an_import_shows_in_the_verdict(community_maps: Path) -> None:
    editor, lines = import_editor(community_maps / "BWBB_1_Vengalla_Gulch.json")
    doc = editor.doc
    said: list[str] = []
    follow = ZoneFollowUp(said.append)
    follow.start(doc, None, community_maps / "BWBB_1_Vengalla_Gulch.json", lines)
    assert follow.running
    assert isinstance(follow.check, ZoneCheck)
    follow.check.cancel()
    follow.check = ZoneCheck(doc, games=1)  # one game is enough to see it through
    while follow.running:
        follow.check.poll(wait=5.0)
    follow.poll()
    assert len(said) == 1 and said[0].startswith("proposed zones checked by 1 greedy games")
    headline = validate(doc).headline()
    assert "proposed zones checked by 1 greedy games (seed 1)" in headline, headline
    assert NOT_CHECKED not in headline
    assert not multiprocessing.active_children()
    edited = doc.copy()
    edited.name = "Vengalla Gulch, edited"
    assert validate(edited).headline().endswith(f"({NOT_CHECKED})")


def test_a_map_without_proposed_zones_gets_no_check(community_maps: Path) -> None:
    editor, lines = import_editor(community_maps / "Welcome.json")
    follow = ZoneFollowUp(lambda line: None)
    follow.start(editor.doc, None, community_maps / "Welcome.json", lines)
    assert not follow.running and follow.check is None


def test_the_editor_shows_the_check_in_the_report_and_the_verdict(headless: None) -> None:
    """Opened in the editor window: the import report and the verdict first say the zones
    are not checked, then (the check played in the background, the window still drawing)
    both give its result."""
    from editor_kit import SHARED, pump

    from editor import app as editor_app

    app = editor_app.EditorApp(recover=False)
    app.docs.import_map(SHARED / "ladders.hsc")  # not checked by another test here
    pump(app, 1.0)
    assert app.panels.problems_label.text.endswith(f"({NOT_CHECKED})")
    window = app.docs.dialogs.open_windows()[0]
    assert window.text_block is not None
    assert "not checked for fairness" in window.text_block.html_text.lower()
    follow = app.docs.zones
    assert follow.running and follow.check is not None
    follow.check.cancel()
    follow.check = ZoneCheck(app.editor.doc, games=1)
    frames = 0
    while follow.running:
        follow.check.poll(wait=0.05)  # a frame every 50 ms while the game is played
        pump(app)
        frames += 1
    pump(app, 1.0)
    assert frames > 1  # the editor kept drawing while the game was played
    assert "Check: proposed zones checked by 1 greedy games" in window.text_block.html_text
    assert "proposed zones checked by 1 greedy games" in app.panels.problems_label.text
    assert app.message.startswith("Proposed zones checked by 1 greedy games")
    app.close()
