"""The shipped content as the client uses it: scenarios, battlefields, premade armies.

Loading the catalogue takes about half a second (YAML and schema checks), so the main menu
starts loading it on a background thread (`preload`) and the screens that need it wait on
`catalog()` -- by the time a player has clicked "New game" it is there. Problems in the
content files never stop the client: a scenario whose files fail to load is simply not
offered, and `problems()` says why.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from arena.client.palette import Color, hex_color

if TYPE_CHECKING:
    from arena.content.battlefield import Battlefield
    from arena.content.catalog import Catalog
    from arena.content.scenario import Scenario
    from arena.engine import Game

__all__ = ["GameSetup", "SeatSetup", "catalog", "new_game", "preload", "zone_colours"]

_lock = threading.Lock()
_catalog: Catalog | None = None
_thread: threading.Thread | None = None


def preload() -> None:
    """Start loading the catalogue in the background (no-op once started)."""
    global _thread
    with _lock:
        if _catalog is not None or _thread is not None:
            return
        _thread = threading.Thread(target=catalog, name="arena-content", daemon=True)
        _thread.start()


def catalog() -> Catalog:
    """The shipped content (loaded on first use; thread-safe)."""
    global _catalog
    with _lock:
        if _catalog is None:
            from arena.content.catalog import load_catalog, shipped_content_paths

            _catalog = load_catalog(shipped_content_paths())
        return _catalog


def ready() -> bool:
    """Whether the catalogue is loaded (without waiting for it)."""
    return _catalog is not None


def problems() -> list[str]:
    """One line per content file that failed to load."""
    return [f"{path.name}: {p.message}" for path, found in catalog().problems.items()
            for p in found]


def playable_scenarios() -> list[Scenario]:
    """Scenarios whose battlefield loaded, The Duel first, then by name."""
    cat = catalog()
    found = [s for s in cat.scenarios.values() if s.battlefield in cat.battlefields]
    return sorted(found, key=lambda s: (s.id != "the-duel", s.name))


def zone_colours(battlefield: Battlefield) -> dict[str, Color]:
    """Starting-zone colours as the battlefield file gives them."""
    return {z.id: hex_color(str(z.colour)) for z in battlefield.starting_zones}


def zone_colours_for(field_id: str) -> dict[str, Color]:
    """Zone colours of a shipped battlefield by id (empty when unknown)."""
    bf = catalog().battlefields.get(field_id)
    return zone_colours(bf) if bf is not None else {}


@dataclass(frozen=True)
class SeatSetup:
    """One seat of a new game: who plays it, with which premade army, on which team."""

    kind: str = "human"  # human | ai
    difficulty: str = "normal"  # easy | normal | hard (AI seats)
    army: str = "gideon-premade"
    team: int = 0  # 0 = the scenario's teams / alone

    @property
    def label(self) -> str:
        return "Human" if self.kind == "human" else f"AI ({self.difficulty})"


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a game."""

    scenario: str = "the-duel"
    seats: tuple[SeatSetup, ...] = (
        SeatSetup("human", army="gideon-premade"),
        SeatSetup("ai", "normal", army="jace-premade"),
    )
    seed: int = 0

    def teams(self) -> list[list[int]] | None:
        """Teams as seat lists when the players set any, else None (the scenario's)."""
        if not any(s.team for s in self.seats):
            return None
        groups: dict[int, list[int]] = {}
        for seat, s in enumerate(self.seats, start=1):
            groups.setdefault(s.team or 100 + seat, []).append(seat)
        return [groups[k] for k in sorted(groups)]


def new_game(setup: GameSetup) -> Game:
    """Start a game from a setup (raises the engine's `SetupError` or `KeyError` with a
    readable message when the setup cannot be played)."""
    from arena.content.to_engine import game_from_content

    cat = catalog()
    scenario = cat.scenarios[setup.scenario]
    battlefield = cat.battlefields[scenario.battlefield]
    armies = [cat.armies[s.army] for s in setup.seats]
    decks = [deck_for(army.planeswalker) for army in armies]
    return game_from_content(scenario, battlefield, armies, decks, seats=setup.teams(),
                             seed=setup.seed, catalog=cat)


def deck_for(planeswalker: str) -> list[Any]:
    """The spell deck played with a Planeswalker: the shipped premade deck built for it
    (empty when there is none)."""
    cat = catalog()
    for deck in sorted(cat.decks.values(), key=lambda d: d.id):
        if deck.planeswalker == planeswalker:
            return [cat.spells[s] for s in deck.spells if s in cat.spells]
    return []
