"""The evaluation's weights fitted to self-play outcomes (`arena.ai.tuning`): written
by ``scripts/ai_tune.py fit``; do not edit by hand.

Data: 512 games (10376 positions; code a37d6e66c5f61741), recipe {"games": 2000, "pairs": [["greedy", "greedy"], ["easy", "greedy"], ["greedy", "easy"]], "scenarios": ["the-duel", "moonlit-crossroads", "practice"], "seed": 7}.
Held out: 102 games, 2020 positions: log loss 0.5542, accuracy 70.3%
(the hand-set weights: 0.5657, 66.5%). Pull towards the hand-set weights: 0.03.
"""

from arena.ai.weights import Weights

FITTED_WEIGHTS = Weights(
    pw_life=1008.44625,
    pw_alive=1483.94505,
    pw_extra=120.0,
    wound=0.45698,
    reserve=0.38268,
    hand_card=5.55658,
    enchantment=20.15603,
    stat_attack=0.09059,
    stat_defense=0.10255,
    stat_move=0.01912,
    stat_range=0.01556,
    height=1.41426,
    approach=0.03283,
    pw_approach=0.01045,
    unknown_glyph=8.0,
    healing_glyph=2.48245,
    power_space=1.0,
    tempo_now=0.4194,
    tempo_next=0.14594,
    tempo_later=0.10032,
)
