"""The army and deck builder: live rule messages and totals, filtered lists, files."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from arena.content.catalog import Catalog
from editor.core.builder import Builder, finding_text, shipped_catalog

ROOT = Path(__file__).resolve().parents[2]
ARMIES = sorted((ROOT / "cards" / "armies").glob("*.yaml"))
DECKS = sorted((ROOT / "cards" / "decks").glob("*.yaml"))


@cache
def catalog() -> Catalog:
    return shipped_catalog()


def builder() -> Builder:
    return Builder(catalog().army_cards, catalog().spells)


@pytest.mark.parametrize("path", ARMIES, ids=[p.stem for p in ARMIES])
def test_shipped_armies_load_check_and_save_identically(path: Path, tmp_path: Path) -> None:
    b = builder()
    b.load_army(path)
    findings, totals = b.army_totals()
    assert findings == [] and 0 < totals.cost <= totals.budget
    b.save_army(tmp_path / path.name)
    assert (tmp_path / path.name).read_text() == path.read_text()


@pytest.mark.parametrize("path", DECKS, ids=[p.stem for p in DECKS])
def test_shipped_decks_load_check_and_save_identically(path: Path, tmp_path: Path) -> None:
    b = builder()
    b.load_deck(path)
    findings, totals = b.deck_totals()
    assert findings == [] and totals.cards == 12
    b.save_deck(tmp_path / path.name)
    assert (tmp_path / path.name).read_text() == path.read_text()


def test_building_an_army_live() -> None:
    b = builder()
    walkers = b.planeswalkers()
    assert len(walkers) >= 5
    findings, _ = b.army_totals()
    assert any("no army card has the id ''" in f.message for f in findings)
    walker = walkers[0]
    b.choose_planeswalker(walker.id)
    assert b.army_totals()[0] == []
    choices = b.army_choices()
    assert choices and all("artifact" in c.colours or set(c.colours) & set(walker.colours)
                           for c in choices)
    assert all(c.cost <= b.army_totals()[1].left for c in b.army_choices(fits=True))
    first = choices[0]
    b.add_card(first.id)
    assert b.army_totals()[1].cost == walker.cost + first.cost
    assert "points used" in b.army_summary()
    # Over budget: rule message and negative points left.
    while b.army_totals()[1].left >= 0:
        b.add_card(max(b.army_choices(colour_only=False), key=lambda c: c.cost).id
                   if b.army_choices(colour_only=False) else first.id)
    findings, totals = b.army_totals()
    assert totals.left < 0
    assert any("more than the budget" in finding_text(f) for f in findings)
    b.remove_card(0)


def test_off_colour_and_unique_cards_are_reported() -> None:
    b = builder()
    walker = b.planeswalkers()[0]
    b.choose_planeswalker(walker.id)
    off = next(c for c in b.army_cards.values() if c.kind != "planeswalker"
               and "artifact" not in c.colours and not set(c.colours) & set(walker.colours))
    b.add_card(off.id)
    assert any("but" in f.message for f in b.army_totals()[0])
    assert off not in b.army_choices()
    assert off in b.army_choices(colour_only=False)


def test_building_a_deck_live() -> None:
    b = builder()
    walker = b.planeswalkers()[0]
    b.choose_planeswalker(walker.id)
    choices = b.spell_choices()
    assert choices and all(s.colour in walker.colours for s in choices)
    for spell in choices[:12]:
        b.add_spell(spell.id)
    findings, totals = b.deck_totals()
    assert totals.cards == min(12, len(choices))
    assert "spells, cost" in b.deck_summary()
    b.add_spell(b.spells[0])
    assert any("already in the deck" in f.message for f in b.deck_totals()[0])
    b.remove_spell(len(b.spells) - 1)
    assert b.spells[0] not in {s.id for s in b.spell_choices()}


def test_save_never_overwrites_a_shipped_premade(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Started from a premade list, Save writes the player's own file in their folder."""
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    b = Builder(catalog().army_cards, catalog().spells,
                reserved_armies=frozenset(catalog().armies),
                reserved_decks=frozenset(catalog().decks))
    army, deck = ARMIES[0], DECKS[0]
    shipped = (army.read_text(), deck.read_text())
    b.load_army(army)
    b.load_deck(deck)
    assert b.id_problems() and "shipped army's" in b.id_problems()[0]
    b.name_army("Night Watch")
    b.name_deck("Night Spells!")
    assert (b.army_id, b.deck_id) == ("night-watch", "night-spells")
    assert b.id_problems() == []
    assert b.save_army() == tmp_path / "data" / "armies" / "night-watch.yaml"
    assert b.save_deck() == tmp_path / "data" / "decks" / "night-spells.yaml"
    assert (army.read_text(), deck.read_text()) == shipped
    # Loaded back from the player's folder, Save writes to the same file; a new name, a
    # new file.
    again = Builder(catalog().army_cards, catalog().spells)
    again.load_army(tmp_path / "data" / "armies" / "night-watch.yaml")
    again.cards.pop()
    assert again.army_dirty
    assert again.save_army() == tmp_path / "data" / "armies" / "night-watch.yaml"
    assert not again.army_dirty
    again.name_army("Night Watch II")
    assert again.save_army() == tmp_path / "data" / "armies" / "night-watch-ii.yaml"
    # Saved as the shipped file itself, it is the player's copy that replaces it by id.
    assert b.save_army(army) == tmp_path / "data" / "cards" / "armies" / army.name
    assert b.save_deck(deck) == tmp_path / "data" / "cards" / "decks" / deck.name
    assert (army.read_text(), deck.read_text()) == shipped
