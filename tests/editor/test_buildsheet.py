"""The parts list (tiles level by level) and the level-by-level build sheet (PNG and PDF)."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from arena.client import text
from arena.client.palette import TERRAIN
from arena.content.battlefield import PiecePlacement
from editor.core.model import Editor, MapDoc, PlaceGlyph, PlaceObstacle, Raise
from editor.core.parts import parts_list, split_tiles
from editor.core.piece_model import PlacePiece, sheet_pieces
from editor.core.validation import estimate_components
from editor.files import buildsheet
from editor.files.pdf import PageImage, pdf_bytes

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts" / "editor"
DUEL = ROOT / "scenarios" / "battlefields" / "duel.yaml"
RING = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield
    text.reset()  # fonts cached by the drawing code die with the font module
    pygame.font.quit()


def board() -> MapDoc:
    """A 24-hex board of land; on level 2 a six-hex patch and a lone hex, on level 3 one
    water hex with a glyph; a two-hex ruin."""
    doc = MapDoc(id="tower", name="Tower")
    rows = {-2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1), 2: (-3, 0)}
    for r, (first, last) in rows.items():
        for q in range(first, last + 1):
            doc.columns[(q, r)] = ["land"]
    ed = Editor(doc)
    for at in [(0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (-3, 0)]:
        ed.execute(Raise(at))
    ed.execute(Raise((0, 0), "water"))
    ed.execute(PlaceObstacle("ruin", ((-2, 2), (-1, 2)), 6))
    ed.execute(PlaceGlyph((0, 0), "power"))
    return ed.doc


# --- parts ------------------------------------------------------------------------------------


def test_split_tiles_takes_as_many_triangles_as_fit() -> None:
    assert split_tiles({(0, 0), (1, 0), (0, 1)}) == [((0, 0), (0, 1), (1, 0))]
    assert split_tiles({(0, 0), (1, 0), (2, 0)}) == [((0, 0),), ((1, 0),), ((2, 0),)]
    # Every triangle in a flower holds its centre: one triangle, four single hexes.
    flower = split_tiles({(0, 0), *RING})
    assert sorted(len(t) for t in flower) == [1, 1, 1, 1, 3]
    assert sorted(h for t in flower for h in t) == sorted([(0, 0), *RING])
    # A strip two hexes wide and six long: a greedy pick can strand hexes; four fit.
    strip = {(q, 0) for q in range(6)} | {(q, 1) for q in range(-1, 5)}
    assert sum(len(t) == 3 for t in split_tiles(strip)) == 4
    # Two separate patches never share a tile.
    apart = split_tiles({(0, 0), (1, 0), (5, 5)})
    assert sorted(len(t) for t in apart) == [1, 1, 1]


def test_parts_list_level_by_level() -> None:
    parts = parts_list(board())
    assert [lv.level for lv in parts.levels] == [1, 2, 3]
    one, two, three = parts.levels
    assert one.boards == 1 and len(one.hexes) == 24
    assert one.lines()[0] == "1 terrain board (24 hexes: 24 land)"
    assert "1 ruin (2-hex, height 6)" in one.lines()
    assert two.tile_counts() == {(3, "land"): 2, (1, "land"): 1}
    assert two.lines() == ["2 x 3-hex land tiles", "1 x 1-hex land tile"]
    assert three.hexes == {(0, 0): "water"}
    assert three.lines() == ["1 x 1-hex water tile", "1 glyph: power"]
    assert parts.lines()[:4] == ["1 terrain board (24 hexes each)", "2 x 3-hex land tiles",
                                 "1 x 1-hex land tile", "1 x 1-hex water tile"]


def test_shipped_duel_needs_exactly_the_core_tiles() -> None:
    doc = Editor.open(DUEL).doc
    parts = parts_list(doc)
    assert parts.tiles_of_size(3) == 2 and parts.tiles_of_size(1) == 2
    comp = estimate_components(doc)
    assert (comp.tiles3, comp.tiles1) == (2, 2) and comp.fits_core_box
    assert "3-hex tiles: 2 of 2, 1-hex tiles: 2 of 2" in comp.lines()
    assert buildsheet.whole_map_lines(doc, parts)[-1] == "Against one core box: everything fits"
    big = board()
    big.obstacles += [big.obstacles[0].model_copy(update={"id": f"ruin-{i}",
                                                          "footprint": [(i - 3, -1)]})
                      for i in range(2, 4)]
    assert buildsheet.whole_map_lines(big, parts_list(big))[-1] == (
        "Against one core box: 3 ruins: a core box has 2")


def test_components_note_too_many_small_tiles() -> None:
    small = MapDoc(columns={(0, 0): ["land", "land"], (3, 0): ["land", "land"],
                            (6, 0): ["land", "land"]})
    comp = estimate_components(small)
    assert (comp.tiles3, comp.tiles1) == (0, 3)
    assert "needs 3 1-hex tiles: a core box has 2" in comp.notes


# --- the sheet --------------------------------------------------------------------------------


def colour_at(image: pygame.Surface, pos: tuple[float, float]) -> tuple[int, int, int]:
    c = image.get_at((round(pos[0]), round(pos[1])))
    return (c.r, c.g, c.b)


def test_sheet_has_one_panel_per_level_showing_that_level() -> None:
    doc = board()
    sheet = buildsheet.build_sheet(doc)
    assert [level for level, _ in sheet.panels] == [1, 2, 3]
    assert len(sheet.pages) == 3
    rects = [rect for _, rect in sheet.panels]
    assert all(sheet.image.get_rect().contains(r) for r in rects)
    assert not rects[0].colliderect(rects[1]) and not rects[1].colliderect(rects[2])
    for (level, rect), frame in zip(sheet.panels, sheet.frames, strict=True):
        assert rect.collidepoint(frame.centre((0, 0)))
        centre = colour_at(sheet.image, frame.centre((0, 0)))
        edge_hex = colour_at(sheet.image, frame.centre((-3, 1)))
        if level == 3:
            # (0, 0) carries the glyph here: its disc is drawn over the water tile.
            cx, cy = frame.centre((0, 0))
            assert colour_at(sheet.image, (cx, cy + frame.scale * 0.42)) == buildsheet.GLYPH
            water_edge = frame.corners((0, 0), 0.9)[0]
            assert colour_at(sheet.image, water_edge) == TERRAIN["water"].top
            assert edge_hex == buildsheet.BELOW  # only on level 1: drawn faintly
        elif level == 2:
            assert centre == TERRAIN["land"].top
            assert edge_hex == buildsheet.BELOW
        else:
            assert edge_hex == TERRAIN["land"].top


def test_save_png_and_pdf(tmp_path: Path) -> None:
    doc = Editor.open(DUEL).doc
    png = buildsheet.save_sheet(doc, tmp_path / "duel-sheet.png")
    assert png.levels == (1, 2, 3) and png.pages == 1
    image = pygame.image.load(str(tmp_path / "duel-sheet.png"))
    assert image.get_width() == buildsheet.SHEET_WIDTH
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(image, str(ARTIFACTS / "build-sheet-duel.png"))

    pdf = buildsheet.save_sheet(doc, tmp_path / "duel-sheet.pdf")
    assert pdf.pages == 3
    data = (tmp_path / "duel-sheet.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type /Page\b", data)) == 3
    assert b"/Count 3" in data
    check_xref(data)
    # Each page's picture decompresses to a whole page of RGB.
    w, h = buildsheet.PAGE_SIZE
    streams = re.findall(rb"/Length (\d+) >>\nstream\n", data)
    images = [m for m in re.finditer(rb"/Subtype /Image .*?/Length (\d+) >>\nstream\n", data)]
    assert len(images) == 3 and len(streams) == 6
    first = images[0]
    raw = zlib.decompress(data[first.end():first.end() + int(first.group(1))])
    assert len(raw) == w * h * 3


def check_xref(data: bytes) -> None:
    """Every object the cross-reference table lists starts where it says."""
    start = int(re.search(rb"startxref\n(\d+)", data).group(1))  # type: ignore[union-attr]
    assert data[start:start + 4] == b"xref"
    entries = re.findall(rb"(\d{10}) 00000 n ", data[start:])
    assert entries
    for number, offset in enumerate(entries, start=1):
        assert data[int(offset):].startswith(b"%d 0 obj" % number)


def test_pdf_writer_checks_its_pages() -> None:
    with pytest.raises(ValueError, match="at least one page"):
        pdf_bytes([])
    with pytest.raises(ValueError, match="RGB bytes"):
        PageImage(2, 2, b"\x00" * 5)
    data = pdf_bytes([PageImage(1, 1, b"\xff\x00\x00")], title="A (small) map")
    assert b"/Title (A \\(small\\) map)" in data
    check_xref(data)


def test_empty_map_and_unwritable_place(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no hexes"):
        buildsheet.save_sheet(MapDoc(), tmp_path / "x.png")
    folder = tmp_path / "taken.pdf"
    folder.mkdir()
    with pytest.raises(OSError):
        buildsheet.save_sheet(board(), folder)
    assert folder.is_dir() and list(folder.iterdir()) == []
    assert [p.name for p in tmp_path.iterdir()] == ["taken.pdf"]  # no temporary left


# --- a map of pieces --------------------------------------------------------------------------


def pieces_map() -> MapDoc:
    """A 24-hex grass tile with a water hex beside it; on it a 2-hex and a 1-hex grass tile in
    one row and a tree; one hex raised by hand."""
    ed = Editor()
    for code, at, on_level in (("g24", (0, 0), 0), ("w1", (3, 0), 0), ("g2", (0, 1), 1),
                               ("g1", (-1, 1), 1), ("tr10", (0, 2), 1)):
        assert ed.execute(PlacePiece(PiecePlacement(piece=code, at=at, on_level=on_level)))
    ed.execute(Raise((0, 3)))
    return ed.doc


def test_sheet_lists_each_levels_pieces_and_outlines_them() -> None:
    doc = pieces_map()
    sheet = buildsheet.build_sheet(doc)
    levels = {lv.level: lv for lv in sheet.parts.levels}
    pieces = sheet_pieces(doc)
    assert buildsheet.level_lines(levels[1], pieces[1]) == [
        "1 x g24: 24-hex Grass", "1 x w1: 1-hex Water", "1 x tr10: Evergreen Tree (10)"]
    assert buildsheet.level_lines(levels[2], pieces[2]) == [
        "1 x g2: 2-hex Grass", "1 x g1: 1-hex Grass",
        "1 hex not from a piece (raised by hand, or filled in under a higher piece)"]
    assert buildsheet.whole_map_lines(doc, sheet.parts, pieces)[0] == \
        "5 pieces: 1 x g24, 1 x g2, 1 x g1, 1 x w1, 1 x tr10"
    # On level 2's plan the 2-hex tile is one piece (a thin line inside it) and the 1-hex tile
    # beside it another (a thick outline between them), though no triangle fits the row.
    frame = sheet.frames[[lv for lv, _ in sheet.panels].index(2)]

    def edge_colour(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int, int]:
        i = buildsheet.EDGE_STEPS.index((b[0] - a[0], b[1] - a[1]))
        pts = frame.corners(a)
        p, q = pts[i], pts[(i + 1) % 6]
        return colour_at(sheet.image, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))

    assert edge_colour((0, 1), (1, 1)) != buildsheet.TILE_EDGE
    assert edge_colour((-1, 1), (0, 1)) == buildsheet.TILE_EDGE


def test_sheet_of_a_map_without_pieces_lists_its_parts() -> None:
    doc = board()
    assert sheet_pieces(doc) == {}
    level = parts_list(doc).levels[1]
    assert buildsheet.level_lines(level, None) == level.lines()
