"""The layering of Arena's packages, read from the source (never by importing it).

The packages form one ladder, and every import runs down it::

    arena.hexgrid <- arena.engine <- arena.content <- arena.ai <- arena.client <- editor

(`arena.ai` uses `arena.content` to load the shipped scenarios for its matches; content never
uses the AI.) The entry point `arena.cli` (with `arena.__main__`) sits on top of the `arena`
packages and starts the client, the validator or the matches; the editor sits above all of
them. On top of the ladder:

* pygame and pygame_gui are imported only by `arena.client` and `editor`, so the rules run
  without a display (`tests/test_headless_imports.py` checks the same thing at run time);
* YAML is read only by `arena.content`, whose loader caps aliases, size and depth;
* no two modules import each other, directly or round a circle (imports under
  ``if TYPE_CHECKING:`` are only read by the type checker and do not count);
* the client's screens open each other by name through the app (`App.scene`), so a screen
  module imports only the scene stack, the shared dialogs and the HUD; the table of every
  screen (`arena.client.scenes.standard`) is the one module that imports them all;
* an import inside a function says why it is not at the top of the file, in a comment on
  its line or just above it (an optional dependency, pygame only once a window opens ...),
  so a file's header shows what it depends on.

Each check names the file and line of every import that breaks it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arena", "editor")

# What each layer may import of ours (besides itself); the first matching prefix decides.
# Every layer may also read the top-level `arena` module, which holds only the version and
# imports nothing (checked below).
ALLOWED: list[tuple[str, tuple[str, ...]]] = [
    ("arena.hexgrid", ()),
    ("arena.engine", ("arena.hexgrid",)),
    ("arena.content", ("arena.hexgrid", "arena.engine")),
    ("arena.ai", ("arena.hexgrid", "arena.engine", "arena.content")),
    ("arena.client", ("arena.hexgrid", "arena.engine", "arena.content", "arena.ai")),
    ("arena", ("arena",)),  # arena.cli and arena.__main__: the entry point
    ("editor", ("arena",)),
]
TOP_MODULE = "arena"
WINDOW_PACKAGES = ("arena.client", "editor")
WINDOW_LIBRARIES = ("pygame", "pygame_gui")
YAML_PACKAGES = ("arena.content",)
SCREENS = "arena.client.scenes"
SCREEN_TABLE = "arena.client.scenes.standard"
SHARED_SCENE_MODULES = {"arena.client.scenes.base", "arena.client.scenes.common",
                        "arena.client.scenes.hud",
                        # parts of the battle screen, not screens of their own
                        "arena.client.scenes.recap_panel", "arena.client.scenes.turn_panel",
                        "arena.client.scenes.watching", "arena.client.scenes.battle_view",
                        "arena.client.scenes.army_panel", "arena.client.scenes.hand_panel",
                        "arena.client.scenes.combat_panel", "arena.client.scenes.log_panel",
                        "arena.client.scenes.battle_dialogs", "arena.client.scenes.battle_input",
                        "arena.client.scenes.hover_box", "arena.client.scenes.battle_canvas",
                        "arena.client.scenes.battle_stage", "arena.client.scenes.battle_camera",
                        "arena.client.scenes.battle_parts", "arena.client.scenes.replaying",
                        "arena.client.scenes.tutorial_panel", "arena.client.scenes.battle_hotseat",
                        "arena.client.scenes.battle_widgets", "arena.client.scenes.hint_coach",
                        # the save slots' name box and loading, shared by the menus
                        "arena.client.scenes.save_slots"}


@dataclass(frozen=True)
class Import:
    """One imported module, where it is imported and how."""

    source: str  # the importing module
    target: str  # the imported module (a module of ours resolved to its file, else as written)
    path: Path
    line: int
    local: bool  # inside a function: runs when the function is called
    type_only: bool  # under `if TYPE_CHECKING:`

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _module_files() -> dict[str, Path]:
    files: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            files[_module_name(path)] = path
    return files


MODULES = _module_files()


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(source: str, path: Path, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules an import statement loads (a name imported from a package that is itself a
    module of ours counts as that module)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = source if path.name == "__init__.py" else source.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    for alias in node.names:
        candidate = f"{base}.{alias.name}"
        yield candidate if candidate in MODULES else base


def _imports_of(source: str, path: Path) -> Iterator[tuple[Import, ast.stmt, list[ast.stmt]]]:
    """Every import of a module, with the statement list it sits in (for the comment check)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def walk(body: list[ast.stmt], local: bool, type_only: bool) -> Iterator[
        tuple[Import, ast.stmt, list[ast.stmt]]
    ]:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _resolve(source, path, node):
                    yield Import(source, target, path, node.lineno, local, type_only), node, body
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(node.body, True, type_only)
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                yield from walk(node.body, local, True)
                yield from walk(node.orelse, local, type_only)
            else:
                # Statements that hold statements: class bodies, if/for/while/with/try/match.
                for field in ("body", "orelse", "finalbody"):
                    children = getattr(node, field, None)
                    if isinstance(children, list):
                        yield from walk(children, local, type_only)
                for holder in [*getattr(node, "handlers", []), *getattr(node, "cases", [])]:
                    yield from walk(holder.body, local, type_only)

    yield from walk(tree.body, False, False)


def _all_imports() -> list[tuple[Import, ast.stmt, list[ast.stmt]]]:
    found = []
    for source, path in MODULES.items():
        found.extend(_imports_of(source, path))
    return found


IMPORTS = _all_imports()


def _ours(name: str) -> bool:
    return any(_within(name, package) for package in PACKAGES)


def test_every_module_is_read() -> None:
    # The contract means nothing if the walk finds no modules or no imports.
    assert "arena.engine.game" in MODULES and "editor.core.model" in MODULES
    assert any(imp.source == "arena.engine.game" for imp, _, _ in IMPORTS)
    # It tells a type-only import (state's RuleBook) and a function-local one (status's
    # battle screen) from a plain one, and resolves a module imported from its package.
    kinds = {(imp.source, imp.target): (imp.local, imp.type_only) for imp, _, _ in IMPORTS}
    assert kinds["arena.engine.state", "arena.engine.rulebook"] == (False, True)
    assert kinds["arena.client.status", "arena.client.scenes.battle"] == (True, False)
    assert kinds["arena.engine.game", "arena.engine.move_action"] == (False, False)


def test_the_cycle_finder_reports_a_circle_with_its_lines() -> None:
    def imp(a: str, b: str) -> Import:
        return Import(a, b, ROOT / "x.py", 1, False, False)

    edges = {"a": {"b": imp("a", "b")}, "b": {"c": imp("b", "c")}, "c": {"a": imp("c", "a")},
             "d": {"a": imp("d", "a")}}
    [(group, circle)] = _cycles(edges)
    assert group == {"a", "b", "c"}
    assert [(i.source, i.target) for i in circle] == [("a", "b"), ("b", "c"), ("c", "a")]
    assert _cycles({"a": {"b": imp("a", "b")}, "b": {}}) == []


def test_the_top_level_module_imports_nothing_of_ours() -> None:
    found = [f"{imp.where}: imports {imp.target}" for imp, _, _ in IMPORTS
             if imp.source == TOP_MODULE and _ours(imp.target)]
    assert found == [], "arena/__init__.py is read by every layer:\n" + "\n".join(found)


def test_each_layer_imports_only_below_itself() -> None:
    broken = set()
    for imp, _, _ in IMPORTS:
        if not _ours(imp.target) or imp.target == TOP_MODULE:
            continue
        layer, allowed = next((p, a) for p, a in ALLOWED if _within(imp.source, p))
        if not any(_within(imp.target, prefix) for prefix in (layer, *allowed)):
            broken.add(f"{imp.where}: {imp.source} ({layer}) imports {imp.target}")
    assert not broken, "imports running up the layers:\n" + "\n".join(sorted(broken))


def test_pygame_only_in_the_client_and_the_editor() -> None:
    broken = sorted({
        f"{imp.where}: {imp.source} imports {imp.target}"
        for imp, _, _ in IMPORTS
        if any(_within(imp.target, lib) for lib in WINDOW_LIBRARIES)
        and not any(_within(imp.source, p) for p in WINDOW_PACKAGES)
    })
    assert broken == [], "pygame outside arena.client and editor:\n" + "\n".join(broken)


def test_yaml_only_in_content() -> None:
    broken = sorted({
        f"{imp.where}: {imp.source} imports {imp.target}; read YAML through arena.content"
        for imp, _, _ in IMPORTS
        if _within(imp.target, "yaml") and not any(_within(imp.source, p) for p in YAML_PACKAGES)
    })
    assert broken == [], "YAML outside arena.content:\n" + "\n".join(broken)


def _cycles(edges: dict[str, dict[str, Import]]) -> list[tuple[set[str], list[Import]]]:
    """Each group of modules that import each other round a circle (Tarjan's strongly
    connected components), with the shortest circle through its first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, {}):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1 or node in edges.get(node, {}):
                groups.append(group)

    for node in sorted(edges):
        if node not in index:
            connect(node)

    circles = []
    for group in groups:
        start = min(group)
        # Shortest way back to the start inside the group (breadth first).
        parent: dict[str, Import] = {}
        frontier = [start]
        found: Import | None = None
        while frontier and found is None:
            following = []
            for node in frontier:
                for nxt, imp in sorted(edges[node].items()):
                    if nxt not in group:
                        continue
                    if nxt == start:
                        found = imp
                        break
                    if nxt not in parent:
                        parent[nxt] = imp
                        following.append(nxt)
                if found is not None:
                    break
            frontier = following
        assert found is not None
        circle = [found]
        while circle[-1].source != start:
            circle.append(parent[circle[-1].source])
        circles.append((group, list(reversed(circle))))
    return circles


def test_no_import_cycle() -> None:
    edges: dict[str, dict[str, Import]] = {}
    for imp, _, _ in IMPORTS:
        if imp.type_only or imp.target not in MODULES or imp.target == imp.source:
            continue
        edges.setdefault(imp.source, {}).setdefault(imp.target, imp)
        edges.setdefault(imp.target, {})
    report = []
    for group, circle in _cycles(edges):
        chain = "\n".join(f"  {imp.where}: {imp.source} imports {imp.target}" for imp in circle)
        report.append(
            f"{len(group)} modules import each other ({', '.join(sorted(group))}); "
            f"one circle:\n{chain}"
        )
    assert report == [], "import cycles:\n" + "\n".join(report)


def test_screens_do_not_import_each_other() -> None:
    broken = sorted({
        f"{imp.where}: {imp.source} imports {imp.target}; open it with App.scene(SceneName...)"
        for imp, _, _ in IMPORTS
        if _within(imp.source, SCREENS) and _within(imp.target, SCREENS)
        and imp.source not in (SCREENS, SCREEN_TABLE) and imp.target != imp.source
        and imp.target not in SHARED_SCENE_MODULES and not imp.type_only
    })
    assert broken == [], "screens importing other screens:\n" + "\n".join(broken)


def _has_reason(path: Path, node: ast.stmt, body: list[ast.stmt]) -> bool:
    """A comment on the import's lines, or on the line above it (or above the run of imports
    it belongs to)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    end = node.end_lineno or node.lineno
    if any("#" in lines[n - 1] for n in range(node.lineno, end + 1)):
        return True
    position = body.index(node)
    first = node
    while position > 0 and isinstance(body[position - 1], ast.Import | ast.ImportFrom):
        position -= 1
        first = body[position]
        end = first.end_lineno or first.lineno
        if any("#" in lines[n - 1] for n in range(first.lineno, end + 1)):
            return True
    above = first.lineno - 1
    return above >= 1 and lines[above - 1].strip().startswith("#")


def test_function_local_imports_say_why() -> None:
    silent = sorted(
        {
            f"{imp.where}: {imp.source} imports {imp.target} inside a function"
            for imp, node, body in IMPORTS
            if imp.local and not imp.type_only and not _has_reason(imp.path, node, body)
        }
    )
    assert silent == [], (
        "function-local imports without a comment saying why (move them to the top of the "
        "file, or say why they cannot be there):\n" + "\n".join(silent)
    )
