"""Importing a community map: a Heroscape Map Editor ``.json`` or VirtualScape ``.hsc`` file
(`arena.content.mapfiles`) built into an Arena battlefield from its pieces
(`arena.content.piece_rules`), with two starting zones proposed when the map has none, checked
exactly as ``arena validate`` checks a file, and a report of what was approximated.

``arena import-map`` (`arena.content.mapio_cli`), the editor's Open and the benchmarks all
import through `import_map`, so a map reads the same everywhere; `export_map` is the way
back, a battlefield as the pieces a map file lists (`export_pieces`) with Arena's notes of
what the pieces cannot carry (`arena.content.mapnotes`), which `import_map` restores: an
Arena map comes back the battlefield it was. Nothing is read from or written to disk here
but the map file itself.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pydantic

from arena.content import mapnotes, yamlio
from arena.content.base import MAX_LEVEL
from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.errors import ContentError
from arena.content.geometry import check_battlefield
from arena.content.loader import load_document
from arena.content.mapfiles import (
    Kind,
    MapFile,
    MapPiece,
    hsc_glyph,
    read_map,
    write_hsc,
    write_json,
)
from arena.content.piece_rules import (
    GLYPH_PIECES,
    Expansion,
    Notes,
    PieceError,
    expand,
    to_pieces,
)
from arena.content.storeys import Spaces, column_of
from arena.content.writer import dump_model
from arena.content.zone_proposal import Proposal, propose
from arena.content.zone_reach import TOLERANCE, Measure
from arena.hexgrid import Hex

SLUG = re.compile(r"^[a-z0-9][a-z0-9-]*$")
"""A battlefield id as its file name must spell it."""


def slug(text: str) -> str:
    """A battlefield id made from a file name: ``AoA_1_The_Shattered_Table`` ->
    ``aoa-1-the-shattered-table``."""
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:80].rstrip("-") or "imported-map"


def import_map(path: Path, bf_id: str, display: str | None = None) -> tuple[Battlefield, list[str]]:
    """The battlefield of a community map file, validated, and the report lines (with Arena's
    notes restored when the file carries them for the pieces it holds)."""
    file = display or str(path)
    source = read_map(path)
    if not source.pieces:
        raise ContentError.single(file, "has no terrain pieces", "choose a map with terrain")
    notes, pieces, note_line = _notes(source)
    placements = _placements(pieces, file)
    name = (source.name or path.stem)[:120]
    by = f" by {source.author}" if source.author else ""
    named = {(p.at.q, p.at.r): p.glyph for p in pieces if p.glyph is not None}
    bf, built, proposal = _build(placements, bf_id, name,
                                 f"Imported from {path.name} ({source.kind}){by}.", file,
                                 named)
    checked = validate(bf, file)
    approximated = built.notes
    restored = False
    if notes is not None:
        try:
            checked = validate(mapnotes.restore(checked, notes), file)
            restored = True
            note_line = (f"Restored from Arena's notes in the file: {notes.topics()}; the "
                         "battlefield is the one Arena exported.")
            if "starting_zones" in notes.fields:
                proposal = None  # the map's own zones, given back by the notes
            approximated = Notes()  # what the pieces alone lose, the notes gave back
        except (ContentError, pydantic.ValidationError):
            note_line = ("Arena's notes in the file do not make a valid battlefield: not "
                         "restored (the map is read from its pieces).")
    lines = _report(path, source, checked, approximated, proposal, restored)
    return checked, lines + ([note_line] if note_line else [])


def _notes(source: MapFile) -> tuple[mapnotes.Notes | None, list[MapPiece], str]:
    """The file's Arena notes if they belong to its pieces, the pieces where Arena had them
    (a JSON writer's shift undone) and what the report says about the notes."""
    notes = source.notes
    if notes is None:
        problem = source.notes_problem
        return None, source.pieces, (f"Arena's notes in the file cannot be read ({problem}): "
                                     "not restored." if problem else "")
    back = Hex(-notes.shift[0], -notes.shift[1])
    moved = [replace(p, at=p.at + back) for p in source.pieces]
    if mapnotes.fingerprint(_rows(moved)) != notes.fingerprint:
        return None, source.pieces, ("The file carries Arena's notes, but its pieces changed "
                                     "since Arena exported it: the notes are not restored "
                                     "(glyphs, heights and looks are the pieces').")
    return notes, moved, ""


def _rows(pieces: list[MapPiece]) -> list[tuple[str, int, int, int, float]]:
    return [(p.code, p.at.q, p.at.r, p.on_level, p.rotation) for p in pieces]


def _build(placements: list[PiecePlacement], bf_id: str, name: str, description: str,
           file: str, named: dict[tuple[int, int], str] | None = None
           ) -> tuple[Battlefield, Expansion, Proposal | None]:
    """The battlefield `placements` build, not yet checked, with starting zones proposed
    when they give none (`arena.content.zone_proposal`), and the glyphs the file `named` (by
    hex) of those kinds; the expansion (its approximations, its own zones); and the proposal
    (None when the pieces gave zones)."""
    try:
        built = expand(placements)
    except PieceError as exc:
        raise ContentError.single(file, str(exc), "the map is too big or too tall for "
                                  "Arena") from None
    if not built.columns:
        raise ContentError.single(file, "has no land or water pieces, only markers and "
                                  "add-ons", "choose a map with terrain tiles")
    glyphs = built.glyphs
    for at, kind in (named or {}).items():
        if any(column_of(g.at) == at for g in glyphs):
            glyphs = [g.model_copy(update={"glyph": kind}) if column_of(g.at) == at else g
                      for g in glyphs]
            built.notes[f"VirtualScape glyph read as the {kind} glyph (its Heroscape power "
                        "is that glyph's)"] += 1
    zones = built.zones
    proposal: Proposal | None = None
    if not zones:
        spaces = Spaces.of(built.columns)  # an obstacle covers the top of its columns
        blocked = {top for o in built.obstacles for at in o.footprint
                   if (top := spaces.top(at)) is not None} | set(built.glyph_spaces)
        proposal = propose(built.columns, blocked, built.glyph_spaces)
        zones = proposal.zones
    bf = Battlefield(
        format="battlefield", id=bf_id, name=name, description=description,
        provenance="transcribed", columns=built.columns, obstacles=built.obstacles,
        glyphs=glyphs, glyph_spaces=built.glyph_spaces, starting_zones=zones,
        pieces=placements)
    return bf, built, proposal


def _placements(pieces: list[MapPiece], file: str) -> list[PiecePlacement]:
    out: list[PiecePlacement] = []
    for piece in sorted(pieces, key=lambda p: p.on_level):
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
            proposal: Proposal | None, restored: bool = False) -> list[str]:
    counts = Counter(p.code for p in source.pieces)
    listed = ", ".join(f"{code} x{n}" for code, n in counts.most_common())
    _, summary = check_battlefield(bf, yamlio.Document(bf.id, None, {}))
    lines = [f"Read {path.name} ({source.kind}): {bf.name!r}, {len(source.pieces)} pieces "
             f"({listed}).",
             f"Battlefield: {'; '.join(summary.lines())}; {len(bf.obstacles)} obstacles, "
             f"{len(bf.glyphs)} glyphs, {len(bf.glyph_spaces)} glyph spaces."]
    if notes:
        lines.append("Approximated:")
        lines.extend(f"  - {line}" for line in notes.lines())
    elif restored:
        lines.append("Approximated: nothing; Arena's notes gave back what the pieces cannot "
                     "carry.")
    else:
        lines.append("Approximated: nothing; every piece plays as in AotP.")
    for what, n in source.skipped.items():
        lines.append(f"Left out: {what}" + (f" (x{n})" if n > 1 else ""))
    zones = ", ".join(f"{z.id} ({len(z.spaces)} spaces)" for z in bf.starting_zones)
    if proposal is not None:
        lines += proposal_lines(proposal)
    else:
        lines.append(f"Starting zones: {zones}.")
    return lines


def proposal_lines(proposal: Proposal) -> list[str]:
    """The report's lines on the zones proposed for a map that had none: which, how even they
    are (each measure beyond its tolerance named), and that play has not checked them yet."""
    if not proposal.zones:
        return [f"Starting zones: the map has none, and none were proposed: {proposal.reason}."]
    offered = ", ".join(f"{z.id} ({len(z.spaces)} spaces)" for z in proposal.zones)
    figures = "; ".join(f"{r.zone} level {r.height:.2f}, {r.centre:.2f} hexes from the centre"
                        for r in proposal.reaches)
    even = (f"even within {TOLERANCE[Measure.HEIGHT]:g} level and {TOLERANCE[Measure.GLYPH]:g} "
            "hex" if not proposal.uneven else "the most even found, but " +
            "; ".join(proposal.uneven))
    return [f"Starting zones: the map has none; proposed {offered}, marked `proposed: true` "
            "to review.",
            f"  Chosen for equal size, mean level and distance to the centre and glyph spaces: "
            f"{even} ({figures}).",
            f"  {NOT_CHECKED[:1].upper()}{NOT_CHECKED[1:]}: a short balance check plays them "
            "(the editor runs it after an import; `arena balance FILE` from the command line)."]


NOT_CHECKED = "proposed zones, not checked for fairness"
"""What the verdict and the import report say of proposed zones until play has checked them."""


def export_pieces(bf: Battlefield) -> tuple[list[MapPiece], Notes]:
    """The pieces to write for `bf` (`piece_rules.to_pieces`) as map-file pieces, a glyph
    piece with the kind of the glyph on it (which a VirtualScape file can name)."""
    placements, notes = to_pieces(bf)
    spaces = Spaces.of(bf.columns)
    kinds = {(column_of(g.at), spaces.level(g.at)): g.glyph for g in bf.glyphs}
    return [MapPiece(p.piece, Hex(*p.at), p.on_level, p.rotation,
                     kinds.get((p.at, p.on_level)) if p.piece in GLYPH_PIECES else None)
            for p in placements], notes


def export_map(bf: Battlefield, kind: Kind) -> tuple[bytes, list[MapPiece], Notes, str]:
    """`bf` as a map file of `kind`: its pieces (`export_pieces`), with Arena's notes of what
    importing those pieces would not give back (`arena.content.mapnotes`); what the pieces
    alone approximate (what another map editor shows); and what the notes keep, in words
    (empty: nothing)."""
    pieces, approximated = export_pieces(bf)
    placements = [PiecePlacement(piece=p.code, at=(p.at.q, p.at.r), on_level=p.on_level,
                                 rotation=p.rotation) for p in pieces]
    named = {(p.at.q, p.at.r): glyph for p in pieces
             if kind is Kind.HSC and (glyph := hsc_glyph(p)) is not None}
    rebuilt, _, _ = _build(placements, bf.id, bf.name, bf.description, bf.id, named)
    fields = mapnotes.differences(bf, rebuilt)
    notes = mapnotes.Notes(mapnotes.fingerprint(_rows(pieces)), fields)
    data = write_json(pieces, bf.name, bf.id, notes) if kind is Kind.JSON else \
        write_hsc(pieces, bf.name, notes=notes)
    kept = mapnotes.from_json(json.loads(data)) if kind is Kind.JSON else notes
    return data, pieces, approximated, kept.topics() if kept is not None else ""
