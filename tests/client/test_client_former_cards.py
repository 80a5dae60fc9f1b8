"""A game saved before a shipped card's balance correction loads and plays on with the card
as it then was (`arena.content.former_cards`); any other change to a shipped card in a save
is still refused, and a change to a card's words alone (its notes, its text) never is.

Arcane Study drew 2 cards until 2026-11-29 (its notes): a save holding that Arcane Study is
the one a player made the day before; one drawing 3 was edited."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_client_legal_saves import _saved

from arena.client.saves import SaveError, load_save

DRAW = "arcane-study"


def _arcane_study(record: dict[str, Any]) -> dict[str, Any]:
    spell: dict[str, Any] = record["game"]["static"]["defs"]["spell"][DRAW]
    return spell


def _write(path: Path, record: dict[str, Any]) -> None:
    path.write_text(json.dumps(record))


def test_a_save_from_before_the_correction_loads_with_the_card_as_it_was() -> None:
    path, record = _saved()
    study = _arcane_study(record)
    assert study["effects"][0]["effect"] == "draw"
    study["effects"][0]["count"] = 2  # as shipped until 2026-11-29
    study["text"] = "Draw 2 spell cards."
    _write(path, record)
    loaded = load_save(path)
    assert loaded.game.state.static.spell_defs[DRAW].effects[0].count == 2


def test_any_other_change_to_the_card_is_refused() -> None:
    path, record = _saved()
    _arcane_study(record)["effects"][0]["count"] = 3
    _write(path, record)
    with pytest.raises(SaveError) as refused:
        load_save(path)
    assert "Arcane Study" in str(refused.value)


def test_the_cards_words_alone_may_differ() -> None:
    path, record = _saved()
    _arcane_study(record)["notes"] = "Notes as an older version of Arena wrote them."
    _write(path, record)
    load_save(path)
