"""Turn one YAML file into one typed model, or a `ContentError` saying exactly what is wrong.

The file's ``format`` key says what it holds; the matching model validates it strictly. Every
pydantic error is translated into a `Problem` with the file, the line and the key path from the
YAML document, a plain-language message and a fix. Nothing but `ContentError` escapes.
"""

from __future__ import annotations

import difflib
import functools
import re
import types
import typing
from pathlib import Path
from typing import Any, Union

import pydantic
import yaml
from pydantic import BaseModel

from arena.content import yamlio
from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.errors import ContentError, Problem, format_key_path, split_rules
from arena.content.lists import ArmyList, SpellDeck
from arena.content.scenario import Scenario
from arena.content.yamlio import Document, KeyPath

ContentModel = ArmyCard | SpellCard | Battlefield | Scenario | ArmyList | SpellDeck

FORMATS: dict[str, type[BaseModel]] = {
    "army-card": ArmyCard,
    "spell-card": SpellCard,
    "battlefield": Battlefield,
    "scenario": Scenario,
    "army": ArmyList,
    "deck": SpellDeck,
}
"""The value of a file's ``format`` key, and the model that reads it."""

FORMAT_NAMES: dict[str, str] = {
    "army-card": "army card", "spell-card": "spell card", "battlefield": "battlefield",
    "scenario": "scenario", "army": "army list", "deck": "spell deck",
}
"""What each format is called in a sentence."""


def _a(noun: str) -> str:
    """``noun`` with its indefinite article (an army list, a battlefield)."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def load_file(path: Path | str, expect: type[BaseModel] | None = None) -> ContentModel:
    """Load and validate one content file; the id must match the file name."""
    path = Path(path)
    doc = yamlio.load(path)
    model = load_document(doc, expect)
    if path.stem != model.id:
        raise ContentError([doc.problem(
            ("id",), f"id {model.id!r} does not match the file name {path.name!r}",
            f"rename the file to {model.id}{path.suffix} or set `id: {path.stem}`")])
    return model


def load_text(text: str, file: str = "<text>",
              expect: type[BaseModel] | None = None) -> ContentModel:
    """Load content from a string (the editor's clipboard, tests)."""
    return load_document(yamlio.parse(text, file), expect)


def load_document(doc: Document, expect: type[BaseModel] | None = None) -> ContentModel:
    """Validate a parsed document against the model its ``format`` names."""
    data = doc.data
    formats = ", ".join(FORMATS)
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"a single value ({data!r:.40})"
        raise ContentError([doc.problem(
            (), f"holds {kind}, not a mapping of keys", "start the file with `format: ...`")])
    fmt = data.get("format")
    if fmt is None:
        raise ContentError([doc.problem(
            (), "has no `format` key", f"add `format:` with one of: {formats}")])
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ContentError([doc.problem(
            ("format",), f"format {fmt!r} is not one Arena knows", f"use one of: {formats}")])
    model_cls = FORMATS[fmt]
    if expect is not None and model_cls is not expect:
        wanted = FORMAT_NAMES[next(k for k, v in FORMATS.items() if v is expect)]
        raise ContentError([doc.problem(
            ("format",), f"holds {_a(FORMAT_NAMES[fmt])}, but {_a(wanted)} was expected here",
            f"choose {_a(wanted)} file")])
    return typing.cast(ContentModel, load_as(doc, model_cls))


_M = typing.TypeVar("_M", bound=BaseModel)


def load_as(doc: Document, model_cls: type[_M]) -> _M:
    """Validate a parsed document with `model_cls`, with the same plain messages as content
    files: also for Arena's own files that are not content (the player's piece collection,
    `arena.content.collections`), whose models are not in `FORMATS`."""
    data = doc.data
    try:
        model = model_cls.model_validate(data)
    except pydantic.ValidationError as exc:
        raise ContentError([*doc.problems, *_problems(doc, model_cls, exc)]) from None
    except (RecursionError, ValueError, TypeError) as exc:  # defensive: never leak
        raise ContentError([doc.problem((), f"could not be read: {exc}", "check the file")]) \
            from None
    if doc.problems:  # a key given twice: the schema found nothing else
        raise ContentError(doc.problems)
    return model


MAX_PROBLEMS = 50
"""At most this many schema problems of one file are described; the rest are counted. A file
of 40,000 unknown keys is one mistake made many times, and describing each (a line lookup
and a spelling suggestion apiece) would cost more than everything else the loader does."""


def _problems(doc: Document, model_cls: type[BaseModel],
              exc: pydantic.ValidationError) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[tuple[KeyPath, str]] = set()
    errors = exc.errors(include_url=False)
    left = 0
    for index, error in enumerate(errors):
        if len(problems) >= MAX_PROBLEMS:
            left = len(errors) - index
            break
        loc, kind = error["loc"], error["type"]
        shown: KeyPath | None = None
        if kind == "invalid_key" or (loc and loc[-1] == "[key]"):  # a key that is not text
            parent = _data_path(doc.data, loc[:-2] if loc[-1] == "[key]" else loc[:-1])
            path = _raw_key_path(doc, parent, error.get("input"))
            if path != parent:  # a number key `2:` is shown as `turn_limit.2`, not an index
                shown = (*parent, str(path[-1]))
        else:
            path = _data_path(doc.data, loc)
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            disc = str(error.get("ctx", {}).get("discriminator", "")).strip("'")
            if disc.isidentifier() and isinstance(error.get("input"), dict):
                path = (*path, disc)
        elif kind == "value_error":
            rules = split_rules(str(error["msg"]).removeprefix("Value error, "))
            if any(fix for _, fix in rules):  # `broken_rules`: each rule its own problem
                for message, fix in rules:
                    at = _named_key(doc.data, path, _known_keys(model_cls, loc), message)
                    if (at, message) not in seen:
                        seen.add((at, message))
                        problems.append(doc.problem(at, message, fix))
                continue
            path = _named_key(doc.data, path, _known_keys(model_cls, loc), str(error["msg"]))
        message, fix = _describe(error, model_cls, loc, path)
        if (path, message) in seen:
            continue
        seen.add((path, message))
        if shown is not None:
            problems.append(Problem(doc.file, doc.line_of(path), format_key_path(shown),
                                    message, fix))
        else:
            problems.append(doc.problem(path, message, fix))
    problems.sort(key=lambda p: (p.line or 0, p.path))
    if left:
        problems.append(Problem(
            doc.file, None, "", f"has up to {left} more problems than the {MAX_PROBLEMS} listed",
            "fix the listed ones, then validate again to see the rest"))
    return problems


def _data_path(data: Any, loc: tuple[Any, ...]) -> KeyPath:
    """Keep the parts of a pydantic location that index the data (drop union tags)."""
    path: list[str | int] = []
    node = data
    for part in loc:
        indexes_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if (isinstance(node, dict) and part in node) or indexes_list:
            path.append(part)
            node = node[part]
        elif isinstance(node, dict) and isinstance(part, str) and part.endswith("_") \
                and part[:-1] in node and not _is_tag(part, node):
            # fields named `from_` / `with_` are written with their alias
            path.append(part[:-1])
            node = node[part[:-1]]
        elif isinstance(node, dict) and isinstance(part, str) and not _is_tag(part, node):
            path.append(part)  # a missing or unknown key: name it
            node = None
    return tuple(path)


def _raw_key_path(doc: Document, parent: KeyPath, key: Any) -> KeyPath:
    """The path of a key YAML read as true, null or a number, spelt as in the file (`on`)."""
    # One pass over the lines, no sorting: this runs once per problem (sorting every key
    # path of the file each time made a file of many number keys quadratic).
    depth = len(parent) + 1
    found = [path for path in doc.lines
             if len(path) == depth and path[:-1] == parent and _same_key(path[-1], key)]
    return min(found, key=doc.lines.__getitem__) if found else parent


_NOT_READ = object()


@functools.lru_cache(maxsize=4096)
def _key_value(raw: str) -> Any:
    """What YAML reads a key spelt ``raw`` as (`_NOT_READ` when it cannot)."""
    try:
        return yaml.safe_load(raw)
    except (yaml.YAMLError, ValueError, OverflowError, RecursionError):
        return _NOT_READ


def _same_key(raw: str | int, key: Any) -> bool:
    value = _key_value(raw) if isinstance(raw, str) else raw
    return type(value) is type(key) and value == key


def _named_key(data: Any, path: KeyPath, known: list[str], message: str) -> KeyPath:
    """Point a check across several keys at the key its message starts with or quotes.

    A message such as ``turn_limit has no entry for 3 players`` or ``an aura needs
    `enchants` ...`` names the key at fault; a key is taken only when the message starts with
    it, puts it in backticks, or (for keys with an underscore) names it anywhere. Of several,
    the first one the file has wins (``a sorcery has neither `enchants` nor `trigger` ``).
    """
    node: Any = data
    for part in path:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int):
            node = node[part]
        else:
            node = None
    if not isinstance(node, dict):
        return path
    best: tuple[bool, int, int, str] | None = None
    for key in known:
        patterns = [rf"^{re.escape(key)}\b", rf"`{re.escape(key)}`"]
        if "_" in key:
            patterns.append(rf"(?<![\w.]){re.escape(key)}\b")
        for pattern in patterns:
            found = re.search(pattern, message)
            if found:
                end = found.end() - (1 if found.group().endswith("`") else 0)
                candidate = (key not in node, found.start(), end, key)
                best = candidate if best is None else min(best, candidate)
    if best is None:
        return path
    out: KeyPath = (*path, best[3])
    rest = message[best[2]:]
    node = node.get(best[3])
    while isinstance(node, dict) and (step := re.match(r"\.(\w+)", rest)) \
            and step.group(1) in node:  # `hit_zone.top`: go one key deeper
        out = (*out, step.group(1))
        node, rest = node[step.group(1)], rest[step.end():]
    return out


def _is_tag(part: str, node: Any = None) -> bool:
    """Pydantic puts union member names in locations; data keys are lower snake case."""
    if isinstance(node, dict) and part in (node.get("kind"), node.get("effect")):
        return True
    return not part.replace("_", "a").isalnum() or not part.islower() or part in _SCALAR_TAGS


_SCALAR_TAGS = {"int", "str", "float", "bool"}


def _describe(error: Any, model_cls: type[BaseModel], loc: tuple[Any, ...],
              path: KeyPath) -> tuple[str, str]:
    kind = error["type"]
    got = error.get("input")
    msg = str(error["msg"]).removeprefix("Value error, ")
    key = path[-1] if path else ""
    if kind == "invalid_key" or (loc and loc[-1] == "[key]"):
        spelt = key if isinstance(key, str) else got
        if isinstance(got, bool):
            what = "true" if got else "false"
        elif got is None:
            what = "null (nothing)"
        else:
            what = "a number" if isinstance(got, (int, float)) else _show(got)
        return (f"the key {spelt!r} is read by YAML as {what}, not as text",
                f'put the key in quotes ("{spelt}":) or rename it')
    if kind == "union_tag_invalid":
        ctx = error.get("ctx", {})
        return (f"{_show(ctx.get('tag'))} is not a known {key or 'kind'}",
                f"use one of: {ctx.get('expected_tags', '')}")
    if kind == "union_tag_not_found" and isinstance(got, dict):
        return (f"missing required key {key!r}",
                f"add `{key}:` to say what kind of entry this is")
    if kind == "missing":
        return f"missing required key {key!r}", f"add `{key}:`"
    if kind == "extra_forbidden":
        known = _known_keys(model_cls, loc[:-1])
        close = difflib.get_close_matches(str(key), known, n=1)
        hint = f"did you mean {close[0]!r}? Otherwise " if close else ""
        return (f"unknown key {key!r}",
                f"{hint}remove it; allowed keys here: {', '.join(known) or '(none)'}")
    if kind in ("int_type", "float_type", "bool_type", "string_type", "list_type",
                "dict_type", "model_type", "tuple_type", "model_attributes_type"):
        expected = {
            "int_type": "a whole number", "float_type": "a number", "bool_type": "true or false",
            "string_type": "text", "list_type": "a list", "tuple_type": "a list",
            "dict_type": "a mapping of keys", "model_type": "a mapping of keys",
            "model_attributes_type": "a mapping of keys",
        }[kind]
        return (f"expected {expected}, got {_show(got)}",
                f"write {expected} for {key!r}" if key else f"write {expected}")
    ctx = error.get("ctx") or {}
    if kind == "string_pattern_mismatch":
        if "#" in str(ctx.get("pattern", "")):
            return (f"{_show(got)} is not a valid value here: a colour is written #rrggbb",
                    "write the colour as # and six hex digits, e.g. #e8c547")
        return (f"{_show(got)} is not a valid value here: an id uses only lower-case "
                "letters, digits and dashes", f"write it like {_slug(got)!r}")
    if kind in ("literal_error", "enum"):
        return (f"{_show(got)} is not allowed: use {ctx.get('expected', 'a listed value')}",
                "use one of the values listed")
    name = repr(key) if isinstance(key, str) and key else "it"
    if kind in ("too_short", "too_long", "string_too_short", "string_too_long"):
        unit = ("character", "characters") if kind.startswith("string") else \
            ("entry", "entries")
        size = ctx.get("actual_length", len(got) if isinstance(got, (str, list)) else 0)
        limit = int(ctx.get("min_length" if "short" in kind else "max_length", 0))
        have = "is empty" if not size else f"has {size} {unit[size != 1]}"
        if "short" in kind:
            return (f"{name} {have}: it needs at least {limit} {unit[limit != 1]}",
                    f"add to {name}")
        return (f"{name} {have}: at most {limit} {unit[limit != 1]} are allowed",
                f"shorten {name} to {limit} {unit[limit != 1]}")
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        bound = {"greater_than_equal": ("at least", "ge"), "less_than_equal": ("at most", "le"),
                 "greater_than": ("more than", "gt"), "less_than": ("less than", "lt")}[kind]
        edge = ctx.get(bound[1])
        return (f"{_show(got)} is out of range: {name} must be {bound[0]} {edge}",
                f"write a number {bound[0]} {edge}")
    if kind == "value_error":
        msg = re.sub(r"^`[\w.]+`:\s*", "", msg)  # the key is already in the path shown
        if msg.startswith("expected "):
            return msg, "write " + msg.removeprefix("expected ")
        return msg, "change the values named so that they agree"
    return msg, "check this value against the format's documentation"


def _slug(value: Any) -> str:
    """`value` written as an id (lower case, dashes)."""
    return re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")[:80] or "my-id"


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _known_keys(model_cls: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The keys allowed at `loc` (best effort, to suggest a spelling)."""
    current: Any = model_cls
    for part in loc:
        current = _step(current, part)
        if current is None:
            return []
    model = _as_model(current)
    if model is None:
        return []
    return [f.alias or name for name, f in model.model_fields.items()]


def _step(current: Any, part: Any) -> Any:
    members = [a for a in _flatten(current)]
    if isinstance(part, int):
        for arg in members:
            if typing.get_origin(arg) in (list, tuple):
                return typing.get_args(arg)[0]
        return None
    models = [a for a in members if isinstance(a, type) and issubclass(a, BaseModel)]
    for model in models:  # a discriminated union's tag picks the member
        for disc in ("kind", "effect"):
            field = model.model_fields.get(disc)
            if field is not None and part in typing.get_args(field.annotation):
                return model
        if part == model.__name__:
            return model
    for model in models:
        name = part if part in model.model_fields else part + "_"
        if name in model.model_fields:
            return model.model_fields[name].annotation
    return current if not models else None


def _as_model(current: Any) -> type[BaseModel] | None:
    for arg in _flatten(current):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
    return None


def _flatten(tp: Any) -> list[Any]:
    """Unwrap Annotated and unions into their member types."""
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _flatten(typing.get_args(tp)[0])
    if origin is Union or origin is types.UnionType:
        out: list[Any] = []
        for arg in typing.get_args(tp):
            out.extend(_flatten(arg))
        return out
    return [tp]
