"""``arena import-map`` and ``arena export-map``: community map files <-> Arena battlefields.

A thin shell: the import itself (reading the file, building the battlefield from its pieces,
proposing starting zones, checking it exactly as ``arena validate`` does, the report of what
was approximated) and the pieces an export writes are `arena.content.mapimport`. Here are
the arguments, the atomic write (only of a battlefield that passed every check) and the
messages: a bad file is one message naming the file and the place, exit status 1, and
nothing is written. Both commands print what they approximated.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from arena.content.atomic import atomic_write, atomic_write_bytes
from arena.content.battlefield import Battlefield
from arena.content.catalog import load_catalog, shipped_content_paths
from arena.content.errors import ContentError
from arena.content.loader import load_file
from arena.content.locations import user_battlefields
from arena.content.mapfiles import SUFFIXES
from arena.content.mapimport import SLUG, export_map, import_map, slug
from arena.content.writer import dump_model


def _failed(command: str, target: Path, exc: ContentError | OSError, stderr: TextIO) -> int:
    """Say why a map command failed (every problem of a bad file, or the write refused);
    returns its exit status."""
    if isinstance(exc, ContentError):
        for problem in exc.problems:
            stderr.write(f"arena {command}: {problem}\n")
    else:
        stderr.write(f"arena {command}: {target}: cannot be written ({exc.strerror or exc}). "
                     "Fix: choose a folder you can write to\n")
    return 1


def run_import(source: str, out: str | None, stdout: TextIO, stderr: TextIO) -> int:
    """``arena import-map SOURCE [-o OUT]``; returns the exit status. Without ``-o`` the
    battlefield goes to the player's battlefields folder, where the New game screen, ``arena
    play --battlefield ID`` and the editor find it."""
    path = Path(source)
    target = Path(out) if out else user_battlefields() / f"{slug(path.stem)}.yaml"
    if target.suffix.lower() not in (".yaml", ".yml") or not SLUG.match(target.stem):
        stderr.write(f"arena import-map: {target}: the output must be a .yaml file named like "
                     "a battlefield id (lower-case letters, digits, dashes). Fix: use -o "
                     f"{target.with_name(slug(target.stem) + '.yaml')}\n")
        return 1
    if not path.is_file():
        stderr.write(f"arena import-map: {source}: no such file. Fix: check the path\n")
        return 1
    try:
        bf, lines = import_map(path, target.stem, display=source)
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, dump_model(bf))
    except (ContentError, OSError) as exc:
        return _failed("import-map", target, exc, stderr)
    for line in lines:
        stdout.write(line + "\n")
    stdout.write(f"Wrote {target} (valid: `arena validate {target}`).\n")
    return 0


def run_export(source: str, out: str, stdout: TextIO, stderr: TextIO) -> int:
    """``arena export-map BATTLEFIELD -o OUT.json|OUT.hsc``; returns the exit status."""
    target = Path(out)
    kind = target.suffix.lower()
    if kind not in SUFFIXES:
        stderr.write(f"arena export-map: {out}: the output must end in .json (Heroscape Map "
                     "Editor) or .hsc (VirtualScape). Fix: rename it\n")
        return 1
    try:
        bf = _battlefield(source)
        fmt = SUFFIXES[kind]
        data, pieces, notes, kept = export_map(bf, fmt)
        atomic_write_bytes(target, data)
    except (ContentError, OSError) as exc:
        return _failed("export-map", target, exc, stderr)
    stdout.write(f"Wrote {target} ({fmt}): {bf.name!r}, {len(pieces)} pieces.\n")
    if notes:
        stdout.write("Approximated in the pieces (what other map editors show):\n")
        for line in notes.lines():
            stdout.write(f"  - {line}\n")
    if kept:
        stdout.write(f"Kept in Arena's notes in the file, which `arena import-map` restores: "
                     f"{kept}.\n")
    return 0


def _battlefield(source: str) -> Battlefield:
    """A battlefield file, or a shipped battlefield by id."""
    path = Path(source)
    if path.is_file():
        model = load_file(path, expect=Battlefield)
        assert isinstance(model, Battlefield)
        return model
    found = load_catalog(shipped_content_paths()).battlefields.get(source)
    if found is None:
        raise ContentError.single(source, "is neither a battlefield file nor a shipped "
                                  "battlefield id", "give the path of a battlefield .yaml")
    return found
