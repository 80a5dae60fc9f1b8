"""Named save slots on screen: saving a battle under a name (with a picture of the
battlefield), and the Load screen that lists the saves with Load, Rename and Delete.

- Save (the pause menu's "Save game", S): a box asks for the slot's name, offering the
  scenario and turn; Enter saves, Esc cancels. A name another slot has asks before replacing
  that slot. The picture is the battlefield as the screen draws it, shrunk to `THUMBNAIL`.
- Load (the main menu's and the pause menu's "Load game"): the autosave first, then the
  newest; the selected save's picture, name, scenario, turn, players and date beside the list.
  Enter or Load opens it, F2 or Rename renames it, Delete asks, then deletes it. A damaged or
  tampered file is listed as damaged with what is wrong: its fields when the folder is read
  (`arena.client.saves.list_saves`), the game inside one save a frame after that, the selected
  one first (`check_save`, as loading checks it). Loading a damaged file explains why it cannot
  be loaded, and nothing is changed.

The store itself (files, names, checks) is headless: `arena.client.saves`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.saves import (
    MAX_NAME,
    SaveError,
    SaveInfo,
    check_save,
    clean_name,
    delete_save,
    list_saves,
    load_save,
    plain_reason,
    rename_save,
    slot_named,
)
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.common import Dialog, backdrop, draw_title
from arena.client.ui import Button, Form, ListBox, TextField, draw_panel

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["LoadScene", "NameDialog", "THUMBNAIL", "battle_thumbnail", "open_save",
           "save_battle", "thumbnail_surface"]

THUMBNAIL = (192, 108)
"""The largest picture of the battlefield kept in a save (16:9, a few tens of KB as PNG)."""


def open_save(app: App, path: Path) -> bool:
    """Load a save into a battle (a readable dialog when it cannot be loaded)."""
    try:
        loaded = load_save(path)
        # Building the battle screen reads the whole position: it is part of loading, and a
        # save the engine accepted but the screen cannot show is refused the same way.
        battle = app.scene(SceneName.BATTLE, loaded.game, loaded.seats, list(loaded.log))
    except SaveError as exc:
        app.push(Dialog(app, "Cannot load this game", str(exc), error=True))
        return False
    except Exception as exc:  # noqa: BLE001 - a damaged save never ends the program
        app.push(Dialog(app, "Cannot load this game",
                        f"The save {path.name} cannot be shown: {plain_reason(exc)}. "
                        "Nothing was changed.", error=True))
        return False
    app.reset(battle)
    app.toast(f"Loaded {path.name}")
    return True


def battle_thumbnail(battle: BattleScene) -> bytes:
    """The battlefield as the screen shows it now, shrunk to `THUMBNAIL`, as PNG bytes
    (empty when it cannot be drawn: a save without a picture is still a save)."""
    try:
        frame = pygame.Surface(battle.app.size)
        battle.draw(frame)
        view = battle.layout.view.clip(frame.get_rect())
        if view.width < 2 or view.height < 2:
            return b""
        factor = min(THUMBNAIL[0] / view.width, THUMBNAIL[1] / view.height)
        size = (max(1, round(view.width * factor)), max(1, round(view.height * factor)))
        small = pygame.transform.smoothscale(frame.subsurface(view), size)
        out = io.BytesIO()
        pygame.image.save(small, out, "thumbnail.png")
        return out.getvalue()
    except (pygame.error, ValueError, OSError):
        return b""


def thumbnail_surface(data: bytes) -> pygame.Surface | None:
    """A save's picture, or None when it has none or it is not a picture of a sensible
    size (a tampered file's bytes are never trusted to be an image)."""
    if not data:
        return None
    try:
        image = pygame.image.load(io.BytesIO(data), "thumbnail.png")
    except (pygame.error, ValueError, OSError):
        return None
    w, h = image.get_size()
    if not (0 < w <= THUMBNAIL[0] * 2 and 0 < h <= THUMBNAIL[1] * 2):
        return None
    return image


def save_battle(app: App, battle: BattleScene, name: str) -> bool:
    """Save ``battle`` to the slot called ``name``, asking first when that replaces another
    save; a toast says where it went, a dialog why it did not."""
    name = clean_name(name)
    existing = slot_named(name) if name else None
    if existing is not None:
        def replace_it() -> None:
            _write(app, battle, name)

        app.push(Dialog(app, "Replace this save?",
                        f"A saved game is already called \u201c{name}\u201d "
                        f"({existing.scenario}, turn {existing.turn}). Replace it with this "
                        "game?", [("Replace", replace_it),
                                  ("Cancel", None)]))
        return False
    return _write(app, battle, name)


def _write(app: App, battle: BattleScene, name: str) -> bool:
    picture = battle_thumbnail(battle)
    try:
        battle.session.save_slot(name, picture)
    except SaveError as exc:
        app.push(Dialog(app, "The game was not saved", str(exc), error=True))
        return False
    except OSError as exc:
        app.push(Dialog(app, "The game was not saved",
                        f"The disk refused the save ({exc.strerror or exc}).", error=True))
        return False
    while app.top is not battle and len(app.stack) > 1:
        app.pop()
    app.toast(f"Saved as \u201c{clean_name(name)}\u201d")
    return True


class NameDialog(Scene):
    """A modal box asking for a name: the offered name is replaced by the first key typed
    (or kept: Enter), Backspace deletes, Enter confirms, Esc cancels."""

    opaque = False
    dims_below = True

    def __init__(self, app: App, title: str, name: str, confirm: str,
                 done: Callable[[str], object]) -> None:
        super().__init__(app)
        self.title_text = title
        self.done = done
        self.confirm = confirm
        self.fresh = True
        """The offered name is still whole: the first character typed replaces it."""
        self.ready = False
        """Typing counts from the first frame on (the key that opened this box sends its
        character too, and it must not land in the name)."""
        self.field = TextField(name="name", value=clean_name(name), px=22, search=False)
        self.form = Form()
        self.box = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.box = pygame.Rect(0, 0, min(560, w - 40), 200)
        self.box.center = (w // 2, h // 2)
        self.field.rect = pygame.Rect(self.box.x + 24, self.box.y + 66, self.box.width - 48, 42)
        ok = Button(rect=pygame.Rect(self.box.right - 184, self.box.bottom - 60, 160, 40),
                    label=self.confirm, name="ok", hint="Enter", style="primary",
                    action=self.finish)
        cancel = Button(rect=pygame.Rect(self.box.right - 356, self.box.bottom - 60, 160, 40),
                        label="Cancel", name="cancel", hint="Esc", action=self.cancel)
        self.form.set([self.field, cancel, ok])
        self.form.focus = 2

    def finish(self) -> None:
        name = clean_name(self.field.value)
        if not name:
            self.app.toast("Type a name first.", error=True)
            return
        if self.app.top is self:
            self.app.pop()
        self.done(name)

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> None:
        self.ready = True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish()
            return
        if event.type == pygame.TEXTINPUT:
            if not self.ready:
                return
            if self.fresh and event.text.isprintable():
                self.field.value = ""
            self.fresh = False
            self.field.type_event(event)
            self.field.value = self.field.value[:MAX_NAME]
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            if self.fresh:
                self.field.value = ""
                self.fresh = False
            else:
                self.field.type_event(event)
            return
        self.form.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        inner = draw_panel(surface, self.box, fill=UI["panel"])
        text.blit(surface, self.title_text, 28, UI["accent"], (inner.x + 4, inner.y + 2),
                  bold=True)
        self.form.draw(surface)
        hint = ("Type a name, or Enter to keep this one" if self.fresh and self.field.value
                else "Enter to confirm, Esc to cancel")
        text.blit(surface, hint, 17, UI["muted"], (self.field.rect.x + 2,
                                                   self.field.rect.bottom + 8))


class LoadScene(Scene):
    """The saved games (see the module docstring)."""

    title = "Load game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.saves: list[SaveInfo] = []
        self.checked: set[Path] = set()
        """The saves checked as loading checks them (`check`)."""
        self.pictures: dict[Path, pygame.Surface | None] = {}
        self.form = Form()
        self.list = ListBox(name="saves", row_h=56, px=22)
        self.detail = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    def refresh(self) -> None:
        """Read the saves folder again (after a rename or a delete)."""
        self.saves = list_saves()
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
        """Check the save at ``index`` as loading would (once); a damaged one is marked."""
        if not 0 <= index < len(self.saves) or self.saves[index].path in self.checked:
            return
        info = self.saves[index]
        self.checked.add(info.path)
        found = check_save(info)
        if found is not info:
            self.saves[index] = found
            self.resize(self.app.size)

    def update(self, dt: float) -> None:
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
        if info.problem:
            return info.problem
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
