"""Writing files so a crash never leaves half of one: the atomic replace every writer of
Arena uses (content, saves, settings), and the tidying of what a killed write left behind.

Kept apart from `arena.content.yamlio` (which re-exports it) so that the game can write its
settings and tidy its folders before YAML and the content models are loaded: the main menu
needs nothing more (`arena.client.warmup`).
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["STALE_AFTER", "atomic_file", "atomic_write", "atomic_write_bytes",
           "remove_stale_temporaries", "stale_temporaries", "tidy_folders"]


@contextlib.contextmanager
def atomic_file(path: Path, suffix: str = ".tmp") -> Iterator[str]:
    """A temporary file beside `path` for the caller to write; when the block ends without
    an error it replaces `path` in one step, so the file is either the old one or the new
    one, whole; on an error it is removed and the old file stays. The new file keeps the
    permissions of the file it replaces, or gets the user's usual ones (the umask) when it
    is new: ``mkstemp`` makes its files private, which a user's own battlefield, army or card
    should never silently become."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=suffix, dir=path.parent)
    os.close(fd)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode_for(path: Path) -> int:
    """The permission bits a write of `path` gives it: those it has, else the umask's."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


STALE_AFTER = 600.0
"""Seconds after which a temporary file of `atomic_file` is an orphan: a write takes well under
a second, so one this old belongs to a program that was killed mid-write."""

_TEMPORARY = re.compile(r"^\..+\.[A-Za-z0-9_]{6,}\.tmp$")
"""The names `atomic_file` gives its temporary files (``.NAME.XXXXXXXX.tmp``)."""


def stale_temporaries(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """The temporary files of interrupted `atomic_file` writes in ``folder`` (not below it),
    last changed more than ``older_than`` seconds ago."""
    found: list[Path] = []
    now = time.time()
    try:
        entries = list(folder.iterdir())
    except OSError:
        return found
    for path in sorted(entries):
        if not _TEMPORARY.match(path.name):
            continue
        try:
            info = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
            found.append(path)
    return found


def remove_stale_temporaries(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove what interrupted `atomic_file` writes left in ``folder`` (`stale_temporaries`:
    old enough that no running write can own them); returns what was removed. The one rule
    the game and the editor both tidy by."""
    removed: list[Path] = []
    for path in stale_temporaries(folder, older_than):
        try:
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def tidy_folders(folders: Iterable[Path], older_than: float = STALE_AFTER) -> list[Path]:
    """`remove_stale_temporaries` in each folder (each once, missing ones skipped)."""
    removed: list[Path] = []
    seen: set[Path] = set()
    for folder in folders:
        key = folder.resolve() if folder.exists() else folder
        if key in seen:
            continue
        seen.add(key)
        removed += remove_stale_temporaries(folder, older_than)
    return removed


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` atomically (`atomic_file`), flushed to disk first."""
    with atomic_file(path) as tmp, \
            os.fdopen(os.open(tmp, os.O_WRONLY | os.O_TRUNC), "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def atomic_write(path: Path, text: str) -> None:
    """Write `text` (UTF-8, newlines as given) to `path` so that the file is either the old
    one or the new one, whole."""
    atomic_write_bytes(path, text.encode("utf-8"))
