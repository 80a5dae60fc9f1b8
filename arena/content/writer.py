"""The canonical writer: one fixed layout for every content file.

Keys come out in the model's field order, defaults are left out (so a file says only what is
particular to it), and short lists stay on one line. The editor and tools save through
`save_model`, which writes atomically. Every shipped file round-trips load -> dump -> load.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from arena.content import yamlio
from arena.content.atomic import atomic_write


def to_data(model: BaseModel) -> dict[str, Any]:
    """Plain data for a model: field order, aliases, no defaults, tuples as lists."""
    # warnings=False: pydantic's serializer does not consult a callable discriminator and
    # warns while trying the `Amount` union's members; the values it writes are right.
    data: dict[str, Any] = model.model_dump(
        mode="json", by_alias=True, exclude_defaults=True, warnings=False)
    led: dict[str, Any] = _lead(data)
    return led


_LEADING = ("format", "effect")
"""Keys written first in any mapping: what the file or effect is, before its parameters."""


def _lead(value: Any) -> Any:
    if isinstance(value, dict):
        first = {k: _lead(value[k]) for k in _LEADING if k in value}
        return first | {k: _lead(v) for k, v in value.items() if k not in first}
    if isinstance(value, list):
        return [_lead(v) for v in value]
    return value


def dump_model(model: BaseModel) -> str:
    """The canonical YAML text of a model."""
    return yamlio.dump(to_data(model))


def save_model(model: BaseModel, path: Path | str) -> None:
    """Write a model to `path` atomically (the old file survives any failure)."""
    atomic_write(Path(path), dump_model(model))
