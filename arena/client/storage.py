"""Where the client keeps its files, and how it writes them safely.

Saves, the autosave and the settings live in the user's data directory
(``platformdirs.user_data_dir("arena")``; the ``ARENA_DATA_DIR`` environment variable
overrides it, which the tests use). Every file is written atomically: the JSON goes to a
temporary file in the same folder, is flushed to disk, and replaces the old file with
``os.replace``, so a crash mid-write never leaves half a save.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["data_dir", "read_json", "write_json_atomic"]


def data_dir() -> Path:
    """The folder for saves and settings (created by the first write, not by reads)."""
    override = os.environ.get("ARENA_DATA_DIR")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir

        path = Path(user_data_dir("arena"))
    return path


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (tmp file + ``os.replace``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_json(path: Path) -> Any:
    """Read a JSON file (raises ``OSError`` or ``ValueError``)."""
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)
