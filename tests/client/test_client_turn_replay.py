"""A computer's spell shows its card and marks its targets, and "Replay last turn" plays the
computer's last turn again on a copy (headless: `arena.client.watch`, `arena.client.recap`,
`arena.client.turn_replay`)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence

import pytest
from test_client_battle_flow import PLACED, SEATS
from test_client_recap import play_ai_turn

from arena.client import content
from arena.client.session import BattleSession
from arena.client.turn_replay import Rerun
from arena.client.watch import card_of, show_hexes, show_of
from arena.content.to_engine import army_cards, field_from_battlefield
from arena.engine import (
    Action,
    ChooseCard,
    EndAttack,
    EndMove,
    EndTurn,
    Game,
    IllegalAction,
    MoveFigure,
    PlaySpell,
    UseAbility,
)
from arena.engine.abilities.spec import abilities_of
from arena.engine.events import SpellPlayed
from arena.engine.setup import PlayerSetup

RHOX = "p1.rhox-veterans.1"
MIND_CONTROL = "p2/mind-control"
SPELLS = ("mind-control", "binding-mists", "dispersing-tide")


def ai_to_cast(active: int = 2) -> Game:
    """Player 2 (the computer) to choose a card, with Mind Control, Binding Mists and the
    hidden enchantment Dispersing Tide in hand."""
    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    armies = [army_cards(cat.armies[s.army], cat) for s in SEATS]
    players = [PlayerSetup(armies[0]),
               PlayerSetup(armies[1], hand=[cat.spells[i] for i in SPELLS])]
    return Game.from_position(field, players, PLACED, turn=3, active=active, phase="choose",
                              scenario=scenario, seed=11)


class Caster:
    """A computer player that chooses Jace, plays Mind Control on the first Rhox, moves
    Jace, attacks when it can, and ends its turn."""

    def choose(self, view: Game, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, PlaySpell) and a.spell == MIND_CONTROL and a.targets == (RHOX,):
                return a
        for a in legal:
            if isinstance(a, ChooseCard) and a.card == "p2:jace-beleren-mindmage":
                return a
        moves = [a for a in legal if isinstance(a, MoveFigure)]
        if moves and not view.state.turn_state.spells_played:
            return moves[0]
        for kind in (EndMove, EndAttack, EndTurn):
            for a in legal:
                if isinstance(a, kind):
                    return a
        return legal[0]


def test_a_spell_shows_its_card_and_marks_its_figure_target() -> None:
    game = ai_to_cast()
    game.apply("choose p2:jace-beleren-mindmage")
    action = PlaySpell(MIND_CONTROL, (RHOX,))
    show = show_of(game, 2, action)
    card = show.card
    assert card is not None and not card.face_down
    d = game.state.static.spell_def(MIND_CONTROL)
    assert d is not None
    assert (card.name, card.cost, card.kind) == ("Mind Control", d.cost, "sorcery")
    assert card.body and card.body == getattr(d, "text", "")
    assert card.caption == "Player 2 plays"
    assert show.label == "play Mind Control"
    assert show.targets == (RHOX,) and show.actor is None
    _, targets = show_hexes(game, show)
    assert targets == tuple(game.state.figures[RHOX].hexes)


def test_an_aura_marks_every_figure_of_the_army_card_it_goes_on() -> None:
    game = ai_to_cast()
    game.apply("choose p2:jace-beleren-mindmage")
    show = show_of(game, 2, PlaySpell("p2/binding-mists", ("p1:rhox-veterans",)))
    assert show.card is not None and show.card.name == "Binding Mists"
    _, targets = show_hexes(game, show)
    rhoxes = {h for f in game.state.figures_of_card("p1:rhox-veterans", "battlefield")
              for h in game.state.figures[f].hexes}
    assert len(rhoxes) == 3 and set(targets) == rhoxes


def test_a_hidden_enchantment_shows_face_down() -> None:
    game = ai_to_cast()
    game.apply("choose p2:jace-beleren-mindmage")
    show = show_of(game, 2, PlaySpell("p2/dispersing-tide", ("p2:jace-beleren-mindmage",)))
    card = show.card
    assert card is not None and card.face_down
    assert "Dispersing" not in card.name + card.body + show.label
    assert show.label == "play a hidden enchantment"


def test_an_activated_ability_shows_its_name_and_text() -> None:
    game = ai_to_cast()
    static = game.state.static
    found = next(((uid, a) for uid, c in static.cards.items()
                  for a in abilities_of(static, c.def_id) if a.kind == "activated"), None)
    if found is None:
        pytest.skip("no activated ability in these armies")
    uid, ability = found
    card = card_of(game, 2, UseAbility(uid, ability.id))
    assert card is not None and card.name == ability.name and card.body == ability.text
    assert card.kind == "ability" and card.cost == -1
    assert static.card_def(uid).name in card.caption
    assert card_of(game, 2, EndTurn()) is None


def test_the_replay_plays_the_last_turn_again_and_leaves_the_game_alone() -> None:
    game = ai_to_cast()
    session = BattleSession(game, SEATS, controllers={2: Caster()})
    actions_before = len(game.actions)
    start_digest = game.state_digest()
    play_ai_turn(session)
    recap = session.take_recap()
    assert recap is not None
    assert any("played Mind Control" in line.text for line in recap.lines)
    tape = session.record.last
    assert tape is not None
    assert tape.start.state_digest() == start_digest
    assert [a.text() for _, a in tape.actions] == game.actions[actions_before:]
    assert any(isinstance(a, PlaySpell) for _, a in tape.actions)
    live_digest, live_log = game.state_digest(), list(session.log)

    rerun = Rerun(session, tape)
    assert rerun.session.game is not game
    assert rerun.session.game.state_digest() == start_digest
    shown, replayed = [], []
    while not rerun.done:
        events = rerun.step()
        replayed.append(tuple(events))
        shown.append(rerun.session.shown)
        assert game.state_digest() == live_digest  # the live game never moves
    assert replayed == [step.events for step in tape.steps]
    spell = next(s for s in shown if s is not None and isinstance(s.action, PlaySpell))
    assert spell.card is not None and spell.card.name == "Mind Control"
    assert any(isinstance(e, SpellPlayed) for events in replayed for e in events)
    assert rerun.session.game.state_digest() == live_digest  # the same dice, the same end
    assert session.log == live_log and game.state_digest() == live_digest
    with pytest.raises(IndexError):
        rerun.step()


def test_a_person_ending_their_turn_starts_a_fresh_tape() -> None:
    session = BattleSession(ai_to_cast(), SEATS, controllers={2: Caster()})
    play_ai_turn(session)
    assert session.take_recap() is not None
    first = session.record.last
    assert first is not None
    end = session.options.end_turn
    assert end is not None
    session.apply(end)
    assert session.record.start is None and not session.record.actions
    play_ai_turn(session)
    session.take_recap()
    second = session.record.last
    assert second is not None and second is not first
    assert second.start.turn == first.start.turn + 2 and second.start.active == 2
    with pytest.raises(IllegalAction):  # nothing of the computer's turn can be undone
        session.undo()


def test_the_replay_and_the_shown_card_need_no_window() -> None:
    """What a spell shows and the replay itself are decided without pygame (testable and
    usable headless); only their drawing is the screen's."""
    code = ("import arena.client.turn_replay, arena.client.watch, sys; "
            "print('pygame' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False"
