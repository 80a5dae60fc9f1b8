"""The editor's failure dialogs and its "Save anyway?" question.

A file that cannot be opened, saved or exported is reported in a window in front of every
other (the army and deck builder, the card form): the file, the line when it is known, what
is wrong in plain words and what to do about it, every problem at once. The status line keeps
a one-line form (`Trouble.short`), but it is cut off at the window's width and hidden behind
the builder, so it is never the only place a failure is said.

Saving content the game will refuse (a map with cut-off hexes, an army over its points) asks
first: **Save anyway** or **Cancel**, listing what the game will refuse (`editor.core.refusals`).
Once the map maker chose Save anyway for a set of refusals they are not asked again about the
same ones (a draft saved every few minutes asks once).
"""

from __future__ import annotations

import errno
import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIWindow
from pygame_gui.windows import UIMessageWindow

from arena.content.errors import ContentError
from arena.content.locations import user_root
from arena.engine.errors import plain_detail
from editor.windows import prompts

_OS_REASONS: dict[int, tuple[str, str]] = {
    errno.EROFS: ("the disk or folder is read-only: nothing can be written there",
                  "save with Save as into a folder you can write to, such as your Arena "
                  "folder"),
    errno.EACCES: ("you do not have permission to write or read there",
                   "choose a folder of your own with Save as, such as your Arena folder"),
    errno.EPERM: ("the system does not allow that here",
                  "choose a folder of your own with Save as, such as your Arena folder"),
    errno.ENOSPC: ("the disk is full", "free some space, or save on another disk"),
    errno.EDQUOT: ("your disk quota is used up", "free some space, or save on another disk"),
    errno.ENOENT: ("the file or its folder does not exist",
                   "choose a file that exists, or a folder that does"),
    errno.EISDIR: ("that is a folder, not a file", "type a file name after the folder"),
    errno.ENOTDIR: ("a part of the path is a file, not a folder", "choose another folder"),
    errno.ENAMETOOLONG: ("the file name is too long", "choose a shorter name"),
}
"""What an operating-system error means to a person, and what to do about it."""


@dataclass(frozen=True)
class Said:
    """One problem in words: where in the file (line, or None), what is wrong, the fix."""

    line: int | None
    what: str
    fix: str


@dataclass(frozen=True)
class Trouble:
    """A failed open, save or export: what was being done, the file, and every problem."""

    doing: str
    """What failed, as a title: "Could not open", "Not saved", "Picture not written"."""
    file: str
    problems: tuple[Said, ...]

    def title(self) -> str:
        return f"{self.doing}: {Path(self.file).name}" if self.file else self.doing

    def short(self) -> str:
        """The status line's form: the first problem, with its line."""
        first = self.problems[0]
        line = f" (line {first.line})" if first.line is not None else ""
        more = f" (+{len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        return f"{self.title()}{line}: {first.what}{more}"

    def html(self) -> str:
        """The dialog's text: the file, then each problem with its line and fix."""
        parts = [f"<b>{html.escape(self.doing)}</b>"]
        if self.file:
            parts.append(f"File: {html.escape(self.file)}")
        for said in self.problems:
            line = f"Line {said.line}: " if said.line is not None else ""
            fix = f"<br>&#160;&#160;Fix: {html.escape(said.fix)}" if said.fix else ""
            parts.append(f"\u2022 {line}{html.escape(said.what)}{fix}")
        return "<br>".join(parts)


def from_content_error(doing: str, path: Path | str, exc: ContentError) -> Trouble:
    """Every problem a content file has, with its line and the loader's fix."""
    said = tuple(Said(p.line, p.message.rstrip("."), p.fix or
                      "correct the file in a text editor, or choose another file")
                 for p in exc.problems)
    return Trouble(doing, str(path), said)


def from_os_error(doing: str, path: Path | str, exc: OSError) -> Trouble:
    """An operating-system failure in plain words (a read-only disk, no permission, ...)."""
    what, fix = _OS_REASONS.get(exc.errno or 0, (
        (exc.strerror or str(exc)).rstrip(".").lower(),
        "check the disk and folder, or choose another place with Save as"))
    if "Save as" in fix:
        fix += f" ({user_root()})" if "Arena folder" in fix else ""
    # The file the map maker chose, not the temporary file a save writes first.
    where = path or (exc.filename if isinstance(exc.filename, str) else "")
    return Trouble(doing, str(where), (Said(None, what, fix),))


def from_exception(doing: str, path: Path | str, exc: BaseException,
                   fix: str = "check the file, or choose another") -> Trouble:
    """Any failure of a file action: a content problem, an OS error, or the error's words
    (with `fix`)."""
    cause = exc.__cause__ if not isinstance(exc, ContentError | OSError) else exc
    if isinstance(cause, ContentError):
        return from_content_error(doing, path, cause)
    if isinstance(cause, OSError):
        return from_os_error(doing, path, cause)
    text = plain_detail(exc).splitlines()[0]  # never Python's own wording
    return Trouble(doing, str(path), (Said(None, text, fix),))


def from_findings(doing: str, path: Path | str, findings: Iterable[tuple[str, str]]) -> Trouble:
    """Problems found by a check (message, fix) that kept a document from being written."""
    said = tuple(Said(None, what.rstrip("."), fix) for what, fix in findings)
    return Trouble(doing, str(path), said or (Said(None, "it is not valid", ""),))


class Host(Protocol):
    """What the dialogs need of the editor window."""

    ui: pygame_gui.UIManager
    size: tuple[int, int]
    message: str


class Dialogs:
    """The open failure windows and the Save anyway question, in front of every window."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.windows: list[UIMessageWindow] = []
        self.question: prompts.Choice | None = None
        self.then: Callable[[], None] | None = None
        self.accepted: dict[str, tuple[str, ...]] = {}
        """Per document kind, the refusals the map maker last chose Save anyway for."""

    # --- failures --------------------------------------------------------------------------

    def error(self, trouble: Trouble) -> None:
        """Show a failure: a window on top of everything, and the short form in the status
        line."""
        self.host.message = trouble.short()
        w, h = self.host.size
        width, height = min(600, w - 40), min(190 + 90 * len(trouble.problems), h - 80)
        window = UIMessageWindow(
            pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width, height),
            trouble.html(), self.host.ui, window_title=trouble.title(), always_on_top=True)
        self.windows.append(window)

    def open_windows(self) -> list[UIMessageWindow]:
        self.windows = [w for w in self.windows if w.alive()]  # type: ignore[no-untyped-call]
        return self.windows

    # --- Save anyway -----------------------------------------------------------------------

    def fresh(self, kind: str, refusals: Sequence[str]) -> list[str]:
        """The refusals of `kind` not already accepted with Save anyway."""
        if not refusals or self.accepted.get(kind) == tuple(refusals):
            return []
        return list(refusals)

    def confirm_save(self, refusals: Mapping[str, Sequence[str]], then: Callable[[], None],
                     name: str = "") -> None:
        """Do `then` now, or when the game would refuse some of the content (`refusals` by
        kind: "battlefield", "army", "deck") ask Save anyway / Cancel first."""
        fresh = {kind: self.fresh(kind, found) for kind, found in refusals.items()}
        fresh = {kind: found for kind, found in fresh.items() if found}
        if not fresh:
            then()
            return
        if self.question is not None and self.question.alive():
            return
        lines = []
        for kind, found in fresh.items():
            lines += [f"\u2022 {html.escape(kind)}: {html.escape(text)}" for text in found]
        what = name or " and ".join(f"the {kind}" for kind in fresh)
        message = (f"The game will refuse {html.escape(what)}:<br>" + "<br>".join(lines) +
                   "<br>Save it anyway (to finish later)?")
        self.then = lambda: self.accept(fresh, then)
        w, h = self.host.size
        self.question = prompts.Choice(
            self.host.ui, (w, h), "The game will refuse this", message,
            (("save", "Save anyway"), ("cancel", "Cancel")), width=min(620, w - 40),
            text_height=min(80 + 48 * len(lines), h - 200))

    def accept(self, fresh: dict[str, list[str]], then: Callable[[], None]) -> None:
        for kind, found in fresh.items():
            self.accepted[kind] = tuple(found)
        then()

    def forget(self, kind: str) -> None:
        """A new document of `kind`: its refusals are asked about afresh."""
        self.accepted.pop(kind, None)

    # --- input -----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """Give an event to the question; True when it was answered."""
        if self.question is None:
            return False
        key = self.question.handle(event)
        if key is None:
            return False
        self.question = None
        then, self.then = self.then, None
        if key == "save" and then is not None:
            then()
        else:
            self.host.message = "Not saved: the file was left as it was"
        return True

    def alive(self) -> bool:
        """Whether a failure window or the question is open."""
        return bool(self.open_windows()) or (self.question is not None and
                                             self.question.alive())


def close_top(manager: pygame_gui.UIManager, closable: Sequence[UIWindow]) -> bool:
    """Close the front-most of the `closable` windows (Esc in a modal window), as its close
    button would; True when one was closed."""
    stack = manager.get_window_stack().get_full_stack()
    for window in reversed(stack):
        found = next((c for c in closable if window is c), None)
        if found is not None:
            found.on_close_window_button_pressed()  # type: ignore[no-untyped-call]
            return True
    return False


def window_at(manager: pygame_gui.UIManager, pos: tuple[int, int]) -> bool:
    """Whether a window (any, modal or not) is under the screen point `pos`: the wheel
    there scrolls the window, never the map behind it."""
    return any(isinstance(window, UIWindow) and window.visible and
               window.rect.collidepoint(pos)
               for window in manager.get_window_stack().get_full_stack())


# --- what the editor window's parts ask of it ---------------------------------------------------


class DialogsHost(Host, Protocol):
    """The window as a part that shows failures sees it: the manager, the size and the
    status line (`Host`), and the failure windows. A part's own protocol adds what else it
    asks (the battlefield: `editor`)."""

    @property
    def dialogs(self) -> Dialogs:
        """The failure windows (`editor.files.document.DocumentController.dialogs`)."""
