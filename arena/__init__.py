"""Arena: a desktop edition of the hex-miniatures board game Arena of the Planeswalkers.

The package is split so that the rules can run without a screen: ``arena.hexgrid``,
``arena.engine``, ``arena.content`` and ``arena.ai`` never import pygame (tests enforce
this), while ``arena.client`` holds everything that draws. Keep this module free of
imports for the same reason: every subpackage import runs it first.
"""

__version__ = "0.1.0"
