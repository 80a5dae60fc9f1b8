"""What a saved game's cards and decks must agree with in the content: the part of "could
this position have arisen in a legal game of its scenario?" that the engine cannot answer.

A save carries every card it is played with (`arena.engine.persist`), so a game played with
the player's own army still loads after that file changed. But an embedded card is data
someone could edit: `save_problems` checks that

- every card is a card file's full model (`arena.content.to_engine.card_factory` has already
  held it to the schema's bounds: a life of 0, a move of -1 never load);
- a card whose id is a shipped card's is that card -- as shipped, as the player's own
  correction of it now reads, or as it was shipped before a balance correction
  (`arena.content.former_cards`); only its rules are compared, not its words (a Planeswalker
  whose embedded card says life 99 is refused);
- each player's spells form a deck the scenario's deck rules allow (`arena.content.rules`):
  a game that began as a new game has a deck of exactly the rules' size (or none), one copy of
  each spell, in its Planeswalker's colours, within the cost; a game begun from a position (a
  lesson) may hold fewer spells, never more;
- each army keeps the army rules (one Planeswalker, unique cards once, colours, the budget).

It returns plain sentences, like `arena.engine.integrity`, and never raises (also when the
save's links between players, cards and figures are broken, which the engine reports).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog, shipped_content_paths
from arena.content.errors import ContentError
from arena.content.former_cards import FORMER_CARDS, rules_digest, rules_of
from arena.content.loader import load_file
from arena.content.rules import check_army, check_deck
from arena.content.scenario import DeckRules
from arena.engine.defs import card_to_data
from arena.engine.state import Static

__all__ = ["save_problems"]

_FIELDS_SHOWN = ("life", "move", "range", "attack", "defense", "height", "cost", "figures")
"""The fields a message names first when an embedded card differs from the shipped one."""


def save_problems(static: Static, catalog: Catalog, limit: int = 3) -> list[str]:
    """What is wrong with a saved game's cards and decks (empty: nothing), at most
    ``limit`` sentences (see the module docstring)."""
    found = _cards(static, catalog)
    if not found:
        found = _decks(static, catalog) + _armies(static, catalog)
    return found[:limit]


# --- cards ---------------------------------------------------------------------------------


def _cards(static: Static, catalog: Catalog) -> list[str]:
    found: list[str] = []
    shipped = _shipped(catalog)
    for kind, defs, table, model in (
            ("army card", static.army_defs, catalog.army_cards, ArmyCard),
            ("spell", static.spell_defs, catalog.spells, SpellCard)):
        for def_id, card in defs.items():
            if not isinstance(card, model):
                found.append(f"its {kind} {def_id!r} is not written as a card file")
                continue
            if card.id != def_id:
                found.append(f"its {kind} {def_id!r} is filed as {card.id!r}")
                continue
            if def_id not in shipped:
                continue  # the player's own card: the schema's bounds are all it must keep
            ours = rules_of(_dump(card))
            now = table.get(def_id)
            if now is not None and rules_of(_dump(now)) == ours:
                continue
            original = shipped[def_id]
            pristine = _pristine(original) if original is not None else None
            if pristine is not None and rules_of(_dump(pristine)) == ours:
                continue
            if rules_digest(ours) in FORMER_CARDS.get(def_id, ()):
                continue  # the card as shipped before a balance correction: as it was then
            wanted = now if now is not None else pristine
            found.append(_differs(kind, card, wanted))
    return found


def _dump(card: Any) -> dict[str, Any]:
    """A card as a save holds it (so a card compares equal to its own save's copy)."""
    return card_to_data(card)


def _differs(kind: str, card: Any, wanted: Any) -> str:
    """A sentence saying how an embedded card differs from the card it claims to be."""
    ours = rules_of(_dump(card))
    theirs = rules_of(_dump(wanted)) if wanted is not None else {}
    keys = [k for k in _FIELDS_SHOWN if ours.get(k) != theirs.get(k)]
    keys += [k for k in ours if k not in keys and ours.get(k) != theirs.get(k)]
    if keys and theirs:
        key = keys[0]
        return (f"its {kind} {card.name} ({card.id}) says {key} {_short(ours.get(key))}, but "
                f"the card says {_short(theirs.get(key))}")
    return f"its {kind} {card.name} ({card.id}) is not the card of that name"


def _short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _shipped(catalog: Catalog) -> dict[str, Path | None]:
    """The ids of the shipped cards, each with its shipped file when the player's own file
    replaces it (None: the catalogue's card is the shipped one)."""
    roots = [p.resolve() for p in shipped_content_paths()]
    replaced = {old: new for new, old in catalog.replaced.items()}
    out: dict[str, Path | None] = {}
    for path, entry in catalog.entries.items():
        if isinstance(entry.model, (ArmyCard, SpellCard)) and _under(path, roots):
            out[entry.model.id] = None
    for old in replaced:
        if _under(old, roots):
            out[old.stem] = old
    return out


def _under(path: Path, roots: list[Path]) -> bool:
    resolved = path.resolve()
    return any(resolved.is_relative_to(root) for root in roots)


@lru_cache(maxsize=64)
def _pristine(path: Path) -> Any:
    """A shipped card file as shipped (the player's correction replaces it in the game)."""
    try:
        return load_file(path)
    except ContentError:
        return None


# --- decks and armies ----------------------------------------------------------------------


def _owned(static: Static) -> dict[int, list[str]]:
    """Each seat's spells by card id, in the order the game holds them."""
    out: dict[int, list[str]] = {seat: [] for seat in static.seats}
    for info in static.spells.values():
        if info.def_id is not None and info.owner in out:
            out[info.owner].append(info.def_id)
    return out


def _walker_id(static: Static, seat: int) -> str:
    """The card id of a seat's Planeswalker (empty when the save's links are broken: the
    engine's `arena.engine.integrity.problems` says so)."""
    info = static.players.get(seat)
    card = static.cards.get(info.planeswalker) if info is not None else None
    return card.def_id if card is not None else ""


def _decks(static: Static, catalog: Catalog) -> list[str]:
    scenario = catalog.scenarios.get(static.scenario.id)
    rules = scenario.deck if scenario is not None else DeckRules()
    from_position = static.origin.get("kind") not in ("new_game", "new_game_custom_rng")
    army: Mapping[str, Any] = static.army_defs
    spells: Mapping[str, Any] = static.spell_defs
    found: list[str] = []
    for seat, deck in _owned(static).items():
        if not deck:
            continue  # no deck: an army without a premade deck plays without spells
        if from_position:
            if len(deck) > rules.cards:
                found.append(f"player {seat}'s deck has {len(deck)} spells, more than the "
                             f"{rules.cards} a deck may have")
            continue
        findings, _ = check_deck(_walker_id(static, seat), deck, spells, army, rules)
        found += [f"player {seat}'s deck breaks the deck rules: {f.message}" for f in findings]
    return found


def _armies(static: Static, catalog: Catalog) -> list[str]:
    if static.origin.get("kind") not in ("new_game", "new_game_custom_rng"):
        return []  # a lesson's position is not an army anyone built
    scenario = catalog.scenarios.get(static.scenario.id)
    budget = scenario.army_budget if scenario is not None else 500
    army: Mapping[str, Any] = static.army_defs
    found: list[str] = []
    for seat, info in static.players.items():
        walker = _walker_id(static, seat)
        cards = [static.cards[uid].def_id for uid in info.cards
                 if uid != info.planeswalker and uid in static.cards]
        findings, _ = check_army(walker, cards, army, budget)
        found += [f"player {seat}'s army breaks the army rules: {f.message}" for f in findings]
    return found
