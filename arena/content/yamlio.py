"""Reading and writing YAML content files: the only place in Arena that touches YAML.

Values are loaded with the safe loader only (``yaml.safe_load``'s constructor). Line numbers
for error messages come from the node tree the file is composed into, which is walked before
it is trusted: the walk refuses what plain data never needs and what could hurt: tags of any
kind, anchors and aliases (exponential "billion laughs" expansion), and duplicate keys (which
``safe_load`` would silently resolve to the last one).

Speed: a file is composed once, by libyaml's parser (``CSafeLoader``) when PyYAML has it,
and the values are built from those same nodes. The pure-Python parser reads about 100 KB a
second, so a 4 MB file took a minute (twice over: once to load, once for the lines). A file
libyaml cannot read is read again by the pure-Python parser, whose messages (and marks) are
the ones the error reports are written for.

Writing goes through one canonical dumper (fixed key order from the models, short lists of
scalars in flow style) and an atomic replace (`arena.content.atomic`), so an editor save
diffs cleanly and a crash mid-write never leaves a half-written file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from arena.content.errors import ContentError, Problem, format_key_path

MAX_BYTES = 256 * 1024
"""Largest content file accepted. The biggest shipped file is under 7 KB and a battlefield
of 5,000 columns fits. The cap bounds the work: each YAML node costs microseconds to compose
even with libyaml (a list of one-digit numbers has a node every two bytes), so a file at the
cap validates in a second or two; at 4 MB it took tens of seconds and hundreds of MB."""

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

    def __init__(self, file: str, data: Any, lines: dict[KeyPath, int],
                 problems: list[Problem] | None = None) -> None:
        self.file = file
        self.data = data
        self.lines = lines
        self.problems: list[Problem] = list(problems or ())
        """What is wrong in the file that still let it be read (a key given twice: the
        last value stands): `arena.content.loader.load_document` reports these together with
        the schema's problems, so one run names every problem of the file."""

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
            name, f"is {len(raw)} bytes, more than the {MAX_BYTES} ({MAX_BYTES // 1024} KB) a "
            "content file may have", "split it or check that it is the right file")
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
    fast = _parse_fast(text, file)
    if fast is not None:
        return fast
    data, root = _parse_slow(text, file)
    if root is None or data is None:
        raise ContentError.single(
            file, "is empty", "write the file's content, starting with its `format:` key")
    lines: dict[KeyPath, int] = {}
    problems: list[Problem] = []
    repeated: list[Problem] = []
    _walk(root, (), lines, problems, repeated, file, set())
    if problems:
        raise ContentError(_collapse(problems))
    return Document(file, data, lines, _collapse(repeated))


_FastLoader: type[Any] | None = getattr(yaml, "CSafeLoader", None)
"""libyaml's safe loader, when PyYAML was built with it (the wheels are)."""


class _NotPlain(Exception):
    """The fast path met something only the slow path reports faithfully."""


def _parse_fast(text: str, file: str) -> Document | None:
    """The `Document` of ``text`` from one libyaml pass; `ContentError` for the tags,
    aliases and duplicate keys the walk refuses; None when libyaml is missing or cannot read
    or build the text (a syntax error, a value that cannot be built): the slow path then
    reads it again and says what is wrong, exactly as it always has."""
    if _FastLoader is None:
        return None
    loader = _FastLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        lines: dict[KeyPath, int] = {}
        problems: list[Problem] = []
        repeated: list[Problem] = []
        _walk(root, (), lines, problems, repeated, file, set())
        if problems:
            # What ``safe_load`` refuses (an unknown tag, a key that is a list, a number too
            # long) is said first, by the slow path; else these are the file's problems.
            loader.construct_document(root)
            raise ContentError(_collapse(problems))
        # The walk found only plain tags, no aliases and no merge keys, so the tree is
        # built here directly by the safe loader's own scalar constructors.
        data = _build(root, loader)
    except (yaml.YAMLError, RecursionError, ValueError, OverflowError, _NotPlain):
        return None
    finally:
        loader.dispose()
    return Document(file, data, lines, _collapse(repeated)) if data is not None else None


_STR_TAG = "tag:yaml.org,2002:str"


def _build(node: yaml.Node, loader: Any) -> Any:
    """The value of a walked node tree, as ``yaml.safe_load`` gives it."""
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):  # unhashable: the slow path says so
                raise _NotPlain
            out[_build(key_node, loader)] = _build(value_node, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, loader) for item in node.value]
    if node.tag == _STR_TAG:
        return node.value
    return loader.yaml_constructors[node.tag](loader, node)


def _parse_slow(text: str, file: str) -> tuple[Any, yaml.Node | None]:
    """The values and node tree by the pure-Python parser, or the `ContentError` at fault."""
    try:
        data = yaml.safe_load(text)
    except yaml.constructor.ConstructorError as exc:
        raise _yaml_problem(file, exc, _tag_fix(exc), text) from None
    except yaml.YAMLError as exc:
        fix = ("keep one document per file: remove the `---` separator and what follows"
               if "another document" in str(exc)
               else "check the indentation, colons and quotes there")
        raise _yaml_problem(file, exc, fix, text) from None
    except RecursionError:
        raise ContentError.single(file, "is nested too deeply", "flatten the structure") from None
    except (ValueError, OverflowError) as exc:  # a 5000-digit number, a date like 2024-13-45
        raise _value_problem(file, text, exc) from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:  # pragma: no cover - safe_load failed first on the same text
        raise _yaml_problem(file, exc, "check the YAML syntax there", text) from None
    return data, root


_REPEATS_SHOWN = 3
"""Identical problems (one per alias of a "billion laughs" file, say) shown before a summary."""


def _collapse(problems: list[Problem]) -> list[Problem]:
    """Keep the first few of each kind of problem and summarise the rest in one line."""
    out: list[Problem] = []
    counts: dict[str, int] = {}
    for problem in problems:
        counts[problem.message] = counts.get(problem.message, 0) + 1
        if counts[problem.message] <= _REPEATS_SHOWN:
            out.append(problem)
    for message, count in counts.items():
        if count > _REPEATS_SHOWN:
            first = next(p for p in problems if p.message == message)
            last = [p for p in problems if p.message == message][-1]
            out.append(Problem(first.file, last.line, "", f"{count - _REPEATS_SHOWN} more places "
                               f"{message.removeprefix('uses ').join(('use ', ''))}",
                               first.fix))
    return out


def load(path: Path, display: str | None = None) -> Document:
    """Read and parse one YAML content file."""
    name = display or str(path)
    return parse(read_text(path, name), name)


def load_mapping(path: Path, display: str | None = None) -> dict[str, Any]:
    """Read a YAML file whose top level is a mapping (a state file of Arena's own, such as the
    editor's autosave) with the same caps as content files: size, aliases, tags, duplicate
    keys, nesting. Raises `ContentError` naming the file and what is wrong."""
    name = display or str(path)
    doc = load(path, name)
    if doc.problems:
        raise ContentError(doc.problems)
    if not isinstance(doc.data, dict):
        raise ContentError.single(
            name, f"holds a {type(doc.data).__name__}, not a mapping of keys to values",
            "delete the file; Arena writes it again")
    return doc.data


def _tag_fix(exc: yaml.YAMLError) -> str:
    if "unhashable" in str(exc):
        return "write keys as plain text: a list or a mapping cannot be a key"
    if "python" in str(exc):
        return ("remove the `!!python/...` tag: content files hold plain data only and "
                "Arena never constructs Python objects from them")
    return "remove the tag: content files hold plain data only"


def _yaml_problem(file: str, exc: yaml.YAMLError, fix: str, text: str) -> ContentError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    context_mark = getattr(exc, "context_mark", None)
    what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    if context and context.startswith("while ") and context_mark is not None and mark \
            is not None and context_mark.line != mark.line:
        context += f" that starts on line {context_mark.line + 1}"
    if ("end of stream" in str(what) or "<stream end>" in str(what)) \
            and context_mark is not None:
        mark = context_mark  # an unclosed quote or bracket: point at where it opens
    line = min(mark.line + 1, line_count(text)) if mark is not None else None
    message = f"is not valid YAML: {what}" + (f" ({context})" if context else "")
    if "tag" in str(what):
        message = f"uses a YAML tag that is not allowed: {what}"
    return ContentError.single(file, message, fix, line=line)


_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def line_count(text: str) -> int:
    """How many lines `text` has, counting line breaks as YAML does (at least 1)."""
    return max(1, len(_LINE_BREAK.split(text.removesuffix("\n").removesuffix("\r"))))


def _value_problem(file: str, text: str, exc: Exception) -> ContentError:
    """A scalar that YAML resolves to a number or date but cannot build: say which one."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):  # pragma: no cover - safe_load parsed it
        root = None
    stack: list[tuple[yaml.Node, KeyPath]] = [(root, ())] if root is not None else []
    seen: set[int] = set()
    while stack:
        node, path = stack.pop(0)
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            stack.extend((v, (*path, _scalar_key(k))) for k, v in node.value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((v, (*path, i)) for i, v in enumerate(node.value))
        elif isinstance(node, yaml.ScalarNode) and node.tag in _BUILT_TAGS:
            try:
                yaml.SafeLoader("").construct_object(node)
            except (ValueError, OverflowError) as err:
                line = node.start_mark.line + 1
                shown = node.value if len(node.value) <= 40 else node.value[:37] + "..."
                if node.tag.endswith(":int"):
                    message = f"{shown} is a number of {len(node.value)} digits, too long"
                    fix = "write a smaller number (or quote it if it is text)"
                else:
                    message = f"{shown!r} cannot be read as a date ({err})"
                    fix = "put it in quotes: content files hold text, not dates"
                return ContentError([Problem(file, line, format_key_path(path), message, fix)])
    return ContentError.single(file, f"holds a value that cannot be read ({exc})",
                               "check the numbers and dates in it")


_BUILT_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
               "tag:yaml.org,2002:timestamp"}


def _walk(
    node: yaml.Node,
    path: KeyPath,
    lines: dict[KeyPath, int],
    problems: list[Problem],
    repeated: list[Problem],
    file: str,
    seen: set[int],
) -> None:
    """Record the line of every key path; refuse aliases and tags (in ``problems``: the file
    is not read further); note keys given twice (in ``repeated``: the file is still read, the
    last value standing, so its other problems can be found too)."""
    if id(node) in seen:
        problems.append(Problem(file, node.start_mark.line + 1, format_key_path(path),
                                "uses a YAML alias (*name)", "write the value out in full"))
        return
    seen.add(id(node))
    lines.setdefault(path, node.start_mark.line + 1)
    if node.tag == "tag:yaml.org,2002:timestamp":
        problems.append(Problem(file, node.start_mark.line + 1, format_key_path(path),
                                f"{node.value!r} is read by YAML as a date",
                                "put it in quotes: content files hold text, not dates"))
    elif node.tag not in _PLAIN_TAGS:
        problems.append(Problem(file, node.start_mark.line + 1, format_key_path(path),
                                f"uses the YAML tag {node.tag}", "remove the tag"))
    if isinstance(node, yaml.MappingNode):
        keys: set[Any] = set()
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                problems.append(Problem(file, key_node.start_mark.line + 1, format_key_path(path),
                                        "uses a YAML merge key (<<)",
                                        "write the keys out in full"))
                continue
            key = _scalar_key(key_node)
            child = (*path, key)
            if key in keys:
                repeated.append(Problem(file, key_node.start_mark.line + 1,
                                        format_key_path(child), "is given twice",
                                        "keep only one of the two"))
            keys.add(key)
            lines[child] = key_node.start_mark.line + 1
            _walk(value_node, child, lines, problems, repeated, file, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, (*path, index), lines, problems, repeated, file, seen)


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

    def ignore_aliases(self, data: Any) -> bool:
        """Write a value used twice out in full: the loader refuses aliases (`parse`)."""
        return True


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


def iter_yaml_files(root: Path) -> Iterator[Path]:
    """Every .yaml/.yml file below `root`, in a stable order."""
    for path in sorted(root.rglob("*")):
        if path.suffix in (".yaml", ".yml") and path.is_file():
            yield path
