"""Player views: the state with what one player may not see hidden (what the AI gets).

`player_view(state, seat)` returns a copy of the state in which:

- opponents' hands and every library hold placeholder cards (``p2/hidden-3``: counts only);
  your own library's contents are shown in a fixed (sorted) order, never its real order, and
  teammates' hands stay visible (guide "Team rules": teammates "look at teammate's spell
  cards");
- face-down enchantments of other players show their backs only (placeholders);
- face-down glyphs hide their kind;
- the identities of hidden cards are forgotten: the view's card tables list only cards in a
  zone it shows (so an opponent's deck list is not leaked), and the game's origin is dropped;
- the random generator is replaced by one seeded from what the view shows, so the real
  dice cannot be predicted from a view;
- the rule book's view filters hide what extensions keep (`RuleBook.register_view_filter`),
  and `visible_actions` writes ``hidden`` for a spell card the view does not identify in the
  action log (a hidden enchantment played face down, a card recalled to hand).

The same state and seat always give the same view (deterministic). Placeholders have no
definition (`Static.spell_def` gives None), so no rule can play them.
"""

from __future__ import annotations

from dataclasses import replace

from arena.engine.rng import Rng
from arena.engine.state import Attachment, GameState, GlyphState, SpellInfo

__all__ = ["player_view", "visible_actions"]


def player_view(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` may see it (see the module docstring)."""
    static = state.static
    spells = dict(static.spells)
    view = state.clone()
    counter = {"n": 0}

    def hide(owner: int) -> str:
        counter["n"] += 1
        uid = f"p{owner}/hidden-{counter['n']}"
        spells[uid] = SpellInfo(uid, owner, None)
        return uid

    my_team = static.team_of(seat)
    for s, p in sorted(state.players.items()):
        if s == seat:
            library = tuple(sorted(p.library))
            hand = p.hand
        else:
            library = tuple(hide(s) for _ in p.library)
            hand = p.hand if static.team_of(s) == my_team else tuple(hide(s) for _ in p.hand)
        view.players[s] = replace(p, library=library, hand=hand)
    for uid, cs in state.cards.items():
        if not any(not a.face_up for a in cs.enchantments):
            continue
        shown = tuple(
            a if a.face_up or static.spells[a.spell].owner == seat
            else Attachment(hide(static.spells[a.spell].owner), False)
            for a in cs.enchantments
        )
        view.cards[uid] = replace(cs, enchantments=shown)
    view.glyphs = {h: g if g.face_up else GlyphState(None, False, 0)
                   for h, g in state.glyphs.items()}
    for view_filter in static.rules.view_filters:  # what extensions keep (card mechanics)
        view_filter(state, view, seat, hide)
    # Forget which cards the hidden ones are: only cards in some visible zone keep their
    # identity (and the definitions they use); the origin (deck lists) goes too.
    visible = {uid for uid, _ in view.spell_zones()}
    kept = {u: info for u, info in spells.items() if u in visible or info.owner == seat}
    used = {info.def_id for info in kept.values() if info.def_id is not None}
    view.static = replace(
        static, spells=kept, memo={}, origin={"kind": "view", "player": seat},
        spell_defs={k: v for k, v in static.spell_defs.items() if k in used},
    )
    view.rng = Rng.seeded(state.turn * 7919 + seat * 104729 + len(state.figures), stream=seat)
    view.cache.clear()
    return view


def visible_actions(state: GameState, view: GameState, actions: list[str]) -> list[str]:
    """The action log as a view may read it: a spell card id the view does not identify is
    written ``hidden``."""
    known = view.static.spells
    secret = {u for u in state.static.spells if u not in known}
    if not secret:
        return list(actions)
    return [" ".join("hidden" if w in secret else w for w in text.split()) for text in actions]
