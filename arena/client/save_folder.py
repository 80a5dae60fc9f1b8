"""Where saved games live, and what the main menu asks of them before anything else loads.

The main menu only needs to know whether an autosave or any save exists (to enable Continue
and Load game) and to tidy what a killed write left behind. Reading and checking a save takes
the engine and the content (`arena.client.saves`), which the menu must not wait for: it is on
screen within moments of launch (`arena.client.warmup`), so these facts live here, in a module
that imports neither.
"""

from __future__ import annotations

from pathlib import Path

from arena.client.storage import data_dir
from arena.content.atomic import tidy_folders
from arena.content.locations import user_folders

__all__ = ["AUTOSAVE", "autosave_path", "has_saves", "saves_dir", "tidy_data_folder"]

AUTOSAVE = "autosave.json"
"""The autosave's file name in the saves folder (written at the start of every turn)."""


def saves_dir() -> Path:
    """Where saves go (created by the first save)."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    """The autosave, which "Continue" loads."""
    return saves_dir() / AUTOSAVE


def has_saves() -> bool:
    """Whether the saves folder holds any save file (a damaged one counts: the Load screen
    lists it with its problem)."""
    folder = saves_dir()
    return folder.is_dir() and any(True for _ in folder.glob("*.json"))


def tidy_data_folder() -> list[Path]:
    """Remove the temporary files that writes interrupted by a crash or a kill left in the
    Arena folder's own folders and the saves folder (at start-up; the rule the editor tidies
    by too: `arena.content.atomic.tidy_folders`); returns what was removed."""
    return tidy_folders([*user_folders(), saves_dir()])
