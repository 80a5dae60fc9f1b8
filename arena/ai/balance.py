"""Is a battlefield fair? AI-against-AI games on it, reported by starting zone.

A map maker's question no other Heroscape tool answers: does one starting zone win more than
the other? And beyond the Duel: does one team of the Skirmish, or one seat of the Melee, win
more than the others (reported per team and per seat, flagged the same way)? `check` plays a
batch of games of a scenario on a battlefield file (greedy against greedy by default, every
pairing of the premade armies, controllers rotated through the seats so no army or AI keeps a
side) and reports, per starting zone, the games started there, the wins with a 95% Wilson
interval, and a flag when the zones' win rates differ by more than chance explains (their
intervals do not overlap); the average game length; who landed on each glyph (by the zone the
player started in); and the spaces where most figures were destroyed (a heat map for the
editor).

A zone is a player's by where their Planeswalker was placed (`PlaneswalkerPlaced`): players
choose their zone at set-up, as in the guide, so the first player's pick is part of the
zone's record, and the report says when the first player started in the same zone in every
game (`first_player_line`: on the Duel the greedy AI always picks yellow, and most of
yellow's lead on the power glyph is the first player's; measurements/duel-glyph/). The
battlefield must be playable as the scenario first: the same check the game makes before it
starts a battle there (`arena.ai.sim.check_fits`).

`BalanceBatch` is a batch being played, a game at a time (the editor's "Check balance" window
plays it in the background: `arena.ai.batches.Background`, worker processes it polls and can
stop at once); `check` plays a whole batch for the command line, on local processes or a
Dask cluster (`arena.ai.batches.executor`). Both report through the same
`BalanceBatch.report`, and a game's result depends only on its seed: the window and ``arena
balance`` give the same report for the same seed and number of games. For that the clock-free
controllers (greedy, easy, random: their work is bounded by the position) play without the
wall-clock safety net, which on a busy machine would cut decisions short and change games.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from arena.ai.batches import Background, executor, unplayed
from arena.ai.levels import make_controller
from arena.ai.match import DEFAULT_TIME_LIMIT, Match
from arena.ai.sim import (
    GameSpec,
    battlefield_file,
    catalog,
    check_fits,
    files_of,
    new_game,
    plan,
    wilson,
)
from arena.content.zone_reach import reach_lines
from arena.engine import Game
from arena.engine.actions import format_hex, pos_hexes
from arena.engine.events import Event, FigureDestroyed, FigureMoved, PlaneswalkerPlaced

__all__ = ["DEFAULT_GAMES", "Background", "BalanceBatch", "BalanceGame", "BalanceReport",
           "check", "favoured_lines", "first_player_line", "summarize"]

DEFAULT_GAMES = 40
"""Games a balance check plays unless told otherwise (enough to see a large imbalance)."""
HEAT_SPACES = 10
"""The spaces listed where most figures were destroyed."""
CLOCK_FREE = frozenset({"greedy", "easy", "random"})
"""Controllers whose decisions are bounded by the position, not the clock (`arena.ai.levels`):
a batch of only these needs no wall-clock cap, and is then the same on any machine."""
SHUFFLED = "shuffled"
"""`BalanceReport.glyph_kinds` for a glyph space whose glyph differs between games."""


@dataclass(frozen=True)
class BalanceGame:
    """What one game tells about the battlefield."""

    index: int
    zones: dict[int, str]
    """Each seat's starting zone (where its Planeswalker was placed)."""
    winners: tuple[int, ...]
    turns: int
    glyphs: list[tuple[str, str]]
    """(glyph space, zone of the player whose figure landed on it), one per landing."""
    deaths: list[str]
    """The space of every figure destroyed."""
    glyph_kinds: dict[str, str] = field(default_factory=dict)
    """The kind of glyph on each glyph space at the start (shuffled set-ups differ by game)."""
    players: int = 0
    """Seats in the game (0: those in `zones`)."""


@dataclass
class BalanceReport:
    """A batch's verdict (see the module docstring)."""

    battlefield: str
    scenario: str
    games: int
    controllers: list[str]
    zone_games: dict[str, int] = field(default_factory=dict)
    zone_wins: dict[str, int] = field(default_factory=dict)
    win_rate: dict[str, float] = field(default_factory=dict)
    ci95: dict[str, tuple[float, float]] = field(default_factory=dict)
    draws: int = 0
    turns_mean: float = 0.0
    glyphs: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per glyph space, how many times a figure of a player starting in each zone landed on
    it (took it, for a temporary glyph)."""
    glyph_kinds: dict[str, str] = field(default_factory=dict)
    """Per glyph space landed on, its glyph's kind (`SHUFFLED` when it differed by game)."""
    deaths: list[tuple[str, int]] = field(default_factory=list)
    seat_games: dict[str, int] = field(default_factory=dict)
    """Per seat ("1" is the first player in the turn order's seating): games played."""
    seat_wins: dict[str, int] = field(default_factory=dict)
    seat_rate: dict[str, float] = field(default_factory=dict)
    seat_ci95: dict[str, tuple[float, float]] = field(default_factory=dict)
    team_games: dict[str, int] = field(default_factory=dict)
    """Per team of a team scenario (the Skirmish: "1+2", "3+4"), games played."""
    team_wins: dict[str, int] = field(default_factory=dict)
    team_rate: dict[str, float] = field(default_factory=dict)
    team_ci95: dict[str, tuple[float, float]] = field(default_factory=dict)
    first_zone: dict[str, int] = field(default_factory=dict)
    """Per zone, the games whose first player (the first to place a Planeswalker) started
    there: a zone the first player always picks carries the first player's edge."""
    glyph_favoured: dict[str, str] = field(default_factory=dict)
    """Per glyph space one zone's players landed on more often than chance explains (that
    zone's share of the landings has a 95% interval above an even split): that zone."""
    reach: list[str] = field(default_factory=list)
    """The field's own measure of its zones (`arena.content.zone_reach.reach_lines`): size,
    mean level, mean distance to the centre and to each glyph, uneven ones called out."""
    unbalanced: bool = False
    verdict: str = ""

    def to_data(self) -> dict[str, Any]:
        """JSON-able data."""
        data = asdict(self)
        for name in ("ci95", "seat_ci95", "team_ci95"):
            data[name] = {k: list(v) for k, v in getattr(self, name).items()}
        data["deaths"] = [list(d) for d in self.deaths]
        return data


def play_game(spec: GameSpec) -> BalanceGame:
    """Play one game of a balance batch in this process."""
    game: Game = new_game(spec)
    glyph_spaces = {format_hex(h) for h in game.state.glyphs}
    kinds = {format_hex(h): g.kind or "?" for h, g in game.state.glyphs.items()}
    zones: dict[int, str] = {}
    landings: list[tuple[int, str]] = []
    deaths: list[str] = []

    def watch(events: list[Event]) -> None:
        for event in events:
            match event:
                case PlaneswalkerPlaced(player=player, zone=zone):
                    zones[player] = zone
                case FigureMoved(player=player, end=end):
                    landings.extend((player, key) for h in pos_hexes(end)
                                    if (key := format_hex(h)) in glyph_spaces)
                case FigureDestroyed(hexes=hexes) if hexes:
                    deaths.append(format_hex(hexes[0]))

    watch(game.initial_events)
    controllers = {seat: make_controller(name, spec.seed * 10 + seat)
                   for seat, name in enumerate(spec.controllers, start=1)}
    result = Match(game, controllers, time_limit=spec.time_limit, on_events=watch).run()
    return BalanceGame(spec.index, zones, tuple(result.winners), result.turns,
                       [(space, zones.get(player, "?")) for player, space in landings], deaths,
                       kinds, len(spec.controllers))


class BalanceBatch:
    """A batch being played: its games (`specs`), those played so far, and its report.

    Raises ValueError (every reason, in the game's words) when the battlefield cannot be
    played as the scenario. `step` plays the next game in this process; `Background` plays
    them in worker processes and hands each result to `add`."""

    def __init__(self, battlefield: str, scenario: str = "the-duel",
                 games: int = DEFAULT_GAMES, seed: int = 1,
                 controllers: Sequence[str] = ("greedy", "greedy"),
                 players: int | None = None) -> None:
        names = [c.strip().lower() for c in controllers if c.strip()]
        clock = None if names and set(names) <= CLOCK_FREE else DEFAULT_TIME_LIMIT
        self.specs = plan(scenario, names, games, seed, battlefield=battlefield,
                          time_limit=clock, players=players)
        self.battlefield = battlefield
        self.controllers = list(dict.fromkeys(names))
        # Zones standing in for the scenario's are reported by the battlefield's own names.
        self.own = {stand_in: zone for zone, stand_in in
                    check_fits(self.specs[0].scenario, battlefield).items()}
        self.reach = reach_lines(battlefield_file(battlefield))
        self.played: list[BalanceGame] = []

    @property
    def total(self) -> int:
        return len(self.specs)

    @property
    def done(self) -> int:
        return len(self.played)

    @property
    def task(self) -> Callable[[GameSpec], BalanceGame]:
        """How one game is played (a module-level function: worker processes import it)."""
        return play_game

    def todo(self) -> list[GameSpec]:
        """The games not played yet."""
        return unplayed(self.specs, self.played)

    def add(self, game: BalanceGame) -> None:
        """Count a game played (in any order: the report sorts them by index)."""
        self.played.append(game)

    def step(self) -> bool:
        """Play the next game not yet played, here; False when there is none."""
        left = sorted({s.index for s in self.specs} - {g.index for g in self.played})
        if not left:
            return False
        self.add(play_game(self.specs[left[0]]))
        return True

    def report(self) -> BalanceReport:
        """The report of the games played so far."""
        played = sorted(self.played, key=lambda g: g.index)
        own = self.own
        if own:
            played = [replace(g, zones={s: own.get(z, z) for s, z in g.zones.items()},
                              glyphs=[(h, own.get(z, z)) for h, z in g.glyphs])
                      for g in played]
        scenario = self.specs[0].scenario
        teams = [tuple(t) for t in catalog().scenarios[scenario].teams or []]
        report = summarize(played, self.battlefield, scenario, self.controllers, teams)
        report.reach = list(self.reach)
        return report


def check(battlefield: str, scenario: str = "the-duel", games: int = DEFAULT_GAMES,
          seed: int = 1, controllers: Sequence[str] = ("greedy", "greedy"),
          jobs: int | None = None,
          on_game: Callable[[int, int], None] | None = None,
          cancelled: Callable[[], bool] | None = None,
          scheduler: str | None = None, players: int | None = None) -> BalanceReport:
    """Play the batch (``jobs`` local processes, or the cluster of ``scheduler``) and report
    (``on_game(done, total)`` after each game; ``cancelled()`` true stops the batch there,
    reporting the games played so far; ``players``: for a scenario of several counts)."""
    batch = BalanceBatch(battlefield, scenario, games, seed, controllers, players)
    if cancelled is not None and cancelled():
        return batch.report()

    def count(record: BalanceGame) -> None:
        batch.add(record)
        if on_game is not None:
            on_game(batch.done, batch.total)

    catalog()  # load once before forking
    executor(jobs, scheduler).run(play_game, batch.specs, count, files_of(batch.specs),
                                  cancelled)
    return batch.report()


def summarize(played: Sequence[BalanceGame], battlefield: str, scenario: str,
              controllers: list[str], teams: Sequence[Sequence[int]] = ()) -> BalanceReport:
    """The report of the games played (see the module docstring); ``teams``: the scenario's
    teams of seats, if it has teams."""
    report = BalanceReport(battlefield, scenario, len(played), controllers)
    seat_games: Counter[str] = Counter()
    seat_wins: Counter[str] = Counter()
    team_games: Counter[str] = Counter()
    team_wins: Counter[str] = Counter()
    for g in played:
        seats = range(1, (g.players or len(g.zones)) + 1)
        seat_games.update(str(s) for s in seats)
        seat_wins.update(str(w) for w in set(g.winners))
        for team in teams:
            name = "+".join(map(str, team))
            team_games[name] += 1
            team_wins[name] += bool(set(team) & set(g.winners))
    for seat in sorted(seat_games, key=int):
        report.seat_games[seat] = seat_games[seat]
        report.seat_wins[seat] = seat_wins[seat]
        report.seat_rate[seat] = seat_wins[seat] / seat_games[seat]
        report.seat_ci95[seat] = wilson(seat_wins[seat], seat_games[seat])
    for side in team_games:
        report.team_games[side] = team_games[side]
        report.team_wins[side] = team_wins[side]
        report.team_rate[side] = team_wins[side] / team_games[side]
        report.team_ci95[side] = wilson(team_wins[side], team_games[side])
    starts: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for g in played:
        starts.update(set(g.zones.values()))
        wins.update({g.zones[w] for w in g.winners if w in g.zones})
        report.draws += not g.winners
    for zone in sorted(starts):
        report.zone_games[zone] = starts[zone]
        report.zone_wins[zone] = wins[zone]
        report.win_rate[zone] = wins[zone] / starts[zone]
        report.ci95[zone] = wilson(wins[zone], starts[zone])
    report.turns_mean = statistics.fmean(g.turns for g in played) if played else 0.0
    glyphs: dict[str, Counter[str]] = {}
    kinds: dict[str, set[str]] = {}
    for g in played:
        for space, zone in g.glyphs:
            glyphs.setdefault(space, Counter())[zone] += 1
            kinds.setdefault(space, set()).add(g.glyph_kinds.get(space, "?"))
    report.glyphs = {space: dict(sorted(c.items())) for space, c in sorted(glyphs.items())}
    report.glyph_kinds = {space: next(iter(k)) if len(k) == 1 else SHUFFLED
                          for space, k in sorted(kinds.items())}
    report.first_zone = dict(sorted(Counter(next(iter(g.zones.values())) for g in played
                                            if g.zones).items()))
    report.glyph_favoured = _favoured(report)
    report.deaths = Counter(d for g in played for d in g.deaths).most_common(HEAT_SPACES)
    report.unbalanced, report.verdict = _verdict(report)
    return report


def _favoured(report: BalanceReport) -> dict[str, str]:
    """Each glyph space whose landings favour one zone beyond chance, and that zone: its share
    of the landings has a 95% Wilson interval above an even split among the zones played."""
    zones = sorted(report.zone_games)
    if len(zones) < 2:
        return {}
    out: dict[str, str] = {}
    for space, by in report.glyphs.items():
        total = sum(by.get(z, 0) for z in zones)
        most = max(zones, key=lambda z: by.get(z, 0))
        if total and wilson(by.get(most, 0), total)[0] > 1 / len(zones):
            out[space] = most
    return out


def first_player_line(report: BalanceReport) -> str:
    """When the first player started in the same zone in every game: that the zone's record
    (wins and glyphs) is the first player's too (empty otherwise)."""
    if len(report.zone_games) < 2 or len(report.first_zone) != 1 or report.games < 2:
        return ""
    zone, games = next(iter(report.first_zone.items()))
    return (f"the first player started in {zone} in all {games} games: {zone}'s wins and "
            "glyph landings include the first player's edge")


def favoured_lines(report: BalanceReport) -> list[str]:
    """`BalanceReport.glyph_favoured` in words, one line a glyph."""
    lines = []
    for space, zone in report.glyph_favoured.items():
        q, r = space.split(",")
        by = sorted(report.glyphs[space].items(), key=lambda i: -i[1])
        lines.append(f"the {report.glyph_kinds.get(space, '?')} glyph at [{q}, {r}] was landed "
                     f"on more from {zone} than chance explains ("
                     + " to ".join(f"{z} {n}" for z, n in by) + ")")
    return lines


def _verdict(report: BalanceReport) -> tuple[bool, str]:
    """Flag starting zones, then teams, then seats whose 95% intervals do not overlap: one
    wins more than chance explains."""
    groups = (("zone", "starting in ", report.win_rate, report.ci95),
              ("team", "team ", report.team_rate, report.team_ci95),
              ("seat", "seat ", report.seat_rate, report.seat_ci95))
    compared = []
    for kind, prefix, rates, ci in groups:
        if len(ci) < 2:
            continue
        compared.append(kind)
        best = max(ci, key=lambda k: rates[k])
        worst = min(ci, key=lambda k: rates[k])
        if ci[best][0] > ci[worst][1]:
            where = "in " if kind == "zone" else prefix
            return True, (f"unbalanced: {prefix}{best} wins {rates[best]:.0%}, {where}{worst} "
                          f"{rates[worst]:.0%}; the 95% intervals do not overlap")
    if not compared:
        return False, "fewer than two starting zones or seats were played: nothing to compare"
    names = {"zone": "zones'", "team": "teams'", "seat": "seats'"}
    listed = [names[k] for k in compared]
    said = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    return False, (f"balanced as far as these games tell: the {said} 95% intervals overlap "
                   "(more games narrow them)")
