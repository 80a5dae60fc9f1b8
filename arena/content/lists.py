"""Army lists and spell decks: what a player brings to a game.

Example army (``cards/armies/gideon-premade.yaml``)::

    format: army
    id: gideon-premade
    name: Gideon's premade army
    planeswalker: gideon-jura-combat-mage
    cards: [rhox-veterans, kor-hookmasters]

Example deck (``cards/decks/white-premade.yaml``)::

    format: deck
    id: white-premade
    name: White premade deck
    planeswalker: gideon-jura-combat-mage
    spells: [honor-of-the-pure, ...]     # 12 spell ids
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from arena.content.base import Model, Name, Slug


class ArmyList(Model):
    """One Planeswalker plus the other army cards (ids; commons may repeat)."""

    format: Literal["army"]
    id: Slug
    name: Name
    planeswalker: Slug
    cards: list[Slug] = Field(default_factory=list, max_length=40)


class SpellDeck(Model):
    """A spell deck built for a Planeswalker (its colour decides what may go in)."""

    format: Literal["deck"]
    id: Slug
    name: Name
    planeswalker: Slug
    spells: list[Slug] = Field(max_length=60)
