"""The battle screen's turn panel: the steps of the turn (the current one lit), what the
player to act is asked (prompt, help, hint, or what a computer player is doing) and the
turn's buttons: End turn, Undo (saying what it takes back), the step's end, walking instead
of flying, the decisions' answers (numbered for the keyboard) and "Go on" for a held
computer attack. In a compact window the panel is a tab of the dock (`dock_widgets`), open
while it asks the player something, its step buttons on the dock while it is folded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from arena.client import text
from arena.client.palette import UI, mix
from arena.client.scenes.battle_view import BattleScreen, BattleView, key_hint, scaled
from arena.client.scenes.hud import DOCK_LABELS, PHASE_ACTION, TURN_ACTIONS, Dock, RailTab
from arena.client.session import decision_help
from arena.client.ui import Button, Widget, draw_panel
from arena.engine.state import GameState
from arena.engine.vocab import Phase

__all__ = ["dock_side", "dock_widgets", "draw_turn_panel", "turn_buttons", "turn_lines",
           "turn_steps"]

Line = tuple[str, tuple[int, int, int]]

SETUP_STEPS = (("·", "Roll the d20 for the first player"), ("·", "Choose who goes first"),
               ("·", "Place the Planeswalkers"))


def turn_steps(state: GameState) -> tuple[list[tuple[str, str]], int]:
    """The steps to list (the set-up's before the first turn) and the current one's index
    (-1 when none is)."""
    kind = state.pending[-1].kind if state.pending else None
    if state.phase is Phase.SETUP or kind in ("first_player", "place_planeswalker"):
        return list(SETUP_STEPS), 1 if kind == "first_player" else 2
    return list(TURN_ACTIONS), PHASE_ACTION.get(state.phase, -1)


def draw_turn_panel(hud: pygame.Surface, rect: pygame.Rect, state: GameState,
                    lines: Sequence[Line], scale: float, bottom: int) -> None:
    """The panel in ``rect``: the steps, then ``lines`` wrapped, above ``bottom`` (the
    panel's buttons); short of room, only the current step is listed."""
    def s(n: int) -> int:
        return round(n * scale)

    inner = draw_panel(hud, rect, "Turn", px=s(20))
    y = inner.y
    steps, current = turn_steps(state)
    px, line_h, step_h = s(18), s(20), s(22)
    wrapped = [(part, color) for line, color in lines
               for part in text.wrap(line, px, inner.width)]
    room = bottom - 12 - y
    if len(steps) * step_h + s(6) + len(wrapped) * line_h > room and current >= 0:
        steps = [steps[current]]  # short of room: the current step only
        current = 0
    for i, (number, label) in enumerate(steps):
        color = UI["accent"] if i == current else (UI["dim"] if i < current else UI["muted"])
        if i == current:
            row = pygame.Rect(inner.x - 4, y - 2, inner.width + 8, step_h)
            pygame.draw.rect(hud, mix(UI["panel"], UI["accent"], 0.16), row, border_radius=4)
        text.blit(hud, f"{number}  {label}", px, color, (inner.x + 2, y), bold=i == current)
        y += step_h
    y += s(6)
    for part, color in wrapped:
        if y > bottom - line_h:
            break
        text.blit(hud, part, px, color, (inner.x, y))
        y += line_h


def turn_lines(view: BattleView) -> list[Line]:
    """What the panel says: the outcome, a held attack, who is thinking, or the pending
    decision with its help and what the player can do."""
    game, session = view.game, view.session
    pending = game.pending
    lines: list[Line] = []
    if session.over:
        outcome = game.outcome()
        lines.append((outcome.description if outcome else "The game is over.", UI["accent"]))
    elif session.held is not None:
        lines.append((f"{session.held_text}: press Space to go on.", UI["accent"]))
    elif session.thinking:
        lines.append((f"{session.seat_label(game.to_act)} is thinking…", UI["teal"]))
        lines.append((pending.description, UI["muted"]))
    else:
        lines.append((pending.description, UI["text"]))
        help_line = decision_help(game) if session.human_to_act else ""
        if help_line:
            lines.append((help_line, UI["muted"]))
        lines.append((view.intent.hint(key_hint(view, "flip")), UI["teal"]))
    return lines


ANSWERS_TOP_SHARE = 0.34
"""How far down the turn panel the answer buttons may reach, as a share of its height."""


def turn_buttons(screen: BattleScreen) -> tuple[list[Button], list[Widget], int]:
    """The panel's buttons from the bottom up, the decision answers the number keys press
    (empty when there are none), and the top of the buttons (the text stays above it)."""
    lay = screen.layout
    session = screen.session
    intent = screen.intent
    opts = session.options
    settings = screen.settings
    bx = lay.turn.x + 12
    bw = lay.turn.width - 24
    bh = scaled(screen, 34)
    by = lay.turn.bottom - 12 - bh
    buttons: list[Button] = []
    numbered: list[Widget] = []
    if session.human_to_act:
        half = (bw - 8) // 2
        can_undo = session.can_undo
        undo_label = f"Undo: {session.undo_label}" if can_undo else "Undo"
        # Undo beside End turn when its label fits half the row, else a row of its own
        px = max(14, min(28, int(bh * 0.5)))
        least = max(text.SMALLEST_PX, round(px * text.SMALLEST_SHARE))
        apart = text.size(undo_label, least)[0] > half - 56
        end_x = bx if apart else bx + half + 8
        buttons.append(Button(rect=pygame.Rect(end_x, by, bx + bw - end_x, bh),
                              label="End turn",
                              name="end-turn", hint=key_hint(screen, "end-turn"),
                              hotkeys=(settings.key("end-turn"),),
                              style="danger", enabled=opts.end_turn is not None,
                              action=screen.end_turn,
                              note="Finish the turn (asks first when something useful "
                                   "is left undone)."))
        undo_text = session.undo_text
        redo = (f" {key_hint(screen, 'undo')} with Shift, or Ctrl+Y, redoes what you took "
                "back." if session.can_redo else "")
        if apart:
            by -= bh + 8
        buttons.append(Button(rect=pygame.Rect(bx, by, bw if apart else half, bh),
                              label=undo_label,
                              name="undo", hint=key_hint(screen, "undo"),
                              hotkeys=(settings.key("undo"),),
                              enabled=can_undo, action=screen.undo,
                              note=(f"Take back: {undo_text}." if can_undo else undo_text)
                              + redo))
        by -= bh + 8
        step = opts.end_move or opts.end_attack
        if step is not None:
            label = "End move" if opts.end_move else "End attack"
            buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh), label=label,
                                  name="end-step", hint=key_hint(screen, "end-step"),
                                  style="primary", hotkeys=(settings.key("end-step"),),
                                  action=partial(screen.act, step)))
            by -= bh + 8
        if intent.selected is not None and intent.selected in opts.walks:
            buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh),
                                  label="Fly instead" if intent.walk else "Walk instead",
                                  name="walk", hint="W", hotkeys=(pygame.K_w,),
                                  action=screen.toggle_walk,
                                  note="A flying figure may move on foot this time."))
            by -= bh + 8
        extra = intent.choice_actions()
        if intent.pick is not None:
            extra = []
            buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh), label="Cancel",
                                  name="pick:cancel", hint="Esc",
                                  action=screen.cancel_pick))
            by -= bh + 8
        # the answers may take two thirds of the panel (the question's first lines stay
        # above them), so a yes/no is never hidden behind "More choices" at 1280x720
        top_limit = lay.turn.y + int(lay.turn.height * ANSWERS_TOP_SHARE)
        room = max(0, (by - top_limit) // (bh + 6) + 1)
        shown = extra if len(extra) <= min(room, 9) else extra[:max(0, min(room, 9) - 1)]
        if len(shown) < len(extra):
            buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh),
                                  label=f"More choices ({len(extra)})…", name="opt:more",
                                  hint=str(len(shown) + 1), px=scaled(screen, 18),
                                  action=partial(screen.more_choices, extra)))
            by -= bh + 6
        for i, action in enumerate(reversed(shown)):
            number = len(shown) - i
            buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh),
                                  label=session.describe(action), name=f"opt:{action.text()}",
                                  hint=str(number), action=partial(screen.act, action),
                                  px=scaled(screen, 18)))
            by -= bh + 6
        numbered = [b for b in reversed(buttons) if b.name.startswith("opt:")]
    elif session.held is not None:
        buttons.append(Button(rect=pygame.Rect(bx, by, bw, bh), label="Go on",
                              name="go-on", hint="Space", style="primary",
                              action=screen.go_on,
                              note="Let the computer's attack happen (Space or Enter)."))
    return buttons, numbered, by + bh


def dock_side(screen: BattleScreen, chosen: Dock | None) -> Dock | None:
    """Compact windows: which right-hand panel is open over the battlefield: the turn panel
    while it asks the player something only it shows (a decision's answers, a target to
    pick, the computer's attack held until "Go on"), else ``chosen`` (the player's tab)."""
    session, intent = screen.session, screen.intent
    if session.held is not None or (session.human_to_act and (
            intent.pick is not None or bool(intent.choice_actions()))):
        return Dock.TURN
    return chosen


def dock_widgets(screen: BattleScreen, toggle: Callable[[Dock], object]) -> list[Button]:
    """Compact windows: the dock's tabs (Turn, Combat, Log: each opens its panel over the
    battlefield, lit while open) and, on the player's turn while the turn panel is folded,
    its step buttons as tabs at the dock's foot (End move or End attack, Undo, End turn;
    the same keys), so a turn is played without opening the panel."""
    lay = screen.layout
    session, opts, settings = screen.session, screen.session.options, screen.settings
    dock, gap = lay.dock, 4
    tab_h = (dock.height - 5 * gap) // 6
    out: list[Button] = []
    for i, side in enumerate(Dock):
        label = DOCK_LABELS[side]
        out.append(RailTab(rect=pygame.Rect(dock.x, dock.y + i * (tab_h + gap), dock.width,
                                            tab_h),
                           label=label, name=f"dock:{side.value}", lit=lay.side is side,
                           action=partial(toggle, side),
                           note=f"Show or hide the {label.lower()} panel over the "
                                "battlefield."))
    if lay.side is Dock.TURN or not session.human_to_act:
        return out
    step = opts.end_move or opts.end_attack
    undo_text = session.undo_text
    foot = [RailTab(rect=pygame.Rect(0, 0, 0, 0), label="End turn", name="end-turn",
                    hotkeys=(settings.key("end-turn"),), enabled=opts.end_turn is not None,
                    action=screen.end_turn,
                    note="Finish the turn (asks first when something useful is left "
                         "undone)."),
            RailTab(rect=pygame.Rect(0, 0, 0, 0), label="Undo", name="undo",
                    hotkeys=(settings.key("undo"),), enabled=session.can_undo,
                    action=screen.undo,
                    note=f"Take back: {undo_text}." if session.can_undo else undo_text)]
    if step is not None:
        foot.append(RailTab(rect=pygame.Rect(0, 0, 0, 0),
                            label="End move" if opts.end_move else "End attack",
                            name="end-step", hotkeys=(settings.key("end-step"),), lit=True,
                            action=partial(screen.act, step)))
    for i, tab in enumerate(foot):
        tab.rect = pygame.Rect(dock.x, dock.bottom - (i + 1) * tab_h - i * gap, dock.width,
                               tab_h)
    return out + foot
