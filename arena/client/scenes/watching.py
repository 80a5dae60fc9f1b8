"""Watching a computer player's turn on the battle screen: the acting figure ringed, its
targets marked, an attack's line of sight drawn, a spell's or an ability's card shown large
over the battlefield, and a held attack waiting for the player.

The battle screen asks `Spotlight` what to show each frame; what the computer did comes
from the session (`BattleSession.shown`, `BattleSession.held`, see `arena.client.watch`).
An action stays on screen for the AI pace's pause (at least `MIN_SHOW` seconds, longer
while its move is still animating), and a held attack until the player goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from arena.client import text
from arena.client.overlays import draw_ruler
from arena.client.palette import HIGHLIGHTS, UI
from arena.client.projection import Projection
from arena.client.render import Marker
from arena.client.scenes.hud import SpellCardView, SpellCardWidget
from arena.client.session import BattleSession
from arena.client.ui import draw_panel
from arena.client.watch import AiShow, ShownCard, show_hexes
from arena.hexgrid import Hex

__all__ = ["MIN_SHOW", "Spotlight", "card_rect", "draw_shown_card"]

MIN_SHOW = 0.8
"""Seconds a computer action stays highlighted at least once the player is to act (at the
"instant" pace the next computer action replaces it at once)."""


@dataclass
class Spotlight:
    """The computer action on screen now, and until when."""

    show: AiShow | None = None
    until: float = 0.0

    def note(self, session: BattleSession, now: float, pause: float, busy_until: float) -> None:
        """A computer action was just applied (or held): show it from ``now`` for the pace's
        ``pause``, and at least until its animations end (``busy_until``)."""
        self.show = session.held or session.shown
        self.until = max(now + max(pause, MIN_SHOW), busy_until + pause)

    def current(self, session: BattleSession, now: float) -> AiShow | None:
        """What to show now: a held attack; else the last computer action while it is
        still that player's turn to act or its pause has not run out."""
        if session.held is not None:
            return session.held
        if self.show is None or session.shown is not self.show:
            return None
        if session.ai_to_act or now < self.until:
            return self.show
        return None

    def markers(self, session: BattleSession, now: float) -> list[Marker]:
        """The acting figure's ring (the ``selected`` highlight) and its targets' marks (an
        attack's target as attacked, a spell's or an ability's as chosen)."""
        show = self.current(session, now)
        if show is None:
            return []
        actor, targets = show_hexes(session.game, show)
        style = "attack" if show.is_attack else "chosen"
        return [Marker(h, "selected") for h in actor] + [Marker(h, style) for h in targets]

    def draw_card(self, surface: pygame.Surface, view: pygame.Rect, session: BattleSession,
                  now: float, scale: float) -> list[pygame.Rect]:
        """The shown action's card (a spell's or an ability's), large in the battlefield
        ``view``; where it drew."""
        show = self.current(session, now)
        if show is None or show.card is None:
            return []
        return [draw_shown_card(surface, card_rect(view, scale), show.card, scale)]

    def draw(self, surface: pygame.Surface, proj: Projection, session: BattleSession,
             now: float, colour_blind: bool, level: Callable[[Hex], float]
             ) -> list[pygame.Rect]:
        """A ring round the acting figure's base (``level``: where a figure stands on a
        hex) and an attack's line of sight from attacker to target; where it drew."""
        show = self.current(session, now)
        if show is None:
            return []
        drawn: list[pygame.Rect] = []
        actor, _ = show_hexes(session.game, show)
        width = max(2, round(proj.zoom / 14))
        for h in actor:
            x, y = proj.to_screen(h, level(h))
            rx = proj.zoom * 0.8
            ring = pygame.Rect(0, 0, round(2 * rx), round(2 * rx * proj.squash))
            ring.center = (round(x), round(y))
            pygame.draw.ellipse(surface, (12, 12, 18), ring.inflate(4, 4), width + 2)
            pygame.draw.ellipse(surface, HIGHLIGHTS["selected"], ring, width)
            drawn.append(ring.inflate(8, 8))
        if show.ruler is not None:
            drawn += draw_ruler(surface, proj, show.ruler, colour_blind)
        return drawn


def card_rect(view: pygame.Rect, scale: float) -> pygame.Rect:
    """Where a computer's card shows: the top left of the battlefield (the recap panel
    takes the top right), as large as the view allows."""
    width = max(180, min(round(330 * scale), view.width // 3))
    height = round(width * 1.1)
    height = min(height, max(120, view.height - 60))
    return pygame.Rect(view.x + 14, view.y + 14, width, height)


def draw_shown_card(surface: pygame.Surface, rect: pygame.Rect, card: ShownCard,
                    scale: float) -> pygame.Rect:
    """A computer's card in ``rect``: who plays it over the card, drawn as the hand draws its
    cards (a card back for a hidden enchantment). Returns where it drew."""
    px = round(17 * scale)
    caption = card.caption + (" a hidden enchantment" if card.face_down else "")
    lines = text.wrap(caption, px, rect.width, bold=True)  # measured as it is drawn
    head = len(lines) * (px + 4) + 4
    panel = rect.inflate(16, 16)
    panel.height += head
    draw_panel(surface, panel, "", px=px)
    for i, line in enumerate(lines):
        text.blit(surface, line, px, UI["accent"], (rect.x, rect.y - 2 + i * (px + 4)),
                  bold=True, width=rect.width)
    face = pygame.Rect(rect.x, rect.y + head, rect.width, rect.height)
    view = SpellCardView("shown") if card.face_down else SpellCardView(
        "shown", card.name, card.colour, card.kind, card.cost, card.body, card.provenance)
    if card.face_down:
        back = pygame.Rect(0, 0, round(face.height * 0.66), face.height)
        back.center = face.center
        SpellCardWidget(view, back, None).draw(surface, False, False, False)
    else:
        k = face.width / 170
        SpellCardWidget(view, face, None, scale=k).draw(surface, False, False, False)
    return panel.inflate(4, 8)
