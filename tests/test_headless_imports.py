"""The rules side of Arena must import on a machine with no display and no pygame.

The engine, the AI and the content tools run in CI, in benchmarks and in `arena validate`
without a window; an accidental pygame import there would make them slow to start and
tie them to SDL. Each check runs in a fresh interpreter, because this test process may
already have imported pygame for other tests.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEADLESS_PACKAGES = ["arena.hexgrid", "arena.engine", "arena.content", "arena.ai"]
# Only the content loader reads YAML; the rules and the AI get plain Python objects.
YAML_FREE_PACKAGES = ["arena.hexgrid", "arena.engine", "arena.ai"]


def _modules_after_import(module: str) -> list[str]:
    """Import ``module`` in a fresh interpreter and return every module name it loaded."""
    code = f"import {module}, sys, json; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, f"import {module} failed:\n{result.stderr}"
    names: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return names


@pytest.mark.parametrize("module", [*HEADLESS_PACKAGES, "arena", "arena.cli"])
def test_imports_without_pygame(module: str) -> None:
    code = f"import {module}, sys; print('pygame' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, f"import {module} failed:\n{result.stderr}"
    assert result.stdout.strip().splitlines()[-1] == "False"

    pulled_in = [
        name for name in _modules_after_import(module) if name.startswith(("pygame", "pygame_gui"))
    ]
    assert pulled_in == [], f"importing {module} loaded {pulled_in}"


@pytest.mark.parametrize("module", YAML_FREE_PACKAGES)
def test_only_content_imports_yaml(module: str) -> None:
    loaded = _modules_after_import(module)
    assert "yaml" not in loaded, f"importing {module} loaded PyYAML; only arena.content may"
