"""Importing a community map: a Heroscape Map Editor ``.json`` or VirtualScape ``.hsc`` file
(`arena.content.mapfiles`) built into an Arena battlefield from its pieces
(`arena.content.piece_rules`), with two starting zones proposed when the map has none, checked
exactly as ``arena validate`` checks a file, and a report of what was approximated.

``arena import-map`` (`arena.content.mapio_cli`), the editor's Open and the benchmarks all
import through `import_map`, so a map reads the same everywhere; `export_pieces` is the way
back, a battlefield as the pieces a map file lists. Nothing is read from or written to disk
here but the map file itself.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pydantic

from arena.content import yamlio
from arena.content.base import MAX_LEVEL
from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.errors import ContentError
from arena.content.geometry import check_battlefield
from arena.content.loader import load_document
from arena.content.mapfiles import MapFile, MapPiece, read_map
from arena.content.piece_rules import Notes, PieceError, expand, to_pieces
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
    proposal: Proposal | None = None
    if not zones:
        blocked = {at for o in built.obstacles for at in o.footprint} | set(built.glyph_spaces)
        proposal = propose(built.columns, blocked, built.glyph_spaces)
        zones = proposal.zones
    by = f" by {source.author}" if source.author else ""
    name = (source.name or path.stem)[:120]
    bf = Battlefield(
        format="battlefield", id=bf_id, name=name,
        description=f"Imported from {path.name} ({source.kind}){by}.",
        provenance="transcribed", columns=built.columns, obstacles=built.obstacles,
        glyph_spaces=built.glyph_spaces, starting_zones=zones, pieces=placements)
    checked = validate(bf, file)
    return checked, _report(path, source, checked, built.notes, proposal)


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
            proposal: Proposal | None) -> list[str]:
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
    """The pieces to write for `bf` (`piece_rules.to_pieces`) as map-file pieces."""
    placements, notes = to_pieces(bf)
    return [MapPiece(p.piece, Hex(*p.at), p.on_level, p.rotation) for p in placements], notes
