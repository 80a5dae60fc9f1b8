"""Build step that puts the shipped content into the wheel; everything else is in pyproject.toml.

The game's cards, scenarios and assets stay at the top of the checkout (``cards/``,
``scenarios/``, ``assets/``), where the documentation, ``arena validate cards scenarios``
and the tests name them. A built wheel carries copies of them as package data under
``arena/shipped/``, so an installed game (``pip install .``, ``pipx install .``) is complete
and runs from any folder; `arena.content.locations` finds them there through
``importlib.resources``. The editable install (``make setup``) copies nothing: it reads the
checkout's folders themselves.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED_FOLDERS = ("cards", "scenarios", "assets")
"""Copied into the package; `arena.content.locations.SHIPPED_FOLDERS` reads the same three."""
BUNDLE = Path("arena", "shipped")
"""Where they go inside the built package (`arena.content.locations.BUNDLE`)."""


class BuildWithContent(build_py):
    """``build_py`` that also copies the shipped content folders into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders
        here = Path(__file__).resolve().parent
        for name in SHIPPED_FOLDERS:
            source = here / name
            if not source.is_dir():
                raise FileNotFoundError(f"{source}: the shipped {name} folder is missing; "
                                        "build from a complete checkout")
            target = Path(self.build_lib) / BUNDLE / name
            shutil.rmtree(target, ignore_errors=True)  # no stale files from an earlier build
            shutil.copytree(source, target,
                            ignore=shutil.ignore_patterns(".*", "__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildWithContent})
