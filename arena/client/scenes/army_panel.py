"""The battle screen's army cards panel: every player's cards (the acting or viewing player
first, then the others in the order their turns come) with their figures' values now, life,
reserve and enchantments; "Choose", "Summon" or "Target" badges where the engine offers that
card now, and "Use ..." buttons for activated abilities. The panel scrolls with the wheel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from arena.client import text
from arena.client.palette import UI, palette
from arena.client.scenes.battle_view import BattleScreen, BattleView, scaled
from arena.client.scenes.hud import CardRow, CardWidget
from arena.client.session import ability_name
from arena.client.statline import figure_stat_line, life_text
from arena.client.ui import Button, Widget, draw_panel
from arena.engine.abilities.spec import abilities_of
from arena.engine.setup import turn_order
from arena.engine.vocab import Phase

__all__ = ["ArmyPanel", "card_row"]


@dataclass
class ArmyPanel:
    """Where the army cards are: the scroll offset, the list's height and each player's
    header."""

    scroll: int = 0
    height: int = 0
    headers: list[tuple[int, int]] = field(default_factory=list)

    def widgets(self, screen: BattleScreen) -> tuple[list[Widget], list[Widget]]:
        """The card widgets and ability buttons, and those the number keys press (the acting
        player's cards that do something)."""
        lay = screen.layout
        game, session = screen.game, screen.session
        human = session.human_to_act
        static = game.state.static
        pal = palette(screen.settings.colour_blind)
        widgets: list[Widget] = []
        numbered: list[Widget] = []
        first = game.to_act if human else session.viewer
        order = turn_order(static, first)  # then the others as their turns come
        y = lay.left.y + scaled(screen, 46) - self.scroll
        card_h = int(68 * screen.font_scale)
        self.headers = []
        abilities = screen.intent.ability_actions()
        for seat in order:
            self.headers.append((seat, y))
            y += scaled(screen, 28)
            for uid in static.players[seat].cards:
                row, action, note = card_row(screen, screen, seat, uid, pal.player(seat))
                height = card_h + (scaled(screen, 18) if row.extra or row.hidden else 0)
                rect = pygame.Rect(lay.left.x + 10, y, lay.left.width - 20, height - 6)
                widget = CardWidget(row, rect, action, note, screen.font_scale)
                widget.visible = (rect.top >= lay.left.y + scaled(screen, 36)
                                  and rect.bottom <= lay.left.bottom)
                widgets.append(widget)
                if action is not None and human and seat == game.to_act:
                    numbered.append(widget)
                y += height
                for ability, actions in abilities.get(uid, {}).items():
                    brect = pygame.Rect(lay.left.x + 26, y - 2, lay.left.width - 36,
                                        scaled(screen, 26))
                    name = ability_name(static, uid, ability)
                    b = Button(rect=brect, label=f"Use {name}", name=f"use:{uid}/{ability}",
                               px=scaled(screen, 15), style="primary",
                               action=partial(screen.start_pick, f"Use {name}", actions),
                               note=f"Use the ability {name} of this card.")
                    b.visible = (brect.top >= lay.left.y + scaled(screen, 36)
                                 and brect.bottom <= lay.left.bottom)
                    widgets.append(b)
                    y += scaled(screen, 30)
            y += 8
        self.height = y + self.scroll - lay.left.y
        if not lay.left.width:  # folded into its tab: the number keys still choose
            return [], numbered
        return widgets, numbered

    def scroll_by(self, wheel: int, view: BattleView) -> None:
        """The wheel over the panel (within the list's height)."""
        limit = max(0, self.height - view.layout.left.height + 12)
        self.scroll = max(0, min(limit, self.scroll - wheel * 40))

    def draw(self, hud: pygame.Surface, view: BattleView) -> None:
        """The panel and each player's header (the cards are widgets of the form)."""
        lay = view.layout
        if not lay.left.width:
            return
        pal = palette(view.settings.colour_blind)
        draw_panel(hud, lay.left, "Army cards", px=scaled(view, 20))
        clip = hud.get_clip()
        hud.set_clip(pygame.Rect(lay.left.x, lay.left.y + 36, lay.left.width,
                                 lay.left.height - 40))
        for seat_no, y in self.headers:
            if lay.left.y + 30 <= y <= lay.left.bottom - 20:
                dot = pygame.Rect(lay.left.x + 12, y + 5, scaled(view, 12), scaled(view, 12))
                pygame.draw.rect(hud, pal.player(seat_no), dot, border_radius=3)
                text.blit(hud, view.session.seat_label(seat_no), scaled(view, 18), UI["text"],
                          (dot.right + 8, y + 3), bold=True)
        hud.set_clip(clip)


def card_row(view: BattleView, controls: BattleScreen, seat: int, uid: str,
             color: tuple[int, int, int]) -> tuple[CardRow, Any, str]:
    """One army card as shown (values now, life, badges), what a click on it does and its
    tooltip."""
    game = view.game
    state = game.state
    static = state.static
    card = static.card_def(uid)
    figs = static.cards[uid].figures
    zones = [state.figures[f].zone for f in figs]
    on = zones.count("battlefield")
    reserve = zones.count("reserve")
    gone = zones.count("graveyard")
    standing = [f for f in figs if state.figures[f].zone == "battlefield"]
    if standing:  # the values now, with what changes them (`arena.client.statline`)
        stats = f"{figure_stat_line(game, standing[0], compact=True)} · Ht {card.height}"
    else:
        stats = (f"Move {card.move} · Range {card.range} · Att {card.attack} · "
                 f"Def {card.defense} · Ht {card.height}")
    if card.kind == "planeswalker" or (card.figures == 1 and card.life > 1):
        damage = sum(state.figures[f].damage for f in figs)
        if gone:
            where = "Destroyed"
        elif standing:
            where = life_text(game, standing[0])
        else:
            where = f"Life {card.life - damage}/{card.life} · not placed yet"
    else:
        parts = []
        if on:
            parts.append(f"{on} on the field")
        if reserve:
            parts.append(f"{reserve} in reserve")
        if gone:
            parts.append(f"{gone} destroyed")
        where = " · ".join(parts) + f" · life {card.life}"
    opts = view.session.options
    human = view.session.human_to_act and seat == game.to_act
    chosen = state.turn_state.chosen == uid and state.phase not in (Phase.CHOOSE, Phase.SETUP)
    cs = state.cards.get(uid)
    destroyed = cs is not None and cs.zone == "graveyard"
    state_name, badge, note = "", "", ""
    action: Callable[[], object] | None = None
    if destroyed:
        state_name, badge = "destroyed", "Destroyed"
    elif chosen:
        state_name, badge = "chosen", "Chosen"
    if human and uid in opts.choose:
        state_name, badge = "choosable", "Choose"
        action = partial(controls.choose, opts.choose[uid])
        note = f"Choose {card.name}: its figures act this turn."
    elif human and uid in opts.summon:
        state_name, badge = "summonable", "Summon"
        action = partial(controls.act, opts.summon[uid])
        note = f"Summon {card.name} from reserve next to your Planeswalker."
    elif reserve and not on and card.kind != "planeswalker":
        badge = badge or "Reserve"
    pick = view.intent.pick
    if pick is not None and uid in pick.options():
        state_name, badge = "choosable", "Target"
        action = partial(controls.pick_target, uid)
        note = f"Target {card.name} with {pick.label}."
    if not note:
        note = "  ·  ".join([f"{a.name}: {a.text}".strip()
                             for a in abilities_of(static, static.cards[uid].def_id)][:3])
    names, hidden = [], 0
    viewer = view.intent.hand_seat()
    for att in cs.enchantments if cs is not None else ():
        owner = static.spells[att.spell].owner if att.spell in static.spells else 0
        if att.face_up:
            names.append(static.spell_name(att.spell))
        elif owner == viewer:
            names.append(f"{static.spell_name(att.spell)} (face down)")
        else:
            hidden += 1
    extra = ("Enchanted: " + ", ".join(names)) if names else \
        ("Face-down enchantment" if hidden else "")
    counters = [f"{n} {kind} counter{'s' if n != 1 else ''}"
                for kind, n in (cs.counters if cs is not None else ()) if n]
    if counters:
        extra = " · ".join([extra] + counters if extra else counters)
    row = CardRow(uid, card.name, (list(card.colours) or ["colourless"])[0], stats, where,
                  color, state_name, badge, extra=extra, hidden=hidden)
    return row, action, note
