"""``arena play --scenario ... --battlefield ... --army ... --deck ... --seats ... --seed``:
the game opens straight on the battle those options describe (the status file shows the
scene stack and the setup), and every bad value is one readable line -- the option, what is
wrong, what is allowed -- with exit code 2, no traceback and no window."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from arena import cli
from arena.client import app as client_app
from arena.client import content
from arena.client.storage import data_dir

REPO = Path(__file__).resolve().parents[2]
DUEL = REPO / "scenarios" / "the-duel.yaml"
DUEL_FIELD = REPO / "scenarios" / "battlefields" / "duel.yaml"


@pytest.fixture(autouse=True)
def own_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files named on the command line join the process's catalogue: give each test a fresh
    one (and put the shared one back afterwards)."""
    monkeypatch.setattr(content, "_catalog", None)


def play(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Run `arena play argv` for two frames in this process; the status it wrote."""
    status = tmp_path / "status.json"
    monkeypatch.setenv("ARENA_TEST_STATUS", str(status))
    assert cli.main(["play", *argv, "--frames", "2"]) == 0
    data: dict[str, Any] = json.loads(status.read_text(encoding="utf-8"))
    return data


def seats(status: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    return [(s["kind"], s["difficulty"], s["army"], s["deck"])
            for s in status["setup"]["seats"]]


def test_every_option_starts_that_battle(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    status = play(["--scenario", "the-duel", "--army", "jace-premade,liliana-premade",
                   "--deck", "blue-premade", "--seats", "human,hard", "--seed", "7"],
                  tmp_path, monkeypatch)
    assert status["scenes"] == ["BattleScene"]  # no menus below it
    assert status["setup"]["scenario"] == "the-duel" and status["setup"]["seed"] == 7
    assert seats(status) == [("human", "normal", "jace-premade", "blue-premade"),
                             ("ai", "hard", "liliana-premade", "")]


def test_defaults_fill_the_seats_with_premade_armies_of_different_planeswalkers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `arena --scenario ...` without `play` means `arena play --scenario ...`
    status_path = tmp_path / "status.json"
    monkeypatch.setenv("ARENA_TEST_STATUS", str(status_path))
    assert cli.main(["--scenario", "melee", "--army", "jace", "--frames", "2"]) == 0
    status = json.loads(status_path.read_text(encoding="utf-8"))
    assert status["setup"]["scenario"] == "the-melee"  # three players at least
    assert seats(status) == [("human", "normal", "jace-premade", ""),
                             ("ai", "normal", "gideon-premade", ""),
                             ("ai", "normal", "chandra-premade", "")]


def test_the_same_seed_deals_the_same_game() -> None:
    options = client_app.parse_options(["--seats", "easy,easy", "--seed", "11"])
    first = client_app.start_battle(options)
    second = client_app.start_battle(options)
    assert first is not None and second is not None
    assert first[0].to_data() == second[0].to_data()
    assert client_app.start_battle(client_app.parse_options([])) is None  # the main menu


def test_files_by_path_a_battlefield_in_place_of_the_scenarios_and_own_army(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    field = tmp_path / "my-field.yaml"
    text = DUEL_FIELD.read_text(encoding="utf-8")
    field.write_text(text.replace("id: duel", "id: my-field", 1)
                     .replace("name: The Duel", "name: My Field", 1), encoding="utf-8")
    army = tmp_path / "my-nissa.yaml"
    army.write_text((REPO / "cards" / "armies" / "nissa-premade.yaml").read_text("utf-8")
                    .replace("id: nissa-premade", "id: my-nissa"), encoding="utf-8")
    status = play(["--scenario", str(DUEL), "--battlefield", str(field), "--army", str(army)],
                  tmp_path, monkeypatch)
    assert status["scenes"] == ["BattleScene"]
    assert status["setup"]["scenario"] == "the-duel-on-my-field"
    assert seats(status)[0][:3] == ("human", "normal", "my-nissa")
    assert seats(status)[1][:3] == ("ai", "normal", "gideon-premade")
    cat = content.catalog()
    assert cat.scenarios["the-duel-on-my-field"].name == "The Duel on My Field"
    assert cat.scenarios["the-duel"].battlefield == "duel"  # the shipped one is untouched
    game, _setup = client_app.start_battle(client_app.parse_options(
        ["--battlefield", str(field), "--seed", "3"])) or (None, None)
    assert game is not None and game.state.static.field.id == "my-field"


def test_the_players_own_army_and_deck_by_id(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    base = data_dir()
    (base / "armies").mkdir(parents=True)
    (base / "decks").mkdir(parents=True)
    shutil.copy(REPO / "cards" / "armies" / "chandra-premade.yaml",
                base / "armies" / "my-chandra.yaml")
    (base / "armies" / "my-chandra.yaml").write_text(
        (base / "armies" / "my-chandra.yaml").read_text("utf-8")
        .replace("id: chandra-premade", "id: my-chandra"), encoding="utf-8")
    (base / "decks" / "my-red.yaml").write_text(
        (REPO / "cards" / "decks" / "red-premade.yaml").read_text("utf-8")
        .replace("id: red-premade", "id: my-red"), encoding="utf-8")
    status = play(["--army", "my-chandra", "--deck", "my-red"], tmp_path, monkeypatch)
    assert seats(status)[0] == ("human", "normal", "my-chandra", "my-red")


def _broken_scenario(tmp_path: Path) -> str:
    path = tmp_path / "broken.yaml"
    path.write_text(DUEL.read_text("utf-8").replace("id: the-duel", "id: broken")
                    .replace("victory: destroy_planeswalkers", "victory: be-nice"),
                    encoding="utf-8")
    return str(path)


BAD: list[tuple[list[str], str, list[str]]] = [
    # argv, the option blamed, what the message says (what is wrong, what is allowed)
    (["--scenario", "nowhere"], "--scenario",
     ["no scenario has the id 'nowhere'", "the-duel", "the path of a scenario YAML file"]),
    (["--scenario", "missing/scenario.yaml"], "--scenario",
     ["there is no file 'missing/scenario.yaml'"]),
    (["--scenario", "cards/armies/gideon-premade.yaml"], "--scenario",
     ["gideon-premade.yaml", "a scenario was expected"]),
    (["--battlefield", "nowhere"], "--battlefield",
     ["no battlefield has the id 'nowhere'", "duel", "battlefield YAML file"]),
    (["--battlefield", "melee"], "--battlefield",
     ["The Duel cannot be played on 'The Melee'", "starting zone"]),
    (["--army", "nobody"], "--army",
     ["no army has the id 'nobody'", "gideon-premade", "army YAML file"]),
    (["--army", "gideon,jace,nissa"], "--army", ["3 given", "The Duel is for 2 players"]),
    (["--seats", "human", "--army", "gideon,jace,nissa"], "--seats",
     ["1 seat(s) given, but The Duel is for 2 players"]),
    (["--seats", "human,normal", "--army", "gideon,jace,nissa"], "--army",
     ["3 given for 2 seat(s)", "at most one per seat"]),
    (["--deck", "no-such-deck"], "--deck",
     ["no deck has the id 'no-such-deck'", "white-premade"]),
    (["--army", "jace", "--deck", "white-premade"], "--deck",
     ["'White premade deck' cannot be played by seat 1's army", "colour"]),
    (["--seats", "human,robot"], "--seats",
     ["'robot' is not a seat", "human, easy, normal, hard"]),
    (["--seats", "human,,normal"], "--seats", ["an empty seat is not a seat"]),
    (["--scenario", "melee", "--seats", "human,normal"], "--seats",
     ["2 seat(s) given, but The Melee is for 3 to 5 players"]),
    (["--seed", "lots"], "--seed", ["'lots' is not a whole number"]),
    (["--seed", "-4"], "--seed", ["must be 0 or more"]),
]


@pytest.mark.parametrize(("argv", "option", "says"), BAD,
                         ids=[" ".join(a) for a, _o, _s in BAD])
def test_a_bad_value_is_one_readable_line_and_exit_code_2(
        argv: list[str], option: str, says: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", *argv, "--frames", "1"]) == 2
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if line.startswith("arena play: error:"))
    assert line.startswith(f"arena play: error: argument {option}: "), err
    for words in says:
        assert words in line, line
    assert "Traceback" not in err
    assert not pygame.display.get_init(), "no window for a bad value"


def test_a_broken_scenario_file_names_its_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--scenario", _broken_scenario(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "argument --scenario: " in err and "broken.yaml:" in err and "victory" in err


def test_the_real_command_exits_2_without_a_traceback(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "arena", "play", "--army", "nobody"],
                          capture_output=True, text=True, timeout=120, check=False,
                          cwd=tmp_path)
    assert proc.returncode == 2
    assert "arena play: error: argument --army: no army has the id 'nobody'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_help_lists_the_battle_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--scenario", "--battlefield", "--army", "--deck", "--seats", "--seed"):
        assert option in out
