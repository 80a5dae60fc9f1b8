"""The content as the client uses it: scenarios, battlefields, premade and user armies/decks.

Loading the catalogue takes about half a second (YAML and schema checks), so the main menu
starts loading it on a background thread (`preload`) and the screens that need it wait on
`catalog()` -- by the time a player has clicked "New game" it is there. The shipped
community maps are imported after it, on the same thread (`community_maps`); New game lists
them once they are there. Problems in the
content files never stop the client: a scenario whose files fail to load is simply not
offered, and `problems()` says why.

The player's own armies and decks (saved by the editor's builder under the data folder, see
`arena.content.userfiles`) are read fresh whenever a screen asks (`user_files`): they are a
handful of small files and the player may have just changed them. A user file that breaks a
rule is not offered; the New game screen shows the reason.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from arena.client.looks import TerrainLooks
from arena.client.palette import Color, hex_color
from arena.client.storage import data_dir
from arena.content.catalog import load_game_catalog
from arena.content.community import CommunityMap, shipped_maps
from arena.content.fits import fit
from arena.content.lists import SpellDeck
from arena.content.rules import check_deck
from arena.content.to_engine import game_from_content
from arena.content.userfiles import deck_options, load_user_files

if TYPE_CHECKING:
    from arena.content.battlefield import Battlefield
    from arena.content.catalog import Catalog
    from arena.content.lists import ArmyList
    from arena.content.scenario import Scenario
    from arena.content.userfiles import DeckOption, UserFiles
    from arena.engine import Game

__all__ = ["COMMUNITY", "GameSetup", "SeatSetup", "SetupError", "army_choices", "catalog",
           "community_map", "community_maps", "community_ready", "deck_choices",
           "default_deck", "finish_loading", "load_all", "new_game", "preload", "terrain_looks",
           "terrain_looks_for", "user_files", "zone_colours"]

COMMUNITY = "Community map"
"""How the battlefield choices name a shipped community map ("Community map: Welcome"): the
group they are listed in, after the others."""

_lock = threading.Lock()
_catalog: Catalog | None = None
_thread: threading.Thread | None = None
_community_lock = threading.Lock()
_community: tuple[CommunityMap, ...] | None = None


def preload() -> None:
    """Start loading the catalogue in the background, then the shipped community maps
    (no-op once started)."""
    global _thread
    with _lock:
        if (_catalog is not None and _community is not None) or _thread is not None:
            return
        _thread = threading.Thread(target=load_all, name="arena-content", daemon=True)
        _thread.start()


def load_all() -> None:
    """The background load: the catalogue (what every screen waits for), then the community
    maps (a second or two of importing that New game does not wait for)."""
    catalog()
    community_maps()


def finish_loading(timeout: float = 60.0) -> None:
    """Wait for a background load to end. Called at exit: the interpreter must not shut down
    while the loading thread is inside C code (libyaml, GEOS), which crashes the process as it
    quits (a Quit pressed before the content finished loading)."""
    thread = _thread
    if thread is not None and thread.is_alive():
        thread.join(timeout)


def catalog() -> Catalog:
    """The shipped content, with the player's own cards and scenarios replacing shipped ones
    of the same ids (loaded on first use; thread-safe)."""
    global _catalog
    with _lock:
        if _catalog is None:
            _catalog = load_game_catalog()
        return _catalog


def community_maps() -> tuple[CommunityMap, ...]:
    """The shipped community maps (`arena.content.community`), imported on first use
    (thread-safe; the background load does it after the catalogue) and from then on among
    the catalogue's battlefields, each under its import's id unless the player has a
    battlefield of that id (their own import of it, saved and perhaps edited, is the one
    played)."""
    global _community
    with _community_lock:
        if _community is None:
            _community = shipped_maps()
    cat = catalog()
    with _lock:
        for found in _community:
            cat.battlefields.setdefault(found.battlefield.id, found.battlefield)
    return _community


def community_ready() -> bool:
    """Whether the community maps are imported (without waiting for them)."""
    return _community is not None


def community_map(field_id: str) -> CommunityMap | None:
    """The shipped community map the catalogue's battlefield `field_id` is, or None (a
    shipped battlefield, the player's own; nothing while the maps are still loading)."""
    if not community_ready():
        return None
    shipped = community_maps()  # among the catalogue's battlefields, a new one too
    field = catalog().battlefields.get(field_id)
    return next((found for found in shipped if found.battlefield is field), None)


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


def terrain_looks(battlefield: Battlefield) -> TerrainLooks:
    """How the battlefield file says its levels and obstacles look (an imported map's
    tiles and trees; empty for a map made in Arena)."""
    return TerrainLooks.of(((c.at, c.levels, c.surfaces) for c in battlefield.columns),
                           ((o.id, o.look) for o in battlefield.obstacles))


def terrain_looks_for(field_id: str) -> TerrainLooks:
    """The looks of a loaded battlefield by id (none when unknown)."""
    bf = catalog().battlefields.get(field_id)
    return terrain_looks(bf) if bf is not None else TerrainLooks()


@dataclass(frozen=True)
class SeatSetup:
    """One seat of a new game: who plays it, with which army and spell deck, on which team.

    `army` and `deck` are ids of shipped or user files; an empty `deck` means the shipped
    premade deck of the army's Planeswalker."""

    kind: str = "human"  # human | ai
    difficulty: str = "normal"  # easy | normal | hard | expert (AI seats)
    army: str = "gideon-premade"
    team: int = 0  # 0 = the scenario's teams / alone
    deck: str = ""

    @property
    def label(self) -> str:
        return "Human" if self.kind == "human" else f"AI ({self.difficulty})"


@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start a game."""

    scenario: str = "the-duel"
    battlefield: str = ""  # another battlefield the scenario fits ("": the scenario's own)
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


class SetupError(ValueError):
    """A set-up that cannot start; ``str()`` is a sentence for the player."""


def user_files(scenario: Scenario | None = None) -> UserFiles:
    """The player's armies and decks, checked by `scenario`'s army budget and deck rules (the
    guide's defaults without one). Reads the files now: the builder may just have saved."""
    if scenario is None:
        return load_user_files(data_dir(), catalog())
    return load_user_files(data_dir(), catalog(), scenario.army_budget, scenario.deck)


def army_choices(found: UserFiles) -> list[tuple[ArmyList, bool]]:
    """Every army a seat may take: shipped premade armies, then the player's own (flagged
    True), each group by name."""
    shipped = sorted(catalog().armies.values(), key=lambda a: (a.name.lower(), a.id))
    own = sorted(found.armies.values(), key=lambda a: (a.name.lower(), a.id))
    return [(a, False) for a in shipped] + [(a, True) for a in own]


def deck_choices(army: ArmyList, found: UserFiles,
                 scenario: Scenario | None = None) -> list[DeckOption]:
    """The spell decks `army` may play (see `arena.content.userfiles.deck_options`)."""
    return deck_options(army.planeswalker, catalog(), found.decks.values(),
                        scenario.deck if scenario is not None else None)


def default_deck(army: ArmyList, found: UserFiles, scenario: Scenario | None = None) -> str:
    """The deck a seat takes until the player picks another: the premade deck of the army's
    Planeswalker (empty when no deck fits)."""
    options = deck_choices(army, found, scenario)
    return options[0].deck.id if options else ""


def battlefield_choices(scenario: Scenario) -> list[tuple[str, str]]:
    """The battlefields a scenario can be played on, as (id, name): its own first (id ``""``),
    then every other loaded battlefield -- shipped, the player's own, imported community maps
    -- that the game's verdict (`arena.content.fits.fit`) accepts, by name; the community
    maps shipped with the game last, as a group (``"Community map: Welcome"``)."""
    shipped = community_maps() if community_ready() else ()
    cat = catalog()
    own = cat.battlefields.get(scenario.battlefield)
    out = [("", own.name)] if own is not None else []
    community = {found.battlefield.id for found in shipped
                 if cat.battlefields.get(found.battlefield.id) is found.battlefield}
    others = sorted((bf for bf in cat.battlefields.values() if bf.id != scenario.battlefield),
                    key=lambda bf: (bf.id in community, bf.name.lower(), bf.id))
    out += [(bf.id, f"{COMMUNITY}: {bf.name}" if bf.id in community else bf.name)
            for bf in others if fit(scenario, bf).ok]
    return out


def new_game(setup: GameSetup) -> Game:
    """Start a game from a setup. Raises `SetupError` (or the engine's own) with a
    readable message when the setup cannot be played: a user army or deck that was deleted
    or broken since the screen listed it, a deck that does not fit its army."""
    cat = catalog()
    scenario = cat.scenarios.get(setup.scenario)
    if scenario is None or scenario.battlefield not in cat.battlefields:
        raise SetupError(f"The scenario {setup.scenario!r} is not available; pick another.")
    field_id = setup.battlefield or scenario.battlefield
    if field_id not in cat.battlefields:
        community_maps()  # a community map's id, asked for before they were loaded
    if field_id not in cat.battlefields:
        raise SetupError(f"The battlefield {field_id!r} is not available; pick another.")
    verdict = fit(scenario, cat.battlefields[field_id])
    if not verdict.ok:  # the verdict `arena validate` and the editor give too
        raise SetupError(f"{verdict.refusal()}.")
    battlefield = verdict.battlefield  # its zones as they stand in for the scenario's
    if battlefield.id != scenario.battlefield:
        scenario = scenario.model_copy(update={"battlefield": battlefield.id})
    found: UserFiles | None = None
    armies: list[ArmyList] = []
    decks: list[SpellDeck] = []
    for seat, s in enumerate(setup.seats, start=1):
        army = cat.armies.get(s.army)
        if army is None:
            found = found or user_files(scenario)
            army = found.armies.get(s.army)
        if army is None:
            raise SetupError(_missing("army", s.army, seat, found))
        deck = _deck(s.deck, army, seat, scenario, found)
        armies.append(army)
        decks.append(deck)
    return game_from_content(scenario, battlefield, armies, decks, seats=setup.teams(),
                             seed=setup.seed, catalog=cat)


def _deck(deck_id: str, army: ArmyList, seat: int, scenario: Scenario,
          found: UserFiles | None) -> SpellDeck:
    cat = catalog()
    if not deck_id:
        premade = premade_deck(army.planeswalker)
        if premade is None:
            return SpellDeck(format="deck", id="no-deck", name="No deck",
                             planeswalker=army.planeswalker, spells=[])
        return premade
    deck = cat.decks.get(deck_id)
    if deck is None:
        found = found or user_files(scenario)
        deck = found.decks.get(deck_id)
    if deck is None:
        raise SetupError(_missing("deck", deck_id, seat, found))
    findings, _totals = check_deck(army.planeswalker, deck.spells, cat.spells, cat.army_cards,
                                   scenario.deck)
    if findings:
        raise SetupError(f"Player {seat}: the deck {deck.name!r} cannot be played with "
                         f"{army.name}: {findings[0].message}. Choose another deck.")
    return deck


def _missing(kind: str, ident: str, seat: int, found: UserFiles | None) -> str:
    folder = "armies" if kind == "army" else "decks"
    names = (f"{folder}/{ident}.yaml", f"{folder}/{ident}.yml")
    reason = next((s.reason for s in (found.skipped if found else ()) if s.file in names), "")
    if reason:
        return (f"Player {seat}: the {kind} {folder}/{ident}.yaml can no longer be played: "
                f"{reason}.")
    return (f"Player {seat}: the {kind} {ident!r} is gone (was {folder}/{ident}.yaml deleted "
            f"or renamed?). Choose another {kind}.")


def premade_deck(planeswalker: str) -> SpellDeck | None:
    """The shipped premade deck built for a Planeswalker (None when there is none)."""
    cat = catalog()
    for deck in sorted(cat.decks.values(), key=lambda d: d.id):
        if deck.planeswalker == planeswalker:
            return deck
    return None
