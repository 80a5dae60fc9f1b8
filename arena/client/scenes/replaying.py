"""Replaying the computer's last turn on the battle screen ("Replay last turn" on the recap
panel, or the B key).

While a replay runs, the screen shows a session of its own over a copy of the game from the
start of that turn (`arena.client.turn_replay.Rerun`): the board, the panels and the log
show that position, and the recorded actions are played again one by one with the same
rings, target marks, cards, moves and dice as the computer's actions were, at the AI pace.
Input other than Esc, the B key and the Skip button is ignored; each ends the replay at
once, and the screen shows the live session again, exactly as it was. The recap panel steps
aside while the replay runs and comes back after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from arena.client import text
from arena.client.intent import Intent
from arena.client.palette import UI
from arena.client.scenes.base import App
from arena.client.scenes.battle_stage import Stage
from arena.client.scenes.recap_panel import RecapPanel
from arena.client.scenes.watching import Spotlight
from arena.client.session import BattleSession, refusal_text
from arena.client.turn_replay import Rerun
from arena.client.ui import Button, Form, draw_panel
from arena.engine import Event, IllegalAction

__all__ = ["REPLAY_KEY", "ReplayHost", "Replayer"]

REPLAY_KEY = pygame.K_b
"""The key that starts (and ends) the replay of the computer's last turn."""
FIRST_PAUSE = 0.6
"""Seconds the starting position shows before the first action is played again."""


class _Marks(Protocol):
    def forget_markers(self) -> None: ...


class ReplayHost(Protocol):
    """What the replay reads and swaps of the battle screen."""

    session: BattleSession
    intent: Intent
    recap: RecapPanel | None
    time: float

    @property
    def app(self) -> App: ...

    @property
    def stage(self) -> Stage: ...

    @property
    def spotlight(self) -> Spotlight: ...

    @property
    def canvas(self) -> _Marks: ...

    @property
    def form(self) -> Form: ...

    def _after_change(self, events: Sequence[Event]) -> None: ...


class Replayer:
    """The replay in progress on one battle screen (none most of the time)."""

    def __init__(self) -> None:
        self.run: Rerun | None = None
        self.live: tuple[BattleSession, Intent, RecapPanel | None] | None = None
        """The live session, its selection and recap panel, put back when the replay ends."""
        self.wait = 0.0
        self.skip_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def active(self) -> bool:
        return self.run is not None

    def start(self, host: ReplayHost) -> None:
        """Start replaying the last computer turn (a message says why not when it cannot)."""
        session = host.session
        tape = session.record.last
        if self.active:
            return
        if tape is None:
            host.app.toast("Nothing to replay yet: no computer turn has ended.")
            return
        if not session.human_to_act or session.task is not None:
            host.app.toast("The replay waits for your move.")
            return
        self.live = (session, host.intent, host.recap)
        self.run = Rerun(session, tape)
        host.session = self.run.session
        host.intent = Intent(self.run.session)
        host.recap = None
        self.wait = FIRST_PAUSE
        self._reset(host)

    def stop(self, host: ReplayHost) -> None:
        """End the replay at once: the live session on screen again, as it was."""
        if self.live is None:
            return
        host.session, host.intent, host.recap = self.live
        self.run, self.live = None, None
        self._reset(host)

    def _reset(self, host: ReplayHost) -> None:
        """Forget what the screen showed of the other session (moves, dice, marks)."""
        host.stage.clear()
        host.spotlight.show = None
        host.canvas.forget_markers()
        host.form.hover = None  # no tooltip of a control the replay does not listen to
        host._after_change(())

    def update(self, host: ReplayHost, dt: float) -> bool:
        """Play the next action once the last one has been shown for the pace's pause;
        whether a replay is running (the screen's own updates wait meanwhile)."""
        run = self.run
        if run is None:
            return False
        if host.stage.anims:
            return True  # a move is still walking its path
        self.wait -= dt
        if self.wait > 0:
            return True
        if run.done:
            self.stop(host)
            return True
        try:
            events = run.step()
        except IllegalAction as exc:
            why = refusal_text(host.session.game, exc)
            host.app.toast(f"The replay stopped: {why}", error=True)
            self.stop(host)
            return True
        host._after_change(events)
        pause = host.app.settings.ai_delay
        host.spotlight.note(host.session, host.time, pause, host.stage.busy_until())
        self.wait = max(pause, host.spotlight.until - host.time)
        return True

    def handle_event(self, host: ReplayHost, event: pygame.event.Event) -> None:
        """Esc, the replay key or a click on Skip end the replay; all else is ignored."""
        key = event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, REPLAY_KEY)
        skip = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and \
            self.skip_rect.collidepoint(event.pos)
        if key or skip:
            self.stop(host)

    def draw(self, surface: pygame.Surface, view: pygame.Rect, k: float) -> list[pygame.Rect]:
        """The banner over the battlefield ``view`` (which action of how many, how to end
        it) and its Skip button, at text scale ``k``; where it drew."""
        run = self.run
        if run is None:
            return []
        px = round(18 * k)
        words = (f"Replay of the last turn  ·  action {run.index} of {len(run.tape.actions)}"
                 if run.index else "Replay of the last turn  ·  the position at its start")
        bw, bh = round(96 * k), round(30 * k)
        width = text.size(words, px, True)[0] + bw + 40
        banner = pygame.Rect(0, 0, width, bh + 16)
        banner.midbottom = (view.centerx, view.bottom - round(70 * k))
        draw_panel(surface, banner, "", fill=UI["panel-2"], px=px)
        text.blit(surface, words, px, UI["accent"], (banner.x + 14, banner.centery),
                  anchor="midleft", bold=True)
        self.skip_rect = pygame.Rect(banner.right - bw - 8, banner.y + 8, bw, bh)
        Button(rect=self.skip_rect, label="Skip", name="replay:skip", hint="Esc",
               px=round(15 * k)).draw(surface, False, False, False)
        return [banner.inflate(4, 8)]
