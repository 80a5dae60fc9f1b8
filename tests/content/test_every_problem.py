"""A file's problems are all reported in one run: a key given twice no longer hides the rest
of the file (an unknown key beside it, a value out of range)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from arena.content import yamlio
from arena.content.errors import ContentError
from arena.content.loader import load_file
from arena.content.validate_cli import run as validate_run

ROOT = Path(__file__).resolve().parents[2]


def _broken(tmp_path: Path) -> Path:
    text = (ROOT / "cards" / "army" / "kor-hookmasters.yaml").read_text(encoding="utf-8")
    assert "cost: 60\n" in text
    path = tmp_path / "kor-hookmasters.yaml"
    path.write_text(text.replace("cost: 60\n", "cost: 60\ncost: 70\nmoove: 4\n", 1),
                    encoding="utf-8")
    return path


def test_a_key_given_twice_and_an_unknown_key_are_both_reported(tmp_path: Path) -> None:
    path = _broken(tmp_path)
    with pytest.raises(ContentError) as caught:
        load_file(path)
    found = [(p.path, p.message) for p in caught.value.problems]
    assert ("cost", "is given twice") in found
    assert any(p == "moove" and "unknown key" in m for p, m in found), found
    lines = [p.line for p in caught.value.problems]
    assert lines == sorted(lines)  # in the file's order


def test_arena_validate_names_every_problem_of_the_file(tmp_path: Path) -> None:
    out = io.StringIO()
    assert validate_run([str(_broken(tmp_path))], out) == 1
    text = out.getvalue()
    assert "[cost] is given twice" in text and "[moove] unknown key 'moove'" in text
    assert "2 problems" in text


def test_a_key_given_twice_alone_still_refuses_the_file(tmp_path: Path) -> None:
    text = (ROOT / "cards" / "army" / "kor-hookmasters.yaml").read_text(encoding="utf-8")
    path = tmp_path / "kor-hookmasters.yaml"
    path.write_text(text.replace("cost: 60\n", "cost: 60\ncost: 60\n", 1), encoding="utf-8")
    with pytest.raises(ContentError, match="given twice"):
        load_file(path)


def test_arenas_own_state_files_refuse_a_key_given_twice(tmp_path: Path) -> None:
    path = tmp_path / "state.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(ContentError, match="given twice"):
        yamlio.load_mapping(path)
