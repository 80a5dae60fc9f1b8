"""Check balance: is the battlefield being edited fair? (headless part of the window)

The map as it is when the check starts is written to a temporary battlefield file, the very
file ``arena balance`` would read, and the batch is played on it by `arena.ai.balance`
(greedy against greedy by default, every pairing of the premade armies, seats swapped) in
worker processes, so the editor stays responsive and Cancel ends the workers at once. The
report is `arena.ai.balance.BalanceBatch.report`, the command line's own: for the same seed
and number of games the window and ``arena balance FILE --games N`` say the same.

The scenario played is The Duel, but on the map of a shipped scenario of teams or of more
players (the Skirmish's map plays the Skirmish, the Melee's the Melee: `scenario_for`);
the report then gives each team's and each seat's win rate too. A map the scenario cannot be
played on is refused before any game, with the reason the game itself gives
(`arena.content.fits.fit`, through `arena.ai.sim.check_fits`).

`report_html` and `heat` turn a report into the window's text and the board's heat map (the
share of the most figures destroyed on one hex); `editor.windows.balance_window` draws them.
"""

from __future__ import annotations

import html
import os
import shutil
import tempfile
from pathlib import Path

from pydantic import ValidationError

from arena.ai.balance import (
    DEFAULT_GAMES,
    Background,
    BalanceBatch,
    BalanceReport,
    first_player_line,
)
from arena.ai.sim import catalog
from arena.content import writer
from arena.content.storeys import named, position
from arena.hexgrid import parse_space
from editor.core.mapdoc import MapDoc, Position
from editor.core.validation import validate

__all__ = ["DEFAULT_GAMES", "MAX_GAMES", "BalanceCheck", "BalanceRefused", "heat",
           "parse_games", "report_html"]

MAX_GAMES = 1000
"""The most games one check plays (a thousand Duels take hours already)."""
SCENARIO = "the-duel"
"""The scenario played on a map no shipped scenario plays on: the guide's two-player battle,
greedy against greedy."""
SEED = 1
"""The batch seed (``arena balance``'s default ``--seed``)."""


class BalanceRefused(Exception):
    """The check cannot start on this map (the message says why and how to fix it)."""


def parse_games(text: str) -> int | str:
    """The number of games typed, or what is wrong with it."""
    text = text.strip()
    if not text.isdigit() or not 1 <= int(text) <= MAX_GAMES:
        return f"Games: a whole number from 1 to {MAX_GAMES}, e.g. {DEFAULT_GAMES}"
    return int(text)


def scenario_for(doc: MapDoc) -> str:
    """The scenario a balance check plays on the map: the shipped scenario of teams or of
    more than two players whose battlefield has the map's id (the Skirmish's or the Melee's
    map), else `SCENARIO` (every two-player map, as before)."""
    found = sorted(sid for sid, sc in catalog().scenarios.items()
                   if sc.battlefield == doc.id and (sc.teams or int(sc.players.min) > 2))
    return found[0] if found else SCENARIO


def default_jobs() -> int:
    """Worker processes: one per core but one, which the editor's window keeps."""
    return max(1, (os.cpu_count() or 2) - 1)


class BalanceCheck:
    """One balance check of a map, running in the background from construction on.

    `poll` (every frame) takes the games finished; `cancel` stops. The temporary file goes as
    soon as the games stop. `label` names the map in the report (its file, or its name)."""

    def __init__(self, doc: MapDoc, games: int = DEFAULT_GAMES, *, label: str | None = None,
                 seed: int = SEED, jobs: int | None = None, scenario: str | None = None
                 ) -> None:
        found = validate(doc)
        if not found.ok:
            count = len(found.findings)
            raise BalanceRefused(f"fix the map's {count} problem{'s' if count != 1 else ''} "
                                 f"first: {found.findings[0].message}")
        try:
            field = doc.to_battlefield()
        except ValidationError as exc:  # validate found nothing: kept as a plain message
            raise BalanceRefused(f"the battlefield is not complete: {exc.errors()[0]['msg']}"
                                 ) from exc
        self.label = label or doc.name
        self.folder: Path | None = Path(tempfile.mkdtemp(prefix="arena-balance-"))
        path = self.folder / f"{doc.id}.yaml"
        try:
            writer.save_model(field, path)
            self.batch = BalanceBatch(str(path), scenario or scenario_for(doc), games, seed)
        except (ValueError, OSError) as exc:  # the game's own refusal (`check_fits`)
            self._remove()
            raise BalanceRefused(str(exc)) from exc
        self.cancelled = False
        self.worker = Background(self.batch, jobs or default_jobs())

    @property
    def done(self) -> int:
        return self.batch.done

    @property
    def total(self) -> int:
        return self.batch.total

    @property
    def running(self) -> bool:
        return self.worker.running

    @property
    def error(self) -> str | None:
        return self.worker.error

    def poll(self, wait: float = 0.0) -> bool:
        """Take the games finished since the last poll (waiting up to `wait` seconds for one
        when none has); True while games are being played."""
        running = self.worker.poll(wait)
        if not running:
            self._remove()
        return running

    def cancel(self) -> None:
        """Stop now (the workers are ended; the games played so far stay in the report)."""
        if self.worker.running:
            self.cancelled = True
        self.worker.cancel()
        self._remove()

    def report(self) -> BalanceReport:
        """The report of the games played so far, naming the map by `label`."""
        report = self.batch.report()
        report.battlefield = self.label
        return report

    def _remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _space(text: str) -> Position | None:
    """A space as the report writes it (``q,r`` or ``q,r@level``: `format_space`)."""
    found = parse_space(text)
    return position(found) if found is not None else None


def heat(report: BalanceReport) -> dict[Position, tuple[int, float]]:
    """The spaces where most figures were destroyed: per space (the ground under a bridge
    and its deck apart), the count and its share of the highest count (1.0 for the deadliest
    space)."""
    top = max((n for _, n in report.deaths), default=0)
    return {at: (n, n / top) for space, n in report.deaths
            if top and (at := _space(space)) is not None}


def scenario_name(scenario_id: str) -> str:
    """A scenario's name ("The Duel") by its id, as the game lists it."""
    found = catalog().scenarios.get(scenario_id)
    return str(found.name) if found is not None else scenario_id


def _where(space: str) -> str:
    """A space of the report in the map's words: ``[q, r]``, or ``q,r@level`` on a column
    with several surfaces (`arena.content.storeys.named`)."""
    at = _space(space)
    return named(at) if at is not None else space


def report_html(report: BalanceReport, names: dict[str, str]) -> str:
    """The report as the window shows it (pygame_gui's HTML subset); `names`: each zone's
    name on the map by its id."""
    def zone(zone_id: str) -> str:
        return html.escape(names.get(zone_id, zone_id))

    colour = "#ff7060" if report.unbalanced else "#8ee6a0"
    verdict = html.escape(report.verdict[:1].upper() + report.verdict[1:])
    lines = [f"<font color='{colour}'><b>{verdict}</b></font>",
             f"{report.games} games of {html.escape(scenario_name(report.scenario))}, "
             f"{' vs '.join(report.controllers)}, seats swapped", "",
             "<b>Win rate by starting zone</b> (95% interval)"]
    for zone_id, games in report.zone_games.items():
        lo, hi = report.ci95[zone_id]
        lines.append(f"{zone(zone_id)}: {report.zone_wins[zone_id]} of {games} won "
                     f"({report.win_rate[zone_id]:.0%}, {lo:.0%} to {hi:.0%})")
    for title, games_by, wins_by, rate_by, ci_by, name in (
            ("team", report.team_games, report.team_wins, report.team_rate, report.team_ci95,
             "Seats {}"),
            ("seat", report.seat_games, report.seat_wins, report.seat_rate, report.seat_ci95,
             "Seat {}")):
        if len(games_by) < 2:
            continue
        lines += ["", f"<b>Win rate by {title}</b> (95% interval)"]
        for key, games in games_by.items():
            lo, hi = ci_by[key]
            lines.append(f"{name.format(key.replace('+', ' and '))}: {wins_by[key]} of "
                         f"{games} won ({rate_by[key]:.0%}, {lo:.0%} to {hi:.0%})")
    if report.draws:
        lines.append(f"Draws: {report.draws}")
    first = first_player_line(report)
    if first:
        lines.append(f"<font color='#ffc060'>{html.escape(first[:1].upper() + first[1:])}"
                     "</font>")
    lines += ["", f"<b>Average game length</b>: {report.turns_mean:.1f} turns", "",
              "<b>Glyphs taken</b> (landings, by starting zone)"]
    lines += [f"{html.escape(report.glyph_kinds.get(space, '?'))} glyph at {_where(space)}: "
              + ", ".join(f"{zone(z)} {n}" for z, n in by.items())
              for space, by in report.glyphs.items()] or ["none"]
    for space, favoured in report.glyph_favoured.items():
        by = sorted(report.glyphs[space].items(), key=lambda i: -i[1])
        counts = " to ".join(f"{zone(z)} {n}" for z, n in by)
        lines.append(f"<font color='#ff7060'>{html.escape(report.glyph_kinds.get(space, '?'))} "
                     f"glyph at {_where(space)}: {counts}, more from {zone(favoured)} than "
                     "chance explains</font>")
    if report.reach:
        lines += ["", f"<b>{html.escape(report.reach[0].rstrip(':'))}</b>"]
        lines += [f"<font color='#ff7060'>{html.escape(line.strip())}</font>"
                  if line.strip().startswith("UNEVEN") else html.escape(line.strip())
                  for line in report.reach[1:]]
    lines += ["", "<b>Most figures destroyed</b> (the heat map on the board)"]
    lines += [", ".join(f"{_where(space)} {n}" for space, n in report.deaths) or "none"]
    return "<br>".join(lines)
