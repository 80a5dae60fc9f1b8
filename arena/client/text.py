"""Fonts and cached text images.

pygame's default font ships with pygame-ce, so it is always there; opening a font and
rendering text are slow next to a blit, so both are cached (rendered lines by text, size,
colour and weight, least recently used dropped past a bound). The cache lives as long as the
font module: `reset` drops it when pygame quits (a quit hook) or is found quit.

Every space is at least `MIN_WORD_GAP` pixels wide: below about 19 px the default font's
hinted space is narrower (2 px from 9 to 13 px, no wider than the gap between two letters),
so small text such as a spell card's rules ran its words together ("Hiddenenchant"). Such a
line is drawn a word at a time, and measured (`size`, `wrap`, `fit`) as it is drawn.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable

import pygame

Color = tuple[int, int, int]

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_lines: OrderedDict[tuple[str, int, Color, bool], pygame.Surface] = OrderedDict()
_LINE_LIMIT = 2000
_wrapped: dict[tuple[str, int, int, bool], tuple[str, ...]] = {}
_fitted: dict[tuple[str, int, int, bool], str] = {}
_widening: dict[int, int] = {}
_cuts: OrderedDict[str, None] = OrderedDict()
_drawn: list[list[tuple[str, pygame.Rect]]] = []
"""While a test watches (`watch`): every text drawn and where."""

MIN_WORD_GAP = 4
"""The fewest pixels a space advances (see the module docstring)."""


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
    _widening.clear()
    _cuts.clear()
    _drawn.clear()


def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The default font at ``px`` pixels (cached)."""
    px = max(6, round(int(px) * _scale[0]))
    key = (px, bold)
    if not pygame.font.get_init():  # quit since these fonts were opened: they are dead
        reset()
        pygame.font.init()
    found = _fonts.get(key)
    if found is None:
        if not _fonts:  # the first font since a reset: forget them all when pygame quits
            pygame.register_quit(reset)
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
    f = font(px, bold)
    extra = _extra_space(f)
    if extra and " " in text:
        image = _render_spaced(f, text, color, extra)
    else:
        image = f.render(text, True, color)
    _lines[key] = image
    if len(_lines) > _LINE_LIMIT:
        _lines.popitem(last=False)
    return image


def size(text: str, px: int, bold: bool = False) -> tuple[int, int]:
    """The size ``text`` would render at."""
    f = font(px, bold)
    return (_width(f, text), f.size(text)[1])


def _extra_space(f: pygame.font.Font) -> int:
    """How many pixels each space of ``f`` is widened by (0 when it is wide enough)."""
    found = _widening.get(id(f))  # fonts live (in `_fonts`) until `reset` clears both
    if found is None:
        found = _widening[id(f)] = max(0, MIN_WORD_GAP - f.size(" ")[0])
    return found


def _width(f: pygame.font.Font, text: str) -> int:
    """``text``'s width in ``f`` as drawn: the font's own, plus its spaces' widening."""
    return f.size(text)[0] + _extra_space(f) * text.count(" ")


def _render_spaced(f: pygame.font.Font, text: str, color: Color,
                   extra: int) -> pygame.Surface:
    """``text`` drawn a word at a time, each space ``extra`` pixels wider than the font's;
    each word stands where the font puts it (its kerning kept), pushed right by the
    widening of the spaces before it."""
    image = pygame.Surface((_width(f, text), f.size(text)[1]), pygame.SRCALPHA)
    image.fill((*color, 0))  # blended onto its own colour: the words keep their edges
    start = 0
    for n, word in enumerate(text.split(" ")):
        if word:
            image.blit(f.render(word, True, color), (f.size(text[:start])[0] + extra * n, 0))
        start += len(word) + 1
    return image


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
        out += wrap_words(paragraph.split(), lambda line: _width(f, line) <= width) or [""]
    return out


def wrap_words(words: Iterable[str], fits: Callable[[str], bool],
               split_long: bool = False) -> list[str]:
    """``words`` joined into as few lines as ``fits`` allows, in order: the one way every
    panel of the game and the editor breaks its text. A word too long for a line has a line
    of its own, or with ``split_long`` is cut into lines that fit (names in a narrow dock)."""
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}" if line else word
        if fits(trial):
            line = trial
            continue
        if line:
            lines.append(line)
        while split_long and len(word) > 1 and not fits(word):
            cut = next((i for i in range(len(word) - 1, 0, -1) if fits(word[:i])), 1)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def fit_px(text: str, px: int, width: int, bold: bool = False, least: int = 0) -> int:
    """The largest size from ``px`` down to ``least`` at which ``text`` fits ``width``
    pixels (``least`` when none does: the text is cut at that size)."""
    size_px = int(px)
    while size_px > least and size(text, size_px, bold)[0] > width:
        size_px -= 1
    return max(size_px, int(least)) if least else size_px


def fit(text: str, px: int, width: int, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` pixels (cached). Every cut is noted
    (`cuts`): a label a player cannot read whole is a layout fault the tests look for."""
    key = (text, int(px), int(width), bold)
    found = _fitted.get(key)
    if found is None:
        found = _fitted[key] = _fit(text, px, width, bold)
        if len(_fitted) > _LINE_LIMIT:
            _fitted.clear()
    if found != text:
        _cuts[text] = None
        if len(_cuts) > _LINE_LIMIT:
            _cuts.popitem(last=False)
    return found


def excerpt(line: str, px: int, width: int, bold: bool = False) -> str:
    """The last line shown of a longer text, whole words and " …" within ``width`` (a card's
    rules in the hand: the card itself shows them all). Not a cut label: the words it keeps
    are whole and the mark says more follows."""
    f = font(px, bold)
    words = line.split()
    while words and _width(f, " ".join(words) + " …") > width:
        words.pop()
    return " ".join(words) + " …" if words else "…"


def cuts() -> list[str]:
    """The texts `fit` had to cut since `forget_cuts` (the newest last)."""
    return list(_cuts)


def forget_cuts() -> None:
    """Start noting cuts afresh (a test, before drawing the screen it checks)."""
    _cuts.clear()


def watch() -> None:
    """Note every text drawn from now on, and where (`drawn`): a layout test checks each
    stays inside its panel."""
    _drawn.clear()
    _drawn.append([])


def drawn() -> list[tuple[str, pygame.Rect]]:
    """The texts drawn since `watch`, each with its rectangle (empty when not watching)."""
    return list(_drawn[0]) if _drawn else []


def _fit(text: str, px: int, width: int, bold: bool) -> str:
    f = font(px, bold)
    if _width(f, text) <= width:
        return text
    while text and _width(f, text + "…") > width:
        text = text[:-1]
    return text + "…"


SMALLEST_SHARE = 0.72
"""How far a label shrinks to fit its box before it is cut (a share of its size)."""
SMALLEST_PX = 11
"""The smallest size a label shrinks to (smaller is hard to read)."""


def squeeze(text: str, px: int, width: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and the size to draw it at within ``width`` pixels: its own size when it
    fits, else the largest smaller size (down to `SMALLEST_SHARE` of it, never below
    `SMALLEST_PX`) at which it does; cut (`fit`) at that smallest size only when none does.
    A label read whole in smaller type beats one read in part."""
    least = min(int(px), max(SMALLEST_PX, round(px * SMALLEST_SHARE)))
    size_px = fit_px(text, px, width, bold, least)
    return fit(text, size_px, width, bold), size_px


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
    ``width``, made to fit it (`squeeze`: smaller type first, cut only past that) measured
    in the font it is drawn in (bold is wider)."""
    if width is not None:
        text, px = squeeze(text, px, width, bold)
    image = render(text, px, color, bold)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        surface.blit(render(text, px, (0, 0, 0), bold), rect.move(1, 1))
    surface.blit(image, rect)
    if _drawn:
        _drawn[0].append((text, rect))
    return rect
