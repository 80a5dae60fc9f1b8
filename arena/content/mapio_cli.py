"""``arena import-map`` and ``arena export-map``: community map files <-> Arena battlefields.

Import reads a Heroscape Map Editor ``.json`` or VirtualScape ``.hsc`` file
(`arena.content.mapfiles`), builds the battlefield from its pieces
(`arena.content.piece_rules`), proposes two starting zones when the map has none, checks
the result exactly as ``arena validate`` does (schema, then the geometry checks) and only
then writes it, atomically; a bad file is one message naming the file and the place, exit
status 1, and nothing is written. The YAML keeps the pieces, so exporting an imported map
gives its pieces back unchanged; a battlefield made or edited in Arena is exported by
decomposing its columns into pieces. Both commands print what they approximated.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import TextIO

import pydantic

from arena.content import yamlio
from arena.content.base import MAX_LEVEL
from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.catalog import load_catalog, shipped_content_paths
from arena.content.errors import ContentError
from arena.content.geometry import check_battlefield
from arena.content.loader import load_document, load_file
from arena.content.locations import user_battlefields
from arena.content.mapfiles import Kind, MapFile, MapPiece, read_map, write_hsc, write_json
from arena.content.piece_rules import (
    Notes,
    PieceError,
    expand,
    propose_zones,
    to_pieces,
)
from arena.content.writer import dump_model
from arena.hexgrid import Hex

_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")


def slug(text: str) -> str:
    """A battlefield id made from a file name: ``AoA_1_The_Shattered_Table`` ->
    ``aoa-1-the-shattered-table``."""
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:80].rstrip("-") or "imported-map"


def import_map(path: Path, bf_id: str, display: str | None = None) -> tuple[Battlefield, list[str]]:
    """The battlefield of a community map file, validated, and the report lines."""
    file = display or str(path)
    source = read_map(path)
    if not source.pieces:
        raise ContentError.single(file, "has no terrain pieces", "choose a map with terrain")
    placements = _placements(source, file)
    try:
        built = expand(placements)
    except PieceError as exc:
        raise ContentError.single(file, str(exc), "the map is too big or too tall for "
                                  "Arena") from None
    if not built.columns:
        raise ContentError.single(file, "has no land or water pieces, only markers and "
                                  "add-ons", "choose a map with terrain tiles")
    zones = built.zones
    proposed = not zones
    if proposed:
        blocked = {at for o in built.obstacles for at in o.footprint} | set(built.glyph_spaces)
        zones = propose_zones(built.columns, blocked)
    by = f" by {source.author}" if source.author else ""
    name = (source.name or path.stem)[:120]
    bf = Battlefield(
        format="battlefield", id=bf_id, name=name,
        description=f"Imported from {path.name} ({source.kind}){by}.",
        provenance="transcribed", columns=built.columns, obstacles=built.obstacles,
        glyph_spaces=built.glyph_spaces, starting_zones=zones, pieces=placements)
    checked = validate(bf, file)
    return checked, _report(path, source, checked, built.notes, proposed)


def _placements(source: MapFile, file: str) -> list[PiecePlacement]:
    out: list[PiecePlacement] = []
    for piece in sorted(source.pieces, key=lambda p: p.on_level):
        if piece.on_level >= MAX_LEVEL:
            raise ContentError.single(file, f"piece {piece.code} at [{piece.at.q}, "
                                      f"{piece.at.r}] rests on level {piece.on_level}; Arena "
                                      f"battlefields have at most {MAX_LEVEL} levels",
                                      "the map is too tall for Arena")
        try:
            out.append(PiecePlacement(piece=piece.code, at=(piece.at.q, piece.at.r),
                                      on_level=piece.on_level, rotation=piece.rotation))
        except pydantic.ValidationError as exc:
            reason = exc.errors(include_url=False)[0]["msg"].removeprefix("Value error, ")
            raise ContentError.single(file, f"piece {piece.code} at [{piece.at.q}, "
                                      f"{piece.at.r}]: {reason}", "the map is too big for "
                                      "Arena") from None
    return out


def validate(bf: Battlefield, file: str) -> Battlefield:
    """`bf` as `arena validate` would load and check its YAML, or the `ContentError`."""
    doc = yamlio.parse(dump_model(bf), file)
    model = load_document(doc, expect=Battlefield)
    assert isinstance(model, Battlefield)
    problems, _ = check_battlefield(model, doc)
    if problems:
        raise ContentError(problems)
    return model


def _report(path: Path, source: MapFile, bf: Battlefield, notes: Notes,
            proposed: bool) -> list[str]:
    counts = Counter(p.code for p in source.pieces)
    listed = ", ".join(f"{code} x{n}" for code, n in counts.most_common())
    _, summary = check_battlefield(bf, yamlio.Document(bf.id, None, {}))
    lines = [f"Read {path.name} ({source.kind}): {bf.name!r}, {len(source.pieces)} pieces "
             f"({listed}).",
             f"Battlefield: {'; '.join(summary.lines())}; {len(bf.obstacles)} obstacles, "
             f"{len(bf.glyph_spaces)} glyph spaces."]
    if notes:
        lines.append("Approximated:")
        lines.extend(f"  - {line}" for line in notes.lines())
    else:
        lines.append("Approximated: nothing; every piece plays as in AotP.")
    for what, n in source.skipped.items():
        lines.append(f"Left out: {what}" + (f" (x{n})" if n > 1 else ""))
    zones = ", ".join(f"{z.id} ({len(z.spaces)} spaces)" for z in bf.starting_zones)
    if proposed:
        offered = zones or "none (too few dry spaces)"
        lines.append(f"Starting zones: the map has none; proposed {offered} on opposite "
                     "edges, marked `proposed: true` to review.")
    else:
        lines.append(f"Starting zones: {zones}.")
    return lines


def _failed(command: str, target: Path, exc: ContentError | OSError, stderr: TextIO) -> int:
    """Say why a map command failed (every problem of a bad file, or the write refused);
    returns its exit status."""
    if isinstance(exc, ContentError):
        for problem in exc.problems:
            stderr.write(f"arena {command}: {problem}\n")
    else:
        stderr.write(f"arena {command}: {target}: cannot be written ({exc.strerror or exc}). "
                     "Fix: choose a folder you can write to\n")
    return 1


def run_import(source: str, out: str | None, stdout: TextIO, stderr: TextIO) -> int:
    """``arena import-map SOURCE [-o OUT]``; returns the exit status. Without ``-o`` the
    battlefield goes to the player's battlefields folder, where the New game screen, ``arena
    play --battlefield ID`` and the editor find it."""
    path = Path(source)
    target = Path(out) if out else user_battlefields() / f"{slug(path.stem)}.yaml"
    if target.suffix.lower() not in (".yaml", ".yml") or not _SLUG.match(target.stem):
        stderr.write(f"arena import-map: {target}: the output must be a .yaml file named like "
                     "a battlefield id (lower-case letters, digits, dashes). Fix: use -o "
                     f"{target.with_name(slug(target.stem) + '.yaml')}\n")
        return 1
    if not path.is_file():
        stderr.write(f"arena import-map: {source}: no such file. Fix: check the path\n")
        return 1
    try:
        bf, lines = import_map(path, target.stem, display=source)
        target.parent.mkdir(parents=True, exist_ok=True)
        yamlio.atomic_write(target, dump_model(bf))
    except (ContentError, OSError) as exc:
        return _failed("import-map", target, exc, stderr)
    for line in lines:
        stdout.write(line + "\n")
    stdout.write(f"Wrote {target} (valid: `arena validate {target}`).\n")
    return 0


def export_pieces(bf: Battlefield) -> tuple[list[MapPiece], Notes]:
    """The pieces to write for `bf` (`piece_rules.to_pieces`) as map-file pieces."""
    placements, notes = to_pieces(bf)
    return [MapPiece(p.piece, Hex(*p.at), p.on_level, p.rotation) for p in placements], notes


def run_export(source: str, out: str, stdout: TextIO, stderr: TextIO) -> int:
    """``arena export-map BATTLEFIELD -o OUT.json|OUT.hsc``; returns the exit status."""
    target = Path(out)
    kind = target.suffix.lower()
    if kind not in (".json", ".hsc"):
        stderr.write(f"arena export-map: {out}: the output must end in .json (Heroscape Map "
                     "Editor) or .hsc (VirtualScape). Fix: rename it\n")
        return 1
    try:
        bf = _battlefield(source)
        pieces, notes = export_pieces(bf)
        data = write_json(pieces, bf.name, bf.id) if kind == ".json" else \
            write_hsc(pieces, bf.name)
        yamlio.atomic_write_bytes(target, data)
    except (ContentError, OSError) as exc:
        return _failed("export-map", target, exc, stderr)
    fmt = Kind.JSON if kind == ".json" else Kind.HSC
    stdout.write(f"Wrote {target} ({fmt}): {bf.name!r}, {len(pieces)} pieces.\n")
    if notes:
        stdout.write("Approximated:\n")
        for line in notes.lines():
            stdout.write(f"  - {line}\n")
    return 0


def _battlefield(source: str) -> Battlefield:
    """A battlefield file, or a shipped battlefield by id."""
    path = Path(source)
    if path.is_file():
        model = load_file(path, expect=Battlefield)
        assert isinstance(model, Battlefield)
        return model
    found = load_catalog(shipped_content_paths()).battlefields.get(source)
    if found is None:
        raise ContentError.single(source, "is neither a battlefield file nor a shipped "
                                  "battlefield id", "give the path of a battlefield .yaml")
    return found
