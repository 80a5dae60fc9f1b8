"""Glyphs (guide "Glyphs"; Shadows over Innistrad "Glyphs").

A figure that moves onto a glyph stops (`arena.engine.pathfinding`); if the glyph is Planeswalker
side up it is turned ability side up (a reveal: a commit point), and its ability takes effect
at once:

- permanent glyphs -- Power (+1 attack), Toughness (+1 defense), Movement (+N move, N data,
  2 by default) -- give their bonus to every figure of the player who controls a figure
  standing on the glyph, for as long as it stands there (`arena.engine.stats.glyph_modifiers`
  folds them; nothing happens at landing);
- Glyph of Knowledge (temporary): draw a spell card, then the glyph is removed from the game;
- Glyph of Recall (temporary): return a spell card of your choice from your graveyard to your
  hand (a ``recall`` decision; nothing if the graveyard is empty), then it is removed;
- Glyph of Healing (permanent): at the start of its controller's turn, remove 1 damage from
  the figure standing on it (`start_of_turn`).
"""

from __future__ import annotations

from dataclasses import replace

from arena.engine.actions import Action, RecallSpell
from arena.engine.context import Ctx
from arena.engine.defs import GLYPH_NAMES
from arena.engine.effects import draw_card, remove_damage
from arena.engine.events import GlyphFlipped, GlyphTaken, SpellRecalled
from arena.engine.state import Decision, GameState
from arena.hexgrid import Hex

__all__ = ["TEMPORARY_GLYPHS", "land", "recall_apply", "recall_legal", "start_of_turn"]

TEMPORARY_GLYPHS = frozenset({"knowledge", "recall"})
"""Glyphs removed from the game once used."""


def glyph_name(kind: str | None) -> str:
    """The printed name of a glyph kind."""
    return GLYPH_NAMES.get(kind or "", "a face-down glyph")


def land(ctx: Ctx, figure: str, at: Hex) -> None:
    """A figure landed on the glyph at ``at``: flip it up and apply it."""
    state = ctx.state
    glyph = state.glyphs.get(at)
    if glyph is None:
        return
    if not glyph.face_up:
        glyph = replace(glyph, face_up=True)
        state.set_glyph(at, glyph)
        ctx.emit(GlyphFlipped(at, glyph.kind or "", glyph_name(glyph.kind)))
        ctx.commit()
    seat = state.controller(figure)
    if glyph.kind == "knowledge":
        draw_card(ctx, seat, "Glyph of Knowledge")
    elif glyph.kind == "recall" and state.players[seat].graveyard:
        ctx.push(Decision("recall", seat,
                          "Glyph of Recall: return a spell card from your graveyard to hand"))
    if glyph.kind in TEMPORARY_GLYPHS:
        state.set_glyph(at, None)
        ctx.emit(GlyphTaken(seat, figure, at, glyph.kind or "", glyph_name(glyph.kind)))


def start_of_turn(ctx: Ctx, seat: int) -> None:
    """Glyph of Healing: remove 1 damage from the seat's figure standing on it."""
    state = ctx.state
    for at, glyph in sorted(state.glyphs.items(), key=lambda item: item[0]):
        if glyph.kind != "healing" or not glyph.face_up:
            continue
        holder = state.occupant_map().get(at)
        if holder is not None and state.controller(holder) == seat:
            remove_damage(ctx, holder, 1, "Glyph of Healing")


def recall_legal(state: GameState, decision: Decision) -> list[Action]:
    """One `RecallSpell` per spell card in the graveyard."""
    return [RecallSpell(s) for s in state.players[decision.player].graveyard]


def recall_apply(ctx: Ctx, decision: Decision, action: Action) -> None:
    """Return the chosen spell card to hand."""
    assert isinstance(action, RecallSpell)
    state = ctx.state
    seat = decision.player
    ctx.pop()
    p = state.players[seat]
    grave = list(p.graveyard)
    grave.remove(action.spell)
    state.set_player(seat, replace(p, graveyard=tuple(grave), hand=(*p.hand, action.spell)))
    ctx.emit(SpellRecalled(seat, action.spell, state.static.spell_name(action.spell)))
