"""Where the client keeps its files, and how it writes them safely.

Saves, the autosave and the settings live in the user's data directory
(``platformdirs.user_data_dir("arena")``; the ``ARENA_DATA_DIR`` environment variable
overrides it, which the tests use; `arena.content.locations.user_root` knows it, since the
player's own content files live there too). Every file is written atomically: the JSON goes to a
temporary file in the same folder, is flushed to disk, and replaces the old file with
``os.replace``, so a crash mid-write never leaves half a save.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.content.locations import user_root
from arena.content.yamlio import atomic_write

__all__ = ["data_dir", "read_json", "write_json_atomic"]


def data_dir() -> Path:
    """The folder for saves and settings (created by the first write, not by reads)."""
    return user_root()


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (tmp file + ``os.replace``)."""
    atomic_write(path, json.dumps(data, separators=(",", ":")))


def read_json(path: Path) -> Any:
    """Read a JSON file (raises ``OSError`` or ``ValueError``)."""
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)
