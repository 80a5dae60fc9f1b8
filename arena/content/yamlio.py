"""Reading and writing YAML content files: the only place in Arena that touches YAML.

Values are loaded with ``yaml.safe_load`` only. Line numbers for error messages come from a
second, construction-free pass (``yaml.compose`` with the safe loader), which builds nodes but
never objects. That pass also refuses what plain data never needs and what could hurt: tags of
any kind, anchors and aliases (exponential "billion laughs" expansion), and duplicate keys
(which ``safe_load`` would silently resolve to the last one).

Writing goes through one canonical dumper (fixed key order from the models, short lists of
scalars in flow style) and an atomic replace, so an editor save diffs cleanly and a crash
mid-write never leaves a half-written file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from arena.content.errors import ContentError, Problem, format_key_path

#: Largest content file accepted; a battlefield of 10,000 columns is far below this.
MAX_BYTES = 4 * 1024 * 1024

KeyPath = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class Document:
    """A loaded YAML file: its data and the line of every key path in it."""

    def __init__(self, file: str, data: Any, lines: dict[KeyPath, int]) -> None:
        self.file = file
        self.data = data
        self.lines = lines

    def line_of(self, path: KeyPath) -> int | None:
        """The line of the deepest existing prefix of `path` (an unknown key's parent, say)."""
        for end in range(len(path), -1, -1):
            line = self.lines.get(tuple(path[:end]))
            if line is not None:
                return line
        return None

    def problem(self, path: KeyPath, message: str, fix: str = "") -> Problem:
        """A problem located at `path` in this document."""
        return Problem(self.file, self.line_of(path), format_key_path(path), message, fix)


def read_text(path: Path, display: str | None = None) -> str:
    """Read a content file as UTF-8 text, refusing empty, oversized and binary files."""
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ContentError.single(name, "file not found", "check the path") from None
    except IsADirectoryError:
        raise ContentError.single(name, "is a folder, not a file", "name a .yaml file") from None
    except OSError as exc:
        raise ContentError.single(name, f"cannot be read ({exc.strerror})", "check permissions")\
            from None
    if len(raw) > MAX_BYTES:
        raise ContentError.single(
            name, f"is {len(raw)} bytes, more than the {MAX_BYTES} a content file may have",
            "split it or check that it is the right file")
    if b"\x00" in raw:
        raise ContentError.single(
            name, "is a binary file, not YAML text", "open the right file or re-save it as text")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise ContentError.single(
            name, f"is not valid UTF-8 text (byte {exc.start})", "re-save the file as UTF-8",
            line=line) from None
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        raise ContentError.single(
            name, "is empty", "write the file's content, starting with its `format:` key")
    return text


def parse(text: str, file: str) -> Document:
    """Parse YAML text into a `Document`, or raise `ContentError` with the line at fault."""
    try:
        data = yaml.safe_load(text)
    except yaml.constructor.ConstructorError as exc:
        raise _yaml_problem(file, exc, _tag_fix(exc)) from None
    except yaml.YAMLError as exc:
        raise _yaml_problem(file, exc, "check the indentation, colons and quotes there") from None
    except RecursionError:
        raise ContentError.single(file, "is nested too deeply", "flatten the structure") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:  # pragma: no cover - safe_load failed first on the same text
        raise _yaml_problem(file, exc, "check the YAML syntax there") from None
    lines: dict[KeyPath, int] = {}
    problems: list[Problem] = []
    if root is not None:
        _walk(root, (), lines, problems, file, set())
    if problems:
        raise ContentError(problems)
    return Document(file, data, lines)


def load(path: Path, display: str | None = None) -> Document:
    """Read and parse one YAML content file."""
    name = display or str(path)
    return parse(read_text(path, name), name)


def _tag_fix(exc: yaml.YAMLError) -> str:
    if "python" in str(exc):
        return ("remove the `!!python/...` tag: content files hold plain data only and "
                "Arena never constructs Python objects from them")
    return "remove the tag: content files hold plain data only"


def _yaml_problem(file: str, exc: yaml.YAMLError, fix: str) -> ContentError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    line = mark.line + 1 if mark is not None else None
    what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = f"is not valid YAML: {what}" + (f" ({context})" if context else "")
    if "constructor" in type(exc).__name__.lower() or "tag" in str(what):
        message = f"uses a YAML tag that is not allowed: {what}"
    return ContentError.single(file, message, fix, line=line)


def _walk(
    node: yaml.Node,
    path: KeyPath,
    lines: dict[KeyPath, int],
    problems: list[Problem],
    file: str,
    seen: set[int],
) -> None:
    """Record the line of every key path; reject aliases, tags and duplicate keys."""
    if id(node) in seen:
        problems.append(Problem(file, node.start_mark.line + 1, format_key_path(path),
                                "uses a YAML alias (*name)", "write the value out in full"))
        return
    seen.add(id(node))
    lines.setdefault(path, node.start_mark.line + 1)
    if node.tag not in _PLAIN_TAGS:
        problems.append(Problem(file, node.start_mark.line + 1, format_key_path(path),
                                f"uses the YAML tag {node.tag}", "remove the tag"))
    if isinstance(node, yaml.MappingNode):
        keys: set[Any] = set()
        for key_node, value_node in node.value:
            key = _scalar_key(key_node)
            child = (*path, key)
            if key in keys:
                problems.append(Problem(file, key_node.start_mark.line + 1,
                                        format_key_path(child), "is given twice",
                                        "keep only one of the two"))
            keys.add(key)
            lines[child] = key_node.start_mark.line + 1
            _walk(value_node, child, lines, problems, file, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, problems, file, seen)


def _scalar_key(node: yaml.Node) -> str | int:
    if isinstance(node, yaml.ScalarNode):
        value = node.value
        if node.tag == "tag:yaml.org,2002:int":
            try:
                return int(value, 0)
            except ValueError:
                return str(value)
        return str(value)
    return f"<complex key at line {node.start_mark.line + 1}>"


# --- writing -------------------------------------------------------------------------------


class _CanonicalDumper(yaml.SafeDumper):
    """Block style for structure; flow style for short lists and flat mappings (coordinates,
    hit zones, selectors); long text folded; list items indented under their key."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


_FLOW_WIDTH = 72
"""A flat mapping or list whose one-line form is at most this long is written on one line."""


def _flat(value: Any) -> bool:
    if isinstance(value, (list, tuple)):
        return all(isinstance(x, (int, float, str, bool)) or x is None for x in value)
    if isinstance(value, dict):
        return all(_scalar(v) or (isinstance(v, (list, tuple, dict)) and _flat(v))
                   for v in value.values())
    return False


def _scalar(value: Any) -> bool:
    return isinstance(value, (int, float, str, bool)) or value is None


def _one_line(value: Any) -> int:
    return len(yaml.safe_dump(value, default_flow_style=True, width=10_000).strip())


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = (all(_scalar(x) or (isinstance(x, (list, tuple)) and _flat(x)) for x in data)
            and _one_line(list(data)) <= _FLOW_WIDTH)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    flow = bool(data) and _flat(data) and _one_line(data) <= _FLOW_WIDTH and "format" not in data
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=flow)


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    style = "|" if "\n" in data else (">" if len(data) > 60 else None)
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_CanonicalDumper.add_representer(list, _represent_list)
_CanonicalDumper.add_representer(tuple, _represent_list)  # type: ignore[arg-type]
_CanonicalDumper.add_representer(dict, _represent_dict)
_CanonicalDumper.add_representer(str, _represent_str)


def dump(data: Any) -> str:
    """Serialise plain data canonically: keys in the order given, stable layout."""
    text: str = yaml.dump(
        data, Dumper=_CanonicalDumper, sort_keys=False, allow_unicode=True, width=96,
        default_flow_style=False,
    )
    return text


def atomic_write(path: Path, text: str) -> None:
    """Write `text` to `path` so that the file is either the old one or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def iter_yaml_files(root: Path) -> Iterator[Path]:
    """Every .yaml/.yml file below `root`, in a stable order."""
    for path in sorted(root.rglob("*")):
        if path.suffix in (".yaml", ".yml") and path.is_file():
            yield path
