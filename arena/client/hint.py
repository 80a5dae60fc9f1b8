"""Hint: the hard computer's suggestion for the human player's next action, with a reason in
the player's words ("Attack Jace Beleren, Mindmage with Gideon Jura: 62% to destroy, 1.4
wounds expected, height advantage").

A hint is asked for (H, or the turn panel's Hint button) and thought out off the frame loop
by the same `ThinkingTask` that plays the computer's seats, on the asking player's own view
of the game (`Game.view`: the opponents' hands stay hidden from the hint too), so asking
never blocks input and never shows what the player could not know. A hint answers one
position: the session's `version` when it was asked; any change (an action, an undo) drops
it, and a search still running for an old position is cancelled. The player may switch
hints off (Settings: Hints) for games where nobody should be coached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from arena.client.controllers import Controller, ThinkingTask, ai_controller
from arena.client.session import BattleSession, describe_action, lead_hex
from arena.engine import Action, Attack, ChooseCard, Game, MoveFigure, PlaceFigure
from arena.hexgrid import Hex

__all__ = ["HINT_LEVEL", "Hint", "HintAdvisor", "HintState", "hint_hexes", "hint_reason",
           "hint_words"]

HINT_LEVEL = "hard"
"""The AI level whose choice a hint shows (the strongest level that answers in seconds)."""


class HintState(Enum):
    """Where a hint stands for the position on the board."""

    NONE = "none"
    THINKING = "thinking"
    READY = "ready"


@dataclass(frozen=True)
class Hint:
    """The suggested action for the position of session ``version``, its words and the
    spaces to mark on the board (where the figure stands and where it goes or strikes)."""

    version: int
    action: Action
    words: str
    hexes: tuple[Hex, ...]


def _percent(fraction: Fraction | float) -> int:
    return round(float(fraction) * 100)


def _attack_reason(game: Game, attacker: str, target: str) -> str:
    """The odds of an attack now: the chance to destroy, the wounds expected and the height
    advantage or glyph that adds a die (the sources the combat panel lists)."""
    odds = game.damage_odds(attacker, target)
    words = [f"{_percent(odds.destroy)}% to destroy",
             f"{float(odds.expected):.1f} wounds expected"]
    for option in game.attack_options(attacker):
        if option.target == target:
            extras = [name for name, amount in option.attack_sources[1:] if amount > 0]
            words += extras[:2]
    return ", ".join(words)


def _best_attack_after(game: Game, figure: str) -> str:
    """After a move: the best attack ``figure`` would then have (by the chance to destroy,
    then the wounds expected), in words; "" when it could attack nobody."""
    best: tuple[float, float, str] | None = None
    static = game.state.static
    for option in game.attack_options(figure):
        if not option.possible or option.target not in game.state.figures:
            continue
        odds = game.damage_odds(figure, option.target)
        key = (float(odds.destroy), float(odds.expected), option.target)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return ""
    return (f"from there it can attack {static.figure_name(best[2])}: "
            f"{_percent(best[0])}% to destroy")


def hint_reason(game: Game, action: Action) -> str:
    """Why the action is good, in a player's words: an attack's odds; for a move, what the
    figure could attack from where it goes; "" when there is nothing to add."""
    try:
        if isinstance(action, Attack) and action.target in game.state.figures:
            return _attack_reason(game, action.attacker, action.target)
        if isinstance(action, MoveFigure):
            after = game.clone()
            after.apply(action)
            return _best_attack_after(after, action.figure)
    except Exception:  # noqa: BLE001 - the reason is a courtesy: the hint stands without it
        return ""
    return ""


def hint_words(game: Game, action: Action) -> str:
    """The hint's one line: the action as its button reads, then the reason."""
    static = game.state.static
    if isinstance(action, Attack) and action.target in static.figures:
        label = (f"Attack {static.figure_name(action.target)} with "
                 f"{static.figure_name(action.attacker)}")
    else:
        label = describe_action(game, action)
    reason = hint_reason(game, action)
    return f"{label}: {reason}" if reason else label


def hint_hexes(game: Game, action: Action) -> tuple[Hex, ...]:
    """The spaces a hint marks: the acting figure's and where it goes, strikes or is set;
    for a card to choose, its figures'."""
    figures = game.state.figures
    if isinstance(action, MoveFigure):
        here = figures[action.figure].hexes[:1] if action.figure in figures else ()
        return (*here, lead_hex(action.to))
    if isinstance(action, Attack):
        marks = figures[action.attacker].hexes[:1] if action.attacker in figures else ()
        if action.target in figures:
            marks += figures[action.target].hexes[:1]
        return tuple(marks)
    if isinstance(action, PlaceFigure):
        return (lead_hex(action.position),)
    if isinstance(action, ChooseCard):  # the chosen card's figures on the battlefield
        return tuple(figures[f].hexes[0] for f in
                     game.state.figures_of_card(action.card, "battlefield"))
    return ()


class HintAdvisor:
    """Asks `HINT_LEVEL` for the human player's action off the frame loop (see the module
    docstring); `poll` every frame."""

    def __init__(self, seed: int,
                 make: Callable[[str, int], Controller] = ai_controller) -> None:
        self._seed = seed
        self._make = make
        self._task: ThinkingTask | None = None
        self._asked = -1
        self.hint: Hint | None = None

    def state(self, session: BattleSession) -> HintState:
        """Thinking about this position, a hint ready for it, or neither."""
        if self.hint is not None and self.hint.version == session.version:
            return HintState.READY
        if self._task is not None and self._asked == session.version:
            return HintState.THINKING
        return HintState.NONE

    def current(self, session: BattleSession) -> Hint | None:
        """The hint for the position on the board, if one is ready."""
        return self.hint if self.state(session) is HintState.READY else None

    def ask(self, session: BattleSession) -> bool:
        """Start thinking for the human player to act; False when there is nobody to hint
        (the computer is to act, the battle is over)."""
        if not session.human_to_act or session.over:
            return False
        if self.state(session) is not HintState.NONE:
            return True
        legal = session.options.legal
        if not legal:
            return False
        self.cancel()
        game = session.game
        seat = game.to_act
        controller = self._make(HINT_LEVEL, self._seed * 97 + session.version)
        self._task = ThinkingTask(controller, game.view(seat), legal)
        self._asked = session.version
        return True

    def poll(self, session: BattleSession) -> bool:
        """Collect a finished search; True when the hint shown changed (ready, or dropped
        because the position moved on)."""
        changed = False
        if self.hint is not None and self.hint.version != session.version:
            self.hint, changed = None, True
        if self._task is not None and self._asked != session.version:
            self.cancel()
        if self._task is None or not self._task.done:
            return changed
        task, self._task = self._task, None
        action = task.result
        if action is None or action not in session.options.legal:
            return changed
        game = session.game
        self.hint = Hint(session.version, action, hint_words(game, action),
                         hint_hexes(game, action))
        return True

    def cancel(self) -> None:
        """Stop a search under way (the position changed, the battle is left)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
