"""Every test gets its own user data folder (``ARENA_DATA_DIR``), so no test reads or writes
the real one (settings, saves, the editor's autosave, armies and decks) and two test runs at
once on one machine never share it. A test that needs a particular folder sets the variable
itself, which wins."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_user_folder(tmp_path_factory: pytest.TempPathFactory,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path_factory.mktemp("user-data")))
