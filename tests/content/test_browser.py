"""The card browser's data (arena.content.browser): every shipped card becomes an entry a
client can draw and explain without the YAML -- stats, provenance with its sentence, abilities
with kind labels, full text -- sorted by colour, kind and name, and searchable."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from arena.content import ArmyCard, SpellCard, load_catalog
from arena.content.browser import (
    COLOUR_ORDER,
    KIND_ORDER,
    PROVENANCE_NOTES,
    CardEntry,
    ability_label,
    army_entry,
    browse,
    entry_for,
    search,
    sort_key,
    spell_entry,
)
from arena.content.catalog import project_root


@cache
def catalog() -> Any:
    found = load_catalog([project_root() / "cards"])
    assert not found.problems
    return found


@cache
def entries() -> tuple[CardEntry, ...]:
    return tuple(browse(catalog()))


def entry(card_id: str) -> CardEntry:
    return next(e for e in entries() if e.id == card_id)


def ids(found: list[CardEntry]) -> list[str]:
    return [e.id for e in found]


# --- browse --------------------------------------------------------------------------------


def test_browse_lists_every_army_card_and_spell_once() -> None:
    assert len(entries()) == len(catalog().army_cards) + len(catalog().spells)
    assert len({e.id for e in entries()}) == len(entries())
    assert {e.category for e in entries()} == {"army", "spell"}


def test_browse_sorts_by_colour_then_kind_then_name() -> None:
    keys = [sort_key(e) for e in entries()]
    assert keys == sorted(keys)
    colours = [e.colour for e in entries()]
    assert colours == sorted(colours, key=COLOUR_ORDER.index)
    white = [e for e in entries() if e.colour == "white"]
    assert white[0].id == "gideon-jura-combat-mage"  # the Planeswalker leads its colour
    assert [e.id for e in white if e.kind == "squad"] == ["kor-hookmasters", "rhox-veterans"]
    kinds = [e.kind for e in white]
    assert kinds == sorted(kinds, key=KIND_ORDER.index)


def test_a_planeswalker_entry_has_its_stats_abilities_and_provenance() -> None:
    gideon = entry("gideon-jura-combat-mage")
    assert gideon.name == "Gideon Jura, Combat Mage" and gideon.colours == ("white",)
    assert gideon.type_line == "Planeswalker — Gideon"
    assert [(r.label, r.value) for r in gideon.stats] == [
        ("Life", "6"), ("Move", "6"), ("Range", "1"), ("Attack", "3"), ("Defense", "5"),
        ("Height", "5 (medium)"), ("Cost", "350")]
    assert gideon.cost == 350 and gideon.stat("Defense") == "5" and gideon.stat("Nope") is None
    assert gideon.provenance == "verified" and not gideon.reconstructed
    assert gideon.provenance_note == PROVENANCE_NOTES["verified"]
    assert [(a.name, a.label) for a in gideon.abilities] == [
        ("Avatar of Justice", "Static"), ("Counter Strike", "Triggered")]


def test_ability_labels_say_the_kind_and_its_limits() -> None:
    labels = {(e.id, a.id): a.label for e in entries() for a in e.abilities}
    assert labels[("liliana-vess-necromancer", "snuff-out")] == "Activated — once per turn"
    assert labels[("nissa-revane-animist", "sprint")] == "Triggered — optional"
    assert labels[("blighted-reavers", "necrotic-stench")] == "Static"
    assert labels[("leyline-phantoms", "phantom-walk")] == "Keyword"
    assert labels[("flamewing-phoenixes", "flying")] == "Keyword"


def test_labels_of_limits_no_shipped_card_uses() -> None:
    card = ArmyCard.model_validate({
        "format": "army-card", "id": "tester", "name": "Tester", "set": "core",
        "colours": ["artifact"], "kind": "hero", "unique": True, "creature_type": "Golem",
        "figures": 1, "life": 4, "move": 4, "range": 1, "attack": 2, "defense": 2,
        "height": 4, "size": "medium", "base": "double", "cost": 50, "price_per_figure": 50,
        "target_point": 3.5, "hit_zone": {"bottom": 1.0, "top": 3.5}, "text": "A test.",
        "provenance": "reconstructed",
        "abilities": [
            {"id": "slam", "name": "Slam", "text": "t", "kind": "activated",
             "limit": "once_per_figure", "in_addition_to_attack": False,
             "effects": [{"effect": "draw"}]},
            {"id": "spree", "name": "Spree", "text": "t", "kind": "activated",
             "limit": "unlimited", "effects": [{"effect": "draw"}]},
            {"id": "wrath", "name": "Wrath", "text": "t", "kind": "trigger",
             "event": "destroyed", "optional": True, "limit": "once_per_turn",
             "effects": [{"effect": "draw"}]}]})
    assert [ability_label(a) for a in card.abilities] == [
        "Activated — once per figure each turn, instead of attacking",
        "Activated — any number of times",
        "Triggered — optional, once per turn"]
    hero = army_entry(card)
    assert hero.type_line == "Unique hero — Golem (1 figure)"
    assert hero.stat("Figures") == "1 (double-space)" and hero.colour == "artifact"
    assert hero.reconstructed and "may differ from the printed card" in hero.provenance_note


def test_a_squad_entry_shows_figures_and_price_per_figure() -> None:
    rhox = entry("rhox-veterans")
    assert rhox.type_line == "Common squad — Rhino Soldier (3 figures)"
    assert rhox.stat("Figures") == "3 (single-space)"
    assert rhox.stat("Price per figure") == "30"
    assert rhox.provenance_note.startswith("Transcribed:")
    assert entry("leyline-phantoms").type_line.startswith("Unique squad — ")


def test_spell_entries_show_type_what_they_go_on_and_when_they_flip() -> None:
    wave = entry("killing-wave")
    assert (wave.category, wave.kind, wave.type_line, wave.cost) == (
        "spell", "sorcery", "Sorcery", 30)
    assert [(r.label, r.value) for r in wave.stats] == [("Cost", "30")]
    assert wave.abilities == () and wave.text.startswith("Choose a Planeswalker")
    assert wave.provenance_note == ("Reconstructed: designed to fill a gap; may differ from "
                                    "the printed card.")
    honor = entry("honor-of-the-pure")
    assert honor.type_line == "Aura — enchant common squad"
    assert honor.stat("Goes on") == "common squad (any player's)"
    arc = entry("scatter-arc")
    assert arc.type_line == "Hidden enchantment — hidden enchant Planeswalker"
    assert arc.stat("Goes on") == "Planeswalker (yours, face down)"
    assert arc.stat("Flips when") == "an enchantment is played"


def test_full_text_tells_the_whole_card() -> None:
    liliana = entry("liliana-vess-necromancer")
    lines = liliana.full_text.splitlines()
    assert lines[:2] == ["Liliana Vess, Necromancer", "Black Planeswalker — Liliana"]
    assert "Life 7" in lines[2] and "Cost 325" in lines[2]
    for ability in liliana.abilities:
        assert f"{ability.name} ({ability.label}): {ability.text}" in lines
    assert lines[-1] == PROVENANCE_NOTES["verified"]
    assert entry("unsummon").full_text.splitlines()[1] == "Blue sorcery"


@pytest.mark.parametrize("card_id", sorted(e.id for e in browse(
    load_catalog([project_root() / "cards"]))))
def test_every_shipped_entry_can_be_drawn_and_explained(card_id: str) -> None:
    found = entry(card_id)
    assert found.name and found.type_line and found.text and found.stats
    assert found.provenance_note == PROVENANCE_NOTES[found.provenance]
    assert found.stat("Cost") == str(found.cost)
    assert all(a.name and a.label and a.text for a in found.abilities)
    model: ArmyCard | SpellCard = (catalog().army_cards.get(card_id)
                                   or catalog().spells[card_id])
    assert entry_for(model) == found
    assert [a.id for a in found.abilities] == [
        a.id for a in getattr(model, "abilities", ())]


# --- search --------------------------------------------------------------------------------


def test_search_matches_names_texts_and_abilities_case_insensitively() -> None:
    zombie = ids(search(entries(), "ZOMBIE"))
    assert {"restless-zombies", "blighted-reavers", "killing-wave",
            "liliana-vess-necromancer"} <= set(zombie)  # by name, text, ability text
    assert ids(search(entries(), "snuff out")) == ["liliana-vess-necromancer"]
    assert ids(search(entries(), "activated — once per turn", colours={"blue"})) == [
        "jace-beleren-mindmage"]
    assert search(entries(), "no card says this") == []


def test_search_filters_by_colour_kind_and_provenance() -> None:
    everything = list(entries())
    assert search(everything) == everything  # no query, no filter: all, in order
    black = search(everything, colours={"black"})
    assert black and all(e.colour == "black" for e in black)
    assert len(search(everything, kinds={"spell"}, colours={"blue"})) == 12
    auras = search(everything, kinds={"aura"}, colours={"white", "black"})
    assert auras and {e.kind for e in auras} == {"aura"}
    assert {e.colour for e in auras} == {"white", "black"}
    verified = search(everything, provenance={"verified"})
    assert {e.kind for e in verified} == {"planeswalker"} and len(verified) == 5
    assert ids(search(everything, "return reserve", kinds={"hidden_enchantment"},
                       colours={"blue"})) == ["dispersing-tide", "recoil-snare"]


def test_spell_entry_from_a_model() -> None:
    card = SpellCard.model_validate({
        "format": "spell-card", "id": "probe", "name": "Probe", "colour": "green",
        "type": "hidden_enchantment", "enchants": ["unique_squad", "common_squad"],
        "trigger": {"event": "figure_moved"}, "cost": 5,
        "effects": [{"effect": "draw", "target": "controller"}], "text": "Draw.",
        "provenance": "transcribed"})
    found = spell_entry(card)
    assert found.type_line == "Hidden enchantment — hidden enchant unique squad or common squad"
    assert found.stat("Flips when") == "a figure moves" and found.colour == "green"
