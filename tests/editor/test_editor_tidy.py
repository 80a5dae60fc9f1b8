"""The editor removes the temporary files its interrupted writes left behind, as the game
does (one shared rule: `arena.content.atomic.remove_stale_temporaries`, files older than 10
minutes): in its recovery folder and the Arena folder's own folders when it starts, and beside
a battlefield it opens or saves. Fresh temporary files (a write under way) and other files
stay."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pygame
import pytest
from editor_kit import DUEL

from arena.client.saves import tidy_data_folder
from arena.content.atomic import STALE_AFTER
from arena.content.locations import user_battlefields, user_root
from editor import app as editor_app
from editor.files.recovery import recovery_folder

pytestmark = pytest.mark.usefixtures("headless")


def _left(folder: Path, name: str, age: float) -> Path:
    """A temporary file an interrupted atomic write left ``age`` seconds ago."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{name}.k2j4h5g6.tmp"
    path.write_text("half a file")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_the_editor_removes_stale_temporaries_when_it_starts(tmp_path: Path) -> None:
    elsewhere = tmp_path / "maps"
    elsewhere.mkdir()
    mine = elsewhere / "duel.yaml"
    shutil.copy(DUEL, mine)
    stale = [_left(recovery_folder(), "untitled.1.yaml", 3600),
             _left(user_battlefields(), "mine.yaml", 3600),
             _left(user_root(), "recent.json", 3600),
             _left(elsewhere, "duel.yaml", 3600)]
    fresh = _left(recovery_folder(), "untitled.2.yaml", 5)
    other = elsewhere / "notes.tmp"
    other.write_text("mine")
    app = editor_app.EditorApp(mine, (1280, 800), recover=False)
    assert app.editor.path == mine
    assert not any(p.exists() for p in stale), [p for p in stale if p.exists()]
    assert fresh.exists() and other.exists()


def test_saving_a_battlefield_removes_stale_temporaries_beside_it(tmp_path: Path) -> None:
    app = editor_app.EditorApp(None, (1280, 800), recover=False)
    folder = tmp_path / "saved"
    left = _left(folder, "field.yaml", STALE_AFTER + 60)
    assert app.docs.save(folder / "field.yaml")
    assert (folder / "field.yaml").exists() and not left.exists()
    pygame.event.clear()


def test_the_game_and_the_editor_share_one_rule() -> None:
    """The game's start-up tidying keeps the same age and names (`tidy_data_folder`)."""
    young = _left(user_root(), "settings.json", STALE_AFTER - 60)
    old = _left(user_root(), "settings.json.b", STALE_AFTER + 60)
    assert tidy_data_folder() == [old]
    assert young.exists()
