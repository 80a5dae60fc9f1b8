"""The games started from the editor: Test play on this battlefield (`editor.play.testplay`) and
the game the army builder starts, watched until they stop so that a game that fails says so
here, and their temporary content removed.

The part owns the games it started, the temporary content folders they play on and the two
ways of starting a game (replaced by the tests)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from editor.core import model as m
from editor.core.scenario_form import ScenarioForm
from editor.play import testplay
from editor.play.playgame import WatchedGame


class PlayHost(Protocol):
    """What test play needs of the editor window."""

    message: str

    @property
    def editor(self) -> m.Editor: ...

    @property
    def scenario_form(self) -> ScenarioForm | None:
        """The scenario played on the map (`editor.windows.scenario_window.ScenarioEditing`)."""


class Playing:
    """Starting a game on the map being edited and watching it."""

    def __init__(self, host: PlayHost) -> None:
        self.host = host
        self.launcher: Callable[[Path], WatchedGame | None] = testplay.launch
        self.battle_launcher: Callable[[Path, str, str, str], WatchedGame | None] = \
            testplay.launch_battle
        self.games: list[WatchedGame] = []
        """The games started from here, watched until they stop (`watch_games`)."""
        self.play_folders = testplay.PlayFolders()

    def test_play(self) -> None:
        """Start the game straight into a battle on this battlefield, the player against the
        normal computer player with premade armies (a temporary content root; see
        `editor.play.testplay`). The scenario "Test play: <name>" stays under New game."""
        doc = self.host.editor.doc
        try:
            content, _scenario = testplay.prepare(doc, self.host.scenario_form)
        except testplay.PlayError as exc:
            self.host.message = f"Test play: {exc}"
            return
        try:
            self.watch(self.launcher(content), content)
        except OSError as exc:
            testplay.remove(content)
            self.host.message = f"Test play: could not start the game: {exc.strerror or exc}"
            return
        self.host.message = ("Test play: the game starts on this battlefield, you against the "
                             "computer (normal); for more games: New game, "
                             f"'Test play: {doc.name}'")

    def play_army(self, army_id: str, deck_id: str, saved: str) -> None:
        """Start the game with a saved army and deck: on this battlefield as "Test play" when
        it is playable, else on The Duel. `saved` begins the message."""
        doc = self.host.editor.doc
        try:
            content, scenario = testplay.prepare(doc, self.host.scenario_form)
            field = f"this battlefield ('Test play: {doc.name}')"
            own: Path | None = content
        except testplay.PlayError as exc:
            content, scenario = testplay.shipped_root(), testplay.DEFAULT_SCENARIO
            field = f"The Duel (this battlefield cannot be played yet: {exc})"
            own = None  # the shipped content: never removed
        try:
            self.watch(self.battle_launcher(content, scenario, army_id, deck_id), own)
        except OSError as exc:
            if own is not None:
                testplay.remove(own)
            self.host.message = f"Play: could not start the game: {exc.strerror or exc}"
            return
        self.host.message = f"{saved} on {field}"

    def watch(self, game: WatchedGame | None, folder: Path | None = None) -> None:
        """Keep a game just started to watch (a launcher may start nothing to watch), and
        the temporary content `folder` it plays on, removed once it has stopped."""
        if game is not None:
            self.games.append(game)
        if folder is not None:
            self.play_folders.keep(folder, game)

    def watch_games(self) -> None:
        """Tell the map maker when a game started from here stopped with an error (its
        message would otherwise only be in a terminal they may not have)."""
        running = []
        for game in self.games:
            report = game.poll()
            if report is not None:
                self.host.message = report
            if not game.reported:
                running.append(game)
        self.games = running
        self.play_folders.sweep()

    def close(self) -> None:
        """On a clean exit: the folders of the games that stopped go."""
        self.watch_games()
        self.play_folders.sweep(closing=True)
