"""A small JSON status file for end-to-end tests (``ARENA_TEST_STATUS=<path>``): which
scene is up, its widgets and, in a battle, where the figures, the lit spaces and the hand
are on screen, so a test driving the real window with xdotool can wait for a UI state and
click the right place instead of sleeping. Each lit move also says whether it provokes or
falls and how far (in spaces) it ends from the nearest opposing figure, so a test can walk a
figure into contact without a risky move. The Load screen lists its saves (file, name,
problem) and which is selected; a box being typed in shows its text. Whether the player
can undo and redo, the camera (rotation, zoom, pan: a key that reached the battle by mistake
moves it), and the recap panel's lines and place are there too, and the hover: the space
under the pointer (``q,r@level`` on a storey), the figure, the hover box's lines and how many
runs of tiles of the roof over it are cut away. Written atomically a few
times a second; never written unless the variable is set."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pygame

from arena.hexgrid import distance, format_space

__all__ = ["STATUS_ENV", "game_digest", "status", "write_status"]

STATUS_ENV = "ARENA_TEST_STATUS"
_digests: dict[tuple[int, int], str] = {}


def game_digest(data: Any) -> str:
    """A fingerprint of a game's saved data (`Game.to_data()`), so a test can check that a
    loaded game is the one that was saved."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _digest(game: Any, version: int) -> str:
    key = (id(game), version)
    if key not in _digests:
        _digests.clear()
        _digests[key] = game_digest(game.to_data())
    return _digests[key]


def _rect(r: pygame.Rect) -> list[int]:
    return [r.x, r.y, r.width, r.height]


def status(app: Any) -> dict[str, Any]:
    """The status as plain data (see the module docstring)."""
    # The app imports this module at start; the battle screen's modules (the session, the
    # AI) are imported when a battle is first shown (arena.client.scenes.standard).
    from arena.client.scenes.battle import BattleScene
    from arena.client.session import lead_hex

    top = app.top
    out: dict[str, Any] = {"scenes": [type(s).__name__ for s in app.stack],
                           "top": type(top).__name__ if top is not None else None,
                           "toasts": list(app.toasts), "widgets": []}
    form = getattr(top, "form", None)
    if form is not None:
        out["widgets"] = [{"name": w.name, "rect": _rect(w.rect), "enabled": w.enabled,
                           "visible": w.visible, "badge": getattr(getattr(w, "row", None),
                                                                  "badge", "")}
                          for w in form.widgets]
    saves = getattr(top, "saves", None)
    if isinstance(saves, list):  # the Load screen
        out["saves"] = [{"file": i.path.name, "name": i.name, "problem": i.problem}
                        for i in saves]
        out["selected"] = top.list.selected
    typed = getattr(getattr(top, "field", None), "value", None)
    if isinstance(typed, str):  # a box being typed in
        out["field"] = typed
    notes = getattr(top, "notes", None)
    if callable(notes):  # the review's "Show me": the move played and the computer's
        out["notes"] = [line for line, _ in notes()]
    setup = getattr(top, "setup", None)
    if dataclasses.is_dataclass(setup) and not isinstance(setup, type):
        out["setup"] = dataclasses.asdict(setup)
    battle = app.find(BattleScene)
    if battle is None:
        return out
    game, session = battle.game, battle.session
    state = game.state
    board = state.board
    proj = battle.projection()

    def at(h: Any) -> list[int]:
        x, y = proj.to_screen(h, battle.renderer.stand_level(board, h))
        return [round(x), round(y)]

    figures = {}
    for fid in state.on_battlefield():
        rect = battle.renderer.figure_rect(fid)
        if rect is not None:
            figures[fid] = [rect.centerx, rect.y + rect.height * 2 // 3]
    opts = session.options if session.human_to_act else None
    moves = []
    attacks = {}
    if opts is not None and battle.selected is not None:
        reach = battle.reach()
        mover = state.controller(battle.selected)
        enemy_hexes = [h for f in state.on_battlefield()
                       if state.static.opposed(mover, state.controller(f))
                       for h in state.figures[f].hexes]
        for pos in battle.move_table():
            r = reach.get(pos)
            ends = pos if isinstance(pos, tuple) else (pos,)
            near = min((distance(a, b) for a in ends for b in enemy_hexes), default=99)
            moves.append({"at": at(lead_hex(pos)), "provokes": bool(r and r.provokes),
                          "falls": bool(r and r.falls), "cost": r.cost if r else 0,
                          "near": near})
        for target in opts.attacks.get(battle.selected, {}):
            if target in figures:
                attacks[target] = figures[target]
    out["battle"] = {
        "turn": game.turn, "phase": state.phase, "to_act": game.to_act,
        "viewer": session.viewer, "human_to_act": session.human_to_act,
        "thinking": session.thinking, "over": session.over, "version": session.version,
        "actions": len(game.actions), "digest": _digest(game, session.version),
        "pending": bool(state.pending), "selected": battle.selected,
        "actors": battle.actors(), "figures": figures, "moves": moves, "attacks": attacks,
        "place": [at(lead_hex(p)) for p in (opts.place if opts else {})],
        "pick": [at(h) for h in battle.pick_hexes()],
        "picking": battle.pick is not None,
        "hand": list(state.players[battle.hand_seat()].hand),
        "spells_played": state.turn_state.spells_played,
        "can_undo": session.can_undo, "can_redo": session.can_redo,
        "anims": len(battle.anims) + (1 if battle.camera.animating else 0),
        "camera": [battle.camera.rotation, round(battle.camera.zoom, 3),
                   [round(c, 3) for c in battle.camera.pan]],
        "log": session.log[-6:],
        "held": session.held_text,
        "recap": [line.text for line in battle.recap.recap.lines] if battle.recap else [],
        "recap_box": _rect(battle.recap.rect) if battle.recap else None,
        "full_log": battle.full_log.open,
        "layout": {k: _rect(getattr(battle.layout, k)) for k in
                   ("left", "turn", "info", "log", "view", "hand")},
        "tutorial": battle.tutorial.status() if battle.tutorial is not None else None,
        "hint": battle.coach.describe(),
        "hover": {"space": None if battle.hover_hex is None else format_space(battle.hover_hex),
                  "figure": battle.hover_figure,
                  "lines": [line for line, _ in battle.hover_lines()],
                  "roof": len(battle.renderer.roof)},
    }
    return out


def write_status(app: Any, path: str | os.PathLike[str]) -> None:
    """Write the status file atomically (errors are ignored: a test aid only)."""
    target = Path(path)
    try:
        data = json.dumps(status(app))
        tmp = target.with_suffix(target.suffix + ".tmp")
        tmp.write_text(data, encoding="utf-8")
        tmp.replace(target)
    except Exception:  # noqa: BLE001 - never let the test aid stop the game
        pass
