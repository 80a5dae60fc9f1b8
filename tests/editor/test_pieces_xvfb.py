"""End to end on a virtual X server: a community map imported with ``arena import-map``, opened
in the installed ``arena-editor`` in a real window, a 7-hex rock tile chosen by its picture in
the piece palette, turned with R, placed by a click on the map and saved with Ctrl+S; the saved file
holds the piece where it was placed, with its turn, after the map's own pieces. The player's
collection (the AotP core box and one 7-hex rock tile) is checked in the summary: the map
cannot be built from it, and the placed tile is one more piece missing. The map
keeps its looks (grass, rock, sand, water, palms and underbrush) in the window and in the
saved file.

Where to click is worked out by the same editor code run in this process on SDL's dummy
driver (same window size, same map, so the same camera and palette). Every step waits on the
editor's own status file (``ARENA_EDITOR_TEST_STATUS``) or on the file it writes, never on a
guessed sleep. Screenshots go to tests/artifacts/editor. Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from editor_kit import ARTIFACTS, SHARED, piece_tool_editor  # noqa: E402
from xvfb_editor_kit import editor_window  # noqa: E402
from xvfb_kit import (  # noqa: E402
    STEP_TIMEOUT,
    press_closing_key,
    screenshot,
    wait_status,
    xdotool,
)

from arena.content.battlefield import Battlefield, PiecePlacement
from arena.content.collections import Collection, save_collection
from arena.content.loader import load_file
from arena.hexgrid import Hex
from editor.core import piece_model as pm

pytestmark = pytest.mark.xvfb

RIVER = "Web_1_The_Regenerated_River.json"
TILE, TURN = "r7", 1
OWNED = Collection(format="collection", sets={"aotp-core": 1}, pieces={TILE: 1})
"""The player's collection: too small for the map, and holding the tile placed."""



def _import(tmp_path: Path) -> Path:
    """The community map, imported by the installed ``arena import-map``."""
    target = tmp_path / "regenerated-river.yaml"
    arena = Path(sys.executable).parent / "arena"
    done = subprocess.run([str(arena), "import-map", str(SHARED / RIVER), "-o", str(target)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return target


def _plan(target: Path) -> dict[str, Any]:
    """Where to click, from the same editor run headless: the Piece tool and a hex of the map
    (its screen point) where the turned tile fits, seen clear of the palette."""
    with piece_tool_editor(target) as (model, tool):
        palette = model.pieces.dock_rect()
        assert palette is not None
        model.pieces.code, model.pieces.rotation = TILE, TURN
        doc = model.editor.doc
        proj = model.projection()
        for at in sorted(doc.columns, key=lambda a: (a[1], a[0])):
            piece = model.pieces.placement(doc, at)
            if not pm.fits(doc, piece):
                continue
            x, y = proj.to_screen(Hex(*at), float(doc.top(at)))
            pos = (round(x), round(y))
            inner = model.view_rect.inflate(-40, -40)
            if inner.collidepoint(pos) and not palette.inflate(20, 20).collidepoint(pos) \
                    and model.view.hex_at(pos) == at:
                return {"tool": tool, "hex": at, "pos": pos, "piece": piece,
                        "pieces": len(doc.pieces), "summary": model.panels.summary_box.rect.center}
        raise AssertionError("no hex of the map takes the tile in view")


def test_place_a_turned_tile_from_the_palette_on_a_community_map(
        x_display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = _import(tmp_path)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    save_collection(OWNED)
    plan = _plan(target)

    with editor_window(x_display, tmp_path, [str(target)], "xvfb-pieces.log") as editor:
        program, window, mine = editor.program, editor.window, editor.status
        first = wait_status(mine, "the summary's collection check",
                            lambda s: s["collection"]["revision"] >= 0, STEP_TIMEOUT)
        shots = shutil.which("import") is not None  # screenshots are optional
        if shots:
            screenshot(x_display, ARTIFACTS / "xvfb-pieces-imported.png")

        def point(pos: tuple[int, int]) -> dict[str, Any]:
            xdotool(x_display, "mousemove", "--window", window, str(pos[0]), str(pos[1]))
            return wait_status(mine, f"the editor to see the pointer at {pos}",
                               lambda s: s["pointer"] == list(pos), STEP_TIMEOUT)

        click = editor.click

        click(plan["tool"])
        wait_status(mine, "the piece palette", lambda s: s["tool"] == "piece"
                    and s["piece"]["open"], STEP_TIMEOUT)
        docked = wait_status(mine, f"{TILE}'s picture in the palette",
                             lambda s: TILE in s["piece"]["cells"], STEP_TIMEOUT)
        click(tuple(docked["piece"]["cells"][TILE]))
        wait_status(mine, f"{TILE} chosen in the palette",
                    lambda s: s["piece"]["code"] == TILE, STEP_TIMEOUT)
        before = wait_status(mine, "the editor's status", lambda s: True)
        xdotool(x_display, "key", "--window", window, "r")
        wait_status(mine, "the tile turned", lambda s: s["piece"]["rotation"] == TURN
                    and s["keys"] > before["keys"], STEP_TIMEOUT)
        point(plan["pos"])
        if shots:
            screenshot(x_display, ARTIFACTS / "xvfb-pieces-preview.png")
        placed = click(plan["pos"])
        placed = wait_status(mine, "the tile placed", lambda s: s["revision"] > before["revision"]
                             and s["message"].startswith("Placed") and s["dirty"], STEP_TIMEOUT)
        assert TILE in placed["message"]
        checked = wait_status(mine, "the collection checked after the placing",
                              lambda s: s["collection"]["revision"] >= placed["revision"],
                              STEP_TIMEOUT)
        point(plan["summary"])  # the check ends the summary: scroll down to it
        for _ in range(40):
            if wait_status(mine, "the summary", lambda s: True)["summary_end"]:
                break
            xdotool(x_display, "click", "5")
        wait_status(mine, "the summary scrolled to the collection check",
                    lambda s: s["summary_end"], STEP_TIMEOUT)
        if shots:
            screenshot(x_display, ARTIFACTS / "xvfb-pieces-collection.png")
        before_lines, after_lines = first["collection"]["lines"], checked["collection"]["lines"]
        assert after_lines[0] == "Your collection"
        assert after_lines[1].startswith("The map cannot be built from your collection")
        assert _missing(after_lines) == _missing(before_lines) + 1  # the tile placed
        xdotool(x_display, "key", "--window", window, "ctrl+s")
        wait_status(mine, "the map saved", lambda s: s["message"].startswith("Saved")
                    and not s["dirty"], STEP_TIMEOUT)
        if shots:
            screenshot(x_display, ARTIFACTS / "xvfb-pieces-saved.png")
        assert press_closing_key(x_display, window, "ctrl+q",
                                 lambda: program.wait(timeout=STEP_TIMEOUT)) == 0

    saved = load_file(target)
    assert isinstance(saved, Battlefield)
    looks = {s for c in saved.columns for s in c.surfaces or () if s}
    assert {"grass", "rock", "sand", "water"} <= looks  # the map still looks like itself
    assert {o.look for o in saved.obstacles} == {"palm", "brush"}
    piece: PiecePlacement = plan["piece"]
    assert len(saved.pieces) == plan["pieces"] + 1
    assert saved.pieces[-1] == piece
    assert (piece.piece, piece.rotation) == (TILE, TURN)
    tops = {c.at: c.top for c in saved.columns}
    assert all(tops[a] == piece.on_level + 1 for a in pm.covers(piece))
    placed_looks = {at: c.surfaces for c in saved.columns for at in [c.at]
                    if at in set(pm.covers(piece))}
    assert all(looks_ and looks_[piece.on_level] == "rock" for looks_ in placed_looks.values())


def _missing(lines: list[str]) -> int:
    """How many pieces the collection check's headline says are missing."""
    return int(lines[1].split(": ")[1].split(" piece")[0])
