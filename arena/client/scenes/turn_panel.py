"""The battle screen's turn panel: the steps of the turn (the current one lit) and what the
player to act is asked, in lines the battle screen composes (prompt, help, hint, or what a
computer player is doing).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from arena.client import text
from arena.client.palette import UI, mix
from arena.client.scenes.hud import PHASE_ACTION, TURN_ACTIONS
from arena.client.ui import draw_panel
from arena.engine.state import GameState
from arena.engine.vocab import Phase

__all__ = ["draw_turn_panel", "turn_steps"]

Line = tuple[str, tuple[int, int, int]]

SETUP_STEPS = (("·", "Roll the d20 for the first player"), ("·", "Choose who goes first"),
               ("·", "Place the Planeswalkers"))


def turn_steps(state: GameState) -> tuple[list[tuple[str, str]], int]:
    """The steps to list (the set-up's before the first turn) and the current one's index
    (-1 when none is)."""
    kind = state.pending[-1].kind if state.pending else None
    if state.phase is Phase.SETUP or kind in ("first_player", "place_planeswalker"):
        return list(SETUP_STEPS), 1 if kind == "first_player" else 2
    return list(TURN_ACTIONS), PHASE_ACTION.get(state.phase, -1)


def draw_turn_panel(hud: pygame.Surface, rect: pygame.Rect, state: GameState,
                    lines: Sequence[Line], scale: float, bottom: int) -> None:
    """The panel in ``rect``: the steps, then ``lines`` wrapped, above ``bottom`` (the
    panel's buttons); short of room, only the current step is listed."""
    def s(n: int) -> int:
        return round(n * scale)

    inner = draw_panel(hud, rect, "Turn", px=s(20))
    y = inner.y
    steps, current = turn_steps(state)
    px, line_h, step_h = s(18), s(20), s(22)
    wrapped = [(part, color) for line, color in lines
               for part in text.wrap(line, px, inner.width)]
    room = bottom - 12 - y
    if len(steps) * step_h + s(6) + len(wrapped) * line_h > room and current >= 0:
        steps = [steps[current]]  # short of room: the current step only
        current = 0
    for i, (number, label) in enumerate(steps):
        color = UI["accent"] if i == current else (UI["dim"] if i < current else UI["muted"])
        if i == current:
            row = pygame.Rect(inner.x - 4, y - 2, inner.width + 8, step_h)
            pygame.draw.rect(hud, mix(UI["panel"], UI["accent"], 0.16), row, border_radius=4)
        text.blit(hud, f"{number}  {label}", px, color, (inner.x + 2, y), bold=i == current)
        y += step_h
    y += s(6)
    for part, color in wrapped:
        if y > bottom - line_h:
            break
        text.blit(hud, part, px, color, (inner.x, y))
        y += line_h
