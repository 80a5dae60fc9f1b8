"""The spell hand in the battle: cards drawn as cards, "play" where the engine offers a
PlaySpell, targets picked by lighting only the legal ones (figures on the battlefield, army
cards in the panel), the 3-spells-per-turn counter, the discard-to-7 decision and attached
enchantments on the army cards (face-down ones as card backs to the other players)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_battle_flow import PLACED, SEATS, figure_pos

from arena.client import content
from arena.client.controllers import RandomController
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.to_engine import army_cards, field_from_battlefield
from arena.engine import Game, PlaySpell
from arena.engine.setup import PlayerSetup
from arena.hexgrid import Hex

HAND = ("battle-fury", "barkskin", "battle-hymn", "divine-blessing", "close-ranks",
        "banner-of-unity")


def spell_position(hand: tuple[str, ...] = HAND) -> Game:
    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    armies = [army_cards(cat.armies[s.army], cat) for s in SEATS]
    blue = [s for s in cat.spells.values() if s.colour == "blue"][:3]
    players = [PlayerSetup(armies[0], hand=[cat.spells[i] for i in hand]),
               PlayerSetup(armies[1], hand=blue)]
    return Game.from_position(field, players, PLACED, turn=3, active=1, phase="choose",
                              scenario=scenario, seed=11)


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))


def widget(scene: BattleScene, name: str) -> object:
    return next(w for w in scene.form.widgets if w.name == name)


def test_the_hand_plays_spells_with_legal_targets_only(app: App, screen: pygame.Surface
                                                       ) -> None:
    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 3)
    scene.camera.finish()
    frames(app, screen, 2)
    hand = [w for w in scene.form.widgets if w.name.startswith("spell:")]
    assert len(hand) == len(HAND)
    assert all(w.card.name for w in hand)  # type: ignore[attr-defined]
    playable = {w.name for w in hand if w.enabled}
    assert "spell:p1/battle-fury" in playable and "spell:p1/battle-hymn" in playable
    lay = scene.layout
    before = save_artifact(screen, "spells_hand.png")
    assert before.exists()
    image = screen.copy()
    # the hand strip shows coloured card frames
    colours = {image.get_at((x, lay.hand.centery))[:3]
               for x in range(lay.hand.x, lay.hand.right, 7)}
    assert len(colours) > 8

    # 1. Battle Fury targets a figure: only the legal ones light up on the battlefield
    click(scene, widget(scene, "spell:p1/battle-fury").rect.center)  # type: ignore
    frames(app, screen, 2)
    assert scene.pick is not None
    legal = {a.targets[0] for a in scene.game.legal_actions()
             if isinstance(a, PlaySpell) and a.spell == "p1/battle-fury"}
    lit = set(scene.pick_hexes().values())
    assert lit == legal
    assert all(m.style == "choice" for m in scene.markers())
    assert len(scene.markers()) == len(legal)
    save_artifact(screen, "spells_targeting_figure.png")
    # a click on an illegal figure does nothing; Esc cancels; then play on a Rhox
    click(scene, figure_pos(scene, "p2.leyline-phantoms.1"))
    assert scene.pick is not None
    key(scene, pygame.K_ESCAPE)
    assert scene.pick is None
    click(scene, widget(scene, "spell:p1/battle-fury").rect.center)  # type: ignore
    frames(app, screen)
    click(scene, figure_pos(scene, "p1.rhox-veterans.1"))
    frames(app, screen, 2)
    assert scene.pick is None
    state = scene.game.state
    assert "p1/battle-fury" not in state.players[1].hand
    assert state.turn_state.spells_played == 1

    # 2. Barkskin targets an army card: the card panel lights the legal cards
    click(scene, widget(scene, "spell:p1/barkskin").rect.center)  # type: ignore
    frames(app, screen, 2)
    assert scene.pick is not None
    card = widget(scene, "card:p1:rhox-veterans")
    assert card.row.badge == "Target"  # type: ignore[attr-defined]
    save_artifact(screen, "spells_targeting_card.png")
    click(scene, card.rect.center)  # type: ignore[attr-defined]
    frames(app, screen, 2)
    state = scene.game.state
    assert state.turn_state.spells_played == 2
    enchanted = state.cards["p1:rhox-veterans"].enchantments
    row = widget(scene, "card:p1:rhox-veterans").row  # type: ignore[attr-defined]
    if enchanted:
        assert "Barkskin" in row.extra
    if state.cards["p1:rhox-veterans"].counters:
        assert "counter" in row.extra
    # 3. a spell without targets plays at once; the counter reaches 3 and nothing is playable
    click(scene, widget(scene, "spell:p1/battle-hymn").rect.center)  # type: ignore
    frames(app, screen, 3)
    assert scene.game.state.turn_state.spells_played == 3
    assert not [w for w in scene.form.widgets if w.name.startswith("spell:") and w.enabled]
    save_artifact(screen, "spells_after_three.png")


def test_hidden_enchantments_show_as_card_backs_to_others(app: App, screen: pygame.Surface
                                                         ) -> None:
    from dataclasses import replace

    from arena.engine.state import Attachment

    game = spell_position()
    state = game.state
    hidden = state.players[2].hand[0]
    cs = state.cards["p2:leyline-phantoms"]
    state.cards["p2:leyline-phantoms"] = replace(cs, enchantments=(Attachment(hidden, False),))
    scene = BattleScene(app, game, SEATS, controllers={2: RandomController(seed=3, delay=5.0)},
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    row = widget(scene, "card:p2:leyline-phantoms").row  # type: ignore[attr-defined]
    assert row.hidden == 1
    assert game.state.static.spell_name(hidden) not in row.extra
    save_artifact(screen, "spells_face_down.png")


def test_hotseat_hand_off_hides_the_hand_until_the_next_player_is_ready(
        app: App, screen: pygame.Surface) -> None:
    from dataclasses import replace

    from arena.client.content import SeatSetup
    from arena.client.scenes.handoff import HandOffScene
    from arena.engine.state import Attachment

    seats = (SeatSetup("human", army="gideon-premade"), SeatSetup("human", army="jace-premade"))
    game = spell_position()
    # Player 1 has a face-down enchantment on Rhox Veterans: Player 2 sees a card back
    secret = game.state.players[1].hand[-1]
    cs = game.state.cards["p1:rhox-veterans"]
    game.state.cards["p1:rhox-veterans"] = replace(cs, enchantments=(Attachment(secret, False),))
    scene = BattleScene(app, game, seats, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    assert isinstance(app.top, HandOffScene) and app.top.seat == 1
    save_artifact(screen, "hotseat_handoff.png")
    # nothing of the battle is drawn: no card colours in the hand strip area
    lay = scene.layout
    strip = {screen.get_at((x, lay.hand.centery))[:3] for x in range(lay.hand.x, lay.hand.right, 9)}
    assert len(strip) < 40
    key(app.top, pygame.K_RETURN)
    frames(app, screen, 2)
    assert app.top is scene
    names = [w.name for w in scene.form.widgets if w.name.startswith("spell:")]
    assert names and all(n.startswith("spell:p1/") for n in names)
    row = widget(scene, "card:p1:rhox-veterans").row  # type: ignore[attr-defined]
    assert row.hidden == 0 and "face down" in row.extra

    # Player 1 ends the turn: the hand-off covers the screen for Player 2
    scene.act(scene.session.options.end_turn)
    frames(app, screen, 2)
    assert isinstance(app.top, HandOffScene) and app.top.seat == 2
    key(app.top, pygame.K_RETURN)
    frames(app, screen, 3)
    assert app.top is scene and scene.session.viewer == 2
    names = [w.name for w in scene.form.widgets if w.name.startswith("spell:")]
    assert names and all(n.startswith("spell:p2/") for n in names)
    row = widget(scene, "card:p1:rhox-veterans").row  # type: ignore[attr-defined]
    assert row.hidden == 1 and "face down" not in row.extra
    # every seat of a hotseat game is a person at this screen: none is "(you)"
    assert [scene.session.seat_label(s) for s in (1, 2)] == ["Player 1 (human)",
                                                             "Player 2 (human)"]
    # the shared log never names a drawn card at a hotseat game
    static = scene.game.state.static
    drawn = [static.spell_name(c) for c in scene.game.state.players[2].hand]
    assert not any(name in line for line in scene.session.log if "drew" in line
                   for name in drawn)
    save_artifact(screen, "hotseat_player2_view.png")


def test_undo_takes_back_a_move_and_end_turn_asks_when_work_is_left(
        app: App, screen: pygame.Surface) -> None:
    from arena.client.scenes.battle import EndTurnDialog

    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 3)
    undo = widget(scene, "undo")
    assert not undo.enabled  # type: ignore[attr-defined]
    click(scene, widget(scene, "card:p1:rhox-veterans").rect.center)  # type: ignore
    frames(app, screen)
    rhox = "p1.rhox-veterans.1"
    scene.select(rhox)
    before = scene.game.state.figures[rhox].hexes
    move = next(iter(scene.move_table().values()))
    scene.act(move)
    frames(app, screen, 10)
    assert scene.game.state.figures[rhox].hexes != before
    undo = widget(scene, "undo")
    if scene.game.can_undo:
        assert undo.enabled  # type: ignore[attr-defined]
        save_artifact(screen, "battle_undo_enabled.png")
        key(scene, pygame.K_u)
        frames(app, screen, 2)
        assert scene.game.state.figures[rhox].hexes == before
        assert any("Took back" in t for t in app.toasts)
        # one step back: the card choice before the move can be taken back next
        assert widget(scene, "undo").label.startswith("Undo: Choose")  # type: ignore

    # the Rhox could still move and spells are playable: T asks first, Esc keeps playing
    assert scene.undone_work()
    key(scene, pygame.K_t)
    assert isinstance(app.top, EndTurnDialog)
    frames(app, screen, 2)
    save_artifact(screen, "battle_end_turn_confirm.png")
    key(app.top, pygame.K_ESCAPE)
    assert app.top is scene and scene.session.human_to_act
    key(scene, pygame.K_t)
    key(app.top, pygame.K_RETURN)
    assert app.top is scene and not scene.session.human_to_act


def test_the_status_file_describes_the_battle(app: App, screen: pygame.Surface,
                                              tmp_path: object) -> None:
    import json
    from pathlib import Path

    from arena.client.status import write_status

    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    path = Path(str(tmp_path)) / "status.json"
    write_status(app, path)
    data = json.loads(path.read_text())
    assert data["top"] == "BattleScene"
    battle = data["battle"]
    assert battle["human_to_act"] and battle["phase"] == "choose"
    assert "p1.rhox-veterans.1" in battle["figures"]
    assert len(battle["hand"]) == len(HAND)
    assert any(w["name"] == "end-turn" for w in data["widgets"])


def test_hotseat_log_hides_drawn_cards() -> None:
    from arena.client.content import GameSetup, SeatSetup
    from arena.client.session import BattleSession

    seats = (SeatSetup("human", army="gideon-premade"), SeatSetup("human", army="jace-premade"))
    game = content.new_game(GameSetup(seats=seats, seed=4))
    session = BattleSession(game, seats)
    for _ in range(400):
        if any("drew" in line for line in session.log) or session.over:
            break
        session.apply(session.game.legal_actions()[-1])
    drew = [line for line in session.log if "drew" in line]
    assert drew
    names = {s.name for s in content.catalog().spells.values()}
    assert not any(name in line for line in drew for name in names), drew


def test_activated_abilities_are_use_buttons_on_the_army_card(app: App,
                                                              screen: pygame.Surface) -> None:
    from arena.client.content import SeatSetup

    cat = content.catalog()
    scenario = cat.scenarios["the-duel"]
    field = field_from_battlefield(cat.battlefields[scenario.battlefield])
    seats = (SeatSetup("human", army="jace-premade"), SeatSetup("ai", army="gideon-premade"))
    armies = [army_cards(cat.armies[s.army], cat) for s in seats]
    library = [s for s in cat.spells.values() if s.colour == "blue"][:5]
    placed = {"p1.jace-beleren-mindmage": Hex(1, 3), "p2.gideon-jura-combat-mage": Hex(1, -3)}
    game = Game.from_position(field, [PlayerSetup(armies[0], library=library),
                                      PlayerSetup(armies[1])], placed, turn=3, active=1,
                              phase="choose", scenario=scenario, seed=11)
    scene = BattleScene(app, game, seats, controllers={2: RandomController(seed=3, delay=5.0)},
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    click(scene, widget(scene, "card:p1:jace-beleren-mindmage").rect.center)  # type: ignore
    frames(app, screen, 2)
    use = widget(scene, "use:p1:jace-beleren-mindmage/focused-thoughts")
    assert use.label.startswith("Use ")  # type: ignore[attr-defined]
    assert use.rect.top > widget(scene, "card:p1:jace-beleren-mindmage").rect.top  # type: ignore
    save_artifact(screen, "ability_use_button.png")
    version = scene.session.version
    click(scene, use.rect.center)  # type: ignore[attr-defined]
    frames(app, screen, 2)
    assert scene.session.version > version or app.top is not scene
    assert "use p1:jace-beleren-mindmage focused-thoughts" in scene.game.actions


def rhox_turn(app: App, screen: pygame.Surface) -> BattleScene:
    """The spell position on screen, with Player 1 (human) having chosen Rhox Veterans."""
    from arena.engine import ChooseCard

    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 3)
    scene.act(next(a for a in scene.session.options.legal
                   if isinstance(a, ChooseCard) and a.card == "p1:rhox-veterans"))
    return scene


def _quiet_move(scene: BattleScene, figure: str) -> object:
    """A move of ``figure`` that rolls no dice (no leaving-engagement attack, no fall)."""
    scene.select(figure)
    reach = scene.reach()
    return next(a for pos, a in scene.move_table().items()
                if not reach[pos].provokes and not getattr(reach[pos], "falls", ()))


def test_undo_steps_back_one_action_and_redo_plays_it_again(app: App,
                                                             screen: pygame.Surface) -> None:
    scene = rhox_turn(app, screen)
    session = scene.session
    first, second = "p1.rhox-veterans.1", "p1.rhox-veterans.2"
    start = {f: scene.game.state.figures[f].hexes for f in (first, second)}
    scene.act(_quiet_move(scene, first))
    moved_first = scene.game.state.figures[first].hexes
    move = _quiet_move(scene, second)
    scene.act(move)
    frames(app, screen, 10)
    moved_second = scene.game.state.figures[second].hexes
    log_after = list(session.log)
    undo = widget(scene, "undo")
    assert undo.label == "Undo: Move Rhox Veterans 2"  # type: ignore[attr-defined]
    assert undo.note.startswith(f"Take back: {session.describe(move)}.")  # type: ignore
    assert "Rhox Veterans 2" in undo.label  # type: ignore[attr-defined]

    key(scene, pygame.K_u)  # one action back, not the turn
    frames(app, screen, 2)
    figures = scene.game.state.figures
    assert figures[second].hexes == start[second] and figures[first].hexes == moved_first
    assert scene.game.state.turn_state.chosen == "p1:rhox-veterans"
    assert len(session.log) < len(log_after)

    key(scene, pygame.K_u, mod=pygame.KMOD_SHIFT)  # Shift+U redoes
    frames(app, screen, 2)
    assert scene.game.state.figures[second].hexes == moved_second
    assert session.log == log_after

    key(scene, pygame.K_u)
    key(scene, pygame.K_u)
    assert scene.game.state.figures[first].hexes == start[first]
    key(scene, pygame.K_y, mod=pygame.KMOD_CTRL)  # Ctrl+Y redoes too, the first move first
    assert scene.game.state.figures[first].hexes == moved_first
    assert session.can_redo
    scene.act(_quiet_move(scene, second))  # a new action: nothing is left to redo
    assert not session.can_redo
    key(scene, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert any("nothing to redo" in t for t in app.toasts)
    save_artifact(screen, "battle_step_undo.png")
