"""The games of the tuning runs (``scripts/ai_tune.py``) as tasks a batch can send anywhere.

A task a Dask worker runs must be importable there, and a script's functions are not (the
worker has the installed `arena`, not the checkout's ``scripts/``), so each kind of tuning
game is one module-level function here, taking one picklable job and returning what the
script keeps. `arena.ai.batches.executor` decides where they run; the script only plans the
jobs and writes the results as they come back.
"""

from __future__ import annotations

from typing import Any

from arena.ai.sim import GameSpec, new_game
from arena.ai.tuning import TunedGame, play_pair, play_spec_sampled, replay_sampled
from arena.ai.weights import Weights

__all__ = ["check_game", "generate_game", "resample_game", "spec_from_data"]


def generate_game(job: tuple[GameSpec, tuple[str, ...]]) -> TunedGame:
    """``generate``: one self-play game, its positions sampled at every turn start."""
    spec, params = job
    return play_spec_sampled(spec, new_game, params=params)


def spec_from_data(data: dict[str, Any]) -> GameSpec:
    """A spec as a data file keeps it (lists where the spec has tuples)."""
    spec = dict(data)
    for name in ("armies", "decks", "controllers"):
        spec[name] = tuple(spec[name])
    return GameSpec(**spec)


def resample_game(job: tuple[TunedGame, Weights, tuple[str, ...]]) -> TunedGame:
    """``resample``: a game of a data file played again from its actions, sampled anew."""
    played, weights, params = job
    return replay_sampled(new_game(spec_from_data(played.spec)), played, weights, params)


def check_game(job: tuple[GameSpec, str, Weights, int]) -> dict[str, Any]:
    """``check``: one game of a pair, the candidate weights in ``seat``, the hand-set ones
    in the other."""
    spec, level, candidate, seat = job
    winners = play_pair(new_game(spec), spec.seed, level, candidate, Weights(), seat)
    return {"index": spec.index, "candidate_seat": seat, "winners": winners,
            "armies": list(spec.armies)}
