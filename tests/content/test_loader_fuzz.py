"""Fuzzing the loader: whatever a file holds, loading it returns a model or raises ContentError.

Each example takes one valid fixture, mutates its data (a key deleted or added, a value of
another type, a list item doubled, a negative number, stray unicode), serialises it, may then
damage the text itself (truncated at a byte, bytes flipped, a nasty YAML line spliced in) and
loads it through every entry point. Any exception but `ContentError` fails the test, and
every problem must name the file, say something, and point at a line the file has.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from arena.content import loader, yamlio
from arena.content.catalog import load_catalog
from arena.content.errors import ContentError, Problem

VALID = Path(__file__).resolve().parent / "fixtures" / "valid"
FIXTURES = sorted(VALID.rglob("*.yaml"))
ORIGINALS: dict[Path, tuple[str, Any]] = {
    p: (p.read_text(encoding="utf-8"), yaml.safe_load(p.read_text(encoding="utf-8")))
    for p in FIXTURES
}

FUZZ = settings(
    max_examples=150, deadline=None, database=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Lines of YAML that a careless or hostile file might hold, spliced into the text.
NASTY_LINES = [
    '!!python/object/apply:os.system ["echo pwned"]',
    "x: !!python/name:os.system",
    "x: !!binary aGVsbG8=",
    "x: &a [1, 2]",
    "y: *a",
    "? [a, b]",
    ": 1",
    "on: 1",
    "no: 2",
    "~: 3",
    "2: two",
    "x: 2024-13-45",
    "x: 2024-01-01",
    "x: " + "9" * 5000,
    "x: =",
    "<<: {a: 1}",
    "\tx: 1",
    "x: 'unclosed",
    "x: [unclosed",
    "---",
    "...",
    "%YAML 1.1",
    "x: .nan",
    "- item",
    "x: [" * 200 + "]" * 200,
    "x: \x00",
]

_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def yaml_lines(text: str) -> int:
    """Lines as YAML counts them (it also breaks on CR, NEL, LS and PS)."""
    return max(1, len(_LINE_BREAK.split(text.removesuffix("\n").removesuffix("\r"))))


scalars = st.one_of(
    st.text(max_size=12), st.integers(-(10**6), 10**6), st.floats(), st.booleans(), st.none(),
    st.just(10**40), st.just(-(10**40)),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3),
    ),
    max_leaves=6,
)


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in the data (not the root)."""
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else (
        enumerate(node) if isinstance(node, list) else [])
    for key, child in items:
        out.append((*path, key))
        out.extend(_paths(child, (*path, key)))
    return out


def _containers(node: Any, kind: type) -> list[Any]:
    found = [node] if isinstance(node, kind) else []
    children = node.values() if isinstance(node, dict) else (
        node if isinstance(node, list) else [])
    for child in children:
        found.extend(_containers(child, kind))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def mutate(draw: st.DrawFn, data: Any) -> Any:
    """Apply one random mutation to (a copy of) the data."""
    data = copy.deepcopy(data)
    kind = draw(st.sampled_from([
        "delete", "unknown-key", "retype", "duplicate-item", "negate", "unicode", "retype-root",
    ]))
    paths = _paths(data)
    if kind == "retype-root" or not paths:
        return draw(values)
    if kind == "delete":
        path = draw(st.sampled_from(paths))
        del _parent(data, path)[path[-1]]
    elif kind == "unknown-key":
        mappings = _containers(data, dict)
        if mappings:  # a root retyped to a list of scalars by an earlier mutation has none
            target = draw(st.sampled_from(mappings))
            target[draw(st.text(min_size=1, max_size=10))] = draw(values)
    elif kind == "retype":
        path = draw(st.sampled_from(paths))
        _parent(data, path)[path[-1]] = draw(values)
    elif kind == "duplicate-item":
        lists = [x for x in _containers(data, list) if x]
        if lists:
            target = draw(st.sampled_from(lists))
            target.insert(draw(st.integers(0, len(target))), copy.deepcopy(
                draw(st.sampled_from(target))))
    elif kind == "negate":
        ints = [p for p in paths if type(_parent(data, p)[p[-1]]) is int]
        if ints:
            path = draw(st.sampled_from(ints))
            _parent(data, path)[path[-1]] = -abs(_parent(data, path)[path[-1]]) - 1
    elif kind == "unicode":
        texts = [p for p in paths if isinstance(_parent(data, p)[p[-1]], str)]
        if texts:
            path = draw(st.sampled_from(texts))
            old = _parent(data, path)[path[-1]]
            at = draw(st.integers(0, len(old)))
            extra = draw(st.text(st.characters(codec="utf-8"), min_size=1, max_size=5))
            _parent(data, path)[path[-1]] = old[:at] + extra + old[at:]
    return data


def damage(draw: st.DrawFn, raw: bytes) -> bytes:
    """Maybe damage the serialised bytes themselves."""
    kind = draw(st.sampled_from(["none", "truncate", "flip", "splice"]))
    if kind == "truncate":
        return raw[: draw(st.integers(0, len(raw)))]
    if kind == "flip":
        out = bytearray(raw)
        for _ in range(draw(st.integers(1, 4))):
            if out:
                out[draw(st.integers(0, len(out) - 1))] = draw(st.integers(0, 255))
        return bytes(out)
    if kind == "splice":
        lines = raw.split(b"\n")
        line = draw(st.sampled_from(NASTY_LINES)).encode("utf-8")
        lines.insert(draw(st.integers(0, len(lines))), line)
        return b"\n".join(lines)
    return raw


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_problems(exc: ContentError, file: str, text: str) -> None:
    assert exc.problems
    for problem in exc.problems:
        check_problem(problem, file, text)


def check_problem(problem: Problem, file: str, text: str) -> None:
    assert problem.message.strip(), problem
    assert problem.file == file, problem
    assert problem.line is None or 1 <= problem.line <= yaml_lines(text), (
        problem, yaml_lines(text))
    assert str(problem).startswith(file)


def load_every_way(raw: bytes, fixture: Path, route: str, folder: Path) -> None:
    """Load `raw` by `route`; the only exception allowed is ContentError."""
    text = raw.decode("utf-8", errors="replace")
    target = folder / fixture.name  # same name as the fixture, so a valid id still matches
    try:
        if route == "load_text":
            model = loader.load_text(text, fixture.name)
            assert isinstance(model, BaseModel)
        elif route == "parse":
            doc = yamlio.parse(text, fixture.name)
            assert doc.file == fixture.name
        elif route == "load_file":
            target.write_bytes(raw)
            assert isinstance(loader.load_file(target), BaseModel)
        else:  # the whole pipeline: catalogue, cross-file and geometry checks; never raises
            target.write_bytes(raw)
            catalog = load_catalog([target])
            for problem in catalog.problems_for(target.resolve()):
                check_problem(problem, problem.file, text)
                assert Path(problem.file).name == fixture.name
            return
    except ContentError as exc:
        check_problems(exc, str(target) if route == "load_file" else fixture.name, text)


ROUTES = ["load_text", "parse", "load_file", "catalog"]


@FUZZ
@given(data=st.data())
def test_mutated_data_loads_or_raises_content_error(data: st.DataObject, scratch: Path) -> None:
    fixture = data.draw(st.sampled_from(FIXTURES), label="fixture")
    _text, original = ORIGINALS[fixture]
    mutated = original
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutated = mutate(data.draw, mutated)
    text = yaml.safe_dump(mutated, sort_keys=False, allow_unicode=data.draw(st.booleans()))
    for route in ROUTES:
        load_every_way(text.encode("utf-8"), fixture, route, scratch)


@FUZZ
@given(data=st.data())
def test_damaged_text_loads_or_raises_content_error(data: st.DataObject, scratch: Path) -> None:
    fixture = data.draw(st.sampled_from(FIXTURES), label="fixture")
    text, original = ORIGINALS[fixture]
    if data.draw(st.booleans(), label="mutate data first"):
        text = yaml.safe_dump(mutate(data.draw, original), sort_keys=False, allow_unicode=True)
    raw = text.encode("utf-8")
    for _ in range(data.draw(st.integers(1, 2), label="damages")):
        raw = damage(data.draw, raw)
    for route in ROUTES:
        load_every_way(raw, fixture, route, scratch)


def test_unmutated_fixtures_load_every_way(scratch: Path) -> None:
    """The base of the fuzzing is sound: every fixture loads by every route."""
    for fixture, (text, _data) in ORIGINALS.items():
        assert isinstance(loader.load_text(text, fixture.name), BaseModel)
        assert isinstance(loader.load_file(fixture), BaseModel)
        assert yamlio.parse(text, fixture.name).data == _data
