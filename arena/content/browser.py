"""Card browser data: every army card and spell card as a player (and the editor) sees it.

The client's card browser and the editor's card panel draw and explain a card from a
`CardEntry` alone, never from the YAML: its name, colours and type line, a table of stats,
its cost, where its data comes from (`provenance` and a plain sentence about it, so a
reconstructed card is never mistaken for the printed one -- cards.md "Policy for gaps"), its
abilities each with a kind label ("Activated -- once per turn"), its rules text, and all of
that again as one plain-text block (`CardEntry.full_text`). Pure data: no pygame, no I/O.

Example::

    from arena.content import load_game_catalog
    from arena.content.browser import browse, search

    entries = browse(load_game_catalog())
    for entry in search(entries, "zombie", colours={"black"}):
        print(entry.full_text)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.content.abilities import (
    Ability,
    KeywordAbility,
    StaticAbility,
    TriggeredAbility,
)
from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog

__all__ = [
    "COLOUR_ORDER",
    "KIND_ORDER",
    "PROVENANCE_NOTES",
    "AbilityEntry",
    "CardEntry",
    "StatRow",
    "ability_entry",
    "ability_label",
    "army_entry",
    "browse",
    "entry_for",
    "search",
    "sort_key",
    "spell_entry",
]

COLOUR_ORDER: tuple[str, ...] = ("white", "blue", "black", "red", "green", "artifact")
"""The order colours are browsed in (the core set's colour wheel, artifacts last)."""

KIND_ORDER: tuple[str, ...] = ("planeswalker", "squad", "hero", "sorcery", "aura",
                               "hidden_enchantment")
"""Within a colour: army cards (Planeswalker first), then spells by type."""

PROVENANCE_NOTES: dict[str, str] = {
    "verified": "Verified: taken from the printed card or the rule texts.",
    "transcribed": "Transcribed: from a fan transcription of the printed card; likely right.",
    "reconstructed": "Reconstructed: designed to fill a gap; may differ from the printed card.",
}
"""The plain sentence shown with each provenance."""

_ENCHANTS: dict[str, str] = {
    "planeswalker": "Planeswalker", "unique_squad": "unique squad",
    "common_squad": "common squad", "squad": "squad", "hero": "hero",
}

_SPELL_TYPES: dict[str, str] = {
    "sorcery": "Sorcery", "aura": "Aura", "hidden_enchantment": "Hidden enchantment",
}

_EVENTS: dict[str, str] = {
    "card_chosen": "an army card is chosen",
    "summoned": "its squad is summoned",
    "turn_started": "a turn starts",
    "turn_ended": "a turn ends",
    "attacked": "a figure of its card attacks",
    "attack_destroyed_target": "a figure of its card destroys the figure it attacks",
    "defended": "a figure of its card is attacked",
    "destroyed": "a figure of its card is destroyed",
    "spell_played": "a spell is played",
    "enchantment_played": "an enchantment is played",
    "figure_moved": "a figure moves",
}
"""A hidden enchantment's trigger event in words (its text says the exact condition)."""


@dataclass(frozen=True)
class StatRow:
    """One row of a card's stats table: ``Life`` / ``6``."""

    label: str
    value: str


@dataclass(frozen=True)
class AbilityEntry:
    """One ability of an army card as the browser lists it."""

    id: str
    name: str
    kind: str
    """The vocabulary kind: ``keyword``, ``static``, ``trigger`` or ``activated``."""
    label: str
    """The kind in words, with its limits: ``Activated — once per turn``."""
    text: str


@dataclass(frozen=True)
class CardEntry:
    """One card as the browser draws and explains it (see the module docstring)."""

    id: str
    name: str
    category: str
    """``army`` (army cards) or ``spell`` (spell cards)."""
    kind: str
    """``planeswalker``, ``squad`` or ``hero``; ``sorcery``, ``aura`` or
    ``hidden_enchantment``."""
    colours: tuple[str, ...]
    type_line: str
    stats: tuple[StatRow, ...]
    cost: int
    provenance: str
    provenance_note: str
    abilities: tuple[AbilityEntry, ...]
    text: str
    notes: str
    full_text: str

    @property
    def colour(self) -> str:
        """The card's first colour (the one it is browsed under)."""
        return self.colours[0]

    @property
    def reconstructed(self) -> bool:
        """Whether the card carries the "reconstructed" badge."""
        return self.provenance == "reconstructed"

    def stat(self, label: str) -> str | None:
        """The value of a stats row by its label, or None."""
        return next((row.value for row in self.stats if row.label == label), None)

    def search_text(self) -> str:
        """Everything a search looks through, lower case."""
        parts = [self.name, self.type_line, self.text, *self.colours]
        for ability in self.abilities:
            parts.extend((ability.name, ability.label, ability.text))
        return "\n".join(parts).lower()


# --- building entries ----------------------------------------------------------------------


def ability_label(ability: Ability) -> str:
    """An ability's kind in words, with its limits (``Triggered — optional``)."""
    if isinstance(ability, KeywordAbility):
        return "Keyword"
    if isinstance(ability, StaticAbility):
        return "Static"
    if isinstance(ability, TriggeredAbility):
        extras = [word for word, on in (("optional", ability.optional),
                                        ("once per turn", ability.limit == "once_per_turn"))
                  if on]
        return "Triggered" + (" — " + ", ".join(extras) if extras else "")
    # What is left is an activated ability.
    limit = {"once_per_turn": "once per turn",
             "once_per_figure": "once per figure each turn",
             "unlimited": "any number of times"}[ability.limit]
    extra = "" if ability.in_addition_to_attack else ", instead of attacking"
    return f"Activated — {limit}{extra}"


def ability_entry(ability: Ability) -> AbilityEntry:
    """The browser's entry for one ability."""
    return AbilityEntry(ability.id, ability.name, ability.kind, ability_label(ability),
                        ability.text)


def _enchants(kinds: Sequence[str]) -> str:
    return " or ".join(_ENCHANTS.get(k, k) for k in kinds)


def _army_type_line(card: ArmyCard) -> str:
    if card.kind == "planeswalker":
        return f"Planeswalker — {card.creature_type}"
    rarity = "Unique" if card.unique else "Common"
    count = f"{card.figures} figure{'s' if card.figures != 1 else ''}"
    return f"{rarity} {card.kind} — {card.creature_type} ({count})"


def army_entry(card: ArmyCard) -> CardEntry:
    """The browser's entry for an army card (Planeswalker, squad or hero)."""
    rows = [StatRow("Life", str(card.life)), StatRow("Move", str(card.move)),
            StatRow("Range", str(card.range)), StatRow("Attack", str(card.attack)),
            StatRow("Defense", str(card.defense)),
            StatRow("Height", f"{card.height} ({card.size})")]
    if card.kind != "planeswalker":
        base = "double-space" if card.base == "double" else "single-space"
        rows.append(StatRow("Figures", f"{card.figures} ({base})"))
    rows.append(StatRow("Cost", str(card.cost)))
    if card.kind != "planeswalker":
        rows.append(StatRow("Price per figure", str(card.price_per_figure)))
    return _entry(card.id, card.name, "army", card.kind, tuple(card.colours),
                  _army_type_line(card), rows, card.cost, card.provenance,
                  tuple(ability_entry(a) for a in card.abilities), card.text, card.notes)


def spell_entry(card: SpellCard) -> CardEntry:
    """The browser's entry for a spell card (sorcery, aura or hidden enchantment)."""
    type_line = _SPELL_TYPES[card.type]
    rows = [StatRow("Cost", str(card.cost))]
    if card.enchants:
        prefix = "hidden enchant" if card.type == "hidden_enchantment" else "enchant"
        type_line += f" — {prefix} {_enchants(card.enchants)}"
        rows.append(StatRow("Goes on", _enchants(card.enchants)
                            + (" (yours, face down)" if card.type == "hidden_enchantment"
                               else " (any player's)")))
    if card.trigger is not None:
        rows.append(StatRow("Flips when", _EVENTS.get(card.trigger.event, card.trigger.event)))
    return _entry(card.id, card.name, "spell", card.type, (card.colour,), type_line, rows,
                  card.cost, card.provenance, (), card.text, card.notes)


def entry_for(card: ArmyCard | SpellCard) -> CardEntry:
    """The browser's entry for any card."""
    return army_entry(card) if isinstance(card, ArmyCard) else spell_entry(card)


def _entry(id: str, name: str, category: str, kind: str, colours: tuple[str, ...],
           type_line: str, rows: Sequence[StatRow], cost: int, provenance: str,
           abilities: tuple[AbilityEntry, ...], text: str, notes: str) -> CardEntry:
    note = PROVENANCE_NOTES[provenance]
    colour_words = "/".join(c.capitalize() for c in colours)
    # "White Planeswalker — Gideon", "Blue sorcery", "Black common squad — Zombie ..."
    kind_words = type_line if kind == "planeswalker" else type_line[0].lower() + type_line[1:]
    lines = [name, f"{colour_words} {kind_words}",
             " · ".join(f"{row.label} {row.value}" for row in rows)]
    lines.extend(f"{a.name} ({a.label}): {a.text}" for a in abilities)
    lines.extend((text, note))
    return CardEntry(id, name, category, kind, colours, type_line, tuple(rows), cost,
                     provenance, note, abilities, text, notes, "\n".join(lines))


# --- browsing and searching ----------------------------------------------------------------


def _rank(value: str, order: Sequence[str]) -> int:
    return order.index(value) if value in order else len(order)


def sort_key(entry: CardEntry) -> tuple[int, int, str, str]:
    """Colour, then kind (army cards first), then name."""
    return (_rank(entry.colour, COLOUR_ORDER), _rank(entry.kind, KIND_ORDER),
            entry.name.lower(), entry.id)


def browse(catalog: Catalog) -> list[CardEntry]:
    """Every army card and spell card of a catalogue, sorted by colour, kind and name."""
    entries = [army_entry(c) for c in catalog.army_cards.values()]
    entries.extend(spell_entry(s) for s in catalog.spells.values())
    return sorted(entries, key=sort_key)


def search(entries: Iterable[CardEntry], query: str = "", *,
           colours: Iterable[str] | None = None, kinds: Iterable[str] | None = None,
           provenance: Iterable[str] | None = None) -> list[CardEntry]:
    """The entries matching a query, in the order given.

    Every word of ``query`` must appear (case-insensitively, as a substring) in the card's
    name, type line, colours, text, or an ability's name, label or text. ``colours`` keeps
    cards with at least one of those colours; ``kinds`` (``squad``, ``aura`` ... or the
    categories ``army`` and ``spell``) and ``provenance`` narrow further.
    """
    words = query.lower().split()
    wanted_colours = None if colours is None else set(colours)
    wanted_kinds = None if kinds is None else set(kinds)
    wanted_provenance = None if provenance is None else set(provenance)
    out = []
    for entry in entries:
        if wanted_colours is not None and not wanted_colours & set(entry.colours):
            continue
        if wanted_kinds is not None and not {entry.kind, entry.category} & wanted_kinds:
            continue
        if wanted_provenance is not None and entry.provenance not in wanted_provenance:
            continue
        if words:
            haystack = entry.search_text()
            if not all(word in haystack for word in words):
                continue
        out.append(entry)
    return out
