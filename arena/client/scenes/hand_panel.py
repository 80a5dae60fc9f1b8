"""The battle screen's hand: the spell cards of the player at the screen under the
battlefield, with the spells-per-turn counter. "Play" where the engine offers a PlaySpell for
that card now, "Target" while a pick may choose it, "Discard" at the hand limit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from arena.client import text
from arena.client.palette import UI
from arena.client.scenes.battle_view import BattleScreen, BattleView, scaled
from arena.client.scenes.hud import SpellCardView, SpellCardWidget
from arena.client.session import BattleSession
from arena.client.ui import Widget, draw_panel
from arena.engine.state import HAND_LIMIT, SPELLS_PER_TURN

__all__ = ["draw_hand", "hand_title", "hand_widgets"]


def hand_title(session: BattleSession, seat: int, cards: int) -> str:
    """The hand panel's title: whose hand ("Your hand" for the one person at the screen,
    else "Player 2's hand") and how many cards."""
    return f"{session.seat_owner(seat)} hand  ·  {cards} card{'' if cards == 1 else 's'}"


def hand_widgets(screen: BattleScreen) -> list[Widget]:
    """One widget per spell card in the hand shown, with what a click on it does."""
    lay = screen.layout
    state = screen.game.state
    static = state.static
    intent = screen.intent
    pick = intent.pick
    seat = intent.hand_seat()
    hand = state.players[seat].hand if seat in state.players else ()
    playable = intent.spell_actions()
    discards = intent.discard_actions()
    k = screen.font_scale
    inner_top = lay.hand.y + scaled(screen, 26)
    h = lay.hand.bottom - 6 - inner_top
    w = min(int(h * 1.3), max(60, (lay.hand.width - 20) // max(1, len(hand)) - 6))
    x = lay.hand.x + 10
    out: list[Widget] = []
    for uid in hand:
        d = static.spell_def(uid)
        view = SpellCardView(uid)
        action: Callable[[], object] | None = None
        note = ""
        if d is not None:
            view = SpellCardView(uid, d.name, getattr(d, "colour", "colourless"),
                                 getattr(d, "type", ""), getattr(d, "cost", 0),
                                 getattr(d, "text", ""), getattr(d, "provenance", ""))
            note = f"{d.name} ({view.kind.replace('_', ' ')}, {view.cost}): {view.body}"
        if uid in discards:
            view.state, view.badge = "discard", "Discard"
            action = partial(screen.act, discards[uid])
            note = f"Discard {view.name}. " + note
        elif pick is not None and uid in pick.options():
            view.state, view.badge = "playable", "Target"
            action = partial(screen.pick_target, uid)
        elif uid in playable and pick is None:
            view.state, view.badge = "playable", "Play"
            action = partial(screen.start_pick, f"Play {view.name}", playable[uid])
            note = "Play: " + note
        elif pick is not None and pick.actions and \
                getattr(pick.actions[0], "spell", None) == uid:
            view.state, view.badge = "picking", "Targets…"
        out.append(SpellCardWidget(view, pygame.Rect(x, inner_top, w, h), action, note,
                                   k * min(1.0, w / (h * 0.9))))
        x += w + 6
    return out


def draw_hand(hud: pygame.Surface, view: BattleView) -> None:
    """The hand's panel: whose hand, how many cards, and the spells counter (or what a
    pick or the hand limit asks)."""
    lay = view.layout
    state = view.game.state
    pick = view.intent.pick
    seat = view.intent.hand_seat()
    hand = state.players[seat].hand if seat in state.players else ()
    played = state.turn_state.spells_played if view.game.to_act == seat else 0
    title = hand_title(view.session, seat, len(hand))
    draw_panel(hud, lay.hand, "", px=scaled(view, 18))
    text.blit(hud, title, scaled(view, 17), UI["text"], (lay.hand.x + 10, lay.hand.y + 5),
              bold=True)
    if view.intent.discard_actions():
        note, color = f"Hand limit: discard down to {HAND_LIMIT} (click a card)", UI["bad"]
    elif pick is not None:
        note, color = f"{pick.label}: click a lit target (Esc cancels)", UI["accent"]
    else:
        note, color = f"Spells this turn {played}/{SPELLS_PER_TURN}", UI["teal"]
    text.blit(hud, note, scaled(view, 16), color, (lay.hand.right - 10, lay.hand.y + 6),
              anchor="topright", bold=True)
    if not hand:
        text.blit(hud, "No spell cards in hand.", scaled(view, 16), UI["muted"],
                  lay.hand.center, anchor="center")
