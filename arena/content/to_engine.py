"""Content models -> engine inputs: the one bridge from loaded files to a game.

The engine reads cards and scenarios structurally (`arena.engine.defs` protocols, which the
pydantic models satisfy as they are), so cards pass straight through. Battlefields are
converted: `board_from_battlefield` gives the engine's `Board` (terrain and obstacles) and
`field_from_battlefield` the `FieldSetup` (board plus glyphs, starting zones, power spaces and
glyph spaces). `game_from_content` starts a game from a scenario, its battlefield, armies and
decks (models, or army/deck lists resolved through a `Catalog`). `card_factory` rebuilds the
content models from a save's card data, for `Game.from_data(save, card_factory=card_factory)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog
from arena.content.errors import ContentError
from arena.content.fits import zone_specs
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_as
from arena.content.scenario import Scenario
from arena.content.storeys import space
from arena.content.yamlio import Document
from arena.engine import Board, FieldSetup, Game, GlyphSpec, ObstacleSpec, new_game
from arena.engine.defs import ArmyCardData, SpellCardData
from arena.engine.errors import SetupError
from arena.engine.rulebook import RuleBook
from arena.hexgrid import Hex

__all__ = [
    "army_cards",
    "board_from_battlefield",
    "card_factory",
    "deck_cards",
    "field_from_battlefield",
    "game_from_content",
]


def board_from_battlefield(bf: Battlefield) -> Board:
    """The engine's terrain: columns (levels bottom first) and obstacles."""
    columns = {Hex(*c.at): list(c.levels) for c in bf.column_map().values()}
    obstacles = [
        ObstacleSpec(o.id, o.kind, tuple(Hex(*h) for h in o.footprint), o.height,
                     o.blocks_sight)
        for o in bf.obstacles
    ]
    return Board.build(columns, obstacles)


def field_from_battlefield(bf: Battlefield) -> FieldSetup:
    """The board plus what stands on it at set-up. A glyph's amount is the battlefield's when
    it gives one; otherwise the scenario's `glyph_amounts`, else the engine's defaults
    (Movement +2: the core guide's number) apply at set-up. Positions become the engine's
    spaces: a `Hex` for ``[q, r]``, an `arena.hexgrid.Storey` for ``[q, r, level]``."""
    return FieldSetup(
        board=board_from_battlefield(bf),
        glyphs=tuple(GlyphSpec(space(g.at), g.glyph, g.side == "ability", g.amount)
                     for g in bf.glyphs),
        zones=zone_specs(bf),
        power_spaces=tuple(space(p.at) for p in bf.power_spaces),
        glyph_spaces=tuple(space(h) for h in bf.glyph_spaces),
        id=bf.id,
    )


def army_cards(army: ArmyList | Sequence[ArmyCard], catalog: Catalog | None = None
               ) -> list[ArmyCard]:
    """An army's cards, the Planeswalker first (an `ArmyList` needs the catalog)."""
    if isinstance(army, ArmyList):
        if catalog is None:
            raise ValueError("an ArmyList names cards by id: pass the catalog")
        return [catalog.army_cards[army.planeswalker],
                *(catalog.army_cards[i] for i in army.cards)]
    return list(army)


def deck_cards(deck: SpellDeck | Sequence[SpellCard], catalog: Catalog | None = None
               ) -> list[SpellCard]:
    """A deck's spell cards (a `SpellDeck` needs the catalog)."""
    if isinstance(deck, SpellDeck):
        if catalog is None:
            raise ValueError("a SpellDeck names cards by id: pass the catalog")
        return [catalog.spells[i] for i in deck.spells]
    return list(deck)


def game_from_content(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: Sequence[ArmyList | Sequence[ArmyCard]],
    decks: Sequence[SpellDeck | Sequence[SpellCard]] | None = None,
    seats: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    *,
    catalog: Catalog | None = None,
    rules: RuleBook | None = None,
) -> Game:
    """A new game from content models (see `arena.engine.new_game`)."""
    return new_game(
        scenario,
        field_from_battlefield(battlefield),
        [army_cards(a, catalog) for a in armies],
        [deck_cards(d, catalog) for d in decks] if decks is not None else None,
        seats,
        seed,
        rules=rules,
    )


def card_factory(kind: str, data: Mapping[str, Any]) -> Any:
    """Rebuild a card from a save: the content model when the data is a full model dump
    (it has ``format``), else the engine's plain card."""
    if data.get("format") in ("army-card", "spell-card"):
        model = ArmyCard if data.get("format") == "army-card" else SpellCard
        try:  # the card files' schema, with its bounds (a life of 0 never loads)
            return load_as(Document("", dict(data), {}), model)
        except ContentError as error:
            problem = error.problems[0]
            where = f" at {problem.path}" if problem.path else ""
            raise SetupError(f"its card {str(data.get('id'))[:40]!r} breaks the card "
                             f"rules{where}: {problem.message}") from None
    return ArmyCardData.from_data(data) if kind == "army" else SpellCardData.from_data(data)
