"""The battle's confirmation dialogs and the keyboard: Enter presses the focused button (the
action at first; Tab moves to the cancelling one), Esc cancels, T still ends the turn.
Each dialog sits over a plain scene, so what a key did shows as a callback run or not."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest
from client_kit import key

from arena.client.advice import MoveWarning
from arena.client.scenes.base import App, Scene
from arena.client.scenes.battle import EndTurnDialog, MoveConfirmDialog
from arena.client.scenes.common import Dialog
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    app = standard_app(screen.get_size(), Settings())
    app.push(Scene(app))
    yield app


def end_turn_dialog(app: App, done: list[str]) -> Dialog:
    dialog = EndTurnDialog(app, ["the Rhox can still move"], lambda: done.append("end"))
    app.push(dialog)
    return dialog


def move_dialog(app: App, done: list[str]) -> Dialog:
    warning = MoveWarning(("May fall once (6 levels down)",), confirm=True)
    dialog = MoveConfirmDialog(app, "Rhox", warning, lambda: done.append("move"))
    app.push(dialog)
    return dialog


DIALOGS: dict[str, tuple[Callable[[App, list[str]], Dialog], str, str, str]] = {
    # opener, what the action does, its button, the cancelling button
    "end turn": (end_turn_dialog, "end", "End turn", "Keep playing"),
    "risky move": (move_dialog, "move", "Move", "Cancel"),
}


@pytest.mark.parametrize("which", list(DIALOGS))
def test_enter_presses_the_action_button_focused_at_first(app: App, which: str) -> None:
    opener, result, action, _cancel = DIALOGS[which]
    done: list[str] = []
    dialog = opener(app, done)
    assert dialog.form.focused is not None and dialog.form.focused.name == action
    key(dialog, pygame.K_RETURN)
    assert done == [result] and app.top is not dialog


@pytest.mark.parametrize("which", list(DIALOGS))
@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_tab_to_the_cancelling_button_and_enter_cancels(app: App, which: str,
                                                        enter: int) -> None:
    opener, _result, _action, cancel = DIALOGS[which]
    done: list[str] = []
    dialog = opener(app, done)
    key(dialog, pygame.K_TAB)
    assert dialog.form.focused is not None and dialog.form.focused.name == cancel
    key(dialog, enter)
    assert done == [] and app.top is not dialog


@pytest.mark.parametrize("which", list(DIALOGS))
def test_shift_tab_back_to_the_action_and_enter_does_it(app: App, which: str) -> None:
    opener, result, action, _cancel = DIALOGS[which]
    done: list[str] = []
    dialog = opener(app, done)
    key(dialog, pygame.K_TAB)
    key(dialog, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert dialog.form.focused is not None and dialog.form.focused.name == action
    key(dialog, pygame.K_RETURN)
    assert done == [result]


@pytest.mark.parametrize("which", list(DIALOGS))
def test_escape_cancels_wherever_the_focus_is(app: App, which: str) -> None:
    opener, _result, _action, _cancel = DIALOGS[which]
    done: list[str] = []
    for tabs in (0, 1):
        dialog = opener(app, done)
        for _ in range(tabs):
            key(dialog, pygame.K_TAB)
        key(dialog, pygame.K_ESCAPE)
        assert app.top is not dialog
    assert done == []


def test_t_ends_the_turn_even_with_keep_playing_focused(app: App) -> None:
    done: list[str] = []
    dialog = end_turn_dialog(app, done)
    key(dialog, pygame.K_TAB)
    key(dialog, pygame.K_t)
    assert done == ["end"] and app.top is not dialog


@pytest.mark.parametrize("which", list(DIALOGS))
def test_the_focus_stays_on_its_button_when_the_window_is_resized(app: App,
                                                                  which: str) -> None:
    opener, _result, _action, cancel = DIALOGS[which]
    done: list[str] = []
    dialog = opener(app, done)
    key(dialog, pygame.K_TAB)
    dialog.resize((1600, 900))
    assert dialog.form.focused is not None and dialog.form.focused.name == cancel
    key(dialog, pygame.K_RETURN)
    assert done == []
