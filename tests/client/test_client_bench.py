"""``make bench`` measures the battle on the largest community map too: the map is found and
imported, The Duel is set up on it with every figure summoned, and the rows are registered
(left out where the maps are not beside the project)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.client import bench
from arena.content import atomic
from arena.content.mapimport import import_map, slug
from arena.content.writer import dump_model

needs_maps = pytest.mark.skipif(not any(f.is_dir() for f in bench.MAP_FOLDERS),
                                reason="no community maps beside the project")


@needs_maps
def test_the_largest_community_map_is_the_one_with_most_spaces() -> None:
    field = bench.largest_community_map()
    assert field is not None
    sizes = [len(import_map(p, slug(p.stem))[0].columns)
             for folder in bench.MAP_FOLDERS for p in folder.glob("*")
             if p.suffix.lower() in (".json", ".hsc")]
    assert len(field.columns) == max(sizes)


@needs_maps
def test_a_duel_on_that_map_is_drawn_with_every_figure(tmp_path: Path) -> None:
    field = bench.largest_community_map()
    assert field is not None
    path = tmp_path / f"{field.id}.yaml"
    atomic.atomic_write(path, dump_model(field))
    times = bench.battle_frame(repeats=3, battlefield=str(path))
    assert times.frame_ms > 0 and times.repaint_ms > 0
    game, _ = bench.duel_all_summoned(battlefield=field.id)
    assert game.state.static.field.id == field.id
    assert len(game.state.on_battlefield()) == 14


def test_the_map_rows_are_registered_only_with_the_maps(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    names: list[str] = []

    def benchmark(name: str, unit: str, goal: float) -> Any:
        names.append(name)
        return lambda func: func

    monkeypatch.setattr(bench, "MAP_FOLDERS", (tmp_path,))
    bench.register(benchmark)
    assert not any("community map" in n for n in names)
    fixture = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "maps"
    monkeypatch.setattr(bench, "MAP_FOLDERS", (fixture,))
    names.clear()
    bench.register(benchmark)
    assert sum("community map" in n for n in names) == 3


def test_the_battle_frame_is_measured_with_the_recap_and_the_log_drawn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The frame goal holds with a computer turn's recap panel open over the board and the
    log panel drawn, so the bench's scene has both."""
    import pygame

    for key, value in bench.HEADLESS.items():
        monkeypatch.setenv(key, value)
    pygame.display.init()
    pygame.font.init()
    try:
        _, app, scene = bench._battle((1280, 720))
        app.update(1 / 60)
        assert scene.recap is not None and scene.recap.recap.lines
        assert scene.layout.view.contains(scene.recap.rect) and scene.recap.rect.height > 40
        assert scene.log_panel is not None
    finally:
        pygame.quit()
