"""The event feed, without a window: the dice panel built event by event and the sounds,
matched on the engine's event types."""

from __future__ import annotations

import ast
from pathlib import Path

import arena.client.scenes.battle as battle
from arena.client.feed import DiceShow, MoveAnimation, dice_after, sound_of
from arena.engine.events import (
    AttackDeclared,
    AttackResolved,
    DamageDealt,
    DiceRolled,
    FigureDestroyed,
    FigureFell,
    TurnStarted,
)


def _declared() -> AttackDeclared:
    return AttackDeclared("p1.a", "Gideon", "p2.b", "Jace", 3, 2, (), ())


def test_an_attack_opens_a_show_its_rolls_add_rows_and_its_outcome_closes_it() -> None:
    dice = dice_after(None, _declared(), 1.0, 0)
    assert dice == DiceShow("Gideon attacks Jace", start=1.0, serial=1)
    dice = dice_after(dice, DiceRolled(1, "attack", ("skull", "skull", "blank")), 1.1, 1)
    dice = dice_after(dice, DiceRolled(2, "defense", ("shield", "blank")), 1.2, 1)
    assert dice is not None and [r[0] for r in dice.rows] == ["Attack", "Defense"]
    dice = dice_after(dice, AttackResolved("p1.a", "p2.b", 2, 1, 1), 1.3, 1)
    dice = dice_after(dice, FigureDestroyed("p2.b", "Jace", 2, "attack"), 1.3, 1)
    assert dice is not None and dice.result == "2 hits against 1 shields: 1 damage · " \
        "Jace destroyed" and dice.serial == 1
    # A roll after a finished show opens one of its own, numbered after the last.
    after = dice_after(dice, DiceRolled(1, "leaving-engagement", ("skull",)), 2.0, 1)
    assert after is not dice and after is not None and after.serial == 2
    assert after.title == "Leaving engagement roll" and after.rows == [
        ("Leaving engagement", ("skull",))]


def test_a_fall_is_the_result_line_and_other_events_change_nothing() -> None:
    dice = dice_after(None, DiceRolled(1, "falling", ("skull",)), 0.0, 4)
    fell = FigureFell("p1.a", "Gideon", 3, "skull", 1)
    dice = dice_after(dice, fell, 0.1, 5)
    assert dice is not None and dice.result == fell.describe()
    assert dice_after(dice, TurnStarted(2, 3), 0.2, 5) is dice
    assert dice_after(None, AttackResolved("a", "b", 1, 1, 0), 0.0, 0) is None


def test_sounds_follow_the_event_types() -> None:
    hit = DamageDealt("p2.b", "Jace", 1, "attack", 1, 5, False)
    gone = FigureDestroyed("p2.b", "Jace", 2, "attack")
    assert sound_of(DiceRolled(1, "attack", ()), animated=True) == "dice"
    assert sound_of(hit, animated=False) == "hit"
    assert sound_of(hit, animated=True) is None  # played with the hit flash
    assert sound_of(DamageDealt("p2.b", "Jace", 0, "x", 0, 5, False), animated=False) is None
    assert sound_of(gone, animated=False) == "destroyed"
    assert sound_of(gone, animated=True) is None
    assert sound_of(TurnStarted(1, 1), animated=False) is None


def test_a_move_slides_space_by_space_and_ends() -> None:
    anim = MoveAnimation("f", [(0, 0, 1), (1, 0, 1), (2, 0, 2)], start=1.0, step=0.5)
    assert anim.end == 2.0
    assert anim.at(1.0) == (0, 0, 1)
    mid = anim.at(1.25)
    assert mid is not None and mid[0] == 0.5 and mid[2] > 1  # hops between spaces
    assert anim.at(2.0) is None


def test_the_battle_screen_dispatches_on_event_types_not_names() -> None:
    """``type(event).__name__ == "DiceRolled"`` hid a renamed event; the screen matches
    types (here and in `arena.client.feed`)."""
    tree = ast.parse(Path(battle.__file__).read_text(encoding="utf-8"))
    by_name = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and node.attr == "__name__"]
    assert by_name == [], f"battle.py reads class names at lines {by_name}"
