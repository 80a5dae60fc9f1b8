"""The editor's document, checks and builders import without pygame (they are tested and
usable headless; only the window modules need SDL)."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEADLESS = ["editor.core.model", "editor.core.mapdoc", "editor.core.validation",
            "editor.core.scene", "editor.core.scenario_form", "editor.core.builder",
            "editor.core.card_form", "editor.core.parts", "editor.files.pdf",
            "editor.core.ability_form", "editor.core.balance_check"]


@pytest.mark.parametrize("module", HEADLESS)
def test_imports_without_pygame(module: str) -> None:
    code = f"import {module}, sys; print('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
