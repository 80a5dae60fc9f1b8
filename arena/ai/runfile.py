"""Run files: a long batch of AI games kept on disk as it is played, and gone on from later.

A strength measurement takes hours on a small machine. ``arena sim --out FILE`` (and
``scripts/ai_strength.py --out``) rewrite one JSON file after every game with every game's
report (`arena.ai.sim.report_to_data`), the batch seed and a **fingerprint** of the code and
content that decide the games; ``--resume`` reads it back and plays only the games missing.
A file of other code, content or seed is refused with a message saying what to do: its games
would not be the games this code plays. For the same reason a kept game that a safety net cut
short (`cut_short`) is played again: the wall clock, not the code, decided part of it.

The fingerprint covers the rules, the AI, the hex maths and the shipped cards and scenarios
(`DECIDING`), never the client or the editor, so a change to the screen keeps old runs valid.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.ai.fingerprint import DECIDING, fingerprint
from arena.ai.sim import GameReport, report_from_data

__all__ = [
    "DECIDING", "ResumeError", "cut_short", "fingerprint", "kept_games", "read_run", "run_data",
]


class ResumeError(Exception):
    """A run file that cannot be gone on from (the message says why and what to do)."""


def read_run(path: Path, seed: int, code: str) -> tuple[list[GameReport], float]:
    """The games a previous run kept in ``path`` and the seconds it spent (none if the file
    does not exist yet); `ResumeError` if it was played by other code or with another seed."""
    if not path.exists():
        return [], 0.0
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        games = [report_from_data(g) for g in data["games"]]
        seconds = float(data.get("seconds", 0.0))
        old_code, old_seed = data["fingerprint"], int(data["seed"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
        raise ResumeError(f"{path}: not a run file of arena sim ({type(exc).__name__}); give "
                          "another --out or run without --resume") from exc
    if old_code != code:
        raise ResumeError(f"{path}: played by other code or content (fingerprint {old_code}, "
                          f"now {code}); its games would differ -- start a new --out file")
    if old_seed != seed:
        raise ResumeError(f"{path}: played with --seed {old_seed}; resume with that seed or "
                          "start a new --out file")
    return games, seconds


def cut_short(report: GameReport) -> bool:
    """Whether a safety net cut the game short: a decision the AI's wall-clock cap ended (a
    budget overrun) or a fault (a decision timed out, failed or was illegal). Such a game is
    not the one the code plays on a machine with time to spare -- a batch starved of CPU by
    other work plays others -- so it is not kept as a measurement."""
    return bool(report.faults) or any(report.overruns.values())


def kept_games(path: Path | None, resume: bool, seed: int, code: str
               ) -> tuple[list[GameReport], float, int]:
    """What ``--resume`` goes on from: the games and seconds kept in ``path`` (none without
    ``--resume``), and how many of its games were left out to be played again because a
    safety net cut them short (`cut_short`); `ResumeError` when the file cannot be gone on
    from."""
    if not resume or path is None:
        return [], 0.0, 0
    games, seconds = read_run(path, seed, code)
    kept = [g for g in games if not cut_short(g)]
    return kept, seconds, len(games) - len(kept)


def run_data(games: list[dict[str, Any]], seed: int, code: str, seconds: float,
             **extra: Any) -> dict[str, Any]:
    """What a run file holds (``extra``: a caller's own keys, such as the strength bars)."""
    return {**extra, "seed": seed, "fingerprint": code, "seconds": seconds, "games": games}
