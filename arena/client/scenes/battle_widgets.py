"""The battle screen's widgets, composed from its parts for the state on screen (rebuilt
after every change): the army cards, the turn panel's answers and buttons (with Hint on its
title), the compact window's docks, the hand, the camera strip, the log's buttons, the
recap's lines and the lesson's buttons. Kept apart from `scenes.battle`, which carries out
what they do."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.client.scenes.battle_camera import camera_widgets
from arena.client.scenes.battle_view import key_hint
from arena.client.scenes.hand_panel import hand_widgets
from arena.client.scenes.hud import RailTab
from arena.client.scenes.turn_panel import dock_widgets, turn_buttons
from arena.client.ui import Widget

if TYPE_CHECKING:
    from arena.client.scenes.battle import BattleScene

__all__ = ["battle_widgets"]


def battle_widgets(scene: BattleScene) -> list[Widget]:
    """Every widget of the battle screen now, front to back as the form takes them; sets the
    scene's number-key answers (`numbered`) and the top of the turn panel's buttons."""
    lay = scene.layout
    widgets, scene.numbered = scene.army.widgets(scene)
    if lay.turn.width:
        buttons, answers, scene.buttons_top = turn_buttons(scene)
        scene.numbered = answers or scene.numbered
        widgets += buttons
        hint = scene.coach.button(lay.turn, scene.font_scale)
        if hint is not None:
            widgets.append(hint)
    if lay.compact:
        widgets += dock_widgets(scene, scene.toggle_side)
    widgets += hand_widgets(scene)
    widgets += camera_widgets(scene)
    if lay.compact:
        widgets.append(RailTab(rect=lay.rail, label="Army cards", name="army-tab",
                               action=scene.toggle_army, lit=lay.left.width > 0,
                               note="Show or hide the army cards over the battlefield."))
    jump = scene.log_panel.jump_button(scene.session.log, lay.log, scene.font_scale,
                                       scene.jump_to_latest)
    if jump is not None and not scene.full_log.open and lay.log.width:
        widgets.append(jump)
    widgets = scene.full_log.cover(widgets, lay)
    if lay.log.width or scene.full_log.open:  # folded: the Log tab, or L, opens it
        widgets.append(scene.full_log.toggle_button(lay, scene.font_scale,
                                                    scene.toggle_log, key_hint(scene, "log")))
    widgets += scene.full_log.widgets(scene.session.log, lay, scene.font_scale,
                                      scene.jump_to_latest)
    if scene.recap is not None:
        proj, board = scene.projection(), scene.game.state.board
        scene.recap.layout(lay.clear, lay.view.bottom, scene.font_scale,
                           lambda h: proj.to_screen(h, scene.renderer.stand_level(board, h)),
                           lesson=scene.tutorial is not None)
        replay = scene.replay_last_turn if scene.session.record.last is not None else None
        widgets += scene.recap.widgets(scene.font_scale, scene.show_recap_line,
                                       scene.close_recap, replay)
    if scene.tutorial is not None:
        widgets += scene.tutorial.widgets()
    return widgets
