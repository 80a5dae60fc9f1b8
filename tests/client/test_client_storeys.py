"""Spaces above spaces on screen: a bridge drawn as a deck with air under it, figures standing
on the ground under it and on its deck, the pointer reaching the ground through the gap, and the
deck cut away (faded) while the pointer is on what stands under it."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_kit import save_artifact

from arena.client import render
from arena.client.figures import FigureLook
from arena.client.projection import Projection
from arena.client.render import BattlefieldRenderer, FigurePlacement, Marker, Picture
from arena.client.tiers import roof_over, run_bottoms, tier_of, under_roof
from arena.engine import Board, FieldSetup
from arena.hexgrid import Hex, Storey, spiral

RED = (222, 66, 58)
BLUE = (60, 90, 230)

DECK = 7
"""The deck's level: the water (level 1) has 5 levels of air under the deck (levels 2-6)."""
RIVER = (Hex(-3, 0), Hex(-2, 0), Hex(-1, 0), Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
BRIDGE = (Hex(0, -2), Hex(0, -1), Hex(0, 0), Hex(0, 1), Hex(0, 2))
UNDER = Storey(0, 0, 1)
ON = Storey(0, 0, DECK)


def bridge_levels(h: Hex) -> list[str | None]:
    """A river running east-west under a north-south bridge on piers."""
    ground = ["water"] if h in RIVER else ["land"]
    if h in BRIDGE:
        return [*ground, *([None] * (DECK - 2)), "land"]
    return ground


def bridge_field() -> FieldSetup:
    return FieldSetup(Board.build({h: bridge_levels(h) for h in spiral(Hex(0, 0), 3)}))


def look(fid: str, colour: tuple[int, int, int] = RED, height: int = 4) -> FigureLook:
    return FigureLook(fid, "rhox-veterans", "squad", "white", height, colour, life=1)


def view(renderer: BattlefieldRenderer, size: tuple[int, int] = (1280, 720)) -> Projection:
    cam = renderer.camera((0.0, 0.0, float(size[0]), float(size[1])))
    return cam.projection()


def test_the_board_has_a_deck_over_the_water() -> None:
    board = bridge_field().board
    assert board.storeys[Hex(0, 0)] == (UNDER, ON)
    assert board.room(UNDER) == DECK - 2
    assert tier_of(board, UNDER) == 0 and tier_of(board, ON) == 1
    assert tier_of(board, Hex(1, 0)) == 0
    assert run_bottoms(board)[ON] == DECK - 1.0


def test_a_bridge_is_a_deck_with_air_under_it(screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(bridge_field())
    p = view(r)
    r.draw(screen, p, Picture(r.field.board))
    sky = r.background(screen.get_size())
    # halfway up the gap, just inside the near edge of the bridge's middle hex: air, so the
    # sky (or what lies behind) shows, never the side of a solid column
    x, y = p.to_screen(Hex(0, 0), DECK / 2)
    x2, y2 = p.to_screen(Hex(0, 1), DECK / 2)
    gap = (round((x + x2) / 2), round((y + y2) / 2))
    gap_colour = tuple(screen.get_at(gap))[:3]
    assert gap_colour == tuple(sky.get_at(gap))[:3] or gap_colour != tuple(
        screen.get_at((round(x), round(p.to_screen(Hex(0, 0), DECK - 0.5)[1]))))[:3]
    # the water under the deck has its own face, drawn where the ground is (level 1)
    heights = r.pick_heights(Picture(r.field.board))
    assert heights[UNDER] < 1.0 and heights[ON] == DECK
    save_artifact(screen, "bridge-over-water.png")


def test_figures_stand_on_the_ground_under_the_bridge_and_on_its_deck(
        screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(bridge_field())
    p = view(r)
    board = r.field.board
    pic = Picture(board, figures={"under": FigurePlacement(look("under"), (UNDER,)),
                                  "on": FigurePlacement(look("on", BLUE), (ON,))})
    r.draw(screen, p, pic)
    under, on = r.figure_rect("under"), r.figure_rect("on")
    assert under is not None and on is not None
    # each base on its own surface: the deck's figure stands DECK - 1 levels higher
    assert on.bottom - under.bottom == round((DECK - r.stand_level(board, UNDER)) * p.level_px) \
        or abs((under.bottom - on.bottom) - (DECK - r.stand_level(board, UNDER)) * p.level_px) < 3
    save_artifact(screen, "bridge-figures-under-and-on.png")
    # the figure under the bridge is drawn (its lower half shows under the deck) and picked
    x, y = p.to_screen(Hex(0, 0), r.stand_level(board, UNDER) + 2.0)
    assert r.figure_under((round(x), round(y))) == "under"


def test_a_figure_under_a_roof_is_seen_through_it(screen: pygame.Surface,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck hides the top of a figure under it: that part is drawn over the deck, faint
    and outlined in its seat's colour, so a figure under a bridge (or in a hall under a roof)
    is found without cutting the roof away."""
    board = bridge_field().board
    under = Picture(board, figures={"under": FigurePlacement(look("under"), (UNDER,))})

    def drawn(picture: Picture) -> pygame.Surface:
        r = BattlefieldRenderer(bridge_field())
        r.draw(screen, view(r), picture)
        return screen.copy()

    empty, seen = drawn(Picture(board)), drawn(under)
    monkeypatch.setattr(render, "under_roof", lambda *a: False)
    hidden = drawn(under)
    w, h = screen.get_size()
    through = [(x, y) for x in range(0, w, 2) for y in range(0, h, 2)
               if hidden.get_at((x, y)) == empty.get_at((x, y)) != seen.get_at((x, y))]
    assert len(through) > 20, "the figure's part behind the deck shows through it"
    assert any(seen.get_at(xy).r > seen.get_at(xy).b + 30 for xy in through), \
        "outlined in its seat's colour"
    assert under_roof(board, (UNDER,)) and not under_roof(board, (ON,))


def test_the_pointer_reaches_the_ground_under_a_bridge_through_the_gap() -> None:
    r = BattlefieldRenderer(bridge_field())
    p = view(r)
    board = r.field.board
    heights = r.pick_heights(Picture(board))
    bottoms = r.pick_bottoms(board)
    water_face = p.to_screen(Hex(0, 0), heights[UNDER])
    assert p.hex_under(water_face, heights, bottoms) == UNDER
    deck_face = p.to_screen(Hex(0, 0), float(DECK))
    assert p.hex_under(deck_face, heights, bottoms) == ON
    # a hex without a bridge is picked as it always was
    plain = p.to_screen(Hex(2, 0), heights[Hex(2, 0)])
    assert p.hex_under(plain, heights, bottoms) == Hex(2, 0)


def test_the_roof_over_the_pointer_is_cut_away(screen: pygame.Surface) -> None:
    board = bridge_field().board
    roof = roof_over(board, UNDER)
    assert (Hex(0, 0), 1) in roof and (Hex(0, 2), 1) in roof
    assert roof_over(board, ON) == frozenset() and roof_over(board, Hex(2, 1)) == frozenset()
    r = BattlefieldRenderer(bridge_field())
    p = view(r)
    pic = Picture(board, figures={"under": FigurePlacement(look("under"), (UNDER,)),
                                  "on": FigurePlacement(look("on", BLUE), (ON,))})
    x, y = p.to_screen(Hex(0, 0), DECK + 0.5)
    spot = (round(x), round(y))
    r.draw(screen, p, pic, dynamic=[Marker(UNDER, "hover")])
    closed = tuple(screen.get_at(spot))[:3]
    assert r.figure_under(spot) == "on"
    r.roof = roof
    r.draw(screen, p, pic, dynamic=[Marker(UNDER, "hover")])
    opened = tuple(screen.get_at(spot))[:3]
    assert opened != closed, "the deck and the figure on it are seen through"
    # the figure on the faded deck is not picked: the one under it is what the pointer means
    assert r.figure_under(spot) != "on"
    save_artifact(screen, "bridge-roof-cut-away.png")
    # the cut-away frame matches a full repaint, and drops when the pointer leaves
    r.roof = frozenset()
    r.draw(screen, p, pic)
    assert tuple(screen.get_at(spot))[:3] == closed


def test_slicing_below_the_deck_hides_it(screen: pygame.Surface) -> None:
    r = BattlefieldRenderer(bridge_field())
    board = r.field.board
    heights = r.pick_heights(Picture(board), slice_level=3)
    assert ON not in heights and UNDER in heights
    p = replace(view(r), angle=0.0)
    r.draw(screen, p, Picture(board), slice_level=3)
    r.draw(screen, replace(p, angle=0.5), Picture(board))  # painted straight, mid-turn


def _static_on_bridge() -> object:
    """The Duel's static data on the bridge battlefield (place words read only the field)."""
    from arena.client.bench import duel_all_summoned

    game, _ = duel_all_summoned()
    static = game.state.static
    return replace(static, field=replace(static.field, board=bridge_field().board,
                                         zones=(), glyphs=()))


def test_the_words_for_a_space_name_its_storey() -> None:
    from arena.client.wording import place_words, player_positions, storey_words

    board = bridge_field().board
    assert storey_words(board, UNDER) == f"under a roof, {DECK - 2} levels of room"
    assert storey_words(board, ON) == f"over a {DECK - 2}-level gap"
    assert storey_words(board, Hex(2, 1)) == ""
    static = _static_on_bridge()
    assert place_words(static, UNDER).startswith(  # type: ignore[arg-type]
        f"a level-1 water space under a roof, {DECK - 2} levels of room")
    assert place_words(static, ON).startswith(  # type: ignore[arg-type]
        f"a level-{DECK} space over a")
    said = player_positions(static, "moved to 0,0@1.")  # type: ignore[arg-type]
    assert "@" not in said and "under a roof" in said
    assert "level-7" in player_positions(static, "from 0,0@7 to 0,0@1")  # type: ignore[arg-type]


def test_a_figure_under_the_bridge_is_hovered_named_and_chosen_in_battle(
        tmp_path: object) -> None:
    """The battle screen on the bridge battlefield: the pointer on the figure standing on the
    water under the deck hovers its storey (the hover names the level and the roof), the deck
    over it is cut away, and a click chooses its card with it selected."""
    from pathlib import Path

    from bridge_kit import bridge_game, write_battlefield
    from client_kit import click, frames, key

    from arena.client import text
    from arena.client.scenes.battle import BattleScene
    from arena.client.scenes.standard import standard_app
    from arena.client.settings import Settings

    game, setup, under = bridge_game(write_battlefield(Path(str(tmp_path))))
    pygame.display.init()
    pygame.font.init()
    try:
        screen = pygame.display.set_mode((1280, 720))
        app = standard_app((1280, 720), Settings(animations="off", ai_pace="instant"))
        scene = BattleScene(app, game, setup.seats, autosave=False)
        app.push(scene)
        frames(app, screen, 2)
        scene.camera.finish()
        frames(app, screen, 2)
        if app.top is not scene:  # two players at one screen: the hand-off first
            key(app.top, pygame.K_RETURN)
            frames(app, screen, 2)
        assert app.top is scene
        rect = scene.renderer.figure_rect(under)
        assert rect is not None
        board = game.state.board
        proj = scene.projection()
        x, y = proj.to_screen(UNDER, scene.renderer.stand_level(board, UNDER) + 1.5)
        pos = (round(x), round(y))
        scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                              buttons=(0, 0, 0)))
        frames(app, screen, 2)
        assert scene.hover_figure == under and scene.hover_hex == UNDER
        words = [line for line, _ in scene.hover_lines()]
        assert words[0].startswith("Level 1") and "water" in words[0]
        assert words[1] == f"Under a roof, {board.room(UNDER)} levels of room"
        assert (Hex(0, 0), 1) in scene.renderer.roof
        save_artifact(screen, "battle-hover-under-bridge.png")
        click(scene, pos)
        frames(app, screen, 2)
        assert scene.intent.selected == under
        assert game.state.turn_state.chosen == game.state.static.figures[under].card
    finally:
        text.reset()
        pygame.quit()
