"""Saved games: the engine's save plus what the client needs to resume (seats, log).

A save file is JSON::

    {"format": "arena-client-save", "version": 1, "saved_at": "2025-...",
     "label": "The Duel, turn 7", "scenario": "The Duel", "turn": 7,
     "name": "Before the bridge", "players": ["Player 1: human, ...", ...],
     "thumbnail": "<base64 PNG of the battlefield>",
     "seats": [{"kind": "human", "difficulty": "normal", "army": ..., "team": 0,
                "deck": ...}, ...],
     "log": ["Turn 7: Player 1's turn began.", ...],
     "game": <Game.to_data()>}

A save is self-contained: the game data holds every card of every army and deck in full (not
just their ids), so a game played with the player's own army still loads after that army's
file was changed or deleted; the ids in ``seats`` only label the players.

They live in ``<data dir>/saves/``; the autosave (written at the start of every turn) is
``autosave.json`` there, and "Continue" loads it. A *named slot* is a save the player named
(`save_slot`): saving under a name that exists replaces that slot's file -- unless the slot
changed since the window looked (`seen_slot`: another window saved there meanwhile), which
raises `SlotChanged` so the window asks again -- and the Load screen renames (`rename_save`)
and deletes (`delete_save`) them. The slot's name, players and a small picture of the
battlefield (a PNG the screen rendered, at most `MAX_THUMBNAIL_BYTES`) are kept inside the
save itself, so one atomic write keeps them together and the size cap covers them.
Listing checks what the Load screen shows (`list_saves`): a file whose fields are damaged or
tampered with is listed with a plain ``problem`` instead of its details. Loading runs that
same check first, then the game's (`check_save` is loading without keeping the game), so
the Load screen and loading never disagree: what is listed as damaged is never played, and
what loading refuses -- an action that is not an action, a turn the listing misstates --
is listed as damaged once checked.

Loading never crashes the client: every way a file can be wrong (missing, too large, nested
too deeply, not JSON, not a save, an engine that refuses it, a position that breaks the
engine's invariants: a seat or a spell that does not exist, a figure off the board, damage out
of bounds, a battle nobody can act in) becomes a `SaveError` with a sentence a player can
read, and the file is left as it was.
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import re
import threading
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from arena.client import content
from arena.client.content import SeatSetup
from arena.client.save_folder import AUTOSAVE, autosave_path, saves_dir, tidy_data_folder
from arena.client.storage import read_json, write_json_atomic
from arena.client.wording import plain_text
from arena.content.saved import save_problems
from arena.content.to_engine import card_factory
from arena.engine import Game
from arena.engine.integrity import history_problems, problems

__all__ = [
    "AUTOSAVE",
    "LoadedSave",
    "SaveError",
    "SaveInfo",
    "SlotChanged",
    "SlotSeen",
    "autosave_path",
    "check_save",
    "delete_save",
    "list_saves",
    "load_save",
    "new_save_path",
    "rename_save",
    "save_game",
    "save_slot",
    "saves_dir",
    "seen_slot",
    "slot_named",
    "tidy_data_folder",
    "unused_name",
]

FORMAT = "arena-client-save"
VERSION = 1
LOG_KEPT = 300
MAX_SAVE_BYTES = 8 * 1024 * 1024
"""The largest save read (a Duel's save is about 50 KB; a Melee's a few times that)."""
MAX_THUMBNAIL_BYTES = 96 * 1024
"""The largest battlefield picture kept in a save (a 192x108 PNG is 20-40 KB)."""
MAX_NAME = 60
"""The longest slot name kept (longer names are cut)."""


class SaveError(Exception):
    """A save that cannot be loaded; ``str()`` is a sentence for the player."""


@dataclass(frozen=True)
class LoadedSave:
    """A loaded game, ready for the battle screen."""

    game: Game
    seats: tuple[SeatSetup, ...]
    log: tuple[str, ...]
    path: Path
    name: str = ""
    """The slot's name (empty for the autosave and saves made before slots had names)."""


@dataclass(frozen=True)
class SaveInfo:
    """A save as listed on the Load screen (read cheaply; ``problem`` when damaged: then only
    ``path``, ``label`` (the file's name) and ``autosave`` are known)."""

    path: Path
    label: str
    saved_at: str
    autosave: bool
    problem: str = ""
    name: str = ""
    """The slot's name (a save made before slots had names: its label)."""
    scenario: str = ""
    turn: int = 0
    players: tuple[str, ...] = ()
    thumbnail: bytes = b""
    """The battlefield's picture as PNG bytes (empty when the save has none)."""


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
              scenario_name: str, *, name: str = "", players: Sequence[str] = (),
              thumbnail: bytes = b"") -> None:
    """Write a save atomically (raises ``OSError`` when the disk refuses); ``name``,
    ``players`` and ``thumbnail`` (PNG bytes, left out when over `MAX_THUMBNAIL_BYTES`) are
    what the Load screen shows of a named slot."""
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
    if name:
        record["name"] = clean_name(name)
    if players:
        record["players"] = [str(p) for p in players]
    if thumbnail and len(thumbnail) <= MAX_THUMBNAIL_BYTES:
        record["thumbnail"] = base64.b64encode(thumbnail).decode("ascii")
    write_json_atomic(path, record)


def clean_name(name: str) -> str:
    """A slot name as kept: printable, on one line, trimmed, at most `MAX_NAME` long."""
    return " ".join("".join(c for c in name if c.isprintable()).split())[:MAX_NAME]


def slot_named(name: str) -> SaveInfo | None:
    """The undamaged named save called ``name`` (case and spacing aside), if any."""
    wanted = clean_name(name).casefold()
    for info in list_saves():
        if not info.autosave and not info.problem and info.name.casefold() == wanted:
            return info
    return None


@dataclass(frozen=True)
class SlotSeen:
    """What a window saw of a slot when it decided to save there (`seen_slot`): its file
    and that file's modification time and size, or no file (no slot of that name)."""

    path: Path | None = None
    stamp: tuple[int, int] = (0, 0)


class SlotChanged(SaveError):
    """The slot changed since the window looked (another window saved there meanwhile):
    ``now`` is what it holds now, ``seen`` what to pass to replace it after asking."""

    def __init__(self, name: str, now: SaveInfo, seen: SlotSeen) -> None:
        super().__init__(f"Another window saved a game called \u201c{name}\u201d "
                         f"({now.scenario or 'a game'}, turn {now.turn}) in the meantime.")
        self.now = now
        self.seen = seen


def seen_slot(name: str) -> SlotSeen:
    """What the slot called ``name`` holds now, to hand to `save_slot` (its ``seen``)."""
    info = slot_named(name)
    return SlotSeen() if info is None else SlotSeen(info.path, _stamp(info.path))


def _stamp(path: Path) -> tuple[int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


def unused_name(name: str) -> str:
    """``name`` with the first number that no slot has yet ("Ambush (2)"), for keeping both
    saves when two windows chose one name."""
    taken = {s.name.casefold() for s in list_saves() if not s.autosave and not s.problem}
    name = clean_name(name)
    for n in range(2, 10_000):
        suffix = f" ({n})"
        candidate = clean_name(name[:MAX_NAME - len(suffix)] + suffix)
        if candidate.casefold() not in taken:
            return candidate
    return clean_name(f"{name[:MAX_NAME - 20]} {_dt.datetime.now():%Y%m%d-%H%M%S}")


def save_slot(name: str, game: Game, seats: Sequence[SeatSetup], log: Sequence[str],
              scenario_name: str, *, players: Sequence[str] = (),
              thumbnail: bytes = b"", seen: SlotSeen | None = None) -> Path:
    """Save to the slot called ``name``: the file of the slot of that name when there is
    one (the screen asked before replacing it), else a new file; returns the path. ``seen``:
    what the window saw of the slot when it decided (`seen_slot`); when the slot changed
    since -- another window saved there meanwhile -- nothing is written and `SlotChanged`
    says what is there now (the window asks: replace it, or keep both). Raises `SaveError`
    for an empty name, ``OSError`` when the disk refuses."""
    name = clean_name(name)
    if not name:
        raise SaveError("A saved game needs a name.")
    existing = slot_named(name)
    if seen is not None:
        now = SlotSeen() if existing is None else SlotSeen(existing.path,
                                                            _stamp(existing.path))
        if now != seen and existing is not None:
            raise SlotChanged(name, existing, now)
    path = existing.path if existing is not None else new_save_path(name)
    save_game(path, game, seats, log, scenario_name, name=name, players=players,
              thumbnail=thumbnail)
    return path


def rename_save(path: Path, name: str) -> None:
    """Give the named save at ``path`` another name (its file is rewritten atomically, the
    game untouched). Raises `SaveError` with a sentence for the player: an empty name, a
    name another slot has, the autosave, or a file that is not a readable save."""
    name = clean_name(name)
    if not name:
        raise SaveError("A saved game needs a name.")
    if path.name == AUTOSAVE:
        raise SaveError("The autosave cannot be renamed: it is replaced at every turn. "
                        "Save to a named slot instead.")
    other = slot_named(name)
    if other is not None and other.path != path:
        raise SaveError(f"Another saved game is already called \u201c{name}\u201d.")
    try:
        record = read_json(path, MAX_SAVE_BYTES)
    except (OSError, ValueError) as exc:
        raise SaveError(f"The save {path.name} cannot be renamed: "
                        f"{getattr(exc, 'strerror', None) or exc}. Nothing was "
                        "changed.") from exc
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise SaveError(f"The save {path.name} cannot be renamed: it is not an Arena saved "
                        "game. Nothing was changed.")
    record["name"] = name
    try:
        write_json_atomic(path, record)
    except OSError as exc:
        raise SaveError(f"The save {path.name} could not be renamed ({exc.strerror}). "
                        "Nothing was changed.") from exc


def delete_save(path: Path) -> None:
    """Delete a save (damaged or not); raises `SaveError` when the disk refuses."""
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError(f"The save {path.name} could not be deleted ({exc.strerror}).") \
            from exc


def _seat(data: Any) -> SeatSetup:
    if not isinstance(data, dict):
        raise SaveError("its list of players is damaged")
    kind = data.get("kind", "human")
    if kind not in ("human", "ai"):
        raise SaveError(f"it names an unknown kind of player ({kind!r})")
    team = data.get("team", 0) or 0
    if not isinstance(team, int) or isinstance(team, bool) or not 0 <= team <= 99:
        raise SaveError(f"its list of players gives a team that is not a team number "
                        f"({_shown(team)})")
    return SeatSetup(
        kind=str(kind),
        difficulty=str(data.get("difficulty", "normal")),
        army=str(data.get("army", "")),
        team=team,
        deck=str(data.get("deck", "") or ""),
    )


def _shown(value: Any) -> str:
    """A value from a file, quoted for a message and cut short when long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
        version = record.get("version", 0)
        if not isinstance(version, int) or isinstance(version, bool):
            raise SaveError("its version is not a version number")
        if version > VERSION:
            raise SaveError("it was written by a newer version of Arena")
        try:  # what the Load screen lists: the same check (`_listed`), never a second one
            listed = _listed(path, record, path.name == AUTOSAVE)
        except ValueError as exc:
            raise SaveError(str(exc)) from None
        seats = tuple(_seat(s) for s in record.get("seats", []))
        log = tuple(str(line) for line in record.get("log", []))
        game = Game.from_data(record["game"], card_factory=card_factory)
        if seats and len(seats) != len(game.state.static.seats):
            raise SaveError("its players do not match its game")
        if "turn" in record and listed.turn != game.turn:
            raise SaveError(f"it is listed at turn {listed.turn}, but the game inside it is "
                            f"at turn {game.turn}")
        # Could this position have arisen in a legal game of its scenario? Its cards and
        # decks (the content's rules), the position itself, and the actions leading to it.
        wrong = [plain_text(game.state.static, w) for w in (
            save_problems(game.state.static, content.catalog()) or
            problems(game, limit=3, deep=True) or history_problems(game))]
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
    return LoadedSave(game, seats, log, path, clean_name(str(record.get("name", "") or "")))


def check_save(info: SaveInfo) -> SaveInfo:
    """``info`` with the whole file checked as loading checks it (its cards, its position
    and its recorded actions played again: up to a second or more for a long Melee, so the
    Load screen checks on a worker thread); a save that would be refused gets its reason as
    ``problem``. A file checked before and unchanged since is not checked again."""
    if info.problem:
        return info
    try:
        stat = info.path.stat()
    except OSError:
        stat = None
    key = (info.path, stat.st_mtime_ns, stat.st_size) if stat is not None else None
    with _checked_lock:
        problem = _checked.get(key) if key is not None else None
    if problem is None:
        try:
            load_save(info.path)
            problem = ""
        except SaveError as exc:
            problem = f"damaged: {exc}"
        if key is not None:
            with _checked_lock:
                _checked[key] = problem
    return replace(info, problem=problem) if problem else info


_checked: dict[tuple[Path, int, int], str] = {}
"""`check_save`'s findings by file, modification time and size: a save the Load screen
checked once (its recorded actions played again) is not checked again until it changes."""
_checked_lock = threading.Lock()


def plain_reason(exc: BaseException) -> str:
    """An engine's complaint in words a player can read: its message when it has one, never
    a Python type name or a bare key."""
    if isinstance(exc, KeyError):
        return f"it names something that is not in the game ({_shown(exc.args[0])})" \
            if exc.args else "it names something that is not in the game"
    text = str(exc).strip()
    if not text or type(exc).__module__ == "builtins":
        # Python's own wording ("invalid literal for int() with base 10") is for programmers.
        return "a value in it has the wrong form"
    unknown = _NOT_ONE_OF.fullmatch(text)
    if unknown:  # the engine lists its own names of what it knows: a player needs none
        return f"its {unknown.group(1)} {unknown.group(2)} is not one this version of Arena knows"
    return text


_NOT_ONE_OF = re.compile(r"(?:the save's )?(.+?) ('[^']*'|\S+) is not one of .*")
"""An engine's "<what> <value> is not one of <its internal names>" complaint."""


def list_saves() -> list[SaveInfo]:
    """Every save file, the autosave first, then the newest first."""
    found: list[SaveInfo] = []
    folder = saves_dir()
    if not folder.is_dir():
        return found
    for path in folder.glob("*.json"):
        auto = path.name == AUTOSAVE
        try:
            found.append(_listed(path, read_json(path, MAX_SAVE_BYTES), auto))
        except OSError as exc:
            found.append(SaveInfo(path, path.stem, "", auto,
                                  f"damaged: it cannot be read ({exc.strerror})"))
        except ValueError as exc:
            found.append(SaveInfo(path, path.stem, "", auto, f"damaged: {exc}"))
    found.sort(key=lambda s: (not s.autosave, _mtime_key(s.path)))
    return found


def _listed(path: Path, record: Any, auto: bool) -> SaveInfo:
    """What the Load screen shows of a save; ``ValueError`` with a plain reason when a field
    it shows is missing or has the wrong form (a damaged or tampered file). The game inside
    is checked when it is loaded (`load_save`)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise ValueError("it is not an Arena saved game")
    if not isinstance(record.get("game"), dict):
        raise ValueError("it holds no game")
    texts = [record.get("label", path.stem), record.get("scenario", ""),
             record.get("saved_at", "")]
    texts.append(record.get("name", texts[0]))
    if not all(isinstance(v, str) for v in texts):
        raise ValueError("its name, scenario or date is not text")
    label, scenario, saved_at, name = (str(v) for v in texts)
    turn = record.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < 10_000:
        raise ValueError("its turn is not a turn number")
    players = record.get("players", [])
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ValueError("its list of players is damaged")
    picture = record.get("thumbnail", "")
    if not isinstance(picture, str) or len(picture) > MAX_THUMBNAIL_BYTES * 4 // 3 + 4:
        raise ValueError("its picture of the battlefield is damaged")
    try:
        thumbnail = base64.b64decode(picture, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError("its picture of the battlefield is damaged") from exc
    return SaveInfo(path, ("Autosave: " if auto else "") + label, saved_at, auto,
                    name=clean_name(name) or label, scenario=scenario, turn=turn,
                    players=tuple(players), thumbnail=thumbnail)


def _mtime_key(path: Path) -> float:
    try:
        return -path.stat().st_mtime
    except OSError:
        return 0.0
