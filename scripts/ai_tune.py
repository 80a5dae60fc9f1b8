"""Fit the evaluation's weights to self-play outcomes (README "AI strength", `arena.ai.tuning`).

Two steps, each reproducible from its command line:

    .venv/bin/python scripts/ai_tune.py generate --out tune.jsonl --games 600 --seed 7
    .venv/bin/python scripts/ai_tune.py fit tune.jsonl --write arena/ai/fitted_weights.py
    .venv/bin/python scripts/ai_tune.py resample tune.jsonl --out tune2.jsonl \
        [--weights arena/ai/fitted_weights.py]
    .venv/bin/python scripts/ai_tune.py check arena/ai/fitted_weights.py --games 200 \
        --level greedy --out check.jsonl

``generate`` plays seeded one-ply self-play games (the data recipe: `DataRecipe`) and writes
one game a line as each ends, its positions sampled at every turn start from both players'
views; ``--resume`` goes on from a file of the same code, recipe and seed. ``fit`` fits the
weights on four games in five, reports how well they predict the fifth (log loss and
accuracy, against the hand-set weights'), and ``--write`` writes the fitted weights as a
module with that provenance. ``check`` plays paired Duels between the fitted weights and the
hand-set ones at one level (each planned game twice, the sides swapped: the same armies,
seats and dice seeds), so the dice cancel out: it reports the fitted side's wins with a 95%
interval and an exact sign test over the pairs the two sides split. ``--jobs`` plays games
side by side (default one process: a measurement batch gets a core of its own);
``--scheduler ADDRESS`` (or ``ARENA_SCHEDULER``) sends ``generate``, ``resample`` and
``check`` games to a Dask cluster instead (`arena.ai.batches`, docs/cluster.md): the same
games, written as they come back.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from arena.ai.batches import Refused, add_scheduler_option, executor
from arena.ai.runfile import fingerprint
from arena.ai.sim import GameSpec, catalog, plan, sign_test, wilson
from arena.ai.tuning import (
    FITTED,
    DataRecipe,
    TunedGame,
    card_params,
    fit,
    game_line,
    read_data,
    samples_of,
    weights_module,
)
from arena.ai.tuning_tasks import check_game, generate_game, resample_game
from arena.ai.weights import Weights
from arena.content.atomic import atomic_write


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


def recipe_params(recipe: DataRecipe) -> tuple[str, ...]:
    """The parameters a recipe's games can tell: the weights, and the value of every army
    card (not the Planeswalkers) of the premade armies it fields."""
    cat = catalog()
    cards = [c for army in cat.armies.values() for c in army.cards
             if cat.army_cards[c].kind != "planeswalker"]
    return card_params(cards)


def _recipe_data(recipe: DataRecipe) -> dict[str, Any]:
    return {k: (list(map(list, v)) if k == "pairs" else (list(v) if isinstance(v, tuple) else v))
            for k, v in asdict(recipe).items()}


def generate(args: argparse.Namespace) -> int:
    recipe = DataRecipe(seed=args.seed, games=args.games)
    out = Path(args.out)
    code = fingerprint()
    params = recipe_params(recipe)
    header = {"recipe": _recipe_data(recipe), "fingerprint": code,
              "params": list(params), "weights": asdict(Weights())}
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
    todo = [(s, params) for s in specs_of(recipe) if s.index not in done]
    catalog()
    with out.open("a", encoding="utf-8") as fh:
        keep = _Keeper(fh, len(todo))
        executor(args.jobs, args.scheduler).run(generate_game, todo, keep)
    print(f"{len(done) + keep.count} games in {out}", file=sys.stderr)
    return 0


class _Keeper:
    """Writes each game's line as it comes back (a stopped run keeps every whole line)."""

    def __init__(self, fh: Any, total: int) -> None:
        self.fh, self.total, self.count = fh, total, 0
        self.started = time.perf_counter()

    def __call__(self, game: TunedGame) -> None:
        self.fh.write(game_line(game))
        self.fh.flush()
        self.count += 1
        elapsed = time.perf_counter() - self.started
        print(f"\rgame {self.count}/{self.total}, {elapsed:.0f} s", end="", file=sys.stderr,
              flush=True)


def resample(args: argparse.Namespace) -> int:
    header, games = read_data(Path(args.data))
    weights = load_weights(Path(args.weights)) if args.weights else Weights()
    recipe = DataRecipe(**{k: (tuple(map(tuple, v)) if k == "pairs" else
                               (tuple(v) if isinstance(v, list) else v))
                           for k, v in header["recipe"].items()})
    params = recipe_params(recipe)
    out = Path(args.out)
    head = {**header, "params": list(params), "weights": asdict(weights),
            "resampled_from": Path(args.data).name, "fingerprint": fingerprint()}
    head.pop("fitted", None)
    atomic_write(out, json.dumps(head) + "\n")
    catalog()
    jobs = [(g, weights, params) for g in games]
    with out.open("a", encoding="utf-8") as fh:
        executor(args.jobs, args.scheduler).run(resample_game, jobs, _Keeper(fh, len(jobs)))
    print(file=sys.stderr)
    return 0


def fit_command(args: argparse.Namespace) -> int:
    header, games = read_data(Path(args.data))
    samples = list(samples_of(games))
    params = tuple(header.get("params", header.get("fitted", FITTED)))
    if args.without_cards:
        keep = [params.index(n) for n in FITTED]
        samples = [replace(x, base=x.base + sum(g for n, g in zip(params, x.grads, strict=True)
                                                if n not in FITTED),
                           grads=tuple(x.grads[k] for k in keep)) for x in samples]
        params = FITTED
    result = fit(samples, params=params)
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
        "card_values": dict(result.weights.card_values),
        "army_terms": result.army_terms,
        "hand_set_weights": {n: getattr(Weights(), n) for n in FITTED},
    }
    print(json.dumps(report, indent=2))
    if args.write:
        atomic_write(Path(args.write), weights_module(result, header.get("recipe", {}),
                                                      str(header.get("fingerprint", "?"))))
    return 0


def load_weights(path: Path) -> Weights:
    """``FITTED_WEIGHTS`` of a weights module written by ``fit --write``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("candidate_weights", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found = getattr(module, "FITTED_WEIGHTS", None)
    if not isinstance(found, Weights):
        raise ValueError(f"{path}: has no FITTED_WEIGHTS (write one with `fit --write`)")
    return found


def check_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The fitted side's wins, their interval, and the sign test over split pairs."""
    wins = sum(1 for r in rows if r["candidate_seat"] in r["winners"])
    by_spec: dict[int, list[bool]] = {}
    for r in rows:
        by_spec.setdefault(int(r["index"]), []).append(r["candidate_seat"] in r["winners"])
    pairs = [v for v in by_spec.values() if len(v) == 2]
    only_fitted = sum(1 for a, b in pairs if a and b)
    only_hand = sum(1 for a, b in pairs if not a and not b)
    lo, hi = wilson(wins, len(rows))
    return {"games": len(rows), "fitted_wins": wins,
            "rate": round(wins / len(rows), 4) if rows else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)], "pairs": len(pairs),
            "fitted_won_both": only_fitted, "hand_set_won_both": only_hand,
            "split": len(pairs) - only_fitted - only_hand,
            "sign_test_p": round(sign_test(only_fitted, only_hand), 5)}


def check_command(args: argparse.Namespace) -> int:
    candidate = load_weights(Path(args.weights))
    out = Path(args.out)
    rows: list[dict[str, Any]] = []
    code = fingerprint()
    head = {"check": str(args.weights), "level": args.level, "seed": args.seed,
            "fingerprint": code, "candidate": asdict(candidate), "hand_set": asdict(Weights())}
    if out.exists() and args.resume:
        lines = out.read_text(encoding="utf-8").splitlines()
        old = json.loads(lines[0]) if lines else {}
        if {k: old.get(k) for k in head} != head:
            print(f"{out}: another check (weights, level, seed or code); start a new --out",
                  file=sys.stderr)
            return 2
        for line in lines[1:]:
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    elif out.exists():
        print(f"{out} exists: give --resume to go on from it, or another --out", file=sys.stderr)
        return 2
    atomic_write(out, "".join([json.dumps(head) + "\n"] + [json.dumps(r) + "\n" for r in rows]))
    done = {(int(r["index"]), int(r["candidate_seat"])) for r in rows}
    specs = [replace(s, time_limit=None) for s in plan("duel", ("greedy", "greedy"), args.games,
                                                       args.seed)]
    jobs = [(s, args.level, candidate, seat) for s in specs for seat in (1, 2)
            if (s.index, seat) not in done]
    catalog()
    started = time.perf_counter()
    with out.open("a", encoding="utf-8") as fh:

        def keep(row: dict[str, Any]) -> None:
            rows.append(row)
            fh.write(json.dumps(row) + "\n")
            fh.flush()
            print(f"\rgame {len(rows) - len(done)}/{len(jobs)}, "
                  f"{time.perf_counter() - started:.0f} s", end="", file=sys.stderr, flush=True)

        executor(args.jobs, args.scheduler).run(check_game, jobs, keep)
    print(file=sys.stderr)
    print(json.dumps(check_summary(rows), indent=2))
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
    f.add_argument("--without-cards", action="store_true",
                   help="fit the scalar weights alone (every card worth its price)")
    r = sub.add_parser("resample", help="replay a data file's games, sampling them anew")
    r.add_argument("data")
    r.add_argument("--out", required=True)
    r.add_argument("--weights", help="a weights module to sample at (default: hand-set)")
    r.add_argument("--jobs", type=int, default=1)
    c = sub.add_parser("check", help="paired games: fitted weights against hand-set ones")
    c.add_argument("weights", help="a weights module written by `fit --write`")
    c.add_argument("--games", type=int, default=100, help="planned Duels (each played twice)")
    c.add_argument("--seed", type=int, default=11)
    c.add_argument("--level", default="greedy")
    c.add_argument("--out", required=True)
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--resume", action="store_true")
    for command in (g, r, c):
        add_scheduler_option(command)
    args = parser.parse_args(argv)
    commands = {"generate": generate, "fit": fit_command, "check": check_command,
                "resample": resample}
    try:
        return commands[args.command](args)
    except Refused as exc:
        print(f"\nai_tune: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
