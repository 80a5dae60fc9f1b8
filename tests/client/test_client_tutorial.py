"""The "Learn to play" lesson, headless: the whole lesson driven through the engine with the
tutorial's own predicates, the scripted opponent, the seeded dice, hints, undo and the saved
progress (`arena.client.tutorial`)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arena.client import content
from arena.client.tutorial import (
    GIDEON,
    LESSON,
    OPPONENT,
    PLAYER,
    Lesson,
    ScriptedOpponent,
    lesson_game,
    load_progress,
    opponent_script,
    progress_path,
    replay_to,
    save_progress,
)
from arena.content.catalog import Catalog
from arena.engine import Game, parse_action
from arena.engine.events import AttackResolved, Event
from arena.hexgrid import distance


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return content.catalog()


def drive(catalog: Catalog) -> tuple[Game, list[tuple[int, str, list[Event], str | None]]]:
    """Play the whole lesson: the player plays each step's plan, the scripted opponent its
    script; every action is checked legal before it is applied. Returns the game and, per
    action, (seat, action, events, the step it completed or None)."""
    game = lesson_game(catalog)
    lesson = Lesson()
    opponent = ScriptedOpponent()
    log: list[tuple[int, str, list[Event], str | None]] = []
    plan: list[str] = []
    while not lesson.finished:
        assert len(log) < 60, "the lesson does not end"
        if lesson.ready:  # a step the game did by itself, read: go on
            before = lesson.index
            assert lesson.go_on(game)
            log.append((PLAYER, "go on", [], LESSON[before].id))
            continue
        if game.to_act == OPPONENT:
            legal = game.legal_actions()
            action = opponent.choose(game.view(OPPONENT), legal)
            seat = OPPONENT
        else:
            step = lesson.step
            assert step is not None
            plan = plan or list(step.plan)
            assert plan, f"step {step.id} waits for the player but has no plan"
            action = parse_action(plan.pop(0))
            legal = game.legal_actions()
            seat = PLAYER
        assert action in legal, f"{action} is not legal for player {seat}"
        before = lesson.index
        events = game.apply(action)
        lesson.observe(game, action, events, seat)
        done = LESSON[before].id if lesson.index > before else None
        log.append((seat, action.text(), events, done))
    return game, log


def test_every_step_completes_with_its_planned_action_and_only_then(catalog: Catalog) -> None:
    _game, log = drive(catalog)
    completed = [done for _, _, _, done in log if done is not None]
    assert completed == [s.id for s in LESSON]
    by_step = {done: (seat, text) for seat, text, _, done in log if done is not None}
    for step in LESSON:
        seat, text = by_step[step.id]
        if step.plan:
            # the step completes on its last planned action, played by the player
            assert (seat, text) == (PLAYER, step.plan[-1]), step.id
        else:
            # done by the game (the opponent's end of turn), then read
            assert step.id == "draw" and seat == PLAYER and text == "go on"
    # no planned action before a step's last one completed it early
    assert len(completed) == len(LESSON)


def test_the_scripted_opponent_plays_its_whole_script_legally(catalog: Catalog) -> None:
    _game, log = drive(catalog)
    played = [text for seat, text, _, _ in log if seat == OPPONENT]
    assert played == opponent_script()


def test_the_lesson_goes_the_same_way_every_time(catalog: Catalog) -> None:
    first, log1 = drive(catalog)
    second, log2 = drive(catalog)
    assert first.state_digest() == second.state_digest()
    assert [[e.describe() for e in events] for _, _, events, _ in log1] == \
        [[e.describe() for e in events] for _, _, events, _ in log2]


def test_the_taught_attacks_land(catalog: Catalog) -> None:
    _game, log = drive(catalog)
    results = {e.attacker: e.damage for _, _, events, _ in log for e in events
               if isinstance(e, AttackResolved)}
    assert results["p1.gideon-jura-combat-mage"] > 0
    assert results["p1.kor-hookmasters.3"] > 0
    # the height advantage the step teaches is in the attack's dice
    declared = [e for _, text, events, _ in log for e in events
                if text.startswith("attack p1.gideon") and type(e).__name__ == "AttackDeclared"]
    assert ("height advantage", 1) in declared[0].attack_sources  # type: ignore[attr-defined]


def test_a_wrong_legal_action_earns_the_hint_and_undo_takes_it_back(catalog: Catalog) -> None:
    game, lesson, _ = replay_to(1, catalog)
    assert lesson.step is not None and lesson.step.id == "choose"
    wrong = parse_action("choose p1:kor-hookmasters")
    events = game.apply(wrong)
    assert not lesson.observe(game, wrong, events, PLAYER)
    assert lesson.step.id == "choose" and "Gideon" in lesson.hint
    game.undo()
    lesson.rewind(game)
    assert lesson.hint == ""
    right = parse_action("choose p1:gideon-jura-combat-mage")
    assert lesson.observe(game, right, game.apply(right), PLAYER)
    assert lesson.step is not None and lesson.step.id == "summon"


def test_the_steps_own_actions_on_the_way_earn_no_hint(catalog: Catalog) -> None:
    game, lesson, _ = replay_to(2, catalog)
    assert lesson.step is not None and lesson.step.id == "summon"
    for text in ("summon p1:rhox-veterans", "place 0,-4"):
        action = parse_action(text)
        assert not lesson.observe(game, action, game.apply(action), PLAYER)
        assert lesson.hint == "" and lesson.step.id == "summon"


def test_a_summon_onto_the_space_gideon_climbs_to_earns_the_hint(catalog: Catalog) -> None:
    game, lesson, _ = replay_to(2, catalog)
    for text in ("summon p1:rhox-veterans", "place 0,-4", "place 1,-4", "place 0,-2"):
        action = parse_action(text)
        assert not lesson.observe(game, action, game.apply(action), PLAYER)
    assert lesson.step is not None and lesson.step.id == "summon"
    assert "slope" in lesson.hint
    game.undo()
    lesson.rewind(game)
    action = parse_action("place 1,-5")
    assert lesson.observe(game, action, game.apply(action), PLAYER)
    assert lesson.step is not None and lesson.step.id == "climb"


def opening(catalog: Catalog) -> tuple[Game, Lesson]:
    """The lesson's game once the opponent's first turn is over and the player is to act."""
    game = lesson_game(catalog)
    lesson, opponent = Lesson(), ScriptedOpponent()
    while game.to_act == OPPONENT:
        action = opponent.choose(game.view(OPPONENT), game.legal_actions())
        lesson.observe(game, action, game.apply(action), OPPONENT)
    return game, lesson


def test_the_first_step_waits_to_be_read(catalog: Catalog) -> None:
    """Step 1 (the draw) happens by itself at the start of the player's turn: it once
    completed before the player could read it, and the lesson opened at step 2 of 12."""
    game, lesson = opening(catalog)
    assert lesson.step is not None and lesson.step.id == "draw" and lesson.ready
    assert lesson.go_on(game)
    assert lesson.step is not None and lesson.step.id == "choose" and not lesson.ready


def test_acting_on_from_a_step_read_counts_for_the_next(catalog: Catalog) -> None:
    game, lesson = opening(catalog)
    right = parse_action("choose p1:gideon-jura-combat-mage")
    assert lesson.observe(game, right, game.apply(right), PLAYER)
    assert lesson.step is not None and lesson.step.id == "summon"
    game.undo()
    lesson.rewind(game)
    assert lesson.step is not None and lesson.step.id == "choose"


def test_gideon_starts_the_summon_step_engaged_with_nobody(catalog: Catalog) -> None:
    """Engaged, every space he could move to was an orange warning while the step asks for
    a summon; engagement has a step of its own."""
    game, lesson, _ = replay_to(2, catalog)
    assert lesson.step is not None and lesson.step.id == "summon"
    state = game.state
    mine = state.figures[GIDEON].hexes
    for figure in state.on_battlefield():
        if state.controller(figure) != PLAYER:
            assert min(distance(a, b) for a in mine for b in state.figures[figure].hexes) > 1


def test_undoing_the_action_that_completed_a_step_steps_back(catalog: Catalog) -> None:
    game, lesson, _ = replay_to(4, catalog)  # Gideon chosen, Rhox summoned, Gideon climbed
    assert lesson.step is not None and lesson.step.id == "height"
    game.undo()  # the climb
    assert lesson.rewind(game)
    assert lesson.step is not None and lesson.step.id == "climb"


def test_progress_is_saved_and_resumed_from_the_step_reached(catalog: Catalog) -> None:
    assert load_progress() == 0  # nothing saved yet
    save_progress(5)
    assert progress_path().exists()
    assert load_progress() == 5
    resumed, lesson, _ = replay_to(load_progress(), catalog)
    assert lesson.index == 5 and lesson.step is not None and lesson.step.id == "spell"
    # the same position as playing the lesson up to there
    _game, log = drive(catalog)
    reference = lesson_game(catalog)
    count = 0
    for _, text, _, done in log:
        if text != "go on":  # reading a step is no action of the game
            reference.apply(text)
        if done is not None:
            count += 1
            if count == 5:
                break
    assert resumed.state_digest() == reference.state_digest()
    save_progress(len(LESSON))  # finished: the next lesson starts over
    assert load_progress() == 0


def test_damaged_progress_starts_over(catalog: Catalog) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[[[[", encoding="utf-8")
    assert load_progress() == 0
    path.write_text('{"step": "no-such-step"}', encoding="utf-8")
    assert load_progress() == 0


def test_the_module_needs_no_window() -> None:
    code = "import sys, arena.client.tutorial; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
