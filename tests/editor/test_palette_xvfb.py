"""End to end on a virtual X server: the piece palette as a map maker uses it. In the installed
``arena-editor`` (a real window, 1280x720) on a copy of the shipped Duel, with a collection
of one Rise of the Valkyrie box: the Piece tool docks the palette beside the map (the map
moves over), "7-hex rock" typed in its search box leaves one picture, a click on that picture
chooses the 7-hex rock tile, the tile's preview follows the pointer by its centre, a click
places it there, and Ctrl+S saves it: the saved tile's middle hex is the hex that was pointed
at.

Where the tool button is and which hex of the map takes the centred tile is worked out by the
same editor code run in this process on SDL's dummy driver (same window size, same map, so the
same camera and palette); where the picture is comes from the editor's own status file
(``ARENA_EDITOR_TEST_STATUS``), which every step waits on -- never a guessed sleep.
Screenshots go to tests/artifacts/editor (palette-*.png). Skips without Xvfb and xdotool.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))

from editor_kit import DUEL, piece_tool_editor  # noqa: E402
from xvfb_editor_kit import (  # noqa: E402
    STEP_TIMEOUT,
    editor_window,
    press_closing_key,
    shot,
    wait_status,
)

from arena.content.battlefield import Battlefield  # noqa: E402
from arena.content.collections import Collection, save_collection  # noqa: E402
from arena.content.loader import load_file  # noqa: E402
from arena.hexgrid import Hex, distance  # noqa: E402
from editor.core import piece_model as pm  # noqa: E402

pytestmark = pytest.mark.xvfb

TILE, SEARCH = "r7", "7-hex rock"
OWNED = Collection(format="collection", sets={"rise-of-the-valkyrie": 1})


def _middle(hexes: list[tuple[int, int]]) -> tuple[int, int]:
    """The hex of a 7-hex tile whose six neighbours are all in it."""
    inside = set(hexes)
    [middle] = [a for a in hexes if sum(distance(Hex(*a), Hex(*b)) == 1 for b in inside) == 6]
    return middle


def _plan(target: Path) -> dict[str, Any]:
    """The Piece tool's button, the search box, and a hex of the map (its screen point) where
    the 7-hex rock tile held by its centre fits (covering no glyph), in view beside the
    docked palette."""
    with piece_tool_editor(target) as (model, tool):
        dock = model.pieces.dock_rect()
        assert dock is not None and model.pieces.dock.search_box is not None
        search = model.pieces.dock.search_box.rect.center
        model.pieces.code = TILE
        doc = model.editor.doc
        proj = model.projection()
        inner = model.view_rect.inflate(-120, -120)
        for at in sorted(doc.columns, key=lambda a: (abs(a[0]) + abs(a[1]), a)):
            piece = model.pieces.placement(doc, at)
            if not pm.fits(doc, piece) or any(a in doc.glyphs for a in pm.covers(piece)):
                continue
            x, y = proj.to_screen(Hex(*at), float(doc.top(at)))
            pos = (round(x), round(y))
            if inner.collidepoint(pos) and model.view.hex_at(pos) == at:
                return {"tool": tool, "search": search, "hex": at, "pos": pos,
                        "dock": dock, "view": model.view_rect, "pieces": len(doc.pieces)}
        raise AssertionError("no hex of the map takes the centred tile in view")


def test_search_pick_by_picture_and_place_a_centred_seven_hex_tile(
        x_display: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "duel.yaml"
    shutil.copy(DUEL, target)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("ARENA_DATA_DIR", str(tmp_path / "data"))
    save_collection(OWNED)
    plan = _plan(target)
    assert not plan["dock"].colliderect(plan["view"])  # the palette is beside the map

    with editor_window(x_display, tmp_path, [str(target)], "xvfb-palette.log") as editor:
        mine = editor.status
        editor.click(plan["tool"])
        opened = wait_status(mine, "the palette docked", lambda s: s["tool"] == "piece"
                             and s["piece"]["open"] and s["piece"]["cells"], STEP_TIMEOUT)
        assert opened["piece"]["shown"][:3] == ["g1", "g2", "g3"]  # the collection's first
        shot(x_display, "palette-open.png")

        editor.click(plan["search"])
        editor.type(SEARCH)
        found = wait_status(mine, f"the search for {SEARCH!r}",
                            lambda s: s["piece"]["search"] == SEARCH, STEP_TIMEOUT)
        assert found["piece"]["shown"] == [TILE]
        where = found["piece"]["cells"][TILE]
        shot(x_display, "palette-search.png")

        editor.click((where[0], where[1]))
        wait_status(mine, f"{TILE} chosen by its picture",
                    lambda s: s["piece"]["code"] == TILE, STEP_TIMEOUT)

        editor.point(plan["pos"])
        shown = wait_status(mine, "the preview under the pointer", lambda s: s["piece"][
            "preview"] is not None and _middle([tuple(h) for h in s["piece"]["preview"][
                "hexes"]]) == tuple(plan["hex"]), STEP_TIMEOUT)
        assert shown["piece"]["preview"]["fits"]
        shot(x_display, "palette-preview.png")
        before = editor.now()
        placed = editor.click(plan["pos"])
        placed = wait_status(mine, "the tile placed", lambda s: s["revision"] >
                             before["revision"] and s["message"].startswith("Placed"),
                             STEP_TIMEOUT)
        assert TILE in placed["message"]
        shot(x_display, "palette-placed.png")
        editor.key("ctrl+s")
        wait_status(mine, "the map saved", lambda s: s["message"].startswith("Saved")
                    and not s["dirty"], STEP_TIMEOUT)
        assert press_closing_key(x_display, editor.window, "ctrl+q",
                                 lambda: editor.program.wait(timeout=STEP_TIMEOUT)) == 0

    saved = load_file(target)
    assert isinstance(saved, Battlefield)
    assert len(saved.pieces) == plan["pieces"] + 1
    tile = saved.pieces[-1]
    assert tile.piece == TILE
    assert _middle(pm.covers(tile)) == tuple(plan["hex"])  # held by its centre
