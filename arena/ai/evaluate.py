"""Position evaluation: how good a state is for one seat's team, in army points.

Everything here reads a player's view (a `GameState` made by `Game.view`); nothing is hidden
information. The value of a state for ``me`` is my team's total minus the opposing teams'
totals weighed towards the strongest of them (`rival_total`: in a free-for-all a win means
beating the best opponent), where a team's total is:

- **material**: each figure on the battlefield at its price, less `Weights.wound` of it as it
  takes damage; a Planeswalker, in a scenario won by destroying Planeswalkers, at
  `Weights.pw_life` scaled by the life it has left plus `Weights.pw_alive` (losing it loses
  the game, however wounded it was); figures in reserve at `Weights.reserve` of their price
  (while the Planeswalker can still summon them);
- **stats**: folded attack, defense, move and range above the printed numbers (glyphs held,
  auras, counters, static abilities), as a fraction of the figure's price per point;
- **cards**: spell cards in hand and enchantments on the team's army cards;
- **position**: height (one extra die to attack and defend from higher ground), closing in
  on the enemy (spaces beyond striking distance cost a little), standing on a face-down glyph,
  and in the Melee the power spaces (worth more as the last turn nears);
- **tempo**: what the players still to act before my next turn can do. The player on turn
  keeps what its chosen card can still do this turn (`Weights.tempo_now`); each later player
  the best card it could choose (`Weights.tempo_next`, `Weights.tempo_later`; the
  Planeswalker's card with the summons it allows): the expected loss it inflicts (exact
  damage distributions from the engine's dice, folded stats; an attack bonus that counts
  the attacker's opponents near it, such as Avatar of Justice, counted beside the target:
  `Swarm`) on the best target it can reach
  (move + range spaces, or, during a search, the spaces it could really strike next turn:
  `strike_zones`; a figure that has moved attacks from where it stands, through the
  engine's attack options: sight, engagement, every modifier), added for my team, subtracted
  for opponents (against my team only); my own next turn counts a little. One army card acts
  per turn, so a player's potential is its best card's, not its whole army's -- plus a
  share of close runners-up (`soft_best`: the estimates are rough, and a player with two
  good cards picks whichever turns out better), which is what barring one is worth.

A finished game is worth +/- `Weights.win` (a draw 0); a position still in play stays inside
that (`Evaluator.bounded`): nothing in play is worse than having lost. The numbers are
deliberately simple and fast (about half a millisecond for a Duel position) because the search
evaluates thousands.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

from arena.ai.snapshot import Deltas, Fig, Snapshot, figure_price, snapshot
from arena.ai.weights import Weights
from arena.engine.actions import pos_hexes
from arena.engine.combat import attack_options, spaces_between
from arena.engine.dice import damage_distribution
from arena.engine.game import Game
from arena.engine.setup import turn_order
from arena.engine.state import GameState
from arena.engine.stats import (
    acting_figures,
    attacks_allowed,
    stat,
)
from arena.engine.vocab import MOVE_PHASES, PLAYER_PHASES, SETUP_PHASES, Phase, Point
from arena.hexgrid import Hex

__all__ = [
    "Evaluator",
    "Zones",
    "damage_probs",
    "detained",
    "expected_loss",
    "focused_loss",
    "rival_total",
    "soft_best",
    "strike_zones",
    "swarm_bonus",
]


def detained(state: GameState, seat: int) -> frozenset[str]:
    """The army cards ``seat`` may not choose on its next turn (a `forbid_choice` effect such
    as Stand Down, not yet begun): a fresh turn's potential leaves them out, which is what
    such a spell is worth."""
    return frozenset(card for d in state.lasting.detentions
                     if d.seat == seat and not d.active for card in d.cards)


@lru_cache(maxsize=4096)
def damage_probs(attack: int, defense: int) -> tuple[float, ...]:
    """P(damage == k) for k = 0..attack, as floats (the engine's exact distribution)."""
    return tuple(float(p) for p in damage_distribution(max(0, attack), max(0, defense)))


_LOSSES: dict[tuple[int, int, int, float, float], float] = {}
"""`expected_loss` by its inputs: the quick policy asks the same few attacks of every
position a figure can reach, tens of thousands of times a decision."""
_LOSSES_KEPT = 1 << 16
"""Entries `_LOSSES` keeps before starting afresh (a bound on its memory)."""


def expected_loss(attack: int, defense: int, target: Fig) -> float:
    """The expected value an attack takes from ``target`` (destruction takes all of it)."""
    left = target.life - target.damage  # `Fig.left`, written out: this runs very often
    if left < 0:
        left = 0
    key = (attack, defense, left, target.value, target.per_damage)
    found = _LOSSES.get(key)
    if found is None:
        if len(_LOSSES) >= _LOSSES_KEPT:
            _LOSSES.clear()
        found = _LOSSES[key] = _expected_loss(attack, defense, left, target.value,
                                              target.per_damage)
    return found


def _expected_loss(attack: int, defense: int, left: int, value: float, per_damage: float
                   ) -> float:
    probs = damage_probs(attack, defense)
    total = 0.0
    for k in range(1, len(probs)):
        p = probs[k]
        if p <= 0.0:
            continue
        total += p * (value if k >= left else per_damage * k)
    return total


_FOCUSED: dict[tuple[tuple[tuple[int, int], ...], int, float, float, float], float] = {}
"""`focused_loss` by its inputs (the same few squads meet the same targets in every
position of a decision)."""


def focused_loss(attacks: Sequence[tuple[int, int]], target: Fig, focus: float) -> float:
    """The expected value several attacks (attack dice, defense dice) take from one target
    together, the i-th made with probability ``focus`` ** i (a squad's later figures may not
    get there, `Weights.focus`): from the exact distribution of their total damage, so a
    kill only the attacks together make is priced as a kill. With one attack it is
    `expected_loss`; with no kill in reach, the sum of each attack's own loss weighed as
    `Evaluator.card_potential` weighs them."""
    left = max(0, target.life - target.damage)
    key = (tuple(attacks), left, target.value, target.per_damage, focus)
    found = _FOCUSED.get(key)
    if found is not None:
        return found
    if len(_FOCUSED) >= _LOSSES_KEPT:
        _FOCUSED.clear()
    total = [1.0] + [0.0] * left  # P(total damage == k); the last entry: enough to destroy
    for i, (attack, defense) in enumerate(attacks):
        made = focus ** i
        probs = damage_probs(attack, defense)
        grown = [0.0] * (left + 1)
        for k, pk in enumerate(total):
            if pk == 0.0:
                continue
            if k == left:
                grown[left] += pk
                continue
            grown[k] += pk * (1.0 - made)
            for j, pj in enumerate(probs):
                grown[min(left, k + j)] += pk * made * pj
        total = grown
    value = total[left] * target.value + sum(
        p * target.per_damage * k for k, p in enumerate(total[:left]))
    _FOCUSED[key] = value
    return value


def soft_best(values: Iterable[float], spread: float) -> float:
    """What a player expects from choosing the best of several options whose values are
    estimates with noise of scale ``spread``: the best value plus a log-sum-exp share of the
    close runners-up (the expected maximum under Gumbel noise, less its constant part). Only
    options worth something count (an option that does nothing adds nothing); with no
    ``spread``, the plain best."""
    worth = [v for v in values if v > 0.0]
    if not worth:
        return 0.0
    best = max(worth)
    if spread <= 0.0 or len(worth) == 1:
        return best
    return best + spread * math.log(sum(math.exp((v - best) / spread) for v in worth))


def rival_total(totals: Sequence[float], spread: float) -> float:
    """What the opposing teams' totals weigh against mine: their log-mean-exp at ``spread``
    (`Weights.rival_spread`; infinite: their mean), which lies between their mean and the
    largest of them and leans to the largest -- in a free-for-all, winning means finishing
    ahead of the best of them -- while still growing with every one of them (hurting the
    trailing opponent is worth a little, never nothing, and never less than nothing). One
    team: its total; none: 0."""
    if not totals:
        return 0.0
    top = max(totals)
    if len(totals) == 1 or spread <= 0.0:
        return top
    if math.isinf(spread):
        return sum(totals) / len(totals)
    return top + spread * math.log(sum(math.exp((t - top) / spread) for t in totals)
                                   / len(totals))


def swarm_bonus(f: Fig, at: Sequence[Hex], others: Iterable[Fig], extra: int = 0) -> int:
    """The dice ``f``'s `Swarm` adds to an attack made at ``at``: its opponents among
    ``others`` within its reach of there (sight aside), plus ``extra`` not among them."""
    swarm = f.swarm
    if swarm is None:
        return 0
    near = extra + sum(1 for o in others if o.team != f.team
                       and spaces_between(o.hexes, at) <= swarm.within)
    return swarm.per * near


Attack = tuple[Fig, int, int]
"""An attack a figure could make: its target, the attack dice and the defense dice."""

Zones = dict[str, tuple[tuple[Hex, ...], frozenset[Hex]]]
"""Per figure: where it stood and the spaces it could attack on its next turn (`strike_zones`)."""


def strike_zones(game: Game, figures: Iterable[str]) -> Zones:
    """For each figure: every space within its range of a space it can move to (or stands
    on), sight aside. Move + range spaces as the crow flies miss what really keeps an
    attacker off: a wall of figures, water, cliffs and the engagements on the way -- the
    difference between a Planeswalker behind its squads and one in the open. Measured with
    the engine's path search, which costs milliseconds a figure: a search measures the
    opponents' zones once per decision (they do not move on my turn) and its rollouts
    read them (`Evaluator.zones`)."""
    state = game.state
    board = state.board
    out: Zones = {}
    for fid in figures:
        fs = state.figures[fid]
        reach = game.reachable_spaces(fid)
        rng = max(1, stat(state, Point.RANGE, fid))
        spots = set(fs.hexes)
        for pos in reach:
            spots.update(pos_hexes(pos))
        zone = set(spots)
        frontier = spots
        for _ in range(rng):
            grown = {n for h in frontier for n in board.around(h) if n not in zone and n in board}
            if not grown:
                break
            zone |= grown
            frontier = grown
        out[fid] = (fs.hexes, frozenset(zone))
    return out


class Evaluator:
    """Scores states for a seat (see the module docstring)."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.w = weights or Weights()
        self.deltas: Deltas | None = None
        """Set during a search: rollouts read approximate stats (`snapshot`)."""
        self.zones: Zones = {}
        """Set during a search: the opponents' strike zones (`strike_zones`)."""
        self.evaluations = 0
        """Positions evaluated so far: the search counts them as work (an evaluation costs
        about as much as a simulated action), so its budget tracks what it really does."""

    def zone(self, f: Fig) -> frozenset[Hex] | None:
        """The spaces ``f`` could attack next turn, if measured from where it stands."""
        found = self.zones.get(f.id)
        if found is None or found[0] != f.hexes:
            return None
        return found[1]

    def threatens(self, f: Fig, hexes: Sequence[Hex]) -> bool:
        """Whether ``f`` could attack a figure at ``hexes`` on its next turn: in its strike
        zone when one was measured, else within its move + range spaces."""
        zone = self.zone(f)
        if zone is not None:
            return any(h in zone for h in hexes)
        return spaces_between(f.hexes, hexes) <= f.move + f.range

    def snap(self, state: GameState, me: int) -> Snapshot:
        """The snapshot of a state (exact, or with the search's deltas)."""
        return snapshot(state, me, self.w, self.deltas)

    # --- the whole evaluation ---------------------------------------------------------------

    def bounded(self, value: float) -> float:
        """A live position's value, kept inside (-`Weights.live_limit`, `live_limit`): the
        same number up to `live_knee`, then bent smoothly (and still strictly increasing,
        so better positions stay better)."""
        knee, limit = self.w.live_knee, self.w.live_limit
        size = abs(value)
        if size <= knee or limit <= knee:
            return value
        span = limit - knee
        return math.copysign(knee + span * math.tanh((size - knee) / span), value)

    def evaluate(self, state: GameState, me: int, credit: float = 0.0) -> float:
        """The value of ``state`` for ``me``'s team, in army points (``credit``: what a
        rollout adds for summons it did not place; a finished game ignores it)."""
        self.evaluations += 1
        outcome = state.outcome
        team = state.static.team_of(me)
        if outcome is not None:
            if not outcome.winners:
                return 0.0
            won = any(state.static.team_of(s) == team for s in outcome.winners)
            # Prefer quick wins and late losses.
            return self.w.win - state.turn if won else -self.w.win + state.turn
        return self.bounded(self.live_value(state, me) + credit)

    def live_value(self, state: GameState, me: int) -> float:
        """The value of a position still in play before it is bent inside the live limits
        (`bounded`): a sum of terms each proportional to a weight or to a figure's price,
        which is what the weights are fitted to (`arena.ai.tuning`)."""
        team = state.static.team_of(me)
        snap = self.snap(state, me)
        totals = {t: self.team_total(snap, t) for t in snap.teams}
        opponents = [t for t in snap.teams if t != team
                     and any(not state.is_eliminated(s) for s in snap.teams[t])]
        value = totals[team] - rival_total([totals[t] for t in opponents], self.w.rival_spread)
        return value + self.tempo(snap, opponents)

    def team_total(self, snap: Snapshot, team: int) -> float:
        """Material, stats, cards and position of one team."""
        state = snap.state
        w = self.w
        static = state.static
        total = 0.0
        figs = snap.by_team.get(team, [])
        enemies = [f for t, fs in snap.by_team.items() if t != team for f in fs]
        for f in figs:
            total += f.value
            total += self.position_value(snap, f, f.hexes, f.base, enemies)
        # Reserve figures: worth something while their Planeswalker can still summon them.
        summoning = set(state.turn_state.summoned)
        worth = dict(w.card_values)
        for seat in snap.teams[team]:
            alive = state.has_planeswalker(seat)
            for uid in static.players[seat].cards:
                if state.cards[uid].zone != "reserve" and uid not in summoning:
                    continue
                for fid in static.cards[uid].figures:
                    if state.figures[fid].zone != "reserve":
                        continue
                    price = figure_price(state, fid, worth)
                    if uid in summoning and state.active == seat:
                        total += price  # being summoned now
                    elif alive:
                        total += w.reserve * price
                    else:
                        total += 0.05 * price
            p = state.players[seat]
            total += w.hand_card * len(p.hand)
            for uid in static.players[seat].cards:
                for a in state.cards[uid].enchantments:
                    if static.spells.get(a.spell) is not None and \
                            static.spells[a.spell].owner == seat:
                        total += w.enchantment
        return total

    def position_value(self, snap: Snapshot, f: Fig, hexes: Sequence[Hex], base: float,
                       enemies: Iterable[Fig], distances: Sequence[int] | None = None
                       ) -> float:
        """Height, closing in, glyphs and power spaces of a figure standing at ``hexes``
        (``distances``: the spaces between ``hexes`` and each of ``enemies``, when the caller
        has them already)."""
        w = self.w
        state = snap.state
        value = w.height * base
        nearest = 99
        if distances is None:
            distances = [spaces_between(hexes, e.hexes) for e in enemies]
        for d in distances:
            if d < nearest:
                nearest = d
        if nearest < 99:
            over = nearest - (f.move + f.range)
            if over > 0:
                value -= (w.pw_approach if f.pw else w.approach) * f.price * min(over, 10)
        for h in hexes:
            g = state.glyphs.get(h)
            if g is None:
                continue
            if g.kind is None or not g.face_up:
                value += w.unknown_glyph
            elif g.kind == "healing" and f.damage:
                value += w.healing_glyph
        if snap.power:
            p = snap.progress
            if any(h in snap.power for h in hexes):
                value += w.power_space * (f.price + (w.pw_extra if f.pw else 0.0)) * (
                    0.2 + 1.3 * p * p)
            else:
                gap = min((spaces_between(hexes, (h,)) for h in snap.power
                           if h not in state.occupant_map()), default=0)
                value -= 0.015 * f.price * min(gap, 12) * (0.3 + p)
        return value

    # --- tempo --------------------------------------------------------------------------------

    def tempo(self, snap: Snapshot, opponents: list[int]) -> float:
        """What the players still to act before my next turn can do (module docstring): the
        player on turn what it can still do, each later player its best card on a fresh
        turn, and my own next turn a little."""
        state = snap.state
        static = state.static
        if state.phase in SETUP_PHASES or state.phase == Phase.OVER:
            return 0.0
        order = turn_order(static, state.active)
        value = 0.0
        n_opp = max(1, len(opponents))
        for k, seat in enumerate((*order, order[0])):
            if k > 0 and seat == snap.me:
                # My next turn: what I threaten now counts a little (they move first).
                value += self.w.tempo_later * self.fresh_potential(snap, seat) / n_opp
                break
            if k >= len(order) or state.is_eliminated(seat):
                continue
            if k == 0 and state.phase in PLAYER_PHASES:
                weight = self.w.tempo_now
                potential = self.current_potential(snap, seat)
            else:
                weight = self.w.tempo_next if k <= 1 else self.w.tempo_later
                potential = self.fresh_potential(snap, seat)
            if static.team_of(seat) == snap.my_team:
                value += weight * potential / n_opp
            else:
                value -= weight * potential
        return value

    def fresh_potential(self, snap: Snapshot, seat: int, summoned: int = 0) -> float:
        """What a player could do on a fresh turn: its best card (the Planeswalker's with the
        summons it allows), softened by the runners-up (`soft_best`); cards it may not
        choose (`detained`) are left out."""
        state = snap.state
        targets = self._targets(snap, seat)
        pw = state.static.players[seat].planeswalker
        barred = detained(state, seat)
        values = []
        for card in state.static.players[seat].cards:
            if state.cards[card].zone != "play" or card in barred:
                continue
            value = self.card_potential(snap, card, seat, targets)
            if card == pw:
                value += self.summon_potential(snap, seat, fresh=True, summoned=summoned)
            values.append(value)
        return soft_best(values, self.w.choice_spread)

    def _targets(self, snap: Snapshot, seat: int) -> list[Fig]:
        team = snap.state.static.team_of(seat)
        if team == snap.my_team:
            return [f for t, fs in snap.by_team.items() if t != team for f in fs]
        return snap.by_team.get(snap.my_team, [])

    def figure_potential(self, snap: Snapshot, f: Fig, targets: Sequence[Fig]) -> float:
        """The best expected loss ``f`` can inflict on a target it can reach on a turn of
        its own: `figure_options`' best, written out (the evaluation's hottest loop: as the
        best of that generator it took 1.9 times as long)."""
        best = 0.0
        zone = self.zone(f)
        reach = f.move + f.range
        for t in targets:
            if zone is not None:
                if not any(h in zone for h in t.hexes):
                    continue
            elif spaces_between(f.hexes, t.hexes) > reach:
                continue
            attack = f.attack
            if f.swarm is not None:
                attack += swarm_bonus(f, t.hexes, snap.figs.values())
            value = expected_loss(attack, t.defense, t)
            if value > best:
                best = value
        return best

    def figure_options(self, snap: Snapshot, f: Fig, targets: Sequence[Fig]
                       ) -> Iterator[Attack]:
        """The attacks ``f`` could make on a turn of its own: each target it can reach
        (`threatens`; it moves first, so no height is assumed), with its dice."""
        # `threatens`, with the zone looked up once for every target.
        zone = self.zone(f)
        reach = f.move + f.range
        for t in targets:
            if zone is not None:
                if not any(h in zone for h in t.hexes):
                    continue
            elif spaces_between(f.hexes, t.hexes) > reach:
                continue
            # It attacks from beside its target: its swarm counts the target's friends there.
            attack = f.attack
            if f.swarm is not None:
                attack += swarm_bonus(f, t.hexes, snap.figs.values())
            yield t, attack, t.defense

    def card_potential(self, snap: Snapshot, card: str, seat: int,
                       targets: Sequence[Fig]) -> float:
        """What a card's figures on the battlefield could do on a fresh turn."""
        state = snap.state
        figs = [snap.figs[f] for f in state.static.cards[card].figures if f in snap.figs]
        if self.w.joint_threat > 0.0 and len(figs) > 1:
            return self.squad_threat([list(self.figure_options(snap, f, targets))
                                      for f in figs if f.controller == seat])
        scores = sorted((self.figure_potential(snap, f, targets)
                         for f in figs if f.controller == seat), reverse=True)
        return sum(s * (self.w.focus ** i) for i, s in enumerate(scores))

    def squad_threat(self, options: Sequence[Sequence[Attack]]) -> float:
        """What figures acting together can take, each from its own attacks (``options``):
        each at its own best target (later figures weighed down by `Weights.focus`), or, where
        that is more, those that can reach one target all at it, priced by the exact total of
        their damage (`focused_loss`), the others at their best; `Weights.joint_threat` of
        the gain counts."""
        w = self.w
        own = [max((expected_loss(a, d, t) for t, a, d in opts), default=0.0)
               for opts in options]
        spread = sum(v * (w.focus ** i) for i, v in enumerate(sorted(own, reverse=True)))
        if w.joint_threat <= 0.0 or len(options) < 2:
            return spread
        best = spread
        targets = {t.id: t for opts in options for t, _, _ in opts}
        for tid in sorted(targets):
            target = targets[tid]
            together: list[tuple[float, tuple[int, int]]] = []
            others: list[float] = []
            for opts, alone in zip(options, own, strict=True):
                dice = next(((a, d) for t, a, d in opts if t.id == tid), None)
                if dice is None:
                    others.append(alone)
                else:
                    together.append((expected_loss(dice[0], dice[1], target), dice))
            if len(together) < 2:
                continue
            together.sort(key=lambda pair: (-pair[0], pair[1]))
            value = focused_loss([dice for _, dice in together], target, w.focus)
            value += sum(v * (w.focus ** (len(together) + j))
                         for j, v in enumerate(sorted(others, reverse=True)))
            best = max(best, value)
        return spread + w.joint_threat * (best - spread)

    def current_potential(self, snap: Snapshot, seat: int) -> float:
        """What the player on turn can still do this turn. Figures that can still move reach
        move + range spaces; those that cannot attack from where they stand, and for them the
        engine's attack options count (sight, engagement, every modifier)."""
        state = snap.state
        ts = state.turn_state
        phase = state.phase
        if ts.chosen is None:
            return self.fresh_potential(snap, seat, summoned=len(ts.summoned))
        targets = self._targets(snap, seat)
        scores = []
        options: list[list[Attack]] = []
        joint = self.w.joint_threat > 0.0
        attack_over = phase == Phase.POST_ATTACK
        for fid in acting_figures(state):
            f = snap.figs.get(fid)
            if f is None or f.controller != seat or attack_over:
                continue
            if ts.attacks_by(fid) >= attacks_allowed(state, fid):
                continue
            can_move = phase in MOVE_PHASES and fid not in ts.moved
            if joint:
                options.append(list(self.figure_options(snap, f, targets)) if can_move
                               else self.attacks_now(snap, fid))
            elif can_move:
                scores.append(self.figure_potential(snap, f, targets))
            else:
                scores.append(self.attack_now(snap, fid))
        if joint:
            return self.squad_threat(options) + self.summon_potential(snap, seat)
        scores.sort(reverse=True)
        value = sum(s * (self.w.focus ** i) for i, s in enumerate(scores))
        return value + self.summon_potential(snap, seat)

    def attacks_now(self, snap: Snapshot, figure: str) -> list[Attack]:
        """The attacks ``figure`` can make from where it stands, with the engine's dice
        (`attack_now`'s options)."""
        found = []
        for option in attack_options(snap.state, figure):
            target = snap.figs.get(option.target)
            if option.possible and target is not None:
                found.append((target, option.attack_dice, option.defense_dice))
        return found

    def attack_now(self, snap: Snapshot, figure: str) -> float:
        """The best expected loss ``figure`` can inflict from where it stands (`attacks_now`:
        the engine's attack options, sight, engagement and dice with every modifier)."""
        return max((expected_loss(a, d, t) for t, a, d in self.attacks_now(snap, figure)),
                   default=0.0)

    def summon_potential(self, snap: Snapshot, seat: int, fresh: bool = False,
                         summoned: int = 0) -> float:
        """In the summoning window (or, ``fresh``, on a new turn of ``seat``): what summoning
        the best reserve cards would add."""
        state = snap.state
        static = state.static
        ts = state.turn_state
        pw_card = static.players[seat].planeswalker
        if not state.has_planeswalker(seat):
            return 0.0
        if fresh:
            left = 2 - summoned
        else:
            if state.phase not in (Phase.CHOOSE, Phase.PRE_MOVE):
                return 0.0
            if ts.chosen is not None and ts.chosen != pw_card:
                return 0.0
            left = 2 - len(ts.summoned) if ts.chosen is not None else 2
        gains = []
        worth = dict(self.w.card_values)
        for uid in static.players[seat].cards:
            if uid == pw_card or state.cards[uid].zone != "reserve":
                continue
            figs = [f for f in static.cards[uid].figures if state.figures[f].zone == "reserve"]
            gains.append(sum(figure_price(state, f, worth) for f in figs)
                         * (1.0 - self.w.reserve))
        gains.sort(reverse=True)
        return sum(gains[:max(0, left)])
