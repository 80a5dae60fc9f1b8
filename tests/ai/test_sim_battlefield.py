"""``arena sim --battlefield``: every imported community map plays a full headless Duel.

The maps are the community maps the project ships (assets/community-maps) plus our own
fixture; each is imported with ``arena import-map`` and played with
``arena sim --scenario duel --battlefield OUT.yaml --seats greedy,random --games 2``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from arena.ai.sim_cli import main as sim_main
from arena.content.locations import community_maps
from arena.content.mapio_cli import run_import

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "content" / "fixtures" / "maps"
SHARED = community_maps()
MAPS = [*sorted(p for p in SHARED.iterdir() if p.suffix in (".json", ".hsc")),
        *sorted(FIXTURES.glob("*.json"))]


def _imported(source: Path, folder: Path, name: str = "map") -> Path:
    out = folder / f"{name}.yaml"
    assert run_import(str(source), str(out), io.StringIO(), io.StringIO()) == 0
    return out


def _sim(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    # A generous decision clock: a greedy decision on a big map takes up to a few seconds,
    # and a loaded test machine must not turn that into a fault (the game is the same).
    code = sim_main([*args, "--jobs", "1", "--quiet", "--json", "--time-limit", "120"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("source", MAPS, ids=[p.name for p in MAPS])
def test_imported_map_plays_the_duel(source: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = _imported(source, tmp_path)
    code, stdout, stderr = _sim(["--scenario", "duel", "--battlefield", str(out), "--seats",
                                 "greedy,random", "--games", "2"], capsys)
    if source.name == "Welcome.json":  # too small for proposed zones: the game says so
        assert code != 0 and "the battlefield has no starting zones" in stderr
        return
    assert code == 0, stderr
    summary = json.loads(stdout)
    assert summary["games"] == 2 and summary["errors"] == 0 and summary["faults"] == []
    assert summary["scenario"] == "the-duel"


def test_other_zone_ids_stand_in_for_the_scenarios(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = (FIXTURES / "arena-sample.json").read_text(encoding="utf-8")
    source = tmp_path / "red-green.json"
    source.write_text(text.replace("z4", "z1").replace("z7", "z2"), encoding="utf-8")
    out = _imported(source, tmp_path, "red-green")
    code, stdout, stderr = _sim(["--scenario", "duel", "--battlefield", str(out), "--seats",
                                 "greedy,random", "--games", "1"], capsys)
    assert code == 0, stderr
    assert "zones red, green play as yellow, orange" in stderr
    assert json.loads(stdout)["errors"] == 0


def test_missing_or_broken_battlefield_is_one_message(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, stderr = _sim(["--battlefield", str(tmp_path / "none.yaml")], capsys)
    assert code == 2 and "there is no file" in stderr
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: battlefield\nid: broken\n", encoding="utf-8")
    code, _, stderr = _sim(["--battlefield", str(broken)], capsys)
    assert code == 2 and "broken.yaml" in stderr and "Traceback" not in stderr
