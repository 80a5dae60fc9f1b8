"""A file fuzzer: shipped battlefield, army and deck files, mutated a few hundred times (an
entry deleted, duplicated or swapped, a number or an id changed, a value of another kind, the
text cut, a line doubled, dropped or swapped, a hostile line spliced in), each checked by
``arena validate`` and by the editor's loader. Each is reported -- valid, or its problems in
plain words naming the file -- never a traceback, never a changed file; the editor opens it
or says why not (a `ContentError`), and a battlefield it opens gets its report.

Seeded (``ARENA_FUZZ_SEED``, default 32) and bounded (``ARENA_FUZZ_FILES`` per kind,
default 60; the files of a kind are validated together, so the shipped catalogue is loaded
once per batch): a run takes well under a minute on one core.
"""

from __future__ import annotations

import copy
import io
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.content import validate_cli, yamlio
from arena.content.catalog import load_game_catalog
from arena.content.errors import ContentError
from editor.core.builder import Builder
from editor.core.model import Editor
from editor.core.validation import validate

ROOT = Path(__file__).resolve().parents[2]
SEED = int(os.environ.get("ARENA_FUZZ_SEED", "32"))
FILES = int(os.environ.get("ARENA_FUZZ_FILES", "60"))
BATCH = 35

BASES = {
    "battlefield": ROOT / "scenarios" / "battlefields" / "practice-field.yaml",
    "army": ROOT / "cards" / "armies" / "gideon-premade.yaml",
    "deck": ROOT / "cards" / "decks" / "white-premade.yaml",
}

JARGON = re.compile(
    r"Traceback|Error\b|Exception|invalid literal|values to unpack|Exceeds the limit|"
    r"NoneType|has no attribute|object is not|\[type=|index out of range|"
    r"not supported between|codec can't|int\(\)|float\(\)|pydantic")
"""Python's wording, which a map maker must never read. (The YAML parser's own description
of a syntax error -- "found unhashable key", "could not find expected ':'" -- is quoted
after "is not valid YAML:" with a fix, as `arena.content.yamlio` chose.)"""

NASTY = ["x: !!python/object/apply:os.system ['true']", "x: &a [1, 2]", "y: *a",
         "x: " + "9" * 5000, "\tx: 1", "x: 'unclosed", "- item", "---", "? [a, b]",
         "x: .nan", "x: [" * 100 + "]" * 100, "x: \x00"]


# --- mutations -------------------------------------------------------------------------------


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else (
        enumerate(node) if isinstance(node, list) else ())
    for key, child in items:
        out.append((*path, key))
        out.extend(_paths(child, (*path, key)))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path[:-1]:
        data = data[part]
    return data


def data_mutation(rng: random.Random, data: Any) -> None:
    """One change to the file's data: delete, duplicate, swap, renumber, retype, re-id."""
    paths = [p for p in _paths(data) if p[0] != "format" or rng.random() < 0.05]
    if not paths:
        return
    path = rng.choice(paths)
    parent, key = _parent(data, path), path[-1]
    kind = rng.randrange(6)
    if kind == 0:
        del parent[key]
    elif kind == 1 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == 2 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == 3:
        value = parent[key]
        if isinstance(value, int) and not isinstance(value, bool):
            parent[key] = rng.choice([value + 1, value - 1, 0, -1, 99, 10**12])
        else:
            parent[key] = rng.choice([0, -3, 10**12, 1.5])
    elif kind == 4:
        parent[key] = rng.choice([None, "", "x" * 200, [], {}, True, "land", [1, 2, 3],
                                  {"at": [0, 0]}, "gideon-jura-combat-mage"])
    else:
        strings = [p for p in _paths(data) if isinstance(_parent(data, p)[p[-1]], str)]
        if strings:
            where = rng.choice(strings)
            _parent(data, where)[where[-1]] = rng.choice(
                ["rhox-veterans", "no-such-card", "Blue", "-", "p1", "white-premade"])


def text_mutation(rng: random.Random, text: str) -> str:
    """One change to the file's text: cut, a line doubled, dropped or swapped, a hostile
    line spliced in, an indent changed."""
    lines = text.splitlines()
    kind = rng.randrange(6)
    i = rng.randrange(len(lines))
    if kind == 0:
        return text[:rng.randrange(len(text))]
    if kind == 1:
        lines.insert(i, lines[i])
    elif kind == 2:
        del lines[i]
    elif kind == 3:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 4:
        lines.insert(i, rng.choice(NASTY))
    else:
        lines[i] = " " * rng.randrange(1, 5) + lines[i]
    return "\n".join(lines) + "\n"


def mutated(kind: str, number: int, rng: random.Random) -> tuple[str, str]:
    """A mutated file of ``kind``: its name (``fz-<kind>-<n>``, also its id unless a
    mutation changed it) and its text."""
    stem = f"fz-{kind}-{number}"
    data = yaml.safe_load(BASES[kind].read_text(encoding="utf-8"))
    data["id"] = stem
    for _ in range(rng.choice((1, 1, 2))):
        data_mutation(rng, data)
    text = yamlio.dump(data)
    if rng.random() < 0.35:
        text = text_mutation(rng, text)
    return stem, text


# --- the properties --------------------------------------------------------------------------


def _editor_opens(kind: str, path: Path, builder: Builder) -> None:
    """The editor's loader: a model, or a `ContentError` saying why (never anything else)."""
    try:
        if kind == "battlefield":
            validate(Editor.open(path).doc)
        elif kind == "army":
            builder.load_army(path)
        else:
            builder.load_deck(path)
    except ContentError as exc:
        for problem in exc.problems:
            assert problem.message and path.name in problem.file, str(problem)
            assert not JARGON.search(problem.message), str(problem)


@pytest.mark.parametrize("kind", list(BASES))
def test_mutated_files_are_reported_plainly_by_validate_and_the_editor(
        kind: str, tmp_path: Path) -> None:
    rng = random.Random(f"{SEED}-{kind}")
    catalog = load_game_catalog(check=False)
    builder = Builder(catalog.army_cards, catalog.spells)
    files: dict[Path, bytes] = {}
    for number in range(FILES):
        stem, text = mutated(kind, number, rng)
        path = tmp_path / f"{stem}.yaml"
        path.write_text(text, encoding="utf-8")
        files[path] = path.read_bytes()
    paths = list(files)
    for start in range(0, len(paths), BATCH):
        batch = paths[start:start + BATCH]
        out = io.StringIO()
        status = validate_cli.run([str(p) for p in batch], out)
        report = out.getvalue()
        assert status in (0, 1), report
        assert not JARGON.search(report), report
        for path in batch:
            assert path.name in report, f"{path.name} is not in the report"
    for path, before in files.items():
        _editor_opens(kind, path, builder)
        assert path.read_bytes() == before, f"{path.name} was changed"
