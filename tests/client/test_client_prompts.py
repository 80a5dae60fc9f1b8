"""What the battle screen says and offers matches what can be done: each choice offered once,
no "pick one of the choices below" when there are none, and the end-turn question counting the
spell plays that are really left."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from client_kit import frames
from test_client_spells import SEATS, rhox_turn, spell_position

from arena.client import content
from arena.client.controllers import RandomController
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.content.to_engine import game_from_content
from arena.engine import ChooseCard, ChooseFirstPlayer, Game


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    content.catalog()
    yield standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant"))


def _duel_where_player_one_decides() -> Game:
    cat = content.catalog()
    sc = cat.scenarios["the-duel"]
    for seed in range(1, 40):
        game = game_from_content(sc, cat.battlefields[sc.battlefield],
                                 [cat.armies[s.army] for s in SEATS], None, None, seed,
                                 catalog=cat)
        pending = game.state.pending
        if pending and pending[-1].kind == "first_player" and pending[-1].player == 1:
            return game
    raise AssertionError("no seed lets player 1 choose who goes first")


def test_who_goes_first_offers_each_choice_once(app: App, screen: pygame.Surface) -> None:
    scene = BattleScene(app, _duel_where_player_one_decides(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 3)
    choices = scene.choice_actions()
    assert len(choices) == 2 and all(isinstance(a, ChooseFirstPlayer) for a in choices)
    buttons = [w.name for w in scene.form.widgets if w.name.startswith("opt:")]
    assert len(buttons) == 2 and len(set(buttons)) == 2
    assert "opt:more" not in buttons


def test_no_choices_means_no_pick_one_prompt_and_plays_left_are_counted(
        app: App, screen: pygame.Surface) -> None:
    scene = rhox_turn(app, screen)
    session = scene.session
    for _ in range(2):  # end the move, then the attack: step 5 with spells in hand
        step = session.options.end_move or session.options.end_attack
        assert step is not None
        scene.act(step)
    frames(app, screen, 2)
    assert scene.spell_actions() and not scene.choice_actions()
    assert "Pick one of the choices below" not in scene.hint()
    assert "spell" in scene.hint()
    assert len(scene.spell_actions()) > 1
    state = scene.game.state
    state.turn_state = replace(state.turn_state, spells_played=2)
    assert "1 more play this turn" in " ".join(scene.undone_work())


def test_log_lines_speak_in_names_not_ids() -> None:
    import re

    from arena.client.session import BattleSession
    from arena.engine.events import AbilityUsed, DecisionAnswered

    session = BattleSession(spell_position(), SEATS)
    lines = [
        session._line(DecisionAnswered(2, "Detain (Kor Hookmasters): choose a target",
                                       "p2:leyline-phantoms")),
        session._line(DecisionAnswered(1, "Use it?", "accept")),
        session._line(DecisionAnswered(1, "Use it?", "pass")),
        session._line(AbilityUsed(2, "p2:jace-beleren-mindmage", "focused-thoughts", ())),
    ]
    assert lines[0] == ("Player 2 answered \u201cDetain (Kor Hookmasters): choose a "
                        "target\u201d: Leyline Phantoms.")
    assert lines[1].endswith(": yes.") and lines[2].endswith(": no.")
    assert lines[3] == "Player 2 used Focused Thoughts of Jace Beleren, Mindmage."
    for line in lines:
        assert not re.search(r"\bp\d[:./]", line), line


def test_the_log_stays_where_the_player_scrolled_and_jumps_back(app: App,
                                                                screen: pygame.Surface) -> None:
    from client_kit import key, save_artifact

    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    session = scene.session
    session.log.extend(f"Earlier event number {i}." for i in range(60))
    frames(app, screen, 2)
    assert not [w for w in scene.form.widgets if w.name == "log:latest"]
    log = scene.layout.log
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=log.center, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5))
    frames(app, screen, 2)
    assert not scene.log_view.following
    window = scene.log_view.window(5)
    scene.act(next(a for a in session.options.legal
                   if isinstance(a, ChooseCard) and a.card == "p1:rhox-veterans"))
    frames(app, screen, 2)
    assert scene.log_view.window(5) == window  # the lines being read stay put
    latest = next(w for w in scene.form.widgets if w.name == "log:latest")
    assert "new" in latest.label  # type: ignore[attr-defined]
    save_artifact(screen, "battle_log_scrolled.png")
    key(scene, pygame.K_END)
    frames(app, screen, 2)
    assert scene.log_view.following
    assert not [w for w in scene.form.widgets if w.name == "log:latest"]


def test_the_hover_box_never_covers_what_it_describes_and_goes_when_the_mouse_leaves(
        app: App, screen: pygame.Surface) -> None:
    from arena.client.scenes.hud import hover_box_rect

    view = pygame.Rect(100, 50, 800, 500)
    for anchor in [(110, 60), (890, 540), (500, 300), (110, 540), (890, 60)]:
        box = hover_box_rect(view, (300, 90), anchor, 30)
        assert view.contains(box)
        assert not box.inflate(58, 58).collidepoint(anchor), (anchor, box)
        # The figure standing on the space rises above it: the box keeps clear of it too
        # (flipped up and left near the view's bottom right corner, it used to cover it).
        sprite = pygame.Rect(anchor[0] - 25, anchor[1] - 120, 50, 130)
        box = hover_box_rect(view, (300, 90), anchor, 30, sprite)
        assert view.contains(box) and not box.colliderect(sprite), (anchor, box)
        assert not box.inflate(58, 58).collidepoint(anchor), (anchor, box)

    scene = BattleScene(app, spell_position(), SEATS,
                        controllers={2: RandomController(seed=3, delay=5.0)}, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    proj = scene.projection()
    heights = scene.heights()
    lay = scene.layout
    near_corner = min((h for h in heights if lay.view.collidepoint(proj.to_screen(h, 0))),
                      key=lambda h: sum(proj.to_screen(h, heights[h])))
    point = tuple(round(v) for v in proj.to_screen(near_corner, heights[near_corner]))
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    frames(app, screen, 2)
    assert scene.hover_hex is not None and scene.hover_lines()
    box = scene.canvas.hud_rects[-1]
    assert not box.collidepoint(point)
    # Over a figure: the box stays clear of the whole figure, not only of the pointer.
    checked = 0
    for fid in scene.game.state.on_battlefield():
        drawn = scene.renderer.figure_rect(fid)
        if drawn is None or not lay.view.contains(drawn):
            continue
        point = drawn.center
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0),
                                              buttons=(0, 0, 0)))
        frames(app, screen, 2)
        if scene.hover_figure != fid:
            continue
        assert not scene.canvas.hud_rects[-1].colliderect(drawn), fid
        checked += 1
    assert checked >= 2
    scene.handle_event(pygame.event.Event(pygame.WINDOWLEAVE))
    frames(app, screen, 2)
    assert scene.hover_hex is None and scene.hover_lines() == []
