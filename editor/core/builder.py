"""The army and spell-deck builder, headless: pick a Planeswalker, add army cards from a
filtered list, pick spells; every rule message and the totals come live from the content
layer's `check_army` / `check_deck`. Armies and decks load and save as content files; by
default into the player's folders (``armies/<id>.yaml`` and ``decks/<id>.yaml`` under the
user data folder, `arena.content.userfiles`), where the game's New game screen finds them."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from arena.client.storage import data_dir
from arena.content import writer
from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog, load_game_catalog
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file
from arena.content.locations import save_path
from arena.content.rules import (
    DEFAULT_BUDGET,
    ArmyTotals,
    DeckTotals,
    Finding,
    check_army,
    check_deck,
    deck_cost_bonus,
)
from arena.content.scenario import DeckRules
from arena.content.userfiles import armies_dir, decks_dir


def shipped_catalog() -> Catalog:
    """Every card the game plays with (the shipped ones, the player's corrections replacing
    them by id), without the slow cross-checks."""
    return load_game_catalog(check=False)


def user_data_dir() -> Path:
    """The game's user data folder (``ARENA_DATA_DIR`` overrides; see arena.client.storage)."""
    return data_dir()


def slug(name: str, default: str) -> str:
    """A file id from a name: lower case, words joined by hyphens ("My Army!" -> "my-army")."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:60].strip("-") or default


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().parent == folder.resolve()
    except OSError:
        return False


PLACES: dict[str, tuple[str, str]] = {"cards": ("Army", "Card"), "spells": ("Deck", "Spell"),
                                      "planeswalker": ("Planeswalker", "Planeswalker")}
"""How a finding's place reads in the builder, by the list it is about: the whole list, and
one entry of it (numbered from 1, as the builder's lists number them)."""


def finding_place(path: Sequence[str | int]) -> str:
    """Where a finding is, in the builder's words: ``("spells", 5)`` is "Spell 6", the sixth
    line of the deck list, never the file's ``spells[5]``."""
    if not path:
        return ""
    key = str(path[0])
    whole, one = PLACES.get(key, (key.replace("_", " ").capitalize(),) * 2)
    if len(path) > 1 and isinstance(path[1], int):
        return f"{one} {path[1] + 1}"
    return whole


def finding_text(finding: Finding) -> str:
    fix = f" Fix: {finding.fix}" if finding.fix else ""
    where = finding_place(finding.path)
    return f"{where}: {finding.message}.{fix}" if where else f"{finding.message}.{fix}"


@dataclass
class Builder:
    """One army and its deck for one Planeswalker."""

    army_cards: Mapping[str, ArmyCard]
    spell_cards: Mapping[str, SpellCard]
    planeswalker: str = ""
    cards: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)
    budget: int = DEFAULT_BUDGET
    deck_rules: DeckRules = field(default_factory=DeckRules)
    army_id: str = "my-army"
    army_name: str = "My army"
    deck_id: str = "my-deck"
    deck_name: str = "My deck"
    reserved_armies: frozenset[str] = frozenset()
    """Ids of the shipped armies: the game skips a user army that reuses one."""
    reserved_decks: frozenset[str] = frozenset()
    army_path: Path | None = None
    deck_path: Path | None = None
    saved_army: tuple[str, tuple[str, ...]] = ("", ())
    saved_deck: tuple[str, tuple[str, ...]] = ("", ())

    # lists ----------------------------------------------------------------------------------

    def planeswalkers(self) -> list[ArmyCard]:
        return sorted((c for c in self.army_cards.values() if c.kind == "planeswalker"),
                      key=lambda c: c.name)

    @property
    def walker(self) -> ArmyCard | None:
        card = self.army_cards.get(self.planeswalker)
        return card if card is not None and card.kind == "planeswalker" else None

    def army_choices(self, text: str = "", fits: bool = False,
                     colour_only: bool = True) -> list[ArmyCard]:
        """Army cards to add: matching `text` (name, type, set), of the Planeswalker's colour
        or artifacts (``colour_only``), and within the points left (``fits``)."""
        walker, left = self.walker, self.army_totals()[1].left
        out = []
        for card in self.army_cards.values():
            if card.kind == "planeswalker":
                continue
            haystack = f"{card.name} {card.creature_type} {card.set} {card.id}".lower()
            if text and text.lower() not in haystack:
                continue
            if colour_only and walker is not None and "artifact" not in card.colours and \
                    not set(card.colours) & set(walker.colours):
                continue
            if fits and card.cost > left:
                continue
            if card.unique and card.id in self.cards:
                continue
            out.append(card)
        return sorted(out, key=lambda c: (c.cost, c.name))

    def spell_choices(self, text: str = "", colour_only: bool = True) -> list[SpellCard]:
        walker = self.walker
        out = []
        for spell in self.spell_cards.values():
            if text and text.lower() not in f"{spell.name} {spell.id}".lower():
                continue
            if colour_only and walker is not None and spell.colour not in walker.colours:
                continue
            if spell.id in self.spells:
                continue
            out.append(spell)
        return sorted(out, key=lambda s: (s.cost, s.name))

    # edits ----------------------------------------------------------------------------------

    def name_army(self, name: str) -> None:
        """Rename the army; its id (and default file name) follows the name."""
        self.army_name = name.strip() or "My army"
        self.army_id = slug(self.army_name, "my-army")

    def name_deck(self, name: str) -> None:
        self.deck_name = name.strip() or "My deck"
        self.deck_id = slug(self.deck_name, "my-deck")

    def choose_planeswalker(self, card_id: str) -> None:
        self.planeswalker = card_id

    def add_card(self, card_id: str) -> None:
        self.cards.append(card_id)

    def remove_card(self, index: int) -> None:
        del self.cards[index]

    def add_spell(self, spell_id: str) -> None:
        self.spells.append(spell_id)

    def remove_spell(self, index: int) -> None:
        del self.spells[index]

    # rules ----------------------------------------------------------------------------------

    def army_totals(self) -> tuple[list[Finding], ArmyTotals]:
        return check_army(self.planeswalker, self.cards, self.army_cards, self.budget)

    def deck_totals(self) -> tuple[list[Finding], DeckTotals]:
        return check_deck(self.planeswalker, self.spells, self.spell_cards, self.army_cards,
                          self.deck_rules)

    def army_id_problems(self) -> list[str]:
        """Why the game would not offer this army from the player's folder."""
        if self.army_id in self.reserved_armies:
            return [f"the army's id '{self.army_id}' is a shipped army's: give the army "
                    "another name"]
        return []

    def deck_id_problems(self) -> list[str]:
        if self.deck_id in self.reserved_decks:
            return [f"the deck's id '{self.deck_id}' is a shipped deck's: give the deck "
                    "another name"]
        return []

    def id_problems(self) -> list[str]:
        return self.army_id_problems() + self.deck_id_problems()

    @property
    def army_dirty(self) -> bool:
        """Army cards chosen and not saved as they are."""
        return bool(self.cards) and (self.planeswalker, tuple(self.cards)) != self.saved_army

    @property
    def deck_dirty(self) -> bool:
        return bool(self.spells) and (self.planeswalker, tuple(self.spells)) != self.saved_deck

    def army_summary(self) -> str:
        findings, totals = self.army_totals()
        state = "legal" if not findings else f"{len(findings)} problem(s)"
        return f"{totals.cost} points used, {totals.left} left of {totals.budget} ({state})"

    def deck_summary(self) -> str:
        findings, totals = self.deck_totals()
        bonus = deck_cost_bonus(self.walker)
        extra = f" (+{bonus} from the Planeswalker)" if bonus else ""
        state = "legal" if not findings else f"{len(findings)} problem(s)"
        return (f"{totals.cards} of {totals.size} spells, cost {totals.cost} of "
                f"{totals.max_cost}{extra} ({state})")

    # files ----------------------------------------------------------------------------------

    def army_list(self) -> ArmyList:
        return ArmyList(format="army", id=self.army_id, name=self.army_name,
                        planeswalker=self.planeswalker, cards=list(self.cards))

    def spell_deck(self) -> SpellDeck:
        return SpellDeck(format="deck", id=self.deck_id, name=self.deck_name,
                         planeswalker=self.planeswalker, spells=list(self.spells))

    def default_army_path(self, base: Path | None = None) -> Path:
        """``armies/<id>.yaml`` in the user data folder (`base` overrides the folder)."""
        return armies_dir(base if base is not None else user_data_dir()) / f"{self.army_id}.yaml"

    def default_deck_path(self, base: Path | None = None) -> Path:
        return decks_dir(base if base is not None else user_data_dir()) / f"{self.deck_id}.yaml"

    def save_army(self, path: Path | None = None) -> Path:
        """Save the army (atomically): to `path`, else back to the player's own file it was
        saved to or loaded from (while the name is unchanged), else to the player's armies
        folder as ``<id>.yaml``. The id follows the file name."""
        known = self.army_path if self.army_path and self.army_path.stem == self.army_id \
            else None
        target = path or known or self.default_army_path()
        if path is not None:
            self.army_id = path.stem
        target = save_path(target)  # never over a shipped premade army
        writer.save_model(self.army_list(), target)
        self.army_path = target
        self.saved_army = (self.planeswalker, tuple(self.cards))
        return target

    def save_deck(self, path: Path | None = None) -> Path:
        known = self.deck_path if self.deck_path and self.deck_path.stem == self.deck_id \
            else None
        target = path or known or self.default_deck_path()
        if path is not None:
            self.deck_id = path.stem
        target = save_path(target)
        writer.save_model(self.spell_deck(), target)
        self.deck_path = target
        self.saved_deck = (self.planeswalker, tuple(self.spells))
        return target

    def load_army(self, path: Path) -> None:
        army = load_file(path, expect=ArmyList)
        assert isinstance(army, ArmyList)
        self.army_id, self.army_name = army.id, army.name
        self.planeswalker, self.cards = army.planeswalker, list(army.cards)
        self.saved_army = (self.planeswalker, tuple(self.cards))
        # Save (without a path) writes back only to the player's own files, never over a
        # shipped premade army it was started from.
        self.army_path = path if _inside(path, self.default_army_path().parent) else None

    def load_deck(self, path: Path) -> None:
        deck = load_file(path, expect=SpellDeck)
        assert isinstance(deck, SpellDeck)
        self.deck_id, self.deck_name = deck.id, deck.name
        self.planeswalker, self.spells = deck.planeswalker, list(deck.spells)
        self.saved_deck = (self.planeswalker, tuple(self.spells))
        self.deck_path = path if _inside(path, self.default_deck_path().parent) else None
