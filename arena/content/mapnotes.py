"""Arena's notes in a community map file: what the pieces cannot carry of an Arena battlefield.

Heroscape pieces say a lot about a battlefield but not all of it: AotP glyphs (the pieces
know only a power and a treasure glyph), ruins of heights no piece has, Arena's own looks
(land without a look, ``dirt``), power spaces, zone capacities, a cryptolith, and (JSON) a
position left of or above the Heroscape Map Editor's table. So ``arena export-map`` writes,
beside the pieces, the battlefield's fields that the pieces would not give back
(`differences`), in the format's own extra place: a top-level ``"arena"`` object in JSON
(other editors keep to ``hexMap`` and ``boardPieces``), and a marked line of the scenario
notes in ``.hsc`` (the RTF block VirtualScape shows as the map's scenario). ``arena
import-map`` restores them (`restore`), but only while the file's pieces are the ones Arena
wrote (`fingerprint`): a map changed in another editor since is imported from its pieces
alone, and the report says so.

The notes are data read from a file like any other: a damaged or hostile block is one report
line ("not restored"), never a traceback, and what it restores passes every check a
battlefield file passes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from arena.content.battlefield import Battlefield

VERSION = 1
"""The notes' layout; notes of another version are reported and not restored."""
JSON_KEY = "arena"
"""The top-level key of a Heroscape Map Editor JSON file holding the notes."""
HSC_MARK = "arena-battlefield:v1:"
HSC_END = ":end"
"""The notes in a VirtualScape scenario: base64 of the zlib-packed JSON between these."""
CARRIED = ("provenance", "columns", "obstacles", "glyphs", "glyph_spaces", "starting_zones",
           "power_spaces", "pieces")
"""The battlefield fields the notes may carry (its id, name and description are the file's)."""
MAX_NOTES = 4 * 1024 * 1024
"""Unpacked notes larger than this are refused (a battlefield's are a few kB)."""

_TOPICS = {"columns": "looks and levels", "obstacles": "obstacles", "glyphs": "glyphs",
           "glyph_spaces": "glyph spaces", "starting_zones": "starting zones",
           "power_spaces": "power spaces"}
"""How the report names each carried field."""


class NotesError(ValueError):
    """Notes that cannot be read; the message says why, for the import report."""


@dataclass(frozen=True)
class Notes:
    """Arena's notes: the pieces they belong to, the shift a JSON writer gave those pieces
    (added to every piece; undone on import) and the fields to restore."""

    fingerprint: str
    fields: Mapping[str, Any]
    shift: tuple[int, int] = (0, 0)

    def to_data(self) -> dict[str, Any]:
        return {"version": VERSION, "pieces": self.fingerprint, "shift": list(self.shift),
                "battlefield": dict(self.fields)}

    @classmethod
    def from_data(cls, raw: Any) -> Notes:
        """Notes as `to_data` wrote them; `NotesError` when they are not."""
        if not isinstance(raw, dict) or raw.get("version") != VERSION:
            raise NotesError(f"they are not version {VERSION} notes")
        fingerprint, fields, shift = raw.get("pieces"), raw.get("battlefield"), raw.get("shift")
        if not isinstance(fingerprint, str) or not isinstance(fields, dict):
            raise NotesError("they lack the piece fingerprint or the battlefield")
        if not (isinstance(shift, list) and len(shift) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10_000
                        for v in shift)):
            raise NotesError("their shift is not two whole numbers")
        unknown = set(fields) - set(CARRIED)
        if unknown:
            raise NotesError(f"they name unknown fields ({', '.join(sorted(unknown))})")
        return cls(fingerprint, fields, (shift[0], shift[1]))

    def topics(self) -> str:
        """What the notes restore, in words (the file's provenance and piece list go
        unnamed: they change nothing on the map)."""
        named = [_TOPICS[f] for f in CARRIED if f in self.fields and f in _TOPICS]
        if self.shift != (0, 0):
            named.append("position")
        return ", ".join(named) or "the battlefield's record"


def fingerprint(pieces: Iterable[tuple[str, int, int, int, float]]) -> str:
    """A short digest of pieces given as (code, q, r, on_level, rotation), in any order."""
    rows = sorted(f"{code} {q} {r} {level} {float(turn):g}"
                  for code, q, r, level, turn in pieces)
    return hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()[:24]


def differences(bf: Battlefield, rebuilt: Battlefield) -> dict[str, Any]:
    """`bf`'s fields (`CARRIED`) that importing its pieces (`rebuilt`) would not give back."""
    ours, theirs = bf.model_dump(mode="json"), rebuilt.model_dump(mode="json")
    return {name: ours[name] for name in CARRIED if ours[name] != theirs[name]}


def restore(imported: Battlefield, notes: Notes) -> Battlefield:
    """`imported` with the notes' fields put back (pydantic's `ValidationError` when the
    fields do not make a battlefield)."""
    data = imported.model_dump(mode="json")
    data.update(notes.fields)
    return Battlefield.model_validate(data)


# --- the two formats' places for them ---------------------------------------------------------


def to_rtf(notes: Notes) -> bytes:
    """A VirtualScape scenario (RTF) holding the notes, with a line saying what they are."""
    packed = base64.b64encode(zlib.compress(json.dumps(
        notes.to_data(), separators=(",", ":")).encode("utf-8"), 9)).decode("ascii")
    return (r"{\rtf1\ansi Exported by Arena. The line below keeps what VirtualScape tiles "
            f"cannot show ({notes.topics()}); Arena restores it on import.\\par "
            f"{HSC_MARK}{packed}{HSC_END}}}").encode("ascii")


_CONTROL = re.compile(r"\\[a-z]+-?\d* ?")
_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/=]")


def from_rtf(scenario: bytes) -> Notes | None:
    """The notes in a VirtualScape scenario (None when it has none; `NotesError` when they
    are damaged). Line breaks an RTF editor may have put into them are ignored."""
    text = scenario.decode("latin-1")
    start = text.find(HSC_MARK)
    if start < 0:
        return None
    end = text.find(HSC_END, start + len(HSC_MARK))
    if end < 0:
        raise NotesError("they are cut off")
    packed = _NOT_BASE64.sub("", _CONTROL.sub("", text[start + len(HSC_MARK):end]))
    try:
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(base64.b64decode(packed, validate=True), MAX_NOTES)
        if unpacker.unconsumed_tail:
            raise NotesError("they are too large")
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError,
            RecursionError) as exc:
        raise NotesError(f"they are damaged ({type(exc).__name__})") from None
    return Notes.from_data(data)


def from_json(doc: Mapping[str, Any]) -> Notes | None:
    """The notes of a Heroscape Map Editor JSON document (None when it has none)."""
    if JSON_KEY not in doc:
        return None
    return Notes.from_data(doc[JSON_KEY])
