"""A catalogue of content: every file under some folders, loaded, indexed by id, cross-checked.

Loading a catalogue never raises: each file's problems are collected with the file, so a tool
can show everything wrong at once and still use the files that are fine. Cross-references
(an army naming a card, a scenario naming a battlefield) are checked here, as are the army,
deck, battlefield and scenario rules, via `arena.content.rules` and `arena.content.geometry`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from arena.content import yamlio
from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.checks import check_catalog
from arena.content.errors import ContentError, Problem
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import ContentModel, load_document
from arena.content.scenario import Scenario
from arena.content.yamlio import Document


def project_root() -> Path:
    """The folder holding the shipped `cards/` and `scenarios/` (ARENA_CONTENT overrides)."""
    override = os.environ.get("ARENA_CONTENT")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2]


def shipped_content_paths() -> list[Path]:
    """The shipped content folders that exist."""
    root = project_root()
    return [p for p in (root / "cards", root / "scenarios") if p.is_dir()]


@dataclass
class Entry:
    """One loaded file: where it came from, its document and its model."""

    path: Path
    doc: Document
    model: ContentModel


@dataclass
class Catalog:
    """Content by kind and id, plus every problem met while loading and checking."""

    entries: dict[Path, Entry] = field(default_factory=dict)
    problems: dict[Path, list[Problem]] = field(default_factory=dict)
    army_cards: dict[str, ArmyCard] = field(default_factory=dict)
    spells: dict[str, SpellCard] = field(default_factory=dict)
    battlefields: dict[str, Battlefield] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    armies: dict[str, ArmyList] = field(default_factory=dict)
    decks: dict[str, SpellDeck] = field(default_factory=dict)

    def add_problem(self, path: Path, problem: Problem) -> None:
        """Record a problem against a file."""
        self.problems.setdefault(path, []).append(problem)

    def problems_for(self, path: Path) -> list[Problem]:
        """The problems of one file, in line order."""
        return sorted(self.problems.get(path, []), key=lambda p: (p.line or 0, p.path))

    def table_for(self, model: BaseModel) -> dict[str, BaseModel]:
        """The id index a model belongs in."""
        tables: dict[type[BaseModel], dict[str, BaseModel]] = {
            ArmyCard: self.army_cards, SpellCard: self.spells,  # type: ignore[dict-item]
            Battlefield: self.battlefields, Scenario: self.scenarios,  # type: ignore[dict-item]
            ArmyList: self.armies, SpellDeck: self.decks,  # type: ignore[dict-item]
        }
        return tables[type(model)]


def expand(paths: Iterable[Path]) -> list[Path]:
    """Files named, and the YAML files below folders named, each once, in a stable order."""
    out: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for child in yamlio.iter_yaml_files(path):
                out[child.resolve()] = None
        else:
            out[path.resolve()] = None
    return list(out)


def load_catalog(paths: Iterable[Path], check: bool = True, budget: int = 500) -> Catalog:
    """Load every content file under `paths`; then (by default) run every rule check, armies
    against `budget` points."""
    catalog = Catalog()
    for path in expand(paths):
        _load_into(catalog, path)
    if check:
        check_catalog(catalog, budget)
    return catalog


def _load_into(catalog: Catalog, path: Path) -> None:
    try:
        doc = yamlio.load(path, display=_display(path))
        model = load_document(doc)
    except ContentError as exc:
        for problem in exc.problems:
            catalog.add_problem(path, problem)
        return
    if path.stem != model.id:
        catalog.add_problem(path, doc.problem(
            ("id",), f"id {model.id!r} does not match the file name {path.name!r}",
            f"rename the file to {model.id}{path.suffix} or set `id: {path.stem}`"))
        return
    table = catalog.table_for(model)
    if model.id in table:
        first = next(e.path for e in catalog.entries.values() if e.model is table[model.id])
        catalog.add_problem(path, doc.problem(
            ("id",), f"id {model.id!r} is already used by {_display(first)}",
            "give one of the two files another id"))
        return
    table[model.id] = model
    catalog.entries[path] = Entry(path, doc, model)


def _display(path: Path) -> str:
    """A path as short as possible for messages: relative to the working folder if inside."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
