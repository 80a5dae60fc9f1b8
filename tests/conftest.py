"""Every test gets its own user data folder (``ARENA_DATA_DIR``), so no test reads or writes
the real one (settings, saves, the editor's autosave, armies and decks) and two test runs at
once on one machine never share it. A test that needs a particular folder sets the variable
itself, which wins.

``community_maps`` is the folder of Heroscape community maps the project ships
(assets/community-maps, with their MIT licence).

The game window's AI helper processes (`arena.ai.helpers.shared_helpers`) are stopped after
each test module that started them: they live as long as the program, and a test of another
module may check that it leaves no child process behind; so is the editor's short balance check
of an imported map's proposed zones (`editor.core.zone_check`), after each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.ai.helpers import close_shared_helpers
from arena.content.locations import community_maps as shipped_community_maps
from editor.core.zone_check import stop_all


@pytest.fixture
def community_maps() -> Path:
    """The community maps the project ships (assets/community-maps)."""
    return shipped_community_maps()


@pytest.fixture(autouse=True)
def _private_user_folder(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path_factory.mktemp("user-data")))


@pytest.fixture(autouse=True)
def _no_zone_checks_left() -> Iterator[None]:
    """End the short balance check an imported map's proposed zones start in the editor
    (`editor.core.zone_check`) with the test that started it: its worker must not outlive
    the test (other tests count the worker processes)."""
    yield
    stop_all()


@pytest.fixture(autouse=True, scope="module")
def _no_ai_helpers_left() -> Iterator[None]:
    """Stop the window's AI helpers after the module (see the module docstring)."""
    yield
    close_shared_helpers()
