"""The short balance check of proposed starting zones (headless part).

A community map opened in the editor gets zones the importer proposed
(`arena.content.zone_proposal`): chosen to be even by measure, but not yet played. Right
after the import a short, seeded Check balance runs in the background (`ZONE_GAMES` greedy
Duels, one worker process: `editor.core.balance_check.BalanceCheck`), and until it is done
the verdict says "Ready to play as The Duel (proposed zones, not checked for fairness)".
Its result (the balance report's own verdict and the wins by zone) is kept for the map as it
was checked (`editor.core.verdict.record`, by the battlefield's YAML), so the verdict shows it
while the map stays as checked, and says "not checked" again once the map is edited.
"""

from __future__ import annotations

import weakref

from arena.ai.balance import BalanceReport, favoured_lines
from editor.core.balance_check import SEED, BalanceCheck, BalanceRefused
from editor.core.mapdoc import MapDoc
from editor.core.verdict import proposed, record

__all__ = ["ZONE_GAMES", "ZoneCheck", "result_line", "start", "stop_all"]

ZONE_GAMES = 4
"""Games of the check after an import: a few, so it ends within a minute or two; a map
maker runs Check balance for more."""


def result_line(report: BalanceReport) -> str:
    """What the check found, in one line: its verdict, the wins by zone, uneven glyphs."""
    wins = ", ".join(f"{zone} won {report.zone_wins[zone]} of {games}"
                     for zone, games in report.zone_games.items())
    line = (f"proposed zones checked by {report.games} greedy games (seed {SEED}): "
            f"{report.verdict}" + (f" ({wins})" if wins else ""))
    uneven = favoured_lines(report) + [r.strip().removeprefix("UNEVEN: ")
                                       for r in report.reach if "UNEVEN" in r]
    return line + ("; " + "; ".join(uneven) if uneven else "")


class ZoneCheck:
    """One short check of a map's proposed zones, running in the background from
    construction on (raises `BalanceRefused` when the map cannot be played as The Duel).
    `poll` once a frame; `done` and `line` once it has finished."""

    def __init__(self, doc: MapDoc, games: int = ZONE_GAMES, jobs: int = 1) -> None:
        self.key = doc.to_yaml()
        # Check balance's own seed: the same games every time for the same map.
        self.check = BalanceCheck(doc, games, label=doc.name, seed=SEED, jobs=jobs)
        self.line = ""
        _RUNNING.add(self)

    @property
    def done(self) -> bool:
        return bool(self.line)

    def poll(self, wait: float = 0.0) -> bool:
        """Take the games finished; True while games are being played. When the last one
        ends, the result is recorded for the map as it was checked."""
        if self.done:
            return False
        if self.check.poll(wait):
            return True
        report = self.check.report()
        if self.check.error:
            self.line = f"proposed zones: the check stopped ({self.check.error})"
        else:
            self.line = result_line(report)
            record(self.key, self.line)
        return False

    def cancel(self) -> None:
        self.check.cancel()


_RUNNING: weakref.WeakSet[ZoneCheck] = weakref.WeakSet()
"""Every check made in this process (`stop_all` ends those still playing)."""


def stop_all() -> None:
    """End every check still playing (an editor dropped without closing: the tests)."""
    for check in list(_RUNNING):
        check.cancel()


def start(doc: MapDoc) -> ZoneCheck | None:
    """A check of the map's proposed zones, or None when it has none or cannot be played
    (the verdict says why already)."""
    if not proposed(doc):
        return None
    try:
        return ZoneCheck(doc)
    except BalanceRefused:
        return None
