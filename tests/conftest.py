"""Fixtures for every test: the player's Arena folder is a temporary one.

The game reads the player's own content (cards and scenarios that replace shipped ones by
id, `arena.content.locations`) and settings from that folder; a test must neither see the
files of whoever runs it nor write there. Tests that need their own folder set
``ARENA_DATA_DIR`` again (pytest's ``monkeypatch`` restores this one afterwards).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def private_user_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point ``ARENA_DATA_DIR`` at an empty temporary folder for the whole session."""
    before = os.environ.get("ARENA_DATA_DIR")
    os.environ["ARENA_DATA_DIR"] = str(tmp_path_factory.mktemp("arena-user"))
    yield
    if before is None:
        os.environ.pop("ARENA_DATA_DIR", None)
    else:
        os.environ["ARENA_DATA_DIR"] = before
