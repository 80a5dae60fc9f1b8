"""Saving keeps a file's permissions, and a new file gets the user's usual ones (the umask):
a battlefield, army, deck or card the user saves never silently turns private (0600), as the
temporary files that atomic writes go through are."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.content.atomic import atomic_write, atomic_write_bytes
from arena.content.catalog import load_catalog
from arena.content.writer import save_model

HERE = Path(__file__).resolve().parent


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_users_usual_permissions(tmp_path: Path, umask_022: None) -> None:
    atomic_write(tmp_path / "map.yaml", "x: 1\n")
    atomic_write_bytes(tmp_path / "sheet.png", b"\x89PNG")
    assert _mode(tmp_path / "map.yaml") == 0o644
    assert _mode(tmp_path / "sheet.png") == 0o644


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600, 0o755])
def test_saving_keeps_a_files_permissions(tmp_path: Path, mode: int, umask_022: None) -> None:
    path = tmp_path / "army.yaml"
    path.write_text("old\n")
    path.chmod(mode)
    atomic_write(path, "new\n")
    assert path.read_text() == "new\n" and _mode(path) == mode


def test_saving_a_card_keeps_its_permissions(tmp_path: Path, umask_022: None) -> None:
    catalog = load_catalog([HERE / "fixtures" / "valid"])
    entry = next(e for e in catalog.entries.values() if e.path.parent.name == "army")
    copy = tmp_path / entry.path.name
    copy.write_bytes(entry.path.read_bytes())
    copy.chmod(0o644)
    save_model(entry.model, copy)
    assert _mode(copy) == 0o644
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
