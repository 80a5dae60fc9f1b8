"""A catalogue of content: every file under some folders, loaded, indexed by id, cross-checked.

Loading a catalogue never raises: each file's problems are collected with the file, so a tool
can show everything wrong at once and still use the files that are fine. Cross-references
(an army naming a card, a scenario naming a battlefield) are checked here, as are the army,
deck, battlefield and scenario rules, via `arena.content.rules` and `arena.content.geometry`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel

from arena.content import locations, yamlio
from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.checks import check_catalog
from arena.content.errors import ContentError, Problem
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import ContentModel, load_document
from arena.content.scenario import Scenario
from arena.content.yamlio import Document


def project_root() -> Path:
    """The folder holding the shipped `cards/` and `scenarios/` (the installed package's data,
    or the checkout; see `arena.content.locations`)."""
    return locations.package_root()


def shipped_content_paths() -> list[Path]:
    """The shipped content folders that exist."""
    return _content_folders(project_root())


def user_content_paths() -> list[Path]:
    """The player's own content folders that exist (``cards/`` and ``scenarios/`` in the
    player's Arena folder): their files replace shipped files of the same ids."""
    return _content_folders(locations.user_root())


def game_content_layers() -> list[list[Path]]:
    """The content folders the game reads, lowest layer first: the shipped folders, the
    player's, and the extra folder of ``ARENA_CONTENT`` when set. A file replaces a file of
    a lower layer with the same kind and id."""
    extra = locations.extra_content_root()
    layers = [shipped_content_paths(), user_content_paths()]
    return layers + [_content_folders(extra)] if extra is not None else layers


def load_game_catalog(check: bool = True, budget: int = 500) -> Catalog:
    """The content the game plays with: the shipped files, replaced by id by the player's own
    (and by the ``ARENA_CONTENT`` folder's), checked as a whole."""
    base, *overrides = game_content_layers()
    return load_catalog(base, check, budget, overrides=overrides)


def _content_folders(root: Path) -> list[Path]:
    return [p for p in (root / name for name in locations.CONTENT_FOLDERS) if p.is_dir()]


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
    replaced: dict[Path, Path] = field(default_factory=dict)
    """Files of a higher layer that replace a lower layer's file of the same id (a player's
    correction of a shipped card), each with the file it replaces."""

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


def load_catalog(paths: Iterable[Path], check: bool = True, budget: int = 500,
                 overrides: Sequence[Iterable[Path]] = ()) -> Catalog:
    """Load every content file under `paths`, then each layer of `overrides` in turn (a file
    there replaces a file of a lower layer with the same kind and id; two files with one id
    in the same layer are a problem); then (by default) run every rule check, armies against
    `budget` points."""
    catalog = Catalog()
    layer_of: dict[Path, int] = {}
    for layer, folders in enumerate([paths, *overrides]):
        for path in expand(folders):
            if path not in layer_of:  # a folder named in two layers is loaded once
                layer_of[path] = layer
                _load_into(catalog, path, layer_of)
    if check:
        check_catalog(catalog, budget)
    return catalog


def _load_into(catalog: Catalog, path: Path, layer_of: dict[Path, int]) -> None:
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
        if layer_of[first] < layer_of[path]:  # a higher layer replaces the file by id
            del catalog.entries[first]
            catalog.replaced.pop(first, None)
            catalog.replaced[path] = first
            table[model.id] = model
            catalog.entries[path] = Entry(path, doc, model)
            return
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
