"""The New game screen with the player's own armies and decks (from the editor's builder):
valid ones are offered and played, invalid ones are named with their reason, the deck choice
follows the army, and a game played with a user army survives the file's deletion."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content
from arena.client.content import GameSetup, SeatSetup, SetupError
from arena.client.saves import load_save, saves_dir
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.common import Dialog
from arena.client.scenes.newgame import NewGameScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.storage import data_dir
from arena.content.mapio_cli import run_import
from arena.content.userfiles import armies_dir, decks_dir
from arena.engine import Game

WHITE = ["riposte", "close-ranks", "mending-light", "honor-of-the-pure", "banner-of-unity",
         "battle-hymn", "guardians-vigil", "shield-formation", "oath-of-peace", "stand-down",
         "divine-blessing", "call-to-arms"]
"""All twelve white spells: the only white deck the rules allow, in the player's order."""


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))



def write_army(name: str, cards: list[str], walker: str = "gideon-jura-combat-mage",
               title: str = "") -> Path:
    folder = armies_dir(data_dir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(f"format: army\nid: {name}\nname: {title or name.title()}\n"
                    f"planeswalker: {walker}\ncards: [{', '.join(cards)}]\n", encoding="utf-8")
    return path


def write_deck(name: str, spells: list[str], walker: str = "gideon-jura-combat-mage",
               title: str = "") -> Path:
    folder = decks_dir(data_dir())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(f"format: deck\nid: {name}\nname: {title or name.title()}\n"
                    f"planeswalker: {walker}\nspells: [{', '.join(spells)}]\n", encoding="utf-8")
    return path


def choose(scene: NewGameScene, widget: str, value: str) -> None:
    """Step a choice with the Right key (as a player would) until it shows `value`."""
    scene.form.focus_on(scene.widget(widget))
    for _ in range(len(scene.widget(widget).options)):  # type: ignore[attr-defined]
        if scene.widget(widget).value == value:  # type: ignore[attr-defined]
            return
        key(scene, pygame.K_RIGHT)
    raise AssertionError(f"{widget} never offered {value!r}")


def labels(scene: NewGameScene, widget: str) -> list[str]:
    return [label for _value, label in scene.widget(widget).options]  # type: ignore[attr-defined]


def test_defaults_still_start_in_one_click_with_the_premade_decks(app: App,
                                                                  screen: pygame.Surface
                                                                  ) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    seats = scene.setup.seats
    assert [(s.kind, s.army, s.deck) for s in seats] == [
        ("human", "gideon-premade", "white-premade"), ("ai", "jace-premade", "blue-premade")]
    assert seats[1].difficulty == "normal" and scene.setup.scenario == "the-duel"
    assert not scene.notice
    click(scene, scene.widget("start").rect.center)
    battle = app.top
    assert isinstance(battle, BattleScene)
    spells = battle.game.state.static.spells
    assert "p2/unsummon" in spells and "p1/battle-hymn" in spells


def test_a_valid_user_army_is_offered_and_starts_a_game_with_it(app: App,
                                                                screen: pygame.Surface) -> None:
    write_army("hook-squad", ["kor-hookmasters", "kor-hookmasters"], title="Hook squad")
    write_deck("my-white", WHITE, title="My white deck")
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    assert "Hook squad (yours)" in labels(scene, "army0")
    choose(scene, "army0", "hook-squad")
    assert scene.setup.seats[0].army == "hook-squad"
    # the deck follows: the premade deck of the army's Planeswalker first, then the user's
    assert scene.setup.seats[0].deck == "white-premade"
    assert labels(scene, "deck0") == ["White premade deck", "My white deck (yours)"]
    choose(scene, "deck0", "my-white")
    frames(app, screen, 2)
    save_artifact(screen, "new-game-user-army.png")
    key(scene, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScene), getattr(battle, "message", battle)
    static = battle.game.state.static
    p1_cards = sorted(static.card_def(c).name for c in static.cards if c.startswith("p1:"))
    assert p1_cards.count("Kor Hookmasters") == 2 and len(p1_cards) == 3
    # the spells are the user's deck, in a game deck of twelve
    assert sorted(s.split("/", 1)[1] for s in static.spells if s.startswith("p1/")) == \
        sorted(WHITE)
    assert battle.session.seats[0] == SeatSetup("human", "normal", "hook-squad", 0, "my-white")


def test_invalid_user_files_show_their_reason(app: App, screen: pygame.Surface) -> None:
    write_army("too-big", ["rhox-veterans", "rhox-veterans", "rhox-veterans"])
    write_army("typo", ["kor-hookmaster"])
    (armies_dir(data_dir()) / "broken.yaml").write_text("format: army\nid: [\n",
                                                        encoding="utf-8")
    write_deck("short", ["riposte", "close-ranks"])
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    save_artifact(screen, "new-game-skipped-files.png")
    notice = scene.notice
    assert notice[0].startswith("4 files skipped")
    text = "\n".join(notice)
    assert "armies/too-big.yaml — the army costs 620 points, more than the budget of 500; " \
           "remove 120 points of cards" in text
    assert "armies/typo.yaml — no army card has the id 'kor-hookmaster'; did you mean " \
           "'kor-hookmasters'?" in text
    assert "armies/broken.yaml — line" in text
    assert "decks/short.yaml — the deck has 2 cards; it must have exactly 12" in text
    # none of them is offered
    offered = " ".join(labels(scene, "army0") + labels(scene, "deck0"))
    assert "(yours)" not in offered
    assert scene.notice_rect.height > 0
    assert scene.notice_rect.bottom <= scene.widget("start").rect.top
    # a click on the notice opens every reason in full
    click(scene, scene.widget("skipped").rect.center)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title_text == "4 files skipped"
    assert "decks/short.yaml — the deck has 2 cards; it must have exactly 12; add 10" \
        in dialog.message
    assert dialog.message.startswith("Fix these in the editor's army and deck builder")
    frames(app, screen, 2)
    save_artifact(screen, "new-game-skipped-details.png")
    key(dialog, pygame.K_RETURN)
    assert app.top is scene


def test_the_deck_choice_follows_the_army(app: App, screen: pygame.Surface) -> None:
    write_deck("my-white", WHITE, title="My white deck")
    scene = NewGameScene(app)
    app.push(scene)
    choose(scene, "deck0", "my-white")
    assert scene.setup.seats[0].deck == "my-white"
    choose(scene, "army0", "chandra-premade")
    scene.form.focus_on(scene.widget("deck0"))
    # a white deck cannot go with Chandra: the seat takes her premade deck, and only red
    # decks are offered
    assert scene.setup.seats[0].deck == "red-premade"
    assert labels(scene, "deck0") == ["Red premade deck"]
    key(scene, pygame.K_RIGHT)  # one deck fits: nothing else to step to
    assert scene.setup.seats[0].deck == "red-premade"
    choose(scene, "army0", "gideon-premade")
    assert scene.setup.seats[0].deck == "white-premade"
    assert labels(scene, "deck0") == ["White premade deck", "My white deck (yours)"]
    # the mouse works the same: a click on the right arrow of the deck steps it
    deck = scene.widget("deck0")
    click(scene, (deck.rect.right - 6, deck.rect.centery))
    assert scene.setup.seats[0].deck == "my-white"


def test_a_user_army_deleted_before_start_is_explained(app: App, screen: pygame.Surface
                                                       ) -> None:
    path = write_army("hook-squad", ["kor-hookmasters"])
    scene = NewGameScene(app)
    app.push(scene)
    choose(scene, "army0", "hook-squad")
    path.unlink()
    key(scene, pygame.K_RETURN)
    assert isinstance(app.top, Dialog)
    assert "armies/hook-squad.yaml" in app.top.message and "deleted" in app.top.message


def test_a_user_army_broken_before_start_gives_the_reason() -> None:
    content.catalog()
    write_army("hook-squad", ["rhox-veterans", "rhox-veterans", "rhox-veterans"])
    setup = GameSetup(seats=(SeatSetup("human", army="hook-squad"),
                             SeatSetup("ai", army="jace-premade")))
    with pytest.raises(SetupError, match="more than the budget of 500"):
        content.new_game(setup)
    with pytest.raises(SetupError, match="cannot be played with Jace"):
        content.new_game(GameSetup(seats=(SeatSetup("human", army="jace-premade",
                                                    deck="white-premade"),
                                          SeatSetup("ai", army="gideon-premade"))))


def test_a_saved_game_with_a_user_army_loads_after_the_file_is_gone() -> None:
    content.catalog()
    army = write_army("hook-squad", ["kor-hookmasters", "kor-hookmasters"])
    deck = write_deck("my-white", WHITE)
    seats = (SeatSetup("human", army="hook-squad", deck="my-white"),
             SeatSetup("ai", army="jace-premade"))
    game: Game = content.new_game(GameSetup(seats=seats, seed=7))
    from arena.client.session import BattleSession

    session = BattleSession(game, seats)
    path = saves_dir() / "mine.json"
    session.save(path)
    army.unlink()
    deck.unlink()
    loaded = load_save(path)
    assert loaded.seats == seats
    assert loaded.game.to_data() == game.to_data()
    static = loaded.game.state.static
    assert sum(static.card_def(c).name == "Kor Hookmasters" for c in static.cards
               if c.startswith("p1:")) == 2


def test_difficulty_and_teams_are_chosen_by_keyboard_and_reach_the_game(
        app: App, screen: pygame.Surface) -> None:
    """Per seat: who plays (with the AI's difficulty) and the team, set with the arrow keys
    on the focused choice; the started game has those seats and teams."""
    scene = NewGameScene(app)
    app.push(scene)
    frames(app, screen, 2)
    scene.scenario_list.select([s.id for s in scene.scenarios].index("the-melee"))
    frames(app, screen, 2)
    scene.form.focus_on(scene.widget("who1"))
    while scene.setup.seats[1].kind != "ai" or scene.setup.seats[1].difficulty != "hard":
        key(scene, pygame.K_RIGHT)
    for seat in (0, 1):
        scene.form.focus_on(scene.widget(f"team{seat}"))
        key(scene, pygame.K_RIGHT)  # Alone -> Team A
    assert [s.team for s in scene.setup.seats] == [1, 1, 0]
    key(scene, pygame.K_RETURN)  # the focus is on a choice: Start
    battle = app.top
    assert isinstance(battle, BattleScene)
    assert battle.session.seats[1].kind == "ai" and battle.session.seats[1].difficulty == "hard"
    players = battle.game.state.static.players
    assert players[1].team == players[2].team != players[3].team


def test_an_imported_community_map_is_offered_and_played(
        screen: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    """``arena import-map`` puts a map in the player's battlefields; the next start of the
    game offers it under the scenarios it fits (the game's own verdict) and plays on it."""
    sample = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "maps" / \
        "arena-sample.json"
    assert run_import(str(sample), None, io.StringIO(), io.StringIO()) == 0
    monkeypatch.setattr(content, "_catalog", None)  # the game starting again reads it
    cat = content.catalog()
    imported = cat.battlefields["arena-sample"]
    duel = cat.scenarios["the-duel"]
    choices = content.battlefield_choices(duel)
    assert choices[0] == ("", cat.battlefields[duel.battlefield].name)
    assert ("arena-sample", imported.name) in choices
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))
    scene = NewGameScene(app, GameSetup(scenario="the-duel", seed=3))
    app.push(scene)
    frames(app, screen, 2)
    choose(scene, "battlefield", "arena-sample")
    assert scene.setup.battlefield == "arena-sample"
    frames(app, screen, 2)
    save_artifact(screen, "newgame-imported-battlefield.png")
    key(scene, pygame.K_RETURN)
    battle = app.top
    assert isinstance(battle, BattleScene), app.top
    static = battle.game.state.static
    assert static.scenario.name == duel.name
    assert static.field.id == "arena-sample"
    assert len(static.field.board.columns) == len(imported.columns)
    # The map's zones stand in for the Duel's (the verdict's zone ids).
    assert sorted(z.id for z in static.field.zones) == sorted(duel.zones.order)
