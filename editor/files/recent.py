"""The editor's recent files: the battlefields and scenarios last opened or saved (headless).

Kept in the player's Arena folder (``editor-recent.json`` in
`arena.content.locations.user_root`), newest first, at most `LIMIT`. A file that no longer
exists is dropped when the list is read for showing, and the caller says which (a list that
silently loses entries looks broken). The list is a convenience: a missing, unreadable or
damaged list file is an empty list, and a list that cannot be written is not an error.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from arena.content.locations import user_root

LIMIT = 8
"""How many recent files are kept."""
FILE_NAME = "editor-recent.json"


def list_file() -> Path:
    """Where the list is kept: the player's Arena folder."""
    return user_root() / FILE_NAME


def load(where: Path | None = None) -> list[Path]:
    """The recent files, newest first (those missing included: see `existing`)."""
    try:
        data = json.loads((where or list_file()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    return [Path(item) for item in data if isinstance(item, str) and item][:LIMIT]


def _write(paths: list[Path], where: Path | None = None) -> None:
    target = where or list_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(json.dumps([str(p) for p in paths], indent=1), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass  # the list is a convenience; the document itself was opened or saved


def remember(path: Path, where: Path | None = None) -> None:
    """Put `path` first in the list (once), dropping the oldest beyond `LIMIT`."""
    path = path.absolute()
    paths = [path, *(p for p in load(where) if p != path)]
    _write(paths[:LIMIT], where)


def existing(where: Path | None = None) -> tuple[list[Path], list[Path]]:
    """The recent files that still exist, and those dropped because they no longer do (the
    list is rewritten without them)."""
    paths = load(where)
    kept = [p for p in paths if p.is_file()]
    dropped = [p for p in paths if not p.is_file()]
    if dropped:
        _write(kept, where)
    return kept, dropped
