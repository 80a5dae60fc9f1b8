"""The piece collection in the editor: which boxes and loose pieces the map maker owns, and
whether the map being edited can be built from them.

`Collections` is the editor's chosen collection (`arena.content.collections`): read from
the map maker's Arena folder when the editor starts, saved there by the window, and asked by
the validation summary for its verdict on the current map (`summary_lines`): can it be
built, and which pieces are missing (code, needed, owned). `CollectionWindow` edits it: how
many of each boxed set, and custom pieces (a piece code and a count).
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pydantic import ValidationError
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIScrollingContainer,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)

from arena.content.collections import (
    BOARD,
    MAX_COUNT,
    SETS,
    Collection,
    available_codes,
    check_build,
    collection_path,
    empty,
    load_collection,
    save_collection,
)
from arena.content.errors import ContentError
from arena.content.pieces import PIECES
from editor.core import mapdoc as m

ROW = 30
"""Height of one set's row in the window."""
MAX_LISTED = 12
"""Missing pieces listed in the summary before the rest are counted."""


def _title(code: str) -> str:
    return PIECES[code].title if code in PIECES else "AotP terrain board"


def read_count(text: str, what: str) -> int | str:
    """A count typed in a field (empty is 0), or what is wrong with it."""
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit() or int(text) > MAX_COUNT:
        return f"{what}: a whole number from 0 to {MAX_COUNT}"
    return int(text)


def read_custom(code: str, count: str) -> tuple[str, int] | str:
    """A custom piece typed in the window (a piece code and a count), or what is wrong."""
    code = code.strip()
    if code not in PIECES and code != BOARD:
        return (f"Piece code '{code}' is not one Arena knows (g24, w1, rs2, tr10, ...; "
                "docs/heroscape-maps.md lists them)")
    n = read_count(count, f"How many {code}")
    if isinstance(n, str):
        return n
    return code, n


def summary_lines(collection: Collection | None, doc: m.MapDoc, trouble: str = "") -> list[str]:
    """The summary's lines about the collection (HTML): whether `doc` can be built from it
    and each missing piece, or why that cannot be said yet."""
    head = "<b>Your collection</b>"
    if trouble:
        return [head, html.escape(trouble)]
    if collection is None or not (collection.sets or collection.pieces):
        return [head, "none chosen: open Collection... to say which boxes you own"]
    try:
        bf = doc.to_battlefield()
    except ValidationError:
        return [head, "checked once the map is a battlefield"]
    check = check_build(bf, collection)
    lines = [head, html.escape(f"The map {check.headline()}")]
    lines += [html.escape(f"missing {s.line()}") for s in check.missing[:MAX_LISTED]]
    if len(check.missing) > MAX_LISTED:
        lines.append(f"... and {len(check.missing) - MAX_LISTED} more kinds")
    lines += [html.escape(note) for note in check.notes]
    return lines


class CollectionWindow:
    """Counts per boxed set, the custom pieces, and Save; `handle` returns "save", "close"
    or a note to show, else None."""

    def __init__(self, manager: pygame_gui.UIManager, size: tuple[int, int],
                 collection: Collection) -> None:
        self.ui = manager
        w, h = size
        width, height = min(620, w - 40), min(620, h - 40)
        self.window = UIWindow(pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width,
                                           height), manager,
                               window_display_title="Your piece collection")
        c = self.window
        inner = width - 32
        UILabel(pygame.Rect(10, 6, inner, 24), "How many of each box you own:", manager,
                container=c)
        list_h = height - 280
        self.scroll = UIScrollingContainer(pygame.Rect(10, 32, inner, list_h), manager,
                                           container=c, allow_scroll_x=False)
        self.scroll.set_scrollable_area_dimensions((inner - 24, ROW * len(SETS) + 4))
        self.counts: dict[str, UITextEntryLine] = {}
        for i, piece_set in enumerate(SETS.values()):
            UILabel(pygame.Rect(0, i * ROW, inner - 100, ROW - 2), piece_set.title, manager,
                    container=self.scroll, object_id="#left_label")
            entry = UITextEntryLine(pygame.Rect(inner - 96, i * ROW, 60, ROW - 2), manager,
                                    container=self.scroll)
            entry.set_allowed_characters("numbers")
            times = collection.sets.get(piece_set.id, 0)
            entry.set_text(str(times) if times else "")
            self.counts[piece_set.id] = entry
        y = 38 + list_h
        UILabel(pygame.Rect(10, y, 130, 28), "Custom piece", manager, container=c)
        self.code = UITextEntryLine(pygame.Rect(142, y, 90, 28), manager, container=c,
                                    placeholder_text="g7")
        self.count = UITextEntryLine(pygame.Rect(236, y, 60, 28), manager, container=c,
                                     placeholder_text="1")
        self.count.set_allowed_characters("numbers")
        self.add = UIButton(pygame.Rect(300, y, 110, 28), "Add / set", manager, container=c,
                            tool_tip_text="own this many of the piece besides the boxes "
                                          "(0 takes it off)")
        y += 34
        self.custom: dict[str, int] = dict(collection.pieces)
        self.custom_box = UITextBox("", pygame.Rect(10, y, inner, 80), manager, container=c)
        y += 86
        self.save = UIButton(pygame.Rect(10, y, 120, 30), "Save", manager, container=c)
        self.close = UIButton(pygame.Rect(136, y, 120, 30), "Close", manager, container=c)
        self.note = UILabel(pygame.Rect(262, y, inner - 252, 30), "", manager, container=c)
        self.show_custom()

    def alive(self) -> bool:
        return bool(self.window.alive())  # type: ignore[no-untyped-call]

    def kill(self) -> None:
        self.window.kill()  # type: ignore[no-untyped-call]

    def show_custom(self) -> None:
        if not self.custom:
            text = "No custom pieces: add a piece code and how many you own."
        else:
            text = ", ".join(f"{code} x{n} ({_title(code)})"
                             for code, n in sorted(self.custom.items()))
        self.custom_box.set_text(html.escape(text))

    def add_custom(self) -> str:
        """Take the typed custom piece into the list; what happened, in words."""
        read = read_custom(self.code.get_text(), self.count.get_text() or "1")
        if isinstance(read, str):
            return read
        code, n = read
        if n:
            self.custom[code] = n
        else:
            self.custom.pop(code, None)
        self.show_custom()
        self.code.set_text("")
        self.count.set_text("")
        return f"{code}: {n} custom" if n else f"{code}: taken off"

    def read(self) -> Collection | str:
        """The collection the fields say, or what is wrong with them."""
        sets: dict[str, int] = {}
        for set_id, entry in self.counts.items():
            n = read_count(entry.get_text(), SETS[set_id].title)
            if isinstance(n, str):
                return n
            if n:
                sets[set_id] = n
        return Collection(format="collection", sets=sets, pieces=dict(self.custom))

    def handle(self, event: pygame.event.Event) -> str | None:
        element = getattr(event, "ui_element", None)
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return None
        if element is self.add:
            said = self.add_custom()
            self.note.set_text(said)
            return said
        if element is self.save:
            return "save"
        if element is self.close:
            self.kill()
            return "close"
        return None


class Collections:
    """The editor's chosen collection, its file and its window."""

    def __init__(self) -> None:
        self.collection: Collection | None = None
        self.trouble = ""
        """Why the collection file could not be read (shown in the summary)."""
        self.window: CollectionWindow | None = None
        self.load()

    def load(self) -> None:
        path = collection_path()
        try:
            self.collection, self.trouble = load_collection(path), ""
        except ContentError as exc:
            self.collection = None
            self.trouble = (f"{exc.problems[0]} (the collection is not used until it is "
                            "fixed or saved again from Collection...)")

    def open(self, manager: pygame_gui.UIManager, size: tuple[int, int]) -> None:
        """Show the collection window (once)."""
        if self.window is not None and self.window.alive():
            return
        self.window = CollectionWindow(manager, size, self.collection or empty())

    def alive(self) -> bool:
        return self.window is not None and self.window.alive()

    def handle(self, event: pygame.event.Event) -> str | None:
        """Give an event to the window; a message for the status line when it did something
        (the summary then needs refreshing)."""
        if self.window is None or not self.window.alive():
            return None
        said = self.window.handle(event)
        if said == "close":
            return "Collection closed"
        if said != "save":
            return said
        read = self.window.read()
        if isinstance(read, str):
            self.window.note.set_text(read)
            return f"Collection not saved: {read}"
        try:
            where = save_collection(read)
        except OSError as exc:
            reason = f"Collection not saved: {exc.strerror or exc} ({collection_path()})"
            self.window.note.set_text(reason)
            return reason
        self.collection, self.trouble = read, ""
        self.window.note.set_text("Saved")
        return f"Saved the collection to {where}"

    def palette_filter(self) -> frozenset[str] | None:
        """The piece codes the piece palette offers: the collection's pieces, or every piece
        (None) while the collection has none (a player who has not made one yet)."""
        codes = available_codes(self.collection) if self.collection is not None else frozenset()
        return codes or None

    def summary_lines(self, doc: m.MapDoc) -> list[str]:
        return summary_lines(self.collection, doc, self.trouble)
