"""The army builder's "Test strength": how strong is the army being built?

Points say what an army costs, not what it wins. The button plays the army, as it is in the
builder, against every premade army (`arena.ai.army_strength`: greedy AI on both sides,
seats and sides swapped, The Duel) in the background, with a progress bar and Cancel, and
then shows its rating beside the points total: Elo-like points against the premade field's
average, their 95% interval, and the games won. It is ``arena balance --armies FILE``'s
report: the army and deck are written to a temporary folder, the very files the command
would read, and for the same seed and number of games the two say the same.

It reuses Check balance's machinery: the games run in `arena.ai.batches.Background` (fresh
worker processes the frame loop polls, ended at once by Cancel), the number of games is read
by `editor.core.balance_check.parse_games`, the worker count is `default_jobs`, and the progress
bar is `editor.windows.balance_window.GamesBar`, which the builder's UI manager updates every frame:
that update takes the games finished, so the builder window needs no other hook than
making the panel and passing it its events. Closing the builder window cancels the games.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from arena.ai.army_strength import ELO_PER_UNIT, StrengthBatch, StrengthReport
from arena.ai.batches import Background
from arena.content import writer
from editor.core.balance_check import default_jobs, parse_games
from editor.core.builder import Builder
from editor.windows.balance_window import GamesBar

__all__ = ["DEFAULT_GAMES", "StrengthCheck", "StrengthPanel", "StrengthRefused",
           "rating_text"]

DEFAULT_GAMES = 20
"""Games a test plays unless told otherwise (five opponents, each twice with seats swapped,
twice over: enough to tell a weak army from a strong one)."""
SEED = 1
"""The batch seed (``arena balance``'s default ``--seed``)."""


class StrengthRefused(Exception):
    """The test cannot start (the message says why and how to fix it)."""


def _snapshot(builder: Builder) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return builder.planeswalker, tuple(builder.cards), tuple(builder.spells)


class StrengthCheck:
    """One strength test of the builder's army, running in the background from construction
    on; `poll` (every frame) takes the games finished, `cancel` stops."""

    def __init__(self, builder: Builder, games: int = DEFAULT_GAMES, *, seed: int = SEED,
                 jobs: int | None = None, controllers: tuple[str, ...] = ("greedy",)) -> None:
        army_findings, deck_findings = builder.army_totals()[0], builder.deck_totals()[0]
        if not builder.cards:
            raise StrengthRefused("add army cards first")
        if army_findings:
            raise StrengthRefused(f"the army breaks a rule: {army_findings[0].message}")
        if builder.spells and deck_findings:
            raise StrengthRefused(f"the deck breaks a rule: {deck_findings[0].message}")
        self.tested = _snapshot(builder)
        self.name = builder.army_name
        self.folder: Path | None = Path(tempfile.mkdtemp(prefix="arena-strength-"))
        army = self.folder / f"{builder.army_id}.yaml"
        decks: dict[str, str] = {}
        try:
            writer.save_model(builder.army_list(), army)
            if builder.spells:  # else its Planeswalker's premade deck, as in the game
                deck = self.folder / f"{builder.deck_id}.yaml"
                writer.save_model(builder.spell_deck(), deck)
                decks[str(army)] = str(deck)
            self.batch = StrengthBatch([str(army)], games=games, seed=seed, decks=decks,
                                       controllers=controllers)
        except (ValueError, OSError) as exc:
            self._remove()
            raise StrengthRefused(str(exc)) from exc
        self.cancelled = False
        self.worker = Background(self.batch, jobs or default_jobs())

    @property
    def done(self) -> int:
        return self.batch.done

    @property
    def total(self) -> int:
        return self.batch.total

    @property
    def running(self) -> bool:
        return self.worker.running

    @property
    def error(self) -> str | None:
        return self.worker.error

    def poll(self, wait: float = 0.0) -> bool:
        """Take the games finished since the last poll; True while games are played."""
        running = self.worker.poll(wait)
        if not running:
            self._remove()
        return running

    def cancel(self) -> None:
        """Stop now (the workers are ended; the games played so far stay in the report)."""
        if self.worker.running:
            self.cancelled = True
        self.worker.cancel()
        self._remove()

    def report(self) -> StrengthReport:
        return self.batch.report()

    def _remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def rating_text(report: StrengthReport) -> str:
    """The rating as the builder shows it beside the points total."""
    if not report.armies:
        return ""
    army = next(iter(report.armies.values()))
    lo, hi = (x * ELO_PER_UNIT for x in army.rating_ci95)
    return f"Strength {army.elo:+.0f} [{lo:+.0f}, {hi:+.0f}], won {army.wins}/{army.games}"


class StrengthBar(GamesBar):
    """The test's progress bar; the UI manager's per-frame update polls the test."""

    panel: StrengthPanel | None = None

    def update(self, time_delta: float) -> None:
        if self.panel is not None:
            self.panel.tick()
        super().update(time_delta)

    def kill(self) -> None:
        """The builder window is closing: nothing goes on playing behind it."""
        if self.panel is not None and self.panel.check is not None:
            self.panel.check.cancel()
        self.panel = None
        super().kill()  # type: ignore[no-untyped-call]


class StrengthPanel:
    """The widgets in the builder window: the games, "Test strength", Cancel, and a line
    beside the points total that is the progress bar while games are played and the rating
    after."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.builder: Builder = window.builder
        ui: pygame_gui.UIManager = window.ui
        c = window.window
        label = window.army_label
        self.games = UITextEntryLine(pygame.Rect(360, 40, 44, 28), ui, container=c)
        self.games.set_text(str(DEFAULT_GAMES))
        self.button = UIButton(pygame.Rect(408, 40, 116, 28), "Test strength", ui,
                               container=c, tool_tip_text=(
                                   "play this army against every premade army, greedy AI "
                                   "on both sides, seats swapped, and rate it: Elo-like "
                                   "points against the premade armies' average, with its "
                                   "95% interval"))
        self.cancel_button = UIButton(pygame.Rect(528, 40, 70, 28), "Cancel", ui, container=c)
        self.cancel_button.disable()  # type: ignore[no-untyped-call]
        rect = label.relative_rect
        width = 340
        label.set_dimensions((width, rect.height))
        where = pygame.Rect(rect.x + width + 4, rect.y, rect.width - width - 4, rect.height)
        self.bar = StrengthBar(where, ui, container=c)
        self.bar.panel = self
        self.bar.hide()  # type: ignore[no-untyped-call]
        self.line = UILabel(where, "", ui, container=c)
        self.check: StrengthCheck | None = None
        self.refused = ""
        self.shown: tuple[int, bool] | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        """The panel's buttons (and Enter in its games field); True if used."""
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.button or \
                event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and element is self.games:
            self.start()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and element is self.cancel_button:
            self.cancel()
            return True
        return False

    def start(self) -> None:
        """Test the army as it is now (a running test is cancelled first)."""
        games = parse_games(self.games.get_text())
        self.cancel()
        self.check, self.refused = None, ""
        if isinstance(games, str):
            self.refused = games
        else:
            try:
                self.check = StrengthCheck(self.builder, games)
            except StrengthRefused as exc:
                self.refused = f"Cannot test: {exc}"
        self.refresh()

    def cancel(self) -> None:
        if self.check is not None and self.check.running:
            self.check.cancel()
            self.refresh()

    def tick(self) -> None:
        """Per frame: take the games finished and show the progress or the rating."""
        check = self.check
        if check is None:
            return
        if check.running:
            check.poll()
        if self.shown != (check.done, check.running):
            self.refresh()

    def state(self) -> str:
        """idle, running, done, cancelled or refused."""
        if self.refused:
            return "refused"
        if self.check is None:
            return "idle"
        if self.check.running:
            return "running"
        return "cancelled" if self.check.cancelled else "done"

    def text(self) -> str:
        """The line beside the points total (when no game is being played)."""
        check = self.check
        if self.refused:
            return self.refused
        if check is None:
            return ""
        if check.error:
            return check.error
        if check.done == 0:
            return "Cancelled before a game ended" if check.cancelled else ""
        text = rating_text(check.report())
        if check.cancelled:
            text += f" (cancelled: {check.done} of {check.total} games)"
        if _snapshot(self.builder) != check.tested:
            text += " (before your last edits)"
        return text

    def refresh(self) -> None:
        check = self.check
        running = check is not None and check.running
        self.shown = (check.done, running) if check is not None else None
        if running:
            assert check is not None
            self.cancel_button.enable()  # type: ignore[no-untyped-call]
            self.bar.text = f"{check.done} of {check.total} games"
            self.bar.set_current_progress(100.0 * check.done / check.total)
            self.bar.show()  # type: ignore[no-untyped-call]
            self.line.hide()  # type: ignore[no-untyped-call]
        else:
            self.cancel_button.disable()  # type: ignore[no-untyped-call]
            self.bar.hide()  # type: ignore[no-untyped-call]
            self.line.set_text(self.text())
            self.line.show()  # type: ignore[no-untyped-call]

    def status(self) -> dict[str, Any]:
        """For the real-window tests' status file."""
        check = self.check
        return {"state": self.state(), "done": check.done if check else 0,
                "total": check.total if check else 0, "line": self.line.text,
                "refused": self.refused}
