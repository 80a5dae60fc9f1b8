"""A position fuzzer: saved positions of seeded games, mutated a few hundred times (a figure
moved, two swapped, a spell duplicated, an entry deleted, a number or an id changed, an
embedded card edited, an action rewritten), each either loads to a position the engine
accepts as legal and plays on without error, or is refused with a plain message -- never a
traceback, never a changed file.

Two layers are fuzzed: the save loader (`arena.client.saves.load_save`, which also plays the
recorded actions again, so nearly every edit is refused there) and the position checker on
its own (`arena.engine.integrity.problems` on `Game.from_data`, without the replay), where
an accepted position -- by the content's rules (`arena.content.saved`) and the engine's --
must play on: a checker that lets an impossible position through is a finding here. Seeded
(``ARENA_FUZZ_SEED``, default 32) and bounded (``ARENA_FUZZ_CASES`` per layer, default 200):
a run takes about half a minute on one core.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from arena.ai.controller import RandomController
from arena.client import content
from arena.client.bench import duel_all_summoned
from arena.client.content import GameSetup, SeatSetup
from arena.client.saves import SaveError, load_save
from arena.client.tutorial import lesson_game
from arena.content.saved import save_problems
from arena.content.to_engine import card_factory
from arena.engine import Game
from arena.engine.integrity import problems

SEED = int(os.environ.get("ARENA_FUZZ_SEED", "32"))
CASES = int(os.environ.get("ARENA_FUZZ_CASES", "200"))
PLAY_ON = 25
"""Actions played on from a position that loaded (random legal ones)."""

JARGON = re.compile(
    r"Traceback|Error\b|Exception|invalid literal|values to unpack|Exceeds the limit|"
    r"NoneType|has no attribute|object is not|pydantic|validation error|\[type=|"
    r"index out of range|unhashable|not supported between|codec can't|int\(\)|float\(\)")
"""Python's or a library's wording, which a player must never read."""

Record = dict[str, Any]


# --- the seeded games ------------------------------------------------------------------------


def _played(scenario: str, armies: list[str], seed: int, actions: int) -> Game:
    """A game of the scenario played on by a seeded random player for ``actions``."""
    setup = GameSetup(scenario=scenario, seats=tuple(SeatSetup("human", army=a)
                                                     for a in armies), seed=seed)
    game = content.new_game(setup)
    player = RandomController(seed)
    for _ in range(actions):
        if game.outcome() is not None:
            break
        game.apply(player.choose(game.view(game.to_act), game.legal_actions()))
    return game


@lru_cache(maxsize=1)
def _bases() -> tuple[tuple[str, Record], ...]:
    """The saved positions the mutations start from (as a save holds them)."""
    content.catalog()
    games = {
        "duel-summoned": duel_all_summoned(7)[0],
        "duel-played": _played("the-duel", ["nissa-premade", "liliana-premade"], SEED, 90),
        "skirmish": _played("the-skirmish", ["gideon-premade", "jace-premade",
                                             "chandra-premade", "nissa-premade"], SEED, 40),
        "lesson": lesson_game(content.catalog()),
    }
    out = []
    for name, game in games.items():
        seats = tuple(SeatSetup("human") for _ in game.state.static.seats)
        data = {"format": "arena-client-save", "version": 1, "label": name,
                "scenario": game.state.static.scenario.name, "turn": game.turn,
                "seats": [{"kind": s.kind, "difficulty": s.difficulty, "army": s.army,
                           "team": s.team, "deck": s.deck} for s in seats],
                "log": [], "game": json.loads(json.dumps(game.to_data()))}
        out.append((name, data))
    return tuple(out)


# --- the mutations ---------------------------------------------------------------------------


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) below ``node``, containers included."""
    items = node.items() if isinstance(node, dict) else (
        enumerate(node) if isinstance(node, list) else ())
    for key, child in items:
        yield (*path, key), child
        yield from _leaves(child, (*path, key))


def _at(record: Record, path: tuple[Any, ...]) -> Any:
    node: Any = record
    for part in path:
        node = node[part]
    return node


def _set(record: Record, path: tuple[Any, ...], value: Any) -> None:
    _at(record, path[:-1])[path[-1]] = value


def _spell_zones(state: Record) -> list[list[str]]:
    return [zone for p in state["players"].values() for zone in p.values()]


def _figures(state: Record) -> list[str]:
    return sorted(state["figures"])


def _hexes(record: Record) -> list[str]:
    columns = record["game"]["static"]["field"]["columns"]
    return [c[0] for c in columns] + ["99,99", "-40,3"]


def move(rng: random.Random, record: Record) -> None:
    """A figure to another space, another zone, or two spaces."""
    state = record["game"]["state"]
    figure = state["figures"][rng.choice(_figures(state))]
    hexes = _hexes(record)
    kind = rng.randrange(4)
    if kind == 0:
        figure[0], figure[1] = "battlefield", [rng.choice(hexes)]
    elif kind == 1:
        figure[0], figure[1] = "battlefield", rng.sample(hexes, 2)
    elif kind == 2:
        figure[0] = rng.choice(["reserve", "graveyard", "removed", "battlefield", "limbo"])
    else:
        figure[1] = []


def swap(rng: random.Random, record: Record) -> None:
    """Two figures' records, two spells between zones, or two cards' zones."""
    state = record["game"]["state"]
    kind = rng.randrange(3)
    if kind == 0:
        a, b = rng.sample(_figures(state), 2)
        state["figures"][a], state["figures"][b] = state["figures"][b], state["figures"][a]
    elif kind == 1:
        zones = [z for z in _spell_zones(state) if z]
        if len(zones) >= 2:
            x, y = rng.sample(zones, 2)
            i, j = rng.randrange(len(x)), rng.randrange(len(y))
            x[i], y[j] = y[j], x[i]
    else:
        cards = sorted(state["cards"])
        a, b = rng.sample(cards, 2)
        state["cards"][a]["zone"], state["cards"][b]["zone"] = (
            state["cards"][b]["zone"], state["cards"][a]["zone"])


def duplicate(rng: random.Random, record: Record) -> None:
    """A spell in a second zone, a figure's space for another, an action twice."""
    state = record["game"]["state"]
    kind = rng.randrange(3)
    zones = _spell_zones(state)
    spells = [s for z in zones for s in z]
    if kind == 0 and spells:
        rng.choice(zones).append(rng.choice(spells))
    elif kind == 1:
        a, b = rng.sample(_figures(state), 2)
        state["figures"][b][:2] = copy.deepcopy(state["figures"][a][:2])
    else:
        actions = record["game"]["actions"]
        if actions:
            i = rng.randrange(len(actions))
            actions.insert(i, actions[i])


def delete(rng: random.Random, record: Record) -> None:
    """An entry anywhere in the game (a key, a list item), or an action."""
    if rng.random() < 0.3 and record["game"]["actions"]:
        actions = record["game"]["actions"]
        del actions[rng.randrange(len(actions))]
        return
    paths = [p for p, _ in _leaves(record["game"])]
    path = ("game", *rng.choice(paths))
    del _at(record, path[:-1])[path[-1]]


def renumber(rng: random.Random, record: Record) -> None:
    """A number somewhere in the game (a seat, a turn, damage, a counter) or an id."""
    numbers = [p for p, v in _leaves(record["game"]) if isinstance(v, int)
               and not isinstance(v, bool)]
    ids = [p for p, v in _leaves(record["game"]) if isinstance(v, str) and
           re.match(r"^p\d[.:/]", v)]
    if ids and rng.random() < 0.35:
        path = ("game", *rng.choice(ids))
        value = _at(record, path)
        _set(record, path, re.sub(r"^p(\d)", lambda m: f"p{int(m.group(1)) % 4 + 1}", value))
    elif numbers:
        path = ("game", *rng.choice(numbers))
        value = _at(record, path)
        _set(record, path, rng.choice([value + 1, value - 1, 0, -1, 2, 3, 99, 10**30]))


def edit_card(rng: random.Random, record: Record) -> None:
    """A field of an embedded army card or spell: another number, text, or gone."""
    defs = record["game"]["static"]["defs"]
    kind = rng.choice(["army", "spell"])
    card = defs[kind][rng.choice(sorted(defs[kind]))]
    field = rng.choice(sorted(card))
    choice = rng.randrange(4)
    if choice == 0 and isinstance(card[field], int) and not isinstance(card[field], bool):
        card[field] = rng.choice([card[field] + 1, card[field] - 1, 0, 99, -5])
    elif choice == 1:
        card[field] = rng.choice(["", "x" * 300, None, [], {}, 1.5])
    elif choice == 2:
        del card[field]
    else:
        for key in ("life", "move", "attack", "defense", "range", "cost"):
            if key in card:
                card[key] = rng.choice([99, 1, 0])


def rewrite_action(rng: random.Random, record: Record) -> None:
    """A recorded action replaced by another action's text, or by words."""
    actions = record["game"]["actions"]
    words = ["end-turn", "pass", "end-move", "fly to the moon", "", "move p1.x 0,0",
             *(actions[:5])]
    if actions:
        actions[rng.randrange(len(actions))] = rng.choice(words)
    else:
        actions.append(rng.choice(words))


MUTATIONS: tuple[Callable[[random.Random, Record], None], ...] = (
    move, swap, duplicate, delete, renumber, edit_card, rewrite_action)


@dataclass(frozen=True)
class Case:
    number: int
    base: str
    record: Record
    done: tuple[str, ...]


def cases(salt: int) -> Iterator[Case]:
    """The seeded cases: a base position with one to three mutations."""
    rng = random.Random(SEED * 1000 + salt)
    bases = _bases()
    for number in range(CASES):
        name, base = bases[number % len(bases)]
        record = copy.deepcopy(base)
        done = []
        for _ in range(rng.choice((1, 1, 2, 3))):
            mutation = rng.choice(MUTATIONS)
            try:
                mutation(rng, record)
            except (KeyError, IndexError, TypeError, ValueError):
                continue  # an earlier mutation removed what this one edits
            done.append(mutation.__name__)
        yield Case(number, name, record, tuple(done))


# --- the properties --------------------------------------------------------------------------


def _plays_on(game: Game, seed: int) -> None:
    """Random legal actions from the position: none may fail."""
    rng = random.Random(seed)
    for _ in range(PLAY_ON):
        if game.outcome() is not None:
            return
        legal = game.legal_actions()
        assert legal, "nobody can act in a position that passed the checks"
        game.apply(rng.choice(legal))
    assert problems(game) == []


def test_a_mutated_save_loads_legal_or_is_refused_plainly(tmp_path: Path) -> None:
    path = tmp_path / "fuzzed.json"
    loaded = refused = 0
    for case in cases(1):
        path.write_text(json.dumps(case.record, allow_nan=True))
        before = path.read_bytes()
        where = f"case {case.number} ({case.base}: {', '.join(case.done)})"
        try:
            save = load_save(path)
        except SaveError as exc:
            refused += 1
            message = str(exc)
            assert "fuzzed.json" in message and "Nothing was changed" in message, where
            assert not JARGON.search(message), f"{where}: {message}"
        else:
            loaded += 1
            assert problems(save.game, deep=True) == [], where
            _plays_on(save.game, case.number)
        assert path.read_bytes() == before, where
    assert refused > CASES // 2 and loaded >= 0


def test_a_mutated_position_the_checker_accepts_plays_on() -> None:
    accepted = 0
    for case in cases(2):
        where = f"case {case.number} ({case.base}: {', '.join(case.done)})"
        try:
            game = Game.from_data(case.record["game"], card_factory=card_factory)
        except Exception:  # noqa: BLE001 - loading refuses these; `load_save` words them
            continue
        try:
            found = save_problems(game.state.static, content.catalog()) or problems(
                game, deep=True)
        except Exception as exc:  # noqa: BLE001 - the checkers themselves must never fail
            pytest.fail(f"{where}: the checker failed: {exc!r}")
        if found:
            continue
        accepted += 1
        try:
            _plays_on(game, case.number)
        except AssertionError:
            raise
        except Exception as exc:  # noqa: BLE001 - the finding this test is for
            pytest.fail(f"{where}: accepted as legal, then the engine failed: {exc!r}")
    assert accepted > 0  # the no-op and harmless mutations at least
