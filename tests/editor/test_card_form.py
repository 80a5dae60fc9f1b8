"""The card data form: every shipped card opens, saves back identically, and bad values get
the content loader's messages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arena.content.cards import ArmyCard, SpellCard
from arena.content.loader import load_file
from editor.card_form import CardForm, choices, form_fields

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
