"""The one exception the content layer raises, and the problems it carries.

Every problem names the file, the line, the key path inside the file and what is expected,
so a player or map maker can fix it without reading code. Loading code catches every lower
level failure (YAML syntax, Unicode, schema, Shapely checks) and turns it into a `Problem`;
callers only ever see `ContentError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with one content file.

    `path` is a dotted key path such as ``abilities[0].modifier.stat``; empty for the file as a
    whole. `line` is 1-based, or None when the problem concerns the whole file.
    """

    file: str
    line: int | None
    path: str
    message: str
    fix: str = ""

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        key = f" [{self.path}]" if self.path else ""
        fix = f" Fix: {self.fix}" if self.fix else ""
        # End the message with one full stop; never touch dots inside it (`format: ...`).
        stop = "" if self.message.endswith(".") else "."
        return f"{where}:{key} {self.message}{stop}{fix}"


class ContentError(Exception):
    """Raised for any invalid content: carries every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("ContentError needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def single(
        cls, file: str, message: str, fix: str = "", line: int | None = None, path: str = ""
    ) -> ContentError:
        """Shorthand for an error with one problem."""
        return cls([Problem(file, line, path, message, fix)])


FIX_MARK = "\n  Fix: "
"""Between a model check's message and its fix inside a `ValueError` (see `broken_rules`)."""


def broken_rules(problems: Iterable[tuple[str, str]]) -> ValueError:
    """One `ValueError` carrying every (message, fix) a model's cross-field check found, for
    a pydantic validator to raise: pydantic keeps one error per validator, and the loader
    (`arena.content.loader`) splits this one back into a `Problem` per rule, each with its
    fix, so a file or a form shows every problem at once."""
    return ValueError("\n".join(f"{message}{FIX_MARK}{fix}" for message, fix in problems))


def split_rules(text: str) -> list[tuple[str, str]]:
    """The (message, fix) pairs of a `broken_rules` error's text (one pair with an empty fix
    for an ordinary message)."""
    out: list[tuple[str, str]] = []
    for part in text.split("\n"):
        if part.startswith(FIX_MARK[1:]) and out:
            out[-1] = (out[-1][0], part.removeprefix(FIX_MARK[1:]))
        elif part.strip():
            out.append((part, ""))
    return out


def format_key_path(loc: Iterable[str | int]) -> str:
    """Render a key path tuple as ``a.b[2].c``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
