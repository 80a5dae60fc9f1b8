"""The battle screen's aids before and after committing: the line-of-sight ruler, the
warnings and confirmation of a risky move, the flip key of a double-space figure, and the
hit and destroy effects (with their sounds), driven through the screen's input.

Positions are built with the engine's test kit (small flat battlefields, scripted dice) so
each aid meets exactly the case it is for; screenshots go to tests/artifacts/client/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from client_kit import click, frames, key, save_artifact
from test_client_battle_flow import SEATS, duel_position

from arena.client import content, sound
from arena.client.advice import move_warning
from arena.client.content import SeatSetup
from arena.client.controllers import RandomController
from arena.client.overlays import ruler_colours
from arena.client.scenes.base import App
from arena.client.scenes.battle import BattleScene, MoveConfirmDialog
from arena.client.scenes.standard import standard_app
from arena.client.settings import Settings
from arena.client.wording import place_words
from arena.engine import Game, GlyphSpec, PlayerSetup
from arena.engine.rng import ScriptedRng
from arena.engine.testkit import hex_field, planeswalker, squad
from arena.hexgrid import Hex

HIT, SHIELD, BLANK = 1, 4, 6
GIDEON = planeswalker("gideon")
JACE = planeswalker("jace", life=7, range=7, attack=5, defense=3, height=4)
RHOX = squad("rhox")
SHOOTERS = squad("shooters", life=1, range=8, height=4)
CATS = squad("cats", base="double", figures=1, height=3, target_point=2.5)
KIT_SEATS = (SeatSetup("human"), SeatSetup("ai"))


def kit_game(placed: dict[str, Any], rolls: list[int] | tuple[int, ...] = (),
             cells: dict[Hex, int | str] | None = None, glyphs: list[GlyphSpec] | None = None,
             chosen: str = "p1:rhox", phase: str = "pre_move",
             p2: tuple[Any, ...] = (JACE, SHOOTERS)) -> Game:
    """A position on a flat round battlefield; player 1 to act with ``chosen``."""
    field = hex_field(radius=6, cells=cells or {}, glyphs=glyphs or ())
    return Game.from_position(field, [PlayerSetup([GIDEON, RHOX, CATS]), PlayerSetup(list(p2))],
                              placed, turn=3, phase=phase, chosen=chosen,
                              rng=ScriptedRng(list(rolls)))


@pytest.fixture
def app(screen: pygame.Surface) -> Iterator[App]:
    yield standard_app(screen.get_size(), Settings(animations="normal", ai_pace="instant"))



def open_battle(app: App, screen: pygame.Surface, game: Game,
                seats: tuple[SeatSetup, ...] = KIT_SEATS) -> BattleScene:
    scene = BattleScene(app, game, seats, controllers={2: RandomController(seed=1)},
                        autosave=False)
    app.push(scene)
    frames(app, screen, 2)
    scene.camera.finish()
    frames(app, screen, 2)
    return scene


def point_at(scene: BattleScene, h: Hex) -> tuple[int, int]:
    """The screen point of the top of ``h``."""
    x, y = scene.projection().to_screen(h, scene.heights()[h])
    return (round(x), round(y))


def hover(scene: BattleScene, pos: tuple[int, int]) -> None:
    scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))


def colour_near(surface: pygame.Surface, color: tuple[int, int, int], rect: pygame.Rect,
                tolerance: int = 12) -> int:
    """How many pixels of ``rect`` have ``color``."""
    found = 0
    rect = rect.clip(surface.get_rect())
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b, *_ = surface.get_at((x, y))
            if abs(r - color[0]) + abs(g - color[1]) + abs(b - color[2]) <= tolerance:
                found += 1
    return found


# --- the line-of-sight ruler ---------------------------------------------------------------


def test_ruler_names_the_figure_that_blocks_sight(screen: pygame.Surface) -> None:
    """The Duel: a Rhox Veterans stands between Gideon and Jace."""
    content.catalog()
    app = standard_app(screen.get_size(), Settings(animations="fast", ai_pace="instant"))
    scene = open_battle(app, screen, duel_position(), SEATS)
    scene.choose(scene.session.options.choose["p1:gideon-jura-combat-mage"])
    scene.select("p1.gideon-jura-combat-mage")
    frames(app, screen, 2)
    jace = scene.renderer.figure_rect("p2.jace-beleren-mindmage")
    assert jace is not None
    hover(scene, (jace.centerx, jace.y + jace.height * 2 // 3))
    assert scene.hover_figure == "p2.jace-beleren-mindmage"
    ruler = scene.ruler()
    assert ruler is not None and not ruler.clear
    assert ruler.label == "blocked by Rhox Veterans 3"
    assert ruler.blocked_at is not None
    texts = [line for line, _ in scene.hover_lines()]
    assert "Line of sight: Blocked by Rhox Veterans 3" in texts
    frames(app, screen, 2)
    # drawn: the blocked (red, dashed) part of the line shows on the battlefield
    _, bad = ruler_colours(False)
    assert colour_near(screen, bad, scene.layout.view, 40) > 30
    save_artifact(screen, "attack-ruler-blocked.png")
    # nothing hovered: no ruler, and the frame drawn by dirty rectangles leaves no trace of
    # it (the same pixels as a frame drawn whole)
    hover(scene, (scene.layout.view.x + 4, scene.layout.view.bottom - 4))
    assert scene.ruler() is None
    app.draw(screen)
    app.draw(screen)
    incremental = screen.copy()
    scene.canvas.last_clean = False
    app.draw(screen)
    assert pygame.image.tobytes(incremental, "RGB") == pygame.image.tobytes(screen, "RGB")


def test_ruler_names_terrain_and_shows_a_clear_line(app: App, screen: pygame.Surface) -> None:
    """A hill of 8 levels between the shooters and Gideon hides him; Jace stands in view."""
    game = kit_game({"p1.gideon": Hex(0, 3), "p2.jace": Hex(3, -3),
                     "p2.shooters.1": Hex(0, -3)}, cells={Hex(0, 0): 8},
                    chosen="p2:shooters", phase="pre_move")
    game.state.active = 2  # the shooters' player looks
    scene = open_battle(app, screen, game, (SeatSetup("ai"), SeatSetup("human")))
    scene.selected = "p2.shooters.1"
    scene.hover_figure = "p1.gideon"
    ruler = scene.ruler()
    assert ruler is not None and not ruler.clear and ruler.needed
    assert ruler.label.startswith("blocked by land at level ") and ruler.label.endswith(
        f" ({place_words(game.state.static, Hex(0, 0))})")  # a place, not "0,0"
    assert 1 <= int(ruler.label.split()[5]) <= 8
    # from Gideon's side, the other way round, he cannot see the shooters either; Jace can
    scene.selected, scene.hover_figure = "p1.gideon", "p2.jace"
    clear = scene.ruler()
    assert clear is not None and clear.clear and clear.blocked_at is None
    assert clear.label == "clear"


def test_ruler_in_the_colour_blind_palette_is_dashed_where_blocked(
        screen: pygame.Surface) -> None:
    content.catalog()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant",
                                          colour_blind=True))
    scene = open_battle(app, screen, duel_position(), SEATS)
    scene.choose(scene.session.options.choose["p1:gideon-jura-combat-mage"])
    scene.select("p1.gideon-jura-combat-mage")
    frames(app, screen, 2)
    jace = scene.renderer.figure_rect("p2.jace-beleren-mindmage")
    assert jace is not None
    hover(scene, (jace.centerx, jace.y + jace.height * 2 // 3))
    frames(app, screen, 2)
    ruler = scene.ruler()
    assert ruler is not None and ruler.blocked_at is not None
    good, bad = ruler_colours(True)
    # along the blocked part, the line has gaps (dashes): sample the segment's midpoints
    proj = scene.projection()
    a = proj.plane_to_screen(*ruler.blocked_at)
    b = proj.plane_to_screen(*ruler.end)
    hits = []
    for i in range(40):
        t = 0.15 + 0.7 * i / 39
        x, y = round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)
        r, g, bl, *_ = screen.get_at((x, y))
        hits.append(abs(r - bad[0]) + abs(g - bad[1]) + abs(bl - bad[2]) < 60)
    assert any(hits) and not all(hits), "the blocked part is dashed"
    save_artifact(screen, "attack-ruler-colour-blind.png")


# --- risky moves -------------------------------------------------------------------------------


def test_a_falling_move_asks_first_and_moves_only_on_confirm(app: App,
                                                            screen: pygame.Surface) -> None:
    """A Rhox on a 7-level cliff: stepping down 6 levels (its height is 5) is a fall."""
    cells = {Hex(0, 0): 7}
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(0, -5)},
                    rolls=[HIT], cells=cells)
    scene = open_battle(app, screen, game)
    scene.select("p1.rhox.1")
    frames(app, screen)
    goal = Hex(1, 0)
    reach = scene.reach()[goal]
    assert reach.falls, "the engine sees a fall"
    warning = scene.move_warning(goal)
    assert warning.confirm and any(line.startswith("May fall once (6 levels down)")
                                   for line in warning.lines)
    assert any(line.startswith("Up to 1 damage") for line in warning.lines)
    hover(scene, point_at(scene, goal))
    assert scene.hover_position() == goal
    texts = [line for line, _ in scene.hover_lines()]
    assert "Move here: 1 space" in texts and "May fall once (6 levels down)" in texts
    frames(app, screen, 2)
    save_artifact(screen, "move-warning-fall.png")
    # the hover box says it too
    assert colour_near(screen, (255, 150, 44), scene.layout.view, 30) > 20

    click(scene, point_at(scene, goal))
    dialog = app.top
    assert isinstance(dialog, MoveConfirmDialog)
    assert "may fall once" in dialog.message
    assert scene.game.state.figures["p1.rhox.1"].hexes == (Hex(0, 0),), "not moved yet"
    frames(app, screen)
    save_artifact(screen, "move-confirm-dialog.png")
    key(dialog, pygame.K_ESCAPE)
    assert app.top is scene
    assert scene.game.state.figures["p1.rhox.1"].hexes == (Hex(0, 0),)
    # again, and Enter moves (the fall is rolled: a hit)
    click(scene, point_at(scene, goal))
    assert isinstance(app.top, MoveConfirmDialog)
    key(app.top, pygame.K_RETURN)
    assert app.top is scene
    assert scene.game.state.figures["p1.rhox.1"].hexes == (goal,)
    assert scene.game.state.figures["p1.rhox.1"].damage == 1


def test_leaving_an_engagement_names_the_attackers_and_can_be_cancelled_by_mouse(
        app: App, screen: pygame.Surface) -> None:
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(1, 0),
                     "p2.shooters.1": Hex(-1, 0)}, rolls=[BLANK, BLANK])
    scene = open_battle(app, screen, game)
    scene.select("p1.rhox.1")
    goal = Hex(0, 3)
    warning = scene.move_warning(goal)
    assert warning.confirm
    assert warning.lines[0] == ("Provokes 2 leaving-engagement attacks from Jace, "
                                "Shooters 1") or warning.lines[0] == (
        "Provokes 2 leaving-engagement attacks from Shooters 1, Jace")
    assert warning.dice == 2
    click(scene, point_at(scene, goal))
    dialog = app.top
    assert isinstance(dialog, MoveConfirmDialog)
    cancel = next(w for w in dialog.form.widgets if w.name == "Cancel")
    click(dialog, cancel.rect.center)
    assert app.top is scene and scene.game.state.figures["p1.rhox.1"].hexes == (Hex(0, 0),)
    click(scene, point_at(scene, goal))
    move = next(w for w in app.top.form.widgets if w.name == "Move")  # type: ignore
    click(app.top, move.rect.center)
    assert scene.game.state.figures["p1.rhox.1"].hexes == (goal,)


def test_water_warns_and_a_glyph_alone_moves_at_once(app: App, screen: pygame.Surface) -> None:
    glyphs = [GlyphSpec(Hex(2, 0), "power", face_up=True)]
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(0, -5)},
                    cells={Hex(-2, 0): "w1"}, glyphs=glyphs)
    scene = open_battle(app, screen, game)
    scene.select("p1.rhox.1")
    water = scene.move_warning(Hex(-2, 0))
    assert water.confirm and any("water" in line for line in water.lines)
    glyph = scene.move_warning(Hex(2, 0))
    assert glyph.lines == ("Lands on Glyph of Power",) and not glyph.confirm
    plain = scene.move_warning(Hex(1, 1))
    assert not plain and not plain.confirm
    hover(scene, point_at(scene, Hex(2, 0)))
    frames(app, screen, 2)
    save_artifact(screen, "move-warning-glyph.png")
    click(scene, point_at(scene, Hex(2, 0)))
    assert app.top is scene, "a glyph alone does not ask"
    assert scene.game.state.figures["p1.rhox.1"].hexes == (Hex(2, 0),)


def _cliff_edge_by_keyboard(app: App, screen: pygame.Surface) -> tuple[BattleScene,
                                                                       MoveConfirmDialog]:
    """A Rhox on a 7-level column steered by the keyboard cursor to the ground beside it:
    Enter asks first (the fall); the scene and the dialog."""
    cells = {Hex(0, 0): 7}
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(0, -5)},
                    rolls=[BLANK], cells=cells)
    scene = open_battle(app, screen, game)
    scene.select("p1.rhox.1")
    scene.cursor = Hex(1, 0)
    key(scene, pygame.K_RETURN)
    dialog = app.top
    assert isinstance(dialog, MoveConfirmDialog)
    return scene, dialog


def test_keyboard_cursor_move_asks_too(app: App, screen: pygame.Surface) -> None:
    scene, dialog = _cliff_edge_by_keyboard(app, screen)
    key(dialog, pygame.K_KP_ENTER)
    assert scene.game.state.figures["p1.rhox.1"].hexes == (Hex(1, 0),)


def test_tab_to_cancel_and_enter_keeps_the_figure(app: App, screen: pygame.Surface) -> None:
    """Enter presses the dialog's focused button: Move at first, Cancel after a Tab."""
    scene, dialog = _cliff_edge_by_keyboard(app, screen)
    key(dialog, pygame.K_TAB)
    frames(app, screen)
    save_artifact(screen, "move-confirm-cancel-focused.png")
    key(dialog, pygame.K_RETURN)
    assert app.top is scene
    assert scene.game.state.figures["p1.rhox.1"].hexes == (Hex(0, 0),), "not moved"


def test_move_warning_is_empty_without_a_reach() -> None:
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(0, -5)})
    assert not move_warning(game, "p1.rhox.1", None)


# --- flipping a double-space figure --------------------------------------------------------------


def test_flip_key_swaps_the_lead_of_a_double_space_move(app: App,
                                                       screen: pygame.Surface) -> None:
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.cats": (Hex(0, 0), Hex(-1, 0)),
                     "p2.jace": Hex(0, -5)}, chosen="p1:cats")
    scene = open_battle(app, screen, game)
    scene.select("p1.cats")
    assert "R flips which hex takes the lead" in scene.hint()
    target = Hex(2, 1)
    hover(scene, point_at(scene, target))
    first = scene.hover_position()
    assert isinstance(first, tuple) and first[0] == target
    key(scene, pygame.K_r)
    flipped = scene.hover_position()
    assert flipped == (first[1], first[0]), "R puts the tail under the pointer"
    assert any(m.hex == first[1] and m.style == "path" and m.label
               for m in scene.dynamic_markers()), "the path ends at the new lead"
    frames(app, screen, 2)
    save_artifact(screen, "double-space-flip.png")
    click(scene, point_at(scene, target))
    assert scene.game.state.figures["p1.cats"].hexes == flipped


def test_the_move_hint_counts_spaces_not_orientations(app: App,
                                                     screen: pygame.Surface) -> None:
    """A double-space figure has two positions per space (either hex leading): the hint
    names how many spaces the lead can reach, not how many positions the engine lists."""
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.cats": (Hex(0, 0), Hex(-1, 0)),
                     "p2.jace": Hex(0, -5)}, chosen="p1:cats")
    scene = open_battle(app, screen, game)
    scene.select("p1.cats")
    table = scene.move_table()
    leads = {pos[0] for pos in table}
    assert len(table) > len(leads), "the engine lists several orientations per lead"
    assert f"{len(leads)} spaces to move to" in scene.hint()
    assert f"{len(table)} spaces" not in scene.hint()


def test_flip_follows_the_rebound_key_and_works_for_the_keyboard_cursor(
        screen: pygame.Surface) -> None:
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant").bind(
        "flip", pygame.K_g))
    game = kit_game({"p1.gideon": Hex(0, 5), "p1.cats": (Hex(0, 0), Hex(-1, 0)),
                     "p2.jace": Hex(0, -5)}, chosen="p1:cats")
    scene = open_battle(app, screen, game)
    scene.select("p1.cats")
    assert "G flips which hex takes the lead" in scene.hint()
    pair = (Hex(2, 1), Hex(1, 1))
    assert pair in scene.move_table()
    scene.cursor = pair
    key(scene, pygame.K_r)
    assert scene.cursor == pair, "R is no longer the flip key"
    key(scene, pygame.K_g)
    assert scene.cursor == (pair[1], pair[0])
    key(scene, pygame.K_RETURN)
    assert scene.game.state.figures["p1.cats"].hexes == (pair[1], pair[0])


def test_flip_places_a_summoned_double_space_figure_either_way(app: App,
                                                              screen: pygame.Surface) -> None:
    from arena.engine import BeginSummon

    game = kit_game({"p1.gideon": Hex(0, 5), "p2.jace": Hex(0, -5)}, chosen="p1:gideon")
    scene = open_battle(app, screen, game)
    summon = next(a for a in scene.session.options.legal
                  if isinstance(a, BeginSummon) and a.card == "p1:cats")
    scene.act(summon)
    place = scene.session.options.place
    assert place and all(isinstance(p, tuple) for p in place)
    assert "flips which hex takes the lead" in scene.hint()
    frames(app, screen)
    lead = sorted(p[0] for p in place if isinstance(p, tuple))[0]
    hover(scene, point_at(scene, lead))
    first = scene.hover_position()
    assert isinstance(first, tuple) and first[0] == lead
    key(scene, pygame.K_r)
    second = scene.hover_position()
    assert second == (first[1], first[0])
    click(scene, point_at(scene, lead))
    assert scene.game.state.figures["p1.cats"].hexes == second


# --- hit and destroy effects ---------------------------------------------------------------------


def attack_position(rolls: list[int]) -> Game:
    """Rhox 1 next to Shooters 1 (life 1) and Jace; the attack step."""
    return kit_game({"p1.gideon": Hex(0, 5), "p1.rhox.1": Hex(0, 0), "p2.jace": Hex(1, -1),
                     "p2.shooters.1": Hex(1, 0)}, rolls=rolls, phase="attack")


def test_damage_flashes_shakes_and_floats_a_number(app: App, screen: pygame.Surface) -> None:
    sound._played.clear()
    scene = open_battle(app, screen, attack_position([HIT, HIT, HIT, BLANK, BLANK, BLANK]))
    scene.select("p1.rhox.1")
    events = scene.act(scene.session.options.attacks["p1.rhox.1"]["p2.jace"])
    assert any(type(e).__name__ == "DamageDealt" for e in events)
    assert scene.game.state.figures["p2.jace"].damage == 3
    hits = scene.fx.hits
    assert [(h.figure, h.amount) for h in hits] == [("p2.jace", 3)]
    assert hits[0].start >= scene.time + scene._settle() - 1e-9, "after the dice settle"
    assert "hit" not in sound._played, "the hit sounds when it lands"
    # run to the hit: the figure is drawn moving (shaken) and flashing, "-3" floats over it
    while scene.time < hits[0].start + hits[0].length * 0.3:
        frames(app, screen)
    placement = scene.picture().figures["p2.jace"]
    assert placement.offset is not None and placement.flash > 0
    floaters = scene.fx.floaters(scene.time)
    assert [f.label for f in floaters] == ["-3"]
    assert sound._played.count("hit") == 1
    save_artifact(screen, "hit-effect.png")
    # the game never waits for it: the state was final at once; the effect ends by itself
    for _ in range(90):
        frames(app, screen)
    assert not scene.fx.busy(scene.time) and scene.picture().figures["p2.jace"].offset is None


def test_a_destroyed_figure_fades_and_sinks_before_it_is_gone(app: App,
                                                             screen: pygame.Surface) -> None:
    sound._played.clear()
    scene = open_battle(app, screen, attack_position([HIT, HIT, HIT, BLANK, BLANK]))
    scene.select("p1.rhox.1")
    scene.act(scene.session.options.attacks["p1.rhox.1"]["p2.shooters.1"])
    assert scene.game.state.figures["p2.shooters.1"].zone == "graveyard"
    assert [f.figure for f in scene.fx.fades] == ["p2.shooters.1"]
    fade = scene.fx.fades[0]
    # still drawn where it stood while the dice roll
    assert scene.picture().figures["p2.shooters.1"].hexes == (Hex(1, 0),)
    while scene.time < fade.start + fade.length * 0.6:
        frames(app, screen)
    placement = scene.picture().figures["p2.shooters.1"]
    assert 0 < placement.alpha < 1 and placement.sink > 0
    assert scene.renderer.figure_rect("p2.shooters.1") is None, "a fading figure is not picked"
    assert "destroyed" in sound._played
    save_artifact(screen, "destroy-effect.png")
    for _ in range(60):
        frames(app, screen)
    assert "p2.shooters.1" not in scene.picture().figures


def test_no_effects_with_animations_off_and_no_sounds_with_sound_off(
        screen: pygame.Surface) -> None:
    sound._played.clear()
    app = standard_app(screen.get_size(), Settings(animations="off", ai_pace="instant", sound=True))
    scene = open_battle(app, screen, attack_position([HIT, HIT, HIT, BLANK, BLANK]))
    scene.select("p1.rhox.1")
    scene.act(scene.session.options.attacks["p1.rhox.1"]["p2.shooters.1"])
    assert not scene.fx.hits and not scene.fx.fades and not scene.fx.busy(scene.time)
    assert "p2.shooters.1" not in scene.picture().figures
    assert {"dice", "hit", "destroyed"} <= set(sound._played), "sounds at once"

    sound._played.clear()
    quiet = standard_app(screen.get_size(), Settings(animations="normal", ai_pace="instant",
                                            sound=False))
    scene = open_battle(quiet, screen, attack_position([HIT, HIT, HIT, BLANK, BLANK]))
    scene.select("p1.rhox.1")
    scene.act(scene.session.options.attacks["p1.rhox.1"]["p2.shooters.1"])
    assert scene.fx.fades
    for _ in range(60):
        frames(quiet, screen)
    assert sound._played == []


def test_dirty_rectangles_are_split_so_no_pixel_is_drawn_twice() -> None:
    from arena.client.scenes.battle_canvas import disjoint

    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(2, 2, 3, 3),
             pygame.Rect(20, 0, 4, 4), pygame.Rect(0, 8, 30, 2)]
    pieces = disjoint(rects)
    covered: list[tuple[int, int]] = [(x, y) for p in pieces for x in range(p.left, p.right)
                                      for y in range(p.top, p.bottom)]
    union = {(x, y) for r in rects for x in range(r.left, r.right)
             for y in range(r.top, r.bottom)}
    assert len(covered) == len(set(covered)), "no pixel twice"
    assert set(covered) == union
