"""`scripts/ai_paired.py`: two strength runs compared game by game, with an exact sign test
on the games only one version won."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from ai_kit import load_script


@pytest.fixture(scope="module")
def paired():  # type: ignore[no-untyped-def]
    return load_script("ai_paired")


def _game(index: int, seats: tuple[str, str], strong_won: bool, army: str) -> dict[str, Any]:
    strong = seats.index("hard" if "hard" in seats else "normal") + 1
    winner = strong if strong_won else 3 - strong
    armies = [f"{army}-premade", "gideon-premade"] if strong == 1 else \
        ["gideon-premade", f"{army}-premade"]
    return {"spec": {"index": index, "controllers": list(seats), "seed": 1000 + index,
                     "armies": armies}, "winners": [winner]}


BARS = [{"bar": "hard-random", "seats": ["hard", "random"]},
        {"bar": "hard-greedy", "seats": ["hard", "greedy"]},
        {"bar": "normal-random", "seats": ["normal", "random"]}]
"""The rows a strength file names its bars by (scripts/ai_strength.py)."""


def _run(results: list[bool], seats: tuple[str, str] = ("hard", "greedy")) -> dict[str, Any]:
    return {"seed": 1, "bars": BARS, "games": [
        _game(i, seats, won, "jace" if i % 2 else "nissa") for i, won in enumerate(results)]}


def test_only_the_split_games_count(paired) -> None:  # type: ignore[no-untyped-def]
    old = _run([True, True, False, False, True, False])
    new = _run([True, False, True, True, True, False])
    row = paired.compare(old, new)["hard-greedy"]
    assert (row["games"], row["old"], row["new"]) == (6, 3, 4)
    assert (row["only_old"], row["only_new"]) == (1, 2)
    assert row["armies"]["nissa"] == {"games": 3, "old": 2, "new": 3}
    assert row["p"] == pytest.approx(1.0)


def test_the_sign_test_is_exact(paired) -> None:  # type: ignore[no-untyped-def]
    assert paired.sign_test(0, 0) == 1.0
    assert paired.sign_test(7, 1) == pytest.approx(2 * 9 / 256)  # P(<= 1 of 8) both sides
    assert paired.sign_test(1, 7) == paired.sign_test(7, 1)
    assert paired.sign_test(10, 0) < 0.01


def test_games_of_other_seeds_or_seats_do_not_pair(paired) -> None:  # type: ignore[no-untyped-def]
    old = _run([True, True])
    new = _run([False, False], seats=("greedy", "hard"))
    assert paired.compare(old, new) == {}
    assert "No game" in paired.render({})
    later = _run([True, True, False])  # a longer run: the first two pair up
    assert paired.compare(old, later)["hard-greedy"]["games"] == 2


def test_bars_are_named_as_the_strength_file_names_them(paired) -> None:  # type: ignore[no-untyped-def]
    bars = paired.bars_of({"bars": BARS})
    assert bars[frozenset(["greedy", "hard"])] == ("hard-greedy", "hard")
    assert bars[frozenset(["random", "normal"])] == ("normal-random", "normal")
    # Whichever seat the measured side sat in, it is the one counted.
    old = _run([True, True], seats=("greedy", "hard"))
    new = _run([True, False], seats=("greedy", "hard"))
    row = paired.compare(old, new)["hard-greedy"]
    assert (row["old"], row["new"], row["only_old"]) == (2, 1, 1)


def test_the_command_line_reads_files_and_explains_a_bad_one(paired, tmp_path: Path,
                                                              capsys) -> None:  # type: ignore[no-untyped-def]
    a, b, bad = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "bad.json"
    a.write_text(json.dumps(_run([True, False])))
    b.write_text(json.dumps(_run([True, True])))
    bad.write_text("{not json")
    assert paired.main([str(a), str(b)]) == 0
    assert "only before 0, only now 1" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="not a strength file"):
        paired.main([str(a), str(bad)])


def test_two_levels_pair_up_on_the_same_planned_games(paired, tmp_path: Path,
                                                      capsys) -> None:  # type: ignore[no-untyped-def]
    """``--old-level``: expert's games against hard's on the same plans (same armies, seats
    and dice seeds), the old file's measured side being that level where the new file's is
    another; without it the two bars do not pair."""
    hard = _run([True, False, False, True], seats=("greedy", "hard"))
    expert = _run([True, True, True, False], seats=("greedy", "hard"))
    for game in expert["games"]:
        game["spec"]["controllers"] = ["greedy", "expert"]
    expert["bars"] = [{"bar": "expert-greedy", "seats": ["expert", "greedy"]}]
    assert paired.compare(hard, expert) == {}
    row = paired.compare(hard, expert, old_level="hard")["expert-greedy"]
    assert (row["games"], row["old"], row["new"]) == (4, 2, 3)
    assert (row["only_old"], row["only_new"]) == (1, 2)
    a, b = tmp_path / "hard.json", tmp_path / "expert.json"
    a.write_text(json.dumps(hard))
    b.write_text(json.dumps(expert))
    assert paired.main([str(a), str(b), "--old-level", "hard"]) == 0
    assert "expert-greedy: 4 games in both; won 2 before, 3 now" in capsys.readouterr().out
