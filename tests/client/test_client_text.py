"""Text cut to a width stays inside it in the font it is drawn in: bold letters are wider, so
a line measured in the regular font and drawn bold ran past its box (a long Planeswalker's
name over the edge of its army card)."""

from __future__ import annotations

import pygame
import pytest

from arena.client import text
from arena.client.scenes.hud import CardRow, CardWidget

LONG = "Chandra Nalaar, Pyromancer of the Burning Wastes"


@pytest.mark.parametrize("bold", [False, True])
def test_a_line_cut_to_a_width_is_drawn_inside_it(screen: pygame.Surface, bold: bool) -> None:
    width = 180
    rect = text.blit(screen, LONG, 19, (255, 255, 255), (10, 10), bold=bold, width=width)
    assert rect.width <= width
    assert text.fit(LONG, 19, width, bold).endswith("…")


def test_a_short_line_is_not_cut(screen: pygame.Surface) -> None:
    rect = text.blit(screen, "Gideon", 19, (255, 255, 255), (10, 10), bold=True, width=400)
    assert rect.width == text.size("Gideon", 19, True)[0]


def test_a_long_name_stays_inside_its_army_card(screen: pygame.Surface) -> None:
    backdrop = (1, 2, 3)
    screen.fill(backdrop)
    card = pygame.Rect(20, 20, 250, 72)
    row = CardRow(uid="p1:chandra", name=LONG, colour="red", stats="Move 6 · Range 5",
                  where="Life 6/6", seat_color=(200, 60, 60))
    CardWidget(row, card, None).draw(screen, focused=False, hovered=False, pressed=False)
    right_of_card = pygame.Rect(card.right, card.top, 200, card.height)
    touched = {tuple(screen.get_at((x, y)))[:3] for x in range(right_of_card.left,
                                                                right_of_card.right)
               for y in range(right_of_card.top, right_of_card.bottom)}
    assert touched == {backdrop}
