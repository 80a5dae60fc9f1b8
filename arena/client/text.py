"""Fonts and cached text images.

pygame's default font ships with pygame-ce, so it is always there; opening a font and
rendering text are slow next to a blit, so both are cached (rendered lines by text, size,
colour and weight, least recently used dropped past a bound). The cache lives as long as the
font module: `reset` drops it when pygame quits.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

Color = tuple[int, int, int]

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_lines: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()
_LINE_LIMIT = 2000
_wrapped: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}
_fitted: dict[tuple[str, int, int, bool], str] = {}


_scale = [1.0]


def set_scale(scale: float) -> None:
    """Scale every font by ``scale`` (the UI scale setting); forgets the cached lines."""
    if scale != _scale[0]:
        _scale[0] = scale
        reset()


def get_scale() -> float:
    return _scale[0]


def reset() -> None:
    """Forget every font and rendered line (after ``pygame.quit``)."""
    _fonts.clear()
    _lines.clear()
    _wrapped.clear()
    _fitted.clear()


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``px`` pixels (cached)."""
    px = max(6, round(int(px) * _scale[0]))
    key = (px, bold)
    found = _fonts.get(key)
    if found is None:
        if not pygame.font.get_init():
            pygame.font.init()
        found = pygame.font.Font(None, px)
        found.set_bold(bold)
        _fonts[key] = found
    return found


def render(text: str, px: int, color: Color, bold: bool = False) -> pygame.Surface:
    """``text`` as an anti-aliased image with a transparent background (cached)."""
    key = (text, int(px), color, bold)
    found = _lines.get(key)
    if found is not None:
        _lines.move_to_end(key)
        return found
    image = font(px, bold).render(text, True, color)
    _lines[key] = image
    if len(_lines) > _LINE_LIMIT:
        _lines.popitem(last=False)
    return image


def size(text: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The size ``text`` would render at."""
    w, h = font(px, bold).size(text)
    return (w, h)


def wrap(text: str, px: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (long words are kept whole);
    cached, as panels wrap the same log lines again and again."""
    key = (text, int(px), int(width), bold)
    found = _wrapped.get(key)
    if found is None:
        found = _wrapped[key] = tuple(_wrap(text, px, width, bold))
        if len(_wrapped) > _LINE_LIMIT:
            _wrapped.clear()
    return list(found)


def _wrap(text: str, px: int, width: int, bold: bool) -> list[str]:
    out: list[str] = []
    f = font(px, bold)
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            out.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if f.size(trial)[0] <= width:
                line = trial
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def fit_px(text: str, px: int, width: int, bold: bool = False, least: int = 0) -> int:
    """The largest size from ``px`` down to ``least`` at which ``text`` fits ``width``
    pixels (``least`` when none does: the text is cut at that size)."""
    size_px = int(px)
    while size_px > least and size(text, size_px, bold)[0] > width:
        size_px -= 1
    return max(size_px, int(least)) if least else size_px


def fit(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (cached)."""
    key = (text, int(px), int(width), bold)
    found = _fitted.get(key)
    if found is None:
        found = _fitted[key] = _fit(text, px, width, bold)
        if len(_fitted) > _LINE_LIMIT:
            _fitted.clear()
    return found


def _fit(text: str, px: int, width: int, bold: bool) -> str:
    f = font(px, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def blit(
    surface: pygame.Surface,
    text: str,
    px: int,
    color: Color,
    pos: tuple[float, float],
    anchor: str = "topleft",
    bold: bool = False,
    shadow: bool = False,
    width: int | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` (a `pygame.Rect` attribute name) at ``pos``; with
    ``width``, cut to fit it (`fit`) measured in the font it is drawn in (bold is wider)."""
    if width is not None:
        text = fit(text, px, width, bold)
    image = render(text, px, color, bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(render(text, px, (0, 0, 0), bold), rect.move(1, 1))
    surface.blit(image, rect)
    return rect
