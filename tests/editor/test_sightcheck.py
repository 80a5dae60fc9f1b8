"""The sight and height checker's answers (`editor.core.sightcheck`, headless) on small battlefields
edited with the editor's own commands: clear sight, sight blocked by a ruin and by a higher
hill, engagement with its level and obstacle exceptions, and height advantage either way --
each the engine's answer for figures standing there."""

from __future__ import annotations

import subprocess
import sys

import pytest
from model_kit import patch_editor

from arena.content.catalog import load_game_catalog
from arena.hexgrid import Hex
from editor.core import model as m
from editor.core.sightcheck import FIGURE_HEIGHT, MAX_HEIGHT, check_map, stand_in

A, B = (-2, 0), (2, 0)
"""Two spaces four apart on a row, with (0, 0) halfway between them."""


def field(radius: int = 3) -> m.Editor:
    """A flat round field of level-1 land."""
    return patch_editor(radius)


def raise_to(editor: m.Editor, at: m.Coord, level: int, terrain: str = "land") -> None:
    while editor.doc.top(at) < level:
        editor.execute(m.Raise(at, terrain))


def test_clear_sight_on_flat_land() -> None:
    found = check_map(field().doc, A, B)
    assert found.ok and not found.blocked
    assert [look.clear for look in found.looks] == [True, True]
    assert found.blocking == ()
    assert found.lines()[:2] == ["A sees B: clear", "B sees A: clear"]
    assert found.summary() == ("Sight check: clear sight both ways; not engaged; "
                               "height advantage: neither")
    assert all(look.ruler is not None and look.ruler.clear for look in found.looks)


def test_a_ruin_between_blocks_sight_both_ways() -> None:
    editor = field()
    editor.execute(m.PlaceObstacle("ruin", ((0, 0), (0, -1)), 6))
    found = check_map(editor.doc, A, B)
    assert found.ok and found.blocked
    assert [look.clear for look in found.looks] == [False, False]
    # The whole ruin is marked, and said in the battle screen's words.
    assert found.blocking == (Hex(0, -1), Hex(0, 0))
    assert found.sight_words(0) == "A sees B: blocked by ruin at 0,0"
    assert "blocked both ways by ruin at 0,0" in found.summary()
    assert "A could attack B: no (no clear sight)" in found.lines()
    # Tall enough figures see over it: the heights are the figures'.
    tall = check_map(editor.doc, A, B, (MAX_HEIGHT, MAX_HEIGHT))
    assert not tall.blocked and "A could attack B: yes" in tall.lines()


def test_a_higher_hill_between_blocks_sight() -> None:
    editor = field()
    raise_to(editor, (0, 0), 7)
    found = check_map(editor.doc, A, B)
    assert [look.clear for look in found.looks] == [False, False]
    assert found.blocking == (Hex(0, 0),)
    assert found.sight_words(1) == "B sees A: blocked by land level 5 at 0,0"  # eye 4.5
    # A lower hill lets the figures see each other over it.
    low = field()
    raise_to(low, (0, 0), 3)
    assert not check_map(low.doc, A, B).blocked


def test_neighbours_are_engaged_unless_a_ledge_or_an_obstacle_parts_them() -> None:
    editor = field()
    found = check_map(editor.doc, (0, 0), (1, 0))
    assert found.adjacent and found.engaged
    assert found.engagement_words() == "Engaged: yes (adjacent)"
    assert "Sight check: clear sight both ways; engaged;" in found.summary()
    # Guide Action 3, Example 11: a ledge as high as the lower figure is tall.
    raise_to(editor, (1, 0), 1 + FIGURE_HEIGHT)
    ledge = check_map(editor.doc, (0, 0), (1, 0))
    assert not ledge.adjacent and not ledge.engaged
    assert "not adjacent" in ledge.engagement_words()
    # A taller figure at the foot of the ledge is adjacent again.
    assert check_map(editor.doc, (0, 0), (1, 0), (FIGURE_HEIGHT + 1, FIGURE_HEIGHT)).engaged
    # Guide Action 3: a ruin between two figures, taller than they are.
    walled = field()
    walled.execute(m.PlaceObstacle("ruin", ((0, 1),), 6))
    walled.execute(m.PlaceObstacle("ruin", ((1, -1),), 6))
    parted = check_map(walled.doc, (0, 0), (1, 0))
    assert parted.adjacent and not parted.engaged
    assert "an obstacle between them" in parted.engagement_words()
    far = check_map(editor.doc, A, B)
    assert far.engagement_words() == "Engaged: no (not adjacent)"


def test_height_advantage_goes_to_the_higher_base_either_way() -> None:
    editor = field()
    raise_to(editor, A, 3)
    a_high = check_map(editor.doc, A, B)
    assert a_high.higher == 0 and a_high.bases == (3.0, 1.0)
    assert a_high.height_words() == "Height advantage: A, one extra die (base 3 above 1)"
    assert a_high.summary().endswith("height advantage: A")
    b_high = check_map(editor.doc, B, A)
    assert b_high.higher == 1 and b_high.summary().endswith("height advantage: B")
    # "no matter what their actual size or height": only the bases count.
    assert check_map(editor.doc, A, B, (1, MAX_HEIGHT)).higher == 0
    # "Water spaces are lower than land spaces."
    wet = field()
    wet.execute(m.Paint(B, "water"))
    watered = check_map(wet.doc, A, B)
    assert watered.higher == 0 and watered.bases == (1.0, 0.5)
    assert "water is lower than land" in watered.height_words()
    assert check_map(field().doc, A, B).higher is None


def test_spaces_no_figure_can_stand_on_are_said() -> None:
    editor = field()
    editor.execute(m.PlaceObstacle("ruin", ((0, 0),), 4))
    assert check_map(editor.doc, A, (0, 0)).problem == \
        "no figure can stand on B [0, 0]: a ruin fills it"
    assert check_map(editor.doc, (9, 9), B).problem == \
        "no figure can stand on A [9, 9]: there is no land"
    same = check_map(editor.doc, A, A)
    assert not same.ok and same.lines() == ["pick two different spaces"]
    assert same.summary() == "Sight check: pick two different spaces"


def test_heights_stay_within_the_offered_range() -> None:
    found = check_map(field().doc, A, B, (0, MAX_HEIGHT + 5))
    assert found.heights == (1, MAX_HEIGHT)


@pytest.mark.parametrize("height", sorted({c.height for c in
                                           load_game_catalog(check=False)
                                           .army_cards.values()}))
def test_a_stand_in_has_the_sight_marks_of_a_shipped_card_of_its_height(height: int) -> None:
    cards = [c for c in load_game_catalog(check=False).army_cards.values()
             if c.height == height]
    figure = stand_in(0, height)
    for card in cards:
        assert (figure.target_point, figure.hit_zone.bottom, figure.hit_zone.top) == \
            (card.target_point, card.hit_zone.bottom, card.hit_zone.top), card.id


def test_imports_without_pygame() -> None:
    code = "import editor.core.sightcheck, sys; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
