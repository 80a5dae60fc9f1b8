"""What the evaluation (`arena.ai.evaluate`) reads of a state, once per state: each figure on
the battlefield as a `Fig` -- folded stats, price, value, where it stands -- gathered in a
`Snapshot` with the teams and, in the Melee, the power spaces.

Kept apart from the scoring because the search's tactics read the same records (a figure's
value, its attack without an attack-time bonus) and because reading a state is where the
evaluation meets the engine: the stats are the engine's folds (`arena.engine.stats`), or,
during a search's rollouts, the printed numbers plus the glyphs held plus the other modifiers
measured once at the root (`Deltas`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.ai.weights import Weights
from arena.engine.abilities.params import CountSpec
from arena.engine.abilities.spec import abilities_of
from arena.engine.abilities.statics import source_name
from arena.engine.state import GameState, Static
from arena.engine.stats import StatQuery, base_height_at, fold, held_glyphs, stat
from arena.engine.vocab import PRINTED, Point, Stat
from arena.hexgrid import Hex

__all__ = [
    "Deltas", "Fig", "Snapshot", "Swarm", "figure_price", "snapshot", "stat_deltas", "swarms",
]


@dataclass(frozen=True, slots=True)
class Swarm:
    """An attack bonus that counts the attacker's opponents near it when it attacks (Avatar
    of Justice: one die per opposing figure within 2 spaces of Gideon). The engine folds it
    in where the figure stands now; a threat estimate needs it where the figure would
    attack from -- beside its target, among the target's friends -- so `Fig.attack` leaves
    it out and `swarm_bonus` adds it for the place at hand."""

    source: str
    """The modifier's source as the engine names it (`StatValue.sources`)."""
    per: int
    within: int


def swarms(static: Static) -> dict[str, Swarm]:
    """The army cards (by uid) whose figures have a `Swarm` (cached per game)."""
    found: dict[str, Swarm] | None = static.memo.get("ai.swarms")
    if found is None:
        found = {}
        for uid, info in static.cards.items():
            for ability in abilities_of(static, info.def_id):
                mod = ability.modifier
                if ability.kind != "static" or mod is None or mod.stat != Stat.ATTACK or \
                        mod.when not in ("attacking", "always") or \
                        mod.applies_to.relation != "self" or \
                        not isinstance(mod.amount, CountSpec):
                    continue
                select = mod.amount.select
                if select.relation == "opposing" and select.within:
                    found[uid] = Swarm(source_name(static, uid, ability), mod.amount.times,
                                       int(select.within))
        static.memo["ai.swarms"] = found
    return found


def _attack_dice(state: GameState, figure: str) -> int:
    """The figure's attack dice, every modifier folded except its `Swarm` (if any)."""
    value = fold(state, StatQuery(Point.ATTACK_DICE, figure))
    swarm = swarms(state.static).get(state.static.figures[figure].card)
    if swarm is None:
        return value.total
    return max(0, value.total - sum(n for source, n in value.sources if source == swarm.source))


def _folded_stats(state: GameState, figure: str) -> tuple[int, int, int, int, int]:
    """The figure's `_STATS` as the engine folds them now, its attack without its `Swarm`."""
    life, attack, defense, move, rng = (
        _attack_dice(state, figure) if point == Point.ATTACK_DICE else stat(state, point, figure)
        for point in _STATS)
    return life, attack, defense, move, rng


@dataclass(slots=True)
class Fig:
    """One figure on the battlefield, with folded stats (no attack-specific modifiers)."""

    id: str
    owner: int
    controller: int
    team: int
    card: str
    pw: bool
    price: float
    life: int
    damage: int
    attack: int
    defense: int
    move: int
    range: int
    hexes: tuple[Hex, ...]
    base: float
    value: float = 0.0
    per_damage: float = 0.0
    swarm: Swarm | None = None
    """Its attack bonus counting nearby opponents (left out of ``attack``): `swarm_bonus`."""

    @property
    def left(self) -> int:
        """Life left."""
        return max(0, self.life - self.damage)


@dataclass(slots=True)
class Snapshot:
    """What the evaluation reads of a state, computed once."""

    state: GameState
    me: int
    my_team: int
    teams: dict[int, list[int]]
    figs: dict[str, Fig]
    by_team: dict[int, list[Fig]] = field(default_factory=dict)
    destroy_pw: bool = True
    power: frozenset[Hex] = frozenset()
    progress: float = 0.0


def figure_price(state: GameState, figure: str, worth: Mapping[str, float] | None = None
                 ) -> float:
    """A figure's price in army points, as its card's `Weights.card_values` share of it
    (``worth``: those values as a mapping) where one is given."""
    # The printed price is kept per game (the evaluation asks it of every figure it counts).
    prices: dict[str, tuple[float, str]] = state.static.memo.setdefault("ai.prices", {})
    known = prices.get(figure)
    if known is None:
        d = state.static.figure_def(figure)
        ppf = int(d.price_per_figure)
        known = prices[figure] = (
            float(ppf if ppf > 0 else int(d.cost) // max(1, int(d.figures))), d.id)
    price, card_id = known
    return price * worth.get(card_id, 1.0) if worth else price


def _teams(state: GameState) -> dict[int, list[int]]:
    teams: dict[int, list[int]] = {}
    for seat in state.static.seats:
        teams.setdefault(state.static.team_of(seat), []).append(seat)
    return teams


Deltas = dict[str, tuple[int, int, int, int, int]]
"""Per figure: (life, attack, defense, move, range) modifiers other than glyphs, measured once
at the root of a search and reused in its rollouts (`snapshot` with ``deltas``)."""

_STATS = (Point.LIFE, Point.ATTACK_DICE, Point.DEFENSE_DICE, Point.MOVE, Point.RANGE)
"""The query points of `Deltas`, in its order."""
_CARD_FIELDS = tuple(PRINTED[p] for p in _STATS)
"""The army card's printed stat each of `_STATS` starts from."""
_GLYPH_POINT = {p: i for i, p in enumerate(_STATS)}
"""A query point -> its index in `Deltas` (where a permanent glyph's bonus goes)."""


def _glyph_bonus(state: GameState) -> dict[int, list[int]]:
    """Per controlling seat: the permanent glyph bonus to (life, attack, defense, move,
    range) of every figure it controls (the engine's `held_glyphs`)."""
    out: dict[int, list[int]] = {}
    for held in held_glyphs(state):
        out.setdefault(held.seat, [0, 0, 0, 0, 0])[_GLYPH_POINT[held.point]] += held.amount
    return out


def stat_deltas(state: GameState) -> Deltas:
    """What modifies each figure's stats besides the glyphs, now (see `Deltas`)."""
    glyphs = _glyph_bonus(state)
    out: Deltas = {}
    for fid in state.on_battlefield():
        d = state.static.figure_def(fid)
        g = glyphs.get(state.controller(fid), [0, 0, 0, 0, 0])
        exact = _folded_stats(state, fid)
        printed = [int(getattr(d, name)) for name in _CARD_FIELDS]
        out[fid] = (exact[0] - printed[0] - g[0], exact[1] - printed[1] - g[1],
                    exact[2] - printed[2] - g[2], exact[3] - printed[3] - g[3],
                    exact[4] - printed[4] - g[4])
    return out


_NO_BONUS = (0, 0, 0, 0, 0)


def _printed(static: Static, figure: str) -> tuple[int, int, int, int, int]:
    """A figure's army card's printed `_STATS` (cached per game: every snapshot reads them)."""
    table: dict[str, tuple[int, int, int, int, int]] = static.memo.setdefault("ai.printed", {})
    found = table.get(figure)
    if found is None:
        d = static.figure_def(figure)
        life, attack, defense, move, rng = (int(getattr(d, name)) for name in _CARD_FIELDS)
        found = table[figure] = (life, attack, defense, move, rng)
    return found


def _figs(state: GameState, w: Weights, destroy_pw: bool, deltas: Deltas | None
          ) -> dict[str, Fig]:
    key = ("ai.figs", id(deltas), w)
    cached = state.cache.get("ai.figs")
    if cached is not None and cached[0] == key and cached[1] is deltas:
        figs: dict[str, Fig] = cached[2]
        return figs
    static = state.static
    board = state.board
    glyphs = _glyph_bonus(state) if deltas is not None else {}
    worth = dict(w.card_values)
    swarm_of = swarms(static)
    figs = {}
    for fid in state.on_battlefield():
        info = static.figures[fid]
        d = static.figure_def(fid)
        fs = state.figures[fid]
        controller = fs.controller or info.owner
        pw = d.kind == "planeswalker"
        printed = _printed(static, fid)
        if deltas is None:
            life, attack, defense, move, rng = _folded_stats(state, fid)
        else:
            g = glyphs.get(controller, _NO_BONUS)
            extra = deltas.get(fid, _NO_BONUS)
            life = max(1, printed[0] + g[0] + extra[0])
            attack = max(0, printed[1] + g[1] + extra[1])
            defense = max(0, printed[2] + g[2] + extra[2])
            move = max(0, printed[3] + g[3] + extra[3])
            rng = max(0, printed[4] + g[4] + extra[4])
        f = Fig(
            id=fid, owner=info.owner, controller=controller,
            team=static.team_of(info.owner), card=info.card, pw=pw,
            price=figure_price(state, fid, worth),
            life=life, damage=fs.damage, attack=attack, defense=defense, move=move, range=rng,
            hexes=fs.hexes, base=board.base_height(fs.hexes[0]) if len(fs.hexes) == 1
            else base_height_at(board, fs.hexes),
            swarm=swarm_of.get(info.card),
        )
        if pw and destroy_pw:
            f.per_damage = w.pw_life / max(1, life)
            f.value = f.per_damage * f.left + w.pw_alive
        else:
            full = f.price + (w.pw_extra if pw else 0.0)
            f.per_damage = w.wound * full / max(1, life)
            f.value = full - f.per_damage * f.damage
        # Stats above (or below) the printed card: glyphs held, auras, counters.
        f.value += f.price * (w.stat_attack * (f.attack - printed[1])
                              + w.stat_defense * (f.defense - printed[2])
                              + w.stat_move * (f.move - printed[3])
                              + w.stat_range * (f.range - printed[4]))
        figs[fid] = f
    state.cache["ai.figs"] = (key, deltas, figs)
    return figs


def snapshot(state: GameState, me: int, weights: Weights | None = None,
             deltas: Deltas | None = None) -> Snapshot:
    """Read the figures on the battlefield once (folded stats, values). With ``deltas`` the
    stats are the printed numbers plus the glyphs held plus the given deltas (fast: the
    search's rollouts); without, every stat is folded by the engine (exact). The figures are
    cached in the state until it changes."""
    w = weights or Weights()
    static = state.static
    destroy_pw = static.scenario.victory == "destroy_planeswalkers"
    snap = Snapshot(state, me, static.team_of(me), _teams(state),
                    dict(_figs(state, w, destroy_pw, deltas)), destroy_pw=destroy_pw)
    if static.scenario.scoring == "power_spaces":
        snap.power = frozenset(static.field.power_spaces)
        snap.progress = min(1.0, state.turn / max(1, static.turn_limit))
    for f in snap.figs.values():
        snap.by_team.setdefault(f.team, []).append(f)
    return snap


