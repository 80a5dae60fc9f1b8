"""Large content files: anything the loader accepts is read in one libyaml pass, with work
that grows linearly in the file; anything bigger is refused before it is parsed.

No test here is timed (the machine may be busy): each counts the calls of the function whose
count would grow with a slow or quadratic read, and compares it with the file's size.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from arena.content import loader, yamlio
from arena.content.catalog import expand, project_root, shipped_content_paths
from arena.content.errors import ContentError
from arena.content.validate_cli import run
from arena.hexgrid import Hex, spiral

RHOX = project_root() / "cards" / "army" / "rhox-veterans.yaml"
CROSSROADS = project_root() / "scenarios" / "battlefields" / "crossroads.yaml"


def near_cap(head: str, item: Callable[[int], str], tail: str = "") -> tuple[str, int]:
    """``head``, then as many ``item(i)`` as fit under `yamlio.MAX_BYTES`, then ``tail``;
    with the number of items."""
    room = yamlio.MAX_BYTES - len(head.encode()) - len(tail.encode()) - 16
    parts, size, count = [head], 0, 0
    while size + len(piece := item(count)) <= room:
        parts.append(piece)
        size += len(piece)
        count += 1
    text = "".join(parts) + tail
    assert yamlio.MAX_BYTES - 1024 < len(text.encode()) <= yamlio.MAX_BYTES
    return text, count


def counting(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Count the calls of ``owner.name`` (a module function or a class's method)."""
    calls = [0]
    original = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


@pytest.fixture()
def python_scanning(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How often the pure-Python YAML scanner (100 KB a second) is asked for tokens."""
    if not getattr(yaml, "__with_libyaml__", False):
        pytest.skip("PyYAML without libyaml reads every file with the pure-Python parser")
    return counting(monkeypatch, yaml.scanner.Scanner, "fetch_more_tokens")


def test_a_file_over_the_cap_is_refused_before_it_is_parsed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = counting(monkeypatch, yamlio, "parse")
    path = tmp_path / "rhox-veterans.yaml"
    path.write_text(RHOX.read_text() + "#" * yamlio.MAX_BYTES + "\n")
    with pytest.raises(ContentError) as caught:
        loader.load_file(path)
    (problem,) = caught.value.problems
    assert f"more than the {yamlio.MAX_BYTES} (256 KB) a content file may have" in \
        problem.message
    assert problem.fix == "split it or check that it is the right file"
    assert parsed == [0]


def test_a_near_cap_list_is_read_in_one_libyaml_pass(
        python_scanning: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The densest shape: a one-digit number every two bytes, about 130,000 nodes."""
    walked = counting(monkeypatch, yamlio, "_walk")
    text, items = near_cap(RHOX.read_text() + "junk: [", lambda i: f"{i % 10},", "0]\n")
    doc = yamlio.parse(text, "rhox-veterans.yaml")
    assert python_scanning == [0]
    assert doc.data["junk"] == [*(i % 10 for i in range(items)), 0]
    assert doc.data == yaml.load(text, Loader=yaml.CSafeLoader)  # the safe constructor's
    # Every node is walked once: the list's items, plus the card's own few hundred nodes.
    assert items < walked[0] < items + 500
    with pytest.raises(ContentError, match="unknown key 'junk'"):
        loader.load_document(doc)


def test_a_near_cap_battlefield_validates(tmp_path: Path, python_scanning: list[int]) -> None:
    """A battlefield of some 6,000 columns (the shipped ones have about 150): valid, read
    without the pure-Python scanner (the shipped catalogue loaded beside it included)."""
    hexes = spiral(Hex(0, 0), 60)
    head = CROSSROADS.read_text().split("columns:")[0].replace("id: crossroads", "id: huge")
    text, count = near_cap(head + "columns:\n",
                           lambda i: f"  - {{at: [{hexes[i].q}, {hexes[i].r}], levels: [land]}}\n")
    assert count > 5000
    path = tmp_path / "huge.yaml"
    path.write_text(text)
    out = io.StringIO()
    assert run([str(path)], out) == 0, out.getvalue()
    assert f"hexes: {count} (land {count})" in out.getvalue()
    assert python_scanning == [0]


def test_many_bad_keys_are_described_a_few_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of number keys: the first `MAX_PROBLEMS` are described and the rest counted.
    Finding where a key is spelt must look at each key path a bounded number of times per
    problem (it once sorted all of them for every problem: quadratic)."""
    compared = counting(monkeypatch, loader, "_same_key")
    text, keys = near_cap(RHOX.read_text(), lambda i: f"{i + 1000}: x\n")
    path = tmp_path / "rhox-veterans.yaml"
    path.write_text(text)
    with pytest.raises(ContentError) as caught:
        loader.load_file(path)
    problems = caught.value.problems
    assert len(problems) == loader.MAX_PROBLEMS + 1
    assert problems[0].message == "the key 1000 is read by YAML as a number, not as text"
    assert problems[-1].message == (
        f"has up to {keys - loader.MAX_PROBLEMS} more problems than the "
        f"{loader.MAX_PROBLEMS} listed")
    assert compared[0] <= loader.MAX_PROBLEMS * (keys + 100)  # the card's own keys too


def test_the_fast_path_reads_every_shipped_file_as_the_pure_python_one() -> None:
    """Same values and the same line for every key path, file by file."""
    files = expand(shipped_content_paths())
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = yamlio.parse(text, str(path))
        data, root = yamlio._parse_slow(text, str(path))
        lines: dict[yamlio.KeyPath, int] = {}
        yamlio._walk(root, (), lines, [], [], str(path), set())
        assert (fast.data, fast.lines) == (data, lines), path
