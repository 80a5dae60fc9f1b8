"""What the engine reads from its inputs: card, spell and scenario protocols, and the field.

The engine never imports `arena.content`. It reads army cards, spell cards and scenarios
structurally, through the `typing.Protocol`s here: the content layer's pydantic models satisfy
them as they are, and tests may pass the small frozen dataclasses defined here (`ArmyCardData`,
`SpellCardData`) instead. Abilities are opaque to the core (`abilities` is read only for
keyword flags; the abilities module reads the rest).

The battlefield reaches the engine as a `FieldSetup`: the `Board` (terrain) plus what sits on it
at the start (glyphs, starting zones, power spaces, glyph spaces). `ScenarioRules` holds the
scenario's victory, scoring and zone rules as plain values (`scenario_rules` converts any
object that satisfies `ScenarioDef`).

Cards as plain data (saves must be self-contained): `card_to_data` takes a pydantic model's
``model_dump`` when the object has one (so the content layer can rebuild its own model on
load) and the protocol fields otherwise; `ArmyCardData.from_data` / `SpellCardData.from_data`
rebuild an engine-side card from either.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from arena.engine.board import Board
from arena.engine.vocab import Point
from arena.hexgrid import Hex

__all__ = [
    "GLYPH_AMOUNTS",
    "GLYPH_NAMES",
    "PERMANENT_GLYPHS",
    "ArmyCardData",
    "ArmyCardDef",
    "CreatureTypeDef",
    "FieldSetup",
    "GlyphSpec",
    "HitZoneData",
    "HitZoneDef",
    "ScenarioDef",
    "ScenarioRules",
    "SpellCardData",
    "SpellCardDef",
    "SpellRulesDef",
    "ZoneSpec",
    "card_to_data",
    "keywords_of",
    "plain_data",
    "scenario_rules",
]


class HitZoneDef(Protocol):
    """The dark grey band of an army card: levels above the base that sight must reach."""

    @property
    def bottom(self) -> float: ...

    @property
    def top(self) -> float: ...


class ArmyCardDef(Protocol):
    """What the engine reads from an army card (`arena.content.cards.ArmyCard` fits)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def colours(self) -> Sequence[str]: ...

    @property
    def kind(self) -> str: ...  # planeswalker | squad | hero

    @property
    def unique(self) -> bool: ...

    @property
    def figures(self) -> int: ...

    @property
    def life(self) -> int: ...

    @property
    def move(self) -> int: ...

    @property
    def range(self) -> int: ...

    @property
    def attack(self) -> int: ...

    @property
    def defense(self) -> int: ...

    @property
    def height(self) -> int: ...

    @property
    def base(self) -> str: ...  # single | double

    @property
    def cost(self) -> int: ...

    @property
    def price_per_figure(self) -> int: ...

    @property
    def target_point(self) -> float: ...

    @property
    def hit_zone(self) -> HitZoneDef: ...

    @property
    def abilities(self) -> Sequence[Any]: ...


class CreatureTypeDef(Protocol):
    """An army card's type line (``Zombie``, ``Rhino Soldier``; a Planeswalker's name), read
    with ``getattr`` by the abilities module's selectors (a card without one has none)."""

    @property
    def creature_type(self) -> str: ...


class SpellCardDef(Protocol):
    """What the engine reads from a spell card (`arena.content.cards.SpellCard` fits)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def colour(self) -> str: ...

    @property
    def type(self) -> str: ...  # sorcery | aura | hidden_enchantment

    @property
    def cost(self) -> int: ...


class SpellRulesDef(Protocol):
    """What the abilities module (`arena.engine.abilities.spells`) reads from a spell card
    beyond `SpellCardDef`, with ``getattr`` (a card without them has no effect and is never
    offered): the effects in the content vocabulary, the army-card kinds an aura or hidden
    enchantment goes on, and a hidden enchantment's trigger (``event`` and ``condition``)."""

    @property
    def effects(self) -> Sequence[Any]: ...

    @property
    def enchants(self) -> Sequence[str] | None: ...

    @property
    def trigger(self) -> Any: ...


class ZoneRulesDef(Protocol):
    """A scenario's starting-zone rules."""

    @property
    def mode(self) -> str: ...

    @property
    def order(self) -> Sequence[str]: ...


class ScenarioDef(Protocol):
    """What the engine reads from a scenario (`arena.content.scenario.Scenario` fits)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def teams(self) -> Sequence[Sequence[int]]: ...

    @property
    def zones(self) -> ZoneRulesDef: ...

    @property
    def glyph_setup(self) -> str: ...

    @property
    def turn_limit(self) -> Mapping[str, int]: ...

    @property
    def victory(self) -> str: ...

    @property
    def scoring(self) -> str: ...

    @property
    def tie_break(self) -> str: ...


# --- plain engine-side cards ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HitZoneData:
    """A hit zone as plain numbers."""

    bottom: float
    top: float


@dataclass(frozen=True)
class ArmyCardData:
    """An army card the engine can build by itself (tests, saves loaded without the content
    layer). Defaults describe a plain single-space squad figure."""

    id: str
    name: str = ""
    colours: tuple[str, ...] = ("white",)
    kind: str = "squad"
    unique: bool = False
    figures: int = 1
    life: int = 1
    move: int = 5
    range: int = 1
    attack: int = 3
    defense: int = 2
    height: int = 4
    base: str = "single"
    cost: int = 0
    price_per_figure: int = 0
    target_point: float = 3.5
    hit_zone: HitZoneData = field(default_factory=lambda: HitZoneData(1.0, 3.5))
    abilities: tuple[Any, ...] = ()
    creature_type: str = ""

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ArmyCardData:
        """Rebuild from `card_to_data` output (extra keys, as in a pydantic dump, ignored;
        a missing or null key takes the field's default above)."""
        return cls(**_given(data, _ARMY_READ))


@dataclass(frozen=True)
class SpellCardData:
    """A spell card the engine can build by itself. ``effects`` (plain data in the content
    vocabulary), ``enchants`` and ``trigger`` are read by the abilities module; a card without
    effects has none and is never offered."""

    id: str
    name: str = ""
    colour: str = "white"
    type: str = "sorcery"
    cost: int = 0
    effects: tuple[Any, ...] = ()
    enchants: tuple[str, ...] | None = None
    trigger: Any = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SpellCardData:
        """Rebuild from `card_to_data` output (a missing or null key takes the field's
        default above)."""
        return cls(**_given(data, _SPELL_READ))


def _given(data: Mapping[str, Any], read: Mapping[str, Callable[[Any], Any]]) -> dict[str, Any]:
    """The keys ``data`` gives, each read as its field's type; the rest (absent, null, or an
    empty mapping such as a dump's ``hit_zone: {}``) are left to the dataclass, so each
    default is written once (on the field). A card without a name is called by its id."""
    out = {key: convert(data[key]) for key, convert in read.items()
           if data.get(key) is not None and data[key] != {}}
    out.setdefault("name", out["id"])
    return out


def _strings(items: Any) -> tuple[str, ...]:
    return tuple(str(k) for k in items)


_ARMY_READ: Mapping[str, Callable[[Any], Any]] = {
    "id": str, "name": str, "colours": tuple, "kind": str, "unique": bool, "figures": int,
    "life": int, "move": int, "range": int, "attack": int, "defense": int, "height": int,
    "base": str, "cost": int, "price_per_figure": int, "target_point": float,
    "hit_zone": lambda hz: HitZoneData(float(hz["bottom"]), float(hz["top"])),
    "abilities": tuple, "creature_type": str,
}
"""How `ArmyCardData.from_data` reads each field."""

_SPELL_READ: Mapping[str, Callable[[Any], Any]] = {
    "id": str, "name": str, "colour": str, "type": str, "cost": int, "effects": tuple,
    "enchants": _strings, "trigger": lambda t: t,
}
"""How `SpellCardData.from_data` reads each field."""


_ARMY_FIELDS = (
    "id", "name", "colours", "kind", "unique", "figures", "life", "move", "range", "attack",
    "defense", "height", "base", "cost", "price_per_figure", "target_point", "creature_type",
)
_SPELL_FIELDS = ("id", "name", "colour", "type", "cost", "effects", "enchants", "trigger")


def plain_data(value: Any) -> Any:
    """A value made JSON-able: mappings and sequences recursively, tuples as lists, a
    pydantic-style model by its ``model_dump`` (by alias: ``from``, ``with``, unset defaults
    included). What crosses from the content layer's models into the engine's records, and
    into a save, goes through here."""
    if isinstance(value, Mapping):
        return {str(k): plain_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_data(v) for v in value]
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return plain_data(_dump(dump))
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot store {type(value).__name__} in a save")


def _dump(dump: Any) -> Any:
    """Call a pydantic-style ``model_dump`` for JSON data, quietly where it can be."""
    try:
        return dump(mode="json", by_alias=True, warnings=False)
    except TypeError:
        return dump(mode="json", by_alias=True)


def card_to_data(card: ArmyCardDef | SpellCardDef) -> dict[str, Any]:
    """A card as plain data: the whole pydantic dump when there is one (the content layer can
    then rebuild its model exactly), else the fields the engine reads."""
    dump = getattr(card, "model_dump", None)
    if callable(dump):
        data = plain_data(_dump(dump))
        assert isinstance(data, dict)
        return data
    names = _SPELL_FIELDS if not hasattr(card, "figures") else _ARMY_FIELDS
    out: dict[str, Any] = {name: plain_data(getattr(card, name, None)) for name in names}
    if hasattr(card, "figures"):
        hz = card.hit_zone  # type: ignore[union-attr]
        out["hit_zone"] = {"bottom": float(hz.bottom), "top": float(hz.top)}
        out["abilities"] = plain_data(tuple(card.abilities))  # type: ignore[union-attr]
    return out


def keywords_of(card: ArmyCardDef) -> frozenset[str]:
    """The engine-known keyword flags of a card: ``keyword`` abilities (read from their plain
    data) plus ``double_space`` from a double base."""
    found: set[str] = {"double_space"} if card.base == "double" else set()
    for ability in plain_data(tuple(card.abilities)):
        if ability.get("kind") == "keyword" and isinstance(ability.get("keyword"), str):
            found.add(ability["keyword"])
    return frozenset(found)


# --- the field -----------------------------------------------------------------------------

PERMANENT_GLYPHS: Mapping[str, Point] = {
    "power": Point.ATTACK_DICE,
    "toughness": Point.DEFENSE_DICE,
    "movement": Point.MOVE,
}
"""Guide "Permanent Glyphs": which query point each permanent glyph raises."""

GLYPH_AMOUNTS: Mapping[str, int] = {"power": 1, "toughness": 1, "movement": 2}
"""Default amounts (guide p.13; Shadows over Innistrad prints Movement +1: make it data)."""

GLYPH_NAMES: Mapping[str, str] = {
    "power": "Glyph of Power",
    "toughness": "Glyph of Toughness",
    "movement": "Glyph of Movement",
    "knowledge": "Glyph of Knowledge",
    "recall": "Glyph of Recall",
    "healing": "Glyph of Healing",
}


@dataclass(frozen=True, slots=True)
class GlyphSpec:
    """A glyph as placed at set-up: kind, side (face_up = ability side up) and amount (for the
    permanent glyphs; None = `GLYPH_AMOUNTS`)."""

    at: Hex
    kind: str
    face_up: bool = True
    amount: int | None = None

    @property
    def value(self) -> int:
        """The amount the glyph adds (0 for glyphs that add nothing to a stat)."""
        if self.amount is not None:
            return self.amount
        return GLYPH_AMOUNTS.get(self.kind, 0)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """A starting zone: its spaces and how many Planeswalkers may start in it."""

    id: str
    spaces: tuple[Hex, ...]
    capacity: int = 1
    name: str = ""


@dataclass(frozen=True)
class FieldSetup:
    """A battlefield as the engine plays on it: terrain plus glyphs, zones, power spaces."""

    board: Board
    glyphs: tuple[GlyphSpec, ...] = ()
    zones: tuple[ZoneSpec, ...] = ()
    power_spaces: tuple[Hex, ...] = ()
    glyph_spaces: tuple[Hex, ...] = ()
    id: str = "field"


# --- scenarios -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScenarioRules:
    """A scenario's rules as plain values (see `arena.engine.victory` for how they are used).

    `turn_limit` maps a player count to the last turn (turns are player-turns: the marker
    moves at the end of every player's turn). `zone_mode` is one of ``one_player_per_zone``,
    ``one_team_per_zone`` (teammates may share), ``any_free_space`` (any starting space of any
    zone). `weirded` names what weirded ground does (``none``, ``hazard``, ``defense``:
    `arena.engine.weirded`) with its `weirded_amount`. `glyph_amounts` overrides the default
    amount of a glyph kind (``(("movement", 1),)`` for Shadows over Innistrad's Glyph of
    Movement) wherever the battlefield does not give one."""

    id: str = "custom"
    name: str = "Custom"
    victory: str = "destroy_planeswalkers"
    scoring: str = "battlefield"
    tie_break: str = "most_figures_then_planeswalker_life"
    turn_limit: tuple[tuple[int, int], ...] = ((2, 30), (3, 36), (4, 48), (5, 60))
    zone_mode: str = "one_player_per_zone"
    zone_order: tuple[str, ...] = ()
    glyph_setup: str = "as_placed"
    teams: tuple[tuple[int, ...], ...] = ()
    weirded: str = "none"
    weirded_amount: int = 1
    glyph_amounts: tuple[tuple[str, int], ...] = ()

    def limit_for(self, players: int) -> int:
        """The last turn of a game with this many players (30 if the scenario has none)."""
        return dict(self.turn_limit).get(players, 30)

    def to_data(self) -> dict[str, Any]:
        """Plain data for saves."""
        return {
            "id": self.id, "name": self.name, "victory": self.victory, "scoring": self.scoring,
            "tie_break": self.tie_break, "turn_limit": [list(p) for p in self.turn_limit],
            "zone_mode": self.zone_mode, "zone_order": list(self.zone_order),
            "glyph_setup": self.glyph_setup, "teams": [list(t) for t in self.teams],
            "weirded": self.weirded, "weirded_amount": self.weirded_amount,
            "glyph_amounts": [list(p) for p in self.glyph_amounts],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ScenarioRules:
        """Rebuild from `to_data`."""
        return cls(
            id=data["id"], name=data["name"], victory=data["victory"], scoring=data["scoring"],
            tie_break=data["tie_break"],
            turn_limit=tuple((int(a), int(b)) for a, b in data["turn_limit"]),
            zone_mode=data["zone_mode"], zone_order=tuple(data["zone_order"]),
            glyph_setup=data["glyph_setup"],
            teams=tuple(tuple(int(s) for s in t) for t in data["teams"]),
            weirded=str(data.get("weirded", "none")),
            weirded_amount=int(data.get("weirded_amount", 1)),
            glyph_amounts=tuple((str(k), int(v)) for k, v in data.get("glyph_amounts", ())),
        )

    def glyph_amount(self, kind: str) -> int | None:
        """The scenario's amount for a glyph kind, if it sets one."""
        return dict(self.glyph_amounts).get(kind)


def scenario_rules(scenario: ScenarioDef | ScenarioRules | None) -> ScenarioRules:
    """The engine's `ScenarioRules` for any scenario object (None: a plain duel)."""
    if scenario is None:
        return ScenarioRules()
    if isinstance(scenario, ScenarioRules):
        return scenario
    weirded = getattr(scenario, "weirded", None)
    amounts: Mapping[str, int] = getattr(scenario, "glyph_amounts", None) or {}
    return ScenarioRules(
        id=scenario.id,
        name=scenario.name,
        victory=scenario.victory,
        scoring=scenario.scoring,
        tie_break=scenario.tie_break,
        turn_limit=tuple(sorted((int(k), int(v)) for k, v in scenario.turn_limit.items())),
        zone_mode=scenario.zones.mode,
        zone_order=tuple(scenario.zones.order),
        glyph_setup=scenario.glyph_setup,
        teams=tuple(tuple(t) for t in scenario.teams),
        # Optional Shadows over Innistrad data, read structurally (older scenario objects and
        # test doubles have none).
        weirded=str(getattr(weirded, "effect", "none")) if weirded is not None else "none",
        weirded_amount=int(getattr(weirded, "amount", 1)) if weirded is not None else 1,
        glyph_amounts=tuple(sorted((str(k), int(v)) for k, v in amounts.items())),
    )
