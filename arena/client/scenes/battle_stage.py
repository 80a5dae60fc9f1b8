"""What moves on the battle screen's battlefield: figures walking their path, hit flashes,
damage numbers and fading figures (`arena.client.effects`), the dice of the last roll, and
the picture of the figures as drawn this frame (where the moving ones are now).

The engine's events drive it (`Stage.on_events`, dispatching on the event's type); none of
it ever holds up the game or a computer player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

from arena.client.effects import Effects
from arena.client.feed import DiceShow, MoveAnimation, dice_after, sound_of
from arena.client.palette import palette
from arena.client.picture import figure_look, picture_from_game
from arena.client.render import BattlefieldRenderer, FigurePlacement, Picture
from arena.client.scenes.battle_view import BattleView
from arena.engine import Event
from arena.engine.actions import pos_hexes
from arena.engine.events import (
    DamageDealt,
    DiceRolled,
    FigureDestroyed,
    FigureMoved,
    PlaneswalkerPlaced,
)
from arena.hexgrid import Hex, hex_to_point

__all__ = ["DICE_SETTLE", "STEP_SECONDS", "Stage", "StageView"]

STEP_SECONDS = 0.11
"""Seconds a moving figure takes per space (at the normal animation speed)."""
DICE_SETTLE = 0.45
"""Seconds the dice roll before they show their faces (at the normal animation speed)."""


class StageView(BattleView, Protocol):
    """What the stage reads of the battle screen besides the panels' view."""

    @property
    def renderer(self) -> BattlefieldRenderer: ...

    @property
    def slice_level(self) -> int | None: ...


class Stage:
    """The battlefield's moving parts for one battle screen."""

    def __init__(self, scene: StageView) -> None:
        self.scene = scene
        self.anims: list[MoveAnimation] = []
        self.fx = Effects()
        self.dice: DiceShow | None = None
        self._dice_serial = 0
        self._picture: tuple[Any, Picture] | None = None
        self._heights: tuple[Any, dict[Hex, float]] | None = None

    def settle(self) -> float:
        """Seconds from a roll until its dice show their faces."""
        return DICE_SETTLE * self.scene.settings.animation_scale

    def busy_until(self) -> float:
        """When the last queued move ends (now when none is)."""
        return max([self.scene.time] + [a.end for a in self.anims])

    def picture(self) -> Picture:
        """The figures as drawn now: moving ones where they are on their path, dressed with
        the effects (cached while nothing changes)."""
        scene = self.scene
        moving: dict[str, tuple[float, float, float]] = {}
        for anim in self.anims:
            at = anim.at(scene.time)
            if at is not None:
                moving[anim.figure] = at
        pal = palette(scene.settings.colour_blind)
        key = (scene.session.version, scene.intent.selected, pal.name,
               tuple(sorted((k, tuple(round(c, 3) for c in v)) for k, v in moving.items())))
        if self._picture is None or self._picture[0] != key:
            self._picture = (key, picture_from_game(scene.game, pal, selected=scene.intent.selected,
                                                    moving=moving))
        return self.fx.dress(self._picture[1], scene.time, scene.renderer.stand_level)

    def forget_picture(self) -> None:
        """Draw the figures afresh (after an undo, a hand-off, a dialog closed)."""
        self._picture = None

    def heights(self) -> dict[Hex, float]:
        """The level of each space's top as picked by the pointer (cached)."""
        scene = self.scene
        state = scene.game.state
        key = (id(state.board), scene.slice_level,
               tuple(sorted((h.q, h.r) for h in state.glyphs)))
        if self._heights is None or self._heights[0] != key:
            self._heights = (key, scene.renderer.pick_heights(self.picture(),
                                                              scene.slice_level))
        return self._heights[1]

    def forget_heights(self) -> None:
        self._heights = None

    def update(self) -> bool:
        """Drop the finished moves; whether any ended (the picture changes)."""
        before = len(self.anims)
        self.anims = [a for a in self.anims if a.at(self.scene.time) is not None]
        if len(self.anims) != before:
            self._picture = None
            return True
        return False

    def clear(self) -> None:
        """Forget every move, effect and roll (the position was taken back or redone)."""
        self.anims.clear()
        self.fx.clear()
        self.dice = None
        self._picture = None

    def on_events(self, events: Sequence[Event], play: Callable[[str], None],
                  on_placed: Callable[[int], None]) -> None:
        """Sounds, dice, move animations and effects for the engine's events (``play`` a
        sound by name; ``on_placed`` hears of a Planeswalker placed, by player)."""
        scene = self.scene
        board = scene.game.state.board
        scale = scene.settings.animation_scale
        before = self._picture[1] if self._picture is not None else None
        for event in events:
            sound_name = sound_of(event, animated=scale > 0)
            if sound_name is not None:
                play(sound_name)
            self.dice = dice_after(self.dice, event, scene.time, self._dice_serial)
            if self.dice is not None:
                self._dice_serial = self.dice.serial
            match event:
                case FigureMoved(figure=figure, path=path) if scale > 0:
                    points = []
                    for pos in path:
                        hexes = pos_hexes(pos)
                        xs = [hex_to_point(h) for h in hexes]
                        x = sum(p[0] for p in xs) / len(xs)
                        y = sum(p[1] for p in xs) / len(xs)
                        level = max(scene.renderer.stand_level(board, h) for h in hexes)
                        points.append((x, y, level))
                    self.anims.append(MoveAnimation(figure, points, self.busy_until(),
                                                    STEP_SECONDS * scale))
                case PlaneswalkerPlaced(player=player):
                    on_placed(player)
        if scale > 0:
            self._effects_for(events, before, scale)

    def _effects_for(self, events: Sequence[Event], before: Picture | None,
                     scale: float) -> None:
        """Hit flashes, damage numbers and fading figures for these events; each starts once
        the dice have settled and the figure has finished moving."""
        scene = self.scene
        state = scene.game.state
        static = state.static
        board = state.board
        rolled = any(isinstance(e, DiceRolled) for e in events)
        settle = scene.time + (self.settle() if rolled else 0.0)
        destroyed: dict[str, tuple[Hex, ...]] = {}
        for event in events:
            if isinstance(event, FigureDestroyed):
                old = before.figures.get(event.figure) if before is not None else None
                destroyed[event.figure] = tuple(event.hexes) or (old.hexes if old else ())

        def start_for(figure: str) -> float:
            return max([settle, *(a.end for a in self.anims if a.figure == figure)])

        for event in events:
            match event:
                case DamageDealt(figure=figure, amount=amount) if figure in static.figures:
                    fs = state.figures.get(figure)
                    hexes = tuple(fs.hexes) if fs is not None and fs.hexes else \
                        destroyed.get(figure, ())
                    if not hexes:
                        continue
                    height = max(scene.renderer.stand_level(board, h) for h in hexes) + \
                        float(static.figure_def(figure).height)
                    self.fx.add_hit(figure, amount, start_for(figure), scale, hexes, height)
                case FigureDestroyed(figure=figure) if figure in static.figures:
                    hexes = destroyed.get(figure, ())
                    old = before.figures.get(figure) if before is not None else None
                    if old is not None:
                        placement = replace(old, hexes=hexes or old.hexes, offset=None)
                    elif hexes:
                        placement = FigurePlacement(
                            figure_look(scene.game, figure,
                                        palette(scene.settings.colour_blind)), hexes)
                    else:
                        continue
                    self.fx.add_fade(figure, placement, start_for(figure), scale)
