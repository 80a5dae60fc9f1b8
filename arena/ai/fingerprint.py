"""The fingerprint of the code and content that decide a game (`fingerprint`).

A seeded game is a pure function of its spec and of this code and content: two machines
with the same fingerprint play the same game from the same spec. Run files keep it, so
``--resume`` refuses games of other code (`arena.ai.runfile`), and a cluster worker answers
it for every game it plays, so a worker with other code is refused (`arena.ai.batches`).

The fingerprint covers the rules, the AI, the hex maths and the shipped cards and scenarios
(`DECIDING`), never the client or the editor, so a change to the screen keeps old runs valid.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

__all__ = ["DECIDING", "fingerprint"]

DECIDING = ("ai", "engine", "content", "hexgrid")
"""The packages of `arena` whose code decides a game's course (with the shipped content)."""

_SUFFIXES = (".py", ".yaml", ".yml")


def _digest_folder(digest: Any, folder: Path, base: Path) -> None:
    for path in sorted(folder.rglob("*")):
        if path.suffix not in _SUFFIXES or "__pycache__" in path.parts or not path.is_file():
            continue
        digest.update(path.relative_to(base).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")


def fingerprint(package: Path | None = None, content: list[Path] | None = None) -> str:
    """A digest of the code and content that decide the games: the `DECIDING` packages of
    ``package`` (by default this `arena`) and the shipped content folders (by default those
    `arena.content` loads)."""
    # A function-local import: arena.content reads YAML, and importing arena.ai must not.
    from arena.content import shipped_content_paths

    package = package or Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for name in DECIDING:
        _digest_folder(digest, package / name, package.parent)
    for folder in content if content is not None else shipped_content_paths():
        _digest_folder(digest, folder, folder.parent)
    return digest.hexdigest()[:16]
