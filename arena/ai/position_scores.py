"""Position scores: what one figure standing on given spaces is worth to its side, the inner
loop of the quick policy (`arena.ai.tactics`), asked of every position a figure can reach.

The score (`PositionScores.position_score`) adds up, with the evaluation's numbers
(`arena.ai.evaluate`):

- the best attack the figure could make from there this turn (exact damage distribution with
  height advantage; an engaged figure only against what it is engaged with; clear sight is
  checked on request);
- minus the exposure there: the best card of each opponent, each figure of it attacking the
  mover if it can reach it next turn (move + range spaces, or its strike zone when the search
  measured one: `arena.ai.evaluate.strike_zones`);
- minus the expected loss of the leaving-engagement attacks and falls on the way;
- plus what the position gives (height, closing in, glyphs, power spaces) and the bonus of a
  permanent glyph landed on (or lost by leaving one).

Why a module of its own: the rollouts ask for tens of thousands of these scores per
decision, so what a figure's scores share (its opponents, their strike zones, their reach,
its swarm) is read once per figure (`Mover`) and each score does only what depends on the
spaces. Every number is computed as the plain formula would, in the same order, so the
scores are the same to the last bit (a search's decisions must not change with its speed).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from arena.ai.evaluate import Evaluator, expected_loss, focused_loss, swarm_bonus
from arena.ai.snapshot import Fig, Snapshot
from arena.engine.bodies import Body, is_adjacent
from arena.engine.combat import spaces_between
from arena.engine.defs import GLYPH_AMOUNTS, PERMANENT_GLYPHS
from arena.engine.engagement import engaged_with
from arena.engine.pathfinding import Reach
from arena.engine.sight import line_of_sight
from arena.engine.stats import base_height_at
from arena.engine.vocab import Point
from arena.hexgrid import Hex

__all__ = ["Mover", "PositionScores", "binomial_loss"]


def binomial_loss(dice: int, f: Fig) -> float:
    """Expected value lost to ``dice`` one-die attacks (a hit on half the faces: 1 damage)."""
    if dice <= 0:
        return 0.0
    total = 0.0
    for k in range(1, dice + 1):
        p = comb(dice, k) / 2 ** dice
        total += p * (f.value if k >= f.left else f.per_damage * k)
    return total


Threat = tuple[Fig, frozenset[Hex] | None, int, int]
"""An opponent as the exposure reads it: the figure, its strike zone (None: not measured
from where it stands), its move + range (what it reaches without a zone) and its place
in `Mover.enemies`."""


@dataclass(slots=True)
class Mover:
    """What scoring one figure's positions needs, computed once."""

    snap: Snapshot
    fig: Fig
    enemies: list[Fig]
    enemy_cards: dict[str, list[Fig]]
    can_attack: bool
    glyph_gain: dict[str, float]
    held: str | None
    threats: list[list[Threat]]
    """`enemy_cards` with each figure's reach next turn (`Evaluator.threatens`, read once)."""
    enemy_spaces: list[tuple[tuple[int, int], ...]]
    """Each of `enemies`' spaces as (q, r) pairs (what `distances` reads)."""

    def attacking(self) -> Mover:
        """The same mover, allowed to attack (a placement weighs its attacks next turn)."""
        return Mover(self.snap, self.fig, self.enemies, self.enemy_cards, True,
                     self.glyph_gain, self.held, self.threats, self.enemy_spaces)

    def distances(self, hexes: tuple[Hex, ...]) -> list[int]:
        """`spaces_between` ``hexes`` and each of `enemies`, in their order (written out:
        every position scored asks it of every opponent)."""
        out: list[int] = []
        for spaces in self.enemy_spaces:
            best = 1 << 30
            for h in hexes:
                q, r = h.q, h.r
                for eq, er in spaces:
                    dq = q - eq
                    dr = r - er
                    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                    if d < best:
                        best = d
            out.append(best)
        return out


class PositionScores:
    """The position scores of the quick policy, with the evaluation's weights (``ev``)."""

    ev: Evaluator

    def _mover(self, snap: Snapshot, figure: str, can_attack: bool) -> Mover:
        state = snap.state
        f = snap.figs[figure]
        enemies = [e for e in snap.figs.values() if state.static.opposed(
            f.controller, e.controller)]
        cards: dict[str, list[Fig]] = {}
        for e in enemies:
            cards.setdefault(e.card, []).append(e)
        # Permanent glyphs: what holding one adds to every figure of my team.
        mine = [g for g in snap.figs.values() if g.controller == f.controller]
        gains: dict[str, float] = {}
        w = self.ev.w
        per = {Point.ATTACK_DICE: w.stat_attack, Point.DEFENSE_DICE: w.stat_defense,
               Point.MOVE: w.stat_move}
        for kind, point in PERMANENT_GLYPHS.items():
            gains[kind] = sum(g.price for g in mine) * per.get(point, 0.0)
        held = None
        for h in f.hexes:
            g = state.glyphs.get(h)
            if g is not None and g.face_up and g.kind in PERMANENT_GLYPHS:
                held = g.kind
        number = {e.id: i for i, e in enumerate(enemies)}
        threats = [[(e, self.ev.zone(e), e.move + e.range, number[e.id]) for e in figs]
                   for figs in cards.values()]
        spaces = [tuple((h.q, h.r) for h in e.hexes) for e in enemies]
        return Mover(snap, f, enemies, cards, can_attack, gains, held, threats, spaces)

    def _attack_value(self, m: Mover, hexes: tuple[Hex, ...], base: float,
                      sight: bool = False, distances: list[int] | None = None) -> float:
        f = m.fig
        if not m.can_attack:
            return 0.0
        if distances is None:
            distances = [spaces_between(hexes, e.hexes) for e in m.enemies]
        reach = f.range
        near: list[Fig] = []
        adjacent: list[Fig] = []
        for e, d in zip(m.enemies, distances, strict=True):
            if d <= reach:
                near.append(e)
                if d == 1:
                    adjacent.append(e)
        if not near:
            return 0.0
        state = m.snap.state
        body: Body | None = None
        touching: set[str] = set()  # adjacent by the rules: no sight needed
        if adjacent:
            body = state.body_at(f.id, hexes)
            touching = {e.id for e in adjacent if is_adjacent(body, state.body(e.id))}
            engaged = engaged_with(state.board, body, [state.body(e) for e in touching])
            if engaged:  # an engaged figure attacks only what it is engaged with
                near = [e for e in near if e.id in engaged]
        # The swarm bonus counts every opponent near the attacker, whichever it attacks.
        swarm = swarm_bonus(f, hexes, m.enemies) if f.swarm is not None else 0
        attack = f.attack
        scored = []
        for e in near:
            a = attack + swarm + (1 if base > e.base else 0)  # height advantage
            d = e.defense + (1 if e.base > base else 0)
            scored.append((expected_loss(a, d, e), e))
        if not sight:
            return max(value for value, _ in scored) * self.ev.w.tempo_now
        scored.sort(key=lambda x: -x[0])
        body = body or state.body_at(f.id, hexes)
        others = [state.body(o) for o in state.on_battlefield() if o != f.id]
        for value, e in scored:
            if e.id in touching or line_of_sight(state.board, body, state.body(e.id),
                                                 others).clear:
                return value * self.ev.w.tempo_now
        return 0.0

    def _exposure(self, m: Mover, hexes: tuple[Hex, ...], base: float,
                  distances: list[int] | None = None) -> float:
        f = m.fig
        worst = 0.0
        friends: list[Fig] | None = None
        defense = f.defense
        focus = self.ev.w.focus
        joint = self.ev.w.joint_threat
        single = hexes[0] if len(hexes) == 1 else None
        for threats in m.threats:
            scores = []
            attacks: list[tuple[float, tuple[int, int]]] = []  # with `Weights.joint_threat`
            for e, zone, reach, number in threats:
                # `Evaluator.threatens`: in its strike zone, else within move + range.
                if zone is not None:
                    if single is not None:
                        if single not in zone:
                            continue
                    elif not any(h in zone for h in hexes):
                        continue
                elif (distances[number] if distances is not None
                      else spaces_between(e.hexes, hexes)) > reach:
                    continue
                d = defense + (1 if base > e.base else 0)  # height advantage
                a = e.attack
                if e.swarm is not None:
                    # It attacks from beside the mover: its swarm counts the mover's friends.
                    if friends is None:
                        friends = [o for o in m.snap.figs.values()
                                   if o.team == f.team and o.id != f.id]
                    a += swarm_bonus(e, hexes, friends, extra=1)
                scores.append(expected_loss(a, d, f))
                if joint > 0.0:
                    attacks.append((scores[-1], (a, d)))
            if scores:
                scores.sort(reverse=True)
                total = sum(s * focus ** i for i, s in enumerate(scores))
                if len(attacks) > 1:  # the card's attacks on it together
                    attacks.sort(key=lambda pair: (-pair[0], pair[1]))
                    together = focused_loss([dice for _, dice in attacks], f, focus)
                    total += joint * max(0.0, together - total)
                worst = max(worst, total)
        return worst * self.ev.w.tempo_next

    def _glyph_value(self, m: Mover, hexes: tuple[Hex, ...]) -> float:
        glyphs = m.snap.state.glyphs
        if not glyphs:
            return 0.0
        value = 0.0
        landed = None
        for h in hexes:
            g = glyphs.get(h)
            if g is None or h in m.fig.hexes:
                continue
            if g.face_up and g.kind is not None and g.kind in PERMANENT_GLYPHS:
                landed = g.kind
                amount = g.amount or GLYPH_AMOUNTS.get(g.kind, 1)
                value += m.glyph_gain.get(g.kind, 0.0) * amount
            elif g.face_up and g.kind in ("knowledge", "recall"):
                value += self.ev.w.hand_card
        if m.held is not None and landed != m.held and not any(h in m.fig.hexes
                                                                for h in hexes):
            value -= m.glyph_gain.get(m.held, 0.0) * GLYPH_AMOUNTS.get(m.held, 1)
        return value

    def position_score(self, m: Mover, hexes: tuple[Hex, ...], reach: Reach | None,
                       sight: bool = False) -> float:
        """The score of the mover standing at ``hexes`` (after ``reach``, if it moves)."""
        snap = m.snap
        board = snap.state.board
        base = board.base_height(hexes[0]) if len(hexes) == 1 else base_height_at(board, hexes)
        # The spaces to each opponent, which all three parts read.
        distances = m.distances(hexes)
        score = self._attack_value(m, hexes, base, sight, distances)
        score -= self._exposure(m, hexes, base, distances)
        score += self.ev.position_value(snap, m.fig, hexes, base, m.enemies, distances)
        if reach is not None:
            score -= binomial_loss(len(reach.provokes) + len(reach.falls), m.fig)
            score += self._glyph_value(m, hexes)
        return score
