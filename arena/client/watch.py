"""What the screen shows of a computer player's action, without a window.

A person watching a computer player's turn needs to see *which* figure acts and *at whom*:
`AiShow` names the acting figure, the figure or figures it acts on, and (for an attack) the
line of sight from attacker to target, taken from the position before the action is applied
(after it, the target may have been destroyed). The session makes one for every computer
action (`BattleSession.shown`) and, when the player asked to be warned before the computer
attacks, holds an attack as an `AiShow` until the player goes on (`BattleSession.held`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.client.advice import Ruler, ruler_for
from arena.engine import Action, Attack, Game, MoveFigure, PlaySpell, UseAbility
from arena.hexgrid import Hex

__all__ = ["AiShow", "show_hexes", "show_of"]


@dataclass(frozen=True)
class AiShow:
    """A computer player's action as the board shows it."""

    seat: int
    action: Action
    actor: str | None
    """The figure that acts (the mover, the attacker), when one does."""
    targets: tuple[str, ...]
    """The figures it acts on (an attack's target, a spell's or an ability's targets)."""
    ruler: Ruler | None
    """An attack's line of sight, from the position before the attack."""
    label: str
    """The action in words ("attack Jace Beleren with Rhox Veterans 2")."""

    @property
    def is_attack(self) -> bool:
        return isinstance(self.action, Attack)


def _on_battlefield(game: Game, figure: str) -> bool:
    found = game.state.figures.get(figure)
    return found is not None and found.zone == "battlefield"


def show_of(game: Game, seat: int, action: Action) -> AiShow:
    """How ``action`` (about to be applied by the computer player at ``seat``) is shown."""
    static = game.state.static
    actor: str | None = None
    targets: tuple[str, ...] = ()
    ruler = None
    label = ""
    match action:
        case Attack(attacker=attacker, target=target):
            actor, targets = attacker, (target,)
            option = None
            try:
                option = next((o for o in game.attack_options(attacker) if o.target == target),
                              None)
            except Exception:  # noqa: BLE001 - a picture must never stop the game
                option = None
            ruler = ruler_for(game, attacker, target, option)
            label = (f"attack {static.figure_name(target)} with "
                     f"{static.figure_name(attacker)}")
        case MoveFigure(figure=figure):
            actor = figure
            label = f"move {static.figure_name(figure)}"
        case PlaySpell(spell=spell, targets=chosen):
            targets = tuple(chosen)
            label = f"play {static.spell_name(spell)}" if spell in static.spells else "play a spell"
        case UseAbility(targets=chosen):
            targets = tuple(chosen)
    targets = tuple(t for t in targets if t in static.figures)
    return AiShow(seat, action, actor, targets, ruler, label)


def show_hexes(game: Game, show: AiShow) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Where the acting figure and its targets stand now (none for a figure that has left the
    battlefield)."""
    state = game.state

    def hexes(figure: str) -> tuple[Hex, ...]:
        return tuple(state.figures[figure].hexes) if _on_battlefield(game, figure) else ()

    actor = hexes(show.actor) if show.actor is not None else ()
    return actor, tuple(h for t in show.targets for h in hexes(t))
