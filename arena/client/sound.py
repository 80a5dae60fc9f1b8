"""Short generated sounds (dice roll, hit, destroyed), made without numpy or sound files.

The mixer is started lazily on the first sound. When there is no audio device, or the mixer
cannot start for any reason, sound is silently disabled: nothing here ever raises.
"""

from __future__ import annotations

import contextlib
import math
import random
from array import array

import pygame

__all__ = ["SOUNDS", "enabled", "play", "synthesise"]

SOUNDS = ("dice", "hit", "destroyed")
RATE = 22050

_sounds: dict[str, pygame.mixer.Sound] = {}
_failed = [False]
_played: list[str] = []
"""The names of the sounds played (the tests read it)."""


def synthesise(name: str, rate: int = RATE) -> array[int]:
    """The mono 16-bit samples of sound ``name`` (see ``SOUNDS``)."""
    rng = random.Random(7)
    samples: list[float] = []
    if name == "dice":  # a few clicks of filtered noise, like dice tumbling
        for n, gap in enumerate((0.0, 0.05, 0.11, 0.16, 0.24)):
            start = int((gap) * rate)
            while len(samples) < start:
                samples.append(0.0)
            length = int(0.025 * rate)
            last = 0.0
            for i in range(length):
                last = 0.6 * last + 0.4 * rng.uniform(-1, 1)
                samples.append(last * (1 - i / length) * (0.9 - n * 0.1))
    elif name == "hit":  # a short low thump
        length = int(0.18 * rate)
        for i in range(length):
            t = i / rate
            freq = 140 - 300 * t
            samples.append(math.sin(2 * math.pi * freq * t) * math.exp(-t * 22)
                           + rng.uniform(-0.15, 0.15) * math.exp(-t * 60))
    elif name == "destroyed":  # a falling tone
        length = int(0.5 * rate)
        phase = 0.0
        for i in range(length):
            t = i / rate
            phase += 2 * math.pi * (440 - 600 * t) / rate
            samples.append(0.7 * math.sin(phase) * (1 - t / 0.5))
    else:
        raise KeyError(name)
    return array("h", (int(max(-1.0, min(1.0, v)) * 30000) for v in samples))


def _ready() -> bool:
    if _failed[0]:
        return False
    if not pygame.mixer.get_init():
        _sounds.clear()
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        except (pygame.error, OSError):
            _failed[0] = True
            return False
    if not _sounds:
        try:
            init = pygame.mixer.get_init()
            if init is None:
                raise pygame.error("no mixer")
            rate, fmt, channels = init
            if fmt != -16:
                raise pygame.error(f"unexpected sample format {fmt}")
            for name in SOUNDS:
                mono = synthesise(name, rate)
                if channels == 1:
                    data = mono
                else:
                    data = array("h", (v for v in mono for _ in range(channels)))
                _sounds[name] = pygame.mixer.Sound(buffer=data.tobytes())
        except (pygame.error, OSError, ValueError):
            _sounds.clear()
            _failed[0] = True
            return False
    return True


def enabled() -> bool:
    """Whether sounds can be played (starts the mixer the first time)."""
    return _ready()


def play(name: str) -> None:
    """Play sound ``name`` if the mixer works (silently nothing otherwise)."""
    _played.append(name)
    del _played[:-50]
    if not _ready():
        return
    with contextlib.suppress(pygame.error, KeyError):
        _sounds[name].play()
