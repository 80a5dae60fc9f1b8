"""The games started from the editor: Test play on this battlefield (`editor.testplay`), watched
until they stop so that a game that fails says so here, and their temporary content removed."""

from __future__ import annotations

from pathlib import Path

from editor import testplay
from editor.playgame import WatchedGame
from editor.tools import MapTools


class Playing(MapTools):
    """Starting a game on the map being edited and watching it."""

    def test_play(self) -> None:
        """Start the game straight into a battle on this battlefield, the player against the
        normal computer player with premade armies (a temporary content root; see
        `editor.testplay`). The scenario "Test play: <name>" stays under New game."""
        try:
            content, _scenario = testplay.prepare(self.editor.doc, self.scenario_form)
        except testplay.PlayError as exc:
            self.message = f"Test play: {exc}"
            return
        try:
            self.watch(self.launcher(content), content)
        except OSError as exc:
            testplay.remove(content)
            self.message = f"Test play: could not start the game: {exc.strerror or exc}"
            return
        self.message = ("Test play: the game starts on this battlefield, you against the "
                        "computer (normal); for more games: New game, "
                        f"'Test play: {self.editor.doc.name}'")

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
                self.message = report
            if not game.reported:
                running.append(game)
        self.games = running
        self.play_folders.sweep()
