"""Fitting the evaluation to game outcomes (`arena.ai.tuning`, `scripts/ai_tune.py`):

- a recorded position's features give back the evaluation it came from (``base`` plus each
  weight times its gradient), and a weight that scales a term linearly moves the value by
  exactly its gradient;
- the fit finds weights that generated the labels, and predicts held-out games no worse than
  where it started;
- the script makes data from seeded games, goes on from a stopped run, and writes a weights
  module the AI can import (end to end on a tiny dataset).
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
from dataclasses import replace
from pathlib import Path

import pytest
from ai_kit import load_script, shipped_game

from arena.ai.evaluate import Evaluator
from arena.ai.greedy import GreedyController
from arena.ai.tuning import (
    FITTED,
    Sample,
    card_params,
    features,
    fit,
    logistic,
    param_value,
    with_params,
)
from arena.ai.weights import Weights


def _midgame() -> tuple[object, int]:
    game = shipped_game("the-duel", ["gideon-premade", "jace-premade"], 4)
    players = {1: GreedyController(1), 2: GreedyController(2)}
    while game.turn < 4 and game.outcome() is None:
        game.apply(players[game.to_act].choose(game.view(game.to_act), game.legal_actions()))
    return game, game.to_act


def test_features_give_back_the_evaluation() -> None:
    game, me = _midgame()
    state = game.view(me).state  # type: ignore[attr-defined]
    w = Weights()
    base, grads = features(state, me, w)
    value = Evaluator(w).live_value(state, me)
    assert len(grads) == len(FITTED)
    assert base + sum(getattr(w, n) * g for n, g in zip(FITTED, grads, strict=True)) == \
        pytest.approx(value, abs=1e-6)
    # hand cards and height scale their terms linearly: the gradient is the exact change
    for name in ("hand_card", "height"):
        k = FITTED.index(name)
        moved = Evaluator(replace(w, **{name: getattr(w, name) + 5.0})).live_value(state, me)
        assert moved - value == pytest.approx(5.0 * grads[k], abs=1e-6)
    assert grads[FITTED.index("hand_card")] != 0.0  # both players hold cards at turn 4


def test_a_card_worth_more_than_its_price_is_a_parameter_too() -> None:
    game, me = _midgame()
    state = game.view(me).state  # type: ignore[attr-defined]
    params = card_params(["rhox-veterans", "leyline-phantoms"])
    assert params[:len(FITTED)] == FITTED and params[-1] == "card:rhox-veterans"
    w = with_params(Weights(), {"card:rhox-veterans": 1.3, "hand_card": 7.0})
    assert param_value(w, "card:rhox-veterans") == 1.3 and w.hand_card == 7.0
    assert param_value(w, "card:leyline-phantoms") == 1.0  # not named: worth its price
    assert with_params(w, {"card:rhox-veterans": 1.0}).card_values == ()
    base, grads = features(state, me, w, params)
    value = Evaluator(w).live_value(state, me)
    assert base + sum(param_value(w, n) * g for n, g in zip(params, grads, strict=True)) == \
        pytest.approx(value, abs=1e-6)
    # my Rhox (I am Gideon) count for me, the Phantoms against me
    rhox, phantoms = grads[-1], grads[-2]
    assert (rhox > 0) == (me == 1) and (phantoms < 0) == (me == 1)


def _synthetic(truth: Weights, games: int, seed: int) -> list[Sample]:
    """Positions whose results were drawn from the logistic of ``truth``'s values."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        for t in range(6):
            grads = tuple(rng.gauss(0.0, 30.0) if n in ("hand_card", "height", "reserve")
                          else 0.0 for n in FITTED)
            base = rng.gauss(0.0, 60.0)
            value = base + sum(getattr(truth, n) * x for n, x in zip(FITTED, grads, strict=True))
            label = 1.0 if rng.random() < logistic(value / 100.0) else 0.0
            out.append(Sample(g, 1, t, label, base, grads))
    return out


def test_the_fit_finds_the_weights_behind_the_results() -> None:
    truth = replace(Weights(), hand_card=20.0, height=0.5)
    result = fit(_synthetic(truth, 400, 5), strengths=(0.001,))
    assert result.weights.hand_card == pytest.approx(20.0, rel=0.35)
    assert result.weights.height < 1.2  # pulled down from the hand-set 1.5
    assert result.held_out_loss <= result.start_loss
    assert result.held_out_games == 80 and result.train_games == 320
    assert all(getattr(result.weights, n) >= 0.0 for n in FITTED)


def test_an_army_that_wins_more_than_its_worth_gets_a_term_not_a_weight() -> None:
    """Results drawn with one army 150 points better than its positions say against the
    other: the fit puts that in the armies' terms (their difference; each is measured from
    the armies' mean) and leaves the weights where they were."""
    rng = random.Random(9)
    truth = Weights()
    out = []
    for g in range(400):
        strong_seat = 1 + g % 2
        for t in range(6):
            for seat in (1, 2):
                grads = tuple(rng.gauss(0.0, 30.0) if n == "hand_card" else 0.0
                              for n in FITTED)
                base = rng.gauss(0.0, 60.0)
                bias = 150.0 if seat == strong_seat else -150.0
                value = base + truth.hand_card * grads[FITTED.index("hand_card")]
                label = 1.0 if rng.random() < logistic((value + bias) / 100.0) else 0.0
                army, other = ("strong", "weak") if seat == strong_seat else ("weak", "strong")
                out.append(Sample(g, seat, t, label, base, grads, army, other))
    result = fit(out, strengths=(0.01,))
    terms = result.army_terms
    assert terms["strong"] - terms["weak"] == pytest.approx(150.0, rel=0.3)
    assert terms["strong"] == pytest.approx(-terms["weak"], abs=5.0)
    assert result.weights.hand_card == pytest.approx(truth.hand_card, rel=0.35)


def test_too_few_games_is_a_plain_error() -> None:
    with pytest.raises(ValueError, match="too few games"):
        fit(_synthetic(Weights(), 3, 1))


def test_the_script_makes_data_resumes_and_writes_weights(tmp_path: Path) -> None:
    tune = load_script("ai_tune")
    data = tmp_path / "tune.jsonl"
    assert tune.main(["generate", "--out", str(data), "--games", "5", "--seed", "3"]) == 0
    lines = data.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6 and "recipe" in json.loads(lines[0])
    games = [json.loads(line) for line in lines[1:]]
    assert sorted(g["spec"]["index"] for g in games) == [0, 1, 2, 3, 4]
    assert all(g["samples"] and g["winners"] for g in games)
    # the same recipe and seed play the same games
    assert games[0]["spec"]["scenario"] == "the-duel"

    # a stopped run leaves half a line: resume drops it and plays that game again
    data.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2],
                    encoding="utf-8")
    assert tune.main(["generate", "--out", str(data), "--games", "5", "--seed", "3"]) == 2
    assert tune.main(["generate", "--out", str(data), "--games", "5", "--seed", "3",
                      "--resume"]) == 0
    again = [json.loads(line) for line in data.read_text(encoding="utf-8").splitlines()[1:]]
    assert sorted(json.dumps(g, sort_keys=True) for g in again) == \
        sorted(json.dumps(g, sort_keys=True) for g in games)

    # played again from its actions, a game gives the same positions, now with card values
    resampled = tmp_path / "resampled.jsonl"
    assert tune.main(["resample", str(data), "--out", str(resampled)]) == 0
    head = json.loads(resampled.read_text(encoding="utf-8").splitlines()[0])
    assert head["params"][:len(FITTED)] == list(FITTED) and len(head["params"]) > len(FITTED)
    again = [json.loads(line) for line in resampled.read_text(encoding="utf-8").splitlines()[1:]]
    for old, new in zip(games, again, strict=True):
        assert [(s["seat"], s["turn"]) for s in old["samples"]] == \
            [(s["seat"], s["turn"]) for s in new["samples"]]
        for a, b in zip(old["samples"], new["samples"], strict=True):
            assert b["grads"] == pytest.approx(a["grads"], abs=1e-3)

    # the measured data is kept gzipped: read the same
    import gzip

    packed = tmp_path / "resampled.jsonl.gz"
    packed.write_bytes(gzip.compress(resampled.read_bytes()))
    assert [g.spec for g in tune.read_data(packed)[1]] == \
        [g.spec for g in tune.read_data(resampled)[1]]

    module = tmp_path / "fitted.py"
    assert tune.main(["fit", str(resampled), "--write", str(module)]) == 0
    spec = importlib.util.spec_from_file_location("fitted", module)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    fitted = loaded.FITTED_WEIGHTS
    assert isinstance(fitted, Weights)
    assert all(math.isfinite(getattr(fitted, n)) and getattr(fitted, n) >= 0.0 for n in FITTED)
    assert "Held out: 1 games" in module.read_text(encoding="utf-8")

    # paired check: each planned Duel twice, the sides swapped, written as it goes
    check = tmp_path / "check.jsonl"
    assert tune.main(["check", str(module), "--games", "1", "--seed", "2",
                      "--out", str(check)]) == 0
    rows = [json.loads(line) for line in check.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["level"] == "greedy" and rows[0]["candidate"]["hand_card"] == \
        fitted.hand_card
    assert sorted(r["candidate_seat"] for r in rows[1:]) == [1, 2]
    summary = tune.check_summary(rows[1:])
    assert summary["games"] == 2 and summary["pairs"] == 1
    assert summary["fitted_won_both"] + summary["hand_set_won_both"] + summary["split"] == 1
    # another check is not mixed into this file
    assert tune.main(["check", str(module), "--games", "1", "--seed", "3",
                      "--out", str(check), "--resume"]) == 2


def test_the_check_counts_pairs_and_splits() -> None:
    tune = load_script("ai_tune")
    rows = [{"index": 0, "candidate_seat": 1, "winners": [1]},
            {"index": 0, "candidate_seat": 2, "winners": [2]},
            {"index": 1, "candidate_seat": 1, "winners": [2]},
            {"index": 1, "candidate_seat": 2, "winners": [2]},
            {"index": 2, "candidate_seat": 1, "winners": [1]}]
    s = tune.check_summary(rows)
    assert (s["games"], s["fitted_wins"], s["pairs"]) == (5, 4, 2)
    assert (s["fitted_won_both"], s["hand_set_won_both"], s["split"]) == (1, 0, 1)
