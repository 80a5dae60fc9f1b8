"""``make bench`` reads hard's decisions as search throughput too: work units (simulated
actions and evaluated positions) per second, with a goal of twice the first figure."""

from __future__ import annotations

from typing import Any

import pytest

from arena.ai import bench


def test_throughput_is_work_over_time(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = ((500.0, 300), (1500.0, 900))  # (ms, work) per position
    monkeypatch.setattr(bench, "decisions", lambda level, window=False: runs)
    assert bench.search_throughput() == pytest.approx(1200 / 2.0)
    assert bench.decision_times("hard") == (500.0, 1500.0)


def test_the_throughput_row_wants_more_not_less() -> None:
    rows: dict[str, dict[str, Any]] = {}

    def benchmark(name: str, unit: str, goal: float, **options: Any) -> Any:
        rows[name] = {"unit": unit, "goal": goal, **options}
        return lambda func: func

    bench.register(benchmark)
    row = rows["AI hard: search throughput"]
    assert row["unit"] == "work/s" and row["lower_is_better"] is False
    assert row["goal"] == 2 * bench.FIRST_THROUGHPUT > 0
