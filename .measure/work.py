"""Per hard decision: simulated actions spent and seconds, with no work budget and a far cap."""
import json, sys, time
from dataclasses import replace
sys.path.insert(0, "tests/ai")
from ai_kit import shipped_game
from arena.ai.levels import HARD, make_controller
from arena.ai.search import SearchController
from arena.ai.match import Match

seed = int(sys.argv[1]); work = None if sys.argv[2] == "none" else int(sys.argv[2])
cap = float(sys.argv[3]) if len(sys.argv) > 3 else 120.0
armies = [["gideon-premade", "jace-premade"], ["chandra-premade", "nissa-premade"]][seed % 2]
game = shipped_game("the-duel", armies, seed)
hard = SearchController(seed, replace(HARD, work=work, time_limit=cap), name="hard")
rows = []
class Rec(SearchController):
    pass
orig = hard.decide
def decide(view, legal, stop):
    t = time.perf_counter()
    a = orig(view, legal, stop)
    rows.append((hard.stats.work, time.perf_counter() - t, hard.stats.rollouts))
    return a
hard.decide = decide
res = Match(game, {1: hard, 2: make_controller("greedy", seed)}, time_limit=None, max_actions=400).run()
print(json.dumps({"seed": seed, "work": work, "rows": rows, "n": res.actions, "data": {k: v for k, v in res.to_data().items() if k in ("winners", "faults", "budget_overruns", "turns")}}))
