"""What another player may not see of the card mechanics (a view filter).

`arena.engine.views` already shows other players' face-down enchantments as backs; this
filter adds: a hidden enchantment being played by someone else (on the stack) shows its back
too, and every spell card the viewer may not identify -- in another player's hand or library,
face down, or being played face down -- is replaced by ``hidden`` wherever the card mechanics
keep it: in the lasting effects (the trigger queue, suspended resolutions, countered spells;
redacted in their plain form, so the view's records read back exactly what a save of the view
would hold) and in pending decisions (a counter offer names the spell it answers, a look at a
library names the card seen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arena.engine.lasting_records import Lasting
from arena.engine.state import GameState

__all__ = ["HIDDEN", "view_filter"]

HIDDEN = "hidden"


def _redact(value: Any, secret: set[str]) -> Any:
    if isinstance(value, str):
        return HIDDEN if value in secret else value
    if isinstance(value, dict):
        return {k: _redact(v, secret) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_redact(v, secret) for v in value]
    return value


def view_filter(real: GameState, view: GameState, seat: int, hide: Callable[[int], str]) -> None:
    """The view filter (see the module docstring)."""
    static = real.static
    stack = []
    for uid in view.stack:
        info = static.spells[uid]
        d = static.spell_def(uid)
        if info.owner != seat and d is not None and d.type == "hidden_enchantment":
            stack.append(hide(info.owner))
        else:
            stack.append(uid)
    view.stack = tuple(stack)
    shown = {uid for uid, _ in view.spell_zones()}
    secret = {u for u, info in static.spells.items() if info.owner != seat and u not in shown}
    if not secret:
        return
    view.lasting = Lasting.from_plain(_redact(view.lasting.to_plain(), secret))
    view.pending = [replace(d, data=_redact(dict(d.data), secret)) for d in view.pending]
