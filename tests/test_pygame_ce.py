"""The project depends on pygame-ce, and the two pygame distributions must never coexist.

Both install the same ``pygame`` import package, so having plain pygame installed as well
silently replaces pygame-ce's files (and its APIs, e.g. ``pygame.IS_CE``).
"""

from importlib import metadata

import pytest


def test_pygame_is_the_community_edition() -> None:
    import pygame

    assert getattr(pygame, "IS_CE", False), "pygame here is not pygame-ce"


def test_pygame_ce_distribution_is_installed() -> None:
    assert metadata.version("pygame-ce")


def test_plain_pygame_distribution_is_not_installed() -> None:
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution("pygame")
