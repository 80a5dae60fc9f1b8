"""The card data form: every shipped card opens, saves back identically, and bad values get
the content loader's messages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.content.cards import ArmyCard, SpellCard
from arena.content.loader import load_file
from editor.core.ability_form import parse_part
from editor.core.card_form import CardForm, choices, form_fields

ROOT = Path(__file__).resolve().parents[2]
CARDS = sorted((ROOT / "cards" / "army").glob("*.yaml")) + sorted(
    (ROOT / "cards" / "spells").glob("*.yaml"))


@pytest.mark.parametrize("path", CARDS, ids=[p.stem for p in CARDS])
def test_every_shipped_card_round_trips(path: Path, tmp_path: Path) -> None:
    form = CardForm.open(path)
    out = tmp_path / path.name
    assert form.save(out) == []
    assert out.read_text() == path.read_text()


def test_fields_and_choices() -> None:
    army = form_fields(ArmyCard)
    assert army["life"] == "int" and army["unique"] == "bool" and army["colours"] == "list"
    assert army["text"] == "str" and "abilities" not in army
    assert "provenance" in form_fields(SpellCard)
    assert choices(ArmyCard, "provenance") == ("verified", "transcribed", "reconstructed")
    assert choices(ArmyCard, "name") == ()


def test_edit_stats_and_save(tmp_path: Path) -> None:
    src = next(p for p in CARDS if p.parent.name == "army")
    path = tmp_path / src.name
    shutil.copy(src, path)
    form = CardForm.open(path)
    form.values["life"] = str(int(form.values["life"]) + 1)
    form.values["provenance"] = "transcribed"
    assert form.save() == []
    card = load_file(path)
    assert isinstance(card, ArmyCard)
    assert card.provenance == "transcribed"


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [("life", "many", "life"), ("provenance", "guessed", "provenance"),
     ("colours", "", "colours"), ("unique", "perhaps", "unique")],
)
def test_bad_values_are_explained(tmp_path: Path, name: str, value: str,
                                  expected: str) -> None:
    src = next(p for p in CARDS if p.parent.name == "army")
    path = tmp_path / src.name
    shutil.copy(src, path)
    before = path.read_text()
    form = CardForm.open(path)
    form.values[name] = value
    problems = form.save()
    assert problems and any(expected in p for p in problems), problems
    assert path.read_text() == before


def test_renaming_the_id_needs_a_matching_file(tmp_path: Path) -> None:
    src = next(p for p in CARDS if p.parent.name == "spells")
    path = tmp_path / src.name
    shutil.copy(src, path)
    form = CardForm.open(path)
    form.values["id"] = "another-id"
    assert any("does not match" in p for p in form.save())
    assert form.save(tmp_path / "another-id.yaml") == []


ARMY_CARD = ROOT / "cards" / "army" / "blazing-firecats.yaml"
SPELL_CARD = sorted((ROOT / "cards" / "spells").glob("*.yaml"))[0]


def test_abilities_are_added_from_every_primitive_of_the_rules() -> None:
    from editor.core.ability_form import KINDS, primitives

    assert "special" not in primitives("trigger")  # engine-only functions are not offered
    assert "flying" in primitives("keyword") and "attack" in primitives("static")
    for kind in KINDS:
        for primitive in primitives(kind):
            form = CardForm.open(ARMY_CARD)
            before = len(form.parts)
            index = form.add_part(kind, primitive)
            assert index == before and form.parts[index]["kind"] == kind
            card, problems = form.build()
            assert problems == [], (kind, primitive)
            assert isinstance(card, ArmyCard) and card.abilities[index].kind == kind
    for primitive in primitives("effect"):
        form = CardForm.open(SPELL_CARD)
        assert form.part_key == "effects"
        form.add_part("", primitive)
        card, problems = form.build()
        assert problems == [] and isinstance(card, SpellCard), primitive
        assert card.effects[-1].effect == primitive
    with pytest.raises(ValueError, match="not a keyword primitive"):
        CardForm.open(ARMY_CARD).add_part("keyword", "teleport")


def test_an_ability_is_edited_as_yaml_and_saved(tmp_path: Path) -> None:
    from editor.core.ability_form import part_text

    path = tmp_path / ARMY_CARD.name
    shutil.copy(ARMY_CARD, path)
    form = CardForm.open(path)
    index = form.add_part("keyword", "flying")
    assert form.parts[index]["id"] == "flying"
    assert form.add_part("keyword", "flying") == index + 1
    assert form.parts[index + 1]["id"] == "flying-2"  # ids stay unique
    form.remove_part(index + 1)
    text = part_text(form.parts[index]).replace("name: Flying", "name: Wings of Fire")
    assert form.set_part(index, text) == ""
    assert form.set_part(index, "- just\n- a list\n").endswith("a mapping of `key: value` lines")
    assert "abilities[2]" in form.set_part(index, "name: [unclosed\n")
    assert form.set_part(index, text.replace("keyword: flying", "keyword: swimming")) == ""
    card, problems = form.build()
    assert card is None and any("swimming" in p and "abilities" in p for p in problems)
    assert form.set_part(index, text) == ""
    assert form.save() == []
    saved = load_file(path)
    assert isinstance(saved, ArmyCard)
    assert saved.abilities[-1].name == "Wings of Fire" and saved.abilities[-1].kind == "keyword"
    assert len(saved.abilities) == len(load_file(ARMY_CARD).abilities) + 1


def test_an_owners_correction_of_a_shipped_card_is_the_players_and_the_game_plays_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving a shipped card from the card form never writes over the shipped file: the
    correction lands in the player's folder, where the game's catalogue takes it instead of
    the shipped card (by id), and a new game is dealt the corrected card."""
    from arena.client import content as client_content
    from arena.content.catalog import load_game_catalog

    user = tmp_path / "user"
    monkeypatch.setenv("ARENA_DATA_DIR", str(user))
    shipped = ROOT / "cards" / "army" / "rhox-veterans.yaml"
    before = shipped.read_bytes()
    form = CardForm.open(shipped)
    assert form.values["life"] == "3"
    form.values["life"] = "4"
    assert form.save() == []
    mine = user / "cards" / "army" / "rhox-veterans.yaml"
    assert form.path == mine and mine.is_file()
    assert shipped.read_bytes() == before
    assert load_game_catalog().army_cards["rhox-veterans"].life == 4
    monkeypatch.setattr(client_content, "_catalog", None)  # the game loads afresh
    game = client_content.new_game(client_content.GameSetup())  # Gideon's premade army
    assert game.state.static.card_def("p1:rhox-veterans").life == 4
    # Opening the shipped card again edits the correction the game plays.
    again = CardForm.open(shipped)
    assert again.path == mine and again.values["life"] == "4"


def test_an_edited_part_with_a_key_given_twice_is_refused_with_the_key() -> None:
    """The part editor reads its text with the content loader's rules: a key given twice is
    a mistake to fix, not a silent choice of the last value."""
    data, problem = parse_part("effect: draw\ncount: 1\ncount: 2\n", "part")
    assert data is None and problem == "count is given twice"
    data, problem = parse_part("effect: draw\ncount: 2\n", "part")
    assert data == {"effect": "draw", "count": 2} and problem == ""
