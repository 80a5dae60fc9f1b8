"""The pygame-ce side of Arena: windows, drawing and input.

This is the only ``arena`` package allowed to import pygame. The support banner pygame
prints on import is noise in a game's terminal and in test logs, so it is switched off
here, before any submodule imports pygame (a value the user set is kept).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
