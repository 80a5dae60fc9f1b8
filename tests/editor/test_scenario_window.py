"""The scenario settings window as the map maker reads it: the drop-downs and the problems
speak the window's words (never a file's keys or raw values), every problem shows at once,
and the window owns the input while it is open; the army builder numbers a problem's card
as its own list does."""

from __future__ import annotations

import re

import pygame
import pygame_gui
import pytest
from editor_kit import DUEL, ROOT, key, press, pump, shot

from editor import app as editor_app
from editor.core.builder import Builder, finding_text, shipped_catalog
from editor.core.scenario_form import CHOICES, LABELS, ScenarioForm

pytestmark = pytest.mark.usefixtures("headless")

RAW_WORDS = {value for values in CHOICES.values() for value in values if "_" in value} | {
    name for name in LABELS if "_" in name} | {"turn_limit", "players.min", "players.max",
                                               "zones.mode", "deck.cards", "max_cost"}
"""The file's own spellings no sentence of the window may show."""


QUOTED_KEYS = {"cards", "min", "max", "mode", "order", "teams", "players", "deck"}
"""Keys of the file that a sentence may only name in quotes ("write a number for 'cards'")."""


def raw_words_in(text: str) -> list[str]:
    bare = [word for word in RAW_WORDS if re.search(rf"(?<![\w.]){re.escape(word)}\b", text)]
    quoted = [word for word in QUOTED_KEYS if f"'{word}'" in text]
    return sorted(bare + quoted)


def test_drop_downs_show_words_and_keep_the_values(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(ROOT / "scenarios" / "the-duel.yaml", recover=False)
    press(app, app.panels.buttons["scenario"])
    for name in CHOICES:
        menu = app.scenario.scenario_fields[name]
        assert isinstance(menu, pygame_gui.elements.UIDropDownMenu)
        shown = menu.selected_option[0]
        assert "_" not in shown and raw_words_in(shown) == [], (name, shown)
    form = app.scenario.read_scenario_fields()
    assert (form.victory, form.tie_break) == ("destroy_planeswalkers",
                                              "most_figures_then_planeswalker_life")


@pytest.mark.parametrize("changes", [
    {"army_budget": "abc"}, {"army_budget": "0"}, {"deck_cards": "x"},
    {"turn_limits": "3: 30"}, {"players_min": "3"}, {"zone_mode": "one_team_per_zone"},
], ids=["budget-word", "budget-zero", "deck-word", "turn-limit", "players", "teams"])
def test_problems_and_fixes_name_what_the_user_sees(changes: dict[str, str]) -> None:
    problems = ScenarioForm(**changes).build("duel")[1]
    assert problems
    for line in problems:
        assert raw_words_in(line) == [], line


def test_every_problem_shows_at_once_and_the_wheel_stays_in_the_window(
        headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(ROOT / "scenarios" / "the-duel.yaml", recover=False)
    press(app, app.panels.buttons["scenario"])
    fields = app.scenario.scenario_fields
    for name, value in (("players_max", "5"), ("army_budget", "abc"), ("deck_cards", "x"),
                        ("deck_max_cost", "0")):
        entry = fields[name]
        assert isinstance(entry, pygame_gui.elements.UITextEntryLine)
        entry.set_text(value)
    press(app, app.scenario.buttons["scenario-apply"])
    box = app.scenario.scenario_problems
    assert box is not None
    pump(app, 0.3)
    count = int(app.message.split(": ")[1].split(" ")[0])
    assert count >= 3
    assert box.scroll_bar is None, "every problem is in view, none behind a scroll bar"
    shot(app, headless, "scenario-window-all-problems.png")

    # The window is modal: the wheel over its problem box never zooms the map behind it.
    assert app.modal_open()
    zoom = app.view.cam.zoom
    pygame.mouse.set_pos(box.rect.center)
    app.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                        precise_x=0.0, precise_y=-1.0))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.rect.center, button=5))
    pump(app)
    assert app.view.cam.zoom == zoom


def test_builder_numbers_a_spell_as_its_deck_list_does() -> None:
    cat = shipped_catalog()
    b = Builder(cat.army_cards, cat.spells)
    walker = b.planeswalkers()[0]
    b.choose_planeswalker(walker.id)
    choices = b.spell_choices()
    for spell in choices[:5]:
        b.add_spell(spell.id)
    b.add_spell(choices[0].id)  # the sixth spell of the list repeats the first
    lines = [finding_text(f) for f in b.deck_totals()[0]]
    repeat = next(line for line in lines if "already in the deck" in line)
    assert repeat.startswith("Spell 6: "), repeat
    assert "spells[" not in repeat


def test_builder_window_lists_the_same_number(headless: pygame.Surface) -> None:
    app = editor_app.EditorApp(DUEL, recover=False)
    press(app, app.panels.buttons["armies"])
    window, b = app.armies.window, app.builder
    assert window is not None and b is not None
    walker = b.planeswalkers()[0]
    b.choose_planeswalker(walker.id)
    choices = b.spell_choices()
    for spell in [*choices[:5], choices[0]]:
        b.add_spell(spell.id)
    window.refresh()
    listed = window.deck_list.item_list[5]["text"]
    assert listed.startswith("6. ")
    assert "Spell 6: " in window.deck_findings.html_text


@pytest.mark.parametrize("how", ["escape", "close-button"])
def test_closing_keeps_what_was_typed(headless: pygame.Surface, how: str) -> None:
    """Esc closes the scenario window as its close button does, and neither loses what was
    typed: the form keeps the fields (Save scenario writes them), the map its new name, as
    one step Undo takes back."""
    app = editor_app.EditorApp(ROOT / "scenarios" / "the-duel.yaml", recover=False)
    press(app, app.panels.buttons["scenario"])
    window = app.scenario.window
    assert window is not None and app.modal_open()
    budget = app.scenario.scenario_fields["army_budget"]
    assert isinstance(budget, pygame_gui.elements.UITextEntryLine)
    budget.set_text("450")
    app.scenario.map_fields["name"].set_text("The Duel, evened")
    if how == "escape":
        key(app, pygame.K_ESCAPE)
    else:
        window.on_close_window_button_pressed()  # type: ignore[no-untyped-call]
        pump(app)
    assert not app.scenario.alive() and not app.modal_open()
    assert app.scenario.form().army_budget == "450"
    assert app.editor.doc.name == "The Duel, evened"
    assert "kept" in app.message
    press(app, app.panels.buttons["scenario"])
    reopened = app.scenario.scenario_fields["army_budget"]
    assert isinstance(reopened, pygame_gui.elements.UITextEntryLine)
    assert reopened.get_text() == "450"
    key(app, pygame.K_ESCAPE)
    app.tools.undo()
    assert app.editor.doc.name != "The Duel, evened"
