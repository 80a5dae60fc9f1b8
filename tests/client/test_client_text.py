"""Text cut to a width stays inside it in the font it is drawn in: bold letters are wider, so
a line measured in the regular font and drawn bold ran past its box (a long Planeswalker's
name over the edge of its army card). Words stay apart at every size: the default font's
space is no wider than the gap between two letters at small sizes, so a spell card's rules
in the hand read "Hiddenenchant common squad" at 1280x720 and 1024x600."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from client_kit import frames, key

from arena.client import content, text
from arena.client.bench import duel_all_summoned
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.hud import CardRow, CardWidget, SpellCardView, SpellCardWidget
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings

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


# --- the space between words at small sizes ------------------------------------------------

PHRASES = ("Hidden enchant common squad", "Draw 2 spell cards.", "Move one face-up card")


def blank_runs(ink: list[bool]) -> list[tuple[int, int]]:
    """The runs of inkless columns (start, end) between the first and last inked one."""
    first, last = ink.index(True), len(ink) - 1 - ink[::-1].index(True)
    runs, start = [], None
    for x in range(first, last + 1):
        if not ink[x]:
            start = x if start is None else start
        elif start is not None:
            runs.append((start, x))
            start = None
    return runs


def words_apart(ink: list[bool], line: str, px: int, bold: bool = False) -> bool:
    """Whether ``line``, drawn with its ink in ``ink`` (a column each), shows its words
    apart: the blank run at each space is at least 2 px wider than the middle gap between
    two letters (a space of the letters' own width reads as no space at all)."""
    runs = blank_runs(ink)
    at_spaces = set()
    widths = []
    for i, char in enumerate(line):
        if char != " ":
            continue
        lo = text.size(line[:i], px, bold)[0] - 1
        hi = text.size(line[:i + 1], px, bold)[0] + 1
        width, run = max(((b - a, (a, b)) for a, b in runs if a < hi and b > lo),
                         default=(0, (-1, -1)))
        widths.append(width)
        at_spaces.add(run)
    letters = sorted(b - a for a, b in runs if (a, b) not in at_spaces)
    middle = letters[len(letters) // 2] if letters else 0
    return min(widths, default=99) >= middle + 2


def image_ink(image: pygame.Surface) -> list[bool]:
    """Per column of a rendered line: whether any pixel in it is more than faintly inked."""
    w, h = image.get_size()
    return [any(image.get_at((x, y)).a > 48 for y in range(h)) for x in range(w)]


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("px", range(8, 25))
def test_words_stay_apart_at_every_size(screen: pygame.Surface, px: int, bold: bool) -> None:
    """The default font's hinted space is 2 px wide from 9 to 13 px: no wider than the gap
    between two letters there, so small card text read "Hiddenenchant"."""
    for phrase in PHRASES:
        image = text.render(phrase, px, (255, 255, 255), bold)
        assert image.get_width() == text.size(phrase, px, bold)[0]
        assert words_apart(image_ink(image), phrase, px, bold), (phrase, px, bold)


def test_wrapping_and_cutting_measure_the_words_as_drawn(screen: pygame.Surface) -> None:
    phrase = PHRASES[0]
    for px in (10, 13, 16):
        width = text.size(phrase, px)[0]
        assert text.wrap(phrase, px, width) == [phrase]
        assert text.wrap(phrase, px, width - 1) != [phrase]
        assert text.fit(phrase, px, width) == phrase
        assert text.blit(screen, phrase, px, (255, 255, 255), (0, 0), width=width - 1
                         ).width <= width - 1


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_the_hand_cards_small_text_keeps_its_spaces(screen: pygame.Surface,
                                                     size: tuple[int, int]) -> None:
    """A spell card in the hand at the small window sizes, as the battle lays it out: the
    first line of its rules text shows its words apart."""
    screen = pygame.display.set_mode(size)  # the fixture's display, at this size
    app = standard_app(size, Settings(animations="off", ai_pace="instant"))
    content.catalog()
    game, setup = duel_all_summoned()
    battle = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(battle)
    frames(app, screen, 2)
    if app.top is not battle:
        key(app.top, pygame.K_RETURN)  # the hotseat hand-off
        frames(app, screen, 2)
    card = next(w for w in battle.form.widgets if isinstance(w, SpellCardWidget))
    body = "Hidden enchant common squad: play it face down on one of your squads."
    view = SpellCardView("x", "Riposte", "white", "hidden_enchantment", 15, body)
    widget = SpellCardWidget(view, card.rect, None, scale=card.scale)
    face_color = (200, 0, 200)
    screen.fill(face_color)
    widget.draw(screen, False, False, False)
    k = card.scale
    face = card.rect.inflate(-round(8 * k), -round(8 * k))
    tiny = round(13 * k)
    first = text.wrap(body, tiny, face.width - 10)[0]
    assert first.count(" ") >= 1, first
    line = pygame.Rect(face.x + round(5 * k), face.y + round(37 * k), face.width - 10,
                       text.size(first, tiny)[1])
    background = screen.get_at((face.x + 2, line.y))  # the card's face, no ink

    def inked(x: int, y: int) -> bool:
        drawn = screen.get_at((x, y))
        return sum(abs(drawn[i] - background[i]) for i in range(3)) > 90

    ink = [any(inked(x, y) for y in range(line.top, line.bottom))
           for x in range(line.left, line.right)]
    assert words_apart(ink, first, tiny), (size, tiny, first)


def _fits(limit: int) -> Callable[[str], bool]:
    """A line fits when it has at most ``limit`` characters (a font of fixed width)."""
    return lambda line: len(line) <= limit


def test_words_fill_each_line_in_order() -> None:
    words = ["the", "quick", "brown", "fox", "jumps"]
    assert text.wrap_words(words, _fits(10)) == ["the quick", "brown fox", "jumps"]
    assert text.wrap_words([], _fits(10)) == []


def test_a_word_too_long_for_a_line_has_one_of_its_own_or_is_cut() -> None:
    words = ["a", "Leyline-Phantoms", "b"]
    assert text.wrap_words(words, _fits(6)) == ["a", "Leyline-Phantoms", "b"]
    assert text.wrap_words(words, _fits(6), split_long=True) == [
        "a", "Leylin", "e-Phan", "toms b"]
    # Not even one letter fits: a letter a line, never a loop without end.
    assert text.wrap_words(["abc"], _fits(0), split_long=True) == ["a", "b", "c"]


def test_the_game_and_the_editor_dock_break_lines_alike(screen: pygame.Surface) -> None:
    """The dock's own font splits over-long names; with words that fit, it breaks the lines
    where the game's panels do, by the one `wrap_words`."""
    from editor.map.piece_dock import wrap as dock_wrap

    f = text.font(14)
    sentence = "Large Evergreen Tree on a tall hill of rock and sand"
    width = f.size("Large Evergreen Tree")[0]
    assert dock_wrap(f, sentence, width) == text.wrap_words(
        sentence.split(), lambda line: f.size(line)[0] <= width)
    assert all(f.size(line)[0] <= 40 for line in dock_wrap(f, "Supercalifragilistic", 40))
