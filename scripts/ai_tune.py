"""Fit the evaluation's weights to self-play outcomes (README "AI strength", `arena.ai.tuning`).

Two steps, each reproducible from its command line:

    .venv/bin/python scripts/ai_tune.py generate --out tune.jsonl --games 600 --seed 7
    .venv/bin/python scripts/ai_tune.py fit tune.jsonl --write arena/ai/fitted_weights.py

``generate`` plays seeded one-ply self-play games (the data recipe: `DataRecipe`) and writes
one game a line as each ends, its positions sampled at every turn start from both players'
views; ``--resume`` goes on from a file of the same code, recipe and seed. ``fit`` fits the
weights on four games in five, reports how well they predict the fifth (log loss and
accuracy, against the hand-set weights'), and ``--write`` writes the fitted weights as a
module with that provenance. ``--jobs`` plays games side by side (default one process: a
measurement batch gets a core of its own).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from arena.ai.runfile import fingerprint
from arena.ai.sim import GameSpec, catalog, new_game, plan
from arena.ai.tuning import (
    FITTED,
    DataRecipe,
    TunedGame,
    fit,
    game_line,
    play_spec_sampled,
    read_data,
    samples_of,
    weights_module,
)
from arena.ai.weights import Weights
from arena.content.yamlio import atomic_write


def specs_of(recipe: DataRecipe) -> list[GameSpec]:
    """The recipe's games: every scenario with every pair of players, interleaved (so a run
    stopped early holds a bit of each), numbered in that order."""
    combos = [(sc, pair) for sc in recipe.scenarios for pair in recipe.pairs]
    per = -(-recipe.games // len(combos))
    planned = [plan(sc, pair, per, recipe.seed * 100 + k)
               for k, (sc, pair) in enumerate(combos)]
    specs = []
    for i in range(recipe.games):
        spec = planned[i % len(combos)][i // len(combos)]
        specs.append(replace(spec, index=i, time_limit=None))
    return specs


def _play(spec: GameSpec) -> TunedGame:
    return play_spec_sampled(spec, new_game)


def _recipe_data(recipe: DataRecipe) -> dict[str, Any]:
    return {k: (list(map(list, v)) if k == "pairs" else (list(v) if isinstance(v, tuple) else v))
            for k, v in asdict(recipe).items()}


def generate(args: argparse.Namespace) -> int:
    recipe = DataRecipe(seed=args.seed, games=args.games)
    out = Path(args.out)
    code = fingerprint()
    header = {"recipe": _recipe_data(recipe), "fingerprint": code,
              "fitted": list(FITTED), "weights": asdict(Weights())}
    done: set[int] = set()
    if out.exists():
        if not args.resume:
            print(f"{out} exists: give --resume to go on from it, or another --out",
                  file=sys.stderr)
            return 2
        old, games = read_data(out)
        if old.get("fingerprint") != code or old.get("recipe", {}).get("seed") != recipe.seed:
            print(f"{out}: made by other code or another seed (fingerprint "
                  f"{old.get('fingerprint')}, now {code}); start a new --out file",
                  file=sys.stderr)
            return 2
        done = {int(g.spec["index"]) for g in games}
        # Keep only whole lines (a stopped run may have left half of one).
        atomic_write(out, "".join([json.dumps(old) + "\n"] + [game_line(g) for g in games]))
    else:
        atomic_write(out, json.dumps(header) + "\n")
    todo = [s for s in specs_of(recipe) if s.index not in done]
    catalog()
    started = time.perf_counter()
    count = 0
    with out.open("a", encoding="utf-8") as fh:
        if args.jobs > 1:
            ctx = multiprocessing.get_context("fork")
            with ctx.Pool(args.jobs) as pool:
                for game in pool.imap_unordered(_play, todo):
                    count += _keep(fh, game, count, len(todo), started)
        else:
            for spec in todo:
                count += _keep(fh, _play(spec), count, len(todo), started)
    print(f"{len(done) + count} games in {out}", file=sys.stderr)
    return 0


def _keep(fh: Any, game: TunedGame, count: int, total: int, started: float) -> int:
    fh.write(game_line(game))
    fh.flush()
    elapsed = time.perf_counter() - started
    print(f"\rgame {count + 1}/{total}, {elapsed:.0f} s", end="", file=sys.stderr, flush=True)
    return 1


def fit_command(args: argparse.Namespace) -> int:
    header, games = read_data(Path(args.data))
    samples = list(samples_of(games))
    result = fit(samples)
    report = {
        "games": result.train_games + result.held_out_games,
        "positions": result.train_samples + result.held_out_samples,
        "held_out": {"games": result.held_out_games, "positions": result.held_out_samples,
                     "loss": round(result.held_out_loss, 5),
                     "accuracy": round(result.held_out_accuracy, 4)},
        "hand_set": {"loss": round(result.start_loss, 5),
                     "accuracy": round(result.start_accuracy, 4)},
        "strength": result.strength, "scale": result.scale, "trials": result.trials,
        "weights": {n: getattr(result.weights, n) for n in FITTED},
        "hand_set_weights": {n: getattr(Weights(), n) for n in FITTED},
    }
    print(json.dumps(report, indent=2))
    if args.write:
        atomic_write(Path(args.write), weights_module(result, header.get("recipe", {}),
                                                      str(header.get("fingerprint", "?"))))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate", help="play the self-play games and record positions")
    g.add_argument("--out", required=True)
    g.add_argument("--games", type=int, default=DataRecipe.games)
    g.add_argument("--seed", type=int, default=DataRecipe.seed)
    g.add_argument("--jobs", type=int, default=1)
    g.add_argument("--resume", action="store_true")
    f = sub.add_parser("fit", help="fit the weights to a data file")
    f.add_argument("data")
    f.add_argument("--write", help="write the fitted weights as a Python module here")
    args = parser.parse_args(argv)
    return generate(args) if args.command == "generate" else fit_command(args)


if __name__ == "__main__":
    sys.exit(main())
