"""`Scope`: what an ability, a trigger or a spell resolves for -- and its plain-data form.

Selectors, amounts and effect targets read the scope: who controls the source (``player``),
the source's army card (an ability's card, or the card an enchantment is on), the ``self``
figures (a trigger's figure, every figure of a card for its static and activated abilities,
the caster's Planeswalker for a spell), the figures of the event (``attacker``, ``defender``,
``target`` with its last position when it has left the battlefield), the numbers the event
gave (``excess_shields``, ``excess_damage``), and the spell being played (``countering``,
for counter spells). A scope waiting on a decision is stored as plain data (`to_data`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from arena.engine.actions import format_pos, parse_hex
from arena.hexgrid import Hex

__all__ = ["Scope"]


@dataclass(frozen=True, slots=True)
class Scope:
    """See the module docstring. ``label`` names the source for logs and the odds panel
    ("Snuff Out (Liliana)")."""

    player: int
    label: str
    card: str | None = None
    ability: str | None = None
    spell: str | None = None
    selves: tuple[str, ...] = ()
    attacker: str | None = None
    defender: str | None = None
    target: str | None = None
    target_hexes: tuple[Hex, ...] = ()
    numbers: Mapping[str, int] = field(default_factory=dict)
    countering: str | None = None

    def with_target(self, figure: str, hexes: tuple[Hex, ...] = ()) -> Scope:
        """The same scope measured around another ``target`` figure (an ``around`` choice)."""
        return replace(self, target=figure, target_hexes=hexes)

    def to_data(self) -> dict[str, Any]:
        """Plain data (JSON-able)."""
        return {
            "player": self.player, "label": self.label, "card": self.card,
            "ability": self.ability, "spell": self.spell, "selves": list(self.selves),
            "attacker": self.attacker, "defender": self.defender, "target": self.target,
            "target_hexes": [format_pos(h) for h in self.target_hexes],
            "numbers": dict(self.numbers), "countering": self.countering,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Scope:
        """Rebuild `to_data` output."""
        return cls(
            player=int(data["player"]), label=str(data["label"]), card=data.get("card"),
            ability=data.get("ability"), spell=data.get("spell"),
            selves=tuple(data.get("selves", ())), attacker=data.get("attacker"),
            defender=data.get("defender"), target=data.get("target"),
            target_hexes=tuple(parse_hex(t) for t in data.get("target_hexes", ())),
            numbers={str(k): int(v) for k, v in dict(data.get("numbers", {})).items()},
            countering=data.get("countering"),
        )
