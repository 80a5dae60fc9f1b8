"""The battle screen's camera: turning it to face the viewer's starting side, and the camera
strip's buttons under the battlefield (rotate, zoom, level slicing, fit) with the menu button.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import pygame

from arena.client.projection import Camera
from arena.client.scenes.battle_view import BattleView, key_hint
from arena.client.scenes.hud import IconButton
from arena.client.ui import Widget
from arena.engine.actions import pos_hexes
from arena.hexgrid import hex_to_point

__all__ = ["CameraView", "camera_widgets", "facing_turn"]


class CameraView(BattleView, Protocol):
    """The battle screen as its camera strip sees it."""

    @property
    def camera(self) -> Camera: ...

    def zoom(self, factor: float, around: tuple[int, int] | None = None) -> None: ...

    def slice(self, delta: int) -> None: ...

    def fit(self) -> None: ...

    def pause(self) -> None: ...


def facing_turn(scene: CameraView) -> int | None:
    """The camera turn (in sixths, -2..3) that brings the viewer's starting side (where
    their Planeswalker was placed) to the front; None before it is placed."""
    start = scene.game.starting_positions().get(scene.session.viewer)
    if start is None:
        return None
    hexes = pos_hexes(start)
    proj = scene.camera.projection()
    best, best_cy = 0, -1e9
    for steps in range(6):
        p = replace(proj, angle=float(steps))
        cy = p.to_camera(*hex_to_point(hexes[0]))[1]
        if cy > best_cy + 1e-6:
            best, best_cy = steps, cy
    turn = (best - scene.camera.rotation) % 6
    return turn if turn <= 3 else turn - 6


def camera_widgets(scene: CameraView) -> list[Widget]:
    """The camera strip's buttons under the battlefield and the menu button."""
    lay = scene.layout
    cam = lay.camera
    size = cam.height
    gap = 6
    icons = [
        ("rotate-left", lambda: scene.camera.rotate(-1),
         f"Turn the view left ({key_hint(scene, 'rotate-left')})",
         (scene.settings.key("rotate-left"),)),
        ("rotate-right", lambda: scene.camera.rotate(1),
         f"Turn the view right ({key_hint(scene, 'rotate-right')})",
         (scene.settings.key("rotate-right"),)),
        ("zoom-out", lambda: scene.zoom(1 / 1.2),
         f"Zoom out ({key_hint(scene, 'zoom-out')}, wheel)",
         _keys(scene, "zoom-out", pygame.K_MINUS, pygame.K_KP_MINUS)),
        ("zoom-in", lambda: scene.zoom(1.2), f"Zoom in ({key_hint(scene, 'zoom-in')}, wheel)",
         _keys(scene, "zoom-in", pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS)),
        ("slice-down", lambda: scene.slice(-1),
         f"Hide the top level ({key_hint(scene, 'slice-down')})",
         (scene.settings.key("slice-down"),)),
        ("slice-up", lambda: scene.slice(1),
         f"Show one more level ({key_hint(scene, 'slice-up')})",
         (scene.settings.key("slice-up"),)),
        ("fit", scene.fit, "Fit the battlefield in view (F)", (pygame.K_f, pygame.K_HOME)),
    ]
    widgets: list[Widget] = []
    x = cam.x
    for icon, action, note, keys in icons:
        widgets.append(IconButton(icon, pygame.Rect(x, cam.y, size, size), action, note,
                                  keys))
        x += size + gap
    widgets.append(IconButton("menu", pygame.Rect(lay.top.right - lay.top.height - 4, 4,
                                                  lay.top.height - 8, lay.top.height - 8),
                              scene.pause, "Menu: save, load, settings, quit (Esc)"))
    return widgets


def _keys(scene: CameraView, action: str, default: int, *extra: int) -> tuple[int, ...]:
    """The bound key, plus the default's keypad twins while the default is bound."""
    code = scene.settings.key(action)
    return (code, *extra) if code == default else (code,)
