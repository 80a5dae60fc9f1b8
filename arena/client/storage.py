"""Where the client keeps its files, and how it writes them safely.

Saves, the autosave and the settings live in the user's data directory
(``platformdirs.user_data_dir("arena")``; the ``ARENA_DATA_DIR`` environment variable
overrides it, which the tests use; `arena.content.locations.user_root` knows it, since the
player's own content files live there too). Every file is written atomically: the JSON goes to a
temporary file in the same folder, is flushed to disk, and replaces the old file with
``os.replace``, so a crash mid-write never leaves half a save; a write the program was killed
in the middle of leaves only its temporary file, which `remove_stale_temporaries` clears at the
next start.

Reading is bounded before anything is parsed: a file larger than the caller's cap, or JSON
nested deeper than `MAX_DEPTH`, is refused with a plain `ValueError` (a parser would spend
seconds and gigabytes on the first, and overflow the stack on the second).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from arena.content.atomic import atomic_write, remove_stale_temporaries
from arena.content.locations import user_root

__all__ = ["MAX_DEPTH", "data_dir", "read_json", "remove_stale_temporaries",
           "write_json_atomic"]

MAX_DEPTH = 64
"""JSON nesting the client reads (its saves nest about a dozen levels)."""


def data_dir() -> Path:
    """The folder for saves and settings (created by the first write, not by reads)."""
    return user_root()


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically (tmp file + ``os.replace``)."""
    atomic_write(path, json.dumps(data, separators=(",", ":")))


def read_json(path: Path, max_bytes: int) -> Any:
    """Read a JSON file of at most ``max_bytes`` (raises ``OSError``, or ``ValueError`` with
    a plain reason: too large, nested too deeply, not UTF-8, not JSON)."""
    with path.open("rb") as handle:
        raw = handle.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise ValueError(f"it is larger than {max_bytes // 1024:,} KB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"it is not text (unreadable byte at position {exc.start})") from exc
    if nesting_depth(text) > MAX_DEPTH:
        raise ValueError(f"it is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"it is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                         f"{exc.msg})") from exc
    except RecursionError as exc:  # defence in depth: the depth check should catch it first
        raise ValueError("it is nested too deeply") from exc
    except ValueError as exc:  # Python's own limit on a number's digits (4,300)
        raise ValueError("it holds a number too long to read (thousands of digits)") from exc


def nesting_depth(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (brackets inside strings do not
    count): regular expressions and a running sum, no recursion, so it is safe and quick on
    any input the size cap lets through."""
    brackets = _OTHER.sub("", _STRING.sub("", text))
    return max(accumulate(_STEP[c] for c in brackets), default=0)


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_OTHER = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
