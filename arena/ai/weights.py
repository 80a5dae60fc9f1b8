"""The evaluation's numbers (`arena.ai.evaluate`), in army points: one record that every
level's evaluator, the snapshot of the figures and the tests read, so a weight is written
once."""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["SEARCH_WEIGHTS", "Weights"]


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's numbers (army points)."""

    win: float = 3000.0
    """A won game: a little more than a full-life Planeswalker (`pw_life` + `pw_alive`), so a
    kill shot valued by its odds and one that happened in a sampled line agree."""
    pw_life: float = 1000.0
    """A full-life Planeswalker's life when losing it loses the game (scaled by life left)."""
    pw_alive: float = 1500.0
    """On top: a Planeswalker still standing (so a wounded one is not cheap to lose)."""
    pw_extra: float = 120.0
    """On top of its price, a Planeswalker in a scenario scored by points (it summons, casts)."""
    wound: float = 0.5
    """Fraction of a figure's price lost as its damage approaches its life."""
    reserve: float = 0.55
    hand_card: float = 6.0
    enchantment: float = 10.0
    stat_attack: float = 0.07
    stat_defense: float = 0.07
    stat_move: float = 0.015
    stat_range: float = 0.015
    height: float = 1.5
    approach: float = 0.03
    pw_approach: float = 0.01
    unknown_glyph: float = 8.0
    healing_glyph: float = 4.0
    power_space: float = 1.0
    """A figure standing on a power space (the Melee's score), as a share of its worth that
    grows with the game's progress (`Evaluator.position_value`). Weighed twice by hard, the
    200 seed-1 Melees were won 95 times against 88 (36 only with it, 29 only without; p =
    0.46; README "AI strength"): not told apart, so it stays at 1."""
    tempo_now: float = 0.85
    tempo_next: float = 0.85
    tempo_later: float = 0.35
    focus: float = 0.85
    """A squad's figures rarely all reach their best target: later figures count this much."""
    live_knee: float = 2000.0
    live_limit: float = 2700.0
    """A position still in play is worth less than a won game and more than a lost one,
    however it looks: past ``live_knee`` its value bends towards ``live_limit`` (`bounded`),
    below the +/- `win` (less the turn) of a finished game. Without it, a Planeswalker one
    damage from death under heavy threat could score below losing outright, and the AI
    would rather end the game itself (Blood Bargain on its last life)."""
    rival_spread: float = math.inf
    """In a free-for-all a win means beating the best opponent, not the average one: the
    opposing teams' totals count by their log-mean-exp at this spread (army points), between
    their mean (an infinite spread: the hand-set evaluation, which greedy keeps as the
    yardstick) and the strongest (a narrow one). The search levels weigh the leader
    (`SEARCH_WEIGHTS`). With one opposing team (the Duel, the Skirmish) it is that team's
    total either way."""
    card_values: tuple[tuple[str, float], ...] = ()
    """Per army card (by id): what its figures are worth as a share of their price, where
    games showed a card to be worth more or less than its points (`arena.ai.tuning`); a
    card not named here is worth its price. Planeswalkers are valued by their life
    instead (`pw_life`)."""
    joint_threat: float = 0.0
    """How much a card's attacks on one target count together (0 to 1): the exact
    distribution of their total damage (`focused_loss`), so a Planeswalker three figures of a
    squad can kill together, though none alone, is seen to be in danger (the sum of each
    attack's own expected loss misses the kill). 0: each figure's own best target only, the
    hand-set evaluation. Hard weighing it fully won 126 of 200 seed-1 Duels against greedy,
    where hard without it won 123 of the same (paired: 22 only with it, 19 only without; README
    "AI strength"), so no level weighs it yet."""
    choice_spread: float = 8.0
    """How uncertain a card's potential is (army points): a player choosing among several
    cards expects more than the best estimate (`soft_best`), so barring a close second card
    (Stand Down) is worth something."""


SEARCH_WEIGHTS = Weights(rival_spread=150.0)
"""The search levels' evaluation (`arena.ai.levels`): the hand-set weights, with the
opponents of a free-for-all weighed towards the leading one. Greedy and easy keep `Weights()`
as they were, the fixed one-ply yardstick every strength bar is measured against."""
