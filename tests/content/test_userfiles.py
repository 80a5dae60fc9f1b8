"""The player's own armies and decks: listed, loaded, checked by the army and deck rules
against the shipped cards; every unplayable file comes back with a reason naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content.battlefield import Battlefield
from arena.content.catalog import Catalog, load_catalog, shipped_content_paths
from arena.content.errors import ContentError
from arena.content.loader import load_file
from arena.content.scenario import DeckRules
from arena.content.userfiles import armies_dir, deck_options, decks_dir, load_user_files

WHITE = ["riposte", "close-ranks", "mending-light", "honor-of-the-pure", "banner-of-unity",
         "battle-hymn", "guardians-vigil", "shield-formation", "oath-of-peace", "stand-down",
         "divine-blessing", "call-to-arms"]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(shipped_content_paths())


def army(base: Path, name: str, cards: list[str], walker: str = "gideon-jura-combat-mage",
         file: str = "") -> Path:
    path = armies_dir(base) / (file or f"{name}.yaml")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"format: army\nid: {name}\nname: {name.title()}\nplaneswalker: {walker}\n"
                    f"cards: [{', '.join(cards)}]\n", encoding="utf-8")
    return path


def deck(base: Path, name: str, spells: list[str], walker: str = "gideon-jura-combat-mage"
         ) -> Path:
    path = decks_dir(base) / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"format: deck\nid: {name}\nname: {name.title()}\nplaneswalker: {walker}\n"
                    f"spells: [{', '.join(spells)}]\n", encoding="utf-8")
    return path


def raw(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_the_folders_are_armies_and_decks_under_the_data_folder(tmp_path: Path) -> None:
    assert armies_dir(tmp_path) == tmp_path / "armies"
    assert decks_dir(tmp_path) == tmp_path / "decks"


def test_no_folders_means_nothing_and_no_error(tmp_path: Path, catalog: Catalog) -> None:
    found = load_user_files(tmp_path, catalog)
    assert (found.armies, found.decks, found.skipped) == ({}, {}, [])
    assert found.summary() == ""


def test_valid_files_are_loaded_with_their_paths(tmp_path: Path, catalog: Catalog) -> None:
    a = army(tmp_path, "hooks", ["kor-hookmasters", "kor-hookmasters"])
    d = deck(tmp_path, "my-white", WHITE)
    found = load_user_files(tmp_path, catalog)
    assert list(found.armies) == ["hooks"] and found.armies["hooks"].cards == [
        "kor-hookmasters", "kor-hookmasters"]
    assert list(found.decks) == ["my-white"]
    assert found.paths == {"armies/hooks": a, "decks/my-white": d}
    assert found.skipped == []


@pytest.mark.parametrize(("write", "file", "reason"), [
    (lambda b: army(b, "big", ["rhox-veterans"] * 3), "armies/big.yaml",
     "the army costs 620 points, more than the budget of 500; remove 120 points of cards"),
    (lambda b: army(b, "mixed", ["leyline-phantoms"]), "armies/mixed.yaml",
     "Leyline Phantoms is blue, but Gideon"),
    (lambda b: army(b, "typo", ["kor-hookmaster"]), "armies/typo.yaml",
     "no army card has the id 'kor-hookmaster'; did you mean 'kor-hookmasters'?"),
    (lambda b: army(b, "named", ["kor-hookmasters"], file="other.yaml"), "armies/other.yaml",
     "id 'named' does not match the file name 'other.yaml'"),
    (lambda b: army(b, "gideon-premade", ["kor-hookmasters"]), "armies/gideon-premade.yaml",
     "is the id of a shipped army; save it under another name"),
    (lambda b: raw(armies_dir(b) / "bad.yaml", "format: army\nid: [\n"), "armies/bad.yaml",
     "line 2: is not valid YAML"),
    (lambda b: raw(decks_dir(b) / "swap.yaml", "format: army\nid: swap\nname: Swap\n"
                   "planeswalker: gideon-jura-combat-mage\n"),
     "decks/swap.yaml", "holds an army list, but a spell deck was expected here"),
    (lambda b: deck(b, "short", WHITE[:3]), "decks/short.yaml",
     "the deck has 3 cards; it must have exactly 12; add 9"),
    (lambda b: deck(b, "twice", [*WHITE[:11], "riposte"]), "decks/twice.yaml",
     "Riposte is already in the deck"),
])
def test_an_unplayable_file_is_skipped_with_its_reason(tmp_path: Path, catalog: Catalog,
                                                       write: object, file: str,
                                                       reason: str) -> None:
    army(tmp_path, "fine", ["kor-hookmasters"])
    write(tmp_path)  # type: ignore[operator]
    found = load_user_files(tmp_path, catalog)
    assert [s.file for s in found.skipped] == [file]
    assert reason in found.skipped[0].reason, found.skipped[0].reason
    assert str(found.skipped[0]).startswith(f"{file} — ")
    assert found.summary().startswith(f"1 file skipped: {file} — ")
    assert "fine" in found.armies  # the good file is still offered


def test_the_budget_is_the_callers(tmp_path: Path, catalog: Catalog) -> None:
    army(tmp_path, "hooks", ["kor-hookmasters", "kor-hookmasters"])  # 470 points
    assert "hooks" in load_user_files(tmp_path, catalog, budget=500).armies
    found = load_user_files(tmp_path, catalog, budget=400)
    assert not found.armies and "more than the budget of 400" in found.skipped[0].reason


def test_deck_options_follow_the_planeswalkers_colours(tmp_path: Path,
                                                       catalog: Catalog) -> None:
    deck(tmp_path, "my-white", WHITE)
    mine = load_user_files(tmp_path, catalog).decks.values()
    gideon = [(o.deck.id, o.user) for o in deck_options("gideon-jura-combat-mage", catalog,
                                                         mine)]
    assert gideon == [("white-premade", False), ("my-white", True)]
    chandra = [o.deck.id for o in deck_options("chandra-nalaar-pyromancer", catalog, mine)]
    assert chandra == ["red-premade"]
    # a scenario's stricter deck rules leave out decks that break them
    assert deck_options("gideon-jura-combat-mage", catalog, mine,
                        DeckRules(cards=12, max_cost=100)) == []


def test_a_file_of_another_kind_is_named_in_plain_words() -> None:
    army = Path(__file__).resolve().parents[2] / "cards" / "armies" / "gideon-premade.yaml"
    with pytest.raises(ContentError) as refused:
        load_file(army, expect=Battlefield)
    assert "holds an army list, but a battlefield was expected here" in str(refused.value)
    assert "choose a battlefield file" in str(refused.value)
