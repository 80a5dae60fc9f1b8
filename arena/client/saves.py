"""Saved games: the engine's save plus what the client needs to resume (seats, log).

A save file is JSON::

    {"format": "arena-client-save", "version": 1, "saved_at": "2025-...",
     "label": "The Duel, turn 7", "scenario": "The Duel", "turn": 7,
     "seats": [{"kind": "human", "difficulty": "normal", "army": ..., "team": 0,
                "deck": ...}, ...],
     "log": ["Turn 7: Player 1's turn began.", ...],
     "game": <Game.to_data()>}

A save is self-contained: the game data holds every card of every army and deck in full (not
just their ids), so a game played with the player's own army still loads after that army's
file was changed or deleted; the ids in ``seats`` only label the players.

They live in ``<data dir>/saves/``; the autosave (written at the start of every turn) is
``autosave.json`` there, and "Continue" loads it. Loading never crashes the client: every
way a file can be wrong (missing, too large, nested too deeply, not JSON, not a save, an
engine that refuses it, a position that breaks the engine's invariants: a seat or a spell that
does not exist, a figure off the board, damage out of bounds, a battle nobody can act in)
becomes a `SaveError` with a sentence a player can read, and the file is left as it was.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from arena.client.content import SeatSetup
from arena.client.storage import (
    data_dir,
    read_json,
    remove_stale_temporaries,
    write_json_atomic,
)
from arena.content.to_engine import card_factory
from arena.engine import Game
from arena.engine.integrity import problems

__all__ = [
    "AUTOSAVE",
    "LoadedSave",
    "SaveError",
    "SaveInfo",
    "autosave_path",
    "list_saves",
    "load_save",
    "new_save_path",
    "save_game",
    "saves_dir",
    "tidy_data_folder",
]

FORMAT = "arena-client-save"
VERSION = 1
AUTOSAVE = "autosave.json"
LOG_KEPT = 300
MAX_SAVE_BYTES = 8 * 1024 * 1024
"""The largest save read (a Duel's save is about 50 KB; a Melee's a few times that)."""


class SaveError(Exception):
    """A save that cannot be loaded; ``str()`` is a sentence for the player."""


@dataclass(frozen=True)
class LoadedSave:
    """A loaded game, ready for the battle screen."""

    game: Game
    seats: tuple[SeatSetup, ...]
    log: tuple[str, ...]
    path: Path


@dataclass(frozen=True)
class SaveInfo:
    """A save as listed on the Load screen (read cheaply; ``problem`` when damaged)."""

    path: Path
    label: str
    saved_at: str
    autosave: bool
    problem: str = ""


def saves_dir() -> Path:
    """Where saves go (created by the first save)."""
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


def tidy_data_folder() -> list[Path]:
    """Remove the temporary files that writes interrupted by a crash or a kill left in the
    data folder and the saves folder (at start-up); returns what was removed."""
    return remove_stale_temporaries(data_dir()) + remove_stale_temporaries(saves_dir())


def new_save_path(label: str) -> Path:
    """A fresh file name for a manual save."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")[:40] or "game"
    path = saves_dir() / f"{stamp}-{slug}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{stamp}-{slug}-{n}.json"
        n += 1
    return path


def save_game(path: Path, game: Game, seats: Sequence[SeatSetup], log: Sequence[str],
              scenario_name: str) -> None:
    """Write a save atomically (raises ``OSError`` when the disk refuses)."""
    label = f"{scenario_name}, turn {game.turn}"
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "saved_at": _dt.datetime.now().isoformat(timespec="seconds"),
        "label": label,
        "scenario": scenario_name,
        "turn": game.turn,
        "seats": [asdict(s) for s in seats],
        "log": list(log)[-LOG_KEPT:],
        "game": game.to_data(),
    }
    write_json_atomic(path, record)


def _seat(data: Any) -> SeatSetup:
    if not isinstance(data, dict):
        raise SaveError("its list of players is damaged")
    kind = data.get("kind", "human")
    if kind not in ("human", "ai"):
        raise SaveError(f"it names an unknown kind of player ({kind!r})")
    return SeatSetup(
        kind=str(kind),
        difficulty=str(data.get("difficulty", "normal")),
        army=str(data.get("army", "")),
        team=int(data.get("team", 0) or 0),
        deck=str(data.get("deck", "") or ""),
    )


def load_save(path: Path) -> LoadedSave:
    """Load a save (raises `SaveError` with a readable reason)."""
    try:
        record = read_json(path, MAX_SAVE_BYTES)
    except FileNotFoundError as exc:
        raise SaveError(f"There is no saved game at {path.name}.") from exc
    except OSError as exc:
        raise SaveError(f"The save {path.name} could not be read ({exc.strerror}).") from exc
    except ValueError as exc:
        raise SaveError(f"The save {path.name} is damaged: {exc}. Nothing was "
                        "changed.") from exc
    try:
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise SaveError("it is not an Arena saved game")
        if int(record.get("version", 0)) > VERSION:
            raise SaveError("it was written by a newer version of Arena")
        seats = tuple(_seat(s) for s in record.get("seats", []))
        log = tuple(str(line) for line in record.get("log", []))
        game = Game.from_data(record["game"], card_factory=card_factory)
        if seats and len(seats) != len(game.state.static.seats):
            raise SaveError("its players do not match its game")
        wrong = problems(game, limit=3)
        if wrong:
            raise SaveError("the game inside it is damaged: " + "; ".join(wrong))
        if not seats:
            seats = tuple(SeatSetup("human") for _ in game.state.static.seats)
    except SaveError as exc:
        raise SaveError(f"The save {path.name} cannot be loaded: {exc}. Nothing was "
                        "changed.") from exc
    except Exception as exc:  # noqa: BLE001 - any engine complaint becomes a message
        raise SaveError(f"The save {path.name} cannot be loaded: the game inside it is "
                        f"damaged ({plain_reason(exc)}). Nothing was changed.") from exc
    return LoadedSave(game, seats, log, path)


def plain_reason(exc: BaseException) -> str:
    """An engine's complaint in words a player can read: its message when it has one, never
    a Python type name or a bare key."""
    if isinstance(exc, KeyError):
        return f"it names something that is not in the game ({exc.args[0]!r})" if exc.args \
            else "it names something that is not in the game"
    text = str(exc).strip()
    if not text or isinstance(exc, (TypeError, AttributeError, IndexError)):
        return "a value in it has the wrong form"
    return text


def list_saves() -> list[SaveInfo]:
    """Every save file, the autosave first, then the newest first."""
    found: list[SaveInfo] = []
    folder = saves_dir()
    if not folder.is_dir():
        return found
    for path in folder.glob("*.json"):
        auto = path.name == AUTOSAVE
        try:
            record = read_json(path, MAX_SAVE_BYTES)
            if not isinstance(record, dict) or record.get("format") != FORMAT:
                raise ValueError("not an Arena save")
            label = str(record.get("label", path.stem))
            saved_at = str(record.get("saved_at", ""))
            found.append(SaveInfo(path, ("Autosave: " if auto else "") + label, saved_at,
                                  auto))
        except (OSError, ValueError) as exc:
            found.append(SaveInfo(path, path.stem, "", auto, f"damaged: {exc}"))
    found.sort(key=lambda s: (not s.autosave, _mtime_key(s.path)))
    return found


def _mtime_key(path: Path) -> float:
    try:
        return -path.stat().st_mtime
    except OSError:
        return 0.0
