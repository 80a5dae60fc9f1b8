"""Opening Heroscape community maps in the editor: ``.json`` (Heroscape Map Editor) and
``.hsc`` (VirtualScape).

The file is read by the same importer as ``arena import-map`` (`arena.content.mapimport
.import_map`: read, build from the pieces, propose starting zones when the map has none,
check as ``arena validate`` does), so the editor and the command line agree on every map.
The result is a new, unsaved battlefield: the community file is never written, Save asks
where to put the Arena YAML. The importer's report (pieces read, approximations, proposed
zones) is shown in a window; a file that cannot be imported gives one failure dialog with
the file, the place in it (a JSON line or key, a ``.hsc`` byte and tile) and the fix.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.windows import UIMessageWindow

from arena.content.errors import ContentError
from arena.content.mapfiles import SUFFIXES
from arena.content.mapimport import import_map, slug
from editor.core import model as m
from editor.windows import dialogs

OPEN_SUFFIXES = frozenset(s for suffix in (".yaml", ".yml", *SUFFIXES)
                          for s in (suffix, suffix.upper()))
"""What the Open dialog lists: battlefields and scenarios, and community maps (files saved
on Windows often end in ``.HSC``)."""


def is_community_map(path: Path) -> bool:
    """Whether Open imports `path` (a ``.json`` or ``.hsc`` file) rather than loading YAML."""
    return path.suffix.lower() in SUFFIXES


def import_editor(path: Path) -> tuple[m.Editor, list[str]]:
    """A new, unsaved editor holding the community map at `path`, and the import report.
    Raises `ContentError` (file, place, fix) when the file cannot be imported."""
    bf, lines = import_map(path, slug(path.stem), display=str(path))
    editor = m.Editor(m.MapDoc.from_battlefield(bf), None)
    editor.mark_unsaved()  # only the .json/.hsc exists: closing asks, Save asks where
    return editor, lines


def trouble(path: Path, exc: ContentError) -> dialogs.Trouble:
    """The failure dialog's text for a map that cannot be imported: each problem with its
    place in the file (the key, or the byte and tile of a ``.hsc``) and its fix."""
    said = tuple(dialogs.Said(p.line, f"{p.path}: {p.message.rstrip('.')}" if p.path
                              else p.message.rstrip("."),
                              p.fix or "choose another map file")
                 for p in exc.problems)
    return dialogs.Trouble("Could not import", str(path), said)


def proposed_zones(doc: m.MapDoc) -> list[str]:
    """The ids of the zones the importer proposed (the map had none): to review."""
    return [z.id for z in doc.zones if z.proposed]


def proposed_note(doc: m.MapDoc) -> str:
    """The status and summary line about proposed zones (empty when there are none)."""
    ids = proposed_zones(doc)
    if not ids:
        return ""
    return (f"Proposed starting zones (the map had none): {', '.join(ids)} -- review them "
            "with Edit zone")


def report_html(path: Path, lines: list[str]) -> str:
    """The import report as the window shows it."""
    body = "<br>".join(html.escape(line) for line in lines)
    return (f"<b>Imported {html.escape(path.name)}</b><br>{body}<br><br>"
            "It is a new battlefield: <b>Save</b> asks where to write it as Arena YAML "
            "(the map file is left as it is).")


def show_report(manager: pygame_gui.UIManager, size: tuple[int, int], path: Path,
                lines: list[str]) -> UIMessageWindow:
    """The import report in a window in front of the map."""
    w, h = size
    width, height = min(640, w - 40), min(200 + 40 * len(lines), h - 80)
    return UIMessageWindow(pygame.Rect(w // 2 - width // 2, h // 2 - height // 2, width,
                                       height), report_html(path, lines), manager,
                           window_title=f"Imported {path.name}")
