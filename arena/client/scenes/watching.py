"""Watching a computer player's turn on the battle screen: the acting figure ringed, its
targets marked, an attack's line of sight drawn, and a held attack waiting for the player.

The battle screen asks `Spotlight` what to show each frame; what the computer did comes
from the session (`BattleSession.shown`, `BattleSession.held`, see `arena.client.watch`).
An action stays on screen for the AI pace's pause (at least `MIN_SHOW` seconds, longer
while its move is still animating), and a held attack until the player goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from arena.client.overlays import draw_ruler
from arena.client.palette import HIGHLIGHTS
from arena.client.projection import Projection
from arena.client.render import Marker
from arena.client.session import BattleSession
from arena.client.watch import AiShow, show_hexes
from arena.hexgrid import Hex

__all__ = ["MIN_SHOW", "Spotlight"]

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
        """The acting figure's ring (the ``selected`` highlight) and its targets' marks."""
        show = self.current(session, now)
        if show is None:
            return []
        actor, targets = show_hexes(session.game, show)
        return [Marker(h, "selected") for h in actor] + [Marker(h, "attack") for h in targets]

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
