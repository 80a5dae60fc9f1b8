"""Whose figure it is, at a glance (issue #31): in a Melee, player 3's Chandra (red cards)
looked like player 1's figures (red seat) with only a thin ring of player 3's colour on the
base. A miniature is painted in its seat's colour (its cards' Magic colour stays in its
trim), so every seat's figures stand apart, and in the colour-blind palette they stay apart
under simulated protanopia, deuteranopia and tritanopia too."""

from __future__ import annotations

import pygame
import pytest

from arena.client.figures import FigureLook, figure_sprite
from arena.client.palette import Color, palette

# Machado, Oliveira & Fernandes (2009), severity 1.0, on linear-ish sRGB (close enough to
# compare colours' distances)
DEFICIENCIES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "none": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

CARDS = [("gideon", "planeswalker", "white"), ("chandra", "planeswalker", "red"),
         ("rhox", "squad", "white"), ("pyromancer", "squad", "red"),
         ("jace", "planeswalker", "blue"), ("phantoms", "squad", "blue")]


def seen(color: tuple[float, float, float], deficiency: str) -> tuple[float, ...]:
    m = DEFICIENCIES[deficiency]
    return tuple(max(0.0, min(255.0, sum(m[i][j] * color[j] for j in range(3))))
                 for i in range(3))


def mean_colour(seat_color: Color, card: str, kind: str, colour: str) -> tuple[float, ...]:
    """The average colour of a figure's opaque pixels (what the eye takes in at a glance)."""
    sprite = figure_sprite(FigureLook(card, card, kind, colour, 5, seat_color), 64, 18, 0.56)
    image, mask = sprite.image, sprite.mask
    total, n = [0.0, 0.0, 0.0], 0
    w, h = image.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            if mask.get_at((x, y)):
                r, g, b, _ = image.get_at((x, y))
                total[0] += r
                total[1] += g
                total[2] += b
                n += 1
    return tuple(t / n for t in total)


def distance(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5


@pytest.mark.parametrize(("colour_blind", "deficiencies"), [
    (False, ("none",)),
    (True, ("none", "protanopia", "deuteranopia", "tritanopia")),
])
def test_every_seats_figures_look_like_their_seat_whatever_their_cards(
        colour_blind: bool, deficiencies: tuple[str, ...]) -> None:
    pygame.display.init()
    try:
        seats = palette(colour_blind).players[:4]
        looks = {(s, card): mean_colour(seats[s], card, kind, colour)
                 for s in range(len(seats)) for card, kind, colour in CARDS}
        for deficiency in deficiencies:
            for (seat, card), mean in looks.items():
                mine = seen(mean, deficiency)
                own = [distance(mine, seen(other, deficiency))
                       for (s, _c), other in looks.items() if s == seat]
                for (s, c), other in looks.items():
                    if s == seat:
                        continue
                    # nearer to every figure of another seat than to the furthest of its own
                    # would make seats blur: each of another seat stands further off
                    apart = distance(mine, seen(other, deficiency))
                    assert apart > max(own) * 0.6 and apart > 30, (
                        f"{deficiency}: seat {seat + 1}'s {card} looks like seat {s + 1}'s "
                        f"{c} ({apart:.0f} apart; own figures up to {max(own):.0f})")
    finally:
        pygame.quit()
