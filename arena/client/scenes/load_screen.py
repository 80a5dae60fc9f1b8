"""The Load screen: the saved games, the autosave first, then the newest, with the selected
one's picture, name, scenario, turn, players and date beside the list. Enter or Load opens it,
F2 or Rename renames it, Delete asks, then deletes it. A damaged or tampered file is listed as
damaged with what is wrong: its fields when the folder is read
(`arena.client.saves.list_saves`), the game inside each save after that, the selected one
first (`arena.client.saves.check_save`, as loading checks it). That check plays the game's
recorded actions again (a long Melee's take a second or more), so it runs on a worker thread,
one save at a time, and the frame loop never waits for it. Loading a damaged file explains
why it cannot be loaded, and nothing is changed. (Saving and the name box:
`scenes.save_slots`.)
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.saves import (
    SaveError,
    SaveInfo,
    check_save,
    delete_save,
    list_saves,
    rename_save,
)
from arena.client.scenes.base import App, Scene
from arena.client.scenes.common import Dialog, backdrop, draw_title
from arena.client.scenes.save_slots import THUMBNAIL, NameDialog, open_save, thumbnail_surface
from arena.client.ui import Button, Form, ListBox, draw_panel

__all__ = ["LoadScene"]


class LoadScene(Scene):
    """The saved games (see the module docstring)."""

    title = "Load game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.checked: set[Path] = set()
        """The saves checked as loading checks them (`check`)."""
        self._checking: tuple[SaveInfo, threading.Thread, list[SaveInfo], int] | None = None
        """The save being checked on the worker thread, the thread, (once it is done) what
        the check found, and the listing it was started for (`_listing`)."""
        self._listing = 0
        """Counts the readings of the folder: a check started before the last one is
        dropped (the file may have been renamed or deleted since)."""
        self.pictures: dict[Path, pygame.Surface | None] = {}
        self.form = Form()
        self.list = ListBox(name="saves", row_h=56, px=22)
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again (after a rename or a delete)."""
        self.saves = list_saves()
        self._listing += 1
        self.checked = set()
        self.pictures = {}
        self.list.selected = min(self.list.selected, max(0, len(self.saves) - 1))
        self.resize(self.app.size)

    @property
    def chosen(self) -> SaveInfo | None:
        if 0 <= self.list.selected < len(self.saves):
            return self.saves[self.list.selected]
        return None

    def check(self, index: int) -> None:
        """Start checking the save at ``index`` as loading would (once, on the worker
        thread, when no other check is under way); a damaged one is marked when done."""
        if self._checking is not None or not 0 <= index < len(self.saves) \
                or self.saves[index].path in self.checked:
            return
        info = self.saves[index]
        found: list[SaveInfo] = []
        worker = threading.Thread(target=lambda: found.append(check_save(info)),
                                  name="arena-check-save", daemon=True)
        self._checking = (info, worker, found, self._listing)
        worker.start()

    def _collect(self) -> None:
        """Take the finished check's result (the list may have been read again meanwhile:
        the result goes to the save of that path, if it is still listed)."""
        if self._checking is None or self._checking[1].is_alive():
            return
        info, _, found, listing = self._checking
        self._checking = None
        if listing != self._listing:
            return
        self.checked.add(info.path)
        result = found[0] if found else info
        for index, listed in enumerate(self.saves):
            if listed.path == info.path and result is not info:
                self.saves[index] = result
                self.resize(self.app.size)

    def update(self, dt: float) -> None:
        self._collect()
        self.check(self.list.selected)
        self.check(next((i for i, s in enumerate(self.saves) if s.path not in self.checked),
                        -1))

    def picture(self, info: SaveInfo) -> pygame.Surface | None:
        if info.path not in self.pictures:
            self.pictures[info.path] = thumbnail_surface(info.thumbnail)
        return self.pictures[info.path]

    def _load(self, index: int) -> None:
        if 0 <= index < len(self.saves):
            open_save(self.app, self.saves[index].path)

    def rename(self) -> None:
        info = self.chosen
        if info is None or info.autosave or info.problem:
            return
        self.app.push(NameDialog(self.app, "Rename the saved game", info.name, "Rename",
                                 partial(self._renamed, info.path)))

    def _renamed(self, path: Path, name: str) -> None:
        try:
            rename_save(path, name)
        except SaveError as exc:
            self.app.push(Dialog(self.app, "Not renamed", str(exc), error=True))
            return
        self.refresh()
        self.app.toast(f"Renamed to \u201c{name}\u201d")

    def delete(self) -> None:
        info = self.chosen
        if info is None:
            return
        what = "the autosave" if info.autosave else f"\u201c{info.name or info.label}\u201d"
        self.app.push(Dialog(self.app, "Delete this save?",
                             f"Delete {what}? It cannot be brought back.",
                             [("Delete", partial(self._deleted, info.path)),
                              ("Keep it", None)]))

    def _deleted(self, path: Path) -> None:
        try:
            delete_save(path)
        except SaveError as exc:
            self.app.push(Dialog(self.app, "Not deleted", str(exc), error=True))
            return
        self.refresh()
        self.app.toast(f"Deleted {path.name}")

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        x, y = int(w * 0.05), int(h * 0.2)
        lw = min(700, int(w * 0.5))
        self.list.rect = pygame.Rect(x, y, lw, max(120, h - y - 110))
        self.detail = pygame.Rect(self.list.rect.right + 36, y,
                                  max(0, w - self.list.rect.right - 36 - x),
                                  self.list.rect.height)
        self.list.rows = [s.label if s.autosave or s.problem else s.name
                          for s in self.saves] or ["No saved games yet"]
        self.list.subtitles = [self._subtitle(s) for s in self.saves]
        self.list.on_activate = self._load
        self.list.select(self.list.selected)
        info = self.chosen
        named = info is not None and not info.autosave and not info.problem
        buttons = [
            ("load", "Load", "Enter", bool(self.saves), "There is nothing to load yet.",
             lambda: self._load(self.list.selected), ()),
            ("rename", "Rename", "F2", named, "The autosave and damaged saves keep their "
             "names." if self.saves else "", self.rename, (pygame.K_F2,)),
            ("delete", "Delete", "Del", info is not None, "", self.delete, (pygame.K_DELETE,)),
            ("back", "Back", "Esc", True, "", self.app.pop, ()),
        ]
        widgets: list[ListBox | Button] = [self.list]
        bw = min(170, (w - 2 * x) // 4 - 12)
        for i, (name, label, hint, enabled, note, action, keys) in enumerate(buttons):
            widgets.append(Button(rect=pygame.Rect(x + i * (bw + 14), h - 80, bw, 44),
                                  label=label, name=name, hint=hint, enabled=enabled,
                                  note="" if enabled else note, action=action, hotkeys=keys,
                                  style="primary" if name == "load" else "normal"))
        self.form.set(widgets)
        if self.form.focus is None:
            self.form.focus = 0

    @staticmethod
    def _subtitle(info: SaveInfo) -> str:
        if info.problem:  # the reason in full is the detail's; a row has room for one line
            return "Damaged: it cannot be loaded (select it to see why)"
        when = info.saved_at.replace("T", " ")[:16]
        return " · ".join(p for p in (info.scenario, f"turn {info.turn}", when) if p)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.saves and not isinstance(self.form.focused, Button)):
            self._load(self.list.selected)
            return
        before = self.list.selected
        self.form.handle_event(event)
        if self.list.selected != before:
            self.resize(self.app.size)  # Rename follows what is selected

    def on_reveal(self) -> None:
        self.resize(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(surface.get_size(), dim=True), (0, 0))
        draw_title(surface, "Load game", "Saved games and the autosave · F2 renames, Delete "
                   "deletes")
        draw_panel(surface, self.list.rect.inflate(24, 24))
        if self.detail.width > 120:
            self.draw_detail(surface)
        self.form.draw(surface)
        if self.app.top is self:
            self.form.draw_tooltip(surface)

    def draw_detail(self, surface: pygame.Surface) -> None:
        """The selected save: its picture, name, scenario, turn, players and date."""
        inner = draw_panel(surface, self.detail.inflate(0, 24))
        info = self.chosen
        if info is None:
            return
        x, y, width = inner.x + 8, inner.y + 8, inner.width - 16
        picture = self.picture(info)
        frame = pygame.Rect(x, y, min(width, THUMBNAIL[0] * 2), 0)
        frame.height = frame.width * THUMBNAIL[1] // THUMBNAIL[0]
        pygame.draw.rect(surface, UI["panel-2"], frame, border_radius=6)
        if picture is not None:
            pw, ph = picture.get_size()
            factor = min(frame.width / pw, frame.height / ph)
            shown = pygame.transform.smoothscale(
                picture, (max(1, int(pw * factor)), max(1, int(ph * factor))))
            surface.blit(shown, shown.get_rect(center=frame.center))
        else:
            text.blit(surface, "No picture" if not info.problem else "Damaged", 20,
                      UI["dim"], frame.center, anchor="center")
        pygame.draw.rect(surface, UI["border"], frame, 1, border_radius=6)
        y = frame.bottom + 12
        if info.problem:
            reason = info.problem.removeprefix("damaged: ")
            reason = reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")
            lines = [(f"{info.path.name} is damaged", UI["bad"]), (reason, UI["text"]),
                     ("Delete removes the file; nothing else is changed.", UI["muted"])]
        else:
            lines = [(info.name or info.label, UI["accent"]),
                     (f"{info.scenario or 'Unknown scenario'}, turn {info.turn}", UI["text"])]
            lines += [(p, UI["text"]) for p in info.players]
            lines.append((f"Saved {info.saved_at.replace('T', ' ')}" if info.saved_at
                          else "", UI["muted"]))
        for line, colour in lines:
            for part in text.wrap(line, 20, width):
                if y + 22 > inner.bottom:
                    return
                text.blit(surface, part, 20, colour, (x, y))
                y += 24
