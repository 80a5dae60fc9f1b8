"""Reading and writing community map files: Heroscape Map Editor JSON and VirtualScape ``.hsc``.

Both formats list pieces (`arena.content.pieces`); this module turns a file into a list of
`MapPiece` and back, and nothing more: what the pieces mean in Arena is
`arena.content.piece_rules`. Every failure is a `ContentError` naming the file and the place
in it (a JSON line and column or key, a ``.hsc`` byte offset and tile number), so a damaged
or truncated file is one readable message, never a traceback.

JSON: ``{"hexMap": {"name": ..., "shape": "rectangle", "width": W, "length": L},
"boardPieces": {"ALTITUDE~Q~R~ROTATION~CODE": "CODE", ...}}``; newer files may list
``boardPieces`` as such strings or as objects ``{"inventoryID", "altitude", "rotation",
"pieceCoords": {"q", "r", "s"}}``, which are read too.

``.hsc`` (little-endian): float64 version (0.0007), three strings (name, author, player
count), an int32-sized RTF scenario, six int32 (levels per page, transparency, grid, tile
numbers, start areas as a level, tile count), then per tile: int32 type, float64 tile
version, int32 rotation, x, y (odd-r offset), z (altitude), a glyph letter byte, two strings
(glyph name, start name), an RGBA colour, then for personal tiles (``17xxx``) an int32 size
and four strings, for figures (``18xxx``) two strings. A string is a length (one byte; 0xFF
escapes to a 16-bit length, 0xFFFE to a restart, 0xFFFF to a 32-bit length; writers put
``FF FE FF`` before it to mark UTF-16) followed by that many UTF-16 code units.
"""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from arena.content.errors import ContentError
from arena.content.mapnotes import JSON_KEY as JSON_NOTES
from arena.content.mapnotes import Notes, NotesError, from_json, from_rtf, to_rtf
from arena.content.pieces import (
    BY_VS_TYPE,
    PERSONAL_PREFIX,
    PIECES,
    SHIFTED_ALTITUDE_VS,
    SHIFTED_ROTATION_VS,
    START_ZONE_COLOURS,
    VS_ALIASES,
    VS_FIGURE_FAMILY,
    VS_GLYPHS,
    VS_PERSONAL,
    VS_START_ZONE,
    from_odd_r,
    is_whole_rotation,
    piece_hexes,
    to_odd_r,
    vs_origin_shift,
)
from arena.hexgrid import Hex

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Larger files are refused before reading (the biggest community maps are a few kB)."""
VS_VERSION = 0.0007
VS_TILE_VERSION = 0.0003

_PERSONAL_NAMES: tuple[tuple[str, str], ...] = (
    ("pillar", "lwp"), ("wellspring", "ww1"), ("lavafield3", "lf3"), ("lavafield24", "lf24"),
    ("snow3", "sn3"), ("snow7", "sn7"), ("snow24", "sn24"), ("swampwater3", "ws3"),
    ("sand", "s24"), ("lava3", "l3"), ("shadow3", "sh3"), ("ice3", "i3"),
)
"""Community personal tiles and the pieces they stand for (name contains the key, first
match wins; ``water3`` is matched at the start of the name, see `_personal_code`)."""


class Kind(StrEnum):
    """The two formats, named as the report shows them."""

    JSON = "Heroscape Map Editor JSON"
    HSC = "VirtualScape .hsc"


SUFFIXES: dict[str, Kind] = {".json": Kind.JSON, ".hsc": Kind.HSC}
"""The community map files by suffix (lower case) and the format each holds: what the
importer, the exporter, the editor's Open and the shipped maps' folder recognise."""


@dataclass(frozen=True)
class MapPiece:
    """One piece as a file places it: `at` is the Heroscape Map Editor origin hex, `on_level`
    the level it rests on (0 = the table), `rotation` clockwise steps."""

    code: str
    at: Hex
    on_level: int
    rotation: float = 0
    glyph: str | None = None
    """For a glyph piece, the AotP glyph the file names (a VirtualScape glyph whose power is
    an AotP glyph's, `VS_AOTP_GLYPHS`); None: the piece's own (`piece_rules.GLYPH_PIECES`)."""


VS_AOTP_GLYPHS: dict[int, tuple[str, str, str]] = {
    14065: ("power", "A", "Astrid"), 14071: ("toughness", "G", "Gerda"),
    14086: ("movement", "V", "Valda"), 14075: ("healing", "K", "Kelda"),
}
"""VirtualScape glyphs whose Heroscape powers are AotP glyphs' (attack +1, defense +1, move
+2, heal), with their letter and name: read as those glyphs, and written for them."""
_VS_BY_GLYPH = {kind: (vs_type, letter, name)
                for vs_type, (kind, letter, name) in VS_AOTP_GLYPHS.items()}


@dataclass
class MapFile:
    """A community map read from a file: its pieces and what could not be kept."""

    name: str
    kind: Kind
    pieces: list[MapPiece]
    author: str = ""
    skipped: dict[str, int] = field(default_factory=dict)
    """Things in the file that are not terrain pieces (VirtualScape figures, unknown
    personal tiles), by description, with how many there were."""
    notes: Notes | None = None
    """Arena's notes, when Arena exported the file (`arena.content.mapnotes`)."""
    notes_problem: str = ""
    """Why the file's Arena notes cannot be read (empty: none, or read)."""


def read_map(path: Path) -> MapFile:
    """Read a ``.json`` or ``.hsc`` community map; `ContentError` says what is wrong where."""
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ContentError.single(file, f"is {size} bytes, too big for a map file",
                                      "check that this is a map file")
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError.single(file, f"cannot be read ({exc.strerror or exc})",
                                  "check the path and its permissions") from None
    if not data.strip():
        raise ContentError.single(file, "is empty", "choose a saved map file (.json or .hsc)")
    suffix = path.suffix.lower()
    if suffix == ".json" or (suffix != ".hsc" and data.lstrip()[:1] in (b"{", b"[")):
        return read_json(data, file)
    if suffix == ".hsc" or data[:8] == struct.pack("<d", VS_VERSION):
        return read_hsc(data, file)
    raise ContentError.single(file, "is neither Heroscape Map Editor JSON nor a VirtualScape "
                              "map", "import a .json or .hsc map file")


# --- Heroscape Map Editor JSON ------------------------------------------------------------------

_KEY = re.compile(r"^(-?\d+)~(-?\d+)~(-?\d+)~(\d+(?:\.\d+)?)~([A-Za-z0-9]+)$")


def read_json(data: bytes, file: str) -> MapFile:
    """Pieces of a Heroscape Map Editor JSON map."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ContentError.single(file, f"is not UTF-8 text (byte {exc.start})",
                                  "save the map as JSON from the Heroscape Map Editor") from None
    except json.JSONDecodeError as exc:
        raise ContentError.single(file, f"is not valid JSON: {exc.msg}", "the file is damaged "
                                  "or truncated: export it again", line=exc.lineno,
                                  path=f"column {exc.colno}") from None
    except RecursionError:
        raise ContentError.single(file, "nests too deeply to be a map",
                                  "check that this is a map file") from None
    if not isinstance(doc, dict) or "boardPieces" not in doc:
        raise ContentError.single(file, "has no `boardPieces`: it is not a Heroscape Map "
                                  "Editor map", "export the map from the Heroscape Map Editor")
    meta: dict[str, Any] = doc["hexMap"] if isinstance(doc.get("hexMap"), dict) else {}
    name = meta["name"] if isinstance(meta.get("name"), str) else ""
    author = meta["author"] if isinstance(meta.get("author"), str) else ""
    raw = doc["boardPieces"]
    pieces: list[MapPiece] = []
    if isinstance(raw, dict):
        for key, value in raw.items():
            piece = _json_key(key, file)
            if value != piece.code:
                raise ContentError.single(file, f"piece {key!r} is marked {value!r}, not "
                                          f"{piece.code!r}", "export the map again",
                                          path=f"boardPieces[{key!r}]")
            pieces.append(piece)
    elif isinstance(raw, list):
        for index, item in enumerate(raw):
            pieces.append(_json_item(item, index, file))
    else:
        raise ContentError.single(file, "`boardPieces` is neither a mapping nor a list",
                                  "export the map again", path="boardPieces")
    notes, problem = _notes(lambda: from_json(doc))
    return MapFile(name=str(name).strip(), kind=Kind.JSON, pieces=pieces,
                   author=str(author).strip(), notes=notes, notes_problem=problem)


def _notes(read: Callable[[], Notes | None]) -> tuple[Notes | None, str]:
    """Arena's notes and why they cannot be read (a file is read even when they cannot)."""
    try:
        return read(), ""
    except NotesError as exc:
        return None, str(exc)


def _json_key(key: str, file: str) -> MapPiece:
    where = f"boardPieces[{key!r}]"
    match = _KEY.match(key) if isinstance(key, str) else None
    if match is None:
        raise ContentError.single(file, f"piece key {key!r} is not ALTITUDE~Q~R~ROTATION~CODE",
                                  "export the map again", path=where)
    altitude, q, r = (int(match.group(i)) for i in (1, 2, 3))
    rotation = float(match.group(4))
    return _checked(match.group(5), Hex(q, r), altitude, rotation, file, where)


def _json_item(item: Any, index: int, file: str) -> MapPiece:
    where = f"boardPieces[{index}]"
    if isinstance(item, str):
        return _json_key(item, file)
    try:
        code = item["inventoryID"]
        coords = item["pieceCoords"]
        values = (coords["q"], coords["r"], item["altitude"], item.get("rotation", 0))
    except (KeyError, TypeError):
        raise ContentError.single(file, "piece needs inventoryID, altitude, rotation and "
                                  "pieceCoords {q, r}", "export the map again",
                                  path=where) from None
    if not isinstance(code, str) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        raise ContentError.single(file, "piece has a value of the wrong type",
                                  "export the map again", path=where)
    q, r, altitude, rotation = values
    if not all(float(v).is_integer() for v in (q, r, altitude)):
        raise ContentError.single(file, "piece coordinates are not whole numbers",
                                  "export the map again", path=where)
    return _checked(code, Hex(int(q), int(r)), int(altitude), float(rotation), file, where)


def _checked(code: str, at: Hex, on_level: int, rotation: float, file: str,
             where: str) -> MapPiece:
    if code not in PIECES:
        raise ContentError.single(file, f"unknown piece code {code!r}", "Arena knows every "
                                  "piece of the Heroscape Map Editor (docs/heroscape-maps.md); "
                                  "replace this piece in the editor", path=where)
    if on_level < 0:
        raise ContentError.single(file, f"piece is below the table (altitude {on_level})",
                                  "export the map again", path=where)
    if not (0 <= rotation < 6 and (rotation * 2).is_integer()):
        raise ContentError.single(file, f"rotation {rotation:g} is not one of 0 to 5",
                                  "export the map again", path=where)
    return MapPiece(code, at, on_level, int(rotation) if rotation.is_integer() else rotation)


def write_json(pieces: list[MapPiece], name: str, map_id: str,
               notes: Notes | None = None) -> bytes:
    """A Heroscape Map Editor JSON map of `pieces` (as the editor's shared maps are written),
    with Arena's `notes` (`arena.content.mapnotes`) when they carry anything.

    The editor lays a rectangle of table hexes from row 0 and odd-r column 0 and only places
    pieces on it, so pieces are moved (whole rows in pairs, keeping the map's look) when any
    hex would fall outside, and the notes say by how much; files that came from the editor
    are written back unmoved."""
    shift = _table_shift(pieces)
    moved = [MapPiece(p.code, p.at + shift, p.on_level, p.rotation) for p in pieces]
    hexes = [h for p in moved for h in piece_hexes(p.code, p.at, p.rotation)]
    columns = [to_odd_r(h)[0] for h in hexes]
    board: dict[str, str] = {}
    for p in moved:
        rotation = f"{p.rotation:g}"
        board[f"{p.on_level}~{p.at.q}~{p.at.r}~{rotation}~{p.code}"] = p.code
    doc = {
        "hexMap": {"id": map_id, "name": name, "shape": "rectangle",
                   "width": max(columns, default=0) + 1,
                   "length": max((h.r for h in hexes), default=0) + 1},
        "boardPieces": board,
    }
    if notes is not None and (notes.fields or shift != Hex(0, 0)):
        moved_notes = Notes(notes.fingerprint, notes.fields, (shift.q, shift.r))
        doc[JSON_NOTES] = moved_notes.to_data()
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _table_shift(pieces: list[MapPiece]) -> Hex:
    hexes = [h for p in pieces for h in piece_hexes(p.code, p.at, p.rotation)]
    if not hexes:
        return Hex(0, 0)
    low_r = min(h.r for h in hexes)
    dr = 0 if low_r >= 0 else -low_r + (low_r & 1)  # an even shift keeps odd-r rows aligned
    low_col = min(to_odd_r(h + Hex(0, dr))[0] for h in hexes)
    return Hex(-low_col if low_col < 0 else 0, dr)


# --- VirtualScape .hsc --------------------------------------------------------------------------


class _Reader:
    """A cursor over the bytes that names the byte and the field when the data runs out."""

    def __init__(self, data: bytes, file: str) -> None:
        self.data = data
        self.file = file
        self.pos = 0
        self.place = "the header"

    def fail(self, message: str, fix: str = "the file is damaged: save it again from "
             "VirtualScape") -> ContentError:
        return ContentError.single(self.file, message, fix,
                                   path=f"byte {self.pos}, {self.place}")

    def take(self, fmt: str, what: str) -> Any:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise self.fail(f"ends early while reading the {what} (the file is truncated)")
        value = struct.unpack_from(fmt, self.data, self.pos)[0]
        self.pos += size
        return value

    def length(self, what: str) -> int:
        for _ in range(8):
            first = self.take("<B", f"length of the {what}")
            if first != 0xFF:
                return int(first)
            short = self.take("<H", f"length of the {what}")
            if short == 0xFFFE:
                continue
            if short == 0xFFFF:
                return int(self.take("<I", f"length of the {what}"))
            return int(short)
        raise self.fail(f"the {what} has no length")

    def text(self, what: str) -> str:
        count = self.length(what)
        if self.pos + 2 * count > len(self.data):
            raise self.fail(f"ends early inside the {what} (the file is truncated)")
        raw = self.data[self.pos:self.pos + 2 * count]
        self.pos += 2 * count
        return raw.decode("utf-16-le", errors="replace")


def read_hsc(data: bytes, file: str) -> MapFile:
    """Pieces of a VirtualScape map."""
    rd = _Reader(data, file)
    version = rd.take("<d", "version number")
    if abs(version - VS_VERSION) > 1e-9:
        raise rd.fail(f"is not a VirtualScape map of version {VS_VERSION} (it starts with "
                      f"{version!r})", "open and save the map in VirtualScape 0.0.7, or "
                      "export it as JSON from the Heroscape Map Editor")
    name = rd.text("map name")
    author = rd.text("author")
    rd.text("player count")
    scenario = rd.take("<i", "scenario length")
    if scenario < 0 or rd.pos + scenario > len(data):
        raise rd.fail("the scenario text runs past the end of the file (the file is "
                      "truncated or damaged)")
    notes, problem = _notes(lambda: from_rtf(data[rd.pos:rd.pos + scenario]))
    rd.pos += scenario
    for what in ("levels per page", "print transparency", "print grid", "print tile numbers",
                 "print start areas"):
        rd.take("<i", what)
    count = rd.take("<i", "tile count")
    if count < 0 or count > len(data) // _SMALLEST_TILE:
        raise rd.fail(f"claims {count} tiles, more than the file can hold")
    pieces: list[MapPiece] = []
    skipped: dict[str, int] = {}
    for index in range(count):
        rd.place = f"tile {index + 1} of {count}"
        piece, skip = _hsc_tile(rd)
        if piece is not None:
            pieces.append(piece)
        if skip:
            skipped[skip] = skipped.get(skip, 0) + 1
    rd.place = "the end"
    if rd.pos != len(data):
        raise rd.fail(f"has {len(data) - rd.pos} bytes after the last tile")
    return MapFile(name=name.strip(), kind=Kind.HSC, pieces=pieces, author=author.strip(),
                   skipped=skipped, notes=notes, notes_problem=problem)


_SMALLEST_TILE = 35
"""Bytes of a tile with one-byte empty strings: the most tiles a file of n bytes can hold is
n // 35."""


def _hsc_tile(rd: _Reader) -> tuple[MapPiece | None, str]:
    kind = rd.take("<i", "tile type")
    rd.take("<d", "tile version")
    rotation = rd.take("<i", "rotation")
    x, y, z = (rd.take("<i", what) for what in ("x", "y", "z (altitude)"))
    rd.take("<B", "glyph letter")
    rd.text("glyph name")
    rd.text("start name")
    colour = tuple(rd.take("<B", "colour") for _ in range(4))
    personal = ""
    if kind // 1000 == VS_PERSONAL // 1000:
        rd.take("<i", "personal tile size")
        for what in ("top texture", "side texture", "letter"):
            rd.text(what)
        personal = rd.text("personal tile name")
    if kind // 1000 == VS_FIGURE_FAMILY:
        figure = rd.text("figure name")
        rd.text("figure name")
        return None, f"VirtualScape figure {figure.strip() or kind} (a miniature, not terrain)"
    if not 0 <= rotation < 6:
        raise rd.fail(f"rotation {rotation} is not one of 0 to 5")
    if abs(x) > 10_000 or abs(y) > 10_000 or not 0 <= z <= 10_000:
        raise rd.fail(f"position ({x}, {y}, {z}) is out of range")
    code = _vs_code(rd, kind, colour[:3], personal)
    half = _half_rotation(personal)
    if code is None:
        return None, f"VirtualScape personal tile {personal.strip()!r} (no known piece)"
    if code in SHIFTED_ROTATION_VS:
        rotation = (rotation + 1) % 6
    on_level = z + 1 if code in SHIFTED_ALTITUDE_VS else z
    at = from_odd_r(x, y) + vs_origin_shift(code, rotation)
    glyph = VS_AOTP_GLYPHS[kind][0] if kind in VS_AOTP_GLYPHS else None
    return MapPiece(code, at, on_level, half if half is not None else rotation, glyph), ""


def _half_rotation(personal: str) -> float | None:
    """The half-step rotation `write_hsc` keeps in a personal tile's name (``arena:lws/1.5``)."""
    _, _, turn = personal.partition("/")
    try:
        value = float(turn)
    except ValueError:
        return None
    return value if 0 <= value < 6 and (value * 2).is_integer() else None


def _vs_code(rd: _Reader, kind: int, rgb: tuple[int, ...], personal: str) -> str | None:
    if kind == VS_START_ZONE:
        for code, colour in START_ZONE_COLOURS.items():
            if colour == rgb:
                return code
        raise rd.fail(f"start area of colour {rgb} is not one of VirtualScape's eight",
                      "recolour the start area in VirtualScape")
    if kind in VS_GLYPHS:
        return "y0"
    if kind == VS_PERSONAL:
        return _personal_code(personal)
    if kind in VS_ALIASES:
        return VS_ALIASES[kind]
    piece = BY_VS_TYPE.get(kind)
    if piece is None:
        raise rd.fail(f"unknown piece code {kind}", "Arena knows every VirtualScape tile "
                      "type the Heroscape Map Editor documents (docs/heroscape-maps.md); "
                      "replace this tile in VirtualScape")
    return piece.code


def _personal_code(name: str) -> str | None:
    low = name.strip().lower()
    own = low[len(PERSONAL_PREFIX):].partition("/")[0]
    if low.startswith(PERSONAL_PREFIX) and own in PIECES:
        return own
    if low.startswith("water3"):
        return "w3"
    return next((code for key, code in _PERSONAL_NAMES if key in low), None)


def write_hsc(pieces: list[MapPiece], name: str, author: str = "",
              notes: Notes | None = None) -> bytes:
    """A VirtualScape map of `pieces`, with Arena's `notes` in its scenario when they carry
    anything. Pieces without a VirtualScape tile type are written as personal tiles named
    ``arena:CODE`` (`PERSONAL_PREFIX`), which `read_hsc` reads back."""
    out = bytearray(struct.pack("<d", VS_VERSION))
    for text in (name, author, ""):
        out += _string(text)
    scenario = to_rtf(notes) if notes is not None and notes.fields else b"{\\rtf1\\ansi }"
    out += struct.pack("<i", len(scenario)) + scenario
    out += struct.pack("<6i", 6, 80, 1, 0, 1, len(pieces))
    for piece in sorted(pieces, key=lambda p: p.on_level):
        out += _tile(piece)
    return bytes(out)


def _tile(piece: MapPiece) -> bytes:
    spec = PIECES[piece.code]
    rotation = int(piece.rotation) if is_whole_rotation(piece.rotation) else 0
    origin = piece.at - vs_origin_shift(piece.code, rotation)
    x, y = to_odd_r(origin)
    z = piece.on_level - 1 if piece.code in SHIFTED_ALTITUDE_VS else piece.on_level
    vs_rotation = (rotation + 5) % 6 if piece.code in SHIFTED_ROTATION_VS else rotation
    colour = (0, 160, 0)
    personal = b""
    letter, glyph_name = "T", ""
    if piece.code in START_ZONE_COLOURS:
        kind, colour = VS_START_ZONE, START_ZONE_COLOURS[piece.code]
    elif (glyph := hsc_glyph(piece)) is not None:
        kind, letter, glyph_name = _VS_BY_GLYPH[glyph]
    elif spec.vs_type is not None and piece.rotation == rotation:
        kind = spec.vs_type
    else:
        kind = VS_PERSONAL
        personal = (struct.pack("<i", spec.size) + _string("") + _string("") + _string("")
                    + _string(_personal_name(piece)))
    out = struct.pack("<idiiii", kind, VS_TILE_VERSION, vs_rotation, x, y, z)
    out += bytes([ord(letter)]) + _string(glyph_name) + _string("") + bytes([*colour, 0])
    return out + personal


def hsc_glyph(piece: MapPiece) -> str | None:
    """The AotP glyph `write_hsc` writes `piece` as (a named VirtualScape glyph that
    `read_hsc` reads back as that glyph), or None."""
    vs_type = PIECES[piece.code].vs_type
    if vs_type is not None and vs_type in VS_GLYPHS and piece.glyph in _VS_BY_GLYPH:
        return piece.glyph
    return None


def _personal_name(piece: MapPiece) -> str:
    turn = "" if is_whole_rotation(piece.rotation) else f"/{piece.rotation:g}"
    return f"{PERSONAL_PREFIX}{piece.code}{turn}"


def _string(text: str) -> bytes:
    units = text.encode("utf-16-le")
    count = len(units) // 2
    if count < 0xFF:
        size = bytes([count])
    elif count <= 0xFFFD:
        size = b"\xff" + struct.pack("<H", count)
    else:
        size = b"\xff\xff\xff" + struct.pack("<I", count)
    return b"\xff\xfe\xff" + size + units
