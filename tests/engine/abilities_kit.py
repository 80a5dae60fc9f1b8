"""Shared builders for the card-mechanics tests (abilities and spells): the shipped army
cards, spell cards written in the content vocabulary, tiny positions with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from arena.content import ArmyCard, SpellCard, load_file
from arena.content.catalog import project_root
from arena.engine import Game, PlayerSetup
from arena.engine.actions import Action, Answer
from arena.engine.events import Event
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field

HIT, SHIELD, BLANK = 1, 4, 6
"""Scripted combat-die faces (die faces 1-3 hit, 4-5 shield, 6 blank)."""


@cache
def shipped(card_id: str) -> ArmyCard:
    """A shipped army card from cards/army."""
    model = load_file(project_root() / "cards" / "army" / f"{card_id}.yaml")
    assert isinstance(model, ArmyCard)
    return model


@cache
def shipped_spell(spell_id: str) -> SpellCard:
    """A shipped spell card from cards/spells."""
    model = load_file(project_root() / "cards" / "spells" / f"{spell_id}.yaml")
    assert isinstance(model, SpellCard)
    return model


def army(card_id: str, **changes: Any) -> ArmyCard:
    """A test army card: a shipped card's data with changes (abilities, stats)."""
    data = shipped(card_id).model_dump(by_alias=True, warnings=False)
    data.update(changes)
    return ArmyCard.model_validate(data)


def spell_card(id: str, type: str = "sorcery", effects: Sequence[dict[str, Any]] = (),
               colour: str = "blue", **extra: Any) -> SpellCard:
    """A spell card written in the content vocabulary (validated by the content layer)."""
    data: dict[str, Any] = {
        "format": "spell-card", "id": id, "name": id.replace("-", " ").title(),
        "colour": colour, "type": type, "cost": 10, "effects": list(effects),
        "text": "A test spell.", "provenance": "reconstructed", **extra,
    }
    return SpellCard.model_validate(data)


GIDEON = "gideon-jura-combat-mage"
JACE = "jace-beleren-mindmage"
LILIANA = "liliana-vess-necromancer"
CHANDRA = "chandra-nalaar-pyromancer"
NISSA = "nissa-revane-animist"


def fig(seat: int, card: str, n: int = 0) -> str:
    """A figure id: ``p1.rhox-veterans.2`` (n 0: a single-figure card)."""
    return f"p{seat}.{card}" + (f".{n}" if n else "")


def position(armies: Sequence[Sequence[Any]], placed: dict[str, Any], rolls: Sequence[int] = (),
             *, hands: Sequence[Sequence[Any]] = (), libraries: Sequence[Sequence[Any]] = (),
             graveyards: Sequence[Sequence[Any]] = (), teams: Sequence[int | None] = (),
             **kw: Any) -> Game:
    """A game from a position on a flat radius-8 field (see `Game.from_position`), turn 3,
    player 1 active, with scripted dice."""
    kw.setdefault("turn", 3)
    field = kw.pop("field", None) or hex_field(radius=8)
    players = []
    for i, cards in enumerate(armies):
        players.append(PlayerSetup(
            list(cards),
            hand=list(hands[i]) if i < len(hands) else [],
            library=list(libraries[i]) if i < len(libraries) else [],
            graveyard=list(graveyards[i]) if i < len(graveyards) else [],
            team=teams[i] if i < len(teams) else None,
        ))
    return Game.from_position(field, players, placed, rng=ScriptedRng(list(rolls)), **kw)


def kinds(game: Game) -> list[str]:
    """The type names of the legal actions."""
    return [type(a).__name__ for a in game.legal_actions()]


def of_type(game: Game, name: str) -> list[Action]:
    """The legal actions of one type."""
    return [a for a in game.legal_actions() if type(a).__name__ == name]


def answers(game: Game) -> list[str]:
    """The options of a pending ``ability_choice`` decision."""
    return [a.option for a in game.legal_actions() if isinstance(a, Answer)]


def events_of(events: Sequence[Event], name: str) -> list[Any]:
    """The events of one type."""
    return [e for e in events if type(e).__name__ == name]
