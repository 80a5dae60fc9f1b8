"""Short battle effects: a hit figure flashes and shakes under a floating "-2"; a destroyed
figure flashes, then sinks and fades before it is gone.

Effects are pure decoration, driven by the engine's events after they happened
(`DamageDealt`, `FigureDestroyed`): they never change the game, never hold up a computer
player, and with animations off there are none. Their lengths follow the animation-speed
setting. An effect may start late (``delay``) so a hit lands when the dice have settled;
its sound plays when it starts.

`Effects.dress` turns the still picture into this instant's picture: shaking and flashing
figures are drawn as moving ones (a plane point and level, `FigurePlacement.offset`) with
a flash, and a figure already gone from the state is put back, fading, until its effect
ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from arena.client.render import FigurePlacement, Picture
from arena.engine import Board
from arena.hexgrid import Hex, hex_to_point

__all__ = ["HIT_SECONDS", "FADE_SECONDS", "FLOAT_SECONDS", "Effects", "Floater", "Hit",
           "Fade"]

HIT_SECONDS = 0.45
"""Flash and shake of a hit figure, at normal speed."""
FADE_SECONDS = 0.8
"""Sinking and fading of a destroyed figure, at normal speed."""
FLOAT_SECONDS = 1.1
"""How long a damage number floats up, at normal speed."""
SINK_LEVELS = 0.8
SHAKE = 0.09
"""Shake amplitude, in hex sizes."""

StandLevel = Callable[[Board, Hex], float]


@dataclass
class Hit:
    """Damage dealt to a figure: a flash, a shake and a floating number."""

    figure: str
    amount: int
    start: float
    length: float
    hexes: tuple[Hex, ...]
    height: float
    sound: str = "hit"
    sounded: bool = False

    def end(self) -> float:
        return self.start + max(self.length, self.length / HIT_SECONDS * FLOAT_SECONDS)


@dataclass
class Fade:
    """A destroyed figure sinking out of sight (``placement`` is how it last stood)."""

    figure: str
    placement: FigurePlacement
    start: float
    length: float
    sound: str = "destroyed"
    sounded: bool = False

    def end(self) -> float:
        return self.start + self.length


@dataclass(frozen=True)
class Floater:
    """A damage number at a plane point and level, with its opacity (0..1)."""

    label: str
    x: float
    y: float
    level: float
    alpha: float


class Effects:
    """The running effects of one battle screen (see the module docstring)."""

    def __init__(self) -> None:
        self.hits: list[Hit] = []
        self.fades: list[Fade] = []

    def clear(self) -> None:
        self.hits.clear()
        self.fades.clear()

    def busy(self, now: float) -> bool:
        """Whether any effect is still to be seen at ``now``."""
        return any(h.end() > now for h in self.hits) or any(f.end() > now for f in self.fades)

    def add_hit(self, figure: str, amount: int, start: float, scale: float,
                hexes: tuple[Hex, ...], height: float) -> Hit | None:
        """A hit on ``figure`` at ``start`` (a second hit on the same figure waits its turn,
        so two numbers never sit on each other); none when animations are off."""
        if scale <= 0 or amount <= 0 or not hexes:
            return None
        length = HIT_SECONDS * scale
        for other in self.hits:
            if other.figure == figure and other.start + length * 0.6 > start:
                start = other.start + length * 0.6
        hit = Hit(figure, amount, start, length, hexes, height)
        self.hits.append(hit)
        return hit

    def add_fade(self, figure: str, placement: FigurePlacement, start: float,
                 scale: float) -> Fade | None:
        """A destroyed figure fading out from ``start`` (after its last hit has flashed)."""
        if scale <= 0 or not placement.hexes:
            return None
        for hit in self.hits:
            if hit.figure == figure:
                start = max(start, hit.start + hit.length * 0.8)
        look = replace(placement.look, selected=False, chosen=False)
        fade = Fade(figure, replace(placement, look=look), start, FADE_SECONDS * scale)
        self.fades.append(fade)
        return fade

    def update(self, now: float) -> list[str]:
        """Drop finished effects; return the sounds of the effects starting now."""
        self.hits = [h for h in self.hits if h.end() > now]
        self.fades = [f for f in self.fades if f.end() > now]
        sounds = []
        effects: list[Hit | Fade] = [*self.hits, *self.fades]
        for effect in effects:
            if not effect.sounded and effect.start <= now:
                effect.sounded = True
                sounds.append(effect.sound)
        return sounds

    def dress(self, picture: Picture, now: float, stand: StandLevel) -> Picture:
        """This instant's picture (see the module docstring); ``picture`` itself when no
        effect shows."""
        live_hits = [h for h in self.hits if h.start <= now < h.start + h.length]
        fades = [f for f in self.fades if now < f.end()]
        if not live_hits and not fades:
            return picture
        figures = dict(picture.figures)
        board = picture.board
        for fade in fades:
            if fade.figure in figures:
                continue
            x, y, level = _base_point(board, fade.placement, stand)
            t = max(0.0, (now - fade.start) / fade.length) if fade.length > 0 else 1.0
            ease = t * t
            figures[fade.figure] = replace(fade.placement, offset=(x, y, level -
                                                                   SINK_LEVELS * ease),
                                           alpha=max(0.0, 1.0 - ease), sink=SINK_LEVELS * ease)
        for hit in live_hits:
            placement = figures.get(hit.figure)
            if placement is None:
                continue
            t = (now - hit.start) / hit.length if hit.length > 0 else 1.0
            x, y, level = (placement.offset if placement.offset is not None
                           else _base_point(board, placement, stand))
            shake = SHAKE * math.sin(t * math.pi * 6) * (1.0 - t)
            figures[hit.figure] = replace(placement, offset=(x + shake, y, level),
                                          flash=max(0.0, 1.0 - t) ** 0.7)
        return replace(picture, figures=figures)

    def floaters(self, now: float) -> list[Floater]:
        """The damage numbers showing at ``now``."""
        out = []
        for hit in self.hits:
            length = hit.length / HIT_SECONDS * FLOAT_SECONDS
            if not hit.start <= now < hit.start + length:
                continue
            t = (now - hit.start) / length
            points = [hex_to_point(h) for h in hit.hexes]
            x = sum(p[0] for p in points) / len(points)
            y = sum(p[1] for p in points) / len(points)
            alpha = 1.0 if t < 0.6 else max(0.0, (1.0 - t) / 0.4)
            out.append(Floater(f"-{hit.amount}", x, y, hit.height + 0.4 + 1.2 * t, alpha))
        return out


def _base_point(board: Board, placement: FigurePlacement, stand: StandLevel
                ) -> tuple[float, float, float]:
    """Where a standing figure's base is, as a plane point and level (the middle of a
    double-space base)."""
    hexes = placement.hexes
    points = [hex_to_point(h) for h in hexes]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    level = max(stand(board, h) for h in hexes)
    return (x, y, level)
