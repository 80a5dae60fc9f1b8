"""Chance in the search: exact outcomes of dice where the engine gives the odds, seeded samples
elsewhere, and determinizations of what a view hides.

- `ForcedRng`: a generator that returns scripted die faces first, then goes on as a seeded
  PCG32 (`arena.engine.rng.Rng`), so one attack can be resolved with a chosen outcome.
- `outcomes(game, action)`: the chance outcomes of an action as (probability, script): an
  attack's exact damage distribution (`Game.damage_odds`: k hits against no shields gives k
  damage), a move's leaving-engagement attacks and falls (one die each, a hit on 3 faces of 6:
  a binomial), or one unscripted outcome (resolved by a seeded sample) for everything else.
- `determinize(game, me, seed)`: a copy of a view with what it hides filled in plausibly and
  reproducibly: my own library shuffled (the view lists it sorted), face-down glyphs given the
  kinds the scenario still has unaccounted for, opponents' hidden cards in hand and face-down
  enchantments given definitions drawn from the cards those opponents have shown (when they
  have shown any), and a fresh generator. Only the view is read.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from math import comb

from arena.engine import Attack, Game, MoveFigure
from arena.engine.actions import Action
from arena.engine.rng import Rng
from arena.engine.state import GlyphState, SpellInfo

__all__ = ["ForcedRng", "Outcome", "apply_outcome", "at_quantile", "determinize", "outcomes",
           "stratified"]

HIT_FACE = 1
BLANK_FACE = 6

Outcome = tuple[float, tuple[int, ...] | None]
"""(probability, scripted die faces or None for a seeded sample)."""


class ForcedRng(Rng):
    """PCG32 with a script of die faces used first (see the module docstring)."""

    def __init__(self, base: Rng, script: Sequence[int] = ()) -> None:
        super().__init__(base.state, base.inc)
        self.script = list(script)

    def die(self, sides: int) -> int:
        while self.script:
            value = self.script.pop(0)
            if 1 <= value <= sides:
                return value
        return super().die(sides)

    def copy(self) -> ForcedRng:
        clone = ForcedRng(Rng(self.state, self.inc), self.script)
        return clone


def _binomial_half(n: int) -> list[Outcome]:
    out: list[Outcome] = []
    for k in range(n + 1):
        p = comb(n, k) / 2 ** n
        out.append((p, (HIT_FACE,) * k + (BLANK_FACE,) * (n - k)))
    return out


def outcomes(game: Game, action: Action, min_probability: float = 0.0) -> list[Outcome]:
    """The chance outcomes of applying ``action`` now (see the module docstring). Outcomes
    below ``min_probability`` are folded into their neighbour so the list stays short."""
    if isinstance(action, Attack):
        odds = game.damage_odds(action.attacker, action.target)
        a, d = odds.attack_dice, odds.defense_dice
        left = max(1, odds.life_left)
        out: list[Outcome] = []
        carry = 0.0
        for k, p in enumerate(odds.distribution):
            pf = float(p) + carry
            carry = 0.0
            if k >= left:  # every outcome from here destroys: one representative
                pf += sum(float(x) for x in odds.distribution[k + 1:])
                out.append((pf, (HIT_FACE,) * k + (BLANK_FACE,) * (a - k) + (BLANK_FACE,) * d))
                break
            if pf < min_probability and k + 1 < len(odds.distribution):
                carry = pf
                continue
            out.append((pf, (HIT_FACE,) * k + (BLANK_FACE,) * (a - k) + (BLANK_FACE,) * d))
        return [o for o in out if o[0] > 0.0]
    if isinstance(action, MoveFigure):
        reach = game.reachable_spaces(action.figure, action.walk).get(action.to)
        if reach is not None and action.path is None:
            dice = len(reach.provokes) + len(reach.falls)
            if dice:
                return _binomial_half(min(dice, 8))
            return [(1.0, ())]
    return [(1.0, None)]


def at_quantile(options: Sequence[Outcome], u: float) -> tuple[int, ...] | None:
    """The script of the outcome at quantile ``u`` (0..1) of the distribution."""
    total = sum(p for p, _ in options)
    acc = 0.0
    for p, script in options:
        acc += p / total if total > 0 else 0.0
        if u <= acc:
            return script
    return options[-1][1]


def stratified(options: Sequence[Outcome], count: int, offset: float = 0.5
               ) -> list[Outcome]:
    """``count`` outcomes picked by inverse CDF at evenly spaced points (each weighted
    1/count): an unbiased, low-variance sample of a distribution with more outcomes than
    samples. With no more outcomes than ``count`` the exact list is returned."""
    if len(options) <= count:
        return list(options)
    total = sum(p for p, _ in options)
    picks: list[Outcome] = []
    for i in range(count):
        u = (i + offset) / count * total
        acc = 0.0
        chosen = options[-1]
        for o in options:
            acc += o[0]
            if u <= acc:
                chosen = o
                break
        picks.append((total / count, chosen[1]))
    return picks


def apply_outcome(game: Game, action: Action, script: tuple[int, ...] | None,
                  seed: int) -> list[object]:
    """Apply ``action`` to ``game`` (a copy) with a scripted outcome (or a seeded sample)."""
    base = Rng.seeded(seed & 0xFFFFFFFFFFFF, stream=7)
    game.state.rng = ForcedRng(base, script or ())
    return list(game.apply(action))


def determinize(view: Game, me: int, seed: int) -> Game:
    """A copy of ``view`` with its hidden parts filled in (see the module docstring)."""
    game = view.clone()
    state = game.state
    rnd = random.Random(seed)
    static = state.static
    # My own library: the view lists it sorted; its real order is unknown to me too.
    p = state.players.get(me)
    if p is not None and len(p.library) > 1:
        library = list(p.library)
        rnd.shuffle(library)
        state.set_player(me, replace(p, library=tuple(library)))
    # Face-down glyphs: the kinds the field set up that are not showing anywhere.
    hidden = sorted((h for h, g in state.glyphs.items() if g.kind is None), key=lambda h: h)
    if hidden:
        pool = Counter(g.kind for g in static.field.glyphs)
        for g in state.glyphs.values():
            if g.kind is not None and pool[g.kind] > 0:
                pool[g.kind] -= 1
        kinds = sorted(pool.elements())
        rnd.shuffle(kinds)
        amounts = {g.kind: g.value for g in static.field.glyphs}
        for h, kind in zip(hidden, kinds, strict=False):
            state.set_glyph(h, GlyphState(kind, False, amounts.get(kind, 0)))
    # Opponents' hidden spell cards: drawn from what each has shown.
    spells = dict(static.spells)
    changed = False
    for seat, pl in state.players.items():
        if not static.opposed(me, seat):
            continue
        shown = [static.spells[u].def_id for u in (*pl.graveyard, *pl.removed)
                 if u in static.spells and static.spells[u].def_id is not None]
        for cs in state.cards.values():
            for a in cs.enchantments:
                info = static.spells.get(a.spell)
                if info is not None and info.owner == seat and info.def_id is not None:
                    shown.append(info.def_id)
        pool_ids = sorted({d for d in shown if d is not None and d in static.spell_defs})
        if not pool_ids:
            continue
        for uid in pl.hand:
            info = spells.get(uid)
            if info is not None and info.def_id is None and rnd.random() < 0.5:
                spells[uid] = SpellInfo(uid, seat, rnd.choice(pool_ids))
                changed = True
        enchantment_ids = [d for d in pool_ids
                           if getattr(static.spell_defs[d], "type", "") == "hidden_enchantment"]
        if enchantment_ids:
            for cs in state.cards.values():
                for a in cs.enchantments:
                    info = spells.get(a.spell)
                    if info is not None and info.owner == seat and info.def_id is None:
                        spells[a.spell] = SpellInfo(a.spell, seat, rnd.choice(enchantment_ids))
                        changed = True
    if changed:
        state.static = replace(static, spells=spells)
        state.cache.clear()
    state.rng = Rng.seeded(seed & 0xFFFFFFFFFFFF, stream=11)
    return game
