"""The game's screens by name: the one table that knows every scene (`SceneName` -> factory).

Scenes open each other through the app (`App.scene`) and never import one another, so the
screens' circles (battle -> pause -> main menu -> new game -> battle) are closed here only, in
one direction: this module imports the scenes, none of them imports it. `arena.client.app`
and the client's tests make their `App` with `standard_app()`.

Only the first screens' module (`menu`: main menu, settings) is imported with this one; every
other screen's module is imported when it is first shown (the engine and the content they
need load behind the menu's first frame: `arena.client.warmup`). Importing them
all at start (the battle brings the session, the AI and the HUD) delayed the main menu's first
frame from about 2.4 s to 3.1 s on the 2-core reference machine (measured as `make bench`'s
start-up row does, both versions side by side).
"""

from __future__ import annotations

from typing import Any

from arena.client.scenes.base import App, Scene, SceneFactory, SceneName
from arena.client.scenes.menu import MainMenu, SettingsScene
from arena.client.settings import Settings

__all__ = ["standard_app", "standard_scenes"]


def _new_game(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.newgame import NewGameScene  # on first use (module docstring)

    return NewGameScene(app, *args, **kwargs)


def _card_browser(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.cards import CardBrowserScene  # on first use (module docstring)

    return CardBrowserScene(app, *args, **kwargs)


def _rules(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.rules import RulesScene  # on first use (module docstring)

    return RulesScene(app, *args, **kwargs)


def _battle(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.battle import BattleScene  # on first use (module docstring)

    return BattleScene(app, *args, **kwargs)


def _pause(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.pause import PauseMenu  # on first use (module docstring)

    return PauseMenu(app, *args, **kwargs)


def _hand_off(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.handoff import HandOffScene  # on first use (module docstring)

    return HandOffScene(app, *args, **kwargs)


def _results(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.results import ResultsScene  # on first use (module docstring)

    return ResultsScene(app, *args, **kwargs)


def _replay(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.replay import replay_scene  # on first use (module docstring)

    return replay_scene(app, *args, **kwargs)


def _review(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.review import ReviewScene  # on first use (module docstring)

    return ReviewScene(app, *args, **kwargs)


def _tutorial(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.tutorial_panel import tutorial_battle  # on first use (docstring)

    return tutorial_battle(app, *args, **kwargs)


def _load(app: App, *args: Any, **kwargs: Any) -> Scene:
    from arena.client.scenes.load_screen import LoadScene  # on first use (module docstring)

    return LoadScene(app, *args, **kwargs)


def standard_scenes() -> dict[SceneName, SceneFactory]:
    """Every screen of the game, by name."""
    return {
        SceneName.MAIN_MENU: MainMenu,
        SceneName.NEW_GAME: _new_game,
        SceneName.LOAD: _load,
        SceneName.SETTINGS: SettingsScene,
        SceneName.CARD_BROWSER: _card_browser,
        SceneName.RULES: _rules,
        SceneName.BATTLE: _battle,
        SceneName.PAUSE: _pause,
        SceneName.HAND_OFF: _hand_off,
        SceneName.RESULTS: _results,
        SceneName.REPLAY: _replay,
        SceneName.REVIEW: _review,
        SceneName.TUTORIAL: _tutorial,
    }


def standard_app(size: tuple[int, int] = (1280, 720), settings: Settings | None = None) -> App:
    """The game's scene stack, able to open every screen."""
    return App(size, settings, scenes=standard_scenes())
