"""What the editor's model tests share (no window, no pygame): the shipped battlefields and a
small field to edit."""

from __future__ import annotations

from pathlib import Path

from editor.core.model import Editor, MapDoc

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "scenarios" / "battlefields").glob("*.yaml"))
"""The battlefield files the game ships."""


def patch_editor(radius: int = 2) -> Editor:
    """An editor on a small hexagonal field of level-1 land."""
    doc = MapDoc(id="patch", name="Patch")
    for q in range(-radius, radius + 1):
        for r in range(-radius, radius + 1):
            if abs(q + r) <= radius:
                doc.columns[(q, r)] = ["land"]
    return Editor(doc)
