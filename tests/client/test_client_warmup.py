"""The main menu is on screen before the engine, the renderer and the content are loaded
(`arena.client.warmup`): its first frame waits only for pygame, the fonts and the settings,
and the rest loads behind it. A new process is started, as a player starts the game, and the
modules loaded at the first frame are read from inside it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

_CHILD = """
import json, sys
from arena.client import app, warmup
seen = {}
def first_frame():
    seen["first"] = sorted(m for m in sys.modules if m.startswith(("arena", "yaml", "pydantic",
                                                                    "shapely", "numpy")))
app.run(["--frames", "40"], on_first_frame=first_frame)
seen["warm"] = warmup.ready()
from arena.client import content
seen["catalogue"] = content.ready()
seen["community"] = content.community_ready()
seen["after"] = sorted(m for m in sys.modules if m.startswith("arena"))
print(json.dumps(seen))
"""

HEAVY = ("arena.engine", "arena.client.render", "arena.client.content", "arena.client.saves",
         "arena.content.catalog", "arena.content.yamlio", "yaml", "pydantic", "shapely")
"""What the menu's first frame must not wait for (each took tens to hundreds of ms)."""


def _run(tmp_path: Path) -> dict[str, object]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1", "ARENA_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True,
                            text=True, timeout=120, check=True)
    data: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return data


def test_the_menu_draws_its_first_frame_before_the_engine_and_content_load(
        tmp_path: Path) -> None:
    seen = _run(tmp_path)
    first = set(seen["first"])  # type: ignore[arg-type]
    assert "arena.client.scenes.menu" in first, "the first frame is the main menu's"
    loaded = sorted(m for m in HEAVY if m in first)
    assert loaded == [], f"the first frame waited for {loaded}"
    # ...and the warm-up then loads them behind it, for New game, Continue and Load, with the
    # catalogue and the shipped community maps New game lists
    assert seen["warm"] is True
    assert seen["catalogue"] is True
    assert seen["community"] is True, "the community maps were not imported behind the menu"
    after = set(seen["after"])  # type: ignore[arg-type]
    for module in ("arena.engine", "arena.client.content", "arena.client.saves",
                   "arena.client.backdrop_board"):
        assert module in after, f"{module} was not loaded behind the menu"
