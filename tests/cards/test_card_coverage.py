"""Every card ability (``card-id/ability-id``) and every spell (``spell-id``) shipped under
`cards/` is exercised by at least one test, and every coverage claim names a real card.

How coverage is declared -- one rule, checked statically:

1. A test that exercises a card says so with the marker registered in pyproject.toml::

       @pytest.mark.covers("killing-wave")
       @pytest.mark.covers("rhox-veterans/trample")
       def test_...

   Class decorators, a module's or class's ``pytestmark`` and ``pytest.param(...,
   marks=pytest.mark.covers(...))`` count too. The marker must sit on something pytest
   collects (a ``test*`` function, or a ``test*`` method of a ``Test*`` class) and name its id
   as a string literal.

The markers are read by parsing every test file under tests/ with `ast` (pytest's default
``test_*.py`` / ``*_test.py`` names), never from the collected session, so the check gives the
same answer however tests are selected (``-k``, one file, ``-n 2`` with xdist).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from arena.content import load_catalog
from arena.content.catalog import project_root

ROOT = project_root()
TESTS = ROOT / "tests"

SHIPPED_ABILITY_TESTS = "tests/engine/test_abilities_shipped.py"


"""Coverage by tests in files this team cannot mark (see the module docstring, rule 2)."""


# --- reading the markers -------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """One ``covers`` marker: the id it names (None: not a string literal), the node it sits
    on, its line, and whether pytest collects that node as a test."""

    covered: str | None
    node: str
    line: int
    collected: bool


@dataclass(frozen=True)
class Scan:
    """What one test file declares: its markers, its collected test nodes, and markers found
    where no test can carry them (inside a helper's body, say)."""

    marks: tuple[Mark, ...]
    tests: frozenset[str]
    stray: tuple[int, ...]


def _is_covers(call: ast.AST) -> bool:
    """``pytest.mark.covers(...)`` or ``mark.covers(...)``."""
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Attribute):
        return False
    owner = call.func.value
    return call.func.attr == "covers" and (
        (isinstance(owner, ast.Attribute) and owner.attr == "mark")
        or (isinstance(owner, ast.Name) and owner.id == "mark"))


def _covers_calls(nodes: list[ast.expr]) -> list[ast.Call]:
    """Every covers call within some expressions (a decorator, ``pytestmark``'s value, a
    parametrize list with ``pytest.param(..., marks=...)``), in source order."""
    found = [n for node in nodes for n in ast.walk(node) if _is_covers(n)]
    return sorted({id(c): c for c in found if isinstance(c, ast.Call)}.values(),
                  key=lambda c: (c.lineno, c.col_offset))


def _ids(call: ast.Call) -> list[str | None]:
    if not call.args:
        return [None]
    return [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None
            for a in call.args]


def _pytestmark(body: list[ast.stmt]) -> list[ast.expr]:
    """The values assigned to ``pytestmark`` in a module's or class's body."""
    out: list[ast.expr] = []
    for stmt in body:
        targets: list[ast.expr] = []
        if isinstance(stmt, ast.Assign):
            targets = list(stmt.targets)
        elif isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        named = any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in targets)
        value = getattr(stmt, "value", None)
        if named and isinstance(value, ast.expr):
            out.append(value)
    return out


def scan_source(source: str, name: str) -> Scan:
    """The markers and test nodes of one test module's source (``name``: its path from the
    project root, used in node ids)."""
    tree = ast.parse(source, filename=name)
    marks: list[Mark] = []
    tests: set[str] = set()
    seen: set[int] = set()

    def add(calls: list[ast.Call], node: str, collected: bool) -> None:
        for call in calls:
            seen.add(id(call))
            marks.extend(Mark(i, node, call.lineno, collected) for i in _ids(call))

    module_calls = _covers_calls(_pytestmark(tree.body))
    seen.update(id(c) for c in module_calls)
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    for stmt in tree.body:
        if isinstance(stmt, functions):
            node, collected = f"{name}::{stmt.name}", stmt.name.startswith("test")
            if collected:
                tests.add(node)
            add(_covers_calls(list(stmt.decorator_list)) + (module_calls if collected else []),
                node, collected)
        elif isinstance(stmt, ast.ClassDef):
            class_calls = _covers_calls(list(stmt.decorator_list) + _pytestmark(stmt.body))
            seen.update(id(c) for c in class_calls)
            is_test_class = stmt.name.startswith("Test")
            for item in stmt.body:
                if not isinstance(item, functions):
                    continue
                node = f"{name}::{stmt.name}::{item.name}"
                collected = is_test_class and item.name.startswith("test")
                if collected:
                    tests.add(node)
                inherited = module_calls + class_calls if collected else []
                add(_covers_calls(list(item.decorator_list)) + inherited, node, collected)
            if not any(m.node.startswith(f"{name}::{stmt.name}::") and m.collected
                       for m in marks) and class_calls:
                add(class_calls, f"{name}::{stmt.name}", False)
    if module_calls and not tests:
        add(module_calls, name, False)
    stray = tuple(sorted(c.lineno for c in ast.walk(tree)
                         if _is_covers(c) and id(c) not in seen and isinstance(c, ast.Call)))
    return Scan(tuple(marks), frozenset(tests), stray)


def module_paths() -> list[Path]:
    """Every file pytest would take for a test module under tests/ (default names)."""
    found = {p for pattern in ("test_*.py", "*_test.py") for p in TESTS.rglob(pattern)}
    return sorted(p for p in found if "__pycache__" not in p.parts)


@cache
def scans() -> dict[str, Scan]:
    """Every test file's scan, by its path from the project root."""
    out = {}
    for path in module_paths():
        name = path.relative_to(ROOT).as_posix()
        out[name] = scan_source(path.read_text(encoding="utf-8"), name)
    return out


@cache
def shipped_ids() -> frozenset[str]:
    """Every ability (``card-id/ability-id``) and spell (``spell-id``) under cards/."""
    catalog = load_catalog([ROOT / "cards"], check=False)
    assert not catalog.problems, "cards/ has problems: run `arena validate cards`"
    ids = {f"{card.id}/{ability.id}" for card in catalog.army_cards.values()
           for ability in card.abilities}
    return frozenset(ids | set(catalog.spells))


def all_marks() -> list[Mark]:
    return [m for scan in scans().values() for m in scan.marks]


def covered_ids() -> set[str]:
    """Ids with a marked collected test."""
    return {m.covered for m in all_marks() if m.collected and m.covered is not None}


# --- the checks ----------------------------------------------------------------------------


def test_every_card_ability_and_spell_is_covered_by_a_test() -> None:
    missing = sorted(shipped_ids() - covered_ids())
    assert not missing, (
        f"{len(missing)} card abilities or spells have no test marked "
        "@pytest.mark.covers(...):\n  " + "\n  ".join(missing))


def test_every_covered_id_names_a_shipped_ability_or_spell() -> None:
    stale = [f"{m.node} (line {m.line}): {m.covered!r}" for m in all_marks()
             if m.covered is not None and m.covered not in shipped_ids()]
    assert not stale, "covers markers naming no ability or spell in cards/:\n  " + \
        "\n  ".join(stale)


def test_covers_markers_sit_on_collected_tests_and_name_a_literal_id() -> None:
    wrong = [f"{m.node} (line {m.line}): not a test pytest collects" for m in all_marks()
             if not m.collected]
    wrong += [f"{m.node} (line {m.line}): the id is not one string literal" for m in all_marks()
              if m.covered is None]
    wrong += [f"{name} (line {line}): a covers marker no test carries"
              for name, scan in scans().items() for line in scan.stray]
    assert not wrong, "misplaced covers markers:\n  " + "\n  ".join(wrong)


def test_the_scan_finds_the_markers_of_this_suite() -> None:
    names = set(scans())
    assert "tests/cards/test_card_coverage.py" in names
    assert SHIPPED_ABILITY_TESTS in names
    assert len([m for m in all_marks() if m.collected]) >= len(shipped_ids())


DEMO = '''
import pytest
from pytest import mark

pytestmark = [pytest.mark.covers("mod-wide")]


@pytest.mark.covers("a")
@mark.covers("b/c")
def test_one():
    pass


@pytest.mark.parametrize("x", [1, pytest.param(2, marks=pytest.mark.covers("p"))])
def test_two(x):
    pass


@pytest.mark.covers("nope")
def helper():
    pytest.mark.covers("inside")


@pytest.mark.covers("klass")
class TestGroup:
    pytestmark = pytest.mark.covers("body")

    @pytest.mark.covers("meth")
    def test_three(self):
        pass

    def not_a_test(self):
        pass


@pytest.mark.covers(SOME_NAME)
def test_four():
    pass
'''


def test_the_scanner_reads_every_way_of_writing_the_marker() -> None:
    scan = scan_source(DEMO, "tests/x/test_demo.py")
    by_node: dict[str, set[str | None]] = {}
    for m in scan.marks:
        if m.collected:
            by_node.setdefault(m.node.split("::", 1)[1], set()).add(m.covered)
    assert by_node == {
        "test_one": {"a", "b/c", "mod-wide"},
        "test_two": {"p", "mod-wide"},
        "TestGroup::test_three": {"meth", "klass", "body", "mod-wide"},
        "test_four": {None, "mod-wide"},
    }
    assert [(m.covered, m.node) for m in scan.marks if not m.collected] == [
        ("nope", "tests/x/test_demo.py::helper")]
    assert len(scan.stray) == 1  # the call inside the helper's body
    assert scan.tests == {f"tests/x/test_demo.py::{t}" for t in (
        "test_one", "test_two", "TestGroup::test_three", "test_four")}
