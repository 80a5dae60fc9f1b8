"""Shared builders for the red and green card tests (tests/cards/test_red_*.py,
test_green_*.py): the shipped army and spell cards, tiny positions with scripted dice, and a
few helpers to read what happened.

Positions are built with `Game.from_position` on a flat radius-8 field (turn 3, player 1
active) unless a test passes its own ``field``; dice come from a `ScriptedRng` (combat faces
1-3 hit, 4-5 shield, 6 blank; a d20 roll reads the next number as it is).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from arena.content import ArmyCard, SpellCard, load_file
from arena.content.catalog import project_root
from arena.engine import Game, PlayerSetup
from arena.engine.actions import Action, Answer, PlaySpell
from arena.engine.events import Event
from arena.engine.rng import ScriptedRng
from arena.engine.state import Attachment, CardState, FigureState
from arena.engine.testkit import hex_field

HIT, SHIELD, BLANK = 1, 4, 6
"""Scripted combat-die faces."""

CHANDRA, NISSA = "chandra-nalaar-pyromancer", "nissa-revane-animist"
GIDEON, JACE, LILIANA = ("gideon-jura-combat-mage", "jace-beleren-mindmage",
                         "liliana-vess-necromancer")
FIRECATS, PHOENIXES = "blazing-firecats", "flamewing-phoenixes"
ELVES, PUMMELROOTS = "cylian-elves", "pummelroot-elementals"
RHOX, KOR, ZOMBIES, REAVERS = ("rhox-veterans", "kor-hookmasters", "restless-zombies",
                               "blighted-reavers")
PHANTOMS, PROJECTIONS = "leyline-phantoms", "illusionary-projections"

CARDS = project_root() / "cards"


@cache
def card(card_id: str) -> ArmyCard:
    """A shipped army card (cards/army)."""
    model = load_file(CARDS / "army" / f"{card_id}.yaml")
    assert isinstance(model, ArmyCard)
    return model


@cache
def spell(spell_id: str) -> SpellCard:
    """A shipped spell card (cards/spells)."""
    model = load_file(CARDS / "spells" / f"{spell_id}.yaml")
    assert isinstance(model, SpellCard)
    return model


def make_spell(id: str, type: str = "sorcery", effects: Sequence[dict[str, Any]] = (),
               colour: str = "blue", **extra: Any) -> SpellCard:
    """A spell card made for a test only (an opponent's counter, a plain sorcery)."""
    return SpellCard.model_validate({
        "format": "spell-card", "id": id, "name": id.replace("-", " ").title(),
        "colour": colour, "type": type, "cost": 10, "effects": list(effects),
        "text": "A test spell.", "provenance": "reconstructed", **extra})


REBUTTAL = make_spell("test-rebuttal", type="hidden_enchantment", enchants=["planeswalker"],
                      trigger={"event": "spell_played"}, effects=[{"effect": "counter_spell"}])
"""An opponent's counter (Psychic Rebuttal's effect): flips when you play any spell."""


def fig(seat: int, card_id: str, n: int = 0) -> str:
    """A figure id: ``p1.blazing-firecats.2`` (n 0: a single-figure card)."""
    return f"p{seat}.{card_id}" + (f".{n}" if n else "")


def position(armies: Sequence[Sequence[Any]], placed: dict[str, Any], rolls: Sequence[int] = (),
             *, hands: Sequence[Sequence[Any]] = (), libraries: Sequence[Sequence[Any]] = (),
             graveyards: Sequence[Sequence[Any]] = (), **kw: Any) -> Game:
    """A game from a position (see `Game.from_position`): turn 3, player 1 active, a flat
    radius-8 field unless ``field`` is given, scripted dice. Army entries may be card ids."""
    kw.setdefault("turn", 3)
    field = kw.pop("field", None) or hex_field(radius=8)
    players = []
    for i, cards in enumerate(armies):
        players.append(PlayerSetup(
            [card(c) if isinstance(c, str) else c for c in cards],
            hand=[spell(s) if isinstance(s, str) else s
                  for s in (hands[i] if i < len(hands) else [])],
            library=list(libraries[i]) if i < len(libraries) else [],
            graveyard=list(graveyards[i]) if i < len(graveyards) else [],
        ))
    return Game.from_position(field, players, placed, rng=ScriptedRng(list(rolls)), **kw)


def destroyed(game: Game, *figures: str) -> None:
    """Put figures in the figure graveyard (their card too, once every figure is there)."""
    for f in figures:
        game.state.set_figure(f, FigureState("graveyard"))
    static = game.state.static
    for c in {static.figures[f].card for f in figures}:
        if all(game.state.figures[f].zone == "graveyard" for f in static.cards[c].figures):
            game.state.set_card(c, CardState("graveyard"))


def hide(game: Game, card_uid: str, spell_uid: str) -> None:
    """Put a spell card of its owner's hand face down on an army card (a hidden enchantment
    already played)."""
    owner = int(spell_uid[1:].split("/")[0])
    p = game.state.players[owner]
    game.state.set_player(owner, replace(p, hand=tuple(s for s in p.hand if s != spell_uid)))
    cs = game.state.cards[card_uid]
    game.state.set_card(card_uid, replace(
        cs, enchantments=(*cs.enchantments, Attachment(spell_uid, False))))


def of_type(game: Game, name: str) -> list[Action]:
    """The legal actions of one type."""
    return [a for a in game.legal_actions() if type(a).__name__ == name]


def texts(game: Game) -> list[str]:
    """The legal actions as text."""
    return [a.text() for a in game.legal_actions()]


def plays(game: Game, spell_uid: str | None = None) -> list[str]:
    """The legal spell plays as text (of one spell card, if given)."""
    return sorted(a.text() for a in game.legal_actions() if isinstance(a, PlaySpell)
                  and (spell_uid is None or a.spell == spell_uid))


def answers(game: Game) -> list[str]:
    """The options of a pending ``ability_choice`` decision."""
    return [a.option for a in game.legal_actions() if isinstance(a, Answer)]


def events_of(events: Sequence[Event], name: str) -> list[Any]:
    """The events of one type."""
    return [e for e in events if type(e).__name__ == name]


def damage_dealt(events: Sequence[Event]) -> list[tuple[str, int]]:
    """(figure, amount) of every `DamageDealt` event."""
    return [(e.figure, e.amount) for e in events_of(events, "DamageDealt")]


def damage(game: Game, figure: str) -> int:
    """Damage markers on a figure."""
    return game.state.figures[figure].damage


def zone(game: Game, figure: str) -> str:
    """Where a figure is (battlefield, graveyard, reserve)."""
    return game.state.figures[figure].zone


def where(game: Game, figure: str) -> tuple[Any, ...]:
    """The hexes a figure stands on."""
    return game.state.figures[figure].hexes
