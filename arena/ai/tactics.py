"""Fast tactics: scoring moves, placements and attacks without copying the game, the default
answers to pending decisions, and the quick policy that plays out the rest of a turn
(the search's rollouts).

Move scoring (`Tactics.move_options`) puts the moving figure on each reachable position and
scores it there (`arena.ai.position_scores`: its best attack, minus its exposure, plus what
the position gives); clear sight is checked for the best-looking positions of a ranged
figure.

The quick policy (`Tactics.policy_action`) plays a turn greedily: choose the card with the
most to do (the evaluation's card potential; the Planeswalker's with its summons), summon the
most expensive squad that fits (rollouts credit the summon instead of placing figures: see
`rollout`), play the spells and use the abilities that improve the evaluation (one copy
each), move each figure to the best of its few best-scored positions by the evaluation after
the move -- or leave it where it is --, then make the attack with the largest expected loss
while there is one, then end the turn. Playing that policy to the end of a turn (the search's
rollouts) is `arena.ai.rollout`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arena.ai.chance import BLANK_FACE as BLANK
from arena.ai.chance import apply_outcome
from arena.ai.evaluate import Evaluator, expected_loss
from arena.ai.position_scores import PositionScores, binomial_loss
from arena.ai.snapshot import Fig, Snapshot
from arena.engine import (
    Accept,
    Action,
    Answer,
    Attack,
    BeginSummon,
    ChooseCard,
    ChooseFirstPlayer,
    EndAttack,
    EndMove,
    EndTurn,
    Game,
    IllegalAction,
    MoveFigure,
    Pass,
    PlaceFigure,
    PlacePlaneswalker,
    PlaySpell,
    UseAbility,
)
from arena.engine.actions import pos_hexes
from arena.engine.state import GameState
from arena.engine.stats import (
    acting_figures,
    attacks_allowed,
    base_height_at,
    keywords,
    stat,
)
from arena.engine.summon import summonable_cards
from arena.engine.turn import extension_actions as turn_extensions
from arena.engine.vocab import ATTACK_PHASES, MOVE_PHASES, PLAYER_PHASES, Phase, Point

__all__ = [
    "Tactics",
    "action_bonus",
    "extension_actions",
    "figure_price",
    "is_my_turn",
    "spread",
]

LOS_CHECKS = 6
"""Positions of a ranged figure whose best attack is confirmed with a line-of-sight check."""


def is_my_turn(state: GameState, me: int) -> bool:
    """Whether ``me``'s team is on turn and no other player's decision is pending."""
    return (state.outcome is None and state.static.team_of(state.active) ==
            state.static.team_of(me) and state.phase in PLAYER_PHASES)


def extension_actions(game: Game) -> list[Action]:
    """The legal spells and activated abilities now, without generating moves (cheap): the
    engine's own list, outside a pending decision."""
    state = game.state
    if state.pending or state.outcome is not None:
        return []
    return turn_extensions(state, state.active)


class Tactics(PositionScores):
    """Scores and the quick policy (see the module docstring)."""

    def __init__(self, evaluator: Evaluator | None = None, answer_width: int = 3,
                 eval_moves: int = 3, extension_width: int = 4) -> None:
        self.ev = evaluator or Evaluator()
        self.answer_width = answer_width
        """Options of an effect's question compared by one ply in simulations (effects that
        move figures make each option cost a path search)."""
        self.eval_moves = eval_moves
        """Positions per figure (best by the move scores) the quick policy compares by the
        evaluation; 0: the move scores alone decide."""
        self.extension_width = extension_width
        """Spells and abilities (evenly spread over those legal) the quick policy tries in a
        step: each costs a copy of the game and an evaluation or more."""

    # --- moves (the position scores: `arena.ai.position_scores`) ---------------------

    def move_options(self, game: Game, figure: str, me: int, snap: Snapshot | None = None,
                     can_attack: bool = True) -> tuple[float, list[tuple[float, MoveFigure]]]:
        """(score of staying, [(score, move)] best first) for one figure of the chosen card."""
        state = game.state
        snap = snap or self.ev.snap(state, me)
        if figure not in snap.figs:
            return 0.0, []
        m = self._mover(snap, figure, can_attack)
        ranged = m.fig.range > 1
        stay = self.position_score(m, m.fig.hexes, None, sight=ranged)
        out: list[tuple[float, MoveFigure]] = []
        reaches = game.reachable_spaces(figure)
        for pos, reach in reaches.items():
            hexes = pos_hexes(pos)
            out.append((self.position_score(m, hexes, reach), MoveFigure(figure, pos)))
        if "flying" in _keywords(state, figure):
            for pos, reach in game.reachable_spaces(figure, walk=True).items():
                flown = reaches.get(pos)
                if flown is None or len(reach.provokes) < len(flown.provokes):
                    out.append((self.position_score(m, pos_hexes(pos), reach),
                                MoveFigure(figure, pos, walk=True)))
        out.sort(key=lambda x: -x[0])
        if ranged and out:
            head = out[:LOS_CHECKS]
            rescored = []
            for _, mv in head:
                moved = game.reachable_spaces(figure, mv.walk).get(mv.to)
                rescored.append((self.position_score(m, pos_hexes(mv.to), moved, sight=True),
                                 mv))
            out = sorted(rescored + out[LOS_CHECKS:], key=lambda x: -x[0])
        return stay, out

    def placement_options(self, game: Game, actions: Sequence[Action], me: int
                          ) -> list[tuple[float, Action]]:
        """Placements (summoning, Planeswalker set-up) scored like moves, best first."""
        state = game.state
        figure = _placing(state)
        snap = self.ev.snap(state, me)
        out: list[tuple[float, Action]] = []
        if figure is None:
            return [(0.0, a) for a in actions]
        f = _reserve_fig(state, figure, snap, self.ev.w.pw_life + self.ev.w.pw_alive)
        snap.figs[figure] = f
        m = self._mover(snap, figure, can_attack=False)
        for a in actions:
            if not isinstance(a, (PlaceFigure, PlacePlaneswalker)):
                out.append((0.0, a))
                continue
            hexes = pos_hexes(a.position)
            base = base_height_at(state.board, hexes)
            m.fig.hexes = hexes
            m.fig.base = base
            score = self._attack_value(m.attacking(), hexes, base) * 0.5
            score -= self._exposure(m, hexes, base)
            score += self.ev.position_value(snap, m.fig, hexes, base, m.enemies)
            out.append((score, a))
        out.sort(key=lambda x: -x[0])
        return out

    # --- attacks -----------------------------------------------------------------------------

    def attack_scores(self, game: Game, me: int, snap: Snapshot | None = None
                      ) -> list[tuple[float, Attack]]:
        """Every attack possible now with its expected loss to the target, best first."""
        state = game.state
        ts = state.turn_state
        if ts.chosen is None or state.phase not in ATTACK_PHASES:
            return []
        snap = snap or self.ev.snap(state, me)
        out: list[tuple[float, Attack]] = []
        for fid in acting_figures(state):
            if state.figures[fid].zone != "battlefield" or state.controller(fid) != \
                    state.active or ts.attacks_by(fid) >= attacks_allowed(state, fid):
                continue
            for option in game.attack_options(fid):
                if not option.possible:
                    continue
                target = snap.figs.get(option.target)
                value = 0.0
                if target is not None:
                    value = expected_loss(option.attack_dice, option.defense_dice, target)
                out.append((value, Attack(fid, option.target)))
        out.sort(key=lambda x: -x[0])
        return out

    # --- pending decisions --------------------------------------------------------------------

    def decide_pending(self, game: Game, legal: Sequence[Action], me: int) -> Action:
        """A quick answer to a pending decision (the rollouts' and a safe default)."""
        state = game.state
        decision = state.pending[-1] if state.pending else None
        kind = decision.kind if decision is not None else ""
        player = decision.player if decision is not None else state.active
        if kind == "summon" or any(isinstance(a, (PlaceFigure, PlacePlaneswalker))
                                   for a in legal[:1]):
            ranked = self.placement_options(game, legal, player)
            if kind != "summon":
                return ranked[0][1]
            for _, a in ranked[:6]:
                if self.placement_ok(game, a, len(legal)):
                    return a
            return ranked[0][1]
        if kind == "discard":
            return min(legal, key=lambda a: _spell_cost(state, a))
        if kind == "recall":
            return max(legal, key=lambda a: _spell_cost(state, a))
        for a in legal:
            if isinstance(a, ChooseFirstPlayer) and a.seat == player:
                return a
        if any(isinstance(a, Accept) for a in legal) and any(isinstance(a, Pass) for a in legal):
            friendly = state.static.team_of(player) == state.static.team_of(me)
            want = Accept if friendly else Pass
            return next(a for a in legal if isinstance(a, want))
        if legal and isinstance(legal[0], Answer):
            return self.one_ply(game, spread(legal, self.answer_width), player)
        return legal[0]

    @staticmethod
    def placement_ok(game: Game, action: Action, offered: int | None = None) -> bool:
        """Whether placing here leaves the rest of the squad somewhere to go (a placed figure
        can hide the remaining spaces from the Planeswalker)."""
        figure = _placing(game.state)
        d = game.state.pending[-1] if game.state.pending else None
        if figure is None or d is None:
            return True
        left = game.state.figures_of_card(d.data.get("card", ""), d.data.get("source",
                                                                              "reserve"))
        if len(left) <= 1 or (offered is not None and offered > 6 * len(left)):
            return True  # plenty of room: the check (a costly one) is not needed
        try:
            clone = game.clone()
            clone.apply(action)
            return bool(clone.legal_actions()) or clone.outcome() is not None
        except IllegalAction:
            return False

    def one_ply(self, game: Game, legal: Sequence[Action], me: int) -> Action:
        """The action whose result evaluates best (one seeded sample each)."""
        best, best_value = legal[0], float("-inf")
        for i, a in enumerate(legal):
            try:
                clone = game.clone()
                clone.apply(a)
                value = self.ev.evaluate(clone.state, me)
            except IllegalAction:  # an action the view cannot play
                continue
            if value > best_value:
                best, best_value = a, value
            del i
        return best

    # --- the quick policy ---------------------------------------------------------------------

    def policy_action(self, game: Game, me: int, rnd: random.Random, summon: bool = True,
                      stay: set[str] | None = None,
                      weighed: set[tuple[int, int, Phase]] | None = None) -> Action:
        """The quick policy's action for the player to act now (see the module docstring).
        ``summon`` False: never begin a summon (the rollouts credit it instead). ``stay``
        collects the figures the policy decided to leave where they are this turn.
        ``weighed`` collects the (seat, turn, phase) steps whose spells and abilities it has
        weighed: each is weighed once, so a rollout plays at most one in each step (trying
        every spell and ability costs a dozen evaluations, the bulk of a rollout's work)."""
        state = game.state
        if state.pending:
            return self.decide_pending(game, game.legal_actions(), me)
        player = state.active
        phase = state.phase
        if phase == Phase.CHOOSE:
            return self.choose_card(game, player)
        if phase == Phase.PRE_MOVE and summon:
            cards = summonable_cards(state)
            if cards:
                return BeginSummon(max(cards, key=lambda c: _card_price(state, c)))
        step = (player, state.turn, phase)
        if phase in (Phase.PRE_MOVE, Phase.POST_ATTACK) and (
                weighed is None or step not in weighed):
            if weighed is not None:
                weighed.add(step)
            extra = self._best_extension(game, player)
            if extra is not None:
                return extra
        if phase in MOVE_PHASES:
            move = self.next_move(game, player, stay if stay is not None else set())
            return move if move is not None else EndMove()
        if phase in (Phase.POST_MOVE, Phase.ATTACK):
            attacks = self.attack_scores(game, player)
            if attacks and attacks[0][0] > 0.0:
                return attacks[0][1]
            return EndAttack()
        return EndTurn()

    def next_move(self, game: Game, player: int, stay: set[str]) -> MoveFigure | None:
        """The next figure's move: its best few positions by the move scores, compared by
        the evaluation after the move (leaving-engagement attacks and falls at their expected
        cost) against leaving it where it is; None when every figure stays."""
        state = game.state
        snap = self.ev.snap(state, player)
        moved = state.turn_state.moved
        base: float | None = None
        for fid in acting_figures(state):
            if fid in moved or fid in stay or state.figures[fid].zone != "battlefield" or \
                    state.controller(fid) != player:
                continue
            stay_score, options = self.move_options(game, fid, player, snap)
            if self.eval_moves <= 0:
                if options and options[0][0] > stay_score + 0.5:
                    return options[0][1]
                stay.add(fid)
                continue
            if base is None:
                base = self.ev.evaluate(state, player)
            best: MoveFigure | None = None
            best_value = base + 0.5
            for _, move in options[:self.eval_moves]:
                value = self._move_value(game, move, player, snap)
                if value > best_value:
                    best, best_value = move, value
            if best is not None:
                return best
            stay.add(fid)
        return None

    def _move_value(self, game: Game, move: MoveFigure, player: int, snap: Snapshot
                    ) -> float:
        """The evaluation after a move, its dice (leaving-engagement attacks, falls) costed
        by expectation instead of rolled."""
        reach = game.reachable_spaces(move.figure, move.walk).get(move.to)
        dice = len(reach.provokes) + len(reach.falls) if reach is not None else 0
        clone = game.clone()
        try:
            apply_outcome(clone, move, (BLANK,) * dice, 0)
        except IllegalAction:  # not a move after all
            return float("-inf")
        value = self.ev.evaluate(clone.state, player)
        f = snap.figs.get(move.figure)
        if dice and f is not None:
            value -= binomial_loss(dice, f)
        return value

    def choose_card(self, game: Game, player: int) -> Action:
        """The card with the most to do this turn (the evaluation's card potential)."""
        state = game.state
        snap = self.ev.snap(state, player)
        targets = [f for f in snap.figs.values()
                   if state.static.opposed(player, f.controller)]
        legal = [a for a in game.legal_actions() if isinstance(a, ChooseCard)]
        if not legal:
            return EndTurn()
        pw = state.static.players[player].planeswalker

        def score(a: ChooseCard) -> float:
            value = self.ev.card_potential(snap, a.card, player, targets)
            if a.card == pw:
                value += self.ev.summon_potential(snap, player)
            return value

        return max(legal, key=score)

    def _best_extension(self, game: Game, player: int) -> Action | None:
        options = extension_actions(game)
        if not options:
            return None
        base = self.ev.evaluate(game.state, player)
        best, best_gain = None, 1.0
        for a in spread(options, self.extension_width):
            try:
                clone = game.clone()
                clone.apply(a)
                while clone.state.pending and clone.outcome() is None and \
                        clone.to_act == player:
                    clone.apply(self.decide_pending(clone, clone.legal_actions(), player))
                gain = self.ev.evaluate(clone.state, player) - base + action_bonus(a)
            except IllegalAction:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best


def spread(items: Sequence[Action], count: int) -> list[Action]:
    """At most ``count`` items, evenly spread over the list (first and last included)."""
    if len(items) <= count:
        return list(items)
    if count <= 1:
        return [items[0]]
    step = (len(items) - 1) / (count - 1)
    return [items[round(i * step)] for i in range(count)]


def action_bonus(action: Action) -> float:
    """A small prior for playing cards: effects that last or trigger later are invisible to
    the evaluation right away, and the cards were put in the deck to be played."""
    if isinstance(action, PlaySpell):
        return 4.0
    if isinstance(action, UseAbility):
        return 2.0
    return 0.0


# --- helpers ---------------------------------------------------------------------------------


def _keywords(state: GameState, figure: str) -> frozenset[str]:
    return keywords(state, figure)


def _spell_cost(state: GameState, action: Action) -> float:
    spell = getattr(action, "spell", None)
    if spell is None:
        return 0.0
    d = state.static.spell_def(spell) if spell in state.static.spells else None
    return float(d.cost) if d is not None else 0.0


def figure_price(state: GameState, figure: str) -> float:
    d = state.static.figure_def(figure)
    ppf = int(d.price_per_figure)
    return float(ppf if ppf > 0 else int(d.cost) // max(1, int(d.figures)))


def _card_price(state: GameState, card: str) -> float:
    d = state.static.card_def(card)
    return float(d.cost)


def _placing(state: GameState) -> str | None:
    """The figure a pending placement decision places next."""
    if not state.pending:
        return None
    d = state.pending[-1]
    if d.kind == "summon":
        card = d.data.get("card")
        source = str(d.data.get("source", "reserve"))
        if isinstance(card, str) and card in state.static.cards:
            figs = state.figures_of_card(card, source)
            return figs[0] if figs else None
    if d.kind == "place_planeswalker":
        return state.planeswalker_figure(d.player)
    return None


def _reserve_fig(state: GameState, figure: str, snap: Snapshot, self_pw: float) -> Fig:
    """A `Fig` for a figure not on the battlefield yet (printed stats)."""
    static = state.static
    info = static.figures[figure]
    d = static.figure_def(figure)
    pw = d.kind == "planeswalker"
    f = Fig(figure, info.owner, info.owner, static.team_of(info.owner), info.card, pw,
            float(d.price_per_figure or d.cost), int(d.life), 0, int(d.attack),
            int(d.defense), int(d.move), int(d.range), (), 0.0)
    w_full = f.price
    if pw and snap.destroy_pw:
        f.per_damage = self_pw / max(1, f.life)
        f.value = self_pw
    else:
        f.per_damage = 0.5 * w_full / max(1, f.life)
        f.value = w_full
    f.attack = stat(state, Point.ATTACK_DICE, figure)
    f.defense = stat(state, Point.DEFENSE_DICE, figure)
    return f
