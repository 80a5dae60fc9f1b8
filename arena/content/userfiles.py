"""The player's own armies and spell decks, saved by the editor's builder.

They live under the user data folder as ``armies/<id>.yaml`` and ``decks/<id>.yaml`` (the
editor writes them; the game's New game screen offers them). This module knows the layout,
loads the files with the content loader and checks them with the same army and deck rules as
the shipped content (`arena.content.rules`), against the shipped catalogue's cards.

A file that cannot be played is never silently dropped: it comes back as a `Skipped` entry
with the file (relative to the data folder, as the player sees it in the builder) and one
readable reason that says what to fix. Nothing here raises for bad user files, and nothing
here depends on pygame or on where the data folder is: callers pass it in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from arena.content.catalog import Catalog
from arena.content.errors import ContentError
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file
from arena.content.rules import DEFAULT_BUDGET, Finding, check_army, check_deck
from arena.content.scenario import DeckRules

__all__ = [
    "DeckOption",
    "Skipped",
    "UserFiles",
    "armies_dir",
    "deck_options",
    "decks_dir",
    "load_user_files",
]

ARMIES = "armies"
DECKS = "decks"
SUFFIXES = (".yaml", ".yml")
_List = TypeVar("_List", ArmyList, SpellDeck)


def armies_dir(base: Path) -> Path:
    """Folder of the player's army lists inside the data folder `base`."""
    return Path(base) / ARMIES


def decks_dir(base: Path) -> Path:
    """Folder of the player's spell decks inside the data folder `base`."""
    return Path(base) / DECKS


@dataclass(frozen=True)
class Skipped:
    """A user file that cannot be played, and why (``file`` as ``armies/foo.yaml``)."""

    file: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file} — {self.reason}"


@dataclass
class UserFiles:
    """The playable user armies and decks by id, and the files skipped with their reasons."""

    armies: dict[str, ArmyList] = field(default_factory=dict)
    decks: dict[str, SpellDeck] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)
    paths: dict[str, Path] = field(default_factory=dict)
    """Where each playable file is, by ``armies/<id>`` or ``decks/<id>``."""

    def summary(self) -> str:
        """One line for a notice: how many files were skipped and why (empty if none)."""
        if not self.skipped:
            return ""
        count = len(self.skipped)
        head = f"{count} file{'s' if count != 1 else ''} skipped"
        return f"{head}: " + "; ".join(str(s) for s in self.skipped)


@dataclass(frozen=True)
class DeckOption:
    """A spell deck a seat may take: the deck and whether it is one of the player's own."""

    deck: SpellDeck
    user: bool


def load_user_files(base: Path, catalog: Catalog, budget: int = DEFAULT_BUDGET,
                    deck_rules: DeckRules | None = None) -> UserFiles:
    """Every user army and deck under `base`, checked against `catalog`'s cards, armies at
    `budget` points and decks by `deck_rules` (the scenario's; the guide's by default)."""
    out = UserFiles()

    def army_findings(army: ArmyList) -> Sequence[Finding]:
        return check_army(army.planeswalker, army.cards, catalog.army_cards, budget)[0]

    def deck_findings(deck: SpellDeck) -> Sequence[Finding]:
        return check_deck(deck.planeswalker, deck.spells, catalog.spells, catalog.army_cards,
                          deck_rules)[0]

    _collect(base, ARMIES, ArmyList, "army", catalog.armies, army_findings, out.armies, out)
    _collect(base, DECKS, SpellDeck, "deck", catalog.decks, deck_findings, out.decks, out)
    return out


def deck_options(planeswalker: str, catalog: Catalog, user_decks: Iterable[SpellDeck] = (),
                 deck_rules: DeckRules | None = None) -> list[DeckOption]:
    """The decks an army led by `planeswalker` may play: shipped and user decks that pass the
    deck rules for that Planeswalker (its colours and deck-cost bonus decide, not the
    Planeswalker the deck was built for). Shipped decks first, those built for this
    Planeswalker leading, so the first option is the natural default."""
    shipped = [DeckOption(d, False) for d in catalog.decks.values()]
    own = [DeckOption(d, True) for d in user_decks]
    fits = [o for o in shipped + own
            if not check_deck(planeswalker, o.deck.spells, catalog.spells, catalog.army_cards,
                              deck_rules)[0]]
    return sorted(fits, key=lambda o: (o.user, o.deck.planeswalker != planeswalker,
                                       o.deck.name.lower(), o.deck.id))


def _collect(base: Path, folder: str, kind: type[_List], noun: str, shipped: Mapping[str, object],
             findings_of: Callable[[_List], Sequence[Finding]], playable: dict[str, _List],
             out: UserFiles) -> None:
    """Load every file of one folder (``armies`` or ``decks``) into ``playable``, or record
    why it is skipped: unreadable, an id a shipped file already has, or a broken rule."""
    for path in _files(Path(base) / folder):
        model = _load(path, base, kind, out)
        if model is None:
            continue
        if model.id in shipped:
            out.skipped.append(Skipped(_shown(path, base), (
                f"its id {model.id!r} is the id of a shipped {noun}; save it under another "
                "name in the builder")))
            continue
        findings = findings_of(model)
        if findings:
            out.skipped.append(Skipped(_shown(path, base), _reason(findings)))
            continue
        playable[model.id] = model
        out.paths[f"{folder}/{model.id}"] = path


def _files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir()
                      if p.is_file() and p.suffix.lower() in SUFFIXES
                      and not p.name.startswith("."))
    except OSError:  # no folder yet (nothing built) or unreadable: nothing to offer
        return []


def _load(path: Path, base: Path, kind: type[_List], out: UserFiles) -> _List | None:
    """The file's model, or None with the file recorded as skipped."""
    try:
        model = load_file(path, expect=kind)
    except ContentError as exc:
        problem = exc.problems[0]
        where = f"line {problem.line}: " if problem.line else ""
        fix = f"; {problem.fix}" if problem.fix else ""
        more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
        out.skipped.append(Skipped(_shown(path, base),
                                   f"{where}{problem.message}{fix}{more}"))
        return None
    except OSError as exc:
        out.skipped.append(Skipped(_shown(path, base), f"cannot be read ({exc.strerror})"))
        return None
    assert isinstance(model, kind)
    return model


def _reason(findings: Sequence[Finding]) -> str:
    first = findings[0]
    more = f" (and {len(findings) - 1} more)" if len(findings) > 1 else ""
    return f"{first.message}; {first.fix}{more}"


def _shown(path: Path, base: Path) -> str:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return path.name
