"""Count the input actions a map maker needs to choose each piece of a small 3-level build in
the editor's piece palette, by driving the editor window (SDL's dummy driver, 1280x720) with
the same events a mouse and keyboard send: wheel notches over the palette until the piece is
in view, then a click on it; or, where the palette has a search box, a click in it (which
takes the whole search), the words (or the piece's code) typed, and Enter. Every piece is
then placed by a click on the map (the same number of clicks with every palette).

Run it against any version of the editor on the path (it reads which palette it has):

    SDL_VIDEODRIVER=dummy python scripts/palette_steps.py

It prints one line per pick and the totals as JSON (measurements/palette-steps/). The time
estimate uses the keystroke-level model's usual operator times (point and click 1.3 s, key
0.28 s, wheel notch 0.2 s, and the same 1.35 s to find the piece each time, whatever the
palette shows): an estimate for a practised user, not a measurement of a person.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pygame
import pygame_gui

PICKS: tuple[tuple[str, str], ...] = (
    ("g24", "24-hex grass"), ("r7", "7-hex rock"), ("g7", "7-hex grass"), ("r7", "7-hex rock"),
    ("s7", "7-hex sand"), ("g3", "3-hex grass"), ("r3", "3-hex rock"), ("s2", "2-hex sand"),
    ("g1", "1-hex grass"), ("tr10", "evergreen tree (10)"), ("rs2", "ruins (2)"),
    ("y0", "power glyph"), ("z1", "player 1"), ("z2", "player 2"))
"""The pieces chosen, in order, for a small 3-level map (two 24-hex grass boards as level 1,
7-hex tiles as level 2, small tiles as level 3, a tree, a ruin, a glyph and two start
zones), and the words a map maker types to find each."""

KLM = {"click": 1.3, "key": 0.28, "notch": 0.2, "find": 1.35}


def _pump(app: Any) -> None:
    app.update(0.05)
    for event in pygame.event.get():
        app.handle_event(event)


def _at(pos: tuple[int, int]) -> None:
    pygame.mouse.get_pos = lambda: pos  # the dummy driver has no pointer to move


def _send(app: Any, event: pygame.event.Event) -> None:
    app.handle_event(event)
    _pump(app)


def _click(app: Any, pos: tuple[int, int]) -> None:
    _at(pos)
    _send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    _send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    _send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    _pump(app)


def _wheel(app: Any, pos: tuple[int, int], down: bool) -> None:
    _at(pos)
    _send(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if down else 1, flipped=False,
                                  precise_x=0.0, precise_y=-1.0 if down else 1.0))


def browse(app: Any, code: str) -> dict[str, int]:
    """Choose `code` by scrolling to it and clicking it; the actions used."""
    new = hasattr(app.pieces, "dock")
    if new:
        dock = app.pieces.dock
        area = dock.grid()

        def where() -> tuple[int, int] | None:
            return dock.visible_cells().get(code)

        def above() -> bool:
            cell = next(c for c in dock.cells() if c.code == code)
            return dock.on_screen(cell).top < area.top
    else:
        lst = app.pieces.list
        area = lst.item_list_container.rect.clip(lst.rect)

        def where() -> tuple[int, int] | None:
            pos = app.pieces.item_centre(code)
            if pos is None:
                return None
            element = next(e for e in lst.item_list_container.elements
                           if getattr(e, "text", None) == app.pieces.codes_text(code))
            return pos if area.contains(element.rect) else None

        def settle() -> None:  # the list moves on the frames after a notch
            for _ in range(3):
                _pump(app)

        def above() -> bool:  # the list makes lines only for what is in view
            texts = [item["text"] for item in lst.item_list]
            shown = [getattr(e, "text", None) for e in lst.item_list_container.elements]
            first = min(texts.index(t) for t in shown if t in texts)
            return texts.index(app.pieces.codes_text(code)) < first
    notches = 0
    while where() is None and notches < 400:
        _wheel(app, area.center, down=not above())
        if not new:
            settle()
        notches += 1
    pos = where()
    assert pos is not None, code
    _click(app, pos)
    if app.pieces.code != code and not new:
        # The list's line is in view but pygame_gui missed the click it was sent after a
        # scroll under the dummy driver: the line is chosen as that click would (one click).
        app.handle_event(pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                                            ui_element=app.pieces.list,
                                            text=app.pieces.codes_text(code)))
    assert app.pieces.code == code, (code, app.pieces.code)
    return {"notch": notches, "click": 1, "key": 0, "find": 1}


def search(app: Any, code: str, words: str) -> dict[str, int]:
    """Choose `code` by a click in the search box (it takes the whole search, so what is
    typed replaces it), the words typed and Enter (the first piece found)."""
    dock = app.pieces.dock
    _click(app, dock.search_box.rect.center)
    for ch in words:
        _send(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert dock.search == words, (dock.search, words)
    assert dock.shown_codes()[0] == code, (code, dock.shown_codes())
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        _send(app, pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r",
                                      scancode=0))
    assert app.pieces.code == code, (code, app.pieces.code, app.message, dock.search)
    return {"notch": 0, "click": 1, "key": len(words) + 1, "find": 1}


def main() -> int:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    from editor import app as editor_app
    from editor.core import model as m

    ALL = "All pieces"

    app = editor_app.EditorApp(recover=False)
    app.editor.doc = m.MapDoc(id="steps", name="Steps")
    if not hasattr(app.pieces, "dock"):  # the list's line of a code, in the old palette
        from editor.map.piece_palette import item_text
        app.pieces.codes_text = item_text
    _click(app, app.panels.tool_buttons["piece"].rect.center)
    assert app.pieces.is_open()
    modes = {"browse": lambda code, words: browse(app, code)}
    if hasattr(app.pieces, "dock"):
        modes["search by name"] = lambda code, words: search(app, code, words)
        modes["search by code"] = lambda code, words: search(app, code, code)
    out: dict[str, Any] = {}
    for mode, pick in modes.items():
        if hasattr(app.pieces, "dock"):  # each way starts from the palette as it opens
            app.pieces.dock.set_search("")
            app.pieces.dock.choose_group(ALL)
        total = {"notch": 0, "click": 0, "key": 0, "find": 0}
        for code, words in PICKS:
            app.update(1.0)  # the piece is placed before the next is chosen
            used = pick(code, words)
            print(mode, code, used, file=sys.stderr)
            for k, v in used.items():
                total[k] += v
        total["place"] = len(PICKS)  # one click on the map per piece, in every palette
        seconds = sum(KLM[k] * total[k] for k in KLM) + KLM["click"] * total["place"]
        out[mode] = {**total, "actions": total["notch"] + total["click"] + total["key"]
                     + total["place"], "estimate_s": round(seconds, 1)}
    print(json.dumps({"palette": "docked" if hasattr(app.pieces, "dock") else "list",
                      "picks": len(PICKS), **out}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
