"""Action 4: who may attack whom, with how many dice, and the attack itself.

Guide Action 4 "Who can attack?" and "How to attack":

- each figure of the chosen army card attacks at most once a turn (more where abilities add
  attacks: `stats.attacks_allowed`);
- the target must be an opposing figure within range: spaces only, levels ignored, counted
  from either space of a double-space attacker to either space of the target;
- an engaged figure may attack only figures it is engaged with;
- clear sight (`sight.line_of_sight`, target point to hit zone) is needed unless the two are
  adjacent or engaged ("A figure does not need line of sight to attack a figure that it is
  engaged with or adjacent to"); adjacent as the rules mean it (`bodies.is_adjacent`): a
  neighbour whose base is as high above the other's as the other is tall is "not adjacent"
  (Action 3, Example 11) and needs sight; a neighbour cut off by a ruin is adjacent though not
  engaged, and does not;
- attack dice = the folded ``attack_dice`` stat (printed attack, height advantage, glyphs,
  abilities ...), defense dice = the folded ``defense_dice``; hits minus shields is the damage
  (`effects.deal_damage`: destruction at life, the army card to its graveyard).

Shadows over Innistrad "Cryptoliths": a standing cryptolith is a target too, named
``crypt:<obstacle id>`` (`arena.engine.cryptoliths` holds its rules: range, engagement, sight
to the whole cryptolith, toughness 4, life 3, destruction). From a cryptolith's top, sight to a
figure is the best of the figure's target point and the four cryptolith points.

`attack_options` explains every possible target for the client and the AI: the dice and their
sources, or why the attack is impossible. `damage_odds` gives the exact damage distribution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arena.engine import cryptoliths
from arena.engine.actions import Action, Attack
from arena.engine.bodies import is_adjacent
from arena.engine.context import Ctx
from arena.engine.dice import RollPurpose, damage_distribution, destroy_chance, expected_damage
from arena.engine.effects import deal_damage
from arena.engine.errors import IllegalAction
from arena.engine.events import AttackDeclared, AttackResolved, StepEnded
from arena.engine.move_action import engaged_with
from arena.engine.sight import Sight
from arena.engine.state import GameState
from arena.engine.stats import (
    StatQuery,
    StatValue,
    acting_figures,
    acts_this_turn,
    attacks_allowed,
    fold,
    life_left,
    stat,
)
from arena.engine.vocab import ATTACK_PHASES, MOVE_PHASES, Phase, Point
from arena.hexgrid import Hex

__all__ = [
    "AttackOption",
    "DamageOdds",
    "apply_attack",
    "attack_actions",
    "attack_options",
    "attacker_problem",
    "can_attack_now",
    "damage_odds",
    "range_between",
    "spaces_between",
    "target_problem",
]



@dataclass(frozen=True, slots=True)
class AttackOption:
    """One possible target of an attacker: the dice with their sources, or the reason the
    attack is impossible (``reason`` set, dice 0)."""

    target: str
    name: str
    attack_dice: int
    defense_dice: int
    attack_sources: tuple[tuple[str, int], ...]
    defense_sources: tuple[tuple[str, int], ...]
    reason: str | None = None

    @property
    def possible(self) -> bool:
        """Whether the attack is legal (apart from whose turn it is)."""
        return self.reason is None


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """Exact odds of one attack: P(damage == k) for each k, P(destroy), expected damage."""

    attack_dice: int
    defense_dice: int
    life_left: int
    distribution: tuple[Fraction, ...]
    destroy: Fraction
    expected: Fraction


def spaces_between(a: Sequence[Hex], b: Sequence[Hex]) -> int:
    """Guide "Range": the spaces between figures standing on ``a`` and on ``b``, levels
    ignored, counted between their nearest spaces. (The AI asks it of positions it weighs.)"""
    # `distance` written out: the AI asks this of every position it weighs.
    best = 1 << 30
    for x in a:
        q, r = x.q, x.r
        for y in b:
            dq = q - y.q
            dr = r - y.r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            if d < best:
                best = d
    if not a or not b:
        raise ValueError("spaces_between needs spaces on both sides")
    return best


def range_between(state: GameState, a: str, b: str) -> int:
    """`spaces_between` two figures where they stand."""
    return spaces_between(state.figures[a].hexes, state.figures[b].hexes)


def _blocked(sight: Sight) -> str:
    b = sight.blocker
    if b is None:
        return "no clear sight"
    what = b.id or b.kind
    return f"no clear sight: blocked by {what} at [{b.hex.q}, {b.hex.r}]"


def sight_between(state: GameState, a: str, b: str) -> Sight:
    """Line of sight from figure ``a``'s target point to figure ``b``'s hit zone, every
    other figure in the way counting (from a cryptolith's top, the best cryptolith point)."""
    return cryptoliths.sight_between(state, a, b)


def _attack_sight(state: GameState, a: str, b: str) -> Sight:
    """`sight_between` for the attack rules, kept in the state's cache until the state
    changes (the legal attacks ask, then the attack asks again)."""
    key = f"attack_sight:{a}:{b}"
    found: Sight | None = state.cache.get(key)
    if found is None:
        found = state.cache[key] = sight_between(state, a, b)
    return found


def target_problem(state: GameState, attacker: str, target: str) -> str | None:
    """Why ``attacker`` cannot attack ``target`` -- a figure or a cryptolith (geometry and
    engagement) -- or None."""
    if cryptoliths.is_target(target):
        return cryptoliths.target_problem(state, attacker, cryptoliths.obstacle_of(target),
                                          engaged_with(state, attacker))
    if target not in state.figures:
        return f"no figure {target}"
    if state.figures[target].zone != "battlefield":
        return "the target is not on the battlefield"
    if not state.static.opposed(state.controller(attacker), state.controller(target)):
        return "only opposing figures can be attacked"
    reach = stat(state, Point.RANGE, attacker)
    spaces = range_between(state, attacker, target)
    if spaces > reach:
        return f"out of range ({spaces} > {reach})"
    engaged = engaged_with(state, attacker)
    if engaged and target not in engaged:
        return "engaged with another figure"
    # Rules adjacency, not touching hexes: a ledge at least as high as the lower figure makes
    # the two "not adjacent" (Action 3, Example 11), so they need sight like any others.
    if target in engaged or is_adjacent(state.body(attacker), state.body(target)):
        return None
    sight = _attack_sight(state, attacker, target)
    if not sight.clear:
        return _blocked(sight)
    return None


def attacker_problem(state: GameState, attacker: str) -> str | None:
    """Why ``attacker`` cannot attack now (turn, phase, card, attacks used), or None."""
    if attacker not in state.figures:
        return f"no figure {attacker}"
    ts = state.turn_state
    if state.phase not in ATTACK_PHASES:
        return "attacking is over for this turn"
    if not acts_this_turn(state, attacker):
        return "only figures of the chosen army card attack"
    if state.figures[attacker].zone != "battlefield":
        return "that figure is not on the battlefield"
    if state.controller(attacker) != state.active:
        return "you do not control that figure"
    if ts.attacks_by(attacker) >= attacks_allowed(state, attacker):
        return "that figure has already attacked this turn"
    return None


def can_attack_now(state: GameState, attacker: str) -> bool:
    """Whether a figure may make an attack now (targets aside)."""
    return attacker_problem(state, attacker) is None


def _dice(state: GameState, attacker: str, target: str) -> tuple[StatValue, StatValue]:
    if cryptoliths.is_target(target):
        # A cryptolith is terrain: the attacker's modifiers are asked without a target, and
        # its toughness is printed on no card and modified by nothing.
        toughness = cryptoliths.CRYPTOLITH_TOUGHNESS
        return (fold(state, StatQuery(Point.ATTACK_DICE, attacker)),
                StatValue(Point.DEFENSE_DICE, target, toughness, (), toughness))
    return (fold(state, StatQuery(Point.ATTACK_DICE, attacker, target)),
            fold(state, StatQuery(Point.DEFENSE_DICE, target, attacker)))


def _target_name(state: GameState, target: str) -> str:
    if cryptoliths.is_target(target):
        return cryptoliths.cryptolith_name(state, cryptoliths.obstacle_of(target))
    return state.static.figure_name(target)


def _life_left(state: GameState, target: str) -> int:
    if cryptoliths.is_target(target):
        return cryptoliths.life_left(state, cryptoliths.obstacle_of(target))
    return life_left(state, target)


def attack_options(state: GameState, attacker: str) -> list[AttackOption]:
    """Every opposing figure on the battlefield, then every standing cryptolith, as a target
    of ``attacker``: dice and sources, or the reason it cannot be attacked."""
    out = []
    me = state.controller(attacker)
    targets = [t for t in state.on_battlefield()
               if t != attacker and state.static.opposed(me, state.controller(t))]
    targets.extend(cryptoliths.target_id(c) for c in cryptoliths.standing(state))
    for target in targets:
        name = _target_name(state, target)
        reason = target_problem(state, attacker, target)
        if reason is not None:
            out.append(AttackOption(target, name, 0, 0, (), (), reason))
            continue
        a, d = _dice(state, attacker, target)
        out.append(AttackOption(target, name, a.total, d.total, a.sources, d.sources))
    return out


def attack_actions(state: GameState) -> list[Action]:
    """Every legal `Attack` now."""
    ts = state.turn_state
    if ts.chosen is None or state.phase not in ATTACK_PHASES:
        return []
    out: list[Action] = []
    for attacker in acting_figures(state):
        if attacker_problem(state, attacker) is not None:
            continue
        for option in attack_options(state, attacker):
            if option.possible:
                out.append(Attack(attacker, option.target))
    return out


def damage_odds(state: GameState, attacker: str, target: str) -> DamageOdds:
    """The exact damage distribution of ``attacker`` attacking ``target`` now, and the
    chance it destroys the target with the life it has left."""
    a, d = _dice(state, attacker, target)
    left = _life_left(state, target)
    return DamageOdds(a.total, d.total, left, damage_distribution(a.total, d.total),
                      destroy_chance(a.total, d.total, left), expected_damage(a.total, d.total))


def apply_attack(ctx: Ctx, action: Attack) -> None:
    """Resolve one attack: declare, roll attack then defense, deal hits minus shields."""
    state = ctx.state
    problem = attacker_problem(state, action.attacker)
    if problem is None:
        problem = target_problem(state, action.attacker, action.target)
    if problem is not None:
        raise IllegalAction(action, problem)
    if state.phase in MOVE_PHASES:
        ctx.emit(StepEnded(state.active, "moving"))
    state.phase = Phase.ATTACK
    a, d = _dice(state, action.attacker, action.target)
    static = state.static
    ctx.emit(AttackDeclared(action.attacker, static.figure_name(action.attacker), action.target,
                            _target_name(state, action.target), a.total, d.total, a.sources,
                            d.sources))
    ts = state.turn_state
    counts = dict(ts.attacks)
    counts[action.attacker] = counts.get(action.attacker, 0) + 1
    state.set_turn(attacks=tuple(counts.items()))
    attack = ctx.roll(state.controller(action.attacker), a.total, RollPurpose.ATTACK)
    if cryptoliths.is_target(action.target):
        # Nobody owns a cryptolith: the attacking player rolls its defense too.
        defense = ctx.roll(state.controller(action.attacker), d.total,
                           RollPurpose.CRYPTOLITH_DEFENSE)
    else:
        defense = ctx.roll(state.controller(action.target), d.total, RollPurpose.DEFENSE)
    damage = max(0, attack.hits - defense.shields)
    ctx.emit(AttackResolved(action.attacker, action.target, attack.hits, defense.shields, damage))
    if cryptoliths.is_target(action.target):
        cryptoliths.deal_damage(ctx, cryptoliths.obstacle_of(action.target), damage,
                                static.figure_name(action.attacker))
    else:
        deal_damage(ctx, action.target, damage, static.figure_name(action.attacker))
