"""The builder's "Test strength", headless: the army as built is played against the premade
armies in worker processes, its report is ``arena balance --armies FILE``'s for the same
seed and games, an army that breaks a rule is refused plainly, and the panel in the builder
window shows the progress, then the rating beside the points total. (Random players here:
a greedy Duel takes seconds; the real-window test plays greedy ones.)"""

from __future__ import annotations

import contextlib
import io
import json
import multiprocessing
from pathlib import Path

import pygame
import pygame_gui
import pytest

from arena.ai.balance_cli import main as balance_main
from editor.core.builder import Builder, shipped_catalog
from editor.windows.builder_window import BuilderWindow
from editor.windows.strength_check import StrengthCheck, StrengthRefused, rating_text

ROOT = Path(__file__).resolve().parents[2]


def _builder() -> Builder:
    catalog = shipped_catalog()
    b = Builder(catalog.army_cards, catalog.spells, reserved_armies=frozenset(catalog.armies),
                reserved_decks=frozenset(catalog.decks))
    b.load_army(ROOT / "cards" / "armies" / "jace-premade.yaml")
    b.load_deck(ROOT / "cards" / "decks" / "blue-premade.yaml")
    b.name_army("My Jace")
    b.name_deck("My Blue")
    return b


def test_the_army_as_built_is_rated_as_the_command_line_rates_its_file(
        tmp_path: Path) -> None:
    b = _builder()
    running = StrengthCheck(b, 2, jobs=1, controllers=("random",))
    folder = running.folder
    assert folder is not None and (folder / "my-jace.yaml").is_file() and running.total == 2
    while running.poll(wait=5.0):
        pass
    assert not running.running and running.error is None and running.done == 2
    assert not folder.exists() and not multiprocessing.active_children()
    report = running.report()
    assert rating_text(report).startswith("Strength ")
    # The command line on the same army and deck files says the same.
    army, deck = tmp_path / "my-jace.yaml", tmp_path / "my-blue.yaml"
    b.save_army(army)
    b.save_deck(deck)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert balance_main(["--armies", str(army), "--games", "2", "--seats", "random",
                             "--jobs", "1", "--json"]) == 0
    cli = json.loads(out.getvalue())
    mine = report.to_data()
    assert [r["rating"] for r in mine["ratings"]] == [r["rating"] for r in cli["ratings"]]
    ours, theirs = next(iter(mine["armies"].values())), cli["armies"][str(army)]
    assert {k: v for k, v in ours.items() if k != "army"} == \
        {k: v for k, v in theirs.items() if k != "army"}


def test_an_army_that_breaks_a_rule_is_refused() -> None:
    b = _builder()
    b.cards = []
    with pytest.raises(StrengthRefused, match="add army cards first"):
        StrengthCheck(b, 2)
    b = _builder()
    b.cards = b.cards * 4
    with pytest.raises(StrengthRefused, match="the army breaks a rule"):
        StrengthCheck(b, 2)


def test_the_panel_sits_beside_the_points_total(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    try:
        pygame.display.set_mode((1280, 720))
        ui = pygame_gui.UIManager((1280, 720))
        window = BuilderWindow(ui, _builder(), (1280, 720))
        panel = window.strength
        label, line = window.army_label.relative_rect, panel.line.relative_rect
        assert line.y == label.y and line.x > label.right - 1 and line.right <= 620
        assert panel.button.text == "Test strength" and panel.state() == "idle"
        panel.games.set_text("many")
        panel.start()
        assert panel.state() == "refused" and panel.line.text.startswith("Games: a whole")
        window.builder.cards = []
        panel.games.set_text("2")
        panel.start()
        assert panel.line.text == "Cannot test: add army cards first"
        window.window.kill()
    finally:
        pygame.quit()
