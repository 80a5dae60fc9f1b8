"""The text cache outlives no font module: fonts opened before ``pygame.quit`` (or before
the font module alone was quit) are never used after it, however pygame is started again."""

from __future__ import annotations

import pygame

from arena.client import text


def test_a_font_opened_before_pygame_quit_is_not_used_after_it() -> None:
    pygame.init()
    before = text.font(17)
    text.size("Undo", 17)
    pygame.quit()
    pygame.init()  # started again by someone else before the next text is measured
    try:
        after = text.font(17)
        assert after is not before
        assert text.size("Undo", 17)[0] > 0
    finally:
        text.reset()
        pygame.quit()


def test_a_font_opened_before_the_font_module_quit_is_not_used_after_it() -> None:
    pygame.font.init()
    before = text.font(19)
    pygame.font.quit()
    try:
        after = text.font(19)
        assert after is not before
        assert text.size("End turn", 19)[0] > 0
    finally:
        text.reset()
        pygame.font.quit()
