"""The card files shipped under `cards/`: they load, and the facts we know about them hold.

Known answers come from /work/shared/cards.md: the Planeswalkers' printed stats (verified), the
six transcribed squads, the premade armies (a Planeswalker and its colour's two squads cost
exactly 500 points) and the premade decks (twelve spells of the Planeswalker's colour, legal by
the deck rules).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.cards import ArmyCard, SpellCard
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file, load_text
from arena.content.rules import check_deck

CARDS = Path(__file__).resolve().parents[2] / "cards"
FILES = sorted(p for p in CARDS.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())

#: The model each folder under cards/ holds (folders not listed are only loaded).
FOLDER_MODEL: dict[str, type] = {
    "army": ArmyCard,
    "spells": SpellCard,
    "armies": ArmyList,
    "decks": SpellDeck,
}


def _id(path: Path) -> str:
    return str(path.relative_to(CARDS))


def _army_card(card_id: str) -> ArmyCard:
    card = load_file(CARDS / "army" / f"{card_id}.yaml")
    assert isinstance(card, ArmyCard)
    return card


def test_cards_folder_is_not_empty() -> None:
    assert len(FILES) >= 14


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_every_file_loads_with_its_own_model(path: Path) -> None:
    model = load_file(path)
    expected = FOLDER_MODEL.get(path.relative_to(CARDS).parts[0])
    if expected is not None:
        assert isinstance(model, expected), f"{_id(path)} holds a {type(model).__name__}"


def test_ids_are_unique_per_format() -> None:
    seen: dict[tuple[str, str], Path] = {}
    for path in FILES:
        model = load_file(path)
        key = (model.format, model.id)
        assert key not in seen, f"{_id(path)} repeats the id of {_id(seen[key])}"
        seen[key] = path


# card id: (name, colour, life, move, range, attack, defense, height, cost)
PLANESWALKERS = {
    "gideon-jura-combat-mage": ("Gideon Jura, Combat Mage", "white", 6, 6, 1, 3, 5, 5, 350),
    "jace-beleren-mindmage": ("Jace Beleren, Mindmage", "blue", 7, 6, 7, 5, 3, 4, 340),
    "liliana-vess-necromancer": ("Liliana Vess, Necromancer", "black", 7, 6, 6, 4, 3, 4, 325),
    "chandra-nalaar-pyromancer": ("Chandra Nalaar, Pyromancer", "red", 6, 6, 5, 3, 4, 4, 365),
    "nissa-revane-animist": ("Nissa Revane, Animist", "green", 7, 5, 7, 3, 4, 4, 330),
}


@pytest.mark.parametrize("card_id", sorted(PLANESWALKERS))
def test_planeswalker_stats_are_the_printed_ones(card_id: str) -> None:
    name, colour, life, move, range_, attack, defense, height, cost = PLANESWALKERS[card_id]
    card = _army_card(card_id)
    assert card.name == name
    assert card.colours == [colour]
    assert (card.life, card.move, card.range, card.attack, card.defense) == \
        (life, move, range_, attack, defense)
    assert card.height == height
    assert card.cost == cost
    assert card.kind == "planeswalker"
    assert card.unique and card.figures == 1
    assert card.size == "medium" and card.base == "single"
    assert card.price_per_figure == card.cost
    assert card.provenance == "verified"
    assert card.set == "core"
    assert len(card.abilities) == 2


# card id: (colour, unique, figures, life, move, range, attack, defense, cost)
SQUADS = {
    "rhox-veterans": ("white", False, 3, 3, 5, 1, 3, 2, 90),
    "kor-hookmasters": ("white", False, 3, 3, 5, 3, 3, 2, 60),
    "leyline-phantoms": ("blue", True, 3, 3, 6, 1, 3, 5, 95),
    "illusionary-projections": ("blue", False, 3, 2, 5, 6, 3, 2, 65),
    "restless-zombies": ("black", False, 3, 1, 5, 1, 3, 1, 60),
    "blighted-reavers": ("black", False, 3, 3, 5, 1, 3, 3, 115),
}


@pytest.mark.parametrize("card_id", sorted(SQUADS))
def test_squad_stats_are_the_transcribed_ones(card_id: str) -> None:
    colour, unique, figures, life, move, range_, attack, defense, cost = SQUADS[card_id]
    card = _army_card(card_id)
    assert card.kind == "squad"
    assert card.colours == [colour]
    assert card.unique is unique
    assert (card.figures, card.life, card.move, card.range, card.attack, card.defense) == \
        (figures, life, move, range_, attack, defense)
    assert card.cost == cost
    assert card.price_per_figure == cost // figures
    assert card.provenance == "transcribed"
    assert card.set == "core"
    assert "reconstructed" in card.notes  # height, target point and hit zone are ours


@pytest.mark.parametrize("card_id", sorted(PLANESWALKERS) + sorted(SQUADS))
def test_sight_geometry_sits_on_the_figure(card_id: str) -> None:
    card = _army_card(card_id)
    assert card.height - 1 < card.target_point <= card.height
    assert 0 < card.hit_zone.bottom < card.hit_zone.top <= card.height


PREMADE = {
    "gideon-premade": ("gideon-jura-combat-mage", ["rhox-veterans", "kor-hookmasters"]),
    "jace-premade": ("jace-beleren-mindmage", ["leyline-phantoms", "illusionary-projections"]),
    "liliana-premade": ("liliana-vess-necromancer", ["restless-zombies", "blighted-reavers"]),
}


@pytest.mark.parametrize("army_id", sorted(PREMADE))
def test_premade_army_costs_exactly_500(army_id: str) -> None:
    army = load_file(CARDS / "armies" / f"{army_id}.yaml")
    assert isinstance(army, ArmyList)
    planeswalker_id, squad_ids = PREMADE[army_id]
    assert army.planeswalker == planeswalker_id
    assert sorted(army.cards) == sorted(squad_ids)
    planeswalker = _army_card(army.planeswalker)
    assert planeswalker.kind == "planeswalker"
    squads = [_army_card(card_id) for card_id in army.cards]
    for squad in squads:
        assert squad.kind != "planeswalker"
        assert squad.colours == planeswalker.colours
    assert planeswalker.cost + sum(squad.cost for squad in squads) == 500


PREMADE_DECKS = {
    "black-premade": ("liliana-vess-necromancer", [
        "killing-wave", "rise-of-the-dark-realms", "call-of-the-grave", "blood-bargain",
        "whispers-of-despair", "life-siphon", "unholy-fortitude", "curse-of-decay",
        "unquiet-grave", "lingering-venom", "deathly-retort", "hunger-of-the-horde"]),
    "blue-premade": ("jace-beleren-mindmage", [
        "unsummon", "recoil-snare", "dispersing-tide", "scatter-arc", "psychic-rebuttal",
        "twisted-image", "mind-control", "misdirection", "binding-mists", "arcane-study",
        "phantom-shift", "glimpse-the-unseen"]),
    "green-premade": ("nissa-revane-animist", [
        "giant-growth", "natures-remedy", "overrun", "wild-leap", "strength-of-the-wild",
        "barkskin", "ironbark-hide", "wild-vigor", "verdant-stride", "melt-into-the-woods",
        "savage-growth", "rejuvenating-sap"]),
    "red-premade": ("chandra-nalaar-pyromancer", [
        "searing-bolt", "flame-burst", "reckless-charge", "battle-fury", "flamecallers-gamble",
        "firebreathing", "inferno-mantle", "burning-brand", "fervor", "flame-ward",
        "relentless-assault", "dying-embers"]),
    "white-premade": ("gideon-jura-combat-mage", [
        "honor-of-the-pure", "banner-of-unity", "battle-hymn", "mending-light",
        "guardians-vigil", "shield-formation", "oath-of-peace", "stand-down", "riposte",
        "close-ranks", "divine-blessing", "call-to-arms"]),
}
"""Each premade deck: its Planeswalker and its twelve spells (cards.md)."""
SPELL_KINDS = ("sorcery", "aura", "hidden_enchantment")


@pytest.mark.parametrize("deck_id", sorted(PREMADE_DECKS))
def test_premade_deck_is_a_legal_deck_of_its_colour(deck_id: str) -> None:
    """Each premade deck passes the deck rules (12 cards, cost at most 200, the
    Planeswalker's colour), holds every kind of spell, and its cards are our reconstruction."""
    deck = load_file(CARDS / "decks" / f"{deck_id}.yaml")
    assert isinstance(deck, SpellDeck)
    planeswalker_id, spell_ids = PREMADE_DECKS[deck_id]
    planeswalker = _army_card(planeswalker_id)
    assert deck.planeswalker == planeswalker.id and sorted(deck.spells) == sorted(spell_ids)
    spells = {}
    for spell_id in deck.spells:
        spell = load_file(CARDS / "spells" / f"{spell_id}.yaml")
        assert isinstance(spell, SpellCard)
        spells[spell_id] = spell
    findings, totals = check_deck(planeswalker.id, deck.spells, spells,
                                  {planeswalker.id: planeswalker})
    assert findings == [] and len(deck.spells) == 12 and totals.cost <= 200
    assert {s.type for s in spells.values()} == set(SPELL_KINDS)
    for spell in spells.values():
        assert spell.colour in planeswalker.colours and spell.provenance == "reconstructed"
        assert spell.text


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_load_dump_load_round_trips(path: Path) -> None:
    writer = pytest.importorskip("arena.content.writer")
    model = load_file(path)
    again = load_text(writer.dump_model(model), file=str(path))
    assert again == model
