"""Cross-file checks run over a loaded `Catalog`: dangling ids, army and deck rules,
battlefield geometry and scenario consistency. Each problem lands on the file at fault.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.fits import fit
from arena.content.lists import ArmyList, SpellDeck
from arena.content.rules import DEFAULT_BUDGET, Finding, check_army, check_deck
from arena.content.scenario import Scenario
from arena.content.yamlio import KeyPath

if TYPE_CHECKING:
    # The catalogue runs these checks as it loads (`load_catalog`); they only read it.
    from arena.content.catalog import Catalog, Entry


def check_catalog(catalog: Catalog, budget: int = DEFAULT_BUDGET) -> None:
    """Run every cross-file check, adding problems to the catalogue."""
    for entry in list(catalog.entries.values()):
        for finding in _check_entry(catalog, entry, budget):
            catalog.add_problem(entry.path, entry.doc.problem(
                finding.path, finding.message, finding.fix))
        if isinstance(entry.model, Battlefield):
            # Shapely (through `geometry`) takes about 0.4 s to import; the client loads the
            # catalogue on a background thread, so it is imported there, not at start-up.
            from arena.content.geometry import check_battlefield

            problems, _summary = check_battlefield(entry.model, entry.doc)
            for problem in problems:
                catalog.add_problem(entry.path, problem)


def _check_entry(catalog: Catalog, entry: Entry, budget: int) -> list[Finding]:
    model = entry.model
    if isinstance(model, ArmyList):
        return check_army(model.planeswalker, model.cards, catalog.army_cards, budget)[0]
    if isinstance(model, SpellDeck):
        return check_deck(model.planeswalker, model.spells, catalog.spells,
                          catalog.army_cards)[0]
    if isinstance(model, Scenario):
        return check_scenario(model, catalog.battlefields)
    if isinstance(model, (ArmyCard, SpellCard)):
        return [Finding(path, f"no army card has the id {card!r}",
                        "name an existing army card's id (its file name)")
                for path, card in _card_refs(model, ()) if card not in catalog.army_cards]
    return []


def _card_refs(node: Any, path: KeyPath) -> Iterator[tuple[KeyPath, str]]:
    """Every `card:` id a card's abilities or effects mention, with its key path."""
    if isinstance(node, BaseModel):
        for name, field in type(node).model_fields.items():
            key = field.alias or name
            value = getattr(node, name)
            if name == "card" and isinstance(value, str):
                yield (*path, key), value
            else:
                yield from _card_refs(value, (*path, key))
    elif isinstance(node, (list, tuple)):
        for index, item in enumerate(node):
            yield from _card_refs(item, (*path, index))


def check_scenario(scenario: Scenario, battlefields: dict[str, Battlefield]) -> list[Finding]:
    """A scenario's battlefield exists and offers what the scenario's rules need: the verdict
    the game gives before it starts a battle there (`arena.content.fits.fit`)."""
    field = battlefields.get(scenario.battlefield)
    if field is None:
        return [Finding(("battlefield",), f"no battlefield has the id {scenario.battlefield!r}",
                        "name a battlefield file's id (its file name)")]
    return list(fit(scenario, field).problems)
