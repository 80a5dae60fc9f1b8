"""Shipped content is in canonical form, and the format reference matches the models."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.content import reference
from arena.content.catalog import expand, project_root, shipped_content_paths
from arena.content.loader import load_file, load_text
from arena.content.writer import dump_model

ROOT = project_root()
SHIPPED = expand(shipped_content_paths())


def test_there_is_shipped_content() -> None:
    kinds = {type(load_file(p)).__name__ for p in SHIPPED}
    assert {"ArmyCard", "ArmyList", "Battlefield", "Scenario"} <= kinds


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(Path(p).relative_to(ROOT)))
def test_shipped_file_is_canonical_and_round_trips(path: Path) -> None:
    model = load_file(path)
    text = dump_model(model)
    assert load_text(text, str(path)) == model
    assert path.read_text(encoding="utf-8") == text, (
        f"{path} is not in canonical form: re-save it with arena.content.save_model")


def test_format_reference_is_up_to_date() -> None:
    committed = (ROOT / "docs" / "content-formats.md").read_text(encoding="utf-8")
    assert committed == reference.render(), (
        "docs/content-formats.md is stale: run `python -m arena.content.reference > "
        "docs/content-formats.md`")
