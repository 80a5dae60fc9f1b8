"""The player's settings, kept in ``settings.json`` in the data directory.

Unknown keys are ignored and bad values fall back to the defaults, so an old or hand-edited
file never stops the game from starting; `read_settings` says which values it repaired.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

import pygame

from arena.client.storage import data_dir, read_json, write_json_atomic

__all__ = ["AI_PACES", "ANIMATION_SPEEDS", "BINDINGS", "UI_SCALES", "WINDOW_SIZES", "Settings",
           "key_label", "load_settings", "save_settings"]

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0}
AI_PACES = {"instant": 0.0, "quick": 0.25, "normal": 0.6, "slow": 1.2}
WINDOW_SIZES = ("1280x720", "1600x900", "1920x1080")
UI_SCALES = (0.8, 1.0, 1.25, 1.5)

# The battle's rebindable keys: action name -> (label, default key code). Stored in
# settings.json as key codes (SDL key codes are stable).
BINDINGS: dict[str, tuple[str, int]] = {
    "rotate-left": ("Rotate view left", pygame.K_q),
    "rotate-right": ("Rotate view right", pygame.K_e),
    "zoom-in": ("Zoom in", pygame.K_EQUALS),
    "zoom-out": ("Zoom out", pygame.K_MINUS),
    "slice-up": ("Show one more level", pygame.K_RIGHTBRACKET),
    "slice-down": ("Hide the top level", pygame.K_LEFTBRACKET),
    "end-step": ("End move / attack", pygame.K_SPACE),
    "end-turn": ("End turn", pygame.K_t),
    "undo": ("Undo", pygame.K_u),
    "flip": ("Flip double-space lead", pygame.K_r),
    "log": ("Full log", pygame.K_l),
    "hint": ("Hint", pygame.K_h),
}


def key_label(code: int) -> str:
    """A short name for a key code ("Q", "Space", "[")."""
    try:
        name = pygame.key.name(code)
    except (pygame.error, ValueError):
        name = ""
    return (name.capitalize() if len(name) > 1 else name.upper()) or f"key {code}"


def _default_keys() -> dict[str, int]:
    return {action: code for action, (_, code) in BINDINGS.items()}


@dataclass(frozen=True)
class Settings:
    """What the player can change on the Settings screen."""

    colour_blind: bool = False
    animations: str = "normal"  # off | fast | normal
    ai_pace: str = "normal"  # instant | quick | normal | slow: pause between AI actions
    show_fps: bool = False
    window_size: str = "1280x720"  # one of WINDOW_SIZES
    fullscreen: bool = False
    ui_scale: float = 1.0  # one of UI_SCALES: fonts and panel widths
    sound: bool = True
    hotseat_turn: bool = True  # in hotseat, turn the board to the side of the player to act
    pause_attacks: bool = False  # hold each computer attack until the player presses Space
    hints: bool = True  # the battle's Hint button and key (off: nobody is coached)
    keys: dict[str, int] = field(default_factory=_default_keys)

    @property
    def window(self) -> tuple[int, int]:
        w, h = self.window_size.split("x")
        return (int(w), int(h))

    def key(self, action: str) -> int:
        """The key bound to a battle action (see ``BINDINGS``)."""
        return self.keys.get(action, BINDINGS[action][1])

    def bind(self, action: str, code: int) -> Settings:
        """These settings with ``code`` on ``action`` (an action that had it loses it: it
        takes the other's old key, so no key does two things)."""
        keys = dict(self.keys)
        old = self.key(action)
        for other in BINDINGS:
            if other != action and self.key(other) == code:
                keys[other] = old
        keys[action] = code
        return replace(self, keys=keys)

    @property
    def animation_scale(self) -> float:
        return ANIMATION_SPEEDS.get(self.animations, 1.0)

    @property
    def ai_delay(self) -> float:
        return AI_PACES.get(self.ai_pace, 0.6)

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)


SETTINGS_FILE = "settings.json"


def _clean(data: Any) -> Settings:
    """The settings in ``data``, each bad value replaced by its default (`_repair`)."""
    return _repair(data)[0]


def _repair(data: Any) -> tuple[Settings, list[str]]:
    """The settings in ``data``, each bad value replaced by its default, and the names of
    the settings so repaired (every one when ``data`` is not a set of settings at all)."""
    default = Settings()
    if not isinstance(data, dict):
        return default, [f.name for f in fields(Settings)]
    values: dict[str, Any] = {}
    repaired: list[str] = []
    for f in fields(Settings):
        value = data.get(f.name, getattr(default, f.name))
        if f.name == "ui_scale" and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, type(getattr(default, f.name))):
            value = getattr(default, f.name)
            repaired.append(f.name)
        values[f.name] = value
    settings = Settings(**values)
    for name, allowed in (("animations", ANIMATION_SPEEDS), ("ai_pace", AI_PACES),
                          ("window_size", WINDOW_SIZES), ("ui_scale", UI_SCALES)):
        if getattr(settings, name) not in allowed:
            settings = replace(settings, **{name: getattr(default, name)})
            repaired.append(name)
    keys = _default_keys()
    for action, code in settings.keys.items():
        if action in keys and isinstance(code, int) and not isinstance(code, bool) and code > 0:
            keys[action] = code
        elif action in keys and "keys" not in repaired:
            repaired.append("keys")
    if len(set(keys.values())) != len(keys):
        keys = _default_keys()
        if "keys" not in repaired:
            repaired.append("keys")
    return replace(settings, keys=keys), repaired


MAX_SETTINGS_BYTES = 256 * 1024
"""The largest settings file read (a real one is under 2 KB)."""


def read_settings() -> tuple[Settings, str]:
    """The saved settings and a notice for the player: empty when they were read (or there
    were none yet), else why the defaults are used instead. The damaged file is left as it
    is until the player saves new settings."""
    path = data_dir() / SETTINGS_FILE
    try:
        data = read_json(path, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return Settings(), ""
    except OSError as exc:
        return Settings(), (f"Your settings could not be read ({exc.strerror}); "
                            "the defaults are used.")
    except ValueError as exc:
        return Settings(), (f"Your settings file {path.name} is damaged ({exc}); the defaults "
                            "are used until you save new settings.")
    settings, repaired = _repair(data)
    if not isinstance(data, dict):
        return settings, (f"Your settings file {path.name} holds no settings (it is "
                          f"{_kind_of(data)}, not a set of named settings); the defaults "
                          "are used until you save new settings.")
    if repaired:
        return settings, (f"Your settings file {path.name} had values the game cannot use "
                          f"({', '.join(repaired)}); their defaults are used until you "
                          "save new settings.")
    return settings, ""


def _kind_of(data: Any) -> str:
    """What a JSON value is, in words ("a list")."""
    if isinstance(data, list):
        return "a list"
    if isinstance(data, str):
        return "a piece of text"
    if isinstance(data, bool) or data is None:
        return "a single word"
    return "a single number"


def load_settings() -> Settings:
    """The saved settings (defaults when there are none or they cannot be read)."""
    return read_settings()[0]


def save_settings(settings: Settings) -> None:
    """Keep the settings for next time (errors are the caller's to show)."""
    write_json_atomic(data_dir() / SETTINGS_FILE, asdict(settings))
