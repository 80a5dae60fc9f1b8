"""What the screen shows of a computer player's action, without a window.

A person watching a computer player's turn needs to see *which* figure acts and *at whom*:
`AiShow` names the acting figure, the figure or figures it acts on, and (for an attack) the
line of sight from attacker to target, taken from the position before the action is applied
(after it, the target may have been destroyed). A spell or an activated ability carries the
card to show (`ShownCard`: a hidden enchantment face down, as the table sees it) and the
spaces its targets stood on (a figure, an army card's figures, a space, a crypt). The session
makes one for every computer action (`BattleSession.shown`) and, when the player asked to be
warned before the computer attacks, holds an attack as an `AiShow` until the player goes on
(`BattleSession.held`).
"""

from __future__ import annotations

from dataclasses import dataclass

from arena.client.advice import Ruler, ruler_for
from arena.engine import Action, Attack, Game, MoveFigure, ParseError, PlaySpell, UseAbility
from arena.engine.abilities.spec import abilities_of
from arena.engine.actions import parse_hex
from arena.engine.state import GameState
from arena.hexgrid import Hex

__all__ = ["AiShow", "ShownCard", "card_of", "show_hexes", "show_of", "target_spaces"]

HIDDEN_ENCHANTMENT = "hidden_enchantment"
"""The spell type played face down (its card is not shown to the other players)."""


@dataclass(frozen=True)
class ShownCard:
    """The card a computer player's spell or activated ability shows, large, while it acts."""

    caption: str
    """Who does what ("Player 2 plays", "Player 2 uses an ability of Jace Beleren")."""
    name: str
    kind: str
    """The spell's type (``sorcery``, ``aura``, ...) or ``ability``."""
    cost: int
    """The spell's cost (-1: none printed, as for an ability)."""
    body: str
    colour: str = "colourless"
    provenance: str = ""
    face_down: bool = False
    """A hidden enchantment: only that it was played shows."""


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
    card: ShownCard | None = None
    """A spell's or an ability's card."""
    spaces: tuple[Hex, ...] = ()
    """Where the targets stood before the action (for those that are not figures)."""

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
        case PlaySpell(targets=chosen) | UseAbility(targets=chosen):
            targets = tuple(chosen)
    card = card_of(game, seat, action)
    if isinstance(action, PlaySpell):
        label = f"play {card.name[:1].lower() + card.name[1:] if card.face_down else card.name}" \
            if card is not None else "play a spell"
    elif card is not None:
        label = f"use {card.name} ({card.caption.split(' of ', 1)[-1]})"
    state = game.state
    spaces = tuple(h for t in targets if t not in static.figures
                   for h in target_spaces(state, t))
    targets = tuple(t for t in targets if t in static.figures or target_spaces(state, t))
    return AiShow(seat, action, actor, targets, ruler, label, card, spaces)


def card_of(game: Game, seat: int, action: Action) -> ShownCard | None:
    """The card ``action`` shows: a spell card played (face down for a hidden enchantment,
    which its player alone may read), an activated ability with its army card's name; None
    for other actions."""
    static = game.state.static
    who = f"Player {seat}"
    match action:
        case PlaySpell(spell=spell) if spell in static.spells:
            d = static.spell_def(spell)
            if d is None or d.type == HIDDEN_ENCHANTMENT:
                return ShownCard(f"{who} plays", "A hidden enchantment", HIDDEN_ENCHANTMENT,
                                 -1, "Played face down; it is revealed when it triggers.",
                                 face_down=True)
            return ShownCard(f"{who} plays", d.name, d.type, d.cost, getattr(d, "text", ""),
                             d.colour, getattr(d, "provenance", ""))
        case UseAbility(card=card, ability=ability) if card in static.cards:
            army = static.card_def(card)
            found = next((a for a in abilities_of(static, static.cards[card].def_id)
                          if a.id == ability), None)
            name = found.name if found is not None else ability.replace("-", " ").capitalize()
            return ShownCard(f"{who} uses an ability of {army.name}", name, "ability", -1,
                             found.text if found is not None else "",
                             army.colours[0] if army.colours else "colourless")
    return None


def target_spaces(state: GameState, target: str) -> tuple[Hex, ...]:
    """Where a target named in an action stands: a figure on the battlefield, an army
    card's figures there, a crypt's spaces or a space written ``q,r`` (none for others, such
    as a player or a spell card)."""
    if target in state.static.figures:
        found = state.figures.get(target)
        return tuple(found.hexes) if found is not None and found.zone == "battlefield" else ()
    if target in state.static.cards:
        return tuple(h for f in state.figures_of_card(target, "battlefield")
                     for h in state.figures[f].hexes)
    if target.startswith("crypt:"):
        obstacle = state.static.field.board.obstacles.get(target[6:])
        return tuple(obstacle.footprint) if obstacle else ()
    try:
        return (parse_hex(target),)
    except ParseError:
        return ()


def show_hexes(game: Game, show: AiShow) -> tuple[tuple[Hex, ...], tuple[Hex, ...]]:
    """Where the acting figure and its target figures stand now (none for a figure that has
    left the battlefield), and where its other targets stood (spaces, army cards' figures)."""
    state = game.state

    def hexes(figure: str) -> tuple[Hex, ...]:
        return tuple(state.figures[figure].hexes) if _on_battlefield(game, figure) else ()

    actor = hexes(show.actor) if show.actor is not None else ()
    targets = tuple(h for t in show.targets if t in state.static.figures for h in hexes(t))
    return actor, tuple(dict.fromkeys(targets + show.spaces))
