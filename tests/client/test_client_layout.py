"""The battle screen fits the window: at 1280x720 every panel is inside it beside the
battlefield and every army card's and spell card's name is drawn whole (smaller type before a
cut); at 1024x600, the smallest window, the army cards fold into a tab and the turn, combat and
log panels into a dock of tabs at the right edge, so the battlefield keeps most of the window;
each opens over it when it asks something of the player or its tab is clicked. Figures on
neighbouring hexes never cover each other at the camera's default zooms.
Screenshots go to tests/artifacts/client/."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from client_kit import click, frames, key, save_artifact

from arena.client import content, text
from arena.client.bench import duel_all_summoned
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene
from arena.client.scenes.hud import CardWidget, Dock, SpellCardWidget, battle_layout
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.ui import Widget
from arena.engine import Game
from arena.hexgrid import distance
from arena.hexgrid.coords import neighbours


@pytest.fixture
def sized() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    try:
        yield
    finally:
        text.reset()
        pygame.quit()


SQUAD = "p2:illusionary-projections"
"""A squad player 2 may choose in `open_duel`'s position (on the Duel as shipped, its zones
on the centre line, the set-up's random play leaves the Leyline Phantoms detained)."""


def open_duel(size: tuple[int, int], game: Game | None = None
              ) -> tuple[App, pygame.Surface, BattleScene]:
    """The Duel with every figure summoned (or ``game``, a changed copy of it), player 2 (a
    human at the screen) to choose."""
    screen = pygame.display.set_mode(size)
    content.catalog()
    app = standard_app(size, Settings(animations="off", ai_pace="instant"))
    duel, setup = duel_all_summoned()
    game = game or duel
    scene = BattleScene(app, game, setup.seats, setup=setup, autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    if app.top is not scene:  # the hotseat hand-off screen
        key(app, pygame.K_RETURN)
        frames(app, screen, 2)
    scene.camera.finish()
    frames(app, screen, 2)
    return app, screen, scene


def panels(scene: BattleScene) -> dict[str, pygame.Rect]:
    lay = scene.layout
    found = {"top": lay.top, "turn": lay.turn, "info": lay.info, "log": lay.log,
             "hand": lay.hand, "view": lay.view}
    if lay.left.width:
        found["left"] = lay.left
    if lay.rail.width:
        found["rail"] = lay.rail
    if lay.dock.width:
        found["dock"] = lay.dock
    return found


def test_at_1280x720_panels_fit_and_names_are_whole(sized: None) -> None:
    app, screen, scene = open_duel((1280, 720))
    window = screen.get_rect()
    rects = panels(scene)
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} leaves the window"
    for a, ra in rects.items():
        for b, rb in rects.items():
            if a < b:
                assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    assert not scene.layout.compact, "1280x720 keeps the army cards beside the battlefield"
    cards = [w for w in scene.form.widgets if isinstance(w, CardWidget) and w.visible]
    assert len(cards) == 6
    least = round(14 * scene.font_scale)
    for card in cards:
        px, room = card.name_fit()
        assert text.size(card.row.name, px, True)[0] <= room, f"{card.row.name} is cut"
        assert px >= least, f"{card.row.name} is drawn too small to read ({px} px)"
    spells = [w for w in scene.form.widgets if isinstance(w, SpellCardWidget)]
    assert spells and all(s.rect.width >= 100 for s in spells), "spell cards stay readable"
    save_artifact(screen, "layout-1280x720.png")


def test_at_1024x600_the_army_cards_fold_into_a_tab(sized: None) -> None:
    app, screen, scene = open_duel((1024, 600))
    lay = scene.layout
    window = screen.get_rect()
    assert lay.compact and lay.rail.width > 0 and lay.dock.width > 0
    # the battlefield keeps most of the window (the full layout left it a third, the side
    # panels at full height a half)
    assert lay.view.width * lay.view.height >= 0.6 * 1024 * 600
    assert lay.dock.width <= 48 and lay.view.right >= 1024 - 60
    assert battle_layout((1024, 600)).view == lay.view, "opening the tab moves nothing"
    for name, rect in panels(scene).items():
        assert window.contains(rect), f"{name} {rect} leaves the window"
    for name in ("rail", "dock", "turn", "info", "log", "hand"):
        assert not panels(scene)[name].colliderect(lay.view), f"{name} covers the battlefield"
    # a card is to be chosen: the tab is open over the battlefield, its cards clickable
    assert lay.left.width > 0 and scene.army_shown()
    cards = {w.row.uid: w for w in scene.form.widgets if isinstance(w, CardWidget) and w.visible}
    assert SQUAD in cards
    save_artifact(screen, "layout-1024x600-army-open.png")
    click(scene, cards[SQUAD].rect.center)
    frames(app, screen, 2)
    assert scene.game.state.turn_state.chosen == SQUAD
    assert scene.layout.left.width == 0, "chosen: the tab folds again"
    assert not [w for w in scene.form.widgets if isinstance(w, CardWidget)]
    save_artifact(screen, "layout-1024x600.png")
    # the tab opens and closes the cards by hand
    tab = next(w for w in scene.form.widgets if w.name == "army-tab")
    click(scene, tab.rect.center)
    frames(app, screen, 1)
    assert scene.layout.left.width > 0
    assert any(isinstance(w, CardWidget) and w.visible for w in scene.form.widgets)
    click(scene, tab.rect.center)
    frames(app, screen, 1)
    assert scene.layout.left.width == 0


def test_at_1024x600_the_right_hand_panels_are_tabs_of_a_dock(sized: None) -> None:
    app, screen, scene = open_duel((1024, 600))
    click(scene, next(w for w in scene.form.widgets
                      if w.name == f"card:{SQUAD}").rect.center)
    frames(app, screen, 2)
    lay = scene.layout
    assert lay.side is None, "nothing asked: every right-hand panel folded"
    assert lay.turn.width == lay.info.width == lay.log.width == 0

    def named(name: str) -> Widget:
        return next(w for w in scene.form.widgets if w.name == name and w.visible)

    # the turn's buttons stay on the dock while its panel is folded, with their keys
    for name in ("end-turn", "undo", "end-step"):
        assert scene.layout.dock.contains(named(name).rect), f"{name} is not on the dock"
    assert named("undo").enabled, "the army card just chosen can be taken back"
    key(scene, pygame.K_u)
    frames(app, screen, 1)
    assert scene.game.state.turn_state.chosen is None, "U on the dock's Undo took it back"
    click(scene, next(w for w in scene.form.widgets
                      if w.name == f"card:{SQUAD}").rect.center)
    frames(app, screen, 2)

    # each tab opens its panel over the battlefield beside the dock, and closes it again
    for side, rect_name in ((Dock.COMBAT, "info"), (Dock.LOG, "log"), (Dock.TURN, "turn")):
        click(scene, named(f"dock:{side.value}").rect.center)
        frames(app, screen, 1)
        lay = scene.layout
        opened = getattr(lay, rect_name)
        assert lay.side is side and opened.width >= 200 and opened.height >= 300
        assert opened.right <= lay.dock.x and not opened.colliderect(lay.hand)
        assert sum(r.width for r in (lay.turn, lay.info, lay.log)) == opened.width
        assert named(f"dock:{side.value}").lit
        if side is Dock.TURN:  # open: its buttons are in the panel, not on the dock
            assert opened.contains(named("end-turn").rect)
            save_artifact(screen, "layout-1024x600-turn-open.png")
        click(scene, named(f"dock:{side.value}").rect.center)
        frames(app, screen, 1)
        assert scene.layout.side is None

    # a target to pick: the turn panel opens by itself (its Cancel button), and folds after
    spell = next(w for w in scene.form.widgets if isinstance(w, SpellCardWidget)
                 and w.enabled and w.card.name == "Binding Mists")
    click(scene, spell.rect.center)
    frames(app, screen, 1)
    assert scene.intent.pick is not None and scene.layout.side is Dock.TURN
    assert scene.layout.turn.contains(named("pick:cancel").rect)
    key(scene, pygame.K_ESCAPE)
    frames(app, screen, 1)
    assert scene.intent.pick is None and scene.layout.side is None


CLEARANCE = 2
"""Pixels that must stay clear between neighbouring figures: sprites that touch read as one
blot (Gideon beside Jace, the Rhox and Kor block at 1280x720)."""


def touching(a: object, b: object) -> int:
    """How many pixels two drawn figures share, either moved by up to `CLEARANCE`."""
    worst = 0
    for dx in (-CLEARANCE, 0, CLEARANCE):
        for dy in (-CLEARANCE, 0, CLEARANCE):
            offset = (b.rect.x - a.rect.x + dx, b.rect.y - a.rect.y + dy)  # type: ignore
            worst = max(worst, a.sprite.mask.overlap_area(b.sprite.mask, offset))  # type: ignore
    return worst


def neighbour_pairs(scene: BattleScene) -> list[tuple[str, str]]:
    state = scene.game.state
    return [(a, b) for a in state.on_battlefield() for b in state.on_battlefield() if a < b
            and min(distance(x, y) for x in state.figures[a].hexes
                    for y in state.figures[b].hexes) == 1]


def assert_apart_at_every_turn(app: App, screen: pygame.Surface, scene: BattleScene,
                               size: tuple[int, int]) -> None:
    pairs = neighbour_pairs(scene)
    for turn in range(6):
        drawn = {item.figure: item for item in scene.renderer.drawn_figures}
        for a, b in pairs:
            fa, fb = drawn[a], drawn[b]
            assert fa.sprite is not None and fb.sprite is not None
            shared = touching(fa, fb)
            assert shared == 0, f"{a} and {b} touch by {shared} px at turn {turn}, {size}"
        scene.camera.rotate(1)
        scene.camera.finish()
        scene.fit()
        frames(app, screen, 2)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 600)])
def test_figures_on_neighbouring_hexes_never_overlap_at_the_default_zooms(
        sized: None, size: tuple[int, int]) -> None:
    """At each of the six camera turns, zoomed to fit (the zoom the camera starts at and the
    fit button returns to), no two figures on neighbouring hexes share a drawn pixel, nor
    come within `CLEARANCE` of it (their sprites' masks, placed where they were drawn: a
    figure in front covered up to 148 px of its neighbour behind at 1280x720)."""
    app, screen, scene = open_duel(size)
    assert len(neighbour_pairs(scene)) >= 6, "the Duel's armies stand side by side"
    assert_apart_at_every_turn(app, screen, scene, size)
    save_artifact(screen, f"figures-{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("side", range(6))
def test_two_planeswalkers_side_by_side_stay_apart(sized: None, side: int) -> None:
    """Gideon moved beside Jace, on each side of him where there is room (a raised hand and
    a staff reach furthest), at 1280x720."""
    content.catalog()
    game, _setup = duel_all_summoned()
    state = game.state
    jace = state.figures["p2.jace-beleren-mindmage"].hexes[0]
    spot = neighbours(jace)[side]
    if spot not in state.board.columns or spot in state.occupant_map() \
            or spot in state.board.obstacle_at:
        pytest.skip("no room on this side")
    gideon = "p1.gideon-jura-combat-mage"
    state.figures[gideon] = replace(state.figures[gideon], hexes=(spot,))
    app, screen, scene = open_duel((1280, 720), game)
    assert_apart_at_every_turn(app, screen, scene, (1280, 720))
