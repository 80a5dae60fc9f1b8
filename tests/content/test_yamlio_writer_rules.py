"""Unit tests: atomic writes, the canonical writer's round trip, and the army and deck rules."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.content import atomic, yamlio
from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog, load_catalog
from arena.content.errors import ContentError
from arena.content.loader import load_file, load_text
from arena.content.rules import (
    DEFAULT_BUDGET,
    ArmyTotals,
    DeckTotals,
    Finding,
    check_army,
    check_deck,
)
from arena.content.scenario import DeckRules
from arena.content.writer import dump_model, save_model

VALID = Path(__file__).resolve().parent / "fixtures" / "valid"
FIXTURES = sorted(VALID.rglob("*.yaml"))

GIDEON, JACE = "test-gideon", "test-jace"
SOLDIERS, CHAMPION = "test-white-soldiers", "test-white-champion"
DRAKES, GOLEM = "test-blue-drakes", "test-iron-golem"
DECK = yaml.safe_load((VALID / "decks" / "test-deck.yaml").read_text())["spells"]


# --- atomic_write ------------------------------------------------------------------------


def _only(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_atomic_write_replaces_the_file_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "card.yaml"
    atomic.atomic_write(target, "old: 1\n")
    atomic.atomic_write(target, "new: 2\n")
    assert target.read_text() == "new: 2\n"
    assert _only(target.parent) == ["card.yaml"]


def test_atomic_write_keeps_the_old_file_when_replace_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "card.yaml"
    target.write_text("old: 1\n")

    def broken_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="No space left"):
        atomic.atomic_write(target, "new: 2\n")
    assert target.read_text() == "old: 1\n"
    assert _only(tmp_path) == ["card.yaml"]


class _FailingHandle:
    """A text handle that writes half of what it is given, then fails."""

    def __init__(self, inner: Any, error: BaseException) -> None:
        self.inner, self.error = inner, error

    def __enter__(self) -> _FailingHandle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.inner.close()

    def write(self, text: str) -> int:
        self.inner.write(text[: len(text) // 2])
        self.inner.flush()
        raise self.error

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.mark.parametrize("error", [OSError(5, "Input/output error"), KeyboardInterrupt()])
def test_atomic_write_keeps_the_old_file_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    target = tmp_path / "card.yaml"
    target.write_text("old: 1\n")
    real_fdopen = os.fdopen

    def failing_fdopen(fd: int, *args: Any, **kwargs: Any) -> _FailingHandle:
        return _FailingHandle(real_fdopen(fd, *args, **kwargs), error)

    monkeypatch.setattr(os, "fdopen", failing_fdopen)
    with pytest.raises(type(error)):
        atomic.atomic_write(target, "new: 2\n" * 100)
    assert target.read_text() == "old: 1\n"
    assert _only(tmp_path) == ["card.yaml"]


def test_save_model_failure_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = load_file(VALID / "army" / "test-gideon.yaml")
    target = tmp_path / "test-gideon.yaml"
    target.write_text("old\n")
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("fsync")))
    with pytest.raises(OSError):
        save_model(model, target)
    assert target.read_text() == "old\n"
    assert _only(tmp_path) == ["test-gideon.yaml"]


# --- canonical writer --------------------------------------------------------------------


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.stem)
def test_canonical_dump_is_stable_and_round_trips(fixture: Path, tmp_path: Path) -> None:
    model = load_file(fixture)
    text = dump_model(model)
    again = load_text(text, fixture.name)
    assert again == model
    assert dump_model(again) == text
    assert yamlio.dump(yaml.safe_load(text)) == text  # the plain-data layer is stable too
    assert text.startswith(f"format: {model.format}\n")
    save_model(model, tmp_path / fixture.name)
    assert (tmp_path / fixture.name).read_text(encoding="utf-8") == text
    assert load_file(tmp_path / fixture.name) == model


def test_canonical_dump_writes_a_shared_value_out_in_full() -> None:
    # The loader refuses aliases, so the writer must never emit one (PyYAML's dumper makes an
    # anchor of any object met twice).
    shared = [1, 2]
    text = yamlio.dump({"a": shared, "b": shared})
    assert "&" not in text and "*" not in text
    assert yamlio.parse(text, "shared.yaml").data == {"a": [1, 2], "b": [1, 2]}


def test_load_mapping_reads_a_mapping_with_the_content_caps(tmp_path: Path) -> None:
    state = tmp_path / "state.yaml"
    state.write_text("source: null\nbattlefield: {id: x}\n", encoding="utf-8")
    assert yamlio.load_mapping(state) == {"source": None, "battlefield": {"id": "x"}}

    state.write_text("- a list\n", encoding="utf-8")
    with pytest.raises(ContentError, match="holds a list, not a mapping"):
        yamlio.load_mapping(state)
    state.write_text("a: &x [1, 2]\nb: *x\n", encoding="utf-8")
    with pytest.raises(ContentError, match="alias"):
        yamlio.load_mapping(state)
    state.write_bytes(b"a: " + b"x" * (yamlio.MAX_BYTES + 1))
    with pytest.raises(ContentError, match="more than the"):
        yamlio.load_mapping(state)


def test_canonical_dump_leaves_defaults_out() -> None:
    text = dump_model(load_file(VALID / "scenarios" / "test-duel.yaml"))
    assert "glyph_setup" not in text and "army_budget" not in text  # both are defaults
    assert "teams" not in text


# --- army rules --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    loaded = load_catalog([VALID])
    assert loaded.problems == {}
    return loaded


def army(
    catalog: Catalog, walker: str, *cards: str, budget: int = DEFAULT_BUDGET,
    table: Mapping[str, ArmyCard] | None = None,
) -> tuple[list[Finding], ArmyTotals]:
    return check_army(walker, list(cards), table or catalog.army_cards, budget)


def _messages(findings: list[Finding]) -> list[str]:
    return [f.message for f in findings]


def test_the_fixture_army_is_legal(catalog: Catalog) -> None:
    fixture = catalog.armies["test-army"]
    findings, totals = army(catalog, fixture.planeswalker, *fixture.cards)
    assert findings == []
    assert totals == ArmyTotals(cost=150 + 60 + 60 + 90 + 50, budget=500)
    assert totals.left == 90


def test_commons_may_repeat(catalog: Catalog) -> None:
    findings, totals = army(catalog, GIDEON, SOLDIERS, SOLDIERS, SOLDIERS)
    assert findings == []
    assert totals.cost == 150 + 3 * 60


def test_a_unique_card_at_most_once(catalog: Catalog) -> None:
    findings, _ = army(catalog, GIDEON, CHAMPION, SOLDIERS, CHAMPION, CHAMPION)
    assert [f.path for f in findings] == [("cards", 2), ("cards", 3)]
    assert all("is unique and already in the army" in m for m in _messages(findings))


@pytest.mark.parametrize("walker", [GIDEON, JACE])
def test_artifact_cards_fit_any_planeswalker(catalog: Catalog, walker: str) -> None:
    assert army(catalog, walker, GOLEM, GOLEM)[0] == []


def test_other_cards_must_share_the_planeswalkers_colour(catalog: Catalog) -> None:
    findings, _ = army(catalog, JACE, DRAKES, SOLDIERS)
    assert [f.path for f in findings] == [("cards", 1)]
    assert findings[0].message == "Test White Soldiers is white, but Test Jace is blue"
    assert "artifact" in findings[0].fix


def test_exactly_one_planeswalker(catalog: Catalog) -> None:
    findings, totals = army(catalog, GIDEON, JACE)
    assert [f.path for f in findings] == [("cards", 0)]
    assert "second Planeswalker" in findings[0].message
    assert totals.cost == 150 + 140  # still counted, so the builder shows the real total
    findings, totals = army(catalog, SOLDIERS, GOLEM)
    assert [f.path for f in findings] == [("planeswalker",)]
    assert findings[0].message == "Test White Soldiers is a squad, not a Planeswalker"
    assert totals.cost == 50


def test_unknown_ids_are_findings_with_a_suggestion(catalog: Catalog) -> None:
    findings, totals = army(catalog, "test-gidoen", "test-iron-golme")
    assert [f.path for f in findings] == [("planeswalker",), ("cards", 0)]
    assert findings[0].fix == "did you mean 'test-gideon'?"
    assert findings[1].fix == "did you mean 'test-iron-golem'?"
    assert totals.cost == 0


def test_budget_boundary(catalog: Catalog) -> None:
    full = [SOLDIERS] * 5 + [GOLEM]  # 150 + 300 + 50 = 500
    findings, totals = army(catalog, GIDEON, *full)
    assert findings == [] and totals.cost == 500 and totals.left == 0
    table = dict(catalog.army_cards)
    table[GOLEM] = table[GOLEM].model_copy(update={"cost": 51})
    findings, totals = army(catalog, GIDEON, *full, table=table)
    assert totals.cost == 501 and totals.left == -1
    assert [(f.path, f.message, f.fix) for f in findings] == [
        (("cards",), "the army costs 501 points, more than the budget of 500",
         "remove 1 points of cards")]
    findings, totals = army(catalog, GIDEON, *full, budget=499)
    assert _messages(findings) == ["the army costs 500 points, more than the budget of 499"]
    assert totals == ArmyTotals(500, 499)


# --- deck rules --------------------------------------------------------------------------


def deck(
    catalog: Catalog, walker: str, spells: list[str], *, rules: DeckRules | None = None,
    spells_table: Mapping[str, SpellCard] | None = None,
    army_table: Mapping[str, ArmyCard] | None = None,
) -> tuple[list[Finding], DeckTotals]:
    return check_deck(walker, spells, spells_table or catalog.spells,
                      army_table or catalog.army_cards, rules)


def test_the_fixture_deck_is_legal_at_exactly_200(catalog: Catalog) -> None:
    findings, totals = deck(catalog, GIDEON, DECK)
    assert findings == []
    assert totals == DeckTotals(cards=12, cost=200, max_cost=200, size=12)


def test_deck_cost_201_is_over(catalog: Catalog) -> None:
    table = dict(catalog.spells)
    table["test-ambush"] = table["test-ambush"].model_copy(update={"cost": 26})
    findings, totals = deck(catalog, GIDEON, DECK, spells_table=table)
    assert totals.cost == 201
    assert [(f.path, f.message) for f in findings] == [
        (("spells",), "the deck costs 201, more than 200")]


@pytest.mark.parametrize(("count", "fix"), [(11, "add 1"), (13, "remove 1"), (0, "add 12")])
def test_a_deck_has_exactly_12_cards(catalog: Catalog, count: int, fix: str) -> None:
    table = {k: v.model_copy(update={"cost": 1}) for k, v in catalog.spells.items()}
    white = [s for s, card in sorted(table.items()) if card.colour == "white"]
    findings, totals = deck(catalog, GIDEON, white[:count], spells_table=table)
    assert [(f.path, f.message, f.fix) for f in findings] == [
        (("spells",), f"the deck has {count} cards; it must have exactly 12", fix)]
    assert totals.cards == count


def test_no_two_copies_of_one_spell(catalog: Catalog) -> None:
    spells = [*DECK[:10], DECK[0], DECK[0]]
    findings, _ = deck(catalog, GIDEON, spells)
    assert [f.path for f in findings] == [("spells", 10), ("spells", 11)]
    assert _messages(findings) == ["Test Healing Light is already in the deck"] * 2


def test_spells_must_be_the_planeswalkers_colour(catalog: Catalog) -> None:
    findings, _ = deck(catalog, GIDEON, [*DECK[:11], "test-unsummon"])
    assert [(f.path, f.message) for f in findings] == [
        (("spells", 11), "Test Unsummon is blue, but Test Gideon is white")]
    findings, _ = deck(catalog, JACE, DECK)
    assert len(findings) == 12  # every white spell, and nothing else (cost and count are fine)


def test_a_deck_is_built_for_a_planeswalker(catalog: Catalog) -> None:
    findings, _ = deck(catalog, GOLEM, DECK)
    assert [(f.path, f.message) for f in findings] == [
        (("planeswalker",), "Test Iron Golem is not a Planeswalker; a deck is built for one")]
    assert "did you mean" not in findings[0].fix
    findings, _ = deck(catalog, "test-gideonn", DECK)
    assert [(f.path, f.fix) for f in findings] == [
        (("planeswalker",), "did you mean 'test-gideon'?")]
    findings, _ = deck(catalog, GIDEON, [*DECK[:11], "test-ambsuh"])
    assert [(f.path, f.fix) for f in findings] == [
        (("spells", 11), "did you mean 'test-ambush'?")]


def test_scenario_deck_rules_and_deck_cost_bonus(catalog: Catalog) -> None:
    findings, totals = deck(catalog, GIDEON, DECK[:10], rules=DeckRules(cards=10, max_cost=155))
    assert findings == [] and totals == DeckTotals(10, 155, 155, 10)
    data = yaml.safe_load((VALID / "army" / "test-gideon.yaml").read_text())
    data["abilities"].append({
        "id": "test-big-library", "name": "Big Library", "kind": "static", "text": "+20.",
        "modifier": {"stat": "deck_cost", "amount": 20, "applies_to": {"relation": "self"}},
    })
    table = {**catalog.army_cards, GIDEON: ArmyCard.model_validate(data)}
    spells = dict(catalog.spells)
    spells["test-ambush"] = spells["test-ambush"].model_copy(update={"cost": 45})
    findings, totals = deck(catalog, GIDEON, DECK, spells_table=spells, army_table=table)
    assert findings == [] and totals == DeckTotals(12, 220, 220, 12)
    spells["test-ambush"] = spells["test-ambush"].model_copy(update={"cost": 46})
    findings, totals = deck(catalog, GIDEON, DECK, spells_table=spells, army_table=table)
    assert _messages(findings) == ["the deck costs 221, more than 220"]
