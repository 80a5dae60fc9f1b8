"""The dusk sky behind every board and menu: a gradient with a soft pool of light.

Apart from the renderer (`arena.client.render`, which draws it behind a battlefield) so the
main menu can paint it before the renderer and the engine are loaded (`arena.client.warmup`).
"""

from __future__ import annotations

import pygame

from arena.client.palette import UI, mix

__all__ = ["sky"]


def sky(size: tuple[int, int]) -> pygame.Surface:
    """A new surface of ``size``: the dusk gradient with a soft pool of light in the middle
    (converted to the display's format once a window is open)."""
    w, h = size
    image = pygame.Surface(size)
    top, bottom = UI["sky-top"], UI["sky-bottom"]
    for y in range(h):
        t = y / max(h - 1, 1)
        image.fill(mix(top, bottom, t), pygame.Rect(0, y, w, 1))
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            d2 = ((x + 0.5) / 32 - 1) ** 2 + ((y + 0.5) / 18 - 1) ** 2
            small.set_at((x, y), (120, 130, 170, round(34 * max(0.0, 1 - d2) ** 2)))
    glow = pygame.transform.smoothscale(small, (w, h))
    image.blit(glow, (0, 0))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return image.convert()
    return image
