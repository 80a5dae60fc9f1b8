"""The evaluation's weights fitted to self-play outcomes (`arena.ai.tuning`): written
by ``scripts/ai_tune.py fit``; do not edit by hand.

Data: 512 games (10376 positions; code a37d6e66c5f61741), recipe {"games": 2000, "pairs": [["greedy", "greedy"], ["easy", "greedy"], ["greedy", "easy"]], "scenarios": ["the-duel", "moonlit-crossroads", "practice"], "seed": 7}.
Held out: 102 games, 2020 positions: log loss 0.5530, accuracy 70.3%
(the hand-set weights: 0.5657, 66.5%). Pull towards the hand-set weights: 0.1.
"""

from arena.ai.weights import Weights

FITTED_WEIGHTS = Weights(
    pw_life=999.04388,
    pw_alive=1498.37674,
    pw_extra=120.0,
    wound=0.48285,
    reserve=0.45373,
    hand_card=7.39142,
    enchantment=11.47224,
    stat_attack=0.07675,
    stat_defense=0.08879,
    stat_move=0.01651,
    stat_range=0.01527,
    height=1.53477,
    approach=0.03102,
    pw_approach=0.01008,
    unknown_glyph=8.0,
    healing_glyph=3.88244,
    power_space=1.0,
    tempo_now=0.51812,
    tempo_next=0.28145,
    tempo_later=0.18491,
    card_values=(('blazing-firecats', 0.88951), ('blighted-reavers', 0.0), ('cylian-elves', 1.02934), ('flamewing-phoenixes', 0.87943), ('illusionary-projections', 1.46464), ('kor-hookmasters', 1.39997), ('leyline-phantoms', 1.86619), ('pummelroot-elementals', 0.81977), ('restless-zombies', 0.45457), ('rhox-veterans', 1.50611)),
)
