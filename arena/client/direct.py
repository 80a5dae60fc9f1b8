"""Starting the game straight into a battle from the command line, skipping the menus.

``arena play --scenario ID_OR_PATH --battlefield PATH --army A,B --deck D --seats
human,normal --seed N`` (see `arena.client.app.parse_options`). Why it works the way it does:

* Every value is checked here, before the window opens, so a mistake is one readable line on
  the terminal (which option, what is wrong, what is allowed) and exit code 2, never a
  traceback and never a window that flashes up and closes.
* Files named by path (a scenario, a battlefield, an army, a deck) are loaded with the
  content loader and added to this process's catalogue, so the battle, "Play again" and the
  New game screen afterwards all see them; nothing on disk changes. A battlefield given with
  ``--battlefield`` replaces the scenario's own: the scenario is then offered as "<name> on
  <battlefield>" under its own id, so the shipped scenario stays as it was.
* Values are the ids the New game screen uses (shipped or the player's own armies and
  decks), plus a few short names (``duel`` for ``the-duel``, ``gideon`` for
  ``gideon-premade``), as ``arena sim`` accepts them.
* Seats without an army get a premade army of a Planeswalker nobody else leads (Gideon, then
  Jace, then the others), and seats without a deck the premade deck of their army's
  Planeswalker: ``--seats human,normal`` alone is The Duel of the New game screen's
  defaults.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from arena.client import content
from arena.client.battle_request import (
    SEAT_KINDS,
    BattleRequest,
    StartError,
    names,
    seat_kinds,
)
from arena.client.content import GameSetup, SeatSetup
from arena.content.battlefield import Battlefield
from arena.content.errors import ContentError
from arena.content.fits import fit, map_problems
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file
from arena.content.rules import check_army, check_deck
from arena.content.scenario import Scenario

if TYPE_CHECKING:
    from arena.content.catalog import Catalog
    from arena.content.userfiles import UserFiles
    from arena.engine import Game

__all__ = ["SEAT_KINDS", "BattleRequest", "StartError", "names", "seat_kinds", "start"]

DEFAULT_SCENARIO = "the-duel"
_PREFERRED_ARMIES = ("gideon-premade", "jace-premade")
_Model = TypeVar("_Model")


def start(request: BattleRequest) -> tuple[Game, GameSetup]:
    """The game the request describes, ready to play; raises `StartError`."""
    setup, blame = _setup(request)
    try:
        return content.new_game(setup), setup
    except (ValueError, LookupError) as exc:  # SetupError, the engine's set-up checks
        raise StartError(blame, str(exc).rstrip(".")) from exc


def _setup(request: BattleRequest) -> tuple[GameSetup, str]:
    """The checked setup, and which option to blame if the engine still refuses it."""
    cat = content.catalog()
    scenario, field = _scenario(request.scenario or DEFAULT_SCENARIO, cat)
    blame = "--scenario"
    if request.battlefield:
        field = _battlefield(request.battlefield, cat)
        blame = "--battlefield"
        field = _fits(scenario, field, blame)  # its zones as they stand in for the scenario's
        if field.id != scenario.battlefield:
            name = f"{scenario.name} on {field.name}"[:120]
            scenario = scenario.model_copy(update={
                "id": f"{scenario.id}-on-{field.id}"[:80], "name": name,
                "battlefield": field.id})
    _fits(scenario, field, blame)
    assert field is not None
    cat.battlefields[field.id] = field
    cat.scenarios[scenario.id] = scenario
    kinds = _seats(request, scenario)
    found = content.user_files(scenario)
    armies = _armies(request.armies, kinds, scenario, cat, found)
    decks = _decks(request.decks, armies, scenario, cat, found)
    seats = tuple(SeatSetup("human" if kind == "human" else "ai",
                            "normal" if kind == "human" else kind, army=army.id, deck=deck)
                  for kind, army, deck in zip(kinds, armies, decks, strict=True))
    seed = request.seed if request.seed is not None else random.randrange(1, 1_000_000)
    return GameSetup(scenario=scenario.id, seats=seats, seed=seed), blame


# --- scenario and battlefield -------------------------------------------------------------------


def _is_path(value: str) -> bool:
    return "/" in value or "\\" in value or value.lower().endswith((".yaml", ".yml"))


def _load(option: str, value: str, kind: type[_Model], what: str) -> _Model:
    """A content file named on the command line, or a `StartError` quoting its problem."""
    path = Path(value).expanduser()
    if not path.is_file():
        raise StartError(option, f"there is no file {value!r}; give the path of {what} "
                                 "YAML file (or an id)")
    try:
        model = load_file(path, expect=kind)  # type: ignore[arg-type]
    except ContentError as exc:
        more = f" (and {len(exc.problems) - 1} more; `arena validate {value}` lists them)" \
            if len(exc.problems) > 1 else ""
        raise StartError(option, f"{exc.problems[0]}{more}") from exc
    except (OSError, UnicodeError) as exc:
        raise StartError(option, f"cannot read {value!r} ({exc})") from exc
    assert isinstance(model, kind)
    return model


def _scenario(value: str, cat: Catalog) -> tuple[Scenario, Battlefield | None]:
    """The scenario and (when one is there) its battlefield."""
    if _is_path(value):
        scenario = _load("--scenario", value, Scenario, "a scenario")
        field = cat.battlefields.get(scenario.battlefield)
        folder = Path(value).expanduser().parent
        for near in (folder / "battlefields" / f"{scenario.battlefield}.yaml",
                     folder / f"{scenario.battlefield}.yaml"):
            if near.is_file():
                field = _load("--scenario", str(near), _battlefield_model(), "a battlefield")
                break
        return scenario, field
    scenario_or_none = cat.scenarios.get(value) or cat.scenarios.get(f"the-{value}")
    if scenario_or_none is None:
        known = ", ".join(sorted(cat.scenarios)) or "(none loaded)"
        raise StartError("--scenario", f"no scenario has the id {value!r}; use one of "
                                       f"{known}, or the path of a scenario YAML file")
    return scenario_or_none, cat.battlefields.get(scenario_or_none.battlefield)


def _battlefield_model() -> type[Battlefield]:
    return Battlefield


def _battlefield(value: str, cat: Catalog) -> Battlefield:
    if _is_path(value):
        field = _load("--battlefield", value, _battlefield_model(), "a battlefield")
        problems = map_problems(field, Path(value).expanduser())
        if problems:  # what `arena validate` and the editor refuse, the game refuses
            more = f" (and {len(problems) - 1} more; `arena validate {value}` lists them)" \
                if len(problems) > 1 else ""
            raise StartError("--battlefield", f"{problems[0]}{more}")
        return field
    known_field = cat.battlefields.get(value)
    if known_field is None:
        known = ", ".join(sorted(cat.battlefields)) or "(none loaded)"
        raise StartError("--battlefield", f"no battlefield has the id {value!r}; use one of "
                                          f"{known}, or the path of a battlefield YAML file")
    return known_field


def _fits(scenario: Scenario, field: Battlefield | None, blame: str) -> Battlefield:
    """The battlefield as the scenario plays on it (`arena.content.fits.fit`: the verdict
    the editor shows too), or a `StartError` with every reason it cannot be."""
    if field is None:
        raise StartError(blame, f"the scenario {scenario.id!r} is played on the battlefield "
                                f"{scenario.battlefield!r}, which is not available; give one "
                                "with --battlefield PATH")
    verdict = fit(scenario, field)
    if not verdict.ok:
        raise StartError(blame, verdict.refusal())
    return verdict.battlefield


# --- seats, armies, decks -----------------------------------------------------------------------


def _seats(request: BattleRequest, scenario: Scenario) -> tuple[str, ...]:
    least, most = scenario.players.min, scenario.players.max
    allowed = f"{least}" if least == most else f"{least} to {most}"
    if request.seats:
        if not least <= len(request.seats) <= most:
            raise StartError("--seats", f"{len(request.seats)} seat(s) given, but "
                                        f"{scenario.name} is for {allowed} players")
        return request.seats
    given = max(len(request.armies), len(request.decks))
    if given > most:
        option = "--army" if len(request.armies) >= len(request.decks) else "--deck"
        raise StartError(option, f"{given} given, but {scenario.name} is for {allowed} "
                                 "players")
    return ("human", *(["normal"] * (max(least, given) - 1)))


def _too_many(option: str, given: int, seats: int) -> StartError:
    return StartError(option, f"{given} given for {seats} seat(s); give at most one per "
                              "seat, in seat order (comma-separated)")


def _armies(values: Sequence[str], kinds: Sequence[str], scenario: Scenario, cat: Catalog,
            found: UserFiles) -> list[ArmyList]:
    if len(values) > len(kinds):
        raise _too_many("--army", len(values), len(kinds))
    chosen: list[ArmyList | None] = [_army(v, scenario, cat, found) if v else None
                                     for v in values]
    chosen += [None] * (len(kinds) - len(chosen))
    taken = {a.planeswalker for a in chosen if a is not None}
    order = [*_PREFERRED_ARMIES, *sorted(cat.armies)]
    premade = [cat.armies[i] for i in dict.fromkeys(order) if i in cat.armies]
    if not premade and None in chosen:
        raise StartError("--army", "no premade army loaded; give an army for every seat")
    out: list[ArmyList] = []
    for army in chosen:
        if army is None:
            army = next((a for a in premade if a.planeswalker not in taken), premade[0])
            taken.add(army.planeswalker)
        out.append(army)
    return out


def _army(value: str, scenario: Scenario, cat: Catalog, found: UserFiles) -> ArmyList:
    if _is_path(value):
        army = _load("--army", value, ArmyList, "an army")
    else:
        by_id = (cat.armies.get(value) or found.armies.get(value)
                 or cat.armies.get(f"{value}-premade"))
        if by_id is None:
            raise StartError("--army", _unknown("army", "armies", value, cat.armies, found))
        army = by_id
    findings, _totals = check_army(army.planeswalker, army.cards, cat.army_cards,
                                   scenario.army_budget)
    if findings:
        raise StartError("--army", f"the army {army.name!r} cannot be played in "
                                   f"{scenario.name}: {findings[0].message} ({findings[0].fix})")
    if _is_path(value):  # the battle finds it by id, like every other army
        cat.armies[army.id] = army
    return army


def _decks(values: Sequence[str], armies: Sequence[ArmyList], scenario: Scenario,
           cat: Catalog, found: UserFiles) -> list[str]:
    if len(values) > len(armies):
        raise _too_many("--deck", len(values), len(armies))
    out = [_deck(v, army, seat, scenario, cat, found) if v else ""
           for seat, (v, army) in enumerate(zip(values, armies, strict=False), start=1)]
    return out + [""] * (len(armies) - len(out))


def _deck(value: str, army: ArmyList, seat: int, scenario: Scenario, cat: Catalog,
          found: UserFiles) -> str:
    deck: SpellDeck | None
    if _is_path(value):
        deck = _load("--deck", value, SpellDeck, "a spell deck")
    else:
        deck = cat.decks.get(value) or found.decks.get(value)
        if deck is None:
            raise StartError("--deck", _unknown("deck", "decks", value, cat.decks, found))
    findings, _totals = check_deck(army.planeswalker, deck.spells, cat.spells,
                                   cat.army_cards, scenario.deck)
    if findings:
        raise StartError("--deck", f"the deck {deck.name!r} cannot be played by seat {seat}'s "
                                   f"army {army.name!r}: {findings[0].message} "
                                   f"({findings[0].fix})")
    if _is_path(value):
        cat.decks[deck.id] = deck
    return deck.id


def _unknown(kind: str, folder: str, value: str, shipped: Mapping[str, object],
             found: UserFiles) -> str:
    """Why an army or deck id is not there, and what is."""
    skipped = next((s.reason for s in found.skipped
                    if s.file in (f"{folder}/{value}.yaml", f"{folder}/{value}.yml")), "")
    if skipped:
        return f"your {kind} {folder}/{value}.yaml cannot be played: {skipped}"
    own = list(found.armies if kind == "army" else found.decks)
    listed = ", ".join(sorted(shipped)) + (f"; yours: {', '.join(sorted(own))}" if own else "")
    return (f"no {kind} has the id {value!r}; use one of {listed or '(none)'}, or the path of "
            f"{'an' if kind == 'army' else 'a'} {kind} YAML file")
