"""Arena's content layer: YAML files <-> typed models, with every check a file needs.

The only package in Arena that reads or writes YAML. Formats (each file starts with
``format:``; examples in the docstrings of the modules named):

- ``army-card`` (`arena.content.cards`): a Planeswalker, squad or hero card, abilities as data
  in the vocabulary of `arena.content.abilities`.
- ``spell-card`` (`arena.content.cards`): sorcery, aura or hidden enchantment.
- ``battlefield`` (`arena.content.battlefield`): stacked hex columns, obstacles, glyphs,
  starting zones, power spaces; checked with Shapely by `arena.content.geometry`. May keep
  the Heroscape terrain pieces it was built from (`arena.content.pieces`; their meaning in
  `arena.content.piece_rules`; community map files in `arena.content.mapfiles`, imported
  and exported by `arena.content.mapimport`, behind ``arena import-map`` and ``arena
  export-map`` in `arena.content.mapio_cli`).
- ``scenario`` (`arena.content.scenario`): battlefield, players, teams, budget, turn limits,
  victory and scoring.
- ``army`` and ``deck`` (`arena.content.lists`), checked by the building rules in
  `arena.content.rules`.

Entry points: `load_file` (one file -> model, or `ContentError`), `load_catalog` (folders ->
`Catalog` with every problem collected, never raising), `load_game_catalog` (the shipped
content with the player's own files replacing shipped ones by id; where those live is
`arena.content.locations`), `save_model` (canonical, atomic),
and `arena.content.validate_cli.run` behind ``arena validate``. Every error is a `Problem`
naming the file, the line, the key path, what is wrong and how to fix it.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arena.content.battlefield import Battlefield
    from arena.content.cards import ArmyCard, SpellCard
    from arena.content.catalog import (
        Catalog,
        load_catalog,
        load_game_catalog,
        shipped_content_paths,
    )
    from arena.content.errors import ContentError, Problem
    from arena.content.lists import ArmyList, SpellDeck
    from arena.content.loader import FORMATS, load_file, load_text
    from arena.content.rules import check_army, check_deck
    from arena.content.scenario import Scenario
    from arena.content.writer import dump_model, save_model

_WHERE = {
    "Battlefield": "battlefield", "ArmyCard": "cards", "SpellCard": "cards",
    "Catalog": "catalog", "load_catalog": "catalog", "load_game_catalog": "catalog",
    "shipped_content_paths": "catalog", "ContentError": "errors", "Problem": "errors",
    "ArmyList": "lists", "SpellDeck": "lists", "FORMATS": "loader", "load_file": "loader",
    "load_text": "loader", "check_army": "rules", "check_deck": "rules",
    "Scenario": "scenario", "dump_model": "writer", "save_model": "writer",
}
"""Where each name the package offers is defined. They are imported on first use (PEP 562),
so a module that needs only `arena.content.locations` (the game's main menu, which must
open at once) does not load the card models and the engine behind them."""


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:  # a submodule reached as an attribute (arena.content.catalog)
        try:
            return importlib.import_module(f"arena.content.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module 'arena.content' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"arena.content.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "FORMATS", "ArmyCard", "ArmyList", "Battlefield", "Catalog", "ContentError", "Problem",
    "Scenario", "SpellCard", "SpellDeck", "check_army", "check_deck", "dump_model", "load_catalog",
    "load_file", "load_game_catalog", "load_text", "save_model", "shipped_content_paths",
]
