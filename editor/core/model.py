"""The editable battlefield's undo stack, symmetry and file (headless: no pygame).

The document it changes, `MapDoc` (a battlefield as the editor holds it while it is being
changed, converted from and to the content `Battlefield` model), and the hex helpers are
`editor.core.mapdoc`; the commands are `editor.core.commands` and `editor.core.fragments`
(copy, paste, rotate, mirror). Their names are this module's too, so ``model.MapDoc`` and
``model.Raise`` are the one class, and the editor's parts need one import for an edit.

Every tool is a `Command`: a small value that changes a document in place. `Editor` runs
commands, keeps one undo step per command (a snapshot of the document before it: maps are
small, so this is simple and exact), and redoes them. With a symmetry centre set, every
hex-targeted command is also applied at the point-mirrored hexes in the same undo step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from arena.content import writer
from arena.content.battlefield import Battlefield
from arena.content.loader import load_file
from arena.content.locations import save_path
from editor.core.commands import OBSTACLE_SHAPES as OBSTACLE_SHAPES
from editor.core.commands import AddZone as AddZone
from editor.core.commands import Batch as Batch
from editor.core.commands import Command as Command
from editor.core.commands import EditZone as EditZone
from editor.core.commands import EraseZone as EraseZone
from editor.core.commands import Lower as Lower
from editor.core.commands import MarkGlyphSpace as MarkGlyphSpace
from editor.core.commands import Paint as Paint
from editor.core.commands import PaintPower as PaintPower
from editor.core.commands import PaintZone as PaintZone
from editor.core.commands import PlaceGlyph as PlaceGlyph
from editor.core.commands import PlaceObstacle as PlaceObstacle
from editor.core.commands import Raise as Raise
from editor.core.commands import RemoveGlyph as RemoveGlyph
from editor.core.commands import RemoveObstacle as RemoveObstacle
from editor.core.commands import RemoveZone as RemoveZone
from editor.core.commands import SetHeight as SetHeight
from editor.core.commands import SetInfo as SetInfo
from editor.core.commands import obstacle_footprint as obstacle_footprint
from editor.core.fragments import Fragment as Fragment
from editor.core.fragments import Paste as Paste
from editor.core.fragments import TransformSelection as TransformSelection
from editor.core.fragments import centre_hex as centre_hex
from editor.core.fragments import copy_fragment as copy_fragment
from editor.core.mapdoc import GLYPHS as GLYPHS
from editor.core.mapdoc import SLUG as SLUG
from editor.core.mapdoc import TERRAINS as TERRAINS
from editor.core.mapdoc import Coord as Coord
from editor.core.mapdoc import MapDoc as MapDoc
from editor.core.mapdoc import Position as Position
from editor.core.mapdoc import column_of as column_of
from editor.core.mapdoc import plane_xy as plane_xy
from editor.core.mapdoc import point_mirror
from editor.core.mapdoc import select_box as select_box
from editor.core.mapdoc import select_same as select_same

# --- the editor: command stack, symmetry, files -----------------------------------------------


class SaveError(Exception):
    """A save failed; the message says why (the old file is untouched)."""


@dataclass
class Step:
    label: str
    before: MapDoc
    after: MapDoc


class Editor:
    """A document with unlimited undo and redo, a symmetry helper and its file."""

    def __init__(self, doc: MapDoc | None = None, path: Path | None = None) -> None:
        self.doc = doc if doc is not None else MapDoc()
        self.path = path
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []
        self.symmetry: Coord | None = None
        """Centre of point symmetry in doubled coordinates (``2 * hex``), or None."""
        self.revision = 0
        """Grows with every change (undo and redo too): watchers re-validate on it."""
        self.clean_depth: int | None = 0
        """How many undo steps lead to the state last saved (or opened); None when that state
        is no longer on the stack. Undoing or redoing back to it makes the map clean again."""
        self.clipboard: Fragment | None = None

    # symmetry -----------------------------------------------------------------------------

    def set_symmetry(self, centre: Coord | None, half: bool = False) -> None:
        """Mirror every edit through `centre` (a hex; with ``half=True`` the given doubled
        coordinates, e.g. the midpoint of an edge). None turns symmetry off."""
        if centre is None:
            self.symmetry = None
        else:
            self.symmetry = centre if half else (2 * centre[0], 2 * centre[1])

    def mirror(self, at: Coord) -> Coord:
        assert self.symmetry is not None
        return point_mirror(at, self.symmetry)

    # commands -----------------------------------------------------------------------------

    @property
    def dirty(self) -> bool:
        """Whether the map differs from its file: it follows the undo stack, so undoing back
        to the saved state is clean and redoing away from it is dirty again."""
        return len(self.undo_stack) != self.clean_depth

    def mark_unsaved(self) -> None:
        """Make the map dirty whatever its stack says (recovered work is not in any file)."""
        self.clean_depth = None

    def execute(self, command: Command, merge: bool = False) -> bool:
        """Run a command (and its mirror image, with symmetry on) as one undo step.
        Returns False (and records nothing) when it changed nothing. With ``merge`` the
        change joins the last step (the hexes of one brush stroke undo together)."""
        before = self.doc.copy()
        command.apply(self.doc)
        if self.symmetry is not None:
            other = command.mirrored(self.mirror)
            if other is not None:
                other.apply(self.doc)
        self.doc.settle(before)  # marks stay on their surfaces when columns change
        if self.doc == before:
            return False
        depth = len(self.undo_stack)
        if self.clean_depth is not None and (
                self.clean_depth > depth  # the saved state was undone: its redo is dropped
                or (merge and depth and self.clean_depth == depth)):  # its step changes
            self.clean_depth = None
        if merge and self.undo_stack:
            self.undo_stack[-1].after = self.doc.copy()
        else:
            self.undo_stack.append(Step(command.label, before, self.doc.copy()))
        self.redo_stack.clear()
        self.revision += 1
        return True

    def undo(self) -> str | None:
        if not self.undo_stack:
            return None
        step = self.undo_stack.pop()
        self.redo_stack.append(step)
        self.doc = step.before.copy()
        self.revision += 1
        return step.label

    def redo(self) -> str | None:
        if not self.redo_stack:
            return None
        step = self.redo_stack.pop()
        self.undo_stack.append(step)
        self.doc = step.after.copy()
        self.revision += 1
        return step.label

    # eyedropper, clipboard ----------------------------------------------------------------

    def sample(self, at: Coord) -> tuple[str | None, int]:
        """The eyedropper: the terrain and level of the hex at `at` (None, 0: no column)."""
        return self.doc.terrain(at), self.doc.top(at)

    def copy_selection(self, selection: Iterable[Coord]) -> Fragment:
        self.clipboard = copy_fragment(self.doc, selection)
        return self.clipboard

    def paste(self, at: Coord) -> bool:
        return self.clipboard is not None and self.execute(Paste(self.clipboard, at))

    # files --------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str) -> Editor:
        """Load a battlefield file (or a scenario's battlefield is not handled here)."""
        path = Path(path)
        bf = load_file(path, expect=Battlefield)
        assert isinstance(bf, Battlefield)
        return cls(MapDoc.from_battlefield(bf), path)

    def save(self, path: Path | str | None = None) -> Path:
        """Save canonical YAML atomically; the id follows the file name; an edit of a shipped
        battlefield goes to the player's folder (`arena.content.locations.user_copy`), where
        it replaces the shipped one. Raises `SaveError` (the old file kept) when the map is
        not a valid battlefield or the write fails."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise SaveError("choose a file name first (Save as)")
        doc = self.doc.copy()
        rename = target.stem != doc.id and bool(SLUG.match(target.stem))
        if rename:
            doc.id = target.stem
        try:
            bf = doc.to_battlefield()
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise SaveError(f"not saved: {where}: {first['msg']}") from exc
        try:
            target = save_path(target)
            writer.save_model(bf, target)
        except OSError as exc:
            raise SaveError(f"not saved: {exc.strerror or exc}") from exc
        if rename:
            self.execute(SetInfo(id=target.stem, label="Rename to match the file"))
        self.path = target
        self.clean_depth = len(self.undo_stack)
        return target
