"""Army cards and spell cards as loaded from `cards/`.

Example army card (``cards/army/rhox-veterans.yaml``)::

    format: army-card
    id: rhox-veterans
    name: Rhox Veterans
    set: core
    colours: [white]
    kind: squad
    unique: false
    creature_type: Rhino Soldier
    figures: 3
    life: 3
    move: 5
    range: 1
    attack: 3
    defense: 2
    height: 5
    size: medium
    base: single
    cost: 90
    price_per_figure: 30
    target_point: 4.5
    hit_zone: {bottom: 1.0, top: 4.5}
    abilities: [...]          # see arena.content.abilities
    text: ...
    provenance: transcribed

Example spell card (``cards/spells/unsummon.yaml``)::

    format: spell-card
    id: unsummon
    name: Unsummon
    colour: blue
    type: sorcery
    cost: 20
    effects:
      - {effect: return_to_reserve, select: {relation: opposing, card_kind: [squad]}}
    text: Return target opposing squad on the battlefield to its owner's reserve ...
    provenance: reconstructed
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from arena.content.abilities import Ability, CardKind, Condition, Effect, Event
from arena.content.base import (
    CardColour,
    Colour,
    Model,
    Name,
    Provenance,
    Slug,
    Text,
)

Level = Annotated[float, Field(ge=0, le=40)]

MAX_FIGURES = 12
"""The most figures one army card stands for (printed squads have up to four)."""
MAX_STAT = 99
"""The largest life, move, range, attack or defense a card may give."""
MAX_COST = 1000
"""The largest point or spell cost a card may have."""


class HitZone(Model):
    """The band of a figure's body (in levels above its base) that sight must reach."""

    bottom: Level
    top: Level

    @model_validator(mode="after")
    def _ordered(self) -> HitZone:
        if self.bottom >= self.top:
            raise ValueError("hit_zone.bottom must be below hit_zone.top")
        return self


class ArmyCard(Model):
    """A Planeswalker, squad or hero card and the figures it stands for."""

    format: Literal["army-card"]
    id: Slug
    name: Name
    set: Slug
    colours: list[CardColour] = Field(min_length=1, max_length=5)
    kind: Literal["planeswalker", "squad", "hero"]
    unique: bool
    creature_type: Name
    # The bounds are far beyond any printed card (a squad of 4, life 8, attack 6) and keep
    # a crafted card from stalling a game: a card of 10**9 attack dice would roll for ever.
    figures: Annotated[int, Field(ge=1, le=MAX_FIGURES)]
    life: Annotated[int, Field(ge=1, le=MAX_STAT)]
    move: Annotated[int, Field(ge=0, le=MAX_STAT)]
    range: Annotated[int, Field(ge=1, le=MAX_STAT)]
    attack: Annotated[int, Field(ge=0, le=MAX_STAT)]
    defense: Annotated[int, Field(ge=0, le=MAX_STAT)]
    height: Annotated[int, Field(ge=1, le=20)]
    size: Literal["small", "medium", "large", "huge"]
    base: Literal["single", "double"]
    cost: Annotated[int, Field(ge=0, le=MAX_COST)]
    price_per_figure: Annotated[int, Field(ge=0, le=MAX_COST)]
    target_point: Level
    hit_zone: HitZone
    abilities: list[Ability] = Field(default_factory=list)
    text: Text
    provenance: Provenance
    notes: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> ArmyCard:
        problems = []
        if "artifact" in self.colours and len(self.colours) > 1:
            problems.append("`colours`: an artifact card has no other colour")
        if len(set(self.colours)) != len(self.colours):
            problems.append("`colours` lists a colour twice")
        if self.kind == "planeswalker" and (not self.unique or self.figures != 1):
            problems.append("`unique`: a Planeswalker is unique and has exactly 1 figure")
        if self.kind == "hero" and self.figures != 1:
            problems.append("`figures`: a hero has exactly 1 figure")
        if self.target_point > self.height:
            problems.append(f"`target_point` {self.target_point} is above the figure's height "
                            f"{self.height}")
        if self.hit_zone.top > self.height:
            problems.append(f"hit_zone.top {self.hit_zone.top} is above the figure's height "
                            f"{self.height}")
        if self.price_per_figure * self.figures > self.cost + self.figures:
            problems.append(f"price_per_figure {self.price_per_figure} x {self.figures} figures "
                            f"is more than the card's cost {self.cost}")
        ids = [a.id for a in self.abilities]
        if len(set(ids)) != len(ids):
            problems.append("`abilities`: two abilities share an id")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def is_unique_squad(self) -> bool:
        """Unique squads and heroes keep damage on the card, like Planeswalkers."""
        return self.kind != "planeswalker" and self.unique


class AuraTarget(Model):
    """Which kinds of army card an aura (or hidden enchantment) may be put on."""

    enchants: list[CardKind] = Field(min_length=1)


class HiddenTrigger(Model):
    """When a face-down hidden enchantment flips, and what it watches."""

    event: Event
    condition: Condition | None = None


class SpellCard(Model):
    """A sorcery, aura or hidden enchantment."""

    format: Literal["spell-card"]
    id: Slug
    name: Name
    set: Slug = "core"
    colour: Colour
    type: Literal["sorcery", "aura", "hidden_enchantment"]
    enchants: list[CardKind] | None = None
    trigger: HiddenTrigger | None = None
    cost: Annotated[int, Field(ge=0, le=MAX_COST)]
    effects: list[Effect] = Field(min_length=1)
    text: Text
    provenance: Provenance
    notes: str = ""

    @model_validator(mode="after")
    def _type_fields(self) -> SpellCard:
        if self.type == "sorcery" and (self.enchants or self.trigger):
            raise ValueError("a sorcery has neither `enchants` nor `trigger`")
        if self.type == "aura" and (not self.enchants or self.trigger):
            raise ValueError("an aura needs `enchants` (what it attaches to) and no `trigger`")
        if self.type == "hidden_enchantment" and (not self.enchants or not self.trigger):
            raise ValueError("a hidden enchantment needs `enchants` and a `trigger`")
        return self
