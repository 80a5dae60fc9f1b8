"""What the game will refuse of the content about to be saved (headless: no pygame).

The words come from the same checks the game runs: the battlefield's from `editor.core.validation`
(the content layer's schema and `check_battlefield`), the army's and deck's from the content
layer's `check_army` / `check_deck` and the ids the game skips in the player's folder
(`editor.core.builder.Builder`). An empty list: the game takes it. The editor asks "Save anyway?"
before writing content with refusals (`editor.windows.dialogs.Dialogs.confirm_save`).
"""

from __future__ import annotations

from editor.core.builder import Builder
from editor.core.mapdoc import MapDoc
from editor.core.validation import validate


def _sentence(message: str, fix: str) -> str:
    text = message.rstrip(".")
    return f"{text} (fix: {fix.rstrip('.')})" if fix else text


def map_refusals(doc: MapDoc) -> list[str]:
    """Why the game would not play on the battlefield, one line per problem."""
    return [_sentence(f.message, f.fix) for f in validate(doc).findings]


def army_refusals(builder: Builder) -> list[str]:
    """Why the game would not let the army be played (points, colours, its id)."""
    findings, _totals = builder.army_totals()
    return [_sentence(f.message, f.fix) for f in findings] + builder.army_id_problems()


def deck_refusals(builder: Builder) -> list[str]:
    """Why the game would not let the deck be played (size, cost, colours, its id)."""
    findings, _totals = builder.deck_totals()
    return [_sentence(f.message, f.fix) for f in findings] + builder.deck_id_problems()


def map_problems(doc: MapDoc) -> list[tuple[str, str]]:
    """The battlefield's problems as (what is wrong, the fix), for a failure dialog."""
    return [(f.message, f.fix) for f in validate(doc).findings]
