"""The battle screen's combat panel: the odds of an attack from the selected figure on the
opposing figure under the pointer (dice with their sources, expected damage, the chance to
destroy, the distribution), or why it cannot attack; else the last roll's dice, rolling until
they settle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pygame

from arena.client import text
from arena.client.advice import Ruler
from arena.client.feed import DiceShow
from arena.client.palette import UI
from arena.client.scenes.battle_view import BattleView, scaled
from arena.client.scenes.hud import draw_dice_row, draw_distribution
from arena.client.session import lead_hex
from arena.client.ui import draw_panel

__all__ = ["draw_combat_panel"]


def draw_combat_panel(hud: pygame.Surface, view: BattleView, hovered: str | None,
                      dice: DiceShow | None, settle: float,
                      ruler: Callable[[], Ruler | None]) -> None:
    """The panel: the odds against ``hovered`` (or the figure under the keyboard cursor),
    else ``dice`` (settled ``settle`` seconds after the roll), else a hint."""
    lay = view.layout
    state = view.game.state
    intent = view.intent
    inner = draw_panel(hud, lay.info, "Combat", px=scaled(view, 20))
    attacker = intent.selected
    target = hovered
    if attacker is not None and target is None and intent.cursor is not None:
        target = state.occupant_map().get(lead_hex(intent.cursor))
    if attacker is not None and target is not None and target != attacker and \
            state.static.opposed(state.controller(attacker), state.controller(target)):
        _draw_odds(hud, view, inner, attacker, target, ruler)
        return
    if dice is not None:
        _draw_dice(hud, view, inner, dice, settle)
        return
    for i, line in enumerate(text.wrap(
            "Select a figure, then hover an enemy to see the dice and the odds. "
            "Rolls show here.", scaled(view, 18), inner.width)):
        text.blit(hud, line, scaled(view, 18), UI["muted"],
                  (inner.x, inner.y + i * scaled(view, 20)))


def _draw_odds(hud: pygame.Surface, view: BattleView, inner: pygame.Rect, attacker: str,
               target: str, ruler_of: Callable[[], Ruler | None]) -> None:
    game = view.game
    static = game.state.static
    option = view.intent.attack_options(attacker).get(target)
    name_a, name_t = static.figure_name(attacker), static.figure_name(target)
    text.blit(hud, f"{name_a} vs {name_t}", scaled(view, 19), UI["text"], (inner.x, inner.y),
              bold=True, width=inner.width)
    y = inner.y + scaled(view, 24)
    if option is None or not option.possible:
        reason = option.reason if option is not None else "not a target"
        ruler = ruler_of()
        if ruler is not None and not ruler.clear and reason.startswith("no clear sight"):
            reason = f"no line of sight, {ruler.label}"
        for line in text.wrap(f"Cannot attack: {reason}.", scaled(view, 18), inner.width):
            text.blit(hud, line, scaled(view, 18), UI["bad"], (inner.x, y))
            y += scaled(view, 20)
        if ruler is not None and not reason.startswith("no line of sight"):
            label = ruler.label[:1].upper() + ruler.label[1:]
            for line in text.wrap(f"Sight: {label}.", scaled(view, 16), inner.width):
                text.blit(hud, line, scaled(view, 16), UI["muted"], (inner.x, y))
                y += scaled(view, 19)
        return

    def sources(total: int, items: Sequence[tuple[str, int]]) -> str:
        printed = total - sum(amount for _, amount in items)
        parts = [f"printed {printed}"] + [f"{name} {amount:+d}" for name, amount in items]
        return ", ".join(parts)

    px = scaled(view, 17)
    line = f"Attack {option.attack_dice}: {sources(option.attack_dice, option.attack_sources)}"
    text.blit(hud, line, px, (240, 150, 140), (inner.x, y), width=inner.width)
    y += scaled(view, 19)
    line = (f"Defense {option.defense_dice}: "
            f"{sources(option.defense_dice, option.defense_sources)}")
    text.blit(hud, line, px, (150, 180, 240), (inner.x, y), width=inner.width)
    y += scaled(view, 22)
    try:
        odds = game.damage_odds(attacker, target)
    except Exception:  # noqa: BLE001 - a query must not stop the screen
        return
    text.blit(hud, f"Expected {float(odds.expected):.1f} damage  ·  destroy "
                   f"{float(odds.destroy) * 100:.0f}%", scaled(view, 18), UI["accent"],
              (inner.x, y), bold=True)
    y += scaled(view, 24)
    chart = pygame.Rect(inner.x, y, inner.width, max(30, inner.bottom - y))
    draw_distribution(hud, chart, odds.distribution, odds.life_left)


def _draw_dice(hud: pygame.Surface, view: BattleView, inner: pygame.Rect, show: DiceShow,
               settle: float) -> None:
    settled = view.time - show.start >= settle
    text.blit(hud, show.title, scaled(view, 19), UI["text"], (inner.x, inner.y), bold=True,
              width=inner.width)
    y = inner.y + scaled(view, 26)
    size = max(18, min(34, int(24 * view.layout.scale)))
    rng = random.Random(int(view.time * 12))  # the faces shown while rolling: not the game's
    for label, faces in show.rows:
        text.blit(hud, label, scaled(view, 16), UI["muted"], (inner.x, y + size // 2 - 8))
        shown = faces if settled else tuple(rng.choice(("hit", "shield", "blank"))
                                             for _ in faces)
        draw_dice_row(hud, inner.x + 92, y, shown or ("blank",) * 0, size,
                      inner.width - 92)
        rows = max(1, -(-len(faces) // max(1, (inner.width - 92) // (size + 4))))
        y += rows * (size + 4) + 4
    if settled and show.result:
        for line in text.wrap(show.result, scaled(view, 18), inner.width):
            text.blit(hud, line, scaled(view, 18), UI["accent"], (inner.x, y))
            y += scaled(view, 20)
