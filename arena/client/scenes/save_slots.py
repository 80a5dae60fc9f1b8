"""Named save slots on screen, the parts the menus share: saving a battle under a name (with
a picture of the battlefield), the box that asks for a name, a save's picture, and opening a
save (the Load screen that lists them: `scenes.load_screen`).

Save (the pause menu's "Save game", S): a box asks for the slot's name, offering the scenario
and turn; Enter saves, Esc cancels. A name another slot has asks before replacing that slot.
The picture is the battlefield as the screen draws it, shrunk to `THUMBNAIL`.

The store itself (files, names, checks) is headless: `arena.client.saves`.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.saves import (
    MAX_NAME,
    SaveError,
    SlotChanged,
    SlotSeen,
    clean_name,
    load_save,
    plain_reason,
    seen_slot,
    slot_named,
    unused_name,
)
from arena.client.scenes.base import App, Scene, SceneName
from arena.client.scenes.common import Dialog
from arena.client.ui import Button, Form, TextField, draw_panel

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["NameDialog", "THUMBNAIL", "battle_thumbnail", "open_save", "save_battle",
           "thumbnail_surface"]

THUMBNAIL = (192, 108)
"""The largest picture of the battlefield kept in a save (16:9, a few tens of KB as PNG)."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


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
    app.toast(f"Loaded {loaded.name or path.name}")
    return True


def battle_thumbnail(battle: BattleScene) -> bytes:
    """The battlefield as the screen shows it now, shrunk to `THUMBNAIL`, as PNG bytes
    (empty when it cannot be drawn: a save without a picture is still a save). The board
    alone: no camera strip, hover box or recap over it."""
    try:
        frame = pygame.Surface(battle.app.size)
        battle.renderer.draw(frame, battle.projection(), battle.picture(), now=battle.time,
                             slice_level=battle.slice_level)
        battle.canvas.last_clean = False  # the next frame is drawn whole
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
    """A save's picture, or None when it has none or it is not a PNG of a sensible size (a
    tampered file's bytes are never trusted to be an image: the size in the PNG's header is
    read before anything is decoded, so a small file claiming a huge picture costs nothing)."""
    if len(data) < 24 or data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        return None
    w, h = struct.unpack(">II", data[16:24])
    if not (0 < w <= THUMBNAIL[0] * 2 and 0 < h <= THUMBNAIL[1] * 2):
        return None
    try:
        image = pygame.image.load(io.BytesIO(data), "thumbnail.png")
    except (pygame.error, ValueError, OSError):
        return None
    return image if image.get_size() == (w, h) else None


def save_battle(app: App, battle: BattleScene, name: str) -> bool:
    """Save ``battle`` to the slot called ``name``, asking first when that replaces another
    save; a toast says where it went, a dialog why it did not. What the slot held when the
    player was asked goes with the write: if another window saved there meanwhile, the
    player is asked again (`_changed`), never overruled."""
    name = clean_name(name)
    seen = seen_slot(name) if name else SlotSeen()
    existing = slot_named(name) if name else None
    if existing is not None:
        def replace_it() -> None:
            _write(app, battle, name, seen)

        app.push(Dialog(app, "Replace this save?",
                        f"A saved game is already called \u201c{name}\u201d "
                        f"({existing.scenario}, turn {existing.turn}). Replace it with this "
                        "game?", [("Replace", replace_it),
                                  ("Cancel", None)]))
        return False
    return _write(app, battle, name, seen)


def _write(app: App, battle: BattleScene, name: str, seen: SlotSeen) -> bool:
    picture = battle_thumbnail(battle)
    try:
        battle.session.save_slot(name, picture, seen)
    except SlotChanged as exc:
        _changed(app, battle, name, exc)
        return False
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


def _changed(app: App, battle: BattleScene, name: str, exc: SlotChanged) -> None:
    """Another window saved to the slot since this one looked: replace that save (now that
    the player has seen it), keep both (this game under a new name: the default), or
    cancel."""
    other = unused_name(name)

    def replace_it() -> None:
        _write(app, battle, name, exc.seen)

    def keep_both() -> None:
        _write(app, battle, other, seen_slot(other))

    app.push(Dialog(app, "This save changed meanwhile",
                    f"{exc} Replace it with this game, or keep both (this game as "
                    f"\u201c{other}\u201d)?",
                    [("Replace", replace_it), ("Cancel", None), ("Keep both", keep_both)]))


class NameDialog(Scene):
    """A modal box asking for a name: the offered name is replaced by the first key typed
    (or kept: Enter), Backspace deletes, Enter confirms, Esc cancels.

    The box owns the keyboard while it is up: every key is the name's or the box's own
    (Tab and Shift+Tab move between the field and the buttons, Enter presses the one the
    focus is on). Typed text always goes into the name, whatever has the focus, and no key
    ever presses a button but Enter: Space pressing the focused OK button once saved "Hard"
    of "Hard AI duel" and sent the rest of the name, as keys, to the battle beneath."""

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
        if self.form.focus is None:  # a new box: the keyboard types the name
            self.form.focus = 0

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
        if event.type == pygame.TEXTINPUT:
            self.type_text(event)
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type != pygame.KEYUP:  # the mouse: hover, click the field or a button
            self.form.handle_event(event)

    def type_text(self, event: pygame.event.Event) -> None:
        """Typed text goes into the name (the first character replaces the offered one)."""
        if not self.ready:
            return
        if self.fresh and event.text.isprintable():
            self.field.value = ""
        self.fresh = False
        self.field.type_event(event)
        self.field.value = self.field.value[:MAX_NAME]

    def key(self, event: pygame.event.Event) -> None:
        """Every key is the box's: Esc, Enter, Backspace and Tab act, the rest are the
        name's characters (their TEXTINPUT types them), never a button's or a hotkey."""
        if event.key == pygame.K_ESCAPE:
            self.cancel()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.form.focused
            if isinstance(focused, Button):
                focused.activate()
            else:
                self.finish()
        elif event.key == pygame.K_BACKSPACE:
            if self.fresh:
                self.field.value = ""
                self.fresh = False
            else:
                self.field.type_event(event)
        elif event.key == pygame.K_TAB:
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
