"""``arena balance --armies``: armies against a field, seats swapped, rated on one scale.

The fit is checked on made-up results with known answers; the plan on its own; the command
on a few games of random players (a greedy Duel takes seconds, a random one about one)."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import pytest

from arena.ai.army_strength import (
    ELO_PER_UNIT,
    StrengthBatch,
    bradley_terry,
    premade_armies,
)
from arena.ai.balance_cli import main
from arena.content import writer
from arena.content.lists import ArmyList, SpellDeck
from arena.content.loader import load_file

REPO = Path(__file__).resolve().parents[2]


def test_the_fit_finds_the_strengths_behind_the_results() -> None:
    truth = {"a": 1.0, "b": 0.0, "c": -0.5, "d": 0.3}
    rng = random.Random(7)
    results = []
    for _ in range(4000):
        x, y = rng.sample(sorted(truth), 2)
        p = 1 / (1 + math.exp(truth[y] - truth[x]))
        results.append((x, y, 1.0 if rng.random() < p else 0.0))
    ratings, errors = bradley_terry(sorted(truth), results)
    for army, value in truth.items():  # measured from the average (0.2)
        assert ratings[army] == pytest.approx(value - 0.2, abs=0.12)
        assert 0.02 < errors[army] < 0.1
    # from another centre: the same differences, and no error for the centre itself
    from_b, errors_b = bradley_terry(sorted(truth), results, centre=["b"])
    assert from_b["b"] == pytest.approx(0.0) and errors_b["b"] == pytest.approx(0, abs=1e-6)
    assert from_b["a"] - from_b["c"] == pytest.approx(ratings["a"] - ratings["c"])


def test_a_perfect_record_keeps_a_finite_rating_and_draws_count_half() -> None:
    ratings, errors = bradley_terry(["a", "b"], [("a", "b", 1.0)] * 5)
    assert 0 < ratings["a"] < 5 and ratings["b"] == pytest.approx(-ratings["a"])
    even, _ = bradley_terry(["a", "b"], [("a", "b", 0.5)] * 6)
    assert even["a"] == pytest.approx(0.0, abs=1e-9)
    assert round(ELO_PER_UNIT, 2) == 173.72


def test_each_army_meets_the_field_with_seats_swapped_on_the_same_dice() -> None:
    batch = StrengthBatch(["chandra"], games=8, controllers=["random"])
    assert batch.field == premade_armies() and len(premade_armies()) == 5
    opponents = Counter(next(a for a in s.armies if a != "chandra-premade")
                        for s in batch.specs)
    assert opponents == {"gideon-premade": 2, "jace-premade": 2, "liliana-premade": 2,
                         "nissa-premade": 2}
    for first, second in zip(batch.specs[::2], batch.specs[1::2], strict=True):
        assert first.armies == second.armies[::-1] and first.seed == second.seed
        assert first.decks == second.decks[::-1]
    assert batch.specs[0].decks == ("red-premade", "white-premade")
    assert batch.specs[0].time_limit is None  # clock-free players: the same on any machine
    with pytest.raises(ValueError, match="two-player"):
        StrengthBatch(["chandra"], scenario="melee")
    with pytest.raises(ValueError, match="no opponent"):
        StrengthBatch(["chandra"], opponents=["chandra"])


def test_the_command_prints_ratings_and_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--armies", "chandra-premade,liliana-premade", "--opponents", "gideon,jace",
                 "--games", "2", "--seats", "random", "--jobs", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4 and data["opponents"] == ["gideon-premade", "jace-premade"]
    assert {r["army"] for r in data["ratings"]} == {
        "chandra-premade", "liliana-premade", "gideon-premade", "jace-premade"}
    for army in ("chandra-premade", "liliana-premade"):
        row = data["armies"][army]
        assert row["games"] == 2 and row["wins"] + row["draws"] + row["losses"] == 2
        lo, hi = row["ci95"]
        assert 0.0 <= lo <= row["win_rate"] <= hi <= 1.0
        rlo, rhi = row["rating_ci95"]
        assert rlo < row["rating"] < rhi
        assert row["elo"] == pytest.approx(row["rating"] * ELO_PER_UNIT)
        assert row["by_seat"].keys() == {"1", "2"}
        assert sum(row["ended"].values()) == 2
    ratings = data["ratings"]
    assert ratings == sorted(ratings, key=lambda r: -r["rating"])
    field = [r["rating"] for r in ratings if r["army"] in data["opponents"]]
    assert sum(field) == pytest.approx(0.0, abs=1e-9)  # 0: the field's average


def test_an_army_file_is_rated_and_the_text_report_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    army = ArmyList(format="army", id="my-army", name="Mine",
                    planeswalker="gideon-jura-combat-mage", cards=["rhox-veterans"])
    path = tmp_path / "my-army.yaml"
    writer.save_model(army, path)
    code = main(["--armies", str(path), "--opponents", "jace", "--games", "2", "--seats",
                 "random", "--jobs", "1"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "my-army.yaml" in out.out and "rating (Bradley-Terry" in out.out
    assert "2/2 games" in out.err


def test_bad_requests_are_refused_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--armies", "nobody", "--games", "1"]) == 2
    assert "unknown army 'nobody'" in capsys.readouterr().err
    assert main([]) == 2
    assert "give a BATTLEFIELD file, or --armies" in capsys.readouterr().err
    assert main(["--armies", "chandra", "--scenario", "skirmish"]) == 2
    assert "not a two-player battle" in capsys.readouterr().err


def test_decks_may_be_named_or_left_out(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """``--decks``: each tested army's own deck, in order, checked as the game checks a deck,
    or none on either side (the army alone: how Liliana's army was found weak without her
    spells)."""
    black = load_file(REPO / "cards" / "decks" / "black-premade.yaml", expect=SpellDeck)
    deck_file = tmp_path / "my-black.yaml"
    writer.save_model(black.model_copy(update={"id": "my-black", "name": "My black"}),
                      deck_file)
    named = StrengthBatch(["chandra", "liliana"], games=2, controllers=["random"],
                          decks={"liliana": str(deck_file)})
    assert named.specs[0].decks == ("red-premade", "white-premade")  # Chandra's own
    assert named.specs[2].decks[0] == str(deck_file)
    with pytest.raises(ValueError, match="the deck red-premade does not fit liliana-premade"):
        StrengthBatch(["liliana"], decks={"liliana": "red-premade"})
    bare = StrengthBatch(["liliana"], games=4, controllers=["random"], deckless=True)
    assert all(spec.decks == (None, None) for spec in bare.specs)
    with pytest.raises(ValueError, match="no deck 'nothing'"):
        StrengthBatch(["chandra"], decks={"chandra": "nothing"})

    code = main(["--armies", "liliana", "--opponents", "nissa", "--decks", "none",
                 "--games", "2", "--seats", "random", "--jobs", "1"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "decks: liliana-premade none (every game without spell decks" in out.out
    assert "spells cast: none" in out.out
    code = main(["--armies", "liliana", "--opponents", "nissa", "--decks", str(deck_file),
                 "--games", "2", "--seats", "random", "--jobs", "1", "--json"])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert json.loads(out.out)["decks"] == {"liliana-premade": str(deck_file)}

    for argv, said in (
            (["--decks", "red-premade,blue-premade"], "names 2 deck(s) for 1 army"),
            (["--decks", "nothing"], "there is no deck 'nothing'"),
            (["--decks", "red-premade"], "does not fit liliana-premade"),
    ):
        assert main(["--armies", "liliana", "--games", "1", *argv]) == 2
        assert said in capsys.readouterr().err
    assert main(["--armies", "premade", "--decks", "red-premade", "--games", "1"]) == 2
    assert "one by one" in capsys.readouterr().err


@pytest.mark.parametrize("decks", ["none", "red-premade"])
def test_decks_with_a_battlefield_is_refused_not_ignored(
        decks: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--decks`` chooses the decks of the armies ``--armies`` rates; a battlefield check
    plays each side's own deck, so ``--decks none`` there is refused in words, as a deck
    list is, instead of being dropped without a word."""
    field = REPO / "scenarios" / "battlefields" / "duel.yaml"
    assert main([str(field), "--decks", decks, "--games", "1", "--seats", "random"]) == 2
    err = capsys.readouterr().err
    assert "--decks goes with --armies" in err and "Traceback" not in err
