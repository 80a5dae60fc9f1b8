"""The player's settings, kept in ``settings.json`` in the data directory.

Unknown keys are ignored and bad values fall back to the defaults, so an old or hand-edited
file never stops the game from starting.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from arena.client.storage import data_dir, read_json, write_json_atomic

__all__ = ["AI_PACES", "ANIMATION_SPEEDS", "Settings", "load_settings", "save_settings"]

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0}
AI_PACES = {"instant": 0.0, "quick": 0.25, "normal": 0.6, "slow": 1.2}


@dataclass(frozen=True)
class Settings:
    """What the player can change on the Settings screen."""

    colour_blind: bool = False
    animations: str = "normal"  # off | fast | normal
    ai_pace: str = "normal"  # instant | quick | normal | slow: pause between AI actions
    show_fps: bool = False

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SPEEDS.get(self.animations, 1.0)

    @property
    def ai_delay(self) -> float:
        return AI_PACES.get(self.ai_pace, 0.6)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


def _clean(data: Any) -> Settings:
    if not isinstance(data, dict):
        return Settings()
    default = Settings()
    values: dict[str, Any] = {}
    for f in fields(Settings):
        value = data.get(f.name, getattr(default, f.name))
        if not isinstance(value, type(getattr(default, f.name))):
            value = getattr(default, f.name)
        values[f.name] = value
    settings = Settings(**values)
    if settings.animations not in ANIMATION_SPEEDS:
        settings = replace(settings, animations=default.animations)
    if settings.ai_pace not in AI_PACES:
        settings = replace(settings, ai_pace=default.ai_pace)
    return settings


def load_settings() -> Settings:
    """The saved settings (defaults when there are none or they cannot be read)."""
    path = data_dir() / "settings.json"
    try:
        return _clean(read_json(path))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings) -> None:
    """Keep the settings for next time (errors are the caller's to show)."""
    write_json_atomic(data_dir() / "settings.json", asdict(settings))
