"""Batches of headless matches (``arena sim``): planning, running in parallel, statistics.

- `plan`: the games of a batch (`GameSpec`): the scenario, the armies of each seat (rotating
  over every ordered pairing of the armies given, so every Planeswalker pairing is covered),
  the decks, which controller sits where (alternating, so no controller always has the same
  seat or army), and the seeds;
- `play`: one game (`GameReport`), in this process;
- `run_batch`: every game, in parallel across cores or on a Dask cluster (`arena.ai.batches`
  decides which), calling back after each one (the CLI's progress bar and run file);
- `summarize`: win rates with 95% Wilson intervals per controller, draws, game lengths,
  decision times (median, p95, max; forced single-option decisions left out) and the time a
  whole turn of its own took (what the other players wait for) per controller,
  faults, a per-pairing table, and the card coverage (spells cast and activated abilities
  used per controller, out of those its armies and decks had).

An army or a deck may be a content file instead of an id (`resolve_army`: the editor's
"Test strength" plays the army being built): a spec names the file, `files_of` lists the
files a batch reads, and a cluster worker reads their bytes as sent
(`arena.ai.batches.provide_file`).

Content (scenarios, armies, decks; a battlefield file for ``--battlefield``) is loaded
through `arena.content`: this module is a tool beside the AI, which `arena.ai`'s package does
not import, so importing `arena.ai` stays free of YAML.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Any

from arena.ai.batches import executor, local_path
from arena.ai.levels import LEVELS, make_controller
from arena.ai.match import DEFAULT_TIME_LIMIT, Match
from arena.content import load_catalog, load_game_catalog
from arena.content.fits import fit
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file
from arena.content.rules import check_army, check_deck
from arena.content.to_engine import game_from_content
from arena.engine.abilities.spec import abilities_of

__all__ = [
    "GameReport",
    "GameSpec",
    "Summary",
    "army_of",
    "battlefield_file",
    "catalog",
    "fitting_deck",
    "check_fits",
    "deck_for",
    "deck_of",
    "files_of",
    "fit_zones",
    "new_game",
    "plan",
    "play",
    "play_safely",
    "report_from_data",
    "report_to_data",
    "resolve_army",
    "resolve_scenario",
    "run_batch",
    "sign_test",
    "summarize",
    "wilson",
]


@dataclass(frozen=True)
class GameSpec:
    """One game of a batch."""

    index: int
    scenario: str
    armies: tuple[str, ...]
    decks: tuple[str | None, ...]
    controllers: tuple[str, ...]
    """Controller name per seat (seat 1 first)."""
    seed: int
    time_limit: float | None = DEFAULT_TIME_LIMIT
    battlefield: str | None = None
    """A battlefield file played instead of the scenario's own (None: the scenario's)."""


@dataclass
class GameReport:
    """How one game went."""

    spec: GameSpec
    winners: tuple[int, ...]
    reason: str
    turns: int
    actions: int
    seconds: float
    times: dict[int, list[float]]
    faults: list[str]
    spells: dict[int, dict[str, int]]
    abilities: dict[int, dict[str, int]]
    available_spells: dict[int, list[str]]
    available_abilities: dict[int, list[str]]
    first_player: int = 0
    overruns: dict[int, int] = field(default_factory=dict)
    """Per seat, decisions its AI's wall-clock cap cut short (the safety net fired)."""
    turn_times: dict[int, list[float]] = field(default_factory=dict)
    """Per seat, the seconds each of its own turns took it (`MatchResult.turn_times`)."""


@lru_cache(maxsize=1)
def catalog() -> Any:
    """The game's content: shipped, with the player's own files replacing shipped ones by id
    (loaded once per process)."""
    return load_game_catalog()


def resolve_scenario(name: str) -> str:
    """A scenario id from an id (``the-duel``) or a short name (``duel``, ``crossroads``)."""
    ids: list[str] = sorted(catalog().scenarios)
    key = name.strip().lower()
    for candidate in (key, f"the-{key}"):
        if candidate in ids:
            return candidate
    found = [i for i in ids if key in i]
    if len(found) == 1:
        return found[0]
    raise ValueError(f"unknown scenario {name!r} (scenarios: {', '.join(ids)})")


def _is_file_ref(name: str) -> bool:
    return name.strip().lower().endswith((".yaml", ".yml"))


def resolve_army(name: str) -> str:
    """An army id from an id (``gideon-premade``) or a short name (``gideon``), or an army
    file's path (``my-army.yaml``: loaded and checked against the game's cards now, so a
    broken file is refused before any game)."""
    if _is_file_ref(name):
        army_of(name.strip())
        return name.strip()
    ids: list[str] = sorted(catalog().armies)
    key = name.strip().lower()
    if key in ids:
        return key
    found = [i for i in ids if i.startswith(key)] or [i for i in ids if key in i]
    if len(found) == 1:
        return found[0]
    raise ValueError(f"unknown army {name!r} (armies: {', '.join(ids)})")


def _players(scenario: Any, seats: int, players: int | None) -> int:
    low, high = int(scenario.players.min), int(scenario.players.max)
    if players is not None:
        if not low <= players <= high:
            raise ValueError(f"{scenario.id} takes {low}-{high} players, not {players}")
        return players
    return min(high, max(low, seats))


def _teams(scenario: Any, players: int) -> list[list[int]]:
    teams = [list(t) for t in (scenario.teams or [])]
    if teams and sum(len(t) for t in teams) == players:
        return teams
    return [[s] for s in range(1, players + 1)]


def deck_for(army_id: str, decks: str) -> str | None:
    """The deck an army plays with: ``decks`` "auto" gives its Planeswalker's premade deck
    (None where there is none), "none" none."""
    if decks == "none":
        return None
    cat = catalog()
    walker = army_of(army_id).planeswalker
    matching = sorted(d for d, deck in cat.decks.items() if deck.planeswalker == walker)
    return matching[0] if matching else None


def plan(scenario: str, controllers: Sequence[str], games: int, seed: int,
         armies: Sequence[str] | None = None, decks: str | Sequence[str] = "auto",
         players: int | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT,
         battlefield: str | None = None) -> list[GameSpec]:
    """The games of a batch (see the module docstring); ``battlefield``: a battlefield file
    to play the scenario on instead of its own."""
    cat = catalog()
    sid = resolve_scenario(scenario)
    sc = cat.scenarios[sid]
    if battlefield is not None:
        check_fits(sid, battlefield)
    names = [c.strip().lower() for c in controllers if c.strip()]
    if not names:
        raise ValueError("name at least one controller (--seats hard,random)")
    for n in names:
        if n not in LEVELS:
            raise ValueError(f"unknown controller {n!r} (choose from {', '.join(LEVELS)})")
    n_players = _players(sc, len(names), players)
    teams = _teams(sc, n_players)
    army_ids = [resolve_army(a) for a in armies] if armies else sorted(cat.armies)
    if n_players == 2:
        pairings = [tuple(p) for p in product(army_ids, repeat=2)]
    else:
        pairings = [tuple(army_ids[(i + k) % len(army_ids)] for k in range(n_players))
                    for i in range(len(army_ids))]
    specs = []
    fitted: set[tuple[str, str]] = set()
    for i in range(games):
        pairing = pairings[i % len(pairings)]
        shift = i // len(pairings)
        # Controllers by team (a name per team when there are as many names as teams),
        # else by seat; rotated each game so nobody keeps a seat.
        per_seat: list[str] = [""] * n_players
        if len(names) == len(teams) and len(teams) < n_players:
            for t, team in enumerate(teams):
                for s in team:
                    per_seat[s - 1] = names[(t + shift) % len(names)]
        else:
            for s in range(n_players):
                per_seat[s] = names[(s + shift) % len(names)]
        if isinstance(decks, str):
            deck_ids = tuple(deck_for(a, decks) for a in pairing)
        else:
            deck_ids = tuple(decks[k % len(decks)] if decks else None
                             for k in range(n_players))
            for seat, (army, deck) in enumerate(zip(pairing, deck_ids, strict=True), 1):
                if deck is not None and (army, deck) not in fitted:
                    try:
                        fitted.add((army, fitting_deck(army, deck)))
                    except ValueError as exc:
                        raise ValueError(f"{exc} (seat {seat} of game {i + 1}: decks go "
                                         "by seat, armies rotate over every pairing; name "
                                         "armies whose Planeswalkers the decks fit, or "
                                         "--decks auto)") from None
        specs.append(GameSpec(i, sid, pairing, deck_ids, tuple(per_seat),
                              seed * 100_003 + i, time_limit, battlefield))
    return specs


def new_game(spec: GameSpec) -> Any:
    """The game a spec plays, set up fresh (the same in every process)."""
    cat = catalog()
    sc = cat.scenarios[spec.scenario]
    if spec.battlefield is not None:
        bf, _ = fit_zones(sc, battlefield_file(spec.battlefield))
        sc = sc.model_copy(update={"battlefield": bf.id})
    else:
        bf = cat.battlefields[sc.battlefield]
    armies = [army_of(a) for a in spec.armies]
    decks: list[Any] = [deck_of(d) if d is not None else [] for d in spec.decks]
    n = len(spec.armies)
    seats = _teams(sc, n) if sc.teams else None
    return game_from_content(sc, bf, armies, decks, seats, spec.seed, catalog=cat)


def files_of(specs: Sequence[GameSpec]) -> list[str]:
    """The files a batch's games read (battlefield, army and deck files named by path)."""
    found = []
    for spec in specs:
        refs = [spec.battlefield, *spec.armies, *spec.decks]
        found += [r for r in refs if r is not None and (r == spec.battlefield
                                                        or _is_file_ref(r))]
    return list(dict.fromkeys(found))


def army_of(ref: str) -> ArmyList:
    """The army a spec names: a catalogue id, or an army file (`resolve_army`)."""
    if not _is_file_ref(ref):
        army: ArmyList = catalog().armies[ref]
        return army
    return _army_file(local_path(ref))


def deck_of(ref: str) -> SpellDeck:
    """The deck a spec names: a catalogue id, or a deck file."""
    if not _is_file_ref(ref):
        deck: SpellDeck = catalog().decks[ref]
        return deck
    return _deck_file(local_path(ref))


def fitting_deck(army: str, ref: str) -> str:
    """``ref`` (a deck id or deck file) checked as the game checks the deck of ``army``'s
    Planeswalker (its colours, its cost, twelve cards), so a deck that does not fit is
    refused, in words, before any game is played; the reference, stripped."""
    ref = ref.strip()
    try:
        deck = deck_of(ref)
    except KeyError:
        known = ", ".join(sorted(catalog().decks))
        raise ValueError(f"there is no deck {ref!r} (a deck id: {known}; or a deck "
                         "file)") from None
    cat = catalog()
    findings = check_deck(army_of(army).planeswalker, deck.spells, cat.spells,
                          cat.army_cards)[0]
    if findings:
        raise ValueError(f"the deck {ref} does not fit {army}: {findings[0].message}")
    return ref


def _content_file(path: str, kind: type[Any]) -> Any:
    if not Path(path).is_file():
        raise ValueError(f"there is no file {path!r}")
    try:
        return load_file(path, expect=kind)
    except Exception as exc:  # noqa: BLE001 - ContentError and the loader's others: a message
        raise ValueError(f"{path}: {str(exc).strip()}") from exc


@lru_cache(maxsize=16)
def _army_file(path: str) -> ArmyList:
    army: ArmyList = _content_file(path, ArmyList)
    findings, _ = check_army(army.planeswalker, army.cards, catalog().army_cards)
    if findings:
        raise ValueError(f"{path}: " + "; ".join(f.message for f in findings))
    return army


@lru_cache(maxsize=16)
def _deck_file(path: str) -> SpellDeck:
    deck: SpellDeck = _content_file(path, SpellDeck)
    unknown = [s for s in deck.spells if s not in catalog().spells]
    if unknown:
        raise ValueError(f"{path}: unknown spells {', '.join(unknown)}")
    return deck


def battlefield_file(path: str) -> Any:
    """A battlefield file, loaded and checked like `arena validate` checks it (ValueError with
    every problem, each naming the file, line and key, when it is not playable)."""
    return _battlefield_file(local_path(path))


@lru_cache(maxsize=8)
def _battlefield_file(path: str) -> Any:
    if not Path(path).is_file():
        raise ValueError(f"there is no file {path!r}")
    found = load_catalog([Path(path)])
    problems = [f"{p}" for ps in found.problems.values() for p in ps]
    if problems:
        raise ValueError("; ".join(problems))
    if len(found.battlefields) != 1:
        raise ValueError(f"{path}: not a battlefield file")
    return next(iter(found.battlefields.values()))


def fit_zones(scenario: Any, field: Any) -> tuple[Any, dict[str, str]]:
    """The battlefield as the scenario plays on it (its zones standing in for the scenario's
    when their ids differ: `arena.content.fits`) and the zone ids renamed."""
    verdict = fit(scenario, field)
    return verdict.battlefield, verdict.stand_ins


def check_fits(scenario_id: str, battlefield: str) -> dict[str, str]:
    """Raise ValueError unless the scenario can be played on the battlefield file: the
    verdict the game gives before it starts a battle there (`arena.content.fits.fit`);
    returns the zones renamed (empty when none)."""
    verdict = fit(catalog().scenarios[scenario_id], battlefield_file(battlefield))
    if not verdict.ok:
        raise ValueError(verdict.refusal())
    return verdict.stand_ins


def _available(game: Any) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    static = game.state.static
    spells: dict[int, list[str]] = {}
    abilities: dict[int, list[str]] = {}
    for info in static.spells.values():
        if info.def_id is not None:
            spells.setdefault(info.owner, []).append(info.def_id)
    for seat, player in static.players.items():
        for card in player.cards:
            def_id = static.cards[card].def_id
            for ability in abilities_of(static, def_id):
                if ability.kind == "activated":
                    abilities.setdefault(seat, []).append(f"{def_id}/{ability.id}")
    return ({k: sorted(set(v)) for k, v in spells.items()},
            {k: sorted(set(v)) for k, v in abilities.items()})


def play(spec: GameSpec) -> GameReport:
    """Play one game of a batch in this process."""
    started = time.perf_counter()
    game = new_game(spec)
    controllers = {seat: make_controller(name, spec.seed * 10 + seat)
                   for seat, name in enumerate(spec.controllers, start=1)}
    spells, abilities = _available(game)
    result = Match(game, controllers, time_limit=spec.time_limit).run()
    outcome = result.outcome
    return GameReport(
        spec=spec,
        winners=tuple(result.winners),
        reason=outcome.reason if outcome is not None else "unfinished",
        turns=result.turns,
        actions=result.actions,
        seconds=time.perf_counter() - started,
        times={seat: result.times(seat) for seat in controllers},
        faults=list(result.faults),
        spells={k: dict(v) for k, v in result.spells.items()},
        abilities={k: dict(v) for k, v in result.abilities.items()},
        available_spells=spells,
        available_abilities=abilities,
        first_player=game.state.first_player,
        overruns=result.overruns,
        turn_times={seat: result.turn_times(seat) for seat in controllers},
    )


_SEAT_MAPS = ("times", "spells", "abilities", "available_spells", "available_abilities",
              "overruns", "turn_times")


def report_to_data(report: GameReport) -> dict[str, Any]:
    """A game's report as JSON-ready data (`report_from_data` reads it back), so a long
    measurement can keep every game it played and go on later."""
    data = asdict(report)
    for name in _SEAT_MAPS:
        data[name] = {str(seat): v for seat, v in data[name].items()}
    return data


def report_from_data(data: dict[str, Any]) -> GameReport:
    """A report written by `report_to_data` (raises KeyError, TypeError or ValueError on
    data of another shape)."""
    spec = dict(data["spec"])
    for name in ("armies", "decks", "controllers"):
        spec[name] = tuple(spec[name])
    fields = {name: {int(seat): v for seat, v in dict(data.get(name, {})).items()}
              for name in _SEAT_MAPS}
    return GameReport(
        spec=GameSpec(**spec), winners=tuple(int(w) for w in data["winners"]),
        reason=str(data["reason"]), turns=int(data["turns"]), actions=int(data["actions"]),
        seconds=float(data["seconds"]), faults=[str(f) for f in data["faults"]],
        first_player=int(data.get("first_player", 0)), **fields)


def play_safely(spec: GameSpec) -> GameReport:
    """Play one game; a game that raises is reported as an ``error`` game with the
    exception as its fault (one broken game must not end a batch)."""
    try:
        return play(spec)
    except Exception as exc:  # noqa: BLE001 - one broken game must not end the batch
        return GameReport(spec, (), "error", 0, 0, 0.0, {}, [f"{type(exc).__name__}: {exc}"],
                          {}, {}, {}, {})


def run_batch(specs: Sequence[GameSpec], jobs: int | None = None,
              on_result: Callable[[GameReport], None] | None = None,
              scheduler: str | None = None) -> list[GameReport]:
    """Play every game, ``jobs`` processes at once (default: one per core), or on the Dask
    cluster of ``scheduler`` (`arena.ai.batches.executor`; `arena.ai.batches.Refused` when
    it cannot be used); sorted by index."""
    catalog()  # load once before forking (and refuse broken content before any game)
    reports = executor(jobs, scheduler).run(play_safely, specs, on_result, files_of(specs))
    reports.sort(key=lambda r: r.spec.index)
    return reports


# --- statistics --------------------------------------------------------------------------


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def sign_test(only_a: int, only_b: int) -> float:
    """Two-sided exact sign test for paired games: the chance of a split of the games only
    one side won at least this uneven if neither side were better."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    low = min(only_a, only_b)
    tail: float = sum(math.comb(n, k) for k in range(low + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


@dataclass
class Summary:
    """What a batch showed (plain data: `to_data` for JSON)."""

    scenario: str
    games: int
    controllers: list[str]
    armies: list[str]
    seed: int
    wins: dict[str, int] = field(default_factory=dict)
    win_rate: dict[str, float] = field(default_factory=dict)
    ci95: dict[str, tuple[float, float]] = field(default_factory=dict)
    draws: int = 0
    errors: int = 0
    turns: dict[str, float] = field(default_factory=dict)
    actions: dict[str, float] = field(default_factory=dict)
    times: dict[str, dict[str, float]] = field(default_factory=dict)
    turn_times: dict[str, dict[str, float]] = field(default_factory=dict)
    """Per controller: seconds per whole turn of its own (turns, median, p95, max)."""
    faults: list[str] = field(default_factory=list)
    budget_overruns: dict[str, int] = field(default_factory=dict)
    """Per controller, decisions its wall-clock cap cut short: non-zero means the machine's
    speed, not only the seed, decided some of those games."""
    pairings: list[dict[str, Any]] = field(default_factory=list)
    coverage: dict[str, dict[str, Any]] = field(default_factory=dict)
    seconds: float = 0.0

    def to_data(self) -> dict[str, Any]:
        """JSON-able data."""
        data = asdict(self)
        data["ci95"] = {k: list(v) for k, v in self.ci95.items()}
        return data


def summarize(reports: Sequence[GameReport], seed: int = 0, seconds: float = 0.0) -> Summary:
    """Statistics of a batch (see the module docstring)."""
    if not reports:
        raise ValueError("no games")
    first = reports[0].spec
    names = list(dict.fromkeys(n for r in reports for n in r.spec.controllers))
    armies = list(dict.fromkeys(a for r in reports for a in r.spec.armies))
    s = Summary(first.scenario, len(reports), names, armies, seed, seconds=seconds)
    played = [r for r in reports if r.reason != "error"]
    s.errors = len(reports) - len(played)
    for name in names:
        wins = sum(1 for r in played
                   if any(r.spec.controllers[w - 1] == name for w in r.winners))
        s.wins[name] = wins
        s.win_rate[name] = wins / len(played) if played else 0.0
        s.ci95[name] = wilson(wins, len(played))
    s.draws = sum(1 for r in played if not r.winners)
    turns = [r.turns for r in played] or [0]
    acts = [r.actions for r in played] or [0]
    s.turns = {"median": statistics.median(turns), "mean": statistics.fmean(turns),
               "min": min(turns), "max": max(turns)}
    s.actions = {"median": statistics.median(acts), "mean": statistics.fmean(acts),
                 "min": min(acts), "max": max(acts)}
    for name in names:
        times = [t for r in played for seat, ts in r.times.items()
                 if r.spec.controllers[seat - 1] == name for t in ts]
        s.times[name] = {"decisions": float(len(times)),
                         "median": statistics.median(times) if times else 0.0,
                         "p95": _percentile(times, 0.95),
                         "max": max(times) if times else 0.0}
        turns_taken = [t for r in played for seat, ts in r.turn_times.items()
                       if r.spec.controllers[seat - 1] == name for t in ts]
        s.turn_times[name] = {"turns": float(len(turns_taken)),
                              "median": statistics.median(turns_taken) if turns_taken else 0.0,
                              "p95": _percentile(turns_taken, 0.95),
                              "max": max(turns_taken) if turns_taken else 0.0}
    s.faults = [f"game {r.spec.index}: {f}" for r in reports for f in r.faults]
    for name in names:
        s.budget_overruns[name] = sum(n for r in played for seat, n in r.overruns.items()
                                      if r.spec.controllers[seat - 1] == name)
    # Per pairing: each seat's army and controller.
    table: dict[tuple[str, ...], Counter[str]] = {}
    for r in played:
        key = tuple(f"{c}:{a}" for c, a in zip(r.spec.controllers, r.spec.armies, strict=True))
        counter = table.setdefault(tuple(sorted(key)), Counter())
        counter["games"] += 1
        for w in r.winners:
            counter[f"{r.spec.controllers[w - 1]}:{r.spec.armies[w - 1]}"] += 1
        if not r.winners:
            counter["draws"] += 1
    for key, counter in sorted(table.items()):
        entry: dict[str, Any] = {"seats": list(key), "games": counter["games"],
                                 "draws": counter["draws"]}
        entry["wins"] = {k: counter[k] for k in key}
        s.pairings.append(entry)
    # Coverage: per controller, spells cast and abilities used out of those it had.
    for name in names:
        cast: Counter[str] = Counter()
        used: Counter[str] = Counter()
        had_spells: set[str] = set()
        had_abilities: set[str] = set()
        for r in played:
            for seat, ctrl in enumerate(r.spec.controllers, start=1):
                if ctrl != name:
                    continue
                cast.update(r.spells.get(seat, {}))
                used.update(r.abilities.get(seat, {}))
                had_spells.update(r.available_spells.get(seat, []))
                had_abilities.update(r.available_abilities.get(seat, []))
        s.coverage[name] = {
            "spells_cast": dict(sorted(cast.items())),
            "spells_never_cast": sorted(had_spells - set(cast)),
            "abilities_used": dict(sorted(used.items())),
            "abilities_never_used": sorted(had_abilities - set(used)),
        }
    return s
