"""Recovery copies of the battlefield being edited (headless: no pygame).

While a map has unsaved changes the editor writes a copy of it every few seconds into
``user_data_dir("arena")/editor-recovery/`` (``ARENA_DATA_DIR`` overrides), and offers the
newest copy back when it starts after a crash. Each document (each file; each map not saved
yet has a series of its own) keeps its last `RECOVERY_COPIES` copies: a new copy never
replaces an older one, so one bad moment (a map cleared by mistake, a damaged file) cannot
take the work with it, and a map without a single column is never written at all (a cleared
map is never a better copy than the last one).

A copy is read back through `arena.content`'s loader (its caps on size, aliases, tags and
nesting guard this file as they guard content). A copy that cannot be used is renamed beside
itself (``<name>.damaged-<time>.yaml``), never read again, and the notice says where it went:
a bad file must neither stop the editor from starting nor be destroyed.

Earlier versions kept one autosave, ``editor-autosave.yaml`` beside the folder, in the same
form. Work left there is not lost: `recover` moves it into the folder as a copy of a series of
its own (`PREVIOUS`), so it is offered back, or set aside with a notice, like any other copy.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

from arena.client.storage import data_dir
from arena.content import yamlio
from arena.content.atomic import atomic_write
from arena.content.errors import ContentError
from editor.core.model import Editor, MapDoc

RECOVERY_COPIES = 5
"""How many recovery copies of one document are kept (the oldest goes when one is added)."""
FOLDER = "editor-recovery"
UNTITLED = "untitled"
"""The series of a map that has no file yet (`untitled_key` gives each such map its own)."""
PREVIOUS_AUTOSAVE = "editor-autosave.yaml"
"""The one autosave of earlier versions, beside the folder (`adopt_previous`)."""
PREVIOUS = "editor-autosave"
"""The series the earlier versions' autosave goes on in once adopted."""
_COPY = re.compile(r"^(?P<key>[a-z0-9-]+)\.(?P<stamp>[0-9]+)\.yaml$")


def recovery_folder() -> Path:
    """``user_data_dir("arena")/editor-recovery`` (``ARENA_DATA_DIR`` overrides)."""
    return data_dir() / FOLDER


def document_key(source: Path | None) -> str:
    """The series a document's copies belong to: its file's name and a short digest of the
    whole path (two ``duel.yaml`` in different folders are different documents)."""
    if source is None:
        return UNTITLED
    stem = re.sub(r"[^a-z0-9]+", "-", source.stem.lower()).strip("-")[:40] or "map"
    digest = hashlib.sha1(str(source.resolve()).encode()).hexdigest()[:8]
    return f"{stem}-{digest}"


def untitled_key() -> str:
    """A series of its own for a map not saved yet (a New map's copies never push out those
    of the map before it)."""
    return f"{UNTITLED}-{time.time_ns()}"


@dataclass(frozen=True)
class Copy:
    """One recovery copy on disk."""

    path: Path
    key: str
    stamp: int


def copies(folder: Path | None = None, key: str | None = None) -> list[Copy]:
    """The recovery copies (of one series when `key` is given), newest first."""
    where = folder or recovery_folder()
    found = []
    try:
        names = list(where.iterdir())
    except OSError:
        return []
    for path in names:
        match = _COPY.match(path.name)
        if match and (key is None or match["key"] == key):
            found.append(Copy(path, match["key"], int(match["stamp"])))
    return sorted(found, key=lambda c: c.stamp, reverse=True)


def write_copy(editor: Editor, key: str | None = None,
               folder: Path | None = None) -> Path | None:
    """Add a copy of the document (valid or not) and where it came from to the series `key`
    (by default its file's, `document_key`), and drop the oldest of the series beyond
    `RECOVERY_COPIES`. A map without a column is not written (None): it would only push a
    real copy out."""
    if not editor.doc.columns:
        return None
    where = folder or recovery_folder()
    where.mkdir(parents=True, exist_ok=True)
    key = key or document_key(editor.path)
    older = copies(where, key)
    stamp = max(time.time_ns(), older[0].stamp + 1 if older else 0)
    target = where / f"{key}.{stamp}.yaml"
    payload = {"source": str(editor.path) if editor.path else None,
               "battlefield": editor.doc.to_data()}
    atomic_write(target, yamlio.dump(payload))
    for old in older[RECOVERY_COPIES - 1:]:
        old.path.unlink(missing_ok=True)
    return target


def read_copy(path: Path) -> Editor:
    """The editor held by one copy; raises (any exception) when it cannot be used."""
    payload = yamlio.load_mapping(path)
    doc = MapDoc.from_data(payload["battlefield"])
    source = payload.get("source")
    if source is not None and not isinstance(source, str):
        raise ValueError("`source` is not a file name")
    editor = Editor(doc, Path(source) if source else None)
    editor.mark_unsaved()  # recovered work is not in any file
    return editor


@dataclass(frozen=True)
class Recovered:
    """The work a recovery copy held, and the series it goes on in."""

    editor: Editor
    key: str


def adopt_previous(folder: Path | None = None) -> Path | None:
    """Move an earlier version's autosave (``editor-autosave.yaml`` beside the folder) into
    the folder as a copy of the series `PREVIOUS`, stamped with the time it was written, so
    that `recover` offers it back or sets it aside like any copy; where it went (None: there
    was none, or it could not be moved and stays where it is)."""
    where = folder or recovery_folder()
    old = where.parent / PREVIOUS_AUTOSAVE
    try:
        if not old.is_file():
            return None
        target = where / f"{PREVIOUS}.{old.stat().st_mtime_ns}.yaml"
        where.mkdir(parents=True, exist_ok=True)
        os.replace(old, target)
    except OSError:
        return None
    return target


def recover(folder: Path | None = None) -> tuple[Recovered | None, list[str]]:
    """The newest usable copy left by a crash (an earlier version's autosave included), and
    a notice for each copy that could not be used (each is set aside and the next newest is
    tried)."""
    notices: list[str] = []
    adopt_previous(folder)
    for found in copies(folder):
        try:
            return Recovered(read_copy(found.path), found.key), notices
        except Exception as exc:  # noqa: BLE001 - any unusable recovery file is set aside
            reason = exc.problems[0].message if isinstance(exc, ContentError) \
                and exc.problems else "it is damaged"
            aside = set_aside(found.path)
            where = f"it was moved to {aside}" if aside is not None else \
                "it was left where it is"
            notices.append(f"The recovery copy {found.path.name} could not be used "
                           f"({reason}); {where}.")
    return None, notices


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file beside itself with the time in its name (None if it cannot be
    renamed)."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


def clear(key: str, folder: Path | None = None) -> None:
    """Forget one series of copies (its map was saved, or the map maker chose Discard)."""
    for found in copies(folder, key):
        found.path.unlink(missing_ok=True)
