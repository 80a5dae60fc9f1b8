"""Former definitions of shipped cards that saved games may still carry.

A save holds every card it is played with, and a card whose id is a shipped card's must be
that card (`arena.content.saved`): an edited embedded card is refused. When a shipped card's
rules change (a balance correction to a reconstructed value, recorded in its ``notes``), the
games saved before the change carry the card as it then was; they load and play on with it,
so each former definition is listed here by the digest of its rules (`rules_digest`: every
field but the words, which change without changing play).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

__all__ = ["FORMER_CARDS", "WORDS", "rules_digest", "rules_of"]

WORDS = ("notes", "provenance", "text")
"""A card's fields that describe it without deciding play (a save need not agree on them)."""

FORMER_CARDS: Mapping[str, tuple[str, ...]] = {
    # drew 2 cards until 2026-11-29 (its notes: Jace's premade army won 64.5%)
    "arcane-study": ("18703e8474f37313",),
    # flipped for an attacker at any range until 2026-11-29 (its notes)
    "recoil-snare": ("ec367b983f9d1c19",),
}
"""Card id -> the `rules_digest` of each former shipped definition of it."""


def rules_of(data: Mapping[str, Any]) -> dict[str, Any]:
    """A card's data (as a save holds it) without its `WORDS`."""
    return {key: value for key, value in data.items() if key not in WORDS}


def rules_digest(data: Mapping[str, Any]) -> str:
    """A short digest of a card's rules (`rules_of`), stable across machines and runs."""
    text = json.dumps(rules_of(data), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
