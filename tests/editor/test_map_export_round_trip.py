"""A map made in the editor survives both community formats (issue #35, item 6). Headless.

The New map's board (land without a look of its own, drawn as sand), a treasure glyph piece
changed to a Glyph of Movement with the Glyph tool, and starting zones placed left of and
above the Heroscape Map Editor's table: exported with ``arena export-map`` and imported back,
the battlefield is the one the editor saved, in its place, its sand still sand and its
glyphs what they were.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arena.content import load_file
from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.mapfiles import read_map
from arena.content.mapio_cli import run_export, run_import
from editor.core import commands as c
from editor.core import model as m
from editor.core import piece_model as pm
from editor.files.document import starting_map


@pytest.mark.parametrize("suffix", [".json", ".hsc"])
def test_a_new_map_comes_back_as_it_was_made(suffix: str, tmp_path: Path) -> None:
    ed = m.Editor(starting_map())
    top = max(ed.doc.top(at) for at in ed.doc.columns)
    at = min(ed.doc.columns, key=lambda a: (a[1], a[0]))
    ed.execute(pm.PlacePiece(PiecePlacement(piece="y1", at=at, on_level=top)))
    ed.execute(c.PlaceGlyph(at, "movement", "ability"))
    saved = tmp_path / "made.yaml"
    ed.save(saved)
    made = load_file(saved, expect=Battlefield)
    assert isinstance(made, Battlefield)
    assert min(q for q, _ in ed.doc.columns) < 0 or min(r for _, r in ed.doc.columns) < 0
    exported = tmp_path / f"made{suffix}"
    assert run_export(str(saved), str(exported), io.StringIO(), io.StringIO()) == 0
    codes = {p.code for p in read_map(exported).pieces}
    assert "y1" in codes and not any(code.startswith("g") for code in codes)  # sand, treasure
    back = tmp_path / "back.yaml"
    assert run_import(str(exported), str(back), io.StringIO(), io.StringIO()) == 0
    again = load_file(back, expect=Battlefield)
    assert isinstance(again, Battlefield)
    keep = {"id", "name", "description"}
    assert again.model_dump(exclude=keep) == made.model_dump(exclude=keep)
    assert again.glyphs[0].glyph == "movement" and again.glyphs[0].at == at
