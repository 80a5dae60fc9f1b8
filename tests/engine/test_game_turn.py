"""The turn through the engine: draw, choose, windows, hand limit, turn marker, skipping
(guide "On your turn", "More on using spell cards", "Playing the multiplayer game")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from arena.engine import (
    ChooseCard,
    Discard,
    EndTurn,
    Game,
    IllegalAction,
    PlayerSetup,
    PlaySpell,
    standard_rulebook,
)
from arena.engine.context import Ctx
from arena.engine.events import CardDrawn, PlayerSkipped, SpellPlayed, TurnMarkerAdvanced
from arena.engine.state import GameState
from arena.engine.testkit import hex_field, planeswalker, spell, squad
from arena.hexgrid import Hex

GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
LILIANA = planeswalker("liliana", life=7, range=6, attack=4, defense=3, height=4)
RHOX = squad("rhox")
PROJ = squad("proj", life=2, range=6, height=4)


def spells(prefix: str, n: int) -> list[Any]:
    return [spell(f"{prefix}{i}") for i in range(n)]


def duel(placed: dict[str, Any], p1: PlayerSetup | None = None, p2: PlayerSetup | None = None,
         **kw: Any) -> Game:
    return Game.from_position(
        hex_field(), [p1 or PlayerSetup([GIDEON, RHOX]), p2 or PlayerSetup([JACE, PROJ])],
        placed, **kw)


BASIC = {"p1.gideon": Hex(0, -3), "p2.jace": Hex(0, 3)}


def test_action_1_draws_with_the_planeswalker_on_the_battlefield() -> None:
    """Guide Action 1: "If your Planeswalker is on the battlefield, draw a spell card"."""
    game = duel(BASIC, PlayerSetup([GIDEON, RHOX], library=spells("a", 2)), phase="turn_start",
                turn=3)
    assert game.state.players[1].hand == ("p1/a0",) and game.phase == "choose"
    assert any(isinstance(e, CardDrawn) for e in game.initial_events)


def test_no_draw_without_the_planeswalker() -> None:
    """Guide "Planeswalker rules": with your Planeswalker destroyed you cannot draw."""
    placed = {"p1.rhox.1": Hex(0, -3), "p2.jace": Hex(0, 3)}
    game = duel(placed, PlayerSetup([GIDEON, RHOX], library=spells("a", 2)), phase="turn_start",
                turn=3)
    assert game.state.players[1].hand == ()
    assert game.state.figures["p1.gideon"].zone == "graveyard"
    assert not game.can_play_spell_now(1)


def test_empty_library_draws_nothing_and_is_not_refilled() -> None:
    """Guide "You draw your last card": no reshuffle; an empty library draws nothing."""
    game = duel(BASIC, PlayerSetup([GIDEON], graveyard=spells("g", 2)), phase="turn_start",
                turn=3)
    p = game.state.players[1]
    assert p.hand == () and p.library == () and len(p.graveyard) == 2


def test_first_player_skips_draw_only_on_turn_one_of_a_duel() -> None:
    """Guide "Get ready to play" 3: the first player does not draw that turn."""
    game = duel(BASIC, PlayerSetup([GIDEON], library=spells("a", 2)), phase="turn_start", turn=1)
    assert game.state.players[1].hand == ()


def test_hand_limit_is_a_discard_decision() -> None:
    """Guide "Spell card hand limit": more than seven at the end of your turn: discard to
    seven; the player chooses."""
    hand = spells("h", 9)
    game = duel(BASIC, PlayerSetup([GIDEON], hand=hand), phase="choose", turn=3)
    game.apply("end-turn")
    assert game.pending.phase == "discard" and game.to_act == 1
    assert set(game.legal_actions()) == {Discard(f"p1/h{i}") for i in range(9)}
    game.apply(Discard("p1/h4"))
    assert game.pending.phase == "discard"
    with pytest.raises(IllegalAction):
        game.apply("end-turn")
    events = game.apply(Discard("p1/h0"))
    p = game.state.players[1]
    assert len(p.hand) == 7 and p.graveyard == ("p1/h4", "p1/h0")
    assert any(isinstance(e, TurnMarkerAdvanced) for e in events)
    assert game.state.active == 2


def test_choose_an_army_card_with_figures_on_the_battlefield() -> None:
    """Guide Action 2: choose one of your army cards; only it acts this turn."""
    placed = {**BASIC, "p1.rhox.1": Hex(1, -3)}
    game = duel(placed, phase="choose", turn=3)
    chooses = [a for a in game.legal_actions() if isinstance(a, ChooseCard)]
    assert chooses == [ChooseCard("p1:gideon"), ChooseCard("p1:rhox")]
    game.apply("choose p1:rhox")
    assert game.phase == "pre_move" and game.state.turn_state.chosen == "p1:rhox"
    with pytest.raises(IllegalAction, match="once"):
        game.apply("choose p1:gideon")
    moving = {a.figure for a in game.legal_actions() if hasattr(a, "figure")}
    assert moving == {"p1.rhox.1"}


def test_reserve_cards_cannot_be_chosen() -> None:
    """Guide Action 2 (our reading): a card with no figure on the battlefield does nothing."""
    game = duel(BASIC, phase="choose", turn=3)
    with pytest.raises(IllegalAction):
        game.apply("choose p1:rhox")


def test_turn_marker_advances_every_player_turn() -> None:
    """Guide Action 5: move the turn marker; the player to the left goes next."""
    game = duel(BASIC, phase="choose", turn=3)
    events = game.apply(EndTurn())
    assert game.turn == 4 and game.active == 2
    assert [e.turn for e in events if isinstance(e, TurnMarkerAdvanced)] == [4]
    game.apply("end-turn")
    assert game.turn == 5 and game.active == 1


class OneSpellSource:
    """A test action source offering every spell in hand with no targets."""

    def legal(self, state: GameState, player: int) -> Iterable[PlaySpell]:
        return [PlaySpell(s) for s in state.players[player].hand]

    def apply(self, ctx: Ctx, action: Any) -> bool:
        return isinstance(action, PlaySpell)


def spell_game(**kw: Any) -> Game:
    rules = standard_rulebook()
    rules.register_action_source(OneSpellSource())
    return duel({**BASIC, "p1.rhox.1": Hex(1, -3)},
                PlayerSetup([GIDEON, RHOX], hand=spells("h", 5)), rules=rules, turn=3, **kw)


def test_spell_window_before_moving_and_after_attacking() -> None:
    """Guide Action 1: spells only on your turn, after action 1 and before action 3, or after
    action 4 and before action 5."""
    game = spell_game(phase="choose")
    assert game.can_play_spell_now(1) and not game.can_play_spell_now(2)
    assert game.pending.spell_window
    game.apply("choose p1:rhox")
    assert game.can_play_spell_now(1)
    game.apply("move p1.rhox.1 2,-3")
    assert not game.can_play_spell_now(1)
    assert not any(isinstance(a, PlaySpell) for a in game.legal_actions())
    game.apply("end-move")
    assert not game.can_play_spell_now(1)
    game.apply("end-attack")
    assert game.can_play_spell_now(1)
    events = game.apply("play p1/h0")
    assert any(isinstance(e, SpellPlayed) for e in events)
    assert game.state.players[1].graveyard == ("p1/h0",)


def test_three_spells_a_turn() -> None:
    """Guide Action 1: "you may play up to three spell cards"."""
    game = spell_game(phase="choose")
    for i in range(3):
        game.apply(f"play p1/h{i}")
    assert not game.can_play_spell_now(1)
    with pytest.raises(IllegalAction, match="three a turn"):
        game.apply("play p1/h3")


def test_multiplayer_skips_a_player_with_nothing_left() -> None:
    """Guide "Playing the multiplayer game" (brief): a player whose Planeswalker and army are
    gone is skipped; the turn marker counts turns taken."""
    players = [PlayerSetup([GIDEON]), PlayerSetup([JACE]), PlayerSetup([LILIANA])]
    game = Game.from_position(hex_field(), players,
                              {"p1.gideon": Hex(0, -3), "p3.liliana": Hex(0, 3)}, turn=5)
    events = game.apply("end-turn")
    assert [e.player for e in events if isinstance(e, PlayerSkipped)] == [2]
    assert game.active == 3 and game.turn == 6


def test_a_player_without_planeswalker_keeps_playing_squads() -> None:
    """Guide "Playing the multiplayer game": with the Planeswalker destroyed, squads on the
    battlefield still take turns (no draw, no spells)."""
    players = [PlayerSetup([GIDEON]), PlayerSetup([JACE, PROJ], library=spells("x", 3)),
               PlayerSetup([LILIANA])]
    game = Game.from_position(hex_field(), players, {
        "p1.gideon": Hex(0, -3), "p2.proj.1": Hex(3, 0), "p3.liliana": Hex(0, 3)}, turn=5)
    game.apply("end-turn")
    assert game.active == 2 and game.state.players[2].hand == ()
    assert [a.text() for a in game.legal_actions()][:1] == ["choose p2:proj"]


def noop(_: Sequence[Any]) -> None:
    return None
