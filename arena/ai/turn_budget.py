"""A whole turn's thinking budget, shared out by what each decision is about.

A search level used to give every decision of its turn the same work. Counted on hard's own
games (`scripts/decision_stakes.py`, README "AI strength"), its rollouts changed one ply's
choice in about a third of the card choices, two in five moves and half the decisions after
the attacks, but in 3% of the attack step's decisions (one ply already prices an attack's
dice exactly, `arena.ai.chance`) and 8% of an optional effect's yes or no, which together
took a fifth of the turn's work. So the turn's work is shared out by the decision's
**stakes** (`Stakes`), and a kind whose share is 0 is settled by one ply. Giving the card
choice and the moves more than the rest, at the same work per turn, lost games instead
(README): the levels give each searched kind the same share.

The budget is read from the view alone, never from what the controller remembers: the
steps already taken this turn (`TurnState`: the card chosen, the figures moved, the attacks
and spells) have drawn their kinds' nominal shares, and a decision gets its own share of
what is left, and at least half of it. A turn so spends at most its budget, plus that floor
for each decision taken after the budget was drawn (a squad's last figures still move by
search), plus the one decision that ends the move, which takes no step. A game loaded
half-way through a turn therefore thinks as one that was never saved, and the same view
always gets the same budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from arena.engine import Action, ChooseCard, GameState, MoveFigure
from arena.engine.vocab import MOVE_PHASES, Phase

__all__ = ["Stakes", "TurnBudget", "stakes"]


class Stakes(StrEnum):
    """What a decision on the AI's own turn is about (the guide's "On your turn" steps)."""

    CARD = "card"
    """Which army card to activate: the turn's plan."""
    MOVE = "move"
    """Before and during the move: where figures go, and the spells and abilities there."""
    ATTACK = "attack"
    """After the move: which attack, whose dice one ply already prices exactly."""
    CLOSE = "close"
    """After the attacks: the last spells and abilities, and ending the turn."""
    ANSWER = "answer"
    """An optional effect's yes or no."""


_ATTACK_PHASES = (Phase.POST_MOVE, Phase.ATTACK)


def stakes(state: GameState, legal: Sequence[Action]) -> Stakes:
    """What the decision of ``state`` with these legal actions is about."""
    pending = state.pending[-1] if state.pending else None
    if pending is not None and pending.kind == "optional":
        return Stakes.ANSWER
    if any(isinstance(a, ChooseCard) for a in legal):
        return Stakes.CARD
    if state.phase in MOVE_PHASES and any(isinstance(a, MoveFigure) for a in legal):
        return Stakes.MOVE
    if state.phase in _ATTACK_PHASES:
        return Stakes.ATTACK
    if state.phase == Phase.POST_ATTACK:
        return Stakes.CLOSE
    return Stakes.MOVE


@dataclass(frozen=True, slots=True)
class TurnBudget:
    """The work of one whole turn and each kind of decision's share of it."""

    work: int
    """The whole turn's work (`arena.ai.search.SearchConfig.work` counts the same units)."""
    shares: tuple[tuple[Stakes, float], ...]
    """Each kind's nominal part of ``work`` for one decision."""
    floor: float = 0.5
    """The part of its share a decision gets however much of the turn is drawn (a squad's
    last figures still move by search). A kind whose share is 0 is settled by one ply."""

    def share(self, kind: Stakes) -> int:
        """A decision of this kind's nominal work."""
        return round(self.work * dict(self.shares)[kind])

    def drawn(self, state: GameState) -> int:
        """The nominal work the steps already taken this turn have drawn: the card choice, a
        move per figure moved, an attack per attack made, and a spell or ability at the
        largest share (it may be cast at the card choice, with the most at stake), so no step
        draws less than the decision that took it may have spent."""
        turn = state.turn_state
        largest = max(self.share(kind) for kind, _ in self.shares)
        return (self.share(Stakes.CARD) * (turn.chosen is not None)
                + self.share(Stakes.MOVE) * len(turn.moved)
                + self.share(Stakes.ATTACK) * sum(n for _, n in turn.attacks)
                + largest * (turn.spells_played + len(turn.used)))

    def for_decision(self, state: GameState, legal: Sequence[Action]) -> int:
        """The work this decision may spend: its kind's share, as far as the turn has work
        left, and at least ``floor`` of the share."""
        share = self.share(stakes(state, legal))
        left = self.work - self.drawn(state)
        return max(round(share * self.floor), min(share, left))
