"""`arena validate PATH...`: check any mix of content files and folders, print every problem.

The game's content (the shipped files and the player's own, `arena.content.locations`) is
loaded alongside so that ids can be resolved (an army file of yours naming a shipped card),
but only the files named on the command line are reported; they replace loaded files of the
same ids (a corrected card is checked in place of the shipped one). Exit
status: 0 all valid, 1 some file invalid, 2 a path that does not exist.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from arena.content.battlefield import Battlefield
from arena.content.cards import ArmyCard, SpellCard
from arena.content.catalog import Catalog, expand, game_content_layers, load_catalog
from arena.content.fits import GUIDE_SCENARIOS, fit, play_text
from arena.content.geometry import check_battlefield
from arena.content.lists import ArmyList
from arena.content.loader import ContentModel
from arena.content.rules import DEFAULT_BUDGET, check_army, check_deck
from arena.content.scenario import Scenario
from arena.content.yamlio import Document


def run(paths: list[str], out: TextIO, budget: int = DEFAULT_BUDGET) -> int:
    """Validate `paths` and print the report; return the exit status."""
    if not paths:
        out.write("arena validate: name one or more content files or folders, e.g. "
                  "`arena validate cards scenarios`\n")
        return 2
    missing = [p for p in paths if not Path(p).exists()]
    for name in missing:
        out.write(f"{name}: no such file or folder. Fix: check the path\n")
    if missing:
        return 2
    named = expand(Path(p) for p in paths)
    if not named:
        out.write(f"{', '.join(paths)}: no .yaml files found\n")
        return 1
    chosen = set(named)
    base, *over = [[p for p in expand(layer) if p not in chosen]
                   for layer in game_content_layers()]
    catalog = load_catalog(base, budget=budget, overrides=[*over, named])
    bad = 0
    problems = 0
    for path in named:
        found = catalog.problems_for(path)
        if found:
            bad += 1
            problems += len(found)
            for problem in found:
                out.write(f"{problem}\n")
        else:
            entry = catalog.entries[path]
            out.write(f"ok  {entry.doc.file}: {summarise(entry.model, catalog, budget)}\n")
    total = len(named)
    out.write(f"{total} file{'s' if total != 1 else ''} checked: {total - bad} valid, "
              f"{bad} invalid, {problems} problem{'s' if problems != 1 else ''}\n")
    return 1 if bad else 0


def summarise(model: ContentModel, catalog: Catalog, budget: int = DEFAULT_BUDGET) -> str:
    """A one-line description of a valid content file."""
    if isinstance(model, ArmyCard):
        return (f"army card {model.name} ({'/'.join(model.colours)} {model.kind}, "
                f"{model.figures} figure{'s' if model.figures > 1 else ''}, cost {model.cost}, "
                f"{len(model.abilities)} abilit{'y' if len(model.abilities) == 1 else 'ies'}, "
                f"{model.provenance})")
    if isinstance(model, SpellCard):
        return f"spell {model.name} ({model.colour} {model.type}, cost {model.cost})"
    if isinstance(model, Battlefield):
        _, summary = check_battlefield(model, Document(model.id, None, {}))
        plays = [fit(catalog.scenarios[sid], model) for sid in GUIDE_SCENARIOS
                 if sid in catalog.scenarios]  # the editor's "ready to play as" verdict
        return f"battlefield {model.name}: " + "; ".join(
            [*summary.lines(), *([play_text(plays)] if plays else [])])
    if isinstance(model, Scenario):
        return (f"scenario {model.name} ({model.players.min}-{model.players.max} players, "
                f"battlefield {model.battlefield}, {model.victory}, scoring {model.scoring})")
    if isinstance(model, ArmyList):
        _, totals = check_army(model.planeswalker, model.cards, catalog.army_cards, budget)
        return f"army {model.name}: {1 + len(model.cards)} cards, {totals.cost}/{totals.budget}"
    _, deck = check_deck(model.planeswalker, model.spells, catalog.spells, catalog.army_cards)
    return f"deck {model.name}: {deck.cards} spells, cost {deck.cost}/{deck.max_cost}"
